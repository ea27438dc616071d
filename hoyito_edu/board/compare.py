"""``CompareRules``: one position, one hole, several rules side by side, on small boards.

A thin anywidget adapter over :class:`~hoyito_edu.board.compare_session.CompareSession`,
which checks what it is given, sows the hole under each rule set and decides what the page
shows: this class only carries the page's messages to the session and the session's view and
films to the page. Each column's board is the component of :class:`~hoyito_edu.Board` and
animates the move's film by itself. Holes whose counts end different between the columns are
marked; the table below (built from :func:`~hoyito_edu.teaching.comparing.as_table`) marks
the facts on which the rules differ. A typed board that cannot be read is explained in one
sentence (:func:`~hoyito_edu.teaching.comparing.parse_board`).

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

from ..engine.position import Move, Position
from ..engine.rules import VARIANTS
from .compare_session import EXAMPLE_HOLE, CompareSession
from .component import BoardComponent
from .film import checked_speed

__all__ = ["CompareRules", "EXAMPLE_HOLE"]


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
    ``compare.session`` is the controller.
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
        checked_speed(speed)
        self.session = CompareSession(board_or_position, hole, player=player, variants=variants,
                                      options=options, lang=lang)
        super().__init__(speed=speed)
        self.texts = self.session.page_texts()
        self.session.listeners.append(self.carry)
        self.session.handle({"type": "hello"})  # the view and every column's film

    def receive(self, content: dict) -> None:
        """A message from the page: a hole clicked or chosen, a typed board, Sow again."""
        self.session.handle(content)

    # -- the session's state and actions, for Python users -------------------------------
    lang = property(lambda self: self.session.lang, doc="The page's language.")
    variants = property(lambda self: self.session.variants, doc="The rule sets compared.")
    options = property(lambda self: self.session.options, doc="The option settings tried.")
    position = property(lambda self: self.session.position, doc="The position sown from.")
    hole = property(lambda self: self.session.hole, doc="The hole sown on every board.")
    rows = property(lambda self: self.session.rows, doc="Each column's result.")
    notice_text = property(lambda self: self.session.notice_text, doc="The notice line.")
    table = property(lambda self: self.session.table, doc="The results as a DataFrame.")

    def result(self, variant: str, **options: object) -> Move:
        """The move under ``variant`` (and ``options``); a ValueError if it cannot be played."""
        return self.session.result(variant, **options)

    def differing_rows(self) -> list[str]:
        """The facts (table headings) on which the rules that could play the move disagree."""
        return self.session.differing_rows()

    def set_position(self, position: Position, hole: int | None = None) -> None:
        """Compare ``position``: sow ``hole`` (default: the first legal hole)."""
        self.session.set_position(position, hole)

    def set_board(self, text: object, player: object = 0) -> bool:
        """The board a student typed: compared if it can be read, else the notice says why in
        one sentence. True if it was set up."""
        return self.session.set_board(text, player)

    def choose_hole(self, hole: object) -> bool:
        """Compare the sowing of ``hole`` (a click on a hole of any board). False if refused."""
        return self.session.choose_hole(hole)
