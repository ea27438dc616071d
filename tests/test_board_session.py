"""The board controller (BoardSession) on its own, as every transport drives it: plain
messages in, plain messages out; never an illegal move, never a traceback, never a hang."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import hoyito_edu as hy
from hoyito_edu.board.session import ACTIONS, BoardSession, check_message
from hoyito_edu.board.widget import KernelThinker


def listen(session: BoardSession) -> list[dict]:
    heard: list[dict] = []
    session.listeners.append(heard.append)
    return heard


def play_randomly(session: BoardSession, plies: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    while session.ply < plies and not session.position.is_over:
        session.click(rng.choice(session.position.legal_moves()))


def test_a_click_tells_the_page_the_film_the_new_line_and_the_view():
    session = BoardSession("hoyito-i", opponent=None)
    heard = listen(session)
    session.handle({"type": "click", "hole": 2, "ply": 0, "game": session.epoch})
    assert [m["type"] for m in heard] == ["film", "log", "record", "view"]
    film, log, record, view = heard
    assert record == {"type": "record", "start": 0, "items": [2], "over": False,
                      "settings": session.settings}
    assert film["film"]["hole"] == 2 and film["film"]["after"] == list(session.position.board)
    assert log == {"type": "log", "start": 0, "lines": session.move_lines}
    assert view["view"]["ply"] == 1 and view["view"]["moves_count"] == 1


def test_an_undo_tells_the_page_where_the_list_now_ends():
    session = BoardSession("hoyito-i", opponent=None)
    session.click(2)
    session.click(7)
    heard = listen(session)
    session.undo()
    log = next(m for m in heard if m["type"] == "log")
    assert log == {"type": "log", "start": 1, "lines": []} and session.ply == 1


def test_a_late_click_costs_what_an_early_one_does():
    """The view does not grow with the game: the move list travels as new lines only."""
    sizes = {}
    for plies in (6, 600):
        session = BoardSession("hoyito-i", holes_per_row=12, opponent=None)
        play_randomly(session, plies)
        assert session.ply == plies
        heard = listen(session)
        session.click(session.position.legal_moves()[0])
        log = next(m for m in heard if m["type"] == "log")
        assert log["start"] == plies and len(log["lines"]) == 1
        sizes[plies] = len(json.dumps([m for m in heard if m["type"] != "film"]))
    assert sizes[600] < 1.2 * sizes[6]


def test_a_hello_sends_the_whole_list_again():
    session = BoardSession("hoyito-ii", opponent=None)
    play_randomly(session, 5)
    heard = listen(session)
    session.handle({"type": "hello"})
    assert heard[0] == {"type": "log", "start": 0, "lines": session.move_lines}
    assert len(session.move_lines) == session.ply


FORGED = [
    None,
    "click",
    ["click", 2],
    {"type": ["click"]},
    {"type": "click", "hole": 2, "ply": "0"},
    {"type": "click", "hole": 2, "game": -1},
    {"type": "click", "hole": 2, "ply": 10**30 + 0.5},
    {"type": "action", "name": ["undo"]},
    {"type": "action", "name": "dance"},
    {"type": "action"},
    {"type": "settings", "settings": ["hoyito-ii"]},
    {"type": "settings", "settings": "hoyito-ii"},
    {"type": "settings", "settings": {"variant": "hoyito-ii", "evil": 1}},
    {"type": "language", "lang": ["es"]},
    {"type": "language", "lang": "fr"},
    {"type": "view", "view": {"board": [9] * 12}},
    {"type": "texts"},
    {},
]


@pytest.mark.parametrize("message", FORGED, ids=range(len(FORGED)))
def test_a_forged_message_is_refused_in_a_sentence_and_changes_nothing(message):
    session = BoardSession("hoyito-i", opponent=None)
    session.click(2)
    before = (session.position, session.epoch, session.settings, session.lang, session.hints)
    session.handle(message)
    after = (session.position, session.epoch, session.settings, session.lang, session.hints)
    assert after == before
    assert session.notice_text.startswith("That message was not understood (")
    assert session.view["notice"]["kind"] == "refused"


def test_a_click_on_a_hole_that_is_not_a_number_is_refused_by_the_engine_in_words():
    session = BoardSession("hoyito-i", opponent=None)
    for hole in ("2", 2.0, [2], None, True, 12, -1):
        session.handle({"type": "click", "hole": hole})
        assert session.ply == 0 and session.notice_text, hole
        assert "legal moves" not in session.notice_text  # the page's words, not the engine's


def test_check_message_names_what_is_wrong():
    with pytest.raises(ValueError, match=r"action \['undo'\]"):
        check_message({"type": "action", "name": ["undo"]})
    assert check_message({"type": "click", "hole": 3, "ply": 4, "game": 1})["hole"] == 3


def test_the_page_cannot_overwrite_what_the_kernel_draws():
    board = hy.Board("hoyito-i", opponent=None)
    view, texts = board.view, board.texts
    board.set_state({"view": {"board": [9] * 12}, "texts": {"undo": "pwned"}, "speed": "fast"})
    assert board.view == view and board.texts == texts
    assert board.speed == "fast"  # the page's own settings still reach the kernel


class Slow:
    """A computer player that takes its time, counting the searches it ran."""

    name = "slow"

    def __init__(self) -> None:
        self.started = 0
        self.lock = threading.Lock()

    def choose(self, position):
        with self.lock:
            self.started += 1
        time.sleep(0.3)
        return position.legal_moves()[0]


def test_new_games_pressed_while_the_computer_thinks_do_not_queue_searches():
    """Fifteen New game presses while the computer opens: one search runs, the waiting ones
    are cancelled, and the computer's opening comes for the last game within a second."""

    async def main():
        session = BoardSession("hoyito-i", opponent="greedy", human=1, think=KernelThinker())
        slow = session.computer = Slow()
        started = time.perf_counter()
        for _ in range(15):
            session.new_game()
            session.computer = slow
            session._computer_turns()
        while session.thinking or not session.game.moves:
            await asyncio.sleep(0.01)
            assert time.perf_counter() - started < 5
        return time.perf_counter() - started, slow.started, session

    seconds, searches, session = asyncio.run(main())
    assert searches <= 3 and seconds < 1.5
    assert len(session.game.moves) == 1 and session.game.moves[0].player == 0


def test_a_long_replay_sends_its_move_list_once_not_with_every_click(tmp_path):
    session = BoardSession("hoyito-i", holes_per_row=12, opponent=None)
    play_randomly(session, 2000, seed=3)
    replay = hy.Replay(session.game)
    sent: list[dict] = []
    replay.send = sent.append
    replay.receive({"type": "action", "name": "start"})
    replay.receive({"type": "action", "name": "forward"})
    assert all(m["type"] != "log" for m in sent)
    assert len(json.dumps(replay.view)) < 10_000
    replay.receive({"type": "hello"})
    assert sent[-1]["type"] == "log" and len(sent[-1]["lines"]) == session.ply


# -- a state machine: random and malformed messages -------------------------------------------
SCALARS = st.none() | st.booleans() | st.integers(-5, 30) | st.floats() | st.text(max_size=5)
ANY = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
MESSAGES = st.one_of(
    st.builds(lambda h: {"type": "click", "hole": h}, st.integers(-1, 13) | ANY),
    st.builds(lambda h, p, g: {"type": "click", "hole": h, "ply": p, "game": g},
              st.integers(0, 11), st.integers(0, 40) | ANY, st.integers(0, 5) | ANY),
    st.builds(lambda n: {"type": "action", "name": n}, st.sampled_from(ACTIONS) | ANY),
    st.builds(lambda s: {"type": "settings", "settings": s},
              st.fixed_dictionaries({}, optional={
                  "variant": st.sampled_from(list(hy.VARIANTS)) | ANY,
                  "holes_per_row": st.integers(5, 13) | ANY,
                  "opponent": st.sampled_from([None, "random", "greedy", "beginner"]) | ANY,
                  "human": st.integers(-1, 2) | ANY,
                  "match": st.booleans() | ANY}) | ANY),
    st.builds(lambda lang: {"type": "language", "lang": lang}, st.sampled_from(["en", "es"]) | ANY),
    ANY,
)


class BoardMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = BoardSession("hoyito-i", opponent=None, seed=0)
        self.heard = listen(self.session)

    @rule(message=MESSAGES)
    def send(self, message):
        games_before = (self.session.epoch, len(self.session.game.moves))
        self.session.handle(message)  # never raises
        assert self.session.view["notice"]["kind"] != "error", self.session.notice_text
        if (self.session.epoch, len(self.session.game.moves)) == games_before:
            return
        json.dumps(self.heard)  # everything the page hears is plain JSON

    @rule(data=st.data())
    def play_a_legal_hole(self, data):
        if not self.session.view["playable"]:
            return
        hole = data.draw(st.sampled_from(self.session.view["playable"]))
        assert self.session.handle({"type": "click", "hole": hole}) is None
        assert not self.session.notice_text

    @invariant()
    def the_game_is_the_engines_replay(self):
        game = self.session.game
        replayed = game.start
        for move in game.moves:
            assert move.hole in replayed.legal_moves()  # never an illegal move
            replayed = replayed.play(move.hole)
        assert replayed == game.moves[-1].after if game.moves else True
        assert len(self.session.move_lines) == len(game.moves)
        assert self.session.view["board"] == list(self.session.position.board)


TestBoardMachine = BoardMachine.TestCase
TestBoardMachine.settings = settings(
    max_examples=60, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_a_language_the_computer_cannot_speak_is_said_and_the_board_speaks_english(
    monkeypatch,
):
    """A missing or broken Spanish catalogue: the board says so in English and goes on, and
    its menu no longer offers Spanish (issue 29: it used to stay stuck)."""
    from hoyito_edu.board import session as module

    why = {"es": "no catalogue at locale/es/LC_MESSAGES/hoyito_edu.mo"}
    monkeypatch.setattr(module, "why_unavailable", lambda lang: why.get(lang))
    monkeypatch.setattr(module, "available_languages", lambda: {"en": "English"})
    session = BoardSession("hoyito-i", opponent=None, lang="es")
    assert session.lang == "en" and session.status_text == "South to move."
    assert session.notice_text.startswith("Español cannot be shown here (no catalogue")
    assert session.view["languages"] == [["en", "English"]]
    session.click(2)
    session.handle({"type": "language", "lang": "es"})
    assert session.lang == "en" and "board speaks English" in session.notice_text
    assert session.ply == 1  # the game goes on


def test_a_board_against_the_beginner_loads_no_compiled_code():
    import subprocess
    import sys

    code = (
        "import sys, hoyito_edu as hy; b = hy.Board('hoyito-i', opponent='beginner', seed=1); "
        "b.click(0); print(len(b.game.moves) >= 2, 'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False"]


def test_show_me_says_the_value_with_best_play_only_where_a_table_proves_it(tmp_path,
                                                                            monkeypatch):
    from hoyito_edu.analysis import endgames
    from hoyito_edu.board import session as module

    monkeypatch.setenv("HOYITO_EDU_CACHE", str(tmp_path))
    monkeypatch.setattr(endgames, "_LOADED", {})
    endgames.endgame_table("hoyito-i", seeds=4, quiet=endgames.QUIET)  # cached in tmp_path
    monkeypatch.setattr(endgames, "_LOADED", {})
    # South to move, 24-20 up, with 4 seeds left: the table proves a win by 8
    won = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0], captures=(24, 20))
    # 7 seeds: no table holds it, and an estimate is never said
    unknown = hy.new_game("hoyito-i", board=[0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 0, 1])
    for start, said in ((won, "won by 8 with best play"), (unknown, None)):
        monkeypatch.setattr(module, "Game", lambda *args, start=start, **kw: hy.Game(start=start))
        session = BoardSession("hoyito-i", opponent=None)
        assert session.view["best_play"] == ""  # Show me is off
        session.handle({"type": "action", "name": "hints"})
        if said is None:
            assert session.view["best_play"] == "" and session.view["hints"]
        else:
            assert session.view["best_play"] == (
                f"Worked out to the end by the endgame tables: from here your game is {said}.")
            session.handle({"type": "language", "lang": "es"})
            assert "ganada por 8 con el mejor juego" in session.view["best_play"]
