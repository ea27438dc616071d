"""Ludii-style metrics: values worked out by hand on a small games table; sums on real runs."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.sim.metrics import METRIC_COLUMNS, game_metrics, starter_advantage, wilson_interval

NA = pd.NA


def games_table() -> pd.DataFrame:
    """Ten games of one pairing, worked through in the test below, and two of another."""
    return pd.DataFrame(
        {
            "variant": ["hoyito-i"] * 10 + ["ba-awa"] * 2,
            "holes_per_row": 6,
            "pairing": ["random vs random"] * 10 + ["greedy vs random"] * 2,
            "starter": [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0],
            "winner": pd.array([0, 0, 1, 1, NA, NA, 0, 1, 0, NA, 0, 1], dtype="Int8"),
            "end_reason": ["final-four"] * 3
            + [
                "endless",
                "final-four",
                "ply-cap",
                "repetition",
                "final-four",
                "final-four",
                "final-four",
                "eight-or-fewer",
                "eight-or-fewer",
            ],
            "plies": [40, 50, 60, 30, 70, 100, 20, 40, 50, 40, 10, 12],
            "turns": [40, 50, 55, 30, 70, 100, 20, 40, 50, 35, 10, 12],
            "casas": [10, 11, 10, 9, 11, 4, 10, 11, 10, 10, 10, 10],
            "branching": [3.0, 4.0, 3.0, 4.0, 3.0, 2.0, 5.0, 3.0, 4.0, 3.0, 4.0, 5.0],
        }
    )


def test_metrics_by_hand():
    table = game_metrics(games_table(), by=["variant", "pairing"])
    assert list(table.columns) == ["variant", "pairing", *METRIC_COLUMNS]
    row = table.set_index("variant").loc["hoyito-i"]
    # starter won games 0, 3, 6, 7, 8; the second player games 1, 2; 4 and 9 were drawn;
    # game 5 was stopped by the ply cap
    assert row["games"] == 10
    assert row["first_wins"] == pytest.approx(0.5)
    assert row["second_wins"] == pytest.approx(0.2)
    assert row["balance"] == pytest.approx(1 - 0.3)
    assert row["completion"] == pytest.approx(0.7)
    assert row["drawishness"] == pytest.approx(0.2)
    assert row["unfinished"] == pytest.approx(0.1)
    assert row["starter_win_share"] == pytest.approx(5 / 7)
    low, high = wilson_interval(5, 7)
    assert (row["starter_ci_low"], row["starter_ci_high"]) == pytest.approx((low, high))
    finished = [0, 1, 2, 3, 4, 6, 7, 8, 9]
    turns = np.array([40, 50, 55, 30, 70, 100, 20, 40, 50, 35])[finished]
    plies = np.array([40, 50, 60, 30, 70, 100, 20, 40, 50, 40])
    assert row["duration_turns"] == pytest.approx(turns.mean())
    assert row["duration_plies"] == pytest.approx(plies[finished].mean())
    legal = np.array([3, 4, 3, 4, 3, 2, 5, 3, 4, 3]) * plies
    assert row["branching_factor"] == pytest.approx(legal.sum() / plies.sum())
    assert row["captures_per_game"] == pytest.approx(9.6)
    assert row["endless_share"] == pytest.approx(0.1)
    assert row["repetition_share"] == pytest.approx(0.1)
    other = table.set_index("variant").loc["ba-awa"]
    assert (other["games"], other["first_wins"], other["balance"]) == (2, 0.5, 1.0)


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert (float(low), float(high)) == pytest.approx((0.4038, 0.5962), abs=5e-5)
    low, high = wilson_interval(0, 10)
    assert float(low) == pytest.approx(0.0, abs=1e-12)
    assert float(high) == pytest.approx(0.2775, abs=5e-5)
    low, high = wilson_interval(np.array([3, 0]), np.array([4, 0]))
    assert low[0] < 0.75 < high[0] and math.isnan(low[1]) and math.isnan(high[1])


def test_starter_advantage_counts_and_interval():
    table = starter_advantage(games_table(), by="variant")
    row = table.set_index("variant").loc["hoyito-i"]
    assert (row["wins"], row["decided"]) == (5, 7)
    assert row["share"] == pytest.approx(5 / 7)
    assert row["ci_low"] < row["share"] < row["ci_high"]


def test_metrics_of_a_simulation_add_up():
    sim = hy.simulate(["hoyito-ii", "ba-awa"], 3000, seed=7, tables=["games"])
    table = sim.metrics()
    assert list(table["variant"]) == ["hoyito-ii", "ba-awa"]
    assert (table["games"] == 3000).all()
    shares = table["completion"] + table["drawishness"] + table["unfinished"]
    assert np.allclose(shares, 1)
    assert np.allclose(table["first_wins"] + table["second_wins"], table["completion"])
    assert ((table["balance"] > 0) & (table["balance"] <= 1)).all()
    assert ((table["starter_ci_low"] < table["starter_win_share"])
            & (table["starter_win_share"] < table["starter_ci_high"])).all()
    # Ba-awa's starter takes the last eight or fewer seeds (R4.2): a large head start
    ba_awa = table.set_index("variant").loc["ba-awa"]
    assert ba_awa["starter_ci_low"] > 0.5
    # Hoyito II gives extra turns: fewer turns than moves
    hoyito = table.set_index("variant").loc["hoyito-ii"]
    assert hoyito["duration_turns"] < hoyito["duration_plies"]


def test_pairings_are_reported_apart():
    sim = hy.simulate("ba-awa", 40, players=("greedy", "random"), seed=3)
    table = game_metrics(sim.games)
    assert sorted(table["pairing"]) == ["greedy vs random", "random vs greedy"]
    assert (table["games"] == 20).all()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (pd.DataFrame({"variant": ["x"]}), "missing column.s. starter, winner"),
        (games_table().iloc[:0], "games table is empty"),
    ],
)
def test_bad_tables_are_explained(frame, message):
    with pytest.raises(ValueError, match=message):
        game_metrics(frame)
