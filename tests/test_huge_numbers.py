"""A number too long for Python to print (more than 4,300 digits, ``sys.int_info``) typed into a
board, CompareRules or any public constructor of ``hy`` gets a clear sentence in the user's
language, never Python's own "Exceeds the limit (4300 digits) for integer string conversion"
(issue 36, last week's hostile cases).
"""

from __future__ import annotations

import sys

import pytest

import hoyito_edu as hy

#: Python's own words, which must never reach a student.
PYTHONS_WORDS = ("Exceeds the limit", "int_max_str_digits", "integer string conversion")


def huge() -> int:
    """10**5000: more digits than ``str`` will print by default."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int("9" * 5000)
    finally:
        sys.set_int_max_str_digits(limit)


BIG = huge()

CALLS = {
    "new_game holes_per_row": lambda: hy.new_game("hoyito-i", holes_per_row=BIG),
    "new_game board": lambda: hy.new_game("hoyito-i", board=[BIG] * 12),
    "new_game player": lambda: hy.new_game("hoyito-i", player=BIG),
    "new_game captures": lambda: hy.new_game("hoyito-i", captures=(BIG, 0)),
    "new_game round": lambda: hy.new_game("hoyito-iii", round=BIG),
    "new_game closed": lambda: hy.new_game("hoyito-i", closed=[BIG]),
    "new_game max_laps": lambda: hy.new_game("hoyito-i", max_laps=BIG),
    "new_game quiet_limit": lambda: hy.new_game("hoyito-i", quiet_limit=BIG),
    "get_rules max_laps": lambda: hy.get_rules("hoyito-i", max_laps=BIG),
    "Rules min_holes_per_row": lambda: hy.Rules(
        "x", "X", "mover", True, True, "last-four", None, False, min_holes_per_row=BIG),
    "Rules last four round": lambda: hy.Rules(
        "x", "X", "mover", True, True, "last-four", BIG, False),
    "Position.play hole": lambda: hy.new_game("hoyito-i").play(BIG),
    "Game holes_per_row": lambda: hy.Game("hoyito-i", holes_per_row=BIG),
    "Game.play hole": lambda: hy.Game("hoyito-i").play(BIG),
    "Match holes_per_row": lambda: hy.Match("hoyito-i", holes_per_row=BIG),
    "Match first_player": lambda: hy.Match("hoyito-i", first_player=BIG),
    "Match target": lambda: hy.Match("hoyito-i", target=BIG),
    "player seed": lambda: hy.player("random", seed=BIG),
    "player depth": lambda: hy.player("expert", max_depth=BIG),
    "explain hole": lambda: hy.explain(hy.new_game("hoyito-i"), BIG),
    "simulate games": lambda: hy.simulate("hoyito-i", BIG),
    "simulate holes_per_row": lambda: hy.simulate("hoyito-i", 2, holes_per_row=BIG),
    "Board holes_per_row": lambda: hy.Board(holes_per_row=BIG, opponent=None),
    "Board human": lambda: hy.Board(human=BIG, opponent="random"),
    "Board seed": lambda: hy.Board(seed=BIG, opponent="random"),
    "CompareRules hole": lambda: hy.CompareRules(hole=BIG),
    "CompareRules player": lambda: hy.CompareRules(player=BIG),
    "CompareRules board": lambda: hy.CompareRules([BIG] * 12),
    "CompareRules board typed": lambda: hy.CompareRules("9" * 5000 + " 4 4 4 4 4 4 4 4 4 4 4"),
    "Replay round": lambda: hy.Replay(hy.Match("hoyito-iii")).show_round(BIG),
}


#: The calls for which a huge number is a fine value: seeds, and a round number.
ACCEPTED = ("player seed", "Board seed", "new_game round", "Rules last four round")


def assert_a_sentence(error: BaseException) -> None:
    text = str(error)
    assert not any(words in text for words in PYTHONS_WORDS), text
    assert len(text) < 600, text


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(CALLS))
def test_a_huge_number_in_a_public_call_is_a_clear_sentence_or_works(name, lang):
    """Refused in a sentence, or taken (a huge seed is a seed) and then printable."""
    try:
        made = with_language(lang, CALLS[name])
    except ValueError as error:
        assert_a_sentence(error)
    else:
        assert name in ACCEPTED, f"{name} took a number with 5,000 digits"
        assert repr(made)


@pytest.mark.slow  # a simulation (a few seconds, pandas and all)
def test_a_huge_seed_simulates_and_prints():
    sim = hy.simulate("hoyito-i", 2, seed=BIG, path="engine")
    assert len(sim.games) == 2 and repr(sim)


def test_the_sentence_says_the_number_is_too_long_in_spanish():
    with pytest.raises(ValueError) as caught:
        with_language("es", lambda: hy.new_game("hoyito-i").play(BIG))
    assert "cifras" in str(caught.value)


def with_language(lang, call):
    before = hy.get_language()
    hy.set_language(lang)
    try:
        return call()
    finally:
        hy.set_language(before)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("message", [
    {"type": "click", "hole": BIG, "ply": 0, "game": 0},
    {"type": "click", "hole": 2, "ply": BIG, "game": 0},
    {"type": "click", "hole": 2, "ply": 0, "game": BIG},
    {"type": "click", "hole": "9" * 5000, "ply": 0, "game": 0},
    {"type": "settings", "settings": {"holes_per_row": BIG}},
    {"type": "settings", "settings": {"human": BIG}},
    {"type": "restore", "holes": [BIG], "settings": None},
], ids=["hole", "ply", "game", "hole-text", "holes_per_row", "human", "restore"])
def test_a_huge_number_typed_into_the_board_is_refused_in_the_users_words(message, lang):
    board = hy.Board("hoyito-i", opponent=None, lang=lang)
    if message["type"] == "restore":
        message = {**message, "settings": dict(board.settings)}
    if message["type"] == "click":
        message = {**message, "game": board.view["game"] if message["game"] == 0 else BIG}
    board.receive(message)
    notice = board.view["notice"]
    assert notice["kind"] == "refused", notice
    assert not any(words in notice["text"] for words in PYTHONS_WORDS), notice
    assert board.ply == 0 and board.settings["holes_per_row"] == 6
    if lang == "es":
        assert "Something" not in notice["text"]
    assert board.click(2) and board.ply == 1  # the board still plays


@pytest.mark.parametrize("message", [
    {"type": "click", "hole": BIG},
    {"type": "action", "name": "play", "hole": BIG},
])
def test_a_huge_number_sent_to_compare_rules_changes_nothing_and_says_so(message):
    compare = hy.CompareRules(lang="es")
    before = compare.hole
    try:
        compare.receive(message)
    except ValueError as error:
        assert_a_sentence(error)
    assert compare.hole == before
    assert not any(words in str(compare.view) for words in PYTHONS_WORDS)
