"""An edit to the compiled kernel reaches every compiled caller at once (issue 37).

numba keys its disk cache on each function's own file, so a kernel helper inlined into the fast
simulator used to stay as it was in ``fastsim``'s cached code after ``kernel.py`` changed. The
cache now lives in a folder named by a hash of the sources (``compiled/cache.py``). Here a copy
of the package is given the checkout's cache, run (it compiles nothing: the cache is read), its
kernel edited, and run again: the simulator's numbers change, with nothing deleted by hand.

The copy starts from the checkout's own compiled code rather than compiling it a second time
(about 45 s on a quiet machine): numba files a source folder's cache under
``<cache>/<folder name>_<sha1 of its absolute path>/`` and checks each index against the
source's modification time and size, which the copy keeps.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # compiles the fast simulator (twice from a cold cache)

ROOT = Path(__file__).resolve().parents[1]
#: Seeds dropped in the moves of three fast-path games (and where numba cached them).
SCRIPT = """
import numba, hoyito_edu as hy
sim = hy.simulate("hoyito-i", games=3, seed=1, tables=("games", "moves"), path="fast")
print(int(sim.moves["drops"].sum()), numba.config.CACHE_DIR)
"""
EDIT = ("        drops += hand\n", "        drops += hand + 1000\n")


def run(checkout: Path) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    env.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          cwd=checkout, env=env, timeout=900)
    assert done.returncode == 0, done.stderr
    drops, folder = done.stdout.split()
    return int(drops), folder


def cache_subfolder(cache: Path, sources: Path) -> Path:
    """Where numba keeps, in the cache folder ``cache``, the code compiled from ``sources``."""
    return cache / f"{sources.name}_{hashlib.sha1(str(sources).encode()).hexdigest()}"


def files(folder: Path) -> dict[str, int]:
    """Every file in ``folder`` and its modification time (ns)."""
    return {path.name: path.stat().st_mtime_ns for path in folder.iterdir()}


def test_an_edit_to_the_kernel_reaches_the_fast_simulator_without_clearing_a_cache(tmp_path):
    before, real_cache = run(ROOT)  # compiles into the checkout's cache, or reads it
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "hoyito_edu", copy / "hoyito_edu",
                    ignore=shutil.ignore_patterns("__pycache__", "content"))
    shutil.copytree(ROOT / "data", copy / "data")
    compiled = copy / "hoyito_edu" / "compiled"
    cache = compiled / "__pycache__" / Path(real_cache).name
    seeded = cache_subfolder(cache, compiled)
    shutil.copytree(cache_subfolder(Path(real_cache), ROOT / "hoyito_edu" / "compiled"), seeded)
    cached = files(seeded)
    assert run(copy) == (before, str(cache))
    # read, not compiled again: no file rewritten, none written beside it
    assert [p.name for p in cache.iterdir()] == [seeded.name] and files(seeded) == cached, \
        "the copy compiled again instead of reading the cache it was given"
    kernel = compiled / "kernel.py"
    text = kernel.read_text()
    assert text.count(EDIT[0]) == 1, "the line this test edits has moved: update EDIT"
    kernel.write_text(text.replace(*EDIT))
    after, new_folder = run(copy)
    assert Path(new_folder) != cache and seeded.is_dir()  # the old code is still on disk
    assert after > before + 1000, "the fast simulator still runs the kernel as it was"
