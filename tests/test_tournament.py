"""Tournaments: round-robin in both seats, repeatable, played through the engine, and Elo-style
ratings that follow the results."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.sim.tournament import GAME_COLUMNS, elo_ratings, play_games, standings

FAST = ["greedy", "random", "beginner"]


@pytest.fixture(scope="module")
def small() -> pd.DataFrame:
    return hy.tournament(FAST, games_per_pairing=4, seed=11)


def test_standings_count_every_game_of_the_round_robin(small):
    assert list(small.columns) == [
        "games",
        "wins",
        "draws",
        "losses",
        "unfinished",
        "points",
        "mean_margin",
        "elo",
    ]
    # each player meets 2 others in 4 variants, 4 games each
    assert set(small.index) == set(FAST)
    assert (small["games"] == 2 * 4 * 4).all()
    counted = small["wins"] + small["draws"] + small["losses"] + small["unfinished"]
    assert (counted == small["games"]).all()
    assert small["wins"].sum() == small["losses"].sum()
    games = pd.DataFrame(small.attrs["games"])
    assert list(games.columns) == GAME_COLUMNS
    assert len(games) == 3 * 4 * 4
    assert small.attrs["settings"]["max_plies"] == 1000


def test_every_pairing_plays_both_seats_in_every_variant(small):
    games = pd.DataFrame(small.attrs["games"])
    for (variant, pairing), group in games.groupby(["variant", "pairing"]):
        first = pairing.split(" v ")[0]
        assert (group["south"] == first).sum() == 2, (variant, pairing)
        assert (group["north"] == first).sum() == 2, (variant, pairing)
    assert set(games["variant"]) == set(hy.VARIANTS)


def test_margins_are_from_each_players_side(small):
    games = pd.DataFrame(small.attrs["games"])
    for label, row in small.iterrows():
        south = games[games["south"] == label]["margin"]
        north = -games[games["north"] == label]["margin"]
        assert row["mean_margin"] == pytest.approx(pd.concat([south, north]).mean())
    assert small["mean_margin"].sum() == pytest.approx(0)


def test_same_seed_same_tournament_other_seed_other_games():
    first = play_games(FAST[:2], ["hoyito-iii"], games_per_pairing=4, seed=3)
    again = play_games(FAST[:2], ["hoyito-iii"], games_per_pairing=4, seed=3)
    other = play_games(FAST[:2], ["hoyito-iii"], games_per_pairing=4, seed=4)
    pd.testing.assert_frame_equal(first, again)
    assert not first[["south_seed", "plies", "margin"]].equals(
        other[["south_seed", "plies", "margin"]]
    )


def test_each_game_replays_through_the_engine_from_its_seeds():
    games = play_games(["greedy", "random"], ["hoyito-ii", "ba-awa"], 3, seed=5, holes_per_row=8)
    for row in games.itertuples():
        assert row.holes_per_row == (6 if row.variant == "ba-awa" else 8)
        agents = (
            hy.player(row.south, seed=row.south_seed),
            hy.player(row.north, seed=row.north_seed),
        )
        pos, plies = hy.new_game(row.variant, holes_per_row=row.holes_per_row), 0
        while not pos.is_over:
            pos, plies = pos.play(agents[pos.player].choose(pos)), plies + 1
        assert (plies, pos.score[0], pos.score[1]) == (row.plies, row.south_score, row.north_score)
        assert row.reason == str(pos.outcome.reason)
        expected = None if pos.winner is None else (row.south, row.north)[pos.winner]
        assert row.winner == expected


def test_the_ply_cap_stops_games_without_calling_them_draws():
    table = hy.tournament(["greedy", "random"], ["hoyito-ii"], games_per_pairing=2, max_plies=3)
    games = pd.DataFrame(table.attrs["games"])
    assert (games["plies"] == 3).all() and not games["finished"].any()
    assert (games["reason"] == "ply cap").all() and games["winner"].isna().all()
    assert (table["unfinished"] == 2).all()
    assert (table[["wins", "draws", "losses"]] == 0).all().all()
    assert table["points"].isna().all()
    assert (table["elo"] == 1500).all()
    # the cap is not a rule: the same games uncapped go on past 3 moves
    uncapped = play_games(["greedy", "random"], ["hoyito-ii"], games_per_pairing=2)
    assert (uncapped["plies"] > 3).all() and uncapped["finished"].all()


def test_players_by_label_settings_or_function():
    table = hy.tournament(
        {
            "deep": ("search", {"max_depth": 2}),
            "coin": "random",
            "mine": lambda seed: hy.players.GreedyPlayer(seed=seed, name="mine"),
        },
        variants=["ba-awa"],
        games_per_pairing=2,
    )
    assert set(table.index) == {"deep", "coin", "mine"}
    with pytest.raises(ValueError, match="at least two players"):
        hy.tournament(["greedy"])
    with pytest.raises(ValueError, match="two players are called 'greedy'"):
        hy.tournament(["greedy", "greedy"])
    with pytest.raises(ValueError, match="unknown variant 'oware'"):
        hy.tournament(["greedy", "random"], variants=["oware"])
    with pytest.raises(ValueError, match="a tournament player is"):
        hy.tournament(["greedy", 7])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": "greedy"}, "players must be a list of player names"),
        ({"players": None}, "players must be a list of player names"),
        ({"players": ["greedy", ("search", 5)]}, "a tournament player is a name, a .name, "),
        ({"players": ["greedy", ("search", {"depth": 3})]}, "takes no setting depth"),
        ({"players": ["greedy", "chess"]}, "unknown player 'chess'"),
        ({"players": {"a": "greedy", "b": lambda seed: 5}}, "must return a player"),
        ({"variants": None}, "variants must be a list of variant names"),
        ({"variants": []}, "give at least one of"),
        ({"variants": ["ba-awa", "Ba-Awa"]}, "names ba-awa more than once"),
        ({"variants": [5]}, "unknown variant 5"),
        ({"games_per_pairing": 2.0}, "games_per_pairing must be a whole number from 1"),
        ({"games_per_pairing": True}, "games_per_pairing must be a whole number from 1"),
        ({"games_per_pairing": 10**12}, "more than half the memory available"),
        ({"seed": "1"}, "seed must be a whole number from 0"),
        ({"seed": 1.5}, "seed must be a whole number from 0"),
        ({"holes_per_row": 13}, "Hoyito I is played on 2x6 to 2x12"),
        ({"holes_per_row": -1, "variants": ["ba-awa"]}, "played on 2x6 to 2x12"),
        ({"max_plies": None}, "max_plies must be a whole number from 1 to 1,000,000"),
        ({"progress": "yes"}, "progress must be True or False"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(kwargs, message):
    args = {"players": ["greedy", "random"], "variants": ["hoyito-i"], "games_per_pairing": 2,
            **kwargs}
    with pytest.raises(ValueError, match=message):
        hy.tournament(args.pop("players"), **args)


def test_one_variant_by_name_rules_objects_and_numpy_integers():
    by_name = hy.tournament(["greedy", "random"], variants="Hoyito-II", games_per_pairing=2,
                            seed=np.int64(4), holes_per_row=np.int64(7))
    games = pd.DataFrame(by_name.attrs["games"])
    assert set(games["variant"]) == {"hoyito-ii"} and (games["holes_per_row"] == 7).all()
    assert by_name.attrs["settings"]["seed"] == 4
    rules = hy.get_rules("hoyito-ii", max_laps=3)
    short = hy.tournament({"a": "random", "b": "random"}, variants=[rules], games_per_pairing=6,
                          seed=1)
    games = pd.DataFrame(short.attrs["games"])
    assert set(games["variant"]) == {"hoyito-ii"}
    assert (games["reason"] == "lap-limit").any()  # played under the rules given


def test_stronger_players_rate_higher():
    table = hy.tournament(["intermediate", "random"], ["hoyito-ii", "ba-awa"], 6, seed=2)
    assert table.index[0] == "intermediate"
    assert table.loc["intermediate", "wins"] > table.loc["random", "wins"]
    assert table.loc["intermediate", "elo"] > 1500 > table.loc["random", "elo"]


def _games(rows):
    return pd.DataFrame(
        [{"south": s, "north": n, "winner": w, "finished": True} for s, n, w in rows]
    )


def test_elo_matches_the_model_for_two_players():
    # a scores 3 of 4, plus the virtual draw: 3.5 of 5, so the fitted expected score is 0.7
    ratings = elo_ratings(
        _games([("a", "b", "a"), ("b", "a", "a"), ("a", "b", "a"), ("a", "b", "b")])
    )
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(0.7 / 0.3), abs=0.01)
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)


def test_elo_ignores_game_order_and_counts_draws_as_halves():
    rows = [("a", "b", "a"), ("b", "c", "b"), ("a", "c", None), ("c", "a", "a"), ("b", "c", "c")]
    forward, backward = elo_ratings(_games(rows)), elo_ratings(_games(rows[::-1]))
    assert forward == pytest.approx(backward)
    even = elo_ratings(_games([("a", "b", None), ("b", "a", None)]))
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(1500)
    transitive = elo_ratings(_games([("a", "b", "a"), ("b", "c", "b"), ("a", "c", "a")] * 3))
    assert transitive["a"] > transitive["b"] > transitive["c"]


def test_standings_of_a_hand_made_table():
    games = _games([("x", "y", "x"), ("y", "x", None), ("x", "y", "y")])
    games["margin"] = [8, 0, -4]
    table = standings(games)
    assert table.loc["x"].to_dict() == pytest.approx(
        {
            "games": 3,
            "wins": 1,
            "draws": 1,
            "losses": 1,
            "unfinished": 0,
            "points": 0.5,
            "mean_margin": (8 + 0 - 4) / 3,
            "elo": 1500,
        }
    )


def test_a_tournament_on_a_dask_cluster_equals_one_process(dask_client):
    players = {"greedy": "greedy", "random": "random", "biased": ("random", {"capture_bias": 0.8})}
    kwargs = dict(variants=["hoyito-iii", "ba-awa"], games_per_pairing=13, seed=4, max_plies=300)
    here = hy.tournament(players, **kwargs)
    there = hy.tournament(players, client=dask_client, **kwargs)
    pd.testing.assert_frame_equal(here, there)
    assert here.attrs["games"] == there.attrs["games"]
    assert len(there.attrs["games"]) == 2 * 3 * 13  # every game, played in batches of 10


def test_a_tournament_refuses_a_bad_client():
    with pytest.raises(ValueError, match="client must be a distributed.Client"):
        hy.tournament(["greedy", "random"], variants=["ba-awa"], client="tcp://x:8786")


def test_the_same_seed_gives_the_same_games_in_english_and_in_spanish():
    """A notebook's challenge labels the student's strategy in the notebook's language: the
    labels must not choose the games, or the same strategy scores differently in es and en."""
    from hoyito_edu.i18n import language
    from hoyito_edu.teaching.classroom import strategy_player

    def first_hole(position):
        return position.legal_moves()[0]

    def games(label: str, lang: str) -> pd.DataFrame:
        with language(lang):
            players = {label: lambda _: strategy_player(first_hole), "beginner": "beginner"}
            return play_games(players, ["hoyito-i"], games_per_pairing=10, seed=2024)

    english, spanish = games("my strategy", "en"), games("mi estrategia", "es")
    same = ["south_seed", "north_seed", "plies", "margin", "reason"]
    assert english[same].equals(spanish[same])
    won = (english["winner"] == "my strategy").sum()
    assert won == (spanish["winner"] == "mi estrategia").sum()


def test_two_players_of_the_same_kind_get_their_own_seeds():
    table = play_games({"a": "random", "b": "random", "c": "greedy"}, ["ba-awa"], 4, seed=1)
    a_c = table[table["pairing"] == "a v c"]
    b_c = table[table["pairing"] == "b v c"]
    assert not a_c["south_seed"].to_numpy().tolist() == b_c["south_seed"].to_numpy().tolist()
