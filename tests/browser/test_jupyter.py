"""03_play.ipynb in JupyterLab and in Notebook 7, in Debian's Chromium: run all cells, then
play, undo and switch rules by clicks, checking the page against the engine."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import PLAY_NOTEBOOK
from pages import (
    BOARD,
    assert_page_matches,
    choose,
    click_and_wait,
    read_board,
    replay,
    wait_for_status,
    wait_for_status_change,
)
from servers import isolated_env, jupyter

pytestmark = pytest.mark.browser

# Lab's own notices (news, updates) would cover part of the page: switch them off.
QUIET = {"fetchNews": "false", "checkForUpdates": False}

KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return Boolean(kernel) && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}"""


def serve(app: str, tmp_path_factory):
    """A server of ``app`` on a folder holding a copy of 03_play.ipynb (it saves there)."""
    root = tmp_path_factory.mktemp(f"{app}-root")
    shutil.copy(PLAY_NOTEBOOK, root / PLAY_NOTEBOOK.name)
    folder = tmp_path_factory.mktemp(f"{app}-home")
    env = isolated_env(folder)
    settings = folder / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab"
    notification = settings / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps(QUIET))
    return jupyter(app, root, folder, env)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    with serve("lab", tmp_path_factory) as url:
        yield url


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory):
    with serve("notebook", tmp_path_factory) as url:
        yield url


def run_all_cells(page, url: str) -> None:
    page.goto(url)
    page.locator(".jp-NotebookPanel").wait_for()
    page.wait_for_function(KERNEL_IDLE)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()


def test_lab_run_all_then_play_undo_and_switch_variant(page, lab, artifacts):
    run_all_cells(page, f"{lab}/lab/tree/{PLAY_NOTEBOOK.name}")
    state = read_board(page)
    assert state["counts"] == (4,) * 12 and "South (you) to move" in state["status"]
    choose(page, "speed", "off")

    state = click_and_wait(page, 2)
    game = replay(state, "hoyito-i")
    assert game.holes()[0] == 2 and len(game.moves) >= 2  # the computer answered
    assert_page_matches(state, game)
    state = click_and_wait(page, game.position.legal_moves()[0])
    assert_page_matches(state, replay(state, "hoyito-i"))
    page.locator(BOARD).screenshot(path=artifacts / "lab-board.png")

    old = state["status"]
    page.locator(f"{BOARD} .hoyito-undo").click()  # takes back the person's move and replies
    wait_for_status_change(page, old)
    after_undo = read_board(page)
    assert after_undo["moves"] == state["moves"][: len(game.moves)]
    assert "Took back: South sowed hole" in after_undo["notice"]
    assert_page_matches(after_undo, replay(after_undo, "hoyito-i"))

    choose(page, "variant", "Hoyito II")
    wait_for_status(page, "New game of Hoyito II")
    choose(page, "size", "2 x 8")
    wait_for_status(page, "New game of Hoyito II on 2 x 8")  # the status changes last
    state = read_board(page)
    assert state["counts"] == (4,) * 16 and state["moves"] == []
    state = click_and_wait(page, 7)
    assert_page_matches(state, replay(state, "hoyito-ii", holes_per_row=8))
    page.screenshot(path=artifacts / "lab-hoyito-ii-2x8.png", full_page=True)


def test_notebook7_run_all_then_play(page, notebook7, artifacts):
    run_all_cells(page, f"{notebook7}/notebooks/{PLAY_NOTEBOOK.name}")
    choose(page, "speed", "off")
    choose(page, "opponent", "Another person")
    wait_for_status(page, "South to move")  # no longer "South (you)": two people now
    state = click_and_wait(page, 0)
    assert state["moves"] == [[0, 0]] and "North to move" in state["status"]
    assert_page_matches(state, replay(state, "hoyito-i"))
    page.locator(f"{BOARD} .hoyito-hole-3").click()  # South's hole on North's turn: refused
    page.locator(f"{BOARD} .hoyito-notice").get_by_text("hole 3 is not yours").wait_for()
    assert read_board(page)["moves"] == [[0, 0]]
    state = click_and_wait(page, replay(state, "hoyito-i").position.legal_moves()[0])
    assert [p for p, _ in state["moves"]] == [0, 1]
    assert_page_matches(state, replay(state, "hoyito-i"))
    page.screenshot(path=artifacts / "notebook7-board.png", full_page=True)
