"""Many games at once, as tidy pandas tables.

:func:`simulate` plays games between computer players and returns a :class:`Simulation`
with three tables: ``games`` (one row per game), ``moves`` (one row per move) and
``captures`` (one row per capture). Random-vs-random games go through the fast path
(:mod:`hoyito_edu.compiled.fastsim`, a compiled loop); any other pairing goes through the engine
(:meth:`hoyito_edu.Position.sow`) one move at a time. Both paths give exactly the same games
for the same seed: a random player's choice at ply ``p`` of game ``g`` depends only on
``(seed, g, p)`` (see :func:`hoyito_edu.compiled.fastsim.random_index`).

>>> import hoyito_edu as hy
>>> sim = hy.simulate("ba-awa", 20, seed=1)
>>> len(sim.games), sim.games["end_reason"].iloc[0]
(20, 'eight-or-fewer')
>>> bool(sim.moves.groupby("game").size().sum() == sim.games["plies"].sum())
True
>>> sim.games.equals(hy.simulate("ba-awa", 20, seed=1).games)     # same seed, same tables
True

A game still going after ``max_plies`` moves is stopped and reported with the end reason
``"ply-cap"`` (no winner): the cap is a setting of the simulation, not a rule of the game.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..compiled.codes import CAPTURE_KINDS, DEFAULT_MAX_PLIES, END_REASONS  # the ply cap: see codes
from ..engine.checks import as_whole, shown, whole_number
from ..engine.position import new_game
from ..engine.rules import Rules, get_rules
from ..players import Player, available, player

if TYPE_CHECKING:  # pandas is imported when games are simulated, not with the package
    import pandas as pd

    from ..compiled.fastsim import RawRun
    from .streaming import StreamedRun

__all__ = ["simulate", "Simulation", "END_REASONS", "TABLES", "DEFAULT_MAX_PLIES"]

#: The tables a simulation can keep.
TABLES = ("games", "moves", "captures")
_GROUPS = ("mid_sow", "last_seed", "chain", "end")
_GROUP_OF = {"mid-sow": 0, "last-seed": 1, "chain": 2}  # any other reason: "end"
_SEAT = ("south", "north")
PlayerSpec = str | Player


@dataclass
class Simulation:
    """The result of :func:`simulate`: three tables and the settings that made them.

    Attributes:
        games: one row per game: ``variant``, ``holes_per_row``, ``game`` (its number),
            ``south``/``north`` (player names), ``starter`` (0 South, 1 North), ``first`` (the
            starter's player), ``pairing`` ("first vs second"), ``winner`` (0, 1, or <NA> for
            a draw or a capped game), ``result`` ("south", "north", "draw", "unfinished"),
            ``starter_won``, ``score_south``, ``score_north``, ``plies`` (moves played),
            ``turns`` (plies less the moves that gave an extra turn), ``end_reason`` (one of
            :data:`END_REASONS`), ``seeds_left`` (on the board at the end: only a capped game
            has any), ``casas`` (casas captured: mid-sow, last-seed and chain), ``passes``,
            ``branching`` (mean number of legal moves per decision).
        moves: one row per move: ``variant``, ``holes_per_row``, ``game``, ``ply`` (1 for the
            first move), ``player`` (the mover), ``hole``, ``legal`` (legal moves it was
            chosen from), ``laps``, ``drops`` (seeds dropped), ``taken_south``,
            ``taken_north`` (seeds each player took in the move), then seeds taken by kind
            and taker: ``south_mid_sow``, ``north_mid_sow``, ``south_last_seed``,
            ``north_last_seed``, ``south_chain``, ``north_chain``, ``south_end``,
            ``north_end`` (end of game: final four, eight or fewer, endless, repetition, lap
            or quiet limit),
            ``seeds_left`` (on the board after the move), ``extra_turn``, ``passed`` (the next
            player had to pass), ``endless`` (the move was endless, R2.8), ``lap_limit``
            (the move stopped at the lap limit, R2.8).
            ``None`` unless asked for in ``tables``.
        captures: one row per capture, in the order they happened: ``variant``,
            ``holes_per_row``, ``game``, ``ply``, ``seq`` (order in the game), ``hole``
            (<NA>: seeds still in the hand), ``row`` ("south"/"north" side of the board),
            ``taker`` (0/1), ``kind`` (one of :data:`CAPTURE_KINDS`), ``seeds``.
        settings: the arguments of the run.
        path: ``"fast"`` or ``"engine"``.
        seconds: wall time of the run.
    """

    games: pd.DataFrame
    moves: pd.DataFrame | None
    captures: pd.DataFrame | None
    settings: dict[str, Any] = field(default_factory=dict)
    path: str = "engine"
    seconds: float = 0.0

    def metrics(self, by: Sequence[str] = ("variant", "holes_per_row", "pairing")):
        """Ludii-style metrics of these games (see :func:`hoyito_edu.sim.metrics.game_metrics`)."""
        from .metrics import game_metrics

        return game_metrics(self.games, by=by)

    def __repr__(self) -> str:
        sizes = ", ".join(
            f"{name}: {len(table)} rows"
            for name, table in (
                ("games", self.games),
                ("moves", self.moves),
                ("captures", self.captures),
            )
            if table is not None
        )
        return f"<Simulation {self.path} path, {sizes}, {self.seconds:.2f} s>"


# -- arguments ------------------------------------------------------------------------------
#: The largest ``max_plies``: longer games are not games any more (of 1,000 random Hoyito I
#: 2x12 games none went past 50,000 plies), and the fast path keeps a table of every position
#: of a game, so the cap bounds its memory.
MAX_PLIES_LIMIT = 1_000_000

#: The most games one call simulates (far beyond any computer's memory: the check of memory
#: refuses much less; this bound keeps the numbers in its sentence printable).
MAX_GAMES = 10**15

#: The most worker processes (each loads the package and its compiled code).
MAX_WORKERS = 64


def _count(value: object, what: str, low: int = 1, high: int | None = None) -> int:
    return whole_number(value, what, low, high)


def _variants(variant: object, options: dict) -> list[Rules]:
    """The rule sets to simulate, each once."""
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


def _player_names(players: object) -> tuple[PlayerSpec, PlayerSpec]:
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        raise ValueError(
            f"players must be a pair (South, North), e.g. "
            f"('random', 'greedy'), not {shown(players)}"
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


def _starter(starter: object) -> int | str:
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


def _starters(starter: int | str, games: int) -> np.ndarray:
    if starter == "alternate":
        return np.arange(games, dtype=np.int64) % 2
    return np.full(games, starter, dtype=np.int64)


def _tables(tables: object) -> tuple[str, ...]:
    if isinstance(tables, str):
        tables = (tables,)
    elif not isinstance(tables, Iterable) or isinstance(tables, (bytes, Mapping)):
        raise ValueError(
            f"tables must be a list naming 'games' and any of 'moves', 'captures', not {tables!r}"
        )
    tables = tuple(tables)
    unknown = [t for t in tables if not isinstance(t, str) or t not in TABLES]
    if unknown or "games" not in tables:
        raise ValueError(f"tables must name 'games' and any of 'moves', 'captures'; got {tables!r}")
    return tuple(t for t in TABLES if t in tables)  # each once, in the usual order


def _check(variant, games, players, holes_per_row, seed, starter, max_plies, tables, path,
           workers, progress, options, client=None, out=None,
           chunk_games=None):
    """Check every argument of :func:`simulate`; return them cleaned up.

    Nothing is played (and no large array made) before every argument, and the memory the
    run needs, has been checked. The last two values are the checked client (or None) and
    the games per chunk (None for a single-process run kept in memory).
    """
    from .cluster import check_client

    client = check_client(client)
    if out is not None:
        from .streaming import check_folder

        check_folder(out)
    rules_list = _variants(variant, options)
    games = _count(games, "games", high=MAX_GAMES)
    seed = _count(seed, "seed", low=0)
    max_plies = _count(max_plies, "max_plies", high=MAX_PLIES_LIMIT)
    n = _count(holes_per_row, "holes_per_row")
    for rules in rules_list:
        if not rules.min_holes_per_row <= n <= rules.max_holes_per_row:
            low, high = rules.min_holes_per_row, rules.max_holes_per_row
            sizes = f"2x{low}" if low == high else f"2x{low} to 2x{high}"
            raise ValueError(f"{rules.title} is played on {sizes}; got holes_per_row={shown(n)}")
    pair = _player_names(players)
    tables = _tables(tables)
    if not isinstance(path, str) or path not in ("auto", "fast", "engine"):
        raise ValueError(f"path must be 'auto', 'fast' or 'engine', not {shown(path)}")
    all_random = pair == ("random", "random")
    if path == "fast" and not all_random:
        raise ValueError(
            f"the fast path plays random against random only; players are {_names(pair)}. "
            "Use path='engine' (or 'auto') for other players."
        )
    workers = _count(workers, "workers", high=MAX_WORKERS)
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
    if chunk_games is not None:
        chunk_games = _count(chunk_games, "chunk_games")
        if client is None and out is None:
            raise ValueError(
                "chunk_games sets the games per task or per file: give it with client= or out="
            )
    if progress is not None and not isinstance(progress, (bool, np.bool_)):
        raise ValueError(f"progress must be True, False or None (automatic), not {shown(progress)}")
    starter = _starter(starter)
    use_fast = path == "fast" or (path == "auto" and all_random)
    if client is not None or out is not None:
        chunk_games = chunk_games or default_chunk_games(rules_list, n, max_plies, tables,
                                                         use_fast)
    if out is None:  # the tables are kept here; a cluster's workers hold their work space
        check_memory(rules_list, games, n, max_plies, tables, use_fast,
                     0 if client is not None else workers)
    elif client is None:  # streamed: one chunk per process at a time
        for rules in rules_list:
            check_memory([rules], min(games, chunk_games), n, max_plies, tables, use_fast,
                         workers, per_process=True)
    return (rules_list, games, pair, n, seed, starter, max_plies, tables, use_fast, workers,
            client, chunk_games)


#: A chunk (one task, one file per table) holds at most about this many bytes of tables.
CHUNK_BYTES = 64 * 10**6
#: The most games in a chunk (fast path): about a second or two of play.
MAX_CHUNK_GAMES = 100_000
#: Games per chunk on the engine path (computer players: a chunk of expert games takes minutes).
ENGINE_CHUNK_GAMES = 20


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


def _names(pair) -> tuple[str, str]:
    return tuple(p if isinstance(p, str) else getattr(p, "name", type(p).__name__) for p in pair)


# -- the engine path ------------------------------------------------------------------------
_MOVE_COLUMNS = ("game", "ply", "player", "hole", "legal", "laps", "drops",
                 *(f"{side}_{group}" for group in _GROUPS for side in _SEAT),
                 "seeds_left", "extra_turn", "passed", "endless", "lap_limit")


def _engine_games(rules: Rules, n: int, ids, starters, pair, seed: int, max_plies: int,
                  tables, progress: Callable[[int], None] | None = None) -> RawRun:
    """Play the games ``ids`` through the engine and return raw columns like the fast path."""
    from ..compiled.fastsim import GAME_FIELDS, RawRun, player_seed, random_index

    games = {name: [] for name in GAME_FIELDS}
    moves = {name: [] for name in _MOVE_COLUMNS}
    captures = {name: [] for name in ("game", "ply", "seq", "hole", "taker", "kind", "seeds")}
    keep_moves, keep_captures = "moves" in tables, "captures" in tables
    for done, (game, starter) in enumerate(zip(ids, starters, strict=True), start=1):
        game, starter = int(game), int(starter)
        seats = [
            spec if not isinstance(spec, str) or spec == "random"
            else player(spec, seed=player_seed(seed, game, side))
            for side, spec in enumerate(pair)
        ]
        pos = new_game(rules, holes_per_row=n, player=starter)
        ply = extras = passes = legal_sum = casas = seq = 0
        while not pos.is_over and ply < max_plies:
            legal = pos.legal_moves()
            chooser = seats[pos.player]
            if chooser == "random":
                hole = legal[int(random_index(seed, [game], [ply], [len(legal)])[0])]
            else:
                hole = chooser.choose(pos)
            move = pos.sow(hole)
            ply += 1
            take = [0] * 8
            for capture in move.captures:
                group = _GROUP_OF.get(str(capture.reason), 3)
                take[2 * group + capture.taker] += capture.seeds
                casas += group < 3
                if keep_captures:
                    hole_taken = -1 if capture.hole is None else capture.hole
                    for name, value in zip(
                        captures, (game, ply, seq, hole_taken, capture.taker,
                                   CAPTURE_KINDS.index(str(capture.reason)), capture.seeds),
                        strict=True,
                    ):
                        captures[name].append(value)
                seq += 1
            extras += move.extra_turn
            passes += bool(move.passes)
            legal_sum += len(legal)
            if keep_moves:
                row = (game, ply, move.player, move.hole, len(legal), move.laps, move.drops,
                       *take, sum(move.after.board), move.extra_turn, bool(move.passes),
                       move.endless, move.lap_limit)
                for name, value in zip(moves, row, strict=True):
                    moves[name].append(value)
            pos = move.after
        if pos.outcome is None:
            reason, winner = "ply-cap", -1
        else:
            reason = str(pos.outcome.reason)
            winner = -1 if pos.outcome.winner is None else pos.outcome.winner
        row = (game, starter, winner, pos.captures[0], pos.captures[1], ply, ply - extras,
               END_REASONS.index(reason), sum(pos.board), casas, passes, legal_sum)
        for name, value in zip(games, row, strict=True):
            games[name].append(value)
        if progress is not None:
            progress(done)
    run = RawRun(games={k: np.asarray(v, dtype=np.int64) for k, v in games.items()})
    if keep_moves:
        run.moves = {k: np.asarray(v, dtype=np.int64) for k, v in moves.items()}
    if keep_captures:
        run.captures = {k: np.asarray(v, dtype=np.int64) for k, v in captures.items()}
    return run


def _fast_games(rules: Rules, n: int, ids, starters, seed: int, max_plies: int, tables,
                progress=None) -> RawRun:
    from ..compiled.fastsim import play_random_games

    if rules.quiet_limit is not None and rules.quiet_limit > max_plies:
        rules = rules.with_options(quiet_limit=None)  # never reached before the ply cap

    return play_random_games(rules, ids, seed=seed, holes_per_row=n, starters=starters,
                             max_plies=max_plies, moves="moves" in tables,
                             captures="captures" in tables, progress=progress)


def _play_part(job: tuple) -> RawRun:
    """One worker's share of the games (a module-level function, so processes can run it)."""
    use_fast, rules, n, ids, starters, pair, seed, max_plies, tables = job
    if use_fast:
        return _fast_games(rules, n, ids, starters, seed, max_plies, tables)
    return _engine_games(rules, n, ids, starters, pair, seed, max_plies, tables)


# -- tables -----------------------------------------------------------------------------------
# Categorical columns are built from codes, and nullable ones from values and a mask: building
# them from millions of Python strings or None would take longer than playing the games.
def _categorical(codes: np.ndarray, categories: Sequence[str]) -> pd.Categorical:
    import pandas as pd

    return pd.Categorical.from_codes(np.asarray(codes, dtype=np.int8), categories=categories)


def _nullable(values: np.ndarray, missing: np.ndarray, dtype=np.int8):
    import pandas as pd

    return pd.arrays.IntegerArray(np.where(missing, 0, values).astype(dtype), missing.copy())


def _labels(codes: np.ndarray, labels: Sequence[str]):
    """A text column holding ``labels[code]`` for each of ``codes``, with the type pandas gives
    text: the few labels are made a column once and taken from, not a Python string a row."""
    import pandas as pd

    return pd.Series(np.asarray(labels, dtype=object)).array.take(np.asarray(codes, dtype=np.intp))


def _games_table(raw: RawRun, rules: Rules, n: int, names: tuple[str, str]) -> pd.DataFrame:
    import pandas as pd

    g = raw.games
    count = len(g["game"])
    starter, winner, plies = g["starter"], g["winner"], g["plies"]
    pairings = [f"{names[0]} vs {names[1]}", f"{names[1]} vs {names[0]}"]
    result = np.where(winner < 0, 2, winner)
    result[g["end_reason"] == END_REASONS.index("ply-cap")] = 3
    return pd.DataFrame(
        {
            "variant": _categorical(np.zeros(count, dtype=np.int8), [rules.name]),
            "holes_per_row": np.full(count, n, dtype=np.int64),
            "game": g["game"].astype(np.int64),
            "south": _labels(np.zeros(count, dtype=np.int8), names[:1]),
            "north": _labels(np.zeros(count, dtype=np.int8), names[1:]),
            "starter": starter.astype(np.int64),
            "first": _labels(starter, names),
            "pairing": _labels(starter, pairings),
            "winner": _nullable(winner, winner < 0),
            "result": _categorical(result, ["south", "north", "draw", "unfinished"]),
            "starter_won": winner == starter,
            "score_south": g["score_south"].astype(np.int64),
            "score_north": g["score_north"].astype(np.int64),
            "plies": plies.astype(np.int64),
            "turns": g["turns"].astype(np.int64),
            "end_reason": _categorical(g["end_reason"], END_REASONS),
            "seeds_left": g["seeds_left"].astype(np.int64),
            "casas": g["casas"].astype(np.int64),
            "passes": g["passes"].astype(np.int64),
            "branching": g["legal_sum"] / np.maximum(plies, 1),
        }
    )


def _moves_table(raw: RawRun, rules: Rules, n: int) -> pd.DataFrame:
    import pandas as pd

    # The fast path's columns have these dtypes already (no copy); the engine's are int64.
    m = raw.moves
    count = len(m["game"])
    small = {"player": np.int8, "hole": np.int8, "legal": np.int8}
    columns: dict[str, Any] = {
        "variant": _categorical(np.zeros(count, dtype=np.int8), [rules.name]),
        "holes_per_row": np.full(count, n, dtype=np.int8),
    }
    for name in ("game", "ply", "player", "hole", "legal", "laps", "drops"):
        columns[name] = m[name].astype(small.get(name, np.int32), copy=False)
    takes = {f"{side}_{g}": m[f"{side}_{g}"].astype(np.int16, copy=False)
             for g in _GROUPS for side in _SEAT}
    for side in _SEAT:
        if f"taken_{side}" in m:  # the fast path adds them up as it plays
            columns[f"taken_{side}"] = m[f"taken_{side}"]
            continue
        taken = takes[f"{side}_{_GROUPS[0]}"].copy()
        for group in _GROUPS[1:]:
            taken += takes[f"{side}_{group}"]
        columns[f"taken_{side}"] = taken
    columns.update(takes)
    columns["seeds_left"] = m["seeds_left"].astype(np.int16, copy=False)
    for name in ("extra_turn", "passed", "endless", "lap_limit"):
        flag = m[name]
        columns[name] = flag.view(bool) if flag.dtype == np.int8 else flag.astype(bool)
    return pd.DataFrame(columns, copy=False)


def _captures_table(raw: RawRun, rules: Rules, n: int) -> pd.DataFrame:
    import pandas as pd

    # The fast path's columns have these dtypes already, and its captures their row (no copy).
    c = raw.captures
    count = len(c["game"])
    hole = c["hole"]
    in_hand = hole < 0
    row = c["row"] if "row" in c else np.where(in_hand, -1, hole >= n)
    return pd.DataFrame(
        {
            "variant": _categorical(np.zeros(count), [rules.name]),
            "holes_per_row": np.full(count, n, dtype=np.int8),
            "game": c["game"].astype(np.int32, copy=False),
            "ply": c["ply"].astype(np.int32, copy=False),
            "seq": c["seq"].astype(np.int16, copy=False),
            "hole": _nullable(hole, in_hand),
            "row": _categorical(row, ["south", "north"]),
            "taker": c["taker"].astype(np.int8, copy=False),
            "kind": _categorical(c["kind"], CAPTURE_KINDS),
            "seeds": c["seeds"].astype(np.int16, copy=False),
        },
        copy=False,
    )


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Stack tables of several variants; ``variant`` stays categorical, in the given order."""
    import pandas as pd

    if len(frames) == 1:
        return frames[0]
    variants = [str(f["variant"].cat.categories[0]) for f in frames]
    parts = [_among(frame, variants, index) for index, frame in enumerate(frames)]
    return pd.concat(parts, ignore_index=True)


def _among(frame: pd.DataFrame, variants: Sequence[str], index: int) -> pd.DataFrame:
    """``frame`` (of one variant) with ``variant`` categorical over all ``variants``."""
    if len(variants) == 1:
        return frame
    frame = frame.copy(deep=False)
    frame["variant"] = _categorical(np.full(len(frame), index), variants)
    return frame


# -- the entry point ------------------------------------------------------------------------
@dataclass(frozen=True)
class _Chunk:
    """Games ``first .. stop-1`` of one variant: one task, one file per table. What it plays
    depends on its own fields only (seeds come from ``seed`` and the game numbers)."""

    use_fast: bool
    rules: Rules
    n: int
    first: int
    stop: int
    starter: int | str
    pair: tuple
    seed: int
    max_plies: int
    tables: tuple[str, ...]

    def play(self) -> RawRun:
        ids = np.arange(self.first, self.stop, dtype=np.int64)
        starters = ids % 2 if self.starter == "alternate" else np.full(ids.size, self.starter)
        job = (self.use_fast, self.rules, self.n, ids, starters.astype(np.int64), self.pair,
               self.seed, self.max_plies, self.tables)
        return _play_part(job)

    @property
    def size(self) -> int:
        return self.stop - self.first


def _chunks(rules_list, games, chunk_games, **common) -> list[_Chunk]:
    """Every variant's games cut into chunks of ``chunk_games``, in the tables' order."""
    return [
        _Chunk(rules=rules, first=first, stop=min(first + chunk_games, games), **common)
        for rules in rules_list
        for first in range(0, games, chunk_games)
    ]


def _play_chunk(chunk: _Chunk) -> RawRun:
    """Play one chunk (a module-level function, run as a Dask task)."""
    return chunk.play()


@dataclass(frozen=True)
class _ChunkFile:
    """A chunk to play and write as ``folder/TABLE/part-NNNNNN.parquet`` (a streamed run)."""

    chunk: _Chunk
    index: int
    digits: int
    folder: str
    variants: tuple[str, ...]
    names: tuple[str, str]


def _write_chunk(job: _ChunkFile) -> tuple[int, dict]:
    """Play a chunk and write its tables, each file atomically; returns the games played and
    the files' records for the manifest (rows and checksum)."""
    from pathlib import Path

    from .streaming import chunk_file, part_name, write_parquet

    chunk, folder = job.chunk, Path(job.folder)
    raw = chunk.play()
    build = {"games": lambda: _games_table(raw, chunk.rules, chunk.n, job.names),
             "moves": lambda: _moves_table(raw, chunk.rules, chunk.n),
             "captures": lambda: _captures_table(raw, chunk.rules, chunk.n)}
    where = job.variants.index(chunk.rules.name)
    records = {}
    for table in reversed(chunk.tables):  # games last: a games file means the chunk is done
        frame = _among(build[table](), job.variants, where)
        records[part_name(table, job.index, job.digits)] = write_parquet(
            frame, chunk_file(folder, table, job.index, job.digits)
        )
        del frame
    return chunk.size, records


def simulate(
    variant: str | Rules | Sequence[str | Rules],
    games: int,
    *,
    players: tuple[PlayerSpec, PlayerSpec] = ("random", "random"),
    holes_per_row: int = 6,
    seed: int = 0,
    starter: int | str = "alternate",
    max_plies: int = DEFAULT_MAX_PLIES,
    tables: Sequence[str] = TABLES,
    path: str = "auto",
    workers: int = 1,
    progress: bool | None = None,
    client: Any = None,
    out: str | os.PathLike | None = None,
    chunk_games: int | None = None,
    **options: bool,
) -> Simulation | StreamedRun:
    """Play ``games`` games of each ``variant`` and return their tables.

    Args:
        variant: a rule set name (``"hoyito-i"``, ``"hoyito-ii"``, ``"hoyito-iii"``,
            ``"ba-awa"``) or a list of them; each variant plays games numbered
            ``0 .. games-1`` with the same seed.
        games: how many games per variant.
        players: who plays South and who plays North: names from
            :func:`hoyito_edu.available_players` (``"random"``, ``"greedy"``, ``"expert"``
            ...) or player objects with ``choose(position)``. Named players other than
            random get a seed from (``seed``, game, seat), so every game repeats exactly.
        holes_per_row: board size, 6 by default (Hoyito 6..12, Ba-awa 6).
        seed: any whole number from 0. Same seed, same tables.
        starter: 0 (South starts every game), 1 (North), or ``"alternate"`` (the default:
            South starts the even-numbered games, North the odd ones).
        max_plies: stop a game after this many moves (at most 1,000,000); it is reported
            with the end reason ``"ply-cap"`` and no winner. A simulation setting, never a
            rule change.
        tables: which tables to keep: ``"games"`` always, ``"moves"`` and ``"captures"``
            if named (both by default). Leave them out for very many games: the moves table
            has one row per move.
        path: ``"auto"`` (the fast path when both players are random, else the engine),
            ``"fast"`` or ``"engine"``. Both give the same games.
        workers: processes to use, 1 to 64 (2 uses both cores of a two-core machine); the
            tables are the same for any number of workers.
        progress: show a progress bar (tqdm, notebook-aware). ``None``: only for long runs.
            With a client, the bar moves as tasks complete and the Dask dashboard's link is
            printed.
        client: a ``distributed.Client``: play the games as tasks on its Dask cluster (any
            number of workers, same tables; players by name). Needs ``hoyito_edu[dask]``.
        out: a folder: stream the tables to a Parquet dataset there (``out/games/``,
            ``out/moves/``, ``out/captures/``, one file per chunk) instead of returning them,
            holding one chunk at a time; returns a :class:`~hoyito_edu.sim.streaming.StreamedRun`.
            Running the same call again skips the chunks already written (see
            :mod:`hoyito_edu.sim.streaming`). With a client, the workers write the files: ``out``
            must then be a folder they all see (a shared file system).
        chunk_games: games per chunk (task or file) with ``client`` or ``out``; by default
            up to 100,000 random games (fewer with the moves table) or 20 engine games.
        **options: rule options (see :data:`hoyito_edu.OPTIONS`): ``skip_origin``,
            ``chain_opponent_side_only``, ``max_laps`` (games a move ends with the lap limit
            have the end reason ``"lap-limit"``) and ``quiet_limit`` (``"quiet-limit"``).

    Raises:
        ValueError: a bad argument, with what was wrong and what is allowed; or a run whose
            tables would not fit in memory (more than half the memory available, see
            :func:`estimate_memory`), with the estimate and what to do instead. Nothing is
            played before every argument has been checked.

    >>> sim = simulate(["hoyito-i", "hoyito-ii"], 50, seed=3, tables=["games"])
    >>> sim.games.groupby("variant", observed=True).size().tolist()
    [50, 50]
    >>> sim.moves is None
    True
    >>> simulate("hoyito-i", 10, players=("random", "chess"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'chess'; the players are random, greedy, ...
    """
    started = time.perf_counter()
    checked = _check(variant, games, players, holes_per_row, seed, starter, max_plies, tables,
                     path, workers, progress, options, client, out, chunk_games)
    (rules_list, games, pair, n, seed, starter, max_plies, tables, use_fast, workers, client,
     chunk_games) = checked
    names = _names(pair)
    total = games * len(rules_list)
    if progress is None:
        progress = total >= (200_000 if use_fast else 200)
    settings = {
        "variant": [r.name for r in rules_list], "games": games, "players": names,
        "holes_per_row": n, "seed": seed, "starter": starter, "max_plies": max_plies,
        "tables": tables, "options": {key: getattr(rules_list[0], key) for key in options},
    }
    if client is not None:
        from .cluster import announce

        announce(client, f"Simulating {total:,} games", show=bool(progress))
    bar = _progress_bar(total, progress, "random games" if use_fast else "games")
    common = dict(use_fast=use_fast, n=n, starter=starter, pair=pair, seed=seed,
                  max_plies=max_plies, tables=tables)
    if out is not None:
        try:
            return _stream(rules_list, games, chunk_games, common, out, names, settings, client,
                           workers, bar, started)
        finally:
            bar(None)
    if client is not None:
        from .cluster import worker_count

        size = min(chunk_games, max(1, math.ceil(games / (4 * worker_count(client)))))
        chunks = _chunks(rules_list, games, size, **common)
        from ..compiled.fastsim import merge
        from .cluster import run_tasks

        raws = run_tasks(client, _play_chunk, chunks, [c.size for c in chunks], bar,
                         name="hoyito-simulate")
        per_variant = [merge(raws[i:i + len(chunks) // len(rules_list)])
                       for i in range(0, len(chunks), len(chunks) // len(rules_list))]
        del raws
    starters = _starters(starter, games)
    frames: dict[str, list] = {name: [] for name in TABLES}
    ids = np.arange(games, dtype=np.int64)
    for index, rules in enumerate(rules_list):
        offset = index * games
        if client is not None:
            raw = per_variant[index]
        elif workers > 1:
            raw = _in_processes(use_fast, rules, n, ids, starters, pair, seed, max_plies, tables,
                                workers, lambda done, o=offset: bar(o + done))
        elif use_fast:
            raw = _fast_games(rules, n, ids, starters, seed, max_plies, tables,
                              lambda done, o=offset: bar(o + done))
        else:
            raw = _engine_games(rules, n, ids, starters, pair, seed, max_plies, tables,
                                lambda done, o=offset: bar(o + done))
        frames["games"].append(_games_table(raw, rules, n, names))
        if "moves" in tables:
            frames["moves"].append(_moves_table(raw, rules, n))
        if "captures" in tables:
            frames["captures"].append(_captures_table(raw, rules, n))
    bar(None)
    return Simulation(
        games=_concat(frames["games"]),
        moves=_concat(frames["moves"]) if "moves" in tables else None,
        captures=_concat(frames["captures"]) if "captures" in tables else None,
        settings=settings,
        path="fast" if use_fast else "engine",
        seconds=time.perf_counter() - started,
    )


def _stream(rules_list, games, chunk_games, common, out, names, settings, client, workers,
            bar, started) -> StreamedRun:
    """Play the chunks not yet on disk and write them (here, in processes or on a client)."""
    from pathlib import Path

    from .streaming import lock_folder

    # absolute before any work is sent: a worker started in another folder (a Dask worker on
    # another machine or in another cwd) writes where the caller meant, not under its own cwd
    folder = Path(out).absolute()
    with lock_folder(folder):  # for the whole run: a second writer is refused at once
        return _stream_locked(rules_list, games, chunk_games, common, folder, names, settings,
                              client, workers, bar, started)


def _stream_locked(rules_list, games, chunk_games, common, folder, names, settings, client,
                   workers, bar, started) -> StreamedRun:
    from .streaming import PARTS, StreamedRun, chunk_complete, open_folder, width, write_manifest

    chunks = _chunks(rules_list, games, chunk_games, **common)
    digits = width(len(chunks))
    tables = common["tables"]
    manifest = {**settings, "options": rules_list[0].options, "chunk_games": chunk_games,
                "chunks": len(chunks), "path": "fast" if common["use_fast"] else "engine",
                "files": f"{{table}}/part-{{chunk:0{digits}d}}.parquet",
                "hoyito_edu": _version()}
    recorded = open_folder(folder, manifest, tables)
    parts = recorded[PARTS]
    variants = tuple(r.name for r in rules_list)
    done, todo = 0, []
    for index, chunk in enumerate(chunks):
        if chunk_complete(folder, tables, index, digits, parts):
            done += chunk.size
        else:
            todo.append(_ChunkFile(chunk, index, digits, str(folder), variants, names))
    bar(done)

    def record(result: tuple[int, dict]) -> int:
        """Note a chunk's files in the manifest as soon as they are written."""
        parts.update(result[1])
        write_manifest(folder, recorded)
        return result[0]

    def update(games_done: int, skipped: int = done) -> None:
        bar(skipped + games_done)

    try:
        if client is not None:
            from .cluster import run_tasks

            run_tasks(client, _write_chunk, todo, [job.chunk.size for job in todo], update,
                      name="hoyito-stream", on_result=record)
        elif workers > 1 and len(todo) > 1:
            with _stoppable_pool(workers) as pool:
                for result in pool.map(_write_chunk, todo):
                    done += record(result)
                    bar(done)
        else:
            for job in todo:
                done += record(_write_chunk(job))
                bar(done)
    except KeyboardInterrupt:
        kept = len(chunks) - len(todo) + sum(
            chunk_complete(folder, tables, job.index, digits, parts) for job in todo
        )
        raise KeyboardInterrupt(
            f"simulate() was interrupted: {kept} of {len(chunks)} chunks are kept in {folder}; "
            "run the same call again to play the rest"
        ) from None
    return StreamedRun(
        path=folder, tables=tables, games=games * len(rules_list), chunks=len(chunks),
        written=len(todo), skipped=len(chunks) - len(todo), settings=manifest,
        seconds=time.perf_counter() - started,
    )


def _ignore_sigint() -> None:
    """In a worker process: leave Ctrl-C / Jupyter's Interrupt to the parent, which ends the
    workers itself (a worker stopped by its own KeyboardInterrupt prints a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _stoppable_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A process pool that, on an interrupt or an error, ends its worker processes at once
    instead of waiting for their tasks (which took 11-16 s after Jupyter's Interrupt)."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        yield pool
    except BaseException:
        _end_pool(pool)
        raise
    pool.shutdown()


def _end_pool(pool: ProcessPoolExecutor) -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + 1.0
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(1.0)


def _version() -> str:
    """The package's version, recorded in a dataset's manifest (one version per dataset)."""
    from ..version import __version__

    return __version__


def _progress_bar(total: int, show: bool, unit: str) -> Callable[[int | None], None]:
    """A function ``update(games_done)``; ``update(None)`` closes the bar."""
    if not show:
        return lambda done: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, unit=" games", desc=f"Simulating {unit}")

    def update(done: int | None) -> None:
        if done is None:
            bar.close()
        elif done > bar.n:
            bar.update(done - bar.n)

    return update


def _in_processes(use_fast, rules, n, ids, starters, pair, seed, max_plies, tables, workers,
                  update) -> RawRun:
    """Split the games into parts, play them in ``workers`` processes, join them in order."""
    from ..compiled.fastsim import merge

    parts = max(workers, min(8 * workers, math.ceil(ids.size / 5000)))
    bounds = np.linspace(0, ids.size, parts + 1).astype(int)
    jobs = [
        (use_fast, rules, n, ids[a:b], starters[a:b], pair, seed, max_plies, tables)
        for a, b in zip(bounds[:-1], bounds[1:], strict=True)
        if b > a
    ]
    done = 0
    results = []
    try:
        with _stoppable_pool(workers) as pool:
            for job, result in zip(jobs, pool.map(_play_part, jobs), strict=True):
                results.append(result)
                done += len(job[3])
                update(done)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(
            f"simulate() was interrupted and its {workers} worker processes ended; nothing was "
            "kept: the tables exist only once the whole run ends. To keep each chunk as soon as "
            "it is played, pass out=DIR (and run the same call again to go on)"
        ) from None
    return merge(results)
