"""Frames (a move as a film) and the animation clock behind the board."""

from __future__ import annotations

import asyncio
import random

import pytest

import hoyito_edu as hy
from hoyito_edu.events import Capture, Drop, Lift, Relay
from hoyito_edu.widgets.animation import Animator, Clock
from hoyito_edu.widgets.frames import move_frames, move_summary


def random_moves(variant: str, games: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        pos = hy.new_game(variant)
        while not pos.is_over:
            move = pos.sow(rng.choice(pos.legal_moves()))
            yield move
            pos = move.after


# -- frames ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_frames_replay_the_move_record_to_the_engines_result(variant):
    """Reading the events alone gives the engine's board: the record is complete, and each
    drop adds exactly one seed (a check on the engine's record as much as on the frames)."""
    checked = 0
    for move in random_moves(variant, games=25, seed=3):
        frames = move_frames(move)
        assert len(frames) == len(move.events)
        board = list(move.before.board)
        for frame in frames:
            event = frame.event
            if isinstance(event, Drop):
                assert event.count == board[event.hole] + 1
                assert frame.focus == event.hole and frame.mark == "drop"
            board = list(frame.board)
        assert frames[-1].board == move.after.board
        assert frames[-1].captures == move.after.captures
        assert frames[-1].hand == 0
        checked += 1
    assert checked > 200


def test_a_mid_sow_casa_is_shown_as_taken_by_the_right_player():
    """Spec R2.5 on an explicit board: South sows 2 seeds from hole 0; the first makes hole 1
    a casa while one seed is still in hand."""
    board = [2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4]
    captions = {}
    for variant in ("hoyito-i", "ba-awa"):
        move = hy.new_game(variant, board=board).sow(0)
        frames = move_frames(move)
        casa = next(f for f in frames if isinstance(f.event, Capture))
        assert casa.focus == 1 and casa.mark == "casa" and casa.board[1] == 0
        assert casa.tag == "casa>S" and casa.captures == (4, 0)
        captions[variant] = casa.caption
    assert captions["hoyito-i"] == captions["ba-awa"]  # South is mover and owner here
    assert "South takes 4 from hole 1" in captions["hoyito-i"] and "mid-sow" in captions["ba-awa"]
    move = hy.new_game("hoyito-ii", board=board).sow(0)
    assert not any(isinstance(f.event, Capture) for f in move_frames(move))


def test_relay_laps_are_numbered_in_frames():
    move = hy.new_game("hoyito-i").sow(0)  # five laps from the start position
    frames = move_frames(move)
    relays = [f for f in frames if isinstance(f.event, Relay)]
    assert [f.tag for f in relays] == ["lap 2", "lap 3", "lap 4", "lap 5"]
    assert isinstance(frames[0].event, Lift) and frames[0].hand == 4
    assert {f.lap for f in frames if isinstance(f.event, Drop)} == {1, 2, 3, 4, 5}
    assert move_summary(move) == "South sowed hole 0: 5 laps, no capture"


# -- the animator ----------------------------------------------------------------------------
def test_animator_step_skip_and_cancel():
    shown, done = [], []
    film = Animator(show=shown.append)
    film.start([1, 2, 3], on_done=lambda: done.append(True))
    assert shown == [1] and film.busy
    film.step()
    assert shown == [1, 2] and not done
    film.step()
    assert shown == [1, 2, 3] and done == [True] and not film.busy
    film.step()
    film.skip()
    assert done == [True]
    film.start([4, 5, 6], on_done=lambda: done.append("again"))
    film.cancel()
    assert not film.busy and done == [True]
    with pytest.raises(ValueError, match="at least one frame"):
        film.start([], on_done=lambda: None)


def test_clock_needs_a_running_loop():
    assert Clock(lambda: True, on_error=print).start() is False


def test_animator_runs_by_itself_on_the_event_loop_and_pauses():
    async def scenario():
        shown, done = [], asyncio.Event()
        film = Animator(show=shown.append)
        film.interval = 0.01
        film.start(list(range(30)), on_done=done.set)
        assert film.ticking
        await asyncio.sleep(0.05)
        film.pause()
        at_pause = len(shown)
        await asyncio.sleep(0.1)
        assert len(shown) == at_pause and 1 < at_pause < 30
        film.play()
        await asyncio.wait_for(done.wait(), timeout=10)
        assert shown == list(range(30)) and not film.ticking

    asyncio.run(scenario())


def test_an_error_in_a_clock_callback_is_reported_not_lost():
    async def scenario():
        errors = []

        def boom():
            raise RuntimeError("broken player")

        film = Animator(show=lambda frame: None, on_error=errors.append)
        film.interval = 0.01
        film.start([1, 2], on_done=boom)
        await asyncio.sleep(0.2)
        assert [str(e) for e in errors] == ["broken player"]

    asyncio.run(scenario())


def test_board_animation_on_the_event_loop_with_refused_clicks():
    """The real clock: a click during the film is refused, the film and the computer's reply
    then run to the end by themselves."""

    async def scenario():
        board = hy.Board("hoyito-i", opponent="random", seed=5, speed="fast")
        board.holes[0].click()
        assert board.film.ticking
        await asyncio.sleep(0.15)
        board.holes[1].click()
        assert "still being shown" in board.notice_text and board.game.holes()[0] == 0
        for _ in range(400):
            if not board.film.busy:
                break
            await asyncio.sleep(0.05)
        assert not board.film.busy and len(board.game.moves) >= 2
        assert board.position.player == 0 or board.position.is_over
        assert board.view.counts() == board.position.board
        assert "South to move" in board.status_text or "South (you) to move" in board.status_text

    asyncio.run(scenario())


def test_a_failing_computer_player_is_reported_on_the_board(monkeypatch):
    board = hy.Board("hoyito-i", opponent="greedy", speed="off")

    def broken(position):
        raise RuntimeError("no idea")

    monkeypatch.setattr(board.computer, "choose", broken)
    board.holes[0].click()
    assert "Something went wrong: RuntimeError: no idea" in board.notice_text
    assert board.game.holes() == [0] and board.position.player == 1


@pytest.mark.parametrize("module", ["animation", "board", "compare", "frames", "replay", "style"])
def test_the_examples_in_the_docstrings_run(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"hoyito_edu.widgets.{module}")
    result = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
