"""data/deep_openings.csv (made by scripts/deep_openings.py): every opening of every rule set,
valued by deep search, with honest statuses, and the file is what the script computes."""

from __future__ import annotations

import pandas as pd
import pytest
from deep_openings import OUT

import hoyito_edu as hy
from hoyito_edu.analysis.deep_openings import COLUMNS, NODES, VARIANTS, deep_opening
from hoyito_edu.analysis.perfect_play import for_south
from hoyito_edu.players import WIN


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return pd.read_csv(OUT, keep_default_na=False)


def test_every_legal_opening_of_every_rule_set_is_there_once(table):
    assert tuple(table.columns) == COLUMNS
    for variant in VARIANTS:
        holes = sorted(table.loc[table.variant == variant, "hole"])
        assert holes == sorted(hy.new_game(variant).legal_moves()), variant
    assert len(table) == sum(len(hy.new_game(v).legal_moves()) for v in VARIANTS)


def test_statuses_winners_and_margins_agree_with_the_game(table):
    assert set(table.status) <= {"proven", "estimated"}
    proven = table[table.status == "proven"]
    estimated = table[table.status == "estimated"]
    assert (estimated.winner == "").all()
    assert (proven.winner == proven.value.map(lambda v: "South" if v > 0 else "North")).all()
    # 48 seeds in all on 2x6: a final margin is even and at most 48
    assert (proven.value.abs() <= 48).all() and (proven.value % 2 == 0).all()
    assert (proven.value != 0).all()
    assert (table.depth >= 1).all() and (table.nodes >= 1).all()
    for row in table.itertuples():
        assert f"depth {row.depth}, {row.nodes} nodes" in row.method


def test_the_ba_awa_opening_from_hole_0_is_checked_by_a_second_method(table):
    row = table[(table.variant == "ba-awa") & (table.hole == 0)].iloc[0]
    assert row.status == "proven" and row.winner == "South" and row.value == 8
    assert "compiled=False" in row.check
    assert row.check.endswith("proven win for South by 8")


def test_every_second_check_agrees_with_its_row(table):
    checked = table[table.check != ""]
    assert len(checked) >= 1
    for row in checked.itertuples():
        verdict = f"{row.status} win for {row.winner} by {abs(row.value)}"
        assert row.check.endswith(verdict), (row.variant, row.hole, row.check)


def test_for_south_turns_the_searchers_view_into_souths():
    assert for_south(WIN + 6, 0) == (6, "proven", "South")
    assert for_south(WIN + 6, 1) == (-6, "proven", "North")
    assert for_south(-4, 1) == (4, "estimated", "")


def test_the_cheapest_row_is_what_the_script_computes_at_its_budget(table):
    row = table.sort_values("seconds").iloc[0]
    again = deep_opening(row.variant, int(row.hole), NODES)
    assert (again.value, again.status, again.depth) == (row.value, row.status, row.depth)
