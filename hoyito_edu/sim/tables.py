"""The tables of a simulation, made from the raw columns the games were played into.

A backend (:mod:`hoyito_edu.sim.backends`) plays games into a
:class:`~hoyito_edu.compiled.fastsim.RawRun` of integer columns; this module makes the pandas
tables the user reads from it (:func:`games_table`, :func:`moves_table`,
:func:`captures_table`) and stacks the tables of several variants (:func:`stack`). The same
frames are written to Parquet by a streamed run, so a table has the same columns and types
in memory and on disk. Categorical columns are built from codes, and nullable ones from values
and a mask: building them from millions of Python strings or None would take longer than
playing the games.

>>> import hoyito_edu as hy
>>> from hoyito_edu.compiled.fastsim import play_random_games
>>> import numpy as np
>>> rules = hy.get_rules("hoyito-i")
>>> raw = play_random_games(rules, np.arange(3), seed=1, holes_per_row=6,
...                         starters=np.zeros(3, dtype=np.int64))
>>> games_table(raw, rules, 6, ("random", "random"))["pairing"].tolist()
['random vs random', 'random vs random', 'random vs random']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..compiled.codes import CAPTURE_KINDS, END_REASONS
from ..engine.rules import Rules

if TYPE_CHECKING:  # pandas is imported when a table is made, not with the package
    import pandas as pd

    from ..compiled.fastsim import RawRun

#: The tables a simulation can keep.
TABLES = ("games", "moves", "captures")
#: The groups of captures counted by taker in the moves table (``south_mid_sow`` ...).
GROUPS = ("mid_sow", "last_seed", "chain", "end")
#: The seats, as the columns name them.
SEATS = ("south", "north")


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


def games_table(raw: RawRun, rules: Rules, n: int, names: tuple[str, str]) -> pd.DataFrame:
    """One row per game (see :class:`~hoyito_edu.sim.simulate.Simulation` for the columns);
    ``names``: the South and North players' labels."""
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


def moves_table(raw: RawRun, rules: Rules, n: int) -> pd.DataFrame:
    """One row per move (see :class:`~hoyito_edu.sim.simulate.Simulation` for the columns)."""
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
             for g in GROUPS for side in SEATS}
    for side in SEATS:
        if f"taken_{side}" in m:  # the fast path adds them up as it plays
            columns[f"taken_{side}"] = m[f"taken_{side}"]
            continue
        taken = takes[f"{side}_{GROUPS[0]}"].copy()
        for group in GROUPS[1:]:
            taken += takes[f"{side}_{group}"]
        columns[f"taken_{side}"] = taken
    columns.update(takes)
    columns["seeds_left"] = m["seeds_left"].astype(np.int16, copy=False)
    for name in ("extra_turn", "passed", "endless", "lap_limit"):
        flag = m[name]
        columns[name] = flag.view(bool) if flag.dtype == np.int8 else flag.astype(bool)
    return pd.DataFrame(columns, copy=False)


def captures_table(raw: RawRun, rules: Rules, n: int) -> pd.DataFrame:
    """One row per capture, in order (see :class:`~hoyito_edu.sim.simulate.Simulation`)."""
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


def make_table(table: str, raw: RawRun, rules: Rules, n: int,
               names: tuple[str, str]) -> pd.DataFrame:
    """The table named ``table`` (one of :data:`TABLES`) of one variant's ``raw`` run."""
    if table == "games":
        return games_table(raw, rules, n, names)
    if table == "moves":
        return moves_table(raw, rules, n)
    return captures_table(raw, rules, n)


def stack(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Stack tables of several variants; ``variant`` stays categorical, in the given order."""
    import pandas as pd

    if len(frames) == 1:
        return frames[0]
    variants = [str(f["variant"].cat.categories[0]) for f in frames]
    parts = [among(frame, variants, index) for index, frame in enumerate(frames)]
    return pd.concat(parts, ignore_index=True)


def among(frame: pd.DataFrame, variants: Sequence[str], index: int) -> pd.DataFrame:
    """``frame`` (of one variant, ``variants[index]``) with ``variant`` categorical over all
    ``variants``, so that tables of several variants stack (and files of one dataset agree)."""
    if len(variants) == 1:
        return frame
    frame = frame.copy(deep=False)
    frame["variant"] = _categorical(np.full(len(frame), index), variants)
    return frame
