"""The one board component in the browser: an anywidget over ``static/board.js``.

The page draws what the ``view`` trait says (an SVG board, captured piles, status, notices,
the banner, the controls) and sends back what the person did as messages (``{"type":
"click", "hole": 3, "ply": 5, "game": 1}``, ``{"type": "action", "name": "undo"}`` ...). All
rules stay in Python: the page never decides what is legal. Moves reach the page as films
(:mod:`hoyito_edu.board.film`), custom messages sent once.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from .film import SPEEDS

STATIC = Path(__file__).parent / "static"


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
    #: The words the page writes by itself, in the widget's language (see :func:`page_texts`).
    texts = traitlets.Dict().tag(sync=True)

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

    def set_state(self, sync_data: dict) -> None:
        """The page's changes to synced traits. ``view`` and ``texts`` are the kernel's (one
        way): a page that writes them is ignored and gets the kernel's values back."""
        owned = {"view", "texts"} & set(sync_data)
        super().set_state({key: value for key, value in sync_data.items() if key not in owned})
        if owned:
            self.send_state(sorted(owned))

    def send_film(self, record: dict, column: int | None = None) -> None:
        """Send one move's film to the page (once) and keep the last few here; ``column``
        says which of several boards animates it (CompareRules)."""
        self.films_sent = self.films_sent[-7:] + [record]
        message = {"type": "film", "film": record}
        if column is not None:
            message["column"] = column
        self.send(message)

    def carry(self, message: dict) -> None:
        """Carry one message of a session to the page: the view as the ``view`` trait, a film
        (to its ``column``, if any) once, anything else (a move list) as a custom message."""
        kind = message["type"]
        if kind == "view":
            self.view = message["view"]
        elif kind == "film":
            self.send_film(message["film"], column=message.get("column"))
        else:
            self.send(message)

    def receive(self, content: dict) -> None:  # pragma: no cover - overridden
        """A message from the page."""
