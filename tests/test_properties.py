"""Property tests: invariants over random set-ups and random play (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_move, expected_legal

import hoyito_edu as hy

VARIANT = st.sampled_from(sorted(hy.VARIANTS))


@st.composite
def set_ups(draw, options=False):
    """A random legal set-up: variant, size, seeds, closed holes (Hoyito) or owners (Ba-awa);
    with ``options``, random rule options too (lap limits from 1 lap, quiet limits)."""
    variant = draw(VARIANT)
    rules = hy.VARIANTS[variant]
    n = draw(st.integers(rules.min_holes_per_row, rules.max_holes_per_row))
    board = draw(st.lists(st.integers(0, hy.MAX_SEEDS // 24), min_size=2 * n, max_size=2 * n))
    kwargs = {"board": board, "player": draw(st.integers(0, 1))}
    if options:  # and a hole that may hold enough to sow a whole lap and come round
        big = draw(st.integers(0, 2 * n - 1))
        board[big] += min(draw(st.integers(0, 30)), hy.MAX_SEEDS - sum(board))
        kwargs["skip_origin"] = draw(st.booleans())
        kwargs["chain_opponent_side_only"] = rules.chain and draw(st.booleans())
        kwargs["max_laps"] = draw(st.sampled_from([None, 1, 2, 3, 5, 31, 32, 33, 40, 1000]))
        kwargs["quiet_limit"] = draw(st.sampled_from([None, 1, 2, 5, 20]))
    if rules.territory:
        kwargs["owners"] = draw(st.lists(st.integers(0, 1), min_size=12, max_size=12))
    else:
        closed = draw(st.sets(st.integers(0, 2 * n - 1), max_size=n - 1))
        kwargs["closed"] = sorted(closed)
        for h in closed:
            board[h] = 0
    if sum(board) == 0:
        board[draw(st.integers(0, 2 * n - 1))] = 4
        for h in list(kwargs.get("closed", [])):
            if board[h]:
                kwargs["closed"].remove(h)
    return hy.new_game(variant, **kwargs)


def playout(pos, seed, plies):
    rng = random.Random(seed)
    moves = []
    while not pos.is_over and len(moves) < plies:
        move = pos.sow(rng.choice(pos.legal_moves()))
        moves.append(move)
        pos = move.after
    return moves


@settings(max_examples=300, deadline=None)
@given(set_ups(), st.integers(0, 2**32), st.integers(1, 40))
def test_invariants_hold_after_every_move_of_random_play(start, seed, plies):
    pos = start
    assert pos.legal_moves() == expected_legal(pos)
    for move in playout(start, seed, plies):
        before = move.before
        snapshot = (before.board, before.player, before.captures, before.outcome)
        again = before.sow(move.hole)  # play twice: same result, before unchanged
        check_move(before, snapshot, move.hole, again)
        assert again == move
        pos = move.after


@settings(max_examples=60, deadline=None)
@given(VARIANT, st.integers(6, 12), st.integers(0, 2**32))
def test_standard_games_capture_only_in_fours_until_the_end(variant, n, seed):
    if variant == "ba-awa":
        n = 6
    for move in playout(hy.new_game(variant, holes_per_row=n), seed, 300):
        assert sum(move.after.board) % 4 == 0
        for c in move.captures:
            if c.reason in (hy.Reason.MID_SOW, hy.Reason.LAST_SEED, hy.Reason.CHAIN):
                assert c.seeds == 4


@settings(max_examples=60, deadline=None)
@given(set_ups(), st.integers(0, 2**32))
def test_replaying_a_record_reproduces_the_game(start, seed):
    moves = playout(start, seed, 60)
    game = hy.Game(start=start)
    game.play_all([m.hole for m in moves])
    assert [m.after for m in game.moves] == [m.after for m in moves]
    assert [m.events for m in game.moves] == [m.events for m in moves]


@settings(max_examples=60, deadline=None)
@given(set_ups(), st.integers(0, 2**32))
def test_json_round_trips(start, seed):
    game = hy.Game(start=start)
    game.play_all([m.hole for m in playout(start, seed, 30)])
    loaded = hy.Game.from_json(game.to_json())
    assert loaded.start == game.start
    assert loaded.holes() == game.holes()
    assert list(loaded.positions()) == list(game.positions())


@settings(max_examples=200, deadline=None)
@given(set_ups())
def test_legal_moves_are_exactly_the_owned_open_non_empty_holes(pos):
    assert pos.legal_moves() == expected_legal(pos)
    for hole in range(len(pos.board)):
        if hole in pos.legal_moves():
            pos.play(hole)
        else:
            try:
                pos.play(hole)
            except hy.IllegalMove:
                continue
            raise AssertionError(f"hole {hole} should be illegal")


def assert_same_position(played, sown):
    """``played`` (from play) is ``sown`` (from sow) in every field, its history and moves."""
    assert played == sown
    assert played.quiet_plies == sown.quiet_plies
    assert played.history_since_capture() == sown.history_since_capture()
    assert played.legal_moves() == sown.legal_moves()


@settings(max_examples=300, deadline=None)
@given(set_ups(options=True), st.integers(0, 2**32))
def test_play_is_sow_without_its_record(start, seed):
    # Position.play sows without the record of events and Position.sow with it: every legal
    # move of a random line of play, on every rule set, size and option (lap limits, endless
    # moves, quiet limits), gives the same position both ways.
    rng, pos = random.Random(seed), start
    for _ in range(12):
        for hole in pos.legal_moves():
            move = pos.sow(hole)
            assert_same_position(pos.play(hole), move.after)
        if pos.is_over:
            break
        pos = pos.play(rng.choice(pos.legal_moves()))


ENDLESS_OR_LONG = [  # (variant, board, hole): moves of many laps (see test_rules_sowing.py)
    ("hoyito-ii", [4, 1, 2, 3, 2, 3, 2, 1, 0, 5, 1, 0], 2),
    ("hoyito-i", [2, 1, 3, 1, 0, 2, 1, 0, 1, 0, 1, 0], 2),
    ("ba-awa", [0, 2, 1, 0, 1, 3, 1, 0, 2, 1, 0, 1], 5),
]


def test_play_is_sow_for_endless_moves_and_at_every_lap_limit():
    for variant, board, hole in ENDLESS_OR_LONG:
        for max_laps in (None, 1, 2, 31, 32, 33, 41, 42, 43, 59, 60, 61, 1000):
            pos = hy.new_game(variant, board=board, max_laps=max_laps)
            move = pos.sow(hole)
            assert move.after.is_over and (move.endless or move.lap_limit)
            assert_same_position(pos.play(hole), move.after)
