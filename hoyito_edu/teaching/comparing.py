"""What CompareRules needs, without the drawing: a typed board, and one move under many rules.

:func:`parse_board` turns what a student types ("4 4 0 5 ..." with spaces or commas) into
seed counts, or raises a ValueError whose message is a plain sentence saying which entry is
wrong and what is allowed. :func:`compare` sows one hole of one position under several rule
sets and rule options (``skip_origin``, ``chain_opponent_side_only``, ``max_laps``,
``quiet_limit``) and returns one :class:`Comparison` row per rule set, with plain cell texts;
:func:`as_table` makes them a pandas DataFrame with plain column names.

Every result comes from the engine (``Position.sow``); this module only words it.

>>> rows = compare("2 1 3 1 12 1 1 2 2 1 1 1", 3)
>>> [(r.rules, r.north_took) for r in rows]
[('Hoyito I', 0), ('Hoyito II', 0), ('Hoyito III', 0), ('Ba-awa', 4)]
>>> rows[0].happened
'3 casas, South takes 12'
>>> [r.rules for r in compare(EXAMPLE_BOARD, 3, variants=["hoyito-ii"],
...                           options=[{}, {"skip_origin": True}, {"max_laps": 2}])]
['Hoyito II', 'Hoyito II: skip the starting hole', 'Hoyito II: stop after 2 laps']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields

from ..engine.checks import as_whole
from ..engine.events import OWNERS_TAKE, Capture, Reason
from ..engine.position import MAX_SEEDS, Move, Position, new_game
from ..engine.rules import OPTIONS, VARIANTS, check_option, get_rules
from ..i18n import gettext as _
from .words import (
    BOARD_ERRORS,
    CELLS,
    COLUMNS,
    OPTION_ERRORS,
    option_label,
    ordinal,
    plural,
    side_name,
)

#: A position where every rule set gives a different result for hole 3 (South to move).
EXAMPLE_BOARD = (2, 1, 3, 1, 12, 1, 1, 2, 2, 1, 1, 1)

#: The sizes a typed board may have when ``holes_per_row`` is not given (Hoyito's 2x6..2x12).
SIZES = (6, 12)


# -- a typed board ----------------------------------------------------------------------------


def parse_board(text: str, holes_per_row: int | None = None) -> tuple[int, ...]:
    """The seed counts typed in ``text`` (spaces and/or commas between them).

    ``holes_per_row``: the board's size (6 means 12 numbers); None accepts any even count of
    numbers from 12 to 24. Every mistake is a ValueError with one plain sentence.

    >>> parse_board("4, 4 0 5 4 4 4 4 4 4 4 3", 6)
    (4, 4, 0, 5, 4, 4, 4, 4, 4, 4, 4, 3)
    >>> parse_board("4 4 banana 4", 6)
    Traceback (most recent call last):
    ...
    ValueError: The 3rd entry you typed, “banana”, is not a number of seeds: type whole numbers \
such as 0, 4 or 12, separated by spaces or commas.
    >>> parse_board("4 4 4", 6)
    Traceback (most recent call last):
    ...
    ValueError: This board has 12 holes (two rows of 6), but you typed 3 numbers.
    """
    if not isinstance(text, str):
        raise ValueError(f"parse_board needs the typed text (a str), not {text!r}")
    n = _checked_size(holes_per_row)
    entries = [e for e in re.split(r"[\s,;]+", text.strip()) if e]
    if not entries:
        example = " ".join(["4"] * (2 * (n or SIZES[0])))
        raise ValueError(_(BOARD_ERRORS["empty"]).format(example=example))
    counts = [_count(number, entry) for number, entry in enumerate(entries, start=1)]
    _check_count(len(counts), n)
    total = sum(counts)
    if total > MAX_SEEDS:
        raise ValueError(_(BOARD_ERRORS["total"]).format(total=total, most=MAX_SEEDS))
    if total == 0:
        raise ValueError(_(BOARD_ERRORS["no-seeds"]))
    return tuple(counts)


def _checked_size(holes_per_row: object) -> int | None:
    if holes_per_row is None:
        return None
    n = as_whole(holes_per_row)
    if n is None or not SIZES[0] <= n <= SIZES[1]:
        raise ValueError(
            f"holes_per_row must be a whole number from {SIZES[0]} to {SIZES[1]}, or None, "
            f"not {holes_per_row!r}"
        )
    return n


def _count(number: int, entry: str) -> int:
    """One typed entry as a seed count (digits only: no signs, decimals or words)."""
    shown = entry if len(entry) <= 12 else entry[:11] + "\u2026"
    if not entry.isdigit() or not entry.isascii():
        raise ValueError(_(BOARD_ERRORS["entry"]).format(nth=ordinal(number), entry=shown))
    if len(entry) > len(str(MAX_SEEDS)) or int(entry) > MAX_SEEDS:
        raise ValueError(
            _(BOARD_ERRORS["entry-big"]).format(nth=ordinal(number), entry=shown, most=MAX_SEEDS)
        )
    return int(entry)


def _check_count(count: int, n: int | None) -> None:
    if n is not None:
        if count != 2 * n:
            pair = BOARD_ERRORS["count"]
            raise ValueError(plural(pair, count).format(holes=2 * n, n=n, count=count))
        return
    low, high = SIZES
    if count % 2 or not 2 * low <= count <= 2 * high:
        raise ValueError(
            _(BOARD_ERRORS["sizes"]).format(
                low=2 * low, high=2 * high, low_n=low, high_n=high, count=count
            )
        )


# -- one move under several rule sets -------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """One row of a comparison: what sowing the hole does under one rule set.

    The counts are None when the rule set cannot play the move; ``happened`` then says why.
    ``move`` is the engine's move record (None when it cannot be played).
    """

    rules: str
    laps: int | None
    seeds_sown: int | None
    south_took: int | None
    north_took: int | None
    seeds_left: int | None
    next_turn: str
    happened: str
    variant: str = ""
    options: tuple[tuple[str, object], ...] = ()
    move: Move | None = field(default=None, compare=False, repr=False)


def compare(
    position_or_board: Position | Sequence[int] | str,
    hole: int,
    variants: Sequence[str] = tuple(VARIANTS),
    options: Sequence[Mapping[str, object]] = ({},),
    *,
    player: int = 0,
) -> list[Comparison]:
    """Sow ``hole`` under every variant and every set of rule options: one row each.

    Args:
        position_or_board: a Position (its board, player to move, captures, closed holes and
            owners carry over), seed counts in ring order, or the text a student typed.
        hole: the hole to sow; it must be legal in the position.
        variants: the rule sets (default: all four).
        options: option settings to try with each variant, e.g.
            ``[{}, {"skip_origin": True}, {"max_laps": 75}]``; ``{}`` is the recorded rules.
        player: who moves, when a board is given (0 South, 1 North).

    A rule set that cannot play the move (Ba-awa on a 2x8 board, a chain option for a game
    without a chain) gives a row saying so. Bad arguments are ValueErrors that say what is
    allowed.
    """
    start = start_position(position_or_board, player)
    hole = start.check_move(hole)
    names = [get_rules(v).name for v in _list(variants, "variants")]
    if not names:
        raise ValueError(f"variants must name at least one rule set ({', '.join(VARIANTS)})")
    settings = [_checked_options(o) for o in _list(options, "options")]
    if not settings:
        raise ValueError("options must hold at least one set of options ({} for none)")
    return [_row(start, hole, name, chosen) for name in names for chosen in settings]


def start_position(given: object, player: object = 0) -> Position:
    """What was given as a Position: a Position, seed counts in ring order, or the text a
    student typed (read by :func:`parse_board`); ``player`` moves first on a given board."""
    if isinstance(given, Position):
        return given
    if isinstance(given, str):
        given = parse_board(given)
    return new_game("hoyito-i", board=given, player=player)


def _list(value: object, what: str) -> list:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a list, not {value!r}")
    return list(value)


def _checked_options(chosen: object) -> dict[str, object]:
    if not isinstance(chosen, Mapping):
        raise ValueError(f"each entry of options must be a dict of rule options, not {chosen!r}")
    unknown = sorted(set(chosen) - set(OPTIONS))
    if unknown:
        raise ValueError(
            f"unknown option(s) {', '.join(map(str, unknown))}; the options are "
            f"{', '.join(OPTIONS)}"
        )
    return {key: check_option(key, value) for key, value in chosen.items()}


def _setup(position: Position) -> dict:
    """What carries over from ``position`` into every rule set."""
    setup = {
        "board": position.board,
        "player": position.player,
        "captures": position.captures,
        "closed": sorted(position.closed),
        "starter": position.starter,
    }
    n = position.holes_per_row
    if position.owners != tuple(0 if h < n else 1 for h in range(2 * n)):
        setup["owners"] = position.owners
    return setup


def _row(start: Position, hole: int, variant: str, chosen: dict) -> Comparison:
    base = VARIANTS[variant]
    label = base.title
    if chosen:
        words = "; ".join(option_label(k, v) for k, v in chosen.items())
        label = _(CELLS["rules-options"]).format(rules=base.title, options=words)
    key = (variant, tuple(chosen.items()))
    if chosen.get("chain_opponent_side_only") and not base.chain:
        return _cannot(label, key, _(OPTION_ERRORS["no-chain"]).format(rules=base.title))
    try:
        move = new_game(base.with_options(**chosen), **_setup(start)).sow(hole)
    except ValueError as err:  # e.g. Ba-awa on a 2x8 board, an owner layout Hoyito forbids
        n = start.holes_per_row
        if not base.min_holes_per_row <= n <= base.max_holes_per_row:
            return _cannot(label, key, _(OPTION_ERRORS["size"]).format(rules=base.title, n=n))
        return _cannot(label, key, _(OPTION_ERRORS["board"]).format(why=err))
    return Comparison(
        rules=label,
        laps=move.laps,
        seeds_sown=move.drops,
        south_took=move.taken[0],
        north_took=move.taken[1],
        seeds_left=move.after.seeds_on_board,
        next_turn=_next_turn(move),
        happened=happened(move),
        variant=variant,
        options=key[1],
        move=move,
    )


def _cannot(label: str, key: tuple, why: str) -> Comparison:
    return Comparison(label, None, None, None, None, None, "", why, key[0], key[1])


def _next_turn(move: Move) -> str:
    after = move.after
    if after.is_over:
        end = after.outcome
        if end.winner is None:
            return _(CELLS["over-draw"]).format(south=end.score[0], north=end.score[1])
        high, low = end.score[end.winner], end.score[1 - end.winner]
        return _(CELLS["over-win"]).format(who=side_name(end.winner), high=high, low=low)
    if after.player == move.player:
        return _(CELLS["again"]).format(who=side_name(after.player))
    return _(CELLS["next"]).format(who=side_name(after.player))


_CASAS = (Reason.MID_SOW, Reason.LAST_SEED)


def happened(move: Move) -> str:
    """What a move did, in short cell phrases: "casa, South takes 4; chain, South takes 8".

    >>> import hoyito_edu as hy
    >>> happened(hy.new_game("hoyito-i", max_laps=4).sow(0))
    'stopped at 4 laps; each takes own side'
    """
    parts = []
    if move.endless:
        parts.append(_(CELLS["endless"]))
    if move.lap_limit:
        parts.append(_(CELLS["lap-limit"]).format(laps=move.laps))
    parts += _capture_cells(move.captures)
    for player in move.passes:
        parts.append(_(CELLS["pass"]).format(who=side_name(player)))
    return "; ".join(parts) if parts else _(CELLS["nothing"])


def _capture_cells(captures: tuple[Capture, ...]) -> list[str]:
    cells = []
    for player in (0, 1):
        who = side_name(player)
        casas = [c for c in captures if c.taker == player and c.reason in _CASAS]
        if casas:
            seeds = sum(c.seeds for c in casas)
            cells.append(
                plural(CELLS["casas"], len(casas)).format(casas=len(casas), who=who, seeds=seeds)
            )
        for reason, key in ((Reason.CHAIN, "chain"), (Reason.FINAL_FOUR, "last-four"),
                            (Reason.EIGHT_OR_FEWER, "last-eight")):
            seeds = sum(c.seeds for c in captures if c.taker == player and c.reason == reason)
            if seeds:
                cells.append(_(CELLS[key]).format(who=who, seeds=seeds))
    if any(c.reason in OWNERS_TAKE for c in captures):
        cells.append(_(CELLS["own-side"]))
    return cells


# -- as a table -------------------------------------------------------------------------------


def as_table(rows: Sequence[Comparison]):
    """The rows as a pandas DataFrame, one row per rule set, with plain column headings.

    >>> as_table(compare(EXAMPLE_BOARD, 3)).columns[:4].tolist()
    ['Rules', 'Laps', 'Seeds sown', 'South took']
    """
    import pandas as pd

    heads = {k: _(COLUMNS[k]) for k in COLUMNS}
    data = [{heads[k]: _cell(getattr(r, k)) for k in COLUMNS} for r in rows]
    return pd.DataFrame(data, columns=list(heads.values()))


def _cell(value: object) -> object:
    return "" if value is None else value


def differing(rows: Sequence[Comparison]) -> list[str]:
    """The fields (of :data:`hoyito_edu.teaching.words.COLUMNS`, "rules" aside) on which the rows
    that
    could be played disagree.

    >>> differing(compare(EXAMPLE_BOARD, 3))
    ['south_took', 'north_took', 'seeds_left', 'next_turn', 'happened']
    """
    played = [r for r in rows if r.move is not None]
    names = [f.name for f in fields(Comparison) if f.name in COLUMNS and f.name != "rules"]
    return [name for name in names if len({getattr(r, name) for r in played}) > 1]
