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

This module is the entry point. The arguments and the memory a run needs are checked in
:mod:`hoyito_edu.sim.checks`; the games are played (here, in processes, on a Dask cluster,
streamed to Parquet) in :mod:`hoyito_edu.sim.backends`; the tables are made in
:mod:`hoyito_edu.sim.tables`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..compiled.codes import CAPTURE_KINDS, DEFAULT_MAX_PLIES, END_REASONS  # the ply cap: see codes
from ..engine.rules import Rules
from . import backends
from .checks import (  # noqa: F401 - the limits and memory checks: still named here too
    CHUNK_BYTES,
    ENGINE_CHUNK_GAMES,
    MAX_CHUNK_GAMES,
    MAX_PLIES_LIMIT,
    MAX_WORKERS,
    Checked,
    PlayerSpec,
    Request,
    check,
    check_memory,
    default_chunk_games,
    estimate_memory,
    memory_budget,
    player_labels,
)
from .tables import TABLES, make_table, stack

if TYPE_CHECKING:  # pandas is imported when games are simulated, not with the package
    import pandas as pd

    from ..compiled.fastsim import RawRun
    from .streaming import StreamedRun

__all__ = ["simulate", "Simulation", "END_REASONS", "CAPTURE_KINDS", "TABLES",
           "DEFAULT_MAX_PLIES"]


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
    checked = check(Request(variant, games, players, holes_per_row, seed, starter, max_plies,
                            tables, path, workers, progress, options, client, out, chunk_games))
    names = player_labels(checked.pair)
    total = checked.games * len(checked.rules_list)
    if progress is None:
        progress = total >= (200_000 if checked.use_fast else 200)
    settings = {
        "variant": [r.name for r in checked.rules_list], "games": checked.games,
        "players": names, "holes_per_row": checked.n, "seed": checked.seed,
        "starter": checked.starter, "max_plies": checked.max_plies, "tables": checked.tables,
        "options": {key: getattr(checked.rules_list[0], key) for key in options},
    }
    if checked.client is not None:
        from .cluster import announce

        announce(checked.client, f"Simulating {total:,} games", show=bool(progress))
    bar = backends.progress_bar(total, progress, "random games" if checked.use_fast else "games")
    if out is not None:
        try:
            # absolute before any work is sent: a worker started in another folder writes
            # where the caller meant, not under its own working folder
            run = backends.Stream(checked, Path(out).absolute(), names, settings, started)
            return backends.stream(run, bar)
        finally:
            bar(None)
    frames: dict[str, list] = {name: [] for name in TABLES}
    for rules, raw in zip(checked.rules_list, _play(checked, bar), strict=True):
        for table in checked.tables:  # one variant's tables made before the next is played
            frames[table].append(make_table(table, raw, rules, checked.n, names))
    bar(None)
    return Simulation(
        games=stack(frames["games"]),
        moves=stack(frames["moves"]) if "moves" in checked.tables else None,
        captures=stack(frames["captures"]) if "captures" in checked.tables else None,
        settings=settings,
        path="fast" if checked.use_fast else "engine",
        seconds=time.perf_counter() - started,
    )


def _play(checked: Checked, bar: Callable[[int], None]) -> Iterator[RawRun]:
    """Each variant's raw run in turn: on the client, in worker processes or here."""
    if checked.client is not None:
        yield from backends.on_client(checked, bar)
        return
    for index, rules in enumerate(checked.rules_list):
        part = backends.whole_part(checked, rules)
        offset = index * checked.games

        def update(done: int, offset: int = offset) -> None:
            bar(offset + done)

        if checked.workers > 1:
            yield backends.in_processes(part, checked.workers, update)
        elif checked.use_fast:
            yield backends.fast_games(part, update)
        else:
            yield backends.engine_games(part, update)
