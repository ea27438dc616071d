"""``ReplaySession``: watching a recorded game again, in plain Python, for any screen.

The session holds the record (a game, or a match's rounds) and the place in it: ``move``, how
many moves have been played on the board shown (0: the start; a game the players agreed to
stop has one more place, its end). Like :class:`~hoyito_edu.board.session.BoardSession` it
takes the page's messages as plain dicts (:meth:`ReplaySession.handle`) and tells its
*listeners* what changed, as plain dicts ready for JSON:

* ``{"type": "view", "view": {...}}``: what the page draws now;
* ``{"type": "film", "film": {...}}``: one move, sent once when the replay goes one move on,
  for the page to animate seed by seed (going back or jumping shows the board at once);
* ``{"type": "log", "start": 0, "lines": [...]}``: the round's whole move list, sent when a
  round is chosen and when a page (re)opens (``{"type": "hello"}``), never with every view.

"Play the game" goes on move after move: each time the page has shown a move it asks for the
next (``{"type": "next", "ply": k}``). The anywidget :class:`~hoyito_edu.Replay` only carries
these messages; nothing here needs a widget library or a Jupyter kernel.

>>> import hoyito_edu as hy
>>> game = hy.Game("hoyito-i")
>>> _ = game.play_all([0, 6, 1])
>>> session = ReplaySession(game)
>>> session.move, session.total
(3, 3)
>>> seen = []
>>> session.listeners.append(seen.append)
>>> session.handle({"type": "goto", "move": 1})
>>> session.shown_board == game.moves[0].after.board
True
>>> session.handle({"type": "action", "name": "forward"})   # move 2: its film goes out once
>>> [m["type"] for m in seen], seen[1]["film"]["hole"], session.move
(['view', 'film', 'view'], 6, 2)
>>> session.status_text
'Move 2 of 3. North sowed hole 6 in 7 laps. North took 3 casas (12 seeds).'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..engine.checks import as_whole, shown
from ..engine.game import Game
from ..engine.match import Match
from ..engine.position import Position
from ..engine.saving import read_json
from ..i18n import N_, check_language
from ..i18n import gettext as _
from ..teaching import words
from . import texts
from .film import film, position_view
from .session import speaking

Listener = Callable[[dict], None]

#: The last line of the move list of a game the players agreed to stop.
AGREED = N_("Then both players agreed to stop: each took the seeds in their own holes.")

#: The page's buttons and what they do.
REPLAY_ACTIONS = ("start", "back", "forward", "end", "play", "stop")


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


def checked_record(record: object) -> Game | Match:
    """``record`` as a Game or Match (read from a file if it is a path), else a ValueError.

    >>> checked_record(5)
    Traceback (most recent call last):
    ...
    ValueError: record must be a Game, a Match or the path of a saved .json file, not int
    """
    if isinstance(record, (Game, Match)):
        return record
    if isinstance(record, (str, os.PathLike)):
        return load_record(record)
    raise ValueError(
        "record must be a Game, a Match or the path of a saved .json file, "
        f"not {type(record).__name__}"
    )


class ReplaySession:
    """A recorded game watched again, driven by the page's messages, seen through listeners.

    Args:
        record: a :class:`~hoyito_edu.Game`, a :class:`~hoyito_edu.Match` (pick the round) or
            the path of a saved JSON file.
        lang: ``"en"`` or ``"es"``; None (the default) speaks the session's language
            (``hy.set_language``).

    A bad argument is a ValueError (a bad file a FormatError) raised before anything is built.
    It opens at the end of the game (the last round of a match), with the ending in words.
    """

    def __init__(self, record: Game | Match | str | Path, *, lang: str | None = None) -> None:
        self.lang = check_language(lang)
        record = checked_record(record)
        self.match = record if isinstance(record, Match) else None
        self.games: tuple[Game, ...] = tuple(record.games) if self.match else (record,)
        self.listeners: list[Listener] = []
        self.round = len(self.games)
        self.game = self.games[-1]
        self.move = 0
        self.playing = False
        self.view: dict = {}
        self._epoch = 0  # a jump: the page drops what it was showing
        self._serial = 0
        self._speaking = False
        self._lines: tuple[tuple, ...] = ()  # the round's move list, sent once per round
        self.show_round(self.round)

    # -- where we are --------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The places after the start: the moves, and the agreement to stop if there was one."""
        return len(self.game.moves) + self.game.ended_by_agreement

    @property
    def position(self) -> Position:
        """The position on the board now."""
        if self.move > len(self.game.moves):
            return self.game.position  # the agreed end
        return self.game.moves[self.move - 1].after if self.move else self.game.start

    @property
    def shown_board(self) -> tuple[int, ...]:
        """The seed counts the page shows once it has shown the current move."""
        return tuple(self.view["board"])

    @property
    def status_text(self) -> str:
        """The status line under the board."""
        return self.view.get("status", "")

    @property
    def move_lines(self) -> list[list]:
        """The round's moves as the page lists them: ``[player, hole, sentence]``."""
        return [list(line) for line in self._lines]

    @speaking
    def film_for(self, m: int) -> dict:
        """The film of move ``m`` (counting from 1), as the page gets it."""
        move = self.game.moves[m - 1]
        return film(move, m, words.move_line(move))

    @speaking
    def page_texts(self) -> dict:
        """The words the page writes by itself, in the session's language."""
        return texts.page_texts()

    # -- what the page sends -------------------------------------------------------------
    def handle(self, message: object) -> None:
        """A message from the page: a button, a move or round chosen, "show the next", or
        "hello" (a page opened). Anything else is ignored: a replay is a picture, not a board
        to play on, so a stray message changes nothing."""
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":  # a page (re)opened: it needs the move list
            self._send_lines()
        elif kind == "action" and message.get("name") in REPLAY_ACTIONS:
            self.act(message["name"])
        elif kind == "goto" and isinstance(message.get("move"), int):
            self.goto_move(message["move"])
        elif kind == "round" and as_whole(message.get("round")) in range(1, len(self.games) + 1):
            self.show_round(as_whole(message["round"]))
        elif kind == "next" and self.playing and message.get("ply") == self.move:
            self.forward()

    def act(self, name: str) -> None:
        """Press the button ``name`` (one of :data:`REPLAY_ACTIONS`)."""
        actions = {
            "start": lambda: self.goto_move(0),
            "back": self.back,
            "forward": self.forward,
            "end": lambda: self.goto_move(self.total),
            "play": self.play,
            "stop": self.pause,
        }
        actions[name]()

    # -- moving about --------------------------------------------------------------------
    @speaking
    def show_round(self, number: int) -> None:
        """Watch round ``number`` of a match (1 for a single game); starts at its end."""
        if not 1 <= number <= len(self.games):
            raise ValueError(f"round must be from 1 to {len(self.games)}, not {shown(number)}")
        self.round = number
        self.game = self.games[number - 1]
        self._lines = self._move_lines()
        self._send_lines()
        self.goto_move(self.total)

    @speaking
    def follow(self, record: Game) -> None:
        """The game being watched went on (or a move was taken back): watch ``record``, its
        new state (the class server's teacher watching a game being played). Watching its
        end, the page follows it (one new move is animated); watching an earlier move, the
        page stays there."""
        at_end, before = self.move >= self.total, self.total
        self.match, self.games, self.round, self.game = None, (record,), 1, record
        self._lines = self._move_lines()
        self._send_lines()
        if at_end and self.total == before + 1 and self.total <= len(record.moves):
            self.move = before
            self.forward()
        elif at_end:
            self.goto_move(self.total)
        else:
            self.move = min(self.move, self.total)
            self._render()

    def goto_move(self, m: int) -> None:
        """Show the board after move ``m`` at once (0: the start); stops playing."""
        self.playing = False
        self.move = min(max(int(m), 0), self.total)
        self._epoch += 1
        self._render()

    def forward(self) -> bool:
        """One move on: its film goes to the page, which animates it. False at the end."""
        if self.move >= self.total:
            self.playing = False
            self._render()
            return False
        self.move += 1
        if self.move <= len(self.game.moves):
            self._emit({"type": "film", "film": self.film_for(self.move)})
        if self.move >= self.total:
            self.playing = False
        self._render()
        return True

    def back(self) -> None:
        """One move back (shown at once)."""
        self.goto_move(self.move - 1)

    def play(self) -> None:
        """Play the game from here to its end, move after move (from the start if at the end)."""
        if self.move >= self.total:
            self.goto_move(0)
        self.playing = True
        self.forward()

    def pause(self) -> None:
        """Stop playing through the game (the move being shown ends as it is)."""
        self.playing = False
        self._render()

    # -- telling the page ----------------------------------------------------------------
    def _emit(self, message: dict) -> None:
        for listener in list(self.listeners):
            listener(message)

    def _send_lines(self) -> None:
        """The whole move list of the round, once (not with every view: a click on a long
        game's replay sends only the view)."""
        self._emit({"type": "log", "start": 0, "lines": self.move_lines})

    @speaking
    def _render(self) -> None:
        self._serial += 1
        self.view = {**self._view(), "serial": self._serial}
        self._emit({"type": "view", "view": self.view})

    def _view(self) -> dict:
        pos, game = self.position, self.game
        at_end = self.move == self.total and pos.is_over
        last = game.moves[self.move - 1] if 0 < self.move <= len(game.moves) else None
        rounds = [[k, _("Round {round}").format(round=k)] for k in range(1, len(self.games) + 1)]
        return {
            "mode": "replay",
            "game": self._epoch,
            "ply": self.move,
            **position_view(pos),
            "playable": [],
            "human": None,
            "names": [words.side_name(p) for p in (0, 1)],
            "last_move": None if last is None else last.hole,
            "last_player": None if last is None else last.player,
            "thinking": False,
            "playing": self.playing,
            "status": self._status(at_end),
            "notice": {"text": "", "kind": "info"},
            "banner": texts.banner(self.game, None) if at_end else None,
            "moves_count": len(self._lines),
            "rounds": texts.rounds(self.match) if self.match is not None else "",
            "replay": {"total": self.total, "round": self.round, "rounds": rounds},
        }

    def _status(self, at_end: bool) -> str:
        pos = self.position
        if at_end:
            return texts.banner(self.game, None)["text"]
        if self.move == 0:
            return _("The start of the game: {who} to move.").format(
                who=words.side_name(pos.player)
            )
        line = words.move_line(self.game.moves[self.move - 1])
        return _("Move {move} of {total}. {line}").format(
            move=self.move, total=self.total, line=line
        )

    def _move_lines(self) -> tuple[tuple, ...]:
        lines = [(m.player, m.hole, words.move_line(m)) for m in self.game.moves]
        if self.game.ended_by_agreement:
            lines.append((self.game.position.player, -1, _(AGREED)))
        return tuple(lines)
