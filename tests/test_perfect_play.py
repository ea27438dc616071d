"""data/perfect_play.csv (made by scripts/perfect_play.py with
hoyito_edu.analysis.perfect_play, issue 28): who wins each rule set with perfect play. The
handicap bisection finds the margin a search can prove, the file's rows hang together, and its
deciding proofs come out the same when searched again."""

from __future__ import annotations

import csv

import pytest
from perfect_play import OUT, _typed

from hoyito_edu.analysis.perfect_play import (
    CHECK_LIMIT,
    COLUMNS,
    VARIANTS,
    bound,
    deciding_rows,
    handicaps,
    margins,
    search,
    surplus_for,
)


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    with open(OUT, newline="", encoding="utf-8") as table:
        reader = csv.DictReader(table)
        assert tuple(reader.fieldnames) == COLUMNS
        return [_typed(row) for row in reader]


def fake_search(margin: int, settles):
    """A search of a game whose South margin is ``margin``: a handicapped test is proven when
    ``settles(m)`` says so (``m``: the margin the test asks about), with the value a real
    search would prove (the smallest win: 1 seed)."""

    def run(variant, step, handicap, nodes):
        m = -handicap - 1
        row = {"variant": variant, "step": step, "nodes": nodes, "value": 0, "check": ""}
        row["surplus_south"], row["surplus_north"] = surplus_for(handicap)
        south_wins = margin + handicap > 0
        if settles(m):
            row.update(status="proven", winner="South" if south_wins else "North",
                       value=1 if south_wins else -1)
        else:
            row.update(status="estimated", winner="")
        return row

    return run


def winner_row(margin: int) -> dict:
    """What step 2 proves of that game: the winner, by at least 2 seeds."""
    return {"status": "proven", "winner": "South" if margin > 0 else "North",
            "value": 2 if margin > 0 else -2, "surplus_south": 0, "surplus_north": 0}


@pytest.mark.parametrize("margin", [-24, -8, 2, 16])
def test_the_handicaps_find_an_exact_margin_when_every_test_is_provable(margin):
    found = handicaps("x", [winner_row(margin)], fake_search(margin, lambda m: True))
    assert margins([winner_row(margin), *found]) == (margin, margin)
    assert all(row["status"] == "proven" for row in found)


def test_tests_it_cannot_settle_leave_a_range_that_holds_the_margin():
    # near the true margin (-24) no test is settled, as in Hoyito II
    found = handicaps("x", [winner_row(-24)], fake_search(-24, lambda m: abs(m + 24) > 6))
    low, high = margins([winner_row(-24), *found])
    assert low <= -24 <= high and (low, high) == (-30, -16)
    assert {row["status"] for row in found} == {"proven", "estimated"}


def test_every_row_says_what_it_proves(rows):
    assert {row["variant"] for row in rows} == set(VARIANTS)
    for row in rows:
        said = bound(row)
        if row["status"] == "proven":
            assert row["winner"] in ("South", "North")
            assert row["bound"] == f"{said[0]} {said[1]}"
        else:
            assert row["status"] == "estimated" and row["winner"] == row["bound"] == ""
    for variant in VARIANTS:
        part = [row for row in rows if row["variant"] == variant]
        low, high = margins(part)
        assert low <= high, variant  # no two proofs contradict each other
        assert low > 0 or high < 0, variant  # the winner is proven in every rule set


def test_the_bounds_rest_on_rows_the_python_search_checked(rows):
    for variant in VARIANTS:
        part = [row for row in rows if row["variant"] == variant]
        checked = deciding_rows(part)
        assert {bound(row)[0] for row in checked} == {">=", "<="}, variant
        for row in checked:
            if row["nodes"] <= CHECK_LIMIT:
                assert row["check"].startswith("agrees: Python search"), row
            else:
                assert row["check"].startswith("not checked"), row


@pytest.mark.parametrize("variant", ["hoyito-i", "ba-awa"])
def test_the_exact_margins_are_proven_again(rows, variant):
    # the two proofs of each exact margin (a few seconds each), searched again
    part = [row for row in rows if row["variant"] == variant]
    low, high = margins(part)
    assert low == high
    for row in deciding_rows(part):
        handicap = row["surplus_south"] - row["surplus_north"]
        again = search(variant, row["step"], handicap, row["nodes"])
        keys = ("depth", "value", "status", "winner", "bound")
        assert {k: again[k] for k in keys} == {k: row[k] for k in keys}
