"""Analysis: what perfect play gives, and the evidence for it.

- :mod:`hoyito_edu.analysis.certificates`: certificates of claims such as "North ends Hoyito I
  at least 8 seeds ahead": the prover's strategy, saved compactly, and a verifier that replays
  every reply of the opponent through the engine.

May import: the engine, the compiled kernel, the players and ``hoyito_edu.i18n``; nothing below
it imports analysis (the board's Show me and the command line import it lazily).
"""
