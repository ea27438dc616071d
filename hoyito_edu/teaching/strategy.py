"""``strategy_player``: a student's function of a position, playing as the computer players do.

Its own module, so that a student copy (:mod:`hoyito_edu.teaching.practice`) gets it without
the module that knows the exercises' answers.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.position import IllegalMove, Position
from ..i18n import gettext as _


class _StrategyPlayer:
    """A student's ``function(position) -> hole`` with the player interface (name, choose)."""

    def __init__(self, function: Callable[[Position], object], name: str) -> None:
        self.function = function
        self.name = name

    def choose(self, position: Position) -> int:
        hole = self.function(position)
        legal = position.legal_moves()
        try:
            return position.check_move(hole)
        except IllegalMove as err:
            raise IllegalMove(
                _(
                    "{name} chose {hole}, which cannot be played here: {problem}. The strategy "
                    "must return one of position.legal_moves(), here {legal}."
                ).format(name=self.name, hole=repr(hole), problem=err, legal=legal),
                hole,
                legal,
                err.why,
            ) from None

    def __repr__(self) -> str:
        return f"<strategy player {self.name!r}>"


def strategy_player(function: Callable[[Position], object], name: str | None = None):
    """Turn ``function(position) -> hole`` into a player with ``.name`` and ``.choose()``, like
    the computer players of :func:`hoyito_edu.player`, so it can play games and tournaments.

    A hole that cannot be played raises :class:`hoyito_edu.IllegalMove` naming the strategy
    and listing the legal holes.

    >>> import hoyito_edu as hy
    >>> first = strategy_player(lambda position: position.legal_moves()[0], "first hole")
    >>> first.choose(hy.new_game("hoyito-i")), first.name
    (0, 'first hole')
    """
    if not callable(function):
        raise ValueError(f"a strategy must be a function of a position, not {function!r}")
    if name is None:
        name = getattr(function, "__name__", "strategy")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a strategy's name must be a non-empty string, not {name!r}")
    return _StrategyPlayer(function, name)
