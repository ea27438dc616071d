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

from ..engine.events import Capture, Drop, Endless, ExtraTurn, GameOver, LapLimit, Lift, Pass, Relay
from ..engine.position import Move, Position
from ..i18n import N_pair, get_language, ngettext, pgettext
from ..i18n import gettext as _
from .frames import Skipped, capture_caption, move_frames, taken_because

STATIC = Path(__file__).parent / "static"

#: Speeds of the page's animation (milliseconds per seed dropped; "off" shows moves at once).
SPEEDS = ("off", "slow", "normal", "fast")


def _pair(pair: tuple[str, str]) -> list[str]:
    """Both forms of a counted phrase, for the page to choose by its count (English and
    Spanish both use the singular for 1 and the plural for every other count)."""
    return [ngettext(*pair, 1), ngettext(*pair, 2)]


def page_texts() -> dict:
    """Every word the page writes by itself (buttons, their titles, labels, captions of the
    animation, notices of clicks it refuses), in the current language. ``{fields}`` are filled
    in by the page; a pair holds the singular and plural forms."""
    return {
        "lang": get_language(),  # the page's lang attribute, for screen readers
        "board": _("The board"),
        "new_game": pgettext("button", "New game"),
        "new_game_title": _("Start again (asks first if a game is in progress)"),
        "next_round": pgettext("button", "Next round"),
        "next_round_title": _("Start the next game of the match"),
        "see_board": _("See the board"),
        "watch_again": _("Watch from the start"),
        "pause": pgettext("button", "Pause"),
        "pause_title": _("Stop the animation here"),
        "resume": pgettext("button", "Resume"),
        "resume_title": _("Go on showing the move"),
        "step": pgettext("button", "Step"),
        "step_title": _("Show the next seed"),
        "skip": pgettext("button", "Skip"),
        "skip_title": _("Show the end of this move (and of a run of extra turns)"),
        "animation": _("Animation"),
        "animation_speed": _("Animation speed"),
        "speeds": {
            # TRANSLATORS: the animation's speeds in a menu.
            "off": pgettext("speed", "off"),
            "slow": pgettext("speed", "slow"),
            "normal": pgettext("speed", "normal"),
            "fast": pgettext("speed", "fast"),
        },
        "replay_start": pgettext("button", "Start"),
        "replay_start_title": _("Go to the start of the game"),
        "replay_back": _("Previous move"),
        "replay_back_title": _("Go back one move"),
        "replay_forward": _("Next move"),
        "replay_forward_title": _("Show the next move, seed by seed"),
        "replay_end": pgettext("button", "End"),
        "replay_end_title": _("Go to the end of the game"),
        "replay_play": _("Play the game"),
        "replay_play_title": _("Show every move in turn"),
        "replay_stop": pgettext("button", "Stop"),
        # TRANSLATORS: the label before Replay's slider of moves.
        "goto": pgettext("slider", "Move"),
        "goto_aria": _("Go to move"),
        # TRANSLATORS: after Replay's slider: "12 of 40" (moves).
        "goto_text": _("{at} of {total}"),
        "round_aria": pgettext("menu", "Round"),
        "undo": pgettext("button", "Undo"),
        "undo_title": _("Take back your last move"),
        "redo": pgettext("button", "Redo"),
        "redo_title": _("Play again the move taken back"),
        "show_me": pgettext("button", "Show me"),
        "show_me_title": _("Mark what each of your moves would take"),
        "numbers": _("Hole numbers"),
        "numbers_title": _("Write each hole's number"),
        "yes": pgettext("button", "Yes"),
        "no": _("No, play on"),
        "settings": _("Settings: game, board, opponent, your side"),
        "game": pgettext("setting", "Game"),
        "board_size": pgettext("setting", "Board"),
        "opponent": pgettext("setting", "Opponent"),
        "you_play": pgettext("setting", "You play"),
        "match": _("Match (rounds)"),
        # TRANSLATORS: the settings menu that chooses the page's language.
        "language": pgettext("setting", "Language"),
        "keys": _(
            "Keys: Tab to the board, arrow keys to move between holes, Enter or Space to sow."
        ),
        "size": _("2 × {n}"),
        "person": _("Another person at this screen"),
        # TRANSLATORS: a computer level in the Opponent menu ("Computer: expert"); the line
        # that says how it plays is written below the menu.
        "computer_option": _("Computer: {level}"),
        "side_0": _("South (bottom row, opens)"),
        "side_1": _("North (top row)"),
        "names": [pgettext("side", "South"), pgettext("side", "North")],
        "row_bottom": _("{name}: bottom row"),
        "row_top": _("{name}: top row"),
        "thinking": _("thinking…"),
        # TRANSLATORS: a badge beside the name of the side to move ("You (South)" or
        # "Computer: expert (North)"): one word that fits both.
        "to_move": _("to move"),
        "moves": _("Moves"),
        "moves_none": _("Moves: none yet"),
        "moves_count": _("Moves ({count})"),
        "moves_goto": _("Go to the board after move {move}"),
        "captured": _pair(
            N_pair("{name} has captured {count} seed", "{name} has captured {count} seeds")
        ),
        "captured_surplus": _pair(
            N_pair(
                "{name} has captured {count} seed, and carried in {surplus}",
                "{name} has captured {count} seeds, and carried in {surplus}",
            )
        ),
        # TRANSLATORS: a pit's label for screen readers, its parts joined by commas:
        # "Hole 3, South's, 4 seeds, playable, the last move".
        "pit_hole": _("Hole {hole}"),
        "pit_whose": [_("South's"), _("North's")],
        "pit_yours": _("yours"),
        "pit_computer": _("the computer's"),
        "pit_closed": _("closed for this game"),
        # TRANSLATORS: written inside a closed hole (a few letters fit).
        "closed_mark": pgettext("hole", "closed"),
        "pit_seeds": _pair(N_pair("{count} seed", "{count} seeds")),
        "pit_playable": _("playable"),
        "pit_last": _("the last move"),
        # TRANSLATORS: CompareRules: a hole whose seeds end differently under another rule set.
        "pit_differs": _("not the same under the other rules"),
        "watch_you": _("Watch: You sow hole {hole}."),
        "watch_computer": _("Watch: The computer sows hole {hole}."),
        "watch_side": _("Watch: {who} sows hole {hole}."),
        "paused": _("Paused: press Resume, Step or Skip."),
        "double_click": _("Hole {hole} was sown once: a double click counts as one click."),
        "busy": _(
            "Hole {hole} was not played: the last move is still being shown. Wait for it, or "
            "press Skip."
        ),
        "busy_thinking": _(
            "Hole {hole} was not played: the computer is thinking. Wait for its move."
        ),
        "on_its_way": _("Hole {hole} was not played: your last click is still on its way."),
        "lift_you": _pair(
            N_pair(
                "You lift {count} seed from hole {hole}.",
                "You lift {count} seeds from hole {hole}.",
            )
        ),
        "lift_computer": _pair(
            N_pair(
                "The computer lifts {count} seed from hole {hole}.",
                "The computer lifts {count} seeds from hole {hole}.",
            )
        ),
        "lift_side": _pair(
            N_pair(
                "{who} lifts {count} seed from hole {hole}.",
                "{who} lifts {count} seeds from hole {hole}.",
            )
        ),
        "relay": _pair(
            N_pair(
                "Lap {lap}: the last seed fell into a hole with seeds, so its {count} seed goes "
                "on.",
                "Lap {lap}: the last seed fell into a hole with seeds, so its {count} seeds go on.",
            )
        ),
        "in_hand": _pair(
            N_pair(
                "Lap {lap}: {count} seed still in hand.", "Lap {lap}: {count} seeds still in hand."
            )
        ),
        "last_of_lap": _("Lap {lap}: the last seed of the lap."),
        "again_you": _("You captured with the last seed and play again."),
        "again_computer": _("The computer captured with the last seed and plays again."),
        "again_side": _("{who} captured with the last seed and plays again."),
        # a capture in the animation when a person plays the computer, named as in the rest
        # of it; {because} says why ("the last seed made a casa")
        "capture_you": _("You take {seeds} from hole {hole}: {because}."),
        "capture_computer": _("The computer takes {seeds} from hole {hole}: {because}."),
        "capture_hand_you": _("You take {seeds} from the seeds still in hand: {because}."),
        "capture_hand_computer": _(
            "The computer takes {seeds} from the seeds still in hand: {because}."
        ),
        "pass_side": _("{who} has no seeds to sow and passes."),
        "typed": _("Seeds in each hole, in ring order:"),
        "typed_aria": _("Seeds in each hole, in ring order"),
        "player": _("To move"),
        "set_board": _("Set up this board"),
        "set_board_title": _("Compare the board typed in the box"),
        "hole_to_sow": _("Hole to sow"),
        "hole_option": _("hole {hole}"),
        "sow_again": _("Sow again"),
        "sow_again_title": _("Show the sowing again on every board"),
        "c_pause_title": _("Stop the animations here"),
        "c_resume_title": _("Go on showing the sowing"),
        "c_step_title": _("Show the next seed on every board"),
        "c_skip_title": _("Show the end of the move on every board"),
        # TRANSLATORS: CompareRules' table: written after a heading or cell where the rules differ.
        "differs": _("differs"),
    }


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
        # the reason apart too, for the page's "you" / "the computer" captions
        return [
            "capture",
            hole,
            event.seeds,
            event.taker,
            capture_caption(event),
            taken_because(event),
        ]
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
    :data:`~hoyito_edu.board.frames.MAX_FILM_FRAMES` steps, however long the move.

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
