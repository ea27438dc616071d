"""The printables of one language, as PDF: the worksheets, answer sheet, paper boards, record
sheet and community activity (:mod:`hoyito_edu.teaching.worksheets`), and the unit's plan,
exit tickets, rubric, quiz, unplugged chance sheet and letter to families
(:mod:`hoyito_edu.teaching.unit`).

Spanish is printed on Letter (*carta*), the paper of Dominican schools; English on A4 and on
Letter, each in its own folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: The papers each language's printables are made on.
PAPERS = {"es": ("letter",), "en": ("a4", "letter")}


@dataclass(frozen=True)
class Printable:
    """One PDF: its path, language, paper and title (what the kit's front page lists)."""

    path: Path
    lang: str
    paper: str
    title: str


def pdf_title(path: Path) -> str:
    """The title a PDF carries in its information dictionary, else its file name."""
    data = Path(path).read_bytes()
    start = data.find(b"/Title (")
    if start < 0:
        return Path(path).stem.replace("_", " ")
    raw, index, depth = bytearray(), start + len(b"/Title ("), 1
    while index < len(data):
        byte = data[index]
        if byte == 0x5C and index + 1 < len(data):  # a backslash escapes the next byte
            raw.append(data[index + 1])
            index += 2
            continue
        depth += (byte == 0x28) - (byte == 0x29)
        if depth == 0:
            break
        raw.append(byte)
        index += 1
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", errors="replace")
    return raw.decode("latin-1")


def build_printables(out: Path, lang: str) -> list[Printable]:
    """Write every printable of *lang* into ``out/<paper>/`` for each of its papers."""
    from ..teaching import worksheets

    made = []
    for paper in PAPERS[lang]:
        folder = Path(out) / paper
        paths = [*worksheets.build(folder, lang=lang, paper=paper).values(),
                 *_unit(folder, lang, paper)]
        made += [Printable(Path(path), lang, paper, pdf_title(path)) for path in paths]
    return made


def _unit(folder: Path, lang: str, paper: str) -> list[Path]:
    """The unit's sheets (plan, exit tickets, rubric, quiz, letter), where the package has them."""
    try:
        from ..teaching.unit import build_unit
    except ImportError:  # a package without the unit's sheets: the worksheets alone
        return []
    return list(build_unit(folder, lang, paper))
