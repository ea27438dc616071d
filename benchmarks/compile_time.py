"""How long does a new installation compile, and which functions take the time?

Each run starts a fresh Python process with an empty numba cache (``NUMBA_CACHE_DIR`` pointed
at a new temporary folder) and does, in turn, what a board, the expert and mcts need:

- import ``compiled.kernel``, ``compiled.fastsim``, ``compiled.search`` and
  ``compiled.mcts`` (functions with explicit signatures compile when they are defined);
- one game of the fast simulator, one ``kernel.play_line``;
- a 16-playout ``mcts`` move and a depth-2 ``expert``-path search on a new Hoyito I game
  (what ``hoyito_edu.players.warm_up`` does at set-up).

It prints the seconds of each step (wall and CPU time) and, from numba's ``numba:compile``
events, the CPU seconds spent compiling each function (its own time, without the functions
it compiled on the way: those are listed on their own lines), how many signatures each
dispatcher compiled, then the total. A second fresh process on the now-filled cache prints
the warm load time (what every later process pays). The load average is printed before each
run: the machine is shared, so compare runs made side by side.

``--root PATH`` (repeatable) measures other checkouts of the package in the same run, e.g.
``--root /work/main`` for the code before a change (default: this checkout only); ``--runs N``
repeats the cold measurement (rounds interleaved across roots).

Usage: python benchmarks/compile_time.py [--root PATH ...] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: The script each fresh process runs (its stdout: tab-separated lines, parsed below).
CHILD = r"""
import sys, time
from numba.core import event

records = {}  # function -> [own CPU seconds, compiles]
stack = []


class Compiles(event.Listener):
    def on_start(self, ev):
        stack.append([time.process_time(), 0.0])

    def on_end(self, ev):
        began, inner = stack.pop()
        spent = time.process_time() - began
        if stack:
            stack[-1][1] += spent
        d = ev.data["dispatcher"]
        name = d.py_func.__module__.rsplit(".", 1)[-1] + "." + d.py_func.__qualname__
        row = records.setdefault(name, [0.0, 0])
        row[0] += spent - inner
        row[1] += 1


event.register("numba:compile", Compiles())


def step(label, work):
    began, cpu = time.perf_counter(), time.process_time()
    work()
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(f"step\t{label}\t{wall:.3f}\t{cpu:.3f}", flush=True)


def fastsim_game():
    from hoyito_edu.compiled import fastsim
    fastsim.play_random_games("hoyito-i", [0], seed=1)


def line():
    from hoyito_edu.compiled import kernel
    from hoyito_edu.engine.position import new_game
    kernel.play_line(new_game("hoyito-i"), [0, 7])


def mcts():
    from hoyito_edu.engine.position import new_game
    from hoyito_edu.players.mcts import MCTSPlayer
    MCTSPlayer(seed=0, playouts=16).choose(new_game("hoyito-i"))


def expert():
    from hoyito_edu.engine.position import new_game
    from hoyito_edu.players import SearchPlayer
    SearchPlayer(seed=0, max_depth=2).choose(new_game("hoyito-i"))


started, cpu = time.perf_counter(), time.process_time()
step("import compiled.kernel", lambda: __import__("hoyito_edu.compiled.kernel"))
step("import compiled.fastsim", lambda: __import__("hoyito_edu.compiled.fastsim"))
step("import compiled.search", lambda: __import__("hoyito_edu.compiled.search"))
step("import compiled.mcts", lambda: __import__("hoyito_edu.compiled.mcts"))
step("fast simulator: one game", fastsim_game)
step("kernel.play_line", line)
step("mcts: 16 playouts", mcts)
step("expert path: depth-2 search", expert)
print(f"total\t{time.perf_counter() - started:.3f}\t{time.process_time() - cpu:.3f}")
for name, (own, count) in sorted(records.items(), key=lambda kv: -kv[1][0]):
    print(f"function\t{name}\t{own:.3f}\t{count}")
from hoyito_edu.compiled import entry_points
for name, dispatcher in sorted(entry_points().items()):
    print(f"signatures\t{name}\t{len(dispatcher.signatures)}")
"""


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not every system has a load average
        return "?"


def run(root: Path, cache: str) -> dict:
    """Run the child in a fresh process on ``root`` with numba's cache in ``cache``."""
    env = {**os.environ, "PYTHONPATH": str(root), "NUMBA_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                          text=True, cwd=root)
    if done.returncode != 0:
        raise SystemExit(f"the run on {root} failed:\n{done.stderr}")
    found = {"step": [], "function": [], "signatures": [], "total": 0.0, "cpu": 0.0}
    for row in done.stdout.splitlines():
        kind, *rest = row.split("\t")
        if kind == "total":
            found["total"], found["cpu"] = float(rest[0]), float(rest[1])
        elif kind in found:
            found[kind].append(rest)
    return found


#: The step only the conformance harness needs (``kernel.play_line``): a board, the expert
#: and mcts never call it, so it compiles on its first call, not at import or set-up.
HARNESS_ONLY = "kernel.play_line"


def needed(found: dict) -> tuple[float, float]:
    """Wall and CPU seconds of what a board, the expert and mcts need (the issue's target:
    at most 60 s cold): every step but :data:`HARNESS_ONLY`."""
    steps = [(float(wall), float(cpu)) for name, wall, cpu in found["step"]
             if name != HARNESS_ONLY]
    return sum(wall for wall, _ in steps), sum(cpu for _, cpu in steps)


def report(label: str, found: dict, functions: bool) -> None:
    print(f"  {label}: {found['total']:.1f} s in all ({found['cpu']:.1f} s of CPU time)")
    wall, cpu = needed(found)
    print(f"  {label}, what a board, the expert and mcts need (all but {HARNESS_ONLY}, which "
          f"only the conformance harness calls): {wall:.1f} s ({cpu:.1f} s of CPU time)"
          + ("; target at most 60 s" if label == "cold" else ""))
    for name, seconds, cpu in found["step"]:
        print(f"    {name:<32} {float(seconds):7.2f} s  (CPU {float(cpu):6.2f} s)")
    if functions:
        print("    compiled functions (own CPU seconds, compiles), slowest first:")
        for name, seconds, count in found["function"]:
            if float(seconds) >= 0.05:
                print(f"      {name:<40} {float(seconds):7.2f} s  x{count}")
        rest = sum(float(s) for _, s, _ in found["function"] if float(s) < 0.05)
        small = sum(1 for _, s, _ in found["function"] if float(s) < 0.05)
        print(f"      ({small} more functions, {rest:.2f} s together)")
        print("    signatures per entry point: "
              + ", ".join(f"{name} {count}" for name, count in found["signatures"]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", action="append", type=Path, default=None,
                        help="a checkout to measure (default: this one); repeatable")
    parser.add_argument("--runs", type=int, default=1, help="cold runs per checkout")
    args = parser.parse_args(argv)
    roots = [root.resolve() for root in (args.root or [HERE])]
    totals: dict[Path, list[tuple[float, float, float, float]]] = {root: [] for root in roots}
    for round_ in range(args.runs):
        for root in roots:
            with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache:
                print(f"{root}, cold (empty numba cache), run {round_ + 1}; load average "
                      f"{load()}", flush=True)
                cold = run(root, cache)
                report("cold", cold, functions=True)
                totals[root].append((cold["total"], cold["cpu"], *needed(cold)))
                print(f"{root}, warm (the cache just filled); load average {load()}")
                report("warm", run(root, cache), functions=False)
            print(flush=True)
    for root, seconds in totals.items():
        print(f"{root}: cold, wall (CPU) seconds: "
              f"{', '.join(f'{wall:.1f} ({cpu:.1f})' for wall, cpu, _, _ in seconds)}; best "
              f"{min(row[0] for row in seconds):.1f} s ({min(row[1] for row in seconds):.1f})")
        print(f"{root}: cold, what a board, the expert and mcts need, wall (CPU) seconds: "
              f"{', '.join(f'{wall:.1f} ({cpu:.1f})' for _, _, wall, cpu in seconds)}; best "
              f"{min(row[2] for row in seconds):.1f} s ({min(row[3] for row in seconds):.1f}); "
              f"target at most 60 s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
