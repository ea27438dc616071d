"""The classroom exercises as a student copy sees them: the questions, and a checker that says
whether an answer is right (with a hint when it is not), never what the answer is.

The teacher's notebook imports :mod:`hoyito_edu.teaching.classroom`, whose exercises work out
their answers (``EXERCISES["2a"].answer``, ``teacher_notes``, ``check(..., reveal=True)``). A
student copy (``python -m hoyito_edu student``) imports this module instead, with the same
names: :data:`EXERCISES` holds :class:`Question` objects (the question, its board, its
numbers) and :func:`check` asks the classroom checker with ``reveal=False`` when it is called,
so nothing a student copy imports holds an answer, a solution or the teacher's notes, and no
function it imports can reveal one. (The engine can still play the move: working it out is the
exercise.)

>>> EXERCISES["2a"].text
'5 seeds are sown from hole 3. In which hole does the last seed land?'
>>> check("2a", 8).correct, check("2a", 7).correct
(True, False)
>>> hasattr(EXERCISES["2a"], "answer")
False
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..engine.position import Position, new_game
from ..i18n import gettext as _
from .feedback import Feedback
from .strategy import strategy_player

__all__ = ["Question", "EXERCISES", "ask", "check", "check_last_hole", "check_captured",
           "strategy_player", "Feedback"]


@dataclass(frozen=True)
class Question:
    """One exercise as a student reads it: no answer, no notes.

    Attributes:
        key: ``"2a"``: activity number and letter.
        kind: as :class:`hoyito_edu.teaching.classroom.Exercise`'s (``"last-hole"`` ...).
        wording: the question in English, with ``{fields}`` (translated when read).
        fields: the values the question names (seeds, holes, the mover ...).
        board, player, variant: the position the question starts from (None: a question
            about a board that is not drawn).
        lines: answer lines a worksheet leaves.
    """

    key: str
    kind: str
    wording: str
    fields: Mapping[str, Any]
    board: tuple[int, ...] | None
    player: int
    variant: str
    lines: int = 1

    @property
    def activity(self) -> int:
        return int(self.key[:-1])

    @property
    def text(self) -> str:
        """The question, in the current language."""
        return _(self.wording).format(**self.fields)

    def position(self) -> Position | None:
        """The position the question starts from (None for a written question)."""
        if self.board is None:
            return None
        return new_game(self.variant, board=list(self.board), player=self.player)

    def check(self, *answers: object) -> Feedback:
        """Is ``answers`` right? A hint when it is not; the answer is never said."""
        return check(self.key, *answers)

    def _repr_markdown_(self) -> str:
        return f"**{self.key}.** {self.text}"

    def __repr__(self) -> str:
        return f"<Question {self.key}: {self.text}>"


class _Markdown(str):
    """Text a notebook shows as Markdown (and prints as itself)."""

    def _repr_markdown_(self) -> str:
        return str(self)


def _questions() -> Mapping[str, Question]:
    """The classroom's exercises without their answers: each question keeps only the fields
    its wording names (the classroom module is not kept)."""
    from . import classroom

    questions = {}
    for key, exercise in classroom.EXERCISES.items():
        named = {name for _text, name, _spec, _conv in string.Formatter().parse(exercise.question)
                 if name}
        facts = exercise.facts()
        start = exercise.position()
        questions[key] = Question(
            key=key, kind=exercise.kind, wording=exercise.question,
            fields=MappingProxyType({name: facts[name] for name in sorted(named)}),
            board=None if start is None else tuple(start.board),
            player=0 if start is None else start.player,
            variant=exercise.variant if start is None else start.rules.name,
            lines=exercise.lines,
        )
    return MappingProxyType(questions)


#: The exercises of activities 1 to 3, as questions: ``EXERCISES["2a"].text``.
EXERCISES: Mapping[str, Question] = _questions()


def ask(*keys: str) -> _Markdown:
    """The questions ``keys`` (e.g. ``ask("2a", "2b")``), as Markdown for a notebook.

    >>> print(ask("2a"))
    **2a.** 5 seeds are sown from hole 3. In which hole does the last seed land?
    """
    from . import classroom

    return _Markdown(str(classroom.ask(*keys)))


def check(key: str, *answers: object) -> Feedback:
    """Check a student's answer to exercise ``key``: ``check("2a", 8)``;
    ``check("1a", full_rounds, extra)`` for a division question. Right or wrong, with a hint:
    the answer itself is never said (there is no ``reveal``).

    >>> check("2a", 8)
    Right! The last of 5 seeds sown from hole 3 lands in hole 8.
    """
    from . import classroom

    return classroom.check(key, *answers, reveal=False)


def check_last_hole(answer: object, seeds: int, start: int, holes_per_row: int = 6) -> Feedback:
    """Check a prediction of the hole where the last of ``seeds`` seeds sown from ``start``
    lands (one lap, no relay): right, or a hint (never the hole itself).

    >>> check_last_hole(7, seeds=5, start=2)
    Right! The last of 5 seeds sown from hole 2 lands in hole 7.
    """
    from . import classroom

    return classroom.check_last_hole(answer, seeds, start, holes_per_row, reveal=False)


def check_captured(answer: object, board: list[int], hole: int, variant: str = "hoyito-i", *,
                   player: int | None = None) -> Feedback:
    """Check a prediction of the seeds the mover captures sowing ``hole`` on ``board`` under
    ``variant``: right, or a hint (never the number itself).

    >>> check_captured(0, [4] * 12, 0).correct
    True
    """
    from . import classroom

    return classroom.check_captured(answer, board, hole, variant, player=player, reveal=False)
