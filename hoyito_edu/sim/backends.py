"""Where a simulation's games are played: here, in worker processes, or on a Dask cluster.

A :class:`Part` is some games of one rule set; :func:`play_part` plays it on the fast path
(:func:`fast_games`, the compiled loop of :mod:`hoyito_edu.compiled.fastsim`, random against
random) or through the engine (:func:`engine_games`, one :meth:`~hoyito_edu.Position.sow` at a
time), into the raw integer columns of a :class:`~hoyito_edu.compiled.fastsim.RawRun`. Both
give exactly the same games for the same seed. Then:

* :func:`in_processes` splits a part among worker processes (``workers=``) and joins the
  results in order;
* :func:`make_chunks` cuts a run into :class:`Chunk` s (tasks of a Dask cluster, ``client=``,
  played by :func:`play_chunk`; or files of a streamed run, ``out=``, played and written by
  :func:`write_chunk`);
* :func:`stream` plays the chunks of a streamed run not yet on disk, here, in processes or
  on a cluster.

What a part or chunk plays depends on its own fields only, so the tables are the same for any
number of workers.

>>> import numpy as np, hoyito_edu as hy
>>> part = Part(True, hy.get_rules("ba-awa"), 6, np.arange(4), np.zeros(4, dtype=np.int64),
...             ("random", "random"), 1, 1000, ("games",))
>>> fast = play_part(part)
>>> engine = play_part(Part(False, *part.fields()[1:]))
>>> bool((fast.games["plies"] == engine.games["plies"]).all())
True
"""

from __future__ import annotations

import contextlib
import math
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..compiled.codes import CAPTURE_KINDS, END_REASONS
from ..engine.position import new_game
from ..engine.rules import Rules
from ..players import player
from .checks import Checked
from .tables import GROUPS, SEATS, among, make_table

if TYPE_CHECKING:
    from ..compiled.fastsim import RawRun
    from .streaming import StreamedRun

#: A capture's reason -> its group in the moves table (any other reason: "end").
_GROUP_OF = {"mid-sow": 0, "last-seed": 1, "chain": 2}
#: The engine path's raw columns of the moves table.
_MOVE_COLUMNS = ("game", "ply", "player", "hole", "legal", "laps", "drops",
                 *(f"{side}_{group}" for group in GROUPS for side in SEATS),
                 "seeds_left", "extra_turn", "passed", "endless", "lap_limit")


@dataclass(frozen=True, eq=False)
class Part:
    """Games ``ids`` of one rule set, each started by ``starters`` (0 South, 1 North), as
    one process or task plays them."""

    use_fast: bool
    rules: Rules
    n: int
    ids: np.ndarray
    starters: np.ndarray
    pair: tuple
    seed: int
    max_plies: int
    tables: tuple[str, ...]

    def fields(self) -> tuple:
        """The fields in order (to make a part that differs in one)."""
        return (self.use_fast, self.rules, self.n, self.ids, self.starters, self.pair,
                self.seed, self.max_plies, self.tables)

    def between(self, first: int, stop: int) -> Part:
        """The games ``ids[first:stop]``."""
        return Part(self.use_fast, self.rules, self.n, self.ids[first:stop],
                    self.starters[first:stop], self.pair, self.seed, self.max_plies,
                    self.tables)


def engine_games(part: Part, progress: Callable[[int], None] | None = None) -> RawRun:
    """Play the games of ``part`` through the engine and return raw columns like the fast
    path's."""
    from ..compiled.fastsim import GAME_FIELDS, RawRun, player_seed, random_index

    games = {name: [] for name in GAME_FIELDS}
    moves = {name: [] for name in _MOVE_COLUMNS}
    captures = {name: [] for name in ("game", "ply", "seq", "hole", "taker", "kind", "seeds")}
    keep_moves, keep_captures = "moves" in part.tables, "captures" in part.tables
    seed = part.seed
    for done, (game, starter) in enumerate(zip(part.ids, part.starters, strict=True), start=1):
        game, starter = int(game), int(starter)
        seats = [
            spec if not isinstance(spec, str) or spec == "random"
            else player(spec, seed=player_seed(seed, game, side))
            for side, spec in enumerate(part.pair)
        ]
        pos = new_game(part.rules, holes_per_row=part.n, player=starter)
        ply = extras = passes = legal_sum = casas = seq = 0
        while not pos.is_over and ply < part.max_plies:
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


def fast_games(part: Part, progress: Callable[[int], None] | None = None) -> RawRun:
    """Play the games of ``part`` (random against random) on the compiled fast path."""
    from ..compiled.fastsim import play_random_games

    rules = part.rules
    if rules.quiet_limit is not None and rules.quiet_limit > part.max_plies:
        rules = rules.with_options(quiet_limit=None)  # never reached before the ply cap

    return play_random_games(rules, part.ids, seed=part.seed, holes_per_row=part.n,
                             starters=part.starters, max_plies=part.max_plies,
                             tables=part.tables,
                             progress=progress)


def play_part(part: Part, progress: Callable[[int], None] | None = None) -> RawRun:
    """Play ``part`` on its path (a module-level function, so processes can run it)."""
    if part.use_fast:
        return fast_games(part, progress)
    return engine_games(part, progress)


def whole_part(checked: Checked, rules: Rules) -> Part:
    """All the games of one rule set of a checked run, as one part."""
    ids = np.arange(checked.games, dtype=np.int64)
    if checked.starter == "alternate":
        starters = np.arange(checked.games, dtype=np.int64) % 2
    else:
        starters = np.full(checked.games, checked.starter, dtype=np.int64)
    return Part(checked.use_fast, rules, checked.n, ids, starters, checked.pair, checked.seed,
                checked.max_plies, checked.tables)


# -- worker processes -------------------------------------------------------------------------
def _ignore_sigint() -> None:
    """In a worker process: leave Ctrl-C / Jupyter's Interrupt to the parent, which ends the
    workers itself (a worker stopped by its own KeyboardInterrupt prints a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def stoppable_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
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


def in_processes(part: Part, workers: int, update: Callable[[int], None]) -> RawRun:
    """Split ``part`` into parts, play them in ``workers`` processes, join them in order."""
    from ..compiled.fastsim import merge

    size = part.ids.size
    parts = max(workers, min(8 * workers, math.ceil(size / 5000)))
    bounds = np.linspace(0, size, parts + 1).astype(int)
    jobs = [part.between(a, b) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if b > a]
    done = 0
    results = []
    try:
        with stoppable_pool(workers) as pool:
            for job, result in zip(jobs, pool.map(play_part, jobs), strict=True):
                results.append(result)
                done += job.ids.size
                update(done)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(
            f"simulate() was interrupted and its {workers} worker processes ended; nothing was "
            "kept: the tables exist only once the whole run ends. To keep each chunk as soon as "
            "it is played, pass out=DIR (and run the same call again to go on)"
        ) from None
    return merge(results)


def progress_bar(total: int, show: bool, unit: str) -> Callable[[int | None], None]:
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


# -- chunks: tasks of a cluster, files of a streamed run ---------------------------------------
@dataclass(frozen=True)
class Chunk:
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
        return play_part(Part(self.use_fast, self.rules, self.n, ids, starters.astype(np.int64),
                              self.pair, self.seed, self.max_plies, self.tables))

    @property
    def size(self) -> int:
        return self.stop - self.first


def make_chunks(checked: Checked, chunk_games: int) -> list[Chunk]:
    """Every variant's games cut into chunks of ``chunk_games``, in the tables' order."""
    c = checked
    return [
        Chunk(c.use_fast, rules, c.n, first, min(first + chunk_games, c.games), c.starter,
              c.pair, c.seed, c.max_plies, c.tables)
        for rules in c.rules_list
        for first in range(0, c.games, chunk_games)
    ]


def play_chunk(chunk: Chunk) -> RawRun:
    """Play one chunk (a module-level function, run as a Dask task)."""
    return chunk.play()


def on_client(checked: Checked, bar: Callable[[int], None]) -> list[RawRun]:
    """Play a run as tasks on ``checked.client``'s Dask cluster; one raw run per variant."""
    from ..compiled.fastsim import merge
    from .cluster import run_tasks, worker_count

    client = checked.client
    size = min(checked.chunk_games,
               max(1, math.ceil(checked.games / (4 * worker_count(client)))))
    chunks = make_chunks(checked, size)
    raws = run_tasks(client, play_chunk, chunks, [c.size for c in chunks], bar,
                     name="hoyito-simulate")
    step = len(chunks) // len(checked.rules_list)
    return [merge(raws[i:i + step]) for i in range(0, len(chunks), step)]


@dataclass(frozen=True)
class ChunkFile:
    """A chunk to play and write as ``folder/TABLE/part-NNNNNN.parquet`` (a streamed run)."""

    chunk: Chunk
    index: int
    digits: int
    folder: str
    variants: tuple[str, ...]
    names: tuple[str, str]


def write_chunk(job: ChunkFile) -> tuple[int, dict]:
    """Play a chunk and write its tables, each file atomically; returns the games played and
    the files' records for the manifest (rows and checksum)."""
    from .streaming import chunk_file, part_name, write_parquet

    chunk, folder = job.chunk, Path(job.folder)
    raw = chunk.play()
    where = job.variants.index(chunk.rules.name)
    records = {}
    for table in reversed(chunk.tables):  # games last: a games file means the chunk is done
        frame = among(make_table(table, raw, chunk.rules, chunk.n, job.names), job.variants,
                      where)
        records[part_name(table, job.index, job.digits)] = write_parquet(
            frame, chunk_file(folder, table, job.index, job.digits)
        )
        del frame
    return chunk.size, records


@dataclass(frozen=True)
class Stream:
    """A streamed run: where it goes and what it records besides the checked arguments."""

    checked: Checked
    folder: Path
    names: tuple[str, str]
    settings: dict[str, Any]
    started: float


def stream(run: Stream, bar: Callable[[int], None]) -> StreamedRun:
    """Play the chunks not yet on disk and write them (here, in processes or on a client)."""
    from .streaming import lock_folder

    with lock_folder(run.folder):  # for the whole run: a second writer is refused at once
        return _stream_locked(run, bar)


def _version() -> str:
    """The package's version, recorded in a dataset's manifest (one version per dataset)."""
    from ..version import __version__

    return __version__


def _stream_locked(run: Stream, bar: Callable[[int], None]) -> StreamedRun:
    from .streaming import PARTS, StreamedRun, chunk_complete, open_folder, width, write_manifest

    checked, folder = run.checked, run.folder
    rules_list, tables = checked.rules_list, checked.tables
    chunks = make_chunks(checked, checked.chunk_games)
    digits = width(len(chunks))
    manifest = {**run.settings, "options": rules_list[0].options,
                "chunk_games": checked.chunk_games, "chunks": len(chunks),
                "path": "fast" if checked.use_fast else "engine",
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
            todo.append(ChunkFile(chunk, index, digits, str(folder), variants, run.names))
    bar(done)

    def record(result: tuple[int, dict]) -> int:
        """Note a chunk's files in the manifest as soon as they are written."""
        parts.update(result[1])
        write_manifest(folder, recorded)
        return result[0]

    def update(games_done: int, skipped: int = done) -> None:
        bar(skipped + games_done)

    try:
        if checked.client is not None:
            from .cluster import run_tasks

            run_tasks(checked.client, write_chunk, todo, [job.chunk.size for job in todo],
                      update, name="hoyito-stream", on_result=record)
        elif checked.workers > 1 and len(todo) > 1:
            with stoppable_pool(checked.workers) as pool:
                for result in pool.map(write_chunk, todo):
                    done += record(result)
                    bar(done)
        else:
            for job in todo:
                done += record(write_chunk(job))
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
        path=folder, tables=tables, games=checked.games * len(rules_list), chunks=len(chunks),
        written=len(todo), skipped=len(chunks) - len(todo), settings=manifest,
        seconds=time.perf_counter() - run.started,
    )
