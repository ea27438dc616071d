"""Round-robin tournaments between computer opponents, with results as pandas tables.

Every pair of players meets in every variant, taking turns in the South and North seats. Each
game gets its own seeds, derived from the tournament's ``seed``, so a tournament repeats
exactly. Games are played through the engine (``Position.play``); the rules are never changed.
A game still going after ``max_plies`` moves is stopped and reported as *unfinished*: it counts
as neither a win nor a draw.

>>> import hoyito_edu as hy
>>> table = hy.tournament(["greedy", "random"], variants=["ba-awa"], games_per_pairing=4, seed=1)
>>> list(table.columns)[:5]
['games', 'wins', 'draws', 'losses', 'unfinished']
>>> int(table["games"].sum())
8
>>> len(table.attrs["games"])  # one row per game
4
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .players import Player, player
from .position import Position, new_game
from .rules import VARIANTS

if TYPE_CHECKING:  # pandas is imported when a tournament is played, not with the package
    import pandas as pd

#: How a tournament is told about a player: a name for :func:`hoyito_edu.player`, a pair
#: (name, settings), or a function ``seed -> Player``.
PlayerSpec = str | tuple[str, Mapping[str, Any]] | Callable[[int], Player]

GAME_COLUMNS = [
    "variant",
    "pairing",
    "game",
    "south",
    "north",
    "south_seed",
    "north_seed",
    "holes_per_row",
    "winner",
    "reason",
    "south_score",
    "north_score",
    "margin",
    "plies",
    "finished",
]


def _factories(players: Iterable[PlayerSpec] | Mapping[str, PlayerSpec]):
    """Labels and ``seed -> Player`` functions for the players of a tournament."""
    items = list(players.items()) if isinstance(players, Mapping) else [(None, p) for p in players]
    made: dict[str, Callable[[int], Player]] = {}
    for label, spec in items:
        if isinstance(spec, str):
            factory, default = (lambda seed, name=spec: player(name, seed=seed)), spec
        elif isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
            name, settings = spec
            factory = lambda seed, name=name, settings=dict(settings): player(  # noqa: E731
                name, seed=seed, **settings
            )
            default = name
        elif callable(spec):
            factory, default = spec, getattr(spec, "__name__", "player")
        else:
            raise TypeError(
                f"a tournament player is a name, a (name, settings) pair or a function "
                f"seed -> player, not {spec!r}"
            )
        label = default if label is None else str(label)
        if label in made:
            raise ValueError(f"two players are called {label!r}: pass a dict to give them labels")
        made[label] = factory
    if len(made) < 2:
        raise ValueError(f"a tournament needs at least two players, got {len(made)}")
    return made


def play_games(
    players: Iterable[PlayerSpec] | Mapping[str, PlayerSpec],
    variants: Iterable[str] = tuple(VARIANTS),
    games_per_pairing: int = 10,
    seed: int = 0,
    holes_per_row: int = 6,
    max_plies: int = 1000,
    progress: bool = False,
) -> pd.DataFrame:
    """Play the round-robin and return one row per game (columns :data:`GAME_COLUMNS`).

    ``games_per_pairing`` games are played by each pair of players in each variant; the first
    player named sits South in the even-numbered games, North in the odd ones. ``margin`` is
    South's score minus North's (captures plus surplus, R4.4); ``winner`` is the winner's label
    (``None`` for a draw or an unfinished game); ``finished`` is False for a game stopped by the
    ``max_plies`` cap, whose ``reason`` is then ``"ply cap"``. Ba-awa is always played on 2x6.
    """
    import pandas as pd

    made = _factories(players)
    variants = list(variants)
    for variant in variants:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; the variants are {', '.join(VARIANTS)}")
    if isinstance(games_per_pairing, bool) or not isinstance(games_per_pairing, int):
        raise ValueError(f"games_per_pairing must be a whole number, not {games_per_pairing!r}")
    if games_per_pairing < 1 or max_plies < 1:
        raise ValueError("games_per_pairing and max_plies must be at least 1")
    schedule = [
        (variant, a, b, g)
        for variant in variants
        for a, b in combinations(made, 2)
        for g in range(games_per_pairing)
    ]
    if progress:
        from tqdm.auto import tqdm

        schedule = tqdm(schedule, desc="games")
    rows = []
    for variant, a, b, g in schedule:
        south, north = (a, b) if g % 2 == 0 else (b, a)
        rng = random.Random(f"{seed}/{variant}/{a}/{b}/{g}")
        seeds = (rng.randrange(2**32), rng.randrange(2**32))
        agents = (made[south](seeds[0]), made[north](seeds[1]))
        size = 6 if variant == "ba-awa" else holes_per_row
        row = _play_one(variant, size, agents, max_plies)
        winner = row.pop("winner_seat")
        rows.append(
            {
                "variant": variant,
                "pairing": f"{a} v {b}",
                "game": g,
                "south": south,
                "north": north,
                "south_seed": seeds[0],
                "north_seed": seeds[1],
                "holes_per_row": size,
                "winner": None if winner is None else (south, north)[winner],
                **row,
            }
        )
    return pd.DataFrame(rows, columns=GAME_COLUMNS)


def _play_one(
    variant: str,
    size: int,
    agents: tuple[Player, Player],
    max_plies: int,
    start: Position | None = None,
) -> dict:
    """Play one game between ``agents`` (South, North) from a new board, or from ``start``."""
    pos = new_game(variant, holes_per_row=size) if start is None else start
    plies = 0
    while not pos.is_over and plies < max_plies:
        pos = pos.play(agents[pos.player].choose(pos))
        plies += 1
    score = pos.score
    return {
        "winner_seat": pos.winner,
        "reason": str(pos.outcome.reason) if pos.is_over else "ply cap",
        "south_score": score[0],
        "north_score": score[1],
        "margin": score[0] - score[1],
        "plies": plies,
        "finished": pos.is_over,
    }


def standings(games: pd.DataFrame) -> pd.DataFrame:
    """Per-player results of :func:`play_games`, best rating first.

    Columns: ``games``, ``wins``, ``draws``, ``losses``, ``unfinished`` (stopped by the ply
    cap), ``points`` (win 1, draw 1/2, per finished game), ``mean_margin`` (the player's score
    minus the opponent's, mean over finished games) and ``elo`` (see :func:`elo_ratings`).
    """
    import pandas as pd

    labels = sorted(set(games["south"]) | set(games["north"]))
    done = games[games["finished"]]
    table = []
    for label in labels:
        mine = games[(games["south"] == label) | (games["north"] == label)]
        fin = done[(done["south"] == label) | (done["north"] == label)]
        sign = fin["south"].eq(label).map({True: 1, False: -1})
        wins = int((fin["winner"] == label).sum())
        draws = int(fin["winner"].isna().sum())
        finished = len(fin)
        table.append(
            {
                "player": label,
                "games": len(mine),
                "wins": wins,
                "draws": draws,
                "losses": finished - wins - draws,
                "unfinished": len(mine) - finished,
                "points": (wins + draws / 2) / finished if finished else math.nan,
                "mean_margin": float((fin["margin"] * sign).mean()) if finished else math.nan,
            }
        )
    result = pd.DataFrame(table).set_index("player")
    result["elo"] = pd.Series(elo_ratings(games)).round(0)
    return result.sort_values(["elo", "points"], ascending=False)


def elo_ratings(games: pd.DataFrame, mean: float = 1500.0, iterations: int = 500) -> dict:
    """Elo-style ratings fitted to all finished games at once (Bradley-Terry model).

    The model says a player rated ``d`` points above another scores
    ``1 / (1 + 10 ** (-d / 400))`` per game on average, as in Elo. The ratings are the maximum
    likelihood fit to the results (draws count half a win for each side), found by Hunter's
    MM iterations; unlike game-by-game Elo updates they do not depend on the order of the games.
    Each pair of players that met gets one extra virtual draw, which keeps ratings finite when
    a player won every game. Ratings average ``mean``.

    >>> import pandas as pd
    >>> games = pd.DataFrame({"south": ["a", "b"], "north": ["b", "a"],
    ...                       "winner": ["a", "a"], "finished": [True, True]})
    >>> r = elo_ratings(games)
    >>> r["a"] > 1500 > r["b"]
    True
    """
    done = games[games["finished"]]
    labels = sorted(set(games["south"]) | set(games["north"]))
    wins = {p: 0.0 for p in labels}  # points scored, including the virtual draws
    met: dict[frozenset, float] = {}  # games played by each pair, including a virtual draw
    for south, north, winner in zip(done["south"], done["north"], done["winner"], strict=True):
        pair = frozenset((south, north))
        met[pair] = met.get(pair, 1.0) + 1
        if winner is None or (isinstance(winner, float) and math.isnan(winner)):
            wins[south] += 0.5
            wins[north] += 0.5
        else:
            wins[winner] += 1
    for pair in met:
        for p in pair:
            wins[p] += 0.5  # the virtual draw
    strength = {p: 1.0 for p in labels}
    for _ in range(iterations):
        new = {}
        for p in labels:
            denom = sum(
                n / (strength[p] + strength[q])
                for pair, n in met.items()
                if p in pair
                for q in pair - {p}
            )
            new[p] = wins[p] / denom if denom else strength[p]
        logs = [math.log(v) for v in new.values()]
        centre = math.exp(sum(logs) / len(logs))
        strength = {p: v / centre for p, v in new.items()}
    return {p: mean + 400 * math.log10(strength[p]) for p in labels}


def tournament(
    players: Iterable[PlayerSpec] | Mapping[str, PlayerSpec],
    variants: Iterable[str] = tuple(VARIANTS),
    games_per_pairing: int = 10,
    seed: int = 0,
    holes_per_row: int = 6,
    max_plies: int = 1000,
    progress: bool = False,
) -> pd.DataFrame:
    """Play a seeded round-robin and return the standings (see :func:`standings`).

    Args:
        players: names for :func:`hoyito_edu.player` (``["expert", "greedy", "random"]``), or a
            dict label -> name, (name, settings) or function ``seed -> Player``.
        variants: the rule sets to play, all four by default.
        games_per_pairing: games per pair of players in each variant, seats alternating.
        seed: the tournament's seed; every game's player seeds are derived from it.
        holes_per_row: board size for Hoyito (Ba-awa is always 2x6).
        max_plies: a game still going after this many moves is stopped and counted as
            unfinished (not a draw); the rules are not changed.
        progress: show a progress bar.

    The settings are in ``result.attrs["settings"]`` and the game-by-game records in
    ``result.attrs["games"]``: ``pandas.DataFrame(result.attrs["games"])`` is the table
    :func:`play_games` returns.
    """
    games = play_games(
        players, variants, games_per_pairing, seed, holes_per_row, max_plies, progress
    )
    table = standings(games)
    table.attrs["settings"] = {
        "variants": list(dict.fromkeys(games["variant"])),
        "games_per_pairing": games_per_pairing,
        "seed": seed,
        "holes_per_row": holes_per_row,
        "max_plies": max_plies,
    }
    table.attrs["games"] = games.to_dict("records")  # plain records: attrs must compare
    return table
