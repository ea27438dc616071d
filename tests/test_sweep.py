"""hy.sweep: one row of metrics per cell of the grid, reproducible cell by cell."""

from __future__ import annotations

import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.sim.metrics import METRIC_COLUMNS

GRID = dict(
    variants=["hoyito-i", "ba-awa"],
    holes_per_row=[6, 7],
    options={"skip_origin": [False, True]},
    players=[("random", "random"), ("greedy", "random")],
    games=8,
    seed=5,
)


def test_one_row_per_playable_cell():
    table = hy.sweep(**GRID)
    # 2 variants x 2 sizes x 2 options x 2 pairings, less Ba-awa on 2x7 (2 x 2 cells)
    assert len(table) == 12
    assert list(table.columns) == ["cell", "variant", "holes_per_row", "skip_origin", "south",
                                   "north", "seed", *METRIC_COLUMNS]
    assert table.attrs["left_out"] == ["ba-awa on 2x7"]
    assert (table["games"] == 8).all()
    cells = table[["variant", "holes_per_row", "skip_origin", "south"]].astype(str)
    assert not cells.duplicated().any()
    assert table["seed"].nunique() == 12


def test_same_seed_same_table_and_cells_do_not_depend_on_each_other():
    table = hy.sweep(**GRID)
    pd.testing.assert_frame_equal(table, hy.sweep(**GRID))
    alone = hy.sweep(**{**GRID, "variants": "ba-awa", "holes_per_row": 6})
    mine = table[table["variant"] == "ba-awa"].reset_index(drop=True)
    columns = ["skip_origin", "south", "north", "seed", *METRIC_COLUMNS]
    pd.testing.assert_frame_equal(alone[columns], mine[columns])
    other = hy.sweep(**{**GRID, "seed": 6})
    assert not other["seed"].isin(table["seed"]).any()


def test_a_cells_games_are_simulate_with_the_cells_seed():
    metrics, games = hy.sweep(**GRID, per_game=True)
    assert len(games) == 12 * 8
    row = metrics.iloc[7]
    mine = games[games["cell"] == row["cell"]].drop(columns=["cell", "skip_origin"])
    sim = hy.simulate(row["variant"], 8, players=(row["south"], row["north"]),
                      holes_per_row=int(row["holes_per_row"]), seed=int(row["seed"]),
                      tables=["games"], skip_origin=bool(row["skip_origin"]))
    expected = sim.games.astype({"variant": mine["variant"].dtype})
    pd.testing.assert_frame_equal(mine.reset_index(drop=True), expected)


def test_limits_are_nullable_integers():
    table = hy.sweep(variants="hoyito-ii", options={"max_laps": [None, 40]}, games=4)
    assert str(table["max_laps"].dtype) == "Int64"
    assert table["max_laps"].isna().tolist() == [True, False]


def test_a_sweep_on_the_cluster_equals_one_process(dask_client):
    grid = {**GRID, "holes_per_row": 6}
    here = hy.sweep(**grid, per_game=True)
    there = hy.sweep(**grid, per_game=True, client=dask_client)
    pd.testing.assert_frame_equal(here[0], there[0])
    pd.testing.assert_frame_equal(here[1], there[1])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(variants=["chess"]), "unknown variant 'chess'"),
        (dict(variants=[]), "variants: give at least one value"),
        (dict(variants=["ba-awa", "ba-awa"]), "'ba-awa' is given more than once"),
        (dict(holes_per_row=[6, 13]), "holes_per_row must be whole numbers from 6 to 12"),
        (dict(holes_per_row=6.0), "holes_per_row must be whole numbers"),
        (dict(options={"speed": [1]}), "unknown option"),
        (dict(options=["skip_origin"]), "options must be a dict"),
        (dict(options={"max_laps": [0]}), "max_laps"),
        (dict(players=("random", "chess")), "unknown player 'chess'"),
        (dict(players="random"), "players must be"),
        (dict(games=0), "games must be a whole number from 1"),
        (dict(seed=-1), "seed must be a whole number from 0"),
        (dict(per_game="yes"), "per_game must be True or False"),
        (dict(variants="ba-awa", holes_per_row=8), r"no cell of this grid can be played"),
        (dict(client="localhost:8786"), "client must be a distributed.Client"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(kwargs, message):
    with pytest.raises(ValueError, match=message):
        hy.sweep(**{"games": 2, **kwargs})
