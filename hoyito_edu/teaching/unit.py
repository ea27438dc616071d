"""A unit a teacher can teach in 45-minute periods: the plan, exit tickets, a rubric, a quiz, an
unplugged chance sheet and a letter to families, printed as PDFs.

The lessons are data (:data:`LESSONS`, frozen :class:`Lesson` objects): each is a list of
blocks with their minutes, what each block needs (a screen, or only paper) and which part of the
notebooks it uses. Every lesson adds up to :data:`PERIOD` minutes. Two sequences use them,
:data:`THREE` and :data:`SIX`; :data:`EXTENSIONS` are one period each for a class with more time.

Every answer that is a count, a hole or a share is computed here, by the engine (through
:class:`hoyito_edu.teaching.classroom.Exercise`, the same class the notebook's exercises use)
or exactly from the number of coin tosses; none is typed in.

The sentences are in :mod:`hoyito_edu.teaching.unit_text` (``en``, ``es``): one module per
language, written whole in each language, not as a gettext catalogue, because a plan, a rubric
and a letter are long texts that a teacher reads and corrects as a whole, and because their
structure (minutes, order, computed answers) lives here once for both languages.

>>> [lesson.minutes for lesson in LESSONS.values()] == [PERIOD] * len(LESSONS)
True
>>> len(THREE), len(SIX)
(3, 6)
>>> ticket_key("division", 0, "en")
'every hole receives 2 seeds and 3 holes receive one more: 27 = 2 × 12 + 3.'

``build_unit(out_dir, lang, paper)`` writes the PDFs; from a shell,
``python -m hoyito_edu.teaching.unit OUT_DIR [--lang en|es] [--paper a4|letter]``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..engine.position import Position, new_game
from ..i18n import LANGUAGES, check_language, language
from . import unit_text
from .classroom import EXERCISES, Exercise
from .worksheets import (
    DEFAULT_PAPER,
    HEADING_SIZE,
    LINE_SPACING,
    NOTE_SIZE,
    PAPERS,
    TEXT_SIZE,
    WIDTH,
    Boards,
    Break,
    Grid,
    Group,
    Layout,
    Lines,
    Sheet,
    Text,
    close,
    save_sheet,
)

__all__ = [
    "PERIOD",
    "Block",
    "Question",
    "Lesson",
    "LESSONS",
    "THREE",
    "SIX",
    "EXTENSIONS",
    "QUIZ",
    "activity_minutes",
    "lesson_number",
    "texts",
    "ticket_key",
    "build_unit",
    "main",
]

#: The length of a period, in minutes: every lesson adds up to exactly this.
PERIOD = 45
#: What a block needs: a screen (a projector or computers), or only paper (and counters, coins).
SCREEN, PAPER = "screen", "paper"


@dataclass(frozen=True)
class Block:
    """A part of a lesson: its minutes, what it needs, and the part of the notebooks it uses
    (``"06.4"``: notebook 06, activity 4; ``"02s"``; ``""`` for a launch or an exit ticket)."""

    minutes: int
    needs: str
    activity: str = ""

    def __post_init__(self) -> None:
        if self.needs not in (SCREEN, PAPER):
            raise ValueError(f"a block needs {SCREEN!r} or {PAPER!r}, not {self.needs!r}")
        if self.minutes <= 0:
            raise ValueError(f"a block lasts some minutes, not {self.minutes!r}")


@dataclass(frozen=True)
class Question:
    """A question of an exit ticket or the quiz. ``exercise``: the engine works out the answer
    (its board is drawn when ``board`` names it, ``"A"``); ``computed``: the name of a function
    in :data:`COMPUTED` that gives the question's numbers; neither: a question with a written
    model answer."""

    exercise: Exercise | None = None
    computed: str = ""
    board: str = ""
    lines: int = 2
    points: int = 0
    also: Exercise | None = None  # a second move whose result the key names ({other})

    def fields(self) -> dict[str, Any]:
        """The numbers the question's and the key's sentences name, in the current language."""
        values: dict[str, Any] = {}
        if self.exercise is not None:
            values.update(self.exercise.facts())
            values["answer"] = self.exercise.answer_text
            values["working"] = self.exercise.working()
        if self.also is not None:
            values["other"] = self.also.move().taken[1 - self.also.move().player]
        if self.computed:
            values.update(COMPUTED[self.computed]())
        return values


@dataclass(frozen=True)
class Lesson:
    """One period: its key (as in the text modules), blocks and exit-ticket questions."""

    key: str
    blocks: tuple[Block, ...]
    ticket: tuple[Question, ...]

    @property
    def minutes(self) -> int:
        return sum(block.minutes for block in self.blocks)

    @property
    def screen_minutes(self) -> int:
        return sum(block.minutes for block in self.blocks if block.needs == SCREEN)


# -- computed numbers ---------------------------------------------------------------------------
def _percent(share: float) -> str:
    return f"{100 * share:.0f} %"


def _coin_tail(heads: int = 14, tosses: int = 20) -> dict[str, Any]:
    """How often a fair coin tossed ``tosses`` times lands at least as far from half heads as
    ``heads`` (both sides), worked out exactly from the binomial counts."""
    middle = tosses // 2
    distance = abs(heads - middle)
    far = sum(math.comb(tosses, k) for k in range(tosses + 1) if abs(k - middle) >= distance)
    return {
        "heads": heads, "tosses": tosses, "middle": middle, "count": middle + distance,
        "low": middle - distance, "share": _percent(far / 2**tosses),
        "one_in": round(2**tosses / far),
    }


def _fair_line(games: int = 400, draws: int = 40) -> dict[str, Any]:
    decided = games - draws
    return {"games": games, "draws": draws, "decided": decided, "fair": decided // 2}


def _coin_middle(games: int = 40, won: int = 22) -> dict[str, Any]:
    """The middle 95 % of the share of heads in experiments of ``games`` fair tosses: the
    2.5 % and 97.5 % points of the exact binomial distribution."""
    total = 2**games
    running, low, high = 0, None, None
    for k in range(games + 1):
        running += math.comb(games, k)
        if low is None and running / total >= 0.025:
            low = k
        if high is None and running / total >= 0.975:
            high = k
    return {"games": games, "share_won": _percent(won / games),
            "low": _percent(low / games), "high": _percent(high / games)}


def _start_total() -> dict[str, Any]:
    position = new_game("hoyito-i")
    return {"total": position.seeds_on_board, "holes": len(position.board)}


#: The functions a :class:`Question` can name for its numbers.
COMPUTED: Mapping[str, Callable[[], dict[str, Any]]] = MappingProxyType({
    "start_total": _start_total,
    "coin_tail": _coin_tail,
    "fair_line": _fair_line,
    "coin_middle": _coin_middle,
})

# -- the questions whose answers the engine works out ------------------------------------------
#: Board A of the relay lesson's ticket: two laps, then an empty hole.
RELAY_TICKET_BOARD = (1, 0, 3, 0, 0, 2, 1, 0, 0, 0, 0, 0)
#: Board B: a four made during sowing and one made by the last seed.
CASA_TICKET_BOARD = (2, 3, 3, 0, 3, 1, 0, 2, 3, 0, 1, 0)
#: The quiz's relay board and its Ba-awa board (a four made in North's hole during sowing).
QUIZ_RELAY_BOARD = (0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0)
QUIZ_CASA_BOARD = (0, 0, 0, 1, 0, 3, 3, 0, 0, 0, 0, 0)


def _ex(kind: str, key: str = "9z", **params: Any) -> Exercise:
    return Exercise(key, kind, "", params)


_FAIR = Question(computed="fair_line", lines=3)
_COINS = Question(computed="coin_tail", lines=3)
_WRITTEN = Question(lines=3)

LESSONS: Mapping[str, Lesson] = MappingProxyType({
    lesson.key: lesson
    for lesson in (
        Lesson("play", (Block(2, PAPER), Block(18, SCREEN, "02s"), Block(20, PAPER, "03"),
                        Block(5, PAPER)),
               (_WRITTEN, Question(computed="start_total", lines=1))),
        Lesson("division", (Block(3, PAPER), Block(17, SCREEN, "06.1"),
                            Block(20, PAPER, "06.2"), Block(5, PAPER)),
               (Question(_ex("division", seeds=27, holes_per_row=6), lines=2),
                Question(_ex("last-hole", seeds=9, start=7), lines=1))),
        Lesson("relays", (Block(2, PAPER), Block(8, SCREEN, "06.2"), Block(15, PAPER, "06.2"),
                          Block(15, PAPER, "06.3"), Block(5, PAPER)),
               (Question(_ex("relay", board=RELAY_TICKET_BOARD, start=2), board="A", lines=1),
                Question(_ex("captured", board=CASA_TICKET_BOARD, start=1), board="B", lines=1),
                Question(_ex("captured", board=CASA_TICKET_BOARD, start=1,
                             variant="hoyito-iii"), lines=1))),
        Lesson("chance-hand", (Block(5, PAPER, "06.4"), Block(5, SCREEN, "06.4"),
                               Block(12, PAPER, "06.4"), Block(13, PAPER, "06.4"),
                               Block(5, PAPER, "06.4"), Block(5, PAPER)),
               (_WRITTEN, _COINS)),
        Lesson("chance-computer", (Block(3, PAPER, "06.4"), Block(12, SCREEN, "06.4"),
                                   Block(12, SCREEN, "06.4"), Block(8, SCREEN, "06.4"),
                                   Block(5, PAPER, "06.4"), Block(5, PAPER)),
               (_FAIR, _WRITTEN)),
        Lesson("chance-short", (Block(3, PAPER, "06.4"), Block(10, PAPER, "06.4"),
                                Block(10, PAPER, "06.4"), Block(12, SCREEN, "06.4"),
                                Block(5, PAPER, "06.4"), Block(5, PAPER)),
               (_FAIR, _COINS)),
        Lesson("community", (Block(2, PAPER), Block(13, SCREEN, "01"), Block(20, PAPER, "06.7"),
                             Block(5, PAPER, "06.7"), Block(5, PAPER)),
               (_WRITTEN, _WRITTEN)),
        Lesson("fieldwork", (Block(2, PAPER, "01"), Block(10, SCREEN, "01"),
                             Block(8, SCREEN, "01"), Block(10, SCREEN, "01"),
                             Block(10, PAPER, "01"), Block(5, PAPER)),
               (_WRITTEN, _WRITTEN)),
        Lesson("strategy", (Block(3, PAPER, "06.5"), Block(10, SCREEN, "06.5"),
                            Block(22, SCREEN, "06.5"), Block(5, PAPER, "06.5"),
                            Block(5, PAPER)),
               (_WRITTEN, _WRITTEN)),
        Lesson("class-games", (Block(3, PAPER, "06.6"), Block(10, SCREEN, "06.6"),
                               Block(15, SCREEN, "06.6"), Block(12, SCREEN, "06.6"),
                               Block(5, PAPER)),
               (_WRITTEN, _WRITTEN)),
        Lesson("strategy-07a", (Block(10, SCREEN, "07"), Block(15, SCREEN, "07"),
                                Block(15, SCREEN, "07"), Block(5, PAPER)),
               (_WRITTEN, _WRITTEN)),
        Lesson("strategy-07b", (Block(15, SCREEN, "07"), Block(10, SCREEN, "07"),
                                Block(7, SCREEN, "07"), Block(8, PAPER, "07"), Block(5, PAPER)),
               (Question(computed="coin_middle", lines=3), _WRITTEN)),
    )
})

#: The 3-lesson sequence (one week) and the 6-lesson sequence (two weeks), by lesson key.
THREE: tuple[str, ...] = ("play", "division", "chance-short")
SIX: tuple[str, ...] = ("play", "division", "relays", "chance-hand", "chance-computer",
                        "community")
#: One period each, for a class with more time.
EXTENSIONS: tuple[str, ...] = ("fieldwork", "strategy", "class-games", "strategy-07a",
                               "strategy-07b")
#: The order lessons are printed in (the plan's pages and the exit tickets).
ORDER: tuple[str, ...] = tuple(dict.fromkeys((*SIX, *THREE, *EXTENSIONS)))

#: The quiz: six questions, the engine's or exact answers.
QUIZ: tuple[Question, ...] = (
    Question(_ex("division", seeds=40, holes_per_row=6), lines=2, points=2),
    Question(_ex("last-hole", seeds=15, start=10), lines=2, points=2),
    Question(_ex("relay", board=QUIZ_RELAY_BOARD, start=2), board="A", lines=1, points=2),
    Question(_ex("captured", board=QUIZ_CASA_BOARD, start=5), board="B", lines=2, points=3,
             also=_ex("captured", board=QUIZ_CASA_BOARD, start=5, variant="ba-awa")),
    Question(computed="fair_line", lines=3, points=3),
    Question(computed="coin_tail", lines=3, points=3),
)


def activity_minutes(activity: str, lessons: Sequence[str] = (*SIX, *EXTENSIONS)) -> int:
    """The minutes the plan gives a part of the notebooks (``"06.2"``) over ``lessons``.

    >>> activity_minutes("06.2"), activity_minutes("06.4")
    (43, 80)
    """
    return sum(b.minutes for key in lessons for b in LESSONS[key].blocks if b.activity == activity)


def lesson_number(key: str, sequence: Sequence[str]) -> int | None:
    """The lesson's number (1, 2 ...) in ``sequence``, or None if it is not in it."""
    return sequence.index(key) + 1 if key in sequence else None


# -- the words ----------------------------------------------------------------------------------
def texts(lang: str):
    """The module of sentences for ``lang`` (``hoyito_edu.teaching.unit_text.en`` or ``.es``)."""
    return {"en": unit_text.en, "es": unit_text.es}[check_language(lang)]


def _fill(template: str, question: Question) -> str:
    return template.format(**question.fields())


def ticket_key(lesson: str, index: int, lang: str) -> str:
    """The key of question ``index`` of ``lesson``'s exit ticket, in ``lang``."""
    with language(lang):
        template = texts(lang).LESSONS[lesson]["ticket"][index][1]
        return _fill(template, LESSONS[lesson].ticket[index])


# -- drawing ------------------------------------------------------------------------------------
@dataclass
class _Row:
    """A row of the plan's table of blocks: minutes, what it needs, what happens."""

    minutes: str
    needs: str
    text: str
    size: float = NOTE_SIZE
    gap: float = 0.06
    widths: tuple[float, float] = (0.75, 0.85)  # inches: the first two columns


@dataclass
class _NumberLine:
    """A number line from 0 to ``last`` with a tick at every whole number, for a dot plot, and
    ``height`` inches of room above it for the dots."""

    last: int
    label: str
    height: float = 1.6
    gap: float = 0.15


@dataclass
class _Cut:
    """A dashed line across the page with a sentence in it: cut here."""

    text: str
    gap: float = 0.15


LABEL_WIDTH = 1.35  # inches: the label column of a lesson's goal, materials ...


class _UnitLayout(Layout):
    """The worksheets' layout with three more blocks: a table row, a number line, a cut line."""

    def _height(self, block) -> float:
        if isinstance(block, _Row):
            return len(self._row_lines(block)) * block.size * LINE_SPACING / 72 + block.gap
        if isinstance(block, _NumberLine):
            return block.height + 0.55 + block.gap
        if isinstance(block, _Cut):
            return 0.3 + block.gap
        return super()._height(block)

    def _row_lines(self, row: _Row) -> list[str]:
        return self._wrap(Text(row.text, row.size, indent=sum(row.widths)))

    def _place(self, block) -> None:
        if isinstance(block, _Row):
            self._place_row(block)
        elif isinstance(block, _NumberLine):
            self._place_number_line(block)
        elif isinstance(block, _Cut):
            self._place_cut(block)
        else:
            super()._place(block)

    def _place_row(self, row: _Row) -> None:
        w, h = self.page
        top = 1 - self.y / h
        self.fig.text(self.left / w, top, row.minutes, fontsize=row.size, fontweight="bold",
                      va="top")
        self.fig.text((self.left + row.widths[0]) / w, top, row.needs, fontsize=row.size - 1,
                      color="#333333", style="italic", va="top")
        step = row.size * LINE_SPACING / 72
        lines = self._row_lines(row)
        for index, line in enumerate(lines):
            self.fig.text((self.left + sum(row.widths)) / w,
                          1 - (self.y + index * step) / h, line, fontsize=row.size, va="top")
        self.y += len(lines) * step + row.gap

    def _place_number_line(self, line: _NumberLine) -> None:
        w, h = self.page
        bottom = self.y + line.height + 0.55
        ax = self.fig.add_axes((self.left / w, 1 - bottom / h, WIDTH / w, (line.height + 0.55) / h))
        ax.set_xlim(-0.7, line.last + 0.7)
        ax.set_ylim(-1.3, 10)
        ax.plot([-0.5, line.last + 0.5], [0, 0], color="black", linewidth=1.2)
        for k in range(line.last + 1):
            ax.plot([k, k], [0, -0.35], color="black", linewidth=1)
            ax.text(k, -0.5, str(k), ha="center", va="top", fontsize=NOTE_SIZE - 1.5)
        ax.set_axis_off()
        self.fig.text(self.left / w, 1 - (bottom + 0.02) / h, line.label, fontsize=NOTE_SIZE - 1,
                      color="#333333", va="top")
        self.y = bottom + 0.2 + line.gap

    def _place_cut(self, cut: _Cut) -> None:
        w, h = self.page
        dashes = "- " * 14
        self.fig.text(0.5, 1 - (self.y + 0.15) / h, f"{dashes} {cut.text} {dashes}".strip(),
                      fontsize=NOTE_SIZE - 2,
                      color="#444444", ha="center", va="center")
        self.y += 0.3 + cut.gap


def _sheet(title: str, filename: str, paper: str) -> Sheet:
    return Sheet(title, filename, size=PAPERS[paper])


def _heading(text: str, size: float = HEADING_SIZE - 1) -> Text:
    return Text(text, size, True, gap=0.06)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _where(key: str, words: Mapping[str, str]) -> str:
    places = []
    if key in THREE:
        places.append(words["seq_three"].format(number=lesson_number(key, THREE)))
    if key in SIX:
        places.append(words["seq_six"].format(number=lesson_number(key, SIX)))
    if key in EXTENSIONS:
        places.append(words["seq_extension"])
    return words["in_sequences"].format(where=words["and"].join(places))


def _lesson_blocks(key: str, words: Mapping[str, str], text: Mapping[str, Any]) -> list:
    lesson = LESSONS[key]
    page = ORDER.index(key) + 1
    rows = [
        _Row(words["minutes"].format(minutes=block.minutes), words[block.needs], sentence)
        for block, sentence in zip(lesson.blocks, text["blocks"], strict=True)
    ]
    label = (LABEL_WIDTH, 0.0)
    blocks = [
        Break(),
        Text(text["title"], HEADING_SIZE, True, gap=0.04),
        Text(_where(key, words), NOTE_SIZE - 1, color="#333333", gap=0.15),
        _Row(words["goal"], "", _capital(text["goal"]), widths=label, gap=0.1),
        _Row(words["maths"], "", _capital(text["maths"]), widths=label, gap=0.1),
        _Row(words["curriculum_row"], "", words["curriculum_line"] + "_" * 20, widths=label,
             gap=0.1),
        _Row(words["materials"], "", _capital(text["materials"]), widths=label, gap=0.1),
        _Row(words["needs_screen"], "", _capital(text["screen"]), widths=label, gap=0.1),
        _Row(words["needs_paper"], "", _capital(text["paper"]), widths=label, gap=0.2),
        Group([_heading(words["blocks"], TEXT_SIZE), *rows]),
        Text(words["total"].format(minutes=lesson.minutes) + " "
              + words["ticket_ref"].format(page=page, file=words["tickets_file"]), NOTE_SIZE,
              True, gap=0.08),
    ]
    if text["homework"]:
        blocks.append(Text(f"{words['homework']}: {text['homework']}", NOTE_SIZE))
    return blocks


def _sequence_lines(sequence: Sequence[str], words: Mapping[str, str], lessons) -> list:
    return [
        Text(f"{words['lesson_label'].format(number=number)}. {lessons[key]['title']}",
              NOTE_SIZE, indent=0.2, gap=0.03)
        for number, key in enumerate(sequence, start=1)
    ]


def _plan(lang: str, paper: str) -> Sheet:
    t = texts(lang)
    words, lessons = t.WORDS, t.LESSONS
    sheet = _sheet(words["plan_title"], words["plan_file"], paper)
    page = _UnitLayout(sheet, words["plan_subtitle"].format(period=PERIOD))
    community = "la_comunidad_como_fuente.pdf" if lang == "es" else "community_sources.pdf"
    page.add(
        Text(words["plan_intro"].format(tickets=words["tickets_file"],
                                         tickets_key=words["tickets_key_file"]), NOTE_SIZE,
              gap=0.15),
        Group([_heading(words["curriculum_heading"]),
                Text(words["curriculum"], NOTE_SIZE, gap=0.15)]),
        Group([_heading(words["glance_heading"]),
                Text(words["glance_note"], NOTE_SIZE - 1, color="#333333", gap=0.08),
                _Row(words["screen"], words["paper"], "", size=NOTE_SIZE - 1, gap=0.03,
                     widths=(0.75, 0.75)),
                *[_Row(words["minutes"].format(minutes=LESSONS[key].screen_minutes),
                       words["minutes"].format(minutes=PERIOD - LESSONS[key].screen_minutes),
                       lessons[key]["title"], size=NOTE_SIZE - 1, gap=0.03,
                       widths=(0.75, 0.75))
                  for key in ORDER]]),
        Break(),
        _heading(words["sequences_heading"]),
        Group([Text(words["three_heading"], TEXT_SIZE, True, gap=0.04),
                *_sequence_lines(THREE, words, lessons),
                Text(words["three_note"], NOTE_SIZE - 1, color="#333333", gap=0.12)]),
        Group([Text(words["six_heading"], TEXT_SIZE, True, gap=0.04),
                *_sequence_lines(SIX, words, lessons),
                Text(words["six_note"].format(community_file=community), NOTE_SIZE - 1,
                      color="#333333", gap=0.12)]),
        Group([Text(words["extensions_heading"], TEXT_SIZE, True, gap=0.04),
                *[Text(f"\u2022 {lessons[key]['title']}", NOTE_SIZE, indent=0.2, gap=0.03)
                  for key in EXTENSIONS],
                Text(words["extensions_note"], NOTE_SIZE - 1, color="#333333", gap=0.12)]),
        Group([_heading(words["files_heading"]), Text(words["files"], NOTE_SIZE)]),
    )
    for key in ORDER:
        page.add(*_lesson_blocks(key, words, lessons[key]))
    page.finish()
    return sheet


def _question_board(question: Question, label: str, words: Mapping[str, str]) -> Boards:
    position: Position = question.exercise.position()
    return Boards([(position, label, False)], width=0.45, gap=0.06)


def _ask(number: int, template: str, question: Question, words: Mapping[str, str],
         key: str | None = None) -> list:
    """A question with its board (if any) and its answer lines, or with its key."""
    points = f"  {words['points'].format(points=question.points)}" if question.points else ""
    blocks: list = []
    if question.board:
        blocks.append(_question_board(question, question.board, words))
    blocks.append(Text(f"{number}.  {_fill(template, question)}{points}", TEXT_SIZE, gap=0.06))
    if key is None:
        blocks.append(Lines(question.lines, spacing=0.4))
    else:
        blocks.append(Text(words["answer"] + key, NOTE_SIZE, indent=0.25, gap=0.15))
    return [Group(blocks)]


def _tickets(lang: str, paper: str, with_key: bool) -> Sheet:
    t = texts(lang)
    words = t.WORDS
    title = words["tickets_key_title" if with_key else "tickets_title"]
    sheet = _sheet(title, words["tickets_key_file" if with_key else "tickets_file"], paper)
    page = _UnitLayout(sheet, words["key_intro"] if with_key else "")
    for key in ORDER:
        lesson, text = LESSONS[key], t.LESSONS[key]
        page.add(Break(), Text(text["title"], HEADING_SIZE - 1, True, gap=0.08))
        if not with_key:
            page.add(Text(words["name_line"], NOTE_SIZE, gap=0.08),
                     Text(words["ticket_intro"], NOTE_SIZE - 1, color="#333333", gap=0.15))
        for number, (question, (template, answer)) in enumerate(
            zip(lesson.ticket, text["ticket"], strict=True), start=1
        ):
            page.add(*_ask(number, template, question, words,
                           _fill(answer, question) if with_key else None))
    page.finish()
    return sheet


def _quiz(lang: str, paper: str, with_key: bool) -> Sheet:
    words = texts(lang).WORDS
    title = words["quiz_key_title" if with_key else "quiz_title"]
    sheet = _sheet(title, words["quiz_key_file" if with_key else "quiz_file"], paper)
    page = _UnitLayout(sheet, words["quiz_key_intro" if with_key else "quiz_intro"])
    if not with_key:
        page.add(Text(words["name_line"], NOTE_SIZE, gap=0.15))
    for number, (question, (template, answer)) in enumerate(
        zip(QUIZ, texts(lang).QUIZ, strict=True), start=1
    ):
        page.add(*_ask(number, template, question, words,
                       _fill(answer, question) if with_key else None))
    total = sum(question.points for question in QUIZ)
    page.add(Text(words["quiz_total"].format(points=total), NOTE_SIZE, True))
    page.finish()
    return sheet


def _rubric(lang: str, paper: str) -> Sheet:
    t = texts(lang)
    words = t.WORDS
    sheet = _sheet(words["rubric_title"], words["rubric_file"], paper)
    page = _UnitLayout(sheet, words["rubric_intro"])
    for item in t.RUBRIC:
        rows = [_Row("", level, description, gap=0.1, widths=(0.0, 1.45))
                for level, description in zip(words["levels"], item["levels"], strict=True)]
        title = item["title"]
        if item["exercise"]:
            title = f"{item['exercise']}. {EXERCISES[item['exercise']].text}"
        page.add(Group([
            Text(title, TEXT_SIZE, True, gap=0.05),
            Text(f"{words['criterion']}: {item['criterion']}", NOTE_SIZE, color="#333333",
                  gap=0.1),
            *rows,
            Lines(1, spacing=0.2, gap=0.15),
        ]))
    page.finish()
    return sheet


def _coins(lang: str, paper: str) -> Sheet:
    words, c = texts(lang).WORDS, texts(lang).COINS
    sheet = _sheet(words["coins_title"], words["coins_file"], paper)
    page = _UnitLayout(sheet, c["subtitle"])
    page.add(
        Text(words["name_line"], NOTE_SIZE, gap=0.08),
        Text(c["need"], NOTE_SIZE, gap=0.06),
        Text(c["story"], NOTE_SIZE, gap=0.08),
        Text(c["predict"], NOTE_SIZE, True, gap=0.15),
        Group([_heading(c["part_a"]), Text(c["part_a_text"], NOTE_SIZE, gap=0.1),
                Grid((c["toss"], c["side"]), rows=5, groups=4, row_height=0.3, gap=0.12),
                Text(c["count"], NOTE_SIZE, gap=0.15)]),
        Group([_heading(c["part_b"]), Text(c["part_b_text"], NOTE_SIZE, gap=0.05),
                _NumberLine(20, c["axis"]),
                Text(c["questions"], NOTE_SIZE, gap=0.1)]),
        Group([_heading(c["part_c"]),
                Text(c["part_c_text"].format(notebook=c["notebook"]), NOTE_SIZE)]),
    )
    page.finish()
    return sheet


def _letter(lang: str, paper: str) -> Sheet:
    words, letter = texts(lang).WORDS, texts(lang).LETTER
    sheet = _sheet(words["letter_title"], words["letter_file"], paper)
    page = _UnitLayout(sheet)
    page.add(
        Text(letter["greeting"], NOTE_SIZE, gap=0.08),
        Text(letter["body"], NOTE_SIZE, gap=0.12),
        Text(letter["games_heading"], NOTE_SIZE, True, gap=0.04),
        Text(letter["games"], NOTE_SIZE, gap=0.12),
        Text(letter["interviews_heading"], NOTE_SIZE, True, gap=0.04),
        Text(letter["interviews"], NOTE_SIZE, gap=0.12),
        Text(letter["questions"], NOTE_SIZE, gap=0.12),
        Text(letter["signature"], NOTE_SIZE, gap=0.2),
        Group([
            _Cut(letter["cut"]),
            Text(letter["slip_heading"], TEXT_SIZE, True, gap=0.08),
            Text(letter["slip_student"], NOTE_SIZE, gap=0.15),
            Text(letter["slip_games"], NOTE_SIZE, gap=0.15),
            Text(letter["slip_interviews"], NOTE_SIZE, gap=0.2),
            Text(letter["slip_sign"], NOTE_SIZE),
        ]),
    )
    page.finish()
    return sheet


#: The sheets of the unit, in the order :func:`build_unit` writes them.
SHEETS: Mapping[str, Callable[[str, str], Sheet]] = MappingProxyType({
    "plan": _plan,
    "tickets": lambda lang, paper: _tickets(lang, paper, with_key=False),
    "tickets_key": lambda lang, paper: _tickets(lang, paper, with_key=True),
    "rubric": _rubric,
    "quiz": lambda lang, paper: _quiz(lang, paper, with_key=False),
    "quiz_key": lambda lang, paper: _quiz(lang, paper, with_key=True),
    "coins": _coins,
    "letter": _letter,
})


def sheet(name: str, lang: str = "en", paper: str | None = None) -> Sheet:
    """One sheet of the unit (a key of :data:`SHEETS`) with its pages, not yet saved; call
    :func:`hoyito_edu.teaching.worksheets.close` when done."""
    lang = check_language(lang)
    paper = _paper(lang, paper)
    if name not in SHEETS:
        raise ValueError(f"unknown sheet {name!r}; choose from {', '.join(SHEETS)}")
    with language(lang):
        return SHEETS[name](lang, paper)


def _paper(lang: str, paper: str | None) -> str:
    if paper is None:
        return DEFAULT_PAPER[lang]
    if not isinstance(paper, str) or paper.lower() not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}")
    return paper.lower()


def build_unit(out_dir: str | Path, lang: str = "en", paper: str | None = None) -> list[Path]:
    """Write the unit's PDFs into ``out_dir`` in ``lang``, on ``paper`` (``"letter"`` or
    ``"a4"``; None: Letter for Spanish, A4 for English): the plan, the exit tickets and their
    key, the rubric, the quiz and its key, the coin sheet and the letter to families. File names
    are in the reader's language. Returns the paths written."""
    lang = check_language(lang)
    paper = _paper(lang, paper)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with language(lang):
        for make in SHEETS.values():
            made = make(lang, paper)
            try:
                written.append(save_sheet(made, out / made.filename))
            finally:
                close(made)
    return written


USAGE = """usage: python -m hoyito_edu.teaching.unit OUT_DIR [--lang en|es] [--paper a4|letter]

Writes the unit plan of 45-minute lessons and its sheets (exit tickets and key, rubric, quiz and
key, the coin sheet, the letter to families) into OUT_DIR, in one language (default: both, each
in OUT_DIR/en and OUT_DIR/es); paper: A4 for English and Letter for Spanish unless --paper says."""


@dataclass(frozen=True)
class _Args:
    out_dir: str
    langs: tuple[str, ...] = field(default_factory=lambda: tuple(LANGUAGES))
    paper: str | None = None


def _parse(argv: Sequence[str]) -> _Args:
    args = list(argv)
    options: dict[str, str] = {}
    positional = []
    while args:
        arg = args.pop(0)
        if arg.startswith("--"):
            name, _eq, value = arg[2:].partition("=")
            if name not in ("lang", "paper"):
                raise ValueError(f"unknown option --{name}")
            if not value:
                if not args:
                    raise ValueError(f"--{name} needs a value")
                value = args.pop(0)
            options[name] = value
        else:
            positional.append(arg)
    if len(positional) != 1:
        raise ValueError("give one OUT_DIR")
    langs = (check_language(options["lang"]),) if "lang" in options else tuple(LANGUAGES)
    paper = options.get("paper")
    if paper is not None:
        _paper("en", paper)
    return _Args(positional[0], langs, paper)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    try:
        args = _parse(argv)
    except ValueError as err:
        print(f"{err}\n\n{USAGE}", file=sys.stderr)
        return 2
    for lang in args.langs:
        out = Path(args.out_dir) if len(args.langs) == 1 else Path(args.out_dir) / lang
        for path in build_unit(out, lang, args.paper):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
