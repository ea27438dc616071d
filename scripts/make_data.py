"""Regenerate the simulation summaries in data/ that the notebooks read.

Usage (from the repository folder)::

    python scripts/make_data.py            # both tables
    python scripts/make_data.py random     # data/sim_random_summary.csv  (about 15 s)
    python scripts/make_data.py players    # data/sim_players_summary.csv (a few minutes)
    python scripts/make_data.py recorded   # data/recorded_games_example.csv (a second)

Each table holds Ludii-style metrics (hoyito_edu.sim.metrics.game_metrics) of freshly simulated
games, one row per rule set, board size and pairing, with the seed and ply cap used. The same
command gives the same files, byte for byte: every game is seeded from SEED (and the tables
do not depend on the two worker processes used).

The games use each rule set's default options, including the lap limit (max_laps, 1,000 laps
since the limit was added). A game stopped at the lap limit ends with the reason "lap-limit",
which endless_share does not count: the random table was remade when the limit came in (ten
Hoyito II and ten Hoyito III games of 10,000 moved from "endless" to "lap-limit"; the players
table did not change). Regenerate both tables whenever a default rule option changes.
"""

from __future__ import annotations

import sys

import pandas as pd

import hoyito_edu as hy
from hoyito_edu.sim.simulate import DEFAULT_MAX_PLIES
from hoyito_edu.teaching.data import data_dir

SEED = 2026
#: (variant, holes per row, games) of random against random.
RANDOM_RUNS = [
    *((variant, 6, 10_000) for variant in hy.VARIANTS),
    *((variant, 12, 300) for variant in ("hoyito-i", "hoyito-ii", "hoyito-iii")),
]
#: (variant, opponent of random, games): the opponent plays South, starters alternate, so each
#: run gives two pairings ("greedy vs random": greedy started; "random vs greedy").
PLAYER_RUNS = [
    *((variant, "greedy", 200) for variant in hy.VARIANTS),
    *((variant, "expert", 40) for variant in hy.VARIANTS),
]
FILES = {"random": "sim_random_summary.csv", "players": "sim_players_summary.csv",
         "recorded": "recorded_games_example.csv"}
#: Games in the made-up example of a class's record (data/recorded_games_example.csv).
RECORDED_GAMES = 20
RECORDED_NOTE = "made-up example: computer players (beginner), not games people played"


def summary(variant: str, n: int, games: int, players=("random", "random")) -> pd.DataFrame:
    """Metrics of one seeded run, with the settings that made it."""
    sim = hy.simulate(
        variant,
        games,
        holes_per_row=n,
        players=players,
        seed=SEED,
        tables=["games"],
        progress=False,
        workers=2,
    )
    table = sim.metrics()
    table["variant"] = table["variant"].astype(str)
    table["seed"] = SEED
    table["max_plies"] = DEFAULT_MAX_PLIES
    return table


def random_summary(runs=RANDOM_RUNS) -> pd.DataFrame:
    return pd.concat([summary(v, n, games) for v, n, games in runs], ignore_index=True)


def players_summary(runs=PLAYER_RUNS) -> pd.DataFrame:
    parts = [summary(v, 6, games, players=(opponent, "random")) for v, opponent, games in runs]
    return pd.concat(parts, ignore_index=True)


def recorded_example(games: int = RECORDED_GAMES) -> pd.DataFrame:
    """Made-up example data in the form of a class's record (hoyito_edu.teaching.recorded): Hoyito I
    games between two beginner players, starters alternating, one row per move. Every row says
    in its ``note`` column that the games are made up, so the file is never taken for games
    people played."""
    rows = []
    for game in range(1, games + 1):
        starter = (game - 1) % 2
        players = [hy.player("beginner", seed=SEED + 2 * game + side) for side in (0, 1)]
        position = hy.new_game("hoyito-i", player=starter)
        move = 0
        while not position.is_over:
            move += 1
            hole = players[position.player].choose(position)
            rows.append({"game": game, "variant": "hoyito-i", "move": move,
                         "player": hy.PLAYER_NAMES[position.player], "hole": hole,
                         "south": "A", "north": "B", "note": RECORDED_NOTE})
            position = position.play(hole)
    return pd.DataFrame(rows)


def to_csv(table: pd.DataFrame) -> str:
    """The table as the CSV text stored in data/ (floats to 6 decimals)."""
    return table.to_csv(index=False, float_format="%.6f", lineterminator="\n")


def main(argv: list[str]) -> int:
    which = argv or list(FILES)
    unknown = [name for name in which if name not in FILES]
    if unknown:
        print(f"unknown table(s) {', '.join(unknown)}; choose from {', '.join(FILES)}")
        return 2
    for name in which:
        makers = {"random": random_summary, "players": players_summary,
                  "recorded": recorded_example}
        table = makers[name]()
        path = data_dir() / FILES[name]
        path.write_text(to_csv(table), encoding="utf-8")
        print(f"wrote {path} ({len(table)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
