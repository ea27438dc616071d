"""Replay and CompareRules in Voila, in Debian's Chromium: both draw with the board component.

One notebook (written by the test) opens a saved game in ``hy.Replay`` and two
``hy.CompareRules``: all four rule sets, and two rule sets with rule options. Every board is
checked against this process's engine, pit by pit.
"""

from __future__ import annotations

import pytest
from pages import (
    MEASURE,
    assert_controls_fit,
    axe_problems,
    phone_page,
    read_board,
    saved_game,
    write_notebook,
)
from servers import voila

from hoyito_edu.teaching import comparing, words

pytestmark = pytest.mark.browser

REPLAY = '.hoyito-board[data-mode="replay"]'
COMPARE = ".all-rules .hoyito-compare"
OPTIONS = ".rule-options .hoyito-compare"
OPTION_SETS = [{}, {"skip_origin": True}, {"max_laps": 2}]
BOARD_2X12 = "2 1 3 1 12 1 1 2 2 1 1 1 4 4 4 4 4 4 4 4 4 4 4 4"

# Everything a student reads: none of it may be cut off, or stick out of the page.
_CLIPPED = """([scope, width]) => {
  const out = [];
  const root = document.querySelector(scope);
  const sel = 'label, button, select, h4, p, th, td, .hoyito-status, .hoyito-notice';
  for (const el of root.querySelectorAll(sel)) {
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).display === 'none') continue;
    if (el.scrollWidth > el.clientWidth + 1 || box.left < -1 || box.right > width + 1) {
      out.push(el.className + ' ' + el.textContent.slice(0, 40));
    }
  }
  return out;
}"""


def notebook(folder, game_path: str):
    cells = [
        "import hoyito_edu as hy",
        f"hy.Replay({game_path!r}, speed='fast')",
        "hy.CompareRules(speed='fast').add_class('all-rules')",
        f"hy.CompareRules(variants=['hoyito-i', 'hoyito-ii'], options={OPTION_SETS!r}, "
        "speed='fast').add_class('rule-options')",
    ]
    return write_notebook(folder / "replay_compare.ipynb", cells)


@pytest.fixture(scope="module")
def served(tmp_path_factory, session_env):
    folder = tmp_path_factory.mktemp("replay-compare")
    game, game_path = saved_game(folder / "game.json")
    with voila(notebook(folder, game_path), folder, session_env) as url:
        yield url, game


def open_page(page, url: str) -> None:
    page.goto(url, wait_until="commit")
    page.locator(f"{REPLAY} .hoyito-hole-11").wait_for()
    page.locator(f"{OPTIONS} .hoyito-column-2 .hoyito-hole-11").wait_for()


def wait_for(page, script: str, arg) -> None:
    page.wait_for_function(script, arg=arg, timeout=60_000)


def wait_replay_at(page, ply: int) -> None:
    wait_for(
        page,
        "([scope, ply]) => { const r = document.querySelector(scope);"
        " return r.dataset.state === 'idle' && Number(r.dataset.ply) === ply; }",
        [REPLAY, ply],
    )


def wait_compare_idle(page, scope: str) -> None:
    wait_for(
        page,
        "(scope) => [...document.querySelectorAll(scope + ' .hoyito-board')]"
        ".every((b) => b.dataset.state === 'idle')",
        scope,
    )


def test_replay_opens_a_saved_game_steps_plays_to_the_end_with_the_banner(page, served, artifacts):
    url, game = served
    open_page(page, url)
    total = len(game.moves)
    wait_replay_at(page, total)
    state = read_board(page, REPLAY)
    told = words.outcome(game)
    assert state["counts"] == game.position.board and told.title in state["banner"]
    assert state["last"] == game.moves[-1].hole
    page.locator(f"{REPLAY} .hoyito-replay-start").click()
    wait_replay_at(page, 0)
    assert read_board(page, REPLAY)["counts"] == (4,) * 12
    page.locator(f"{REPLAY} .hoyito-speed").select_option("slow")
    page.locator(f"{REPLAY} .hoyito-forward").click()  # five laps from the start: a long film
    page.locator(f"{REPLAY} .hoyito-drop").wait_for()
    assert read_board(page, REPLAY)["state"] == "animating"
    page.screenshot(path=artifacts / "voila-replay-animating.png")
    page.locator(f"{REPLAY} .hoyito-skip").click()
    wait_replay_at(page, 1)
    state = read_board(page, REPLAY)
    assert state["counts"] == game.moves[0].after.board and state["last"] == game.moves[0].hole
    page.locator(f"{REPLAY} .hoyito-moves li").nth(2).click()  # go to move 3
    wait_replay_at(page, 3)
    assert read_board(page, REPLAY)["counts"] == game.moves[2].after.board
    page.locator(f"{REPLAY} .hoyito-speed").select_option("off")
    page.locator(f"{REPLAY} .hoyito-replay-play").click()
    wait_replay_at(page, total)
    state = read_board(page, REPLAY)
    assert state["counts"] == game.position.board and tuple(state["captures"]) == (
        game.position.captures
    )
    assert told.title in state["banner"] and state["last"] == game.moves[-1].hole
    page.locator(REPLAY).screenshot(path=artifacts / "voila-replay-end.png")


def wait_compare_counts(page, scope: str, boards) -> None:
    """Until every column shows its board of ``boards``, idle."""
    wait_for(
        page,
        "([scope, boards]) => { const cols = [...document.querySelectorAll(scope + "
        "' .hoyito-column .hoyito-board')]; return cols.length === boards.length && cols.every("
        "(b, k) => b.dataset.state === 'idle' && [...b.querySelectorAll('.hoyito-hole')]"
        ".every((g) => Number(g.dataset.seeds) === boards[k][Number(g.dataset.hole)])); }",
        [scope, [list(b) for b in boards]],
    )
    assert compare_counts(page, scope) == [tuple(b) for b in boards]


def compare_counts(page, scope: str) -> list[tuple[int, ...]]:
    columns = page.locator(f"{scope} .hoyito-column").count()
    return [read_board(page, f"{scope} .hoyito-column-{k} .hoyito-board")["counts"]
            for k in range(columns)]


@pytest.mark.parametrize("width", [320, 768, 1366])
def test_compare_explains_a_bad_board_and_fits_2x12_without_clipping(
    browser, served, artifacts, width
):
    url, _ = served
    context = browser.new_context(viewport={"width": width, "height": 900}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_page(page, url)
        wait_compare_idle(page, COMPARE)
        rows = comparing.compare(comparing.EXAMPLE_BOARD, 3)
        assert compare_counts(page, COMPARE) == [r.move.after.board for r in rows]
        # from here the films show at once: a column draws its new board (idle) a moment
        # before its film comes, and an animated film would then show the board before the move
        page.locator(f"{COMPARE} > .hoyito-row .hoyito-speed").select_option("off")
        page.locator(f"{COMPARE} .hoyito-board-text").fill("4 4 banana 4")
        page.locator(f"{COMPARE} .hoyito-set-board").click()
        notice = page.locator(f"{COMPARE} > .hoyito-notice")
        notice.get_by_text("The 3rd entry you typed, “banana”, is not a number of seeds").wait_for()
        assert "invalid literal" not in notice.text_content()
        page.locator(f"{COMPARE} .hoyito-board-text").fill(BOARD_2X12)
        page.locator(f"{COMPARE} .hoyito-set-board").click()
        page.locator(f"{COMPARE} .hoyito-column-0 .hoyito-hole-23").wait_for()
        rows = comparing.compare(BOARD_2X12, 0)
        wait_compare_counts(page, COMPARE, [
            r.move.after.board if r.move else comparing.parse_board(BOARD_2X12) for r in rows
        ])
        assert "not played on 2x12" in page.locator(f"{COMPARE} .hoyito-column-3").text_content()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert page.evaluate(_CLIPPED, [COMPARE, width]) == []
        for hole in (0, 11, 12, 23):
            box = page.locator(f"{COMPARE} .hoyito-column-0 .hoyito-hole-{hole}").bounding_box()
            assert 0 <= box["x"] and box["x"] + box["width"] <= width
        page.locator(f"{COMPARE} .hoyito-column-1 .hoyito-hole-5").tap()  # choose hole 5
        page.locator(f"{COMPARE} .hoyito-column-0 .hoyito-hole-5.hoyito-last-move").wait_for()
        wait_compare_idle(page, COMPARE)
        rows = comparing.compare(BOARD_2X12, 5)
        assert compare_counts(page, COMPARE)[:3] == [r.move.after.board for r in rows[:3]]
        page.locator(COMPARE).screenshot(path=artifacts / f"voila-compare-2x12-{width}px.png")
    finally:
        context.close()


def test_compare_shows_a_board_for_each_rule_option(page, served, artifacts):
    url, _ = served
    open_page(page, url)
    wait_compare_idle(page, OPTIONS)
    rows = comparing.compare(comparing.EXAMPLE_BOARD, 3, ["hoyito-i", "hoyito-ii"], OPTION_SETS)
    titles = page.locator(f"{OPTIONS} .hoyito-column-title").all_text_contents()
    assert titles == [r.rules for r in rows] and "Hoyito II: stop after 2 laps" in titles
    assert compare_counts(page, OPTIONS) == [r.move.after.board for r in rows]
    table = page.locator(f"{OPTIONS} .hoyito-table tbody tr").all_text_contents()
    assert len(table) == len(rows)
    assert all(r.rules in line for r, line in zip(rows, table, strict=True))
    differ = page.locator(f"{OPTIONS} .hoyito-differ-line").text_content()
    assert differ.startswith("The rules differ in:")
    page.locator(f"{OPTIONS} > .hoyito-row .hoyito-speed").select_option("slow")
    page.locator(f"{OPTIONS} .hoyito-again").click()
    page.locator(f"{OPTIONS} .hoyito-column-5 .hoyito-drop").wait_for()
    page.locator(f"{OPTIONS} > .hoyito-row .hoyito-skip").click()
    wait_compare_idle(page, OPTIONS)
    assert compare_counts(page, OPTIONS) == [r.move.after.board for r in rows]
    page.locator(OPTIONS).screenshot(path=artifacts / "voila-compare-options.png")


def test_replay_pause_holds_playing_through_the_game_between_moves(page, served):
    url, game = served
    open_page(page, url)
    page.locator(f"{REPLAY} .hoyito-replay-start").click()
    wait_replay_at(page, 0)
    page.locator(f"{REPLAY} .hoyito-speed").select_option("slow")
    page.locator(f"{REPLAY} .hoyito-replay-play").click()
    page.locator(f"{REPLAY} .hoyito-drop").wait_for()
    page.locator(f"{REPLAY} > .hoyito-film-row .hoyito-pause").click()
    page.locator(f"{REPLAY} > .hoyito-film-row .hoyito-skip").click()  # the end of move 1
    wait_for(
        page,
        "(scope) => document.querySelector(scope).dataset.state === 'playing'",
        REPLAY,
    )
    page.wait_for_timeout(1000)  # paused: the next move is not asked for
    state = read_board(page, REPLAY)
    assert state["ply"] == 1 and state["counts"] == game.moves[0].after.board
    page.locator(f"{REPLAY} .hoyito-speed").select_option("off")
    page.locator(f"{REPLAY} > .hoyito-film-row .hoyito-play").click()
    wait_replay_at(page, len(game.moves))
    assert words.outcome(game).title in read_board(page, REPLAY)["banner"]


def assert_fits_a_phone(m: dict, width: int) -> None:
    """The board's minimums (issue 25) on what MEASURE read: holes at least 44 px, counts at
    least 14 px, every control at least 44 x 44 px and on none other, nothing cut off or
    sticking out of the screen."""
    assert m["pits"]
    for pit in m["pits"]:
        assert pit["pit"]["width"] >= 44 and pit["pit"]["height"] >= 44, pit
        assert pit["count"] >= 14, pit
    assert_controls_fit(m, width)


@pytest.mark.parametrize("size", [(360, 740), (740, 360)], ids=["360x740", "740x360"])
def test_replay_and_compare_meet_the_boards_minimums_on_a_phone(
    browser, served, axe_script, artifacts, size
):
    url, game = served
    width, _ = size
    context, page = phone_page(browser, size)
    try:
        open_page(page, url)
        wait_replay_at(page, len(game.moves))
        wait_compare_idle(page, COMPARE)
        wait_compare_idle(page, OPTIONS)
        for scope in (REPLAY, COMPARE, OPTIONS):
            assert_fits_a_phone(page.evaluate(MEASURE, scope), width)
            assert axe_problems(page, axe_script, scope) == []
        # Replay's film buttons, shown while a move is animated, are big enough too
        page.locator(f"{REPLAY} .hoyito-replay-start").tap()
        wait_replay_at(page, 0)
        page.locator(f"{REPLAY} .hoyito-speed").select_option("slow")
        page.locator(f"{REPLAY} .hoyito-forward").tap()
        page.locator(f"{REPLAY} .hoyito-drop").wait_for()
        page.locator(f"{REPLAY} > .hoyito-film-row .hoyito-pause").tap()
        assert_fits_a_phone(page.evaluate(MEASURE, REPLAY), width)
        assert axe_problems(page, axe_script, REPLAY) == []
        # a 2 x 12 board typed into CompareRules
        page.locator(f"{COMPARE} .hoyito-board-text").fill(BOARD_2X12)
        page.locator(f"{COMPARE} .hoyito-set-board").tap()
        page.locator(f"{COMPARE} .hoyito-column-0 .hoyito-hole-23").wait_for()
        wait_compare_idle(page, COMPARE)
        assert_fits_a_phone(page.evaluate(MEASURE, COMPARE), width)
        assert axe_problems(page, axe_script, COMPARE) == []
        page.screenshot(path=artifacts / f"phone-replay-compare-{width}.png", full_page=True)
    finally:
        context.close()
