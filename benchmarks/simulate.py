"""Random games per second: the engine, one move at a time, against the fast path.

For each variant and board size, the same games (same seed, same game numbers) are played
twice: through the engine (``Position.play`` in a plain Python loop, choosing with the shared
random stream) and through the compiled fast path (``hoyito_edu.fastsim``). It prints games/s
and seed drops/s for both, side by side, their ratio (the figure we hold ourselves to: at
least 20x), games/s of ``simulate()`` with all three tables built (one process and two), and
the peak memory of that ``simulate()`` call (traced in a separate run).

Usage: python benchmarks/simulate.py [--quick]
  --quick   fewer games (about four times faster, noisier figures)
"""

from __future__ import annotations

import resource
import sys
import time
import tracemalloc

import numpy as np

import hoyito_edu as hy
from hoyito_edu import fastsim
from hoyito_edu.simulate import DEFAULT_MAX_PLIES

SEED = 2026
# variant, holes per row, engine games, fast games
RUNS = [
    ("hoyito-i", 6, 300, 30_000),
    ("hoyito-ii", 6, 150, 30_000),
    ("hoyito-iii", 6, 150, 30_000),
    ("ba-awa", 6, 1_000, 100_000),
    ("hoyito-i", 12, 12, 3_000),
    ("hoyito-ii", 12, 12, 3_000),
    ("hoyito-iii", 12, 12, 3_000),
]


def engine_games(variant: str, n: int, games: int) -> float:
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


def fast_games(variant: str, n: int, games: int, **keep) -> tuple[float, fastsim.RawRun]:
    ids = np.arange(games)
    started = time.perf_counter()
    raw = fastsim.play_random_games(variant, ids, seed=SEED, holes_per_row=n,
                                    starters=ids % 2, **keep)  # fmt: skip
    return time.perf_counter() - started, raw


def drops_of(raw: fastsim.RawRun, games: int) -> int:
    return int(raw.moves["drops"][raw.moves["game"] < games].sum())


def peak_mb(run) -> tuple[float, object]:
    """Peak memory traced while ``run()`` works (numpy arrays and Python objects), in MB.
    Tracing slows numpy down, so this is a separate run from the timed ones."""
    tracemalloc.start()
    value = run()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return peak, value


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    scale = 4 if quick else 1
    fast_games("ba-awa", 6, 10)  # load the compiled kernel (compiles once after installing)
    head = (
        f"{'variant':<11}{'size':>5} | {'engine g/s':>10}{'drops/s':>11} | {'fast g/s':>10}"
        f"{'drops/s':>12} | {'ratio':>6} | {'tables g/s':>10}{'2 cores':>9} | {'peak MB':>7}"
    )
    print(head)
    print("-" * len(head))
    ratios = []
    for variant, n, engine_n, fast_n in RUNS:
        engine_n, fast_n = max(4, engine_n // scale), fast_n // scale
        _, sample = fast_games(variant, n, engine_n, moves=True, captures=False)
        engine_s = engine_games(variant, n, engine_n)
        fast_s, raw = fast_games(variant, n, fast_n, moves=True, captures=False)
        engine_rate, fast_rate = engine_n / engine_s, fast_n / fast_s
        ratio = fast_rate / engine_rate
        ratios.append(ratio)
        tables_s, two_s = simulate_times(variant, n, fast_n)
        peak, _ = peak_mb(lambda v=variant, k=n, f=fast_n: run_simulate(v, k, f, workers=1))
        print(
            f"{variant:<11}{f'2x{n}':>5} | {engine_rate:10,.0f}"
            f"{drops_of(sample, engine_n) / engine_s:11,.0f} | {fast_rate:10,.0f}"
            f"{drops_of(raw, fast_n) / fast_s:12,.0f} | {ratio:5.0f}x | "
            f"{fast_n / tables_s:10,.0f}{fast_n / two_s:9,.0f} | {peak:7.0f}",
            flush=True,
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nratio fast/engine (games/s): lowest {min(ratios):.0f}x, target >= 20x")
    print(f"process peak resident memory: {rss:.0f} MB")
    return 0


def run_simulate(variant: str, n: int, games: int, workers: int) -> float:
    """Seconds for simulate() with all three tables."""
    started = time.perf_counter()
    hy.simulate(variant, games, holes_per_row=n, seed=SEED, workers=workers, progress=False)
    return time.perf_counter() - started


def simulate_times(variant: str, n: int, games: int) -> tuple[float, float]:
    """Seconds for simulate() with all three tables, in one process and in two."""
    return run_simulate(variant, n, games, 1), run_simulate(variant, n, games, 2)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
