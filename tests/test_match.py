"""Spec section 6: match play for Hoyito (closed holes, surplus) and Ba-awa (hole ownership)."""

import random

import numpy as np
import pytest

import hoyito_edu as hy
from hoyito_edu import Reason


def play_round(match, rng):
    while not match.game.is_over:
        match.play(rng.choice(match.position.legal_moves()))


def play_match(match, rng, max_rounds=60):
    play_round(match, rng)
    while not match.is_over and match.round < max_rounds:
        match.next_round()
        play_round(match, rng)
    return match


@pytest.mark.parametrize("variant", ["hoyito-i", "hoyito-ii", "hoyito-iii"])
def test_r6_1_to_r6_3_hoyito_rounds_close_holes_keep_surplus_and_the_winner_starts(variant):
    rng = random.Random(7)
    match = hy.Match(variant)
    play_round(match, rng)
    for _ in range(12):
        if match.is_over:
            break
        last = match.results[-1]
        prev_start = match.game.start
        start = match.next_round()
        for p in (0, 1):
            held = last.holdings[p]
            filled = min(6, held // 4)
            row = range(6 * p, 6 * p + 6)
            open_holes = [h for h in row if h not in start.closed]
            assert open_holes == list(row)[:filled]  # default fill: from the first hole on
            assert all(start.board[h] == 4 for h in open_holes)
            assert start.surplus[p] == held - 4 * filled
        assert sum(start.board) + sum(start.surplus) == 48
        expected_starter = last.winner if last.winner is not None else 1 - prev_start.starter
        assert start.player == start.starter == expected_starter
        assert start.round == match.round
        play_round(match, rng)
    assert sum(match.holdings) == 48


def finished_match(variant, **settings):
    """The first seeded random match that ends within 60 rounds."""
    for seed in range(50):
        match = play_match(hy.Match(variant, **settings), random.Random(seed))
        if match.is_over:
            return match
    raise AssertionError("no match ended")


def test_r6_1_a_hoyito_match_ends_when_a_player_holds_fewer_than_four():
    match = finished_match("hoyito-i")
    assert match.is_over
    loser = 1 - match.winner
    assert match.holdings[loser] < 4 <= match.holdings[match.winner]
    with pytest.raises(ValueError, match="the match is over"):
        match.next_round()
    with pytest.raises(ValueError, match="the match is over"):
        match.play(0)


def test_r6_2_fill_chooser_picks_which_holes_stay_open():
    def fill_from_the_right(player, count, position):
        n = position.holes_per_row
        return list(range(player * n + n - count, player * n + n))

    match = hy.Match("hoyito-ii", fill=fill_from_the_right)
    play_round(match, random.Random(11))
    held = match.results[-1].holdings
    start = match.next_round()
    for p in (0, 1):
        filled = min(6, held[p] // 4)
        open_holes = [h for h in range(6 * p, 6 * p + 6) if h not in start.closed]
        assert open_holes == list(range(6 * p + 6 - filled, 6 * p + 6))


def test_a_chooser_that_breaks_the_rules_gets_a_clear_error():
    match = hy.Match("hoyito-i", fill=lambda p, c, pos: [0])
    play_round(match, random.Random(11))
    with pytest.raises(ValueError, match=r"fill must choose \d+ different hole\(s\) from"):
        match.next_round()


def test_hoyito_match_with_a_closed_hole_game_is_playable_to_the_end():
    match = play_match(hy.Match("hoyito-i", holes_per_row=8), random.Random(5))
    closed_seen = any(g.start.closed for g in match.games)
    assert closed_seen
    for g in match.games:
        for move in g.moves:
            assert move.hole not in g.start.closed
            assert all(
                e.hole not in g.start.closed for e in move.events if e.kind in ("drop", "relay")
            )


def test_r6_4_hoyito_iii_last_four_go_to_the_previous_winner_from_round_three():
    checked = 0
    for seed in range(40):
        match = play_match(hy.Match("hoyito-iii"), random.Random(seed), max_rounds=8)
        for number, game in enumerate(match.games, start=1):
            end = game.moves[-1] if game.moves else None
            if end is None or end.after.outcome.reason != Reason.FINAL_FOUR or number < 3:
                continue
            previous = match.results[number - 2].winner
            takers = {c.taker for c in end.captures if c.reason == Reason.FINAL_FOUR}
            capturer = end.player
            assert takers == {capturer if previous is None else previous}
            checked += previous is not None and previous != capturer
        if checked >= 3:
            break
    assert checked >= 3


def test_r6_5_ba_awa_holes_follow_captures_and_every_hole_gets_four():
    rng = random.Random(2)
    match = hy.Match("ba-awa")
    play_round(match, rng)
    caps = match.game.position.captures
    assert match.holdings == (caps[0] // 4, caps[1] // 4)
    start = match.next_round()
    assert start.board == (4,) * 12
    assert (start.owners.count(0), start.owners.count(1)) == match.results[-1].holdings
    assert start.player == 1  # R6.7: starters alternate


def test_r6_5_leftover_hole_goes_to_the_larger_remainder_or_the_starter():
    match = hy.Match("ba-awa")
    assert match._holes_earned((13, 35), starter=0) == (3, 9)
    assert match._holes_earned((14, 34), starter=0) == (4, 8)
    assert match._holes_earned((14, 34), starter=1) == (3, 9)
    assert match._holes_earned((16, 32), starter=1) == (4, 8)


def test_r6_6_default_reallocation_takes_back_own_row_first_then_ring_order():
    pos = hy.new_game("ba-awa")
    assert hy.take_back_then_ring_order(0, 2, pos) == [6, 7]
    assert hy.take_back_then_ring_order(1, 3, pos) == [0, 1, 2]
    owners = [0, 0, 1, 0, 1, 0] + [1] * 6
    pos = hy.new_game("ba-awa", owners=owners)
    assert hy.take_back_then_ring_order(0, 3, pos) == [2, 4, 6]


def test_r6_7_a_ba_awa_player_sows_from_holes_they_own_on_either_row():
    owners = [0] * 6 + [0, 0, 1, 1, 1, 1]
    pos = hy.new_game("ba-awa", owners=owners)
    assert pos.legal_moves() == (0, 1, 2, 3, 4, 5, 6, 7)
    with pytest.raises(hy.IllegalMove, match="hole 8 is not yours: it belongs to North"):
        pos.play(8)


def test_r6_7_option_winner_starts():
    rng = random.Random(4)
    match = hy.Match("ba-awa", winner_starts=True)
    play_round(match, rng)
    winner = match.results[-1].winner
    start = match.next_round()
    assert start.player == (winner if winner is not None else 1 - 0)


def test_r6_8_ba_awa_match_to_a_target_and_ownership_changes_hands():
    match = finished_match("ba-awa", target=9)
    assert match.is_over
    assert match.holdings[match.winner] >= 9 or match.holdings[1 - match.winner] == 0
    moved = [g.start.owners for g in match.games if g.start.owners != hy.new_game("ba-awa").owners]
    assert moved, "ownership should have changed in some round"
    for g in match.games:
        assert sum(g.start.board) == 48


def test_match_settings_are_checked():
    with pytest.raises(ValueError, match="target must be a whole number of holes from 7 to 12"):
        hy.Match("ba-awa", target=13)
    with pytest.raises(ValueError, match="Ba-awa match settings"):
        hy.Match("hoyito-i", target=10)
    with pytest.raises(ValueError, match="Ba-awa uses reallocate"):
        hy.Match("ba-awa", fill=hy.fill_from_first_hole)


@pytest.mark.parametrize(
    ("variant", "settings", "message"),
    [
        # a chooser that is not a function used to fail only when holes changed hands
        ("ba-awa", {"reallocate": 5}, "reallocate must be a function"),
        ("hoyito-ii", {"fill": "first"}, "fill must be a function"),
        ("ba-awa", {"target": 10.0}, "target must be a whole number of holes"),
        ("ba-awa", {"target": True}, "target must be a whole number of holes"),
        ("ba-awa", {"winner_starts": "no"}, "winner_starts must be True or False"),
        ("ba-awa", {"winner_starts": 1}, "winner_starts must be True or False"),
        ("hoyito-i", {"first_player": 1.0}, "first_player must be 0 .South. or 1 .North."),
        ("hoyito-i", {"first_player": 2}, "first_player must be 0"),
        ("hoyito-i", {"holes_per_row": None}, "holes_per_row must be a whole number"),
        ("hoyito-i", {"holes_per_row": 6.0}, "holes_per_row must be a whole number"),
        ("hoyito-i", {"holes_per_row": 13}, "Hoyito I is played on 2x6 to 2x12"),
        ("hoyito-i", {"max_laps": 0}, "option max_laps must be a whole number from 1"),
    ],
)
def test_bad_match_settings_are_refused_at_once(variant, settings, message):
    with pytest.raises(ValueError, match=message):
        hy.Match(variant, **settings)


def test_numpy_integers_are_accepted_as_match_settings():
    match = hy.Match("ba-awa", target=np.int64(10), first_player=np.int64(1))
    assert match.target == 10 and type(match.target) is int and match.position.player == 1
    assert hy.Match("hoyito-ii", holes_per_row=np.int64(8)).position.holes_per_row == 8


def finish_through_game(match: hy.Match, rng: random.Random) -> None:
    while not match.game.is_over:
        match.game.play(rng.choice(match.game.position.legal_moves()))


def test_a_game_finished_through_match_game_is_scored():
    """Playing ``match.game`` to the end, then ``next_round()``, used to raise IndexError."""
    rng = random.Random(3)
    match, twin = hy.Match("hoyito-i"), hy.Match("hoyito-i")
    finish_through_game(match, rng)
    for hole in match.game.holes():
        twin.play(hole)
    assert match.results == twin.results and len(match.results) == 1
    assert match.next_round() == twin.next_round()
    match.game.play(match.position.legal_moves()[0])
    match.game.end_by_agreement()
    assert match.results[-1].outcome.reason == "agreement" and len(match.results) == 2


def test_taking_back_the_last_move_through_match_game_forgets_the_result():
    rng = random.Random(5)
    match = hy.Match("hoyito-ii")
    finish_through_game(match, rng)
    first_end = match.results[-1]
    match.game.undo()
    assert match.results == [] and not match.is_over
    with pytest.raises(ValueError, match="not over yet"):
        match.next_round()
    # finish it another way: the result is the new ending's, never the stale one
    finish_through_game(match, random.Random(6))
    assert len(match.results) == 1
    assert match.results[-1].outcome == match.game.position.outcome
    match.game.undo()
    match.game.redo()
    assert match.results[-1].moves == len(match.game.moves)
    assert first_end.round == match.results[-1].round == 1


def test_undo_and_redo_through_the_match_keep_the_results_in_step():
    rng = random.Random(8)
    match = hy.Match("ba-awa")
    while not match.game.is_over:
        match.play(rng.choice(match.position.legal_moves()))
    assert len(match.results) == 1
    match.undo()
    assert match.results == []
    match.redo()
    assert len(match.results) == 1 and match.results[-1].outcome == match.position.outcome


def test_next_round_needs_a_finished_game():
    match = hy.Match("hoyito-i")
    with pytest.raises(ValueError, match="not over yet"):
        match.next_round()


@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_match_json_round_trip_replays_every_round(variant):
    match = play_match(hy.Match(variant), random.Random(9), max_rounds=4)
    loaded = hy.Match.from_json(match.to_json())
    assert [g.holes() for g in loaded.games] == [g.holes() for g in match.games]
    assert loaded.holdings == match.holdings and loaded.winner == match.winner
    assert [g.start for g in loaded.games] == [g.start for g in match.games]


def test_match_json_with_a_start_that_does_not_follow_the_rules_is_refused():
    match = play_match(hy.Match("hoyito-i"), random.Random(3), max_rounds=3)
    data = match.to_dict()
    if len(data["rounds"]) < 2:
        pytest.fail("seed should give at least two rounds")
    start = data["rounds"][1]["start"]
    start["surplus"] = [start["surplus"][0] + 4, start["surplus"][1]]
    with pytest.raises(hy.FormatError, match="round 2 start does not follow"):
        hy.Match.from_dict(data)


def test_match_repr_says_whether_a_round_is_in_play_or_finished():
    match = hy.Match("hoyito-ii")
    assert repr(match) == "<Match hoyito-ii round 1 in play, holdings (24, 24)>"
    play_round(match, random.Random(11))
    if not match.is_over:
        assert "round 1 finished, next_round() to go on" in repr(match)


def test_holdings_at_start_stay_what_the_round_began_with_after_it_is_scored():
    """The board's round list says what each side *started* the round with; ``holdings``
    moves on the moment the round ends, ``holdings_at_start`` does not."""
    from hoyito_edu.board import texts

    match = hy.Match("hoyito-i")
    chooser = hy.player("random", seed=1)
    while not match.game.is_over:
        match.play(chooser.choose(match.game.position))
    assert match.holdings_at_start == (24, 24)
    assert match.holdings != (24, 24)  # this seed's first round is not a draw
    assert texts.rounds(match)[-1] == "Round 1 started with South holding 24 seeds, North 24."
    after_first = match.holdings
    match.next_round()
    assert match.holdings_at_start == after_first == match.holdings
