"""The board drawing shared by Board, Replay and CompareRules: two rows of hole buttons.

North's row is on top and reversed (holes ``2n-1 .. n`` from left to right), South's row is
below (``0 .. n-1``), so each player reads their own row left to right from their seat, as
in ``str(position)``. The buttons are made once per board size and afterwards only their
text, tooltip and CSS classes change (updating in place avoids flicker and keeps keyboard
focus where it was).

Every hole button carries the CSS classes ``hoyito-hole`` and ``hoyito-hole-<ring index>``
and starts its text with the seed count (or "closed"); each capture count carries
``hoyito-captures`` and ``hoyito-captures-<player>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets

from ..position import PLAYER_NAMES, Position
from .frames import Frame
from .style import hole_text, player_label

#: Per-hole decoration: CSS state (without the ``hoyito-`` prefix) and the words for its tag line.
Marks = Mapping[int, tuple[str, str]]

# Classes that paint() sets and replaces (on holes; "territory" on the whole view).
_STATE_CLASSES = ("closed", "empty", "lift", "drop", "relay", "casa", "endless", "diff")
_VIEW_CLASSES = ("territory",)


class BoardView:
    """Hole buttons in two rows, row labels and capture counts.

    Args:
        holes_per_row: board size (the view can be resized later).
        on_click: called with the ring index of a clicked hole.
        clickable: False draws the holes as a picture (buttons disabled, full colour).
    """

    def __init__(
        self,
        holes_per_row: int = 6,
        on_click: Callable[[int], None] | None = None,
        clickable: bool = True,
    ) -> None:
        self.on_click = on_click
        self.clickable = clickable
        self.holes: list[widgets.Button] = []
        self.row_labels = tuple(
            widgets.HTML().add_class("hoyito-row-label").add_class(f"hoyito-row-label-{p}")
            for p in (0, 1)
        )
        self.captures = tuple(
            widgets.HTML().add_class("hoyito-captures").add_class(f"hoyito-captures-{p}")
            for p in (0, 1)
        )
        self._rows = (widgets.HBox(), widgets.HBox())  # South's (bottom), North's (top)
        self._index = (widgets.HTML(), widgets.HTML())
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.row_labels[1], self.captures[1]]),
                self._index[1],
                self._rows[1],
                self._rows[0],
                self._index[0],
                widgets.HBox([self.row_labels[0], self.captures[0]]),
            ]
        ).add_class("hoyito-view")
        if not clickable:
            self.widget.add_class("hoyito-static")
        self.resize(holes_per_row)

    @property
    def holes_per_row(self) -> int:
        return len(self.holes) // 2

    def resize(self, holes_per_row: int) -> None:
        """Make the hole buttons for a new board size (the only time they are rebuilt)."""
        n = holes_per_row
        if len(self.holes) == 2 * n:
            return
        self.holes = [self._make_hole(i) for i in range(2 * n)]
        rows = (range(n), range(2 * n - 1, n - 1, -1))
        for player in (0, 1):
            self._rows[player].children = [self.holes[i] for i in rows[player]]
            spans = "".join(f"<span>hole {i}</span>" for i in rows[player])
            self._index[player].value = f'<div class="hoyito-index">{spans}</div>'

    def _make_hole(self, i: int) -> widgets.Button:
        button = widgets.Button(description=hole_text(0), disabled=not self.clickable)
        button.add_class("hoyito-hole").add_class(f"hoyito-hole-{i}")
        button.on_click(lambda _button, i=i: self.on_click and self.on_click(i))
        return button

    def counts(self) -> tuple[int, ...]:
        """The seed counts as the hole buttons show them, in ring order."""
        return tuple(shown_count(button.description) for button in self.holes)

    # -- drawing -------------------------------------------------------------------------
    def paint(
        self,
        board: tuple[int, ...],
        *,
        owners: tuple[int, ...],
        closed: frozenset[int] = frozenset(),
        territory: bool = False,
        turn: int | None = None,
        marks: Marks | None = None,
    ) -> None:
        """Show seed counts. ``turn``: the player whose holes with seeds are marked playable;
        ``territory`` (Ba-awa) writes each hole's owner on it.

        Which holes are playable is said once, by a class on the whole view
        (``hoyito-turn-<player>``), and worked out by the style sheet from each hole's owner
        and emptiness: a change of turn is one message to the page, not one per hole.
        """
        self.resize(len(board) // 2)
        marks = marks or {}
        for i, button in enumerate(self.holes):
            state, tag = marks.get(i, ("", ""))
            states = {state} - {""}
            if i in closed:
                states.add("closed")
            if board[i] == 0:
                states.add("empty")
            classes = [c for c in button._dom_classes if not _is_state_class(c)]
            classes += [f"hoyito-{s}" for s in sorted(states)] + [f"hoyito-owner-{owners[i]}"]
            badge = owners[i] if territory else None
            with button.hold_sync():
                button.description = hole_text(board[i], closed=i in closed, owner=badge, tag=tag)
                button.tooltip = _tooltip(i, board[i], i in closed, owners[i])
                button.disabled = i in closed or not self.clickable
                button._dom_classes = tuple(classes)
        view_classes = [c for c in self.widget._dom_classes if not _is_state_class(c)]
        view_classes += [f"hoyito-turn-{turn}"] if turn is not None else []
        view_classes += ["hoyito-territory"] if territory else []
        self.widget._dom_classes = tuple(view_classes)

    def playable(self) -> tuple[int, ...]:
        """The holes the style sheet marks as playable now (the same rule as the CSS)."""
        turn = [c for c in self.widget._dom_classes if c.startswith("hoyito-turn-")]
        if not turn:
            return ()
        owner = f"hoyito-owner-{turn[0].rsplit('-', 1)[1]}"
        return tuple(
            i
            for i, b in enumerate(self.holes)
            if owner in b._dom_classes
            and not {"hoyito-empty", "hoyito-closed"} & set(b._dom_classes)
        )

    def show_position(self, position: Position, *, turn: int | None = None, marks=None):
        """Draw a position: counts, closed holes, owners (Ba-awa) and captures."""
        self._show(position, position.board, position.captures, turn, marks)

    def show_frame(self, before: Position, frame: Frame) -> None:
        """Draw one frame of a move played from ``before`` (nobody's turn while sowing)."""
        marks = {} if frame.focus is None else {frame.focus: (frame.mark, frame.tag)}
        self._show(before, frame.board, frame.captures, None, marks)

    def _show(self, position: Position, board, captures, turn: int | None, marks) -> None:
        """Counts and captures on ``position``'s holes (its closed holes, owners, surplus)."""
        self.paint(
            board,
            owners=position.owners,
            closed=position.closed,
            territory=position.rules.territory,
            turn=turn,
            marks=marks,
        )
        self.show_captures(captures, position.surplus)

    def show_captures(self, captures: tuple[int, int], surplus: tuple[int, int] = (0, 0)):
        for p in (0, 1):
            text = f"captured {captures[p]}"
            if surplus[p]:
                text += f" + {surplus[p]} carried in = score {captures[p] + surplus[p]}"
            self.captures[p].value = f"&nbsp;&middot; {PLAYER_NAMES[p]} {text}"

    def show_rows(self, roles: tuple[str, str]) -> None:
        """Row labels: whose row is whose. The style sheet adds "to move" after the label of
        the player whose turn it is (from the view's ``hoyito-turn-<player>`` class)."""
        for p in (0, 1):
            where = "top row" if p else "bottom row"
            self.row_labels[p].value = f"{player_label(p, roles[p])}: {where}"


def _is_state_class(name: str) -> bool:
    return name.startswith(("hoyito-owner-", "hoyito-turn-")) or (
        name.removeprefix("hoyito-") in _STATE_CLASSES + _VIEW_CLASSES
    )


def _tooltip(hole: int, seeds: int, closed: bool, owner: int) -> str:
    if closed:
        return f"Hole {hole}: closed for this game"
    return f"Hole {hole}, {PLAYER_NAMES[owner]}'s: {seeds} seed{'s' if seeds != 1 else ''}"


def shown_count(text: str) -> int:
    """The seed count a hole's text shows (a closed hole holds none)."""
    first = text.split("\n", 1)[0].split()[0]
    return 0 if first == "closed" else int(first)
