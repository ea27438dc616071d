"""``CompareRules``: one position, one hole, every rule set side by side.

Each column sets the same board up under one variant and sows the chosen hole with the engine.
The columns step through their move records together, seed by seed; holes whose counts differ
between the variants at that step are outlined and tagged "differs"; each variant's event list
marks the events that do not happen under every other variant and lists those that happen only
under others; a table lists the results, the rows that differ highlighted and labelled.

>>> import hoyito_edu as hy
>>> compare = hy.CompareRules([2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], hole=0)
>>> [compare.result(v).after.board[1] for v in ("hoyito-i", "hoyito-ii", "ba-awa")]
[0, 4, 0]
>>> "laps" in compare.differing_rows()
False
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..position import PLAYER_NAMES, IllegalMove, Move, Position, new_game
from ..rules import VARIANTS, get_rules
from .frames import Frame, move_frames
from .style import alert_html, style_sheet, toggle_buttons
from .view import BoardView

#: A position where every rule set gives a different result for hole 3 (South to move).
EXAMPLE_BOARD = (2, 1, 3, 1, 12, 1, 1, 2, 2, 1, 1, 1)
EXAMPLE_HOLE = 3


def _setup(position: Position) -> dict:
    """What carries over from ``position`` into every variant (ownership only when moved)."""
    setup = {
        "board": position.board,
        "player": position.player,
        "captures": position.captures,
        "closed": sorted(position.closed),
    }
    n = position.holes_per_row
    if position.owners != tuple(0 if h < n else 1 for h in range(2 * n)):
        setup["owners"] = position.owners
    return setup


def _check_choice(position: Position, hole: object) -> int | None:
    """``hole`` as a legal hole of ``position`` (None: choose later); clear errors first."""
    if not position.legal_moves():
        raise ValueError("there is no legal move in this position: nothing to compare")
    return None if hole is None else position.check_move(hole)


def _checked_variants(variants: object) -> list[str]:
    """The rule set names to compare, or a ValueError saying what is allowed."""
    allowed = ", ".join(VARIANTS)
    if isinstance(variants, (str, bytes)) or not isinstance(variants, Sequence):
        raise ValueError(f"variants must be a list of rule set names ({allowed}), not {variants!r}")
    names = [get_rules(v).name for v in variants]
    if not names:
        raise ValueError(f"variants must name at least one rule set ({allowed})")
    if len(set(names)) != len(names):
        raise ValueError(f"variants must name each rule set once, got {variants!r}")
    return names


def _result_rows(move: Move) -> dict[str, str]:
    """The facts of one result that the table compares."""
    after = move.after
    if after.is_over:
        o = after.outcome
        nxt = f"game over ({o.reason})"
    else:
        nxt = PLAYER_NAMES[after.player] + (" again" if move.extra_turn else "")
    return {
        "laps": str(move.laps),
        "seeds dropped": str(move.drops),
        "South took": str(move.taken[0]),
        "North took": str(move.taken[1]),
        "seeds left on the board": str(after.seeds_on_board),
        "who moves next": nxt,
    }


class CompareRules(widgets.VBox):
    """The same position and hole under every rule set, side by side.

    Args:
        position: a :class:`~hoyito_edu.Position`, or a list of seed counts in ring order
            (then ``player`` says who moves); default: an example where all four differ.
        hole: the hole to sow (default: the first legal one). Clicking a hole in any column,
            or the Hole menu, chooses another.
        player: who moves, when ``position`` is a list of counts.
        variants: the rule sets to compare (default: all four).

    A bad argument is a ValueError saying what is allowed, raised before anything is built.
    """

    def __init__(
        self,
        position: Position | Sequence[int] | None = None,
        hole: int | None = None,
        *,
        player: int = 0,
        variants: Sequence[str] = tuple(VARIANTS),
    ) -> None:
        if position is None:
            position = new_game("hoyito-i", board=EXAMPLE_BOARD)
            hole = EXAMPLE_HOLE if hole is None else hole
        elif not isinstance(position, Position):
            position = new_game("hoyito-i", board=position, player=player)
        _check_choice(position, hole)
        names = _checked_variants(variants)
        super().__init__()
        self.variants = names
        self.moves: dict[str, Move | str] = {}
        self._settling = False
        self._frames: dict[str, list[Frame]] = {}
        self._make_controls()
        self.columns = {v: self._make_column(v, position.holes_per_row) for v in self.variants}
        self._layout()
        self.add_class("hoyito-compare")
        self.set_position(position, hole)

    # -- building ------------------------------------------------------------------------
    def _make_controls(self) -> None:
        self.board_text = widgets.Text(
            description="Board", placeholder="seeds per hole in ring order: 0 .. 2n-1"
        )
        self.player_picker = toggle_buttons([("South", 0), ("North", 1)], 0, "To move")
        self.set_button = widgets.Button(
            description="Set up this board", tooltip="Use the counts typed in the Board box"
        )
        self.hole_picker = widgets.Dropdown(description="Hole")
        self.step_slider = widgets.IntSlider(description="Step", min=0)
        self.start_button = widgets.Button(description="Before the move")
        self.back_button = widgets.Button(description="Back a step")
        self.forward_button = widgets.Button(description="Forward a step")
        self.end_button = widgets.Button(description="After the move")
        self.notice = widgets.HTML().add_class("hoyito-notice")
        self.table = widgets.HTML().add_class("hoyito-differences")
        self.set_button.on_click(lambda _: self._typed_board())
        self.hole_picker.observe(lambda c: self._settling or self._compute(), "value")
        self.step_slider.observe(lambda c: self._draw(c.new), "value")
        self.start_button.on_click(lambda _: setattr(self.step_slider, "value", 0))
        self.back_button.on_click(lambda _: self._nudge(-1))
        self.forward_button.on_click(lambda _: self._nudge(+1))
        self.end_button.on_click(lambda _: setattr(self.step_slider, "value", self.step_slider.max))

    def _make_column(self, variant: str, holes_per_row: int) -> dict:
        view = BoardView(holes_per_row, on_click=self.choose_hole)
        view.show_rows(("", ""))
        title = widgets.HTML(f"<h4>{VARIANTS[variant].title}</h4>")
        events = widgets.HTML().add_class("hoyito-events")
        box = widgets.VBox([title, view.widget, events]).add_class("hoyito-compact")
        return {"view": view, "events": events, "box": box}

    def _layout(self) -> None:
        setup = widgets.HBox([self.board_text, self.player_picker, self.set_button])
        steps = widgets.HBox(
            [
                self.hole_picker,
                self.step_slider,
                self.start_button,
                self.back_button,
                self.forward_button,
                self.end_button,
            ]
        )
        for box in (setup, steps):
            box.add_class("hoyito-controls")
        grid = widgets.GridBox(
            [c["box"] for c in self.columns.values()],
            layout=widgets.Layout(grid_template_columns="repeat(2, auto)", grid_gap="8px 24px"),
        )
        self.children = [style_sheet(), setup, steps, self.notice, grid, self.table]

    # -- choosing ------------------------------------------------------------------------
    def set_position(self, position: Position, hole: int | None = None) -> None:
        """Compare ``position``: sow ``hole`` (default: the first legal hole)."""
        hole = _check_choice(position, hole)
        legal = position.legal_moves()
        self.position = position
        self.board_text.value = " ".join(map(str, position.board))
        self.player_picker.value = position.player
        for column in self.columns.values():
            column["view"].resize(position.holes_per_row)
        self._settling = True
        try:
            self.hole_picker.options = [(f"hole {h}", h) for h in legal]
            self.hole_picker.value = legal[0] if hole is None else hole
        finally:
            self._settling = False
        self._compute()

    def choose_hole(self, hole: int) -> None:
        """Compare the sowing of ``hole`` (a click on a hole in any column)."""
        try:
            self.position.check_move(hole)
        except IllegalMove as err:
            self._say(f"Not a hole to compare: {err}.")
            return
        self._say("")
        self.hole_picker.value = hole

    def _typed_board(self) -> None:
        try:
            counts = [int(word) for word in self.board_text.value.replace(",", " ").split()]
            position = new_game("hoyito-i", board=counts, player=self.player_picker.value)
            self.set_position(position)
        except ValueError as err:
            self._say(f"Cannot set up that board: {err}")

    def _say(self, text: str) -> None:
        self.notice.value = alert_html(text)

    def _nudge(self, by: int) -> None:
        slider = self.step_slider
        slider.value = min(max(slider.value + by, 0), slider.max)

    # -- results -------------------------------------------------------------------------
    @property
    def hole(self) -> int:
        return self.hole_picker.value

    def result(self, variant: str) -> Move:
        """The move under ``variant``; raises ValueError if the variant cannot play it."""
        move = self.moves[VARIANTS[variant].name]
        if isinstance(move, str):
            raise ValueError(move)
        return move

    def differing_rows(self) -> list[str]:
        """The names of the result rows on which the variants disagree."""
        rows = [_result_rows(m) for m in self.moves.values() if not isinstance(m, str)]
        return [key for key in rows[0] if len({r[key] for r in rows}) > 1] if rows else []

    def _compute(self) -> None:
        self._say("")
        for v in self.variants:
            try:
                self.moves[v] = new_game(v, **_setup(self.position)).sow(self.hole)
                self._frames[v] = move_frames(self.moves[v])
            except ValueError as err:  # e.g. Ba-awa on a 2x8 board
                self.moves[v], self._frames[v] = f"{VARIANTS[v].title}: {err}", []
        longest = max(len(f) for f in self._frames.values())
        self.step_slider.max = longest
        if self.step_slider.value == longest:
            self._draw(longest)
        else:
            self.step_slider.value = longest
        self._draw_table()

    def _frame_at(self, variant: str, step: int) -> Frame | None:
        """The frame shown at ``step`` (the last one once the move is over; None before it)."""
        frames = self._frames[variant]
        return frames[min(step, len(frames)) - 1] if step and frames else None

    def _draw(self, step: int) -> None:
        start = self.position
        frames = {v: self._frame_at(v, step) for v in self.variants if self._frames[v]}
        boards = {v: f.board if f else start.board for v, f in frames.items()}
        differ = {h for h in range(len(start.board)) if len({b[h] for b in boards.values()}) > 1}
        for v, column in self.columns.items():
            frame = frames.get(v)
            marks = {h: ("diff", "differs") for h in differ}
            if frame is not None and step <= len(self._frames[v]) and frame.focus is not None:
                marks[frame.focus] = (frame.mark, frame.tag)
            view = column["view"]
            view.paint(
                boards.get(v, start.board),
                owners=start.owners,
                closed=start.closed,
                turn=start.player if step == 0 else None,
                marks=marks,
            )
            view.show_captures(frame.captures if frame else start.captures)
        self._draw_events(step)

    def _draw_events(self, step: int | None = None) -> None:
        step = self.step_slider.value if step is None else step
        for v, column in self.columns.items():
            if isinstance(self.moves[v], str):
                column["events"].value = f"<div>{html.escape(self.moves[v])}</div>"
            else:
                column["events"].value = self._events_html(v, step)

    def _events_html(self, variant: str, step: int) -> str:
        """The variant's events, those not happening under every other variant marked, then
        the events of other variants that do not happen under this one."""
        own = {f.event for f in self._frames[variant]}
        others = {w: f for w, f in self._frames.items() if w != variant and f}
        their_events = [{g.event for g in f} for f in others.values()]
        items = []
        for i, frame in enumerate(self._frames[variant]):
            differs = any(frame.event not in events for events in their_events)
            classes = ["hoyito-differs"] * differs + ["hoyito-latest"] * (i == step - 1)
            items.append(f'<li class="{" ".join(classes)}">{html.escape(frame.caption)}</li>')
        missing: dict[str, list[str]] = {}
        for w, frames in others.items():
            for frame in frames:
                if frame.event not in own:
                    missing.setdefault(frame.caption, []).append(VARIANTS[w].title)
        lines = "".join(
            f"<li>{html.escape(caption)} ({', '.join(titles)})</li>"
            for caption, titles in missing.items()
        )
        extra = f"<b>Not under these rules, but under others</b><ul>{lines}</ul>" if lines else ""
        return f"<div><b>Events</b><ol>{''.join(items)}</ol>{extra}</div>"

    def _draw_table(self) -> None:
        done = {v: m for v, m in self.moves.items() if not isinstance(m, str)}
        rows = {v: _result_rows(m) for v, m in done.items()}
        differing = set(self.differing_rows())
        head = "".join(f"<th>{VARIANTS[v].title}</th>" for v in done)
        body = ""
        for key in next(iter(rows.values()), {}):
            cells = "".join(f"<td>{html.escape(rows[v][key])}</td>" for v in done)
            mark = "differs" if key in differing else "same"
            css = ' class="hoyito-differs"' if key in differing else ""
            body += f"<tr{css}><th>{key}</th>{cells}<td>{mark}</td></tr>"
        self.table.value = (
            f"<div><b>Hole {self.hole}, {PLAYER_NAMES[self.position.player]} to move: "
            f"the results</b><table class='hoyito-table'><tr><th></th>{head}<th></th></tr>"
            f"{body}</table></div>"
        )
