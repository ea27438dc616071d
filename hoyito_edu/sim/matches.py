"""Simulated matches: games played in rounds (:class:`hoyito_edu.Match`) between computer players.

Every game of every match is played through the engine, and the rounds are set up by
:meth:`hoyito_edu.Match.next_round` (closed holes and surplus in Hoyito, moving territory in
Ba-awa); this module only chooses the players, plays their moves and counts. A match still going
after ``max_rounds`` rounds is stopped and reported as unfinished.

>>> from hoyito_edu.sim.matches import simulate_matches
>>> table = simulate_matches("hoyito-ii", 3, players=("greedy", "random"), seed=1)
>>> len(table), list(table.columns[:4])
(3, ['variant', 'match', 'south', 'north'])
>>> bool(table["finished"].all())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.checks import shown, whole_number
from ..engine.match import Match
from ..engine.rules import OPTIONS, get_rules
from ..players import Player, player

if TYPE_CHECKING:  # pandas is imported when matches are simulated, not with the package
    import pandas as pd

__all__ = ["MATCH_COLUMNS", "ROUND_COLUMNS", "simulate_matches", "rounds_table"]

#: A player for a match: a name for :func:`hoyito_edu.player`, or a function ``seed -> Player``.
PlayerSpec = str | Callable[[int], Player]

MATCH_COLUMNS = [
    "variant",
    "match",
    "south",
    "north",
    "first_player",
    "rounds",
    "finished",
    "winner",
    "winner_seat",
    "round1_winner_seat",
    "comeback",
    "holdings_south",
    "holdings_north",
    "moves",
]
ROUND_COLUMNS = [
    "variant",
    "match",
    "round",
    "starter",
    "open_south",
    "open_north",
    "surplus_south",
    "surplus_north",
    "winner_seat",
    "reason",
    "score_south",
    "score_north",
    "holdings_south",
    "holdings_north",
    "moves",
]


def _factory(spec: PlayerSpec) -> tuple[str, Callable[[int], Player]]:
    """A label and a ``seed -> Player`` function for one player spec, tried once at once so a
    bad name is refused before any game is played."""
    if isinstance(spec, str):
        label, made = spec, lambda seed: player(spec, seed=seed)
    elif callable(spec):
        label, made = getattr(spec, "__name__", "player"), spec
    else:
        raise ValueError(
            f"a match player is a name or "
            f"a function seed -> player, not {shown(spec)}"
        )
    agent = made(0)
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(
            f"player {shown(label)}: the function must return a player (an object with "
            f"choose(position)), not {shown(agent)}"
        )
    return label, made


#: The most rounds a simulated match may run (``max_rounds``).
MAX_ROUNDS_LIMIT = 10_000
#: Bytes held per match (its row) and per round (its record), measured with tracemalloc on 300
#: Ba-awa and Hoyito I matches; a match is counted as at most 50 rounds.
_BYTES_PER_MATCH, _BYTES_PER_ROUND = 1_000, 650
#: The settings simulate_matches() passes to :class:`hoyito_edu.Match`, besides rule options.
MATCH_SETTINGS = ("first_player", "target", "winner_starts", "fill", "reallocate")


def _check(variant, matches, players, seed, max_rounds, labels, holes_per_row, settings):
    """Every argument of :func:`simulate_matches`, checked before any game is played."""
    from .checks import memory_budget

    rules = get_rules(variant)
    matches = whole_number(matches, "matches", 1)
    max_rounds = whole_number(max_rounds, "max_rounds", 1, MAX_ROUNDS_LIMIT)
    seed = whole_number(seed, "seed", 0)
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        raise ValueError(f"players must be a pair, e.g. ('greedy', 'random'), not {shown(players)}")
    unknown = sorted(set(settings) - set(MATCH_SETTINGS) - set(OPTIONS))
    if unknown:
        raise ValueError(
            f"unknown setting(s) {', '.join(unknown)}; simulate_matches passes "
            f"{', '.join(MATCH_SETTINGS)} and the rule options {', '.join(OPTIONS)} to Match"
        )
    Match(rules, holes_per_row=holes_per_row, **settings)  # checks the match settings
    made = [_factory(spec) for spec in players]
    names = [label for label, _ in made]
    if labels is None and names[0] == names[1]:
        names = [f"{names[0]} 1", f"{names[1]} 2"]  # two of the same kind, told apart
    elif labels is not None:
        if isinstance(labels, str) or not isinstance(labels, Sequence) or len(labels) != 2:
            raise ValueError(f"labels must be a pair of names, not {shown(labels)}")
        names = [str(x) for x in labels]
    if names[0] == names[1]:
        raise ValueError(f"the two players need two different labels, got {names!r}: pass labels=")
    held = matches * (_BYTES_PER_MATCH + _BYTES_PER_ROUND * min(max_rounds, 50))
    if held > memory_budget():
        raise ValueError(
            f"{matches:,} matches would need about {held / 1e9:,.1f} GB for their records, "
            "more than half the memory available: play them in batches with their own seeds "
            "(seed=0, 1, 2 ...)"
        )
    return rules, matches, made, names, seed, max_rounds


def simulate_matches(
    variant: str,
    matches: int,
    players: Sequence[PlayerSpec] = ("random", "random"),
    seed: int = 0,
    max_rounds: int = 50,
    *,
    labels: Sequence[str] | None = None,
    holes_per_row: int = 6,
    **match_settings: Any,
) -> pd.DataFrame:
    """Play ``matches`` seeded matches of ``variant`` and return one row per match.

    Args:
        variant: ``"hoyito-i"``, ``"hoyito-ii"``, ``"hoyito-iii"`` or ``"ba-awa"``.
        matches: how many matches to play (whole numbers here and below: numpy integers
            too, never bools or floats).
        players: two players, each a name for :func:`hoyito_edu.player` or a function
            ``seed -> Player``. The first sits South in even-numbered matches and North in
            odd-numbered ones, and South starts the first game of every match, so each player
            starts game 1 of half the matches (the sources do not say who starts game 1).
        seed: every match's player seeds are derived from it, so a run repeats exactly.
        max_rounds: a match not over after this many rounds is stopped (``finished`` False);
            at most 10,000.
        labels: names for the two players in the table (default: their names, with " 1" and
            " 2" added when both have the same name).
        holes_per_row: board size (Hoyito 6..12; Ba-awa 6).
        **match_settings: passed to :class:`hoyito_edu.Match`: ``first_player``, ``target``,
            ``winner_starts`` (Ba-awa), ``fill``, ``reallocate``, rule options such as
            ``skip_origin`` or ``max_laps``.

    Every argument is checked, and each player made once, before any game is played: a bad
    one is a ValueError saying what is allowed.

    Columns (:data:`MATCH_COLUMNS`): ``south``/``north`` the players' labels; ``rounds`` games
    played; ``winner`` the match winner's label and ``winner_seat`` 0 (South) or 1 (North), both
    missing (None / ``<NA>``) if unfinished; ``round1_winner_seat`` who won game 1 (``<NA>``: a
    draw); ``comeback`` True when the player who lost game 1 won the match, ``<NA>`` when game 1
    was drawn or the match is unfinished (so ``table["comeback"].mean()`` is the comeback rate
    over the matches where it is defined); ``holdings_*`` seeds (Hoyito) or holes (Ba-awa)
    held at the end; ``moves`` in all games. The round-by-round records are in
    ``table.attrs["rounds"]`` (see :func:`rounds_table`).
    """
    import pandas as pd

    checked = _check(variant, matches, players, seed, max_rounds, labels, holes_per_row,
                     match_settings)
    rules, matches, made, names, seed, max_rounds = checked
    rows, round_rows = [], []
    for number in range(matches):
        seats = (0, 1) if number % 2 == 0 else (1, 0)  # seats[s] = which player sits at s
        rng = random.Random(f"{seed}/{rules.name}/{number}")
        agents = [made[seats[s]][1](rng.randrange(2**32)) for s in (0, 1)]
        match = Match(rules, holes_per_row=holes_per_row, **match_settings)
        moves = 0
        while True:
            while not match.game.is_over:
                position = match.position
                match.play(agents[position.player].choose(position))
                moves += 1
            round_rows.append(_round_record(rules.name, number, match))
            if match.is_over or match.round >= max_rounds:
                break
            match.next_round()
        first = match.results[0].winner
        winner = match.winner
        comeback = None if winner is None or first is None else winner != first
        rows.append(
            {
                "variant": rules.name,
                "match": number,
                "south": names[seats[0]],
                "north": names[seats[1]],
                "first_player": match.games[0].start.player,
                "rounds": match.round,
                "finished": match.is_over,
                "winner": None if winner is None else names[seats[winner]],
                "winner_seat": winner,
                "round1_winner_seat": first,
                "comeback": comeback,
                "holdings_south": match.holdings[0],
                "holdings_north": match.holdings[1],
                "moves": moves,
            }
        )
    table = pd.DataFrame(rows, columns=MATCH_COLUMNS).astype(
        {"winner_seat": "Int64", "round1_winner_seat": "Int64", "comeback": "boolean"}
    )
    table.attrs["rounds"] = round_rows  # plain records, so attrs compare
    table.attrs["settings"] = {
        "variant": rules.name,
        "players": names,
        "seed": seed,
        "max_rounds": max_rounds,
        "holes_per_row": int(holes_per_row),
        **{k: v for k, v in match_settings.items() if not callable(v)},
    }
    return table


def _round_record(variant: str, number: int, match: Match) -> dict:
    """What one finished game of ``match`` looked like: its start and its result."""
    start = match.game.start
    result = match.results[-1]
    open_holes = [
        sum(1 for h, o in enumerate(start.owners) if o == p and h not in start.closed)
        for p in (0, 1)
    ]
    return {
        "variant": variant,
        "match": number,
        "round": result.round,
        "starter": result.starter,
        "open_south": open_holes[0],
        "open_north": open_holes[1],
        "surplus_south": start.surplus[0],
        "surplus_north": start.surplus[1],
        "winner_seat": result.winner,
        "reason": str(result.outcome.reason),
        "score_south": result.outcome.score[0],
        "score_north": result.outcome.score[1],
        "holdings_south": result.holdings[0],
        "holdings_north": result.holdings[1],
        "moves": result.moves,
    }


def rounds_table(table: pd.DataFrame) -> pd.DataFrame:
    """One row per game of the matches in ``table`` (from :func:`simulate_matches`).

    Columns (:data:`ROUND_COLUMNS`): ``open_*`` holes each player could sow from at the start
    of the game (own open holes in Hoyito, holes owned in Ba-awa); ``surplus_*`` seeds carried
    in (Hoyito); ``winner_seat`` of the game; ``score_*``; ``holdings_*`` after it; ``moves``.

    >>> t = simulate_matches("ba-awa", 2, players=("greedy", "greedy"), seed=3, max_rounds=3)
    >>> list(rounds_table(t)["round"][:2])
    [1, 2]
    """
    import pandas as pd

    rounds = pd.DataFrame(table.attrs.get("rounds", []), columns=ROUND_COLUMNS)
    return rounds.astype({"winner_seat": "Int64"})
