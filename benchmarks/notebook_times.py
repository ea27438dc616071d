"""Run-All wall time of every notebook, against the targets.

Targets: each notebook <= 30 s, all notebooks of one language together <= 90 s (the English
notebooks in notebooks/, then their Spanish editions in notebooks/es/).
Executes exactly like tests/test_notebooks.py (hoyito_edu.publish.run): fresh python3 kernel,
working directory the notebook's folder.

Usage: python benchmarks/notebook_times.py [--strict]
  --strict   exit with status 1 if a target is missed (default: report only)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from hoyito_edu.publish.run import NOTEBOOK_DIR, SPANISH_DIR, label, list_notebooks, run_notebook  # noqa: E402

EACH_TARGET = 30.0
TOTAL_TARGET = 90.0


def report(notebooks: list, width: int) -> bool:
    """Run and print one language's notebooks and their total; True if a target is missed."""
    missed = False
    total = 0.0
    for path in notebooks:
        seconds = run_notebook(path).seconds
        total += seconds
        ok = seconds <= EACH_TARGET
        missed |= not ok
        print(
            f"{label(path):<{width}}  {seconds:9.1f}  {EACH_TARGET:8.0f}  {'yes' if ok else 'NO'}",
            flush=True,
        )
    ok = total <= TOTAL_TARGET
    print(f"{'total':<{width}}  {total:9.1f}  {TOTAL_TARGET:8.0f}  {'yes' if ok else 'NO'}")
    return missed or not ok


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    languages = [list_notebooks(NOTEBOOK_DIR), list_notebooks(SPANISH_DIR)]
    languages = [notebooks for notebooks in languages if notebooks]
    if not languages:
        print("notebook_times: no notebooks in notebooks/ yet")
        return 0
    width = max(len("total"), *(len(label(p)) for notebooks in languages for p in notebooks))
    print(f"{'notebook':<{width}}  {'Run-All s':>9}  {'target s':>8}  ok")
    missed = [report(notebooks, width) for notebooks in languages]
    return 1 if (strict and any(missed)) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
