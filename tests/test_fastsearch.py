"""The compiled search (hoyito_edu.compiled.search) is the engine search, only faster.

Its moves are the compiled kernel's, which the conformance harness (tests/conformance.py)
checks against ``Position.sow``. Here both paths of SearchPlayer search the same random
positions and must agree on everything they report: the move, its value, the depth, the work
spent and the trap; and the compiled path takes the moves of millions of laps, grows its lap
table, and refuses clearly what it cannot follow.
"""

from __future__ import annotations

import random

import conformance
import pytest

import hoyito_edu as hy
from hoyito_edu import players
from hoyito_edu.compiled import kernel
from hoyito_edu.compiled import search as fastsearch
from hoyito_edu.players import SearchPlayer

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
CASES = [("hoyito-i", 6), ("hoyito-ii", 6), ("hoyito-iii", 6), ("ba-awa", 6),
         ("hoyito-i", 9), ("hoyito-ii", 12), ("hoyito-iii", 12)]
#: Moves of millions (2x6) and billions (2x11) of laps without a lap limit (R2.8).
LONG_MOVES = [(setup, hole) for _, setup, hole in conformance.LONG_MOVES]


def random_positions(variant: str, n: int, count: int, seed: int, **options):
    """Positions met in random games (every ply of them), the game's history included."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos = hy.new_game(variant, holes_per_row=n, player=rng.randrange(2), **options)
        while not pos.is_over and len(found) < count:
            found.append(pos)
            pos = pos.play(rng.choice(pos.legal_moves()))
    return found


@pytest.mark.parametrize(("setup", "hole"), LONG_MOVES)
def test_the_search_takes_a_long_move_in_the_compiled_path(setup, hole):
    pos = hy.new_game("hoyito-ii", **setup)
    for name in ("expert", "search"):
        agent = hy.player(name, seed=0)
        assert agent.choose(pos) in pos.legal_moves()
        assert agent.last_search["compiled"], name
    agent = hy.player("search", seed=0)
    assert summary(agent, pos) == summary(hy.player("search", seed=0, compiled=False), pos)


def test_without_a_lap_limit_a_move_too_long_to_follow_is_refused_clearly():
    setup, _ = LONG_MOVES[1]
    pos = hy.new_game("hoyito-ii", max_laps=None, **setup)
    with pytest.raises(ValueError, match="no lap limit.*max_laps"):
        hy.player("expert", seed=0).choose(pos)


def summary(agent: SearchPlayer, pos: hy.Position):
    hole = agent.choose(pos)
    found = agent.last_search
    return hole, found["value"], found["depth"], found["nodes"], found["trap"]


@pytest.mark.parametrize("variant, n", CASES)
def test_both_paths_search_alike(variant, n):
    positions = random_positions(variant, n, 400, seed=11)
    rng = random.Random(3)
    compared = 0
    for k, pos in enumerate(rng.sample(positions, 14)):
        if len(pos.legal_moves()) < 2:
            continue
        settings = {"max_depth": 5} if k % 2 else {"max_nodes": 1500}
        fast = SearchPlayer(seed=k, **settings)
        slow = SearchPlayer(seed=k, compiled=False, **settings)
        assert summary(fast, pos) == summary(slow, pos), pos
        assert fast.last_search["compiled"] and not slow.last_search["compiled"]
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize("variant", VARIANTS)
def test_both_paths_search_alike_with_low_lap_and_quiet_limits(variant):
    # Neither table tells positions apart by their plies without a capture; searched to the
    # same depth, the two paths still agree move for move.
    positions = random_positions(variant, 6, 400, seed=11, max_laps=8, quiet_limit=12)
    rng = random.Random(3)
    compared = 0
    for k, pos in enumerate(rng.sample(positions, 12)):
        if len(pos.legal_moves()) < 2:
            continue
        settings = {"max_depth": 5} if k % 2 else {"max_nodes": 1500}
        fast = summary(SearchPlayer(seed=k, **settings), pos)
        assert fast == summary(SearchPlayer(seed=k, compiled=False, **settings), pos), pos
        compared += 1
    assert compared >= 8


def test_the_compiled_path_uses_the_same_win_value():
    assert fastsearch.WIN == players.WIN


def test_match_positions_it_cannot_take_are_searched_by_the_engine():
    closed = hy.new_game("hoyito-i", board=[4, 4, 4, 0, 0, 0, 4, 4, 4, 4, 4, 4], closed={3, 4, 5})
    owned = hy.new_game("ba-awa", owners=[0] * 7 + [1] * 5)
    for pos in (closed, owned):
        assert not fastsearch.supports(pos)
        agent = SearchPlayer(seed=0, max_nodes=300)
        assert agent.choose(pos) in pos.legal_moves()
        assert agent.last_search["compiled"] is False
    assert fastsearch.supports(hy.new_game("hoyito-iii", holes_per_row=12))


def test_a_full_lap_table_grows_and_the_search_goes_on():
    # South's hole 0 sows 44 laps: past kernel.EXACT_FROM_LAP, so its lap starts are kept
    pos = hy.new_game("hoyito-ii", board=[3, 2, 0, 4, 5, 7, 1, 2, 1, 3, 7, 1], max_laps=None)
    assert pos.sow(0).laps == 44 > kernel.EXACT_FROM_LAP
    agent = SearchPlayer(seed=0, max_depth=3)
    agent._compiled = fastsearch.CompiledSearch(lap_room=1)  # the move overflows it at first
    found = summary(agent, pos)
    assert agent.last_search["compiled"] and agent._compiled.lap_room > 1
    assert found == summary(SearchPlayer(seed=0, max_depth=3, compiled=False), pos)


def test_the_lap_table_has_room_for_the_lap_limit_from_the_start():
    agent = SearchPlayer(seed=0, max_depth=2)
    agent.choose(hy.new_game("hoyito-ii", max_laps=20_000))
    assert agent._compiled.lap_room == 20_001  # one table, never a search started again


def test_expert_wins_hoyito_i_from_the_south_seat_against_greedy():
    # South's seat is lost against best play (the search says so from depth 3 on), so these
    # wins come from deep search and from greedy's mistakes: the shallow engine-path expert of
    # before won about a third of such games.
    for seed in range(3):
        expert, greedy = hy.player("expert", seed=seed), hy.player("greedy", seed=100 + seed)
        pos = hy.new_game("hoyito-i")
        while not pos.is_over:
            pos = pos.play((expert if pos.player == 0 else greedy).choose(pos))
        assert pos.winner == 0, (seed, pos.outcome)


def test_both_paths_search_alike_where_positions_repeat():
    # Few seeds wander until a position comes back for the third time (R4.3). Each root is
    # three plies before such an ending, its history holding the earlier two: the compiled
    # path counts them, and the path it searches, in the kernel's position table.
    compared = 0
    for variant in ("hoyito-i", "hoyito-ii", "hoyito-iii"):
        roots = []
        for seed in range(60):
            positions = [hy.new_game(variant, player=seed % 2, **conformance.SPARSE[0])]
            for hole in conformance.random_line(positions[0], seed, 300):
                positions.append(positions[-1].play(hole))
            end = positions[-1].outcome
            if end and end.reason == hy.Reason.REPETITION and len(positions) > 4:
                if len(positions[-4].legal_moves()) > 1:
                    roots.append((seed, positions[-4]))
            if len(roots) == 2:
                break
        for seed, pos in roots:
            fast = summary(SearchPlayer(seed=seed, max_depth=6), pos)
            assert fast == summary(SearchPlayer(seed=seed, max_depth=6, compiled=False), pos)
            compared += 1
    assert compared >= 5


def test_a_repetition_never_makes_a_proven_result():
    # Whether a position occurs a third time (R4.3) depends on the path, which the table does
    # not tell apart: counted as proven, this position came out lost by 4, 6 or 2 by the order
    # of the root's moves. Two seeds are always left after any capture here, so only a
    # repetition (or the lap rule) can end the game, and nothing is proven.
    pos = hy.new_game("hoyito-i", board=[0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 0, 0], player=0)
    found = {fastsearch.CompiledSearch().search(pos, list(order), 100, 300_000, None)["value"]
             for order in ((1, 3, 5), (1, 5, 3), (3, 5, 1))}
    assert len(found) == 1 and -players.WIN < found.pop() < players.WIN


def final_margin(position) -> int:
    """The player to move's final margin with best play: every move tried through the engine
    to the end of the game (positions of a few seeds and a low quiet limit only)."""
    me = position.player
    best = None
    for hole in position.legal_moves():
        child = position.play(hole)
        if child.is_over:
            score = child.outcome.score
            found = score[me] - score[1 - me]
        else:
            found = final_margin(child) * (1 if child.player == me else -1)
        best = found if best is None else max(best, found)
    return best


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_decided_winner_is_proven_soundly_by_both_paths(variant):
    # Small boards with captures made: stopping where the lead passes the seeds left
    # (stop_when_decided) must prove only what best play to the end confirms, on both paths.
    rng = random.Random(f"decided/{variant}")
    proven = decided_early = 0
    # Ba-awa ends when a move leaves 8 seeds or fewer, so its boards hold a few more
    fewest, most = (9, 11) if variant == "ba-awa" else (2, 5)
    for k in range(40):
        board = [0] * 12
        for _ in range(rng.randint(fewest, most)):
            board[rng.randrange(12)] += 1
        south = 4 * rng.randint(0, 11 - sum(board) // 4)
        pos = hy.new_game(variant, board=board, player=rng.randrange(2), quiet_limit=3,
                          captures=(south, 48 - sum(board) - south))
        if pos.is_over or len(pos.legal_moves()) < 2:
            continue
        truth = final_margin(pos)
        settings = {"seed": k, "max_depth": 12, "stop_when_decided": True}
        fast = summary(SearchPlayer(**settings), pos)
        assert fast == summary(SearchPlayer(compiled=False, **settings), pos), pos
        value = fast[1]
        if value >= players.WIN:
            assert truth >= value - players.WIN > 0, (pos, truth, value)
        elif value <= -players.WIN:
            assert truth <= value + players.WIN < 0, (pos, truth, value)
        if abs(value) >= players.WIN:
            proven += 1
            # the same search without the stop plays on through the decided positions
            decided_early += summary(SearchPlayer(seed=k, max_depth=12), pos)[3] > fast[3]
    assert proven >= 10 and decided_early >= 3


def test_stop_when_decided_is_checked():
    with pytest.raises(ValueError, match="stop_when_decided must be True or False"):
        SearchPlayer(stop_when_decided="yes")
