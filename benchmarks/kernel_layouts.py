"""The kernel's board layouts side by side (issue 37): which one to keep.

The package held two compiled layouts of the rules: the packed one (boards up to 2x8 in two
64-bit words, a lap in one add) and the general one (an array of holes, every size). This
script times, in one run with interleaved rounds (CPU time a move, best round of each, as
``benchmarks/engine.py`` does), each as a ratio to the plain pure-Python loop:

- the raw kernel (``fastsim.play_random_games`` without tables) on each layout the code
  offers, random Hoyito I on 2x6 (target: within 1.3x of the strict C loop);
- ``simulate()`` with its three tables on each layout (target: at least 40x the loop);
- the strict C loop (``hoyito_loop_packed.c``), the anchor, and the plain C loop on a byte
  array (``hoyito_loop.c``: what the general layout would reach at best), where gcc is found;
- mcts playouts a second (a fixed budget from the opening, 2x6) on each layout.

A layout is chosen by the fast simulator's test for the packed one (``fastsim.packed_fits``):
"general" runs with it answering False, which plays 2x6 on the general layout. Since the
packed layout was widened to 2x12 the simulator and mcts play it alone (no ``packed_fits`` in
``fastsim``): the script then times that one, as "one". Run it on a copy of the code before a
change and on the code after, at the same time, to compare the two.

Usage: python benchmarks/kernel_layouts.py [--quick]
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from anchors.plain_loop import plain_game
from engine import SEED, CLoop, cpu_per_move

import hoyito_edu as hy
from hoyito_edu.compiled import fastsim, kernel


def layouts() -> list[str]:
    """The layouts this version of the kernel has."""
    return ["packed", "general"] if hasattr(fastsim, "packed_fits") else ["one"]


@contextlib.contextmanager
def layout(name: str):
    """Play with ``name``'s layout: "general" makes the packed test answer False."""
    if name != "general":
        yield
        return
    saved = kernel.packed_fits, fastsim.packed_fits
    kernel.packed_fits = fastsim.packed_fits = lambda n, seeds: False
    try:
        yield
    finally:
        kernel.packed_fits, fastsim.packed_fits = saved


def kernel_per_move(games: int, n: int = 6) -> float:
    started = time.process_time()
    raw = fastsim.play_random_games("hoyito-i", np.arange(games), seed=SEED, tables=(),
                                    holes_per_row=n)
    return (time.process_time() - started) / int(raw.games["plies"].sum())


#: simulate() calls a round, back to back; the best counts.
SIMULATE_CALLS = 5


def simulate_per_move(games: int) -> float:
    started = time.process_time()
    sim = hy.simulate("hoyito-i", games, seed=SEED, progress=False)
    return (time.process_time() - started) / int(sim.games["plies"].sum())


def mcts_rate(playouts: int) -> float:
    """Playouts a CPU second of an mcts choice from the opening of Hoyito I, 2x6."""
    player = hy.player("mcts", seed=3, playouts=playouts)
    started = time.process_time()
    player.choose(hy.new_game("hoyito-i"))
    return playouts / (time.process_time() - started)


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    rounds = 3 if quick else 5
    kernel_n, simulate_n, big_n, playouts = ((20_000, 5_000, 100, 20_000) if quick
                                             else (100_000, 20_000, 300, 100_000))
    seeds = range(100 if quick else 300)
    names = layouts()
    with tempfile.TemporaryDirectory() as folder:
        anchors = {}
        for key, file in (("C", "hoyito_loop_packed.c"), ("C plain", "hoyito_loop.c")):
            anchor = CLoop.build(Path(folder), file)
            if anchor is not None and anchor.mismatches(100, 2_000) != (0, 0):
                print(f"{file} plays other games than the engine or the kernel: not timed")
            elif anchor is not None:
                anchors[key] = anchor
        for name in names:  # compile or load each layout's code first
            with layout(name):
                kernel_per_move(10), kernel_per_move(2, 12), simulate_per_move(10)
                mcts_rate(200)
        best: dict[str, float] = {}
        for _ in range(rounds):
            figures = {"loop": cpu_per_move(plain_game, seeds)}
            for key, anchor in anchors.items():
                figures[key] = anchor.per_move(kernel_n)
            for name in names:
                with layout(name):
                    figures[f"kernel {name}"] = kernel_per_move(kernel_n)
                    # back to back: the first call of a round pays the page faults of the
                    # memory the other timings freed (see docs/research/compiled-core.md)
                    figures[f"simulate {name}"] = min(simulate_per_move(simulate_n)
                                                      for _ in range(SIMULATE_CALLS))
                    figures[f"2x12 {name}"] = kernel_per_move(big_n, 12)
                    figures[f"mcts {name}"] = -mcts_rate(playouts)  # best: the most
            for key, value in figures.items():
                best[key] = min(best.get(key, float("inf")), value)
    loop = best["loop"]
    print(f"random Hoyito I; CPU time a move, best of {rounds} interleaved rounds")
    print(f"{'':<30}{'ns a move':>11}{'x loop':>9}{'x strict C':>12}")
    rows = (f"{what} {name}" for what in ("kernel", "simulate") for name in names)
    for key in ("loop", "C", "C plain", *rows):
        if key in best:
            c_ratio = f"{best[key] / best['C']:>11.2f}x" if "C" in best else ""
            print(f"{key + (' (2x6)' if key != 'loop' else ''):<30}{best[key] * 1e9:>11,.1f}"
                  f"{loop / best[key]:>8.1f}x{c_ratio}")
    for name in names:
        print(f"{'raw kernel 2x12 ' + name:<30}{best[f'2x12 {name}'] * 1e9:>11,.1f}")
    for name in names:
        print(f"{'mcts playouts/s ' + name:<30}{-best[f'mcts {name}']:>11,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
