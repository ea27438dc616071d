"""Simulated matches (hoyito_edu.sim.matches): seeded, played through hy.Match, counted
faithfully."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.sim.matches import MATCH_COLUMNS, ROUND_COLUMNS, rounds_table, simulate_matches
from hoyito_edu.teaching.classroom import strategy_player


def consecutive(rounds):
    """Pairs (previous game, next game) of a rounds table, as dicts."""
    records = rounds.to_dict("records")
    return zip(records[:-1], records[1:], strict=True)


def first_legal(position):
    return position.legal_moves()[0]


def last_legal(position):
    return position.legal_moves()[-1]


@pytest.fixture(scope="module")
def hoyito_matches():
    return simulate_matches("hoyito-i", 6, players=("greedy", "beginner"), seed=11, max_rounds=8)


@pytest.fixture(scope="module")
def ba_awa_matches():
    return simulate_matches(
        "ba-awa", 6, players=("greedy", "beginner"), seed=4, max_rounds=8, target=10
    )


def test_same_seed_same_matches_and_other_seed_other_matches(hoyito_matches):
    again = simulate_matches("hoyito-i", 6, players=("greedy", "beginner"), seed=11, max_rounds=8)
    pd.testing.assert_frame_equal(hoyito_matches, again)
    assert hoyito_matches.attrs["rounds"] == again.attrs["rounds"]
    other = simulate_matches("hoyito-i", 6, players=("greedy", "beginner"), seed=12, max_rounds=8)
    assert (
        rounds_table(other)[["score_south", "moves"]].values.tolist()
        != rounds_table(hoyito_matches)[["score_south", "moves"]].values.tolist()
    )


def test_columns_seats_and_labels(hoyito_matches):
    assert list(hoyito_matches.columns) == MATCH_COLUMNS
    assert list(rounds_table(hoyito_matches).columns) == ROUND_COLUMNS
    assert list(hoyito_matches["south"]) == ["greedy", "beginner"] * 3
    assert list(hoyito_matches["north"]) == ["beginner", "greedy"] * 3
    assert set(hoyito_matches["first_player"]) == {0}
    same = simulate_matches("hoyito-ii", 2, players=("random", "random"), seed=0, max_rounds=2)
    assert list(same["south"]) == ["random 1", "random 2"]


@pytest.mark.parametrize("table_name", ["hoyito_matches", "ba_awa_matches"])
def test_match_rows_agree_with_their_rounds(table_name, request):
    table = request.getfixturevalue(table_name)
    rounds = rounds_table(table)
    territory = table["variant"].iloc[0] == "ba-awa"
    for row in table.itertuples():
        mine = rounds[rounds["match"] == row.match]
        assert list(mine["round"]) == list(range(1, row.rounds + 1))
        last = mine.iloc[-1]
        assert (row.holdings_south, row.holdings_north) == (
            last.holdings_south,
            last.holdings_north,
        )
        assert row.holdings_south + row.holdings_north == (12 if territory else 48)
        assert row.moves == mine["moves"].sum()
        first = mine.iloc[0].winner_seat
        assert (
            pd.isna(row.round1_winner_seat) if pd.isna(first) else row.round1_winner_seat == first
        )
        if not row.finished:
            assert row.rounds == 8
            assert pd.isna(row.winner) and pd.isna(row.winner_seat) and pd.isna(row.comeback)
            continue
        loser_holds = (row.holdings_south, row.holdings_north)[1 - row.winner_seat]
        winner_holds = (row.holdings_south, row.holdings_north)[row.winner_seat]
        if territory:
            assert loser_holds == 0 or winner_holds >= 10
        else:
            assert loser_holds < 4
        assert row.winner == (row.south, row.north)[row.winner_seat]
        if pd.isna(row.round1_winner_seat):
            assert pd.isna(row.comeback)
        else:
            assert row.comeback == (row.winner_seat != row.round1_winner_seat)


def test_hoyito_rounds_close_holes_and_carry_surplus(hoyito_matches):
    rounds = rounds_table(hoyito_matches)
    seen_closed = False
    for prev, cur in consecutive(rounds):
        if cur["match"] != prev["match"]:
            assert (cur["open_south"], cur["open_north"]) == (6, 6)
            continue
        for side in ("south", "north"):  # R6.2: fill min(n, holdings // 4) holes, rest surplus
            held = prev[f"holdings_{side}"]
            assert cur[f"open_{side}"] == min(6, held // 4)
            assert cur[f"surplus_{side}"] == held - 4 * cur[f"open_{side}"]
            seen_closed |= cur[f"open_{side}"] < 6
        winner = prev["winner_seat"]  # R6.3: the winner starts; after a draw, the other player
        expected = (1 - prev["starter"]) if pd.isna(winner) else winner
        assert cur["starter"] == expected
    assert seen_closed, "the sample should include a game with closed holes"


def test_ba_awa_rounds_move_territory_and_alternate_starters(ba_awa_matches):
    rounds = rounds_table(ba_awa_matches)
    for prev, cur in consecutive(rounds):
        if cur["match"] != prev["match"]:
            continue
        assert (cur["open_south"], cur["open_north"]) == (
            prev["holdings_south"],
            prev["holdings_north"],
        )
        assert cur["starter"] == 1 - prev["starter"]  # R6.7: starters alternate by default
    assert (rounds["open_south"] != 6).any()


def test_deterministic_players_give_the_same_rounds_as_playing_the_match_by_hand():
    players = (lambda seed: strategy_player(first_legal), lambda seed: strategy_player(last_legal))
    table = simulate_matches(
        "hoyito-iii", 2, players=players, labels=("first", "last"), max_rounds=6
    )
    rounds = rounds_table(table)
    for number in (0, 1):
        choose = {0: first_legal, 1: last_legal} if number == 0 else {0: last_legal, 1: first_legal}
        match = hy.Match("hoyito-iii")
        while True:
            while not match.game.is_over:
                match.play(choose[match.position.player](match.position))
            if match.is_over or match.round >= 6:
                break
            match.next_round()
        mine = rounds[rounds["match"] == number]
        assert [(r.round, r.starter, r.moves) for r in match.results] == list(
            zip(mine["round"], mine["starter"], mine["moves"], strict=True)
        )
        assert [r.holdings for r in match.results] == list(
            zip(mine["holdings_south"], mine["holdings_north"], strict=True)
        )
        assert table.loc[number, "finished"] == match.is_over


def test_settings_are_passed_to_the_match_and_recorded(ba_awa_matches):
    assert ba_awa_matches.attrs["settings"]["target"] == 10
    starts = simulate_matches(
        "ba-awa", 3, players=("greedy", "random"), seed=2, max_rounds=4, winner_starts=True
    )
    rounds = rounds_table(starts)
    for prev, cur in consecutive(rounds):
        if cur["match"] == prev["match"] and not pd.isna(prev["winner_seat"]):
            assert cur["starter"] == prev["winner_seat"]


def test_clear_errors():
    with pytest.raises(ValueError, match="players must be a pair"):
        simulate_matches("hoyito-i", 2, players=("greedy",))
    with pytest.raises(ValueError, match="matches must be a whole number"):
        simulate_matches("hoyito-i", 0)
    with pytest.raises(ValueError, match="max_rounds must be a whole number"):
        simulate_matches("hoyito-i", 1, max_rounds=0)
    with pytest.raises(ValueError, match="unknown variant"):
        simulate_matches("oware", 1)
    with pytest.raises(ValueError, match="different labels"):
        simulate_matches("hoyito-i", 1, players=("greedy", "random"), labels=("a", "a"))
    with pytest.raises(ValueError, match="target, winner_starts and reallocate are Ba-awa"):
        simulate_matches("hoyito-i", 1, target=10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"matches": 2.0}, "matches must be a whole number from 1"),
        ({"matches": True}, "matches must be a whole number from 1"),
        ({"matches": 10**12}, "more than half the memory available"),
        ({"seed": "3"}, "seed must be a whole number from 0"),
        ({"max_rounds": 10**9}, "max_rounds must be a whole number from 1 to 10,000"),
        ({"players": None}, "players must be a pair"),
        ({"players": (x for x in ("greedy", "random"))}, "players must be a pair"),
        ({"players": ("greedy", 7)}, "a match player is a name or a function"),
        ({"players": ("greedy", "chess")}, "unknown player 'chess'"),
        ({"players": ("greedy", lambda seed: None)}, "must return a player"),
        ({"labels": "ab"}, "labels must be a pair of names"),
        ({"labels": ("a", "b", "c")}, "labels must be a pair of names"),
        ({"reallocate": 5}, "reallocate must be a function"),
        ({"target": 9.5}, "target must be a whole number of holes"),
        ({"holes_per_row": None}, "holes_per_row must be a whole number"),
        ({"spin": True}, "unknown setting.s. spin"),
        ({"max_laps": -2}, "option max_laps must be a whole number from 1"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(kwargs, message):
    args = {"variant": "ba-awa", "matches": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate_matches(args.pop("variant"), args.pop("matches"), **args)


def test_numpy_integers_and_rule_options_are_accepted():
    table = simulate_matches("hoyito-ii", np.int64(2), seed=np.int64(1), max_rounds=np.int64(2),
                             holes_per_row=np.int64(7), max_laps=np.int64(4))
    rounds = rounds_table(table)
    assert len(table) == 2 and (rounds["reason"] == "lap-limit").any()
    assert table.attrs["settings"]["holes_per_row"] == 7
