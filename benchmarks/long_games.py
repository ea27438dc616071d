"""Saving and loading a long game: a random Hoyito I 2x12 game of 20,000 plies.

Random 2x12 play produces games with thousands of plies in a row without a capture; about one
random Hoyito I 2x12 game in 3,000 is still going after 20,000 plies. This script finds such a
game with the fast simulator (the same random choices as the engine: a choice depends only on
the seed, the game number and the ply), plays it through the engine, then prints the seconds
and megabytes that saving and loading it cost, for the whole game and for its first 2,000 plies
(a cost linear in the length makes the ratio of the two about 10).

It also prints the cost of the longest move loading ever replays: a move stopped at
``saving.LOAD_MAX_LAPS`` laps, as when a file whose rules have no lap limit is loaded.

Run: ``python benchmarks/long_games.py``.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from _measure import measure

import hoyito_edu as hy
from hoyito_edu.compiled.fastsim import random_index
from hoyito_edu.engine.saving import LOAD_MAX_LAPS

PLIES = 20_000


def long_game(plies: int = PLIES) -> tuple[int, int]:
    """(run seed, game number) of the first random Hoyito I 2x12 game still going after
    ``plies`` plies, trying runs of 4,000 games with seeds 0, 1, 2 ..."""
    for seed in range(100):
        sim = hy.simulate(
            "hoyito-i", 4000, holes_per_row=12, seed=seed, starter=0, max_plies=plies,
            tables=["games"], progress=False,
        )
        capped = sim.games[sim.games["end_reason"] == "ply-cap"]
        if len(capped):
            return seed, int(capped["game"].iloc[0])
    raise RuntimeError(f"no game of {plies} plies found")


def play_long_game(seed: int, number: int, plies: int = PLIES) -> hy.Game:
    """Play that game through the engine, with the same random choices."""
    game = hy.Game("hoyito-i", holes_per_row=12)
    while not game.is_over and len(game.moves) < plies:
        legal = game.position.legal_moves()
        ply = len(game.moves)
        game.play(legal[int(random_index(seed, [number], [ply], [len(legal)])[0])])
    return game




def save_and_load(game: hy.Game, folder: Path, label: str) -> tuple[float, float]:
    path = folder / f"{label}.json"
    save_s, save_mb, _ = measure(game.save, path)
    load_s, load_mb, loaded = measure(hy.Game.load, path)
    assert loaded.holes() == game.holes() and loaded.position == game.position
    size = os.path.getsize(path) / 1e6
    print(
        f"{label:>14} {len(game.moves):>7,} plies  file {size:5.2f} MB  "
        f"save {save_s:6.3f} s ({save_mb:5.1f} MB peak)  "
        f"load {load_s:6.3f} s ({load_mb:5.1f} MB peak)"
    )
    return save_s, load_s


def worst_load_move() -> None:
    """The move of Hoyito II 2x11 that relays for about 2.3 x 10^9 laps, stopped at the
    loading lap limit: a file with ``max_laps`` null holding it loads (and is refused) in
    about the time of two such moves."""
    board = [0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4]
    pos = hy.new_game("hoyito-ii", board=board, player=1, max_laps=LOAD_MAX_LAPS)
    seconds, mb, move = measure(pos.sow, 11)
    print(f"one move of {move.laps:,} laps (the loading limit): {seconds:.2f} s, {mb:.1f} MB peak")
    game = hy.Game("hoyito-ii", board=board, player=1, max_laps=None)
    data = game.to_dict()
    data["moves"] = [11]
    del data["result"]
    started = time.perf_counter()
    try:
        hy.Game.from_dict(data)
    except hy.FormatError as err:
        print(f"refusing that move in a max_laps=null file: {time.perf_counter() - started:.2f} s")
        print(f"  ({err})")


def main() -> None:
    seed, number = long_game()
    started = time.perf_counter()
    game = play_long_game(seed, number)
    print(
        f"random Hoyito I 2x12 game {number} (seed {seed}): {len(game.moves):,} plies played "
        f"in {time.perf_counter() - started:.1f} s"
    )
    short = hy.Game(start=game.start)
    short.play_all(game.holes()[:2000])
    with tempfile.TemporaryDirectory() as folder:
        first = save_and_load(short, Path(folder), "first 2,000")
        whole = save_and_load(game, Path(folder), "whole game")
    print(
        f"whole / first 2,000 plies: save x{whole[0] / first[0]:.1f}, "
        f"load x{whole[1] / first[1]:.1f} (linear cost: about x{len(game.moves) / 2000:.0f})"
    )
    worst_load_move()


if __name__ == "__main__":
    main()
