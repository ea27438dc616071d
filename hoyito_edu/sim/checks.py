"""The arguments of a simulation, and the memory it needs, checked before anything is played.

:func:`check` takes what was asked (a :class:`Request`, the arguments of
:func:`~hoyito_edu.sim.simulate.simulate`) and returns it cleaned up (a :class:`Checked`), or
raises a ValueError saying what was wrong and what is allowed. A run whose tables would not
fit in memory is refused here too, with the estimate and what to do instead
(:func:`estimate_memory`, :func:`check_memory`).

>>> checked = check(Request("hoyito-ii", 100, players=("Random", "greedy")))
>>> checked.pair, checked.use_fast, checked.starter
(('random', 'greedy'), False, 'alternate')
>>> check(Request("hoyito-i", 10, starter=2))
Traceback (most recent call last):
...
ValueError: starter must be 0 (South), 1 (North) or 'alternate' (South starts the \
even-numbered games, North the odd ones), not 2
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..compiled.codes import DEFAULT_MAX_PLIES
from ..engine.checks import as_whole, shown, whole_number
from ..engine.rules import Rules, get_rules
from ..players import Player, available
from .tables import TABLES

#: A player of a simulation: a name (``"random"``, ``"greedy"`` ...) or a player object.
PlayerSpec = str | Player

#: The largest ``max_plies``: longer games are not games any more (of 1,000 random Hoyito I
#: 2x12 games none went past 50,000 plies), and the fast path keeps a table of every position
#: of a game, so the cap bounds its memory.
MAX_PLIES_LIMIT = 1_000_000

#: The most games one call simulates (far beyond any computer's memory: the check of memory
#: refuses much less; this bound keeps the numbers in its sentence printable).
MAX_GAMES = 10**15

#: The most worker processes (each loads the package and its compiled code).
MAX_WORKERS = 64

#: A chunk (one task, one file per table) holds at most about this many bytes of tables.
CHUNK_BYTES = 64 * 10**6
#: The most games in a chunk (fast path): about a second or two of play.
MAX_CHUNK_GAMES = 100_000
#: Games per chunk on the engine path (computer players: a chunk of expert games takes minutes).
ENGINE_CHUNK_GAMES = 20


@dataclass(frozen=True)
class Request:
    """The arguments of :func:`~hoyito_edu.sim.simulate.simulate`, as given (unchecked)."""

    variant: object
    games: object
    players: object = ("random", "random")
    holes_per_row: object = 6
    seed: object = 0
    starter: object = "alternate"
    max_plies: object = DEFAULT_MAX_PLIES
    tables: object = TABLES
    path: object = "auto"
    workers: object = 1
    progress: object = None
    options: Mapping[str, object] = field(default_factory=dict)
    client: object = None
    out: object = None
    chunk_games: object = None


@dataclass(frozen=True)
class Checked:
    """A :class:`Request` checked and cleaned up: what the backends play.

    ``use_fast``: random against random on the compiled fast path; ``client``: the checked
    Dask client or None; ``chunk_games``: games per task or file (None for a run in this
    process kept in memory).
    """

    rules_list: tuple[Rules, ...]
    games: int
    pair: tuple[PlayerSpec, PlayerSpec]
    n: int
    seed: int
    starter: int | str
    max_plies: int
    tables: tuple[str, ...]
    use_fast: bool
    workers: int
    client: Any
    chunk_games: int | None


def check(request: Request) -> Checked:
    """Check every argument of :func:`~hoyito_edu.sim.simulate.simulate`; return them cleaned
    up. Nothing is played (and no large array made) before every argument, and the memory the
    run needs, has been checked."""
    from .cluster import check_client

    r = request
    client = check_client(r.client)
    if r.out is not None:
        from .streaming import check_folder

        check_folder(r.out)
    rules_list = variants(r.variant, r.options)
    games = whole_number(r.games, "games", 1, MAX_GAMES)
    seed = whole_number(r.seed, "seed", 0)
    max_plies = whole_number(r.max_plies, "max_plies", 1, MAX_PLIES_LIMIT)
    n = whole_number(r.holes_per_row, "holes_per_row", 1)
    for rules in rules_list:
        if not rules.min_holes_per_row <= n <= rules.max_holes_per_row:
            low, high = rules.min_holes_per_row, rules.max_holes_per_row
            sizes = f"2x{low}" if low == high else f"2x{low} to 2x{high}"
            raise ValueError(f"{rules.title} is played on {sizes}; got holes_per_row={shown(n)}")
    pair = player_names(r.players)
    tables = checked_tables(r.tables)
    use_fast = _fast_path(r.path, pair)
    workers = whole_number(r.workers, "workers", 1, MAX_WORKERS)
    _check_processes(workers, client, pair)
    chunk_games = _chunk_games(r.chunk_games, client, r.out)
    if r.progress is not None and not isinstance(r.progress, (bool, np.bool_)):
        raise ValueError(
            f"progress must be True, False or None (automatic), not {shown(r.progress)}"
        )
    starter = checked_starter(r.starter)
    if client is not None or r.out is not None:
        chunk_games = chunk_games or default_chunk_games(rules_list, n, max_plies, tables,
                                                         use_fast)
    if r.out is None:  # the tables are kept here; a cluster's workers hold their work space
        check_memory(rules_list, games, n, max_plies, tables, use_fast,
                     0 if client is not None else workers)
    elif client is None:  # streamed: one chunk per process at a time
        for rules in rules_list:
            check_memory([rules], min(games, chunk_games), n, max_plies, tables, use_fast,
                         workers, per_process=True)
    return Checked(tuple(rules_list), games, pair, n, seed, starter, max_plies, tables,
                   use_fast, workers, client, chunk_games)


def variants(variant: object, options: Mapping[str, object]) -> list[Rules]:
    """The rule sets to simulate, each once, with ``options``.

    >>> [rules.name for rules in variants(["hoyito-i", "ba-awa"], {})]
    ['hoyito-i', 'ba-awa']
    """
    if isinstance(variant, (str, Rules)):
        items = [variant]
    elif isinstance(variant, Iterable) and not isinstance(variant, (bytes, Mapping)):
        items = list(variant)
    else:
        raise ValueError(f"variant must be a name or a list of names, not {shown(variant)}")
    if not items:
        raise ValueError("variant: give at least one variant")
    rules_list = [get_rules(v, **options) for v in items]
    names = [rules.name for rules in rules_list]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(
            f"variant names {', '.join(twice)} more than once; give each variant once (the "
            "tables tell variants apart by name: simulate other options in another call)"
        )
    return rules_list


def player_names(players: object) -> tuple[PlayerSpec, PlayerSpec]:
    """The (South, North) pair: names in lower case, player objects as they are.

    >>> player_names((" Greedy", "random"))
    ('greedy', 'random')
    """
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        raise ValueError(
            f"players must be a pair (South, North), e.g. ('random', 'greedy'), "
            f"not {shown(players)}"
        )
    out = []
    for spec in players:
        if isinstance(spec, str):
            key = spec.strip().lower()
            if key not in available():
                raise ValueError(
                    f"unknown player {shown(spec)}; the players are {', '.join(available())}"
                )
            out.append(key)
        elif callable(getattr(spec, "choose", None)) and not isinstance(spec, type):
            out.append(spec)
        else:
            raise ValueError(
                f"a player is a name ({', '.join(available())}) or an object with a "
                f"choose(position) method (an instance, not a class), not {shown(spec)}"
            )
    return out[0], out[1]


def player_labels(pair: Sequence[PlayerSpec]) -> tuple[str, str]:
    """The players as the tables name them: a name, or a player object's ``name``."""
    return tuple(p if isinstance(p, str) else getattr(p, "name", type(p).__name__) for p in pair)


def checked_starter(starter: object) -> int | str:
    """0, 1 or "alternate" (numpy integers too; not bools or floats)."""
    if isinstance(starter, str) and starter == "alternate":
        return starter
    number = as_whole(starter)
    if number not in (0, 1):
        raise ValueError(
            f"starter must be 0 (South), 1 (North) or 'alternate' (South starts the even-numbered "
            f"games, North the odd ones), not {shown(starter)}"
        )
    return number


def checked_tables(tables: object) -> tuple[str, ...]:
    """The tables to keep, each once, in the usual order; ``"games"`` must be one."""
    if isinstance(tables, str):
        tables = (tables,)
    elif not isinstance(tables, Iterable) or isinstance(tables, (bytes, Mapping)):
        raise ValueError(
            f"tables must be a list naming 'games' and any of 'moves', 'captures', "
            f"not {shown(tables)}"
        )
    tables = tuple(tables)
    unknown = [t for t in tables if not isinstance(t, str) or t not in TABLES]
    if unknown or "games" not in tables:
        raise ValueError(
            f"tables must name 'games' and any of 'moves', 'captures'; got {shown(tables)}"
        )
    return tuple(t for t in TABLES if t in tables)


def _fast_path(path: object, pair: tuple) -> bool:
    """Whether the games go through the compiled fast path (random against random)."""
    if not isinstance(path, str) or path not in ("auto", "fast", "engine"):
        raise ValueError(f"path must be 'auto', 'fast' or 'engine', not {shown(path)}")
    all_random = pair == ("random", "random")
    if path == "fast" and not all_random:
        raise ValueError(
            f"the fast path plays random against random only; players are "
            f"{player_labels(pair)}. Use path='engine' (or 'auto') for other players."
        )
    return path == "fast" or (path == "auto" and all_random)


def _check_processes(workers: int, client: object, pair: tuple) -> None:
    if workers > 1 and client is not None:
        raise ValueError(
            f"give workers={workers} (processes on this machine) or client= (a Dask cluster), "
            "not both: the cluster's workers play the games"
        )
    if (workers > 1 or client is not None) and not all(isinstance(p, str) for p in pair):
        raise ValueError(
            f"{'client=' if client is not None else 'workers > 1'} needs players given by name "
            "(player objects cannot be shared between processes); use workers=1 without a "
            "client"
        )


def _chunk_games(chunk_games: object, client: object, out: object) -> int | None:
    if chunk_games is None:
        return None
    chunk_games = whole_number(chunk_games, "chunk_games", 1)
    if client is None and out is None:
        raise ValueError(
            "chunk_games sets the games per task or per file: give it with client= or out="
        )
    return chunk_games


def default_chunk_games(rules_list: Sequence[Rules], n: int, max_plies: int,
                        tables: Sequence[str], use_fast: bool) -> int:
    """Games per chunk when ``chunk_games`` is not given: on the fast path as many as keep a
    chunk's tables under :data:`CHUNK_BYTES` (at most :data:`MAX_CHUNK_GAMES`), on the
    engine path :data:`ENGINE_CHUNK_GAMES`. It depends on the arguments only, never on the
    number of workers.

    >>> default_chunk_games([get_rules("hoyito-i")], 6, 20_000, ["games"], True)
    100000
    >>> default_chunk_games([get_rules("hoyito-i")], 12, 20_000, TABLES, True)
    121
    """
    if not use_fast:
        return ENGINE_CHUNK_GAMES
    per_game = max(estimate_memory([r], 1, n, max_plies, tables, True)[0] for r in rules_list)
    return max(1, min(MAX_CHUNK_GAMES, CHUNK_BYTES // per_game))


# -- memory ---------------------------------------------------------------------------------
#: Mean plies of a random game by board size: Hoyito II's, the longest of the rule sets (3,000
#: random games per size, seed 5, rounded up). Other players' games are not longer.
_RANDOM_PLIES = {6: 110, 7: 240, 8: 470, 9: 830, 10: 1330, 11: 2090, 12: 3080}
#: Ba-awa (2x6 only): random games average 12 plies.
_BA_AWA_PLIES = 15
#: Peak bytes held while the tables are built, per game, per row of the moves table and per
#: row of the captures table (tracemalloc; Hoyito II 2x6, 20,000 random games on the fast path
#: and 300 on the engine path, whose Python lists cost twice the fast path's arrays).
_BYTES_PER_GAME = 400
_BYTES_PER_MOVE = {"fast": 170, "engine": 350}
_BYTES_PER_CAPTURE = 60
_GB = 1e9


def memory_budget() -> int:
    """Bytes a simulation may hold: half the memory available now (on Linux), else half the
    physical memory, else 4 GB."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024 // 2
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
    except (AttributeError, OSError, ValueError):
        return 4 * 10**9


def _hash_bytes(n: int, room: int) -> int:
    """Bytes of one of the fast path's position tables with room for ``room`` positions."""
    slots = 1 << max(4, (2 * room).bit_length())
    return 8 * (slots + 1) + 8 * room + 8 * room * (3 + 2 * n)


def _fast_work_bytes(rules: Rules, n: int, max_plies: int, tables: Sequence[str]) -> int:
    """Work space of one fast-path process: its position and lap tables and move buffers
    (as :func:`hoyito_edu.compiled.fastsim.play_random_games` sizes them)."""
    laps = 256 if rules.max_laps is None else rules.max_laps + 1
    room = max(max_plies + 1, 1 << 16)
    buffers = room * (20 * 4 * ("moves" in tables) + 7 * 4 * ("captures" in tables))
    return _hash_bytes(n, max_plies + 2) + _hash_bytes(n, laps) + buffers


def estimate_memory(rules_list: Sequence[Rules], games: int, n: int, max_plies: int,
                    tables: Sequence[str], use_fast: bool,
                    workers: int = 1) -> tuple[int, int]:
    """Bytes a run would hold at its peak: (tables, work space of all processes).

    >>> tables, work = estimate_memory([get_rules("hoyito-i")], 10**6, 6, 20_000,
    ...                                ["games", "moves"], use_fast=True)
    >>> round(tables / 1e9, 1)
    19.1
    """
    path = "fast" if use_fast else "engine"
    total = work = 0
    for rules in rules_list:
        plies = _BA_AWA_PLIES if rules.territory else _RANDOM_PLIES.get(n, _RANDOM_PLIES[12])
        plies = min(plies, max_plies)
        per_game = _BYTES_PER_GAME
        per_game += plies * _BYTES_PER_MOVE[path] * ("moves" in tables)
        per_game += 3 * n * _BYTES_PER_CAPTURE * ("captures" in tables)
        total += games * per_game
        if use_fast:
            work = max(work, workers * _fast_work_bytes(rules, n, max_plies, tables))
    return total, work


def _gb(size: float) -> str:
    try:
        gigabytes = size / _GB
    except OverflowError:  # a number of games with thousands of digits
        return f"{shown(size // _GB)} GB"
    return f"{gigabytes:,.1f} GB" if gigabytes < 1e5 else f"{gigabytes:.1e} GB"


def check_memory(rules_list, games, n, max_plies, tables, use_fast, workers=1,
                 per_process=False) -> None:
    """Refuse, before anything is played, a run that would not fit in memory (see
    :func:`estimate_memory` and :func:`memory_budget`). ``per_process``: ``games`` is one
    chunk, held by each of ``workers`` processes at once (a streamed run)."""
    held, work = estimate_memory(rules_list, games, n, max_plies, tables, use_fast, workers)
    if per_process:
        held *= max(workers, 1)
    budget = memory_budget()
    if held + work <= budget:
        return
    kept = " and ".join(t for t in tables if t != "games")
    what = f"{games:,} games x {len(rules_list)} variant(s)" + (f", with {kept}" if kept else "")
    parts = [f"about {_gb(held)} for the tables ({what})"]
    if work > budget / 4:
        limits = ", ".join(f"max_laps={r.max_laps}" for r in rules_list if r.max_laps)
        parts.append(
            f"{_gb(work)} of work space for max_plies={max_plies:,}"
            + (f" and {limits}" if limits else "")
        )
    raise ValueError(
        f"this simulation would need {' plus '.join(parts)}: more than the "
        f"{_gb(budget)} it may use (half the memory available). Run it in batches "
        "of fewer games, each with its own seed (seed=0, 1, 2 ...), and save each batch's "
        "tables to a file; or keep fewer tables (tables=['games'] leaves out the moves and "
        "captures); or lower max_plies / max_laps."
    )
