"""An edit to the compiled kernel reaches every compiled caller at once (issue 37).

numba keys its disk cache on each function's own file, so a kernel helper inlined into the fast
simulator used to stay as it was in ``fastsim``'s cached code after ``kernel.py`` changed. The
cache now lives in a folder named by a hash of the sources (``compiled/cache.py``). Here a copy
of the package is run, its kernel edited, and run again: the simulator's numbers change, with
nothing deleted by hand.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # compiles the fast simulator three times

ROOT = Path(__file__).resolve().parents[1]
#: Seeds dropped in the moves of three fast-path games (and where numba cached them).
SCRIPT = """
import numba, hoyito_edu as hy
sim = hy.simulate("hoyito-i", games=3, seed=1, tables=("games", "moves"), path="fast")
print(int(sim.moves["drops"].sum()), numba.config.CACHE_DIR)
"""
EDIT = ("        drops += hand\n", "        drops += hand + 1000\n")


def run(copy: Path) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          cwd=copy, env=env, timeout=900)
    assert done.returncode == 0, done.stderr
    drops, folder = done.stdout.split()
    return int(drops), folder


def test_an_edit_to_the_kernel_reaches_the_fast_simulator_without_clearing_a_cache(tmp_path):
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "hoyito_edu", copy / "hoyito_edu",
                    ignore=shutil.ignore_patterns("__pycache__", "content"))
    shutil.copytree(ROOT / "data", copy / "data")
    before, folder = run(copy)
    assert run(copy) == (before, folder)  # the second run reads the cache
    kernel = copy / "hoyito_edu" / "compiled" / "kernel.py"
    text = kernel.read_text()
    assert text.count(EDIT[0]) == 1, "the line this test edits has moved: update EDIT"
    kernel.write_text(text.replace(*EDIT))
    after, new_folder = run(copy)
    assert new_folder != folder
    assert after > before + 1000, "the fast simulator still runs the kernel as it was"
