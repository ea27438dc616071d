"""Explanations of moves in words: what sowing a hole would do, before you play it.

``explain`` plays the move on a copy (positions are immutable, so nothing changes) and
summarises the move record. The board's "show me" hint and the notebooks use it.

>>> import hoyito_edu as hy
>>> import textwrap
>>> print(textwrap.fill(hy.explain(hy.new_game("hoyito-i"), 0).text, 60))
South sows hole 0: 4 seeds, 5 laps (4 relays), 26 drops. No
casa is captured. 48 seeds stay on the board. North moves
next.
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import Capture, Reason
from .position import PLAYER_NAMES, Move, Outcome, Position

_REASON_WORDS = {
    Reason.MID_SOW: "mid-sow casa",
    Reason.LAST_SEED: "last-seed casa",
    Reason.CHAIN: "chain",
    Reason.FINAL_FOUR: "the final four",
    Reason.EIGHT_OR_FEWER: "eight or fewer left",
}

# Endings where each player takes the seeds in their own holes: told in one sentence.
_OWNERS_TAKE = {
    Reason.ENDLESS: "the move would never end",
    Reason.REPETITION: "the position came up a third time",
    Reason.LAP_LIMIT: "the lap limit",
    Reason.AGREEMENT: "the players agreed to stop",
    Reason.QUIET_LIMIT: "nobody captured anything for too long",
}

#: At most this many captures are told one by one; the rest are counted.
LISTED_CAPTURES = 8


@dataclass(frozen=True)
class Explanation:
    """What sowing ``hole`` from a position does. ``captures`` are the move's Capture events."""

    move: Move

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
        """One short paragraph in plain English."""
        who = PLAYER_NAMES[self.player]
        laps = self.laps
        lap_words = f"{laps:,} lap{'s' if laps != 1 else ''}"
        if laps > 1:
            lap_words += f" ({laps - 1:,} relay{'s' if laps != 2 else ''})"
        seeds = f"{self.seeds} seed{'s' if self.seeds != 1 else ''}"
        head = f"{who} sows hole {self.hole}: {seeds}, {lap_words}, {self.drops:,} drops."
        parts = [head]
        if self.lap_limit:
            parts.append(
                f"After {laps:,} laps the move stops, the most a move may sow (the lap limit): "
                "nobody can finish it by hand."
            )
        parts.append(self._captures_text())
        parts.append(f"{self.seeds_left} seeds stay on the board.")
        for p in self.passes:
            parts.append(f"{PLAYER_NAMES[p]} has no seeds to sow and passes.")
        if self.game_over is not None:
            o = self.game_over
            result = "a draw" if o.winner is None else f"{PLAYER_NAMES[o.winner]} wins"
            parts.append(f"The game ends ({o.reason}): {result}, {o.score[0]}-{o.score[1]}.")
        elif self.extra_turn and self.next_player == self.player:
            parts.append(f"{who} captured with the last seed and plays again.")
        else:
            parts.append(f"{PLAYER_NAMES[self.next_player]} moves next.")
        return " ".join(parts)

    def _captures_text(self) -> str:
        """The captures, one by one (at most LISTED_CAPTURES), then any sweep at the end in one
        sentence: what it says does not grow with the length of the move."""
        casas = [c for c in self.captures if c.reason not in _OWNERS_TAKE]
        swept = [c for c in self.captures if c.reason in _OWNERS_TAKE]
        if not casas and not swept:
            return "No casa is captured."
        pieces = []
        for c in casas[:LISTED_CAPTURES]:
            where = "from the hand" if c.hole is None else f"hole {c.hole}"
            pieces.append(
                f"{PLAYER_NAMES[c.taker]} takes {c.seeds} from {where} ({_REASON_WORDS[c.reason]})"
            )
        rest = casas[LISTED_CAPTURES:]
        if rest:
            pieces.append(f"and {len(rest)} more captures ({_seeds_by_taker(rest)})")
        text = "; ".join(pieces) + "." if pieces else "No casa is captured."
        if swept:
            why = _OWNERS_TAKE[swept[0].reason]
            text += f" Each player takes the seeds in their own holes ({why}): "
            text += f"{_seeds_by_taker(swept)}."
        return text

    def __repr__(self) -> str:
        return f"<Explanation {self.text}>"


def _seeds_by_taker(captures: list[Capture]) -> str:
    """'South 12, North 8': the seeds each player takes in ``captures``."""
    return ", ".join(
        f"{PLAYER_NAMES[p]} {sum(c.seeds for c in captures if c.taker == p)}" for p in (0, 1)
    )


def explain(position: Position, hole: int) -> Explanation:
    """What sowing ``hole`` would do; raises :class:`IllegalMove` for an illegal hole."""
    return Explanation(_checked(position).sow(hole))


def explain_all(position: Position) -> dict[int, Explanation]:
    """An explanation for every legal move, keyed by hole."""
    return {hole: explain(position, hole) for hole in _checked(position).legal_moves()}


def _checked(position: object) -> Position:
    if not isinstance(position, Position):
        raise ValueError(f"explain needs a Position (hy.new_game(...)), not {position!r}")
    return position
