"""The values both searches give positions: a won game's worth, the bound kinds of a table
entry, the budget signal, and what iterative deepening keeps after each depth.

Pure Python (no numba): the readable search in :mod:`hoyito_edu.players.search` and the
compiled one in :mod:`hoyito_edu.compiled.search` share these, so they value games alike.
"""

from __future__ import annotations

#: Value of a won game before the score margin is added; every evaluation of an unfinished
#: game stays far below it, so a proven win always beats a material lead.
WIN = 10_000

#: The kinds of a stored value: exact, a lower bound, an upper bound.
EXACT, LOWER, UPPER = 0, 1, 2


def decided_value(lead: int, on_board: int) -> int:
    """The proven value of a game that is not over but whose winner is already decided, from
    the side of the player to move, or 0 if it is not decided.

    ``lead`` is the player to move's score lead (captures plus surplus) and ``on_board`` the
    seeds still on the board. Every ending gives each of those seeds to one of the two players
    (the last four to the capturer, Ba-awa's last eight to the starter, the owners' holes at an
    endless move, the lap limit, a repetition or an agreement: R2.8, R4.1-R4.5), and a score
    never goes down. So a lead larger than the seeds left is a win by at least
    ``lead - on_board``, and a deficit larger than them a loss by at least as much; a lead
    equal to them is only a draw or better, and is not decided here. The proof search of
    ``scripts/perfect_play.py`` stops at such positions (``stop_when_decided``); the value is
    a bound, like every proven margin of the searches.

    >>> decided_value(20, 12), decided_value(-13, 12), decided_value(12, 12)
    (10008, -10001, 0)
    """
    if lead > on_board:
        return WIN + lead - on_board
    if -lead > on_board:
        return -WIN + lead + on_board
    return 0


class OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


def next_iteration(value: int, best: int, found_value: int, found_best: int, depth: int,
                   root_values: dict[int, int], alive: dict[int, int]):
    """What iterative deepening keeps after finishing ``depth``: ``(value, best, stop)``.

    ``root_values`` holds this iteration's value of each root move (exact for the moves as good
    as the best); ``alive`` (updated here) the last depth at which each move was not yet found
    to lose against best replies. The best move of the iteration is kept and the search goes on
    (``stop`` is False), a forced win or loss included: a forced result's score margin can
    still change with depth (a bigger win or a smaller loss further on), and the margin is
    what a match counts. So a lost game is played for the best final score against best
    replies; among the moves that lose by that same margin, the one whose loss showed up last
    is played: it is the hardest for an opponent who looks less far ahead to find.

    Here holes 2 and 3 both lose by 8 at depth 6, and hole 3's loss showed up at depth 4:

    >>> alive = {2: 5, 3: 3}
    >>> next_iteration(-3, 2, -WIN - 8, 3, 6, {2: -WIN - 8, 3: -WIN - 8, 4: -WIN - 12}, alive)
    (-10008, 2, False)
    """
    for hole, found in root_values.items():
        if found > -WIN:
            alive[hole] = depth
    if found_value <= -WIN:
        ties = [hole for hole, found in root_values.items() if found == found_value]
        latest = max(alive.get(hole, 0) for hole in ties)
        if alive.get(found_best, 0) < latest:
            found_best = next(hole for hole in ties if alive.get(hole, 0) == latest)
    return found_value, found_best, False

