"""scripts/strip_solutions.py removes cells tagged "solution" (and all outputs)."""

from __future__ import annotations

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from strip_solutions import main, strip_folder, strip_notebook


def make_notebook():
    return new_notebook(
        cells=[
            new_markdown_cell("# Exercise\nSow from pit 3."),
            new_code_cell("board = [4] * 14"),
            new_code_cell(
                "answer = 42",
                metadata={"tags": ["solution"]},
                execution_count=3,
                outputs=[new_output("stream", name="stdout", text="42\n")],
            ),
            new_markdown_cell("The answer is 42.", metadata={"tags": ["hint", "solution"]}),
            new_code_cell(
                "print(board)",
                metadata={"tags": ["exercise"]},
                execution_count=4,
                outputs=[new_output("stream", name="stdout", text="[4, ...]\n")],
            ),
        ]
    )


def test_strip_notebook_removes_solution_cells_and_outputs():
    nb = make_notebook()
    student = strip_notebook(nb)
    assert [c.source for c in student.cells] == [
        "# Exercise\nSow from pit 3.",
        "board = [4] * 14",
        "print(board)",
    ]
    assert student.cells[2].metadata["tags"] == ["exercise"]
    for cell in student.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    assert len(nb.cells) == 5, "the teacher's notebook must not be modified"
    nbformat.validate(student)


def test_strip_folder_writes_valid_copies(tmp_path):
    src, out = tmp_path / "notebooks", tmp_path / "build" / "student"
    src.mkdir()
    nbformat.write(make_notebook(), src / "01_intro.ipynb")
    nbformat.write(new_notebook(cells=[new_code_cell("x = 1")]), src / "02_plain.ipynb")
    (src / "notes.txt").write_text("not a notebook")

    written = strip_folder(src, out)

    assert [(p.name, removed) for p, removed in written] == [
        ("01_intro.ipynb", 2),
        ("02_plain.ipynb", 0),
    ]
    assert sorted(p.name for p in out.iterdir()) == ["01_intro.ipynb", "02_plain.ipynb"]
    copy = nbformat.read(out / "01_intro.ipynb", as_version=4)
    nbformat.validate(copy)
    assert not any("solution" in c.metadata.get("tags", []) for c in copy.cells)
    assert "answer = 42" not in (out / "01_intro.ipynb").read_text()
    original = nbformat.read(src / "01_intro.ipynb", as_version=4)
    assert len(original.cells) == 5


def test_main_runs_on_a_folder(tmp_path, capsys):
    src = tmp_path / "nb"
    src.mkdir()
    nbformat.write(make_notebook(), src / "a.ipynb")
    assert main(["strip_solutions.py", str(src), str(tmp_path / "out")]) == 0
    assert "2 solution cell(s) removed" in capsys.readouterr().out
    assert (tmp_path / "out" / "a.ipynb").exists()
