"""The book on every phone: the class server serves the book (``python -m hoyito_edu book``) at
``/libro/`` (Spanish) and ``/book/`` (English), students' pages only.

The teacher's edition (``es/docente/``, ``en/teacher/``) holds the answers, so it is never
served: a phone asking for it gets a sentence instead. The pages fetch nothing but their own
style sheet and figures; they run no script.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

#: Where each language's book is served, and the language each address opens first.
MOUNTS = {"libro": "es", "book": "en"}
#: The teacher's edition of each language: never served to phones.
TEACHER_FOLDERS = ("es/docente", "en/teacher")
#: Sent with every page of the book: framed only by this server's pages, no script at all.
HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; script-src 'none'; frame-ancestors 'self'",
}
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css", ".png": "image/png",
         ".jpg": "image/jpeg", ".svg": "image/svg+xml", ".csv": "text/csv; charset=utf-8",
         ".json": "application/json"}


@dataclass
class Shelf:
    """A built book's folder and its table of contents (``toc.json``), or the reason there
    is none (``missing``)."""

    folder: Path | None
    toc: dict = field(default_factory=dict)
    missing: str = ""

    @classmethod
    def open(cls, folder: Path | str | None) -> Shelf:
        """The book in *folder*; a shelf that says why, if it is not there or not a book."""
        if folder is None:
            return cls(None, missing="no book folder was given")
        folder = Path(folder)
        toc = folder / "toc.json"
        if not toc.is_file():
            return cls(None, missing=f"{folder} holds no book")
        try:
            contents = json.loads(toc.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            return cls(None, missing=f"{toc} cannot be read ({error})")
        return cls(folder.resolve(), contents)

    def pages(self, lang: str) -> list[dict]:
        """The students' pages of one language (href, title, sections), in reading order."""
        return list(self.toc.get(lang, []))

    def page_ok(self, page: str) -> bool:
        """*page* (``es/02_reglas_comparadas.html``, maybe with ``#section``) is a students'
        page of this book, and its section one of that page's."""
        href, _, section = page.partition("#")
        for lang in MOUNTS.values():
            for item in self.toc.get(lang, []):
                if item["href"] == href:
                    return not section or section in {sid for sid, _title in item["sections"]}
        return False

    def file_for(self, path: str) -> Path | None:
        """The file a request for *path* (relative to the book) is answered with: None for
        the teacher's edition, anything outside the book, or a file that is not there."""
        if self.folder is None or "\\" in path or "\x00" in path:
            return None
        if any(path == folder or path.startswith(folder + "/") for folder in TEACHER_FOLDERS):
            return None
        target = (self.folder / path).resolve()
        if not target.is_relative_to(self.folder) or not target.is_file():
            return None
        if target.suffix.lower() not in TYPES:
            return None
        return target


def address(page: str) -> str:
    """The server's address of a book page: ``/libro/`` for Spanish, ``/book/`` otherwise.

    >>> address("es/02_reglas_comparadas.html#tres"), address("en/03_play.html")
    ('/libro/es/02_reglas_comparadas.html#tres', '/book/en/03_play.html')
    """
    return ("/libro/" if page.startswith("es/") else "/book/") + page
