"""benchmarks/endgame_tables.py (issue 38): anyone can rerun the endgame-table measurements of
docs/research/perfect-play.md; it prints a row a table, keeps the tables where the players
find them, goes on where a stopped run stopped, and stops a build that runs too long."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hoyito_edu.analysis import endgames as eg

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "endgame_tables.py"


def run(tmp_path: Path, *args: str) -> list[list[str]]:
    """The benchmark's table rows (split into fields), run with its cache in ``tmp_path``."""
    env = {**os.environ, "HOYITO_EDU_CACHE": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          env=env, check=True, timeout=600)
    lines = done.stdout.splitlines()
    assert lines[1].split()[:3] == ["variant", "seeds", "positions"]
    return [line.split() for line in lines[2:]]


@pytest.mark.slow
def test_the_benchmark_builds_measures_and_resumes(tmp_path, monkeypatch):
    results = tmp_path / "results.jsonl"
    rows = run(tmp_path, "--seeds", "1", "5", "--variants", "hoyito-ii", "ba-awa",
               "--results", str(results))
    assert [(r[0], int(r[1])) for r in rows] == [
        (v, s) for s in range(1, 6) for v in ("hoyito-ii", "ba-awa")]
    by_size = {(r[0], int(r[1])): r for r in rows}
    # positions: boards of 2x6 with 1..5 seeds, either player to move (and starter in Ba-awa)
    assert by_size["hoyito-ii", 5][2] == "12374" and by_size["ba-awa", 5][2] == "24748"
    assert all(r[-1] == "built" and float(r[5]) > 0 for r in rows)  # peak MB measured
    assert all(float(r[8]) == 1.0 for r in rows if r[0] == "ba-awa")  # Ba-awa: all exact
    assert 0 < float(by_size["hoyito-ii", 5][8]) < 0.05  # Hoyito: few exact with 5 seeds
    # The tables are kept where endgame_table finds them, the same as a build of its own.
    monkeypatch.setenv("HOYITO_EDU_CACHE", str(tmp_path))
    kept = eg.endgame_table("hoyito-ii", seeds=5, quiet=40)
    fresh = eg.endgame_table("hoyito-ii", seeds=5, quiet=40, cache=False)
    assert (kept.values == fresh.values).all() and (kept.exact == fresh.exact).all()
    # A second run with the same results file prints the rows again without building.
    saved = eg.table_path("ba-awa", 5, 40).stat().st_mtime_ns
    assert run(tmp_path, "--seeds", "4", "5", "--variants", "hoyito-ii", "ba-awa",
               "--results", str(results)) == rows[6:]
    assert eg.table_path("ba-awa", 5, 40).stat().st_mtime_ns == saved
    assert len(results.read_text(encoding="utf-8").splitlines()) == 10


@pytest.mark.slow
def test_a_build_past_its_time_is_stopped_and_tried_again_next_run(tmp_path, monkeypatch):
    monkeypatch.setenv("HOYITO_EDU_CACHE", str(tmp_path))
    results = tmp_path / "results.jsonl"
    rows = run(tmp_path, "--seeds", "9", "9", "--variants", "hoyito-i", "--max-minutes",
               "0.001", "--results", str(results))
    assert rows == [["hoyito-i", "9", "587858", rows[0][3], "stopped", "after", "0.001", "min"]]
    assert json.loads(results.read_text(encoding="utf-8"))["status"] == "stopped after 0.001 min"
    assert not eg.table_path("hoyito-i", 9, 40).exists()


def test_bad_sizes_are_refused_in_a_sentence(tmp_path):
    env = {**os.environ, "HOYITO_EDU_CACHE": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(SCRIPT), "--seeds", "8", "20"],
                          capture_output=True, text=True, env=env, check=False, timeout=60)
    assert done.returncode == 2 and "1 <= FROM <= TO <= 16, not 8 20" in done.stderr
    assert "Traceback" not in done.stderr
