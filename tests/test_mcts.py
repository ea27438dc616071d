"""The mcts player (hoyito_edu.players.mcts): UCT with random playouts on the compiled kernel.

Its playouts play their moves on the compiled kernel, which ``tests/conformance.py`` checks
against the engine (the moves and the history since the last capture alike). Here it must
return a legal move in every rule set, size and rule option (a wrong player to move would show
up as an illegal or crashing choice), search alike on every board size,
repeat its choice for the same seed and playout budget, keep to its time limit, see a winning
capture and a losing reply one move ahead, beat random play clearly, and refuse bad settings.
"""

from __future__ import annotations

import random
import time

import pytest

import hoyito_edu as hy
from hoyito_edu import players
from hoyito_edu.players.mcts import MCTSPlayer

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
OPTIONS = [
    {},
    {"max_laps": 3},
    {"quiet_limit": 12},
    {"skip_origin": True},
    {"chain_opponent_side_only": True},
    {"max_laps": 50, "quiet_limit": 40, "skip_origin": True},
]


def random_positions(variant: str, size: int, options: dict, seed: int, count: int):
    """``count`` positions of one random game (played by the engine), from its start on."""
    rng = random.Random(seed)
    if options.get("chain_opponent_side_only") and not hy.get_rules(variant).chain:
        return []  # only for the rule sets with a chain
    pos = hy.new_game(variant, holes_per_row=size, **options)
    found = []
    while not pos.is_over and len(found) < count:
        if rng.random() < 0.3:
            found.append(pos)
        pos = pos.play(rng.choice(pos.legal_moves()))
    return found


@pytest.fixture(scope="module", autouse=True)
def warm():
    """Compile (or load) the search once, outside any timing."""
    MCTSPlayer(seed=0, playouts=10).choose(hy.new_game("hoyito-ii"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_moves_in_every_rule_set_size_and_option(variant):
    sizes = (6,) if variant == "ba-awa" else (6, 9, 12)
    for size in sizes:
        for number, options in enumerate(OPTIONS):
            agent = MCTSPlayer(seed=number, playouts=60)
            for pos in random_positions(variant, size, options, 100 * size + number, 6):
                hole = agent.choose(pos)
                assert hole in pos.legal_moves(), (variant, size, options, pos)
                assert agent.last_search["compiled"] in (True, None)


def test_extra_turns_and_passes_keep_the_tree_on_the_right_player():
    # Hoyito II: a casa by the last seed gives an extra turn; every node records its own
    # player, so the visits of the root's children add up to the playouts.
    pos = hy.new_game("hoyito-ii", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    agent = MCTSPlayer(seed=1, playouts=400)
    assert agent.choose(pos) in pos.legal_moves()
    root = agent.last_search["root"]
    assert sum(visits for visits, _ in root.values()) == 400
    assert all(0.0 <= mean <= 1.0 for _, mean in root.values())


def test_same_seed_same_budget_same_move_and_statistics():
    pos = hy.new_game("hoyito-iii").play(2).play(8)
    first = MCTSPlayer(seed=11, playouts=3000)
    again = hy.player("mcts", seed=11, playouts=3000)
    move = first.choose(pos)
    assert again.choose(pos) == move
    assert first.last_search["root"] == again.last_search["root"]
    seen = set()
    for seed in range(6):  # the seed changes the playouts
        agent = MCTSPlayer(seed=seed, playouts=300)
        agent.choose(pos)
        seen.add(repr(sorted(agent.last_search["root"].items())))
    assert len(seen) > 1


def test_time_limit_is_honoured():
    pos = hy.new_game("hoyito-i")
    agent = hy.player("mcts", seed=3, time_limit=0.3)
    started = time.perf_counter()
    assert agent.choose(pos) in pos.legal_moves()
    elapsed = time.perf_counter() - started
    assert 0.3 <= elapsed < 1.5
    assert agent.last_search["playouts"] > 0
    assert MCTSPlayer(seed=0).time_limit == 1.0  # the default budget


def test_one_legal_move_is_played_at_once():
    pos = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 5, 1, 1, 1, 1, 1, 1], captures=(16, 16))
    assert pos.legal_moves() == (5,)
    agent = MCTSPlayer(seed=0, time_limit=30)
    started = time.perf_counter()
    assert agent.choose(pos) == 5
    assert time.perf_counter() - started < 5 and agent.last_search["playouts"] == 0


def test_takes_the_winning_capture():
    pos = hy.new_game("ba-awa", board=[3, 1, 0, 3, 0, 0, 0, 1, 2, 1, 0, 1], captures=(20, 16))
    winning = [h for h in pos.legal_moves() if pos.play(h).is_over and pos.play(h).winner == 0]
    assert winning == [0]  # the premise, from the engine
    for seed in range(3):
        assert MCTSPlayer(seed=seed, playouts=2000).choose(pos) == 0


def test_avoids_a_move_that_lets_the_opponent_win_at_once():
    pos = hy.new_game("hoyito-ii", board=[3, 0, 1, 0, 1, 2, 0, 0, 0, 0, 0, 1], captures=(20, 20))

    def loses_at_once(hole):
        after = pos.play(hole)
        return any(after.play(r).is_over and after.play(r).winner == 1
                   for r in after.legal_moves())

    safe = [h for h in pos.legal_moves() if not loses_at_once(h)]
    assert safe == [0] and len(pos.legal_moves()) > 1  # the premise, from the engine
    for seed in range(3):
        assert MCTSPlayer(seed=seed, playouts=3000).choose(pos) == 0


def test_beats_random_clearly():
    wins = 0
    for game in range(10):
        seats = [MCTSPlayer(seed=game, playouts=300), hy.player("random", seed=game)]
        if game % 2:
            seats.reverse()
        pos = hy.new_game(VARIANTS[game % 4])
        while not pos.is_over:
            pos = pos.play(seats[pos.player].choose(pos))
        wins += pos.winner is not None and isinstance(seats[pos.winner], MCTSPlayer)
    assert wins >= 9


def test_unsupported_positions_fall_back_to_engine_playouts():
    closed = hy.new_game("hoyito-i", board=[4, 4, 4, 0, 0, 0, 4, 4, 4, 4, 4, 4], closed={3, 4, 5})
    agent = MCTSPlayer(seed=2, playouts=30)
    assert agent.choose(closed) in closed.legal_moves()
    assert agent.last_search["compiled"] is False and agent.last_search["playouts"] == 30


def test_a_move_too_long_to_follow_without_a_lap_limit_is_a_clear_error():
    # hole 11 relays for billions of laps (tests/test_fastsearch.py's LONG_MOVES)
    board = [0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4]
    pos = hy.new_game("hoyito-ii", board=board, player=1, max_laps=None)
    with pytest.raises(ValueError, match="no lap limit.*max_laps"):
        MCTSPlayer(seed=0, playouts=50).choose(pos)
    # with the default lap limit the same move simply ends the game (R2.8)
    limited = hy.new_game("hoyito-ii", board=board, player=1)
    assert MCTSPlayer(seed=0, playouts=50).choose(limited) in limited.legal_moves()


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"playouts": 0}, "playouts"),
        ({"playouts": 2.5}, "playouts"),
        ({"playouts": True}, "playouts"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": "1"}, "time_limit"),
        ({"exploration": -1}, "exploration"),
        ({"exploration": float("nan")}, "exploration"),
        ({"max_depth": 3}, "mcts player takes no setting max_depth"),
    ],
)
def test_bad_settings_are_refused(settings, message):
    with pytest.raises(ValueError, match=message):
        hy.player("mcts", seed=0, **settings)


def test_a_new_process_after_warm_up_loads_the_compiled_search_from_the_cache():
    """``make`` warms the cache once; a new session's first move must not compile again."""
    import subprocess
    import sys

    players.warm_up()  # fills numba's cache if this checkout's is missing or stale
    script = (
        "import hoyito_edu.players as p, hoyito_edu.compiled as c; p.warm_up(); "
        "e = c.entry_points(); print(len(e['mcts'].stats.cache_misses), "
        "len(e['mcts'].stats.cache_hits), len(e['search'].stats.cache_hits))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    misses, hits, search_hits = map(int, done.stdout.split())
    assert misses == 0 and hits >= 1 and search_hits >= 1, done.stdout + done.stderr


def test_warm_up_says_already_compiled_rather_than_zero_seconds():
    """The set-up's progress lines: a part numba's cache held is "already compiled", never a
    bare "0 s" that reads as if nothing happened."""
    import re
    import subprocess
    import sys

    players.warm_up()  # the cache is full from here on
    script = "import hoyito_edu.players as p; p.warm_up(progress=True)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 5 and lines[0].startswith("compiling the rules kernel..."), done.stdout
    for line in lines[:4]:
        said = line.split("...", 1)[1].strip()
        assert said == "already compiled" or re.fullmatch(r"[1-9]\d* s", said), line
    assert lines[4] == "everything was already compiled" or re.fullmatch(
        r"compiled in [1-9]\d* s", lines[4]), lines[4]
