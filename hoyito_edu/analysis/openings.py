"""Opening books for the match runner (issue 28): every line of the first moves of a rule set
valued by search, and the balanced ones chosen. ``scripts/make_openings.py`` writes them to
``data/openings/<variant>.csv``; its docstring says how each line is valued, what ``--prove``
adds, and what each column means.

>>> [moves for moves, _ in lines("ba-awa", 1)]
[(0,), (1,), (2,), (3,), (4,), (5,)]
"""

from __future__ import annotations

import dataclasses

from ..compiled import search as fastsearch
from ..compiled.values import WIN
from ..engine.position import new_game

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
COLUMNS = ("variant", "moves", "player", "value", "status", "depth", "nodes", "chosen")


def lines(variant: str, plies: int) -> list[tuple[tuple[int, ...], object]]:
    """Every line of ``plies`` moves from the start that leaves the game going."""
    found = [((), new_game(variant))]
    for _ in range(plies):
        found = [(moves + (h,), pos.play(h)) for moves, pos in found for h in pos.legal_moves()]
        found = [(moves, pos) for moves, pos in found if not pos.is_over]
    return found


def value_for_south(position, nodes: int) -> dict:
    """The compiled search's value of ``position`` for South, with its depth and work."""
    found = fastsearch.CompiledSearch().search(position, sorted(position.legal_moves()), 100,
                                               nodes, None)
    value = found["value"] if position.player == 0 else -found["value"]
    status = "proven" if abs(value) >= WIN else "estimated"
    if value >= WIN:
        value -= WIN
    elif value <= -WIN:
        value += WIN
    return {"value": value, "status": status, "depth": found["depth"],
            "nodes": found["work"] + found["visits"] // 10}


def proven_for_south(position, nodes: int, max_depth: int = 100) -> dict:
    """The value of ``position`` for South by two searches with one seed of surplus to each
    side in turn (``--prove`` in ``scripts/make_openings.py`` says why): a proven draw is
    value 0, status ``proven``."""

    def shifted(extra: tuple[int, int]) -> tuple[int, bool, int, int]:
        moved = dataclasses.replace(position, surplus=extra)
        found = fastsearch.CompiledSearch().search(moved, sorted(moved.legal_moves()),
                                                   max_depth, nodes, None)
        value = found["value"] if position.player == 0 else -found["value"]
        return value, abs(value) >= WIN, found["depth"], found["work"] + found["visits"] // 10

    up, up_proven, depth, work = shifted((1, 0))  # South with a seed more
    if up_proven and up < 0:  # South loses even with it: by one seed more without it
        return {"value": up + WIN - 1, "status": "proven", "depth": depth, "nodes": work}
    if not up_proven:
        return {"value": up - 1, "status": "estimated", "depth": depth, "nodes": work}
    down, down_proven, depth2, work2 = shifted((0, 1))  # South at least draws; North a seed more
    total = {"depth": min(depth, depth2), "nodes": work + work2}
    if down_proven and down > 0:  # South wins even against the seed
        return {"value": down - WIN + 1, "status": "proven", **total}
    if down_proven:  # both at least draw: a draw
        return {"value": 0, "status": "proven", **total}
    return {"value": max(down + 1, 0), "status": "estimated", **total}


def valued(task: tuple) -> dict:
    """One line of the book valued: ``task`` is (variant, moves, nodes, max_depth, prove), a
    tuple so that a pool of processes can map it; the row as the CSV holds it, without
    ``chosen``."""
    variant, moves, nodes, max_depth, prove = task
    position = new_game(variant)
    for hole in moves:
        position = position.play(hole)
    value = (proven_for_south(position, nodes, max_depth) if prove
             else value_for_south(position, nodes))
    return {"variant": variant, "moves": " ".join(map(str, moves)),
            "player": position.player, **value}


def book(rows: list[dict], within: int, least: int, proven_only: bool = False) -> list[dict]:
    """The chosen rows, most balanced first: those within ``within`` seeds of 0, or if fewer
    than ``least``, the ``least`` nearest 0 (``scripts/make_openings.py`` says more).

    >>> rows = [{"value": v, "status": "estimated"} for v in (12, -3, 40, 0)]
    >>> [(r["value"], r["chosen"]) for r in book(rows, 4, 2)]
    [(0, 'balanced'), (-3, 'balanced')]
    >>> [(r["value"], r["chosen"]) for r in book(rows, 1, 2)]
    [(0, 'balanced'), (-3, 'most balanced')]

    With ``proven_only`` the estimated rows are left out:

    >>> rows[1]["status"] = rows[2]["status"] = "proven"
    >>> [(r["value"], r["chosen"]) for r in book(rows, 0, 2, proven_only=True)]
    [(-3, 'most balanced'), (40, 'most balanced')]
    """
    if proven_only:
        rows = [r for r in rows if r["status"] == "proven"]
    ranked = sorted(rows, key=lambda r: abs(int(r["value"])))
    balanced = [dict(r, chosen="balanced") for r in ranked if abs(int(r["value"])) <= within]
    if len(balanced) >= least:
        return balanced
    rest = [dict(r, chosen="most balanced") for r in ranked[len(balanced):least]]
    return balanced + rest
