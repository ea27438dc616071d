"""The book: every narrative notebook rendered to HTML with its outputs, in English and Spanish.

``python -m hoyito_edu book [--out DIR]`` (``make html``) runs each notebook once in a fresh
kernel (:mod:`~hoyito_edu.publish.run`) and writes plain HTML pages that open from the file
system with no server and no internet: no script, font or style is fetched from outside.

The book's folders (``DIR``, by default ``build/book``)::

    index.html            the two languages
    en/  es/              the students' pages: no answers, no teacher-only cells
    en/teacher/ es/docente/   the teacher's edition: every cell, answers and notes
    docs/                 the rules, the bibliography and the researcher's pages (English)
    data/                 the tables the pages link to (CSV), to download
    img/                  the figures, as PNG files
    assets/book.css       the one style sheet
    toc.json              the pages and their sections (the class server reads it)

Every page has the table of contents, previous and next links, ``lang`` set, a link to the
same page in the other language, and a description (``alt``) on every figure
(:mod:`~hoyito_edu.publish.figures`). A student page is the executed notebook without the cells
tagged ``solution`` or ``teacher`` (:func:`~hoyito_edu.publish.student.strip_notebook`); the
teacher's pages say so at the top. Relative links between notebooks and documents are turned
into links between pages; a link that leads nowhere is listed in :attr:`Book.broken_links`.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
import posixpath
import re
import shutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from ..content import content_root
from ..i18n import gettext as _
from ..i18n import language
from .figures import SETUP
from .student import is_relative_link, is_teacher_only, student_imports

#: The book's languages, with the folder of their notebooks (relative to notebooks/).
LANGUAGE_FOLDERS = {"en": "", "es": "es"}
#: The teacher's part of each language's book.
TEACHER_FOLDERS = {"en": "teacher", "es": "docente"}
#: Documents written in both languages: the Spanish page -> the English one.
DOCUMENT_PAIRS = {"docs/es/servir-una-clase.md": "docs/class-server.md"}
#: The documents shown first, in this order (relative to the content root); every other
#: ``docs/**/*.md`` page follows, the researcher's index before its pages.
DOCUMENTS = ("docs/rules-in-words.md", "docs/notebooks.md", "docs/board.md",
             "docs/class-server.md", "docs/es/servir-una-clase.md", "docs/rules.md",
             "docs/sources.md", "docs/research/README.md")
WIDGET = "application/vnd.jupyter.widget-view+json"
PREFIX = re.compile(r"^(\d\d[a-z]?)_")


@dataclass(frozen=True)
class Page:
    """One page of the book: where it is (``href``, relative to the book's folder), its title,
    its language and part (``student``, ``teacher`` or ``docs``) and its sections (id, title)."""

    href: str
    title: str
    lang: str
    part: str
    source: str
    sections: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict:
        return {"href": self.href, "title": self.title, "lang": self.lang, "part": self.part,
                "sections": [list(item) for item in self.sections]}


@dataclass
class Book:
    """A written book: its folder, its pages in reading order, and the links that lead
    nowhere (none in a good build)."""

    folder: Path
    pages: list[Page] = field(default_factory=list)
    broken_links: list[str] = field(default_factory=list)

    def part(self, lang: str, part: str) -> list[Page]:
        """The pages of one language and part, in reading order."""
        return [page for page in self.pages if page.lang == lang and page.part == part]

    def __repr__(self) -> str:
        return f"<Book {self.folder} with {len(self.pages)} pages>"


# -- the notebooks -----------------------------------------------------------------------------
def notebooks(lang: str, root: Path | None = None) -> list[Path]:
    """The narrative notebooks of one language, in reading order (by name)."""
    folder = (root or content_root()) / "notebooks" / LANGUAGE_FOLDERS[lang]
    return sorted(folder.glob("*.ipynb"))


def execute(path: Path):
    """Run a notebook top to bottom with the figures' descriptions switched on
    (:data:`~hoyito_edu.publish.figures.SETUP`); returns the run (:class:`RunResult`: its
    ``nb`` is the executed notebook, without the set-up cell, and its ``seconds``).
    Raises :class:`~hoyito_edu.publish.run.NotebookRunError` on a failing cell."""
    from .run import NotebookRunError, run_notebook

    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(SETUP))
    try:
        result = run_notebook(path, nb=nb)
    except NotebookRunError as error:
        if error.index is not None:  # count cells as the notebook does, without the set-up
            raise NotebookRunError(path, error.index - 1, error.source, error.detail) from None
        raise
    nb.cells.pop(0)
    return result


@functools.cache
def package_fingerprint() -> str:
    """A hash of what a notebook's outputs depend on besides its own cells: the package's
    code and the data tables."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    files = [path for path in sorted(package.rglob("*.py")) if "content" not in
             path.relative_to(package).parts[:1]]
    data = content_root() / "data"
    files += sorted(path for path in data.rglob("*") if path.is_file())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class RunCache:
    """A folder of executed notebooks, each kept under a hash of its cells, the package's
    code and the data (:func:`package_fingerprint`): a notebook runs again only when one of
    them changed. ``python -m hoyito_edu kit --reuse DIR``; the tests share one."""

    folder: Path

    def _file(self, path: Path) -> Path:
        digest = hashlib.sha256(Path(path).read_bytes() + package_fingerprint().encode())
        folder = Path(path).parent.name
        return Path(self.folder) / f"{folder}-{Path(path).stem}-{digest.hexdigest()[:20]}.ipynb"

    def get(self, path: Path):
        """The executed notebook kept for *path*, or None."""
        kept = self._file(path)
        return nbformat.read(kept, as_version=4) if kept.is_file() else None

    def put(self, path: Path, executed) -> None:
        kept = self._file(path)
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(".part")
        nbformat.write(executed, partial)
        partial.replace(kept)

    def executed(self, path: Path):
        """*path* executed: the kept copy, else run now and kept."""
        found = self.get(path)
        if found is None:
            found = execute(path).nb
            self.put(path, found)
        return found


def student_version(executed) -> object:
    """The executed notebook without its ``solution`` and ``teacher`` cells (a copy), its
    code importing what a student copy imports (:func:`~.student.student_imports`: the
    exercises without their answers), so the page shows the code a student runs."""
    copy = nbformat.from_dict(executed)
    copy.cells = [cell for cell in copy.cells if not is_teacher_only(cell)]
    for cell in copy.cells:
        if cell.cell_type == "code":
            cell.source = student_imports(cell.source)
    return copy


def _widget_note(nb, lang: str) -> None:
    """Interactive widgets cannot run in a page: say where they do."""
    with language(lang):
        note = _("The interactive board appears here when the notebook runs in JupyterLab, "
                 "or on the class server.")
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET in data:
                output["data"] = {"text/html": f'<p class="widget-note">{html.escape(note)}</p>'}


# -- HTML --------------------------------------------------------------------------------------
def slug(text: str, seen: dict[str, int] | None = None) -> str:
    """A heading's id as GitHub writes it, so ``page.md#id`` links keep working.

    >>> slug("Who wins with perfect play?"), slug("Año 2004: ¿quién?")
    ('who-wins-with-perfect-play', 'año-2004-quién')
    """
    base = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    if seen is None:
        return base
    count = seen.get(base, 0)
    seen[base] = count + 1
    return base if count == 0 else f"{base}-{count}"


def _text(fragment: str) -> str:
    fragment = re.sub(r'<a class="anchor-link"[^>]*>.*?</a>', "", fragment)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


HEADING = re.compile(r'<h([1-6]) id="([^"]*)">(.*?)</h\1>', re.S)


def _ids(body: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """Give headings GitHub-style ids (keeping nbconvert's as a second anchor); the page's
    title (first heading) and its sections (second-level headings)."""
    seen: dict[str, int] = {}
    sections: list[tuple[str, str]] = []
    titles: list[str] = []

    def heading(match: re.Match) -> str:
        level, old, inner = match.group(1), match.group(2), match.group(3)
        text = _text(inner)
        new = slug(text, seen)
        inner = re.sub(r'(<a class="anchor-link" href=")#[^"]*', rf"\1#{new}", inner)
        titles.append(text)
        if level == "2":
            sections.append((new, text))
        extra = f'<a id="{html.escape(old)}"></a>' if old and old != new else ""
        return f'<h{level} id="{html.escape(new)}">{extra}{inner}</h{level}>'

    body = HEADING.sub(heading, body)
    return body, (titles[0] if titles else ""), tuple(sections)


@functools.cache
def _exporter():
    from nbconvert import HTMLExporter

    return HTMLExporter(template_name="basic", exclude_input_prompt=True,
                        exclude_output_prompt=True)


def _export(nb) -> str:
    body, _resources = _exporter().from_notebook_node(nb)
    return body


IMAGE = re.compile(r'<img([^>]*?)src="data:image/(png|jpeg);base64,([^"]+)"')


def _save_images(body: str, out: Path, page_href: str) -> str:
    """Move inline pictures to ``img/`` files named by their content (the same figure is
    stored once), linked relative to the page."""
    (out / "img").mkdir(parents=True, exist_ok=True)

    def save(match: re.Match) -> str:
        data = base64.b64decode(match.group(3))
        name = f"{hashlib.sha1(data).hexdigest()[:16]}.{match.group(2).replace('jpeg', 'jpg')}"
        (out / "img" / name).write_bytes(data)
        link = posixpath.relpath(f"img/{name}", posixpath.dirname(page_href) or ".")
        return f'<img{match.group(1)}loading="lazy" src="{link}"'

    return IMAGE.sub(save, body)


HREF = re.compile(r'(href|src)="([^"#]*)(#[^"]*)?"')


class _Links:
    """Turns relative links written for the source files into links between pages."""

    def __init__(self, root: Path, routes: Mapping[Path, str], out: Path):
        self.root, self.routes, self.out = root.resolve(), routes, out
        self.broken: list[str] = []

    def target(self, source: Path, link: str) -> str | None:
        """The book's path for *link* written in *source*, or None if it leads nowhere."""
        path = (source.parent / link).resolve()
        if path in self.routes:
            return self.routes[path]
        if path.is_file() and path.is_relative_to(self.root / "data"):
            relative = path.relative_to(self.root).as_posix()
            (self.out / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, self.out / relative)
            return relative
        if path.is_file() and path.suffix.lower() in {".png", ".jpg", ".jpeg", ".svg"}:
            relative = "img/" + path.name
            (self.out / "img").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, self.out / relative)
            return relative
        return None

    def rewrite(self, body: str, source: Path, page_href: str) -> str:
        def link(match: re.Match) -> str:
            attribute, target, anchor = match.group(1), match.group(2), match.group(3) or ""
            if not target or not is_relative_link(target):
                return match.group(0)
            found = self.target(source, html.unescape(target))
            if found is None:
                self.broken.append(f"{page_href}: {target}{anchor}")
                return match.group(0)
            relative = posixpath.relpath(found, posixpath.dirname(page_href) or ".")
            return f'{attribute}="{html.escape(relative)}{anchor}"'

        return HREF.sub(link, body)


# -- the page around the body ------------------------------------------------------------------
#: The link to the other language's page, written in that language (as every site does).
OTHER_LANGUAGE = {"en": "Leer en español", "es": "Read in English"}


def _words(lang: str) -> dict[str, str]:
    with language(lang):
        return {
            "book": _("The hoyito_edu book"),
            "contents": _("Contents"),
            "previous": _("Previous"),
            "next": _("Next"),
            "other": OTHER_LANGUAGE[lang],
            "teacher": _("Teacher's edition: this page holds the answers and the notes for "
                         "the teacher. Keep it apart from students; their pages are in the "
                         "students' book."),
            "students_book": _("The students' book"),
            "teachers_book": _("The teacher's edition (answers and notes)"),
            "documents": _("Rules, sources and the researcher's pages (in English)"),
            "skip": _("Skip to the text"),
        }


def _relative(href: str, page_href: str) -> str:
    return posixpath.relpath(href, posixpath.dirname(page_href) or ".")


def page_html(page: Page, body: str, *, neighbours: tuple[Page | None, Page | None],
              other: str | None, index: str) -> str:
    """The whole HTML page: header (contents, other language), the body, previous/next."""
    words = _words(page.lang)
    css = _relative("assets/book.css", page.href)
    previous, following = neighbours
    nav = []
    if previous:
        nav.append(f'<a rel="prev" href="{_relative(previous.href, page.href)}">← '
                   f"{words['previous']}: {html.escape(previous.title)}</a>")
    if following:
        nav.append(f'<a rel="next" href="{_relative(following.href, page.href)}">'
                   f"{words['next']}: {html.escape(following.title)} →</a>")
    other_link = (f'<a hreflang="{"es" if page.lang == "en" else "en"}" '
                  f'href="{_relative(other, page.href)}">{words["other"]}</a>' if other else "")
    banner = f'<p class="teacher-banner">{html.escape(words["teacher"])}</p>' \
        if page.part == "teacher" else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{page.lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(page.title)} · {html.escape(words['book'])}</title>\n"
        f'<link rel="stylesheet" href="{css}">\n</head>\n<body class="part-{page.part}">\n'
        f'<a class="skip" href="#text">{words["skip"]}</a>\n'
        f'<header><a href="{_relative(index, page.href)}">{words["contents"]}</a>'
        f"{other_link}</header>\n"
        f'<main id="text">\n{banner}\n{body}\n</main>\n'
        f'<nav class="pager" aria-label="{words["contents"]}">{"".join(nav)}</nav>\n'
        "</body>\n</html>\n"
    )


def index_html(lang: str, book: Book, href: str, other: str | None,
               extra: str = "") -> str:
    """A language's table of contents: the students' pages with their sections, then the
    teacher's edition and the documents."""
    words = _words(lang)
    documents = book.part(lang, "docs") + ([] if lang == "en" else book.part("en", "docs"))

    def listing(pages: Iterable[Page], sections: bool) -> str:
        items = []
        for page in pages:
            inner = ""
            if sections and page.sections:
                inner = "<ul>" + "".join(
                    f'<li><a href="{_relative(page.href, href)}#{html.escape(sid)}">'
                    f"{html.escape(title)}</a></li>" for sid, title in page.sections) + "</ul>"
            items.append(f'<li><a href="{_relative(page.href, href)}">'
                         f"{html.escape(page.title)}</a>{inner}</li>")
        return "<ol>" + "".join(items) + "</ol>"

    body = (
        f"<h1>{html.escape(words['book'])}</h1>\n{extra}"
        f"<h2>{words['students_book']}</h2>\n{listing(book.part(lang, 'student'), True)}\n"
        f"<h2>{words['teachers_book']}</h2>\n{listing(book.part(lang, 'teacher'), False)}\n"
        f"<h2>{words['documents']}</h2>\n{listing(documents, False)}\n"
    )
    page = Page(href=href, title=words["book"], lang=lang, part="index", source="")
    return page_html(page, body, neighbours=(None, None), other=other, index=href)


# -- building ----------------------------------------------------------------------------------
def _documents(root: Path) -> list[Path]:
    """Every Markdown page of ``docs/``, in reading order (:data:`DOCUMENTS` first)."""
    first = [root / name for name in DOCUMENTS if (root / name).is_file()]
    rest = sorted(path for path in (root / "docs").rglob("*.md") if path not in first)
    return first + rest


def _doc_lang(path: Path, root: Path) -> str:
    """A document's language: Spanish in ``docs/es/``, English elsewhere."""
    return "es" if "es" in path.relative_to(root / "docs").parts[:-1] else "en"


def _doc_href(path: Path, root: Path) -> str:
    relative = path.relative_to(root).with_suffix(".html").as_posix()
    return relative.replace("/README.html", "/index.html")


def _routes(root: Path, langs: Iterable[str]) -> dict[tuple[str, str], dict[Path, str]]:
    """For each (language, part): source file -> the page it becomes."""
    documents = {path.resolve(): _doc_href(path, root) for path in _documents(root)}
    routes = {}
    for lang in langs:
        for part in ("student", "teacher"):
            table = dict(documents)
            for path in notebooks(lang, root):
                table[path.resolve()] = _notebook_href(path, lang, part)
            table[(root / "README.md").resolve()] = f"{lang}/index.html"
            routes[(lang, part)] = table
    every_notebook = {path.resolve(): _notebook_href(path, lang, "student")
                      for lang in langs for path in notebooks(lang, root)}
    routes[("en", "docs")] = {**documents, **every_notebook,
                              (root / "README.md").resolve(): "en/index.html"}
    return routes


def _notebook_href(path: Path, lang: str, part: str) -> str:
    folder = lang if part == "student" else f"{lang}/{TEACHER_FOLDERS[lang]}"
    return f"{folder}/{path.stem}.html"


def _markdown_notebook(path: Path):
    return nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell(path.read_text(encoding="utf-8"))])


def _other_language(path: Path, lang: str, part: str, root: Path) -> str | None:
    match = PREFIX.match(path.name)
    other = "es" if lang == "en" else "en"
    if match is None:
        return f"{other}/index.html"
    for candidate in notebooks(other, root):
        if candidate.name.startswith(match.group(1) + "_"):
            return _notebook_href(candidate, other, part)
    return f"{other}/index.html"


def build_book(
    out: Path,
    langs: Iterable[str] = ("en", "es"),
    *,
    executed: Callable[[Path], object] | None = None,
    progress: Callable[[str], None] | None = print,
    root: Path | None = None,
) -> Book:
    """Write the book into *out* and return it.

    *executed* gives a notebook's executed copy (default :func:`execute`: run it now); the
    tests pass the runs they already made, so no notebook runs twice."""
    root = (root or content_root()).resolve()
    out = Path(out)
    langs = tuple(langs)
    executed = executed or (lambda path: execute(path).nb)
    say = progress or (lambda text: None)
    if out.exists():
        shutil.rmtree(out)
    (out / "assets").mkdir(parents=True)
    (out / "assets" / "book.css").write_text(stylesheet(), encoding="utf-8")
    routes = _routes(root, langs)
    book = Book(folder=out)
    bodies: dict[str, tuple[str, Path]] = {}
    for lang in langs:
        for path in notebooks(lang, root):
            say(f"running {path.relative_to(root).as_posix()}")
            full = executed(path)
            _widget_note(full, lang)
            for part, nb in (("student", student_version(full)), ("teacher", full)):
                href = _notebook_href(path, lang, part)
                links = _Links(root, routes[(lang, part)], out)
                body = _save_images(links.rewrite(_export(nb), path, href), out, href)
                book.broken_links += links.broken
                body, title, sections = _ids(body)
                book.pages.append(Page(href, title or path.stem, lang, part, str(path), sections))
                bodies[href] = (body, path)
    for path in _documents(root):
        href = _doc_href(path, root)
        links = _Links(root, routes[("en", "docs")], out)
        body = _save_images(links.rewrite(_export(_markdown_notebook(path)), path, href), out,
                            href)
        book.broken_links += links.broken
        body, title, sections = _ids(body)
        book.pages.append(Page(href, title or path.stem, _doc_lang(path, root), "docs",
                               str(path), sections))
        bodies[href] = (body, path)
    _write_pages(book, bodies, root, langs)
    book.broken_links += missing_anchors(out)
    say(f"the book: {len(book.pages)} pages in {out}")
    return book


def missing_anchors(folder: Path) -> list[str]:
    """Every ``page.html#id`` link in the book whose page has no element with that id."""
    folder = Path(folder)
    ids: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        """The page's ids, unescaped (read once a page)."""
        if path not in ids:
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            ids[path] = {html.unescape(i) for i in re.findall(r'\bid="([^"]+)"', text)}
        return ids[path]

    missing = []
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for target, anchor in re.findall(r'href="([^"#:]*\.html|)#([^"]+)"', text):
            linked = (page.parent / target if target else page).resolve()
            if html.unescape(anchor) not in ids_of(linked):
                missing.append(f"{page.relative_to(folder).as_posix()}: {target}#{anchor}")
    return missing


def _write_pages(book: Book, bodies: Mapping[str, tuple[str, Path]], root: Path,
                 langs: tuple[str, ...]) -> None:
    out = book.folder
    for lang in langs:
        for part in ("student", "teacher"):
            pages = book.part(lang, part)
            for number, page in enumerate(pages):
                body, path = bodies[page.href]
                neighbours = (pages[number - 1] if number else None,
                              pages[number + 1] if number + 1 < len(pages) else None)
                other = _other_language(path, lang, part, root) if len(langs) > 1 else None
                _write(out / page.href, page_html(page, body, neighbours=neighbours,
                                                  other=other, index=f"{lang}/index.html"))
        other_index = ("es" if lang == "en" else "en") + "/index.html"
        _write(out / lang / "index.html",
               index_html(lang, book, f"{lang}/index.html",
                          other_index if len(langs) > 1 else None))
    docs = [page for page in book.pages if page.part == "docs"]
    for number, page in enumerate(docs):
        body, _path = bodies[page.href]
        neighbours = (docs[number - 1] if number else None,
                      docs[number + 1] if number + 1 < len(docs) else None)
        index = f"{page.lang}/index.html" if page.lang in langs else f"{langs[0]}/index.html"
        _write(out / page.href, page_html(page, body, neighbours=neighbours,
                                          other=_other_document(page.href), index=index))
    _write(out / "index.html", _front(langs))
    toc = {lang: [page.to_dict() for page in book.pages
                  if page.lang == lang and page.part == "student"] for lang in langs}
    toc["docs"] = [page.to_dict() for page in docs]
    _write(out / "toc.json", json.dumps(toc, ensure_ascii=False, indent=1))


def _other_document(href: str) -> str | None:
    """The same document in the other language, where it is written in both."""
    for spanish, english in DOCUMENT_PAIRS.items():
        pair = (str(Path(spanish).with_suffix(".html")), str(Path(english).with_suffix(".html")))
        if href in pair:
            return pair[1] if href == pair[0] else pair[0]
    return None


def _front(langs: tuple[str, ...]) -> str:
    """The book's first page: one link per language."""
    links = []
    for lang in langs:
        with language(lang):
            links.append(f'<li lang="{lang}"><a href="{lang}/index.html">'
                         f"{html.escape(_('The hoyito_edu book'))} ({lang})</a></li>")
    return ('<!DOCTYPE html>\n<html lang="es">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            "<title>hoyito_edu</title>\n"
            '<link rel="stylesheet" href="assets/book.css">\n</head>\n<body>\n<main>\n'
            f"<h1>hoyito_edu</h1>\n<ul>{''.join(links)}</ul>\n</main>\n</body>\n</html>\n")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def stylesheet() -> str:
    """The book's one style sheet: system fonts, readable on a 360 px phone and a projector,
    code highlighted by Pygments, nothing fetched from outside."""
    from pygments.formatters import HtmlFormatter

    return BOOK_CSS + HtmlFormatter(style="default").get_style_defs(".highlight")


BOOK_CSS = """\
:root { --ink: #1b1b1b; --paper: #fffdf8; --accent: #005a9c; --soft: #f1ede4; }
* { box-sizing: border-box; }
html { font-size: 17px; }
@media (min-width: 1200px) { html { font-size: 21px; } }
body { margin: 0; color: var(--ink); background: var(--paper); line-height: 1.55;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif; }
main { max-width: 48rem; margin: 0 auto; padding: 0.5rem 1rem 2rem; overflow-wrap: break-word; }
header, .pager { max-width: 48rem; margin: 0 auto; padding: 0.6rem 1rem; display: flex;
  flex-wrap: wrap; gap: 0.5rem 1.5rem; justify-content: space-between; }
header { border-bottom: 1px solid #d8d2c4; }
.pager { border-top: 1px solid #d8d2c4; }
a { color: var(--accent); }
header a, .pager a { padding: 0.5rem 0; min-height: 44px; display: inline-block; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 0.5rem; top: 0.5rem; background: #fff; padding: 0.5rem; }
h1 { font-size: 1.7rem; line-height: 1.25; } h2 { font-size: 1.35rem; margin-top: 2rem; }
h3 { font-size: 1.12rem; }
.anchor-link { display: none; }
img, svg, video { max-width: 100%; height: auto; }
pre, code { font-family: ui-monospace, "Cascadia Mono", Consolas, "DejaVu Sans Mono", monospace;
  font-size: 0.86em; }
pre { overflow-x: auto; padding: 0.6rem; background: var(--soft); border-radius: 4px;
  max-width: 100%; }
div.input_area, div.output_area pre { margin: 0.4rem 0; }
div.output_area { overflow-x: auto; max-width: 100%; }
.output_area pre { background: #fff; border: 1px solid #e4dfd3; }
table { border-collapse: collapse; display: block; overflow-x: auto; max-width: 100%;
  margin: 0.8rem 0; }
th, td { border: 1px solid #d8d2c4; padding: 0.3rem 0.5rem; vertical-align: top; }
th { background: var(--soft); }
.dataframe { font-size: 0.85rem; }
blockquote { margin: 0.8rem 0; padding: 0.2rem 1rem; border-left: 4px solid #c9b88f;
  background: #faf5e8; }
.teacher-banner { background: #fff1d6; border: 2px solid #b7791f; padding: 0.6rem 0.8rem;
  font-weight: 600; }
.widget-note { font-style: italic; background: var(--soft); padding: 0.5rem; }
ol ul { margin: 0.2rem 0 0.6rem; }
@media print { header, .pager, .skip { display: none; } html { font-size: 12pt; } }
"""
