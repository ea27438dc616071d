"""Peak memory (RSS) and speed of streamed simulations: simulate(..., out=DIR).

Each run is a fresh Python process (so its peak resident memory is its own), streaming random
Hoyito I games on 2x6 to a Parquet dataset in a temporary folder. The figures go into
docs/cluster.md and docs/research/simulations.md ("Running on a cluster").

    python benchmarks/streaming.py                 # 10^5 and 10^6 games, games table only
    python benchmarks/streaming.py 10000000        # add a run of 10^7 games
    python benchmarks/streaming.py --tables games moves captures 100000
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import json, sys, time, resource
import hoyito_edu as hy
games, tables, folder = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3]
hy.simulate("hoyito-i", 1000, seed=1, tables=tables)  # compile (numba) before timing
started = time.perf_counter()
run = hy.simulate("hoyito-i", games, seed=0, out=folder, tables=tables, progress=False)
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "chunks": run.chunks, "peak": peak,
                  "chunk_games": run.settings["chunk_games"]}))
"""

BASELINE = "import resource, hoyito_edu as hy; hy.simulate('hoyito-i', 1000, seed=1); " \
    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)"


def run(games: int, tables: list[str]) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="hoyito-stream-"))
    try:
        out = subprocess.run([sys.executable, "-c", CHILD, str(games), ",".join(tables),
                              str(folder)], capture_output=True, text=True, check=True)
        result = json.loads(out.stdout.strip().splitlines()[-1])
        result["bytes"] = sum(p.stat().st_size for p in folder.rglob("*.parquet"))
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=int, default=[])
    parser.add_argument("--tables", nargs="+", default=["games"])
    args = parser.parse_args()
    sizes = sorted({100_000, 1_000_000, *args.games})
    base = int(subprocess.run([sys.executable, "-c", BASELINE], capture_output=True,
                              text=True, check=True).stdout.strip())
    print(f"Streamed random Hoyito I games on 2x6, tables: {', '.join(args.tables)}")
    print(f"baseline: Python + hoyito_edu + compiled kernel after 1,000 games: "
          f"{base / 1e6:,.0f} MB RSS")
    print(f"{'games':>12} {'chunk':>8} {'chunks':>7} {'seconds':>9} {'games/s':>10} "
          f"{'peak RSS':>10} {'on disk':>10} {'B/game':>7}")
    for games in sizes:
        started = time.perf_counter()
        r = run(games, args.tables)
        del started
        print(f"{games:>12,} {r['chunk_games']:>8,} {r['chunks']:>7,} {r['seconds']:>9.1f} "
              f"{games / r['seconds']:>10,.0f} {r['peak'] / 1e6:>8,.0f}MB "
              f"{r['bytes'] / 1e6:>8,.1f}MB {r['bytes'] / games:>7.1f}")
    print(f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3:,.0f} MB)")


if __name__ == "__main__":
    main()
