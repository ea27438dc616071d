"""How long do capture-free stretches last in games that end by themselves? (R4.5)

The quiet limit (rule option ``quiet_limit``) ends a game after that many plies in a row
without a capture. A limit meant only for games whose seeds wander for ever must sit far above
the stretches of games that end by themselves. For each game this script takes its longest
stretch: the most plies in a row without a capture before its last move (the count the quiet
limit checks; the last move ends the game by its own rule whatever the count). Games stopped
by the ply cap are left out of the percentiles (they did not end by themselves) and counted
apart.

- **random**: random vs random through the fast path (``hoyito_edu.compiled.fastsim``), every
variant
  on 2x6 and the three Hoyito variants on 2x12, with a ply cap of 200,000 so that long games
  that do end are not cut off.
- **greedy / intermediate / expert vs greedy**: smaller samples through the engine
  (``Position.play`` and the players), ply cap 20,000; ``quiet_plies`` is read from the
  positions themselves.

The rules are the defaults (lap limit 1,000, no quiet limit). The last table says, for some
candidate limits, how many finished games each would have stopped, and how many of the games
stopped at the ply cap it would have ended sooner.

The figures decide the board's quiet limit (``BOARD_QUIET_LIMIT``, 50,000 plies;
docs/rules-in-words.md says why): on 2x6 no finished game went past 798 plies, on 2x12 none
past 31,088, and of 30,000 random 2x12 games 768 reached 10,000 plies, 15 reached 20,000 and
one 30,000.

Usage: python benchmarks/quiet_stretches.py [--quick]
  --quick   about a tenth of the games (about two minutes instead of ten; rougher tails)
"""

from __future__ import annotations

import sys
import time

import numpy as np

import hoyito_edu as hy
from hoyito_edu.compiled import fastsim, kernel

SEED = 2026
PERCENTILES = (50, 90, 99, 99.9, 99.99)
CANDIDATES = (500, 1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 50_000, 100_000)
RANDOM_CAP = 200_000
ENGINE_CAP = 20_000
# variant, holes per row, random games
RANDOM_RUNS = [
    ("hoyito-i", 6, 50_000),
    ("hoyito-ii", 6, 50_000),
    ("hoyito-iii", 6, 50_000),
    ("ba-awa", 6, 50_000),
    ("hoyito-i", 12, 10_000),
    ("hoyito-ii", 12, 10_000),
    ("hoyito-iii", 12, 10_000),
]
# players (South's level against greedy; "greedy" alone: greedy vs greedy), games on 2x6, 2x12
ENGINE_PAIRS = [("greedy", 400, 40), ("intermediate", 100, 8), ("expert", 8, 2)]


def longest_stretches(moves: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(game numbers, longest stretch of each): plies in a row without a capture, counted as
    ``Position.quiet_plies`` counts them, before each game's last move."""
    game = moves["game"]
    took = sum(moves[name].astype(np.int64) for name in fastsim.TAKE_FIELDS) > 0
    index = np.arange(game.size)
    first = np.r_[True, game[1:] != game[:-1]]
    last = np.r_[game[1:] != game[:-1], True]
    restart = np.where(took, index, -1)
    restart[first] = np.maximum(restart[first], index[first] - 1)  # each game counts from 0
    quiet = index - np.maximum.accumulate(restart)
    quiet[last] = 0
    starts = np.flatnonzero(first)
    return game[starts], np.maximum.reduceat(quiet, starts)


def random_sample(variant: str, n: int, games: int) -> tuple[np.ndarray, np.ndarray]:
    """Longest stretches of random games: (stretches of finished games, of capped games)."""
    finished, capped = [], []
    chunk = 20_000 if n == 6 else 250
    for first in range(0, games, chunk):
        ids = np.arange(first, min(games, first + chunk))
        raw = fastsim.play_random_games(variant, ids, seed=SEED, holes_per_row=n,
                                        starters=ids % 2, max_plies=RANDOM_CAP,
                                        tables=("moves",))
        numbers, stretch = longest_stretches(raw.moves)
        assert np.array_equal(numbers, raw.games["game"])
        cap = raw.games["end_reason"] == kernel.PLY_CAP
        finished.append(stretch[~cap])
        capped.append(stretch[cap])
    return np.concatenate(finished), np.concatenate(capped)


def engine_game(variant: str, n: int, level: str, game: int) -> tuple[int, bool]:
    """One game of ``level`` against greedy (sides alternating): its longest stretch, and
    whether the ply cap stopped it."""
    seats = [hy.player(level, seed=1000 + game), hy.player("greedy", seed=2000 + game)]
    if game % 2:
        seats.reverse()
    pos = hy.new_game(variant, holes_per_row=n, player=game % 4 // 2)
    longest = plies = 0
    while not pos.is_over and plies < ENGINE_CAP:
        pos = pos.play(seats[pos.player].choose(pos))
        plies += 1
        if not pos.is_over:
            longest = max(longest, pos.quiet_plies)
    return longest, not pos.is_over


def engine_sample(variant: str, n: int, level: str, games: int):
    results = [engine_game(variant, n, level, game) for game in range(games)]
    stretch = np.array([s for s, _ in results], dtype=np.int64)
    cap = np.array([c for _, c in results], dtype=bool)
    return stretch[~cap], stretch[cap]


def row(label: str, finished: np.ndarray, capped: np.ndarray, seconds: float) -> str:
    if finished.size:
        cuts = np.percentile(finished, PERCENTILES, method="higher")
        figures = "".join(f"{int(c):>8,}" for c in cuts) + f"{int(finished.max()):>9,}"
    else:
        figures = "".join(f"{'-':>8}" for _ in PERCENTILES) + f"{'-':>9}"
    return f"{label:<40}{finished.size:>8,}{capped.size:>7,}{figures}{seconds:>8.1f}"


def main(quick: bool) -> None:
    scale = 10 if quick else 1
    head = "".join(f"{'p' + str(p):>8}" for p in PERCENTILES)
    print(f"Longest capture-free stretch per game, in plies (seed {SEED}; default rules)")
    print(f"{'sample':<40}{'ended':>8}{'capped':>7}{head}{'max':>9}{'s':>8}")
    samples = {}
    for variant, n, games in RANDOM_RUNS:
        started = time.perf_counter()
        finished, capped = random_sample(variant, n, max(games // scale, 200))
        label = f"{variant} 2x{n} random vs random"
        samples[label] = (finished, capped)
        print(row(label, finished, capped, time.perf_counter() - started), flush=True)
    for level, six, twelve in ENGINE_PAIRS:
        for variant, n, _ in RANDOM_RUNS:
            games = six if n == 6 else twelve
            games = max(games // scale, 1)
            started = time.perf_counter()
            finished, capped = engine_sample(variant, n, level, games)
            label = f"{variant} 2x{n} {level} vs greedy"
            samples[label] = (finished, capped)
            print(row(label, finished, capped, time.perf_counter() - started), flush=True)
    print()
    print("Games a quiet limit would have stopped, of all the games above (random and engine)")
    print(f"{'limit':>8}{'finished 2x6':>20}{'finished 2x12':>20}{'capped':>16}")

    def pooled(size: str, capped: bool) -> np.ndarray:
        parts = [s[capped] for label, s in samples.items() if size in label]
        return np.concatenate(parts)

    for limit in CANDIDATES:
        cells = []
        for stretches in (pooled("2x6", False), pooled("2x12", False), pooled("2x", True)):
            cells.append(f"{int((stretches >= limit).sum()):,} of {stretches.size:,}")
        print(f"{limit:>8,}{cells[0]:>20}{cells[1]:>20}{cells[2]:>16}")


if __name__ == "__main__":
    main("--quick" in sys.argv[1:])
