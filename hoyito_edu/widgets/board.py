"""``Board``: play Hoyito or Ba-awa in a notebook, against a person or the computer.

The widget is a thin layer over the engine: a :class:`~hoyito_edu.Game` (or a
:class:`~hoyito_edu.Match` in match mode) holds the state, the engine decides what is legal
and what a move does, and the board shows the move record event by event.

How a click is handled:

* The move is checked by the engine first. A click that cannot be played (the opponent's hole,
  an empty or closed hole, the computer's turn, a finished game) changes nothing and the
  notice line under the status says why, in the engine's words where it has them.
* While a move is being shown, clicks on holes are politely refused (the notice says to wait or
  press Skip); they are never queued, so nothing is played that the player did not see coming.
* A legal move is played at once in the engine and then shown drop by drop on a clock (see
  :mod:`hoyito_edu.widgets.animation`). When the film ends, the computer replies if it is its
  turn, again after an extra turn, and its moves are shown the same way. With animation "off"
  everything happens at once.

>>> import hoyito_edu as hy
>>> board = hy.Board("hoyito-i", speed="off")
>>> board.holes[2].click()
>>> board.game.holes(), board.position.player
([2], 1)
>>> board.holes[3].click()          # South's hole, but North is to move: refused
>>> board.game.holes()
[2]
>>> board.notice_text.startswith("Not played: hole 3 is not yours")
True
"""

from __future__ import annotations

import html
import re
import sys
import traceback

import ipywidgets as widgets

from .. import players
from ..checks import as_whole
from ..explain import explain_all
from ..game import Game
from ..match import Match
from ..position import PLAYER_NAMES, IllegalMove, Move, Position, new_game
from ..rules import BOARD_QUIET_LIMIT, VARIANTS, Rules, get_rules
from .animation import SPEEDS, Animator
from .frames import Frame, move_frames, move_summary, moves_summary, outcome_sentence
from .style import alert_html, hand_text, style_sheet, toggle_buttons
from .view import BoardView

COMPUTER_SIDE = 1  # the computer plays North; the person at the screen sits South



def _button(description: str, tooltip: str = "") -> widgets.Button:
    return widgets.Button(description=description, tooltip=tooltip or description)


def _text(css_class: str) -> widgets.HTML:
    return widgets.HTML().add_class(css_class)


def size_options(variant: str) -> list[tuple[str, int]]:
    """The board sizes a variant is played on, as dropdown options."""
    rules = get_rules(variant)
    return [(f"2 x {n}", n) for n in range(rules.min_holes_per_row, rules.max_holes_per_row + 1)]


PERSON = "person"  # the opponent menu's value for another person at the same screen


def opponent_options() -> list[tuple[str, str]]:
    """ "Another person" and every computer player the package offers, at run time."""
    return [("Another person", PERSON)] + [(f"Computer: {n}", n) for n in players.available()]


def _checked_settings(
    variant: object,
    holes_per_row: object,
    opponent: object,
    starts: object,
    speed: object,
    match: object,
    seed: object,
) -> dict:
    """The settings, once every one is known to be valid: a ValueError says what is allowed.

    Numbers may be ints or numpy integers, never bools or floats. Returns them as the board
    keeps them (the variant by name, plain ints).
    """
    rules = get_rules(variant)
    size = as_whole(holes_per_row)
    if size is None:
        raise ValueError(f"holes_per_row must be a whole number, not {holes_per_row!r}")
    new_game(rules, holes_per_row=size)  # says which sizes the variant is played on
    names = [name for _, name in opponent_options()]
    if opponent is not None and (not isinstance(opponent, str) or opponent not in names):
        raise ValueError(f"opponent must be None or one of {', '.join(names)}, not {opponent!r}")
    first = as_whole(starts)
    if first not in (0, 1):
        raise ValueError(f"starts must be 0 (South) or 1 (North), not {starts!r}")
    if not isinstance(speed, str) or speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
    if not isinstance(match, bool):
        raise ValueError(f"match must be True or False, not {match!r}")
    number = as_whole(seed)
    if seed is not None and (number is None or number < 0):
        raise ValueError(f"seed must be None or a whole number from 0, not {seed!r}")
    return {
        "variant": rules.name,
        "holes_per_row": size,
        "opponent": opponent or PERSON,
        "starts": first,
        "speed": speed,
        "match": match,
        "seed": number,
    }


class Board(widgets.VBox):
    """An interactive board: click one of your holes to sow it.

    Args:
        variant: ``"hoyito-i"``, ``"hoyito-ii"``, ``"hoyito-iii"`` or ``"ba-awa"``.
        holes_per_row: 6 to 12 for Hoyito, 6 for Ba-awa.
        opponent: ``None`` (or ``"person"``) for two people at one screen, or a computer
            player's name (see ``hoyito_edu.players.available()``); the computer plays North.
        starts: who moves first, 0 (South) or 1 (North).
        speed: animation speed, one of ``"off"``, ``"slow"``, ``"normal"``, ``"fast"``.
        match: play a match (rounds with closed holes, or Ba-awa territory) instead of one game.
        seed: seed for the computer player (a whole number from 0), for repeatable games.

    A bad setting is a ValueError that says what is allowed, raised before anything is built.

    The engine state is ``board.game`` (and ``board.match`` in match mode); ``board.holes[i]``
    is the button of ring hole ``i``. Games on the board follow the lap limit (R2.8) and end
    after :data:`BOARD_QUIET_LIMIT` plies in a row without a capture (R4.5); the players may
    also agree to end a game at any time (:meth:`end_by_agreement`).
    """

    def __init__(
        self,
        variant: str = "hoyito-i",
        *,
        holes_per_row: int = 6,
        opponent: str | None = None,
        starts: int = 0,
        speed: str = "normal",
        match: bool = False,
        seed: int | None = None,
    ) -> None:
        settings = _checked_settings(variant, holes_per_row, opponent, starts, speed, match, seed)
        super().__init__()
        self.seed = settings.pop("seed")
        self._settling = False
        self._make_controls(**settings)
        self.view = BoardView(settings["holes_per_row"], on_click=self.play)
        self.film = Animator(self._show_frame, self._update_buttons, self._report_error)
        self.film.interval = SPEEDS[settings["speed"]]
        self._layout()
        self.add_class("hoyito-board")
        self._watch_controls()
        self.new_game()

    # -- building ------------------------------------------------------------------------
    def _make_controls(self, variant, holes_per_row, opponent, starts, speed, match) -> None:
        titles = [(rules.title, name) for name, rules in VARIANTS.items()]
        self.variant_picker = widgets.Dropdown(options=titles, value=variant, description="Game")
        self.size_picker = widgets.Dropdown(
            options=size_options(variant), value=holes_per_row, description="Board"
        )
        self.mode_picker = toggle_buttons(
            [("Single game", False), ("Match (rounds)", True)], match, "Play"
        )
        self.opponent_picker = widgets.Dropdown(
            options=opponent_options(), value=opponent, description="Opponent"
        )
        self.starter_picker = toggle_buttons([("South", 0), ("North", 1)], starts, "Who starts")
        self.speed_picker = toggle_buttons(list(SPEEDS), speed, "Animation")
        self.new_button = _button("New game", "Start again with the settings below")
        self.undo_button = _button("Undo", "Take back your last move")
        self.redo_button = _button("Redo", "Play again the move taken back")
        self.next_round_button = _button("Next round", "Start the next game of the match")
        self.play_button = _button("Play", "Go on showing the move")
        self.pause_button = _button("Pause", "Stop the animation here")
        self.step_button = _button("Step", "Show the next seed")
        self.skip_button = _button("Skip", "Show the end of this move")
        self.hint_button = widgets.ToggleButton(
            description="Show me", tooltip="Say what each of the legal moves would do"
        )
        self.agree_button = _button(
            "End the game here (both agree)",
            "Both players agree to stop now: each takes the seeds in their own holes",
        )
        self.agree_button.layout.width = "auto"  # the whole label, not cut short
        self.agree_yes_button = _button("Yes, end it", "End the game now")
        self.agree_no_button = _button("No, play on", "Go on with the game")
        hooks = {
            "variant": self.variant_picker, "size": self.size_picker, "mode": self.mode_picker,
            "opponent": self.opponent_picker, "starter": self.starter_picker,
            "speed": self.speed_picker, "new": self.new_button, "undo": self.undo_button,
            "redo": self.redo_button, "next-round": self.next_round_button,
            "play": self.play_button, "pause": self.pause_button, "step": self.step_button,
            "skip": self.skip_button, "show-me": self.hint_button, "agree": self.agree_button,
            "agree-yes": self.agree_yes_button, "agree-no": self.agree_no_button,
        }  # fmt: skip
        for name, control in hooks.items():  # CSS hooks for styling and browser tests
            control.add_class(f"hoyito-{name}")
        self.status = _text("hoyito-status")
        self.notice = _text("hoyito-notice")
        self.commentary = _text("hoyito-commentary")
        self.hint = _text("hoyito-hint")
        self.move_list = _text("hoyito-moves")
        self.rounds = _text("hoyito-rounds")
        self.rules_note = _text("hoyito-rules")
        self.question = _text("hoyito-question")
        self.question_row = widgets.HBox(
            [self.question, self.agree_yes_button, self.agree_no_button]
        ).add_class("hoyito-controls")
        self.question_row.layout.display = "none"

    def _layout(self) -> None:
        film_row = widgets.HBox(
            [
                self.play_button,
                self.pause_button,
                self.step_button,
                self.skip_button,
                self.speed_picker,
            ]
        )
        game_row = widgets.HBox(
            [
                self.new_button,
                self.undo_button,
                self.redo_button,
                self.next_round_button,
                self.hint_button,
                self.agree_button,
            ]
        )
        settings = widgets.VBox(
            [
                widgets.HBox([self.variant_picker, self.size_picker, self.opponent_picker]),
                widgets.HBox([self.starter_picker, self.mode_picker]),
            ]
        )
        for box in (film_row, game_row, settings):
            box.add_class("hoyito-controls")
        self.children = [
            style_sheet(),
            self.status,
            self.notice,
            self.view.widget,
            self.commentary,
            film_row,
            game_row,
            self.question_row,
            self.hint,
            settings,
            self.rules_note,
            widgets.HBox([self.move_list, self.rounds]),
        ]

    def _watch_controls(self) -> None:
        self.new_button.on_click(lambda _: self.new_game())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.next_round_button.on_click(lambda _: self.next_round())
        self.play_button.on_click(lambda _: self.film.play())
        self.pause_button.on_click(lambda _: self.film.pause())
        self.step_button.on_click(lambda _: self.film.step())
        self.skip_button.on_click(lambda _: self.film.skip())
        self.variant_picker.observe(self._variant_changed, "value")
        for picker in (self.size_picker, self.mode_picker, self.starter_picker):
            picker.observe(self._settings_changed, "value")
        self.opponent_picker.observe(lambda _: self._opponent_changed(), "value")
        self.speed_picker.observe(lambda c: self.film.set_interval(SPEEDS[c.new]), "value")
        self.hint_button.observe(lambda _: self._render_hint(), "value")
        self.agree_button.on_click(lambda _: self.ask_to_end())
        self.agree_yes_button.on_click(lambda _: self.end_by_agreement())
        self.agree_no_button.on_click(lambda _: self._play_on())

    # -- state ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played (in match mode: the current round's game)."""
        return self.match.game if self.match is not None else self._game

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def _engine(self) -> Game | Match:
        return self.match if self.match is not None else self._game

    @property
    def status_text(self) -> str:
        return _plain(self.status.value)

    @property
    def notice_text(self) -> str:
        return _plain(self.notice.value)

    def _is_computer(self, player: int) -> bool:
        return self.computer is not None and player == COMPUTER_SIDE

    def _computer_to_move(self) -> bool:
        return not self.position.is_over and self._is_computer(self.position.player)

    def _can_undo(self) -> bool:
        """The players agreed to stop, or a person has played a move in this game (only those
        are taken back)."""
        if self.game.ended_by_agreement:
            return True
        return any(not self._is_computer(m.player) for m in self.game.moves)

    def _roles(self) -> tuple[str, str]:
        if self.computer is None:
            return ("", "")
        return ("you", f"computer: {self.computer.name}")

    def _name(self, player: int) -> str:
        role = self._roles()[player]
        return f"{PLAYER_NAMES[player]} ({role})" if role else PLAYER_NAMES[player]

    @property
    def holes(self) -> list[widgets.Button]:
        """The hole buttons by ring index (South ``0..n-1``, North ``n..2n-1``)."""
        return self.view.holes

    # -- actions -------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a game (or a match) with the settings shown in the controls."""
        variant, n = self.variant_picker.value, self.size_picker.value
        starts = self.starter_picker.value
        quiet = BOARD_QUIET_LIMIT
        if self.mode_picker.value:
            self.match = Match(variant, holes_per_row=n, first_player=starts, quiet_limit=quiet)
        else:
            self.match = None
            self._game = Game(variant, holes_per_row=n, player=starts, quiet_limit=quiet)
        self.computer = self._make_computer()
        self._recent: list[Move] = []
        self.film.cancel()
        self._close_question()
        self.rules_note.value = rules_note(self.game.rules)
        self.view.resize(n)
        self._say("")
        self._advance()

    def play(self, hole: int) -> bool:
        """Sow ``hole`` for the player to move, as a click on it does. False if refused."""
        refusal = self._refusal(hole)
        if refusal:
            self._say(refusal)
            return False
        self._recent = []
        self._say("")
        self._close_question()
        self._show(self._engine.play(hole))
        return True

    def ask_to_end(self) -> bool:
        """The "End the game here" button: ask both players to confirm. False if refused."""
        refusal = self._agreement_refusal()
        if refusal:
            self._say(refusal)
            return False
        south, north = self.position.end_by_agreement().outcome.score
        self.question.value = (
            "<div><b>End the game here?</b> Each player takes the seeds in their own holes: "
            f"South would finish with {south}, North with {north}.</div>"
        )
        self.question_row.layout.display = None
        self._say("")
        return True

    def end_by_agreement(self) -> bool:
        """End the game now, both players agreeing (R4.5), as "Yes, end it" does: each takes
        the seeds in their own holes. Undo takes it back. False (and a notice) if refused."""
        refusal = self._agreement_refusal()
        self._close_question()
        if refusal:
            self._say(refusal)
            return False
        self._engine.end_by_agreement()
        self._recent = []
        self._say("")
        self._render()
        return True

    def _agreement_refusal(self) -> str:
        if self.film.busy:
            return "The last move is still being shown. Wait for it to finish, or press Skip."
        if self.position.is_over:
            return "The game is already over."
        return ""

    def _play_on(self) -> None:
        self._close_question()
        self._say("The game goes on.")

    def _close_question(self) -> None:
        self.question_row.layout.display = "none"

    def undo(self) -> None:
        """Take back the last move of a person (and the computer's replies after it), or the
        players' agreement to stop."""
        self.film.cancel()
        self._close_question()
        if self.game.ended_by_agreement:
            self._engine.undo()
            self._recent = []
            self._say("Took back the agreement to stop: the game goes on.")
            self._advance()
            return
        if not self._can_undo():
            self._say("Nothing to undo in this game.")
            self._render()
            return
        while True:
            move = self._engine.undo()
            if not self._is_computer(move.player):
                break
        self._recent = []
        self._say(f"Took back: {move_summary(move)}.")
        self._render()

    def redo(self) -> None:
        """Play again the move taken back last (and the computer's replies after it)."""
        if self.film.busy or not self.game.can_redo:
            self._say("Nothing to redo.")
            return
        self._close_question()
        self._recent = [self._engine.redo()]
        while self._computer_to_move() and self.game.can_redo:
            self._recent.append(self._engine.redo())
        self._say("")
        self._advance()

    def next_round(self) -> None:
        """Match mode: start the next round once the current game is over."""
        if self.match is None or not self.game.is_over or self.match.is_over:
            self._say("There is no next round to start now.")
            return
        self.match.next_round()
        self._close_question()
        self._recent = []
        self._say(f"Round {self.match.round} begins.")
        self._advance()

    # -- the flow of a move --------------------------------------------------------------
    def _refusal(self, hole: int) -> str:
        """Why a click on ``hole`` cannot be played now ('' when it can)."""
        pos = self.position
        if self.film.busy:
            return (
                f"Hole {hole} was not played: the last move is still being shown. "
                "Wait for it to finish, or press Skip."
            )
        if pos.is_over and self.match is not None and not self.match.is_over:
            return "This game is over: press Next round to play the next game of the match."
        if pos.is_over:
            return "The game is over: press New game to play again."
        if self._is_computer(pos.player):
            return f"It is the computer's turn ({PLAYER_NAMES[pos.player]})."
        try:
            pos.check_move(hole)
        except IllegalMove as err:
            return f"Not played: {err}."
        return ""

    def _show(self, move: Move) -> None:
        """Show a move just played: as a film, or at once; then let the computer reply."""
        self._recent.append(move)
        if self.film.interval is None:
            self._advance()
            return
        self._film_move = move
        self.film.start(move_frames(move), on_done=self._advance)
        if self.film.busy and self._film_move is move:
            self._render_hint()
            self._render_status()

    def _advance(self) -> None:
        """Once a move has been shown: the computer plays while it is its turn."""
        while self._computer_to_move():
            move = self._computer_move()
            if move is None:
                break
            if self.film.interval is not None:
                self._show(move)
                return
            self._recent.append(move)
        self._render()

    def _computer_move(self) -> Move | None:
        thinks = isinstance(self.computer, players.SearchPlayer)  # the others answer at once
        if thinks:
            self._say(f"{self._name(COMPUTER_SIDE)} is choosing a move...")
        try:
            hole = self.computer.choose(self.position)
            move = self._engine.play(hole)
        except Exception as error:  # a broken player must not break the board
            self._report_error(error)
            return None
        if thinks:
            self._say("")
        return move

    def _make_computer(self):
        name = self.opponent_picker.value
        return None if name == PERSON else players.player(name, seed=self.seed)

    def _opponent_changed(self) -> None:
        self.computer = self._make_computer()
        if not self.film.busy:
            self._recent = []
            self._advance()

    def _variant_changed(self, change) -> None:
        options = size_options(change.new)
        sizes = [n for _, n in options]
        keep = self.size_picker.value if self.size_picker.value in sizes else sizes[0]
        self._settling = True  # the size observer would start a game too: start one, below
        try:
            self.size_picker.options = options
            self.size_picker.value = keep
        finally:
            self._settling = False
        self.new_game()

    def _settings_changed(self, _change=None) -> None:
        if not self._settling:
            self.new_game()

    def _report_error(self, error: BaseException) -> None:
        traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
        self._say(f"Something went wrong: {type(error).__name__}: {error}")

    # -- drawing -------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        """The notice line: refusals, take-backs and errors (empty when all is well)."""
        self.notice.value = alert_html(text)

    def _show_frame(self, frame: Frame) -> None:
        self.view.show_frame(self._film_move.before, frame)
        lap = f"lap {frame.lap}, " if frame.hand else ""
        self.commentary.value = (
            f"<div><b>{html.escape(frame.caption)}</b><br>"
            f"In hand ({lap}{PLAYER_NAMES[self._film_move.player]}): {hand_text(frame.hand)}</div>"
        )

    def _render(self) -> None:
        """Draw the current position and everything around it (not during a film)."""
        pos = self.position
        person_to_move = not pos.is_over and not self._computer_to_move()
        self.view.show_position(pos, turn=pos.player if person_to_move else None)
        self.view.show_rows(self._roles())
        if not self._recent:
            self.commentary.value = ""
        self._render_moves()
        self._render_rounds()
        self._render_hint()
        self._update_buttons()
        self._render_status()  # last: the status changes once the rest is up to date

    def _render_status(self) -> None:
        pos, moves = self.position, self.game.moves
        if self.film.busy:
            move = self._film_move
            text = (
                f"Watch: {self._name(move.player)} sows hole {move.hole}. "
                "Pause, Step or Skip below."
            )
        else:
            done = moves_summary(self._recent)
            if self.game.ended_by_agreement:
                done = "The players agreed to end the game here."
            text = f"Move {len(moves)}." if moves else self._opening_sentence(pos)
            text += f" {done}" if moves and done else ""
            text += " " + self._turn_sentence(pos)
        self.status.value = f'<div role="status">{html.escape(text)}</div>'

    def _opening_sentence(self, pos: Position) -> str:
        size = f"2 x {pos.holes_per_row}"
        if self.match is not None:
            return f"Round {self.match.round} of a {pos.rules.title} match on {size}."
        return f"New game of {pos.rules.title} on {size}."

    def _turn_sentence(self, pos: Position) -> str:
        if not pos.is_over:
            return f"{self._name(pos.player)} to move."
        text = outcome_sentence(pos.outcome)
        if self.match is not None:
            if self.match.is_over:
                text += f" Match over: {PLAYER_NAMES[self.match.winner]} wins the match."
            else:
                text += " Press Next round to go on with the match."
        return text

    def _render_hint(self) -> None:
        pos = self.position
        if not self.hint_button.value:
            self.hint.value = ""
            return
        if pos.is_over or self._computer_to_move() or self.film.busy:
            self.hint.value = "<div>Show me: nothing to choose right now.</div>"
            return
        items = "".join(
            f"<li><b>Hole {hole}</b>: {html.escape(why.text)}</li>"
            for hole, why in explain_all(pos).items()
        )
        head = "<b>Show me</b> &mdash; what each move would do:"
        self.hint.value = f"<div>{head}<ul>{items}</ul></div>"

    def _render_moves(self) -> None:
        moves = self.game.moves
        items = "".join(
            f'<li value="{k}" class="hoyito-move{" hoyito-latest" if k == len(moves) else ""}"'
            f' data-player="{m.player}" data-hole="{m.hole}">{html.escape(move_summary(m))}</li>'
            for k, m in reversed(list(enumerate(moves, start=1)))
        )
        title = "Moves (latest first)" if moves else "Moves: none yet"
        agreed = ""
        if self.game.ended_by_agreement:
            agreed = '<div class="hoyito-agreed">Ended here: both players agreed to stop.</div>'
        self.move_list.value = f"<div><b>{title}</b>{agreed}<ol reversed>{items}</ol></div>"

    def _render_rounds(self) -> None:
        if self.match is None:
            self.rounds.value = ""
            return
        self.rounds.value = match_table(self.match)

    def _update_buttons(self) -> None:
        busy, film = self.film.busy, self.film
        self.play_button.disabled = not (busy and film.paused)
        self.pause_button.disabled = not busy or film.paused
        self.step_button.disabled = self.skip_button.disabled = not busy
        self.undo_button.disabled = not self._can_undo()
        self.agree_button.disabled = busy or self.position.is_over
        self.redo_button.disabled = busy or not self.game.can_redo
        in_match = self.match is not None
        self.next_round_button.layout.display = None if in_match else "none"
        self.next_round_button.disabled = not (
            in_match and self.game.is_over and not self.match.is_over
        )


def rules_note(rules: Rules) -> str:
    """What the board adds to the recorded rules, in plain words (the lap limit, the quiet
    limit and ending by agreement)."""
    laps = (
        f"A single move stops after {rules.max_laps:,} laps (nobody can finish a longer one by "
        "hand), and each player then takes the seeds in their own holes. "
        if rules.max_laps is not None
        else ""
    )
    quiet = (
        f"A game with no capture for {rules.quiet_limit} moves in a row (South's and North's "
        "moves together) ends as if both players agreed to stop. "
        if rules.quiet_limit is not None
        else ""
    )
    return (
        f"<div><b>On this board</b>: {laps}{quiet}The players may also end a game at any time "
        "with <i>End the game here (both agree)</i>: each takes the seeds in their own holes."
        "</div>"
    )


def match_table(match: Match) -> str:
    """The rounds played so far and the match score, as an HTML table."""
    unit = "holes" if match.rules.territory else "seeds"
    rows = "".join(
        f"<tr><td>{r.round}</td><td>{PLAYER_NAMES[r.starter]}</td>"
        f"<td>{'draw' if r.winner is None else PLAYER_NAMES[r.winner]}</td>"
        f"<td>{r.outcome.score[0]}-{r.outcome.score[1]}</td><td>{r.outcome.reason}</td>"
        f"<td>{r.holdings[0]} / {r.holdings[1]}</td></tr>"
        for r in match.results
    )
    south, north = match.holdings
    goal = (
        f"; a player owning {match.target} holes, or the other player owning none, wins"
        if match.rules.territory
        else "; a player left with fewer than 4 seeds loses"
    )
    if match.is_over:
        goal = f"; {PLAYER_NAMES[match.winner]} has won the match"
    return (
        f"<div><b>Match, round {match.round}</b>: South holds {south} {unit}, North {north}"
        f"{goal}.<table class='hoyito-table'><tr><th>Round</th><th>Started</th><th>Winner</th>"
        f"<th>Score S-N</th><th>Ended by</th><th>{unit.title()} after (S / N)</th></tr>"
        f"{rows}</table></div>"
    )


def _plain(markup: str) -> str:
    """The words of a bit of HTML, on one line (for tests and doctests)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())
