"""When should the board offer to end a quiet game? (``words.QUIET_PLIES_BEFORE_OFFER``, R4.5)

The board offers "End the game: each takes the seeds on their side" once no capture has
happened for a while. This script plays seeded games of greedy against beginner (the kind of
play a class sees) through the engine and cuts each game into runs of moves between captures.
For each candidate threshold K it prints how many runs reach K and, of those, the median
length and the share that go on past 2K: a good threshold is rarely reached in a game that
will soon capture again, and once reached the seeds usually go on wandering. The last table
gives the longest run per game on 2x12, where the seeds wander much longer.

Usage: python benchmarks/quiet_offer.py   (about a minute)
"""

from __future__ import annotations

import numpy as np

import hoyito_edu as hy
from hoyito_edu.teaching.words import QUIET_PLIES_BEFORE_OFFER

CANDIDATES = (20, 30, 40, 60, 80)
GAMES_2X6 = 150
GAMES_2X12 = 20
CAP = 5_000


def runs_of(variant: str, n: int, seed: int) -> tuple[list[int], int]:
    """The capture-free runs of one game (moves), and its longest run."""
    players = (hy.player("greedy", seed=seed), hy.player("beginner", seed=1000 + seed))
    pos, runs, longest, plies = hy.new_game(variant, holes_per_row=n), [], 0, 0
    while not pos.is_over and plies < CAP:
        after = pos.play(players[pos.player].choose(pos))
        plies += 1
        if after.quiet_plies == 0 or after.is_over:
            runs.append(pos.quiet_plies + (after.quiet_plies != 0))
        longest = max(longest, after.quiet_plies)
        pos = after
    return runs, longest


def main() -> None:
    print(f"The board offers after {QUIET_PLIES_BEFORE_OFFER} quiet moves.")
    runs = []
    for variant in ("hoyito-i", "hoyito-ii", "hoyito-iii"):
        for seed in range(GAMES_2X6):
            runs += runs_of(variant, 6, seed)[0]
    r = np.array(runs)
    print(f"\nHoyito I-III on 2x6, {3 * GAMES_2X6} games, {len(r):,} runs between captures")
    print(f"{'K':>4}{'runs >= K':>11}{'share':>8}{'median of those':>17}{'past 2K':>9}")
    for k in CANDIDATES:
        long = r[r >= k]
        median = np.median(long) if len(long) else 0
        past = (long >= 2 * k).mean() if len(long) else 0
        print(f"{k:>4}{len(long):>11}{len(long) / len(r):>8.1%}{median:>17.1f}{past:>9.0%}")
    print(f"\nLongest run per game on 2x12 ({GAMES_2X12} games each, cap {CAP:,} moves)")
    for variant in ("hoyito-i", "hoyito-ii"):
        longest = np.array([runs_of(variant, 12, seed)[1] for seed in range(GAMES_2X12)])
        print(f"{variant:<11} median {np.median(longest):>7.0f}   max {longest.max():>6}")


if __name__ == "__main__":
    main()
