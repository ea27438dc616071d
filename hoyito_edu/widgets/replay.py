"""``Replay``: watch a recorded game again, move by move and seed by seed.

The place in the game is a pair (move ``m``, step ``s``): ``m`` moves have been started,
and ``s`` counts the events of move ``m`` shown so far (0: the board before it, all of them:
the board after it). The "After move" slider goes move by move; the "Step" slider and the
seed buttons go event by event.

>>> import hoyito_edu as hy
>>> game = hy.Game("hoyito-i")
>>> _ = game.play_all([0, 6, 1])
>>> replay = hy.Replay(game)
>>> replay.move_slider.value
3
>>> replay.move_slider.value = 1
>>> replay.shown_board == game.moves[0].after.board
True
>>> replay.back_seed_button.click()
>>> replay.step_slider.value == len(replay.frames(1)) - 1
True
"""

from __future__ import annotations

import html
import os
from collections import OrderedDict
from pathlib import Path

import ipywidgets as widgets

from ..game import Game
from ..match import Match
from ..position import PLAYER_NAMES, Position
from ..saving import read_json
from .animation import SPEEDS, Clock, report_error
from .frames import Frame, move_frames, move_summary, outcome_sentence
from .style import hand_text, style_sheet, toggle_buttons
from .view import BoardView

#: Replay keeps the films of this many moves at once (a long game is not kept as films).
KEPT_FILMS = 8


def load_record(path: str | os.PathLike) -> Game | Match:
    """A saved game or match, by the ``format`` field of the JSON file.

    Whatever the file holds, a problem with it is a :class:`~hoyito_edu.FormatError`.
    """
    try:
        path = Path(path)
    except TypeError as err:  # not a path, or an os.PathLike giving bytes
        raise ValueError(f"path must be a str or pathlib.Path: {err}") from None
    data = read_json(path)
    if isinstance(data, dict) and data.get("format") == "hoyito_edu.match":
        return Match.from_dict(data)
    return Game.from_dict(data)


def _checked_record(record: object) -> Game | Match:
    """``record`` as a Game or Match (read from a file if it is a path), else a ValueError."""
    if isinstance(record, (Game, Match)):
        return record
    if isinstance(record, (str, os.PathLike)):
        return load_record(record)
    raise ValueError(
        "record must be a Game, a Match or the path of a saved .json file, "
        f"not {type(record).__name__}"
    )


AGREED = "Then both players agreed to stop: each took the seeds in their own holes."


class Replay(widgets.VBox):
    """Scrub through a game: a :class:`~hoyito_edu.Game`, a :class:`~hoyito_edu.Match` (pick
    the round) or the path of a saved JSON file.

    Args:
        record: what to watch.
        speed: speed of the Play button: ``"slow"``, ``"normal"`` or ``"fast"``.

    A bad argument is a ValueError (a bad file a FormatError) raised before anything is built.
    A long move is shown as its film is (see :func:`~hoyito_edu.widgets.frames.move_frames`):
    its first laps, a step that skips ahead, and its end.
    """

    def __init__(self, record: Game | Match | str | Path, *, speed: str = "normal") -> None:
        names = [s for s in SPEEDS if SPEEDS[s] is not None]
        if not isinstance(speed, str) or speed not in names:
            raise ValueError(f"speed must be one of {', '.join(names)}, not {speed!r}")
        record = _checked_record(record)
        super().__init__()
        self.games = list(record.games) if isinstance(record, Match) else [record]
        self.game = self.games[-1]
        self._frames: OrderedDict[int, list[Frame]] = OrderedDict()
        self._summaries: list[str] = []
        self._syncing = False
        self.clock = Clock(self.forward, report_error)
        self._make_controls(speed)
        self.view = BoardView(self.game.start.holes_per_row, clickable=False)
        self.view.show_rows(("", ""))
        self._layout()
        self.add_class("hoyito-replay")
        self._watch()
        self.show_round(len(self.games))

    # -- building ------------------------------------------------------------------------
    def _make_controls(self, speed: str) -> None:
        rounds = [(f"Round {k}", k) for k in range(1, len(self.games) + 1)]
        self.round_picker = widgets.Dropdown(options=rounds, description="Round")
        self.round_picker.layout.display = None if len(rounds) > 1 else "none"
        self.move_slider = widgets.IntSlider(description="After move", min=0)
        self.step_slider = widgets.IntSlider(description="Step", min=0)
        buttons = {
            "start": ("Start", "Go to the start of the game"),
            "back_move": ("Previous move", "Go back one whole move"),
            "back_seed": ("Back a step", "Go back one seed (one event)"),
            "forward_seed": ("Forward a step", "Show the next seed (one event)"),
            "forward_move": ("Next move", "Go on one whole move"),
            "end": ("End", "Go to the end of the game"),
            "play": ("Play", "Show the game seed by seed"),
            "pause": ("Pause", "Stop playing"),
        }
        for key, (label, tip) in buttons.items():
            setattr(self, f"{key}_button", widgets.Button(description=label, tooltip=tip))
        names = [s for s in SPEEDS if SPEEDS[s] is not None]
        self.speed_picker = toggle_buttons(names, speed, "Speed")
        self.clock.interval = SPEEDS[speed]
        self.status = widgets.HTML().add_class("hoyito-status")
        self.commentary = widgets.HTML().add_class("hoyito-commentary")
        self.move_list = widgets.HTML().add_class("hoyito-moves")

    def _layout(self) -> None:
        steps = widgets.HBox(
            [
                self.start_button,
                self.back_move_button,
                self.back_seed_button,
                self.forward_seed_button,
                self.forward_move_button,
                self.end_button,
            ]
        )
        playing = widgets.HBox([self.play_button, self.pause_button, self.speed_picker])
        sliders = widgets.HBox([self.round_picker, self.move_slider, self.step_slider])
        for box in (steps, playing, sliders):
            box.add_class("hoyito-controls")
        self.children = [
            style_sheet(),
            self.status,
            self.view.widget,
            self.commentary,
            sliders,
            steps,
            playing,
            self.move_list,
        ]

    def _watch(self) -> None:
        self.start_button.on_click(lambda _: self.goto(0, 0))
        self.back_move_button.on_click(lambda _: self.goto_move(self.move - 1))
        self.back_seed_button.on_click(lambda _: self.back())
        self.forward_seed_button.on_click(lambda _: self.forward())
        self.forward_move_button.on_click(lambda _: self.goto_move(self.move + 1))
        self.end_button.on_click(lambda _: self.goto_move(len(self.game.moves)))
        self.play_button.on_click(lambda _: self.play())
        self.pause_button.on_click(lambda _: self.pause())
        self.speed_picker.observe(lambda c: setattr(self.clock, "interval", SPEEDS[c.new]), "value")
        self.round_picker.observe(lambda c: self.show_round(c.new), "value")
        self.move_slider.observe(lambda c: self._syncing or self.goto_move(c.new), "value")
        self.step_slider.observe(lambda c: self._syncing or self.goto(self.move, c.new), "value")

    # -- where we are --------------------------------------------------------------------
    @property
    def move(self) -> int:
        """Moves started so far (0: the start of the game)."""
        return self.move_slider.value

    @property
    def step(self) -> int:
        """Events of the current move shown so far."""
        return self.step_slider.value

    @property
    def shown_board(self) -> tuple[int, ...]:
        """The seed counts on the hole buttons now."""
        return self.view.counts()

    def frames(self, m: int) -> list[Frame]:
        """The frames of move ``m`` (counting from 1); the films of the last few moves seen
        are kept."""
        if m in self._frames:
            self._frames.move_to_end(m)
        else:
            self._frames[m] = move_frames(self.game.moves[m - 1])
            if len(self._frames) > KEPT_FILMS:
                self._frames.popitem(last=False)
        return self._frames[m]

    def _steps(self, m: int) -> int:
        return len(self.frames(m)) if m else 0

    # -- moving about --------------------------------------------------------------------
    def show_round(self, number: int) -> None:
        """Watch round ``number`` of a match (1 for a single game); starts at its end."""
        self.pause()
        self.game = self.games[number - 1]
        self._frames.clear()
        self._summaries = [html.escape(move_summary(m)) for m in self.game.moves]
        self.view.resize(self.game.start.holes_per_row)
        self._syncing = True
        try:
            self.round_picker.value = number
            self.move_slider.max = len(self.game.moves)
        finally:
            self._syncing = False
        self.goto_move(len(self.game.moves))

    def goto_move(self, m: int) -> None:
        """Show the board after move ``m`` (0: the start)."""
        m = min(max(m, 0), len(self.game.moves))
        self.goto(m, self._steps(m))

    def goto(self, m: int, s: int) -> None:
        """Show move ``m`` after ``s`` of its events."""
        m = min(max(m, 0), len(self.game.moves))
        s = min(max(s, 0), self._steps(m))
        self._syncing = True
        try:
            self.move_slider.value = m
            self.step_slider.max = self._steps(m)
            self.step_slider.value = s
            self.step_slider.disabled = m == 0
        finally:
            self._syncing = False
        self._draw(m, s)

    def forward(self) -> bool:
        """One event on (into the next move at the end of one). False at the end of the game."""
        m, s = self.move, self.step
        if s < self._steps(m):
            self.goto(m, s + 1)
        elif m < len(self.game.moves):
            self.goto(m + 1, 1)
        else:
            return False
        return (self.move, self.step) != (len(self.game.moves), self._steps(self.move))

    def back(self) -> None:
        """One event back: exactly the way :meth:`forward` came."""
        m, s = self.move, self.step
        if s > 1:
            self.goto(m, s - 1)
        elif m > 0:  # the board before move m is the board after move m - 1
            self.goto(m - 1, self._steps(m - 1) - (s == 0))

    def play(self) -> None:
        """Show the game event by event on the clock (from the start if at the end)."""
        if not self.forward():
            self.goto(0, 0)
        self.clock.start()

    def pause(self) -> None:
        self.clock.stop()

    # -- drawing -------------------------------------------------------------------------
    def _draw(self, m: int, s: int) -> None:
        moves, view = self.game.moves, self.view
        if m == 0:
            shown, caption = self.game.start, "The start of the game."
            if not moves and self.game.ended_by_agreement:
                shown, caption = self.game.position, f"{caption} {AGREED}"
            view.show_position(shown, turn=None if shown.is_over else shown.player)
        else:
            move = moves[m - 1]
            if s == 0:
                shown = move.before
                caption = f"Before move {m}: {PLAYER_NAMES[move.player]} will sow hole {move.hole}."
                view.show_position(shown, turn=shown.player, marks={move.hole: ("lift", "next")})
            elif s == self._steps(m):
                shown, caption = move.after, f"After move {m}: {move_summary(move)}."
                if m == len(moves) and self.game.ended_by_agreement:
                    shown, caption = self.game.position, f"{caption} {AGREED}"
                view.show_position(shown, turn=None if shown.is_over else shown.player)
            else:
                shown, frame = None, self.frames(m)[s - 1]
                view.show_frame(move.before, frame)
                caption = f"{frame.caption} In hand: {hand_text(frame.hand)}"
        self.commentary.value = f"<div>{html.escape(caption)}</div>"
        self._draw_status(m, s, shown)
        self._draw_moves(m)

    def _draw_status(self, m: int, s: int, shown: Position | None) -> None:
        total = len(self.game.moves)
        text = f"Move {m} of {total}" + (f", step {s} of {self._steps(m)}" if m else "") + "."
        if shown is not None and shown.is_over:
            text += " " + outcome_sentence(shown.outcome)
        elif shown is not None:
            text += f" {PLAYER_NAMES[shown.player]} to move."
        self.status.value = f'<div role="status">{html.escape(text)}</div>'

    def _draw_moves(self, current: int) -> None:
        moves = zip(self.game.moves, self._summaries, strict=True)
        items = "".join(
            f'<li class="hoyito-move{" hoyito-latest" if k == current else ""}" '
            f'data-player="{m.player}" data-hole="{m.hole}">{summary}</li>'
            for k, (m, summary) in enumerate(moves, start=1)
        )
        agreed = f"<div>{AGREED}</div>" if self.game.ended_by_agreement else ""
        self.move_list.value = f"<div><b>Moves (current in bold)</b><ol>{items}</ol>{agreed}</div>"
