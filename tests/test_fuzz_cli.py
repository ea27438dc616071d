"""Fuzzing the command line: random argument lists give exit status 0 with every table
written to its own file, or argparse's usage error (status 2) with a message, before any file
is touched; never a traceback (issue 12).

The lists mix the known options with good and bad values, unknown options and stray words,
and output paths in a temporary folder: several extensions, a folder, a missing folder, the
same file spelled twice or reached through a symbolic link. Games are few and short, so
thousands of cases run in seconds. (``--workers`` above 1 starts processes; it is left to
tests/test_simulate.py.)
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import tempfile
import time
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hoyito_edu.__main__ import main

pytestmark = pytest.mark.slow  # hypothesis runs many examples

#: The most one command may take (each plays at most a few short games).
TIME_LIMIT = 20.0

#: Files in the temporary folder before each command: decoys that must survive a refusal.
DECOYS = {"old.csv": "old\n", "link-target.csv": "target\n"}
#: Output names, relative to the folder; "DIR" marks the folder itself.
NAMES = ["games.csv", "moves.csv.gz", "caps.parquet", "m.csv", "old.csv", "link.csv",
         "sub/t.csv", "./games.csv", "sub/../moves.csv.gz", "missing/x.csv", "dir.csv",
         "table.txt", "data.gz", "noext", "", "DIR"]

NUMBERS = st.sampled_from(["1", "2", "3", "0", "-1", "x", "1.5", "1e3", "", " 2", "9" * 40])
LIMITS = st.sampled_from(["1", "5", "40", "1000", "none", "None", "0", "-3", "x", "2.5"])


def value_for(option: str) -> st.SearchStrategy:
    """Values, good and bad, for one option."""
    return {
        "--variant": st.sampled_from(
            ["hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa", "Hoyito-II", "oware", ""]
        ),
        "--games": NUMBERS,
        "--holes-per-row": st.sampled_from(["6", "7", "12", "5", "13", "x", "6.0"]),
        "--seed": st.sampled_from(["0", "1", "7", "-1", "x", str(2**70)]),
        "--starter": st.sampled_from(["alternate", "0", "1", "2", "x"]),
        "--max-plies": st.sampled_from(["1", "10", "60", "0", "-5", "x"]),
        "--workers": st.sampled_from(["1", "0", "x"]),
        "--path": st.sampled_from(["auto", "fast", "engine", "slow"]),
        "--max-laps": LIMITS,
        "--quiet-limit": LIMITS,
    }.get(option, st.sampled_from(NAMES))


PLAYERS = st.sampled_from(["random", "greedy", "beginner", "RANDOM", "chess", ""])
OPTIONS = ["--variant", "--games", "--out", "--moves", "--captures", "--metrics",
           "--holes-per-row", "--seed", "--starter", "--max-plies", "--workers", "--path",
           "--max-laps", "--quiet-limit"]
FLAGS = ["--skip-origin", "--chain-opponent-side-only", "--progress", "--no-progress"]
JUNK = st.sampled_from(["--bogus", "-x", "stray", "--games=2", "--out=", "--", "-h"])


@st.composite
def argument_lists(draw) -> list[str]:
    """``simulate`` and a mostly valid command, then random options in random order."""
    argv = ["simulate"] if draw(st.integers(0, 19)) else draw(st.sampled_from([[], ["playback"]]))
    if draw(st.booleans()):  # a valid core, so many commands get as far as playing
        argv += ["--variant", draw(value_for("--variant")), "--games", draw(st.sampled_from(
            ["1", "2", "3"])), "--out", draw(st.sampled_from(NAMES[:4]))]
        argv += ["--max-plies", draw(st.sampled_from(["30", "200"]))]
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 9))
        if kind < 6:
            option = draw(st.sampled_from(OPTIONS))
            argv += [option, draw(value_for(option))]
        elif kind < 8:
            argv.append(draw(st.sampled_from(FLAGS)))
        elif kind == 8:
            argv += ["--players", draw(PLAYERS), draw(PLAYERS)]
        else:
            argv.append(draw(JUNK))
    return argv


def in_folder(argv: list[str], folder: Path) -> list[str]:
    """Output names made into paths in ``folder`` (absolute, as a user would give them)."""
    outputs = {"--out", "--moves", "--captures", "--metrics"}
    result = []
    for before, word in zip([None, *argv], argv, strict=False):
        if before in outputs and word in NAMES:
            word = str(folder) if word == "DIR" else f"{folder}{os.sep}{word}" if word else ""
        result.append(word)
    return result


def set_up(folder: Path) -> dict[str, str]:
    for name, text in DECOYS.items():
        (folder / name).write_text(text)
    (folder / "link.csv").symlink_to(folder / "link-target.csv")
    (folder / "sub").mkdir()
    (folder / "dir.csv").mkdir()
    return snapshot(folder)


def snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): p.read_bytes().hex() if p.is_file() else "folder"
        for p in sorted(folder.rglob("*"))
    }


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:
            status = stop.code
    return status, out.getvalue(), err.getvalue()


def last(argv: list[str], option: str) -> str | None:
    """The value argparse takes for ``option``: its last occurrence (or its ``=`` form)."""
    value = None
    for before, word in zip([None, *argv], argv, strict=False):
        if before == option:
            value = word
        elif word.startswith(option + "="):
            value = word.split("=", 1)[1]
    return value


COLUMNS = {"--out": "end_reason", "--moves": "ply", "--captures": "kind", "--metrics": "games"}


def assert_tables_written(argv: list[str], out: str) -> None:
    """Each output holds its own table: none was written over another."""
    paths = {}
    for option, column in COLUMNS.items():
        path = last(argv, option)
        if path is None:
            continue
        paths[option] = os.path.realpath(path)
        if path.endswith(".parquet"):
            table = pd.read_parquet(path)
        else:
            table = pd.read_csv(path)
        assert column in table.columns, f"{option} {path} holds {list(table.columns)}"
        assert str(Path(path)) in out
    assert len(set(paths.values())) == len(paths)


@settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(argument_lists())
def test_random_command_lines_run_or_give_a_usage_error(argv):
    folder = Path(tempfile.mkdtemp(prefix="hoyito-cli-fuzz-"))
    try:
        before = set_up(folder)
        argv = in_folder(argv, folder)
        started = time.perf_counter()
        status, out, err = run(argv)
        assert time.perf_counter() - started < TIME_LIMIT
        assert "Traceback" not in out + err
        event(f"exit {status}")
        if "-h" in argv and status == 0:
            assert "usage:" in out
            return
        assert status in (0, 2), (status, err)
        if status == 2:
            assert "usage:" in err and "error:" in err
            assert snapshot(folder) == before, "a refused command changed files"
        else:
            assert_tables_written(argv, out)
            assert [p.name for p in folder.rglob("*.tmp")] == []
    finally:
        shutil.rmtree(folder)
