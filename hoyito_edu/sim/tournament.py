"""Round-robin tournaments between computer opponents, with results as pandas tables.

Every pair of players meets in every variant, taking turns in the South and North seats. Each
game gets its own seeds, derived from the tournament's ``seed``, so a tournament repeats
exactly. The seeds come from the players' names (a function's place in the list), never
from the labels a dict gives them, so a label translated into Spanish plays the same games.
Games are played through the engine (``Position.play``); the rules are never changed. A game
still going after ``max_plies`` moves is stopped and reported as *unfinished*: it counts as
neither a win nor a draw.

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
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine.checks import as_whole, shown, whole_number
from ..engine.position import Position, new_game
from ..engine.rules import VARIANTS, Rules, get_rules
from ..players import Player, player
from .checks import MAX_PLIES_LIMIT  # the largest max_plies, as simulate's

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


#: Bytes a tournament holds per game played: its row, the table and the records in ``attrs``
#: (tracemalloc, 2,000 games).
_BYTES_PER_GAME = 1_300


def _try_player(made: Callable[[int], Player], label: str) -> None:
    """Make one player now, so a bad name or setting is refused before any game is played."""
    agent = made(0)
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(
            f"player {shown(label)}: the function must return a player (an object with "
            f"choose(position)), not {shown(agent)}"
        )


def _factories(players: Iterable[PlayerSpec] | Mapping[str, PlayerSpec]):
    """Labels and ``seed -> Player`` functions for the players of a tournament."""
    if isinstance(players, Mapping):
        items = list(players.items())
    elif isinstance(players, Iterable) and not isinstance(players, (str, bytes)):
        items = [(None, p) for p in players]
    else:
        raise ValueError(
            f"players must be a list of player names, (name, settings) pairs or functions "
            f"seed -> player, or a dict label -> one of those; not {shown(players)}"
        )
    made: dict[str, Callable[[int], Player]] = {}
    keys: dict[str, str] = {}
    for index, (label, spec) in enumerate(items):
        key = f"player {index}"  # a function: its place in the list, whatever its label
        if isinstance(spec, str):
            factory, default = (lambda seed, name=spec: player(name, seed=seed)), spec
            key = spec
        elif (
            isinstance(spec, tuple)
            and len(spec) == 2
            and isinstance(spec[0], str)
            and isinstance(spec[1], Mapping)
            and all(isinstance(key, str) for key in spec[1])
        ):
            name, settings = spec
            factory = lambda seed, name=name, settings=dict(settings): player(  # noqa: E731
                name, seed=seed, **settings
            )
            default = name
            key = name
        elif callable(spec):
            factory, default = spec, getattr(spec, "__name__", "player")
        else:
            raise ValueError(
                f"a tournament player is a name, a (name, settings dict) pair or a function "
                f"seed -> player, not {shown(spec)}"
            )
        label = default if label is None else str(label)
        if label in made:
            raise ValueError(
                f"two players are called "
                f"{shown(label)}: pass a dict to give them labels"
            )
        _try_player(factory, label)
        made[label] = factory
        keys[label] = key if key not in keys.values() else f"{key} #{index}"
    if len(made) < 2:
        raise ValueError(f"a tournament needs at least two players, got {len(made)}")
    return made, keys


def _variants(variants: object, holes_per_row: object) -> tuple[list[Rules], int]:
    """The rule sets to play, each once, and the Hoyito board size (checked for each)."""
    if isinstance(variants, (str, Rules)):
        variants = [variants]
    elif not isinstance(variants, Iterable) or isinstance(variants, (bytes, Mapping)):
        raise ValueError(f"variants must be a list of variant names, not {shown(variants)}")
    rules_list = []
    for variant in variants:
        if not isinstance(variant, (str, Rules)):
            raise ValueError(f"unknown variant {variant!r}; the variants are {', '.join(VARIANTS)}")
        if isinstance(variant, str) and variant.strip().lower() not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; the variants are {', '.join(VARIANTS)}")
        rules_list.append(get_rules(variant))
    names = [rules.name for rules in rules_list]
    if not names:
        raise ValueError(f"variants: give at least one of {', '.join(VARIANTS)}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"variants names {', '.join(twice)} more than once; give each once")
    n = as_whole(holes_per_row)
    if n is None:
        raise ValueError(f"holes_per_row must be a whole number, not {shown(holes_per_row)}")
    hoyito = [rules for rules in rules_list if not rules.territory] or [get_rules("hoyito-i")]
    for rules in hoyito:  # Ba-awa is always played on 2x6
        low, high = rules.min_holes_per_row, rules.max_holes_per_row
        if not low <= n <= high:
            raise ValueError(
                f"{rules.title} is played on 2x{low} to 2x{high}; got holes_per_row={n}"
            )
    return rules_list, n


def _check(players, variants, games_per_pairing, seed, holes_per_row, max_plies, progress,
           client=None):
    """Every argument of :func:`play_games`, checked before any game is played."""
    from .checks import memory_budget
    from .cluster import check_client

    check_client(client)

    rules_list, n = _variants(variants, holes_per_row)
    games_per_pairing = whole_number(games_per_pairing, "games_per_pairing", 1)
    seed = whole_number(seed, "seed", 0)
    max_plies = whole_number(max_plies, "max_plies", 1, MAX_PLIES_LIMIT)
    if not isinstance(progress, bool):
        raise ValueError(f"progress must be True or False, not {shown(progress)}")
    made, keys = _factories(players)
    games = len(rules_list) * math.comb(len(made), 2) * games_per_pairing
    if games * _BYTES_PER_GAME > memory_budget():
        raise ValueError(
            f"{games:,} games would need about {games * _BYTES_PER_GAME / 1e9:,.1f} GB for "
            f"their records, more than half the memory available: play fewer games per "
            f"pairing, in batches with their own seeds (seed=0, 1, 2 ...)"
        )
    return made, keys, rules_list, games_per_pairing, seed, n, max_plies


def play_games(
    players: Iterable[PlayerSpec] | Mapping[str, PlayerSpec],
    variants: Iterable[str] = tuple(VARIANTS),
    games_per_pairing: int = 10,
    seed: int = 0,
    holes_per_row: int = 6,
    max_plies: int = 1000,
    progress: bool = False,
    client: Any = None,
) -> pd.DataFrame:
    """Play the round-robin and return one row per game (columns :data:`GAME_COLUMNS`).

    ``games_per_pairing`` games are played by each pair of players in each variant; the first
    player named sits South in the even-numbered games, North in the odd ones. ``margin`` is
    South's score minus North's (captures plus surplus, R4.4); ``winner`` is the winner's label
    (``None`` for a draw or an unfinished game); ``finished`` is False for a game stopped by the
    ``max_plies`` cap, whose ``reason`` is then ``"ply cap"``. Ba-awa is always played on 2x6.
    Every argument is checked (each player is made once) before any game is played.
    With a ``client`` (a ``distributed.Client``), the games are played as tasks on its Dask
    cluster, :data:`TASK_GAMES` games of one pairing per task: each game's seeds come from
    the tournament's seed and the game, so the table is the same as without a client.
    """
    import pandas as pd

    checked = _check(players, variants, games_per_pairing, seed, holes_per_row, max_plies,
                     progress, client)
    made, keys, rules_list, games_per_pairing, seed, holes_per_row, max_plies = checked
    batches = [
        _Batch(rules, a, b, made[a], made[b], tuple(range(first, min(first + step,
               games_per_pairing))), seed, holes_per_row, max_plies, (keys[a], keys[b]))
        for rules in rules_list
        for a, b in combinations(made, 2)
        for step in [games_per_pairing if client is None else TASK_GAMES]
        for first in range(0, games_per_pairing, step)
    ]
    total = sum(len(batch.games) for batch in batches)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc="games")
    try:
        if client is not None:
            from .cluster import announce, run_tasks

            announce(client, f"Playing {total:,} tournament games", show=progress)
            parts = run_tasks(client, _play_batch, batches, [len(b.games) for b in batches],
                              lambda done: bar.update(done - bar.n) if bar else None,
                              name="hoyito-tournament")
        else:
            parts = [_play_batch(batch, bar) for batch in batches]
    finally:
        if bar is not None:
            bar.close()
    rows = [row for part in parts for row in part]
    return pd.DataFrame(rows, columns=GAME_COLUMNS)


#: Games per task when a tournament runs on a Dask cluster (all of one pairing and variant).
TASK_GAMES = 10


@dataclass(frozen=True)
class _Batch:
    """Games of one pairing in one variant: a task on a Dask cluster."""

    rules: Rules
    a: str
    b: str
    make_a: Callable[[int], Player]
    make_b: Callable[[int], Player]
    games: tuple[int, ...]
    seed: int
    holes_per_row: int
    max_plies: int
    #: What the games' seeds are made from: each player's name, or its place in the list for
    #: a function; never its label, which may be translated ("my strategy", "mi estrategia").
    seed_keys: tuple[str, str]


def _play_batch(batch: _Batch, bar=None) -> list[dict]:
    """The rows of a batch's games, in order (a module-level function: a Dask task)."""
    rows = []
    made = {batch.a: batch.make_a, batch.b: batch.make_b}
    a, b, variant = batch.a, batch.b, batch.rules.name
    for g in batch.games:
        south, north = (a, b) if g % 2 == 0 else (b, a)
        key_a, key_b = batch.seed_keys
        rng = random.Random(f"{batch.seed}/{variant}/{key_a}/{key_b}/{g}")
        seeds = (rng.randrange(2**32), rng.randrange(2**32))
        agents = (made[south](seeds[0]), made[north](seeds[1]))
        size = 6 if batch.rules.territory else batch.holes_per_row
        row = _play_one(batch.rules, size, agents, batch.max_plies)
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
        if bar is not None:
            bar.update(1)
    return rows


def _play_one(
    variant: str | Rules,
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
    client: Any = None,
) -> pd.DataFrame:
    """Play a seeded round-robin and return the standings (see :func:`standings`).

    Args:
        players: names for :func:`hoyito_edu.player` (``["expert", "greedy", "random"]``), or a
            dict label -> name, (name, settings) or function ``seed -> Player``.
        variants: the rule sets to play (names, each once), all four by default.
        games_per_pairing: games per pair of players in each variant, seats alternating.
        seed: the tournament's seed; every game's player seeds are derived from it.
        holes_per_row: board size for Hoyito (Ba-awa is always 2x6).
        max_plies: a game still going after this many moves is stopped and counted as
            unfinished (not a draw); the rules are not changed.
        progress: show a progress bar (with a client: as tasks complete, and the Dask
            dashboard's link is printed).
        client: a ``distributed.Client``: play the games as tasks on its Dask cluster; the
            same seed gives the same table whatever the number of workers. Player functions
            must be picklable (names and (name, settings) pairs always are).

    The settings are in ``result.attrs["settings"]`` and the game-by-game records in
    ``result.attrs["games"]``: ``pandas.DataFrame(result.attrs["games"])`` is the table
    :func:`play_games` returns.
    """
    games = play_games(
        players, variants, games_per_pairing, seed, holes_per_row, max_plies, progress, client
    )
    table = standings(games)
    table.attrs["settings"] = {
        "variants": list(dict.fromkeys(games["variant"])),
        "games_per_pairing": int(games_per_pairing),
        "seed": int(seed),
        "holes_per_row": int(holes_per_row),
        "max_plies": int(max_plies),
    }
    table.attrs["games"] = games.to_dict("records")  # plain records: attrs must compare
    return table
