"""docs/rules.md is the rules contract the package ships; it must not drift from the project's
specification (kept beside the repository as ../shared/spec/rules.md where it is checked out
with the project's shared folder, as in CI)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "docs" / "rules.md"
SPEC = ROOT.parent / "shared" / "spec" / "rules.md"


def clauses(text: str) -> str:
    return text[text.index("## 1. Board and numbering") :]


def test_shipped_rules_have_every_clause_the_engine_cites():
    text = SHIPPED.read_text(encoding="utf-8")
    for clause in ("R1.1", "R2.2", "R2.5", "R2.7", "R2.8", "R3.2", "R4.1", "R4.3", "R4.5", "R6.8"):
        assert f"- {clause} " in text, clause
    assert "Lap limit" in text and "1,000 laps" in text


@pytest.mark.skipif(not SPEC.exists(), reason="the project's shared folder is not checked out")
def test_shipped_rules_match_the_specification():
    assert clauses(SHIPPED.read_text(encoding="utf-8")) == clauses(SPEC.read_text(encoding="utf-8"))
