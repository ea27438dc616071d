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

from ..engine.game import Game
from ..engine.match import Match
from ..engine.saving import read_json
from ..i18n import check_language
from .component import BoardComponent
from .film import SPEEDS
from .replaying import AGREED, Replaying

__all__ = ["AGREED", "Replay", "load_record"]


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


class Replay(Replaying, BoardComponent):
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
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        lang = check_language(lang)
        record = _checked_record(record)
        super().__init__(speed=speed)
        self.start_replay(record, lang)

