"""The compiled searches' speed, side by side for two copies of the code (issue 37).

Times the alpha-beta search (``compiled.search.CompiledSearch``: visits a second) and the sound
proof search (``compiled.proof.Prover``, pessimistic and history modes: positions expanded a
second) on fixed positions: every rule set on 2x4, 2x6, 2x8 and 2x12 after a few seeded random
moves, a search of 60,000 nodes and proofs of 20,000 each. Each copy of the code runs in its
own process (its folder first on ``sys.path``), the copies alternate round by round, and the
best round of each is printed with the ratio to the first copy. The answers (best move, value,
depth, nodes; proof results) must be the same in every copy: the script says so, or names the
first position that differs.

Usage: python benchmarks/search_speed.py [--rounds N] CODE [CODE ...]
  e.g. python benchmarks/search_speed.py /work/main .   (the code before, then after)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

ROUND = r"""
import json, random, sys, time
import hoyito_edu as hy
from hoyito_edu.compiled.proof import Prover
from hoyito_edu.compiled.search import CompiledSearch

def positions():
    for variant in ("hoyito-i", "hoyito-ii", "ba-awa", "hoyito-iii"):
        for n in (4, 6, 8, 12):
            try:
                pos = hy.new_game(variant, holes_per_row=n)
            except ValueError:
                continue
            rng = random.Random(n * 7 + len(variant))
            for _ in range(6 + n):
                if pos.outcome is None:
                    pos = pos.play(rng.choice(pos.legal_moves()))
            if pos.outcome is None:
                yield f"{variant} 2x{n}", pos

def run():
    answers, times, nodes = {}, [0.0, 0.0], [0, 0]
    for name, pos in positions():
        started = time.perf_counter()
        found = CompiledSearch().search(pos, list(pos.legal_moves()), 30, 60000, None)
        times[0] += time.perf_counter() - started
        nodes[0] += found["visits"]
        answers[name] = [found["best"], found["value"], found["depth"], found["work"],
                         found["visits"], sorted(found["root_values"].items())]
        lead = pos.captures[pos.player] - pos.captures[1 - pos.player]
        for mode in ("pessimistic", "history"):
            prover = Prover(slots=1 << 16, mode=mode)
            for target in (lead, lead + 4):
                started = time.perf_counter()
                answer = prover.prove(pos, pos.player, target, 20000)
                times[1] += time.perf_counter() - started
                nodes[1] += answer.nodes
                answers[f"{name} {mode} {target}"] = [answer.result, answer.best,
                                                       answer.nodes, answer.depth]
    return answers, times, nodes

run()  # compiled (or loaded from numba's cache) and warm
answers, times, nodes = run()
print(json.dumps({"answers": answers, "times": times, "nodes": nodes}))
"""


def one_round(code: str) -> dict:
    """One round of both searches on the copy of the code in folder ``code``."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(code))
    done = subprocess.run([sys.executable, "-c", ROUND], env=env, capture_output=True,
                          text=True, check=True, cwd=os.path.abspath(code))
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code", nargs="+", help="folders holding a copy of hoyito_edu")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    best = {code: [float("inf"), float("inf")] for code in args.code}
    answers, nodes = {}, {}
    for round_ in range(args.rounds):
        for code in args.code:
            found = one_round(code)
            best[code] = [min(b, t) for b, t in zip(best[code], found["times"], strict=True)]
            answers[code], nodes[code] = found["answers"], found["nodes"]
        print(f"round {round_ + 1} done at {time.strftime('%H:%M:%S')}", flush=True)
    first = args.code[0]
    print(f"{'code':<28} {'search visits/s':>16} {'ratio':>6} {'proof nodes/s':>14} {'ratio':>6}")
    for code in args.code:
        rates = [n / t for n, t in zip(nodes[code], best[code], strict=True)]
        base = [n / t for n, t in zip(nodes[first], best[first], strict=True)]
        print(f"{code:<28} {rates[0]:>16,.0f} {rates[0] / base[0]:>6.2f} "
              f"{rates[1]:>14,.0f} {rates[1] / base[1]:>6.2f}")
    for code in args.code[1:]:
        differ = [name for name, answer in answers[first].items()
                  if answers[code].get(name) != answer]
        print(f"answers of {code}: " + (f"differ first at {differ[0]}" if differ else
                                        f"the same as {first}'s ({len(answers[first])})"))


if __name__ == "__main__":
    main()
