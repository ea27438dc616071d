"""Random games per second: the engine, one move at a time, against the fast path.

For each variant and board size:

- **engine**: games 0..E-1 played through ``Position.play`` in a plain Python loop, choosing
  with the shared random stream;
- **fast, same games**: exactly those games through the compiled fast path
  (``hoyito_edu.compiled.fastsim``), repeated until the timing is stable. The **ratio** of the two
  is
  the figure we hold ourselves to: at least 20x;
- **fast, many games**: a long run (rare moves that stop at the 1,000-lap limit included);
- **tables**: ``simulate()`` with all three tables built, in one process and in two;
- **peak MB**: peak memory of that ``simulate()`` call (traced in a separate, untimed run);
- **against the plain loop**: Hoyito I on 2x6 and 2x12, the raw kernel and ``simulate()`` with
  all three tables in games per second, as multiples of a plain pure-Python loop with the same
  rules (``benchmarks/anchors/plain_loop.py``, checked first to play the engine's games),
  measured side by side (targets: kernel >= 100x, ``simulate()`` >= 20x).

Usage: python benchmarks/simulate.py [--quick]
  --quick   fewer games (about four times faster, noisier figures)
"""

from __future__ import annotations

import random
import resource
import sys
import time
import tracemalloc

import numpy as np
from anchors.plain_loop import plain_game, same_games

import hoyito_edu as hy
from hoyito_edu.compiled import fastsim
from hoyito_edu.compiled.codes import DEFAULT_MAX_PLIES

SEED = 2026
# variant, holes per row, engine games, fast games
RUNS = [
    ("hoyito-i", 6, 300, 30_000),
    ("hoyito-ii", 6, 150, 30_000),
    ("hoyito-iii", 6, 150, 30_000),
    ("ba-awa", 6, 1_000, 100_000),
    ("hoyito-i", 12, 12, 1_000),
    ("hoyito-ii", 12, 12, 1_000),
    ("hoyito-iii", 12, 12, 1_000),
]


def engine_seconds(variant: str, n: int, games: int) -> float:
    """Seconds to play games 0..games-1 through Position.play."""
    started = time.perf_counter()
    for game in range(games):
        pos = hy.new_game(variant, holes_per_row=n, player=game % 2)
        ply = 0
        while not pos.is_over and ply < DEFAULT_MAX_PLIES:
            legal = pos.legal_moves()
            pos = pos.play(legal[int(fastsim.random_index(SEED, [game], [ply], [len(legal)])[0])])
            ply += 1
    return time.perf_counter() - started


def fast_run(variant: str, n: int, games: int) -> tuple[float, int]:
    """Seconds and seeds dropped for games 0..games-1 through the fast path."""
    ids = np.arange(games)
    started = time.perf_counter()
    raw = fastsim.play_random_games(
        variant, ids, seed=SEED, holes_per_row=n, starters=ids % 2, tables=("moves",)
    )
    return time.perf_counter() - started, int(raw.moves["drops"].sum())


def fast_seconds_repeated(variant: str, n: int, games: int, at_least: float = 1.0) -> float:
    """Seconds per run of the same games, repeated until ``at_least`` seconds have passed."""
    runs, total = 0, 0.0
    while total < at_least:
        total += fast_run(variant, n, games)[0]
        runs += 1
    return total / runs


def simulate_seconds(variant: str, n: int, games: int, workers: int) -> float:
    started = time.perf_counter()
    hy.simulate(variant, games, holes_per_row=n, seed=SEED, workers=workers, progress=False)
    return time.perf_counter() - started


def peak_mb(variant: str, n: int, games: int) -> float:
    """Peak memory traced while simulate() builds all three tables (numpy arrays and Python
    objects), in MB. Tracing slows numpy down, so this run is not timed."""
    tracemalloc.start()
    hy.simulate(variant, games, holes_per_row=n, seed=SEED, progress=False)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return peak


def against_the_loop(n: int, scale: int) -> str:
    """Hoyito I on 2xn: the plain loop's games per second, and the kernel's and simulate()'s
    as multiples of it, each the best of three interleaved rounds."""
    loop_n, fast_n = (200 if n == 6 else 6) // scale, (40_000 if n == 6 else 400) // scale
    best = [0.0, 0.0, 0.0]
    for _ in range(3):
        started = time.perf_counter()
        for seed in range(loop_n):
            plain_game(random.Random(seed), n)
        best[0] = max(best[0], loop_n / (time.perf_counter() - started))
        started = time.perf_counter()
        fastsim.play_random_games("hoyito-i", np.arange(fast_n), seed=SEED, holes_per_row=n,
                                  tables=())
        best[1] = max(best[1], fast_n / (time.perf_counter() - started))
        best[2] = max(best[2], fast_n / simulate_seconds("hoyito-i", n, fast_n, 1))
    loop, kernel, tables = best
    return (
        f"Hoyito I 2x{n}: plain loop {loop:,.0f} games/s | raw kernel {kernel:,.0f} games/s = "
        f"{kernel / loop:.0f}x (target 100x) | simulate(), 3 tables {tables:,.0f} games/s = "
        f"{tables / loop:.0f}x (target 20x)"
    )


def main(argv: list[str]) -> int:
    scale = 4 if "--quick" in argv else 1
    fast_run("ba-awa", 6, 10)  # load the compiled kernel (it compiles once after installing)
    head = (
        f"{'variant':<11}{'size':>5} | {'engine g/s':>10}{'drops/s':>10} | {'same games':>10}"
        f"{'drops/s':>12}{'ratio':>7} | {'many g/s':>9}{'drops/s':>12} | {'tables g/s':>10}"
        f"{'2 cores':>8} | {'peak MB':>7}"
    )
    print(head)
    print("-" * len(head))
    ratios = []
    for variant, n, engine_n, fast_n in RUNS:
        engine_n, fast_n = max(4, engine_n // scale), fast_n // scale
        _, same_drops = fast_run(variant, n, engine_n)
        engine_s = engine_seconds(variant, n, engine_n)
        same_s = fast_seconds_repeated(variant, n, engine_n)
        many_s, many_drops = fast_run(variant, n, fast_n)
        ratio = engine_s / same_s
        ratios.append(ratio)
        one, two = (simulate_seconds(variant, n, fast_n, w) for w in (1, 2))
        print(
            f"{variant:<11}{f'2x{n}':>5} | {engine_n / engine_s:10,.0f}"
            f"{same_drops / engine_s:10,.0f} | {engine_n / same_s:10,.0f}"
            f"{same_drops / same_s:12,.0f}{ratio:6.0f}x | {fast_n / many_s:9,.0f}"
            f"{many_drops / many_s:12,.0f} | {fast_n / one:10,.0f}{fast_n / two:8,.0f} | "
            f"{peak_mb(variant, n, fast_n):7.0f}",
            flush=True,
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nratio fast/engine on the same games: lowest {min(ratios):.0f}x (target >= 20x)")
    print(f"process peak resident memory: {rss:.0f} MB")
    if not same_games(range(10)):
        print("the plain loop does not play the engine's games: no comparison with it")
        return 1
    print("\nagainst the plain loop (which plays the engine's games, checked on 10 seeds):")
    for n in (6, 12):
        print(against_the_loop(n, scale), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
