"""How strong and how fast is the ``expert`` level? Prints figures; asserts nothing.

For each variant on 2x6, ``expert`` plays 200 games against ``random`` and 200 against
``greedy`` (half of them in each seat, all seeded), and the script prints its win, draw and
loss rates, its points (a win 1, a draw 1/2) and the median and 95th-percentile time it took
per move. The targets (issue 16): no losses, at least 99 % of the points against random and
90 % against greedy, with the first two plies random (``--random-opening``), and a median move
time <= 1 s on the project's 2-core machine. It also prints how deep the expert
searched (median, and the 5th percentile: the shallowest moves, usually openings).

Run it with ``make bench`` or ``.venv/bin/python benchmarks/agents.py`` (several minutes;
``--jobs 2`` uses both cores, ``--games 40`` for a quick look). ``--random-opening`` plays the
first two plies of every game at random (issue 16, as engine testers randomise openings);
``--expert-settings '{"max_depth": 12}'`` (JSON) changes the expert, here and in
``--mode pairs``, to measure a change against the expert as it is.

Two more modes (issue 16):

- ``--mode pairs``: the expert against ``mcts`` at equal time a move (``--seconds``, 1 by
  default; the expert's node budget is lifted so that both think for the same time), in
  ``--pairs`` pairs of games per rule set with seats swapped. Prints, per rule set, the
  expert's wins, draws and losses and its mean margin from each seat, every pair's margin (the
  expert's two scores minus mcts's two), their mean and the worst, and the games stopped at the
  ply cap. Time-limited play is not reproducible run to run.
- ``--mode ladder``: one round robin of every level (random, beginner, greedy, intermediate,
  mcts at ``--seconds`` a move, expert), ``--games`` games per pair and rule set, and the Elo
  ladder fitted to it (``hoyito_edu.sim.tournament.standings``: Bradley-Terry, all games at once).
- ``--mode warm``: in a new Python process (as a new session would start), the seconds to
  import the package and to play the first ``mcts`` and ``expert`` move (``--seconds`` a
  move), then a second one: with numba's cache in place (``make`` fills it at set-up) the
  first move takes no longer than the second; without it, minutes.
- ``--mode playouts``: how many playouts a second ``mcts`` plays (``--seconds`` a move) from
  the start and from a position 20 random plies in, per rule set.
- ``--mode speed``: ``mcts`` playouts and the expert's search nodes per second of CPU time on
  2x6, from the start and 20 random plies in, per rule set (the best of ``--rounds`` rounds).
  ``--compare PATH`` measures another checkout of the package in the same run, each round in
  a fresh process per checkout, rounds interleaved, and prints the ratio (this one / PATH),
  e.g. ``--compare /work/main`` for the code before a change.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import pandas as pd

import hoyito_edu as hy
from hoyito_edu.players import available
from hoyito_edu.sim.tournament import play_games, standings

CHUNK = 20  # games per task: a tournament seed of its own, seats alternating inside it


class Timed:
    """Wraps a player and records how long each ``choose()`` took."""

    def __init__(self, agent, times: list[float], depths: list[int]):
        self.agent, self.times, self.depths, self.name = agent, times, depths, agent.name

    def choose(self, position):
        start = time.perf_counter()
        hole = self.agent.choose(position)
        self.times.append(time.perf_counter() - start)
        self.depths.append(self.agent.last_search["depth"])
        return hole


class RandomOpening:
    """Plays a uniformly random legal move (its own seeded generator) in the first two plies of
    a game, as engine testers randomise openings, and lets ``agent`` choose after that."""

    def __init__(self, agent, seed: int):
        self.agent, self.name, self.rng = agent, agent.name, random.Random(seed)

    def choose(self, position):
        if in_opening(position):
            return self.rng.choice(position.legal_moves())
        return self.agent.choose(position)


def in_opening(position) -> bool:
    """True in a game's first two plies: nothing captured yet and at most one position before
    this one (a capture on the first ply ends the opening at once)."""
    return position.captures == (0, 0) and len(position.history_since_capture()) <= 2


def run_chunk(variant: str, opponent: str, chunk: int, games: int, settings: dict,
              random_opening: bool = False):
    times: list[float] = []
    depths: list[int] = []

    def opening(agent, seed):
        return RandomOpening(agent, seed + 1) if random_opening else agent

    players = {
        "expert": lambda seed: opening(
            Timed(hy.player("expert", seed=seed, **settings), times, depths), seed
        ),
        opponent: lambda seed: opening(hy.player(opponent, seed=seed), seed),
    }
    start = time.perf_counter()
    table = play_games(players, [variant], games_per_pairing=games, seed=1000 + chunk)
    return variant, opponent, table, (times, depths), time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per variant and opponent")
    parser.add_argument("--variants", nargs="+", default=list(hy.VARIANTS), choices=hy.VARIANTS)
    parser.add_argument("--opponents", nargs="+", default=["random", "greedy"], choices=available())
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2)")
    parser.add_argument("--max-nodes", type=int, default=None, help="override expert's budget")
    parser.add_argument(
        "--mode", choices=["levels", "pairs", "ladder", "playouts", "warm", "speed"],
        default="levels",
    )
    parser.add_argument(
        "--random-opening", action="store_true", help="first two plies random (levels mode)"
    )
    parser.add_argument("--compare", default=None, help="another checkout (--mode speed)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (--mode speed)")
    parser.add_argument("--pairs", type=int, default=40, help="pairs of games (--mode pairs)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time a move (pairs, ladder)")
    parser.add_argument(
        "--expert-settings",
        default="{}",
        help="JSON settings of the expert (pairs), e.g. '{\"max_depth\": 12}'",
    )
    args = parser.parse_args(argv)
    if args.mode == "pairs":
        return run_pairs(args)
    if args.mode == "ladder":
        return run_ladder(args)
    if args.mode == "playouts":
        return run_playouts(args)
    if args.mode == "warm":
        return run_warm(args)
    if args.mode == "speed":
        return run_speed(args)
    settings = json.loads(args.expert_settings)
    if args.max_nodes is not None:
        settings["max_nodes"] = args.max_nodes
    tasks = []
    for variant in args.variants:
        for opponent in args.opponents:
            left, chunk = args.games, 0
            while left > 0:
                tasks.append((variant, opponent, chunk, min(CHUNK, left), settings,
                              args.random_opening))
                left -= CHUNK
                chunk += 1
    opening = "; first two plies random" if args.random_opening else ""
    print(f"expert = {hy.player('expert', **settings)!r}; {len(tasks)} tasks{opening}", flush=True)
    expected = {}
    for variant, opponent, *_ in tasks:
        expected[variant, opponent] = expected.get((variant, opponent), 0) + 1
    results: dict[tuple[str, str], list] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_chunk, *task) for task in tasks]
        for done, future in enumerate(as_completed(futures), 1):
            variant, opponent, table, times, seconds = future.result()
            parts = results.setdefault((variant, opponent), [])
            parts.append((table, times))
            print(
                f"[{done}/{len(tasks)} {time.perf_counter() - started:6.0f} s] {variant} vs "
                f"{opponent}: {len(table)} games in {seconds:.0f} s",
                flush=True,
            )
            if len(parts) == expected[variant, opponent]:
                print(HEADER + "\n" + summary_row(variant, opponent, parts), flush=True)
    print("\nAll results\n" + HEADER)
    for (variant, opponent), parts in sorted(results.items()):
        print(summary_row(variant, opponent, parts))
    all_times, all_depths = moves_measured([part for parts in results.values() for part in parts])
    print(
        f"\nexpert move time over {len(all_times)} moves: median "
        f"{statistics.median(all_times):.3f} s, p95 {percentile(all_times, 95):.3f} s"
        f" (with {args.jobs} process(es) on this machine; other load slows it); depth searched:"
        f" median {statistics.median(all_depths):.0f}, 5th percentile {percentile(all_depths, 5)}"
    )
    return 0


HEADER = (
    f"{'variant':<11} {'opponent':<8} {'games':>5} {'win %':>6} {'draw %':>6} {'loss %':>6}"
    f" {'unfin.':>6} {'points %':>8} {'South win %':>11} {'North win %':>11} {'median s':>8}"
    f" {'p95 s':>6} {'moves':>6} {'depth':>6} {'p5':>5}"
)


def percentile(values: list[float], q: float) -> float:
    return sorted(values)[int(q / 100 * (len(values) - 1))]


def moves_measured(parts: list) -> tuple[list[float], list[int]]:
    """The expert's move times and search depths over all of ``parts`` (chunks' results)."""
    times = [t for _, (ts, _) in parts for t in ts]
    depths = [d for _, (_, ds) in parts for d in ds]
    return times, depths


def summary_row(variant: str, opponent: str, parts: list) -> str:
    """One line of the results table: expert's rates against ``opponent`` and its move times."""
    games = pd.concat([table for table, _ in parts], ignore_index=True)
    times, depths = moves_measured(parts)
    done = games[games["finished"]]
    n = len(games)
    wins = (done["winner"] == "expert").sum()
    draws = done["winner"].isna().sum()
    south = games[games["south"] == "expert"]
    north = games[games["north"] == "expert"]
    return (
        f"{variant:<11} {opponent:<8} {n:>5} {100 * wins / n:>6.1f} {100 * draws / n:>6.1f}"
        f" {100 * (len(done) - wins - draws) / n:>6.1f} {n - len(done):>6}"
        f" {100 * (wins + draws / 2) / n:>8.1f}"
        f" {100 * (south['winner'] == 'expert').mean():>11.1f}"
        f" {100 * (north['winner'] == 'expert').mean():>11.1f}"
        f" {statistics.median(times):>8.3f} {percentile(times, 95):>6.3f} {len(times):>6}"
        f" {statistics.median(depths):>6.0f} {percentile(depths, 5):>5}"
    )


# -- expert against mcts, in pairs of games with seats swapped ----------------------------------
def pair_players(seconds: float, settings: dict | None = None) -> dict:
    """The expert (with ``settings``) and mcts, both limited to ``seconds`` a move (the
    expert's node budget lifted)."""
    mine = {"time_limit": seconds, "max_nodes": None, **(settings or {})}
    return {
        "expert": lambda seed: hy.player("expert", seed=seed, **mine),
        "mcts": lambda seed: hy.player("mcts", seed=seed, time_limit=seconds),
    }


def run_pair_games(variant: str, pair: int, seconds: float, settings: dict | None = None):
    """Pair ``pair`` in ``variant``: in its first game the expert is South, then North."""
    start = time.perf_counter()
    players = pair_players(seconds, settings)
    table = play_games(players, [variant], games_per_pairing=2, seed=1600 + pair)
    return variant, table.assign(pair=pair), time.perf_counter() - start


def pair_report(variant: str, table: pd.DataFrame) -> str:
    """Per seat: the expert's wins, draws, losses and mean margin; per pair: its margin."""
    lines = [f"{variant}: {len(table)} games, {(~table['finished']).sum()} stopped at the ply cap"]
    sign = table["south"].eq("expert").map({True: 1, False: -1})
    table = table.assign(expert_margin=table["margin"] * sign)
    for seat, column in (("South", "south"), ("North", "north")):
        mine = table[table[column] == "expert"]
        wins = (mine["winner"] == "expert").sum()
        losses = (mine["winner"] == "mcts").sum()
        draws = (mine["finished"] & mine["winner"].isna()).sum()
        capped = (~mine["finished"]).sum()
        pairs = zip(mine["south_score"], mine["north_score"], strict=True)
        scores = ", ".join(f"{s}-{n}" for s, n in pairs)
        lines.append(
            f"  expert as {seat}: {wins} W {draws} D {losses} L {capped} at the cap, mean margin "
            f"{mine['expert_margin'].mean():+.1f} (scores South-North: {scores})"
        )
    pair_margins = table.groupby("pair")["expert_margin"].sum()
    lines.append(
        f"  pair margins (expert's two scores minus mcts's two): {list(pair_margins)}; mean "
        f"{pair_margins.mean():+.1f}, worst {pair_margins.min():+d}, pairs behind "
        f"{(pair_margins < 0).sum()}; plies per game median {table['plies'].median():.0f}"
    )
    return "\n".join(lines)


def run_pairs(args) -> int:
    settings = json.loads(args.expert_settings)
    print(f"expert {settings} vs mcts, {args.pairs} pairs per rule set, {args.seconds} s a "
          f"move, 2x6", flush=True)
    started = time.perf_counter()
    tables: dict[str, list] = {variant: [] for variant in args.variants}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_pair_games, variant, pair, args.seconds, settings)
                   for pair in range(args.pairs) for variant in args.variants]
        for future in as_completed(futures):
            variant, table, seconds = future.result()
            tables[variant].append(table)
            scores = ", ".join(f"{s}-{n}" for s, n in zip(table["south_score"],
                               table["north_score"], strict=True))
            print(f"[{time.perf_counter() - started:6.0f} s] {variant} pair {table['pair'][0]} "
                  f"(expert South, then North; South-North): {scores}, plies "
                  f"{list(table['plies'])}", flush=True)
    print()
    for variant, parts in tables.items():
        if parts:
            print(pair_report(variant, pd.concat(parts, ignore_index=True)))
    return 0


def run_playouts(args) -> int:
    """Playouts a second of ``mcts`` at ``args.seconds`` a move, per rule set (2x6)."""
    hy.player("mcts", seed=0, playouts=10).choose(hy.new_game("hoyito-i"))  # compile first
    for variant in args.variants:
        pos, rng = hy.new_game(variant), random.Random(0)
        for label in ("start", "ply 20"):
            agent = hy.player("mcts", seed=0, time_limit=args.seconds)
            agent.choose(pos)
            found = agent.last_search
            print(
                f"{variant:<11} {label:<7} {found['playouts'] / found['seconds']:>10,.0f} "
                f"playouts/s ({found['playouts']:,} in {found['seconds']:.2f} s, "
                f"{found['nodes']:,} tree nodes)",
                flush=True,
            )
            for _ in range(20):
                if not pos.is_over:
                    pos = pos.play(rng.choice(pos.legal_moves()))
            if pos.is_over:
                break
    return 0


# -- mcts playouts and expert nodes per second, against another checkout -------------------
SPEED_SCRIPT = """
import random, sys, time
import hoyito_edu as hy
from hoyito_edu.compiled.search import CompiledSearch
from hoyito_edu.players.mcts import MCTSPlayer

playouts, nodes = int(sys.argv[1]), int(sys.argv[2])
MCTSPlayer(seed=0, playouts=16).choose(hy.new_game("hoyito-i"))  # compile or load first
CompiledSearch().search(hy.new_game("hoyito-i"), [0, 1, 2, 3, 4, 5], 2, None, None)
for variant in sys.argv[3:]:
    pos, rng = hy.new_game(variant), random.Random(0)
    for label in ("start", "ply 20"):
        agent = MCTSPlayer(seed=0, playouts=playouts)
        began = time.process_time()
        agent.choose(pos)
        seconds = time.process_time() - began
        print(f"mcts playouts/s\t{variant} {label}\t{playouts / seconds:.0f}")
        search = CompiledSearch()
        began = time.process_time()
        search.search(pos, list(pos.legal_moves()), 40, nodes, None)
        seconds = time.process_time() - began
        work, visits = search.spent()
        print(f"expert reached/s\t{variant} {label}\t{work / seconds:.0f}")
        print(f"expert visited/s\t{variant} {label}\t{visits / seconds:.0f}")
        for _ in range(20):
            if not pos.is_over:
                pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.is_over:
            break
"""


def run_speed(args) -> int:
    """mcts playouts and expert nodes per second of CPU time (2x6), best of ``args.rounds``,
    for this checkout and ``args.compare``, each round in fresh processes, interleaved."""
    import os
    import subprocess
    from pathlib import Path

    here = Path(__file__).resolve().parent.parent
    roots = [here] + ([Path(args.compare).resolve()] if args.compare else [])
    best: dict[tuple[Path, str, str], float] = {}
    for round_ in range(args.rounds):
        for root in roots:
            env = {**os.environ, "PYTHONPATH": str(root)}
            command = [sys.executable, "-c", SPEED_SCRIPT, "20000", "200000", *args.variants]
            done = subprocess.run(command, env=env, cwd=root, capture_output=True, text=True)
            if done.returncode != 0:
                print(done.stderr)
                return 1
            for row in done.stdout.splitlines():
                what, where, value = row.split("\t")
                key = (root, what, where)
                best[key] = max(best.get(key, 0.0), float(value))
        print(f"round {round_ + 1} done; load average {os.getloadavg()[0]:.2f}", flush=True)
    print(f"per second of CPU time, best of {args.rounds} rounds (2x6)")
    for (root, what, where), value in best.items():
        if root != here:
            continue
        line = f"  {what:<17} {where:<18} {value:>12,.0f}"
        if args.compare:
            old = best[(roots[1], what, where)]
            line += f"   {roots[1]}: {old:>12,.0f}   ratio {value / old:.2f}x"
        print(line)
    return 0


# -- the first move in a new process --------------------------------------------------------
WARM_SCRIPT = """
import sys, time
started = time.perf_counter()
import hoyito_edu as hy
print(f"import hoyito_edu: {time.perf_counter() - started:.2f} s")
position = hy.new_game("hoyito-i")
for name in ("mcts", "expert"):
    agent = hy.player(name, seed=0, time_limit=float(sys.argv[1]))
    for which in ("first", "second"):
        began = time.perf_counter()
        agent.choose(position)
        print(f"{name} {which} move: {time.perf_counter() - began:.2f} s")
"""


def run_warm(args) -> int:
    """Time the first moves of ``mcts`` and ``expert`` in a new process (numba's cache as it is)."""
    import subprocess

    print(f"a new process, Hoyito I, {args.seconds} s a move:")
    command = [sys.executable, "-c", WARM_SCRIPT, str(args.seconds)]
    done = subprocess.run(command, capture_output=True, text=True)
    print(done.stdout + done.stderr, end="")
    return done.returncode


# -- the Elo ladder --------------------------------------------------------------------------
LADDER = ("random", "beginner", "greedy", "intermediate", "mcts", "expert")


def run_ladder(args) -> int:
    players = {name: name for name in LADDER}
    players["mcts"] = ("mcts", {"time_limit": args.seconds})
    print(f"round robin of {', '.join(LADDER)} (mcts {args.seconds} s a move), {args.games} "
          f"games per pair and rule set: {', '.join(args.variants)}", flush=True)
    games = play_games(players, args.variants, games_per_pairing=args.games, seed=16)
    print(standings(games).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
