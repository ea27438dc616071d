"""How ``pytest -n 2 --dist loadfile`` shares the tests between its two workers.

Each test file is one unit of work, as in pytest-xdist's own ``loadfile``, except that every
file that uses the session's notebook runs or kits (fixtures ``notebook_runs`` and ``kits`` in
tests/conftest.py) is part of one unit, "notebook-runs": one worker runs each notebook once and
builds the kits once. The units are handed out longest first, as far as the files tell: that
unit, then the files marked slow, browser, notebooks, server or soak, then the others, the
largest first, so that no long file is left for the end while the other worker waits.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from xdist.scheduler import LoadFileScheduling

SHARED_FIXTURES = {"notebook_runs", "kits"}
SHARED_UNIT = "notebook-runs"
NAMES = re.compile(r"\b(" + "|".join(sorted(SHARED_FIXTURES)) + r")\b")
LONG_MARKS = re.compile(r"pytest\.mark\.(slow|browser|notebooks|server|soak)\b")


@cache
def shares_notebook_runs(path: Path) -> bool:
    """Whether the test file names the fixtures of the session's notebook runs.

    >>> from pathlib import Path
    >>> root = Path(__file__).parent
    >>> shares_notebook_runs(root / "test_kit.py"), shares_notebook_runs(root / "test_cli.py")
    (True, False)
    """
    return bool(NAMES.search(Path(path).read_text(encoding="utf-8")))


@cache
def has_long_tests(path: Path) -> bool:
    """Whether the test file marks tests (or itself) slow, browser, notebooks, server or soak."""
    return bool(LONG_MARKS.search(Path(path).read_text(encoding="utf-8")))


class SharedRunsScheduling(LoadFileScheduling):
    """``--dist loadfile`` with the files of the notebook runs as one unit, longest first."""

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        if shares_notebook_runs(self.config.rootpath / module):
            return SHARED_UNIT
        return module

    def _assign_work_unit(self, node) -> None:
        def length(unit: str) -> tuple[bool, bool, int]:
            long = unit == SHARED_UNIT or has_long_tests(self.config.rootpath / unit)
            return unit == SHARED_UNIT, long, len(self.workqueue[unit])

        self.workqueue.move_to_end(max(self.workqueue, key=length), last=False)
        super()._assign_work_unit(node)
