"""Opening books for the match runner: writes ``data/openings/<variant>.csv`` (issue 28).

The lines, their values and the choice of a book are :mod:`hoyito_edu.analysis.openings`; this
script runs them (in ``--jobs`` processes) and writes the files.

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

``--prove`` values each line by two searches instead, to tell a drawn line from one the search
merely estimates even: one with a seed of surplus (R4.4) for South, one with a seed for North.
Every final margin is then odd (the 48 seeds split into two scores, plus the one seed), so
every finished game is a proven win or loss and a draw is never confused with an even
estimate. South's proven win with the extra seed means South at least draws; North's proven
win with the extra seed means North at least draws; both together prove a draw (value 0,
status ``proven``). A proven loss with the seed is a proven loss by at least one seed more
without it. A line that neither search settles keeps the ``estimated`` value of the search
that did not prove it (its extra seed taken back). With ``--prove`` the book holds only
proven lines: those within ``--within`` seeds of 0, or if fewer than ``--least``, the
``--least`` proven lines nearest 0. ``--sample N`` values a seeded sample of N lines
(``--seed``) rather than all of them, ``--max-depth`` caps the search's depth, ``--jobs``
searches lines in parallel processes, and ``--name`` writes ``<variant>-<name>.csv`` (and
``all-<name>.csv``) beside the other books rather than over them. The Ba-awa book of 4-ply
proven draws, ``data/openings/ba-awa-4ply.csv``, was made with::

    python scripts/make_openings.py --variants ba-awa --plies 4 --prove --sample 200 \
        --seed 0 --nodes 1000000 --max-depth 40 --within 0 --least 12 --jobs 2 --name 4ply
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
from multiprocessing import Pool
from pathlib import Path

from hoyito_edu.analysis.openings import COLUMNS, VARIANTS, book, lines, valued

OUT = Path(__file__).resolve().parent.parent / "data" / "openings"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=2_000_000, help="work per line")
    parser.add_argument("--within", type=int, default=8, help="seeds from 0 that count as balanced")
    parser.add_argument("--least", type=int, default=6, help="the fewest lines a book holds")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--prove", action="store_true",
                        help="tell proven draws from even estimates (two searches a line)")
    parser.add_argument("--sample", type=int, default=None, help="value a seeded sample of N lines")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed")
    parser.add_argument("--max-depth", type=int, default=100, help="the search's deepest ply")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--name", default="", help="write <variant>-<name>.csv, all-<name>.csv")
    args = parser.parse_args(argv)
    if min(args.plies, args.nodes, args.least, args.max_depth, args.jobs) < 1 or args.within < 0:
        parser.error("--plies, --nodes, --least, --max-depth and --jobs must be at least 1, "
                     "--within at least 0")
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    suffix = f"-{args.name}" if args.name else ""
    args.out.mkdir(parents=True, exist_ok=True)
    every = []
    for variant in args.variants:
        found = [moves for moves, _ in lines(variant, args.plies)]
        if args.sample is not None and args.sample < len(found):
            found = sorted(random.Random(args.seed).sample(found, args.sample))
        print(f"{variant}: valuing {len(found)} lines of {args.plies} plies", flush=True)
        tasks = [(variant, moves, args.nodes, args.max_depth, args.prove) for moves in found]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                rows = pool.map(valued, tasks, chunksize=1)
        else:
            rows = [valued(task) for task in tasks]
        for row in rows:
            print(row, flush=True)
        chosen = book(rows, args.within, args.least, proven_only=args.prove)
        picked = {r["moves"]: r["chosen"] for r in chosen}
        every += [dict(r, chosen=picked.get(r["moves"], "")) for r in rows]
        with open(args.out / f"{variant}{suffix}.csv", "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(chosen)
        values = sorted(int(r["value"]) for r in rows)
        print(f"{variant}: {len(rows)} lines, South's values {values[0]:+d} to {values[-1]:+d}; "
              f"{sum(r['status'] == 'proven' for r in rows)} proven; "
              f"{sum(r['chosen'] == 'balanced' for r in chosen)} within {args.within} seeds; "
              f"book of {len(chosen)}", flush=True)
    with open(args.out / f"all{suffix}.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
