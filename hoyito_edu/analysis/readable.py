"""The readable proof check: the question of :mod:`hoyito_edu.compiled.proof` ("is the prover's
final margin at least ``target`` against every defence?") answered in plain Python over the
engine's own moves (:meth:`~hoyito_edu.Position.play`), with no compiled code. It is the
second, independent check of the compiled proof: same question, same leaves, same soundness
argument, a different program.

The engine carries each position's history since the last capture and applies the repetition
rule (R4.3) itself. The two sound modes of the compiled search, argued there:

- ``"pessimistic"``: a move to a position already met since the last capture is not played on;
  it is the prover's loss (a *cut*). Results are remembered by the position alone (and the plies
  since the capture under a quiet limit), proofs always, refutations only if no cut decided
  them; a refutation that rests on a cut is answered :data:`CUT`.
- ``"history"``: results are remembered by the position *and* its history as a multiset (how
  often each position occurred since the last capture) and the plies since it, so a result
  found on one path holds on every other, and a repetition ending is an exact ending.

A node is proven (1) when the game is over with a margin of at least ``target`` or the margin
minus the seeds left already reaches it, refuted (-1) when the game is over below it or the
margin plus the seeds left stays below it, and otherwise searched: the prover needs one move
that proves; the opponent's replies are searched until one is not proven (refuted, or not
known: the node cannot be proven at this depth then); 0 means not known within the depth
(iterative deepening, one ply more each time) or the budget.

>>> import hoyito_edu as hy
>>> start = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1],
...                     captures=(20, 25))
>>> check(start, prover=1, target=2, max_nodes=10_000).result
1
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from ..engine.events import Reason
from ..engine.position import Position

#: The answer of the pessimistic mode when only repetition cuts refuted the claim.
CUT = -2
MODES = ("pessimistic", "history")


@dataclass(frozen=True)
class Checked:
    """The readable check's answer: ``result`` 1 proven, -1 refuted, 0 not known, :data:`CUT`
    (pessimistic: refuted only by repetition cuts); ``best`` the
    prover's proving move (the prover to move and proven) or -1; ``nodes`` positions expanded;
    ``depth`` the last iteration's; ``seconds``."""

    result: int
    best: int
    nodes: int
    depth: int
    seconds: float


class _Budget(Exception):
    """The node budget is spent."""


def margin(position: Position, prover: int) -> int:
    """The prover's score minus the opponent's (captures plus surplus).

    >>> import hoyito_edu as hy
    >>> margin(hy.new_game("hoyito-i", captures=(8, 4)), 1)
    -4
    """
    score = position.score
    return score[prover] - score[1 - prover]


def certain(position: Position, prover: int, target: int) -> int:
    """1 or -1 if the result against ``target`` no longer depends on the play (the game is
    over, or the seeds left cannot change it), else 0.

    >>> import hoyito_edu as hy
    >>> certain(hy.new_game("hoyito-i", board=[1] + [0] * 11, captures=(40, 7)), 0, 32)
    1
    """
    lead = margin(position, prover)
    if position.outcome is not None:
        return 1 if lead >= target else -1
    left = position.seeds_on_board
    if lead - left >= target:
        return 1
    if lead + left < target:
        return -1
    return 0


def history_key(position: Position) -> tuple:
    """The table key: the position, its plies without a capture, and the multiset of the
    positions since the last capture (R4.3 counts in it).

    >>> import hoyito_edu as hy
    >>> start = hy.new_game("hoyito-i")
    >>> history_key(start) == history_key(hy.new_game("hoyito-i"))
    True
    """
    counts = frozenset(Counter(position.history_since_capture()).items())
    return (position.board, position.player, position.captures, position.quiet_plies, counts)


def order(position: Position, best: int) -> list[tuple[int, Position]]:
    """(hole, position after it) for every legal move: ``best`` first, then the most seeds
    gained by the mover (ties in the order of the holes), as the compiled search orders them.

    >>> import hoyito_edu as hy
    >>> [hole for hole, _ in order(hy.new_game("hoyito-i"), 4)][0]
    4
    """
    mover = position.player
    children = [(hole, position.play(hole)) for hole in position.legal_moves()]

    def gain(child: Position) -> int:
        return margin(child, mover) - margin(position, mover)

    children.sort(key=lambda pair: (pair[0] != best, -gain(pair[1])))
    return children


class _Search:
    """One check's table and counters (see :func:`check`)."""

    def __init__(self, prover: int, target: int, max_nodes: int | None, mode: str) -> None:
        self.prover, self.target, self.max_nodes = prover, target, max_nodes
        self.pessimistic = mode == "pessimistic"
        self.table: dict[tuple, tuple[int, int, int]] = {}  # key: (depth, result, best)
        self.nodes = 0

    def solve(self, position: Position, depth: int) -> tuple[int, int]:
        """(result, move): the result within ``depth`` plies, and the move that gives it."""
        settled = certain(position, self.prover, self.target)
        if settled or depth <= 0:
            return settled, -1
        key = self.key(position)
        known = self.table.get(key)
        if known and (known[1] != 0 or known[0] >= depth):
            return known[1], known[2]
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        win = 1 if position.player == self.prover else -1
        children = order(position, known[2] if known else -1)
        result, best, cut = -win, children[0][0], False
        for hole, child in children:
            found, _ = self.solve_child(position, child, depth - 1)
            if (-1 if found < 0 else found) == win or (win == -1 and found == 0):
                result, best = found, hole  # the opponent stops at a reply not proven
                break
            if found == 0 and result != 0:
                result, best = 0, hole
            cut = cut or found == CUT
        if result == -1 and cut:
            result = CUT
        self.table[key] = (depth, 0, best) if result == CUT else (depth, result, best)
        return result, best

    def solve_child(self, parent: Position, child: Position, depth: int) -> tuple[int, int]:
        """:meth:`solve` of ``child``, or a cut (pessimistic: a position met before)."""
        if self.pessimistic and child.quiet_plies > 0:
            if child.outcome is not None and child.outcome.reason == Reason.REPETITION:
                return CUT, -1
            if (child.board, child.player) in parent.history_since_capture():
                return CUT, -1
        return self.solve(child, depth)

    def key(self, position: Position) -> tuple:
        """The table key of the mode (see the module's docstring)."""
        if not self.pessimistic:
            return history_key(position)
        quiet = position.quiet_plies if position.rules.quiet_limit else 0
        return (position.board, position.player, position.captures, quiet)


def check(position: Position, *, prover: int, target: int, max_nodes: int | None,
          max_depth: int = 400, mode: str = "pessimistic") -> Checked:
    """Is ``prover``'s final margin at least ``target`` from ``position`` against every
    defence? ``position`` carries its history since the last capture (play the game to it
    with :meth:`~hoyito_edu.Position.play`). Deepens one ply at a time until known, the
    depth reaches ``max_depth`` or ``max_nodes`` positions were expanded. ``mode``: see the
    module's docstring.

    >>> import hoyito_edu as hy
    >>> check(hy.new_game("hoyito-i"), prover=0, target=-48, max_nodes=10).result
    1
    """
    if mode not in MODES:
        raise ValueError(f"the mode is one of {', '.join(MODES)}, not {mode!r}")
    began = time.perf_counter()
    search = _Search(prover, target, max_nodes, mode)
    result, best, depth = 0, -1, 0
    for depth in range(1, max_depth + 1):
        try:
            result, best = search.solve(position, depth)
        except _Budget:
            result = 0
            break
        if result != 0:
            break
    best = best if result == 1 and position.player == prover else -1
    return Checked(result, best, search.nodes, depth, time.perf_counter() - began)
