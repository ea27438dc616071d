"""The kits (issue 34): what a teacher with no Python finds on the USB stick.

``python -m hoyito_edu kit`` is run once a session in a fresh process, with no `make` on PATH
and no network (tests/conftest.py, fixture ``kits``), from the same notebook runs as
tests/test_notebooks.py. These tests read what it wrote; tests/browser/test_kit_pages.py opens
every page in Chromium from ``file://`` on a phone.
"""

from __future__ import annotations

import html
import re
import zipfile
from pathlib import Path

import nbformat
import pytest

from hoyito_edu.publish.book import TEACHER_FOLDERS, notebooks
from hoyito_edu.publish.kit import MAX_BYTES
from hoyito_edu.publish.student import TEACHER_WORDING, is_teacher_only

pytestmark = pytest.mark.notebooks

#: Page sizes in PDF points (1/72 inch).
LETTER, A4 = (612, 792), (595, 842)
WORKSHEETS = {"es": {"hoja_de_trabajo.pdf", "respuestas_docente.pdf", "tableros_vacios.pdf",
                     "registro_de_partidas.pdf", "la_comunidad_como_fuente.pdf",
                     # the unit (hoyito_edu.teaching.unit)
                     "plan_de_unidad.pdf", "boletos_de_salida.pdf",
                     "boletos_de_salida_respuestas.pdf", "rubrica.pdf", "prueba_corta.pdf",
                     "prueba_corta_respuestas.pdf", "el_azar_con_monedas.pdf",
                     "carta_a_las_familias.pdf"},
              "en": {"student_worksheet.pdf", "teacher_answers.pdf", "empty_boards.pdf",
                     "record_sheet.pdf", "community_sources.pdf", "unit_plan.pdf",
                     "exit_tickets.pdf", "exit_tickets_key.pdf", "rubric.pdf", "quiz.pdf",
                     "quiz_key.pdf", "chance_with_coins.pdf", "letter_to_families.pdf"}}


def pdf_pages(path: Path) -> list[tuple[int, int]]:
    """Each page's size in points, read from the PDF's page objects."""
    data = path.read_bytes().decode("latin-1")
    pages = re.findall(r"/Type\s*/Page\b(?!s).*?/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+"
                       r"([\d.]+)\s+([\d.]+)\s*\]", data, re.S)
    if not pages:  # the MediaBox may come before /Type in the page's dictionary
        pages = re.findall(r"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]"
                           r"(?:(?!endobj).)*?/Type\s*/Page\b(?!s)", data, re.S)
    return [(round(float(x1) - float(x0)), round(float(y1) - float(y0)))
            for x0, y0, x1, y1 in pages]


def page_text(path: Path) -> str:
    text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
    return " ".join(html.unescape(text).split())


def test_both_kits_are_zips_under_80_mb_that_unzip_into_one_folder(kits):
    for lang, target in kits["zips"].items():
        assert target.stat().st_size <= MAX_BYTES, f"{target.name} is too big"
        names = zipfile.ZipFile(target).namelist()
        assert all(name.startswith(f"hoyito-kit-{lang}/") for name in names)
        readme = "LEEME.txt" if lang == "es" else "README.txt"
        assert {f"hoyito-kit-{lang}/index.html", f"hoyito-kit-{lang}/{readme}"} <= set(names)


def test_the_kits_were_built_without_make_and_without_a_network(kits):
    assert kits["offline"], "unshare -rn was not available: the kit was not built offline"
    assert "hoyito-kit-es.zip" in kits["log"] and "hoyito-kit-en.zip" in kits["log"]


def test_the_readme_says_what_is_inside_how_to_print_and_how_to_serve_a_class(kits):
    spanish = (kits["es"] / "LEEME.txt").read_bytes().decode("utf-8")
    english = (kits["en"] / "README.txt").read_bytes().decode("utf-8")
    assert "\r\n" in spanish, "Notepad on Windows needs CRLF line ends"
    for text, words in ((spanish, ("index.html", "imprimibles/letter", "serve", "carta")),
                        (english, ("index.html", "printables/a4", "printables/letter", "serve"))):
        for word in words:
            assert word.lower() in text.lower(), word


def test_printables_are_on_the_right_paper(kits):
    spanish = sorted((kits["es"] / "imprimibles").rglob("*.pdf"))
    assert {p.name for p in spanish} >= WORKSHEETS["es"]
    assert {p.parent.name for p in spanish} == {"letter"}, "Spanish prints on Letter only"
    for path in spanish:
        sizes = pdf_pages(path)
        assert sizes and set(sizes) == {LETTER}, f"{path.name}: {sizes}"
    for paper, size in (("a4", A4), ("letter", LETTER)):
        english = sorted((kits["en"] / "printables" / paper).glob("*.pdf"))
        assert {p.name for p in english} >= WORKSHEETS["en"]
        for path in english:
            sizes = pdf_pages(path)
            assert sizes and set(sizes) == {size}, f"{paper}/{path.name}: {sizes}"


def test_every_sheet_has_its_pages(kits):
    """Each PDF has pages; the answer sheet has at least as many as the worksheet it answers
    (every question, plus its working)."""
    for folder, student, teacher in (
            (kits["es"] / "imprimibles" / "letter", "hoja_de_trabajo.pdf",
             "respuestas_docente.pdf"),
            (kits["en"] / "printables" / "a4", "student_worksheet.pdf", "teacher_answers.pdf"),
            (kits["en"] / "printables" / "letter", "student_worksheet.pdf",
             "teacher_answers.pdf")):
        counts = {path.name: len(pdf_pages(path)) for path in folder.glob("*.pdf")}
        assert all(1 <= count <= 20 for count in counts.values()), counts
        assert counts[student] >= 3 and counts[teacher] >= counts[student], counts


def _solution_lines(path: Path) -> list[str]:
    """A distinctive line of every answer or teacher-only cell of a notebook."""
    lines = []
    for cell in nbformat.read(path, as_version=4).cells:
        if is_teacher_only(cell):
            candidates = [line.strip(" #*>-") for line in cell.source.splitlines()]
            candidates = [line for line in candidates if len(line) > 30 and "`" not in line
                          and "[" not in line and "<" not in line and "$" not in line]
            if candidates:
                lines.append(max(candidates, key=len))
    return lines


@pytest.mark.parametrize("lang", ["es", "en"])
def test_students_pages_hold_no_answers_and_the_teachers_say_what_they_are(kits, lang):
    kit = kits[lang]
    checked = 0
    for path in notebooks(lang):
        student = page_text(kit / lang / f"{path.stem}.html")
        teacher = page_text(kit / lang / TEACHER_FOLDERS[lang] / f"{path.stem}.html")
        assert not TEACHER_WORDING.search(student), f"{path.name}: teacher wording"
        for line in _solution_lines(path):
            words = " ".join(line.replace("**", "").replace("_", "").split())[:60]
            if words in teacher:  # a line the rendering kept whole: the student must lack it
                assert words not in student, f"{path.name}'s student page holds: {words!r}"
                checked += 1
        assert ("Teacher's edition" in teacher) or ("Edición del docente" in teacher)
    assert checked >= 10, "too few answers could be found in the teacher's pages to check"


def test_no_page_loads_anything_from_outside_the_kit(kits):
    outside = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", re.I)
    for path in kits["es"].rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for tag in re.findall(r"<(?:script|link|img|iframe|source|video|audio)\b[^>]*>", text):
            assert not outside.search(tag), f"{path.name} loads from outside: {tag[:120]}"
    css = (kits["es"] / "assets" / "book.css").read_text()
    assert "http" not in css and "@import" not in css
