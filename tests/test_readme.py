"""The README's API example is run as a doctest, so it cannot drift from the code."""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.S | re.M)
    assert match, f"README has no section '## {title}'"
    return match.group(1)


def test_readme_api_example_runs_as_written():
    blocks = re.findall(r"```python\n(.*?)```", section("A first look at the API"), re.S)
    assert blocks and ">>>" in blocks[0], "the API section needs a >>> example"
    lines = [line for line in blocks[0].splitlines() if line.startswith(">>>")]
    assert len(lines) <= 12, "keep the first example short"
    test = doctest.DocTestParser().get_doctest(blocks[0], {}, "README", str(README), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


def test_readme_spanish_example_runs_as_written():
    """The Spanish section's example shows real Spanish output of this version."""
    import hoyito_edu as hy

    blocks = re.findall(r"```python\n(.*?)```", section("En español"), re.S)
    assert blocks and ">>>" in blocks[0], "the Spanish section needs a >>> example"
    test = doctest.DocTestParser().get_doctest(blocks[0], {}, "README-es", str(README), 0)
    runner = doctest.DocTestRunner()
    try:
        runner.run(test)
    finally:
        hy.set_language("en")
    assert runner.failures == 0 and runner.tries >= 4


# The README is the front door (issue 34): short, in the order a teacher needs, and every page
# that holds what it used to hold can be reached from it.

DOCS = README.parent / "docs"
#: A relative Markdown link to a .md page, with an optional #anchor.
MD_PAGE_LINK = re.compile(r"\]\(\s*<?([^)\s>#:]+\.md)(?:#[^)\s>]*)?>?\s*\)")


def headings(text: str, level: str = "## ") -> list[str]:
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith(level):
            lines.append(line[len(level):].strip())
    return lines


def test_readme_is_short_and_in_the_order_a_teacher_needs():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 250, "the README is the front door: keep it under 250 lines"
    found = headings(text)
    order = ["Who it is for", "Open the kit: nothing to install", "Install",
             "A first look at the API", "Where to read on"]
    assert [h for h in found if h in order] == order, found
    assert "En español" in found


def linked_pages(page: Path) -> set[Path]:
    text = page.read_text(encoding="utf-8")
    return {(page.parent / target).resolve() for target in MD_PAGE_LINK.findall(text)}


def test_every_page_in_docs_can_be_reached_from_the_readme():
    """A researcher finds every figure the README used to hold: each page in docs/ is linked,
    directly or through other pages, from the README."""
    seen, todo = set(), [README.resolve()]
    while todo:
        page = todo.pop()
        if page in seen or not page.exists():
            continue
        seen.add(page)
        todo += sorted(linked_pages(page) - seen)
    pages = {p.resolve() for p in DOCS.rglob("*.md")}
    unreachable = sorted(p.relative_to(README.parent).as_posix() for p in pages - seen)
    assert not unreachable, f"no link leads from README.md to: {unreachable}"


def test_every_research_page_has_a_title_and_says_what_it_holds_and_is_listed():
    research = DOCS / "research"
    index = research / "README.md"
    listed = linked_pages(index)
    for page in sorted(research.glob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# "), f"{page.name} should open with a '# Title' line"
        assert lines[1] == "" and lines[2].strip(), f"{page.name}: a paragraph after the title"
        if page != index:
            assert page.resolve() in listed, f"{page.name} is not listed in docs/research/README.md"
