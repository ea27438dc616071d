"""Sweeps: every combination of rule sets, board sizes, rule options and pairings, in one table.

:func:`sweep` plays ``games`` games in each cell of the grid ``variants x holes_per_row x
options x players`` and returns one row of metrics per cell (the measures of
:func:`hoyito_edu.sim.metrics.game_metrics`). Each cell gets its own seed, made from the sweep's
``seed`` and the cell's own settings only: adding or removing a cell never changes the games
of the others, and a cell's games are exactly ``simulate(...)`` of that cell with its seed.

>>> import hoyito_edu as hy
>>> table = hy.sweep(variants=["hoyito-i", "ba-awa"], options={"skip_origin": [False, True]},
...                  games=40, seed=1)
>>> table[["variant", "skip_origin", "games"]].values.tolist()
[['hoyito-i', False, 40], ['hoyito-i', True, 40], ['ba-awa', False, 40], ['ba-awa', True, 40]]
>>> table.equals(hy.sweep(variants=["hoyito-i", "ba-awa"],
...                       options={"skip_origin": [False, True]}, games=40, seed=1))
True
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.checks import as_whole, shown, whole_number
from ..engine.rules import OPTIONS, VARIANTS, Rules, get_rules

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["sweep", "cell_seed", "MAX_CELLS"]

#: The most cells a sweep may have (a grid this big is a typing mistake, or many sweeps).
MAX_CELLS = 10_000


@dataclass(frozen=True)
class Cell:
    """One cell of the grid: what is played, and its seed."""

    variant: str
    holes_per_row: int
    options: tuple[tuple[str, Any], ...]
    players: tuple[str, str]
    seed: int

    @property
    def key(self) -> str:
        """The cell's settings as text (its seed is made from this and the sweep's seed)."""
        parts = [f"variant={self.variant}", f"holes_per_row={self.holes_per_row}"]
        parts += [f"{name}={value!r}" for name, value in self.options]
        parts += [f"south={self.players[0]}", f"north={self.players[1]}"]
        return ";".join(parts)


def cell_seed(seed: int, key: str) -> int:
    """A cell's seed (0 .. 2**63-1) from the sweep's seed and the cell's settings as text.

    >>> key = "variant=ba-awa;holes_per_row=6;south=random;north=random"
    >>> cell_seed(1, key) == cell_seed(1, key) != cell_seed(2, key)
    True
    """
    digest = hashlib.sha256(f"hoyito-sweep/{seed}/{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _listed(value: object, what: str) -> list:
    """``value`` as a non-empty list (one value becomes a list of one)."""
    if isinstance(value, (str, bytes, Rules)) or not isinstance(value, Iterable):
        return [value]
    if isinstance(value, Mapping):
        raise ValueError(f"{what} must be one value or a list of values, not a dict {shown(value)}")
    items = list(value)
    if not items:
        raise ValueError(f"{what}: give at least one value")
    return items


def _variants(variants: object) -> list[str]:
    names = []
    for variant in _listed(variants, "variants"):
        if isinstance(variant, Rules):
            raise ValueError(
                "sweep variants are names (the cells' options come from options=), not Rules"
            )
        if not isinstance(variant, str) or variant.strip().lower() not in VARIANTS:
            raise ValueError(
                f"unknown variant {shown(variant)}; "
                f"the variants are {', '.join(VARIANTS)}"
            )
        names.append(variant.strip().lower())
    return _once(names, "variants")


def _sizes(holes_per_row: object) -> list[int]:
    sizes = []
    for size in _listed(holes_per_row, "holes_per_row"):
        number = as_whole(size)
        if number is None or not 6 <= number <= 12:
            raise ValueError(f"holes_per_row must be whole numbers from 6 to 12, not {shown(size)}")
        sizes.append(number)
    return _once(sizes, "holes_per_row")


def _options(options: object) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of the option values, as sorted (name, value) pairs."""
    if options is None:
        return [()]
    if not isinstance(options, Mapping):
        raise ValueError(
            f"options must be a dict option -> value or list of values (e.g. "
            f"{{'skip_origin': [False, True]}}), not {shown(options)}"
        )
    unknown = sorted(str(k) for k in options if k not in OPTIONS)
    if unknown:
        raise ValueError(
            f"unknown option(s) {', '.join(unknown)}; the options are "
            f"{', '.join(OPTIONS)}"
        )
    names = sorted(options)
    axes = [_once(_listed(options[name], name), name) for name in names]
    combos = [tuple(zip(names, values, strict=True)) for values in itertools.product(*axes)]
    for combo in combos:
        get_rules("hoyito-i", **dict(combo))  # each value checked by the rules
    return combos


def _pairs(players: object) -> list[tuple[str, str]]:
    """The pairings: one (South, North) pair or a list of them, players by name."""
    from .checks import player_names

    if (isinstance(players, Sequence) and len(players) == 2
            and all(isinstance(p, str) for p in players)):
        players = [players]
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise ValueError(
            f"players must be a (South, North) pair of names or a list of pairs, not {players!r}"
        )
    pairs = []
    for pair in players:
        checked = player_names(pair)
        if not all(isinstance(p, str) for p in checked):
            raise ValueError("sweep players are names (a cell's players are made per game)")
        pairs.append(tuple(checked))
    if not pairs:
        raise ValueError("players: give at least one (South, North) pair")
    return _once(pairs, "players")


def _once(items: list, what: str) -> list:
    twice = [item for index, item in enumerate(items) if item in items[:index]]
    if twice:
        raise ValueError(f"{what}: {shown(twice[0])} is given more than once; give each value once")
    return items


def grid(variants, holes_per_row, options, players, seed) -> tuple[list[Cell], list[str]]:
    """The cells of a sweep in order (variants, then sizes, options, pairings), and the
    combinations left out because they cannot be played (Ba-awa is 2x6 only)."""
    cells, left_out = [], []
    for variant, size, combo, pair in itertools.product(
        _variants(variants), _sizes(holes_per_row), _options(options), _pairs(players)
    ):
        rules = get_rules(variant)
        if not rules.min_holes_per_row <= size <= rules.max_holes_per_row:
            left_out.append(f"{variant} on 2x{size}")
            continue
        cell = Cell(variant, size, combo, pair, 0)
        cells.append(Cell(variant, size, combo, pair, cell_seed(seed, cell.key)))
    return cells, sorted(set(left_out), key=left_out.index)


def sweep(
    variants: str | Sequence[str] = tuple(VARIANTS),
    holes_per_row: int | Sequence[int] = 6,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str] | Sequence[Sequence[str]] = ("random", "random"),
    games: int = 1000,
    seed: int = 0,
    *,
    max_plies: int | None = None,
    client: Any = None,
    per_game: bool = False,
    progress: bool | None = None,
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play every cell of the grid and return one row of metrics per cell.

    Args:
        variants: a variant name or a list of them (all four by default).
        holes_per_row: a board size or a list of them (6 to 12). Ba-awa is played on 2x6
            only: its cells on other sizes are left out (listed in ``table.attrs["left_out"]``).
        options: rule options to sweep, a dict option -> value or list of values
            (``{"skip_origin": [False, True], "max_laps": [None, 100]}``): every combination
            is a cell. Options not named keep the rule set's value.
        players: a (South, North) pair of player names, or a list of pairs.
        games: games per cell (starters alternate, as in :func:`hoyito_edu.sim.simulate`).
        seed: the sweep's seed; each cell's seed (column ``seed``) is made from it and the
            cell's settings (:func:`cell_seed`), so adding a cell changes no other.
        max_plies: the ply cap of every game (simulate's default if None).
        client: a ``distributed.Client``: all cells' games are played as tasks on its Dask
            cluster at once; the tables are the same as without it.
        per_game: also return the games table of every cell (with the cell's columns).
        progress: a progress bar over all games (``None``: for long sweeps only).

    Returns:
        The metrics table: ``cell`` (its number), ``variant``, ``holes_per_row``, one column
        per option swept, ``south``, ``north``, ``seed``, then the columns of
        :data:`hoyito_edu.sim.metrics.METRIC_COLUMNS`. With ``per_game=True``, the pair
        (metrics, games).

    Every argument is checked, and every cell's settings, before any game is played.
    """
    import pandas as pd

    from .backends import progress_bar
    from .checks import Request, check
    from .simulate import DEFAULT_MAX_PLIES

    games = whole_number(games, "games", 1)
    seed = whole_number(seed, "seed", 0)
    max_plies = DEFAULT_MAX_PLIES if max_plies is None else max_plies
    if not isinstance(per_game, bool):
        raise ValueError(f"per_game must be True or False, not {shown(per_game)}")
    cells, left_out = grid(variants, holes_per_row, options, players, seed)
    if not cells:
        raise ValueError(f"no cell of this grid can be played ({', '.join(left_out)})")
    if len(cells) > MAX_CELLS:
        raise ValueError(f"the grid has {len(cells):,} cells, more than {MAX_CELLS:,}: "
                         "split it into several sweeps")
    checked = [
        check(Request(c.variant, games, c.players, c.holes_per_row, c.seed, "alternate",
                      max_plies, ("games",), "auto", 1, progress, dict(c.options), client))
        for c in cells
    ]
    total = games * len(cells)
    if progress is None:
        progress = total >= 20_000
    if client is not None:
        from .cluster import announce

        announce(client, f"Sweeping {len(cells)} cells of {games:,} games", show=bool(progress))
    bar = progress_bar(total, progress, "games")
    try:
        tables = _play(cells, checked, games, client, bar)
    finally:
        bar(None)
    return _result(cells, tables, left_out, options, per_game, pd)


def _play(cells, checked, games, client, bar) -> list:
    """Each cell's games table, in the order of ``cells``."""
    from .simulate import simulate

    if client is None:
        tables = []
        for index, cell in enumerate(cells):
            sim = simulate(cell.variant, games, players=cell.players,
                           holes_per_row=cell.holes_per_row, seed=cell.seed,
                           max_plies=checked[index].max_plies, tables=["games"],
                           progress=False,
                           **dict(cell.options))
            tables.append(sim.games)
            bar((index + 1) * games)
        return tables
    from ..compiled.fastsim import merge
    from .backends import make_chunks, play_chunk
    from .checks import player_labels
    from .cluster import run_tasks, worker_count
    from .tables import games_table

    jobs, owner = [], []
    for index, cell in enumerate(checked):
        size = min(cell.chunk_games, max(1, -(-games * len(cells) // (4 * worker_count(client)))))
        chunks = make_chunks(cell, size)
        jobs += chunks
        owner += [index] * len(chunks)
    raws = run_tasks(client, play_chunk, jobs, [c.size for c in jobs], bar, name="hoyito-sweep")
    out = []
    for index, cell in enumerate(checked):
        mine = [raw for raw, o in zip(raws, owner, strict=True) if o == index]
        out.append(games_table(merge(mine), cell.rules_list[0], cell.n, player_labels(cell.pair)))
    return out


def _result(cells, tables, left_out, options, per_game, pd):
    from .metrics import game_metrics

    swept = sorted(options or {})
    rows, frames = [], []
    for index, (cell, table) in enumerate(zip(cells, tables, strict=True)):
        labels = {"cell": index, "variant": cell.variant, "holes_per_row": cell.holes_per_row,
                  **{name: value for name, value in cell.options},
                  "south": cell.players[0], "north": cell.players[1],
                  "seed": cell.seed}
        metrics = game_metrics(table, by=["variant"]).drop(columns=["variant"])
        rows.append({**labels, **metrics.iloc[0].to_dict()})
        if per_game:
            frame = table.copy(deep=False)
            frame.insert(0, "cell", index)
            for position, name in enumerate(swept, start=3):
                frame.insert(position, name, dict(cell.options)[name])
            frames.append(frame)
    metrics_table = pd.DataFrame(rows)
    metrics_table["games"] = metrics_table["games"].astype("int64")
    variants = list(dict.fromkeys(cell.variant for cell in cells))
    _typed(metrics_table, variants, swept, pd)
    metrics_table.attrs["left_out"] = left_out
    if not per_game:
        return metrics_table
    games_table = pd.concat(frames, ignore_index=True)
    _typed(games_table, variants, swept, pd)
    return metrics_table, games_table


def _typed(table, variants: list[str], swept: list[str], pd) -> None:
    """``variant`` categorical in the sweep's order; switches as bool, limits as nullable
    integers (<NA>: no limit)."""
    table["variant"] = pd.Categorical(table["variant"].astype(str), categories=variants)
    for name in swept:
        kind = "bool" if isinstance(OPTIONS[name], bool) else "Int64"
        table[name] = pd.array(list(table[name]), dtype=kind)
