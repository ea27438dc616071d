"""Computer opponents: one small protocol, a few agents, and named classroom levels.

Every player has a ``name`` and a ``choose(position) -> hole`` method that returns one of
``position.legal_moves()``. Players never change the position they are given, and every random
choice goes through the player's own ``random.Random(seed)``, so the same seed gives the same
moves. Build them by name with :func:`player`:

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i")
>>> hy.player("greedy", seed=1).choose(pos) in pos.legal_moves()
True
>>> hy.player("random", seed=7).choose(pos) == hy.player("random", seed=7).choose(pos)
True

All the rules come from the engine: the players only call ``Position.sow`` and read the move
record (what was taken, whether the mover plays again, whether the game ended).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .position import Move, Position


@runtime_checkable
class Player(Protocol):
    """What every computer opponent offers: a ``name`` and ``choose(position) -> hole``."""

    name: str

    def choose(self, position: Position) -> int:
        """Return the hole to sow: one of ``position.legal_moves()``."""
        ...


def _check_playable(position: Position) -> tuple[int, ...]:
    if not isinstance(position, Position):
        raise TypeError(f"choose() needs a hoyito_edu Position, not {type(position).__name__}")
    legal = position.legal_moves()
    if not legal:
        reason = position.outcome.reason
        raise ValueError(f"the game is over ({reason}): there is no move to choose")
    return legal


def net_gain(move: Move) -> int:
    """Seeds the mover took in ``move`` minus seeds the opponent took (Ba-awa mid-sow casas
    can go to the opponent, and endless moves give each player their own holes)."""
    taken = move.taken
    return taken[move.player] - taken[1 - move.player]


def _greedy_key(move: Move) -> tuple:
    """How greedy ranks a move: a won game first, then seeds taken now (net), then keeping the
    turn, then not handing the game to the opponent."""
    mover = move.player
    after = move.after
    if after.is_over:
        winner = after.outcome.winner
        result = 1 if winner == mover else (-1 if winner is not None else 0)
    else:
        result = 0
    keeps_turn = not after.is_over and after.player == mover
    return (result, net_gain(move), keeps_turn)


class RandomPlayer:
    """Chooses uniformly among the legal moves.

    ``capture_bias`` (0..1) is the chance that, when some move takes seeds right now, it plays
    the greedy move instead: the classroom's ``beginner`` is a random player with a bias of 0.5.

    >>> import hoyito_edu as hy
    >>> RandomPlayer(seed=3).choose(hy.new_game("ba-awa")) in range(6)
    True
    """

    def __init__(self, seed: int | None = None, capture_bias: float = 0.0, name: str = "random"):
        if not 0.0 <= capture_bias <= 1.0:
            raise ValueError(f"capture_bias must be between 0 and 1, not {capture_bias!r}")
        self.name = name
        self.seed = seed
        self.capture_bias = capture_bias
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> int:
        legal = _check_playable(position)
        if self.capture_bias and self.rng.random() < self.capture_bias:
            moves = [position.sow(h) for h in legal]
            if any(net_gain(m) > 0 for m in moves):
                return _pick_best(moves, _greedy_key, self.rng)
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return f"<RandomPlayer {self.name!r} seed={self.seed} capture_bias={self.capture_bias}>"


class GreedyPlayer:
    """Takes the most seeds now, looking one move ahead and no further.

    Moves are ranked by: winning the game on the spot (and never losing it if that can be
    avoided), then seeds taken minus seeds given away in this move, then keeping the turn
    (Hoyito II/III extra turn). Remaining ties are broken by the seeded random generator.

    >>> import hoyito_edu as hy
    >>> pos = hy.new_game("hoyito-i", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    >>> GreedyPlayer(seed=0).choose(pos)   # hole 2 drops its seed on hole 3: a casa
    2
    """

    def __init__(self, seed: int | None = None, name: str = "greedy"):
        self.name = name
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> int:
        legal = _check_playable(position)
        return _pick_best([position.sow(h) for h in legal], _greedy_key, self.rng)

    def __repr__(self) -> str:
        return f"<GreedyPlayer {self.name!r} seed={self.seed}>"


def _pick_best(moves: list[Move], key: Callable[[Move], Any], rng: random.Random) -> int:
    scored = [(key(m), m.hole) for m in moves]
    top = max(k for k, _ in scored)
    return rng.choice([hole for k, hole in scored if k == top])


# -- the registry ------------------------------------------------------------------------
_FACTORIES: dict[str, Callable[..., Player]] = {
    "random": lambda seed=None, **kw: RandomPlayer(seed=seed, **kw),
    "greedy": lambda seed=None, **kw: GreedyPlayer(seed=seed, **kw),
    "beginner": lambda seed=None, **kw: RandomPlayer(
        seed=seed, **{"capture_bias": 0.5, "name": "beginner", **kw}
    ),
}

#: What each name does, for help texts and the README table.
DESCRIPTIONS: dict[str, str] = {
    "random": "a uniformly random legal move",
    "greedy": "the move that takes the most seeds now (one move ahead); random among ties",
    "beginner": "random, but half the time takes the biggest capture on offer",
}


def available() -> tuple[str, ...]:
    """The names :func:`player` accepts.

    >>> "greedy" in available()
    True
    """
    return tuple(_FACTORIES)


def player(name: str, seed: int | None = None, **settings: Any) -> Player:
    """A computer opponent by name, seeded for repeatable games.

    Args:
        name: one of :func:`available` (case-insensitive).
        seed: seeds the player's own random generator; ``None`` for a fresh one.
        **settings: passed to the player's class (e.g. ``capture_bias=0.8`` for ``"random"``).

    >>> import hoyito_edu as hy
    >>> hy.player("greedy", seed=2).name
    'greedy'
    >>> hy.player("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'chess'; the players are random, greedy, ...
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in _FACTORIES:
        raise ValueError(f"unknown player {name!r}; the players are {', '.join(_FACTORIES)}")
    return _FACTORIES[key](seed=seed, **settings)


#: The names :func:`player` accepts (the same as :func:`available`).
PLAYER_NAMES_AVAILABLE: tuple[str, ...] = available()
