"""hoyito_edu.publish.student: student copies without answers, teacher-only cells or outputs.

The last tests make the student copy of every notebook in notebooks/ and check that it holds
no answer or teacher-only cell, no wording meant for the teacher, and runs top to bottom on its
own (all seven copies together take about half a minute on a quiet 2-core machine).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from hoyito_edu.publish.run import NOTEBOOK_DIR, NotebookRunError, list_notebooks, run_notebook
from hoyito_edu.publish.student import (
    STRIPPED_TAGS,
    is_solution,
    is_teacher_only,
    main,
    strip_folder,
    strip_notebook,
    teacher_wording,
)
from hoyito_edu.teaching.classroom import EXERCISES

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/notebook_outputs.py
from notebook_outputs import outputs  # noqa: E402


def make_notebook():
    return new_notebook(
        cells=[
            new_markdown_cell("# Exercise\nSow from pit 3."),
            new_markdown_cell(
                "This is the teacher's copy: hand out the other one.",
                metadata={"tags": ["teacher"]},
            ),
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


def test_strip_notebook_removes_solution_and_teacher_cells_and_outputs():
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
    assert len(nb.cells) == 6, "the teacher's notebook must not be modified"
    nbformat.validate(student)


def test_teacher_wording_is_found_in_untagged_cells_only():
    nb = make_notebook()
    assert teacher_wording(nb) == []  # the teacher's-copy cell is tagged
    nb.cells.append(new_code_cell("check('2a', 8, reveal=True)"))
    nb.cells.append(new_markdown_cell("The answer key is at the end."))
    nb.cells.append(new_markdown_cell("See the teacher’s copy."))  # typographic apostrophe
    problems = teacher_wording(strip_notebook(nb))
    assert len(problems) == 3
    assert "cell 3 (code): 'reveal=True'" in problems[0]
    assert "answer key" in problems[1] and "teacher’s copy" in problems[2]


def test_strip_folder_writes_valid_copies(tmp_path):
    src, out = tmp_path / "notebooks", tmp_path / "build" / "student"
    src.mkdir()
    nbformat.write(make_notebook(), src / "01_intro.ipynb")
    nbformat.write(new_notebook(cells=[new_code_cell("x = 1")]), src / "02_plain.ipynb")
    (src / "notes.txt").write_text("not a notebook")

    written = strip_folder(src, out)

    assert [(p.name, removed) for p, removed in written] == [
        ("01_intro.ipynb", 3),
        ("02_plain.ipynb", 0),
    ]
    assert sorted(p.name for p in out.iterdir()) == ["01_intro.ipynb", "02_plain.ipynb"]
    copy = nbformat.read(out / "01_intro.ipynb", as_version=4)
    nbformat.validate(copy)
    assert not any(is_teacher_only(c) for c in copy.cells)
    text = (out / "01_intro.ipynb").read_text()
    assert "answer = 42" not in text and "teacher's copy" not in text
    original = nbformat.read(src / "01_intro.ipynb", as_version=4)
    assert len(original.cells) == 6


def test_main_runs_on_a_folder(tmp_path, capsys):
    src = tmp_path / "nb"
    src.mkdir()
    nbformat.write(make_notebook(), src / "a.ipynb")
    assert main(["strip_solutions.py", str(src), str(tmp_path / "out")]) == 0
    assert "3 solution or teacher cell(s) removed" in capsys.readouterr().out
    assert (tmp_path / "out" / "a.ipynb").exists()


def test_main_fails_when_teacher_wording_is_left(tmp_path, capsys):
    src = tmp_path / "nb"
    src.mkdir()
    nb = make_notebook()
    nb.cells.append(new_markdown_cell("Only the teacher notes call it with `reveal=True`."))
    nbformat.write(nb, src / "a.ipynb")
    assert main(["strip_solutions.py", str(src), str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "cell 3 (markdown): 'reveal=True'" in err and "tag them 'teacher'" in err


def test_spanish_teacher_wording_is_found():
    nb = new_notebook(
        cells=[
            new_markdown_cell("Esta es la copia del docente: entregue la otra."),
            new_markdown_cell("La clave de respuestas está al final."),
            new_markdown_cell("Ver las notas del profesor."),
            new_code_cell("revisar('2a', 8, reveal = True)"),
            new_markdown_cell("Siembra desde el hoyo 3 y cuenta las semillas."),
            new_markdown_cell("**Respuestas (docente).** 1. El hoyo 8."),
            new_markdown_cell("**Respuesta (para el docente):** 12 semillas."),
            new_markdown_cell("Las notas para el docente dicen cómo acortarlo."),  # an overview
        ]
    )
    problems = teacher_wording(nb)
    assert [p.split(":")[0] for p in problems] == [
        "cell 0 (markdown)",
        "cell 1 (markdown)",
        "cell 2 (markdown)",
        "cell 3 (code)",
        "cell 5 (markdown)",
        "cell 6 (markdown)",
    ]
    assert "copia del docente" in problems[0] and "clave de respuestas" in problems[1]


def test_main_writes_spanish_copies_into_es(tmp_path, capsys):
    src, out = tmp_path / "nb", tmp_path / "out"
    (src / "es").mkdir(parents=True)
    nbformat.write(make_notebook(), src / "a.ipynb")
    spanish = make_notebook()
    spanish.cells[1].source = "Esta es la copia del docente."  # tagged teacher: removed
    nbformat.write(spanish, src / "es" / "a_es.ipynb")
    assert main(["strip_solutions.py", str(src), str(out)]) == 0
    assert (out / "a.ipynb").exists() and (out / "es" / "a_es.ipynb").exists()
    assert not (out / "a_es.ipynb").exists()
    assert "copia del docente" not in (out / "es" / "a_es.ipynb").read_text()
    assert str(out / "es" / "a_es.ipynb") in capsys.readouterr().out


def test_main_fails_on_spanish_teacher_wording_left_in_es(tmp_path, capsys):
    src = tmp_path / "nb"
    (src / "es").mkdir(parents=True)
    nb = make_notebook()
    nb.cells.append(new_markdown_cell("Solo la copia del docente trae las respuestas."))
    nbformat.write(nb, src / "es" / "b.ipynb")
    assert main(["strip_solutions.py", str(src), str(tmp_path / "out")]) == 1
    assert "'copia del docente'" in capsys.readouterr().err


# -- the student copy of every notebook ------------------------------------------------------
SPANISH_DIR = NOTEBOOK_DIR / "es"
NOTEBOOKS = list_notebooks(NOTEBOOK_DIR)
SPANISH_NOTEBOOKS = list_notebooks(SPANISH_DIR) if SPANISH_DIR.is_dir() else []


@pytest.fixture(scope="module")
def student_copies(tmp_path_factory):
    """The student copies, in ``notebooks/`` of a stand-in checkout whose other folders
    (data, docs, ...) link to the real ones, so relative paths such as ``../data`` resolve as
    they do for the teacher's copy, and nothing is written into the real notebooks/."""
    root = tmp_path_factory.mktemp("checkout")
    for entry in NOTEBOOK_DIR.parent.iterdir():
        if entry.name != NOTEBOOK_DIR.name and not entry.name.startswith("."):
            (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    written = strip_folder(NOTEBOOK_DIR, root / NOTEBOOK_DIR.name)
    if SPANISH_DIR.is_dir():
        written += strip_folder(SPANISH_DIR, root / NOTEBOOK_DIR.name / "es")
    return {path.relative_to(root / NOTEBOOK_DIR.name).as_posix(): path for path, _ in written}


def test_every_notebook_gets_a_student_copy(student_copies):
    assert {p.name for p in NOTEBOOKS} <= set(student_copies)
    assert {f"es/{p.name}" for p in SPANISH_NOTEBOOKS} <= set(student_copies)
    assert "06_classroom.ipynb" in student_copies


COPIES = [p.name for p in NOTEBOOKS] + [f"es/{p.name}" for p in SPANISH_NOTEBOOKS]


@pytest.mark.parametrize("name", COPIES)
def test_student_copy_has_nothing_for_the_teacher_only(name, student_copies):
    copy = nbformat.read(student_copies[name], as_version=4)
    nbformat.validate(copy)
    tags = {tag for cell in copy.cells for tag in cell.get("metadata", {}).get("tags", [])}
    assert not tags & set(STRIPPED_TAGS), f"{name}: cells tagged {tags & set(STRIPPED_TAGS)}"
    problems = teacher_wording(copy)
    assert not problems, f"{name}'s student copy still reads like the teacher's: {problems}"
    for cell in copy.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None


@pytest.fixture(scope="module")
def student_runs(student_copies):
    """``student_runs(name)``: the run of ``name``'s student copy (or its
    :class:`NotebookRunError`), once a module: the tests below read the same run."""
    runs = {}

    def get(name: str):
        if name not in runs:
            try:
                runs[name] = run_notebook(student_copies[name])
            except NotebookRunError as exc:
                runs[name] = exc
        return runs[name]

    return get


@pytest.mark.notebooks
@pytest.mark.parametrize("name", COPIES)
def test_student_copy_runs_top_to_bottom(name, student_runs, record_property):
    result = student_runs(name)
    if isinstance(result, NotebookRunError):
        pytest.fail(f"the student copy of {name} does not run:\n{result}", pytrace=False)
    record_property("student_copy_seconds", round(result.seconds, 2))


@pytest.mark.notebooks
def test_student_copy_of_classroom_notebook_gives_no_answer_away(student_runs):
    """06_classroom's student copy, run top to bottom, waits for every answer and prints none
    of exercise 3's (the run the test above made)."""
    teacher = nbformat.read(NOTEBOOK_DIR / "06_classroom.ipynb", as_version=4)
    assert sum(is_solution(c) for c in teacher.cells) >= 10
    result = student_runs("06_classroom.ipynb")
    if isinstance(result, NotebookRunError):
        pytest.fail(f"the student copy of 06_classroom does not run:\n{result}", pytrace=False)
    printed = outputs(result)
    everything = "\n".join(text for _, text in printed)
    assert "No answer yet" in everything  # the exercises wait for the student's answers
    assert "Right!" not in everything and "Answer:" not in everything
    for key in ("3a", "3b", "3c"):  # exercise 3's answers are printed nowhere
        answer = EXERCISES[key].answer_text
        leaks = [source for source, text in printed if re.search(rf"\b{answer}\b", text)]
        assert not leaks, f"{key}'s answer {answer!r} is printed by: {leaks}"


def test_every_relative_link_of_the_student_copies_resolves(tmp_path):
    """The copies live elsewhere than the notebooks (build/student/), so their links to
    ../docs, ../data and the other notebooks are repointed: each opens a real file."""
    import re

    from hoyito_edu.publish.student import LINK, is_relative_link

    out = tmp_path / "build" / "student"
    assert main(["strip_solutions.py", str(NOTEBOOK_DIR), str(out)]) == 0
    checked = 0
    for copy in sorted(out.rglob("*.ipynb")):
        for cell in nbformat.read(copy, as_version=4).cells:
            if cell.cell_type != "markdown":
                continue
            for match in LINK.finditer(cell.source):
                target = match.group(2)
                if is_relative_link(target) and not re.match(r"^\w+@", target):
                    assert (copy.parent / target).exists(), f"{copy.name}: {target}"
                    checked += 1
    assert checked > 100


# -- no answer reachable from what a student copy imports (issue 36) --------------------------
#: Run in the student copy's kernel after its import cell: walks every object the copy
#: imported (attributes, mapping values, functions' globals and closures, classes' methods)
#: and prints, as JSON, what it reached that holds answers, and what the checkers say.
PROBE = r'''
import json, types
from collections.abc import Mapping

def holds_answers(obj):
    if isinstance(obj, types.ModuleType):
        return obj.__name__ == "hoyito_edu.teaching.classroom"
    if isinstance(obj, dict) and obj.get("__name__") == "hoyito_edu.teaching.classroom":
        return True
    return type(obj).__name__ == "Exercise" or any(
        hasattr(obj, name) for name in ("answer", "answer_text", "solution", "teacher_notes"))

def edges(obj):
    if isinstance(obj, types.ModuleType):
        return []
    if isinstance(obj, types.FunctionType):
        cells = [c.cell_contents for c in (obj.__closure__ or ()) if c.cell_contents is not None]
        return list(obj.__globals__.values()) + cells + list(obj.__defaults__ or ())
    if isinstance(obj, type):
        return list(vars(obj).values())
    if isinstance(obj, (Mapping, list, tuple)):
        return list(obj.values()) if isinstance(obj, Mapping) else list(obj)
    if type(obj).__module__.startswith("hoyito_edu"):
        return [getattr(obj, a) for a in dir(obj) if not a.startswith("__")] + [type(obj)]
    return []

reached, seen = [], set()
todo = [(obj, name, 0) for name, obj in {"EXERCISES": EXERCISES, "ask": ask, "check": check,
        "check_last_hole": check_last_hole, "strategy_player": strategy_player}.items()]
while todo:
    obj, path, depth = todo.pop()
    if id(obj) in seen or depth > 5:
        continue
    seen.add(id(obj))
    if holds_answers(obj):
        reached.append(path)
        continue
    todo += [(child, f"{path}>{type(child).__name__}", depth + 1) for child in edges(obj)]

def wrong(question):
    return check(question.key, *([99] * (2 if question.kind == "division" else 1)))

said = {key: [str(ask(key)), repr(question), str(wrong(question))]
        for key, question in EXERCISES.items()}
try:
    check("2a", 8, reveal=True)
    reveal = "accepted"
except TypeError:
    reveal = "refused"
print(json.dumps({"reached": sorted(set(reached))[:20], "objects": len(seen), "said": said,
                  "reveal": reveal,
                  "right": {k: check(k, *a).correct for k, a in ANSWERS.items()}}))
'''


@pytest.mark.slow
@pytest.mark.parametrize("name", ["06_classroom.ipynb", "es/06_en_el_aula.ipynb"])
def test_no_answer_is_reachable_from_what_a_student_copy_imports(name, student_copies):
    """The student copy's own import cell runs in a real kernel; from the objects it imports
    (EXERCISES, ask, check, ...) no answer, solution, teacher's note or the teacher's module
    can be reached, ``reveal`` is refused, and the checker still says right and wrong."""
    from hoyito_edu.i18n import language
    from hoyito_edu.teaching.classroom import EXERCISES

    copy = nbformat.read(student_copies[name], as_version=4)
    (imports,) = [c for c in copy.cells if c.cell_type == "code" and "EXERCISES," in c.source]
    assert "from hoyito_edu.teaching.practice import" in imports.source
    answers = {k: e.answer if isinstance(e.answer, tuple) else (e.answer,)
               for k, e in EXERCISES.items() if e.kind != "written"}
    probe = f"ANSWERS = {answers!r}\n" + PROBE
    lang = "es" if name.startswith("es/") else "en"
    cells = [imports, new_code_cell(f"hy.set_language({lang!r})"), new_code_cell(probe)]
    ran = run_notebook(student_copies[name], nb=new_notebook(cells=cells)).nb
    seen = json.loads(ran.cells[-1].outputs[-1]["text"])
    assert seen["reached"] == [] and seen["objects"] > 20
    assert seen["reveal"] == "refused"
    assert seen["right"] == dict.fromkeys(answers, True)
    with language(lang):
        for key, exercise in EXERCISES.items():
            asked, shown, wrong = seen["said"][key]
            assert exercise.text in asked  # the question is there, in the copy's language
            if exercise.kind != "written":
                assert exercise.answer_text not in wrong, (key, wrong)
            if exercise.note:  # the teacher's notes (a written question's model answer)
                assert exercise.note not in asked + shown + wrong, key
