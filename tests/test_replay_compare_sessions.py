"""ReplaySession and CompareSession without any widget: the page's messages in, the listeners'
messages out (what a transport carries), the checks of what they are given, and no widget
library loaded (they can run where there is no Jupyter)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import hoyito_edu as hy
from hoyito_edu.board.compare_session import Compared, CompareSession
from hoyito_edu.board.replay_session import ReplaySession
from hoyito_edu.teaching import words


def heard(session) -> list[dict]:
    """The messages the session tells from now on."""
    seen: list[dict] = []
    session.listeners.append(seen.append)
    return seen


def three_moves() -> hy.Game:
    game = hy.Game("hoyito-ii")
    game.play_all([0, 6, 1])
    return game


# -- ReplaySession -----------------------------------------------------------------------------
def test_replay_session_tells_the_move_list_on_hello_and_the_view_after_each_step():
    game = three_moves()
    session = ReplaySession(game)
    seen = heard(session)
    session.handle({"type": "hello"})
    assert seen == [{"type": "log", "start": 0, "lines": session.move_lines}]
    assert [line[2] for line in session.move_lines] == [words.move_line(m) for m in game.moves]
    session.handle({"type": "action", "name": "start"})
    assert [m["type"] for m in seen[1:]] == ["view"] and session.shown_board == game.start.board
    del seen[:]
    for m in (1, 2, 3):
        session.handle({"type": "action", "name": "forward"})
        film = next(x["film"] for x in seen if x["type"] == "film" and x["film"]["ply"] == m)
        assert film["hole"] == game.moves[m - 1].hole
        assert film["after"] == list(game.moves[m - 1].after.board)
        assert seen[-1] == {"type": "view", "view": session.view}
    assert [x["type"] for x in seen] == ["film", "view"] * 3  # each film once, then the view
    assert session.forward() is False and [x["type"] for x in seen[6:]] == ["view"]  # the end


def test_replay_session_plays_through_as_the_page_asks_and_ignores_stale_or_junk_messages():
    game = three_moves()
    session = ReplaySession(game)
    seen = heard(session)
    session.handle({"type": "action", "name": "play"})  # at the end: from the start again
    assert session.playing and session.move == 1
    session.handle({"type": "next", "ply": 0})  # a stale request: ignored
    assert session.move == 1
    while session.playing:
        session.handle({"type": "next", "ply": session.move})
    assert [x["film"]["hole"] for x in seen if x["type"] == "film"] == game.holes()
    before = dict(session.view)
    for junk in ({"type": "click", "hole": 0}, {"type": "goto", "move": "x"}, "junk", None,
                 {"type": "action", "name": "undo"}, {"type": "action", "name": ["play"]},
                 {"type": "round", "round": 9}, {"type": "next", "ply": session.move}):
        session.handle(junk)
    assert session.view == before


def test_replay_session_of_a_match_chooses_rounds_and_refuses_one_that_is_not_there():
    match = hy.Match("hoyito-i")
    while not match.game.is_over:
        match.play(match.position.legal_moves()[0])
    match.next_round()
    match.play(match.position.legal_moves()[0])
    session = ReplaySession(match)
    assert session.round == 2 and session.games == tuple(match.games)
    seen = heard(session)
    session.handle({"type": "round", "round": 1})
    assert seen[0]["type"] == "log" and len(seen[0]["lines"]) == len(match.games[0].moves)
    assert session.game is match.games[0] and session.move == session.total
    with pytest.raises(ValueError, match="round must be from 1 to 2, not 3"):
        session.show_round(3)


def test_replay_session_speaks_its_language_and_checks_its_arguments(tmp_path):
    game = three_moves()
    session = ReplaySession(game, lang="es")
    session.goto_move(1)
    assert session.status_text.startswith("Jugada 1 de 3. Sur sembró el hoyo 0")
    assert session.page_texts()["goto"] != ReplaySession(game).page_texts()["goto"]
    for record in (5, None, [game]):
        with pytest.raises(ValueError, match="record must be a Game, a Match or the path"):
            ReplaySession(record)
    with pytest.raises(ValueError, match="'en' .English. or 'es' .Spanish., not 'fr'"):
        ReplaySession(game, lang="fr")
    with pytest.raises(hy.FormatError):
        ReplaySession(tmp_path / "missing.json")


# -- CompareSession ----------------------------------------------------------------------------
def test_compare_session_tells_the_view_then_one_film_per_column_that_can_play():
    session = CompareSession([2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], hole=0,
                             variants=["hoyito-i", "hoyito-ii"],
                             options=[{}, {"chain_opponent_side_only": True}])
    seen = heard(session)
    session.handle({"type": "click", "hole": 1})
    assert session.hole == 1 and seen[0] == {"type": "view", "view": session.view}
    played = [k for k, row in enumerate(session.rows) if row.move is not None]
    assert played == [0, 2, 3]  # Hoyito I has no chain to restrict: its column has no film
    assert [(m["type"], m["column"]) for m in seen[1:]] == [("film", k) for k in played]
    for message in seen[1:]:
        row = session.rows[message["column"]]
        assert message["film"]["after"] == list(row.move.after.board)
    del seen[:]
    session.handle({"type": "action", "name": "again"})
    assert [m["type"] for m in seen] == ["view", "film", "film", "film"]


def test_compare_session_keeps_what_it_shows_when_a_typed_board_or_a_hole_is_refused():
    session = CompareSession()
    shown = session.shown
    seen = heard(session)
    assert session.set_board("4 4 banana") is False
    assert session.shown is shown and session.notice_text.startswith("The 3rd entry you typed")
    assert [m["type"] for m in seen] == ["view"]  # the notice, and no film
    session.handle({"type": "click", "hole": 7})
    assert session.shown is shown
    said = "Not a hole to compare: Hole 7 is North's, and it is South's turn."
    assert session.notice_text == said
    session.handle({"type": "board", "text": "0 0 0 0 0 0 1 2 3 4 0 1", "player": 0})
    assert session.position.player == 1 and session.hole == 6 and "South passes" in (
        session.notice_text)
    with pytest.raises(dataclasses.FrozenInstanceError):
        session.shown.hole = 0  # what is on show changes only as a whole
    assert isinstance(session.shown, Compared) and isinstance(session.rows, tuple)


def test_compare_session_checks_its_arguments_in_its_language():
    cases = [
        (dict(variants="hoyito-i"), "variants must be a list of rule set names"),
        (dict(variants=["hoyito-i", "Hoyito-I"]), "variants must name each rule set once"),
        (dict(board_or_position=[4] * 12, hole=7), "hole 7 is not yours"),
        (dict(board_or_position=[0] * 12), "no seeds"),
        (dict(options=[{"laps": 3}]), "unknown option"),
        (dict(lang="fr"), "'en' .English. or 'es' .Spanish., not 'fr'"),
    ]
    for settings, message in cases:
        with pytest.raises(ValueError, match=message):
            CompareSession(**settings)
    with pytest.raises(ValueError, match="La 3.ª entrada que escribiste, «x»"):
        CompareSession("4 4 x", lang="es")
    spanish = CompareSession(lang="es")
    assert spanish.differing_rows()[0] == "Sur comió"
    assert list(spanish.table.columns[:2]) == ["Reglamento", "Tandas"]


@pytest.mark.slow  # a new interpreter that loads pandas for the table
def test_the_sessions_load_no_widget_library():
    code = (
        "import sys, hoyito_edu as hy\n"
        "from hoyito_edu.board.compare_session import CompareSession\n"
        "from hoyito_edu.board.replay_session import ReplaySession\n"
        "game = hy.Game('hoyito-i'); game.play_all([0, 6])\n"
        "ReplaySession(game).handle({'type': 'action', 'name': 'start'})\n"
        "CompareSession().handle({'type': 'click', 'hole': 1})\n"
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
