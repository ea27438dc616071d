"""How fast is the engine, against a plain pure-Python loop with the same rules?

The yardstick is ``plain_game`` (``benchmarks/anchors/plain_loop.py``): random Hoyito I on 2x6
in about 40 lines of plain Python, no move records. First the script checks that the loop and
``Position.play`` play the same games (plies and captures) for a few seeds, so the comparison
is fair. Then, measured side by side in this run (rounds interleaved, the best round of each
kept), in CPU time per move (``time.process_time``: a busy machine's other processes do not
count), each as a ratio to the loop's time per move:

- ``Position.play`` (target: at least 1x);
- ``Position.sow`` (the move with its record of events), for comparison;
- the raw compiled kernel (``fastsim.play_random_games`` with no tables; target: at least 80x);
- ``simulate()`` with all three tables, one process (target: at least 40x);
- two C loops where gcc is found, the anchors: a plain one on a byte array
  (``anchors/hoyito_loop.c``) and a strict one written as a fast game engine would be
  (``anchors/hoyito_loop_packed.c``: the board packed in two words, a lap in one add,
  Hoyito I's rules as constants): measuring sticks, not rules (``anchors/README.md``). Each is
  compiled into a temporary folder (``gcc -O3 -march=native``), and its games are checked
  against the engine's (a sample replayed move by move with the same random stream) and
  against the kernel's before it is timed; the kernel's time per move is printed as a multiple
  of the fastest C loop's (goal: at most 1.3x);
- the compiled search (``fastsearch``, the ``expert``'s path): positions reached (moves played
  on first expansion) and positions visited per second, and the ratio of the first to the
  loop's moves per second.

The kernel, C and ``simulate()`` play other random games than the loop (their own seeded
random stream), of the same rules on the same board: hence ratios of time per move, not per
game (their games are shorter).

Usage: python benchmarks/engine.py [--quick]
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from anchors.plain_loop import engine_game, plain_game, same_games

import hoyito_edu as hy
from hoyito_edu.compiled import fastsim
from hoyito_edu.compiled import search as fastsearch

#: The seed of the kernel's, C's and simulate()'s games.
SEED = 1


def cpu_per_move(play, seeds: range) -> float:
    """CPU seconds a move of ``play(random.Random(seed))`` over ``seeds``."""
    started, moves = time.process_time(), 0
    for seed in seeds:
        moves += play(random.Random(seed))[0]
    return (time.process_time() - started) / moves


def sow_game(rng: random.Random) -> tuple[int, list[int]]:
    """``engine_game`` with ``Position.sow`` (the move record kept) instead of ``play``."""
    pos, plies = hy.new_game("hoyito-i"), 0
    while not pos.is_over:
        legal = pos.legal_moves()
        pos = pos.sow(legal[rng.randrange(len(legal))]).after
        plies += 1
    return plies, list(pos.captures)


def kernel_games(games: int) -> tuple[float, float]:
    """(CPU seconds a move, plies a game) of the raw kernel: random Hoyito I on 2x6, no
    tables kept."""
    started = time.process_time()
    raw = fastsim.play_random_games("hoyito-i", np.arange(games), seed=SEED, tables=())
    seconds, plies = time.process_time() - started, int(raw.games["plies"].sum())
    return seconds / plies, plies / games


def simulate_games(games: int) -> float:
    """CPU seconds a move of ``simulate()`` with the games, moves and captures tables."""
    started = time.process_time()
    sim = hy.simulate("hoyito-i", games, seed=SEED, progress=False)
    return (time.process_time() - started) / int(sim.games["plies"].sum())


# -- the C anchor -----------------------------------------------------------------------------
def engine_replay(game: int) -> str:
    """Game ``game`` of the kernel's random stream (seed :data:`SEED`) played by the engine:
    "plies south north", as the C loop prints it."""
    pos, ply = hy.new_game("hoyito-i"), 0
    while not pos.is_over and ply < 20_000:
        legal = pos.legal_moves()
        pos = pos.play(legal[int(fastsim.random_index(SEED, [game], [ply], [len(legal)])[0])])
        ply += 1
    return f"{ply} {pos.captures[0]} {pos.captures[1]}"


#: The C loops: (name in the table, source file in benchmarks/anchors/).
C_LOOPS = (("C", "plain C loop (byte array)", "hoyito_loop.c"),
           ("C packed", "strict C loop (packed)", "hoyito_loop_packed.c"))


class CLoop:
    """A C loop (:data:`C_LOOPS`) compiled into ``folder``; None from :meth:`build` without
    gcc."""

    def __init__(self, binary: Path) -> None:
        self.binary = binary
        self.keys = [str(int(k)) for k in fastsim.run_keys(SEED)]

    @classmethod
    def build(cls, folder: Path, file: str) -> CLoop | None:
        gcc = shutil.which("gcc")
        if gcc is None:
            return None
        binary = folder / Path(file).stem
        source = Path(__file__).parent / "anchors" / file
        subprocess.run([gcc, "-O3", "-march=native", "-o", str(binary), str(source)],
                       check=True)
        return cls(binary)

    def run(self, games: int, mode: str) -> list[str]:
        done = subprocess.run([str(self.binary), str(games), *self.keys, mode], check=True,
                              capture_output=True, text=True)
        return done.stdout.splitlines()

    def mismatches(self, engine_games: int, kernel_games: int) -> tuple[int, int]:
        """Games the C loop plays otherwise than the engine (of the first ``engine_games``)
        and than the kernel (of the first ``kernel_games``)."""
        lines = self.run(max(engine_games, kernel_games), "check")
        by_engine = sum(lines[g] != engine_replay(g) for g in range(engine_games))
        raw = fastsim.play_random_games("hoyito-i", np.arange(kernel_games), seed=SEED,
                                        tables=()).games
        kernel = [f"{p} {s} {n}" for p, s, n in
                  zip(raw["plies"], raw["score_south"], raw["score_north"], strict=True)]
        return by_engine, sum(a != b for a, b in zip(lines, kernel, strict=False))

    def per_move(self, games: int) -> float:
        """CPU seconds a move, as the C loop measures itself (process start not counted)."""
        moves, nanoseconds = (int(v) for v in self.run(games, "time")[0].split())
        return nanoseconds / 1e9 / moves


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
    seeds, rounds = range(100 if quick else 300), 3 if quick else 7
    kernel_n, simulate_n, nodes = (20_000, 5_000, 50_000) if quick else (100_000, 20_000, 200_000)
    if not same_games(range(20)):
        print("the plain loop and Position.play play different games: no fair comparison")
        return 1
    print("the plain loop and Position.play play the same 20 games (plies and captures)")
    with tempfile.TemporaryDirectory() as folder:
        c_loops: dict[str, CLoop] = {}
        for key, name, file in C_LOOPS:
            c_loop = CLoop.build(Path(folder), file)
            if c_loop is None:
                print("no gcc: no C anchor")
                break
            checked = (100, 2_000) if quick else (300, 20_000)
            by_engine, by_kernel = c_loop.mismatches(*checked)
            print(f"the {name}'s games: {by_engine} of {checked[0]:,} differ from the "
                  f"engine's, {by_kernel} of {checked[1]:,} from the kernel's")
            if by_engine or by_kernel:
                print(f"the {name} plays other games: not timed")
            else:
                c_loops[key] = c_loop
        return measure(c_loops, seeds, rounds, kernel_n, simulate_n, nodes)


def measure(c_loops: dict[str, CLoop], seeds: range, rounds: int, kernel_n: int,
            simulate_n: int, nodes: int) -> int:
    kernel_games(10), search_positions(100)  # compile or load the compiled code first
    best: dict[str, float] = {}
    plies = 0.0
    for _ in range(rounds):  # interleaved, so a busy machine slows them all alike
        kernel, plies = kernel_games(kernel_n)
        figures = {
            "loop": cpu_per_move(plain_game, seeds),
            "play": cpu_per_move(engine_game, seeds),
            "sow": cpu_per_move(sow_game, seeds),
            "kernel": kernel,
            "simulate": simulate_games(simulate_n),
        }
        for key, c_loop in c_loops.items():
            figures[key] = c_loop.per_move(kernel_n)
        for key, value in figures.items():
            best[key] = min(best.get(key, float("inf")), value)
        best["search"] = max(best.get("search", 0.0), search_positions(nodes)[0])
    loop = best["loop"]
    rows = [
        ("plain loop (yardstick)", "loop", None),
        ("Position.play", "play", 1),
        ("Position.sow (record)", "sow", None),
        ("raw kernel", "kernel", 80),
        ("simulate(), 3 tables", "simulate", 40),
        *((name, key, None) for key, name, _ in C_LOOPS),
    ]
    print(f"\nrandom Hoyito I, 2x6; CPU time a move, best of {rounds} interleaved rounds")
    print(f"{'':<27}{'ns a move':>12}{'x loop':>10}  target")
    for name, key, target in rows:
        if key not in best:
            continue
        ratio = loop / best[key]
        met = "met" if target is not None and ratio >= target else "NOT met"
        goal = "" if target is None else f">= {target}x {met}"
        print(f"{name:<27}{best[key] * 1e9:>12,.1f}{ratio:>9.2f}x  {goal}")
    search = best["search"]
    print(f"{'compiled search':<27}{search:>12,.0f} positions/s, {search * loop:.2f}x the loop's "
          "moves/s")
    timed = [(best[key], name) for key, name, _ in C_LOOPS if key in best]
    if timed:
        fastest, name = min(timed)
        distance = best["kernel"] / fastest
        met = "met" if distance <= 1.3 else "NOT met"
        print(f"raw kernel: {distance:.2f}x the time a move of the fastest C loop, the {name} "
              f"(goal: at most 1.3x, {met})")
    print(f"the kernel's games are {plies:.1f} plies long on average")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
