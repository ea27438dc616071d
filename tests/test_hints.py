"""The board's "Show me": every legal hole gets what it takes and what it hands over."""

from __future__ import annotations

import random

import pytest

import hoyito_edu as hy
from hoyito_edu.teaching.hints import Hint, hints


def replies_take(position: hy.Position) -> list[int]:
    """What each reply of the player to move captures for them (checked one by one)."""
    player = position.player
    return [position.sow(h).taken[player] for h in position.legal_moves()]


def test_a_capture_the_opponent_cannot_answer():
    # South's seed in hole 2 lands in hole 3 (3 -> 4): a casa. North's twos cannot capture.
    pos = hy.new_game("hoyito-i", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    hint = hints(pos)[2]
    assert hint == Hint(2, 4, 0, 0, False, False, hint.text)
    assert hint.text == "Takes 4 seeds, and North cannot take anything right after."
    assert hints(pos, human=0)[2].text.endswith("the computer cannot take anything right after.")


def test_a_capture_that_keeps_the_turn_gives_nothing_yet():
    pos = hy.new_game("hoyito-ii", board=[1, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    hint = hints(pos)[2]
    assert (hint.takes, hint.gives, hint.plays_again) == (4, 0, True)
    assert hint.text == "Takes 4 seeds, and you play again."


def test_a_move_that_ends_the_game_says_how_it_ends():
    pos = hy.new_game("hoyito-i", board=[1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0])
    hint = hints(pos, human=0)[0]
    assert (hint.takes, hint.gives, hint.ends_game) == (8, 0, True)
    assert hint.text == "Takes 8 seeds and ends the game: You win 8-0."


def test_a_ba_awa_casa_for_the_opponent_during_the_move_is_told_first():
    pos = hy.new_game("ba-awa", board=[0, 0, 4, 0, 3, 1, 3, 0, 4, 1, 3, 3])
    hint = hints(pos)[4]
    after = pos.play(4)
    assert hint.hands == pos.sow(4).taken[1] == 4
    assert hint.gives == max(replies_take(after)) > 0
    assert hint.text == (
        f"During this move North takes 4 seeds. Takes nothing and gives North a chance to take "
        f"{hint.gives} seeds."
    )


@pytest.mark.parametrize("variant, n", [("hoyito-i", 6), ("hoyito-ii", 9), ("ba-awa", 6)])
def test_takes_and_gives_agree_with_the_engine_along_a_seeded_game(variant, n):
    rng = random.Random(11)
    pos = hy.new_game(variant, holes_per_row=n)
    for _ in range(40):
        if pos.is_over:
            break
        shown = hints(pos)
        assert sorted(shown) == list(pos.legal_moves())
        for hole, hint in shown.items():
            move = pos.sow(hole)
            assert hint.takes == move.taken[pos.player]
            assert hint.ends_game == move.after.is_over
            reply = not move.after.is_over and move.after.player != pos.player
            assert hint.plays_again == (not move.after.is_over and not reply)
            if reply:
                taken = replies_take(move.after)
                assert hint.gives == max(taken) and hint.gives in taken
            else:
                assert hint.gives == 0
            assert hint.text and "{" not in hint.text and "casa>" not in hint.text
        pos = pos.play(rng.choice(pos.legal_moves()))


def test_a_finished_game_has_no_hints_and_a_wrong_argument_is_a_clear_error():
    end = hy.new_game("hoyito-i").end_by_agreement()
    assert hints(end) == {}
    with pytest.raises(ValueError, match="hints needs a Position"):
        hints([4] * 12)
