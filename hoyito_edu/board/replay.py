"""``Replay``: watch a recorded game again on the same board as :class:`~hoyito_edu.Board`.

A thin anywidget adapter over :class:`~hoyito_edu.board.replay_session.ReplaySession`, which
holds the record and the place in it and decides everything: this class only carries the
page's messages to the session and the session's view, films and move list to the page.
Going one move on sends that move's film to the page once, and the page animates it seed by
seed (Pause, Step and Skip work as on the board); going back or jumping shows the board at
once. "Play the game" goes on move after move: each time the page has shown a move it asks
for the next.

>>> import hoyito_edu as hy
>>> game = hy.Game("hoyito-i")
>>> _ = game.play_all([0, 6, 1])
>>> replay = hy.Replay(game)
>>> replay.move, replay.total
(3, 3)
>>> replay.goto_move(1)
>>> replay.shown_board == game.moves[0].after.board
True
>>> replay.forward()            # move 2: its film goes to the page
True
>>> replay.films_sent[-1]["hole"], replay.move
(6, 2)
"""

from __future__ import annotations

from pathlib import Path

from ..engine.game import Game
from ..engine.match import Match
from .component import BoardComponent
from .film import checked_speed
from .replay_session import ReplaySession


class Replay(BoardComponent):
    """Watch a game again: a :class:`~hoyito_edu.Game`, a :class:`~hoyito_edu.Match` (pick
    the round) or the path of a saved JSON file, on the board of :class:`~hoyito_edu.Board`.

    Args:
        record: what to watch.
        speed: the animation's speed: ``"off"``, ``"slow"``, ``"normal"`` or ``"fast"``.
        lang: the language of the page: ``"en"`` or ``"es"``; None (the default) speaks the
            session's language (``hy.set_language``).

    A bad argument is a ValueError (a bad file a FormatError) raised before anything is built.
    It opens at the end of the game (the last round of a match), with the ending in words.
    ``replay.session`` is the controller.
    """

    def __init__(
        self, record: Game | Match | str | Path, *, speed: str = "normal", lang: str | None = None
    ) -> None:
        checked_speed(speed)
        self.session = ReplaySession(record, lang=lang)
        super().__init__(speed=speed)
        self.texts = self.session.page_texts()
        self.session.listeners.append(self.carry)
        self.view = self.session.view
        self.session.handle({"type": "hello"})  # the move list

    def receive(self, content: dict) -> None:
        """A message from the page: a button, a move or round chosen, or "show the next"."""
        self.session.handle(content)

    # -- the session's state and actions, for Python users -------------------------------
    lang = property(lambda self: self.session.lang, doc="The page's language.")
    match = property(lambda self: self.session.match, doc="The match watched, or None.")
    games = property(lambda self: self.session.games, doc="The games (a match's rounds).")
    game = property(lambda self: self.session.game, doc="The game (round) being watched.")
    round = property(lambda self: self.session.round, doc="The round watched (1 for a game).")
    move = property(lambda self: self.session.move, doc="Moves played on the board shown.")
    total = property(lambda self: self.session.total, doc="The places after the start.")
    playing = property(lambda self: self.session.playing, doc="Is the game playing through?")
    position = property(lambda self: self.session.position, doc="The position on the board.")
    shown_board = property(lambda self: self.session.shown_board, doc="The counts shown.")
    status_text = property(lambda self: self.session.status_text, doc="The status line.")
    move_lines = property(lambda self: self.session.move_lines, doc="The round's move list.")

    def film_for(self, m: int) -> dict:
        """The film of move ``m`` (counting from 1), as the page gets it."""
        return self.session.film_for(m)

    def show_round(self, number: int) -> None:
        """Watch round ``number`` of a match (1 for a single game); starts at its end."""
        self.session.show_round(number)

    def goto_move(self, m: int) -> None:
        """Show the board after move ``m`` at once (0: the start); stops playing."""
        self.session.goto_move(m)

    def forward(self) -> bool:
        """One move on: its film goes to the page, which animates it. False at the end."""
        return self.session.forward()

    def back(self) -> None:
        """One move back (shown at once)."""
        self.session.back()

    def play(self) -> None:
        """Play the game from here to its end, move after move (from the start if at the end)."""
        self.session.play()

    def pause(self) -> None:
        """Stop playing through the game (the move being shown ends as it is)."""
        self.session.pause()
