"""Spec section 4: how a single game ends, on explicit boards."""

import pytest

import hoyito_edu as hy
from hoyito_edu import Capture, GameOver, Reason

HOYITO = ["hoyito-i", "hoyito-ii", "hoyito-iii"]


@pytest.mark.parametrize("variant", HOYITO)
def test_r4_1_a_capture_leaving_four_gives_them_to_the_capturer(variant):
    # South's last seed makes a casa in hole 1; the four single seeds on North's row are what
    # is left, so South takes them too and the game ends.
    move = hy.new_game(variant, board=[1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0]).sow(0)
    assert move.events[2:] == (
        Capture(1, 4, 0, Reason.LAST_SEED),
        Capture(6, 1, 0, Reason.FINAL_FOUR),
        Capture(7, 1, 0, Reason.FINAL_FOUR),
        Capture(8, 1, 0, Reason.FINAL_FOUR),
        Capture(9, 1, 0, Reason.FINAL_FOUR),
        GameOver(Reason.FINAL_FOUR, 0, (8, 0)),
    )
    assert move.after.is_over and move.after.winner == 0
    assert move.after.legal_moves() == ()


def test_r4_1_a_mid_sow_capture_leaving_four_ends_the_game_with_seeds_still_in_hand():
    # Hoyito I: the first seed makes a casa in hole 1 with one seed still in hand; the three
    # seeds on the board plus the one in hand are the last four.
    move = hy.new_game("hoyito-i", board=[2, 3, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0]).sow(0)
    assert [(c.hole, c.seeds, c.reason) for c in move.captures] == [
        (1, 4, Reason.MID_SOW),
        (6, 1, Reason.FINAL_FOUR),
        (7, 1, Reason.FINAL_FOUR),
        (8, 1, Reason.FINAL_FOUR),
        (None, 1, Reason.FINAL_FOUR),
    ]
    assert move.after.captures == (8, 0) and move.after.board == (0,) * 12


def test_r4_1_a_capture_leaving_nothing_ends_the_game():
    move = hy.new_game("hoyito-i", board=[1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).sow(0)
    assert move.after.outcome == hy.Outcome(Reason.ALL_CAPTURED, 0, (4, 0))


def test_r4_1_hoyito_iii_from_round_three_the_last_four_go_to_the_previous_winner():
    board = [1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0]
    round3 = hy.new_game("hoyito-iii", board=board, round=3, previous_winner=1).sow(0)
    assert {c.taker for c in round3.captures if c.reason == Reason.FINAL_FOUR} == {1}
    assert round3.after.outcome == hy.Outcome(Reason.FINAL_FOUR, None, (4, 4))
    round2 = hy.new_game("hoyito-iii", board=board, round=2, previous_winner=1).sow(0)
    assert round2.after.captures == (8, 0)  # rounds 1 and 2: the capturer
    drawn = hy.new_game("hoyito-iii", board=board, round=3, previous_winner=None).sow(0)
    assert drawn.after.captures == (8, 0)  # previous game drawn: the capturer [dec]
    other = hy.new_game("hoyito-ii", board=board, round=3, previous_winner=1).sow(0)
    assert other.after.captures == (8, 0)  # only Hoyito III has this rule


def test_r4_2_ba_awa_eight_or_fewer_after_a_move_go_to_the_starter():
    board = [1, 3, 0, 0, 0, 0, 2, 2, 2, 2, 0, 0]  # a last-seed casa leaves 8
    move = hy.new_game("ba-awa", board=board).sow(0)
    assert [(c.hole, c.seeds, c.taker, c.reason) for c in move.captures] == [
        (1, 4, 0, Reason.LAST_SEED),
        (6, 2, 0, Reason.EIGHT_OR_FEWER),
        (7, 2, 0, Reason.EIGHT_OR_FEWER),
        (8, 2, 0, Reason.EIGHT_OR_FEWER),
        (9, 2, 0, Reason.EIGHT_OR_FEWER),
    ]
    assert move.after.outcome == hy.Outcome(Reason.EIGHT_OR_FEWER, 0, (12, 0))
    north_started = hy.new_game("ba-awa", board=board, starter=1).sow(0)
    assert north_started.after.captures == (4, 8)


def test_r4_2_ba_awa_starter_defaults_to_the_player_to_move():
    pos = hy.new_game("ba-awa", board=[2, 2, 2, 2, 0, 0, 1, 3, 0, 0, 0, 0], player=1)
    assert pos.starter == 1
    after = pos.play(6)  # last seed makes 4 in hole 7: 8 left, North started
    assert after.captures == (0, 12)


def test_r4_2_ba_awa_checks_only_at_the_end_of_the_move():
    # The mid-sow casa leaves 4 with a seed in hand; Hoyito I would end at once, Ba-awa sows on
    board = [2, 3, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0]
    move = hy.new_game("ba-awa", board=board).sow(0)
    assert [e.kind for e in move.events][:4] == ["lift", "drop", "capture", "drop"]
    assert move.after.outcome.reason == Reason.EIGHT_OR_FEWER
    assert move.after.captures == (8, 0)


def test_r4_3_third_occurrence_of_a_position_ends_the_game_and_owners_take_their_holes():
    # Two lone seeds walk round the board and never make a casa.
    game = hy.Game("hoyito-i", board=[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0])
    while not game.is_over:
        game.play(min(game.position.legal_moves()))
        assert len(game.moves) < 500
    last = game.moves[-1]
    assert last.after.outcome.reason == Reason.REPETITION
    reps = [c for c in last.captures if c.reason == Reason.REPETITION]
    assert all(c.taker == (0 if c.hole < 6 else 1) for c in reps)
    assert sum(last.after.captures) == 2 and last.after.board == (0,) * 12
    # The position the last sowing made (before the owners took it) is a third occurrence,
    # and no position occurred three times before it.
    board_after_sowing = [0] * 12
    for c in reps:
        board_after_sowing[c.hole] = c.seeds
    next_player = last.player if last.passes else 1 - last.player
    keys = [(p.board, p.player) for p in game.positions()][:-1]
    assert keys.count((tuple(board_after_sowing), next_player)) == 2
    assert max(keys.count(k) for k in keys) == 2


def test_r4_4_score_counts_surplus_and_equal_scores_draw():
    board = [1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    after = hy.new_game("hoyito-i", board=board, surplus=(0, 4)).play(0)
    assert after.score == (4, 4) and after.winner is None and after.is_over
    after = hy.new_game("hoyito-i", board=board, surplus=(0, 8)).play(0)
    assert after.winner == 1


def test_r4_2_a_set_up_starter_is_who_actually_moves_first_after_a_pass():
    # South has nothing to sow and passes at once, so North starts this game.
    pos = hy.new_game("ba-awa", board=[0] * 8 + [1, 3, 3, 3], player=0)
    assert (pos.player, pos.starter) == (1, 1)
    after = pos.play(8)  # the last seed makes a casa in hole 9; 6 left go to North
    assert after.outcome == hy.Outcome(Reason.EIGHT_OR_FEWER, 1, (0, 10))
    named = hy.new_game("ba-awa", board=[0] * 8 + [1, 3, 3, 3], player=0, starter=0)
    assert named.starter == 0


# -- R4.5: ending by agreement, and the quiet limit ------------------------------------------


def test_r4_5_players_may_agree_to_stop_and_owners_take_their_holes():
    game = hy.Game("hoyito-i", board=[0, 2, 0, 5, 0, 0, 1, 0, 3, 0, 0, 0])
    game.play(1)
    before = game.position
    end = game.end_by_agreement()
    assert end.outcome.reason == Reason.AGREEMENT and game.ended_by_agreement
    south = sum(s for h, s in enumerate(before.board) if h < 6)
    north = sum(s for h, s in enumerate(before.board) if h >= 6)
    assert end.captures == (before.captures[0] + south, before.captures[1] + north)
    assert end.board == (0,) * 12 and end.legal_moves() == ()
    with pytest.raises(hy.IllegalMove, match="over"):
        game.play(0)
    assert game.undo() is None and game.position == before and not game.is_over


def test_r4_5_an_agreement_is_saved_and_loaded():
    game = hy.Game("hoyito-ii")
    game.play(2)
    game.end_by_agreement()
    again = hy.Game.from_json(game.to_json())
    assert again.ended_by_agreement and again.position == game.position
    with pytest.raises(ValueError, match="already over"):
        again.position.end_by_agreement()


def test_r4_5_quiet_limit_ends_the_game_after_that_many_plies_without_a_capture():
    board = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    game = hy.Game("hoyito-i", board=board, quiet_limit=3)
    game.play_all([0, 6])  # South 0 -> 1, North 6 -> 7: no captures
    assert not game.is_over and game.position.quiet_plies == 2
    move = game.play(1)  # the third ply in a row without a capture
    assert move.after.outcome == hy.Outcome(Reason.QUIET_LIMIT, None, (1, 1))
    assert [(c.hole, c.taker, c.reason) for c in move.captures] == [
        (2, 0, Reason.QUIET_LIMIT),
        (7, 1, Reason.QUIET_LIMIT),
    ]
    assert hy.new_game("hoyito-i", board=board).rules.quiet_limit is None  # off by default


def test_r4_5_a_capture_starts_the_quiet_count_again():
    # South's last seed makes a casa in hole 1 (R2.7): a capture, so the count is back to 0.
    pos = hy.new_game("hoyito-i", board=[1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0], quiet_limit=2)
    after = pos.play(0)
    assert after.captures == (4, 0) and after.quiet_plies == 0 and not after.is_over
    quiet = after.play(6)
    assert quiet.quiet_plies == 1 and not quiet.is_over
