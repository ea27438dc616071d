"""Ludii-style measures of a game from many simulated games, as a pandas table.

Ludii describes games by metrics computed over batches of playouts (Piette, Stephenson,
Soemers and Browne, "General Board Game Concepts", 2021): balance, completion, drawishness,
the first player's advantage, duration, branching factor and more. :func:`game_metrics`
computes the same kinds of measures from the ``games`` table of :func:`hoyito_edu.sim.simulate`,
for each variant, board size and pairing of players.

Players are compared by their place in the turn order: *first* is the player who started the
game (the starter), *second* the other one. With ``starter="alternate"`` (simulate's default)
each player of a pairing starts half the games, and the pairing "greedy vs random" (greedy
started) is reported apart from "random vs greedy".

>>> import hoyito_edu as hy
>>> from hoyito_edu.sim.metrics import game_metrics
>>> table = game_metrics(hy.simulate("ba-awa", 400, seed=1, tables=["games"]).games)
>>> table[["games", "completion", "endless_share"]].round(2).values.tolist()
[[400.0, 0.76, 0.0]]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["game_metrics", "starter_advantage", "wilson_interval", "METRIC_COLUMNS"]

#: The columns of :func:`game_metrics`, after the grouping columns.
METRIC_COLUMNS = (
    "games",
    "balance",
    "completion",
    "drawishness",
    "unfinished",
    "first_wins",
    "second_wins",
    "starter_win_share",
    "starter_ci_low",
    "starter_ci_high",
    "duration_turns",
    "duration_plies",
    "branching_factor",
    "captures_per_game",
    "endless_share",
    "repetition_share",
)
_REQUIRED = ("starter", "winner", "end_reason", "plies", "turns", "casas", "branching")


def wilson_interval(successes, trials, z: float = 1.96) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a share (95 % with the default ``z``); NaN where no trials.

    >>> low, high = wilson_interval(50, 100)
    >>> round(float(low), 3), round(float(high), 3)
    (0.404, 0.596)
    """
    if isinstance(z, bool) or not isinstance(z, (int, float, np.number)) or not 0 < z < math.inf:
        raise ValueError(f"z must be a positive number (1.96 for 95 %), not {z!r}")
    try:
        k = np.asarray(successes, dtype=float)
        n = np.asarray(trials, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(
            f"successes and trials must be counts (numbers or arrays of numbers), not "
            f"{successes!r} and {trials!r}"
        ) from None
    if np.any(k < 0) or np.any(k > n):
        raise ValueError("successes must be between 0 and trials")
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # the bounds are 0 and 1 exactly at 0 and n successes; keep rounding from crossing them
    return np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)


def _check(games: pd.DataFrame, by: Sequence[str]) -> list[str]:
    import pandas as pd

    if not isinstance(games, pd.DataFrame):
        raise ValueError(
            f"games must be the games table of hoyito_edu.sim.simulate() (sim.games), a pandas "
            f"DataFrame, not {type(games).__name__}"
        )
    if isinstance(by, str):
        by = [by]
    elif isinstance(by, Iterable) and not isinstance(by, (bytes, Mapping)):
        by = list(by)
    else:
        raise ValueError(f"by must be a column name or a list of column names, not {by!r}")
    if not by or not all(isinstance(column, str) for column in by) or len(set(by)) < len(by):
        raise ValueError(
            f"by must name one or more different columns of the games table (such as "
            f"'variant', 'holes_per_row', 'pairing'), not {by!r}"
        )
    missing = [c for c in (*_REQUIRED, *by) if c not in games.columns]
    if missing:
        raise ValueError(
            f"games table is missing column(s) {', '.join(missing)}; pass the games table of "
            "hoyito_edu.sim.simulate() (sim.games)"
        )
    if len(games) == 0:
        raise ValueError("games table is empty: simulate some games first")
    return by


def game_metrics(
    games: pd.DataFrame, by: Sequence[str] = ("variant", "holes_per_row", "pairing")
) -> pd.DataFrame:
    """One row of metrics per group of ``games`` (the games table of a simulation).

    Columns (shares are between 0 and 1):

    - ``games``: how many games.
    - ``balance``: 1 minus the gap between the first and the second player's win rates
      (Ludii's Balance for two players): 1 when both win equally often.
    - ``completion``: share of games that ended with a winner.
    - ``drawishness``: share of games that ended in a draw (equal scores).
    - ``unfinished``: share of games stopped by the ply cap (the simulation's, not a rule),
      or, in a class's games (:func:`hoyito_edu.class_games`), left before their end
      (``result`` "unfinished"): such a game is neither a win nor a draw.
    - ``first_wins``, ``second_wins``: share of all games won by the starter, by the other
      player (Ludii's AdvantageP1 is ``first_wins``).
    - ``starter_win_share``: share of the decided games the starter won, with its 95 % Wilson
      interval ``starter_ci_low`` .. ``starter_ci_high`` (comparable with published
      "starter's share of wins").
    - ``duration_turns``: mean turns per finished game (a move that gives an extra turn
      belongs to the same turn as the next one); ``duration_plies``: mean moves.
    - ``branching_factor``: mean number of legal moves at a decision, over all moves.
    - ``captures_per_game``: mean casas captured per game (mid-sow, last-seed, chain).
    - ``endless_share``, ``repetition_share``: share of games ended by an endless move
      (R2.8) or by repetition (R4.3).

    Games ended by the lap limit (R2.8) or the quiet limit (R4.5) are finished games, counted
    like any other; their shares are ``games["end_reason"].value_counts(normalize=True)``.
    """
    import pandas as pd

    by = _check(games, by)
    g = games
    reason = g["end_reason"].astype(str)
    winner = g["winner"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    decided = ~np.isnan(winner)
    finished = (reason != "ply-cap").to_numpy()
    if "result" in g.columns:  # a class's games: a game left before its end is no draw
        finished = finished & (g["result"].astype(str) != "unfinished").to_numpy()
    frame = pd.DataFrame(
        {
            **{key: g[key].array for key in by},
            "first": decided & (winner == g["starter"].to_numpy()),
            "second": decided & (winner != g["starter"].to_numpy()),
            "decided": decided,
            "draw": ~decided & finished,
            "unfinished": ~finished,
            "turns": np.where(finished, g["turns"], np.nan),
            "plies": np.where(finished, g["plies"], np.nan),
            "all_plies": g["plies"].to_numpy(),
            "legal": g["branching"].to_numpy() * g["plies"].to_numpy(),
            "casas": g["casas"].to_numpy(),
            "endless": (reason == "endless").to_numpy(),
            "repetition": (reason == "repetition").to_numpy(),
        }
    )
    grouped = frame.groupby(by, sort=True, observed=True)
    sums, means = grouped.sum(numeric_only=True), grouped.mean(numeric_only=True)
    count = grouped.size()
    low, high = wilson_interval(sums["first"], sums["decided"])
    with np.errstate(invalid="ignore", divide="ignore"):
        table = pd.DataFrame(
            {
                "games": count,
                "balance": 1 - (means["first"] - means["second"]).abs(),
                "completion": means["decided"],
                "drawishness": means["draw"],
                "unfinished": means["unfinished"],
                "first_wins": means["first"],
                "second_wins": means["second"],
                "starter_win_share": sums["first"] / sums["decided"],
                "starter_ci_low": low,
                "starter_ci_high": high,
                "duration_turns": means["turns"],
                "duration_plies": means["plies"],
                "branching_factor": sums["legal"] / sums["all_plies"],
                "captures_per_game": means["casas"],
                "endless_share": means["endless"],
                "repetition_share": means["repetition"],
            }
        )
    return table.reset_index()


def starter_advantage(
    games: pd.DataFrame, by: Sequence[str] = ("variant", "holes_per_row", "pairing")
) -> pd.DataFrame:
    """The starter's share of decided games with its 95 % interval, per group: columns
    ``wins``, ``decided``, ``share``, ``ci_low``, ``ci_high`` after the grouping columns.

    >>> import hoyito_edu as hy
    >>> sim = hy.simulate("hoyito-i", 200, seed=2, tables=["games"])
    >>> row = starter_advantage(sim.games).iloc[0]
    >>> bool(row.ci_low < row.share < row.ci_high)
    True
    """
    table = game_metrics(games, by)
    decided = np.rint(table["games"] * table["completion"]).astype(int)
    out = table[list(_check(games, by))].copy()
    out["wins"] = np.rint(table["first_wins"] * table["games"]).astype(int)
    out["decided"] = decided
    out["share"] = table["starter_win_share"]
    out["ci_low"] = table["starter_ci_low"]
    out["ci_high"] = table["starter_ci_high"]
    return out
