"""simulate(out=DIR) with two writers, a killed run and damaged files (issue 29).

Two runs into one folder used to both succeed and mix their chunks; an emptied or cut-short part
was trusted on resume ("0 written now, 20 already there") while the dataset could not be read.
Here a real second process writes, is refused, is killed with SIGKILL, and the files are
damaged by hand before a resume.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.sim import streaming
from hoyito_edu.sim.streaming import FolderBusy

pytestmark = pytest.mark.slow  # kills real writers

ROOT = Path(__file__).resolve().parent.parent
# The engine path plays about 400 games a second here: slow enough to catch a run mid-way.
SLOW = dict(seed=3, chunk_games=25, tables=["games", "moves"], path="engine")
SLOW_GAMES = 1500


def start_writer(folder: Path) -> subprocess.Popen:
    code = (
        "import sys, hoyito_edu as hy\n"
        f"hy.simulate('hoyito-i', {SLOW_GAMES}, out=sys.argv[1], progress=False, **{SLOW!r})\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", code, str(folder)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def recorded(folder: Path) -> dict:
    try:
        return json.loads((folder / "manifest.json").read_text())["parts"]
    except (OSError, ValueError, KeyError):
        return {}


def test_a_second_writer_is_refused_and_a_killed_run_resumes(tmp_path):
    folder = tmp_path / "run"
    writer = start_writer(folder)
    try:
        deadline = time.monotonic() + 120
        while len(recorded(folder)) < 4:  # two chunks of two tables written
            assert writer.poll() is None, writer.stderr.read().decode()
            assert time.monotonic() < deadline, "the writer wrote nothing in 120 s"
            time.sleep(0.05)
        for seed in (SLOW["seed"], SLOW["seed"] + 1):  # same arguments or not: refused
            with pytest.raises(FolderBusy, match=f"another run is writing to {folder} now"):
                hy.simulate("hoyito-i", SLOW_GAMES, out=folder, progress=False,
                            **{**SLOW, "seed": seed})
        assert writer.poll() is None, "the writer ended before the second run was tried"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
    written_before = len(recorded(folder)) // 2
    run = hy.simulate("hoyito-i", SLOW_GAMES, out=folder, progress=False, **SLOW)
    assert run.skipped >= written_before >= 2 and run.written + run.skipped == run.chunks
    assert not list(folder.rglob(".*.tmp")), "temporary files of the killed run are left"
    sim = hy.simulate("hoyito-i", SLOW_GAMES, seed=3, tables=["games", "moves"], path="engine",
                      progress=False)
    pd.testing.assert_frame_equal(pd.read_parquet(folder / "games"), sim.games)
    pd.testing.assert_frame_equal(pd.read_parquet(folder / "moves"), sim.moves)


def test_the_lock_is_held_by_another_process_not_a_file(tmp_path):
    folder = tmp_path / "run"
    code = (
        "import sys; from pathlib import Path; from hoyito_edu.sim.streaming import lock_folder\n"
        "with lock_folder(Path(sys.argv[1])):\n"
        "    print('locked', flush=True); sys.stdin.readline()\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", code, str(folder)],
                              env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        with pytest.raises(FolderBusy):
            hy.simulate("ba-awa", 20, seed=1, out=folder, tables=["games"])
        assert list(folder.iterdir()) == []  # nothing written by the refused run
    finally:
        holder.communicate("\n", timeout=30)
    run = hy.simulate("ba-awa", 20, seed=1, out=folder, tables=["games"])
    assert run.written == 1 and sorted(p.name for p in folder.iterdir()) == [
        "games", "manifest.json"]


ARGS = dict(seed=5, chunk_games=20, tables=["games", "moves"])


def test_damaged_or_unrecorded_parts_are_written_again(tmp_path):
    first = hy.simulate("hoyito-ii", 120, out=tmp_path, **ARGS)
    assert (first.chunks, first.written) == (6, 6)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    for name, record in manifest["parts"].items():
        assert record["rows"] == len(pd.read_parquet(tmp_path / name))
        assert record["sha256"] == streaming.sha256(tmp_path / name)
    games, moves = tmp_path / "games", tmp_path / "moves"
    (games / "part-000000.parquet").write_bytes(b"")  # emptied
    data = (moves / "part-000002.parquet").read_bytes()
    (moves / "part-000002.parquet").write_bytes(data[: len(data) // 2])  # cut short
    data = bytearray((games / "part-000003.parquet").read_bytes())
    data[100] ^= 0xFF
    (games / "part-000003.parquet").write_bytes(bytes(data))  # one byte changed
    del manifest["parts"]["moves/part-000004.parquet"]  # written, but never recorded
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    stale = [games / ".part-000001.parquet.0123abcd.tmp", tmp_path / ".manifest.json.x.tmp"]
    for path in stale:
        path.write_bytes(b"half")
    kept = os.stat(games / "part-000005.parquet").st_mtime_ns

    again = hy.simulate("hoyito-ii", 120, out=tmp_path, **ARGS)
    assert (again.written, again.skipped) == (4, 2)
    assert not any(path.exists() for path in stale)
    assert os.stat(games / "part-000005.parquet").st_mtime_ns == kept  # intact: not rewritten
    sim = hy.simulate("hoyito-ii", 120, seed=5, tables=["games", "moves"])
    pd.testing.assert_frame_equal(pd.read_parquet(games), sim.games)
    pd.testing.assert_frame_equal(pd.read_parquet(moves), sim.moves)
    assert hy.simulate("hoyito-ii", 120, out=tmp_path, **ARGS).written == 0


def test_each_part_is_flushed_to_disk_before_its_rename(tmp_path, monkeypatch):
    events: list[tuple[str, str]] = []
    fsync, replace = os.fsync, os.replace

    def spy_fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        return fsync(fd)

    def spy_replace(source, target):
        events.append(("replace", str(source)))
        return replace(source, target)

    monkeypatch.setattr(os, "fsync", spy_fsync)
    monkeypatch.setattr(os, "replace", spy_replace)
    hy.simulate("ba-awa", 40, seed=1, out=tmp_path, chunk_games=20, tables=["games"])
    renamed = [path for kind, path in events if kind == "replace"]
    assert any(".part-000001.parquet." in path for path in renamed)
    for path in renamed:  # every temporary file (parts and manifest) was synced first
        synced = events.index(("fsync", path))
        assert synced < events.index(("replace", path))
