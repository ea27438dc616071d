"""What building a perfect-endgame table costs, size by size (issue 38): seeds, positions,
wall and CPU seconds, peak memory, the file on disk and the share of positions that are
``exact`` (their value holds under every ending rule, repetition included).

Each table is built by :func:`hoyito_edu.analysis.endgames.build` in a process of its own
(its peak memory is that table's alone, Python and numpy included) and saved where
:func:`~hoyito_edu.analysis.endgames.endgame_table` keeps it (``HOYITO_EDU_CACHE`` moves the
folder; point it at a scratch folder to leave your own cache alone). A build that runs past
``--max-minutes`` is stopped and its row says so. With ``--results FILE`` every finished row
is appended to FILE (one JSON object a line) and rows already there are printed, not built
again, so a stopped run goes on where it stopped.

Run: ``python benchmarks/endgame_tables.py --seeds 1 8`` (a few seconds a rule set up to 8);
``--seeds 12 14 --variants hoyito-ii`` is the issue's measurement (minutes to an hour).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
FIELDS = ("variant", "seeds", "positions", "seconds", "cpu_seconds", "peak_mb", "disk_mb",
          "stable", "exact", "status")


def positions(variant: str, seeds: int) -> int:
    """Positions a table of ``seeds`` holds: boards of 2x6 with 1..``seeds`` seeds, times the
    player to move, times the starter in Ba-awa (whose last eight go to the starter).

    >>> positions("hoyito-ii", 12), positions("ba-awa", 12)
    (5408310, 10816620)
    """
    boards = math.comb(seeds + 12, 12) - 1
    return boards * 2 * (2 if variant == "ba-awa" else 1)


def build_one(variant: str, seeds: int, quiet: int) -> dict:
    """Build and save one table in this process; its row (see :data:`FIELDS`)."""
    from hoyito_edu.analysis import endgames

    started, cpu = time.perf_counter(), time.process_time()
    table = endgames.build(variant, seeds, quiet)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    path = endgames.save_table(table)
    counts = endgames.table_counts(table)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    return {"variant": variant, "seeds": seeds, "positions": positions(variant, seeds),
            "seconds": round(seconds, 1), "cpu_seconds": round(cpu_seconds, 1),
            "peak_mb": round(peak), "disk_mb": round(path.stat().st_size / 1e6, 2),
            "stable": counts["stable"], "exact": counts["exact"], "status": "built"}


def measure(variant: str, seeds: int, quiet: int, max_minutes: float) -> dict:
    """Build one table in a child process, stopped after ``max_minutes``; its row."""
    command = [sys.executable, __file__, "--one", variant, str(seeds), "--quiet", str(quiet)]
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              timeout=max_minutes * 60)
    except subprocess.TimeoutExpired:
        return {"variant": variant, "seeds": seeds, "positions": positions(variant, seeds),
                "seconds": round(time.perf_counter() - started, 1),
                "status": f"stopped after {max_minutes:g} min"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return {"variant": variant, "seeds": seeds, "positions": positions(variant, seeds),
                "status": f"failed: {last}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def earlier(path: Path | None) -> dict:
    """Rows of a results file, by (variant, seeds); rows that did not finish are left out,
    so they are tried again."""
    if path is None or not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {(r["variant"], r["seeds"]): r for r in rows if r.get("status") == "built"}


def line(row: dict) -> str:
    """One row as aligned text (blank where a stopped build has no figure)."""
    return "  ".join(f"{row.get(field, '')!s:>{width}}" for field, width in
                     zip(FIELDS, (10, 5, 11, 8, 11, 7, 7, 6, 6, 8), strict=True))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=(1, 8), metavar=("FROM", "TO"),
                        help="table sizes to build, both included (1 to 16)")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--quiet", type=int, default=40)
    parser.add_argument("--max-minutes", type=float, default=40.0,
                        help="stop a build that runs longer than this")
    parser.add_argument("--results", type=Path,
                        help="append each finished row here (JSON lines); rows already "
                             "there are not built again")
    parser.add_argument("--one", nargs=2, metavar=("VARIANT", "SEEDS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(build_one(args.one[0], int(args.one[1]), args.quiet)))
        return 0
    low, high = args.seeds
    if not 1 <= low <= high <= 16:
        parser.error(f"--seeds takes two sizes with 1 <= FROM <= TO <= 16, not {low} {high}")
    done = earlier(args.results)
    print(f"tables kept in {os.environ.get('HOYITO_EDU_CACHE') or '~/.cache/hoyito_edu'}"
          f"/endgames, quiet limit {args.quiet}")
    print(line(dict(zip(FIELDS, FIELDS, strict=True))), flush=True)
    for seeds in range(low, high + 1):
        for variant in args.variants:
            row = done.get((variant, seeds))
            if row is None:
                row = measure(variant, seeds, args.quiet, args.max_minutes)
                if args.results is not None:
                    with open(args.results, "a", encoding="utf-8") as out:
                        out.write(json.dumps(row) + "\n")
            print(line(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
