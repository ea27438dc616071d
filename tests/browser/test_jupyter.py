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
    set_speed_off,
    wait_for_status,
    wait_idle,
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
    wait_idle(page)


def test_lab_board_first_then_play_undo_and_switch_variant(browser, lab, artifacts):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        run_all_cells(page, f"{lab}/lab/tree/{PLAY_NOTEBOOK.name}")
        page.evaluate(  # back to the top of the notebook, where a student starts
            "() => document.querySelectorAll('.jp-WindowedPanel-outer, .jp-NotebookPanel-notebook')"
            ".forEach((el) => { el.scrollTop = 0; })"
        )
        page.wait_for_timeout(500)
        for selector in (".hoyito-status", ".hoyito-svg"):  # the board first, above the fold
            box = page.locator(f"{BOARD} {selector}").bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= 768, (selector, box)
        page.screenshot(path=artifacts / "lab-1366x768.png")
        state = read_board(page)
        assert state["counts"] == (4,) * 12
        assert "Your turn (South, the row nearest you)" in state["status"]
        set_speed_off(page)
        state = click_and_wait(page, 2)
        game = replay(state, "hoyito-i")
        assert game.holes()[0] == 2 and len(game.moves) >= 2  # the computer answered
        assert_page_matches(state, game)

        page.locator(f"{BOARD} .hoyito-undo").click()  # the person's move and the reply
        wait_for_status(page, "Your turn")
        notice = page.locator(f"{BOARD} .hoyito-notice")
        notice.get_by_text("Took back: You sowed hole 2").wait_for()
        after_undo = read_board(page)
        assert after_undo["moves"] == [] and after_undo["counts"] == (4,) * 12

        choose(page, "variant", "hoyito-ii")
        choose(page, "size", "8")
        page.locator(f"{BOARD} .hoyito-hole-15").wait_for()
        wait_idle(page)
        state = click_and_wait(page, 7)
        assert_page_matches(state, replay(state, "hoyito-ii", holes_per_row=8))
        page.locator(BOARD).screenshot(path=artifacts / "lab-hoyito-ii-2x8.png")
    finally:
        context.close()


def test_notebook7_run_all_then_two_people_play(page, notebook7, artifacts):
    run_all_cells(page, f"{notebook7}/notebooks/{PLAY_NOTEBOOK.name}")
    set_speed_off(page)
    choose(page, "opponent", "person")
    wait_for_status(page, "South to move")  # no "you": two people now
    state = click_and_wait(page, 0)
    assert state["moves"] == [[0, 0]] and "North to move" in state["status"]
    assert_page_matches(state, replay(state, "hoyito-i"))
    page.locator(f"{BOARD} .hoyito-hole-3").click(force=True)  # South's on North's turn: refused
    refused = "Hole 3 is South's, and it is North's turn."
    page.locator(f"{BOARD} .hoyito-notice").get_by_text(refused).wait_for()
    assert read_board(page)["moves"] == [[0, 0]]
    state = click_and_wait(page, replay(state, "hoyito-i").position.legal_moves()[0])
    assert [p for p, _ in state["moves"]] == [0, 1]
    assert_page_matches(state, replay(state, "hoyito-i"))
    page.screenshot(path=artifacts / "notebook7-board.png", full_page=True)
