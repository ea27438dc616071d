"""Command line: ``python -m hoyito_edu simulate ...``.

Examples::

    python -m hoyito_edu simulate --variant hoyito-i --games 100000 --out games.csv
    python -m hoyito_edu simulate --variant hoyito-ii --variant ba-awa --games 2000 \\
        --out games.parquet --moves moves.parquet --captures captures.parquet --metrics m.csv
    python -m hoyito_edu simulate --variant ba-awa --games 200 --players greedy random \\
        --out greedy.csv

Files ending in ``.csv`` (or ``.csv.gz``) are written as CSV, files ending in ``.parquet`` as
Parquet (needs pyarrow, part of the dev extra: ``pip install -e '.[dev]'``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .players import available
from .rules import VARIANTS
from .simulate import DEFAULT_MAX_PLIES

FORMATS = {".csv": "csv", ".gz": "csv", ".parquet": "parquet", ".pq": "parquet"}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hoyito_edu",
        description="Tools for hoyito_edu. Run 'python -m hoyito_edu simulate -h' for help.",
    )
    commands = parser.add_subparsers(dest="command", metavar="command", required=True)
    sim = commands.add_parser(
        "simulate",
        help="play many games and write their tables (CSV or Parquet)",
        description="Play many games between computer players and write the tables of "
        "hoyito_edu.simulate(): one row per game (--out), per move (--moves), per capture "
        "(--captures), and Ludii-style metrics (--metrics). The same seed gives the same files.",
    )
    sim.add_argument(
        "--variant",
        action="append",
        required=True,
        metavar="NAME",
        help=f"rule set ({', '.join(VARIANTS)}); repeat for several",
    )
    sim.add_argument("--games", type=int, required=True, help="games per variant")
    sim.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="FILE",
        help="games table: .csv, .csv.gz or .parquet",
    )
    sim.add_argument("--moves", type=Path, metavar="FILE", help="also write the moves table")
    sim.add_argument("--captures", type=Path, metavar="FILE", help="also write the captures table")
    sim.add_argument(
        "--metrics",
        type=Path,
        metavar="FILE",
        help="also write Ludii-style metrics per variant and pairing",
    )
    sim.add_argument(
        "--holes-per-row",
        type=int,
        default=6,
        metavar="N",
        help="board size (default 6; Hoyito 6-12, Ba-awa 6)",
    )
    sim.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    sim.add_argument(
        "--players",
        nargs=2,
        default=["random", "random"],
        metavar=("SOUTH", "NORTH"),
        help=f"players by name ({', '.join(available())}); default random random",
    )
    sim.add_argument(
        "--starter",
        default="alternate",
        choices=["alternate", "0", "1"],
        help="who starts: alternate (default), 0 (South) or 1 (North)",
    )
    sim.add_argument(
        "--max-plies",
        type=int,
        default=DEFAULT_MAX_PLIES,
        metavar="N",
        help=f"stop a game after N moves, reported as 'ply-cap' (default {DEFAULT_MAX_PLIES})",
    )
    sim.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    sim.add_argument(
        "--path",
        default="auto",
        choices=["auto", "fast", "engine"],
        help="auto (default): the fast path when both players are random",
    )
    sim.add_argument(
        "--skip-origin",
        action="store_true",
        help="rule option: a long lap skips the hole it started from (R2.2)",
    )
    sim.add_argument(
        "--chain-opponent-side-only",
        action="store_true",
        help="rule option: the Hoyito II chain takes fours on the opponent's row only",
    )
    progress = sim.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="always show a progress bar",
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show a progress bar"
    )
    return parser


def _format(path: Path) -> str:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None or (path.suffix.lower() == ".gz" and not path.name.lower().endswith(".csv.gz")):
        raise ValueError(
            f"cannot tell the format of {str(path)!r}: name it .csv, .csv.gz or .parquet"
        )
    return fmt


def write_table(table, path: Path) -> None:
    """Write a table as CSV or Parquet, by the file's extension."""
    if _format(path) == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError(
                f"writing {path.name} as Parquet needs the pyarrow package, which is not "
                "installed: pip install pyarrow (it comes with pip install -e '.[dev]'), "
                "or write a .csv file instead"
            ) from None
        table.to_parquet(path, index=False)
    else:
        table.to_csv(path, index=False)


def simulate_command(args: argparse.Namespace) -> int:
    from .simulate import simulate

    outputs = {
        "games": args.out,
        "moves": args.moves,
        "captures": args.captures,
        "metrics": args.metrics,
    }
    for path in outputs.values():
        if path is not None:
            _format(path)
            if not path.parent.exists():
                raise ValueError(f"folder {str(path.parent)!r} does not exist (for {path.name})")
    options = {}
    if args.skip_origin:
        options["skip_origin"] = True
    if args.chain_opponent_side_only:
        options["chain_opponent_side_only"] = True
    tables = ["games"] + [t for t in ("moves", "captures") if outputs[t] is not None]
    started = time.perf_counter()
    sim = simulate(
        args.variant,
        args.games,
        players=tuple(args.players),
        holes_per_row=args.holes_per_row,
        seed=args.seed,
        starter=args.starter if args.starter == "alternate" else int(args.starter),
        max_plies=args.max_plies,
        tables=tables,
        path=args.path,
        workers=args.workers,
        progress=args.progress,
        **options,
    )
    written = []
    for name, path in outputs.items():
        if path is None:
            continue
        table = sim.metrics() if name == "metrics" else getattr(sim, name)
        write_table(table, path)
        written.append(f"  {name:<9}{len(table):>10,} rows  {path}")
    seconds = time.perf_counter() - started
    print(
        f"{len(sim.games):,} games ({', '.join(args.variant)}; {sim.path} path) in {seconds:.1f} s"
    )
    reasons = sim.games["end_reason"].value_counts()
    print("  ended by: " + ", ".join(f"{r} {c:,}" for r, c in reasons.items() if c))
    print("\n".join(written))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for a bad argument)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return simulate_command(args)
    except ValueError as error:
        parser.exit(2, f"{parser.prog} {args.command}: error: {error}\n")
    return 2  # pragma: no cover - parser.exit raises SystemExit


if __name__ == "__main__":
    sys.exit(main())
