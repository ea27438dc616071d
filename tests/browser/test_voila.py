"""The play page in Voila, driven in Debian's Chromium by clicks, taps and keys, as a class
would use it. Every test checks the page against the engine, replaying the page's moves."""

from __future__ import annotations

import pytest
from conftest import PLAY_PAGE
from pages import (
    BOARD,
    assert_page_matches,
    choose,
    click_and_wait,
    read_board,
    replay,
    set_speed_off,
    wait_for_ply_change,
    wait_for_state,
    wait_for_status,
    wait_idle,
    write_notebook,
)
from servers import voila

import hoyito_edu as hy
from hoyito_edu.teaching import words

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory, session_env):
    with voila(PLAY_PAGE, tmp_path_factory.mktemp("voila"), session_env) as url:
        yield url


def open_board(page, url: str) -> dict:
    page.goto(url, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    return read_board(page)


@pytest.mark.parametrize("side", [0, 1])
def test_a_whole_game_against_the_computer_from_each_side(page, voila_url, artifacts, side):
    state = open_board(page, voila_url)
    assert state["counts"] == (4,) * 12 and state["moves"] == []
    set_speed_off(page)
    if side == 1:
        choose(page, "side-picker", "1")  # between games: applies at once; South opens
        wait_for_status(page, "Your turn (North, the row nearest you)")
        state = read_board(page)
        assert [p for p, _ in state["moves"]] == [0]
    me = hy.player("greedy", seed=1)  # the test's side: greedy games end in a few dozen moves
    game = replay(state, "hoyito-i")
    clicks = 0
    while not game.is_over:
        assert sorted(state["playable"]) == list(game.position.legal_moves())
        state = click_and_wait(page, me.choose(game.position))
        clicks += 1
        game = replay(state, "hoyito-i")
        assert_page_matches(state, game)
        assert game.is_over or game.position.player == side  # the computer answered
        if clicks == 1:
            page.screenshot(path=artifacts / f"voila-side-{side}-first-move.png")
        assert clicks < 500
    title = words.outcome(game, side).title
    assert title in state["banner"] and state["notice"] == ""
    page.screenshot(path=artifacts / f"voila-side-{side}-game-over.png")
    page.locator(f"{BOARD} .hoyito-hole-{6 * side}").click(force=True)  # after the end: refused
    page.locator(f"{BOARD} .hoyito-notice").get_by_text("The game is over").wait_for()
    assert read_board(page)["moves"] == state["moves"]
    page.locator(f"{BOARD} .hoyito-banner-new").click()
    wait_for_status(page, "Your turn")
    assert read_board(page)["banner"] == ""


def test_a_double_click_plays_once(page, voila_url):
    open_board(page, voila_url)
    set_speed_off(page)
    page.locator(f"{BOARD} .hoyito-hole-2").dblclick()
    wait_idle(page)
    page.wait_for_timeout(500)  # a second move would have come by now
    wait_idle(page)
    state = read_board(page)
    assert [p for p, _ in state["moves"]] == [0, 1] and state["moves"][0] == [0, 2]
    assert "a double click counts as one click" in state["notice"]
    assert_page_matches(state, replay(state, "hoyito-i"))


def tap_the_same_hole_right_after_the_board_updates(page, scope: str = BOARD) -> dict:
    """On a touch screen, tap a hole; the moment the board shows the reply, tap the same hole
    again (the browser counts it as the second tap of a double tap). Returns the page after
    the second tap was played."""
    for _move in range(60):
        state = read_board(page, scope)
        game = replay(state, "hoyito-i")
        me = game.position.player
        # a hole that still holds seeds after its own move (its laps come back to it)
        refilled = [h for h in state["playable"] if game.position.play(h).board[h] > 0]
        hole = max(refilled or state["playable"], key=lambda h: state["counts"][h])
        page.locator(f"{scope} .hoyito-hole-{hole}").tap()
        wait_for_ply_change(page, state["ply"], scope)
        after = read_board(page, scope)
        if hole in after["playable"] and not replay(after, "hoyito-i").position.is_over:
            page.locator(f"{scope} .hoyito-hole-{hole}").tap()
            wait_for_ply_change(page, after["ply"], scope, timeout=10_000)
            played = read_board(page, scope)
            mine = [h for p, h in played["moves"][len(after["moves"]) :] if p == me]
            assert mine[:1] == [hole], (hole, played["moves"], played["notice"])
            return played
    raise AssertionError("no hole could be tapped twice in a row")


@pytest.mark.parametrize("width", [360, 768])
def test_a_tap_on_the_same_hole_right_after_the_board_updates_is_played(browser, voila_url, width):
    context = browser.new_context(viewport={"width": width, "height": 1024}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_board(page, voila_url)
        set_speed_off(page)
        state = tap_the_same_hole_right_after_the_board_updates(page)
        assert "double" not in state["notice"], state["notice"]
        assert_page_matches(state, replay(state, "hoyito-i"))
    finally:
        context.close()


def test_a_click_while_a_move_is_shown_is_refused_and_pause_step_skip(page, voila_url, artifacts):
    open_board(page, voila_url)
    choose(page, "speed", "slow")
    page.locator(f"{BOARD} .hoyito-hole-0").click()  # five laps from the start: a long film
    wait_for_state(page, "animating")
    page.locator(f"{BOARD} .hoyito-drop").wait_for()
    page.locator(f"{BOARD} .hoyito-hole-1").click(force=True)  # not playable now: refused
    page.locator(f"{BOARD} .hoyito-notice").get_by_text("Hole 1 was not played").wait_for()
    assert "still being shown" in read_board(page)["notice"]
    page.screenshot(path=artifacts / "voila-animation.png")
    page.locator(f"{BOARD} .hoyito-pause").click()
    assert "Paused" in read_board(page)["status"]
    paused = read_board(page)["counts"]
    page.wait_for_timeout(800)  # three slow seeds' time: nothing moves while paused
    assert read_board(page)["counts"] == paused
    page.locator(f"{BOARD} .hoyito-step").click()
    page.wait_for_function(
        "(old) => JSON.stringify([...document.querySelectorAll('.hoyito-board .hoyito-hole')]"
        ".map((e) => Number(e.dataset.seeds))) !== old",
        arg=str(list(paused)).replace(" ", ""),
    )
    page.locator(f"{BOARD} .hoyito-skip").click()  # the end of the move; the reply stays paused
    wait_for_status(page, "Watch: The computer sows")
    assert "Paused" in read_board(page)["status"]
    page.locator(f"{BOARD} .hoyito-skip").click()
    wait_idle(page)
    state = read_board(page)
    game = replay(state, "hoyito-i")
    assert game.holes()[0] == 0 and game.moves[1].player == 1 and game.position.player == 0
    assert_page_matches(state, game)


# Clicks a hole from inside the page the moment the board says the computer is thinking.
_CLICK_WHEN_THINKING = """(hole) => {
  const root = document.querySelector('.hoyito-board');
  new MutationObserver((changes, observer) => {
    if (root.dataset.state !== 'thinking') return;
    observer.disconnect();
    window.undoDisabled = root.querySelector('.hoyito-undo').disabled;
    root.querySelector('.hoyito-hole-' + hole).dispatchEvent(
      new MouseEvent('click', {bubbles: true, detail: 1}));
  }).observe(root, {attributes: true, attributeFilter: ['data-state']});
}"""


# The computer thinks for two seconds at least, however fast or busy the machine: a click
# while it thinks is then certain to come while it thinks (an expert on an idle machine
# thought for a few milliseconds, and under load the page could miss the state).
SLOW_THINKER = """import time

import hoyito_edu as hy

board = hy.Board("hoyito-i", opponent="greedy", seed=1, speed="off")
think = board.session.think


class Slow:
    def __init__(self, player):
        self.player = player

    def choose(self, position):
        time.sleep(2)
        return self.player.choose(position)


board.session.think = lambda player, position, done: think(Slow(player), position, done)
board"""


@pytest.fixture(scope="module")
def slow_thinker_url(tmp_path_factory, session_env):
    folder = tmp_path_factory.mktemp("slow-thinker")
    book = write_notebook(folder / "slow.ipynb", [SLOW_THINKER])
    with voila(book, folder, session_env) as url:
        yield url


def test_a_click_while_the_computer_thinks_is_refused(page, slow_thinker_url):
    open_board(page, slow_thinker_url)
    wait_for_status(page, "Your turn")
    page.evaluate(_CLICK_WHEN_THINKING, 1)
    page.locator(f"{BOARD} .hoyito-hole-0").click()
    page.locator(f"{BOARD} .hoyito-notice").get_by_text("the computer is thinking").wait_for()
    assert page.evaluate("window.undoDisabled") is True
    wait_idle(page)
    state = read_board(page)
    game = replay(state, "hoyito-i")
    assert [m.player for m in game.moves] == [0, 1] and game.holes()[0] == 0  # hole 1 dropped
    assert_page_matches(state, game)


def test_settings_mid_game_ask_before_the_game_is_lost(page, voila_url):
    open_board(page, voila_url)
    set_speed_off(page)
    state = click_and_wait(page, 3)
    choose(page, "variant", "hoyito-ii")
    question = page.locator(f"{BOARD} .hoyito-question")
    question.get_by_text("game in progress will be lost").wait_for()
    page.locator(f"{BOARD} .hoyito-no").click()
    wait_for_status(page, "Your turn")
    assert read_board(page)["moves"] == state["moves"]
    assert page.locator(f"{BOARD} .hoyito-variant").input_value() == "hoyito-i"
    choose(page, "variant", "hoyito-ii")
    page.locator(f"{BOARD} .hoyito-yes").click()
    page.wait_for_function("() => document.querySelectorAll('.hoyito-board li[data-hole]')"
                           ".length === 0")
    state = click_and_wait(page, 5)
    assert_page_matches(state, replay(state, "hoyito-ii"))


def test_keyboard_play(page, voila_url):
    open_board(page, voila_url)
    set_speed_off(page)
    page.locator(f"{BOARD} .hoyito-hole-0").focus()
    label = page.locator(f"{BOARD} .hoyito-hole-0").get_attribute("aria-label")
    assert label == "Hole 0, yours, 4 seeds, playable"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.dataset.hole")
    assert focused == "2"
    old = read_board(page)["ply"]
    page.keyboard.press("Enter")
    wait_for_ply_change(page, old)
    state = read_board(page)
    assert state["moves"][0] == [0, 2]
    assert_page_matches(state, replay(state, "hoyito-i"))


@pytest.mark.parametrize("width", [320, 768, 1920])
def test_2x12_fits_the_width_without_sideways_scrolling(browser, voila_url, artifacts, width):
    context = browser.new_context(viewport={"width": width, "height": 1024}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_board(page, voila_url)
        choose(page, "size", "12")
        page.locator(f"{BOARD} .hoyito-hole-23").wait_for()
        wait_idle(page)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        for hole in (0, 11, 12, 23):
            box = page.locator(f"{BOARD} .hoyito-hole-{hole}").bounding_box()
            assert 0 <= box["x"] and box["x"] + box["width"] <= width, (hole, box)
            assert box["width"] >= 14  # still a target a finger can hit at 320 px
        set_speed_off(page)
        old = read_board(page)["ply"]
        page.locator(f"{BOARD} .hoyito-hole-11").tap()
        wait_for_ply_change(page, old)
        state = read_board(page)
        assert state["moves"][0] == [0, 11]
        assert_page_matches(state, replay(state, "hoyito-i", holes_per_row=12))
        page.screenshot(path=artifacts / f"voila-2x12-{width}px.png", full_page=True)
    finally:
        context.close()


def test_board_and_status_above_the_fold_at_1366x768(browser, voila_url, artifacts):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_board(page, voila_url)
        for selector in (".hoyito-status", ".hoyito-svg", ".hoyito-side-0"):
            box = page.locator(f"{BOARD} {selector}").bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 768, (selector, box)
        assert page.get_by_text("Run the next two cells").count() == 0
        page.screenshot(path=artifacts / "voila-1366x768.png")
    finally:
        context.close()


def test_show_me_marks_the_holes_and_a_ba_awa_game(page, voila_url, artifacts):
    open_board(page, voila_url)
    set_speed_off(page)
    choose(page, "variant", "ba-awa")
    wait_for_status(page, "Your turn")
    page.locator(f"{BOARD} .hoyito-show-me").click()
    page.locator(f"{BOARD} .hoyito-hint-text").first.wait_for()
    marks = page.locator(f"{BOARD} .hoyito-hint-text").count()
    assert marks == 6
    label = page.locator(f"{BOARD} .hoyito-hole-5").get_attribute("aria-label")
    assert label.startswith("Hole 5, yours, 4 seeds, playable. Takes")  # the hint: a sentence
    page.screenshot(path=artifacts / "voila-ba-awa-show-me.png")
    state = click_and_wait(page, 5)
    assert_page_matches(state, replay(state, "ba-awa"))


def test_messages_forged_in_the_page_are_refused_and_change_nothing(page, voila_url):
    """From the browser's console (the board's own model), a student sends junk and tries to
    overwrite what the kernel draws: every message gets a sentence, the game stays as it was,
    and the kernel's board comes back."""
    open_board(page, voila_url)
    set_speed_off(page)
    before = click_and_wait(page, 2)
    forged = [
        {"type": "action", "name": ["undo"]},
        {"type": "settings", "settings": "hoyito-ii"},
        {"type": "settings", "settings": ["ba-awa"]},
        {"type": "click", "hole": 3, "ply": "1"},
        {"type": "language", "lang": {"es": 1}},
    ]
    for message in forged:
        page.evaluate(
            "([scope, m]) => document.querySelector(scope).parentElement.hoyitoBoard.model.send(m)",
            [BOARD, message],
        )
        page.wait_for_function(
            "scope => document.querySelector(scope + ' .hoyito-notice').textContent"
            ".includes('was not understood')",
            arg=BOARD,
        )
        page.evaluate(
            "scope => { document.querySelector(scope + ' .hoyito-notice').textContent = ''; }",
            BOARD,
        )
    # the page writes the kernel's view: the kernel puts its own back
    page.evaluate(
        """scope => { const m = document.querySelector(scope).parentElement.hoyitoBoard.model;
        m.set("view", {...m.get("view"), board: Array(12).fill(9)}); m.save_changes(); }""",
        BOARD,
    )
    page.wait_for_timeout(1000)
    after = read_board(page)
    assert after["moves"] == before["moves"] and after["counts"] == before["counts"]
    assert_page_matches(after, replay(after, "hoyito-i"))
