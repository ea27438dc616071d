"""The printable worksheets (hoyito_edu.teaching.worksheets): they build, the student sheet gives no
answer away, and the teacher sheet's answers are the engine's."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import matplotlib
import pytest
from catalogue_words import english_only_words

import hoyito_edu as hy
from hoyito_edu.engine.events import Drop
from hoyito_edu.teaching import classroom, worksheets
from hoyito_edu.teaching.classroom import CASA_REASONS, EXERCISES

pytestmark = pytest.mark.slow  # renders every worksheet as PDF

matplotlib.use("Agg")
ROOT = Path(__file__).resolve().parent.parent
A4_POINTS = (595.44, 841.68)  # 8.27 x 11.69 inches
LETTER_POINTS = (612.0, 792.0)  # 8.5 x 11 inches
EN_FILES = ["community_sources.pdf", "empty_boards.pdf", "record_sheet.pdf",
            "student_worksheet.pdf", "teacher_answers.pdf"]
ES_FILES = ["hoja_de_trabajo.pdf", "la_comunidad_como_fuente.pdf", "registro_de_partidas.pdf",
            "respuestas_docente.pdf", "tableros_vacios.pdf"]
SHEETS = ["student_sheet", "teacher_sheet", "empty_boards_sheet", "record_sheet",
          "community_sheet"]


def flat(text: str) -> str:
    """Text with every run of white space as one space (the sheets wrap long lines)."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def sheets():
    """``sheets(lang, paper)``: the five sheets, in the order of SHEETS, in ``lang`` on ``paper``
    (None: the language's own paper), each made once for the whole module: the tests read the
    sheets and never change them, and making the five takes seconds."""
    made: dict[tuple[str, str], list[worksheets.Sheet]] = {}

    def get(lang: str = "en", paper: str | None = None) -> list[worksheets.Sheet]:
        key = (lang, paper or worksheets.DEFAULT_PAPER[lang])
        if key not in made:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(worksheets, "_paper", key[1])
                made[key] = [getattr(worksheets, make)(lang) for make in SHEETS]
        return made[key]

    yield get
    for found in made.values():
        worksheets.close(*found)


@pytest.fixture(scope="module")
def student(sheets):
    return sheets("en")[SHEETS.index("student_sheet")]


@pytest.fixture(scope="module")
def teacher(sheets):
    return sheets("en")[SHEETS.index("teacher_sheet")]


# -- the files -------------------------------------------------------------------------------
def _pages_and_boxes(data: bytes) -> tuple[int, set]:
    pages = len(re.findall(rb"/Type\s*/Page\b", data))
    return pages, {tuple(float(v) for v in box.split()[2:]) for box in _media_boxes(data)}


def test_build_writes_five_a4_pdfs_in_english(tmp_path):
    written = worksheets.build(tmp_path / "worksheets")
    assert sorted(written) == EN_FILES
    for name, path in written.items():
        data = path.read_bytes()
        assert data.startswith(b"%PDF"), name
        pages, boxes = _pages_and_boxes(data)
        assert pages >= 2, f"{name} has {pages} pages"
        assert boxes == {A4_POINTS}, f"{name}: page sizes {boxes}"


def test_spanish_prints_on_letter_and_paper_sets_either(tmp_path):
    spanish = worksheets.build(tmp_path / "es", sheets=["empty"], lang="es")
    assert _pages_and_boxes(spanish["tableros_vacios.pdf"].read_bytes())[1] == {LETTER_POINTS}
    english = worksheets.build(tmp_path / "en", sheets=["empty"], paper="letter")
    assert _pages_and_boxes(english["empty_boards.pdf"].read_bytes())[1] == {LETTER_POINTS}
    a4 = worksheets.build(tmp_path / "a4", sheets=["empty"], lang="es", paper="a4")
    assert _pages_and_boxes(a4["tableros_vacios.pdf"].read_bytes())[1] == {A4_POINTS}
    with pytest.raises(ValueError, match="unknown paper 'legal'; choose from a4, letter"):
        worksheets.build(tmp_path / "x", sheets=["empty"], paper="legal")
    assert worksheets.student_sheet().size == worksheets.A4  # build's paper does not linger


def test_the_student_sheet_is_compact(sheets):
    """Six pages at most on either paper (it took nine when each part had its own page)."""
    for lang in ("en", "es"):
        sheet = sheets(lang)[SHEETS.index("student_sheet")]
        assert len(sheet.figures) <= 6, (lang, len(sheet.figures))


def _media_boxes(data: bytes) -> list[str]:
    return [m.decode() for m in re.findall(rb"/MediaBox\s*\[\s*([\d.\s]+)\]", data)]


def test_build_rejects_unknown_sheets(tmp_path):
    with pytest.raises(ValueError, match="unknown sheet"):
        worksheets.build(tmp_path, sheets=["answers"])


def test_command_line_writes_both_languages_into_the_folder_given(tmp_path, capsys):
    assert worksheets.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "student_worksheet.pdf" in out and "hoja_de_trabajo.pdf" in out
    assert sorted(p.name for p in (tmp_path / "en").iterdir()) == EN_FILES
    assert sorted(p.name for p in (tmp_path / "es").iterdir()) == ES_FILES
    for path in (tmp_path / "es").iterdir():
        assert path.read_bytes().startswith(b"%PDF")
    boxes = _pages_and_boxes((tmp_path / "es" / "tableros_vacios.pdf").read_bytes())[1]
    assert boxes == {LETTER_POINTS}


def test_command_line_paper_option(tmp_path, capsys):
    """An unknown paper gets a sentence (``--paper letter`` drawn in both languages is
    tests/test_cli_teacher.py's test_worksheets_on_letter_paper, through the real command)."""
    assert worksheets.main([str(tmp_path), "--paper=tabloid"]) == 2
    assert "unknown paper 'tabloid'" in capsys.readouterr().err


def test_help_says_where_each_language_goes(capsys):
    assert worksheets.main(["--help"]) == 0
    usage = capsys.readouterr().out
    assert "OUT_DIR/en/" in usage and "OUT_DIR/es/" in usage and "hoja_de_trabajo.pdf" in usage


def test_makefile_has_a_worksheets_target():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^worksheets:.*##", makefile, re.MULTILINE)
    assert "-m hoyito_edu worksheets --out build/worksheets" in makefile


# -- every page titled, every question asked -----------------------------------------------
@pytest.mark.parametrize("make", SHEETS)
def test_every_page_has_the_sheet_title_and_a_page_number(make, sheets):
    sheet = sheets("en")[SHEETS.index(make)]
    pages = len(sheet.figures)
    for number, fig in enumerate(sheet.figures, start=1):
        texts = [t.get_text() for t in fig.texts]
        assert sheet.title in texts
        assert any(f"page {number} of {pages}" in t for t in texts)
        width, height = fig.get_size_inches()
        assert (round(width, 2), round(height, 2)) == worksheets.A4


def test_student_sheet_asks_every_exercise(student):
    text = flat(student.text())
    for key, exercise in EXERCISES.items():
        assert flat(f"{key}. {exercise.text}") in text, key


# -- no answers for students -----------------------------------------------------------------
def test_student_sheet_contains_no_answers(student):
    text = flat(student.text())
    assert "Answer" not in text and "Right!" not in text and "Model answer" not in text
    for key, exercise in EXERCISES.items():
        if exercise.kind != "written":
            assert flat(exercise.working()) not in text, key
        notes = exercise.notes.format(**exercise.facts())
        assert flat(notes) not in text, key
    for key in ("3a", "3b", "3c"):  # counts that appear nowhere else on the sheet
        assert not re.search(rf"\b{EXERCISES[key].answer_text}\b", text), key


def _hole_texts(ax, n):
    centres = {(float(h if h < n else 2 * n - 1 - h), 1.3 * (h >= n)) for h in range(2 * n)}
    return [t.get_text() for t in ax.texts if tuple(map(float, t.get_position())) in centres]


def test_empty_boards_are_empty_and_the_question_boards_are_not(student):
    empty = filled = 0
    for fig in student.figures:
        for ax in fig.axes:
            n = 8 if "2 × 8" in ax.get_title() else 6
            holes = _hole_texts(ax, n)
            assert len(holes) == 2 * n
            if "After lap" in ax.get_title() or "to count on" in ax.get_title():
                assert holes == [""] * (2 * n), ax.get_title()
                empty += 1
            else:
                filled += all(holes)
    assert empty >= 10 and filled >= 4


# -- the teacher's answers are the engine's --------------------------------------------------
def engine_answer(exercise) -> str:
    """The answer as the teacher sheet words it, worked out here from the engine's record."""
    p = exercise.params
    n = exercise.holes_per_row
    if "board" in p:
        position = hy.new_game(p["variant"], board=list(p["board"]), player=int(p["start"] >= n))
        move = position.sow(p["start"])
    else:
        board = [0] * (2 * n)
        board[p.get("start", 0)] = p["seeds"]
        move = hy.new_game("hoyito-iii", board=board, player=int(p.get("start", 0) >= n))
        move = move.sow(p.get("start", 0))
    drops = [e for e in move.events if isinstance(e, Drop)]
    if exercise.kind == "division":
        received = Counter(e.hole for e in drops if e.lap == 1)
        counts = [received[h] for h in range(2 * n)]
        rounds = min(counts)
        extra = sum(c > rounds for c in counts)
        return f"every hole receives {rounds} seeds and {extra} holes receive one more"
    if exercise.kind == "last-hole":
        return f"hole {[e.hole for e in drops if e.lap == 1][-1]}"
    if exercise.kind == "relay":
        return f"hole {drops[-1].hole}"
    if exercise.kind == "captured":
        return f"{move.taken[move.player]} seeds"
    return f"{sum(1 for c in move.captures if c.reason in CASA_REASONS)} casas"


@pytest.mark.parametrize("key", [k for k, e in EXERCISES.items() if e.kind != "written"])
def test_teacher_sheet_answers_equal_the_engines(key, teacher):
    expected = engine_answer(EXERCISES[key])
    text = flat(teacher.text())
    assert f"Answer: {expected}." in text
    # and the checker the notebook uses agrees
    truth = EXERCISES[key].answer
    answers = truth if isinstance(truth, tuple) else (truth,)
    assert classroom.check(key, *answers).correct is True


def test_teacher_sheet_has_model_answers_and_the_boards_after_each_lap(teacher):
    text = flat(teacher.text())
    for exercise in EXERCISES.values():
        if exercise.kind == "written":
            assert flat(exercise.solution()) in text
    titles = [ax.get_title() for fig in teacher.figures for ax in fig.axes]
    laps = sum(
        exercise.move().laps
        for exercise in EXERCISES.values()
        if exercise.kind in ("relay", "captured", "casas")
    )
    assert sum(title.startswith("After lap") for title in titles) == laps
    # the drawn boards are the engine's: the last board of 2g is the board after the move
    move = EXERCISES["2g"].move()
    last_2g = [
        ax
        for fig in teacher.figures
        for ax in fig.axes
        if flat(ax.get_title()) == f"After lap {move.laps} (the end of the move)"
    ][0]
    drawn = _hole_texts(last_2g, 6)
    centres = [(float(h if h < 6 else 11 - h), 1.3 * (h >= 6)) for h in range(12)]
    by_position = {tuple(map(float, t.get_position())): t.get_text() for t in last_2g.texts}
    assert [int(by_position[c]) for c in centres] == list(move.after.board)
    assert len(drawn) == 12


# -- Spanish ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def spanish_sheets(sheets):
    return sheets("es")


#: English words a Spanish sheet must not show: those of the worksheets' and exercises'
#: catalogue entries that no Spanish translation uses, and these common ones a sentence left
#: unmarked would show.
SHEET_SOURCES = ("worksheets.py", "classroom.py", "plots.py")
SHEET_COMMON = frozenset({"the", "and", "hole", "holes", "seed", "seeds", "lap", "move", "Answer",
                          "page", "South", "North", "captured", "After", "Activity", "Worksheet"})


def test_spanish_worksheets_are_in_spanish(spanish_sheets):
    student, teacher, empty = spanish_sheets[:3]
    assert student.title == "Hoja de trabajo: las matemáticas del Hoyito"
    assert (teacher.filename, empty.filename) == ("respuestas_docente.pdf", "tableros_vacios.pdf")
    text = flat(student.text())
    assert "Actividad 2. ¿Dónde cae la última semilla?" in text
    assert "2a. Se siembran 5 semillas desde el hoyo 3. ¿En qué hoyo cae la última semilla?" in text
    assert "Sur (0): comió ____" in text and "página 1 de" in text
    assert "Respuesta: hoyo 8." in flat(teacher.text())
    assert "Respuesta" not in text  # still no answers for students


def test_spanish_worksheets_have_no_english_word(spanish_sheets):
    english = english_only_words(SHEET_SOURCES, SHEET_COMMON)
    python = "(start + seeds) % (2 * holes_per_row)"  # code stays code
    for sheet in spanish_sheets:
        text = sheet.text().replace(python, "")
        found = set(re.findall(r"[A-Za-z]{3,}", text)) & english
        assert not found, f"{sheet.filename}: English words {found}"


def test_spanish_student_sheet_uses_the_glossarys_words(spanish_sheets):
    from hoyito_edu.teaching.data import glossary

    terms = glossary().set_index("english")
    text = flat(spanish_sheets[0].text())
    assert "Palabras del juego:" in text
    for english in worksheets.GLOSSARY_TERMS:
        assert terms.loc[english, "spanish"] in text, english
    assert "hoyo – en la República Dominicana: casita" in text
    assert "en la República Dominicana: comer, beber" in text


def test_english_sheet_names_the_spanish_words_too(student):
    text = flat(student.text())
    assert "Words of the game: hole = hoyo – Dominican: casita" in text


# -- the record sheet and the community activity -----------------------------------------------
def test_record_sheet_has_numbered_rows_in_the_loaders_columns(sheets):
    from hoyito_edu.teaching.recorded import RECORD_COLUMNS

    sheet = sheets("en")[SHEETS.index("record_sheet")]
    text = flat(sheet.text())
    assert "never a name" in text
    assert ", ".join(RECORD_COLUMNS) in text  # the columns the loader reads
    numbers = {t.get_text() for fig in sheet.figures for t in fig.texts}
    assert {"1", "60", "100"} <= numbers  # rows numbered on from page to page
    assert len(sheet.figures) == 2
    spanish = sheets("es")[SHEETS.index("record_sheet")]
    headers = {t.get_text() for fig in spanish.figures for t in fig.texts}
    assert {"jugada", "S / N", "hoyo"} <= headers and not {"move", "hole"} & headers
    assert "nunca un nombre" in flat(spanish.text())


def test_community_sheet_asks_for_consent_and_keeps_names_out(sheets):
    for lang, must in (
        ("en", ["agrees to answer", "Write no names", "There is no wrong answer", "comer",
                "hoyito, casitas or mate", "data/variants.csv"]),
        ("es", ["No escribas nombres", "acepta responder", "No hay respuestas equivocadas",
                "hoyito, casitas o mate", "comer"]),
    ):
        text = flat(sheets(lang)[SHEETS.index("community_sheet")].text())
        for phrase in must:
            assert phrase in text, (lang, phrase)
        for number in range(1, len(worksheets.COMMUNITY_QUESTIONS) + 1):
            assert f"{number}. " in text


# -- layout: nothing on a page prints over anything else ---------------------------------------
def _boxes(fig):
    """(owner, label, box) of every text on a page: the page's own texts (owner None) and each
    board's title, seeds, hole numbers and players' lines (owner: the board's axes)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    found = [(None, t.get_text(), t.get_window_extent(renderer).padded(-0.5))
             for t in fig.texts if t.get_text().strip()]
    for ax in fig.axes:
        for t in [ax.title, *ax.texts]:
            if t.get_text().strip():
                found.append((ax, t.get_text(), t.get_window_extent(renderer).padded(-0.5)))
    return found


def overprints(fig) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes overlap, and texts that reach into another board's box."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = _boxes(fig)
    clashes = [(a, b) for i, (_o, a, box_a) in enumerate(texts)
               for _p, b, box_b in texts[i + 1:] if box_a.overlaps(box_b)]
    for ax in fig.axes:
        board = ax.get_window_extent(renderer).padded(-1)
        clashes += [(label, "[a board]") for owner, label, box in texts
                    if owner is not ax and box.overlaps(board)]
    return clashes


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_text_prints_over_another_on_any_page(lang, paper, sheets):
    for sheet in sheets(lang, paper):
        for number, fig in enumerate(sheet.figures, start=1):
            assert overprints(fig) == [], f"{lang} {paper} {sheet.filename}, page {number}"


@pytest.mark.parametrize("name", ["student_sheet", "teacher_sheet"])
def test_a_boards_digits_fit_inside_their_holes_with_room_to_spare(name, sheets):
    from matplotlib.patches import Circle

    sheet = sheets("en")[SHEETS.index(name)]
    for number, fig in enumerate(sheet.figures, start=1):
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            holes = [c.get_window_extent(renderer) for c in ax.patches
                     if isinstance(c, Circle)]
            for text in ax.texts:
                box = text.get_window_extent(renderer)
                x, y = box.get_points().mean(axis=0)
                for hole in (h for h in holes if h.contains(x, y) and text.get_text()):
                    # the ring and a margin stay visible round the seeds' number
                    assert box.width <= 0.7 * hole.width, (number, text.get_text())
                    assert box.height <= 0.7 * hole.height, (number, text.get_text())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_empty_boards_fill_every_page(lang, paper, sheets):
    sheet = sheets(lang, paper)[SHEETS.index("empty_boards_sheet")]
    for number, fig in enumerate(sheet.figures, start=1):
        height = fig.get_figheight()
        lowest = min(ax.get_position().y0 for ax in fig.axes) * height  # inches from below
        # the boards reach the bottom margin: less than half an inch of the page left empty
        assert lowest - worksheets.BOTTOM < 0.5, (sheet.filename, number, lowest)
