"""Golden data: counts and games that both copies of the rules must reproduce (issue 37).

The engine and the compiled kernel are checked against each other by the conformance harness
(``tests/conformance.py``); a mistake they share passes it. This script writes what they must
both reproduce, stored once in ``tests/data/golden.json`` and checked by
``tests/test_golden.py`` (as python-chess keeps perft counts):

- **Counts** (perft): for each rule set and board size in :data:`RUNS`, at each depth
  ``d`` = 1..N from the opening, the number of ``positions`` (move sequences of ``d`` moves; a
  game that ended sooner has no longer sequence) and of ``distinct`` boards among them (board
  and player to move, None once the game is over; an extra turn is a move of its own).
- **Games**: :data:`GAMES` random games per rule set and board size, each move chosen by
  ``random.Random(seed).choice`` among the legal holes in ascending order (seeds 1..GAMES):
  the holes played, the number of moves, the final board, the score and the end reason.

Both are computed here by both implementations, and the file is written only if they agree:
the engine (``Position.play``) and the kernel (``kernel.play_line``: for the counts it is
offered every hole of the ring at every node and says which are legal; it replays the games'
holes and must end each game where the engine did, with the same board, score and reason).

Usage (from the repository folder; about four minutes, the kernel's counts most of it)::

    python scripts/golden.py           # write tests/data/golden.json
    python scripts/golden.py --check   # compute again and compare with the file, write nothing

After a deliberate change of the rules (a rule, a default option, a rule set),
``tests/test_golden.py`` fails: check that the new figures are what the change should do, run
this script, and commit the new file with the change (docs/development.md says more).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import hoyito_edu as hy
from hoyito_edu.compiled import kernel

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden.json"
#: (rule set, holes per row, depth of the counts). Depths chosen so the kernel's counts take
#: under a minute each on a 2-core machine (the engine's take seconds).
RUNS = (
    ("hoyito-i", 6, 7),
    ("hoyito-ii", 6, 7),
    ("hoyito-iii", 6, 7),
    ("ba-awa", 6, 7),
    ("hoyito-i", 9, 5),
    ("hoyito-ii", 9, 5),
    ("hoyito-iii", 9, 5),
)
GAMES = 20

#: Counts per depth: [(positions, distinct)], depth 1 first.
Counts = list[tuple[int, int]]


def opening(variant: str, holes_per_row: int) -> hy.Position:
    return hy.new_game(variant, holes_per_row=holes_per_row)


def _key(board: Sequence[int], player: int | None) -> tuple:
    return (tuple(board), player)


def _tally(found: list[tuple[int, set]], depth: int, key: tuple) -> None:
    while len(found) <= depth:
        found.append((0, set()))
    count, seen = found[depth]
    seen.add(key)
    found[depth] = (count + 1, seen)


def _counts(found: list[tuple[int, set]]) -> Counts:
    return [(count, len(seen)) for count, seen in found]


def engine_counts(position: hy.Position, depth: int) -> Counts:
    """Positions and distinct boards at depths 1..``depth`` from ``position``, by the engine.

    >>> engine_counts(hy.new_game("hoyito-i"), 2)
    [(6, 6), (32, 32)]
    """
    found: list[tuple[int, set]] = []

    def walk(here: hy.Position, level: int) -> None:
        for hole in here.legal_moves():
            after = here.play(hole)
            _tally(found, level, _key(after.board, None if after.is_over else after.player))
            if level + 1 < depth and not after.is_over:
                walk(after, level + 1)

    walk(position, 0)
    return _counts(found)


def kernel_moves(start: hy.Position, line: list[int]) -> list[tuple[int, kernel.Played]]:
    """Every hole the kernel accepts after ``line`` from ``start``, with what it did.

    Every hole of the ring is offered: the kernel, not this script, says which are legal."""
    found = []
    for hole in range(len(start.board)):
        try:
            played = kernel.play_line(start, [*line, hole])
        except ValueError as refusal:
            if "is not a legal move" not in str(refusal):
                raise
            continue
        found.append((hole, played[-1]))
    return found


def kernel_counts(start: hy.Position, depth: int) -> Counts:
    """:func:`engine_counts` by the compiled kernel: every line from ``start`` is played
    through ``kernel.play_line`` from the opening (so the repetition rule sees its history).

    >>> kernel_counts(hy.new_game("hoyito-i"), 2)
    [(6, 6), (32, 32)]
    """
    found: list[tuple[int, set]] = []

    def walk(line: list[int]) -> None:
        for hole, played in kernel_moves(start, line):
            _tally(found, len(line), _key(played.board, played.player))
            if len(line) + 1 < depth and played.player is not None:
                walk([*line, hole])

    walk([])
    return _counts(found)


def engine_game(start: hy.Position, seed: int) -> dict:
    """A random game by the engine: each move ``random.Random(seed).choice`` among the legal
    holes in ascending order.

    >>> game = engine_game(hy.new_game("ba-awa"), 1)
    >>> game["moves"] == len(game["holes"].split()), game["end"]
    (True, 'eight-or-fewer')
    """
    choose = random.Random(seed).choice
    position, holes = start, []
    while not position.is_over:
        hole = choose(sorted(position.legal_moves()))
        holes.append(hole)
        position = position.play(hole)
    return _game(seed, holes, position.board, position.score, str(position.outcome.reason))


def _game(seed: int, holes: list[int], board, score, end: str) -> dict:
    return {"seed": seed, "moves": len(holes), "holes": " ".join(map(str, holes)),
            "board": list(board), "score": list(score), "end": end}


def kernel_replay(start: hy.Position, game: dict) -> dict:
    """The stored game's holes played by the kernel, reported as :func:`engine_game` does (the
    line must end the game at its last hole: a game that ends sooner reports fewer moves)."""
    holes = [int(hole) for hole in game["holes"].split()]
    played = kernel.play_line(start, holes)
    last = played[-1]
    return _game(game["seed"], holes[: len(played)], last.board, last.captures, str(last.end))


def compute(variant: str, n: int, depth: int, say: Callable = print) -> dict:
    """One run's counts and games, by the engine and again by the kernel (the kernel replays
    the engine's games: choosing among the holes it accepts would cost a call per hole per
    move). SystemExit if the two disagree."""
    start = opening(variant, n)
    began = time.perf_counter()
    counts = engine_counts(start, depth)
    games = [engine_game(start, seed) for seed in range(1, GAMES + 1)]
    middle = time.perf_counter()
    same = kernel_counts(start, depth) == counts and all(
        kernel_replay(start, game) == game for game in games)
    say(f"{variant} 2x{n}, depth {depth}: engine {middle - began:.1f} s, kernel "
        f"{time.perf_counter() - middle:.1f} s")
    if not same:
        raise SystemExit(f"{variant} 2x{n}: the engine and the kernel disagree; "
                         "tests/test_conformance.py will say where. Nothing written.")
    return {"variant": variant, "holes_per_row": n,
            "counts": [{"depth": d + 1, "positions": p, "distinct": k}
                       for d, (p, k) in enumerate(counts)],
            "games": games}


def golden(say: Callable = print) -> dict:
    runs = [compute(variant, n, depth, say) for variant, n, depth in RUNS]
    return {"about": "Golden data of the rules: written by scripts/golden.py, checked by "
                     "tests/test_golden.py. Do not edit by hand.",
            "games_per_run": GAMES, "runs": runs}


def write(data: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["{"]
    lines.append(f'  "about": {json.dumps(data["about"])},')
    lines.append(f'  "games_per_run": {data["games_per_run"]},')
    lines.append('  "runs": [')
    # one count and one game a line: a change of the rules shows as a readable diff
    for r, run in enumerate(data["runs"]):
        lines.append(f'    {{"variant": "{run["variant"]}", "holes_per_row": '
                     f'{run["holes_per_row"]},')
        lines.append('     "counts": [')
        lines.append(",\n".join(f"       {json.dumps(c)}" for c in run["counts"]))
        lines.append("     ],")
        lines.append('     "games": [')
        lines.append(",\n".join(f"       {json.dumps(g)}" for g in run["games"]))
        lines.append("     ]}" + ("," if r < len(data["runs"]) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with tests/data/golden.json instead of writing it")
    args = parser.parse_args(argv)
    data = golden()
    if args.check:
        same = json.loads(GOLDEN.read_text()) == data
        print("tests/data/golden.json is up to date" if same
              else "tests/data/golden.json differs from the rules as they are now")
        return 0 if same else 1
    write(data, GOLDEN)
    assert json.loads(GOLDEN.read_text()) == data
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
