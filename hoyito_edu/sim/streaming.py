"""Simulations bigger than memory: tables streamed to a partitioned Parquet dataset.

``simulate(..., out=DIR)`` (and ``python -m hoyito_edu simulate --out DIR/``) plays the games
in chunks and writes each chunk's tables as soon as it is played, one file per chunk and
table::

    DIR/manifest.json                  the arguments of the run and its chunks
    DIR/games/part-000000.parquet      games 0 .. chunk_games-1 of the first variant
    DIR/games/part-000001.parquet      ...
    DIR/moves/part-000000.parquet      (if asked for)
    DIR/captures/part-000000.parquet   (if asked for)

Only one chunk's tables are held at a time (per worker), so the memory a run needs does not
grow with the number of games. Each file is written to a temporary name, flushed to disk and
renamed into place, and the manifest records every file's rows and SHA-256 checksum once it is
there. A run stopped part way (a killed job, a lost worker) is finished by running it again
with the same arguments: it checks every recorded file and skips the chunks whose files are
intact, and plays again any chunk with a file missing, unrecorded, emptied, cut short or
changed; temporary files left by a killed run are removed. A folder holds one run: other
arguments are refused, and while a run writes, it holds an exclusive lock on the folder, so a
second run into the same folder (another notebook, another terminal) is refused at once
instead of mixing its chunks with the first's.

The dataset reads as one table with ``pandas.read_parquet(DIR / "games")``,
``pyarrow.dataset.dataset(DIR / "games")`` or ``dask.dataframe.read_parquet(DIR / "games")``
(rows in game order: files are named by chunk number).

>>> import tempfile, pandas as pd, hoyito_edu as hy
>>> folder = tempfile.mkdtemp()
>>> run = hy.simulate("ba-awa", 50, seed=1, out=folder, chunk_games=20, tables=["games"])
>>> run.chunks, run.written, run.skipped
(3, 3, 0)
>>> pd.read_parquet(run.path / "games").equals(hy.simulate("ba-awa", 50, seed=1).games)
True
>>> hy.simulate("ba-awa", 50, seed=1, out=folder, chunk_games=20, tables=["games"]).skipped
3
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.saving import sync_folder

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["StreamedRun", "MANIFEST", "INSTALL_PARQUET"]

#: The file that records a dataset's arguments, in its folder.
MANIFEST = "manifest.json"
#: The version of the layout written in the manifest (2: with each file's rows and checksum).
LAYOUT = 2
#: The manifest's key for the files written: ``{"games/part-000000.parquet": {"rows": ...,
#: "sha256": ...}}``.
PARTS = "parts"
INSTALL_PARQUET = "pip install 'hoyito_edu[parquet]' (pyarrow), or 'hoyito_edu[dask]' (Dask too)"


@dataclass(frozen=True)
class StreamedRun:
    """What ``simulate(..., out=DIR)`` returns: where the tables are, not the tables.

    Attributes:
        path: the dataset's folder.
        tables: the tables written (each a sub-folder of ``path``).
        games: games played in all (every variant).
        chunks: chunk files per table.
        written: chunks played and written by this call.
        skipped: chunks found complete on disk (from an earlier call) and not played again.
        settings: the arguments of the run (as in the manifest).
        seconds: wall time of the call.
    """

    path: Path
    tables: tuple[str, ...]
    games: int
    chunks: int
    written: int
    skipped: int
    settings: dict[str, Any] = field(default_factory=dict, compare=False)
    seconds: float = 0.0

    def read(self, table: str = "games", columns: list[str] | None = None) -> pd.DataFrame:
        """One table as a pandas DataFrame (all of it: mind the memory; pass ``columns`` to
        read fewer columns)."""
        import pandas as pd

        if table not in self.tables:
            raise ValueError(f"table must be one of {', '.join(self.tables)}, not {table!r}")
        return pd.read_parquet(self.path / table, columns=columns)

    def __repr__(self) -> str:
        return (
            f"<StreamedRun {self.path}: {self.games:,} games, {self.chunks} chunks "
            f"({self.written} written, {self.skipped} already there), {self.seconds:.2f} s>"
        )


def need_pyarrow() -> None:
    """A ValueError saying what to install if pyarrow is missing."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ValueError(f"writing Parquet datasets needs pyarrow: {INSTALL_PARQUET}") from None


def check_folder(out: object) -> Path:
    """``out`` as a Path to a folder that exists or can be made; a ValueError if it cannot."""
    if not isinstance(out, (str, os.PathLike)) or str(out) == "":
        raise ValueError(f"out must be a folder (a str or Path), not {out!r}")
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise ValueError(f"out={str(path)!r} is a file; give a folder for the Parquet dataset")
    need_pyarrow()
    return path


def width(chunks: int) -> int:
    """Digits in the chunk numbers of file names (6, or more for a million chunks or more).

    >>> width(10), width(2_000_000)
    (6, 7)
    """
    return max(6, len(str(max(chunks - 1, 0))))


def chunk_file(folder: Path, table: str, index: int, digits: int) -> Path:
    """``folder/table/part-000123.parquet``."""
    return folder / table / f"part-{index:0{digits}d}.parquet"


class FolderBusy(ValueError):
    """Another run is writing to the dataset's folder now."""


@contextlib.contextmanager
def lock_folder(folder: Path) -> Iterator[None]:
    """Make ``folder`` and hold an exclusive lock on it for the ``with`` block; a
    :class:`FolderBusy` at once if another process (or another call here) holds it.

    The lock is on the folder itself (``flock`` on its descriptor), so it leaves no file
    behind, and the system drops it when the process ends however it ends: a killed run never
    leaves a stale lock.
    """
    folder.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows has no flock
        import warnings

        warnings.warn(
            f"this system (Windows) cannot lock {folder}: nothing stops a second run from "
            "writing into the same folder at the same time, so start only one run per folder",
            RuntimeWarning, stacklevel=3)
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FolderBusy(
                f"another run is writing to {folder} now (it holds the folder's lock): wait "
                "for it to finish, or give another folder; two runs in one folder would mix "
                "their games"
            ) from None
        yield
    finally:
        os.close(fd)  # releases the lock


def settings_of(manifest: dict) -> dict:
    """A manifest without its record of files: what two runs must share to share a folder."""
    return {key: value for key, value in manifest.items() if key != PARTS}


def open_folder(folder: Path, settings: dict, tables: tuple[str, ...]) -> dict:
    """Make the dataset's folders and write its manifest, or check that the manifest already
    there has the same arguments (a ValueError naming the first difference if not); remove
    temporary files a killed run left. Returns the manifest (with its record of files).

    Call it holding :func:`lock_folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / MANIFEST
    wanted = {"layout": LAYOUT, **json.loads(json.dumps(settings))}
    if manifest.exists():
        try:
            found = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise ValueError(f"{manifest} cannot be read ({err}); give another folder") from None
        if not isinstance(found, dict):
            raise ValueError(f"{manifest} is not a dataset's manifest; give another folder")
        if settings_of(found) != wanted:
            found = settings_of(found)
            keys = sorted(set(found) | set(wanted))
            diff = next(k for k in keys if found.get(k) != wanted.get(k))
            raise ValueError(
                f"{folder} holds another run ({diff}={found.get(diff)!r} there, "
                f"{wanted.get(diff)!r} now): give a new folder, or the same arguments to "
                "finish that run"
            )
        wanted[PARTS] = _checked_parts(found.get(PARTS))
    else:
        stray = [p.name for p in folder.iterdir() if not p.name.startswith(".")]
        if stray:
            raise ValueError(
                f"{folder} is not empty ({', '.join(sorted(stray)[:3])} ...) and has no "
                f"{MANIFEST}: give an empty or new folder for the dataset"
            )
        wanted[PARTS] = {}
        write_manifest(folder, wanted)
    for table in tables:
        (folder / table).mkdir(exist_ok=True)
    clean_temporary(folder, tables)
    return wanted


def _checked_parts(parts: object) -> dict:
    """The manifest's record of files, keeping only well-formed entries (others are redone)."""
    if not isinstance(parts, dict):
        return {}
    return {
        name: record
        for name, record in parts.items()
        if isinstance(record, dict)
        and isinstance(record.get("rows"), int)
        and isinstance(record.get("sha256"), str)
    }


def clean_temporary(folder: Path, tables: tuple[str, ...]) -> list[Path]:
    """Remove the hidden ``.*.tmp`` files a killed run left in ``folder`` and its tables'
    folders (only ever call it holding the folder's lock); returns those removed."""
    removed = []
    for place in (folder, *(folder / table for table in tables)):
        for path in place.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed


def write_manifest(folder: Path, manifest: dict) -> None:
    """Write the manifest atomically (its record of files too)."""
    write_atomic(folder / MANIFEST, json.dumps(manifest, indent=1).encode())


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file next to ``path``, flush it to disk, then rename it
    into place."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    sync_folder(path.parent)


def sha256(path: Path) -> str:
    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def write_parquet(table: pd.DataFrame, path: Path) -> dict[str, Any]:
    """Write ``table`` to ``path`` as Parquet through a hidden temporary file, flushed to disk
    before the rename, so readers (which skip names starting with '.') never see a
    half-written file. Returns the file's record for the manifest: its rows and checksum."""
    tmp = path.parent / f".{path.name}.{uuid.uuid4().hex}.tmp"
    try:
        table.to_parquet(tmp, index=False)
        with open(tmp, "rb+") as file:
            os.fsync(file.fileno())
        record = {"rows": len(table), "sha256": sha256(tmp)}
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    sync_folder(path.parent)
    return record


def part_name(table: str, index: int, digits: int) -> str:
    """``games/part-000123.parquet``: a file's key in the manifest."""
    return f"{table}/part-{index:0{digits}d}.parquet"


def part_intact(folder: Path, name: str, record: dict | None) -> bool:
    """True if the file ``name`` is recorded and on disk with the recorded checksum and rows."""
    if record is None:
        return False
    path = folder / name
    try:
        if not path.is_file() or sha256(path) != record["sha256"]:
            return False
        import pyarrow.parquet as pq

        return pq.read_metadata(path).num_rows == record["rows"]
    except Exception:  # noqa: BLE001 - an unreadable file is simply written again
        return False


def chunk_complete(
    folder: Path, tables: tuple[str, ...], index: int, digits: int, parts: dict | None = None
) -> bool:
    """True if every table of chunk ``index`` is on disk and matches its record in ``parts``
    (the manifest's): a file missing, unrecorded, emptied, cut short or changed means the
    chunk is played again."""
    parts = {} if parts is None else parts
    return all(
        part_intact(folder, name, parts.get(name))
        for name in (part_name(table, index, digits) for table in tables)
    )
