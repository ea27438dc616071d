"""scripts/render_html.py: `make html` renders the English notebooks and the Spanish ones
(notebooks/es/ -> build/html/es/), each language with its own index page."""

from __future__ import annotations

import nbformat
from nbformat.v4 import new_markdown_cell, new_notebook
from render_html import main, title_of, write_index


def test_spanish_index_is_in_spanish(tmp_path):
    index = write_index(tmp_path, [("00_empieza_aqui.html", "00: Empieza aquí")], "es")
    text = index.read_text(encoding="utf-8")
    assert '<html lang="es">' in text and "<h1>Cuadernos de hoyito_edu</h1>" in text
    assert 'href="00_empieza_aqui.html"' in text and "notebooks" not in text


def test_main_writes_an_index_per_language_and_links_them(tmp_path, capsys):
    src, out = tmp_path / "notebooks", tmp_path / "html"
    (src / "es").mkdir(parents=True)  # folders without notebooks: nothing to execute
    assert main(["render_html.py", str(src), str(out)]) == 0
    english = (out / "index.html").read_text(encoding="utf-8")
    spanish = (out / "es" / "index.html").read_text(encoding="utf-8")
    assert 'href="es/index.html"' in english and "No notebooks yet." in english
    assert "Todavía no hay cuadernos." in spanish
    assert str(out / "es" / "index.html") in capsys.readouterr().out


def test_no_spanish_folder_no_spanish_index(tmp_path):
    src, out = tmp_path / "notebooks", tmp_path / "html"
    src.mkdir()
    assert main(["render_html.py", str(src), str(out)]) == 0
    assert not (out / "es").exists()
    assert "es/index.html" not in (out / "index.html").read_text(encoding="utf-8")


def test_title_is_the_first_heading(tmp_path):
    path = tmp_path / "a.ipynb"
    nbformat.write(new_notebook(cells=[new_markdown_cell("Texto\n# Empieza aquí")]), path)
    assert title_of(path) == "Empieza aquí"
