"""Every citation a reader sees can be followed, inside the repository.

The notebooks, the README and the pages in ``docs/`` cite sources by name, with links to the
bibliography ``docs/sources.md``. These tests fail when

- a notebook (markdown or code cell), the README, ``CHANGELOG.md`` or a page in ``docs/`` links
  to, or names, a repository file that does not exist, or links to an anchor that
  ``docs/sources.md`` (or another Markdown file) does not have;
- a notebook or the README points readers at the project's research notes ("research digest",
  "rules specification", "prior-art notes", ``spec/rules.md``), which the repository does not
  ship;
- a notebook does not end with a Sources section that links to ``docs/sources.md``;
- the bibliography's list of anchors and its headings disagree, or an entry lacks a date, an
  address or what we take from it;
- the glossary (``data/glossary.csv``) has an empty English or Spanish cell, or a Dominican
  word without a source from the bibliography;
- ``CITATION.cff`` is not a valid-looking CFF 1.2.0 file.
"""

from __future__ import annotations

import glob
import json
import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from hoyito_edu.teaching import data

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted(
    (ROOT / "notebooks" / "es").glob("*.ipynb")
)
README = ROOT / "README.md"
#: The Markdown pages beside the README: the changelog and every page in docs/ (the book's
#: teacher's and researcher's parts), whose links are checked like the README's.
PAGES = [ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
SOURCES = ROOT / "docs" / "sources.md"
#: Notebooks served by Voila (the lesson with the board, and the play pages of `make voila` and
#: `make jugar`). Voila answers 403 for the repository's other files and opens a Markdown link
#: in the same tab (Back starts a new game): their links go to public pages, in a new tab, and
#: the repository's files are named in words.
VOILA_PAGES = [
    ROOT / "notebooks" / "03_play.ipynb",
    ROOT / "notebooks" / "es" / "03_jugar.ipynb",
    ROOT / "notebooks" / "play" / "play.ipynb",
    ROOT / "notebooks" / "play" / "jugar.ipynb",
]
#: An HTML link: its whole opening tag.
HTML_LINK = re.compile(r"<a\s[^>]*>", re.IGNORECASE)

#: Phrases that send readers to notes the repository does not ship.
UNSHIPPED = re.compile(
    r"research digest|rules? specification|rules spec\b|prior-art notes|spec/rules\.md"
    r"|shared/sources|shared/spec",
    re.IGNORECASE,
)

#: Top-level folders of the repository; a path starting with one of them is a repository path.
REPO_DIRS = ("data", "docs", "notebooks", "scripts", "tests", "hoyito_edu", "benchmarks", "spec")
#: A repository path written anywhere in the text (prose, backticks, code strings), possibly
#: with ``../`` in front and an ``#anchor`` behind. It must not be part of a longer path or URL.
REPO_PATH = re.compile(r"(?<![\w/.:-])((?:\.\./)*(?:" + "|".join(REPO_DIRS) + r")/[\w./#*-]*[\w*])")
#: A bare file name in backticks, such as ``02_rules_compared.ipynb`` or ``timeline.csv``.
BARE_FILE = re.compile(r"`([\w-]+\.(?:ipynb|csv|md|cff))(#[\w-]+)?`")
#: The target of a Markdown link ``[text](target)``.
MD_LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: Generated folders: paths under them need not exist in a checkout.
GENERATED = ("build/", "test-artifacts/", ".venv/")
#: Generated folders anywhere in a path (numba's cache of compiled code, for instance).
GENERATED_ANYWHERE = ("__pycache__/",)


# --------------------------------------------------------------------------- helpers


def _cell_text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


@cache
def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _texts() -> list[tuple[str, Path, str]]:
    """(label, folder the text lives in, text) for the README, the pages beside it and every
    notebook cell."""
    texts = [("README.md", ROOT, README.read_text(encoding="utf-8"))]
    for path in PAGES:
        label = path.relative_to(ROOT).as_posix()
        texts.append((label, path.parent, path.read_text(encoding="utf-8")))
    for path in NOTEBOOKS:
        for index, cell in enumerate(_notebook(path)["cells"]):
            if cell["cell_type"] in ("markdown", "code"):
                name = path.relative_to(ROOT / "notebooks").as_posix()
                texts.append((f"{name} cell {index}", path.parent, _cell_text(cell)))
    return texts


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading (without the duplicate suffix).

    >>> github_slug("Mancala World: Hoyito I")
    'mancala-world-hoyito-i'
    >>> github_slug("R. C. Bell (1969)")
    'r-c-bell-1969'
    """
    text = unicodedata.normalize("NFC", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _markdown_headings(text: str) -> list[str]:
    headings, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)):
            headings.append(match.group(1))
    return headings


def _anchors_of_text(text: str) -> set[str]:
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    for heading in _markdown_headings(text):
        slug = github_slug(heading)
        count = seen.get(slug, 0)
        anchors.add(slug if count == 0 else f"{slug}-{count}")
        seen[slug] = count + 1
    return anchors


@cache
def anchors_of(path: Path) -> frozenset[str]:
    """The heading anchors of a Markdown file or of a notebook's markdown cells."""
    if path.suffix == ".ipynb":
        cells = _notebook(path)["cells"]
        text = "\n".join(_cell_text(c) for c in cells if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return frozenset(_anchors_of_text(text))


def _resolve(target: str, folder: Path) -> Path | None:
    """The file a link or path names, looked up from its own folder and from the repository
    root; a bare notebook or data file name is also looked up in notebooks/, data/ and docs/."""
    candidates = [folder / target, ROOT / target]
    if "/" not in target:
        candidates += [ROOT / sub / target for sub in ("notebooks", "data", "docs")]
    for candidate in candidates:
        if candidate.exists():
            return candidate.resolve()
    return None


def _problem(target: str, folder: Path) -> str | None:
    """What is wrong with a cited repository path (with optional #anchor), or None."""
    path_part, _, anchor = target.partition("#")
    if any(path_part.lstrip("./").startswith(g) for g in GENERATED):
        return None
    if any(g in path_part for g in GENERATED_ANYWHERE):
        return None
    if not path_part:  # an in-page anchor: not checked here
        return None
    if "*" in path_part:  # a pattern such as tests/test_widgets_*.py: something must match
        if any(glob.glob(str(base / path_part)) for base in (folder, ROOT)):
            return None
        return f"{target}: no file in the repository matches this pattern"
    found = _resolve(path_part, folder)
    if found is None:
        return f"{target}: no such file in the repository"
    try:
        found.relative_to(ROOT)
    except ValueError:
        return f"{target}: points outside the repository"
    if anchor and found.suffix in (".md", ".ipynb") and anchor not in anchors_of(found):
        return f"{target}: {found.name} has no heading with the anchor #{anchor}"
    return None


def _cited_paths(text: str) -> set[str]:
    cited = set(REPO_PATH.findall(text))
    cited |= {name + anchor for name, anchor in BARE_FILE.findall(text)}
    for target in MD_LINK.findall(text):
        if not re.match(r"[a-zA-Z][\w+.-]*:", target):  # skip http:, https:, mailto:
            cited.add(target)
    return cited


# --------------------------------------------------------------------------- the checks


def _labelled(texts):
    return [pytest.param(folder, text, id=label) for label, folder, text in texts]


def _by_document() -> dict[str, list[tuple[Path, str, str]]]:
    documents: dict[str, list[tuple[Path, str, str]]] = {}
    for label, folder, text in _texts():
        documents.setdefault(label.split(" cell ")[0], []).append((folder, label, text))
    return documents


DOCUMENTS = _by_document()


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_cited_repository_files_exist(document: str) -> None:
    problems = []
    for folder, label, text in DOCUMENTS[document]:
        for target in sorted(_cited_paths(text)):
            if (problem := _problem(target, folder)) is not None:
                problems.append(f"{label}: {problem}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_no_pointers_to_unshipped_notes(document: str) -> None:
    problems = []
    for _folder, label, text in DOCUMENTS[document]:
        for line in text.splitlines():
            if match := UNSHIPPED.search(line):
                problems.append(f"{label}: {match.group(0)!r} in: {line.strip()[:120]}")
    assert not problems, (
        "The repository does not ship the project's research notes; cite the source by name "
        "with a link to docs/sources.md instead:\n" + "\n".join(problems)
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_ends_with_sources_linking_the_bibliography(path: Path) -> None:
    """English notebooks end with '## Sources', their Spanish editions with '## Fuentes'."""
    cells = [c for c in _notebook(path)["cells"] if _cell_text(c).strip()]
    last = cells[-1]
    text = _cell_text(last)
    spanish = path.parent.name == "es"
    heading, bibliography = (
        ("Fuentes", "../../docs/sources.md") if spanish else ("Sources", "../docs/sources.md")
    )
    if path in VOILA_PAGES:  # served by Voila: the bibliography is named, not linked
        bibliography = "`docs/sources.md`"
    assert last["cell_type"] == "markdown", f"the last cell should be a {heading} markdown cell"
    assert re.match(rf"\s*#{{1,6}}\s+{heading}\b", text), (
        f"the last cell should open with '## {heading}'"
    )
    assert bibliography in text, f"the {heading} cell should link to {bibliography}"


def voila_link_problems(text: str) -> list[str]:
    """Links that would fail a reader in Voila: a Markdown link (same tab), an HTML link to
    anything but a public https page, or one that does not open a new tab."""
    problems = [f"a Markdown link: {t}" for t in MD_LINK.findall(text)]
    for tag in HTML_LINK.findall(text):
        href = re.search(r'href="([^"]*)"', tag)
        if not href or not href.group(1).startswith("https://"):
            problems.append(f"not a public page: {tag}")
        if 'target="_blank"' not in tag or 'rel="noopener"' not in tag:
            problems.append(f"not in a new tab: {tag}")
    return problems


@pytest.mark.parametrize("path", VOILA_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebooks_served_by_voila_link_only_public_pages_in_a_new_tab(path: Path) -> None:
    problems = []
    for k, cell in enumerate(_notebook(path)["cells"]):
        if cell["cell_type"] == "markdown":
            problems += [f"cell {k}: {p}" for p in voila_link_problems(_cell_text(cell))]
    assert not problems, "\n".join(problems)
    assert voila_link_problems("[Rules](../README.md#rules)")  # the check catches each kind
    assert voila_link_problems('<a href="../docs/sources.md" target="_blank" rel="noopener">')
    assert voila_link_problems('<a href="https://mancala.fandom.com/wiki/Ba-awa">')


def test_checker_catches_broken_citations(tmp_path: Path) -> None:
    """The checks above really fail on the mistakes they are meant to catch."""
    folder = ROOT / "notebooks"
    assert _problem("../data/nowhere.csv", folder)
    assert _problem("../docs/sources.md#no-such-source", folder)
    assert _problem("spec/rules.md", folder)
    assert _problem("../docs/sources.md#mancala-world-hoyito-i", folder) is None
    assert _problem("data/fieldwork_sites.csv", folder) is None
    assert _problem("02_rules_compared.ipynb", folder) is None
    assert _problem("tests/test_widgets_*.py", folder) is None
    assert _problem("tests/test_nothing_*.py", folder)
    research = ROOT / "docs" / "research"  # a page in docs/ links to its neighbours
    assert _problem("perfect-play.md#who-wins-with-perfect-play", research) is None
    assert _problem("perfect-play.md#no-such-heading", research)
    assert _problem("../class-server.md", research) is None
    assert _problem("hoyito_edu/compiled/__pycache__/*.nbi", folder) is None  # generated
    text = "See `data/x.csv`, [the list](../docs/sources.md#ludii-game-files) and https://a.org/docs/y.md"
    assert _cited_paths(text) == {"data/x.csv", "../docs/sources.md#ludii-game-files"}
    assert UNSHIPPED.search("see the research digest, section 6.1")


# --------------------------------------------------------------------------- the bibliography


def _entries() -> dict[str, str]:
    """Bibliography entries: heading -> body, for the ``###`` headings."""
    text = SOURCES.read_text(encoding="utf-8")
    parts = re.split(r"^### (.+)$", text, flags=re.MULTILINE)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def test_bibliography_anchor_list_matches_its_headings() -> None:
    text = SOURCES.read_text(encoding="utf-8")
    listed = set(re.findall(r"\[`#([\w-]+)`\]\(#([\w-]+)\)", text))
    assert all(a == b for a, b in listed), "each listed anchor should link to itself"
    assert {a for a, _ in listed} == {github_slug(h) for h in _entries()}


def test_bibliography_entries_say_date_address_and_use() -> None:
    for heading, body in _entries().items():
        assert "**Date:**" in body, heading
        assert "**What we take from it:**" in body, heading
        assert ("**Address:**" in body) or re.search(r"<https?://", body), heading


def test_data_sources_name_bibliography_entries() -> None:
    entries = set(_entries())
    for frame in (data.fieldwork_sites(), data.timeline()):
        for cell in frame["source"]:
            for name in cell.split(";"):
                assert name.strip() in entries, name


# --------------------------------------------------------------------------- the glossary

GLOSSARY_TERMS = {
    "hole", "seed", "sow", "lap", "relay", "casa", "capture", "round", "match", "board", "row",
    "mover", "pass", "chain", "last-seed capture", "mid-sow capture", "endless move",
    "lap limit", "agreement (ending by agreement)",
}


@pytest.fixture(scope="module")
def glossary():
    return data.glossary()


def test_glossary_columns(glossary) -> None:
    assert list(glossary.columns) == list(data.GLOSSARY_COLUMNS)


def test_glossary_english_and_spanish_filled(glossary) -> None:
    for column in ("english", "spanish", "definition"):
        empty = glossary.loc[glossary[column].str.strip() == "", "english"].tolist()
        assert not empty, f"empty {column} for: {empty}"
    assert glossary["english"].is_unique


def test_glossary_covers_the_game_words(glossary) -> None:
    assert GLOSSARY_TERMS <= set(glossary["english"])


def test_every_dominican_word_has_a_source(glossary) -> None:
    entries = set(_entries())
    for row in glossary.itertuples():
        if row.dominican.strip():
            names = [n.strip() for n in row.dominican_source.split(";") if n.strip()]
            assert names, f"{row.english}: Dominican word without a source"
            for name in names:
                assert name in entries, f"{row.english}: {name!r} is not in docs/sources.md"
        else:
            assert not row.dominican_source.strip(), f"{row.english}: a source but no word"


# --------------------------------------------------------------------------- CITATION.cff


def test_citation_cff_parses() -> None:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    try:
        import yaml
    except ImportError:  # PyYAML comes with JupyterLab; fall back to a key check without it
        for key in ("cff-version:", "message:", "title:", "authors:"):
            assert re.search(rf"^{key}", text, re.MULTILINE), key
        return
    cff = yaml.safe_load(text)
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors", "license"):
        assert cff.get(key), key
    assert all(("name" in a) or ("family-names" in a) for a in cff["authors"])
    assert cff["license"] == "MIT"
