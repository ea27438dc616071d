"""Build the perfect-endgame tables and summarise them in ``data/endgames.csv`` (issue 28).

For each rule set on 2x6 and each ``--seeds`` size,
:func:`hoyito_edu.analysis.endgames.endgame_table` builds (or loads from its cache, outside
git) the exact values of every position with at most that many seeds on the board,
capture-free play ended by a quiet limit of ``--quiet`` plies (see that module for how
history-dependent rules are treated). One row per table:

- ``states``: positions a player can be to move in (board, player to move and, in Ba-awa, the
  starter; a player with nothing to sow passes, so such states do not count);
- ``stable``: the share of them whose value is the same for every quiet limit from
  ``quiet - 2`` to ``quiet`` (the rest: best play stalls, and the value depends on the limit);
- ``exact``: the share whose value holds however play without captures ends (repetition
  included): those values are exact under the spec's rules;
- ``won``, ``drawn``, ``lost``: the shares the player to move wins, draws and loses from here
  on (value above, at and below 0: what they capture from now on, against the opponent);
- ``max_value``: the largest value found; ``seconds``: build time on the machine that made the
  file (wall clock, information only; near 0 when loaded from the cache); ``cpu_seconds``: the
  build's CPU time; ``peak_megabytes``: the most memory the process that built the table used
  (each table is built in a process of its own, so this is that table's figure);
  ``megabytes``: the cached file.

Run: ``.venv/bin/python scripts/endgame_tables.py --seeds 12`` (about half an hour of CPU for
the four rule sets; ``--seeds 8`` takes under a minute).
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from hoyito_edu.analysis import endgames

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
OUT = Path(__file__).resolve().parent.parent / "data" / "endgames.csv"
COLUMNS = ("variant", "seeds", "quiet", "states", "stable", "exact", "won", "drawn", "lost",
           "max_value", "seconds", "cpu_seconds", "peak_megabytes", "megabytes")


def summary(variant: str, seeds: int, quiet: int) -> dict:
    started, cpu = time.perf_counter(), time.process_time()
    table = endgames.endgame_table(variant, seeds, quiet)
    seconds = round(time.perf_counter() - started, 1)
    cpu_seconds = round(time.process_time() - cpu, 1)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    path = endgames.cache_folder() / f"{variant}-seeds{seeds}-quiet{quiet}.npz"
    return {
        "variant": variant, "seeds": seeds, "quiet": quiet, **endgames.table_counts(table),
        "seconds": seconds, "cpu_seconds": cpu_seconds, "peak_megabytes": round(peak),
        "megabytes": round(path.stat().st_size / 1e6, 2) if path.exists() else "",
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[8])
    parser.add_argument("--quiet", type=int, default=40)
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--no-csv", action="store_true",
                        help="build (or find) the tables only; data/endgames.csv is left as it is")
    args = parser.parse_args(argv)
    rows = []
    if args.out.exists():  # keep the rows of other sizes
        with open(args.out, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    for seeds in args.seeds:
        for variant in args.variants:
            # a process of its own for each table: its peak memory is that table's alone
            spawn = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as process:
                row = process.submit(summary, variant, seeds, args.quiet).result()
            print(row, flush=True)
            if args.no_csv:
                continue
            key = (variant, str(seeds), str(args.quiet))
            rows = [r for r in rows if (r["variant"], str(r["seeds"]), str(r["quiet"])) != key]
            rows.append(row)
            rows.sort(key=lambda r: (int(r["seeds"]), VARIANTS.index(r["variant"])))
            with open(args.out, "w", newline="", encoding="utf-8") as out:
                writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
                writer.writeheader()
                writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
