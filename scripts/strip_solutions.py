"""Write student copies of the notebooks: every cell tagged ``solution`` is removed.

Usage: python scripts/strip_solutions.py [SRC_DIR] [OUT_DIR]   (defaults: notebooks build/student)

Outputs and execution counts are cleared too, so a student copy never leaks an answer
through a stored result.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

SOLUTION_TAG = "solution"


def is_solution(cell) -> bool:
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def strip_notebook(nb):
    """Return a copy of *nb* without solution cells and without outputs."""
    student = nbformat.from_dict(nb)  # deep copy
    student.cells = [cell for cell in student.cells if not is_solution(cell)]
    for cell in student.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return student


def strip_folder(src: Path, out: Path) -> list[tuple[Path, int]]:
    """Write a student copy of every ``src/*.ipynb`` into *out*.

    Returns (written path, number of removed cells) per notebook, sorted by name."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(Path(src).glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        student = strip_notebook(nb)
        target = out / path.name
        nbformat.write(student, target)
        written.append((target, len(nb.cells) - len(student.cells)))
    return written


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else Path("notebooks")
    out = Path(argv[2]) if len(argv) > 2 else Path("build/student")
    written = strip_folder(src, out)
    for target, removed in written:
        print(f"{target}  ({removed} solution cell(s) removed)")
    if not written:
        print(f"no notebooks in {src}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
