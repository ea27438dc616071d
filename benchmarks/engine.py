"""How fast is the engine, against a plain pure-Python loop with the same rules?

The yardstick is ``_plain_loop.plain_game``: random Hoyito I on 2x6 in about 40 lines of plain
Python, no move records. First the script checks that the loop and ``Position.play`` play the
same games (plies and captures) for a few seeds, so the comparison is fair. Then, measured side
by side in this run (rounds interleaved, the best round of each kept):

- ``Position.play``: moves per second, and the ratio to the loop's (target: at least 1x);
- ``Position.sow`` (the move with its record of events), for comparison;
- the raw compiled kernel (``fastsim.play_random_games`` with no tables): games per second, and
  the ratio to the loop's games per second (target: at least 100x);
- ``simulate()`` with all three tables, one process: games per second and ratio (target: 20x);
- the compiled search (``fastsearch``, the ``expert``'s path): positions reached (moves played
  on first expansion) and positions visited per second, and the ratio of the first to the
  loop's moves per second.

The kernel and ``simulate()`` play other random games than the loop (their own seeded random
stream), of the same rules on the same board: the ratios are of games per second.

Usage: python benchmarks/engine.py [--quick]
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np
from _plain_loop import engine_game, plain_game, same_games

import hoyito_edu as hy
from hoyito_edu.compiled import fastsim
from hoyito_edu.compiled import search as fastsearch


def per_second(play, seeds: range) -> tuple[float, float]:
    """(games, moves) per second of ``play(random.Random(seed))`` over ``seeds``."""
    started, moves = time.perf_counter(), 0
    for seed in seeds:
        moves += play(random.Random(seed))[0]
    seconds = time.perf_counter() - started
    return len(seeds) / seconds, moves / seconds


def sow_game(rng: random.Random) -> tuple[int, list[int]]:
    """``engine_game`` with ``Position.sow`` (the move record kept) instead of ``play``."""
    pos, plies = hy.new_game("hoyito-i"), 0
    while not pos.is_over:
        legal = pos.legal_moves()
        pos = pos.sow(legal[rng.randrange(len(legal))]).after
        plies += 1
    return plies, list(pos.captures)


def kernel_games(games: int) -> tuple[float, float]:
    """(games, moves) per second of the raw kernel: random Hoyito I on 2x6, no tables kept."""
    ids = np.arange(games)
    started = time.perf_counter()
    raw = fastsim.play_random_games("hoyito-i", ids, seed=1, moves=False, captures=False)
    seconds = time.perf_counter() - started
    return games / seconds, int(raw.games["plies"].sum()) / seconds


def simulate_games(games: int) -> float:
    """Games per second of ``simulate()`` with the games, moves and captures tables."""
    started = time.perf_counter()
    hy.simulate("hoyito-i", games, seed=1, progress=False)
    return games / (time.perf_counter() - started)


def search_positions(nodes: int) -> tuple[float, float]:
    """(positions reached, positions visited) per second of the compiled search, from the
    first positions of a seeded random Hoyito I game, with a work budget of ``nodes``."""
    rng, pos, reached, visited, seconds = random.Random(7), hy.new_game("hoyito-i"), 0, 0, 0.0
    search = fastsearch.CompiledSearch()
    for _ in range(6):
        order = list(pos.legal_moves())
        started = time.perf_counter()
        search.search(pos, order, 40, nodes, None)
        seconds += time.perf_counter() - started
        work, visits = search.spent()
        reached, visited = reached + work, visited + visits
        pos = pos.play(rng.choice(order))
    return reached / seconds, visited / seconds


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    seeds, rounds = range(100 if quick else 300), 3 if quick else 5
    kernel_n, simulate_n, nodes = (20_000, 5_000, 50_000) if quick else (100_000, 20_000, 200_000)
    if not same_games(range(20)):
        print("the plain loop and Position.play play different games: no fair comparison")
        return 1
    print("the plain loop and Position.play play the same 20 games (plies and captures)")
    kernel_games(10), search_positions(100)  # compile or load the compiled code first
    best: dict[str, float] = {}
    for _ in range(rounds):  # interleaved, so a busy machine slows them all alike
        figures = {
            "loop moves/s": per_second(plain_game, seeds)[1],
            "loop games/s": per_second(plain_game, seeds)[0],
            "play moves/s": per_second(engine_game, seeds)[1],
            "sow moves/s": per_second(sow_game, seeds)[1],
            "kernel games/s": kernel_games(kernel_n)[0],
            "kernel moves/s": kernel_games(kernel_n)[1],
            "simulate games/s": simulate_games(simulate_n),
            "search reached/s": search_positions(nodes)[0],
        }
        for key, value in figures.items():
            best[key] = max(best.get(key, 0.0), value)
    loop_moves, loop_games = best["loop moves/s"], best["loop games/s"]
    rows = [
        ("plain loop (yardstick)", loop_moves, "moves/s", 1.0, None),
        ("Position.play", best["play moves/s"], "moves/s", best["play moves/s"] / loop_moves, 1),
        ("Position.sow (record)", best["sow moves/s"], "moves/s", best["sow moves/s"] / loop_moves,
         None),
        ("plain loop (yardstick)", loop_games, "games/s", 1.0, None),
        ("raw kernel", best["kernel games/s"], "games/s", best["kernel games/s"] / loop_games, 100),
        ("simulate(), 3 tables", best["simulate games/s"], "games/s",
         best["simulate games/s"] / loop_games, 20),
        ("compiled search", best["search reached/s"], "positions/s",
         best["search reached/s"] / loop_moves, None),
    ]
    print(f"\nrandom Hoyito I, 2x6; best of {rounds} interleaved rounds")
    print(f"{'':<24}{'per second':>14}  {'unit':<12}{'x loop':>8}  target")
    for name, value, unit, ratio, target in rows:
        met = target is not None and ratio >= target
        goal = "" if target is None else f">= {target}x " + ("met" if met else "NOT met")
        print(f"{name:<24}{value:>14,.0f}  {unit:<12}{ratio:>7.2f}x  {goal}")
    print(
        f"raw kernel: {1e9 / best['kernel moves/s']:.0f} ns a move; the plain loop "
        f"{1e9 / loop_moves:,.0f} ns; the kernel's games are "
        f"{best['kernel moves/s'] / best['kernel games/s']:.0f} plies long on average"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
