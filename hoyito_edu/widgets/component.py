"""The one board component in the browser (an anywidget), and the film of a move it animates.

The page draws what the ``view`` trait says (an SVG board, captured piles, status, notices,
the banner, the controls) and sends back what the person did as messages (``{"type":
"click", "hole": 3, "ply": 5, "game": 1}``, ``{"type": "action", "name": "undo"}`` ...). All
rules stay in Python: the page never decides what is legal.

A move travels to the page once, as a compact *film* built from the engine's move record
(:func:`film`): the board before it and one short list per event. The page animates the film
by itself (no message per seed), then shows the ``view`` again.

>>> import hoyito_edu as hy
>>> record = film(hy.new_game("hoyito-i").sow(0), ply=1)
>>> record["steps"][:2]
[['lift', 0, 4, 1], ['drop', 1, 5, 3, 1]]
>>> record["after"] == list(hy.new_game("hoyito-i").play(0).board)
True
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from ..events import Capture, Drop, Endless, ExtraTurn, GameOver, LapLimit, Lift, Pass, Relay
from ..position import Move, Position
from .frames import Skipped, capture_caption, move_frames

STATIC = Path(__file__).parent / "static"

#: Speeds of the page's animation (milliseconds per seed dropped; "off" shows moves at once).
SPEEDS = ("off", "slow", "normal", "fast")


def _step(frame) -> list:
    """One event of a film as a short list: its kind first, then its numbers."""
    event = frame.event
    if isinstance(event, Lift):
        return ["lift", event.hole, event.seeds, event.lap]
    if isinstance(event, Relay):
        return ["relay", event.hole, event.seeds, event.lap]
    if isinstance(event, Drop):
        return ["drop", event.hole, event.count, event.in_hand, event.lap]
    if isinstance(event, Capture):
        hole = -1 if event.hole is None else event.hole
        return ["capture", hole, event.seeds, event.taker, capture_caption(event)]
    if isinstance(event, Skipped):
        return ["skip", list(frame.board), list(frame.captures), frame.lap, frame.caption]
    if isinstance(event, (Endless, LapLimit)):
        return ["stop", event.hole, frame.caption]
    if isinstance(event, ExtraTurn):
        return ["again", event.player]
    if isinstance(event, Pass):
        return ["pass", event.player]
    if isinstance(event, GameOver):
        return ["over", event.winner, list(event.score)]
    raise TypeError(f"not a move event: {event!r}")


def film(move: Move, ply: int, line: str = "") -> dict:
    """The record of ``move`` as the page animates it: at most
    :data:`~hoyito_edu.widgets.frames.MAX_FILM_FRAMES` steps, however long the move.

    ``ply`` is the number of moves played once this one is; ``line`` says the move in words.
    """
    return {
        "ply": ply,
        "player": move.player,
        "hole": move.hole,
        "before": list(move.before.board),
        "captures_before": list(move.before.captures),
        "steps": [_step(frame) for frame in move_frames(move)],
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


class BoardComponent(anywidget.AnyWidget):
    """The board drawn in the page. Subclasses fill ``view`` and answer :meth:`receive`."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    #: What the page draws (board, captures, status, banner, controls); replaced as a whole.
    view = traitlets.Dict().tag(sync=True)
    #: Animation speed, changed in the page or from Python.
    speed = traitlets.Unicode("normal").tag(sync=True)
    #: Hole numbers drawn beside the pits.
    numbers = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.films_sent: list[dict] = []  # the films of the last moves (for tests and replay)
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    @traitlets.validate("speed")
    def _valid_speed(self, proposal):
        value = proposal["value"]
        if value not in SPEEDS:
            raise traitlets.TraitError(f"speed must be one of {', '.join(SPEEDS)}, not {value!r}")
        return value

    def send_film(self, record: dict, column: int | None = None) -> None:
        """Send one move's film to the page (once) and keep the last few here; ``column``
        says which of several boards animates it (CompareRules)."""
        self.films_sent = self.films_sent[-7:] + [record]
        message = {"type": "film", "film": record}
        if column is not None:
            message["column"] = column
        self.send(message)

    def receive(self, content: dict) -> None:  # pragma: no cover - overridden
        """A message from the page."""
