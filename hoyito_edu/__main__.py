"""Command line: ``python -m hoyito_edu simulate ...``.

Examples::

    python -m hoyito_edu simulate --variant hoyito-i --games 100000 --out games.csv
    python -m hoyito_edu simulate --variant hoyito-ii --variant ba-awa --games 2000 \\
        --out games.parquet --moves moves.parquet --captures captures.parquet --metrics m.csv
    python -m hoyito_edu simulate --variant ba-awa --games 200 --players greedy random \\
        --out greedy.csv

Files ending in ``.csv`` (or ``.csv.gz``) are written as CSV, files ending in ``.parquet`` as
Parquet (needs pyarrow, part of the dev extra: ``pip install -e '.[dev]'``).

A folder (a name ending in ``/``) streams the tables to a Parquet dataset, one file per chunk,
for runs bigger than memory; running the same command again finishes an interrupted run::

    python -m hoyito_edu simulate --variant hoyito-i --games 100000000 --out runs/h1/ \
        --tables games captures

On a Dask cluster (``pip install 'hoyito_edu[dask]'``), ``--scheduler tcp://HOST:8786`` plays
the games on its workers, and ``--dask-workers N`` starts a cluster of N local processes.

Teachers' commands, the same on Windows (``py -m hoyito_edu ...``), macOS and Linux::

    python -m hoyito_edu lab --dir FOLDER       # the notebooks in FOLDER, opened in JupyterLab
    python -m hoyito_edu serve --lang es        # the class server (phones play and read the book)
    python -m hoyito_edu play --lang es         # the board page alone, in Voila
    python -m hoyito_edu worksheets             # the printable worksheets (PDF)
    python -m hoyito_edu student                # student copies of the notebooks
    python -m hoyito_edu book                   # the book: every notebook as an HTML page
    python -m hoyito_edu kit                    # the kits for a USB stick (zip)

``python -m hoyito_edu strength`` plays game pairs between two players and tests which is
stronger (:mod:`hoyito_edu.sim.strength`; ``python -m hoyito_edu strength -h`` for help)::

    python -m hoyito_edu strength --a expert --b mcts --variant ba-awa --seconds 0.1 --jobs 2

``python -m hoyito_edu verify-proof FILE`` checks a certificate of perfect play
(:mod:`hoyito_edu.analysis.certificates`), e.g. one of ``data/proofs/``.
``python -m hoyito_edu solve`` proves exact perfect-play values into ``data/solved.csv``
(:mod:`hoyito_edu.analysis.solve`; rerun it to go on where it stopped).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from .engine.rules import DEFAULT_MAX_LAPS, VARIANTS
from .engine.saving import file_mode_for, refuse_special_target, show
from .players import available
from .sim.simulate import DEFAULT_MAX_PLIES
from .version import __version__

FORMATS = {".csv": "csv", ".gz": "csv", ".parquet": "parquet", ".pq": "parquet"}
#: The output options, by the table each writes.
OUTPUTS = {"games": "--out", "moves": "--moves", "captures": "--captures", "metrics": "--metrics"}


def whole(low: int, high: int | None = None, none: bool = False):
    """An argparse ``type``: a whole number from ``low`` (to ``high``), or ``none`` if allowed.

    >>> whole(1, none=True)("none"), whole(1)("12")
    (None, 12)
    """

    def convert(text: str) -> int | None:
        if none and text.strip().lower() == "none":
            return None
        try:
            number = int(text)
        except ValueError:
            number = None
        if number is None or number < low or (high is not None and number > high):
            allowed = f"a whole number from {low:,}" + (f" to {high:,}" if high else "")
            allowed += ", or 'none' for no limit" if none else ""
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {show(text)}")
        return number

    return convert


def variant_name(text: str) -> str:
    """An argparse ``type``: a variant name (any case)."""
    key = text.strip().lower()
    if key not in VARIANTS:
        raise argparse.ArgumentTypeError(
            f"unknown variant {show(text)}; the variants are {', '.join(VARIANTS)}"
        )
    return key


def player_name(text: str) -> str:
    """An argparse ``type``: a player name (any case)."""
    key = text.strip().lower()
    if key not in available():
        raise argparse.ArgumentTypeError(
            f"unknown player {show(text)}; the players are {', '.join(available())}"
        )
    return key


def _parser() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The command line's parser and its ``simulate`` sub-parser."""
    parser = argparse.ArgumentParser(
        prog="python -m hoyito_edu",
        description="Tools for hoyito_edu. Run 'python -m hoyito_edu COMMAND -h' for a "
        "command's help.",
    )
    parser.add_argument("--version", action="version", version=f"hoyito_edu {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="command", required=True)
    _teachers_commands(commands)
    check = commands.add_parser(
        "verify-proof", help="check a certificate of perfect play (data/proofs/*.npz)",
        description="Replay every reply of the opponent in a certificate through the rules "
        "engine and say whether its claim holds, with the worst case (the margin the prover "
        "is sure of). Exit status 0: valid; 1: not valid; 2: the file cannot be read.")
    check.add_argument("file", type=Path, metavar="FILE", help="the certificate (.npz)")
    check.add_argument("--lang", choices=("es", "en"), default="es",
                       help="language of what is printed (default es)")
    sim = commands.add_parser(
        "simulate",
        help="play many games and write their tables (CSV or Parquet)",
        description="Play many games between computer players and write the tables of "
        "hoyito_edu.sim.simulate(): one row per game (--out), per move (--moves), per capture "
        "(--captures), and Ludii-style metrics (--metrics). The same seed gives the same files. "
        "Every output is checked before the first game is played, and written whole (a "
        "temporary file, then renamed) once all of them are ready.",
    )
    sim.add_argument(
        "--variant",
        action="append",
        required=True,
        type=variant_name,
        metavar="NAME",
        help=f"rule set ({', '.join(VARIANTS)}); repeat for several",
    )
    sim.add_argument(
        "--games", type=whole(1), required=True, metavar="N", help="games per variant"
    )
    sim.add_argument(
        "--out",
        required=True,
        metavar="FILE|DIR/",
        help="games table: .csv, .csv.gz or .parquet; or a folder (ending in /) for a "
        "Parquet dataset written chunk by chunk (restartable, bounded memory)",
    )
    sim.add_argument(
        "--tables",
        nargs="+",
        choices=["games", "moves", "captures"],
        metavar="TABLE",
        help="with --out DIR/: the tables to write (games, moves, captures; default games)",
    )
    sim.add_argument(
        "--chunk-games",
        type=whole(1),
        metavar="N",
        help="games per chunk (one task, one file per table) with --out DIR/ or Dask",
    )
    dask = sim.add_mutually_exclusive_group()
    dask.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster: its scheduler's address, e.g. tcp://10.0.0.5:8786",
    )
    dask.add_argument(
        "--dask-workers",
        type=whole(1, 256),
        metavar="N",
        help="play on a Dask cluster of N local worker processes started for this run",
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
        type=whole(6, 12),
        default=6,
        metavar="N",
        help="board size (default 6; Hoyito 6-12, Ba-awa 6)",
    )
    sim.add_argument(
        "--seed", type=whole(0), default=0, metavar="N", help="random seed (default 0)"
    )
    sim.add_argument(
        "--players",
        nargs=2,
        type=player_name,
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
        type=whole(1),
        default=DEFAULT_MAX_PLIES,
        metavar="N",
        help=f"stop a game after N moves, reported as 'ply-cap' (default {DEFAULT_MAX_PLIES})",
    )
    sim.add_argument(
        "--workers", type=whole(1), default=1, metavar="N", help="processes to use (default 1)"
    )
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
    sim.add_argument(
        "--max-laps",
        type=whole(1, none=True),
        default=argparse.SUPPRESS,
        metavar="N|none",
        help=f"rule option: a move stops after N laps, ending the game as 'lap-limit' "
        f"(R2.8; default {DEFAULT_MAX_LAPS}; none: no limit)",
    )
    sim.add_argument(
        "--quiet-limit",
        type=whole(1, none=True),
        default=argparse.SUPPRESS,
        metavar="N|none",
        help="rule option: a game ends as 'quiet-limit' after N plies in a row without a "
        "capture, each player taking the seeds in their own holes (R4.5; default none)",
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
    serve = commands.add_parser(
        "serve",
        help="serve a whole class: students play on their phones, every game is kept",
        description="Start the class server (needs the [class] extra: pip install "
        "'hoyito_edu[class]'). It prints the address students open, the class code and the "
        "teacher's page. Starting it again with the same --db carries on with the same class "
        "(on a PostgreSQL database shared by teachers: with --class CODE).",
    )
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only; "
                       "0.0.0.0 for a class on the school's network)")
    serve.add_argument("--port", type=whole(1, 65535), default=8000, help="port (default 8000)")
    serve.add_argument("--db", default="clase.db",
                       help="SQLite file (default clase.db) or a postgresql:// URL")
    serve.add_argument("--lang", choices=("es", "en"), default="es",
                       help="language of the pages by default and of what is printed")
    serve.add_argument("--new", action="store_true",
                       help="start a new class even if the database has one not ended")
    serve.add_argument("--class", dest="class_code", metavar="CODE",
                       help="carry on with this class (the code printed when it started); "
                       "on a PostgreSQL database shared by teachers, --class or --new is needed")
    serve.add_argument("--workers", type=whole(0, 16), default=2,
                       help="processes thinking for the intermediate and expert levels "
                       "(default 2; 0: only the quick levels)")
    serve.add_argument("--book", type=Path, default=Path("build/book"), metavar="DIR",
                       help="the book served to the phones at /libro/ and /book/ (default "
                       "build/book, written by 'python -m hoyito_edu book')")
    return parser, sim


def _teachers_commands(commands) -> None:
    """The commands a teacher uses, each what a Makefile target did, on any system."""
    lab = commands.add_parser(
        "lab", help="copy the notebooks into a folder and open JupyterLab there",
        description="Copy the notebooks (both languages), documents and data into FOLDER, "
        "never over a file already there, and open JupyterLab on it (needs the [lab] extra).")
    lab.add_argument("--dir", type=Path, default=Path("hoyito_notebooks"), metavar="FOLDER",
                     help="where the notebooks go (default ./hoyito_notebooks)")
    lab.add_argument("--port", type=whole(1, 65535), help="JupyterLab's port")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser")
    play = commands.add_parser(
        "play", help="serve the board page alone with Voila (this computer, or a class)",
        description="Serve the play page (the board, short instructions, the rules in words) "
        "with Voila. With --host 0.0.0.0 the school's network can open it, always with a "
        "token (a new one each time unless --token is given).")
    play.add_argument("--lang", choices=("es", "en"), default="es", help="the page's language")
    play.add_argument("--host", default="127.0.0.1", help="address to listen on")
    play.add_argument("--port", type=whole(1, 65535), default=8866, help="port (default 8866)")
    play.add_argument("--token", help="the token students add to the address (network only)")
    sheets = commands.add_parser(
        "worksheets", help="write the printable worksheets (PDF) in both languages",
        description="Write the worksheets, answer sheet, paper boards and record sheet in "
        "English (OUT/en/) and Spanish (OUT/es/).")
    sheets.add_argument("--out", type=Path, default=Path("build/worksheets"), metavar="DIR")
    sheets.add_argument("--paper", choices=("a4", "letter"),
                        help="paper for both languages (default: A4 English, Letter Spanish)")
    student = commands.add_parser(
        "student", help="write student copies of the notebooks (no answers)",
        description="Write a copy of every notebook without solution and teacher-only cells "
        "into DIR (Spanish: DIR/es/).")
    student.add_argument("--out", type=Path, default=Path("build/student"), metavar="DIR")
    book = commands.add_parser(
        "book", help="run every notebook and write the book as HTML pages",
        description="Run every notebook in both languages and write the book (students' "
        "pages, the teacher's edition, the documents) into DIR; it opens with no server.")
    book.add_argument("--out", type=Path, default=Path("build/book"), metavar="DIR")
    book.add_argument("--reuse", type=Path, metavar="DIR",
                      help="keep the run notebooks in DIR and reuse those whose cells, and the "
                      "package's code and data, are unchanged")
    kit = commands.add_parser(
        "kit", help="build the kits that open from a USB stick with nothing installed",
        description="Build hoyito-kit-es.zip and hoyito-kit-en.zip: the book and the "
        "printables, opening from the file system on any computer or phone.")
    kit.add_argument("--lang", choices=("es", "en"), action="append",
                     help="only this language's kit (default both)")
    kit.add_argument("--out", type=Path, default=Path("dist"), metavar="DIR")
    kit.add_argument("--reuse", type=Path, metavar="DIR",
                     help="keep the run notebooks in DIR and reuse those whose cells, and the "
                     "package's code and data, are unchanged")


def teachers_command(args) -> int:
    """Run lab, play, worksheets, student, book or kit; a problem is said in a sentence."""
    if args.command == "lab":
        from .publish.lab import copy_notebooks, open_lab

        copied = copy_notebooks(args.dir)
        print(f"{copied.folder}: {len(copied.written)} file(s) copied, "
              f"{len(copied.same)} already there")
        for path in copied.kept:
            print(f"  kept your edited copy of {path.as_posix()} (the new edition was not "
                  "copied over it; open an empty folder to have it)")
        return open_lab(copied.folder, port=args.port, open_browser=not args.no_browser)
    if args.command == "play":
        from .publish.play import serve_play_page

        return serve_play_page(args.lang, args.host, args.port, args.token)
    if args.command == "worksheets":
        from .teaching.worksheets import build_all

        for written in build_all(args.out, paper=args.paper).values():
            for path in written.values():
                print(path)
        return 0
    if args.command == "student":
        from .content import notebooks_dir
        from .publish.student import write_student_copies

        return write_student_copies(notebooks_dir(), args.out)
    if args.command == "book":
        from .publish.book import RunCache, build_book

        book = build_book(args.out, executed=RunCache(args.reuse).executed if args.reuse else None)
        for link in book.broken_links:
            print(f"  a link leads nowhere: {link}", file=sys.stderr)
        print(f"open {args.out / 'index.html'} in a browser")
        return 0
    from .publish.book import RunCache
    from .publish.kit import build_kits

    build_kits(args.out, args.lang or ("es", "en"),
               executed=RunCache(args.reuse).executed if args.reuse else None)
    return 0


def verify_proof_command(path: Path, lang: str) -> int:
    """Check one certificate and print the verdict; 0 valid, 1 not valid, 2 unreadable."""
    from .analysis.certificates import CertificateError, verify
    from .i18n import language

    with language(lang):
        try:
            verdict = verify(path)
        except CertificateError as error:
            print(f"python -m hoyito_edu verify-proof: {error}", file=sys.stderr)
            return 2
        print(verdict.report())
    return 0 if verdict.valid else 1


TEACHERS_COMMANDS = ("lab", "play", "worksheets", "student", "book", "kit")


def _format(path: Path) -> str:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None or (path.suffix.lower() == ".gz" and not path.name.lower().endswith(".csv.gz")):
        raise ValueError(
            f"cannot tell the format of {str(path)!r}: name it .csv, .csv.gz or .parquet"
        )
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError(
                f"writing {path.name} as Parquet needs the pyarrow package, which is not "
                "installed: pip install pyarrow (it comes with pip install -e '.[dev]'), "
                "or write a .csv file instead"
            ) from None
    return fmt


def check_outputs(outputs: dict[str, Path | None]) -> None:
    """Check, before any game is played, that every output can be written: a known format,
    an existing folder that can be written to, not a folder itself, not read-only, and no
    file named twice (also through another spelling, a symbolic link or a hard link)."""
    seen: dict[str, str] = {}
    for table, path in outputs.items():
        if path is None:
            continue
        option = OUTPUTS[table]
        _format(path)
        real = _writable(path, option)
        for other, other_real in seen.items():
            if _same_file(real, other_real):
                raise ValueError(
                    f"{other} and {option} name the same file ({path}); give each table its "
                    "own file"
                )
        seen[option] = real


def _writable(path: Path, option: str) -> str:
    """The real path ``path`` is written to; a ValueError if it cannot be."""
    try:
        real = os.path.realpath(path)
    except (ValueError, OSError) as err:  # a NUL character, a symbolic link loop ...
        raise ValueError(f"{option} {show(str(path))} is not a usable file name: {err}") from None
    if os.path.isdir(real):
        raise ValueError(
            f"{option} {path} is a folder; give a file name such as {path / 'table.csv'}"
            + (f", or {path}/ (ending in /) for a Parquet dataset" if option == "--out" else "")
        )
    try:
        refuse_special_target(real, path)
    except OSError as err:
        raise ValueError(f"{option}: {err.strerror}") from None
    folder = os.path.dirname(real)
    if not os.path.isdir(folder):
        raise ValueError(f"folder {str(path.parent)!r} does not exist (for {option} {path.name})")
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".hoyito-probe-")
    except OSError as err:
        raise ValueError(
            f"cannot write {option} {path}: the folder {folder} is not writable "
            f"({err.strerror or err})"
        ) from None
    os.close(fd)
    os.unlink(probe)
    if os.path.exists(real) and not os.access(real, os.W_OK):
        raise ValueError(f"cannot write {option} {path}: the file is read-only")
    return real


def _same_file(a: str, b: str) -> bool:
    if os.path.normcase(a) == os.path.normcase(b):
        return True
    try:
        return os.path.samefile(a, b)  # hard links
    except OSError:
        return False


def write_table(table, path: Path, fmt: str | None = None) -> None:
    """Write a table as CSV (gzipped for ``.csv.gz``) or Parquet, by the file's extension or
    the format of the file it stands in for (``fmt``: ``"csv"``, ``"csv.gz"``, ``"parquet"``)."""
    if fmt is None:
        fmt = "csv.gz" if path.name.lower().endswith(".csv.gz") else _format(path)
    if fmt == "parquet":
        table.to_parquet(path, index=False)
    else:
        table.to_csv(path, index=False, compression="gzip" if fmt == "csv.gz" else None)


def write_tables(tables: dict[str, object], outputs: dict[str, Path]) -> None:
    """Write every table to a temporary file next to its target, then rename them all into
    place: an error while writing leaves the old files as they were and no temporary file."""
    temporary: dict[str, str] = {}
    try:
        for name, table in tables.items():
            target = outputs[name]
            real = os.path.realpath(target)
            fd, temporary[name] = tempfile.mkstemp(
                dir=os.path.dirname(real), prefix=f".{os.path.basename(real)}.", suffix=".tmp"
            )
            os.close(fd)
            gz = target.name.lower().endswith(".csv.gz")
            write_table(table, Path(temporary[name]), "csv.gz" if gz else _format(target))
        for name, tmp in temporary.items():
            real = os.path.realpath(outputs[name])
            refuse_special_target(real, outputs[name])  # it may have changed during the run
            os.chmod(tmp, file_mode_for(real))
            os.replace(tmp, real)
    finally:
        for tmp in temporary.values():
            if os.path.exists(tmp):
                os.unlink(tmp)


def is_folder(text: str) -> bool:
    """``--out`` names a Parquet dataset's folder: it ends in a slash.

    >>> is_folder("runs/h1/"), is_folder("games.csv")
    (True, False)
    """
    return text.endswith(("/", os.sep))


def _streamed_outputs(args: argparse.Namespace) -> None:
    """With ``--out DIR/``: refuse the options that name files."""
    for option in ("moves", "captures", "metrics"):
        if getattr(args, option) is not None:
            raise ValueError(
                f"--{option} names a file; with --out {args.out}/ (a Parquet dataset) "
                + ("choose tables with --tables games moves captures" if option != "metrics"
                   else "compute metrics from the dataset's games table afterwards")
            )


def dask_client(args: argparse.Namespace):
    """A ``distributed.Client`` for ``--scheduler`` or ``--dask-workers`` (None for neither),
    and the local cluster to close afterwards (or None)."""
    if args.scheduler is None and args.dask_workers is None:
        return None, None
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        from .sim.cluster import INSTALL_DASK

        raise ValueError(f"--scheduler and --dask-workers need Dask: {INSTALL_DASK}") from None
    if args.workers > 1:
        raise ValueError("give --workers (processes here) or a Dask cluster, not both")
    if args.scheduler is not None:
        from .sim.cluster import connect

        # Dask logs a lost scheduler as tracebacks on stderr; the command says it in a sentence.
        for name in ["distributed", *logging.root.manager.loggerDict]:
            if name.startswith("distributed"):
                logging.getLogger(name).setLevel(logging.CRITICAL)
        return connect(args.scheduler), None
    cluster = LocalCluster(n_workers=args.dask_workers, threads_per_worker=1, processes=True,
                           dashboard_address=":0")
    return Client(cluster), cluster


def simulate_command(args: argparse.Namespace) -> int:
    stream = is_folder(args.out)
    args.out = Path(args.out)
    if args.tables is not None and not stream:
        raise ValueError("--tables goes with --out DIR/ (a folder); for files use --moves, "
                         "--captures")
    twice = sorted({v for v in args.variant if args.variant.count(v) > 1})
    if twice:
        raise ValueError(f"--variant {', '.join(twice)} is given twice; give each variant once")
    if stream:
        _streamed_outputs(args)
    else:
        check_outputs({t: getattr(args, "out" if t == "games" else t) for t in OUTPUTS})
    client, cluster = dask_client(args)
    try:
        if client is not None:
            print(f"Dask dashboard: {client.dashboard_link}")
        return _simulate(args, stream, client)
    finally:
        if client is not None:
            try:
                client.close()
            except Exception:  # noqa: BLE001 - a client whose scheduler is gone may fail to close
                pass
        if cluster is not None:
            cluster.close()


def _simulate(args: argparse.Namespace, stream: bool, client) -> int:
    from .sim.simulate import simulate

    outputs = {table: getattr(args, "out" if table == "games" else table) for table in OUTPUTS}
    options = {}
    if args.skip_origin:
        options["skip_origin"] = True
    if args.chain_opponent_side_only:
        options["chain_opponent_side_only"] = True
    for key in ("max_laps", "quiet_limit"):
        if key in vars(args):
            options[key] = getattr(args, key)
    tables = ["games"] + [t for t in ("moves", "captures") if outputs[t] is not None]
    if stream:
        tables = ["games"] + [t for t in ("moves", "captures") if t in (args.tables or ())]
    started = time.perf_counter()
    result = simulate(
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
        client=client,
        out=args.out if stream else None,
        chunk_games=args.chunk_games,
        **options,
    )
    if stream:
        print(f"{result.games:,} games ({', '.join(args.variant)}) in "
              f"{time.perf_counter() - started:.1f} s: {result.chunks} chunks in {result.path}/ "
              f"({result.written} written now, {result.skipped} already there)")
        return 0
    sim = result
    written = {
        name: sim.metrics() if name == "metrics" else getattr(sim, name)
        for name, path in outputs.items()
        if path is not None
    }
    write_tables(written, outputs)
    seconds = time.perf_counter() - started
    print(
        f"{len(sim.games):,} games ({', '.join(args.variant)}; {sim.path} path) in {seconds:.1f} s"
    )
    reasons = sim.games["end_reason"].value_counts()
    print("  ended by: " + ", ".join(f"{r} {c:,}" for r, c in reasons.items() if c))
    for name, table in written.items():
        print(f"  {name:<9}{len(table):>10,} rows  {outputs[name]}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    A bad argument exits with status 2 and argparse's usage message saying what is allowed,
    before any game is played; a file that cannot be written at the end exits with status 1.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["strength"]:  # the match runner has its own parser
        from .sim.strength import main as strength

        return strength(argv[1:])
    if argv[:1] == ["solve"]:  # exact values by sound proofs: a parser of its own too
        from .analysis.solve import main as solve

        return solve(argv[1:])
    parser, sim = _parser()
    args = parser.parse_args(argv)
    if args.command == "verify-proof":
        return verify_proof_command(args.file, args.lang)
    if args.command in TEACHERS_COMMANDS:
        try:
            return teachers_command(args)
        except ImportError as error:
            parser.exit(1, f"{parser.prog} {args.command}: a package it needs is missing "
                           f"({error.name}): pip install \"hoyito_edu[lab]\"\n")
        except (OSError, RuntimeError, ValueError) as error:
            parser.exit(1, f"{parser.prog} {args.command}: {error}\n")
    if args.command == "serve":
        try:
            from .board.server.app import serve
            from .board.server.room import CannotStart
        except ImportError as error:
            parser.exit(1, f"{parser.prog} serve: needs the [class] extra "
                           f"(pip install 'hoyito_edu[class]'): {error}\n")
        try:
            serve(args.host, args.port, args.db, args.lang, args.new, args.workers,
                  args.class_code, book=args.book)
        except CannotStart as error:
            parser.exit(1, f"{parser.prog} serve: {error}\n")
        return 0
    try:
        return simulate_command(args)
    except ValueError as error:
        sim.error(str(error))
    except OSError as error:
        sim.exit(1, f"{sim.prog}: error: cannot write the tables: {error}\n")
    except RuntimeError as error:
        from .sim.cluster import ClusterLost

        if not isinstance(error, ClusterLost):
            raise
        sim.exit(1, f"{sim.prog}: error: {error}\n")
    return 2  # pragma: no cover - error() and exit() raise SystemExit


def run_piped() -> int:
    """:func:`main`, quiet when the reader of its output goes away (``... | head``): the
    pipe's end is no error of the user's, so no traceback; status 1, as the shell expects
    of a writer cut off (Python's own advice for SIGPIPE)."""
    try:
        status = main()
        sys.stdout.flush()  # a broken pipe shows here, not at the interpreter's exit
        return status
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the exit's own flush writes nowhere
        return 1


if __name__ == "__main__":
    sys.exit(run_piped())
