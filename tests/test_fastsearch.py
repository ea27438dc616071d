"""The compiled search (hoyito_edu.fastsearch) is the engine search, only faster.

Its moves are checked against ``Position.sow`` one by one (board, captures, player to move,
the end and its reason) in random positions of every variant and size, including Ba-awa's last
eight, passes, extra turns, endless moves and repetitions. Then both paths of SearchPlayer
search the same random positions and must agree on everything they report: the move, its
value, the depth, the work spent and the trap.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import hoyito_edu as hy
from hoyito_edu import fastsearch, fastsim, players
from hoyito_edu.players import SearchPlayer

END_CODES = {
    hy.Reason.FINAL_FOUR: fastsim.FINAL_FOUR,
    hy.Reason.EIGHT_OR_FEWER: fastsim.EIGHT_OR_FEWER,
    hy.Reason.ALL_CAPTURED: fastsim.ALL_CAPTURED,
    hy.Reason.ENDLESS: fastsim.ENDLESS,
    hy.Reason.REPETITION: fastsim.REPETITION,
}
VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
CASES = [("hoyito-i", 6), ("hoyito-ii", 6), ("hoyito-iii", 6), ("ba-awa", 6),
         ("hoyito-i", 9), ("hoyito-ii", 12), ("hoyito-iii", 12)]  # fmt: skip


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
    ctx = np.zeros(fastsearch._CTX, dtype=np.int64)
    ctx[fastsearch._STARTER] = position.starter
    out = np.zeros_like(node)
    lap_table, lap_keys, lap_hist = fastsim._hash_table(n, 1 << 16)
    failed = fastsearch._play(
        fastsim.rule_codes(position.rules), n, ctx, np.zeros(16, dtype=np.int64),
        np.zeros(8, dtype=np.int64), np.zeros((1, 7), dtype=np.int32), lap_table, lap_keys,
        lap_hist, node, hole, out, trail_keys, trail_rows, 0, len(history),
    )  # fmt: skip
    assert failed == 0
    return out


def random_positions(variant: str, n: int, count: int, seed: int):
    """Positions met in random games (every ply of them), the game's history included."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos = hy.new_game(variant, holes_per_row=n, player=rng.randrange(2))
        while not pos.is_over and len(found) < count:
            found.append(pos)
            pos = pos.play(rng.choice(pos.legal_moves()))
    return found


@pytest.mark.parametrize("variant, n", CASES)
def test_every_compiled_move_is_the_engine_move(variant, n):
    seen = set()
    positions = random_positions(variant, n, 1500 if n == 6 else 500, seed=n)
    for pos in positions:
        size = 2 * n
        for hole in pos.legal_moves():
            move = pos.sow(hole)
            after = move.after
            row = compiled_move(pos, hole)
            assert list(row[:size]) == list(after.board), (pos, hole)
            assert tuple(row[size : size + 2]) == after.captures, (pos, hole)
            assert row[size + fastsearch._PLAYER] == after.player, (pos, hole)
            end = -1 if after.outcome is None else END_CODES[after.outcome.reason]
            assert row[size + fastsearch._END] == end, (pos, hole)
            seen.add("end" if after.is_over else "going on")
            seen.update(("pass",) * bool(move.passes) + ("extra",) * move.extra_turn)
            if after.is_over:
                seen.add(str(after.outcome.reason))
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
    pos = hy.new_game("hoyito-ii")
    agent = SearchPlayer(seed=0, max_depth=3)
    agent._compiled = fastsearch.CompiledSearch()
    agent._compiled.lap_room = 1  # every relay overflows it at first
    agent._compiled.laps = fastsim._hash_table(12, 1)
    found = summary(agent, pos)
    assert agent.last_search["compiled"] and agent._compiled.lap_room > 1
    assert found == summary(SearchPlayer(seed=0, max_depth=3, compiled=False), pos)


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

