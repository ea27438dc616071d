"""The codes the simulation tables share with the compiled fast path.

The fast path (:mod:`hoyito_edu.compiled.fastsim`) writes small integers;
:func:`hoyito_edu.sim.simulate`
turns them into these strings, and its engine path writes the same codes. One definition here
keeps the two in step without importing the compiled code.

>>> END_REASONS.index("lap-limit"), CAPTURE_KINDS.index("quiet-limit")
(6, 8)
"""

#: Default ply cap of a simulated game. On 2x6 no random game measured here went past 800
#: plies. On 2x12 the last eight seeds can wander round the big board for a long time before a
#: casa forms: of 1,000 random Hoyito I games (seed 3), 49 % lasted more than 2,000 plies, 13 %
#: more than 5,000, 1.6 % more than 10,000 and 0.1 % more than 20,000; none more than 50,000.
DEFAULT_MAX_PLIES = 20_000

#: Why a simulated game ended: the engine's reasons, plus the simulation's ply cap. The codes
#: of the first six never change; the lap limit (R2.8) and the quiet limit (R4.5) came later.
END_REASONS = ("final-four", "eight-or-fewer", "all-captured", "endless", "repetition", "ply-cap",
               "lap-limit", "quiet-limit")
#: Capture kinds by code (the engine's :class:`~hoyito_edu.Reason` values).
CAPTURE_KINDS = ("mid-sow", "last-seed", "chain", "final-four", "eight-or-fewer", "endless",
                 "repetition", "lap-limit", "quiet-limit")
