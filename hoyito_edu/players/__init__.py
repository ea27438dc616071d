"""Computer opponents: one small protocol, a few agents, and named classroom levels.

May import: ``compiled``, ``engine``, ``i18n``, numpy (numba only through ``compiled``, and
only when a player that needs it is made); and, lazily, ``analysis.endgames``: the ``expert``
plays a position an endgame table already built holds by the table (the one upward import,
listed in ``tests/test_layers.py``).

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

import time
from collections.abc import Callable
from typing import Any

from ..compiled.values import WIN, next_iteration
from ..i18n import N_, gettext
from .search import TIE_SHARE, SearchPlayer, evaluate, terminal_value
from .simple import (
    DEPTH_WITHOUT_BUDGET,
    MAX_DEPTH,
    MAX_NODES,
    MAX_TIME_LIMIT,
    GreedyPlayer,
    Player,
    RandomPlayer,
    net_gain,
)

__all__ = [
    "Player", "RandomPlayer", "GreedyPlayer", "SearchPlayer", "net_gain", "evaluate",
    "terminal_value", "next_iteration", "WIN", "MAX_DEPTH", "DEPTH_WITHOUT_BUDGET", "MAX_NODES",
    "MAX_TIME_LIMIT", "TIE_SHARE", "INTERMEDIATE_DEPTH", "EXPERT_NODES", "EXPERT_PLAYOUTS",
    "DESCRIPTIONS", "SETTINGS", "PLAYER_NAMES_AVAILABLE", "available", "describe", "player",
    "warm_up",
]

#: Plies the ``intermediate`` level searches.
INTERMEDIATE_DEPTH = 2
#: Work budget of the ``expert`` level (see :class:`SearchPlayer`, ``max_nodes``): on the
#: project's 2-core machine a fraction of a second a move, 12 to 25 moves deep in the games
#: traced while tuning it (``benchmarks/agents.py`` prints times and depths).
EXPERT_NODES = 100_000
#: Playouts the ``expert`` level spends choosing among equally good moves (see SearchPlayer;
#: a few hundredths of a second).
EXPERT_PLAYOUTS = 2_000

_FACTORIES: dict[str, Callable[..., Player]] = {
    "random": lambda seed=None, **kw: RandomPlayer(seed=seed, **kw),
    "greedy": lambda seed=None, **kw: GreedyPlayer(seed=seed, **kw),
    "search": lambda seed=None, **kw: SearchPlayer(seed=seed, **kw),
    "beginner": lambda seed=None, **kw: RandomPlayer(
        seed=seed, **{"capture_bias": 0.5, "name": "beginner", **kw}
    ),
    "intermediate": lambda seed=None, **kw: SearchPlayer(
        seed=seed, **{"max_depth": INTERMEDIATE_DEPTH, "name": "intermediate", **kw}
    ),
    "expert": lambda seed=None, **kw: SearchPlayer(
        seed=seed,
        **{"max_nodes": EXPERT_NODES, "playouts": EXPERT_PLAYOUTS, "endgames": True,
           "name": "expert", **kw},
    ),
    "mcts": lambda seed=None, **kw: _mcts_player(seed=seed, **kw),
}


def _mcts_player(**settings: Any) -> Player:
    """The ``mcts`` level (imported on first use: it loads numba)."""
    from .mcts import MCTSPlayer

    return MCTSPlayer(**settings)


#: What each name does, for help texts and the table of docs/research/computer-opponents.md
#: (English; :func:`describe` gives the line in the current language).
DESCRIPTIONS: dict[str, str] = {
    "random": N_("a uniformly random legal move"),
    "greedy": N_("the move that takes the most seeds now (one move ahead); random among ties"),
    "search": N_("alpha-beta search; 4 moves deep unless max_depth, max_nodes or time_limit say"),
    "beginner": N_("random, but half the time takes the biggest capture on offer"),
    "intermediate": N_("alpha-beta search 2 moves deep: sees the reply to its move"),
    "expert": N_(
        "deep alpha-beta (compiled) with a fixed work budget; Monte Carlo playouts choose "
        "among equally good moves, and it sets traps for greedy replies when that costs nothing"
    ),
    "mcts": N_(
        "Monte Carlo tree search (UCT, random playouts, compiled); 1 s a move unless "
        "playouts or time_limit say"
    ),
}


def describe(name: str) -> str:
    """What the player ``name`` does, in the current language (see :data:`DESCRIPTIONS`).

    >>> describe("greedy")
    'the move that takes the most seeds now (one move ahead); random among ties'
    """
    if name not in DESCRIPTIONS:
        raise ValueError(f"unknown player {name!r}; the players are {', '.join(DESCRIPTIONS)}")
    return gettext(DESCRIPTIONS[name])


def available() -> tuple[str, ...]:
    """The names :func:`player` accepts.

    >>> "greedy" in available()
    True
    """
    return tuple(_FACTORIES)


#: The settings each name takes besides ``seed`` (see the classes).
SETTINGS: dict[str, tuple[str, ...]] = {
    "random": ("capture_bias", "name"),
    "greedy": ("name",),
    "search": ("max_depth", "max_nodes", "time_limit", "compiled", "playouts", "endgames",
               "stop_when_decided", "name"),
    "mcts": ("time_limit", "playouts", "exploration", "name"),
}
SETTINGS.update(
    beginner=SETTINGS["random"], intermediate=SETTINGS["search"], expert=SETTINGS["search"]
)


def player(name: str, /, seed: int | None = None, **settings: Any) -> Player:
    """A computer opponent by name, seeded for repeatable games.

    Args:
        name: one of :func:`available` (case-insensitive).
        seed: seeds the player's own random generator: a whole number from 0, or ``None`` for
            a fresh one.
        **settings: passed to the player's class (e.g. ``capture_bias=0.8`` for ``"random"``;
            :data:`SETTINGS` lists them). A setting the player does not take is a ValueError.

    >>> import hoyito_edu as hy
    >>> hy.player("greedy", seed=2).name
    'greedy'
    >>> hy.player("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'chess'; the players are random, greedy, ...
    """
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _FACTORIES:
        raise ValueError(f"unknown player {name!r}; the players are {', '.join(_FACTORIES)}")
    unknown = sorted(set(settings) - set(SETTINGS[key]))
    if unknown:
        raise ValueError(
            f"the {key} player takes no setting {', '.join(unknown)}; its settings are seed, "
            f"{', '.join(SETTINGS[key])}"
        )
    return _FACTORIES[key](seed=seed, **settings)


#: The names :func:`player` accepts (the same as :func:`available`).
PLAYER_NAMES_AVAILABLE: tuple[str, ...] = available()


#: What :func:`warm_up` compiles, in order: a name for its progress lines, and the step.
_WARM_STEPS = (
    N_("the rules kernel"),
    N_("the fast simulator"),
    N_("the expert's search"),
    N_("the mcts player"),
)


def warm_up(progress: bool = False) -> float:
    """Compile (or load from numba's disk cache) everything the ``mcts`` and ``expert`` levels
    and the fast simulator run: the rules kernel, one fast-simulator game, a depth-2 expert
    search and a 16-playout search on a new Hoyito I game; returns the seconds it took.
    ``make`` runs it once at set-up, so that the first move in a new installation does not
    wait for the compiler; with the cache, it takes about a second. Numba compiles again
    after a module of ``compiled/`` or ``engine/`` changes (its cache folder is named by a hash
    of those sources, :mod:`hoyito_edu.compiled.cache`): run it again then.

    With ``progress`` it prints each part as it compiles and the seconds it took (``make``
    asks for this, so that a set-up that compiles for a minute does not look hung), e.g.
    ``compiling the fast simulator... 12 s``, or ``... already compiled`` where numba's cache
    held it.

    >>> warm_up() < 600
    True
    """
    from importlib import import_module

    from ..engine.position import new_game

    position = new_game("hoyito-i")

    def kernel() -> None:
        import_module("..compiled.kernel", __name__)

    def simulator() -> None:
        fastsim = import_module("..compiled.fastsim", __name__)
        fastsim.play_random_games("hoyito-i", [0], seed=0)

    def expert() -> None:
        SearchPlayer(seed=0, max_depth=2).choose(position)

    def mcts() -> None:
        from .mcts import MCTSPlayer

        MCTSPlayer(seed=0, playouts=16).choose(position)

    started = time.perf_counter()
    for label, step in zip(_WARM_STEPS, (kernel, simulator, expert, mcts), strict=True):
        began = time.perf_counter()
        if progress:
            print(gettext("compiling {part}...").format(part=gettext(label)), end=" ", flush=True)
        step()
        if progress:
            seconds = time.perf_counter() - began
            # under a second: numba's cache had it (a "0 s" would look like nothing happened)
            print(gettext("{seconds:.0f} s").format(seconds=seconds) if seconds >= 1
                  else gettext("already compiled"), flush=True)
    if progress:
        seconds = time.perf_counter() - started
        print(gettext("compiled in {seconds:.0f} s").format(seconds=seconds) if seconds >= 1
              else gettext("everything was already compiled"), flush=True)
    return time.perf_counter() - started
