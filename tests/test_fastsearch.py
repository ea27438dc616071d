"""The compiled search (hoyito_edu.compiled.search) is the engine search, only faster.

Its moves are checked against ``Position.sow`` one by one (board, captures, player to move,
the end and its reason, plies without a capture) in random positions of every variant and size,
including Ba-awa's last eight, passes, extra turns, endless moves, repetitions, and the lap and
quiet limits. Then both paths of SearchPlayer search the same random positions and must agree on
everything they report: the move, its value, the depth, the work spent and the trap.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import hoyito_edu as hy
from hoyito_edu import players
from hoyito_edu.compiled import fastsim, kernel
from hoyito_edu.compiled import search as fastsearch
from hoyito_edu.players import SearchPlayer

END_CODES = {
    hy.Reason.FINAL_FOUR: fastsim.FINAL_FOUR,
    hy.Reason.EIGHT_OR_FEWER: fastsim.EIGHT_OR_FEWER,
    hy.Reason.ALL_CAPTURED: fastsim.ALL_CAPTURED,
    hy.Reason.ENDLESS: fastsim.ENDLESS,
    hy.Reason.REPETITION: fastsim.REPETITION,
    hy.Reason.LAP_LIMIT: fastsim.LAP_LIMIT,
    hy.Reason.QUIET_LIMIT: fastsim.QUIET_LIMIT,
}
#: The move scalars of the kernel, then room for the snapshot of a move's start.
STATE_SIZE = kernel._SCALARS + kernel.SNAP_SIZE
VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
CASES = [("hoyito-i", 6), ("hoyito-ii", 6), ("hoyito-iii", 6), ("ba-awa", 6),
         ("hoyito-i", 9), ("hoyito-ii", 12), ("hoyito-iii", 12)]  # fmt: skip
#: Moves of millions (2x6) and billions (2x11) of laps without a lap limit (R2.8).
LONG_MOVES = [
    (dict(board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4]), 1),
    (dict(board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4], player=1), 11),
]


def compiled_move(position: hy.Position, hole: int) -> np.ndarray:
    """Play ``hole`` with the compiled path's ``_play``: (board, captures, player, end)."""
    n = position.holes_per_row
    size = 2 * n
    history = position.history_since_capture()
    trail_keys = np.zeros(len(history) + 1, dtype=np.uint64)
    trail_rows = np.zeros((len(history) + 1, size + 1), dtype=np.int64)
    fastsearch._fill_trail(history, size, trail_keys, trail_rows)
    node = np.zeros(size + fastsearch._FIELDS, dtype=np.int64)
    node[:size] = position.board
    node[size : size + 2] = position.captures
    node[size + fastsearch._PLAYER] = position.player
    node[size + fastsearch._END] = -1
    node[size + fastsearch._QUIET] = position.quiet_plies
    ctx = np.zeros(fastsearch._CTX, dtype=np.int64)
    ctx[fastsearch._STARTER] = position.starter
    out = np.zeros_like(node)
    lap_table, lap_keys, lap_hist = kernel._hash_table(n, 1 << 16)
    failed = fastsearch._play(
        kernel.rule_codes(position.rules), n, ctx, np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(8, dtype=np.int64), np.zeros((1, 7), dtype=np.int32), lap_table, lap_keys,
        lap_hist, node, hole, out, trail_keys, trail_rows, 0, len(history),
    )  # fmt: skip
    assert failed == 0
    return out


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


def check_compiled_moves(pos: hy.Position, seen: set) -> None:
    """Every legal move of ``pos``, compiled and engine, agree; ``seen`` gets what happened."""
    size = 2 * pos.holes_per_row
    for hole in pos.legal_moves():
        move = pos.sow(hole)
        after = move.after
        row = compiled_move(pos, hole)
        assert list(row[:size]) == list(after.board), (pos, hole)
        assert tuple(row[size : size + 2]) == after.captures, (pos, hole)
        assert row[size + fastsearch._PLAYER] == after.player, (pos, hole)
        end = -1 if after.outcome is None else END_CODES[after.outcome.reason]
        assert row[size + fastsearch._END] == end, (pos, hole)
        assert row[size + fastsearch._QUIET] == after.quiet_plies, (pos, hole)
        seen.add("end" if after.is_over else "going on")
        seen.update(("pass",) * bool(move.passes) + ("extra",) * move.extra_turn)
        if after.is_over:
            seen.add(str(after.outcome.reason))


@pytest.mark.parametrize("variant, n", CASES)
def test_every_compiled_move_is_the_engine_move(variant, n):
    seen = set()
    for pos in random_positions(variant, n, 1500 if n == 6 else 500, seed=n):
        check_compiled_moves(pos, seen)
    assert {"end", "going on"} <= seen if n == 6 else "going on" in seen
    if variant == "ba-awa":
        assert "eight-or-fewer" in seen
    if variant in ("hoyito-ii", "hoyito-iii"):
        assert "extra" in seen


def test_a_compiled_move_passes_like_the_engine():
    # South's hole 1 leaves North with nothing to sow: North passes and South moves again.
    pos = hy.new_game("hoyito-i", board=[3, 1, 1, 2, 0, 1, 0, 0, 0, 0, 0, 0], captures=(20, 20))
    assert pos.sow(1).passes == (1,)
    for hole in pos.legal_moves():
        after, row = pos.play(hole), compiled_move(pos, hole)
        assert list(row[:12]) == list(after.board) and row[14] == after.player


def test_compiled_moves_end_by_repetition_and_endless_like_the_engine():
    # The third time a position comes back with no capture in between ends the game (R4.3),
    # and a relay that comes back to an earlier lap start is endless (R2.8). Random games on
    # 2x6 meet both; each such move is compared.
    rng = random.Random(7)
    met = set()
    for game in range(4000):
        pos = hy.new_game(VARIANTS[game % 4])
        while not pos.is_over:
            hole = rng.choice(pos.legal_moves())
            after = pos.play(hole)
            if after.is_over and after.outcome.reason in (hy.Reason.REPETITION, hy.Reason.ENDLESS):
                row = compiled_move(pos, hole)
                assert list(row[:12]) == list(after.board)
                assert row[12 + fastsearch._END] == END_CODES[after.outcome.reason]
                met.add(after.outcome.reason)
            pos = after
        if len(met) == 2:
            break
    assert met == {hy.Reason.REPETITION, hy.Reason.ENDLESS}


@pytest.mark.parametrize("variant", VARIANTS)
def test_compiled_moves_stop_at_the_lap_and_quiet_limits_like_the_engine(variant):
    # Low limits (8 laps, 12 plies without a capture) stop many moves and games (R2.8, R4.5).
    seen = set()
    for pos in random_positions(variant, 6, 1000, seed=5, max_laps=8, quiet_limit=12):
        check_compiled_moves(pos, seen)
    assert {"lap-limit", "quiet-limit"} <= seen, seen


@pytest.mark.parametrize(
    ("variant", "n", "options"),
    [(variant, n, options) for variant in VARIANTS for n in (6, 12) if variant != "ba-awa" or n == 6
     for options in ({"skip_origin": True}, {"max_laps": kernel.EXACT_FROM_LAP + 1},
                     {"max_laps": 3, "quiet_limit": 30})]
    + [("hoyito-ii", n, {"chain_opponent_side_only": True}) for n in (6, 12)],
)  # fmt: skip
def test_compiled_moves_follow_the_rule_options_like_the_engine(variant, n, options):
    seen = set()
    for pos in random_positions(variant, n, 300 if n == 6 else 120, seed=3, **options):
        check_compiled_moves(pos, seen)
    assert ("lap-limit" if options.get("max_laps") == 3 else "going on") in seen, seen


@pytest.mark.parametrize(("setup", "hole"), LONG_MOVES)
def test_a_move_of_millions_of_laps_stops_at_the_default_lap_limit(setup, hole):
    pos = hy.new_game("hoyito-ii", **setup)
    move = pos.sow(hole)
    assert move.lap_limit and move.laps == 1000
    check_compiled_moves(pos, seen := set())
    assert "lap-limit" in seen


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
    agent._compiled = fastsearch.CompiledSearch()
    agent._compiled.lap_room = 1  # a move whose lap starts are kept overflows it at first
    agent._compiled.laps = kernel._hash_table(12, 1)
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
