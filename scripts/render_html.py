"""Execute every notebook and render it to static HTML, plus an index page.

Usage: python scripts/render_html.py [SRC_DIR] [OUT_DIR]   (defaults: notebooks build/html)

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


def write_index(out: Path, pages: list[tuple[str, str]]) -> Path:
    items = (
        "\n".join(
            f'    <li><a href="{html.escape(href)}">{html.escape(title)}</a></li>'
            for href, title in pages
        )
        or "    <li>No notebooks yet.</li>"
    )
    index = out / "index.html"
    index.write_text(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n'
        "  <title>hoyito_edu notebooks</title>\n</head>\n<body>\n"
        "  <h1>hoyito_edu notebooks</h1>\n  <ol>\n"
        f"{items}\n  </ol>\n</body>\n</html>\n",
        encoding="utf-8",
    )
    return index


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else Path("notebooks")
    out = Path(argv[2]) if len(argv) > 2 else Path("build/html")
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
    print(f"wrote {write_index(out, pages)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
