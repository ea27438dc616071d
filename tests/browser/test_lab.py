"""03_play.ipynb in JupyterLab, in Debian's Chromium: run all cells, play, undo, switch rules."""

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
from servers import isolated_env, jupyterlab

pytestmark = pytest.mark.browser

# Lab's own notices (news, updates) would cover part of the page: switch them off.
QUIET_LAB = {"fetchNews": "false", "checkForUpdates": False}


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a folder holding a copy of 03_play.ipynb (Lab saves into its folder)."""
    root = tmp_path_factory.mktemp("lab-root")
    shutil.copy(PLAY_NOTEBOOK, root / PLAY_NOTEBOOK.name)
    folder = tmp_path_factory.mktemp("lab-home")
    env = isolated_env(folder)
    settings = folder / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab"
    notification = settings / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps(QUIET_LAB))
    with jupyterlab(root, folder, env) as url:
        yield url


def run_all_cells(page, url: str) -> None:
    page.goto(f"{url}/lab/tree/{PLAY_NOTEBOOK.name}")
    page.locator(".jp-NotebookPanel").wait_for()
    page.locator("#jp-main-statusbar").get_by_text("Idle").wait_for()
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()


def test_lab_run_all_then_play_undo_and_switch_variant(page, lab, artifacts):
    run_all_cells(page, lab)
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
    page.locator(f"{BOARD} .hoyito-hole-15").wait_for()
    state = read_board(page)
    assert state["counts"] == (4,) * 16 and state["moves"] == []
    state = click_and_wait(page, 7)
    assert_page_matches(state, replay(state, "hoyito-ii", holes_per_row=8))
    page.screenshot(path=artifacts / "lab-hoyito-ii-2x8.png", full_page=True)
