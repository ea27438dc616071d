"""``CompareSession``: one position, one hole, several rules side by side, in plain Python.

Each column is one rule set, or one rule set with rule options (``skip_origin``,
``chain_opponent_side_only``, ``max_laps``, ``quiet_limit``). The engine sows the hole under
each (:func:`hoyito_edu.teaching.comparing.compare`). The session checks what it is given
(every argument, hole clicked and board typed is checked here, and only here), keeps what is
on show as one immutable :class:`Compared`, takes the page's messages as plain dicts
(:meth:`CompareSession.handle`) and tells its *listeners* what changed:

* ``{"type": "view", "view": {...}}``: what the page draws now (a small board per column,
  the holes whose counts end different, the table of facts, the notice line);
* ``{"type": "film", "film": {...}, "column": k}``: column ``k``'s sowing, for its board to
  animate (every column's film is sent each time the comparison changes or is sown again).

A typed board that cannot be read is explained in one sentence
(:func:`~hoyito_edu.teaching.comparing.parse_board`) and changes nothing. The anywidget
:class:`~hoyito_edu.CompareRules` only carries these messages; nothing here needs a widget
library or a Jupyter kernel.

>>> session = CompareSession([2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], hole=0)
>>> [session.result(v).after.board[1] for v in ("hoyito-i", "hoyito-ii", "ba-awa")]
[0, 4, 0]
>>> session.differing_rows()
['South took', 'Seeds left', 'What happened']
>>> seen = []
>>> session.listeners.append(seen.append)
>>> session.handle({"type": "click", "hole": 1})
>>> [(m["type"], m.get("column")) for m in seen]
[('view', None), ('film', 0), ('film', 1), ('film', 2), ('film', 3)]
>>> session.set_board("4 4 banana")
False
>>> session.notice_text
'The 3rd entry you typed, “banana”, is not a number of seeds: type whole numbers such as 0, 4 \
or 12, separated by spaces or commas.'
>>> session.shown.hole   # the refused board changed nothing
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..engine.checks import as_whole, shown
from ..engine.position import Move, Position, new_game
from ..engine.rules import VARIANTS, get_rules
from ..i18n import check_language, ngettext
from ..i18n import gettext as _
from ..teaching.comparing import (
    EXAMPLE_BOARD,
    Comparison,
    as_table,
    compare,
    differing,
    parse_board,
    start_position,
)
from ..teaching.words import COLUMNS, refusal_line, side_name
from . import texts
from .film import film, position_view
from .session import speaking

Listener = Callable[[dict], None]

#: The hole of :data:`~hoyito_edu.teaching.comparing.EXAMPLE_BOARD` where every rule set differs.
EXAMPLE_HOLE = 3


@dataclass(frozen=True)
class Compared:
    """What is on show: the position, the hole sown on every board, and each rule's result
    (one :class:`~hoyito_edu.teaching.comparing.Comparison` per column, in order)."""

    position: Position
    hole: int
    rows: tuple[Comparison, ...]


def checked_variants(variants: object) -> list[str]:
    """The rule set names to compare, or a ValueError saying what is allowed.

    >>> checked_variants(["Hoyito-I", "ba-awa"])
    ['hoyito-i', 'ba-awa']
    """
    allowed = ", ".join(VARIANTS)
    if isinstance(variants, (str, bytes, Mapping)) or not isinstance(variants, Sequence):
        raise ValueError(
            f"variants must be a list of rule set names ({allowed}), not {shown(variants)}"
        )
    names = [get_rules(v).name for v in variants]
    if not names:
        raise ValueError(f"variants must name at least one rule set ({allowed})")
    if len(set(names)) != len(names):
        raise ValueError(f"variants must name each rule set once, got {shown(variants)}")
    return names


def passed_line(asked: int) -> str:
    """The notice when the side asked to move (``asked``) has no seeds, so the other sows."""
    if asked == 0:
        return _(
            "South has no seeds on this board, so South passes and North's sowing is compared."
        )
    return _("North has no seeds on this board, so North passes and South's sowing is compared.")


def legal_holes(position: Position) -> list[int]:
    """The holes the player to move may sow, or a ValueError when there is none."""
    legal = list(position.legal_moves())
    if not legal:
        raise ValueError("there is no legal move in this position: nothing to compare")
    return legal


class CompareSession:
    """The same position and hole under several rules, driven by the page's messages.

    Args:
        board_or_position: a :class:`~hoyito_edu.Position`, seed counts in ring order, or
            the typed text ("4 4 0 5 ..."); default: an example where all four rule sets differ.
        hole: the hole to sow (default: the first legal one).
        player: who moves, when a board is given (0 South, 1 North).
        variants: the rule sets to compare (default: all four).
        options: rule option settings tried with each rule set, e.g. ``[{}, {"skip_origin":
            True}, {"max_laps": 2}]`` (``{}``: the rules as written).
        lang: ``"en"`` or ``"es"``; None (the default) speaks the session's language
            (``hy.set_language``).

    A bad argument is a ValueError saying what is allowed, raised before anything is built.
    """

    def __init__(
        self,
        board_or_position: Position | Sequence[int] | str | None = None,
        hole: int | None = None,
        *,
        player: int = 0,
        variants: Sequence[str] = tuple(VARIANTS),
        options: Sequence[Mapping[str, object]] = ({},),
        lang: str | None = None,
    ) -> None:
        self.lang = check_language(lang)
        self.listeners: list[Listener] = []
        self.view: dict = {}
        self.notice: tuple[str, str] = ("", "info")
        self._epoch = 0
        self._serial = 0
        self._speaking = False
        self._start(board_or_position, hole, player, variants, options)

    @speaking
    def _start(self, board_or_position, hole, player, variants, options) -> None:
        """Check every argument (in the session's language), then compare."""
        if board_or_position is None:
            board_or_position = EXAMPLE_BOARD
            if hole is None and as_whole(player) == 0:
                hole = EXAMPLE_HOLE  # South to move: the hole where all four rule sets differ
        position = start_position(board_or_position, player)
        legal = legal_holes(position)
        if hole is not None:
            position.check_move(hole)
        self.variants = checked_variants(variants)
        hole = legal[0] if hole is None else position.check_move(hole)
        rows = compare(position, hole, self.variants, options)
        self.options = [dict(o) for o in options]
        self.shown = Compared(position, hole, tuple(rows))
        self._render(films=True)
        if not isinstance(board_or_position, Position):
            self._passed_notice(as_whole(player))

    # -- results -------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The position every rule set sows from."""
        return self.shown.position

    @property
    def hole(self) -> int:
        """The hole sown on every board."""
        return self.shown.hole

    @property
    def rows(self) -> tuple[Comparison, ...]:
        """Each column's result, in order."""
        return self.shown.rows

    @property
    def notice_text(self) -> str:
        """The notice line: why a typed board or a hole was refused, or that a side passed."""
        return self.notice[0]

    @property
    @speaking
    def table(self):
        """The results as a pandas DataFrame (see :func:`~hoyito_edu.teaching.comparing.as_table`),
        its headings in the session's language."""
        return as_table(self.rows)

    def result(self, variant: str, **options: object) -> Move:
        """The move under ``variant`` (and ``options``); a ValueError if it cannot be played."""
        name = get_rules(variant).name
        for row in self.rows:
            if row.variant == name and dict(row.options) == options:
                if row.move is None:
                    raise ValueError(f"{row.rules}: {row.happened}")
                return row.move
        raise ValueError(f"{variant} with {options or 'no options'} is not compared here")

    @speaking
    def differing_rows(self) -> list[str]:
        """The facts (table headings) on which the rules that could play the move disagree."""
        return [_(COLUMNS[name]) for name in differing(self.rows)]

    @speaking
    def page_texts(self) -> dict:
        """The words the page writes by itself, in the session's language."""
        return texts.page_texts()

    # -- choosing ------------------------------------------------------------------------
    def handle(self, message: object) -> None:
        """A message from the page: a hole clicked or chosen, a typed board, Sow again, or
        "hello" (a page opened: the view and every film). Anything else is ignored."""
        kind = message.get("type") if isinstance(message, dict) else None
        if kind in ("click", "hole"):
            self.choose_hole(message.get("hole"))
        elif kind == "board":
            self.set_board(message.get("text"), message.get("player", 0))
        elif kind == "hello" or (kind == "action" and message.get("name") == "again"):
            self._render(films=True)

    @speaking
    def set_position(self, position: Position, hole: int | None = None) -> None:
        """Compare ``position``: sow ``hole`` (default: the first legal hole)."""
        hole = legal_holes(position)[0] if hole is None else position.check_move(hole)
        rows = compare(position, hole, self.variants, self.options)
        self._use(Compared(position, hole, tuple(rows)))

    @speaking
    def set_board(self, text: object, player: object = 0) -> bool:
        """The board a student typed: compared if it can be read, else the notice says why in
        one sentence and nothing changes. True if it was set up."""
        try:
            counts = parse_board(text)
            position = new_game("hoyito-i", board=counts, player=player)
            self.set_position(position)
        except ValueError as err:
            self._say(f"{err}", "refused")
            return False
        self._passed_notice(player)
        return True

    @speaking
    def choose_hole(self, hole: object) -> bool:
        """Compare the sowing of ``hole`` (a click on a hole of any board). False if refused."""
        refusal = refusal_line(self.position, hole)
        if refusal:
            self._say(_("Not a hole to compare: {why}").format(why=refusal), "refused")
            return False
        hole = self.position.check_move(hole)
        rows = compare(self.position, hole, self.variants, self.options)
        self._use(Compared(self.position, hole, tuple(rows)))
        return True

    def _passed_notice(self, asked: object) -> None:
        """Say so when the side asked to move had no seeds and the turn passed (R3.2)."""
        if asked in (0, 1) and self.position.player != asked:
            self._say(passed_line(asked), "info")

    def _use(self, shown: Compared) -> None:
        self.shown = shown
        self.notice = ("", "info")
        self._render(films=True)

    def _say(self, text: str, kind: str = "info") -> None:
        self.notice = (text, kind)
        self._render(films=False)

    # -- telling the page ----------------------------------------------------------------
    def _emit(self, message: dict) -> None:
        for listener in list(self.listeners):
            listener(message)

    @speaking
    def _render(self, films: bool) -> None:
        """Tell the view; with ``films`` every board shows its sowing again from the start."""
        if films:
            self._epoch += 1
        self._serial += 1
        self.view = {**self._view(), "serial": self._serial}
        self._emit({"type": "view", "view": self.view})
        if films:
            for k, row in enumerate(self.rows):
                if row.move is not None:  # the column's note says why it has no film
                    self._emit({"type": "film", "film": film(row.move, 1), "column": k})

    def _view(self) -> dict:
        start, hole = self.position, self.hole
        ends = [r.move.after.board for r in self.rows if r.move is not None]
        differ = [h for h in range(len(start.board)) if len({b[h] for b in ends}) > 1]
        return {
            "mode": "compare",
            "status": ngettext(
                "Hole {hole}, {who} to move: the same sowing under {count} rule.",
                "Hole {hole}, {who} to move: the same sowing under {count} rules.",
                len(self.rows),
            ).format(hole=hole, who=side_name(start.player), count=len(self.rows)),
            "notice": {"text": self.notice[0], "kind": self.notice[1]},
            "form": {
                "text": " ".join(map(str, start.board)),
                "player": start.player,
                "holes": list(start.legal_moves()),
                "hole": hole,
            },
            "columns": [self._column(row, differ) for row in self.rows],
            "table": self._table(),
        }

    def _column(self, row: Comparison, differ: list[int]) -> dict:
        start, move = self.position, row.move
        shown = move.after if move is not None else start
        return {
            "mode": "compare",
            "game": self._epoch,
            "ply": 1 if move is not None else 0,
            **position_view(shown),
            "to_move": None,
            "playable": [],  # a result, not a position to play: no hole is ringed
            "human": None,
            "names": [side_name(p) for p in (0, 1)],
            "last_move": self.hole if move is not None else None,
            "differ": differ if move is not None else [],
            "title": row.rules,
            "note": row.happened,
            "played": move is not None,
        }

    def _table(self) -> dict:
        frame = self.table
        fields = list(COLUMNS)
        differs = [fields.index(name) for name in differing(self.rows)]
        names = [_(COLUMNS[name]) for name in differing(self.rows)]
        line = (
            _("The rules differ in: {facts}.").format(facts=", ".join(names)) if names
            else _("Every rule compared here gives the same result.")
        )
        return {
            "head": list(frame.columns),
            "rows": [[str(cell) for cell in row] for row in frame.itertuples(index=False)],
            "differs": differs,
            "differ_line": line,
        }
