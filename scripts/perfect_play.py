"""Who wins each rule set with perfect play, and by how much? Writes ``data/perfect_play.csv``
(issue 28).

The searches, bounds and checks are :mod:`hoyito_edu.analysis.perfect_play` (its docstring says
how they work and what each column means); this script runs them for each rule set, keeps each
row in the CSV as it comes (a stopped run goes on) and prints what it finds.

Run: ``.venv/bin/python scripts/perfect_play.py`` (about 25 minutes on the project's machine:
200 s of searches, the rest the Python checks, which also need several GB of memory).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from hoyito_edu.analysis.perfect_play import (
    BUDGETS,
    COLUMNS,
    VARIANTS,
    check,
    deciding_rows,
    handicaps,
    margins,
    search,
    surplus_for,
)

OUT = Path(__file__).resolve().parent.parent / "data" / "perfect_play.csv"


def _typed(row: dict) -> dict:
    """A row read back from the CSV, with its numbers as numbers."""
    for key in ("surplus_south", "surplus_north", "nodes", "depth", "value"):
        row[key] = int(row[key])
    row["seconds"] = float(row["seconds"])
    return row


def _key(row: dict) -> tuple:
    return (row["variant"], row["step"], row["surplus_south"], row["surplus_north"],
            row["nodes"])


def _write(path: Path, rows: list[dict], mode: str = "w") -> None:
    new = mode == "w" or not path.exists()
    with open(path, mode, newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        if new:
            writer.writeheader()
        writer.writerows(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--no-check", action="store_true", help="skip the Python checks")
    parser.add_argument("--out", type=Path, default=OUT,
                        help="the table; its rows are reused, so a stopped run goes on")
    args = parser.parse_args(argv)
    done = {}
    if args.out.exists():
        with open(args.out, newline="", encoding="utf-8") as table:
            done = {_key(row): row for row in map(_typed, csv.DictReader(table))}

    def cached(variant: str, step: str, handicap: int, nodes: int) -> dict:
        surplus = surplus_for(handicap)
        key = (variant, step, surplus[0], surplus[1], nodes)
        if key not in done:
            done[key] = search(variant, step, handicap, nodes)
            print(done[key], flush=True)
            _write(args.out, [done[key]], "a")  # kept at once: a stopped run goes on
        return done[key]

    rows = []
    for variant in args.variants:
        found = [cached(variant, step, 0, nodes) for step in ("plain", "decided")
                 for nodes in BUDGETS]
        found += handicaps(variant, found, cached)
        for row in [] if args.no_check else deciding_rows(found):
            if not row["check"]:
                row["check"] = check(row)
                _write(args.out, list(done.values()))
            print(variant, row["bound"], row["check"], flush=True)
        low, high = margins(found)
        print(f"{variant}: South's margin with perfect play is "
              f"{low if low == high else f'from {low} to {high}'}", flush=True)
        rows += found
    _write(args.out, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
