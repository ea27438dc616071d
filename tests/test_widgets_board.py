"""The Board widget, driven the way a user drives it: clicks and control changes.

Every test checks both the engine state (``board.game``) and what the widgets show (the hole
texts, capture counts, status and notice lines). Animation is "off" unless the test is about
animation; where it is on, no event loop runs here, so the film only moves on Step/Skip.
"""

from __future__ import annotations

import random
import re

import ipywidgets as widgets
import numpy as np
import pytest

import hoyito_edu as hy
from hoyito_edu.widgets import board as board_module
from hoyito_edu.widgets.board import BOARD_QUIET_LIMIT
from hoyito_edu.widgets.frames import MAX_FILM_FRAMES, Skipped, move_frames


# -- helpers ---------------------------------------------------------------------------------
def shown_captures(board) -> tuple[int, int]:
    found = [re.search(r"captured (\d+)", html.value) for html in board.view.captures]
    return (int(found[0].group(1)), int(found[1].group(1)))


def assert_shows_engine(board) -> None:
    """The holes and capture counts on screen are the engine's."""
    pos = board.position
    assert board.view.counts() == pos.board
    assert shown_captures(board) == pos.captures
    for hole in range(len(pos.board)):
        text = board.holes[hole].description
        if hole in pos.closed:
            assert text.startswith("closed")
        else:
            assert text.split("\n")[0].split()[0] == str(pos.board[hole])


def holes_in_screen_order(widget) -> list[int]:
    """Ring indices of the hole buttons in the order they appear on the page."""
    found = []
    if isinstance(widget, widgets.Button) and "hoyito-hole" in widget._dom_classes:
        cls = next(c for c in widget._dom_classes if re.fullmatch(r"hoyito-hole-\d+", c))
        found.append(int(cls.rsplit("-", 1)[1]))
    for child in getattr(widget, "children", ()):
        found += holes_in_screen_order(child)
    return found


def play_randomly(board, rng: random.Random, moves: int | None = None) -> list[int]:
    """Click random legal holes of whoever is to move (person against person)."""
    clicked = []
    while not board.position.is_over and (moves is None or len(clicked) < moves):
        hole = rng.choice(board.position.legal_moves())
        board.holes[hole].click()
        clicked.append(hole)
    return clicked


def board(**settings) -> hy.Board:
    settings.setdefault("speed", "off")
    return hy.Board(**settings)


# -- layout ----------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [6, 9, 12])
def test_rows_are_laid_out_as_the_players_see_them(n):
    b = board(holes_per_row=n)
    assert holes_in_screen_order(b) == list(range(2 * n - 1, n - 1, -1)) + list(range(n))
    for i, button in enumerate(b.holes):
        assert {"hoyito-hole", f"hoyito-hole-{i}"} <= set(button._dom_classes)
    assert "hoyito-status" in b.status._dom_classes
    assert [set(c._dom_classes) >= {"hoyito-captures"} for c in b.view.captures] == [True] * 2
    assert_shows_engine(b)
    labels = [html.value for html in b.view.row_labels]
    assert "South" in labels[0] and "bottom row" in labels[0]
    assert "North" in labels[1] and "top row" in labels[1]
    assert "hoyito-turn-0" in b.view.widget._dom_classes  # the style sheet adds "to move"


def test_the_style_sheet_has_no_stray_control_characters():
    from hoyito_edu.widgets.style import CSS

    assert [c for c in CSS if ord(c) < 32 and c != "\n"] == []
    assert '"\u00a0\u2014 to move"' in CSS  # the words the page adds after the mover's row


def test_every_control_has_a_text_label():
    b = board(match=True)
    seen = 0
    stack = [b]
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", ()))
        if isinstance(w, (widgets.Button, widgets.ToggleButton)):
            assert w.description.strip() and not w.icon, w
            seen += 1
        if isinstance(w, (widgets.Dropdown, widgets.ToggleButtons, widgets.IntSlider)):
            assert w.description.strip(), w
            seen += 1
    assert seen >= 2 * 6 + 15


# -- playing ---------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_clicks_play_a_whole_game_and_the_screen_follows_the_engine(variant):
    b = board(variant=variant)
    rng = random.Random(11)
    clicked = []
    while not b.position.is_over:
        hole = rng.choice(b.position.legal_moves())
        mover = b.position.player
        b.holes[hole].click()
        clicked.append(hole)
        assert b.game.holes() == clicked
        assert_shows_engine(b)
        assert f"South sowed hole {hole}" in b.status_text or mover == 1
        if not b.position.is_over:
            assert f"{hy.PLAYER_NAMES[b.position.player]} to move" in b.status_text
    replayed = hy.Game(variant, quiet_limit=BOARD_QUIET_LIMIT)
    replayed.play_all(clicked)
    assert replayed.position == b.position
    outcome = b.position.outcome
    assert "Game over" in b.status_text and f"{outcome.score[0]}-{outcome.score[1]}" in (
        b.status_text
    )
    moves_shown = re.findall(r'data-hole="(\d+)"', b.move_list.value)
    assert [int(h) for h in reversed(moves_shown)] == clicked


def test_playable_holes_are_marked_and_nothing_else():
    b = board()
    b.holes[0].click()  # North to move now
    assert b.view.playable() == b.position.legal_moves()
    assert "hoyito-turn-1" in b.view.widget._dom_classes
    b.opponent_picker.value = "greedy"  # the computer moves at once: South's turn again
    assert b.view.playable() == b.position.legal_moves() and b.position.player == 0
    while 0 not in b.position.board[:6]:  # until South has an empty hole: not playable
        b.holes[b.position.legal_moves()[0]].click()
    assert b.position.player == 0 and len(b.position.legal_moves()) < 6
    assert b.view.playable() == b.position.legal_moves()
    for hole, button in enumerate(b.holes):
        assert ("hoyito-empty" in button._dom_classes) == (b.position.board[hole] == 0)
        assert f"Hole {hole}, {hy.PLAYER_NAMES[b.position.owners[hole]]}'s" in button.tooltip


# -- refused clicks --------------------------------------------------------------------------
def test_click_on_the_opponents_hole_is_refused_and_says_why():
    b = board()
    b.holes[8].click()
    assert b.game.holes() == []
    assert "hole 8 is not yours" in b.notice_text and "legal moves: 0, 1, 2, 3, 4, 5" in (
        b.notice_text
    )
    assert_shows_engine(b)
    b.holes[1].click()  # a legal click clears the notice
    assert b.notice_text == "" and b.game.holes() == [1]


def test_click_on_an_empty_hole_is_refused():
    b = board()
    rng = random.Random(0)
    while not (b.position.player == 0 and 0 in b.position.board[:6]):
        play_randomly(b, rng, moves=1)
    empty = b.position.board.index(0)
    before = b.game.holes()
    b.holes[empty].click()
    assert b.game.holes() == before
    assert f"hole {empty} is empty" in b.notice_text


def test_click_after_the_game_is_over_is_refused():
    b = board(variant="ba-awa")
    play_randomly(b, random.Random(5))
    assert b.position.is_over
    before = b.game.holes()
    for hole in range(12):
        b.holes[hole].click()
        assert "The game is over: press New game" in b.notice_text
    assert b.game.holes() == before
    assert b.view.playable() == ()


def test_click_on_the_computers_turn_is_refused():
    b = board(opponent="greedy", seed=1)
    b.opponent_picker.value = "person"  # a person plays North for one move ...
    b.holes[0].click()
    assert b.position.player == 1
    b.opponent_picker.value = "greedy"  # ... then the computer takes over and plays at once
    assert b.position.player == 0 and b.game.moves[-1].player == 1
    assert_shows_engine(b)


def test_click_during_an_animation_is_refused_politely_and_not_lost():
    b = board(speed="normal")
    b.holes[0].click()
    assert b.film.busy
    b.holes[1].click()  # South again: still sowing hole 0
    assert b.game.holes() == [0]
    assert "Hole 1 was not played: the last move is still being shown" in b.notice_text
    b.skip_button.click()
    assert not b.film.busy and b.game.holes() == [0]
    b.holes[7].click()  # North's turn now: this click is played
    assert b.game.holes() == [0, 7]


# -- undo and redo ---------------------------------------------------------------------------
def test_undo_and_redo_between_two_people():
    b = board()
    assert b.undo_button.disabled and b.redo_button.disabled
    play_randomly(b, random.Random(2), moves=3)
    three = b.game.holes()
    b.undo_button.click()
    assert b.game.holes() == three[:2] and not b.redo_button.disabled
    assert "Took back: " in b.notice_text
    assert_shows_engine(b)
    b.undo_button.click()
    b.redo_button.click()
    assert b.game.holes() == three[:2]
    assert_shows_engine(b)
    b.redo_button.click()
    assert b.game.holes() == three and b.redo_button.disabled
    b.undo_button.click()
    b.holes[b.position.legal_moves()[0]].click()  # a new move clears what could be redone
    assert b.redo_button.disabled


def test_undo_against_the_computer_takes_back_its_replies_and_redo_replays_them():
    b = board(variant="hoyito-ii", opponent="random", seed=4)
    rng = random.Random(4)
    for _ in range(4):
        b.holes[rng.choice(b.position.legal_moves())].click()
    played = b.game.holes()
    last_person_move = max(k for k, m in enumerate(b.game.moves) if m.player == 0)
    b.undo_button.click()
    assert b.game.holes() == played[:last_person_move]
    assert b.position.player == 0
    assert_shows_engine(b)
    b.redo_button.click()
    assert b.game.holes() == played  # the same replies: redo does not ask the computer again
    assert_shows_engine(b)
    while b.game.can_undo:
        b.undo_button.click()
    assert b.game.holes() == [] and b.undo_button.disabled


# -- settings --------------------------------------------------------------------------------
def test_changing_the_variant_mid_game_starts_a_new_game_of_it():
    b = board(holes_per_row=9)
    b.holes[0].click()
    b.variant_picker.value = "hoyito-ii"
    assert b.game.rules.name == "hoyito-ii" and b.game.holes() == []
    assert len(b.holes) == 18 and "New game of Hoyito II on 2 x 9" in b.status_text
    b.variant_picker.value = "ba-awa"  # Ba-awa is 2x6 only
    assert [n for _, n in b.size_picker.options] == [6] and len(b.holes) == 12
    assert b.game.rules.name == "ba-awa" and b.position.holes_per_row == 6
    assert b.holes[0].description.split("\n")[0] == "4 [S]"
    assert b.holes[6].description.split("\n")[0] == "4 [N]"
    assert_shows_engine(b)


def test_changing_the_size_mid_game_rebuilds_the_holes():
    b = board()
    b.holes[3].click()
    b.size_picker.value = 11
    assert b.position.holes_per_row == 11 and b.game.holes() == []
    assert len(b.holes) == 22 and "hoyito-hole-21" in b.holes[21]._dom_classes
    assert holes_in_screen_order(b) == list(range(21, 10, -1)) + list(range(11))
    b.holes[21].click()
    assert "hole 21 is not yours" in b.notice_text
    b.holes[10].click()
    assert b.game.holes() == [10]
    assert_shows_engine(b)


def test_new_game_button_and_who_starts():
    b = board()
    b.holes[0].click()
    b.new_button.click()
    assert b.game.holes() == [] and b.position.player == 0
    b.starter_picker.value = 1
    assert b.position.player == 1 and "North to move" in b.status_text
    b.holes[0].click()
    assert "hole 0 is not yours" in b.notice_text


def test_the_computer_replies_and_keeps_playing_on_extra_turns():
    b = board(variant="hoyito-ii", opponent="greedy", seed=7)
    rng = random.Random(7)
    while not b.position.is_over:
        b.holes[rng.choice(b.position.legal_moves())].click()
        assert b.position.is_over or b.position.player == 0
        assert_shows_engine(b)
    computer = hy.player("greedy", seed=7)
    north = [m for m in b.game.moves if m.player == 1]
    assert north and all(computer.choose(m.before) == m.hole for m in north)
    assert any(m.extra_turn for m in b.game.moves)  # seed 7 gives extra turns: they were used
    assert "North (computer: greedy)" in b.view.row_labels[1].value


def test_the_computer_starts_when_north_starts():
    b = board(opponent="random", seed=3, starts=1)
    assert b.game.moves and b.game.moves[0].player == 1
    assert b.position.player == 0 and "South (you) to move" in b.status_text
    b.undo_button.click()  # nothing of the person's to take back
    assert b.game.moves and "Nothing to undo" in b.notice_text


def test_every_computer_level_listed_can_be_chosen():
    b = board()
    names = [v for _, v in b.opponent_picker.options]
    assert names[0] == "person" and set(names[1:]) == set(hy.players.available())
    assert b.opponent_picker.label == "Another person" and b.opponent_picker.index == 0
    for name in names[1:]:
        b.opponent_picker.value = name
        b.new_button.click()
        b.holes[0].click()
        assert b.game.moves[-1].player == 1 or b.position.is_over, name
        assert b.computer.name == name


def test_bad_settings_say_what_is_allowed():
    with pytest.raises(ValueError, match="Ba-awa is played on 2x6 only"):
        hy.Board("ba-awa", holes_per_row=8)
    with pytest.raises(ValueError, match="opponent must be None or one of person, random"):
        hy.Board(opponent="chess")
    with pytest.raises(ValueError, match="speed must be one of off, slow, normal, fast"):
        hy.Board(speed="warp")
    with pytest.raises(ValueError, match="unknown variant 'oware'"):
        hy.Board("oware")
    with pytest.raises(ValueError, match=r"starts must be 0 \(South\) or 1 \(North\), not 2"):
        hy.Board(starts=2)
    with pytest.raises(ValueError, match="holes_per_row must be a whole number, not 7.0"):
        hy.Board(holes_per_row=7.0)
    with pytest.raises(ValueError, match="match must be True or False, not 1"):
        hy.Board(match=1)
    with pytest.raises(ValueError, match="seed must be None or a whole number from 0"):
        hy.Board(seed=2.5)


def test_numpy_integers_are_settings_like_ints():
    b = board(holes_per_row=np.int64(7), starts=np.int8(1), seed=np.uint16(3), opponent="random")
    assert b.position.holes_per_row == 7 and b.game.moves[0].player == 1
    assert b.size_picker.value == 7 and b.starter_picker.value == 1 and type(b.seed) is int


# -- ending a game by agreement, the quiet limit, the lap limit ----------------------------
def test_ending_by_agreement_asks_first_then_each_takes_their_own_holes():
    b = board(opponent="greedy", seed=4)
    b.holes[0].click()
    assert not b.agree_button.disabled and b.question_row.layout.display == "none"
    b.agree_button.click()
    score = b.position.end_by_agreement().outcome.score
    assert b.question_row.layout.display is None and not b.position.is_over
    assert f"South would finish with {score[0]}, North with {score[1]}" in b.question.value
    b.agree_no_button.click()  # no: the game goes on
    assert b.question_row.layout.display == "none" and not b.game.is_over
    assert "The game goes on" in b.notice_text
    b.agree_button.click()
    b.agree_yes_button.click()
    assert b.game.ended_by_agreement and b.position.outcome.reason == hy.Reason.AGREEMENT
    assert b.position.outcome.score == score and b.view.counts() == (0,) * 12
    assert "The players agreed to end the game here." in b.status_text
    assert f"Game over: North wins {score[0]}-{score[1]}" in b.status_text
    assert "the players agreed to stop" in b.status_text
    assert "both players agreed to stop" in b.move_list.value
    assert b.agree_button.disabled and not b.undo_button.disabled
    b.holes[1].click()
    assert "The game is over" in b.notice_text
    b.undo_button.click()  # takes the agreement back: the same position, to play on
    assert not b.game.is_over and len(b.game.moves) == 2 and "game goes on" in b.notice_text
    assert_shows_engine(b)
    b.holes[b.position.legal_moves()[0]].click()
    assert len(b.game.moves) >= 3


def test_agreement_is_refused_while_a_move_is_shown_and_after_the_end():
    b = board(speed="slow")
    b.holes[0].click()
    b.agree_button.click()
    assert "still being shown" in b.notice_text and b.question_row.layout.display == "none"
    assert b.end_by_agreement() is False and not b.game.is_over
    b.skip_button.click()
    assert b.end_by_agreement() is True and b.game.ended_by_agreement
    assert b.end_by_agreement() is False and "already over" in b.notice_text


def test_agreement_in_a_match_scores_the_round():
    b = board(match=True)
    b.holes[0].click()
    b.agree_button.click()
    b.agree_yes_button.click()
    assert len(b.match.results) == 1 and b.match.results[0].outcome.reason == "agreement"
    assert not b.next_round_button.disabled and "<td>agreement</td>" in b.rounds.value
    b.undo_button.click()
    assert b.match.results == [] and not b.game.is_over
    assert b.next_round_button.disabled


def test_the_board_states_its_lap_and_quiet_limits_and_plays_by_them():
    for match in (False, True):
        b = board(match=match)
        assert b.game.rules.quiet_limit == BOARD_QUIET_LIMIT and b.game.rules.max_laps == 1000
        note = b.rules_note.value
        assert "stops after 1,000 laps" in note and "nobody can finish" in note
        assert f"no capture for {BOARD_QUIET_LIMIT} moves in a row" in note
        assert "as if both players agreed to stop" in note


def test_a_game_with_no_capture_for_too_long_ends_on_the_board(monkeypatch):
    monkeypatch.setattr(board_module, "BOARD_QUIET_LIMIT", 1)
    b = board()
    b.holes[0].click()  # five laps, no capture: the quiet limit of 1 is reached
    assert b.position.outcome.reason == hy.Reason.QUIET_LIMIT
    assert "nobody captured anything for too many moves in a row" in b.status_text
    assert "no capture for 1 moves in a row" in b.rules_note.value
    assert_shows_engine(b)


LAP_LIMIT_2X6 = dict(variant="hoyito-ii", board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4])
LAP_LIMIT_2X11 = dict(
    variant="hoyito-ii",
    board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4],
    player=1,
)


def set_up(b: hy.Board, **setup) -> None:
    """Put a set-up position on the board (the board itself always starts a new game)."""
    b._game = hy.Game(**setup)
    b._recent = []
    b._advance()


def test_a_lap_limit_move_is_a_short_film_with_skip_at_hand():
    b = board(variant="hoyito-ii", speed="normal")
    set_up(b, **LAP_LIMIT_2X6)
    b.holes[1].click()
    assert b.game.moves[-1].lap_limit and b.film.busy and not b.skip_button.disabled
    assert len(b.film.frames) <= MAX_FILM_FRAMES
    while not isinstance(b.film.frames[b.film.index].event, Skipped):
        b.step_button.click()
    assert "After 1,000 laps the move stops: nobody can finish it by hand" in b.commentary.value
    b.skip_button.click()
    assert not b.film.busy and b.position.outcome.reason == hy.Reason.LAP_LIMIT
    assert "stopped at the lap limit" in b.status_text and "lap limit" in b.status_text
    assert_shows_engine(b)


def test_a_computer_reply_of_a_thousand_laps_is_a_short_film():
    b = board(variant="hoyito-ii", holes_per_row=11, opponent="greedy", speed="fast")
    b.computer.choose = lambda position: 11
    set_up(b, **LAP_LIMIT_2X11)  # North, the computer, is to move
    assert b.film.busy and b.game.moves[-1].lap_limit
    assert len(b.film.frames) <= MAX_FILM_FRAMES and "Watch: North" in b.status_text
    b.skip_button.click()
    assert b.position.is_over and "nobody could finish it by hand" in b.status_text
    assert_shows_engine(b)
    b.hint_button.value = True
    b.undo_button.click()  # nothing of the person's to take back
    assert "Nothing to undo" in b.notice_text


# -- show me ---------------------------------------------------------------------------------
def test_show_me_says_what_each_legal_move_would_do():
    b = board(variant="hoyito-iii")
    assert b.hint.value == ""
    b.hint_button.value = True
    for hole, why in hy.explain_all(b.position).items():
        assert f"Hole {hole}</b>: {why.text}" in b.hint.value
    b.holes[4].click()
    for hole, why in hy.explain_all(b.position).items():
        assert f"Hole {hole}</b>: {why.text}" in b.hint.value
    b.speed_picker.value = "slow"
    b.holes[b.position.legal_moves()[0]].click()  # while a move is shown: no advice
    assert b.film.busy and "nothing to choose right now" in b.hint.value
    b.skip_button.click()
    for hole, why in hy.explain_all(b.position).items():
        assert f"Hole {hole}</b>: {why.text}" in b.hint.value
    b.hint_button.value = False
    assert b.hint.value == ""


# -- animation -------------------------------------------------------------------------------
def test_the_film_shows_each_seed_and_the_controls_step_and_skip():
    b = board(speed="slow", opponent="random", seed=2)
    assert b.step_button.disabled and b.skip_button.disabled
    b.holes[0].click()
    move = b.game.moves[0]
    frames = move_frames(move)
    assert b.film.busy and len(b.game.moves) == 1  # the computer waits for the film
    assert b.view.counts() == frames[0].board and "lifts 4 seeds from hole 0" in b.commentary.value
    assert "Watch: South (you) sows hole 0" in b.status_text
    for frame in frames[1:4]:
        b.step_button.click()
        assert b.view.counts() == frame.board
        assert frame.caption in b.commentary.value
        assert frame.tag in b.holes[frame.focus].description
    b.pause_button.click()
    assert b.film.paused and not b.play_button.disabled and b.pause_button.disabled
    b.skip_button.click()  # the end of South's move: now the computer's film
    assert len(b.game.moves) == 2 and b.film.busy
    assert "Watch: North (computer: random)" in b.status_text
    b.skip_button.click()
    assert not b.film.busy and b.position.player == 0
    assert_shows_engine(b)


def test_turning_the_animation_off_mid_film_finishes_the_move():
    b = board(speed="normal", opponent="greedy", seed=1)
    b.holes[2].click()
    assert b.film.busy
    b.speed_picker.value = "off"
    assert not b.film.busy and b.position.player == 0 and len(b.game.moves) >= 2
    assert_shows_engine(b)


def test_undo_and_new_game_during_a_film_stop_it_cleanly():
    b = board(speed="normal")
    b.holes[1].click()
    b.undo_button.click()
    assert not b.film.busy and b.game.holes() == []
    assert_shows_engine(b)
    b.holes[1].click()
    b.new_button.click()
    assert not b.film.busy and b.game.holes() == []
    assert_shows_engine(b)


# -- match mode ------------------------------------------------------------------------------
def test_a_hoyito_match_closes_holes_and_keeps_the_score():
    b = board(match=True)
    rng = random.Random(1)
    play_randomly(b, rng)
    result = b.match.results[0]
    assert "Game over" in b.status_text and "Press Next round" in b.status_text
    assert "<td>1</td>" in b.rounds.value
    assert f"{result.holdings[0]} / {result.holdings[1]}" in b.rounds.value
    assert not b.next_round_button.disabled
    b.holes[0].click()
    assert "press Next round" in b.notice_text
    b.next_round_button.click()
    pos = b.position
    assert b.match.round == 2 and pos.closed  # seed 1: someone holds fewer than 24 seeds
    for hole in pos.closed:
        assert b.holes[hole].description.startswith("closed") and b.holes[hole].disabled
        assert "hoyito-closed" in b.holes[hole]._dom_classes
    assert "Round 2 begins" in b.notice_text
    assert "Round 2 of a Hoyito I match on 2 x 6" in b.status_text
    assert "Match, round 2" in b.rounds.value
    assert_shows_engine(b)


def test_a_click_on_a_closed_hole_is_refused():
    b = board(match=True)
    play_randomly(b, random.Random(1))
    b.next_round_button.click()
    pos = b.position
    for hole in sorted(pos.closed):  # the engine names the first problem: closed, or not yours
        b.holes[hole].click()
        assert b.game.holes() == []
        assert b.notice_text.startswith("Not played: hole")
    b.holes[pos.legal_moves()[0]].click()  # the winner starts; now the loser is to move
    mine = [h for h in pos.closed if pos.owners[h] == b.position.player]
    assert mine  # seed 1: the loser has closed holes
    b.holes[mine[0]].click()
    assert len(b.game.moves) == 1
    assert f"hole {mine[0]} is closed for this game" in b.notice_text


def test_a_ba_awa_match_moves_hole_owners_and_shows_them():
    b = board(variant="ba-awa", match=True)
    play_randomly(b, random.Random(0))
    b.next_round_button.click()
    owners = b.position.owners
    assert owners.count(0) == 8  # seed 0: South won 32-16, so takes two of North's holes
    for hole, owner in enumerate(owners):
        badge = "[S]" if owner == 0 else "[N]"
        assert b.holes[hole].description.split("\n")[0].endswith(badge)
        assert f"hoyito-owner-{owner}" in b.holes[hole]._dom_classes
    assert "holes" in b.rounds.value
    mine = next(h for h in range(12) if owners[h] == b.position.player and b.position.board[h])
    b.holes[mine].click()
    assert b.game.holes() == [mine]


def test_the_mode_switch_starts_a_match_or_a_single_game():
    b = board()
    b.holes[0].click()
    assert b.match is None and b.next_round_button.layout.display == "none"
    b.mode_picker.value = True
    assert b.match is not None and b.match.round == 1 and b.game.holes() == []
    assert b.next_round_button.layout.display is None and b.next_round_button.disabled
    assert "Round 1 of a Hoyito I match on 2 x 6" in b.status_text
    assert "Match, round 1" in b.rounds.value
    b.mode_picker.value = False
    assert b.match is None and b.rounds.value == "" and b.game.holes() == []


def test_undo_in_a_match_stays_within_the_round():
    b = board(match=True)
    play_randomly(b, random.Random(1))
    b.undo_button.click()
    assert not b.position.is_over and b.match.results == []
    assert b.next_round_button.disabled
    b.redo_button.click()
    assert b.position.is_over and len(b.match.results) == 1


# -- packaging -------------------------------------------------------------------------------
def test_importing_the_package_does_not_import_ipywidgets():
    import subprocess
    import sys

    code = (
        "import sys, hoyito_edu as hy; assert 'ipywidgets' not in sys.modules; "
        "hy.new_game().play(0); assert 'ipywidgets' not in sys.modules; "
        "B = hy.Board; assert 'ipywidgets' in sys.modules; print(B.__name__, hy.Replay.__name__, "
        "hy.CompareRules.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["Board", "Replay", "CompareRules"]
    with pytest.raises(AttributeError, match="no attribute 'Bored'"):
        hy.Bored  # noqa: B018
