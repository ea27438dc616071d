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
grow with the number of games. Each file is written to a temporary name and renamed into
place, so a file that exists is complete: a run stopped part way (a killed job, a lost worker)
is finished by running it again with the same arguments, which skips the chunks already on
disk. A folder holds one run: other arguments are refused.

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

import json
import os
import tempfile
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["StreamedRun", "MANIFEST", "INSTALL_PARQUET"]

#: The file that records a dataset's arguments, in its folder.
MANIFEST = "manifest.json"
#: The version of the layout written in the manifest.
LAYOUT = 1
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


def open_folder(folder: Path, settings: dict, tables: tuple[str, ...]) -> None:
    """Make the dataset's folders and write its manifest, or check that the manifest already
    there has the same arguments (a ValueError naming the first difference if not)."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / MANIFEST
    wanted = {"layout": LAYOUT, **json.loads(json.dumps(settings))}
    if manifest.exists():
        try:
            found = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise ValueError(f"{manifest} cannot be read ({err}); give another folder") from None
        if found != wanted:
            keys = sorted(set(found) | set(wanted))
            diff = next(k for k in keys if found.get(k) != wanted.get(k))
            raise ValueError(
                f"{folder} holds another run ({diff}={found.get(diff)!r} there, "
                f"{wanted.get(diff)!r} now): give a new folder, or the same arguments to "
                "finish that run"
            )
    else:
        stray = [p.name for p in folder.iterdir() if not p.name.startswith(".")]
        if stray:
            raise ValueError(
                f"{folder} is not empty ({', '.join(sorted(stray)[:3])} ...) and has no "
                f"{MANIFEST}: give an empty or new folder for the dataset"
            )
        write_atomic(manifest, json.dumps(wanted, indent=1).encode())
    for table in tables:
        (folder / table).mkdir(exist_ok=True)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file next to ``path``, then rename it into place."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_parquet(table: pd.DataFrame, path: Path) -> None:
    """Write ``table`` to ``path`` as Parquet through a hidden temporary file and a rename, so
    readers (which skip names starting with '.') never see a half-written file."""
    tmp = path.parent / f".{path.name}.{uuid.uuid4().hex}.tmp"
    try:
        table.to_parquet(tmp, index=False)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def chunk_complete(folder: Path, tables: tuple[str, ...], index: int, digits: int) -> bool:
    """True if every table of chunk ``index`` is on disk (files only exist complete)."""
    return all(chunk_file(folder, table, index, digits).exists() for table in tables)
