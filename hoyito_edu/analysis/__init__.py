"""Analysis: what perfect play gives, and the evidence for it.

- :mod:`hoyito_edu.analysis.solve`: sound proofs (:func:`~hoyito_edu.analysis.solve.prove`,
  :func:`~hoyito_edu.analysis.solve.proven_move`) and exact values by bisection
  (``python -m hoyito_edu solve``, ``data/solved.csv``).
- :mod:`hoyito_edu.analysis.readable`: the same proofs in plain Python over the engine, the
  second check of the compiled ones.

May import: the engine, the compiled kernel, the players and ``hoyito_edu.i18n``; nothing below
it imports analysis (the board's Show me and the command line import it lazily).
"""
