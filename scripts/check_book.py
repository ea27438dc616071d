"""A second, independent check of an opening book's proven values (issue 28): writes
``data/openings/<book>-check.csv``.

``scripts/make_openings.py --prove`` proved each line of a book with the compiled search. Here
the readable Python search (``SearchPlayer(compiled=False)``: the engine's own moves, plain
Python, a dictionary for its table) proves each proven line again, with the same trick of one
seed of surplus (R4.4) to each side in turn, and with ``stop_when_decided`` (a position whose
winner is already decided is a proven result: ``hoyito_edu.compiled.values.decided_value``),
which the compiled proofs did not use. So the check is a second program and, where the
decided stop ends a line, a second argument too.

A line proven a draw (value 0) is checked when South, with one extra seed, is proven to win,
and North, with one extra seed, is proven to win: each side can at least draw without it. A
line proven won by ``v`` for South (``v > 0``) is checked when South wins by at least ``v`` with
one seed less of margin (North's extra seed), and the same for North.

Columns: the book's ``moves`` and ``value``, then ``south_plus_one`` and ``north_plus_one`` (the
Python search's value for South with each extra seed: proven margin or estimate, and its
status), ``nodes`` (work of both searches) and ``agrees`` (``yes``, ``no`` or ``unsettled``).

Run: ``.venv/bin/python scripts/check_book.py data/openings/ba-awa-4ply.csv`` (about half a
minute a line on the project's machine at the default budget).
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import sys
from pathlib import Path

import hoyito_edu as hy
from hoyito_edu.analysis import perfect_play
from hoyito_edu.players import SearchPlayer

COLUMNS = ("variant", "moves", "value", "south_plus_one", "north_plus_one", "nodes", "agrees")


def for_south(position, surplus: tuple[int, int], nodes: int, max_depth: int):
    """South's value of ``position`` with ``surplus``, by the Python search: ``(value, proven,
    nodes)``; a proven value is the margin found (a bound), without the ``WIN`` offset."""
    moved = dataclasses.replace(position, surplus=surplus)
    searcher = SearchPlayer(seed=0, max_nodes=nodes, max_depth=max_depth, compiled=False,
                            stop_when_decided=True)
    searcher.choose(moved)
    found = searcher.last_search
    value, status, _ = perfect_play.for_south(found["value"], position.player)
    return value, status == "proven", found["nodes"]


def verdict(book_value: int, up: tuple[int, bool], down: tuple[int, bool]) -> str:
    """Whether the two searches (South with a seed more, North with a seed more) confirm the
    book's proven value for South.

    >>> verdict(0, (1, True), (-1, True)), verdict(0, (1, True), (3, False))
    ('yes', 'unsettled')
    >>> verdict(8, (9, True), (7, True)), verdict(8, (9, True), (-1, True))
    ('yes', 'no')
    """
    (up_value, up_proven), (down_value, down_proven) = up, down
    if book_value == 0:
        if up_proven and down_proven:
            return "yes" if up_value > 0 > down_value else "no"
    elif book_value > 0:  # South wins by at least book_value
        if down_proven:
            return "yes" if down_value >= book_value - 1 else "no"
    elif up_proven:  # North wins by at least -book_value
        return "yes" if up_value <= book_value + 1 else "no"
    if (up_proven and up_value < 0) or (down_proven and down_value > 0):
        return "no"  # a proof that contradicts the book's value
    return "unsettled"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", type=Path)
    parser.add_argument("--nodes", type=int, default=1_000_000, help="work per search")
    parser.add_argument("--max-depth", type=int, default=40)
    args = parser.parse_args(argv)
    with open(args.book, newline="", encoding="utf-8") as table:
        lines = [row for row in csv.DictReader(table) if row["status"] == "proven"]
    out_path = args.book.with_name(args.book.stem + "-check.csv")
    rows = []
    for line in lines:
        position = hy.new_game(line["variant"])
        for hole in map(int, line["moves"].split()):
            position = position.play(hole)
        up = for_south(position, (1, 0), args.nodes, args.max_depth)
        down = for_south(position, (0, 1), args.nodes, args.max_depth)
        said = verdict(int(line["value"]), up[:2], down[:2])
        row = {"variant": line["variant"], "moves": line["moves"], "value": line["value"],
               "south_plus_one": f"{up[0]:+d} {'proven' if up[1] else 'estimated'}",
               "north_plus_one": f"{down[0]:+d} {'proven' if down[1] else 'estimated'}",
               "nodes": up[2] + down[2], "agrees": said}
        print(row, flush=True)
        rows.append(row)
    with open(out_path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    counts = {k: sum(r["agrees"] == k for r in rows) for k in ("yes", "no", "unsettled")}
    print(f"{args.book}: {len(rows)} proven lines checked: {counts}", flush=True)
    return 0 if counts["no"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
