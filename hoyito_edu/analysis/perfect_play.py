"""Who wins each rule set with perfect play, and by how much? The searches behind
``data/perfect_play.csv`` (issue 28), which ``scripts/perfect_play.py`` writes.

For each rule set on 2x6 (4 seeds a hole, South to move) the compiled alpha-beta search of the
expert (:mod:`hoyito_edu.compiled.search`) searches the starting position against best play
by both sides, deepening one ply at a time until a budget of work is spent (counted the same
on every machine: no clock and no random numbers decide anything, so every column but
``seconds`` comes out the same on every run).

A search's value is **proven** when every line best play can choose ends in a position whose
result is certain: the game is over, or its winner is already *decided* (a lead larger than
the seeds left on the board: :func:`hoyito_edu.compiled.values.decided_value`; every seed on
the board ends with one of the two players). The winner is then proven, and the margin is a
bound (the winner wins by *at least* that much). Otherwise the value is **estimated**: South's
lead at the search's horizon, and nothing is proven.

Three steps, each a row of the table:

1. ``plain``: the search as the expert runs it, at 1, 4 and 16 million nodes (it stops only at
   the end of a game; these rows show what the second step adds).
2. ``decided``: the same search stopping at decided positions, at the same budgets: it proves
   the winner and a first bound on the margin.
3. ``handicap``: the exact margin, by the same search with seeds of surplus (R4.4) given to one
   side. With South's margin ``M`` (even: the two scores add up to 48) and a handicap ``d``
   (South's surplus minus North's), the game is won by South exactly when ``M + d > 0``. So a
   proven South win with the handicap says ``M >= value - d``, a proven North win
   ``M <= value - d``. The handicaps test the two ends of the range of margins not yet ruled
   out, nearest first, each at 4, 16 and then 64 million nodes, until the ends meet or the
   test at each end stays unsettled.

Every proven row that the final bounds rest on gets a second, independent check: the readable
search (``SearchPlayer(compiled=False)``: the engine's own moves, plain Python, no compiled
code) searches the same position with the same handicap, stop and budget (up to
``CHECK_LIMIT`` nodes), and its verdict is written beside it.

Both searches share one caveat, said in :class:`~hoyito_edu.players.SearchPlayer`: their
transposition tables let positions reached by different paths share a value even when their
repetition histories differ (R4.3), so a proof assumes that repetition does not change the
value of a line reaching a position another way. A repetition ending is never counted as proven.

The rows (:data:`COLUMNS`): ``variant``, ``step`` (plain, decided, handicap), ``surplus_south``,
``surplus_north``, ``nodes`` (the budget), ``depth`` (plies finished), ``value`` (South's
margin with the surplus: proven bound or estimate), ``status``, ``winner`` (proven only),
``bound`` (what a proven row says of South's margin without surplus, e.g. ``>= 8``),
``seconds`` and ``check``.
"""

from __future__ import annotations

import dataclasses
import time

from ..compiled import search as fastsearch
from ..compiled.values import WIN
from ..engine.position import new_game
from ..players.search import SearchPlayer

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
BUDGETS = (1_000_000, 4_000_000, 16_000_000)
HANDICAP_BUDGETS = (4_000_000, 16_000_000, 64_000_000)
#: The largest budget the Python check is given: it keeps every position it meets in a dict
#: (about 4 GB at 11 million nodes).
CHECK_LIMIT = 16_000_000
SEEDS = 48
COLUMNS = ("variant", "step", "surplus_south", "surplus_north", "nodes", "depth", "value",
           "status", "winner", "bound", "seconds", "check")


def for_south(found: int, player: int) -> tuple[int, str, str]:
    """``(value, status, winner)`` for South from a search value seen by ``player``.

    >>> for_south(WIN + 8, 0), for_south(-WIN - 8, 1)
    ((8, 'proven', 'South'), (8, 'proven', 'South'))
    >>> for_south(-5, 1)
    (5, 'estimated', '')
    """
    value = found if player == 0 else -found
    if value >= WIN:
        return value - WIN, "proven", "South"
    if value <= -WIN:
        return value + WIN, "proven", "North"
    return value, "estimated", ""


def surplus_for(handicap: int) -> tuple[int, int]:
    """The surplus that adds ``handicap`` seeds to South's margin (negative: North's).

    >>> surplus_for(9), surplus_for(-9), surplus_for(0)
    ((9, 0), (0, 9), (0, 0))
    """
    return (handicap, 0) if handicap > 0 else (0, -handicap)


def bound(row: dict) -> tuple[str, int] | None:
    """What a proven row says of South's margin without surplus: ``(">=", m)`` or
    ``("<=", m)``; None for an estimate.

    >>> bound({"status": "proven", "winner": "North", "value": -1, "surplus_south": 9,
    ...        "surplus_north": 0})
    ('<=', -10)
    """
    if row["status"] != "proven":
        return None
    shifted = row["value"] - (row["surplus_south"] - row["surplus_north"])
    return (">=", shifted) if row["winner"] == "South" else ("<=", shifted)


def search(variant: str, step: str, handicap: int, nodes: int) -> dict:
    """One search of the start of ``variant`` (see the module's docstring), as a row."""
    start = new_game(variant)
    start = dataclasses.replace(start, surplus=surplus_for(handicap))
    began = time.perf_counter()
    found = fastsearch.CompiledSearch().search(start, sorted(start.legal_moves()), 100, nodes,
                                               None, stop_when_decided=step != "plain")
    value, status, winner = for_south(found["value"], start.player)
    row = {"variant": variant, "step": step, "surplus_south": start.surplus[0],
           "surplus_north": start.surplus[1], "nodes": nodes, "depth": found["depth"],
           "value": value, "status": status, "winner": winner, "bound": "",
           "seconds": round(time.perf_counter() - began, 1), "check": ""}
    said = bound(row)
    if said:
        row["bound"] = f"{said[0]} {said[1]}"
    return row


def margins(rows: list[dict]) -> tuple[int, int]:
    """The smallest and largest South margins the proven rows leave possible (even numbers:
    the two scores add up to 48)."""
    low, high = -SEEDS, SEEDS
    for row in rows:
        said = bound(row)
        if said and said[0] == ">=":
            low = max(low, said[1] + said[1] % 2)
        elif said:
            high = min(high, said[1] - said[1] % 2)
    return low, high


def handicaps(variant: str, rows: list[dict], search) -> list[dict]:
    """Rows of step 3 of the module's docstring. Each test asks whether South's margin ``M``
    is at most ``m`` or at least ``m + 2``, with a handicap of ``-(m + 1)``; the two ends of
    the range still open are tested in turn (``m = high - 2`` and ``m = low``; the one nearer
    to a level game first, which is the end the winner's proof made), so a proven test settles
    the margin or moves an end by at least 2 seeds.
    It stops when the ends meet or neither end's test is settled by the largest budget."""
    found, unsettled = [], set()
    while True:
        low, high = margins(rows + found)
        tests = sorted((m for m in (high - 2, low) if low <= m < high and m not in unsettled),
                       key=abs)  # the end nearer to a level game first: the winner's bound
        if not tests:
            return found
        m = tests[0]
        for nodes in HANDICAP_BUDGETS:
            row = search(variant, "handicap", -(m + 1), nodes)
            found.append(row)
            if row["status"] == "proven":
                break
        else:
            unsettled.add(m)


def check(row: dict) -> str:
    """The readable Python search's verdict on ``row``'s search, in words."""
    if row["nodes"] > CHECK_LIMIT:
        return f"not checked: the Python search would need {row['nodes']:,} nodes"
    start = dataclasses.replace(new_game(row["variant"]),
                                surplus=(row["surplus_south"], row["surplus_north"]))
    searcher = SearchPlayer(seed=0, max_nodes=row["nodes"], compiled=False,
                            stop_when_decided=row["step"] != "plain")
    began = time.perf_counter()
    searcher.choose(start)
    found = searcher.last_search
    value, status, winner = for_south(found["value"], start.player)
    verdict = f"proven win for {winner} by at least {abs(value)}" if winner else (
        f"not proven (estimated {value:+d})")
    agrees = "agrees" if (status, winner) == (row["status"], row["winner"]) else "DISAGREES"
    return (f"{agrees}: Python search (SearchPlayer(compiled=False)), depth {found['depth']}, "
            f"{found['nodes']} nodes, {time.perf_counter() - began:.0f} s: {verdict}")


def deciding_rows(rows: list[dict]) -> list[dict]:
    """The proven rows the final bounds rest on: for each end of the range, the first
    (cheapest) row that gives it, and where that row's budget is beyond the Python check's
    (:data:`CHECK_LIMIT`), also the first row that gives the best bound within it."""
    chosen = []
    for side in (">=", "<="):
        for within in (rows, [row for row in rows if row["nodes"] <= CHECK_LIMIT]):
            said = [(bound(row), row) for row in within]
            said = [(b[1], row) for b, row in said if b and b[0] == side]
            if not said:
                continue
            best = max(b for b, _ in said) if side == ">=" else min(b for b, _ in said)
            row = next(row for b, row in said if b == best)
            if row not in chosen:
                chosen.append(row)
            if row["nodes"] <= CHECK_LIMIT:
                break
    return chosen
