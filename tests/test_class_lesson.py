"""The teacher's lesson tools (issue 36) in this process, on a real SQLite file: the projector
(pseudonyms only, its own key), a student's game opened and replayed from the server's
record (following a live game move by move), one position pushed to every phone and
released, and every one of these refused to a page without the teacher's key. The real
server and Chromium: tests/browser/test_class_lesson_pages.py.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("segno")

from test_class_room import Page, click, join  # noqa: E402

from hoyito_edu.board.server.projector import projector_key  # noqa: E402
from hoyito_edu.board.server.room import Classroom  # noqa: E402
from hoyito_edu.board.server.store import Store  # noqa: E402
from hoyito_edu.engine.game import Game  # noqa: E402


@pytest.fixture
def room(tmp_path):
    return Classroom(Store(tmp_path / "clase.db"), "en")


def sid(room, name: str) -> int:
    return next(s.id for s in room.students.values() if s.name == name)


def teacher(room) -> Page:
    page = Page()
    assert room.teacher_message(page, {"type": "teacher", "secret": room.secret})
    return page


def playing(room, name: str, moves: int) -> Page:
    page = join(room, name)
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    for _ in range(moves):
        click(room, page)
    return page


def finished(room, name: str) -> Page:
    page = playing(room, name, 0)
    while not page.view.get("banner"):
        click(room, page)
    return page


def test_the_projector_opens_with_its_own_key_and_shows_no_name(room):
    ana = finished(room, "Zoraida Pérez")
    ana_id = sid(room, "Zoraida Pérez")
    projector = Page()
    assert not room.teacher_message(projector, {"type": "projector", "key": "WRONGKEY"})
    assert projector.refusal == "That is not this class's teacher key."
    assert room.teacher_message(projector, {"type": "projector", "key": projector_key(room.secret)})
    shown = projector.last("projector")
    assert shown["code"] == room.code
    assert shown["standings"][0][0] == "S01" and sum(shown["standings"][0][1:]) == 1
    assert shown["recent"][0]["south"] == "S01" and shown["recent"][0]["computer"] == "greedy"
    assert "Zoraida" not in json.dumps(projector.got)
    # the projector's key is not the teacher's: it may look, never act
    assert projector_key(room.secret) != room.secret
    assert not room.teacher_message(projector, {"type": "watch", "student": ana_id})
    assert projector.refusal == "That is not this class's teacher key."
    assert ana.view["banner"]


def test_a_finished_game_replays_from_the_stored_record(room):
    ana = finished(room, "Ana")
    room.student_message(ana, {"type": "lobby"}, "en")  # back in the list: her last game opens
    page = teacher(room)
    nobody = join(room, "Ben")  # no game yet: a sentence, nothing opened
    assert not room.teacher_message(page, {"type": "watch", "student": sid(room, "Ben")})
    assert page.refusal.startswith("That game cannot be opened") and nobody.refusal is None
    assert room.teacher_message(page, {"type": "watch", "student": sid(room, "Ana"), "lang": "es"})
    stored = room.store.moves(room.results[-1]["id"])
    view = page.view
    assert view["mode"] == "replay" and view["replay"]["total"] == len(stored)
    assert view["board"] == ana.view["board"] and view["names"][0] == "Ana"
    room.teacher_message(page, {"type": "watched", "message": {"type": "action", "name": "start"}})
    assert page.view["ply"] == 0 and page.view["board"] == list(Game("hoyito-i").position.board)
    room.teacher_message(page, {"type": "watched", "message": {"type": "action",
                                                               "name": "forward"}})
    assert page.view["ply"] == 1 and page.last("msg")["content"]["type"] == "film"
    assert page.view["status"].startswith("Jugada 1 de")  # the teacher's page's language


def test_a_live_game_is_followed_move_by_move(room):
    ana = playing(room, "Ana", 2)
    page = teacher(room)
    room.teacher_message(page, {"type": "watch", "student": sid(room, "Ana")})
    assert page.last("watching")["live"] and page.view["board"] == ana.view["board"]
    before = page.view["ply"]
    click(room, ana)
    assert page.view["ply"] > before and page.view["board"] == ana.view["board"]
    # watching an earlier move, the page stays there while the game goes on
    room.teacher_message(page, {"type": "watched", "message": {"type": "goto", "move": 1}})
    click(room, ana)
    assert page.view["ply"] == 1


def test_a_position_goes_to_every_phone_and_back(room):
    ana, ben = playing(room, "Ana", 3), playing(room, "Ben", 1)
    ana_ply, ben_ply = ana.view["ply"], ben.view["ply"]
    page = teacher(room)
    projector = Page()
    room.teacher_message(projector, {"type": "projector", "key": projector_key(room.secret),
                                     "lang": "es"})
    assert not room.teacher_message(page, {"type": "push"})
    assert page.refusal.startswith("Open a student's game first")
    room.teacher_message(page, {"type": "watch", "student": sid(room, "Ana")})
    room.teacher_message(page, {"type": "watched", "message": {"type": "goto", "move": 2}})
    assert room.teacher_message(page, {"type": "push"})
    for phone in (ana, ben):
        shown = phone.last("discuss")
        assert shown["view"]["ply"] == 2 and shown["view"]["names"] == ["South", "North"]
        assert shown["text"].startswith("Look at this position")
    assert room.overview()["discussing"]
    shown = projector.last("discuss")  # the projector shows it too, in its own language
    assert shown["view"]["ply"] == 2 and shown["text"].startswith("Miren esta posición")
    late = join(room, "Carla", lang="es")  # a phone that joins now is shown it too
    assert late.last("discuss")["text"].startswith("Miren esta posición")
    room.teacher_message(page, {"type": "release"})
    assert ana.last("discuss")["view"] is None and ben.last("discuss")["view"] is None
    assert projector.last("discuss")["view"] is None
    assert (ana.view["ply"], ben.view["ply"]) == (ana_ply, ben_ply)  # nothing changed
    click(room, ana)
    assert ana.view["ply"] > ana_ply


def test_pages_without_the_key_cannot_watch_push_or_release(room):
    playing(room, "Ana", 1)
    ana_id = sid(room, "Ana")
    stranger = Page()
    for message in ({"type": "watch", "student": ana_id}, {"type": "push"}, {"type": "release"},
                    {"type": "watched", "message": {"type": "action", "name": "start"}}):
        assert not room.teacher_message(stranger, message)
        assert stranger.refusal == "That is not this class's teacher key."
    student = join(room, "Ben")
    for message in ({"type": "push"}, {"type": "watch", "student": ana_id}):
        room.student_message(student, message, "en")
        assert student.refusal.startswith("That message was not understood")
    assert room.lesson.pushed is None and not room.lesson.watching


def test_the_new_words_are_in_spanish():
    from hoyito_edu.board.server import pages  # noqa: PLC0415

    projector = pages.projector_page("es", ["http://192.168.1.20:8000/"])
    assert "Tabla de posiciones" in projector and "Código de la clase" in projector
    teacher = pages.teacher_page("es", ["http://192.168.1.20:8000/"])
    for words in ("Proyector", "Abrir la partida", "Mostrar esta posición en todos los "
                  "teléfonos", "Devolver cada teléfono a su partida"):
        assert words in teacher, words
    assert "En el proyector eres {pseudonym}." in pages.student_page("es")
