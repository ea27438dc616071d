"""Run-All wall time of every notebook, against the targets.

Targets: each notebook <= 30 s, all notebooks together <= 90 s.
Executes exactly like tests/test_notebooks.py (scripts/nbrun.py): fresh python3 kernel,
working directory notebooks/.

Usage: python benchmarks/notebook_times.py [--strict]
  --strict   exit with status 1 if a target is missed (default: report only)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from nbrun import list_notebooks, run_notebook  # noqa: E402

EACH_TARGET = 30.0
TOTAL_TARGET = 90.0


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    notebooks = list_notebooks()
    if not notebooks:
        print("notebook_times: no notebooks in notebooks/ yet")
        return 0
    width = max(len("total"), *(len(p.name) for p in notebooks))
    print(f"{'notebook':<{width}}  {'Run-All s':>9}  {'target s':>8}  ok")
    missed = False
    total = 0.0
    for path in notebooks:
        seconds = run_notebook(path).seconds
        total += seconds
        ok = seconds <= EACH_TARGET
        missed |= not ok
        print(
            f"{path.name:<{width}}  {seconds:9.1f}  {EACH_TARGET:8.0f}  {'yes' if ok else 'NO'}",
            flush=True,
        )
    ok = total <= TOTAL_TARGET
    missed |= not ok
    print(f"{'total':<{width}}  {total:9.1f}  {TOTAL_TARGET:8.0f}  {'yes' if ok else 'NO'}")
    return 1 if (strict and missed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
