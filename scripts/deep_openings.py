"""What deep search says about each opening: writes ``data/deep_openings.csv``.

The searches are :mod:`hoyito_edu.analysis.deep_openings` (its docstring says how, and what
each column means); this script runs them for every opening of every rule set on 2x6, checks
the rows of ``CHECKED`` by the second method, and writes the table.

Run it with ``.venv/bin/python scripts/deep_openings.py`` (about two minutes on the project's
2-core machine, more when it is busy; ``--no-check`` skips the second method).
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import asdict
from pathlib import Path

from hoyito_edu.analysis.deep_openings import (
    CHECKED,
    COLUMNS,
    NODES,
    VARIANTS,
    Opening,
    deep_opening,
    second_check,
)
from hoyito_edu.engine.position import new_game

OUT = Path(__file__).resolve().parent.parent / "data" / "deep_openings.csv"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=NODES, help="work per opening")
    parser.add_argument("--check-nodes", type=int, help="work of each second check")
    parser.add_argument("--no-check", action="store_true", help="skip the second method")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if args.nodes < 1 or (args.check_nodes is not None and args.check_nodes < 1):
        parser.error("--nodes and --check-nodes must be at least 1")
    rows = []
    for variant in VARIANTS:
        for hole in new_game(variant).legal_moves():
            row = deep_opening(variant, hole, args.nodes)
            if (variant, hole) in CHECKED and not args.no_check:
                check = second_check(variant, hole, args.check_nodes or CHECKED[variant, hole])
                row = Opening(**{**asdict(row), "check": check})
            print(row, flush=True)
            rows.append(row)
    with open(args.out, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(asdict(row) for row in rows)
    print(f"wrote {len(rows)} openings to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
