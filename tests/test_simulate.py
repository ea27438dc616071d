"""simulate(): the three tables, what they promise, both paths, workers, and bad arguments."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.sim.simulate import CAPTURE_KINDS, END_REASONS

GAME_COLUMNS = ["variant", "holes_per_row", "game", "south", "north", "starter", "first",
                "pairing", "winner", "result", "starter_won", "score_south", "score_north",
                "plies", "turns", "end_reason", "seeds_left", "casas", "passes",
                "branching"]
MOVE_COLUMNS = ["variant", "holes_per_row", "game", "ply", "player", "hole", "legal", "laps",
                "drops", "taken_south", "taken_north", "south_mid_sow", "north_mid_sow",
                "south_last_seed", "north_last_seed", "south_chain", "north_chain",
                "south_end", "north_end", "seeds_left", "extra_turn", "passed",
                "endless", "lap_limit"]
CAPTURE_COLUMNS = ["variant", "holes_per_row", "game", "ply", "seq", "hole", "row", "taker",
                   "kind", "seeds"]


@pytest.fixture(scope="module")
def sim():
    return hy.simulate(list(hy.VARIANTS), 300, seed=11)


def assert_same(a: hy.Simulation, b: hy.Simulation) -> None:
    """Equal tables. Categorical columns are compared by categories and codes (pandas'
    own comparison of categoricals is slow on long tables)."""
    for name in ("games", "moves", "captures"):
        left, right = getattr(a, name), getattr(b, name)
        assert list(left.columns) == list(right.columns), name
        for column in left.columns:
            x, y = left[column], right[column]
            if isinstance(x.dtype, pd.CategoricalDtype):
                assert list(x.cat.categories) == list(y.cat.categories), (name, column)
                assert (x.cat.codes.to_numpy() == y.cat.codes.to_numpy()).all(), (name, column)
            else:
                pd.testing.assert_series_equal(x, y, obj=f"{name}.{column}")


def test_tables_have_the_documented_columns(sim):
    assert list(sim.games.columns) == GAME_COLUMNS
    assert list(sim.moves.columns) == MOVE_COLUMNS
    assert list(sim.captures.columns) == CAPTURE_COLUMNS
    assert sim.games.groupby("variant", observed=True).size().to_dict() == {
        v: 300 for v in hy.VARIANTS
    }
    assert set(sim.games["end_reason"].cat.categories) == set(END_REASONS)
    assert set(sim.captures["kind"].cat.categories) == set(CAPTURE_KINDS)
    assert sim.path == "fast" and sim.settings["seed"] == 11


def test_moves_and_captures_add_up_to_the_games(sim):
    games, moves, caps = sim.games, sim.moves, sim.captures
    key = ["variant", "game"]
    plies = moves.groupby(key, observed=True).size()
    assert (plies.values == games.set_index(key)["plies"].loc[plies.index].values).all()
    # seeds taken per move = captures in that move, per taker
    per_move = caps.groupby(["variant", "game", "ply", "taker"], observed=True)["seeds"].sum()
    south = per_move.xs(0, level="taker")
    moved = moves.set_index(["variant", "game", "ply"])
    assert (moved.loc[south.index, "taken_south"].values == south.values).all()
    total = moved["taken_south"] + moved["taken_north"]
    assert int(total.sum()) == int(caps["seeds"].sum())
    # every seed is captured once or still on the board at the end
    seeds = games["score_south"] + games["score_north"] + games["seeds_left"]
    assert (seeds == 8 * games["holes_per_row"]).all()
    # the last move's seeds_left is the game's
    last = moves.groupby(key, observed=True)["seeds_left"].last()
    assert (last.values == games.set_index(key)["seeds_left"].loc[last.index].values).all()
    # casas are the mid-sow, last-seed and chain captures
    casa = caps[caps["kind"].isin(["mid-sow", "last-seed", "chain"])]
    casas = casa.groupby(key, observed=True).size()
    assert (games.set_index(key)["casas"].loc[casas.index].values == casas.values).all()


def test_results_agree_with_scores(sim):
    g = sim.games
    decided = g["score_south"] != g["score_north"]
    assert (g.loc[decided, "winner"] == (g.loc[decided, "score_north"] > g.loc[decided,
            "score_south"]).astype(int)).all()
    assert g.loc[~decided, "winner"].isna().all()
    assert (g["result"] == "draw").sum() == (~decided).sum()
    assert (g["starter_won"] == (g["winner"] == g["starter"]).fillna(False)).all()
    assert (g["starter"] == g["game"] % 2).all()  # alternate starters by default
    assert (g["turns"] <= g["plies"]).all()
    hoyito_ii = g[g["variant"] == "hoyito-ii"]
    assert (hoyito_ii["turns"] < hoyito_ii["plies"]).any()  # extra turns happen


def test_same_seed_same_tables_and_another_seed_other_games():
    a = hy.simulate("hoyito-iii", 200, seed=5)
    assert_same(a, hy.simulate("hoyito-iii", 200, seed=5))
    b = hy.simulate("hoyito-iii", 200, seed=6)
    assert not a.moves["hole"].equals(b.moves["hole"])


@pytest.mark.parametrize(("variant", "n", "cap"), [("hoyito-ii", 6, 2000), ("ba-awa", 6, 2000),
                                                   ("hoyito-i", 12, 120)])
def test_engine_path_gives_the_same_tables(variant, n, cap):
    fast = hy.simulate(variant, 40, holes_per_row=n, seed=2, max_plies=cap)
    engine = hy.simulate(variant, 40, holes_per_row=n, seed=2, max_plies=cap, path="engine")
    assert (fast.path, engine.path) == ("fast", "engine")
    assert_same(fast, engine)


def test_two_workers_give_the_same_tables():
    one = hy.simulate(["hoyito-i", "ba-awa"], 3000, seed=9)
    assert_same(one, hy.simulate(["hoyito-i", "ba-awa"], 3000, seed=9, workers=2))
    slow = hy.simulate("ba-awa", 12, players=("greedy", "random"), seed=9)
    assert_same(slow, hy.simulate("ba-awa", 12, players=("greedy", "random"), seed=9, workers=2))


def test_ply_cap_is_its_own_end_reason():
    sim = hy.simulate("hoyito-ii", 60, holes_per_row=12, seed=1, max_plies=80)
    capped = sim.games[sim.games["end_reason"] == "ply-cap"]
    assert len(capped) > 0
    assert (capped["plies"] == 80).all()
    assert capped["winner"].isna().all() and (capped["result"] == "unfinished").all()
    assert (capped["seeds_left"] > 0).all()
    assert sim.moves.groupby("game")["ply"].max().max() == 80


def test_starter_and_pairing():
    south = hy.simulate("ba-awa", 10, players=("greedy", "random"), starter=0, seed=3)
    assert (south.games["starter"] == 0).all()
    assert (south.games["pairing"] == "greedy vs random").all()
    north = hy.simulate("ba-awa", 10, players=("greedy", "random"), starter=1, seed=3)
    assert (north.games["pairing"] == "random vs greedy").all()
    assert (north.games["first"] == "random").all()
    assert north.path == "engine"


def test_named_players_are_seeded_per_game():
    """Game k is the same game whatever the number of games: every player gets its seed
    from (seed, game, seat)."""
    six = hy.simulate("hoyito-i", 6, players=("greedy", "random"), seed=4)
    three = hy.simulate("hoyito-i", 3, players=("greedy", "random"), seed=4)
    pd.testing.assert_frame_equal(six.games.iloc[:3], three.games)
    assert (six.games["south"] == "greedy").all()


def test_a_player_object_plays_through_the_engine():
    class FirstHole:
        name = "first-hole"

        def choose(self, position):
            return position.legal_moves()[0]

    sim = hy.simulate("hoyito-i", 4, players=(FirstHole(), "random"), seed=0)
    assert (sim.games["south"] == "first-hole").all()
    with pytest.raises(ValueError, match="workers > 1 needs players given by name"):
        hy.simulate("hoyito-i", 4, players=(FirstHole(), "random"), workers=2)


def test_first_hole_player_always_sows_its_first_non_empty_hole():
    class FirstHole:
        name = "first-hole"

        def choose(self, position):
            return position.legal_moves()[0]

    sim = hy.simulate("ba-awa", 3, players=(FirstHole(), FirstHole()), seed=0, starter=0)
    for _, moves in sim.moves.groupby("game"):
        pos = hy.new_game("ba-awa")
        for hole in moves["hole"]:
            assert hole == pos.legal_moves()[0]
            pos = pos.play(int(hole))


def test_tables_can_be_left_out():
    sim = hy.simulate("hoyito-i", 20, seed=1, tables=["games"])
    assert sim.moves is None and sim.captures is None and len(sim.games) == 20
    only_moves = hy.simulate("hoyito-i", 20, seed=1, tables=("games", "moves"))
    assert only_moves.captures is None
    pd.testing.assert_frame_equal(only_moves.games, sim.games)


def test_several_variants_share_game_numbers():
    sim = hy.simulate(["hoyito-i", "hoyito-iii"], 15, seed=2, holes_per_row=8)
    assert list(sim.games["variant"].cat.categories) == ["hoyito-i", "hoyito-iii"]
    assert (
        sim.games.groupby("variant", observed=True)["game"].apply(list).tolist()
        == [list(range(15))] * 2
    )
    assert (sim.games["holes_per_row"] == 8).all()


def test_progress_bar_reports_games(capsys):
    hy.simulate("ba-awa", 50, seed=0, progress=True)
    err = capsys.readouterr().err
    assert "50/50" in err and "games" in err


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "oware"}, "unknown variant 'oware'"),
        ({"games": 0}, "games must be a whole number from 1"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"seed": -1}, "seed must be a whole number from 0"),
        ({"holes_per_row": 7, "variant": "ba-awa"}, "Ba-awa is played on 2x6; got"),
        ({"holes_per_row": 13}, "Hoyito I is played on 2x6 to 2x12"),
        ({"players": "random"}, "players must be a pair"),
        ({"players": ("random", "chess")}, "unknown player 'chess'"),
        ({"players": ("random", hy.players.GreedyPlayer)}, "an instance, not a class"),
        ({"starter": 2}, "starter must be 0 .South., 1 .North. or 'alternate'"),
        ({"max_plies": 0}, "max_plies must be a whole number from 1"),
        ({"tables": ["moves"]}, "tables must name 'games'"),
        ({"tables": ["games", "boards"]}, "tables must name 'games'"),
        ({"path": "quick"}, "path must be 'auto', 'fast' or 'engine'"),
        ({"path": "fast", "players": ("greedy", "random")}, "fast path plays random against"),
        ({"workers": 0}, "workers must be a whole number from 1"),
        ({"workers": 10**6}, "workers must be a whole number from 1 to 64"),
        ({"spin": True}, "unknown option.s. spin"),
        ({"starter": 1.0}, "starter must be 0 .South., 1 .North. or 'alternate'"),
        ({"starter": True}, "starter must be 0 .South."),
        ({"seed": 3.0}, "seed must be a whole number"),
        ({"holes_per_row": 7.0}, "holes_per_row must be a whole number"),
        ({"tables": None}, "tables must be a list naming 'games'"),
        ({"tables": ["games", 3]}, "tables must name 'games'"),
        ({"progress": "yes"}, "progress must be True, False or None"),
        ({"max_plies": 10**7}, "max_plies must be a whole number from 1 to 1,000,000"),
        ({"max_laps": 0}, "option max_laps must be a whole number from 1"),
        ({"quiet_limit": 2.5}, "option quiet_limit must be a whole number from 1"),
        ({"variant": ["hoyito-ii", "Hoyito-II"]}, "names hoyito-ii more than once"),
        ({"variant": []}, "give at least one variant"),
        ({"variant": 5}, "variant must be a name or a list of names"),
    ],
)
def test_bad_arguments_say_what_is_allowed(kwargs, message):
    args = {"variant": "hoyito-i", "games": 5, **kwargs}
    with pytest.raises(ValueError, match=message):
        hy.simulate(args.pop("variant"), args.pop("games"), **args)


def test_numpy_integers_are_whole_numbers_everywhere():
    sim = hy.simulate("hoyito-i", np.int64(4), holes_per_row=np.int64(7), seed=np.int64(3),
                      starter=np.int64(1), max_plies=np.int64(500), workers=np.int64(1),
                      max_laps=np.int64(50), tables=["games"])
    plain = hy.simulate("hoyito-i", 4, holes_per_row=7, seed=3, starter=1, max_plies=500,
                        max_laps=50, tables=["games"])
    pd.testing.assert_frame_equal(sim.games, plain.games)
    assert sim.settings == plain.settings
    assert all(type(sim.settings[k]) is int for k in ("games", "holes_per_row", "seed", "starter"))


def test_bad_arguments_are_refused_before_any_game_is_played(monkeypatch):
    """A duplicate variant used to fail only after every game had been played."""

    from hoyito_edu.sim import backends

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr(backends, "fast_games", no_games)
    monkeypatch.setattr(backends, "engine_games", no_games)
    for kwargs in ({"variant": ["hoyito-ii", "hoyito-ii"]}, {"games": 10**9},
                   {"players": ("greedy", 1.0)}, {"starter": 0.5}):
        args = {"variant": "hoyito-i", "games": 50, **kwargs}
        with pytest.raises(ValueError):
            hy.simulate(args.pop("variant"), args.pop("games"), **args)


def test_a_billion_games_are_refused_up_front_with_the_estimate_and_the_way_out():
    with pytest.raises(ValueError) as refused:
        hy.simulate("hoyito-i", 10**9)
    message = str(refused.value)
    assert "GB for the tables (1,000,000,000 games x 1 variant(s), with moves and captures)" in (
        message
    )
    assert "batches" in message and "its own seed" in message and "tables=['games']" in message
    # the estimate grows with the tables kept and the board, and a huge lap limit's work space
    from hoyito_edu.sim.simulate import estimate_memory

    rules = [hy.get_rules("hoyito-ii")]
    games_only, _ = estimate_memory(rules, 10**5, 6, 20_000, ["games"], use_fast=True)
    with_moves, _ = estimate_memory(rules, 10**5, 6, 20_000, ["games", "moves"], use_fast=True)
    big_board, _ = estimate_memory(rules, 10**5, 12, 20_000, ["games", "moves"], use_fast=True)
    assert games_only < with_moves < big_board
    with pytest.raises(ValueError, match="work space for max_plies=20,000 and max_laps="):
        hy.simulate("hoyito-ii", 5, max_laps=10**9, tables=["games"])


@pytest.mark.parametrize("path", ["fast", "engine"])
def test_the_lap_and_quiet_limits_are_end_reasons_on_both_paths(path):
    laps = hy.simulate("hoyito-ii", 40, seed=1, max_laps=3, path=path)
    ended = laps.games["end_reason"].value_counts()
    assert ended["lap-limit"] > 0 and set(END_REASONS) == set(ended.index)
    stopped = laps.moves[laps.moves["lap_limit"]]
    assert len(stopped) == ended["lap-limit"] and (stopped["laps"] == 3).all()
    assert (laps.captures["kind"] == "lap-limit").any()
    quiet = hy.simulate("hoyito-i", 40, seed=1, quiet_limit=4, path=path)
    assert (quiet.games["end_reason"] == "quiet-limit").any()
    assert (quiet.captures["kind"] == "quiet-limit").any()
    assert quiet.settings["options"] == {"quiet_limit": 4}


def test_a_quiet_limit_beyond_the_ply_cap_changes_nothing():
    huge = hy.simulate("hoyito-i", 30, seed=2, quiet_limit=10**9, max_plies=300)
    plain = hy.simulate("hoyito-i", 30, seed=2, max_plies=300)
    pd.testing.assert_frame_equal(huge.games, plain.games)


def test_metrics_refuse_bad_groupings():
    sim = hy.simulate("ba-awa", 20, seed=1, tables=["games"])
    for by in (None, 5, [], ["variant", "variant"], [["variant"]]):
        with pytest.raises(ValueError, match="by must"):
            sim.metrics(by=by)
    from hoyito_edu.sim.metrics import game_metrics

    with pytest.raises(ValueError, match="games must be the games table"):
        game_metrics(sim)


# --- data/ tables made by scripts/make_data.py ---------------------------------------------
# Every row comes from its own seeded run, so regenerating some rows must give exactly the
# same CSV lines as the committed file. If these tests fail after a deliberate change to the
# engine, the fast path or the players, regenerate: python scripts/make_data.py
def committed_lines(name: str) -> list[str]:
    from hoyito_edu.teaching.data import data_dir

    return (data_dir() / name).read_text(encoding="utf-8").splitlines()


def test_random_summary_rows_regenerate_exactly():
    import make_data

    runs = [run for run in make_data.RANDOM_RUNS if run[0] in ("hoyito-i", "ba-awa")]
    runs = [run for run in runs if run[1] == 6]
    fresh = make_data.to_csv(make_data.random_summary(runs)).splitlines()
    lines = committed_lines(make_data.FILES["random"])
    assert fresh[0] == lines[0]  # the same columns
    for line in fresh[1:]:
        assert line in lines, f"not in data/{make_data.FILES['random']}: {line}"
    assert len(lines) == 1 + len(make_data.RANDOM_RUNS)


def test_players_summary_rows_regenerate_exactly():
    import make_data

    fresh = make_data.to_csv(make_data.players_summary([("ba-awa", "greedy", 200)]))
    lines = committed_lines(make_data.FILES["players"])
    assert fresh.splitlines()[0] == lines[0]
    for line in fresh.splitlines()[1:]:
        assert line in lines, f"not in data/{make_data.FILES['players']}: {line}"
    pairings = {line.split(",")[2] for line in lines[1:]}
    assert pairings == {"greedy vs random", "random vs greedy", "expert vs random",
                        "random vs expert"}


def test_simulations_page_example_runs_as_written():
    """The example in docs/research/simulations.md's 'Simulations' section is a doctest."""
    import doctest
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parent.parent / "docs" / "research" / "simulations.md"
    text = page.read_text(encoding="utf-8")
    found = re.search(r"^## Simulations\n(.*?)(?=^## )", text, re.S | re.M)
    assert found, "docs/research/simulations.md has no '## Simulations' section"
    block = re.findall(r"```python\n(.*?)```", found.group(1), re.S)[0]
    test = doctest.DocTestParser().get_doctest(block, {}, "simulations", str(page), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.tries >= 5 and runner.failures == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(chunk_games=10), "give it with client= or out="),
        (dict(chunk_games=0, out="somewhere"), "chunk_games must be a whole number from 1"),
        (dict(chunk_games=2.5, out="somewhere"), "chunk_games must be a whole number"),
        (dict(client="tcp://127.0.0.1:8786"), "client must be a distributed.Client"),
        (dict(out=""), "out must be a folder"),
    ],
)
def test_cluster_and_dataset_arguments_are_checked_first(kwargs, message, tmp_path):
    if kwargs.get("out") == "somewhere":
        kwargs["out"] = tmp_path / "somewhere"
    with pytest.raises(ValueError, match=message):
        hy.simulate("ba-awa", 10, **kwargs)
    assert not (tmp_path / "somewhere").exists()  # nothing written before the checks
