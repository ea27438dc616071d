"""Printable worksheets for the classroom activities: PDFs on A4 or Letter paper, drawn with
matplotlib.

The questions are :data:`hoyito_edu.teaching.classroom.EXERCISES`, the same objects the notebook
``06_classroom.ipynb`` asks, and every answer on the teacher sheet is worked out by the engine
(:attr:`~hoyito_edu.teaching.classroom.Exercise.answer`), so the notebook, the student sheet and the
teacher sheet cannot disagree. Boards are drawn with :func:`hoyito_edu.charts.plots.board_diagram`.

Five files in each language, written by ``make worksheets`` or
``python -m hoyito_edu.teaching.worksheets [OUT_DIR] [--paper a4|letter]`` (default
``build/worksheets``):
the English ones in ``OUT_DIR/en/``, the Spanish ones in ``OUT_DIR/es/`` (:data:`LANGUAGES`).
The paper is A4 for English and Letter (*carta*) for Spanish
(:data:`DEFAULT_PAPER`); ``--paper`` (``make worksheets PAPER=letter``) sets both.

- ``student_worksheet.pdf`` (``hoja_de_trabajo.pdf``): the questions of activities 1 to 3,
  with the boards they are about, the words of the game from the glossary
  (``data/glossary.csv``: in Spanish, with the Dominican words the sources record), empty
  boards to fill in lap by lap, and room for the answers; no answers.
- ``teacher_answers.pdf`` (``respuestas_docente.pdf``): every question with its answer, the
  working (lap by lap, from the engine's record of the move), the boards after each lap, and
  notes on common mistakes.
- ``empty_boards.pdf`` (``tableros_vacios.pdf``): empty numbered boards of 2 x 6 and 2 x 8
  holes, to play or record moves.
- ``record_sheet.pdf`` (``registro_de_partidas.pdf``): a table to write down, move by move,
  games played on a drawn board, in the columns that :mod:`hoyito_edu.teaching.recorded` reads.
- ``community_sources.pdf`` (``la_comunidad_como_fuente.pdf``): the activity in which students
  ask relatives and neighbours about the game, with the guidance on consent.

Every sheet is in the session's language (``hy.set_language``) or the one given by ``lang=``:

>>> spanish = student_sheet(lang="es")
>>> spanish.title, spanish.filename
('Hoja de trabajo: las matemáticas del Hoyito', 'hoja_de_trabajo.pdf')
>>> close(spanish)

>>> sheets = student_sheet(), teacher_sheet()
>>> [len(sheet.figures) >= 3 for sheet in sheets]
[True, True]
>>> "Answer:" in sheets[0].text(), "Answer: hole 8." in sheets[1].text()
(False, True)
>>> close(*sheets)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.position import Position, new_game
from ..i18n import LANGUAGES, N_, get_language, language, pgettext
from ..i18n import gettext as _
from .classroom import ACTIVITIES, EXERCISES, Exercise, activity_title, lap_boards

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "Sheet",
    "student_sheet",
    "teacher_sheet",
    "empty_boards_sheet",
    "record_sheet",
    "community_sheet",
    "paper_size",
    "build",
    "build_all",
    "close",
]

#: A4 portrait, in inches.
A4 = (8.27, 11.69)
#: US Letter portrait (*carta*), in inches.
LETTER = (8.5, 11.0)
PAPERS = {"a4": A4, "letter": LETTER}
#: The paper each language prints on when none is given.
DEFAULT_PAPER = {"en": "a4", "es": "letter"}
MARGIN = 0.75  # left and right on A4, inches
TOP = 0.5  # above the page title
BOTTOM = 0.65  # below the last block, above the footer
WIDTH = A4[0] - 2 * MARGIN  # the text width, the same on both papers
#: Type sizes in points: large enough to read on a photocopy.
TITLE_SIZE, HEADING_SIZE, TEXT_SIZE, NOTE_SIZE, FOOTER_SIZE = 19, 15, 13, 11.5, 9
LINE_SPACING = 1.35
#: How many empty boards a question gets to fill in, lap by lap (not the number of laps, which
#: would give part of the answer away).
LAP_BOARDS = {"2f": 3, "2g": 7, "3a": 4}
SOURCE_LINE = N_(
    "Rules: Mancala World, pages Hoyito I, II and III and Ba-awa; where they are silent, the "
    "decisions of the hoyito_edu package (its rules, docs/rules.md). Sources: docs/sources.md "
    "in the hoyito_edu package."
)
#: The glossary's terms a student sheet lists, by their English name in data/glossary.csv.
GLOSSARY_TERMS = ("hole", "seed", "casa", "sow", "lap", "relay", "capture")


def _source_line() -> str:
    return _(SOURCE_LINE)


_paper: str | None = None  # set by build(); None: the language's DEFAULT_PAPER


def paper_size(paper: str | None = None) -> tuple[float, float]:
    """(width, height) in inches of ``paper`` (``"a4"`` or ``"letter"``; None: the paper
    :func:`build` was given, else the current language's :data:`DEFAULT_PAPER`).

    >>> paper_size("letter"), paper_size("a4")
    ((8.5, 11.0), (8.27, 11.69))
    """
    name = paper or _paper or DEFAULT_PAPER.get(get_language(), "a4")
    try:
        return PAPERS[str(name).lower()]
    except KeyError:
        raise ValueError(
            f"unknown paper {name!r}; choose from {', '.join(PAPERS)}"
        ) from None


def words_of_the_game() -> str:
    """The game's words from the glossary (``data/glossary.csv``), in the current language:
    in English each term with its Spanish word, in Spanish the glossary's Spanish word; both
    with the Dominican words where a source records them.

    >>> print(words_of_the_game())  # doctest: +ELLIPSIS
    Words of the game: hole = hoyo – Dominican: casita · seed = semilla (ficha) · ...
    """
    from .data import glossary

    terms = glossary().set_index("english")
    spanish = get_language() == "es"
    parts = []
    for english in GLOSSARY_TERMS:
        word = str(terms.loc[english, "spanish"])
        term = word if spanish else f"{english} = {word}"
        said = [w.strip() for w in str(terms.loc[english, "dominican"]).split(";") if w.strip()]
        dominican = ", ".join(w for w in said if w != word)
        if dominican:
            term = _("{term} – Dominican: {dominican}").format(term=term, dominican=dominican)
        parts.append(term)
    return _("Words of the game: {words}.").format(words=" · ".join(parts))


@dataclass
class Sheet:
    """A printable sheet: its title, file name and pages (matplotlib Figures)."""

    title: str
    filename: str
    figures: list[Figure] = field(default_factory=list)
    size: tuple[float, float] = field(default_factory=paper_size)  # inches

    def text(self) -> str:
        """Every piece of text on the sheet, page by page (figure texts, board labels, titles),
        for tests and searches."""
        parts = []
        for fig in self.figures:
            parts.extend(t.get_text() for t in fig.texts)
            for ax in fig.axes:
                parts.append(ax.get_title())
                parts.extend(t.get_text() for t in ax.texts)
        return "\n".join(p for p in parts if p)


# -- blocks: what a page is made of ------------------------------------------------------------
@dataclass
class Text:
    text: str
    size: float = TEXT_SIZE
    bold: bool = False
    indent: float = 0.0
    gap: float = 0.08  # inches after
    color: str = "black"


@dataclass
class Lines:
    """Ruled lines to write on; ``prompt`` in front of the first."""

    count: int
    prompt: str = ""
    spacing: float = 0.42
    gap: float = 0.12


@dataclass
class Boards:
    """Boards in a grid: (position, title, blank) triples."""

    boards: Sequence[tuple[Position, str, bool]]
    columns: int = 1
    gap: float = 0.1
    width: float = 1.0  # share of the text width the grid takes (centred)


@dataclass
class Group:
    """Blocks that must stay on one page."""

    blocks: list = field(default_factory=list)


class Break:
    """Start a new page here (unless the page is still empty)."""


@dataclass
class Grid:
    """An empty table to write in: ``groups`` copies side by side of the ``headers`` columns,
    ``rows`` rows each, the first column of each copy numbered from ``first``."""

    headers: Sequence[str]
    rows: int
    groups: int = 1
    first: int = 1
    row_height: float = 0.25
    gap: float = 0.15
    fill: bool = False  # as many rows as the rest of the page holds (``rows`` at least)


def _board_size(position: Position, columns: int, share: float = 1.0) -> tuple[float, float]:
    """(width, height) in inches of one board in a grid of ``columns`` taking ``share`` of the
    text width (aspect of board_diagram's data limits: x from -1.2 to n + 0.4, y from -1.4 to
    2.7, plus the title)."""
    width = (share * WIDTH - 0.25 * (columns - 1)) / columns
    n = position.holes_per_row
    height = width * 4.1 / (n + 1.6) + title_room(columns)
    return width, height


def title_room(columns: int) -> float:
    """Inches above a board for its title: two lines on a board in three columns or more."""
    return 0.42 if columns >= 3 else 0.28


#: Lines of the blocks measured so far (``Layout._wrap``), by block, font and settings.
WRAPPED: dict[tuple, tuple[str, ...]] = {}
MAX_WRAPPED = 20_000  # blocks, about 2 MB: far more than every sheet of every language
#: matplotlib settings a text's measured width depends on (besides its font, size and dpi).
MEASURE_SETTINGS = ("text.hinting", "text.hinting_factor", "text.kerning_factor")


class Layout:
    """Places blocks on pages (A4 or Letter) from top to bottom, starting a new page when one
    is full."""

    def __init__(self, sheet: Sheet, subtitle: str = "") -> None:
        self.sheet = sheet
        self.page = sheet.size
        self.left = (self.page[0] - WIDTH) / 2  # the text block is centred on the page
        self.subtitle = subtitle
        self.fig: Figure | None = None
        self.y = 0.0
        self.empty = True
        self._renderer = None

    # pages ---------------------------------------------------------------------------
    def new_page(self) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.font_manager import FontProperties

        # A Figure of its own, not pyplot's: nothing to close, no backend to set up.
        fig = Figure(figsize=self.page)
        FigureCanvasAgg(fig)
        self.sheet.figures.append(fig)
        self.fig = fig
        self._renderer = fig.canvas.get_renderer()
        size = TITLE_SIZE  # shrink a long title until it fits the width
        while size > HEADING_SIZE:
            width, _height, _descent = self._renderer.get_text_width_height_descent(
                self.sheet.title, FontProperties(size=size, weight="bold"), ismath=False
            )
            if width <= WIDTH * fig.dpi:
                break
            size -= 0.5
        fig.text(
            self.left / self.page[0],
            1 - TOP / self.page[1],
            self.sheet.title,
            fontsize=size,
            fontweight="bold",
            va="top",
        )
        self.y = TOP + size * LINE_SPACING / 72 + 0.1
        if self.subtitle and len(self.sheet.figures) == 1:
            self.y += self._place_text(Text(self.subtitle, size=NOTE_SIZE, color="#333333"))
        self.fig.add_artist(_rule(self.fig, self.y, self.left))
        self.y += 0.2
        self.empty = True

    def finish(self) -> None:
        pages = len(self.sheet.figures)
        for number, fig in enumerate(self.sheet.figures, start=1):
            fig.text(
                self.left / self.page[0],
                0.4 / self.page[1],
                f"hoyito_edu · {self.sheet.title} · "
                + _("page {number} of {pages}").format(number=number, pages=pages),
                fontsize=FOOTER_SIZE,
                color="#555555",
            )

    def _room(self) -> float:
        return self.page[1] - BOTTOM - self.y

    # measuring and placing ------------------------------------------------------------
    def _wrap(self, block: Text) -> list[str]:
        """The lines ``block`` takes, each as wide as the text width (less its indent) allows.

        A block is measured once a process: its height is asked for before it is placed, and
        the same sentences recur on every sheet and paper (measuring is most of the time a
        sheet takes). The key holds everything the measurement depends on: the words, the
        size and weight, the font file, the resolution and the hinting settings.
        """
        import matplotlib
        from matplotlib.font_manager import FontProperties, findfont

        if self._renderer is None:
            self.new_page()
        prop = FontProperties(size=block.size, weight="bold" if block.bold else "normal")
        key = (block.text, block.size, block.bold, block.indent, self.fig.dpi, findfont(prop),
               *(matplotlib.rcParams[name] for name in MEASURE_SETTINGS))
        if key not in WRAPPED:
            if len(WRAPPED) >= MAX_WRAPPED:
                WRAPPED.clear()
            WRAPPED[key] = tuple(self._measured_lines(block, prop))
        return list(WRAPPED[key])

    def _measured_lines(self, block: Text, prop) -> list[str]:
        limit = (WIDTH - block.indent) * self.fig.dpi
        lines: list[str] = []
        for paragraph in block.text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}" if line else word
                width, _height, _descent = self._renderer.get_text_width_height_descent(
                    candidate, prop, ismath=False
                )
                if width > limit and line:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
        return lines

    def _height(self, block) -> float:
        if isinstance(block, Break):
            return 0.0
        if isinstance(block, Text):
            return len(self._wrap(block)) * block.size * LINE_SPACING / 72 + block.gap
        if isinstance(block, Lines):
            return block.count * block.spacing + block.gap
        if isinstance(block, Grid):
            return (block.rows + 1) * block.row_height + block.gap
        if isinstance(block, Boards):
            rows = -(-len(block.boards) // block.columns)
            _width, height = _board_size(block.boards[0][0], block.columns, block.width)
            return rows * height + block.gap
        return sum(self._height(b) for b in block.blocks)

    def _place_text(self, block: Text) -> float:
        lines = self._wrap(block)
        step = block.size * LINE_SPACING / 72
        for index, line in enumerate(lines):
            self.fig.text(
                (self.left + block.indent) / self.page[0],
                1 - (self.y + index * step) / self.page[1],
                line,
                fontsize=block.size,
                fontweight="bold" if block.bold else "normal",
                color=block.color,
                va="top",
            )
        return len(lines) * step + block.gap

    def _place(self, block) -> None:
        if isinstance(block, Text):
            self.y += self._place_text(block)
        elif isinstance(block, Lines):
            for index in range(block.count):
                base = self.y + (index + 1) * block.spacing
                start = self.left
                if index == 0 and block.prompt:
                    self.fig.text(
                        self.left / self.page[0],
                        1 - (base - 0.05) / self.page[1],
                        block.prompt,
                        fontsize=TEXT_SIZE,
                        va="bottom",
                    )
                    start += 0.15 + len(block.prompt) * TEXT_SIZE * 0.55 / 72
                self.fig.add_artist(_rule(self.fig, base, start, self.left))
            self.y += block.count * block.spacing + block.gap
        elif isinstance(block, Grid):
            self._place_grid(block)
            self.y += self._height(block)
        elif isinstance(block, Boards):
            width, height = _board_size(block.boards[0][0], block.columns, block.width)
            indent = (1 - block.width) * WIDTH / 2
            for index, (position, title, blank) in enumerate(block.boards):
                row, column = divmod(index, block.columns)
                left = self.left + indent + column * (width + 0.25)
                top = self.y + row * height
                w, h = self.page
                ax = self.fig.add_axes((left / w, 1 - (top + height) / h, width / w, height / h))
                draw_board(position, ax, title, blank=blank)
            self.y += self._height(block)
        else:
            for inner in block.blocks:
                self._place(inner)

    def _place_grid(self, grid: Grid) -> None:
        from matplotlib.lines import Line2D

        w, h = self.page
        gap = 0.2
        group_width = (WIDTH - gap * (grid.groups - 1)) / grid.groups
        column = group_width / len(grid.headers)
        bottom = self.y + (grid.rows + 1) * grid.row_height
        for g in range(grid.groups):
            left = self.left + g * (group_width + gap)
            for r in range(grid.rows + 2):  # horizontal lines: top, under the headers, rows
                y = 1 - (self.y + r * grid.row_height) / h
                self.fig.add_artist(Line2D([left / w, (left + group_width) / w], [y, y],
                                           transform=self.fig.transFigure, color="#555555",
                                           linewidth=1.0 if r < 2 else 0.6))
            for c in range(len(grid.headers) + 1):
                x = (left + c * column) / w
                self.fig.add_artist(Line2D([x, x], [1 - self.y / h, 1 - bottom / h],
                                           transform=self.fig.transFigure, color="#555555",
                                           linewidth=0.6))
            for c, header in enumerate(grid.headers):
                self.fig.text((left + (c + 0.5) * column) / w,
                              1 - (self.y + 0.5 * grid.row_height) / h, header,
                              fontsize=NOTE_SIZE - 1, fontweight="bold", ha="center",
                              va="center")
            for r in range(grid.rows):
                number = grid.first + g * grid.rows + r
                self.fig.text((left + 0.5 * column) / w,
                              1 - (self.y + (r + 1.5) * grid.row_height) / h, str(number),
                              fontsize=NOTE_SIZE - 1.5, color="#555555", ha="center",
                              va="center")

    def add(self, *blocks) -> None:
        """Place ``blocks``; each one (a Group counts as one) moves to a new page if it does
        not fit on this one."""
        for block in blocks:
            if isinstance(block, Break):
                if self.fig is not None and not self.empty:
                    self.new_page()
                continue
            if self.fig is None:
                self.new_page()
            if isinstance(block, Grid) and block.fill:
                block.rows = max(block.rows, int((self._room() - block.gap) / block.row_height) - 1)
            if self._height(block) > self._room():
                self.new_page()
            self._place(block)
            self.empty = False


def _rule(fig: Figure, y: float, start: float = MARGIN, left: float = MARGIN):
    """A thin horizontal line from ``start`` to the end of the text width (which begins at
    ``left``), ``y`` inches from the top."""
    from matplotlib.lines import Line2D

    width, height = fig.get_size_inches()
    yf = 1 - y / height
    return Line2D(
        [start / width, (left + WIDTH) / width],
        [yf, yf],
        transform=fig.transFigure,
        color="#777777",
        linewidth=0.8,
    )


# -- boards ------------------------------------------------------------------------------------
def draw_board(position: Position, ax: Axes, title: str, *, blank: bool = False) -> Axes:
    """:func:`hoyito_edu.charts.plots.board_diagram` for paper: type sized for the drawing's width
    (seeds that fit inside their holes, hole numbers and players' lines that keep clear of each
    other), a title that fits the board's width, no "to move" marker and, with ``blank=True``,
    empty holes and captures to fill in (the hole numbers stay). In the current language."""
    from ..charts.plots import board_diagram, player_line

    board_diagram(position, title=title, ax=ax)
    n = position.holes_per_row
    # points per unit of the drawing (a hole is 0.9 units wide, a row 1.3 units apart): about
    # 65 for a full-width 2 x 6 board, 31 for half width, 20 for a board in three columns
    box = ax.get_position()
    unit = 72 * min(box.width * ax.figure.get_figwidth() / (n + 1.6),
                    (box.height * ax.figure.get_figheight() - 0.28) / 4.1)
    seeds_size = min(20.0, 0.6 * unit)
    number_size = min(11.0, 0.3 * unit)
    label_size = min(12.5, 0.36 * unit)
    # between a hole's edge (0.45 from its centre) and the drawing's edge (0.95 further) go its
    # number and then the player's line, each as tall as about 1.2 times its size
    number_offset = 0.45 + 0.05 + 0.6 * number_size / unit
    line_offset = 1.4 - 0.6 * label_size / unit
    centres = {(float(h if h < n else 2 * n - 1 - h), 1.3 * (h >= n)) for h in range(2 * n)}
    for text in ax.texts:
        label = text.get_text()
        x, y = map(float, text.get_position())
        top = y > 0.65
        gid = text.get_gid() or ""
        if gid.startswith("player-"):  # a player's line: no turn marker, blank captures
            player = int(gid.removeprefix("player-"))
            label = player_line(player, "____" if blank else position.captures[player])
            text.set_fontsize(label_size)
            text.set_position((x, 1.3 + line_offset if top else -line_offset))
        elif (x, y) in centres:  # the seeds in a hole
            label = "" if blank else label
            text.set_fontsize(seeds_size * (0.75 if len(label) > 2 else 1))
        elif label.isdigit():  # a hole number, between its hole and the player's line
            text.set_fontsize(number_size)
            text.set_color("#333333")
            text.set_position((x, 1.3 + number_offset if top else -number_offset))
        text.set_text(label)
    _fit_title(ax, NOTE_SIZE + (1.5 if unit > 43 else 0), n)
    return ax


def _fit_title(ax: Axes, size: float, holes_per_row: int) -> None:
    """Set the board's title at ``size`` points, smaller (down to 8) if it is wider than the
    board, and on two lines if even that is too wide; inside the board's own box (the drawing
    sits at the bottom, the title in the top 0.28 inch), so it never reaches the board above."""
    box = ax.get_position()
    width = box.width * ax.figure.get_figwidth() * 72
    height = box.height * ax.figure.get_figheight()
    drawing = min(height - 0.28, box.width * ax.figure.get_figwidth() * 4.1 / (holes_per_row + 1.6))
    ax.set_anchor("S")
    ax.title.set_verticalalignment("top")
    ax.title.set_y(height / drawing)
    renderer = ax.figure.canvas.get_renderer()
    ax.title.set_fontsize(size)

    def too_wide() -> bool:
        return ax.title.get_window_extent(renderer).width * 72 / ax.figure.dpi > width

    while too_wide() and size > 9:
        size -= 0.5
        ax.title.set_fontsize(size)
    if too_wide():
        text = ax.get_title()
        head, bracket, tail = text.partition(" (")
        if not bracket:
            words = text.split()
            head, tail = " ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2:])
        ax.title.set_text(head + "\n" + bracket.strip() + tail)


def _blank(holes_per_row: int = 6) -> Position:
    return new_game("hoyito-i", holes_per_row=holes_per_row)


def _after_lap_positions(exercise: Exercise) -> list[tuple[Position, str, bool]]:
    """The engine's board at the end of every lap of the exercise's move, for the teacher."""
    move = exercise.move()
    rules = move.before.rules
    boards = []
    laps = lap_boards(move)
    for lap, board, taken in laps:
        position = new_game(rules, board=list(board), player=move.player, captures=taken)
        if lap == laps[-1][0]:
            title = _("After lap {lap} (the end of the move)").format(lap=lap)
        else:
            title = _("After lap {lap}").format(lap=lap)
        boards.append((position, title, False))
    return boards


# -- the sheets --------------------------------------------------------------------------------
def _question(exercise: Exercise, size: float = TEXT_SIZE, color: str = "black") -> Text:
    return Text(f"{exercise.key}.  {exercise.text}", size, color=color, gap=0.1)


def _answer_space(exercise: Exercise) -> list:
    if exercise.kind == "division":
        seeds = exercise.facts()["seeds"]
        return [
            Text(
                _("Every hole receives ______ seeds;  ______ holes receive one seed more."), gap=0
            ),
            Text(
                _("As a division:  {seeds} = ______ × ______ + ______").format(seeds=seeds), gap=0.3
            ),
        ]
    if exercise.kind == "written":
        return [Lines(exercise.lines)]
    prompts = {
        "last-hole": _("Hole:"),
        "relay": _("Hole:"),
        "captured": _("Number of seeds:"),
        "casas": _("Number of casas:"),
    }
    return [Lines(1, prompts[exercise.kind], gap=0.2)]


def _intro(activity: int, holes_per_row: int = 6) -> str:
    n = holes_per_row
    if activity == 1:
        return _(
            "A move starts by lifting all the seeds of one hole and dropping them one by one "
            "into the next holes, going round the board. With many seeds the sowing goes round "
            "more than once: it comes back to the hole the seeds were lifted from and drops a "
            "seed there too (the rule in these exercises)."
        )
    if activity == 2:
        return _(
            "The holes are numbered in the order the seeds travel: South's row 0 to {last_south} "
            "from left to right, then North's row {first_north} to {last} from right to left, and "
            "after hole {last} comes hole 0 again, as on a clock face. In questions "
            "2a to 2d there is no relay: only where the first lap ends counts. Long sowings "
            "drop a seed into the hole they started from when they come round to it."
        ).format(last_south=n - 1, first_north=n, last=2 * n - 1)
    return _(
        "A hole that reaches exactly four seeds is a casa (\u201chouse\u201d). In Hoyito I "
        "the player who is moving takes every casa. In Hoyito II and III only a casa made by "
        "the last seed is taken, by the mover. In Ba-awa a casa made during sowing goes to the "
        "owner of the hole, one made by the last seed to the mover. A move ends when its last "
        "seed falls into an empty hole or makes a casa."
    )


def _exercises(activity: int) -> list[Exercise]:
    return [e for e in EXERCISES.values() if e.activity == activity]


def _heading(activity: int) -> Text:
    heading = _("Activity {number}. {title}").format(
        number=activity, title=activity_title(activity)
    )
    return Text(heading, HEADING_SIZE, True)


def _start_board(exercise: Exercise, prefix: str = "") -> tuple[Position, str, bool]:
    facts = exercise.facts()
    title = _("{player} sows hole {hole}").format(player=facts["mover"], hole=facts["start"])
    return exercise.position(), prefix + title, False


def student_sheet(lang: str | None = None) -> Sheet:
    """The student worksheet: questions, boards, empty boards and room for answers, in
    ``lang`` (None: the session's language).

    The blocks flow from page to page (a question stays with its boards and answer space);
    a new page starts only for the long relay question 2g and for activity 3."""
    with language(lang):
        return _student_sheet()


def _student_sheet() -> Sheet:
    title = _("Worksheet: the mathematics of Hoyito")
    sheet = Sheet(title, pgettext("file name", "student_worksheet.pdf"))
    page = Layout(sheet)
    ex = EXERCISES
    after_lap = _("After lap ____")
    page.add(
        Text(
            _("Name: _______________________   Class: _________   Date: ____________"), gap=0.25
        ),
        Boards(
            [(new_game("hoyito-i"), _("The board at the start of a game"), False)],
            gap=0.1, width=0.6,
        ),
        Text(words_of_the_game(), NOTE_SIZE, gap=0.15),
        Group([_heading(1), Text(_intro(1), NOTE_SIZE, gap=0.15)]),
        *[Group([_question(ex[k]), *_answer_space(ex[k])]) for k in ("1a", "1b", "1c")],
        Group([
            _heading(2),
            Text(_intro(2), NOTE_SIZE, gap=0.1),
            Boards([(_blank(6), _("A board of 2 × 6 holes to count on"), True)], width=0.6),
        ]),
        *[Group([_question(ex[k]), *_answer_space(ex[k])]) for k in ("2a", "2b", "2c")],
        Group([
            _question(ex["2d"]),
            Boards([(_blank(8), _("A board of 2 × 8 holes"), True)], width=0.7),
            *_answer_space(ex["2d"]),
        ]),
        Group([_question(ex["2e"]), *_answer_space(ex["2e"])]),
    )
    for key in ("2f", "2g"):
        exercise = ex[key]
        boards = [_start_board(exercise), *[(_blank(), after_lap, True)] * LAP_BOARDS[key]]
        rows = [boards[i : i + 3] for i in range(0, len(boards), 3)]  # may go on to the next page
        page.add(
            Group([_question(exercise), Boards(rows[0], columns=3)]),
            *[Boards(row, columns=3) for row in rows[1:]],
            *_answer_space(exercise),
        )
    page.add(
        Group([
            _heading(3),
            Text(_intro(3), NOTE_SIZE, gap=0.1),
            Boards([_start_board(ex["3a"], _("3a to 3c: "))], width=0.6),
        ]),
        *[Group([_question(ex[k]), *_answer_space(ex[k])]) for k in ("3a", "3b", "3c")],
        Group([
            Text(_("Boards to follow the move of 3a to 3c on:"), NOTE_SIZE),
            Boards([(_blank(), after_lap, True)] * LAP_BOARDS["3a"], columns=3),
        ]),
        Group([_question(ex["3d"]), *_answer_space(ex["3d"])]),
        Text(_source_line(), size=FOOTER_SIZE + 1, color="#444444"),
    )
    page.finish()
    return sheet


def teacher_sheet(lang: str | None = None) -> Sheet:
    """The teacher sheet: every question with its answer and working, from the engine, in
    ``lang`` (None: the session's language)."""
    with language(lang):
        return _teacher_sheet()


def _teacher_sheet() -> Sheet:
    sheet = Sheet(_("Teacher sheet: answers"), pgettext("file name", "teacher_answers.pdf"))
    page = Layout(
        sheet,
        _(
            "Every answer, every working and every board below is computed by the hoyito_edu "
            "engine from the same exercises the notebook {notebook} and the student worksheet "
            "ask."
        ).format(notebook=pgettext("file name", "06_classroom.ipynb")),
    )
    for activity in ACTIVITIES:
        heading = [_heading(activity)]  # kept on the page of the activity's first question
        for exercise in _exercises(activity):
            blocks = [*heading, _question(exercise, NOTE_SIZE, "#333333")]
            heading = []
            if exercise.kind != "written":
                answer = _("Answer: {answer}.").format(answer=exercise.answer_text)
                blocks.append(Text(answer, TEXT_SIZE, True))
                blocks.append(Text(exercise.working(), NOTE_SIZE, indent=0.2))
                if exercise.notes:
                    blocks.append(Text(exercise.note, NOTE_SIZE, indent=0.2, gap=0.2))
            else:
                blocks.append(Text(_("Model answer:"), TEXT_SIZE, True))
                blocks.append(Text(exercise.solution(), NOTE_SIZE, indent=0.2, gap=0.2))
            page.add(Group(blocks))
            if exercise.kind in ("relay", "captured", "casas"):
                page.add(Boards(_after_lap_positions(exercise), columns=3, gap=0.25))
    page.add(Text(_source_line(), size=FOOTER_SIZE + 1, color="#444444"))
    page.finish()
    return sheet


def empty_boards_sheet(lang: str | None = None) -> Sheet:
    """Empty numbered boards (2 x 6 and 2 x 8) to play on or to record moves, in ``lang``
    (None: the session's language)."""
    with language(lang):
        return _empty_boards_sheet()


def _empty_boards_sheet() -> Sheet:
    sheet = Sheet(_("Empty boards"), pgettext("file name", "empty_boards.pdf"))
    page = Layout(
        sheet,
        _(
            "Write the number of seeds in each hole. The small numbers are the hole numbers, in "
            "the order the seeds travel (the arrows)."
        ),
    )
    six, eight = _("2 × 6 holes"), _("2 × 8 holes")
    _fill_page(page, _blank(6), six)
    page.add(Break())
    _fill_page(page, _blank(8), eight)
    page.finish()
    return sheet


def _fill_page(page: Layout, position: Position, title: str, least: float = 0.6) -> None:
    """Empty boards of ``position``'s size, one under another, filling the rest of the page: as
    many as fit at ``least`` of the text width at least, then widened (up to the full width) to
    take the page's whole height."""
    if page.fig is None:
        page.new_page()
    room = page._room()
    per_hole = WIDTH / (position.holes_per_row + 1.6)
    extra = title_room(1) + 0.1  # the title and the gap under each board

    def height(share: float) -> float:
        return share * per_hole * 4.1 + extra

    count = max(1, int(room // height(least)))
    share = min(1.0, (room / count - extra) / (per_hole * 4.1) - 0.005)
    for _copy in range(count):
        page.add(Boards([(position, title, True)], width=share))


#: The record sheet's table: three columns of moves, as many rows as each page holds (at
#: least these many).
RECORD_ROWS, RECORD_GROUPS = 12, 3


def record_sheet(lang: str | None = None) -> Sheet:
    """A paper record of games played on a drawn board, one move a row, in the columns that
    :func:`hoyito_edu.teaching.recorded.load_recorded_games` reads, in ``lang`` (None: the
    session's).

    >>> sheet = record_sheet()
    >>> "Copy the moves into a file" in sheet.text()
    True
    >>> close(sheet)
    """
    with language(lang):
        return _record_sheet()


def _record_sheet() -> Sheet:
    sheet = Sheet(_("Record of a game"), pgettext("file name", "record_sheet.pdf"))
    page = Layout(sheet)
    headers = (
        pgettext("record sheet column", "move"),
        "S / N",
        pgettext("record sheet column", "hole"),
    )
    page.add(
        Text(
            _("Game number: ______   Rule set (circle one): Hoyito I · Hoyito II · Hoyito III "
              "· Ba-awa   Date: __________"),
            NOTE_SIZE, gap=0.1,
        ),
        Text(
            _("South: team ______   North: team ______   (a letter for each team, never a "
              "name)   Who starts (circle): South · North"),
            NOTE_SIZE, gap=0.15,
        ),
        Text(
            _("One person writes while the others play. After every move write its number, "
              "who moved (S for South, N for North) and the hole sown, numbered as on the board "
              "below. A player who captures with the last seed in Hoyito II or III plays again: "
              "write that move on the next row, with the same letter. Write every move until "
              "the game ends."),
            NOTE_SIZE, gap=0.1,
        ),
        Boards([(_blank(6), _("The hole numbers"), True)], width=0.4, gap=0.1),
        Text(
            _("At the end: South holds ______ seeds, North holds ______ seeds. Winner: "
              "______"),
            NOTE_SIZE, gap=0.1,
        ),
        first := Grid(headers, RECORD_ROWS, RECORD_GROUPS, fill=True),
    )
    page.add(
        Break(),
        Text(
            _("Copy the moves into a file with the columns game, variant, move, player, hole "
              "(the template is data/recorded_games_template.csv in the hoyito_edu package): "
              "one row per move. The computer replays every game with the rules and finds the "
              "captures, the score and the winner; if a move cannot have been played, it names "
              "the row, so the class can check the sheet."),
            NOTE_SIZE - 1, color="#333333", gap=0.15,
        ),
        Text(_("More moves (the same game):"), NOTE_SIZE, gap=0.15),
        Grid(headers, RECORD_ROWS, RECORD_GROUPS, first=first.rows * RECORD_GROUPS + 1, fill=True),
    )
    page.finish()
    return sheet


def community_sheet(lang: str | None = None) -> Sheet:
    """The community as a source: questions students ask relatives and neighbours about the
    game, guidance on consent, and how to compare the answers with the recorded rules; in
    ``lang`` (None: the session's).

    >>> sheet = community_sheet(lang="es")
    >>> "No escribas nombres" in sheet.text()
    True
    >>> close(sheet)
    """
    with language(lang):
        return _community_sheet()


#: The questions of the community activity, in the order they are asked.
COMMUNITY_QUESTIONS = (
    N_("Do you know a game called hoyito, casitas or mate, or a game where seeds are sown "
       "round two rows of holes? What was it called where you played it?"),
    N_("Where and when did you play it or see it played (the town or area, and about which "
       "years)? Who played it?"),
    N_("How was the board made (holes in the ground, drawn on concrete, something else)? How "
       "many holes in a row? What did you play with: seeds, pebbles, something else?"),
    N_("How many seeds went into each hole at the start? When the last seed fell into a hole "
       "that already had seeds, what happened?"),
    N_("When did a player take seeds? Which words did you use for taking them (comer, beber, "
       "another word)? What did you call a hole with four seeds?"),
    N_("How did a game end, and who won? Did you play several games in a row?"),
)


def _community_sheet() -> Sheet:
    sheet = Sheet(_("The community as a source"), pgettext("file name", "community_sources.pdf"))
    page = Layout(
        sheet,
        _("An activity for home: ask relatives and neighbours what they know about the game."),
    )
    page.add(
        Text(
            _("The rules in these notebooks come from researchers who interviewed players in "
              "2004 and 2005 and from the pages that report their work. Your family and "
              "neighbours may know the game too, perhaps with other rules or other words. "
              "What they remember is a source: write it down carefully, as a researcher "
              "would."),
            NOTE_SIZE, gap=0.15,
        ),
        Text(_("Before you ask"), HEADING_SIZE - 2, True),
        Text(
            _("• Say what the class project is and ask whether the person agrees to answer. "
              "They may say no, skip a question or stop at any time.\n"
              "• Write no names: write \u201cperson 1\u201d, \u201cperson 2\u201d. Write "
              "how the person is related to you (grandmother, neighbour) only if they agree.\n"
              "• Take notes only. Record the voice or take a photograph only if the person "
              "says yes, and never of children without their family's permission.\n"
              "• Share in class only what the person agreed to share."),
            NOTE_SIZE, indent=0.1, gap=0.15,
        ),
        Text(_("The questions (write the answers in the person's own words)"),
              HEADING_SIZE - 2, True),
        Text(_("Person: ______   Town or area: ______________   Years they played: ______"),
              NOTE_SIZE, gap=0.15),
    )
    for number, question in enumerate(COMMUNITY_QUESTIONS, start=1):
        page.add(Group([Text(f"{number}. {_(question)}", NOTE_SIZE, gap=0.05), Lines(2)]))
    page.add(
        Group([
            Text(_("When answers disagree"), HEADING_SIZE - 2, True),
            Text(
                _("Write down every answer as it was told, even when two people disagree or "
                  "an answer differs from the notebooks. There is no wrong answer: the sources "
                  "themselves record three sets of rules under the name Hoyito, from different "
                  "towns. Do not try to decide who is right; note where and when each person "
                  "played."),
                NOTE_SIZE, gap=0.15,
            ),
        ]),
        Group([
            Text(_("Back in class: compare with the recorded rules"), HEADING_SIZE - 2, True),
            Text(
                _("Put the class's answers in one table, a row per person and a column per "
                  "question. For each rule (the seeds at the start, the relay, who takes a "
                  "four, how a game ends) say whether it is the rule of Hoyito I, II or III or "
                  "of Ba-awa as the notebooks record them (notebook 02s, or the rules table in "
                  "data/variants.csv), or a rule nobody recorded. A rule nobody recorded is "
                  "not a mistake: it is a new observation, with where and when it was played. "
                  "Which words for taking seeds did the class hear? The sources record comer "
                  "and beber."),
                NOTE_SIZE,
            ),
        ]),
    )
    page.finish()
    return sheet


def close(*sheets: Sheet) -> None:
    """Let go of the sheets' pages (they are plain Figures, not kept by pyplot)."""
    for sheet in sheets:
        sheet.figures.clear()


def save_sheet(sheet: Sheet, path: Path) -> Path:
    from matplotlib.backends.backend_pdf import PdfPages

    metadata = {
        "Title": sheet.title,
        "Author": "hoyito_edu",
        "Subject": _("Classroom activities: sowing, counting round a ring, casas"),
        "CreationDate": None,
    }
    with PdfPages(path, metadata=metadata) as pdf:
        for fig in sheet.figures:
            pdf.savefig(fig)
    return path


def build(
    out_dir: str | Path = "build/worksheets",
    sheets: Iterable[str] | None = None,
    *,
    lang: str | None = None,
    paper: str | None = None,
) -> dict:
    """Write the worksheets of one language into ``out_dir``; return {file name: path}.

    ``sheets`` picks some of ``"student"``, ``"teacher"``, ``"empty"``, ``"record"``,
    ``"community"`` (default: all); ``lang`` is the language (None: the session's); ``paper``
    is ``"a4"`` or ``"letter"`` (None: the language's :data:`DEFAULT_PAPER`).
    :func:`build_all` writes every language.
    """
    global _paper
    makers = {"student": student_sheet, "teacher": teacher_sheet, "empty": empty_boards_sheet,
              "record": record_sheet, "community": community_sheet}
    chosen = list(makers) if sheets is None else list(sheets)
    unknown = sorted(set(chosen) - set(makers))
    if unknown:
        raise ValueError(f"unknown sheet(s) {', '.join(unknown)}; choose from {', '.join(makers)}")
    if paper is not None:
        paper_size(paper)  # refuse an unknown paper before writing anything
    with language(lang):
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        written = {}
        previous, _paper = _paper, paper
        try:
            for name in chosen:
                sheet = makers[name]()
                try:
                    written[sheet.filename] = save_sheet(sheet, out / sheet.filename)
                finally:
                    close(sheet)
        finally:
            _paper = previous
    return written


def build_all(
    out_dir: str | Path = "build/worksheets", paper: str | None = None
) -> dict[str, dict]:
    """Write the worksheets in every language, each into ``out_dir/<language>/`` (``en``,
    ``es``), on ``paper`` (None: A4 for English, Letter for Spanish); return
    {language: {file name: path}}."""
    return {lang: build(Path(out_dir) / lang, lang=lang, paper=paper) for lang in LANGUAGES}


USAGE = """usage: python -m hoyito_edu.teaching.worksheets [OUT_DIR] [--paper a4|letter]
(default build/worksheets; paper: A4 for English, Letter for Spanish)

Writes the printable worksheets in English into OUT_DIR/en/ (student_worksheet.pdf,
teacher_answers.pdf, empty_boards.pdf, record_sheet.pdf, community_sources.pdf) and in Spanish
into OUT_DIR/es/ (hoja_de_trabajo.pdf, respuestas_docente.pdf, tableros_vacios.pdf,
registro_de_partidas.pdf, la_comunidad_como_fuente.pdf)."""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    paper = None
    for index, arg in enumerate(args):
        if arg.startswith("--paper"):
            value = arg.partition("=")[2] or (args[index + 1] if index + 1 < len(args) else "")
            paper = value or None
            del args[index : index + (1 if "=" in arg else 2)]
            break
    if paper is not None and paper.lower() not in PAPERS:
        print(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}", file=sys.stderr)
        return 2
    paper = paper.lower() if paper else None
    for written in build_all(args[0] if args else "build/worksheets", paper=paper).values():
        for path in written.values():
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
