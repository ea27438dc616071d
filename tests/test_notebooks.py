"""Every notebook in notebooks/ is committed clean and runs top to bottom.

Each notebook runs in a fresh python3 kernel with notebooks/ as working directory
(scripts/nbrun.py, shared with benchmarks/notebook_times.py). Its Run-All wall time is
recorded as a user property and listed at the end of the pytest run.
"""

from __future__ import annotations

import nbformat
import pytest
from nbrun import NotebookRunError, dirty_cells, list_notebooks, run_notebook

NOTEBOOKS = list_notebooks()

by_name = pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])


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
def test_runs_top_to_bottom(path, record_property):
    try:
        result = run_notebook(path)
    except NotebookRunError as exc:
        pytest.fail(str(exc), pytrace=False)
    record_property("notebook", path.name)
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
