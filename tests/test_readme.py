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
