"""``Board``: play Hoyito or Ba-awa in a notebook, against the computer or a classmate.

A thin anywidget adapter over :class:`~hoyito_edu.board.session.BoardSession`, which holds the
game and decides everything: this class only carries the page's messages to the session and
the session's view, films and move list to the page (``static/board.js`` draws and animates
them). The computer thinks in the board's own worker thread while the kernel's event loop
runs, so the page (and any other board) stays live; a search nobody wants any more (a new game
began) is cancelled, or stopped if it runs.

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
import threading
from concurrent.futures import ThreadPoolExecutor

from .component import BoardComponent
from .film import checked_speed
from .session import BoardSession

#: Views answering the page come at most this often (seconds): a burst of messages (a
#: thousand Show me presses) sends the first view at once and the last one when the burst
#: ends, never one per message. A view answering Python (``board.click(2)``) is set at once.
VIEW_INTERVAL = 0.05


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Search:
    """One choice of the computer's move, run in the thinker's thread, that can be abandoned:
    then it does not start, or (started) the player is asked to stop soon (a player with a
    ``stop()``, the searching levels; the others answer quickly anyway)."""

    def __init__(self, player) -> None:
        self.player = player
        self.abandoned = False
        self._lock = threading.Lock()  # a stop never falls between the check and the start

    def run(self, position):
        """The player's choice in ``position`` (None if abandoned before it started)."""
        with self._lock:
            if self.abandoned:
                return None
            resume = getattr(self.player, "resume", None)
            if resume is not None:  # a player stopped for an older game searches fully again
                resume()
        return self.player.choose(position)

    def abandon(self) -> None:
        """Nobody wants this choice any more: it ends as soon as it can, its move ignored."""
        with self._lock:
            self.abandoned = True
            stop = getattr(self.player, "stop", None)
            if stop is not None:
                stop()


class KernelThinker:
    """How a kernel chooses the computer's move: in a worker thread when the event loop runs
    (in Jupyter and Voila), else at once. A choice asked for before the last one came back
    (New game pressed again and again) abandons the last one: cancelled if it is still waiting
    for the thread, stopped if it is running (:class:`Search`), its move ignored; so the
    computer answers the new game as fast as it answers one game.

    Each board has its own thinker and its own thread (started at its first choice, ended
    with the board), so the computer thinking on one board never delays another board of the
    same kernel; the compiled search lets go of Python's lock while it runs, so two searches
    share the cores."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hoyito-computer")
        self._waiting: asyncio.Future | None = None
        self._search: Search | None = None

    def __call__(self, player, position, done) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            try:
                hole = player.choose(position)
            except Exception as error:
                done(None, error)
                return
            done(hole, None)
            return
        self.abandon()
        search = self._search = Search(player)
        future = loop.run_in_executor(self._executor, search.run, position)
        self._waiting = future

        def back(finished: asyncio.Future) -> None:
            if finished.cancelled():
                return
            error = finished.exception()
            done(None if error else finished.result(), error)

        future.add_done_callback(back)

    def abandon(self) -> None:
        """Forget the choice asked for last if it is not back yet (a new game began): its
        move is never played. A choice already back is left alone (its player plays on)."""
        waiting, search = self._waiting, self._search
        self._waiting = self._search = None
        if waiting is None or waiting.done():
            return
        waiting.cancel()  # waiting for the thread: never runs; running: its answer is dropped
        search.abandon()


class Board(BoardComponent):
    """A board to play on: click one of your holes to sow it.

    Args:
        variant: ``"hoyito-i"``, ``"hoyito-ii"``, ``"hoyito-iii"`` or ``"ba-awa"``.
        holes_per_row: 6 to 12 for Hoyito, 6 for Ba-awa.
        opponent: a computer level (see ``texts.level_names()``, easiest first) or ``None``
            for two people at one screen.
        human: the side the person plays against the computer: 0 (South) or 1 (North); the
            page draws the person's row nearest them either way. South always opens, so with
            ``human=1`` the computer starts.
        speed: ``"off"``, ``"slow"``, ``"normal"`` or ``"fast"``.
        lang: the language of the page: ``"en"`` or ``"es"``; None (the default) speaks the
            session's language (``hy.set_language``) as it is when the board is made.
        match: play rounds (closed holes in Hoyito, hole owners in Ba-awa).
        seed: seed of the computer player, for repeatable games.

    A bad setting is a ValueError saying what is allowed. The game is ``board.game`` (and
    ``board.match`` in match mode); ``board.session`` is the controller. Games on the board
    follow the lap limit (R2.8) and end after ``BOARD_QUIET_LIMIT`` plies without a capture
    (R4.5); the players may agree to end a game at any time.
    """

    def __init__(self, variant: str = "hoyito-i", holes_per_row: int = 6,
                 opponent: str | None = "expert", human: int = 0, speed: str = "normal",
                 lang: str | None = None, *, match: bool = False,
                 seed: int | None = None) -> None:
        checked_speed(speed)
        self.session = BoardSession(variant, holes_per_row, opponent, human, lang, match=match,
                                    seed=seed, think=KernelThinker())
        super().__init__(speed=speed)
        self._texts_lang = None
        self._from_page = False  # handling a message of the page (its views may wait)
        self._last_view = float("-inf")
        self._waiting_view: dict | None = None
        self._view_timer: asyncio.TimerHandle | None = None
        self.session.listeners.append(self._told)
        self.session.handle({"type": "hello"})

    def _told(self, message: dict) -> None:
        """Carry one message of the session to the page."""
        if message["type"] == "view":
            self._show(message["view"])
            return
        self._flush_view()  # the page hears everything in the order it was said
        self.carry(message)

    def _show(self, view: dict) -> None:
        """Set the view now, or (answering the page within VIEW_INTERVAL of the last view,
        with an event loop running) keep it for a moment: a newer view replaces it."""
        loop = _running_loop() if self._from_page else None
        now = loop.time() if loop is not None else 0.0
        if loop is None or (self._view_timer is None and now - self._last_view >= VIEW_INTERVAL):
            self._waiting_view = view
            self._flush_view()
            self._last_view = now
            return
        self._waiting_view = view
        if self._view_timer is None:
            delay = max(0.0, self._last_view + VIEW_INTERVAL - now)
            self._view_timer = loop.call_later(delay, self._flush_view)

    def _flush_view(self) -> None:
        """Send the view kept back, if any."""
        if self._view_timer is not None:
            self._view_timer.cancel()
            self._view_timer = None
        view, self._waiting_view = self._waiting_view, None
        if view is None:
            return
        if self._texts_lang != self.session.lang:  # the words first, then the view
            self.texts, self._texts_lang = self.session.page_texts(), self.session.lang
        self.view = view
        loop = _running_loop()
        self._last_view = loop.time() if loop is not None else self._last_view

    def receive(self, content: dict) -> None:
        """A message from the page: a click, a button, new settings, a language."""
        self._from_page = True
        try:
            self.session.handle(content)
        finally:
            self._from_page = False

    # -- the session's state and actions, for Python users -------------------------------
    game = property(lambda self: self.session.game, doc="The game being played.")
    match = property(lambda self: self.session.match, doc="The match (match mode), or None.")
    position = property(lambda self: self.session.position, doc="The position on the board.")
    ply = property(lambda self: self.session.ply, doc="Moves played in this game.")
    human = property(lambda self: self.session.human, doc="The person's side, or None.")
    thinking = property(lambda self: self.session.thinking, doc="Is the computer choosing?")
    settings = property(lambda self: self.session.settings, doc="The board's settings.")
    computer = property(lambda self: self.session.computer, doc="The computer player, or None.")
    lang = property(lambda self: self.session.lang, doc="The page's language.")
    status_text = property(lambda self: self.session.status_text, doc="The status line.")
    notice_text = property(lambda self: self.session.notice_text, doc="The notice line.")

    def click(self, hole: object, ply: object = None, game: object = None) -> bool:
        """A click on ``hole`` (see :meth:`BoardSession.click`); True if it was played."""
        return self.session.click(hole, ply, game)

    def play(self, hole: int) -> bool:
        """Sow ``hole`` for the player to move now, as a click on it does."""
        return self.session.click(hole)

    def new_game(self) -> None:
        """Start a game (or a match) with the current settings, at once."""
        self.session.new_game()

    def choose(self, **changes) -> None:
        """New settings (``variant``, ``holes_per_row``, ``opponent``, ``human``, ``match``)."""
        self.session.choose(**changes)

    def choose_language(self, lang: str | None) -> None:
        """Speak ``lang`` ("en", "es"; None: the session's language) from now on.

        >>> board = Board("hoyito-i", opponent=None)
        >>> board.choose_language("es")
        >>> board.status_text, board.texts["undo"]
        ('Le toca a Sur.', 'Deshacer')
        """
        self.session.choose_language(lang)

    def undo(self) -> None:
        """Take back the last move of a person (and the computer's replies after it)."""
        self.session.undo()

    def redo(self) -> None:
        """Play again the move taken back last (and the computer's replies after it)."""
        self.session.redo()

    def next_round(self) -> None:
        """Match mode: start the next round once the current game is over."""
        self.session.next_round()

    def end_by_agreement(self) -> bool:
        """End the game now, both agreeing (R4.5): each takes the seeds on their side."""
        return self.session.end_by_agreement()
