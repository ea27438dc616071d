"""Who wins each rule set with perfect play? Writes ``data/perfect_play.csv`` (issue 28).

For each rule set on 2x6 (4 seeds a hole, South to move), the compiled alpha-beta search
(:mod:`hoyito_edu.compiled.search`) values the starting position against best play by both
sides, deepening one ply at a time until a budget of work is spent, at three budgets
(``BUDGETS``: 1, 4 and 16 million nodes, counted the same on every machine; no clock and no
random numbers decide anything, so every column but ``seconds`` is the same on every run).

A value is **proven** when the search found a forced end of the game: every line best play can
choose within the depth searched ends the game. The winner is then proven, and the margin found
is a lower bound (the winner wins by *at least* that much: a deeper search can only find more).
Otherwise the value is **estimated**: South's score lead at the search's horizon, and nothing is
proven about the winner.

Every proven value gets a second, independent check: the readable search
(``SearchPlayer(compiled=False)``: the engine's own moves, plain Python, no compiled code)
searches the same position with ``CHECK_NODES`` of work, and its verdict is written beside it.

Both searches share one caveat, said in :class:`hoyito_edu.SearchPlayer`: their transposition
tables let positions reached by different paths share a value even when their repetition
histories differ (R4.3), so a "proof" assumes repetition does not change the value of a line
that reaches a position another way.

Columns: ``variant``, ``nodes`` (the budget), ``depth`` (plies finished), ``value`` (South's
margin: proven or estimated), ``status``, ``winner`` (proven only), ``seconds``, ``check``.
Run: ``.venv/bin/python scripts/perfect_play.py`` (several minutes).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import hoyito_edu as hy
from hoyito_edu.compiled import search as fastsearch
from hoyito_edu.players import WIN, SearchPlayer

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
BUDGETS = (1_000_000, 4_000_000, 16_000_000)
CHECK_NODES = 4_000_000
OUT = Path(__file__).resolve().parent.parent / "data" / "perfect_play.csv"
COLUMNS = ("variant", "nodes", "depth", "value", "status", "winner", "seconds", "check")


def for_south(found: int, player: int) -> tuple[int, str, str]:
    """``(value, status, winner)`` for South from a search value seen by ``player``.

    >>> for_south(WIN + 8, 0)
    (8, 'proven', 'South')
    >>> for_south(-5, 1)
    (5, 'estimated', '')
    """
    value = found if player == 0 else -found
    if value >= WIN:
        return value - WIN, "proven", "South"
    if value <= -WIN:
        return value + WIN, "proven", "North"
    return value, "estimated", ""


def check(variant: str, nodes: int) -> str:
    """The readable Python search's verdict on the start of ``variant``, in words."""
    start = hy.new_game(variant)
    searcher = SearchPlayer(seed=0, max_nodes=nodes, compiled=False)
    began = time.perf_counter()
    searcher.choose(start)
    found = searcher.last_search
    value, status, winner = for_south(found["value"], start.player)
    verdict = f"proven win for {winner} by at least {abs(value)}" if winner else (
        f"not proven (estimated {value:+d})")
    return (f"Python search (SearchPlayer(compiled=False)), depth {found['depth']}, "
            f"{found['nodes']} nodes, {time.perf_counter() - began:.0f} s: {verdict}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--budgets", type=int, nargs="+", default=list(BUDGETS))
    parser.add_argument("--check-nodes", type=int, default=CHECK_NODES)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = []
    for variant in args.variants:
        start = hy.new_game(variant)
        for nodes in args.budgets:
            began = time.perf_counter()
            found = fastsearch.CompiledSearch().search(start, sorted(start.legal_moves()), 100,
                                                       nodes, None)
            value, status, winner = for_south(found["value"], start.player)
            row = {"variant": variant, "nodes": nodes, "depth": found["depth"], "value": value,
                   "status": status, "winner": winner,
                   "seconds": round(time.perf_counter() - began, 1), "check": ""}
            if status == "proven" and nodes == args.budgets[-1]:
                row["check"] = check(variant, args.check_nodes)
            print(row, flush=True)
            rows.append(row)
    with open(args.out, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
