"""How long does the ``expert`` take a move? Prints figures; asserts nothing.

Issue 28's target: the expert's median move at most 1 s, its first move never waiting for
compilation. For every rule set on 2x6 and 2x12 (Ba-awa: 2x6 only), the expert plays seeded
games against ``greedy`` (one game in each seat per seed, at most ``--plies`` plies a game) and
every ``choose()`` is timed. It prints the median, the 95th percentile and the worst seconds a move,
the expert's median search depth and how many moves the endgame tables played. Each process
first plays one expert move before timing anything, and prints how long that took: it loads
numba's compiled code from its cache (``make`` fills the cache at set-up) and the cached
endgame tables; without numba's cache it compiles, which takes minutes.

Usage: python benchmarks/expert_moves.py [--seeds 2] [--plies 200] [--sizes 6 12]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _measure import percentile

import hoyito_edu as hy


def first_move() -> float:
    """Seconds of the expert's first move in this process (Hoyito I, 2x6, from the start)."""
    started = time.perf_counter()
    hy.player("expert", seed=0).choose(hy.new_game("hoyito-i"))
    return time.perf_counter() - started


def timed_games(variant: str, n: int, seeds: int, plies: int) -> tuple[list[float], list, int]:
    """Seconds and depths of every expert move in ``seeds`` pairs of seeded games, and the
    moves the endgame tables played."""
    seconds, depths, tables = [], [], 0
    for seed in range(seeds):
        for seat in (0, 1):
            expert = hy.player("expert", seed=seed)
            other = hy.player("greedy", seed=seed + 1000)
            pos = hy.new_game(variant, holes_per_row=n)
            for _ in range(plies):
                if pos.is_over:
                    break
                if pos.player == seat:
                    started = time.perf_counter()
                    hole = expert.choose(pos)
                    seconds.append(time.perf_counter() - started)
                    depths.append(expert.last_search.get("depth", 0))
                    tables += bool(expert.last_search.get("endgame"))
                else:
                    hole = other.choose(pos)
                pos = pos.play(hole)
    return seconds, depths, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="pairs of games per row")
    parser.add_argument("--plies", type=int, default=200, help="most plies a game")
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 12])
    parser.add_argument("--variants", nargs="+", default=list(hy.VARIANTS), choices=hy.VARIANTS)
    args = parser.parse_args()
    print(f"first expert move in this process: {first_move():.2f} s")
    print(f"expert against greedy, {args.seeds} pair(s) of seeded games a row, "
          f"at most {args.plies} plies a game (seconds a move)")
    print(f"{'variant':<11}{'board':>6}{'moves':>7}{'median':>8}{'p95':>8}{'max':>8}"
          f"{'depth':>7}{'tables':>8}")
    for n in args.sizes:
        for variant in args.variants:
            try:
                hy.new_game(variant, holes_per_row=n)
            except ValueError:  # Ba-awa is played on 2x6 only
                continue
            seconds, depths, tables = timed_games(variant, n, args.seeds, args.plies)
            print(f"{variant:<11}{f'2x{n}':>6}{len(seconds):>7}{statistics.median(seconds):>8.3f}"
                  f"{percentile(seconds, 0.95):>8.3f}{max(seconds):>8.3f}"
                  f"{statistics.median(depths):>7.0f}{tables:>8}", flush=True)


if __name__ == "__main__":
    main()
