"""``CompareRules``: one position, one hole, several rules side by side, on small boards.

Each column is one rule set, or one rule set with rule options (``skip_origin``,
``chain_opponent_side_only``, ``max_laps``, ``quiet_limit``). The engine sows the hole under
each (:func:`hoyito_edu.teaching.comparing.compare`); each column's board is the component of
:class:`~hoyito_edu.Board` and animates the move's film by itself. Holes whose counts end
different between the columns are marked; the table below (built from
:func:`~hoyito_edu.teaching.comparing.as_table`) marks the facts on which the rules differ. A typed
board that cannot be read is explained in one sentence
(:func:`~hoyito_edu.teaching.comparing.parse_board`).

>>> import hoyito_edu as hy
>>> compare = hy.CompareRules([2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], hole=0)
>>> [compare.result(v).after.board[1] for v in ("hoyito-i", "hoyito-ii", "ba-awa")]
[0, 4, 0]
>>> compare.differing_rows()
['South took', 'Seeds left', 'What happened']
>>> compare.set_board("4 4 banana")
False
>>> compare.notice_text
'The 3rd entry you typed, “banana”, is not a number of seeds: type whole numbers such as 0, 4 \
or 12, separated by spaces or commas.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.checks import as_whole, shown
from ..engine.position import Move, Position, new_game
from ..engine.rules import VARIANTS, get_rules
from ..i18n import check_language, language, ngettext
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
from .component import BoardComponent
from .film import SPEEDS, film, position_view
from .texts import page_texts

#: The hole of :data:`~hoyito_edu.teaching.comparing.EXAMPLE_BOARD` where every rule set differs.
EXAMPLE_HOLE = 3


def _checked_variants(variants: object) -> list[str]:
    """The rule set names to compare, or a ValueError saying what is allowed."""
    allowed = ", ".join(VARIANTS)
    if isinstance(variants, (str, bytes, Mapping)) or not isinstance(variants, Sequence):
        raise ValueError(
            f"variants must be a list of rule "
            f"set names ({allowed}), not {shown(variants)}"
        )
    names = [get_rules(v).name for v in variants]
    if not names:
        raise ValueError(f"variants must name at least one rule set ({allowed})")
    if len(set(names)) != len(names):
        raise ValueError(f"variants must name each rule set once, got {shown(variants)}")
    return names


def _passed_line(asked: int, mover: int) -> str:
    """The notice when the side asked to move has no seeds, so the other side sows."""
    if asked == 0:
        return _(
            "South has no seeds on this board, so South passes and North's sowing is compared."
        )
    return _("North has no seeds on this board, so North passes and South's sowing is compared.")


def _legal(position: Position) -> list[int]:
    legal = list(position.legal_moves())
    if not legal:
        raise ValueError("there is no legal move in this position: nothing to compare")
    return legal


class CompareRules(BoardComponent):
    """The same position and hole under several rules, one small board each.

    Args:
        board_or_position: a :class:`~hoyito_edu.Position`, seed counts in ring order, or
            the typed text ("4 4 0 5 ..."); default: an example where all four rule sets differ.
        hole: the hole to sow (default: the first legal one). Clicking a hole on any board,
            or the Hole menu, chooses another.
        player: who moves, when a board is given (0 South, 1 North).
        variants: the rule sets to compare (default: all four).
        options: rule option settings tried with each rule set, e.g. ``[{}, {"skip_origin":
            True}, {"max_laps": 2}]`` (``{}``: the rules as written).
        speed: the animation's speed: ``"off"``, ``"slow"``, ``"normal"`` or ``"fast"``.
        lang: the language of the page and the table: ``"en"`` or ``"es"``; None (the
            default) speaks the session's language (``hy.set_language``).

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
        speed: str = "normal",
        lang: str | None = None,
    ) -> None:
        lang = check_language(lang)
        with language(lang):
            self._build(board_or_position, hole, player, variants, options, speed, lang)

    def _build(self, board_or_position, hole, player, variants, options, speed, lang) -> None:
        """The body of ``__init__``, in the page's language."""
        if board_or_position is None:
            board_or_position = EXAMPLE_BOARD
            if hole is None and as_whole(player) == 0:
                hole = EXAMPLE_HOLE  # South to move: the hole where all four rule sets differ
        position = start_position(board_or_position, player)
        legal = _legal(position)
        if hole is not None:
            position.check_move(hole)
        self.variants = _checked_variants(variants)
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {shown(speed)}")
        hole = legal[0] if hole is None else position.check_move(hole)
        rows = compare(position, hole, self.variants, options)
        super().__init__(speed=speed)
        self.lang = lang
        self.texts = page_texts()
        self.options = [dict(o) for o in options]
        self._epoch = 0
        self._serial = 0
        self._notice = ("", "info")
        self._use(position, hole, rows)
        if not isinstance(board_or_position, Position):
            self._passed_notice(as_whole(player))

    # -- results -------------------------------------------------------------------------
    @property
    def hole(self) -> int:
        """The hole sown on every board."""
        return self._hole

    @property
    def notice_text(self) -> str:
        return self._notice[0]

    @property
    def table(self):
        """The results as a pandas DataFrame (see :func:`~hoyito_edu.teaching.comparing.as_table`),
        its
        headings in the widget's language."""
        with language(self.lang):
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

    def differing_rows(self) -> list[str]:
        """The facts (table headings) on which the rules that could play the move disagree."""
        with language(self.lang):
            return [_(COLUMNS[name]) for name in differing(self.rows)]

    # -- choosing ------------------------------------------------------------------------
    def receive(self, content: dict) -> None:
        """A message from the page: a hole clicked or chosen, a typed board, Sow again."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind in ("click", "hole"):
            self.choose_hole(content.get("hole"))
        elif kind == "board":
            self.set_board(content.get("text"), content.get("player", 0))
        elif kind == "action" and content.get("name") == "again":
            self._render(films=True)

    def set_position(self, position: Position, hole: int | None = None) -> None:
        """Compare ``position``: sow ``hole`` (default: the first legal hole)."""
        with language(self.lang):
            hole = _legal(position)[0] if hole is None else position.check_move(hole)
            rows = compare(position, hole, self.variants, self.options)
            self._notice = ("", "info")
            self._use(position, hole, rows)

    def _passed_notice(self, asked: object) -> None:
        """Say so when the side asked to move had no seeds and the turn passed (R3.2)."""
        if asked in (0, 1) and self.position.player != asked:
            self._say(_passed_line(asked, self.position.player), "info")

    def set_board(self, text: object, player: object = 0) -> bool:
        """The board a student typed: compared if it can be read, else the notice says why in
        one sentence. True if it was set up."""
        with language(self.lang):
            try:
                counts = parse_board(text)
                position = new_game("hoyito-i", board=counts, player=player)
                self.set_position(position)
            except ValueError as err:
                self._say(f"{err}", "refused")
                return False
            self._passed_notice(player)
            return True

    def choose_hole(self, hole: object) -> bool:
        """Compare the sowing of ``hole`` (a click on a hole of any board). False if refused."""
        with language(self.lang):
            refusal = refusal_line(self.position, hole)
            if refusal:
                self._say(_("Not a hole to compare: {why}").format(why=refusal), "refused")
                return False
            hole = self.position.check_move(hole)
            self._notice = ("", "info")
            rows = compare(self.position, hole, self.variants, self.options)
            self._use(self.position, hole, rows)
            return True

    def _use(self, position: Position, hole: int, rows: list[Comparison]) -> None:
        self.position = position
        self.rows = rows
        self._hole = hole
        self._render(films=True)

    def _say(self, text: str, kind: str = "info") -> None:
        self._notice = (text, kind)
        self._render(films=False)

    # -- drawing -------------------------------------------------------------------------
    def _render(self, films: bool) -> None:
        """Draw the page; with ``films`` every board shows its sowing again from the start."""
        if films:
            self._epoch += 1
        self._serial += 1
        with language(self.lang):
            self.view = {**self._view(), "serial": self._serial}
            if films:
                for k, row in enumerate(self.rows):
                    if row.move is not None:
                        self.send_film(film(row.move, 1), column=k)  # the note says it

    def _view(self) -> dict:
        start = self.position
        ends = [r.move.after.board for r in self.rows if r.move is not None]
        differ = [h for h in range(len(start.board)) if len({b[h] for b in ends}) > 1]
        hole = self._hole
        return {
            "mode": "compare",
            "status": ngettext(
                "Hole {hole}, {who} to move: the same sowing under {count} rule.",
                "Hole {hole}, {who} to move: the same sowing under {count} rules.",
                len(self.rows),
            ).format(hole=hole, who=side_name(start.player), count=len(self.rows)),
            "notice": {"text": self._notice[0], "kind": self._notice[1]},
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
            "last_move": self._hole if move is not None else None,
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
