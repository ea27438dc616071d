"""A move as the page animates it (its *film*), and the fields of the page's view that draw a
position. Plain data for any transport: no widget here.

A move travels to the page once, as a compact film built from the engine's move record
(:func:`film`): the board before it and one short list per event. The page animates the film
by itself (no message per seed), then shows the view again.

>>> import hoyito_edu as hy
>>> record = film(hy.new_game("hoyito-i").sow(0), ply=1)
>>> record["steps"][:2]
[['lift', 0, 4, 1], ['drop', 1, 5, 3, 1]]
>>> record["after"] == list(hy.new_game("hoyito-i").play(0).board)
True
"""

from __future__ import annotations

from ..engine.checks import shown
from ..engine.events import Capture, Drop, Endless, ExtraTurn, GameOver, LapLimit, Lift, Pass, Relay
from ..engine.position import Move, Position
from .frames import Skipped, film_events

#: Speeds of the page's animation (milliseconds per seed dropped; "off" shows moves at once).
SPEEDS = ("off", "slow", "normal", "fast")


def checked_speed(speed: object) -> str:
    """``speed`` if it is one of :data:`SPEEDS`, else a ValueError saying which are allowed
    (checked by every screen before anything is built).

    >>> checked_speed("fast")
    'fast'
    """
    if not isinstance(speed, str) or speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {shown(speed)}")
    return speed


def _step(event) -> list:
    """One event of a film as a short list: its kind first, then its numbers."""
    if isinstance(event, Lift):
        return ["lift", event.hole, event.seeds, event.lap]
    if isinstance(event, Relay):
        return ["relay", event.hole, event.seeds, event.lap]
    if isinstance(event, Drop):
        return ["drop", event.hole, event.count, event.in_hand, event.lap]
    if isinstance(event, Capture):
        hole = -1 if event.hole is None else event.hole
        return ["capture", hole, event.seeds, event.taker, event.reason.value]
    if isinstance(event, Skipped):
        later = event.last_lap - event.first_lap + 1
        kind = "limit" if event.lap_limit else "relay"
        return ["skip", list(event.board), list(event.captures), event.last_lap, kind, later]
    if isinstance(event, Endless):
        return ["stop", event.hole, "endless", event.lap, event.repeats_lap]
    if isinstance(event, LapLimit):
        return ["stop", event.hole, "limit", event.lap, event.lap - 1]
    if isinstance(event, ExtraTurn):
        return ["again", event.player]
    if isinstance(event, Pass):
        return ["pass", event.player]
    if isinstance(event, GameOver):
        return ["over", event.winner, list(event.score)]
    raise TypeError(f"not a move event: {event!r}")


def film(move: Move, ply: int, line: str = "") -> dict:
    """The record of ``move`` as the page animates it: at most
    :data:`~hoyito_edu.board.frames.MAX_FILM_FRAMES` steps, however long the move.

    ``ply`` is the number of moves played once this one is; ``line`` says the move in words.
    """
    return {
        "ply": ply,
        "player": move.player,
        "hole": move.hole,
        "before": list(move.before.board),
        "captures_before": list(move.before.captures),
        "steps": [_step(event) for event in film_events(move)],
        "after": list(move.after.board),
        "captures_after": list(move.after.captures),
        "line": line,
    }


def position_view(position: Position) -> dict:
    """The fields of the page's ``view`` that draw ``position``'s board (the same for the
    board, Replay and each CompareRules column): pits, piles, closed and owned holes, whose move.
    """
    return {
        "n": position.holes_per_row,
        "board": list(position.board),
        "captures": list(position.captures),
        "surplus": list(position.surplus),
        "closed": sorted(position.closed),
        "owners": list(position.owners),
        "territory": position.rules.territory,
        "to_move": None if position.is_over else position.player,
    }
