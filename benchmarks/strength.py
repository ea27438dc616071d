"""Who is stronger, with the fewest games: the match runner and the Elo ladder (issue 28).

Three modes:

- no arguments (as ``make bench`` runs it): one line for each run already in
  ``data/strength/`` (pairs, pentanomial counts, Elo with its interval, SPRT verdict); it
  plays nothing.

- ``run`` (the default): the match runner of :mod:`hoyito_edu.sim.strength`, the same as
  ``python -m hoyito_edu strength``: game pairs with seats swapped from the same opening,
  appended to ``data/strength/<run>/<host>.csv`` as they finish (a rerun goes on where it
  stopped), and the pentanomial counts, Elo with its 95 % interval, mean pair margin, SPRT and
  games stopped at the ply cap. Example: ``.venv/bin/python benchmarks/strength.py run --a
  expert --b mcts --variant ba-awa --seconds 0.1 --jobs 2``.
- ``ladder``: an Elo ladder of every level, per rule set on 2x6: each level plays ``--pairs``
  pairs against the next one up (random, beginner, greedy, intermediate, mcts, expert; mcts
  and expert at ``--seconds`` a move), each step's Elo difference comes with its 95 % interval
  from its pairs, and the ladder adds the steps up from ``random`` = 0 (intervals of the sums
  from the steps' variances added). Results are resumable runs under ``data/strength/`` like
  any other, in folders ending in ``SUFFIX`` (``_v3``: the runs of the expert as it now is);
  the table is written to ``data/strength/ladder.csv``. ``make ladder`` runs it (``PAIRS=20``
  by default: about 12 minutes from nothing on the project's busy machine, the expert's step
  included).

An Elo difference from a step that one side won every pair of is infinite: the table says
``inf`` and the sums above it are open-ended.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path

from hoyito_edu.sim import strength

LEVELS = ("random", "beginner", "greedy", "intermediate", "mcts", "expert")
VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
LADDER = strength.DATA / "ladder.csv"
#: Added to the run folders of the ladder's steps: the runs of the expert as it now is (issue 28,
#: third pass); the folders without it hold the runs of the earlier expert, kept for the record.
SUFFIX = "_v3"


def ladder(pairs: int, seconds: float, jobs: int, variants=VARIANTS, out: Path = LADDER,
           suffix: str = SUFFIX) -> list:
    """Play (or go on with) the ladder's steps and write its table; returns its rows. Each
    step's run folder is the one the match runner names, with ``suffix`` added (``"_v3"``: new
    runs beside the old ones, e.g. after a player changed)."""
    rows = []
    for variant in variants:
        total, var = 0.0, 0.0
        rows.append({"variant": variant, "level": LEVELS[0], "step_pairs": 0, "step_elo": 0.0,
                     "step_low": 0.0, "step_high": 0.0, "elo": 0.0, "low": 0.0, "high": 0.0,
                     "step_margin": 0.0})
        for lower, upper in zip(LEVELS, LEVELS[1:], strict=False):
            match = strength.Match(upper, lower, variant, seconds)  # seed 0, as the SPRT runs
            folder = strength.DATA / (match.label() + suffix)
            found = strength.run_match(match, pairs, folder, jobs=jobs, stop_at_verdict=False)
            stats = strength.summarize(found)
            elo, low, high = stats.elo
            # the step's standard error in Elo, from its interval (1.96 either side)
            se = (high - low) / (2 * 1.959964) if math.isfinite(high - low) else math.inf
            total += elo
            var += se**2
            half = 1.959964 * math.sqrt(var)
            rows.append({"variant": variant, "level": upper, "step_pairs": stats.pairs,
                         "step_elo": round(elo, 1), "step_low": round(low, 1),
                         "step_high": round(high, 1), "elo": round(total, 1),
                         "low": round(total - half, 1), "high": round(total + half, 1),
                         "step_margin": round(stats.margin[0], 2)})
            print(f"{variant} {upper} vs {lower}: " + "; ".join(stats.lines(upper, lower)[1:4]),
                  flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    for row in rows:
        print(f"{row['variant']:<11} {row['level']:<13} Elo {row['elo']:>+8} "
              f"[{row['low']:+}, {row['high']:+}] (step: {row['step_pairs']} pairs, "
              f"{row['step_elo']:+} [{row['step_low']:+}, {row['step_high']:+}])")
    return rows


def summary(folder: Path = strength.DATA) -> int:
    """One line per run folder under ``folder``: what has been played so far."""
    for run in sorted(p for p in Path(folder).iterdir() if p.is_dir()):
        rows = strength.read_pairs(run)
        if rows:
            stats = strength.summarize(rows)
            elo, low, high = stats.elo
            print(f"{run.name}: {stats.pairs} pairs {stats.counts}, Elo {elo:+.1f} "
                  f"[{low:+.1f}, {high:+.1f}], margin {stats.margin[0]:+.2f}, SPRT(0, 30) "
                  f"{stats.sprt.verdict or 'undecided'} (LLR {stats.sprt.llr:+.2f})")
    return 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        return summary() if strength.DATA.exists() else 0
    if argv[:1] != ["ladder"]:
        return strength.main(argv[1:] if argv[:1] == ["run"] else argv,
                             prog="benchmarks/strength.py run")
    parser = argparse.ArgumentParser(prog="benchmarks/strength.py ladder",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20, help="pairs per step and rule set")
    parser.add_argument("--seconds", type=float, default=0.1, help="time a move (mcts, expert)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--out", type=Path, default=LADDER)
    parser.add_argument("--suffix", default=SUFFIX,
                        help=f"added to every step's run folder ({SUFFIX!r}; '' for the old runs)")
    args = parser.parse_args(argv[1:])
    if args.pairs < 1 or args.jobs < 1:
        parser.error("--pairs and --jobs must be at least 1")
    ladder(args.pairs, args.seconds, args.jobs, args.variants, args.out, args.suffix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
