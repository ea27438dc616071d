"""A game in progress: its moves, undo and redo, and saving to JSON.

>>> import hoyito_edu as hy
>>> game = hy.Game("hoyito-ii")
>>> game.play(0)
<Move South sows 0: 5 laps, North to move>
>>> game.undo().hole
0
>>> game.redo().hole, len(game.moves)
(0, 1)
>>> hy.Game.from_json(game.to_json()).holes()
[0]
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator

from ..i18n import gettext as _
from .checks import shown
from .position import IllegalMove, Move, Position, new_game
from .rules import get_rules
from .saving import (
    LOAD_MAX_LAPS,
    SCHEMA_VERSION,
    FormatError,
    JsonSaving,
    check_header,
    check_holes_list,
    expect_keys,
    position_from_dict,
    position_to_dict,
    same_json,
    show,
)


class Game(JsonSaving):
    """A single game: a starting position, the moves played, and a redo stack.

    Positions are immutable; the game is the one mutable object, like a score sheet. A lock
    serialises its changes, so threads sharing a game never fork its history.

    Args:
        variant: rule set name, as for :func:`hoyito_edu.new_game`.
        start: a starting position (then no other arguments).
        **setup: anything :func:`hoyito_edu.new_game` takes (board, player, options ...).
    """

    def __init__(self, variant: str | None = None, *, start: Position | None = None, **setup):
        if start is None:
            start = new_game("hoyito-i" if variant is None else variant, **setup)
        elif setup:
            raise ValueError("give either a start position or set-up arguments, not both")
        elif not isinstance(start, Position):
            raise ValueError(f"start must be a Position (hy.new_game(...)), not {shown(start)}")
        elif variant is not None and get_rules(variant).name != start.rules.name:
            raise ValueError(
                f"variant {shown(variant)} does not match the start position's {start.rules.title}"
            )
        self.start: Position = start
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._agreed: Position | None = None  # the end, if the players agreed to stop (R4.5)
        self._lock = threading.RLock()

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        del state["_lock"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    # -- state ---------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position."""
        if self._agreed is not None:
            return self._agreed
        return self._moves[-1].after if self._moves else self.start

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def rules(self):
        return self.start.rules

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def ended_by_agreement(self) -> bool:
        """The players agreed to stop (R4.5): see :meth:`end_by_agreement`."""
        return self._agreed is not None

    @property
    def can_undo(self) -> bool:
        return bool(self._moves) or self._agreed is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def holes(self) -> list[int]:
        """The holes played, in order: the game's record."""
        return [m.hole for m in self._moves]

    def positions(self) -> Iterator[Position]:
        """Every position from the start to now."""
        yield self.start
        for move in self._moves:
            yield move.after

    # -- changing it ---------------------------------------------------------------------
    def play(self, hole: int) -> Move:
        """Play ``hole`` now. Raises :class:`IllegalMove` (and changes nothing) if illegal."""
        with self._lock:
            move = self.position.sow(hole)
            self._moves.append(move)
            self._redo.clear()
            return move

    def play_all(self, holes: Iterable[int]) -> list[Move]:
        """Play several holes; if one is illegal, the game is left as it was before the call."""
        if isinstance(holes, (str, bytes)) or not hasattr(holes, "__iter__"):
            raise IllegalMove(f"play_all needs a list of hole numbers, not {shown(holes)}", holes)
        with self._lock:
            before = len(self._moves)
            saved_redo = list(self._redo)
            played = []
            try:
                for hole in holes:
                    played.append(self.play(hole))
            except IllegalMove as err:
                del self._moves[before:]
                self._redo = saved_redo
                msg = _("move {number} of the list: {why}").format(number=len(played) + 1, why=err)
                raise IllegalMove(msg, err.hole, err.legal, err.why) from None
            return played

    def end_by_agreement(self) -> Position:
        """The players agree to stop now (R4.5): each takes the seeds in their own holes.

        Returns the final position. :meth:`undo` takes the agreement back.

        >>> import hoyito_edu as hy
        >>> game = hy.Game("hoyito-i")
        >>> game.play(0).hole
        0
        >>> game.end_by_agreement().outcome.reason
        <Reason.AGREEMENT: 'agreement'>
        """
        with self._lock:
            self._agreed = self.position.end_by_agreement()
            self._redo.clear()
            return self._agreed

    def undo(self) -> Move | None:
        """Take back the last move (it can be redone), or the agreement to stop (None)."""
        with self._lock:
            if self._agreed is not None:
                self._agreed = None
                return None
            if not self._moves:
                raise ValueError(_("nothing to undo: no move has been played"))
            move = self._moves.pop()
            self._redo.append(move)
            return move

    def redo(self) -> Move:
        """Play again the last move taken back."""
        with self._lock:
            if not self._redo:
                raise ValueError(_("nothing to redo"))
            move = self._redo.pop()
            self._moves.append(move)
            return move

    # -- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A JSON-ready dict (schema ``hoyito_edu.game`` version 1)."""
        with self._lock:
            end = self.position
            data = {
                "format": "hoyito_edu.game",
                "version": SCHEMA_VERSION,
                "variant": self.rules.name,
                "options": self.rules.options,
                "start": position_to_dict(self.start),
                "moves": self.holes(),
            }
            if self._agreed is not None:
                data["agreed"] = True
            data["result"] = {
                "board": list(end.board),
                "captures": list(end.captures),
                "over": end.is_over,
                "winner": end.winner,
            }
            return data

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild a game, replaying every move; raises :class:`FormatError` naming the problem.

        Any value gives a game or a FormatError. When the saved rules allow more than
        :data:`~hoyito_edu.engine.saving.LOAD_MAX_LAPS` laps per move (or have no lap limit), the
        moves
        are first replayed under that limit and a move that reaches it is refused.

        >>> Game.from_dict({"format": "hoyito_edu.game", "version": True})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        hoyito_edu.engine.saving.FormatError: version True is not supported; ...
        """
        variant, options = check_header(data, "game")
        assert isinstance(data, dict)
        expect_keys(
            data,
            "the saved game",
            required=("format", "version", "variant", "start", "moves"),
            optional=("options", "agreed", "result"),
        )
        return cls._rebuild_within_lap_cap(variant, options, data)

    @classmethod
    def _rebuild(cls, variant: str, options: dict, data: dict, lap_cap: bool = False) -> Game:
        game = cls(start=position_from_dict(variant, options, data["start"], "start"))
        replay_saved(game, data, "", lap_cap)
        if "result" in data:
            check_result(game.position, data["result"], "result")
        return game

    def __repr__(self) -> str:
        pos = self.position
        state = f"over ({pos.outcome.reason})" if pos.outcome else f"player {pos.player} to move"
        return f"<Game {self.rules.name} {len(self._moves)} moves, {state}>"


def replay_saved(game: Game, saved: dict, where: str, lap_cap: bool = False) -> None:
    """Replay a saved game's (or match round's) ``moves``, then its ``agreed`` ending (R4.5).

    ``where`` starts every error message (``""`` for a game, ``"round 2: "`` in a match).
    """
    holes = check_holes_list(saved["moves"], f"{where}moves")
    replay(game, holes, where, lap_cap)
    agreed = saved.get("agreed", False)
    if not isinstance(agreed, bool):
        raise FormatError(
            _("{where}agreed must be true or false, not {found}").format(
                where=where, found=show(agreed)
            )
        )
    if agreed:
        if game.is_over:
            raise FormatError(
                _("{where}agreed is true, but the moves already end the game").format(where=where)
            )
        game.end_by_agreement()


def replay(game: Game, holes: list[int], where: str, lap_cap: bool = False) -> None:
    """Play a saved list of holes, naming the first one that is illegal.

    With ``lap_cap``, the game's rules hold the loading lap limit
    (:data:`~hoyito_edu.engine.saving.LOAD_MAX_LAPS`) and a move that reaches it is refused.
    """
    for number, hole in enumerate(holes, start=1):
        try:
            move = game.play(hole)
        except IllegalMove as err:
            raise FormatError(
                _("{where}move {number} (hole {hole}) is illegal: {why}").format(
                    where=where, number=number, hole=hole, why=err
                )
            ) from None
        if lap_cap and move.lap_limit:
            raise FormatError(
                _(
                    "{where}move {number} (hole {hole}) runs for more than {laps} laps; "
                    "a saved game loads only if every move ends within {laps} laps "
                    "(set max_laps to at most that before saving)"
                ).format(where=where, number=number, hole=hole, laps=f"{LOAD_MAX_LAPS:,}")
            )


def check_result(position: Position, result: object, where: str) -> None:
    """Compare a saved result with what replaying gave (types too: ``true`` is not ``1``)."""
    expect_keys(result, where, required=("board", "captures"), optional=("over", "winner"))
    assert isinstance(result, dict)
    replayed = {
        "board": list(position.board),
        "captures": list(position.captures),
        "over": position.is_over,
        "winner": position.winner,
    }
    for key, value in result.items():
        if not same_json(value, replayed[key]):
            raise FormatError(
                _(
                    "{where}: the file says {key} = {found}, but replaying the moves gives "
                    "{replayed}"
                ).format(where=where, key=key, found=show(value), replayed=repr(replayed[key]))
            )
