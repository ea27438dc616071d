"""How long does "Show me" take? :func:`hoyito_edu.teaching.hints.hints` on the positions of real
games.

A hint plays every legal move and every reply with the engine: up to ``n + n*n`` moves on a
2xn board, each bounded by the lap limit. This script times ``hints()`` on every position of
seeded games between ``greedy`` and ``random`` (the kind of positions a class meets), for each
variant on 2x6 and the Hoyito variants on 2x12, and prints the median, the 95th percentile and
the worst time side by side. A click should feel immediate: the goal is a worst time well
under a second. Show me also says what perfect play gives where a cached endgame table proves
it (:func:`hoyito_edu.teaching.hints.best_play_line`): its time is printed beside, and the
first call's (which loads the tables from the cache) once at the start.

Usage: python benchmarks/hints_time.py [--quick]
"""

from __future__ import annotations

import sys
import time

import numpy as np

import hoyito_edu as hy
from hoyito_edu.teaching.hints import best_play_line, hints

RUNS = [
    ("hoyito-i", 6),
    ("hoyito-ii", 6),
    ("hoyito-iii", 6),
    ("ba-awa", 6),
    ("hoyito-i", 12),
    ("hoyito-ii", 12),
    ("hoyito-iii", 12),
]
MAX_PLIES = 400


def positions(variant: str, n: int, games: int) -> list[hy.Position]:
    """Every position of ``games`` seeded games (greedy against random), up to MAX_PLIES."""
    found = []
    for seed in range(games):
        players = (hy.player("greedy", seed=seed), hy.player("random", seed=seed + 100))
        pos = hy.new_game(variant, holes_per_row=n)
        while not pos.is_over and len(found) < (seed + 1) * MAX_PLIES:
            found.append(pos)
            pos = pos.play(players[pos.player].choose(pos))
    return found


def main() -> None:
    games = 2 if "--quick" in sys.argv else 10
    print(f"hints() per position, {games} greedy-vs-random games per row (seconds)")
    for variant in sorted({variant for variant, _ in RUNS}):  # loads the cached tables
        start = time.perf_counter()
        best_play_line(hy.new_game(variant, board=[0] * 11 + [8]))
        print(f"first best_play_line() in {variant}: {time.perf_counter() - start:.4f}")
    print(f"{'variant':<11}{'board':>6}{'positions':>11}{'median':>9}{'p95':>9}{'worst':>9}"
          f"{'best play: worst':>18}{'said':>6}")
    for variant, n in RUNS:
        times, extra, said = [], [], 0
        for pos in positions(variant, n, games):
            start = time.perf_counter()
            hints(pos)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            said += best_play_line(pos) is not None
            extra.append(time.perf_counter() - start)
        t = np.array(times)
        print(
            f"{variant:<11}{f'2x{n}':>6}{len(t):>11,}{np.median(t):>9.4f}"
            f"{np.percentile(t, 95):>9.4f}{t.max():>9.4f}{max(extra):>18.4f}{said:>6}"
        )


if __name__ == "__main__":
    main()
