"""``Feedback``: what an answer checker says of a student's answer (right or wrong, and why).

Its own module, so that a student copy's checker (:mod:`hoyito_edu.teaching.practice`) hands
back feedback without handing back the module that knows the answers.

>>> Feedback(True, "Right!")
Right!
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Feedback:
    """The result of checking an answer.

    Attributes:
        correct: True if right, False if wrong, None if there was no answer yet.
        message: what to tell the student (a hint when wrong; the answer only if revealed).
    """

    correct: bool | None
    message: str

    def __repr__(self) -> str:  # a notebook cell shows the message as it is
        return self.message

    __str__ = __repr__
