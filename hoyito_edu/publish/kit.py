"""The kit: the book and the printables in one zip that opens from a USB stick with nothing
installed (``python -m hoyito_edu kit [--lang es|en] [--out DIR]``, default both, ``dist/``).

``hoyito-kit-es.zip`` unzips into ``hoyito-kit-es/``::

    index.html        the front page: read the book, print the sheets, serve a class
    LEEME.txt         (README.txt in English) what is inside, how to print, how to serve a class
    es/ en/ docs/ ... the book in both languages (:mod:`~hoyito_edu.publish.book`)
    imprimibles/carta/   the printables as PDF (English: printables/a4/ and printables/letter/)

Every page opens from the file system (``file://``) with no server, no Python and no internet:
the book's pages fetch nothing from outside.
"""

from __future__ import annotations

import html
import shutil
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

from ..i18n import gettext as _
from ..i18n import language
from ..version import __version__
from .book import Book, Page, build_book, page_html
from .printables import Printable, build_printables

#: The kit's languages, in the order they are built by default.
KIT_LANGUAGES = ("es", "en")
#: Each kit's biggest allowed size, in bytes (a USB stick, a slow school network).
MAX_BYTES = 80 * 1024 * 1024


def kit_name(lang: str) -> str:
    """``hoyito-kit-es``: the zip's name (without ``.zip``) and its top folder."""
    return f"hoyito-kit-{lang}"


def _folders(lang: str) -> tuple[str, str]:
    """The printables' folder and the readme's name in the kit's language."""
    return ("imprimibles", "LEEME.txt") if lang == "es" else ("printables", "README.txt")


def _paper_name(paper: str) -> str:
    return {"letter": _("Letter paper"), "a4": _("A4 paper")}[paper]


def _readme(lang: str, printables: list[Printable]) -> str:
    folder, _name = _folders(lang)
    with language(lang):
        papers = sorted({item.paper for item in printables})
        lines = [
            _("hoyito_edu: a kit to teach and study the Dominican mancala game Hoyito"),
            _("Version {version}").format(version=__version__),
            "",
            _("WHAT IS INSIDE"),
            _("- index.html: open it with any web browser (double click). It needs no "
              "internet and no program to install, on a computer or a phone."),
            _("- The book: every notebook of the project with its figures and tables, in "
              "Spanish and in English. The students' pages hold no answers; the teacher's "
              "edition (answers and notes) is kept apart and says so on every page."),
            _("- {folder}/: the sheets to print, as PDF.").format(folder=folder),
            "",
            _("HOW TO PRINT"),
            _("Open a PDF from {folder}/ and print it at actual size (100 %, not \"fit to "
              "page\").").format(folder=folder),
        ]
        for paper in papers:
            lines.append(_("- {folder}/{paper}/: {name}.").format(
                folder=folder, paper=paper, name=_paper_name(paper)))
        lines += [
            "",
            _("HOW TO SERVE A CLASS ON PHONES"),
            _("The class server needs Python on the teacher's computer (Windows, macOS or "
              "Linux). Install the package once with internet: py -m pip install "
              "\"hoyito_edu[class]\" (on macOS and Linux: python3 -m pip ...). Then, with "
              "the phones on the same Wi-Fi as the computer:"),
            f"    py -m hoyito_edu serve --host 0.0.0.0 --lang {lang}",
            _("The command prints the address and the class code the students type, and the "
              "teacher's page. The students can also read the book on their phones, and the "
              "teacher's page can send every phone to a page of the book."),
            _("If the phones cannot reach the computer, the school's Wi-Fi may keep devices "
              "apart: use a phone's hotspot, or ask for the computer's firewall to let the "
              "port through."),
        ]
    return "\r\n".join(lines) + "\r\n"  # Windows' Notepad shows the lines too


def _front_page(lang: str, book: Book, printables: list[Printable]) -> str:
    with language(lang):
        other = "en" if lang == "es" else "es"
        items = []
        for paper in sorted({item.paper for item in printables}):
            links = "".join(
                f'<li><a href="{html.escape(item.path.as_posix())}">{html.escape(item.title)}'
                "</a></li>" for item in printables if item.paper == paper)
            items.append(f"<h3>{html.escape(_paper_name(paper))}</h3><ul>{links}</ul>")
        students = book.part(lang, "student")
        body = (
            f"<h1>{html.escape(_('Hoyito: a kit for the classroom'))}</h1>\n"
            f"<p>{html.escape(_('Everything here opens without internet and without installing anything.'))}</p>\n"  # noqa: E501
            f"<h2>{html.escape(_('Read'))}</h2>\n<ul>"
            f'<li><a href="{lang}/index.html">{html.escape(_("The book: contents"))}</a></li>'
            + (f'<li><a href="{students[0].href}">{html.escape(students[0].title)}</a></li>'
               if students else "")
            + f'<li><a href="{other}/index.html" hreflang="{other}">'
            f"{html.escape(_('The book in the other language'))}</a></li></ul>\n"
            f"<h2>{html.escape(_('Print'))}</h2>\n{''.join(items)}\n"
            f"<h2>{html.escape(_('Serve a class on phones'))}</h2>\n"
            f"<p>{html.escape(_('See the text file beside this page: it says how the class server runs on the teacher’s computer.'))}</p>\n"  # noqa: E501
        )
        page = Page(href="index.html", title=_("Hoyito: a kit for the classroom"), lang=lang,
                    part="index", source="")
        return page_html(page, body, neighbours=(None, None), other=f"{other}/index.html",
                         index=f"{lang}/index.html")


def _zip(folder: Path, target: Path) -> Path:
    partial = target.with_name(target.name + ".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder.parent).as_posix())
    partial.replace(target)
    return target


def build_kits(
    out: Path = Path("dist"),
    langs: Iterable[str] = KIT_LANGUAGES,
    *,
    executed: Callable[[Path], object] | None = None,
    progress: Callable[[str], None] | None = print,
) -> dict[str, Path]:
    """Build the kit of each language in *langs*: ``out/hoyito-kit-<lang>/`` and its zip;
    returns {language: zip}. The book is built once, in both languages, for every kit."""
    langs = tuple(dict.fromkeys(langs))
    unknown = [lang for lang in langs if lang not in KIT_LANGUAGES]
    if unknown:
        raise ValueError(f"no kit in {', '.join(map(repr, unknown))}; the kits are "
                         f"{', '.join(KIT_LANGUAGES)}")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    say = progress or (lambda text: None)
    staging = out / ".book"
    book = build_book(staging, ("es", "en"), executed=executed, progress=progress)
    if book.broken_links:
        say("links that lead nowhere: " + "; ".join(book.broken_links))
    zips = {}
    for lang in langs:
        folder = out / kit_name(lang)
        if folder.exists():
            shutil.rmtree(folder)
        shutil.copytree(staging, folder)
        printables_folder, readme = _folders(lang)
        say(f"printing the {lang} sheets")
        made = build_printables(folder / printables_folder, lang)
        made = [Printable(item.path.relative_to(folder), item.lang, item.paper, item.title)
                for item in made]
        (folder / "index.html").write_text(_front_page(lang, book, made), encoding="utf-8")
        (folder / readme).write_text(_readme(lang, made), encoding="utf-8")
        target = _zip(folder, out / f"{kit_name(lang)}.zip")
        size = target.stat().st_size
        if size > MAX_BYTES:
            raise RuntimeError(f"{target.name} is {size / 2**20:.1f} MB, more than the "
                               f"{MAX_BYTES / 2**20:.0f} MB a kit may hold")
        say(f"{target} ({size / 2**20:.1f} MB)")
        zips[lang] = target
    shutil.rmtree(staging)
    return zips
