"""Execute every notebook and render it to static HTML, plus an index page.

Usage: python scripts/render_html.py [SRC_DIR] [OUT_DIR]   (defaults: notebooks build/html)

Both languages: ``SRC_DIR/*.ipynb`` go to ``OUT_DIR/``, the Spanish notebooks
``SRC_DIR/es/*.ipynb`` to ``OUT_DIR/es/`` with an index page of their own (in Spanish), linked
from the English one.

Each notebook goes through ``jupyter nbconvert --to html --execute --output-dir OUT_DIR``
(one at a time, sorted by name; execution happens in the notebook's own folder).
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

import nbformat


def jupyter() -> str:
    """The ``jupyter`` next to this interpreter (the .venv one), else the one on PATH."""
    candidate = Path(sys.executable).parent / "jupyter"
    return str(candidate) if candidate.exists() else "jupyter"


def title_of(path: Path) -> str:
    """The notebook's first Markdown heading, else its file name."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


#: Sub-folders of the notebooks in other languages, and their index page's words:
#: (title, "no notebooks yet", link text from the English index).
LANGUAGE_FOLDERS = {"es": ("Cuadernos de hoyito_edu", "Todavía no hay cuadernos.", "En español")}
ENGLISH = ("hoyito_edu notebooks", "No notebooks yet.", "")


def write_index(
    out: Path,
    pages: list[tuple[str, str]],
    lang: str = "en",
    links: list[tuple[str, str]] | None = None,
) -> Path:
    """``out/index.html``: a list of ``pages`` (href, title), then ``links`` (href, text) to
    the other languages' indexes."""
    heading, empty, _ = LANGUAGE_FOLDERS.get(lang, ENGLISH)
    items = (
        "\n".join(
            f'    <li><a href="{html.escape(href)}">{html.escape(title)}</a></li>'
            for href, title in pages
        )
        or f"    <li>{html.escape(empty)}</li>"
    )
    others = "".join(
        f'  <p><a href="{html.escape(href)}">{html.escape(text)}</a></p>\n'
        for href, text in links or []
    )
    index = out / "index.html"
    index.write_text(
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n  <meta charset="utf-8">\n'
        f"  <title>{heading}</title>\n</head>\n<body>\n"
        f"  <h1>{heading}</h1>\n  <ol>\n"
        f"{items}\n  </ol>\n{others}</body>\n</html>\n",
        encoding="utf-8",
    )
    return index


def render_folder(src: Path, out: Path) -> list[tuple[str, str]]:
    """Execute and render every ``src/*.ipynb`` into ``out``; (href, title) of each page."""
    out.mkdir(parents=True, exist_ok=True)
    pages = []
    for path in sorted(src.glob("*.ipynb")):
        print(f"== {path}", flush=True)
        subprocess.run(
            [
                jupyter(),
                "nbconvert",
                "--to",
                "html",
                "--execute",
                "--output-dir",
                str(out),
                str(path),
            ],
            check=True,
        )
        pages.append((path.with_suffix(".html").name, f"{path.stem}: {title_of(path)}"))
    return pages


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else Path("notebooks")
    out = Path(argv[2]) if len(argv) > 2 else Path("build/html")
    pages = render_folder(src, out)
    links = []
    for lang, (_, _, link) in LANGUAGE_FOLDERS.items():
        if (src / lang).is_dir():
            print(f"wrote {write_index(out / lang, render_folder(src / lang, out / lang), lang)}")
            links.append((f"{lang}/index.html", link))
    print(f"wrote {write_index(out, pages, links=links)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
