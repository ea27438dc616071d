"""Fixtures for the real-browser tests: Debian's Chromium, Voila and JupyterLab servers.

Servers bind to 127.0.0.1 on free ports, use the session's isolated JUPYTER_* folders (set by
tests/conftest.py) or folders of their own, and stop in teardown. Screenshots go to
test-artifacts/ at the top of the repository.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from servers import chromium

ROOT = Path(__file__).resolve().parents[2]
PLAY_NOTEBOOK = ROOT / "notebooks" / "03_play.ipynb"  # the lesson, in Jupyter
PLAY_PAGE = ROOT / "notebooks" / "play" / "play.ipynb"  # what `make voila` serves
JUGAR_PAGE = ROOT / "notebooks" / "play" / "jugar.ipynb"  # what `make jugar` serves


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module (module scope keeps Playwright's event loop away from
    the asyncio tests elsewhere in the suite)."""
    with chromium() as instance:
        yield instance


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 1400})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    folder = ROOT / "test-artifacts"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def session_env() -> dict[str, str]:
    """The environment with the session's isolated Jupyter folders."""
    return dict(os.environ)


AXE = ROOT / ".cache" / "axe-core" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe_script() -> Path:
    """axe-core from npm, installed into .cache/ once (scripts/ensure_axe.sh)."""
    if not AXE.exists():
        subprocess.run(["bash", str(ROOT / "scripts" / "ensure_axe.sh")], check=True)
    return AXE
