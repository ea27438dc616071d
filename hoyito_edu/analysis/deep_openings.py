"""What deep search says about each opening: the searches behind ``data/deep_openings.csv``,
which ``scripts/deep_openings.py`` writes.

For each rule set on 2x6 (Hoyito I, II, III and Ba-awa) and every legal opening move of the
player who starts (South), the compiled alpha-beta search (:mod:`hoyito_edu.compiled.search`, the
search of :class:`~hoyito_edu.players.SearchPlayer`) values the position after the opening against
best replies, deepening one ply at a time until a budget of work (``--nodes``, counted the same
on every machine) is spent. No clock and no random numbers decide anything (the moves are tried
in hole order), so every column but ``seconds`` comes out the same on every run.

The columns of ``data/deep_openings.csv`` (:data:`COLUMNS`, one row per opening, an
:class:`Opening`):

- ``variant``: the rule set (``hoyito-i``, ``hoyito-ii``, ``hoyito-iii``, ``ba-awa``);
- ``hole``: South's opening hole (0-5);
- ``value``: seeds ahead for South against best replies. For a proven result, the final score
  margin of the forced win or loss the search found (see below); for an estimated one, South's
  score lead at the search's horizon;
- ``status``: ``proven`` when the search found a forced end of the game: every line that best
  play can choose within the depth searched reaches the end of the game, so the winner is
  proven. The margin is the one found at that depth: the winner wins by *at least* that much
  (a deeper search could only find the winner a bigger margin). ``estimated`` otherwise;
- ``winner``: ``South`` or ``North`` for a proven result, empty for an estimated one;
- ``depth``: the last depth (plies, extra turns included, the opening not counted) the search
  finished;
- ``nodes``: the work it spent (moves played on first expansions plus one tenth of the visits);
- ``method``: how the value was found, in words;
- ``seconds``: wall time of the search on the machine that made the file (information only);
- ``check``: for the rows checked by a second method, which check and what it gave.

The second method: the proven Ba-awa result (docs/research/computer-opponents.md says South's
opening from hole 0 wins by 8) and the proven Hoyito III row (hole 0) are searched again by the
readable Python search (``SearchPlayer(compiled=False)``, the engine's own moves, no compiled
code), each at the work given in ``CHECKED`` (``--check-nodes`` sets one budget for both).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..compiled import search as fastsearch
from ..engine.position import new_game
from ..players.search import SearchPlayer, terminal_value
from .perfect_play import for_south

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
NODES = 8_000_000
#: The rows checked by the second method, with the work it gets: enough for the compiled
#: search to find the same forced result (it counts work the same way).
CHECKED = {("ba-awa", 0): 1_000_000, ("hoyito-iii", 0): 2_000_000}
COLUMNS = ("variant", "hole", "value", "status", "winner", "depth", "nodes", "method", "seconds",
           "check")


@dataclass(frozen=True)
class Opening:
    """What the search says about one opening (one row of the CSV)."""

    variant: str
    hole: int
    value: int
    status: str
    winner: str
    depth: int
    nodes: int
    method: str
    seconds: float
    check: str = ""


def deep_opening(variant: str, hole: int, nodes: int = NODES) -> Opening:
    """The compiled search's value of South opening from ``hole`` in ``variant`` (2x6).

    >>> row = deep_opening("ba-awa", 0, nodes=20_000)
    >>> row.variant, row.hole, row.status in ("proven", "estimated"), row.depth > 0
    ('ba-awa', 0, True, True)
    """
    child = new_game(variant).play(hole)
    started = time.perf_counter()
    if child.is_over:
        value, status, winner = for_south(terminal_value(child), child.player)
        return Opening(variant, hole, value, status, winner, 0, 0, "the game ends", 0.0)
    found = fastsearch.CompiledSearch().search(child, sorted(child.legal_moves()), 100, nodes,
                                               None)
    spent = found["work"] + found["visits"] // 10
    value, status, winner = for_south(found["value"], child.player)
    method = (f"alpha-beta, compiled, iterative deepening to depth {found['depth']}, "
              f"{spent} nodes")
    seconds = round(time.perf_counter() - started, 2)
    return Opening(variant, hole, value, status, winner, found["depth"], spent, method, seconds)


def second_check(variant: str, hole: int, nodes: int) -> str:
    """The readable Python search's verdict on the same opening, in words, for the CSV."""
    child = new_game(variant).play(hole)
    searcher = SearchPlayer(seed=0, max_nodes=nodes, compiled=False)
    started = time.perf_counter()
    searcher.choose(child)
    seconds = time.perf_counter() - started
    found = searcher.last_search
    value, status, winner = for_south(found["value"], child.player)
    verdict = f"{status} win for {winner} by {abs(value)}" if winner else f"{status} {value:+d}"
    return (f"second method: Python search (SearchPlayer(compiled=False)), depth "
            f"{found['depth']}, {found['nodes']} nodes, {seconds:.0f} s: {verdict}")
