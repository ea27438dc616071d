"""Write student copies of the notebooks: answers and teacher-only cells are removed.

``python -m hoyito_edu student [--out DIR]`` (``make student``; default ``build/student``).

Both languages: the English notebooks ``SRC_DIR/*.ipynb`` go to ``OUT_DIR/``, the Spanish ones
``SRC_DIR/es/*.ipynb`` to ``OUT_DIR/es/`` (every folder of :data:`LANGUAGE_FOLDERS` that exists).

Two cell tags mark what students must not get:

- ``solution``: answers and worked solutions ("Teacher notes ...");
- ``teacher``: cells meant only for the teacher (how to use the teacher's copy, the answer
  checkers' ``reveal=True``, printing worksheets).

Both kinds are removed; outputs and execution counts are cleared too, so a student copy never
leaks an answer through a stored result. The copies import the exercises from
:mod:`hoyito_edu.teaching.practice` instead of :mod:`hoyito_edu.teaching.classroom`
(:data:`STUDENT_IMPORTS`): the same names, questions and a checker that says right or wrong,
but no answers (``EXERCISES["2a"].answer`` is the teacher's only). The copies are then
searched for wording that only a teacher should read (:data:`TEACHER_WORDING`); if any is
left in an untagged cell, the cell is named and the command exits with status 1, so the
notebook can be fixed (tag the cell, or reword it) before the copies are handed out.

A copy is written somewhere else than its notebook, so its relative links (to
``../docs/sources.md``, ``../data/...``) are repointed from the copy's folder
(:func:`repoint_links`): they open the same files as the teacher's copy does.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import nbformat

SOLUTION_TAG = "solution"
TEACHER_TAG = "teacher"
#: Cells with any of these tags are left out of the student copies.
STRIPPED_TAGS = (SOLUTION_TAG, TEACHER_TAG)
#: Sub-folders of the notebooks in other languages (Spanish: notebooks/es/).
LANGUAGE_FOLDERS = ("es",)
#: Wording that belongs in the teacher's copy only, in English and in Spanish as the
#: notebooks in notebooks/es/ write it: "copia del docente", "clave de respuestas", the
#: answer headings "Respuestas (docente)" and "Respuesta (para el docente)", "notas del
#: docente" (profesor/maestro too). Their overviews may say that "las notas para el docente"
#: exist, as the English ones mention the teacher notes: that is not matched.
TEACHER_WORDING = re.compile(
    r"teacher['’]s copy|reveal\s*=\s*True|answer key|teacher_notes\("
    r"|hoyito_edu\.teaching\.classroom|teaching import classroom|\.answer\b"
    r"|copia del? (?:docente|profesora?|maestr[oa])|clave de (?:las )?respuestas"
    r"|respuestas? \((?:para el )?docente\)|notas del? (?:docente|profesora?|maestr[oa])",
    re.IGNORECASE,
)


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def is_solution(cell) -> bool:
    """The cell holds an answer (tag ``solution``)."""
    return SOLUTION_TAG in _tags(cell)


def is_teacher_only(cell) -> bool:
    """The cell is left out of student copies (tag ``solution`` or ``teacher``)."""
    return any(tag in STRIPPED_TAGS for tag in _tags(cell))


#: What a student copy imports instead of the teacher's module: the exercises without answers.
STUDENT_IMPORTS = {"from hoyito_edu.teaching.classroom import":
                   "from hoyito_edu.teaching.practice import"}


def student_imports(source: str) -> str:
    """*source* importing the student's modules (:data:`STUDENT_IMPORTS`).

    >>> student_imports("from hoyito_edu.teaching.classroom import EXERCISES, check")
    'from hoyito_edu.teaching.practice import EXERCISES, check'
    """
    for teacher, student in STUDENT_IMPORTS.items():
        source = source.replace(teacher, student)
    return source


def strip_notebook(nb):
    """Return a copy of *nb* without solution and teacher cells and without outputs, its
    imports those of a student (:func:`student_imports`)."""
    student = nbformat.from_dict(nb)  # deep copy
    student.cells = [cell for cell in student.cells if not is_teacher_only(cell)]
    for cell in student.cells:
        if cell.cell_type == "code":
            cell.source = student_imports(cell.source)
            cell.outputs = []
            cell.execution_count = None
    return student


def teacher_wording(nb) -> list[str]:
    """Describe every cell of *nb* that still holds teacher-only wording (see
    :data:`TEACHER_WORDING`), ignoring cells that are tagged to be stripped."""
    problems = []
    for index, cell in enumerate(nb.cells):
        if is_teacher_only(cell):
            continue
        for match in TEACHER_WORDING.finditer(cell.source):
            problems.append(f"cell {index} ({cell.cell_type}): {match.group(0)!r}")
    return problems


#: A relative link in Markdown (``](target)``) or HTML (``href="target"``, ``src="target"``).
LINK = re.compile(r"(\]\(|href=\"|src=\")([^)\"#\s]+)(#[^)\"\s]*)?")


def is_relative_link(target: str) -> bool:
    """A link to a file beside the notebook (not a web address, an anchor or an e-mail).

    >>> is_relative_link("../docs/sources.md"), is_relative_link("https://example.org")
    (True, False)
    """
    return not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#", target)


def repoint_links(text: str, src: Path, out: Path) -> str:
    """Rewrite the relative links of *text*, written for a notebook in folder *src*, so
    they open the same files from folder *out*.

    >>> repoint_links("[the sources](../docs/sources.md#anchors)", Path("/r/notebooks"),
    ...               Path("/r/build/student"))
    '[the sources](../../docs/sources.md#anchors)'
    """
    def repoint(match: re.Match) -> str:
        opening, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        if not is_relative_link(target):
            return match.group(0)
        moved = os.path.relpath(os.path.normpath(Path(src).resolve() / target), Path(out).resolve())
        return f"{opening}{Path(moved).as_posix()}{anchor}"

    return LINK.sub(repoint, text)


def strip_folder(src: Path, out: Path) -> list[tuple[Path, int]]:
    """Write a student copy of every ``src/*.ipynb`` into *out*, its relative links
    repointed from *out*.

    Returns (written path, number of removed cells) per notebook, sorted by name."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(Path(src).glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        student = strip_notebook(nb)
        for cell in student.cells:
            if cell.cell_type == "markdown":
                cell.source = repoint_links(cell.source, Path(src), out)
        target = out / path.name
        nbformat.write(student, target)
        written.append((target, len(nb.cells) - len(student.cells)))
    return written


def folders(src: Path, out: Path) -> list[tuple[Path, Path]]:
    """(notebook folder, copy folder) pairs: ``src`` itself, then each language sub-folder
    of ``src`` that exists (``src/es`` -> ``out/es``)."""
    pairs = [(src, out)]
    for lang in LANGUAGE_FOLDERS:
        if (src / lang).is_dir():
            pairs.append((src / lang, out / lang))
    return pairs


def main(argv: list[str]) -> int:
    """``main([program, SRC_DIR, OUT_DIR])``: write the copies; status 1 if any copy still
    reads like the teacher's."""
    src = Path(argv[1]) if len(argv) > 1 else Path("notebooks")
    out = Path(argv[2]) if len(argv) > 2 else Path("build/student")
    return write_student_copies(src, out)


def write_student_copies(src: Path, out: Path) -> int:
    """Student copies of every notebook of *src* (and its language folders) in *out*; prints
    what was written; status 1 (and the cells named) if teacher-only wording is left."""
    written = [item for pair in folders(src, out) for item in strip_folder(*pair)]
    leaks = 0
    for target, removed in written:
        print(f"{target}  ({removed} solution or teacher cell(s) removed)")
        for problem in teacher_wording(nbformat.read(target, as_version=4)):
            print(f"  teacher-only wording left in the student copy, {problem}", file=sys.stderr)
            leaks += 1
    if not written:
        print(f"no notebooks in {src}/")
    if leaks:
        print(
            f"{leaks} cell(s) of the student copies still read like the teacher's copy: tag "
            f"them {TEACHER_TAG!r} (or {SOLUTION_TAG!r}) in {src}/, or reword them.",
            file=sys.stderr,
        )
        return 1
    return 0

