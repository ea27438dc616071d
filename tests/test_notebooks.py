"""Every notebook in notebooks/ and notebooks/es/ is committed clean and runs top to bottom.

Every English notebook has its Spanish edition in notebooks/es/, with the same two-digit prefix.

Each notebook runs in a fresh python3 kernel with notebooks/ as working directory
(hoyito_edu.publish.run, shared with the book and benchmarks/notebook_times.py). Its Run-All
wall time is recorded as a user property and listed at the end of the pytest run.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from hoyito_edu.publish.run import (
    NOTEBOOK_DIR,
    SPANISH_DIR,
    NotebookRunError,
    all_notebooks,
    dirty_cells,
    label,
    list_notebooks,
    run_notebook,
)

NOTEBOOKS = all_notebooks()

by_name = pytest.mark.parametrize("path", NOTEBOOKS, ids=[label(p) for p in NOTEBOOKS])
PREFIX = re.compile(r"^\d\d[a-z]?_")


def prefix(path) -> str:
    return PREFIX.match(path.name).group(0)


def test_every_notebook_has_its_spanish_edition():
    english = {prefix(path): path.name for path in list_notebooks(NOTEBOOK_DIR)}
    spanish = {prefix(path): path.name for path in list_notebooks(SPANISH_DIR)}
    missing = sorted(name for key, name in english.items() if key not in spanish)
    extra = sorted(name for key, name in spanish.items() if key not in english)
    assert not missing, f"no Spanish edition in notebooks/es/ for: {missing}"
    assert not extra, f"Spanish notebooks with no English original: {extra}"


@by_name
def test_notebook_speaks_its_language(path):
    """A Spanish notebook sets the session language, so the package answers in Spanish."""
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")
    if path.parent == SPANISH_DIR:
        assert 'set_language("es")' in code, f"{path.name} never calls hy.set_language('es')"
    else:
        assert 'set_language("es")' not in code


@pytest.mark.notebooks
@by_name
def test_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    problems = dirty_cells(nb)
    assert not problems, (
        f"{path.name} must be committed without outputs or execution counts "
        "(clear them: Edit > Clear Outputs of All Cells, then save):\n  " + "\n  ".join(problems)
    )


@pytest.mark.notebooks
@by_name
def test_runs_top_to_bottom(path, record_property, notebook_runs):
    """The session's run of the notebook (the same run the book and the kits are made of)."""
    result = notebook_runs(path)
    if isinstance(result, NotebookRunError):
        pytest.fail(str(result), pytrace=False)
    record_property("notebook", label(path))
    record_property("notebook_seconds", round(result.seconds, 2))


@pytest.mark.notebooks
def test_runner_uses_notebook_folder_and_names_failing_cell(tmp_path):
    """The shared runner itself: cwd is the notebook's folder; a failure names the cell."""
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    (tmp_path / "marker.txt").write_text("here")
    good = tmp_path / "good.ipynb"
    nbformat.write(
        new_notebook(cells=[new_code_cell("import os\nassert os.path.exists('marker.txt')")]),
        good,
    )
    result = run_notebook(good)
    assert result.seconds > 0
    assert result.nb.cells[0].execution_count == 1

    bad = tmp_path / "bad.ipynb"
    nbformat.write(
        new_notebook(
            cells=[
                new_markdown_cell("# Title"),
                new_code_cell("x = 1"),
                new_code_cell("y = x +\n# broken on purpose"),
                new_code_cell("z = 3"),
            ]
        ),
        bad,
    )
    with pytest.raises(NotebookRunError) as info:
        run_notebook(bad)
    assert info.value.index == 2
    assert "y = x +" in str(info.value) and "SyntaxError" in str(info.value)
    assert "\x1b[" not in str(info.value)
