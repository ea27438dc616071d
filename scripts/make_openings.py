"""Opening books for the match runner: writes ``data/openings/<variant>.csv`` (issue 28).

For each rule set on 2x6, every line of the first ``--plies`` moves (2 by default: South's
opening and the next move, North's reply or, after a Hoyito II/III capture, South's extra
turn) is valued by the compiled alpha-beta search (:mod:`hoyito_edu.compiled.search`, the search
of the ``expert`` level) against best replies, deepening one ply at a time until ``--nodes``
of work (counted the same on every machine, so the file comes out the same everywhere) are
spent. A line that ends the game is left out.

A book holds the lines that leave neither side lost by much: South's value within
``--within`` seeds of 0 (a proven win by more is left out). If fewer than ``--least`` lines
are that balanced, the book takes the ``--least`` most balanced lines there are, and the
``chosen`` column says so (``balanced`` or ``most balanced``). Games of a pair start from the
same line, the seats swapped, so a lopsided line still gives each player the better side once.

Columns: ``moves`` (holes played from the start, separated by spaces), ``player`` (who moves
next), ``value`` (seeds ahead for South against best replies, at the search's horizon or, when
``status`` is ``proven``, the margin of the forced end it found: the winner wins by at least
that much), ``status``, ``depth``, ``nodes``, ``chosen``. ``data/openings/all.csv`` keeps every
line valued, chosen or not.

Run it with ``.venv/bin/python scripts/make_openings.py`` (a few minutes on the project's
2-core machine: under three minutes at the default 2,000,000 nodes a line).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import hoyito_edu as hy
from hoyito_edu.compiled import search as fastsearch
from hoyito_edu.players import WIN

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
OUT = Path(__file__).resolve().parent.parent / "data" / "openings"
COLUMNS = ("variant", "moves", "player", "value", "status", "depth", "nodes", "chosen")


def lines(variant: str, plies: int) -> list[tuple[tuple[int, ...], object]]:
    """Every line of ``plies`` moves from the start that leaves the game going."""
    found = [((), hy.new_game(variant))]
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


def book(rows: list[dict], within: int, least: int) -> list[dict]:
    """The chosen rows (see the module's docstring), most balanced first.

    >>> rows = [{"value": v, "status": "estimated"} for v in (12, -3, 40, 0)]
    >>> [(r["value"], r["chosen"]) for r in book(rows, 4, 2)]
    [(0, 'balanced'), (-3, 'balanced')]
    >>> [(r["value"], r["chosen"]) for r in book(rows, 1, 2)]
    [(0, 'balanced'), (-3, 'most balanced')]
    """
    ranked = sorted(rows, key=lambda r: abs(int(r["value"])))
    balanced = [dict(r, chosen="balanced") for r in ranked if abs(int(r["value"])) <= within]
    if len(balanced) >= least:
        return balanced
    rest = [dict(r, chosen="most balanced") for r in ranked[len(balanced):least]]
    return balanced + rest


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=2_000_000, help="work per line")
    parser.add_argument("--within", type=int, default=8, help="seeds from 0 that count as balanced")
    parser.add_argument("--least", type=int, default=6, help="the fewest lines a book holds")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if min(args.plies, args.nodes, args.least) < 1 or args.within < 0:
        parser.error("--plies, --nodes and --least must be at least 1, --within at least 0")
    args.out.mkdir(parents=True, exist_ok=True)
    every = []
    for variant in args.variants:
        rows = []
        for moves, position in lines(variant, args.plies):
            row = {"variant": variant, "moves": " ".join(map(str, moves)),
                   "player": position.player, **value_for_south(position, args.nodes)}
            print(row, flush=True)
            rows.append(row)
        chosen = book(rows, args.within, args.least)
        picked = {r["moves"]: r["chosen"] for r in chosen}
        every += [dict(r, chosen=picked.get(r["moves"], "")) for r in rows]
        with open(args.out / f"{variant}.csv", "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(chosen)
        values = sorted(int(r["value"]) for r in rows)
        print(f"{variant}: {len(rows)} lines, South's values {values[0]:+d} to {values[-1]:+d}; "
              f"{sum(r['chosen'] == 'balanced' for r in chosen)} within {args.within} seeds; "
              f"book of {len(chosen)}", flush=True)
    with open(args.out / "all.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
