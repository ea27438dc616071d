"""Spec sections 1-3 (board, a move, whose turn) on explicit boards.

Boards are written in ring order (R1.3): South's holes 0..5, then North's 6..11.
"""

import pytest
from invariants import apply_events

import hoyito_edu as hy
from hoyito_edu import Drop, Endless, ExtraTurn, LapLimit, Lift, Pass, Reason, Relay

ALL = list(hy.VARIANTS)
HOYITO = ["hoyito-i", "hoyito-ii", "hoyito-iii"]


def kinds(move):
    return [e.kind for e in move.events]


def caps(move):
    return [(c.hole, c.seeds, c.taker, c.reason) for c in move.captures]


# -- R1: board and numbering ---------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_r1_2_start_has_four_seeds_in_every_hole_and_no_stores(variant):
    pos = hy.new_game(variant)
    assert pos.board == (4,) * 12
    assert pos.captures == (0, 0)
    assert pos.player == 0  # R1.4


@pytest.mark.parametrize("variant", HOYITO)
@pytest.mark.parametrize("n", range(6, 13))
def test_r1_1_hoyito_sizes_6_to_12(variant, n):
    pos = hy.new_game(variant, holes_per_row=n)
    assert len(pos.board) == 2 * n and pos.seeds_on_board == 8 * n
    assert pos.legal_moves() == tuple(range(n))


@pytest.mark.parametrize("n", [5, 13])
def test_r1_1_hoyito_rejects_sizes_outside_6_to_12(n):
    with pytest.raises(ValueError, match="2x6 to 2x12"):
        hy.new_game("hoyito-ii", holes_per_row=n)


def test_r1_1_ba_awa_is_2x6_only():
    with pytest.raises(ValueError, match="Ba-awa is played on 2x6 only"):
        hy.new_game("ba-awa", holes_per_row=8)
    with pytest.raises(ValueError, match="2x6 only; got a board of 2x7"):
        hy.new_game("ba-awa", board=[1] * 14)


def test_r1_3_sowing_wraps_from_norths_last_hole_to_souths_first():
    pos = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2], player=1)
    move = pos.sow(11)
    assert [e.hole for e in move.events if isinstance(e, Drop)] == [0, 1]


def test_r1_3_each_player_owns_a_row_of_holes():
    pos = hy.new_game("hoyito-i", holes_per_row=8)
    assert pos.holes_of(0) == tuple(range(8))
    assert pos.holes_of(1) == tuple(range(8, 16))


def test_r1_4_caller_may_let_north_start():
    pos = hy.new_game("hoyito-i", player=1)
    assert pos.player == 1 and pos.legal_moves() == (6, 7, 8, 9, 10, 11)


# -- R2.1-R2.4: sowing -----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_opening_move_is_the_same_under_every_rule_set(variant):
    # research digest 5.4: South hole 0 gives this board, 5 laps, no capture; it also matches
    # EveryBoard's Ba-awa test vector for the opening move.
    move = hy.new_game(variant).sow(0)
    assert move.after.board == (2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6)
    assert move.laps == 5 and move.captures == ()
    assert move.after.player == 1


def test_r2_1_and_r2_6_relay_lifts_the_last_hole_and_sows_from_the_next():
    pos = hy.new_game("hoyito-i", board=[2, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    move = pos.sow(0)
    assert move.events == (
        Lift(0, 2, 1),
        Drop(1, 1, 1, 1),
        Drop(2, 0, 2, 1),
        Relay(2, 2, 2),
        Drop(3, 1, 1, 2),
        Drop(4, 0, 1, 2),
    )
    assert move.after.board == (0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1)
    assert move.after.player == 1


@pytest.mark.parametrize("variant", ALL)
def test_r2_6_last_seed_in_an_empty_hole_ends_the_move(variant):
    move = hy.new_game(variant, board=[1, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]).sow(0)
    assert kinds(move) == ["lift", "drop"]
    assert move.after.board[1] == 1 and move.after.player == 1


def test_r2_2_origin_is_sown_into_on_a_long_lap():
    pos = hy.new_game("hoyito-i", board=[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    move = pos.sow(0)
    drops = [e.hole for e in move.events if isinstance(e, Drop)]
    assert drops == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]
    assert move.after.board == (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2)


def test_r2_2_option_skip_origin_passes_over_the_hole_the_lap_left():
    pos = hy.new_game("hoyito-i", board=[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], skip_origin=True)
    move = pos.sow(0)
    first_lap = [e.hole for e in move.events if isinstance(e, Drop) and e.lap == 1]
    assert first_lap == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1]
    assert move.events[13] == Relay(1, 2, 2)
    assert move.after.rules.skip_origin


def test_r2_3_closed_holes_receive_nothing_and_cannot_be_played():
    pos = hy.new_game("hoyito-i", board=[3, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0], closed=[1, 2, 10, 11])
    move = pos.sow(0)
    assert [e.hole for e in move.events if isinstance(e, Drop)] == [3, 4, 5]
    with pytest.raises(hy.IllegalMove, match="hole 1 is closed"):
        pos.play(1)


def test_r2_4_a_hole_holding_four_that_receives_a_seed_holds_five():
    for variant in ALL:
        move = hy.new_game(variant, board=[2, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]).sow(0)
        assert move.captures == ()
        assert move.after.board[:3] == (0, 5, 1)


def test_r2_4_capture_happens_at_the_drop_not_after_the_lap():
    # 13 seeds from hole 0: hole 1 reaches 4 on the first drop and is taken at once (Hoyito I);
    # the 13th seed lands in the emptied hole 1, which then holds 1, so the move ends.
    pos = hy.new_game("hoyito-i", board=[13, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    move = pos.sow(0)
    assert caps(move) == [(1, 4, 0, Reason.MID_SOW)]
    assert move.after.board == (1,) * 12
    assert move.laps == 1


# -- R2.5: mid-sow casas --------------------------------------------------------------------

MID_SOW_BOARD = [0, 0, 0, 0, 0, 2, 3, 0, 2, 2, 2, 2]  # South sows 5: hole 6 (North's) hits 4


@pytest.mark.parametrize(
    "variant, expected_captures, hole6",
    [
        ("hoyito-i", [(6, 4, 0, Reason.MID_SOW)], 0),  # the mover takes it
        ("ba-awa", [(6, 4, 1, Reason.MID_SOW)], 0),  # the hole's owner takes it
        ("hoyito-ii", [], 4),  # the four stay
        ("hoyito-iii", [], 4),
    ],
)
def test_r2_5_mid_sow_casa_taker_by_variant(variant, expected_captures, hole6):
    move = hy.new_game(variant, board=MID_SOW_BOARD).sow(5)
    assert caps(move) == expected_captures
    assert move.after.board[6] == hole6
    assert move.after.board[7] == 1  # sowing went on after the casa
    assert move.after.player == 1


def test_r2_5_ba_awa_owner_of_a_moved_hole_takes_the_mid_sow_casa():
    owners = [0] * 6 + [0, 1, 1, 1, 1, 1]  # South owns hole 6 (match play, R6.7)
    pos = hy.new_game("ba-awa", board=MID_SOW_BOARD, owners=owners)
    assert caps(pos.sow(5)) == [(6, 4, 0, Reason.MID_SOW)]


def test_r2_5_hole_emptied_by_a_capture_holds_zero_and_ends_a_lap_with_one():
    move = hy.new_game("hoyito-i", board=[13, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).sow(0)
    assert move.events[-1] == Drop(1, 0, 1, 1)


# -- R2.6-R2.7: last-seed capture, chain, extra turn ------------------------------------------

CHAIN_BOARD = [0, 0, 4, 3, 3, 3, 3, 1, 1, 1, 1, 1]  # South sows 2: 3, 4, 5 reach 4, last in 6


def test_r2_7_hoyito_ii_chain_runs_back_across_both_rows():
    move = hy.new_game("hoyito-ii", board=CHAIN_BOARD).sow(2)
    assert caps(move) == [
        (6, 4, 0, Reason.LAST_SEED),
        (5, 4, 0, Reason.CHAIN),
        (4, 4, 0, Reason.CHAIN),
        (3, 4, 0, Reason.CHAIN),
    ]
    # South's row is now empty: the extra turn passes to North (R3.2)
    assert kinds(move)[-2:] == ["extra-turn", "pass"]
    assert move.after.player == 1


def test_r2_7_chain_stops_at_the_first_hole_without_four():
    board = [0, 0, 4, 3, 3, 3, 3, 1, 1, 1, 1, 1]
    board[3] = 2  # hole 3 will hold 3
    move = hy.new_game("hoyito-ii", board=board).sow(2)
    assert [c.hole for c in move.captures] == [6, 5, 4]
    assert move.after.board[3] == 3


def test_r2_7_chain_passes_over_closed_holes():
    board = [0, 0, 3, 3, 0, 3, 3, 1, 1, 1, 1, 1]
    move = hy.new_game("hoyito-ii", board=board, closed=[4]).sow(2)
    assert [(c.hole, c.reason) for c in move.captures] == [
        (6, Reason.LAST_SEED),
        (5, Reason.CHAIN),
        (3, Reason.CHAIN),
    ]


def test_r2_7_chain_runs_all_the_way_round_and_the_final_four_ends_it():
    # 48 seeds from hole 0 put exactly 4 in every hole; the last lands in the origin (R2.2),
    # which is a casa. The chain runs back over 11, 10, ..., 2; then only 4 seeds are left
    # (hole 1), and they go to the capturer at once (R4.1).
    move = hy.new_game("hoyito-ii", board=[48] + [0] * 11).sow(0)
    assert [(c.hole, c.reason) for c in move.captures] == (
        [(0, Reason.LAST_SEED)]
        + [(h, Reason.CHAIN) for h in range(11, 1, -1)]
        + [(1, Reason.FINAL_FOUR)]
    )
    assert move.after.outcome == hy.Outcome(Reason.FINAL_FOUR, 0, (48, 0))


def test_r2_7_option_chain_on_the_opponents_row_only():
    move = hy.new_game("hoyito-ii", board=CHAIN_BOARD, chain_opponent_side_only=True).sow(2)
    assert caps(move) == [(6, 4, 0, Reason.LAST_SEED)]
    with pytest.raises(ValueError, match="Hoyito I has no chain"):
        hy.new_game("hoyito-i", chain_opponent_side_only=True)


def test_r2_7_hoyito_iii_takes_only_the_last_hole_and_plays_again():
    move = hy.new_game("hoyito-iii", board=CHAIN_BOARD).sow(2)
    assert caps(move) == [(6, 4, 0, Reason.LAST_SEED)]
    assert move.after.board[:7] == (0, 0, 0, 4, 4, 4, 0)
    assert move.extra_turn and move.after.player == 0
    assert move.events[-1] == ExtraTurn(0)


def test_r2_5_r2_7_hoyito_i_takes_mid_sow_and_last_seed_casas_and_the_turn_ends():
    move = hy.new_game("hoyito-i", board=CHAIN_BOARD).sow(2)
    assert caps(move) == [
        (3, 4, 0, Reason.MID_SOW),
        (4, 4, 0, Reason.MID_SOW),
        (5, 4, 0, Reason.MID_SOW),
        (6, 4, 0, Reason.LAST_SEED),
    ]
    assert not move.extra_turn and move.after.player == 1


def test_r2_6_last_seed_casa_in_a_relay_lap_is_a_last_seed_capture():
    # 2 seeds from 0: hole 1 -> 1, hole 2 -> 3 (relay of 3): 3, 4, 5; hole 5 had 3 -> 4
    board = [2, 0, 2, 0, 0, 3, 1, 1, 1, 1, 1, 1]
    for variant in ALL:
        move = hy.new_game(variant, board=board).sow(0)
        assert move.laps == 2
        assert caps(move)[-1] == (5, 4, 0, Reason.LAST_SEED)


# Research digest section 5.4: positions that separate the four rule sets.
SEPARATING = [
    (
        [3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3],
        4,
        {
            "hoyito-i": ((12, 0), (0, 1, 6, 1, 0, 1, 0, 0, 3, 1, 3, 0), 1),
            "hoyito-ii": ((8, 0), (0, 1, 6, 1, 0, 1, 4, 0, 3, 1, 3, 0), 0),
            "hoyito-iii": ((4, 0), (0, 1, 6, 1, 0, 1, 4, 0, 3, 1, 3, 4), 0),
            "ba-awa": ((4, 8), (0, 1, 6, 1, 0, 1, 0, 0, 3, 1, 3, 0), 1),
        },
    ),
    (
        [4, 2, 3, 1, 1, 1, 1, 3, 1, 3, 3, 5],
        3,
        {
            "hoyito-i": ((12, 0),),
            "hoyito-ii": ((8, 0),),
            "hoyito-iii": ((4, 0),),
            "ba-awa": ((4, 8),),
        },
    ),
]


@pytest.mark.parametrize("board, hole, expected", SEPARATING)
@pytest.mark.parametrize("variant", ALL)
def test_research_digest_separating_positions(board, hole, expected, variant):
    after = hy.new_game(variant, board=board).play(hole)
    want = expected[variant]
    assert after.captures == want[0]
    if len(want) > 1:
        assert after.board == want[1]
        assert after.player == want[2]


def test_separating_position_two_chain_is_last_at_10_then_9():
    move = hy.new_game("hoyito-ii", board=[4, 2, 3, 1, 1, 1, 1, 3, 1, 3, 3, 5]).sow(3)
    assert [(c.hole, c.reason) for c in move.captures] == [
        (10, Reason.LAST_SEED),
        (9, Reason.CHAIN),
    ]


def test_separating_position_one_ba_awa_owner_and_mover_captures():
    move = hy.new_game("ba-awa", board=[3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3]).sow(4)
    assert caps(move) == [
        (6, 4, 1, Reason.MID_SOW),
        (11, 4, 1, Reason.MID_SOW),
        (0, 4, 0, Reason.LAST_SEED),
    ]


# -- R2.8: endless moves ---------------------------------------------------------------------

ENDLESS = [
    ("hoyito-ii", [4, 1, 2, 3, 2, 3, 2, 1, 0, 5, 1, 0], 2, 42),
    ("hoyito-iii", [4, 1, 2, 3, 2, 3, 2, 1, 0, 5, 1, 0], 2, 42),
    ("hoyito-i", [2, 1, 3, 1, 0, 2, 1, 0, 1, 0, 1, 0], 2, 60),
    ("ba-awa", [2, 1, 3, 1, 0, 2, 1, 0, 1, 0, 1, 0], 2, 60),
    ("hoyito-i", [0, 2, 1, 0, 1, 3, 1, 0, 2, 1, 0, 1], 5, 60),
    ("ba-awa", [0, 2, 1, 0, 1, 3, 1, 0, 2, 1, 0, 1], 5, 60),
]


@pytest.mark.parametrize("variant, board, hole, period", ENDLESS)
def test_r2_8_endless_move_stops_before_the_repeated_lap_and_owners_take_their_holes(
    variant, board, hole, period
):
    pos = hy.new_game(variant, board=board)
    move = pos.sow(hole)
    endless = [e for e in move.events if isinstance(e, Endless)]
    assert endless == [Endless(hole, period + 1, 1)]
    assert move.laps == period
    # the board just before the repeated lap is the starting board: owners take their holes
    owner_takes = [c for c in move.captures if c.reason == Reason.ENDLESS]
    assert sum(c.seeds for c in owner_takes if c.taker == 0) == sum(board[:6])
    assert sum(c.seeds for c in owner_takes if c.taker == 1) == sum(board[6:])
    assert move.after.is_over and move.after.outcome.reason == Reason.ENDLESS
    assert move.after.board == (0,) * 12


# -- R3: whose turn --------------------------------------------------------------------------


def test_r3_1_the_opponent_moves_after_a_move_without_capture():
    pos = hy.new_game("hoyito-ii")
    assert pos.play(5).player == 1


def test_r3_2_a_player_with_no_seeds_passes_and_the_mover_goes_again():
    move = hy.new_game("hoyito-i", board=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]).sow(0)
    assert move.events[-1] == Pass(1)
    assert move.after.player == 0 and move.passes == (1,)


def test_r3_2_a_starting_player_without_seeds_passes_at_once():
    pos = hy.new_game("hoyito-i", board=[0] * 6 + [1] * 6, player=0)
    assert pos.player == 1


def test_r3_2_pass_in_ba_awa_too():
    move = hy.new_game("ba-awa", board=[1, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0]).sow(0)
    assert move.passes == (1,) and move.after.player == 0


def test_a_board_without_seeds_is_refused():
    with pytest.raises(ValueError, match="no seeds"):
        hy.new_game("ba-awa", board=[0] * 12)


def test_2x12_board_sows_across_rows_and_chains_back():
    board = [1] * 24
    board[10], board[11], board[12] = 2, 3, 3
    move = hy.new_game("hoyito-ii", board=board).sow(10)
    assert [e.hole for e in move.events if isinstance(e, Drop)] == [11, 12]
    assert [(c.hole, c.reason) for c in move.captures] == [
        (12, Reason.LAST_SEED),
        (11, Reason.CHAIN),
    ]
    assert move.after.player == 0 and move.extra_turn
    north = hy.new_game("hoyito-i", holes_per_row=12, player=1)
    assert north.legal_moves() == tuple(range(12, 24))
    assert north.play(23).board[:3] == (5, 5, 5)  # North's last hole sows into South's first


# -- R2.8 amended: the lap limit -------------------------------------------------------------


def test_r2_8_lap_limit_stops_the_move_before_the_next_lap_and_owners_take_their_holes():
    # Hoyito I opening, South sows 0: five laps, ending by itself in hole 8 (which was empty).
    assert hy.new_game("hoyito-i").sow(0).laps == 5
    pos = hy.new_game("hoyito-i", max_laps=4)
    move = pos.sow(0)
    assert move.laps == 4 and move.lap_limit and not move.endless
    relays = [e for e in move.events if isinstance(e, Relay)]
    stop = [e for e in move.events if isinstance(e, LapLimit)]
    # lap 5 would have started from the hole the fourth lap ended in
    last_drop = [e for e in move.events if isinstance(e, Drop)][-1]
    assert stop == [LapLimit(last_drop.hole, 5)] and len(relays) == 3
    board_before_stop = apply_events(pos.board, move.events[: move.events.index(stop[0])])
    owner_takes = [c for c in move.captures if c.reason == Reason.LAP_LIMIT]
    assert sum(c.seeds for c in owner_takes if c.taker == 0) == sum(board_before_stop[:6])
    assert sum(c.seeds for c in owner_takes if c.taker == 1) == sum(board_before_stop[6:])
    assert move.after.outcome.reason == Reason.LAP_LIMIT and move.after.board == (0,) * 12


def test_r2_8_a_move_ending_by_itself_on_its_last_allowed_lap_is_not_stopped():
    move = hy.new_game("hoyito-i", max_laps=5).sow(0)
    assert move.laps == 5 and not move.lap_limit and not move.after.is_over


def test_r2_8_default_limit_is_1000_laps_on_a_relay_of_millions():
    # Hoyito II 2x6, South sows 1: without a limit the relay runs 2.35 million laps before one
    # repeats. With the default it stops after lap 1,000.
    pos = hy.new_game("hoyito-ii", board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4])
    assert pos.rules.max_laps == 1000
    move = pos.sow(1)
    assert move.laps == 1000 and move.lap_limit
    assert [e.lap for e in move.events if isinstance(e, LapLimit)] == [1001]
    assert move.after.outcome.reason == Reason.LAP_LIMIT


def test_r2_8_a_repeat_within_the_limit_is_still_an_endless_move():
    variant, board, hole, period = ENDLESS[0]
    move = hy.new_game(variant, board=board, max_laps=period).sow(hole)
    assert move.endless and not move.lap_limit and move.laps == period
    limited = hy.new_game(variant, board=board, max_laps=period - 1).sow(hole)
    assert limited.lap_limit and not limited.endless and limited.laps == period - 1


def test_r2_8_no_limit_is_exact():
    variant, board, hole, period = ENDLESS[2]
    move = hy.new_game(variant, board=board, max_laps=None).sow(hole)
    assert move.endless and move.laps == period
