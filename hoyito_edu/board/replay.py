"""``Replay``: watch a recorded game again on the same board as :class:`~hoyito_edu.Board`.

The place in the game is ``move``: how many moves have been played on the board shown (0:
the start; a game the players agreed to stop has one more place, its end). Going one move on
sends that move's film to the page once, and the page animates it seed by seed (Pause, Step
and Skip work as on the board); going back or jumping shows the board at once. "Play the
game" goes on move after move: each time the page has shown a move it asks for the next.

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

import os
from pathlib import Path

from ..engine.checks import as_whole, shown
from ..engine.game import Game
from ..engine.match import Match
from ..engine.position import Position
from ..engine.saving import read_json
from ..i18n import N_, check_language, language
from ..i18n import gettext as _
from ..teaching import words
from . import texts
from .component import BoardComponent
from .film import SPEEDS, film, position_view
from .texts import page_texts


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


AGREED = N_("Then both players agreed to stop: each took the seeds in their own holes.")


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
    """

    def __init__(
        self, record: Game | Match | str | Path, *, speed: str = "normal", lang: str | None = None
    ) -> None:
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {shown(speed)}")
        lang = check_language(lang)
        record = _checked_record(record)
        super().__init__(speed=speed)
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
            raise ValueError(f"round must be from 1 to {len(self.games)}, not {shown(number)}")
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
