"""Is ``Position.play`` at least as fast as the plain pure-Python loop? (issue 27)

Both play the same random Hoyito I games on 2x6 (``same_games`` of
``benchmarks/anchors/plain_loop.py`` checks it first): the plain loop (``plain_game``) and the
engine (``engine_game``, ``Position.play`` move by move). Each round times one pass of each over
the same seeds in CPU time (``time.process_time``, so other work on the machine counts less),
the two in turn; the best round of each is kept and
printed as nanoseconds a move, with the ratio. ``Position.sow`` (the move with its record) is
printed beside them for comparison.

Usage: python benchmarks/position_play.py [--quick]
"""

from __future__ import annotations

import random
import sys
import time

from anchors.plain_loop import engine_game, plain_game, same_games
from engine import sow_game


def ns_per_move(play, seeds: range) -> float:
    """CPU nanoseconds a move of ``play(random.Random(seed))`` over ``seeds``."""
    started, moves = time.process_time(), 0
    for seed in seeds:
        moves += play(random.Random(seed))[0]
    return (time.process_time() - started) * 1e9 / moves


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    seeds, rounds = range(100 if quick else 300), 5 if quick else 9
    if not same_games(range(20)):
        print("the plain loop and Position.play play different games: no fair comparison")
        return 1
    best = {"plain loop": float("inf"), "Position.play": float("inf"),
            "Position.sow (record)": float("inf")}
    plays = {"plain loop": plain_game, "Position.play": engine_game,
             "Position.sow (record)": sow_game}
    for _ in range(rounds):  # interleaved, so a busy machine slows them all alike
        for name, play in plays.items():
            best[name] = min(best[name], ns_per_move(play, seeds))
    loop = best["plain loop"]
    print(f"random Hoyito I, 2x6, {len(seeds)} games; CPU time, best of {rounds} rounds")
    print(f"{'':<24}{'ns a move':>10}{'x loop speed':>14}")
    for name, ns in best.items():
        print(f"{name:<24}{ns:>10,.0f}{loop / ns:>13.2f}x")
    met = best["Position.play"] <= loop
    print(f"target Position.play at least as fast as the loop: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
