"""numba's disk cache in a folder named by a hash of the sources it compiles, so that no edit can
leave a stale compiled copy behind.

numba keys each cached function on its own file only: a helper of ``kernel.py`` that numba
inlined into ``fastsim``, ``search`` or ``mcts`` (or ``values.decided_value``, compiled into the
search) stayed as it was in their cached code after ``kernel.py`` or ``values.py`` changed,
until someone deleted the cache by hand. Here the whole cache lives in
``numba-<hash>/``, the hash taken over every source the compiled code reads (``compiled/*.py``
and ``engine/*.py``): after any edit, every compiled caller is compiled again from the new
sources, at once. Plain Python, imports no numba.

The folder is beside the sources (``compiled/__pycache__/numba-<hash>``) where that can be
written, else in ``~/.cache/hoyito_edu/``; a ``NUMBA_CACHE_DIR`` the user set is kept as the
base.

>>> cache_folder().name.startswith("numba-")
True
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The sources the compiled code is made from: its own modules and the engine's, which it
#: imports (rules, sowing constants, positions).
SOURCE_FOLDERS = (HERE, HERE.parent / "engine")


@functools.cache
def source_hash() -> str:
    """A hash of every source the compiled code reads (16 hex digits)."""
    digest = hashlib.sha256()
    for folder in SOURCE_FOLDERS:
        for path in sorted(folder.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def cache_folder() -> Path:
    """Where numba keeps the compiled code of these sources."""
    name = f"numba-{source_hash()}"
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen) / name
    beside = HERE / "__pycache__"
    if _writable(beside):
        return beside / name
    return Path.home() / ".cache" / "hoyito_edu" / name


def use_cache_folder(config) -> Path:
    """Point numba's ``config`` at :func:`cache_folder` (before any function is compiled with
    ``cache=True``); the folder."""
    folder = cache_folder()
    config.CACHE_DIR = str(folder)
    return folder
