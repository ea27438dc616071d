"""The play page in Voila, driven in Debian's Chromium by clicks, as a class would use it."""

from __future__ import annotations

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
)
from servers import voila

import hoyito_edu as hy

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory, session_env):
    with voila(PLAY_NOTEBOOK, tmp_path_factory.mktemp("voila"), session_env) as url:
        yield url


def open_board(page, url: str) -> dict:
    page.goto(url, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    return read_board(page)


def test_a_whole_game_against_the_computer_by_clicks(page, voila_url, artifacts):
    state = open_board(page, voila_url)
    assert state["counts"] == (4,) * 12 and state["moves"] == []
    choose(page, "speed", "off")
    clicks = 0
    game = replay(state, "hoyito-i")
    me = hy.player("greedy", seed=1)  # the test's side: greedy games end in a few dozen moves
    while not game.is_over:
        state = click_and_wait(page, me.choose(game.position))
        clicks += 1
        game = replay(state, "hoyito-i")  # the person's move and the computer's replies
        assert_page_matches(state, game)
        assert state["moves"][-1][0] == 1 or game.is_over  # the computer answered
        if clicks == 1:
            page.screenshot(path=artifacts / "voila-first-move.png", full_page=True)
        assert clicks < 500  # a safety net: repetition (R4.3) ends every game long before
    assert state["notice"] == ""
    page.screenshot(path=artifacts / "voila-game-over.png", full_page=True)
    # after the end every click is refused and nothing changes
    page.locator(f"{BOARD} .hoyito-hole-0").click()
    page.locator(f"{BOARD} .hoyito-notice").get_by_text("The game is over").wait_for()
    assert read_board(page)["moves"] == state["moves"]


def test_animation_refuses_clicks_politely_then_the_computer_replies(page, voila_url, artifacts):
    open_board(page, voila_url)
    choose(page, "speed", "slow")
    page.locator(f"{BOARD} .hoyito-hole-0").click()  # five laps from the start: a long film
    wait_for_status(page, "Watch: South (you) sows hole 0")
    page.locator(f"{BOARD} .hoyito-drop").wait_for()
    page.screenshot(path=artifacts / "voila-animation.png", full_page=True)
    page.locator(f"{BOARD} .hoyito-hole-1").click()
    page.locator(f"{BOARD} .hoyito-notice").get_by_text("Hole 1 was not played").wait_for()
    page.locator(f"{BOARD} .hoyito-pause").click()
    page.locator(f"{BOARD} .hoyito-play:not([disabled])").wait_for()
    paused = read_board(page)["counts"]
    page.wait_for_timeout(1500)  # three slow frames' time: nothing moves while paused
    assert read_board(page)["counts"] == paused
    before_step = page.locator(f"{BOARD} .hoyito-commentary").inner_text()
    page.locator(f"{BOARD} .hoyito-step").click()
    page.wait_for_function(
        "(old) => document.querySelector('.hoyito-board .hoyito-commentary').innerText !== old",
        arg=before_step,
    )
    page.locator(f"{BOARD} .hoyito-skip").click()  # South's film ends; the computer's begins
    wait_for_status(page, "Watch: North (computer: beginner)")
    choose(page, "speed", "fast")  # a speed change applies to the film being shown
    wait_for_status(page, "South (you) to move")
    state = read_board(page)
    assert [p for p, _ in state["moves"]][:2] == [0, 1] and state["moves"][0][1] == 0
    assert_page_matches(state, replay(state, "hoyito-i"))
    # one more move, caught mid-sowing: the picture of the board in the README
    choose(page, "speed", "slow")
    hole = replay(state, "hoyito-i").position.legal_moves()[-1]
    page.locator(f"{BOARD} .hoyito-hole-{hole}").click()
    page.locator(f"{BOARD} .hoyito-drop").wait_for()
    page.wait_for_timeout(900)
    page.locator(BOARD).screenshot(path=artifacts / "voila-board.png")


def test_show_me_and_a_ba_awa_game_with_owner_marks(page, voila_url, artifacts):
    open_board(page, voila_url)
    choose(page, "speed", "off")
    old = page.locator(f"{BOARD} .hoyito-status").inner_text()
    choose(page, "variant", "Ba-awa")
    page.wait_for_function(
        "(old) => document.querySelector('.hoyito-board .hoyito-status').innerText !== old",
        arg=old,
    )
    state = read_board(page)
    assert state["holes"]["0"].startswith("4 [S]") and state["holes"]["6"].startswith("4 [N]")
    page.locator(f"{BOARD} .hoyito-show-me").click()
    hint = page.locator(f"{BOARD} .hoyito-hint")
    hint.get_by_text("Hole 5").wait_for()
    assert "South sows hole 0" in hint.inner_text()
    state = click_and_wait(page, 5)
    assert_page_matches(state, replay(state, "ba-awa"))
    page.screenshot(path=artifacts / "voila-ba-awa-show-me.png", full_page=True)
