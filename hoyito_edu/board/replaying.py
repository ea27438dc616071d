"""Watching a recorded game move by move, with no widget library: :class:`Replaying`.

The logic of :class:`~hoyito_edu.Replay` (the Jupyter widget), kept here so that the class
server, which loads no widget, shows a student's game to the teacher on the same board
(``static/board.js``) with the same buttons. A class using it provides ``send(content)`` (a
message for the page: the move list), ``send_film(film)`` (one move's film) and, if the
page does not follow ``view`` by itself, :meth:`Replaying.view_changed`.

>>> from hoyito_edu.engine.game import Game
>>> class Watched(Replaying):
...     def __init__(self, game):
...         self.sent = []
...         self.start_replay(game, "en")
...     def send(self, content):
...         self.sent.append(content["type"])
...     def send_film(self, film):
...         self.sent.append("film")
>>> game = Game("hoyito-i")
>>> _ = game.play_all([0, 6])
>>> watched = Watched(game)
>>> watched.move, watched.total
(2, 2)
>>> watched.goto_move(0); watched.forward(), watched.move, watched.sent[-1]
(True, 1, 'film')
"""

from __future__ import annotations

from ..engine.checks import as_whole
from ..engine.game import Game
from ..engine.match import Match
from ..engine.position import Position
from ..i18n import N_, language
from ..i18n import gettext as _
from ..teaching import words
from . import texts
from .film import film, position_view
from .texts import page_texts

AGREED = N_("Then both players agreed to stop: each took the seeds in their own holes.")


class Replaying:
    """A recorded game (or match) watched move by move: where we are (``move`` of
    ``total``), the page's buttons (:meth:`receive`), and the ``view`` the board draws."""

    def start_replay(self, record: Game | Match, lang: str) -> None:
        """Watch ``record`` in ``lang`` (checked by the caller): opens at its end (the last
        round of a match), with the ending in words."""
        self.lang = lang
        with language(lang):
            self.texts = page_texts()
        self.match = record if isinstance(record, Match) else None
        self.games = list(record.games) if isinstance(record, Match) else [record]
        self.round = len(self.games)
        self.game = self.games[-1]
        self.move = 0
        self.playing = False
        self._epoch = 0  # a jump: the page drops what it was showing
        self._serial = 0
        self._lines: list[list] = []  # the round's move list, sent to the page once per round
        self.show_round(self.round)

    def view_changed(self) -> None:
        """Called after every new ``view``: a page that does not follow it by itself (the
        class server's) is sent it here. The widget syncs ``view`` itself: nothing to do."""

    def follow(self, record: Game) -> None:
        """The game being watched went on (or a move was taken back): watch ``record``, its
        new state. Watching its end, the page follows it (one new move is animated);
        watching an earlier move, the page stays there."""
        at_end, before = self.move >= self.total, self.total
        self.match, self.games, self.round, self.game = None, [record], 1, record
        with language(self.lang):
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
        return self.view.get("status", "")

    def film_for(self, m: int) -> dict:
        """The film of move ``m`` (counting from 1), as the page gets it."""
        move = self.game.moves[m - 1]
        with language(self.lang):
            return film(move, m, words.move_line(move))

    # -- what the page sends -------------------------------------------------------------
    def receive(self, content: dict) -> None:
        """A message from the page: a button, a move or round chosen, or "show the next"."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "hello":  # a page (re)opened: it needs the move list
            self._send_lines()
        elif kind == "action":
            actions = {
                "start": lambda: self.goto_move(0),
                "back": self.back,
                "forward": self.forward,
                "end": lambda: self.goto_move(self.total),
                "play": self.play,
                "stop": self.pause,
            }
            name = content.get("name")
            action = actions.get(name) if isinstance(name, str) else None  # junk: ignored
            if action is not None:
                action()
        elif kind == "goto" and isinstance(content.get("move"), int):
            self.goto_move(content["move"])
        elif kind == "round" and as_whole(content.get("round")) in range(1, len(self.games) + 1):
            self.show_round(as_whole(content["round"]))
        elif kind == "next" and self.playing and content.get("ply") == self.move:
            self.forward()

    # -- moving about --------------------------------------------------------------------
    def show_round(self, number: int) -> None:
        """Watch round ``number`` of a match (1 for a single game); starts at its end."""
        if not 1 <= number <= len(self.games):
            raise ValueError(f"round must be from 1 to {len(self.games)}, not {number!r}")
        self.round = number
        self.game = self.games[number - 1]
        with language(self.lang):
            self._lines = self._move_lines()
        self._send_lines()
        self.goto_move(self.total)

    @property
    def move_lines(self) -> list[list]:
        """The round's moves as the page lists them: ``[player, hole, sentence]``."""
        return [list(line) for line in self._lines]

    def _send_lines(self) -> None:
        """The whole move list of the round, once (not with every view: a click on a long
        game's replay sends only the view)."""
        self.send({"type": "log", "start": 0, "lines": self.move_lines})

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
            self.send_film(self.film_for(self.move))
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

    # -- drawing -------------------------------------------------------------------------
    def _render(self) -> None:
        self._serial += 1
        with language(self.lang):
            self.view = {**self._view(), "serial": self._serial}
        self.view_changed()

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
            "banner": self._banner() if at_end else None,
            "moves_count": len(self._lines),
            "rounds": texts.rounds(self.match) if self.match is not None else "",
            "replay": {"total": self.total, "round": self.round, "rounds": rounds},
        }

    def _banner(self) -> dict:
        return texts.banner(self.game, None)

    def _status(self, at_end: bool) -> str:
        pos = self.position
        if at_end:
            return self._banner()["text"]
        if self.move == 0:
            return _("The start of the game: {who} to move.").format(
                who=words.side_name(pos.player)
            )
        line = words.move_line(self.game.moves[self.move - 1])
        return _("Move {move} of {total}. {line}").format(
            move=self.move, total=self.total, line=line
        )

    def _move_lines(self) -> list[list]:
        lines = [[m.player, m.hole, words.move_line(m)] for m in self.game.moves]
        if self.game.ended_by_agreement:
            lines.append([self.game.position.player, -1, _(AGREED)])
        return lines
