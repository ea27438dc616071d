"""Run a notebook top to bottom in a fresh kernel, the same way for the book, the tests and the
benchmark (``tests/test_notebooks.py``, ``benchmarks/notebook_times.py``).

A failing cell raises :class:`NotebookRunError`, which names the notebook, the cell and the
kernel's traceback.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

from ..content import notebooks_dir

NOTEBOOK_DIR = notebooks_dir()
#: The Spanish edition: one notebook for every notebook in NOTEBOOK_DIR, same two-digit prefix.
SPANISH_DIR = NOTEBOOK_DIR / "es"
TIMEOUT = 600  # seconds per cell
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")  # colour codes in kernel tracebacks


def list_notebooks(folder: Path = NOTEBOOK_DIR) -> list[Path]:
    """Every ``*.ipynb`` directly in *folder*, sorted by name."""
    return sorted(folder.glob("*.ipynb"))


def all_notebooks() -> list[Path]:
    """The English notebooks, then their Spanish editions."""
    return list_notebooks(NOTEBOOK_DIR) + list_notebooks(SPANISH_DIR)


def label(path: Path) -> str:
    """A notebook's name as the tests list it: ``03_play.ipynb``, ``es/03_jugar.ipynb``."""
    return path.relative_to(NOTEBOOK_DIR).as_posix()


def dirty_cells(nb) -> list[str]:
    """Describe every code cell that was committed with outputs or an execution count."""
    problems = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        what = []
        if cell.get("outputs"):
            what.append(f"{len(cell.outputs)} output(s)")
        if cell.get("execution_count") is not None:
            what.append(f"execution_count={cell.execution_count}")
        if what:
            first_line = (cell.source.splitlines() or [""])[0][:70]
            problems.append(f"cell {index} ({', '.join(what)}): {first_line!r}")
    return problems


class NotebookRunError(RuntimeError):
    """A cell failed: carries the notebook, the cell index and the cell's source."""

    def __init__(self, path: Path, index: int | None, source: str, detail: str):
        self.path, self.index, self.source, self.detail = path, index, source, detail
        where = f"cell {index}" if index is not None else "an unknown cell"
        super().__init__(
            f"{path.name}: {where} failed.\n--- cell source ---\n{source}\n--- error ---\n{detail}"
        )


@dataclass
class RunResult:
    path: Path
    seconds: float
    nb: object  # the executed nbformat.NotebookNode


def _error_text(nb, index: int | None, exc: Exception) -> str:
    """The kernel's traceback for the failing cell (without colour codes); for a timeout
    or a dead kernel, the exception's own message first."""
    parts = []
    if not isinstance(exc, CellExecutionError):
        parts.append(f"{type(exc).__name__}: {exc}")
    if index is not None:
        for out in nb.cells[index].get("outputs", []):
            if out.get("output_type") == "error":
                parts.append("\n".join(out.get("traceback", [])))
    if not parts:
        parts.append(str(exc))
    return _ANSI.sub("", "\n".join(parts))


def run_notebook(path: Path, timeout: int = TIMEOUT, nb=None, cwd: Path | None = None) -> RunResult:
    """Execute *path* top to bottom in a fresh ``python3`` kernel, with the notebook's
    folder (or *cwd*) as working directory. Raises NotebookRunError naming the failing cell.

    *nb*, if given, is run in place of the file's cells (a student copy, say); the
    notebook is changed in place and returned with its outputs."""
    path = Path(path)
    nb = nbformat.read(path, as_version=4) if nb is None else nb
    current = {"index": None}  # the cell being executed, for the error message

    def on_cell_start(cell, cell_index):
        current["index"] = cell_index

    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd or path.parent)}},
        on_cell_start=on_cell_start,
    )
    start = time.perf_counter()
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError, DeadKernelError) as exc:
        index = current["index"]
        source = nb.cells[index].source if index is not None else "(unknown)"
        raise NotebookRunError(path, index, source, _error_text(nb, index, exc)) from exc
    return RunResult(path=path, seconds=time.perf_counter() - start, nb=nb)
