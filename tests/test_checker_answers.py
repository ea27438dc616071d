"""Classroom checkers answer any typed answer with their own sentence (issue 29).

``str.isdigit()`` accepts "²" and "①", which ``int()`` refuses, and ``int()`` refuses more than
4,300 digits: these reached the student as a raw ValueError.
"""

from __future__ import annotations

import pytest

from hoyito_edu.i18n import language
from hoyito_edu.teaching import classroom

ODD_ANSWERS = ["²", "①", "3²", "-²", "9" * 5000, 10**5000, -(10**5000), "½"]


def checkers(answer):
    yield classroom.check_last_hole(answer, seeds=5, start=8)
    yield classroom.check("2a", answer)
    yield classroom.check_division(answer, 3, seeds=30)
    yield classroom.check_division(2, answer, seeds=30)


def label(answer) -> str:
    return "huge-int" if isinstance(answer, int) else repr(answer)[:12]


@pytest.mark.parametrize("answer", ODD_ANSWERS, ids=label)
def test_odd_answers_get_the_checkers_sentence(answer):
    for feedback in checkers(answer):
        assert feedback.correct is False
        text = feedback.message
        assert "not a whole number: give" in text or "more than 100 digits, far too many" in text
        assert len(text) < 300


def test_the_sentences_say_what_was_typed_and_read_in_spanish():
    text = classroom.check("2a", "①").message
    assert text.startswith("'①' is not a whole number: give a hole number")
    long = classroom.check_last_hole("9" * 5000, seeds=5, start=8).message
    assert long == "That number has more than 100 digits, far too many: give a hole number."
    with language("es"):
        text = classroom.check_last_hole("²", seeds=5, start=8).message
        assert text == "'²' no es un número entero: escribe un número de hoyo."
        text = classroom.check("2a", "9" * 5000).message
        assert text.startswith("Ese número tiene más de 100 cifras, demasiadas: escribe")


def test_ordinary_typed_numbers_are_still_read():
    # 5 seeds from hole 8 end in hole 1 (8 + 5 = 13, after hole 11 comes hole 0).
    assert classroom.check_last_hole(" 1 ", seeds=5, start=8).correct is True
    assert classroom.check_last_hole("1", seeds=5, start=8).correct is True
    assert classroom.check_last_hole("\u0661", seeds=5, start=8).correct is True  # Arabic 1
    assert classroom.check_last_hole("2", seeds=5, start=8).correct is False
