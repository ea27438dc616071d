"""A game kept by the page goes on in a new session (issue 25): the page keeps the record the
session tells it, and a new kernel replays it through the engine, or refuses it whole."""

from __future__ import annotations

import random

import pytest

from hoyito_edu.board.session import RECORD_LIMIT, BoardSession, check_message


def listen(session: BoardSession) -> list[dict]:
    heard: list[dict] = []
    session.listeners.append(heard.append)
    return heard


def kept_by_the_page(heard: list[dict]) -> dict:
    """What the page keeps: the record messages applied in turn, as board.js does."""
    items: list = []
    kept: dict = {}
    for m in heard:
        if m["type"] == "record":
            items = items[: m["start"]] + m["items"]
            kept = {"holes": items, "settings": m["settings"], "over": m["over"]}
    return kept


def play_randomly(session: BoardSession, plies: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    while session.ply < plies and not session.position.is_over:
        session.click(rng.choice(session.position.legal_moves()))


@pytest.mark.parametrize("variant", ["hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa"])
def test_a_new_session_continues_the_game_the_page_kept(variant):
    old = BoardSession(variant, opponent=None)
    heard = listen(old)
    old.handle({"type": "hello"})
    play_randomly(old, 9)
    old.undo()  # the page hears the shorter record too
    play_randomly(old, 12, seed=2)
    kept = kept_by_the_page(heard)
    assert kept["holes"] == old.game.holes() and not kept["over"]
    new = BoardSession("hoyito-i", opponent="greedy", human=1)  # other settings: replaced
    told = listen(new)
    new.handle({"type": "restore", "holes": kept["holes"], "settings": kept["settings"]})
    assert new.settings == old.settings
    assert new.position == old.position and new.game.holes() == old.game.holes()
    assert new.move_lines == old.move_lines
    assert "12 moves replayed" in new.notice_text
    assert kept_by_the_page(told)["holes"] == kept["holes"]
    assert new.handle({"type": "click", "hole": new.position.legal_moves()[0]}) is None
    assert new.ply == 13


def test_the_computer_moves_after_a_restore_when_it_is_its_turn():
    person = BoardSession("hoyito-i", opponent=None)
    person.click(2)  # North (the computer in the restored game) to move
    session = BoardSession("hoyito-i", opponent="greedy", human=0, seed=1)
    session.restore([2], {**session.settings})
    assert session.ply == 2 and session.position.player == 0
    assert session.game.holes()[0] == 2


def test_a_match_goes_on_in_its_round():
    old = BoardSession("hoyito-i", opponent=None, match=True)
    heard = listen(old)
    play_randomly(old, 400)
    assert old.position.is_over
    old.next_round()
    play_randomly(old, 3)
    kept = kept_by_the_page(heard)
    assert "next-round" in kept["holes"]
    new = BoardSession("hoyito-i", opponent=None)
    assert new.restore(kept["holes"], kept["settings"])
    assert new.match.round == old.match.round == 2
    assert new.position == old.position


def test_an_agreement_to_stop_is_kept():
    old = BoardSession("hoyito-i", opponent=None)
    heard = listen(old)
    play_randomly(old, 4)
    old.end_by_agreement()
    kept = kept_by_the_page(heard)
    assert kept["holes"][-1] == "agree" and kept["over"]
    new = BoardSession("hoyito-i", opponent=None)
    assert new.restore(kept["holes"], kept["settings"])
    assert new.game.ended_by_agreement and new.position == old.position


@pytest.mark.parametrize(
    "holes, why",
    [
        ([2, 3], "item 2 of the record"),  # South's hole on North's turn
        ([2, 7, 99], "item 3 of the record"),
        (["next-round"], "item 1 of the record: a next round, but this is not a match"),
        (["agree", 2], "item 2 of the record"),
    ],
)
def test_a_record_the_engine_refuses_leaves_the_board_as_it_was(holes, why):
    session = BoardSession("hoyito-i", opponent=None)
    session.click(0)
    before = (session.position, session.game.holes(), session.epoch, session.move_lines)
    heard = listen(session)
    assert not session.restore(holes, {**session.settings})
    assert (session.position, session.game.holes(), session.epoch, session.move_lines) == before
    assert session.notice[1] == "refused"
    assert session.notice_text.startswith("The saved game could not be continued (" + why)
    assert [m["type"] for m in heard] == ["view"]  # nothing half-restored was sent


def test_a_refusal_is_said_in_the_sessions_language():
    session = BoardSession("hoyito-i", opponent=None, lang="es")
    assert not session.restore([2, 3], {**session.settings})
    assert session.notice_text.startswith("No se pudo seguir la partida guardada")


GOOD = {"variant": "hoyito-i", "holes_per_row": 6, "opponent": None, "human": 0, "match": False}


@pytest.mark.parametrize(
    "message, detail",
    [
        ({"type": "restore", "holes": "2,7", "settings": GOOD}, "record '2,7'"),
        ({"type": "restore", "holes": [2, -1], "settings": GOOD}, "record item -1"),
        ({"type": "restore", "holes": [2, 1.5], "settings": GOOD}, "record item 1.5"),
        ({"type": "restore", "holes": [True], "settings": GOOD}, "record item True"),
        ({"type": "restore", "holes": ["undo"], "settings": GOOD}, "record item 'undo'"),
        ({"type": "restore", "holes": [[2]], "settings": GOOD}, "record item [2]"),
        ({"type": "restore", "holes": [0] * (RECORD_LIMIT + 1), "settings": GOOD}, "record [0"),
        ({"type": "restore", "holes": [2]}, "settings None"),
        ({"type": "restore", "holes": [2], "settings": {"variant": "hoyito-i"}}, "settings {"),
        ({"type": "restore", "holes": [2], "settings": {**GOOD, "rockets": 1}}, "settings {"),
    ],
)
def test_a_malformed_restore_is_refused_by_its_schema(message, detail):
    with pytest.raises(ValueError, match="^" + detail.replace("[", r"\[").replace("{", r"\{")):
        check_message(message)
    session = BoardSession("hoyito-i", opponent=None)
    session.click(0)
    session.handle(message)
    assert session.game.holes() == [0] and session.notice[1] == "refused"
    assert "was not understood" in session.notice_text


def test_bad_settings_in_a_restore_are_refused_in_a_sentence():
    session = BoardSession("hoyito-i", opponent=None)
    session.handle({"type": "restore", "holes": [2], "settings": {**GOOD, "holes_per_row": 40}})
    assert session.ply == 0 and session.notice_text.startswith(
        "The saved game could not be continued"
    )
    assert session.game.holes() == [] and session.position.board == (4,) * 12
