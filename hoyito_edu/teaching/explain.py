"""Explanations of moves in words: what sowing a hole would do, before you play it.

``explain`` plays the move on a copy (positions are immutable, so nothing changes) and
summarises the move record. The board's "show me" hint and the notebooks use it.

>>> import hoyito_edu as hy
>>> import textwrap
>>> print(textwrap.fill(hy.explain(hy.new_game("hoyito-i"), 0).text, 60))
South sows hole 0, which holds 4 seeds. The sowing goes
round 5 laps. Nothing is captured. 48 seeds stay on the
board. North moves next.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import OWNERS_TAKE, Capture, Reason
from ..engine.position import Move, Outcome, Position
from ..i18n import check_language, language
from ..i18n import gettext as _
from .words import EXPLAIN, outcome, plural, side_name


@dataclass(frozen=True)
class Explanation:
    """What sowing ``hole`` from a position does. ``captures`` are the move's Capture events.

    ``lang`` is the language of :attr:`text` ("en" or "es"); None speaks the session's.
    """

    move: Move
    lang: str | None = None

    @property
    def hole(self) -> int:
        return self.move.hole

    @property
    def player(self) -> int:
        return self.move.player

    @property
    def seeds(self) -> int:
        return self.move.before.board[self.move.hole]

    @property
    def laps(self) -> int:
        return self.move.laps

    @property
    def drops(self) -> int:
        return self.move.drops

    @property
    def captures(self) -> tuple[Capture, ...]:
        return self.move.captures

    @property
    def taken(self) -> tuple[int, int]:
        return self.move.taken

    @property
    def seeds_left(self) -> int:
        """Seeds on the board after the move."""
        return self.move.after.seeds_on_board

    @property
    def next_player(self) -> int | None:
        return self.move.next_player

    @property
    def extra_turn(self) -> bool:
        return self.move.extra_turn

    @property
    def passes(self) -> tuple[int, ...]:
        return self.move.passes

    @property
    def endless(self) -> bool:
        return self.move.endless

    @property
    def lap_limit(self) -> bool:
        """The move stopped at the lap limit (R2.8): nobody could finish it by hand."""
        return self.move.lap_limit

    @property
    def game_over(self) -> Outcome | None:
        return self.move.after.outcome

    @property
    def text(self) -> str:
        """A few short sentences in plain words, in the explanation's language (the templates
        are :data:`hoyito_edu.teaching.words.EXPLAIN`)."""
        with language(self.lang):
            return self._text()

    def _text(self) -> str:
        names = _names(self.player)
        seeds, laps = self.seeds, self.laps
        parts = [
            plural(EXPLAIN["sows"], seeds).format(hole=self.hole, seeds=seeds, **names),
            plural(EXPLAIN["laps"], laps).format(laps=laps),
        ]
        if self.endless:
            parts.append(_(EXPLAIN["endless"]))
        if self.lap_limit:
            parts.append(_(EXPLAIN["lap-limit"]).format(laps=laps))
        parts += self._captures_text()
        left = self.seeds_left
        parts.append(plural(EXPLAIN["left"], left).format(seeds=left))
        for p in self.passes:
            parts.append(_(EXPLAIN["pass"]).format(**_names(p)))
        if self.game_over is not None:
            told = outcome(self.move)
            parts += [_(EXPLAIN["ends"]).format(title=told.title), told.why]
        elif self.extra_turn and self.next_player == self.player:
            parts.append(_(EXPLAIN["again"]).format(**names))
        else:
            parts.append(_(EXPLAIN["next"]).format(**_names(self.next_player)))
        return " ".join(parts)

    def _captures_text(self) -> list[str]:
        """The captures, grouped by taker and kind: what it says does not grow with the length
        of the move."""
        captures = self.captures
        if not captures:
            return [_(EXPLAIN["none"])]
        lines = []
        for player in (0, 1):
            names = _names(player)
            mine = [c for c in captures if c.taker == player]
            casas = [c for c in mine if c.reason in (Reason.MID_SOW, Reason.LAST_SEED)]
            if casas:
                count, seeds = len(casas), sum(c.seeds for c in casas)
                line = plural(EXPLAIN["casas"], count).format(casas=count, seeds=seeds, **names)
                lines.append(line)
            chain = [c for c in mine if c.reason == Reason.CHAIN]
            if chain:
                count, seeds = len(chain), sum(c.seeds for c in chain)
                line = plural(EXPLAIN["chain"], count).format(fours=count, seeds=seeds, **names)
                lines.append(line)
            if any(c.reason == Reason.FINAL_FOUR for c in mine):
                lines.append(_(EXPLAIN["last-four"]).format(**names))
            last = sum(c.seeds for c in mine if c.reason == Reason.EIGHT_OR_FEWER)
            if last:
                lines.append(plural(EXPLAIN["last-eight"], last).format(seeds=last, **names))
        swept = [c for c in captures if c.reason in OWNERS_TAKE]
        if swept:
            south, north = (sum(c.seeds for c in swept if c.taker == p) for p in (0, 1))
            lines.append(_(EXPLAIN["own-side"]).format(south=south, north=north))
        return lines

    def __repr__(self) -> str:
        return f"<Explanation {self.text}>"


def _names(player: int) -> dict[str, str]:
    """The name fields of ``player`` in a sentence (explain() names both sides)."""
    name = side_name(player)
    return {"who": name, "Who": name}


def explain(position: Position, hole: int, lang: str | None = None) -> Explanation:
    """What sowing ``hole`` would do; raises :class:`IllegalMove` for an illegal hole (said in
    ``lang``). ``lang``: "en" or "es" for the text; None speaks the session's language.

    >>> import hoyito_edu as hy
    >>> print(explain(hy.new_game("hoyito-i"), 0, lang="es").text.split(". ")[0])
    Sur siembra el hoyo 0, que tiene 4 semillas
    """
    lang = None if lang is None else check_language(lang)
    with language(lang):
        return Explanation(_checked(position).sow(hole), lang)


def explain_all(position: Position, lang: str | None = None) -> dict[int, Explanation]:
    """An explanation for every legal move, keyed by hole (``lang`` as for :func:`explain`)."""
    return {hole: explain(position, hole, lang) for hole in _checked(position).legal_moves()}


def _checked(position: object) -> Position:
    if not isinstance(position, Position):
        raise ValueError(f"explain needs a Position (hy.new_game(...)), not {position!r}")
    return position
