"""The unit plan a teacher prints: 45-minute lessons, exit tickets, rubric, quiz, coins, letter.

* every lesson adds up to exactly one period, and every lesson has an exit ticket of two or three
  questions, each with a key, in both languages;
* the answers that are counts, holes or shares come from the engine (or exact counting), not
  from typed text;
* the PDFs are on the paper asked for, with the expected number of pages, and no text on a page
  overprints another;
* what notebooks 00 and 06 say about lessons and minutes agrees with the plan's data;
* a Spanish record, with the Spanish template's headers, loads like an English one.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from hoyito_edu.i18n import language
from hoyito_edu.teaching import unit
from hoyito_edu.teaching.data import data_dir
from hoyito_edu.teaching.recorded import RECORD_COLUMNS, SPANISH_COLUMNS, load_recorded_games
from hoyito_edu.teaching.worksheets import close

pytestmark = pytest.mark.slow  # renders every sheet of the unit as PDF, in both languages

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "es")
FIELD = re.compile(r"\{(\w*)\}")
POINTS_PER_INCH = 72


# -- the lessons ---------------------------------------------------------------------------------
@pytest.mark.parametrize("key", list(unit.LESSONS))
def test_every_lesson_adds_up_to_one_period(key):
    lesson = unit.LESSONS[key]
    assert sum(block.minutes for block in lesson.blocks) == unit.PERIOD == 45
    assert lesson.blocks[-1].minutes == 5, "the last five minutes are the exit ticket"


def test_the_sequences_are_three_and_six_lessons_of_known_lessons():
    assert len(unit.THREE) == 3 and len(unit.SIX) == 6
    for key in (*unit.THREE, *unit.SIX, *unit.EXTENSIONS):
        assert key in unit.LESSONS
    assert set(unit.ORDER) == set(unit.LESSONS), "every lesson is used somewhere"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", list(unit.LESSONS))
def test_every_lesson_has_an_exit_ticket_of_two_or_three_questions_with_keys(key, lang):
    lesson = unit.LESSONS[key]
    words = unit.texts(lang).LESSONS[key]
    assert 2 <= len(lesson.ticket) <= 3
    assert len(words["ticket"]) == len(lesson.ticket)
    for index, (question, _key) in enumerate(words["ticket"]):
        with language(lang):
            asked = unit._fill(question, lesson.ticket[index])
        key_text = unit.ticket_key(key, index, lang)
        assert asked.strip() and key_text.strip()
        assert "{" not in asked + key_text, "every field is filled in"


def test_both_languages_hold_the_same_sentences_with_the_same_fields():
    english, spanish = unit.texts("en"), unit.texts("es")
    for name in ("WORDS", "LESSONS", "COINS", "LETTER"):
        assert getattr(english, name).keys() == getattr(spanish, name).keys(), name
    for key, lesson in unit.LESSONS.items():
        for lang in LANGS:
            words = unit.texts(lang).LESSONS[key]
            assert len(words["blocks"]) == len(lesson.blocks), (lang, key)
    pairs = [
        *zip(_strings(english.WORDS), _strings(spanish.WORDS), strict=True),
        *zip(_strings(english.LESSONS), _strings(spanish.LESSONS), strict=True),
        *zip(_strings(english.QUIZ), _strings(spanish.QUIZ), strict=True),
        *zip(_strings(english.RUBRIC), _strings(spanish.RUBRIC), strict=True),
        *zip(_strings(english.COINS), _strings(spanish.COINS), strict=True),
        *zip(_strings(english.LETTER), _strings(spanish.LETTER), strict=True),
    ]
    for en, es in pairs:
        assert set(FIELD.findall(en)) == set(FIELD.findall(es)), (en, es)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key in value:
            yield from _strings(value[key])
    else:
        for item in value:
            yield from _strings(item)


def test_the_plan_says_plainly_that_no_curriculum_document_could_be_cited():
    for lang, said in (("en", "No document of the Dominican Republic's secondary mathematics "
                               "curriculum could be cited here"),
                       ("es", "Aquí no se pudo citar ningún documento del currículo")):
        curriculum = unit.texts(lang).WORDS["curriculum"]
        assert said in curriculum and "MINERD" in curriculum
    # No code or indicator is invented anywhere: nothing shaped like a curriculum code.
    every = " ".join(s for lang in LANGS for s in _strings(vars(unit.texts(lang))["LESSONS"]))
    assert not re.search(r"\b[A-Z]{1,4}\d*\.\d+(\.\d+)*\b", every)


# -- computed answers ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_of_board_questions_are_the_engines_answers(lang):
    for key, lesson in unit.LESSONS.items():
        for index, question in enumerate(lesson.ticket):
            if question.exercise is None:
                continue
            with language(lang):
                expected = question.exercise.answer_text
            assert expected in unit.ticket_key(key, index, lang)
    relay = unit.LESSONS["relays"].ticket[0].exercise
    move = relay.position().sow(relay.params["start"])
    assert relay.answer == move.events[-1].hole, "the last drop of the whole move"


def test_the_coin_share_is_the_exact_binomial_share_and_agrees_with_tossing():
    import numpy as np

    fields = unit.COMPUTED["coin_tail"]()
    tosses, heads, middle = fields["tosses"], fields["heads"], fields["middle"]
    rng = np.random.default_rng(7)
    counts = rng.integers(0, 2, size=(200_000, tosses)).sum(axis=1)
    simulated = (np.abs(counts - middle) >= abs(heads - middle)).mean()
    assert abs(float(fields["share"].rstrip(" %")) - 100 * simulated) < 1.0


def test_the_quiz_casa_question_gives_north_the_ba_awa_four():
    question = unit.QUIZ[3]
    fields = question.fields()
    assert fields["other"] == 4 and question.exercise.answer == 4


# -- the PDFs ------------------------------------------------------------------------------------
def _pages(path: Path) -> list[tuple[float, float]]:
    """The (width, height) in points of every page of a PDF matplotlib wrote, from /MediaBox."""
    data = path.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    return [(float(w), float(h)) for w, h in boxes]


@pytest.fixture(scope="module", params=[("es", "letter"), ("en", "a4")])
def built(request, tmp_path_factory):
    lang, paper = request.param
    out = tmp_path_factory.mktemp(f"unit-{lang}-{paper}")
    return lang, paper, unit.build_unit(out, lang, paper)


def test_the_pdfs_are_on_the_paper_asked_for_with_the_expected_pages(built):
    lang, paper, paths = built
    words = unit.texts(lang).WORDS
    names = {p.name for p in paths}
    assert names == {words[f"{sheet}_file"] for sheet in
                     ("plan", "tickets", "tickets_key", "rubric", "quiz", "quiz_key", "coins",
                      "letter")}
    if lang == "es":
        assert {"plan_de_unidad.pdf", "boletos_de_salida.pdf",
                "carta_a_las_familias.pdf"} <= names
    width, height = unit.PAPERS[paper]
    expected_pages = {
        words["plan_file"]: 2 + len(unit.ORDER),  # the cover, the sequences, a page a lesson
        words["tickets_file"]: len(unit.ORDER),  # one ticket a page, to photocopy
        words["tickets_key_file"]: len(unit.ORDER),
        words["letter_file"]: 1,  # the letter and its reply slip on one sheet
        words["coins_file"]: 2,  # the tosses and the dot plot, then the computer's part
    }
    for path in paths:
        pages = _pages(path)
        assert pages, path
        for w, h in pages:
            assert abs(w - width * POINTS_PER_INCH) < 1 and abs(h - height * POINTS_PER_INCH) < 1
        if path.name in expected_pages:
            assert len(pages) == expected_pages[path.name], path.name
        else:
            assert 1 <= len(pages) <= 2, path.name


def _overlaps(fig) -> list[tuple[str, str]]:
    """Pairs of texts on a page whose boxes overlap, and texts that run into a drawing."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [(t.get_text(), t.get_window_extent(renderer).padded(-0.5))
             for t in fig.texts if t.get_text().strip()]
    for ax in fig.axes:
        texts.append(("[drawing]", ax.get_tightbbox(renderer).padded(-1)))
    clashes = []
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            if box_a.overlaps(box_b):
                clashes.append((a, b))
    return clashes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(unit.SHEETS))
def test_no_text_overprints_another(name, lang):
    sheet = unit.sheet(name, lang)
    try:
        for number, fig in enumerate(sheet.figures, start=1):
            assert _overlaps(fig) == [], f"{sheet.filename}, page {number}"
    finally:
        close(sheet)



def test_a_rendered_page_has_its_ink_inside_the_margins(built, tmp_path):
    lang, paper, paths = built
    plan = next(p for p in paths if p.name == unit.texts(lang).WORDS["plan_file"])
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-f", "3", "-l", "3", str(plan),
                    str(tmp_path / "page")], check=True)
    (image,) = tmp_path.glob("page*.pgm")
    from matplotlib.image import imread

    pixels = imread(image)
    width = pixels.shape[1]
    margin = int(0.3 * 40)  # 0.3 inch at 40 dots per inch
    assert (pixels[:, :margin] > 200).all() and (pixels[:, width - margin:] > 200).all()


def test_the_command_line_writes_one_language_and_refuses_a_bad_paper(tmp_path, capsys):
    assert unit.main([str(tmp_path / "x"), "--paper", "legal"]) == 2
    assert "unknown paper 'legal'" in capsys.readouterr().err
    assert unit.main([str(tmp_path / "x"), "--lang", "fr"]) == 2
    assert "language must be one of" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


# -- the notebooks agree with the plan -----------------------------------------------------------
NOTEBOOKS = {
    "en": ("notebooks/00_start_here.ipynb", "notebooks/06_classroom.ipynb"),
    "es": ("notebooks/es/00_empieza_aqui.ipynb", "notebooks/es/06_en_el_aula.ipynb"),
}
SEQUENCE = {"en": r"(\d+)-lesson sequence", "es": r"secuencia de (\d+) clases"}
FILL = {
    "en": r"activities 1 to 4 and 7 fill lessons (\d+) to (\d+) of the unit plan's (\d+)-lesson",
    "es": r"las actividades 1 a 4 y 7 llenan las clases (\d+) a (\d+) de la secuencia de (\d+) "
          r"clases",
}
MINUTES = {"en": r"(\d+) minutes", "es": r"(\d+) minutos"}
ACTIVITY_COUNT = {"en": "seven activities", "es": "siete actividades"}


def _markdown(path: str, cells: slice = slice(None)) -> str:
    nb = json.loads((ROOT / path).read_text(encoding="utf-8"))
    chosen = nb["cells"][cells]
    return "\n".join("".join(c["source"]) for c in chosen if c["cell_type"] == "markdown")


@pytest.mark.parametrize("lang", LANGS)
def test_notebooks_00_and_06_state_the_plans_lesson_counts(lang):
    sixes = [i + 1 for i, key in enumerate(unit.SIX) if any(
        b.activity in ("06.1", "06.2", "06.3", "06.4", "06.7") for b in unit.LESSONS[key].blocks)]
    for path in NOTEBOOKS[lang]:
        text = _markdown(path, slice(0, 2))
        counts = {int(n) for n in re.findall(SEQUENCE[lang], text)}
        assert counts and counts <= {len(unit.THREE), len(unit.SIX)}, path
        fill = re.search(FILL[lang], text)
        assert fill, path
        assert [int(n) for n in fill.groups()] == [min(sixes), max(sixes), len(unit.SIX)]
        assert not re.search(r"50[–-]60|50 (?:to|a) 60", text), "no more 50-60 minute lessons"
    overview = _markdown(NOTEBOOKS[lang][0], slice(1, 2))
    assert ACTIVITY_COUNT[lang] in overview


@pytest.mark.parametrize("lang", LANGS)
def test_the_activity_table_of_06_gives_the_plans_minutes(lang):
    table = _markdown(NOTEBOOKS[lang][1], slice(0, 1))
    rows = re.findall(r"^\| (\d) \| [^|]+ \| ([^|]+) \|", table, flags=re.MULTILINE)
    assert [int(n) for n, _time in rows] == list(range(1, 8)), "seven activities"
    for number, time in rows:
        stated = int(re.search(MINUTES[lang], time).group(1))
        assert stated == unit.activity_minutes(f"06.{number}"), (number, time)


TIME_CELLS = {  # notebook: the plan's lessons its time cell describes, in order
    "en": {"notebooks/01_fieldwork.ipynb": ("fieldwork",),
           "notebooks/07_strategy.ipynb": ("strategy-07a", "strategy-07b")},
    "es": {"notebooks/es/01_trabajo_de_campo.ipynb": ("fieldwork",),
           "notebooks/es/07_estrategia.ipynb": ("strategy-07a", "strategy-07b")},
}
TIME_ROW = {"en": r"^\| \*\*Time\*\* \|(.+)\|$", "es": r"^\| \*\*Tiempo\*\* \|(.+)\|$"}
LESSON_COUNT = {"en": {1: "one lesson of 45 minutes", 2: "two lessons of 45 minutes"},
                "es": {1: "una clase de 45 minutos", 2: "dos clases de 45 minutos"}}


@pytest.mark.parametrize("lang", LANGS)
def test_the_time_cells_of_01_and_07_give_the_plans_lessons_and_minutes(lang):
    for path, keys in TIME_CELLS[lang].items():
        row = re.search(TIME_ROW[lang], _markdown(path, slice(0, 1)), flags=re.MULTILINE)
        assert row, path
        time = row.group(1)
        assert LESSON_COUNT[lang][len(keys)] in time, path
        # the minutes of each block, in the plan's order, adding up to one period a lesson
        said = [int(n) for n in re.findall(r"\((\d+)(?: minut[eo]s)?[):]", time)]
        planned = [b.minutes for key in keys for b in unit.LESSONS[key].blocks]
        assert said == planned, (path, said, planned)
        assert all(unit.LESSONS[key].minutes == unit.PERIOD for key in keys)
        assert not re.search(r"50[–-]60|50 (?:to|a) 60|80 minut", time), path


# -- the Spanish record ----------------------------------------------------------------------------
def test_the_spanish_template_has_spanish_headers_the_loader_reads(tmp_path):
    template = (data_dir() / "plantilla_partidas_grabadas.csv").read_text(encoding="utf-8")
    header = template.splitlines()[0].split(",")
    assert not set(header) & set(RECORD_COLUMNS), "no English column name"
    assert [SPANISH_COLUMNS[h] for h in header[:5]] == list(RECORD_COLUMNS)
    english = (data_dir() / "recorded_games_example.csv").read_text(encoding="utf-8")
    lines = english.splitlines()
    columns = lines[0].split(",")
    spanish_names = {v: k for k, v in reversed(SPANISH_COLUMNS.items())}
    rows = [",".join(spanish_names[c] for c in columns)]
    for line in lines[1:]:  # what a Dominican class writes: Sur and Norte, Hoyito I
        rows.append(line.replace(",South,", ",Sur,").replace(",North,", ",Norte,")
                    .replace(",hoyito-i,", ",Hoyito I,"))
    path = tmp_path / "nuestras_partidas.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert load_recorded_games(path).equals(load_recorded_games(data_dir() /
                                                                "recorded_games_example.csv"))


def test_a_spanish_record_missing_a_column_is_told_in_spanish(tmp_path):
    path = tmp_path / "partidas.csv"
    path.write_text("partida,reglas,jugada,jugador\n1,Hoyito I,1,Sur\n", encoding="utf-8")
    from hoyito_edu.teaching.recorded import RecordError

    with language("es"), pytest.raises(RecordError) as refused:
        load_recorded_games(path)
    message = str(refused.value)
    assert "hoyo" in message and "partida, reglas, jugada, jugador, hoyo" in message
    assert "variant" not in message


@pytest.mark.parametrize("lang", LANGS)
def test_the_coin_tables_headers_fit_their_columns(lang):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties

    from hoyito_edu.teaching.worksheets import NOTE_SIZE, WIDTH

    renderer = FigureCanvasAgg(Figure()).get_renderer()
    groups, gap = 4, 0.2  # as the coin sheet draws its table of 20 tosses
    column = (WIDTH - gap * (groups - 1)) / groups / 2
    coins = unit.texts(lang).COINS
    for header in (coins["toss"], coins["side"]):
        width, _height, _descent = renderer.get_text_width_height_descent(
            header, FontProperties(size=NOTE_SIZE - 1, weight="bold"), ismath=False)
        assert width / renderer.dpi < column - 0.1, header
