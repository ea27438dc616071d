"""``BoardSession``: the board's controller, in plain Python, for any screen.

One session holds one person's (or two people's) board: the game or match, the settings, the
question the page is asking, the computer's turn, Show me, and the notice line. It takes
*actions* as plain dicts (what the page sends) and tells its *listeners* what changed, also as
plain dicts, ready for JSON:

* ``{"type": "view", "view": {...}}``: what the page draws now (board, status, buttons ...);
  its size does not grow with the game, so a click costs the same at move 600 as at move 6;
* ``{"type": "film", "film": {...}}``: one move, for the page to animate (sent once);
* ``{"type": "log", "start": k, "lines": [...]}``: the list of moves from move ``k`` on
  (the page keeps the list; an undo sends the shorter list's end, a language change all of it);
* ``{"type": "record", "start": k, "items": [...], "settings": {...}, "over": bool}``: the
  game's record from item ``k`` on (holes played, ``"next-round"`` between the rounds of a
  match, ``"agree"`` for an agreement to stop) and its settings, sent when they change: the
  page keeps them in the browser, and a new session continues the game from them with
  ``{"type": "restore", "holes": [...], "settings": {...}}`` (see :meth:`BoardSession.restore`).

Transports only carry these: the anywidget :class:`~hoyito_edu.board.widget.Board` in Jupyter
and Voila, and the class server over a WebSocket. Nothing here needs a Jupyter kernel.

How an action is handled, once:

* The message is checked against its schema (:func:`check_message`); a malformed or forged
  one is refused with a sentence and changes nothing.
* A click carries the ply and the game it was made at: a click made on an older board, or
  while the computer is thinking, is refused (nothing is ever queued).
* Otherwise the engine plays the move, or refuses it (:class:`~hoyito_edu.IllegalMove`), and
  the refusal is put in the page's words (:func:`~hoyito_edu.teaching.words.illegal_line`):
  legality is decided once, by the engine.
* The session speaks its own language for the whole action (entered once).
* When the computer is to move, ``think(player, position, done)`` chooses for it: by default
  at once, in this thread; a transport passes its own (a worker thread in a kernel, a process
  pool in the class server) and calls ``done(hole, error)`` when the choice is back.

>>> session = BoardSession("hoyito-i", opponent=None)
>>> seen = []
>>> session.listeners.append(seen.append)
>>> session.handle({"type": "click", "hole": 2, "ply": 0, "game": session.epoch})
>>> [m["type"] for m in seen]
['film', 'log', 'record', 'view']
>>> session.handle({"type": "click", "hole": 3})   # South's hole, but North is to move
>>> session.notice_text
"Hole 3 is South's, and it is North's turn."
>>> session.handle({"type": "launch", "rockets": 3})
>>> session.notice_text
"That message was not understood (type 'launch'), so nothing changed."
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from functools import wraps
from typing import Any

from .. import players
from ..engine.checks import as_whole, shown
from ..engine.game import Game
from ..engine.match import Match
from ..engine.position import IllegalMove, Move, Position, new_game
from ..engine.rules import BOARD_QUIET_LIMIT, VARIANTS, get_rules
from ..i18n import N_, available_languages, check_language, language, ngettext, why_unavailable
from ..i18n import gettext as _
from ..teaching import words
from ..teaching.hints import best_play_line
from . import texts
from .film import SPEEDS, film, position_view

#: The languages of the settings menu, each in its own words.
LANGUAGE_NAMES = {"en": "English", "es": "Español"}

#: The settings a session takes, besides the language.
SETTING_NAMES = ("variant", "holes_per_row", "opponent", "human", "match")

#: The actions of the page's buttons.
ACTIONS = ("new", "undo", "redo", "next-round", "agree", "yes", "no", "hints")

#: Computer levels that load the compiled search (numba) when they first move; the others
#: are plain Python and never load it.
COMPILED_LEVELS = ("expert", "mcts")

#: Why a click was not played (the hole's number known, or not).
NOT_PLAYED = {
    "changed-hole": N_(
        "Hole {hole} was not played: the board had changed since the click (one click is enough)."
    ),
    "changed-click": N_(
        "That click was not played: the board had changed since the click (one click is enough)."
    ),
    "thinking-hole": N_("Hole {hole} was not played: the computer is thinking. Wait for its move."),
    "thinking-click": N_("That click was not played: the computer is thinking. Wait for its move."),
    "computer-hole": N_("Hole {hole} was not played: it is the computer's turn."),
    "computer-click": N_("That click was not played: it is the computer's turn."),
}

#: A message the session does not take (malformed, forged or from another version).
NOT_UNDERSTOOD = N_("That message was not understood ({detail}), so nothing changed.")

#: A language whose catalogue is missing or broken on this computer.
UNAVAILABLE = N_("{language} cannot be shown here ({why}), so the board speaks English.")

#: The computer's thinking was lost on the way (the process searching for it kept dying).
THINKING_LOST = N_("The computer could not finish its move: the program thinking for it "
                   "stopped. Tap the board to ask it again, or choose an easier level.")

#: The most characters of a message field quoted back in a refusal.
QUOTE_LIMIT = 40

#: The most items a restored record may hold (a 2 x 12 game stops long before: the quiet limit
#: and the rounds of a match keep real records far below it).
RECORD_LIMIT = 20_000

#: The marks of a record besides holes: the next round of a match, an agreement to stop.
RECORD_MARKS = ("next-round", "agree")

#: A record the engine refuses to replay (the game on the board stays as it was).
NOT_RESTORED = N_(
    "The saved game could not be continued ({why}), so the board is as it was: press New game "
    "or play on."
)

Think = Callable[[Any, Position, Callable[[Any, BaseException | None], None]], None]
Listener = Callable[[dict], None]

_WARMED = threading.Event()


class ThinkingLost(RuntimeError):
    """The computer's choice could not be made (the process searching for it died, and died
    again when asked once more): ``think`` answers ``done(None, ThinkingLost())``, the
    notice line says so in the page's language, and the next tap asks the computer again."""


class BadMessage(ValueError):
    """A message from the page that does not follow the board's protocol."""


def _quote(value: object) -> str:
    text = shown(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


def _optional_whole(message: dict, key: str) -> None:
    value = message.get(key)
    if value is not None and (as_whole(value) is None or as_whole(value) < 0):
        raise BadMessage(f"{key} {_quote(value)}")


def check_message(message: object) -> dict:
    """``message`` if it follows the board's protocol, else :class:`BadMessage` saying what
    is wrong (in a few words: the page quotes them).

    The protocol: ``{"type": "click", "hole": H, "ply": P, "game": G}`` (H anything: the
    engine says why a hole cannot be sown; P and G whole numbers or absent),
    ``{"type": "action", "name": one of ACTIONS}``, ``{"type": "settings", "settings": {...}}``
    (names from SETTING_NAMES), ``{"type": "language", "lang": "en" | "es" | None}``,
    ``{"type": "hello"}`` (a page that (re)opened asks for everything) and
    ``{"type": "restore", "holes": [...], "settings": {...}}`` (a game kept by the page:
    whole numbers and the marks of :data:`RECORD_MARKS`, at most :data:`RECORD_LIMIT`).

    >>> check_message({"type": "action", "name": ["undo"]})
    Traceback (most recent call last):
    ...
    hoyito_edu.board.session.BadMessage: action ['undo']
    """
    if not isinstance(message, dict):
        raise BadMessage(f"not a message: {type(message).__name__}")
    kind = message.get("type")
    if kind == "click":
        _optional_whole(message, "ply")
        _optional_whole(message, "game")
    elif kind == "action":
        name = message.get("name")
        if not isinstance(name, str) or name not in ACTIONS:
            raise BadMessage(f"action {_quote(name)}")
    elif kind == "settings":
        settings = message.get("settings")
        if not isinstance(settings, dict) or not set(settings) <= set(SETTING_NAMES):
            raise BadMessage(f"settings {_quote(settings)}")
    elif kind == "language":
        lang = message.get("lang")
        if lang is not None and (not isinstance(lang, str) or lang not in LANGUAGE_NAMES):
            raise BadMessage(f"language {_quote(lang)}")
    elif kind == "restore":
        _check_record(message.get("holes"), message.get("settings"))
    elif kind != "hello":
        raise BadMessage(f"type {_quote(kind)}")
    return message


def _check_record(holes: object, settings: object) -> None:
    """A restore message's record: its shape only (the engine judges the moves)."""
    if not isinstance(holes, list) or len(holes) > RECORD_LIMIT:
        raise BadMessage(f"record {_quote(holes)}")
    for item in holes:
        if item in RECORD_MARKS and isinstance(item, str):
            continue
        if isinstance(item, bool) or not isinstance(item, int) or item < 0:
            raise BadMessage(f"record item {_quote(item)}")
    if not isinstance(settings, dict) or set(settings) != set(SETTING_NAMES):
        raise BadMessage(f"settings {_quote(settings)}")


def size_options(variant: str) -> list[int]:
    """The board sizes (holes per row) a variant is played on."""
    rules = get_rules(variant)
    return list(range(rules.min_holes_per_row, rules.max_holes_per_row + 1))


def check_settings(variant, holes_per_row, opponent, human, match) -> dict:
    """The settings, once every one is valid; a ValueError says what is allowed."""
    rules = get_rules(variant)
    size = as_whole(holes_per_row)
    if size is None:
        raise ValueError(f"holes_per_row must be a whole number, not {shown(holes_per_row)}")
    new_game(rules, holes_per_row=size)  # says which sizes the variant is played on
    names = texts.level_names()
    if opponent is not None and (not isinstance(opponent, str) or opponent not in names):
        raise ValueError(
            f"opponent must be None or one "
            f"of {', '.join(names)}, not {shown(opponent)}"
        )
    side = as_whole(human)
    if side not in (0, 1):
        raise ValueError(f"human must be 0 (South) or 1 (North), not {shown(human)}")
    if not isinstance(match, bool):
        raise ValueError(f"match must be True or False, not {shown(match)}")
    return {"variant": rules.name, "holes_per_row": size, "opponent": opponent,
            "human": side, "match": match}


def check_seed(seed: object) -> int | None:
    number = as_whole(seed)
    if seed is not None and (number is None or number < 0):
        raise ValueError(f"seed must be None or a whole number from 0, not {shown(seed)}")
    return number


def warm_search() -> None:
    """Compile (or load) the compiled search in a background thread, once per process, so a
    computer level that needs it does not make its first move wait."""
    if _WARMED.is_set():
        return
    _WARMED.set()

    def warm() -> None:
        try:
            players.player("expert", seed=0, max_nodes=50).choose(new_game("hoyito-i"))
        except Exception:  # pragma: no cover - warming is only a head start
            traceback.print_exc(file=sys.stderr)

    threading.Thread(target=warm, name="hoyito-warm-search", daemon=True).start()


def speaking(method):
    """Run ``method`` in the session's language: entered once per action, however the
    action calls other actions."""

    @wraps(method)
    def in_language(self, *args, **kwargs):
        if self._speaking:
            return method(self, *args, **kwargs)
        self._speaking = True
        try:
            with language(self.lang):
                return method(self, *args, **kwargs)
        finally:
            self._speaking = False

    return in_language


class BoardSession:
    """A board's state and rules of play, driven by actions, seen through listeners.

    Args:
        variant, holes_per_row, opponent, human, match: as :class:`~hoyito_edu.Board`.
        lang: ``"en"`` or ``"es"``; None: the session's language (``hy.set_language``).
        seed: the computer player's seed, for repeatable games.
        think: how the computer's choice is made (see the module's docstring); None: at once.
        warm: when a compiled level is chosen, load (or compile) its search in this process in
            the background, so its first move does not wait; False where the searches run in
            other processes (the class server's workers), which keeps numba out of this one.

    A bad setting is a ValueError saying what is allowed.
    """

    def __init__(self, variant: str = "hoyito-i", holes_per_row: int = 6,
                 opponent: str | None = "expert", human: int = 0, lang: str | None = None, *,
                 match: bool = False, seed: int | None = None,
                 think: Think | None = None, warm: bool = True) -> None:
        self.settings = check_settings(variant, holes_per_row, opponent, human, match)
        self.warm = warm
        self.lang, unavailable = self._speakable(check_language(lang))
        self.seed = check_seed(seed)
        self.think = think
        self.listeners: list[Listener] = []
        self.epoch = 0  # which game: a click from an earlier game is stale
        self.thinking = False
        self.thinking_lost = False  # a tap asks the computer again (ThinkingLost)
        self.hints = False
        self.question: dict | None = None
        self._pending: dict | None = None
        self.notice: tuple[str, str] = ("", "info")
        self.view: dict = {}
        self._serial = 0
        self._hint_cache: tuple = (None, {}, "")  # (position, human, lang), marks, best play
        self._speaking = False
        self._lines: list[list] = []  # the move list: [player, hole, sentence]
        self._log_from: int | None = 0  # the first line the page has not heard of
        self._told_record: tuple[list, dict, bool] | None = None  # the record the page last heard
        self.match: Match | None = None
        self._game: Game | None = None
        self.computer = None
        self.new_game()
        if unavailable:
            self._say(unavailable, "refused")
            self._render()

    @staticmethod
    def _speakable(lang: str) -> tuple[str, str]:
        """``lang``, or English and a sentence saying why when ``lang``'s catalogue is missing
        or broken here (the board never waits for a language it cannot speak)."""
        why = why_unavailable(lang)
        if why is None:
            return lang, ""
        name = LANGUAGE_NAMES.get(lang, lang)
        return "en", _(UNAVAILABLE).format(language=name, why=why)

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
    def ply(self) -> int:
        """Moves played in this game (an agreement to stop counts as one)."""
        return len(self.game.moves) + self.game.ended_by_agreement

    @property
    def human(self) -> int | None:
        """The side the person plays, or None for two people."""
        return None if self.computer is None else self.settings["human"]

    @property
    def status_text(self) -> str:
        return self.view.get("status", "")

    @property
    def notice_text(self) -> str:
        return self.notice[0]

    @property
    def move_lines(self) -> list[list]:
        """The moves of this game as the page lists them: ``[player, hole, sentence]``."""
        return [list(line) for line in self._lines]

    def is_computer(self, player: int) -> bool:
        return self.computer is not None and player != self.settings["human"]

    def _computer_to_move(self) -> bool:
        return not self.position.is_over and self.is_computer(self.position.player)

    def _in_progress(self) -> bool:
        return bool(self.game.moves) and not self.position.is_over

    # -- what the page sends -------------------------------------------------------------
    @speaking
    def handle(self, message: object) -> None:
        """One message from the page (see :func:`check_message`). Never raises: a bad message
        or a broken player is said on the notice line."""
        try:
            message = check_message(message)
        except BadMessage as error:
            self._say(_(NOT_UNDERSTOOD).format(detail=error), "refused")
            self._render()
            return
        try:
            kind = message["type"]
            if kind == "click":
                self.click(message.get("hole"), message.get("ply"), message.get("game"))
            elif kind == "action":
                self.act(message["name"])
            elif kind == "settings":
                try:
                    self.choose(**message["settings"])
                except ValueError as error:  # the menu offers only good settings: a forgery
                    self._say(_(NOT_UNDERSTOOD).format(detail=error), "refused")
                    self._render()
            elif kind == "language":
                self.choose_language(message.get("lang"))
            elif kind == "restore":
                self.restore(message["holes"], message["settings"])
            else:  # hello: a page (re)opened and needs everything
                self._log_from = 0
                self._told_record = None
                self._render()
        except Exception as error:  # the page must hear of it, not only the server's log
            self._report_error(error)

    @speaking
    def act(self, name: str) -> None:
        """Press the button ``name`` (one of :data:`ACTIONS`)."""
        actions = {
            "new": self.ask_new_game,
            "undo": self.undo,
            "redo": self.redo,
            "next-round": self.next_round,
            "agree": self.ask_to_end,
            "yes": self._answer_yes,
            "no": self._answer_no,
            "hints": self.toggle_hints,
        }
        if name not in actions:
            raise ValueError(f"unknown action {shown(name)}; actions are {', '.join(actions)}")
        if self.notice[1] == "refused":  # the student has moved on: the refusal goes
            self._say("")
        actions[name]()

    # -- playing -------------------------------------------------------------------------
    @speaking
    def click(self, hole: object, ply: object = None, game: object = None) -> bool:
        """A click on ``hole`` made when the page showed ``ply`` moves of game ``game``
        (None: now). Plays it if the engine takes it now; else the notice says why."""
        if self.thinking_lost and self._computer_to_move():  # its thinking was lost: again
            self._say("")
            self._computer_turns()
            return False
        refusal = self._stale(hole, ply, game)
        if not refusal:
            try:
                move = self._engine.play(hole)
            except IllegalMove as error:
                refusal = words.illegal_line(self.position, error, self.human)
        if refusal:
            self._say(refusal, "refused")
            self._render()
            return False
        self._say("")
        self.question = None
        self._played(move)
        self._computer_turns()
        return True

    def _stale(self, hole: object, ply: object, game: object) -> str:
        """Why a click cannot be played now, whatever the hole ('' when it may be): made on
        an older board, while the computer thinks, after the end, or on its turn."""
        pos = self.position
        number = as_whole(hole)
        which = "hole" if number is not None else "click"
        if (ply is not None and ply != self.ply) or (game is not None and game != self.epoch):
            return _(NOT_PLAYED[f"changed-{which}"]).format(hole=number)
        if self.thinking:
            return _(NOT_PLAYED[f"thinking-{which}"]).format(hole=number)
        if pos.is_over and self.match is not None and not self.match.is_over:
            return _("This game is over: press Next round to play the next game of the match.")
        if pos.is_over:
            return _("The game is over: press New game to play again.")
        if self.is_computer(pos.player):
            return _(NOT_PLAYED[f"computer-{which}"]).format(hole=number)
        return ""

    def _played(self, move: Move) -> None:
        """Film ``move`` for the page and add it to the move list (the caller then draws the
        board once). The last move of a run by one player (extra turns, passes) also says
        what the whole run did."""
        line = words.move_line(move, self.human)
        self._lines.append([move.player, move.hole, line])
        self._mark_log(len(self._lines) - 1)
        run = words.run_line(self.run_of(move.player), self.human)
        self._emit({"type": "film", "film": film(move, self.ply, f"{run} {line}" if run else line)})

    def run_of(self, player: int) -> list[Move]:
        """The moves ``player`` has made in a row at the end of this game."""
        run: list[Move] = []
        for move in reversed(self.game.moves):
            if move.player != player:
                break
            run.append(move)
        return run[::-1]

    def _computer_turns(self) -> None:
        """The computer plays while it is its turn: through ``think`` when the transport gave
        one (the page is told it is thinking), else at once."""
        if not self._computer_to_move():
            self._render()
            return
        if self.think is None:
            while self._computer_to_move():
                if not self._computer_plays(self.computer.choose(self.position)):
                    break
            self._render()
            return
        self.thinking, self.thinking_lost = True, False
        self._render()
        job = (self.epoch, self.ply)
        self.think(self.computer, self.position, lambda hole, error: self.chosen(job, hole, error))

    def _abandon_search(self) -> None:
        """The computer's search for the game on the board is not wanted any more: a
        transport whose ``think`` can ``abandon()`` (the kernel's) stops it at once."""
        abandon = getattr(self.think, "abandon", None)
        if self.thinking and abandon is not None:
            abandon()

    @speaking
    def chosen(self, job: tuple[int, int], hole: Any, error: BaseException | None) -> None:
        """The computer's choice for ``job`` (the game and ply it was asked at) is back."""
        if job != (self.epoch, self.ply):
            return  # a new game or an undo came first: forget this choice
        self.thinking = False
        if isinstance(error, ThinkingLost):  # said in a sentence; a tap asks again
            self.thinking_lost = True
            self._say(_(THINKING_LOST), "error")
            self._render()
            return
        if error is not None:  # a broken player must not break the board
            self._report_error(error)
            return
        if self._computer_plays(hole):
            self._computer_turns()

    def _computer_plays(self, hole: int) -> bool:
        try:
            move = self._engine.play(hole)
        except Exception as error:
            self._report_error(error)
            return False
        self._played(move)
        return True

    def _make_computer(self):
        name = self.settings["opponent"]
        if name is None:
            return None
        if name in COMPILED_LEVELS and self.warm:
            warm_search()
        return players.player(name, seed=self.seed)

    # -- games and settings --------------------------------------------------------------
    @speaking
    def new_game(self) -> None:
        """Start a game (or a match) with the current settings, at once."""
        s = self.settings
        self._abandon_search()
        self.epoch += 1
        self.thinking = False
        self.question = self._pending = None
        if s["match"]:
            self.match = Match(s["variant"], holes_per_row=s["holes_per_row"],
                               quiet_limit=BOARD_QUIET_LIMIT)
        else:
            self.match = None
            self._game = Game(s["variant"], holes_per_row=s["holes_per_row"],
                              quiet_limit=BOARD_QUIET_LIMIT)
        self.computer = self._make_computer()
        self._lines = []
        self._mark_log(0)
        self._say("")
        self._computer_turns()

    @speaking
    def ask_new_game(self) -> None:
        """New game: at once, or after asking when a game is in progress."""
        if self._in_progress():
            self._ask(_("Start a new game? The game in progress will be lost."), "new")
        else:
            self.new_game()

    @speaking
    def choose(self, **changes) -> None:
        """New settings (``variant``, ``holes_per_row``, ``opponent``, ``human``, ``match``).
        Applied at once between games; during a game the page first asks."""
        unknown = changes.keys() - set(SETTING_NAMES)
        if unknown:
            raise ValueError(
                f"unknown setting {', '.join(sorted(unknown))}; settings are "
                f"{', '.join(SETTING_NAMES)}"
            )
        merged = {**self.settings, **changes}
        sizes = size_options(merged["variant"])
        if "holes_per_row" not in changes and merged["holes_per_row"] not in sizes:
            merged["holes_per_row"] = sizes[0]  # a new variant played on other sizes
        checked = check_settings(*(merged[name] for name in SETTING_NAMES))
        if checked == self.settings:
            self._render()
            return
        if self._in_progress():
            self._pending = checked
            question = _("Start a new game: {settings}? The game in progress will be lost.")
            self._ask(question.format(settings=texts.settings_line(checked)), "settings")
            return
        self.settings = checked
        self.new_game()

    @speaking
    def restore(self, holes: object, settings: object) -> bool:
        """Continue a game the page kept (its kernel was gone: a reload, a phone asleep, a
        culled kernel): ``settings`` as :data:`SETTING_NAMES`, ``holes`` the record (see
        :attr:`record`) replayed through the engine. A record the engine refuses changes
        nothing and the notice says why (False); never a half-restored game.

        >>> session = BoardSession("hoyito-i", opponent=None)
        >>> session.restore([2, 7], {**session.settings})
        True
        >>> session.ply, session.record
        (2, [2, 7])
        >>> session.restore([2, 3], {**session.settings})   # hole 3 is South's: North is to move
        False
        >>> session.ply
        2
        """
        try:
            _check_record(holes, settings)
            checked = check_settings(*(settings[name] for name in SETTING_NAMES))
            engine = self._replayed(checked, holes)
        except (BadMessage, ValueError) as error:  # IllegalMove is a ValueError too
            self._say(_(NOT_RESTORED).format(why=error), "refused")
            self._render()
            return False
        self.settings = checked
        self._abandon_search()
        self.epoch += 1
        self.thinking = False
        self.question = self._pending = None
        self.match, self._game = (engine, None) if checked["match"] else (None, engine)
        self.computer = self._make_computer()
        self._lines = [[m.player, m.hole, words.move_line(m, self.human)]
                       for m in self.game.moves]
        self._mark_log(0)
        played = sum(1 for item in holes if item not in RECORD_MARKS)
        replayed = ngettext("Your game goes on: {count} move replayed.",
                            "Your game goes on: {count} moves replayed.", played)
        self._say(replayed.format(count=played))
        self._computer_turns()
        return True

    @staticmethod
    def _replayed(settings: dict, holes: list) -> Game | Match:
        """A new game (or match) with ``settings``, ``holes`` replayed in it; a ValueError
        names the first item the engine refuses."""
        make = Match if settings["match"] else Game
        engine = make(settings["variant"], holes_per_row=settings["holes_per_row"],
                      quiet_limit=BOARD_QUIET_LIMIT)
        for number, item in enumerate(holes, 1):
            try:
                if item == "next-round":
                    if not isinstance(engine, Match):
                        raise ValueError(_("a next round, but this is not a match"))
                    engine.next_round()
                elif item == "agree":
                    engine.end_by_agreement()
                else:
                    engine.play(item)
            except ValueError as error:
                raise ValueError(
                    _("item {number} of the record: {why}").format(number=number, why=error)
                ) from None
        return engine

    @property
    def record(self) -> list:
        """The game's record, as the page keeps it: the holes played, ``"next-round"``
        between the rounds of a match, ``"agree"`` where the players agreed to stop."""
        games = self.match.games if self.match is not None else [self._game]
        items: list = []
        for k, game in enumerate(games):
            if k:
                items.append("next-round")
            items.extend(game.holes())
            if game.ended_by_agreement:
                items.append("agree")
        return items

    def choose_language(self, lang: str | None) -> None:
        """Speak ``lang`` ("en" or "es"; None: the session's language) from now on: the page's
        words, the moves, the banner. The game goes on as it is.

        >>> session = BoardSession("hoyito-i", opponent=None)
        >>> session.choose_language("es")
        >>> session.status_text
        'Le toca a Sur.'
        """
        self.lang, unavailable = self._speakable(check_language(lang))
        with language(self.lang):
            self._lines = [[m.player, m.hole, words.move_line(m, self.human)]
                           for m in self.game.moves]
            self._mark_log(0)
            self._say(unavailable, "refused" if unavailable else "info")  # an old notice goes
            self._render()

    def page_texts(self) -> dict:
        """The words the page writes by itself, in the session's language."""
        with language(self.lang):
            return texts.page_texts()

    def _ask(self, text: str, action: str) -> None:
        self.question = {"text": text, "action": action}
        self._render()

    def _answer_yes(self) -> None:
        question, self.question = self.question, None
        if question is None:
            self._render()
        elif question["action"] == "settings":
            self.settings = self._pending
            self.new_game()
        elif question["action"] == "new":
            self.new_game()
        elif question["action"] == "agree":
            self.end_by_agreement()

    def _answer_no(self) -> None:
        self.question = self._pending = None
        self._say(_("The game goes on."))
        self._render()

    @speaking
    def toggle_hints(self) -> None:
        """Show me: mark every legal hole with what sowing it would do. Only the marks and
        the notice change, so only they are worked out again (a burst of presses costs
        little); the marks of a position are worked out once.

        >>> session = BoardSession("hoyito-i", opponent=None)
        >>> session.toggle_hints()
        >>> sorted(session.view["hints"]) == [str(h) for h in session.position.legal_moves()]
        True
        >>> session.toggle_hints(); session.view["hints"], session.view["hints_on"]
        ({}, False)
        """
        self.hints = not self.hints
        if not self.view or self._log_from is not None:
            self._render()
            return
        self._tell_record()
        self._serial += 1
        fields = {**self._hint_fields(self._person_to_move()), "notice": self._notice_view()}
        self.view = {**self.view, **fields, "serial": self._serial}
        self._emit({"type": "view", "view": self.view})

    @speaking
    def undo(self) -> None:
        """Take back the last move of a person (and the computer's replies after it), or the
        agreement to stop."""
        if self.thinking:
            self._say(_("The computer is thinking: Undo waits for its move."), "refused")
            self._render()
            return
        self.question = None
        if self.game.ended_by_agreement:
            self._engine.undo()
            self._say(_("Took back the agreement to stop: the game goes on."))
            self.epoch += 1
            self._computer_turns()
            return
        if not any(not self.is_computer(m.player) for m in self.game.moves):
            self._say(_("Nothing to undo in this game."), "refused")
            self._render()
            return
        while True:
            move = self._engine.undo()
            self._lines.pop()
            if not self.is_computer(move.player):
                break
        self._mark_log(len(self._lines))
        self.epoch += 1
        self._say(_("Took back: {move}").format(move=words.move_line(move, self.human)))
        self._render()

    @speaking
    def redo(self) -> None:
        """Play again the move taken back last (and the computer's replies after it)."""
        if self.thinking or not self.game.can_redo:
            self._say(_("Nothing to redo."), "refused")
            self._render()
            return
        self._say("")
        self._played(self._engine.redo())
        while self._computer_to_move() and self.game.can_redo:
            self._played(self._engine.redo())
        self._computer_turns()

    @speaking
    def next_round(self) -> None:
        """Match mode: start the next round once the current game is over."""
        if self.match is None or not self.game.is_over or self.match.is_over:
            self._say(_("There is no next round to start now."), "refused")
            self._render()
            return
        self.match.next_round()
        self.epoch += 1
        self._lines = []
        self._mark_log(0)
        self._say(_("Round {round} begins.").format(round=self.match.round))
        self._computer_turns()

    @speaking
    def ask_to_end(self) -> bool:
        """End the game by agreement: ask first (R4.5). False if refused."""
        if self._says_no_to_ending():
            return False
        self._ask(words.agreement_question(self.position, self.human), "agree")
        return True

    @speaking
    def end_by_agreement(self) -> bool:
        """End the game now, both agreeing (R4.5): each takes the seeds on their side."""
        if self._says_no_to_ending():
            return False
        self._engine.end_by_agreement()
        self._say("")
        self._render()
        return True

    def _says_no_to_ending(self) -> bool:
        """Say why the game cannot end by agreement now, if it cannot (True: refused)."""
        refusal = self._agreement_refusal()
        if refusal:
            self._say(refusal, "refused")
            self._render()
        return bool(refusal)

    def _agreement_refusal(self) -> str:
        if self.thinking:
            return _("The computer is thinking: wait for its move.")
        if self.position.is_over:
            return _("The game is already over.")
        if self.computer is not None and not words.agreement_offer(self.position).due:
            return _(words.AGREEMENT["not-yet"]).format(
                moves=words.QUIET_PLIES_BEFORE_OFFER, now=self.position.quiet_plies
            )
        return ""

    # -- telling the page ----------------------------------------------------------------
    def _emit(self, message: dict) -> None:
        for listener in list(self.listeners):
            listener(message)

    def _mark_log(self, start: int) -> None:
        self._log_from = start if self._log_from is None else min(self._log_from, start)

    def _say(self, text: str, kind: str = "info") -> None:
        """The notice line: refusals (``refused``), take-backs (``info``) and errors."""
        self.notice = (text, kind)

    @speaking
    def _report_error(self, error: BaseException) -> None:
        traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
        self.thinking = False
        detail = f"{type(error).__name__}: {error}"
        self._say(_("Something went wrong: {error}").format(error=detail), "error")
        self._render()

    @speaking
    def _render(self) -> None:
        """Tell the listeners the move list's new lines (if any), then the view."""
        if self._log_from is not None:
            start, self._log_from = self._log_from, None
            lines = [list(line) for line in self._lines[start:]]  # only the new lines
            self._emit({"type": "log", "start": start, "lines": lines})
        self._tell_record()
        self._serial += 1  # every answer reaches the page, even one that changes nothing
        self.view = {**self._view(), "serial": self._serial}
        self._emit({"type": "view", "view": self.view})

    def _tell_record(self) -> None:
        """Tell the page the record's new items (and its settings) when they changed."""
        record = self.record
        over = self.match.is_over if self.match is not None else self.game.is_over
        told, now = self._told_record, (record, {**self.settings}, over)
        if told == now:
            return
        start = 0
        if told is not None and told[1:] == now[1:]:
            old = told[0]
            if record[: len(old)] == old:  # a move added (the usual case): one C-level compare
                start = len(old)
            else:
                while start < min(len(old), len(record)) and old[start] == record[start]:
                    start += 1
        self._told_record = now
        self._emit({"type": "record", "start": start, "items": record[start:],
                    "settings": now[1], "over": over})

    def _person_to_move(self) -> bool:
        """Is a person to move now (the game on, the computer not to move nor thinking)?"""
        return not self.position.is_over and not self._computer_to_move() and not self.thinking

    def _notice_view(self) -> dict:
        return {"text": self.notice[0], "kind": self.notice[1]}

    def _hint_fields(self, person: bool) -> dict:
        """The view's Show me fields: the marks and the best play, worked out once for a
        position (and side and language), kept while the position stays."""
        if not (self.hints and person):
            return {"hints": {}, "best_play": "", "hints_on": self.hints}
        key = (self.position, self.human, self.lang)
        if self._hint_cache[0] != key:
            # proven by an endgame table, else "" (never an estimate)
            best = best_play_line(self.position) or ""
            self._hint_cache = (key, texts.hint_marks(self.position, self.human), best)
        _key, marks, best = self._hint_cache
        return {"hints": marks, "best_play": best, "hints_on": self.hints}

    def _view(self) -> dict:
        pos, game = self.position, self.game
        person = self._person_to_move()
        last = game.moves[-1] if game.moves else None
        offer = words.agreement_offer(pos, self.human)
        return {
            "mode": "play",
            "game": self.epoch,
            "ply": self.ply,
            **position_view(pos),
            "playable": list(pos.legal_moves()) if person else [],
            "human": self.human,
            "names": [texts.side_name(p, self.human, self._level()) for p in (0, 1)],
            "last_move": None if last is None else last.hole,
            "last_player": None if last is None else last.player,
            "thinking": self.thinking,
            "status": self._status(),
            "notice": self._notice_view(),
            "banner": texts.banner(game, self.human, self.match) if pos.is_over else None,
            "question": self.question,
            **self._hint_fields(person),
            "offer": offer.text if offer.due else "",
            "agree_label": offer.label,
            # why the button is disabled, said on the button (title, aria-description)
            "agree_why": self._agreement_refusal(),
            "limits": offer.limits,
            "moves_count": len(self._lines),
            "rounds": texts.rounds(self.match) if self.match is not None else "",
            "buttons": self._buttons(),
            "settings": {**self.settings, "pending": self._pending is not None},
            "choices": self._choices(),
            "lang": self.lang,
            "languages": [[code, name] for code, name in LANGUAGE_NAMES.items()
                          if code in available_languages()],
        }

    def _level(self) -> str:
        return "" if self.computer is None else self.computer.name

    def _status(self) -> str:
        pos = self.position
        if pos.is_over:
            return texts.banner(self.game, self.human, self.match)["text"]
        if self.thinking:
            return _("The computer is thinking…")
        if self.computer is not None and self._computer_to_move():
            return _("The computer's turn.")
        if self.human == 0:
            return _("Your turn (South, the row nearest you): tap one of your holes.")
        if self.human == 1:
            return _("Your turn (North, the row nearest you): tap one of your holes.")
        who = texts.side_name(pos.player, self.human, self._level())
        return _("{who} to move.").format(who=who)

    def _buttons(self) -> dict:
        game, thinking = self.game, self.thinking
        person_moved = any(not self.is_computer(m.player) for m in game.moves)
        in_match = self.match is not None
        return {
            "undo": not thinking and (person_moved or game.ended_by_agreement),
            "redo": not thinking and game.can_redo,
            "agree": not thinking and not self._agreement_refusal(),
            "hints": not thinking and not self.position.is_over,
            "next_round": in_match and game.is_over and not self.match.is_over,
            "match": in_match,
        }

    def _choices(self) -> dict:
        variant = self.settings["variant"]
        return {
            "variants": [[name, rules.title] for name, rules in VARIANTS.items()],
            "sizes": size_options(variant),
            # name, the line that says how it plays, the level's short name for the menu
            "opponents": [
                [name, line, words.level_name(name)]
                for name, line in texts.levels(self.settings["opponent"])
            ],
            "speeds": list(SPEEDS),
        }
