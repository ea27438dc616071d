"""Analysis: what perfect play gives, and the evidence for it (issues 28, 37, 38).

- :mod:`hoyito_edu.analysis.endgames`: perfect endgames, the exact value of every position
  with few seeds left, by retrograde analysis (the tables the ``expert`` and Show me read).
- :mod:`hoyito_edu.analysis.perfect_play`: who wins each rule set from the start with perfect
  play and by how much (the searches and bounds behind ``data/perfect_play.csv``).
- :mod:`hoyito_edu.analysis.deep_openings`: what deep search says about each opening
  (``data/deep_openings.csv``).
- :mod:`hoyito_edu.analysis.openings`: opening books, lines valued by search and the balanced
  ones chosen (``data/openings/``).
- :mod:`hoyito_edu.analysis.solve`: sound proofs (:func:`~hoyito_edu.analysis.solve.prove`,
  :func:`~hoyito_edu.analysis.solve.proven_move`) and exact values by bisection
  (``python -m hoyito_edu solve``, ``data/solved.csv``).
- :mod:`hoyito_edu.analysis.readable`: the same proofs in plain Python over the engine, the
  second check of the compiled ones.
- :mod:`hoyito_edu.analysis.certificates`: certificates of claims such as "North ends Hoyito I
  at least 8 seeds ahead": the prover's strategy, saved compactly, and a verifier that replays
  every reply of the opponent through the engine.

The command-line scripts that write the data files (``scripts/perfect_play.py``,
``scripts/deep_openings.py``, ``scripts/make_openings.py``, ``scripts/endgame_tables.py``) are
thin wrappers around these modules.

May import: the engine, the compiled kernel, the players and ``hoyito_edu.i18n``; nothing below
it imports analysis (the board's Show me and the command line import it lazily), except the
``expert``, which reads an endgame table already built, lazily (``tests/test_layers.py`` lists
that exception).
"""
