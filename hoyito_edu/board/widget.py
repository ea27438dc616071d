"""``Board``: play Hoyito or Ba-awa in a notebook, against the computer or a classmate.

A thin layer over the engine. A :class:`~hoyito_edu.Game` (or a :class:`~hoyito_edu.Match`)
holds the state and decides everything; the page (``static/board.js``) draws the ``view``
trait and animates each move's film by itself.

How a click is handled:

* Every click carries the ply (moves played) and the game it was made at. A click made on an
  older board (a double click, a click sent before the last move arrived) is refused, and so
  is a click while the computer is thinking: nothing is ever queued.
* Otherwise the engine checks the move; a move it refuses is explained in its words.
* A legal move is played at once; its film goes to the page once. If the computer is to move,
  it thinks in a worker thread (the kernel stays free, the page says so), then its move is
  played and filmed the same way, again after each extra turn.

>>> import hoyito_edu as hy
>>> board = hy.Board("hoyito-i", opponent=None)
>>> board.click(2)
True
>>> board.game.holes(), board.position.player
([2], 1)
>>> board.click(3)          # South's hole, but North is to move: refused
False
>>> board.notice_text
"Hole 3 is South's, and it is North's turn."
"""

from __future__ import annotations

import asyncio
import sys
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor

from .. import players
from ..engine.checks import as_whole
from ..engine.game import Game
from ..engine.match import Match
from ..engine.position import Move, Position, new_game
from ..engine.rules import BOARD_QUIET_LIMIT, VARIANTS, get_rules
from ..i18n import N_, check_language, language
from ..i18n import gettext as _
from ..teaching import words
from . import texts
from .component import SPEEDS, BoardComponent, film, page_texts, position_view

_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hoyito-computer")
_WARMED = threading.Event()


#: The languages of the settings menu, each in its own words.
LANGUAGE_NAMES = {"en": "English", "es": "Español"}

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


def warm_search() -> None:
    """Compile (or load) the compiled search in a background thread, once per process, so the
    computer's first move does not wait for it."""
    if _WARMED.is_set():
        return
    _WARMED.set()

    def warm() -> None:
        try:
            players.player("expert", seed=0, max_nodes=50).choose(new_game("hoyito-i"))
        except Exception:  # pragma: no cover - warming is only a head start
            traceback.print_exc(file=sys.stderr)

    threading.Thread(target=warm, name="hoyito-warm-search", daemon=True).start()


def size_options(variant: str) -> list[int]:
    """The board sizes (holes per row) a variant is played on."""
    rules = get_rules(variant)
    return list(range(rules.min_holes_per_row, rules.max_holes_per_row + 1))


def _checked_settings(variant, holes_per_row, opponent, human, speed, lang, match, seed) -> dict:
    """The settings, once every one is valid; a ValueError says what is allowed."""
    rules = get_rules(variant)
    size = as_whole(holes_per_row)
    if size is None:
        raise ValueError(f"holes_per_row must be a whole number, not {holes_per_row!r}")
    new_game(rules, holes_per_row=size)  # says which sizes the variant is played on
    names = texts.level_names()
    if opponent is not None and (not isinstance(opponent, str) or opponent not in names):
        raise ValueError(f"opponent must be None or one of {', '.join(names)}, not {opponent!r}")
    side = as_whole(human)
    if side not in (0, 1):
        raise ValueError(f"human must be 0 (South) or 1 (North), not {human!r}")
    if not isinstance(speed, str) or speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
    check_language(lang)
    if not isinstance(match, bool):
        raise ValueError(f"match must be True or False, not {match!r}")
    number = as_whole(seed)
    if seed is not None and (number is None or number < 0):
        raise ValueError(f"seed must be None or a whole number from 0, not {seed!r}")
    return {
        "variant": rules.name,
        "holes_per_row": size,
        "opponent": opponent,
        "human": side,
        "match": match,
    }


class Board(BoardComponent):
    """A board to play on: click one of your holes to sow it.

    Args:
        variant: ``"hoyito-i"``, ``"hoyito-ii"``, ``"hoyito-iii"`` or ``"ba-awa"``.
        holes_per_row: 6 to 12 for Hoyito, 6 for Ba-awa.
        opponent: a computer level (see ``texts.level_names()``, easiest first) or ``None``
            for two people at one screen.
        human: the side the person plays against the computer: 0 (South, bottom row) or 1
            (North, top row). South always opens, so with ``human=1`` the computer starts.
        speed: ``"off"``, ``"slow"``, ``"normal"`` or ``"fast"``.
        lang: the language of the page: ``"en"`` or ``"es"``; None (the default) speaks the
            session's language (``hy.set_language``) as it is when the board is made.
        match: play rounds (closed holes in Hoyito, hole owners in Ba-awa).
        seed: seed of the computer player, for repeatable games.

    A bad setting is a ValueError saying what is allowed. The engine state is ``board.game``
    (and ``board.match`` in match mode). Games on the board follow the lap limit (R2.8) and
    end after :data:`BOARD_QUIET_LIMIT` plies without a capture (R4.5); the players may agree
    to end a game at any time.
    """

    def __init__(
        self,
        variant: str = "hoyito-i",
        holes_per_row: int = 6,
        opponent: str | None = "expert",
        human: int = 0,
        speed: str = "normal",
        lang: str | None = None,
        *,
        match: bool = False,
        seed: int | None = None,
    ) -> None:
        settings = _checked_settings(
            variant, holes_per_row, opponent, human, speed, lang, match, seed
        )
        super().__init__(speed=speed)
        self.lang = check_language(lang)
        with language(self.lang):
            self.texts = page_texts()
        self.seed = None if seed is None else as_whole(seed)
        self.settings = settings
        self._epoch = 0  # which game: a click from an earlier game is stale
        self._thinking = False
        self._hints = False
        self._question: dict | None = None
        self._pending: dict | None = None
        self._notice = ("", "info")
        self._serial = 0
        if opponent is not None:
            warm_search()
        self.new_game()

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
    def thinking(self) -> bool:
        """True while the computer is choosing its move."""
        return self._thinking

    @property
    def status_text(self) -> str:
        return self.view.get("status", "")

    @property
    def notice_text(self) -> str:
        return self._notice[0]

    def _is_computer(self, player: int) -> bool:
        return self.computer is not None and player != self.settings["human"]

    def _computer_to_move(self) -> bool:
        return not self.position.is_over and self._is_computer(self.position.player)

    def _in_progress(self) -> bool:
        return bool(self.game.moves) and not self.position.is_over

    # -- what the page sends -------------------------------------------------------------
    def receive(self, content: dict) -> None:
        """A message from the page: a click, a button or new settings."""
        with language(self.lang):
            try:
                kind = content.get("type") if isinstance(content, dict) else None
                if kind == "click":
                    self.click(content.get("hole"), content.get("ply"), content.get("game"))
                elif kind == "action":
                    self._action(content.get("name"))
                elif kind == "settings":
                    self.choose(**(content.get("settings") or {}))
                elif kind == "language":
                    self.choose_language(content.get("lang"))
            except Exception as error:  # the page must hear of it, not the kernel's log only
                self._report_error(error)

    def _action(self, name: object) -> None:
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
            raise ValueError(f"unknown action {name!r}; actions are {', '.join(actions)}")
        if self._notice[1] == "refused":  # the student has moved on: the refusal goes
            self._say("")
        actions[name]()

    # -- playing -------------------------------------------------------------------------
    def click(self, hole: object, ply: object = None, game: object = None) -> bool:
        """A click on ``hole`` made when the page showed ``ply`` moves of game ``game``
        (None: now). Plays it if it can be played now; else a notice says why."""
        with language(self.lang):
            refusal = self._refusal(hole, ply, game)
            if refusal:
                self._say(refusal, "refused")
                self._render()
                return False
            self._say("")
            self._question = None
            move = self._engine.play(hole)
            self._sent(move)
            self._computer_turns()
            return True

    def play(self, hole: int) -> bool:
        """Sow ``hole`` for the player to move now, as a click on it does."""
        return self.click(hole)

    def _refusal(self, hole: object, ply: object, game: object) -> str:
        """Why a click cannot be played now ('' when it can)."""
        pos = self.position
        number = as_whole(hole)
        which = "hole" if number is not None else "click"
        if (ply is not None and ply != self.ply) or (game is not None and game != self._epoch):
            return _(NOT_PLAYED[f"changed-{which}"]).format(hole=number)
        if self._thinking:
            return _(NOT_PLAYED[f"thinking-{which}"]).format(hole=number)
        if pos.is_over and self.match is not None and not self.match.is_over:
            return _("This game is over: press Next round to play the next game of the match.")
        if pos.is_over:
            return _("The game is over: press New game to play again.")
        if self._is_computer(pos.player):
            return _(NOT_PLAYED[f"computer-{which}"]).format(hole=number)
        return words.refusal_line(pos, hole, self.human)

    def _sent(self, move: Move) -> None:
        """Film ``move`` for the page (the caller then draws the board once). The last move of
        a run by one player (extra turns, passes) also says what the whole run did."""
        line = words.move_line(move, self.human)
        run = words.run_line(self._run(move.player), self.human)
        self.send_film(film(move, self.ply, f"{run} {line}" if run else line))

    def _run(self, player: int) -> list[Move]:
        """The moves ``player`` has made in a row at the end of this game."""
        run: list[Move] = []
        for move in reversed(self.game.moves):
            if move.player != player:
                break
            run.append(move)
        return run[::-1]

    def _computer_turns(self) -> None:
        """The computer plays while it is its turn: in a worker thread when the kernel's event
        loop runs (the page is told it is thinking), else at once."""
        if not self._computer_to_move():
            self._render()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            while self._computer_to_move():
                if not self._computer_plays(self.computer.choose(self.position)):
                    break
            self._render()
            return
        self._thinking = True
        self._render()
        epoch, ply, position = self._epoch, self.ply, self.position
        future = loop.run_in_executor(_THINKER, self.computer.choose, position)
        future.add_done_callback(lambda done: self._chosen(done, epoch, ply))

    def _chosen(self, done: asyncio.Future, epoch: int, ply: int) -> None:
        """The computer's choice is back (on the kernel's loop)."""
        with language(self.lang):
            error = done.exception()
            if (epoch, ply) != (self._epoch, self.ply):
                return  # a new game or an undo came first: forget this choice
            self._thinking = False
            if error is not None:  # a broken player must not break the board
                self._report_error(error)
                return
            hole = done.result()
            if self._computer_plays(hole):
                self._computer_turns()

    def _computer_plays(self, hole: int) -> bool:
        try:
            move = self._engine.play(hole)
        except Exception as error:
            self._report_error(error)
            return False
        self._sent(move)
        return True

    def _make_computer(self):
        name = self.settings["opponent"]
        return None if name is None else players.player(name, seed=self.seed)

    # -- games and settings --------------------------------------------------------------
    def new_game(self) -> None:
        """Start a game (or a match) with the current settings, at once."""
        with language(self.lang):
            s = self.settings
            self._epoch += 1
            self._thinking = False
            self._question = self._pending = None
            if s["match"]:
                self.match = Match(s["variant"], holes_per_row=s["holes_per_row"],
                                   quiet_limit=BOARD_QUIET_LIMIT)  # fmt: skip
            else:
                self.match = None
                self._game = Game(s["variant"], holes_per_row=s["holes_per_row"],
                                  quiet_limit=BOARD_QUIET_LIMIT)  # fmt: skip
            self.computer = self._make_computer()
            self._say("")
            self._computer_turns()

    def ask_new_game(self) -> None:
        """New game: at once, or after asking when a game is in progress."""
        with language(self.lang):
            if self._in_progress():
                self._ask(_("Start a new game? The game in progress will be lost."), "new")
            else:
                self.new_game()

    def choose(self, **changes) -> None:
        """New settings (``variant``, ``holes_per_row``, ``opponent``, ``human``, ``match``).
        Applied at once between games; during a game the page first asks."""
        with language(self.lang):
            merged = {**self.settings, **changes}
            if changes.keys() - self.settings.keys():
                unknown = ", ".join(sorted(changes.keys() - self.settings.keys()))
                raise ValueError(
                    f"unknown setting {unknown}; settings are {', '.join(self.settings)}"
                )
            sizes = size_options(merged["variant"])
            if "holes_per_row" not in changes and merged["holes_per_row"] not in sizes:
                merged["holes_per_row"] = sizes[0]  # a new variant played on other sizes
            checked = _checked_settings(
                merged["variant"], merged["holes_per_row"], merged["opponent"], merged["human"],
                self.speed, self.lang, merged["match"], self.seed,
            )  # fmt: skip
            if checked == self.settings:
                self._render()
                return
            if self._in_progress():
                self._pending = checked
                self._ask(
                    _("Start a new game: {settings}? The game in progress will be lost.").format(
                        settings=texts.settings_line(checked)
                    ),
                    "settings",
                )  # fmt: skip
                return
            self.settings = checked
            self.new_game()

    def choose_language(self, lang: str | None) -> None:
        """Speak ``lang`` ("en" or "es"; None: the session's language) from now on: the page's
        words, the moves, the banner. The game goes on as it is.

        >>> board = Board("hoyito-i", opponent=None)
        >>> board.choose_language("es")
        >>> board.status_text, board.texts["undo"]
        ('Le toca a Sur.', 'Deshacer')
        """
        self.lang = check_language(lang)
        with language(self.lang):
            self.texts = page_texts()
        self._say("")  # a notice said in the other language is gone
        self._render()

    def _ask(self, text: str, action: str) -> None:
        self._question = {"text": text, "action": action}
        self._render()

    def _answer_yes(self) -> None:
        question, self._question = self._question, None
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
        with language(self.lang):
            self._question = self._pending = None
            self._say(_("The game goes on."))
            self._render()

    def toggle_hints(self) -> None:
        """Show me: mark every legal hole with what sowing it would do."""
        self._hints = not self._hints
        self._render()

    def undo(self) -> None:
        """Take back the last move of a person (and the computer's replies after it), or the
        agreement to stop."""
        with language(self.lang):
            if self._thinking:
                self._say(_("The computer is thinking: Undo waits for its move."), "refused")
                self._render()
                return
            self._question = None
            if self.game.ended_by_agreement:
                self._engine.undo()
                self._say(_("Took back the agreement to stop: the game goes on."))
                self._epoch += 1
                self._computer_turns()
                return
            if not any(not self._is_computer(m.player) for m in self.game.moves):
                self._say(_("Nothing to undo in this game."), "refused")
                self._render()
                return
            while True:
                move = self._engine.undo()
                if not self._is_computer(move.player):
                    break
            self._epoch += 1
            self._say(_("Took back: {move}").format(move=words.move_line(move, self.human)))
            self._render()

    def redo(self) -> None:
        """Play again the move taken back last (and the computer's replies after it)."""
        with language(self.lang):
            if self._thinking or not self.game.can_redo:
                self._say(_("Nothing to redo."), "refused")
                self._render()
                return
            self._say("")
            self._sent(self._engine.redo())
            while self._computer_to_move() and self.game.can_redo:
                self._sent(self._engine.redo())
            self._computer_turns()

    def next_round(self) -> None:
        """Match mode: start the next round once the current game is over."""
        with language(self.lang):
            if self.match is None or not self.game.is_over or self.match.is_over:
                self._say(_("There is no next round to start now."), "refused")
                self._render()
                return
            self.match.next_round()
            self._epoch += 1
            self._say(_("Round {round} begins.").format(round=self.match.round))
            self._computer_turns()

    def ask_to_end(self) -> bool:
        """End the game by agreement: ask first (R4.5). False if refused."""
        with language(self.lang):
            if self._says_no_to_ending():
                return False
            self._ask(words.agreement_question(self.position, self.human), "agree")
            return True

    def end_by_agreement(self) -> bool:
        """End the game now, both agreeing (R4.5): each takes the seeds on their side."""
        with language(self.lang):
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
        if self._thinking:
            return _("The computer is thinking: wait for its move.")
        if self.position.is_over:
            return _("The game is already over.")
        if self.computer is not None and not words.agreement_offer(self.position).due:
            return _(words.AGREEMENT["not-yet"]).format(
                moves=words.QUIET_PLIES_BEFORE_OFFER, now=self.position.quiet_plies
            )
        return ""

    # -- drawing -------------------------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> None:
        """The notice line: refusals (``refused``), take-backs (``info``) and errors."""
        self._notice = (text, kind)

    def _report_error(self, error: BaseException) -> None:
        with language(self.lang):
            traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
            self._thinking = False
            self._say(
                _("Something went wrong: {error}").format(error=f"{type(error).__name__}: {error}"),
                "error",
            )
            self._render()

    def _render(self) -> None:
        with language(self.lang):
            self._serial += 1  # every answer reaches the page, even one that changes nothing
            self.view = {**self._view(), "serial": self._serial}

    def _view(self) -> dict:
        pos, game = self.position, self.game
        person = not pos.is_over and not self._computer_to_move() and not self._thinking
        last = game.moves[-1] if game.moves else None
        offer = words.agreement_offer(pos, self.human)
        return {
            "mode": "play",
            "game": self._epoch,
            "ply": self.ply,
            **position_view(pos),
            "playable": list(pos.legal_moves()) if person else [],
            "human": self.human,
            "names": [texts.side_name(p, self.human, self._level()) for p in (0, 1)],
            "last_move": None if last is None else last.hole,
            "last_player": None if last is None else last.player,
            "thinking": self._thinking,
            "status": self._status(),
            "notice": {"text": self._notice[0], "kind": self._notice[1]},
            "banner": texts.banner(game, self.human, self.match) if pos.is_over else None,
            "question": self._question,
            "hints": texts.hint_marks(pos, self.human) if self._hints and person else {},
            "hints_on": self._hints,
            "offer": offer.text if offer.due else "",
            "agree_label": offer.label,
            # why the button is disabled, said on the button (title, aria-description)
            "agree_why": self._agreement_refusal(),
            "limits": offer.limits,
            "moves": [[m.player, m.hole, words.move_line(m, self.human)] for m in game.moves],
            "rounds": texts.rounds(self.match) if self.match is not None else "",
            "buttons": self._buttons(),
            "settings": {**self.settings, "pending": self._pending is not None},
            "choices": self._choices(),
            "lang": self.lang,
            "languages": [[code, name] for code, name in LANGUAGE_NAMES.items()],
        }

    def _level(self) -> str:
        return "" if self.computer is None else self.computer.name

    def _status(self) -> str:
        pos = self.position
        if pos.is_over:
            return texts.banner(self.game, self.human, self.match)["text"]
        if self._thinking:
            return _("The computer is thinking…")
        if self.computer is not None and self._computer_to_move():
            return _("The computer's turn.")
        who = texts.side_name(pos.player, self.human, self._level())
        if self.human is not None:
            if self.human == 0:
                return _("Your turn (South, bottom row): click one of your holes.")
            return _("Your turn (North, top row): click one of your holes.")
        return _("{who} to move.").format(who=who)

    def _buttons(self) -> dict:
        game, thinking = self.game, self._thinking
        person_moved = any(not self._is_computer(m.player) for m in game.moves)
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
