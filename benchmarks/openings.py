"""Which first move serves the expert best against an opponent? Prints figures; asserts nothing.

The expert sits South (it moves first) and is made to open with each legal hole in turn; from
there it plays on as usual against the opponent, ``--games`` seeded games per opening. For each
opening the script prints:

- the search's value of the opening for South against best replies (seeds ahead; a proven win
  or loss shows as ``win +m`` / ``loss -m``), searched with ``--deep`` units of work;
- which opening the expert itself chooses at its normal budget (over ``--games`` seeds);
- the games South won, drew and lost, and those still going at ``--max-plies`` (unfinished).

It shows how far "best against best replies" and "best against this opponent" can differ: in
Hoyito III against ``greedy`` the expert always opens from hole 5, which the search rates
better than hole 2, yet hole 2 won more games.

Run it with ``.venv/bin/python benchmarks/openings.py`` (Hoyito III against greedy, 20 games per
opening, a few minutes with ``--jobs 2``) or e.g. ``--variant hoyito-ii --opponent random``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import hoyito_edu as hy
from hoyito_edu.players import WIN, SearchPlayer, available, terminal_value
from hoyito_edu.sim.tournament import _play_one


def opening_value(variant: str, hole: int, work: int) -> int:
    """The value of opening ``hole`` for South, searched with ``work`` units."""
    child = hy.new_game(variant).play(hole)
    if child.is_over:
        value = terminal_value(child)
    else:
        searcher = SearchPlayer(seed=0, max_nodes=work)
        searcher.choose(child)
        value = searcher.last_search["value"]
    return value if child.player == 0 else -value


def games_after(variant: str, hole: int, opponent: str, games: int, seed: int, max_plies: int):
    """Win, draw, loss and unfinished counts for South (the expert) after opening ``hole``."""
    results: Counter = Counter()
    for game in range(games):
        rng = random.Random(f"{seed}/{variant}/{hole}/{game}")
        agents = (
            hy.player("expert", seed=rng.randrange(2**32)),
            hy.player(opponent, seed=rng.randrange(2**32)),
        )
        opened = hy.new_game(variant).play(hole)
        row = _play_one(variant, 6, agents, max_plies - 1, start=opened)  # the opening is a ply
        if not row["finished"]:
            results["unfinished"] += 1
        else:
            results[{0: "won", 1: "lost", None: "drawn"}[row["winner_seat"]]] += 1
    return results


def shown(value: int) -> str:
    if value >= WIN:
        return f"win +{value - WIN}"
    if value <= -WIN:
        return f"loss {value + WIN}"
    return f"{value:+d}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hoyito-iii", choices=hy.VARIANTS)
    parser.add_argument("--opponent", default="greedy", choices=available())
    parser.add_argument("--games", type=int, default=20, help="games per opening")
    parser.add_argument("--deep", type=int, default=1_000_000, help="work for the opening values")
    parser.add_argument("--max-plies", type=int, default=300, help="games longer are unfinished")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.deep < 1 or args.max_plies < 2:
        parser.error("--games and --deep must be at least 1, --max-plies at least 2")
    start = hy.new_game(args.variant)
    holes = list(start.legal_moves())
    chosen = Counter(hy.player("expert", seed=s).choose(start) for s in range(args.games))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        values = pool.map(opening_value, [args.variant] * len(holes), holes,
                          [args.deep] * len(holes))
        counts = pool.map(games_after, [args.variant] * len(holes), holes,
                          [args.opponent] * len(holes), [args.games] * len(holes),
                          [args.seed] * len(holes), [args.max_plies] * len(holes))
        rows = list(zip(holes, values, counts, strict=True))
    print(f"{args.variant} 2x6, expert South against {args.opponent} North, "
          f"{args.games} games per opening, unfinished after {args.max_plies} plies")
    print(f"{'opening':>7} {'value (best replies)':>21} {'expert picks':>12} "
          f"{'won':>4} {'drawn':>5} {'lost':>4} {'unfinished':>10}")
    for hole, value, result in rows:
        print(f"{hole:>7} {shown(value):>21} {chosen[hole]:>12} {result['won']:>4} "
              f"{result['drawn']:>5} {result['lost']:>4} {result['unfinished']:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
