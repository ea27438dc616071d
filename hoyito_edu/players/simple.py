"""The players' protocol, their argument checks, and the simple players: random and greedy.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i")
>>> GreedyPlayer(seed=1).choose(pos) in pos.legal_moves()
True
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..engine.checks import as_whole, shown
from ..engine.position import Move, Position


@runtime_checkable
class Player(Protocol):
    """What every computer opponent offers: a ``name`` and ``choose(position) -> hole``."""

    name: str

    def choose(self, position: Position) -> int:
        """Return the hole to sow: one of ``position.legal_moves()``."""
        ...


def check_playable(position: Position) -> tuple[int, ...]:
    if not isinstance(position, Position):
        raise ValueError(f"choose() needs a hoyito_edu Position, not {type(position).__name__}")
    legal = position.legal_moves()
    if not legal:
        reason = position.outcome.reason
        raise ValueError(f"the game is over ({reason}): there is no move to choose")
    return legal


def check_seed(seed: object) -> int | None:
    """A player's seed: None or a whole number from 0 (numpy integers too; not bools, floats
    or strings)."""
    if seed is None:
        return None
    number = as_whole(seed)
    if number is None or number < 0:
        raise ValueError(f"seed must be None or a whole number from 0, not {shown(seed)}")
    return number


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty string, not {shown(name)}")
    return name


def net_gain(move: Move) -> int:
    """Seeds the mover took in ``move`` minus seeds the opponent took (Ba-awa mid-sow casas
    can go to the opponent, and endless moves give each player their own holes)."""
    taken = move.taken
    return taken[move.player] - taken[1 - move.player]


def _greedy_key(move: Move) -> tuple:
    """How greedy ranks a move: one that wins the game at once first and one that loses it at
    once last; then seeds taken now (net); then keeping the turn."""
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
        if (
            isinstance(capture_bias, bool)
            or not isinstance(capture_bias, numbers.Real)
            or not 0.0 <= capture_bias <= 1.0
        ):
            raise ValueError(
                f"capture_bias must be a "
                f"number from 0 to 1, not {shown(capture_bias)}"
            )
        self.name = check_name(name)
        self.seed = check_seed(seed)
        self.capture_bias = float(capture_bias)
        self.rng = random.Random(self.seed)

    def choose(self, position: Position) -> int:
        legal = check_playable(position)
        if self.capture_bias and self.rng.random() < self.capture_bias:
            moves = [position.sow(h) for h in legal]
            if any(net_gain(m) > 0 for m in moves):
                return _pick_best(moves, _greedy_key, self.rng)
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return (
            f"<RandomPlayer {self.name!r} seed={shown(self.seed)} "
            f"capture_bias={self.capture_bias}>"
        )


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
        self.name = check_name(name)
        self.seed = check_seed(seed)
        self.rng = random.Random(self.seed)

    def choose(self, position: Position) -> int:
        legal = check_playable(position)
        return _pick_best([position.sow(h) for h in legal], _greedy_key, self.rng)

    def __repr__(self) -> str:
        return f"<GreedyPlayer {self.name!r} seed={shown(self.seed)}>"


def _pick_best(moves: list[Move], key: Callable[[Move], Any], rng: random.Random) -> int:
    scored = [(key(m), m.hole) for m in moves]
    top = max(k for k, _ in scored)
    return rng.choice([hole for k, hole in scored if k == top])


#: node or time budget is given). The compiled search stops at 119 plies.
MAX_DEPTH = 100
#: The deepest search allowed without a node or time budget (deeper ones can run for hours).
DEPTH_WITHOUT_BUDGET = 16
#: The largest node budget (``max_nodes``): about a month of compiled search.
MAX_NODES = 10**12
#: The longest ``time_limit``, in seconds: a day.
MAX_TIME_LIMIT = 86_400


def check_budget(what: str, value: object, most: int) -> int | None:
    if value is None:
        return None
    number = as_whole(value)
    if number is None:
        raise ValueError(
            f"{what} must be None or a whole number from 1 to {most:,}, not {shown(value)}"
        )
    if not 1 <= number <= most:
        raise ValueError(f"{what} must be at least 1 and at most {most:,}, not {shown(number)}")
    return number


def check_time_limit(value: object) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not 0 < value <= MAX_TIME_LIMIT
        or math.isnan(value)
    ):
        raise ValueError(
            f"time_limit must be None or a number of seconds above 0 and at most "
            f"{MAX_TIME_LIMIT:,} (a day), not {shown(value)}"
        )
    return float(value)

