"""The board on phones, tablets and laptops (issue 25), in Debian's Chromium with touch: sizes
measured from the page (holes, counts, the board's share of the screen, every control's box),
nothing cut off or overlapping, the person's row nearest them, Show me by taps, a pressed hole
at once, a reload that goes on with the same game, the play page without answers, and axe-core
at every viewport with no serious or critical violation.

Run time is kept down by pairing each viewport with a few (language, size, rule set) cases
instead of their full product: every viewport, both languages, both sizes and each rule set
appear at least once. Each page load starts a kernel (about 3 s here).
"""

from __future__ import annotations

import shutil

import pytest
from conftest import JUGAR_PAGE, PLAY_PAGE
from pages import (
    BOARD,
    MEASURE,
    assert_controls_fit,
    assert_page_matches,
    axe_problems,
    phone_page,
    read_board,
    replay,
    wait_for_ply_change,
    wait_idle,
    write_notebook,
)
from servers import voila_folder

from hoyito_edu.i18n import language, ngettext

pytestmark = pytest.mark.browser


# (viewport, language, holes per row, rule set, the person's side)
CASES = [
    ((360, 740), "en", 6, "hoyito-i", 0),
    ((360, 740), "es", 12, "hoyito-ii", 1),
    ((740, 360), "es", 6, "ba-awa", 0),
    ((740, 360), "en", 12, "hoyito-iii", 1),
    ((768, 1024), "en", 12, "hoyito-i", 0),
    ((1024, 768), "es", 6, "hoyito-iii", 0),
    ((1366, 768), "en", 6, "ba-awa", 1),
    ((1366, 768), "es", 12, "hoyito-ii", 0),
]


def case_id(case) -> str:
    (w, h), lang, n, variant, human = case
    return f"{w}x{h}-{lang}-2x{n}-{variant}-side{human}"


def board_name(lang: str, n: int, variant: str, human: int) -> str:
    return f"{variant}-{n}-{lang}-{human}.ipynb"


@pytest.fixture(scope="module")
def served(tmp_path_factory, session_env):
    """The two play pages and one small notebook per case, served from one Voila."""
    folder = tmp_path_factory.mktemp("phone")
    shutil.copy(PLAY_PAGE, folder / PLAY_PAGE.name)
    shutil.copy(JUGAR_PAGE, folder / JUGAR_PAGE.name)
    for _, lang, n, variant, human in CASES:
        cells = [
            "import hoyito_edu as hy",
            f"hy.Board({variant!r}, holes_per_row={n}, opponent='greedy', human={human}, "
            f"seed=1, lang={lang!r}, speed='off')",
        ]
        write_notebook(folder / board_name(lang, n, variant, human), cells)
    with voila_folder(folder, tmp_path_factory.mktemp("phone-logs"), session_env) as url:
        yield url + "voila/render/"


def open_board(page, url: str) -> dict:
    page.goto(url, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    return read_board(page)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_sizes_targets_and_axe_at_every_viewport(browser, served, axe_script, artifacts, case):
    size, lang, n, variant, human = case
    width, height = size
    context, page = phone_page(browser, size)
    try:
        state = open_board(page, served + board_name(lang, n, variant, human))
        assert page.locator(BOARD).get_attribute("lang") == lang
        if human == 1:  # South opens: the computer has moved
            # the new board may be idle a moment before the computer's first move comes
            wait_for_ply_change(page, 0)
            state = read_board(page)
            assert [p for p, _ in state["moves"]][:1] == [0]
        page.locator(f"{BOARD} .hoyito-settings summary").tap()  # the one menu, opened
        m = page.evaluate(MEASURE, BOARD)
        page.screenshot(path=artifacts / f"phone-{case_id(case)}.png", full_page=True)
        # holes at least 44 px, counts at least 14 px, on 2 x 6 and 2 x 12 alike
        assert len(m["pits"]) == 2 * n
        for pit in m["pits"]:
            assert pit["pit"]["width"] >= 44 and pit["pit"]["height"] >= 44, (m["layout"], pit)
            assert pit["count"] >= 14, (m["layout"], pit)
        # the person's row is the one nearest them: below the other (or right of it, turned)
        mine = [p["pit"] for p in m["pits"] if (p["hole"] < n) == (human == 0)]
        theirs = [p["pit"] for p in m["pits"] if (p["hole"] < n) != (human == 0)]
        if m["layout"] == "column":
            assert min(p["left"] for p in mine) > max(p["right"] for p in theirs)
        else:
            assert min(p["top"] for p in mine) > max(p["bottom"] for p in theirs)
        if (width, height) == (360, 740):
            assert m["stage"]["height"] >= height / 3, m["stage"]
        if width > height:  # landscape: the person's row above the fold
            assert max(p["bottom"] for p in mine) <= height, (m["layout"], mine)
        # every control at least 44 x 44 (WCAG 2.5.5), none on another, nothing cut off
        assert_controls_fit(m, width)
        assert axe_problems(page, axe_script) == []
        # Show me's marks are readable too, and axe still finds nothing
        page.locator(f"{BOARD} .hoyito-show-me").tap()
        page.wait_for_function("(s) => document.querySelector(s).dataset.hints === 'on'", arg=BOARD)
        page.locator(f"{BOARD} .hoyito-hint-text").first.wait_for()
        marks = page.evaluate(
            "(s) => [...document.querySelectorAll(s + ' .hoyito-hint-text')].map((t) =>"
            " parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)",
            BOARD,
        )
        assert marks and min(marks) >= 13.5, marks
        assert axe_problems(page, axe_script) == []
    finally:
        context.close()


def test_show_me_by_taps_explains_first_then_sows(browser, served):
    context, page = phone_page(browser, (360, 740))
    try:
        state = open_board(page, served + board_name("en", 6, "hoyito-i", 0))
        page.locator(f"{BOARD} .hoyito-show-me").tap()
        page.wait_for_function("(s) => document.querySelector(s).dataset.hints === 'on'", arg=BOARD)
        line = page.locator(f"{BOARD} .hoyito-hint-line")
        assert "Tap one of your holes once" in line.inner_text()
        assert "+4 is what the move takes" in line.inner_text()  # the legend of the marks
        hole = page.locator(f"{BOARD} .hoyito-hole-2")
        hole.tap()
        page.wait_for_function(
            "(s) => document.querySelector(s + ' .hoyito-hint-line').innerText.includes('Hole 2')",
            arg=BOARD,
        )
        assert "Tap it again to sow it." in line.inner_text()
        assert read_board(page)["ply"] == state["ply"] == 0  # explained, not sown
        # the explained hole is marked on the board too: its ring is not the playable colour
        rings = page.evaluate(
            """(s) => [2, 3].map((h) => getComputedStyle(document.querySelector(
                 `${s} .hoyito-hole-${h} .hoyito-ring`)).stroke)""",
            BOARD,
        )
        assert rings[0] != rings[1], rings
        hole.tap()
        wait_for_ply_change(page, 0)
        state = read_board(page)
        assert state["moves"][0] == [0, 2]
    finally:
        context.close()


def test_disabled_controls_say_why_in_visible_text(browser, served):
    context, page = phone_page(browser, (360, 740))
    try:
        open_board(page, served + board_name("en", 6, "hoyito-i", 0))
        why = page.evaluate(
            """(s) => [...document.querySelectorAll(s + ' button:disabled')]
              .filter((b) => b.getClientRects().length)
              .map((b) => {
                const li = document.getElementById(b.getAttribute('aria-describedby'));
                return [b.textContent, li && li.getClientRects().length ? li.textContent : null];
              })""",
            BOARD,
        )
        assert why, "at the start Undo (at least) is disabled"
        assert all(text for _, text in why), why
        assert ["Undo", "Undo: none of your moves to take back yet."] in why
    finally:
        context.close()


def test_a_tapped_hole_is_pressed_before_the_kernel_answers(browser, served):
    context, page = phone_page(browser, (360, 740))
    try:
        open_board(page, served + board_name("en", 6, "hoyito-i", 0))
        # the pressed look is set in the pointerdown handler itself, before any message, and
        # it shows: the playable hole's ring changes colour
        pressed, ring_before, ring_pressed = page.evaluate(
            """(s) => { const g = document.querySelector(s + ' .hoyito-hole-3 .hoyito-target');
              const ring = g.parentNode.querySelector('.hoyito-ring');
              const before = getComputedStyle(ring).stroke;
              const down = {bubbles: true, pointerType: 'touch'};
              g.dispatchEvent(new PointerEvent('pointerdown', down));
              return [g.parentNode.classList.contains('hoyito-pressed'), before,
                      getComputedStyle(ring).stroke]; }""",
            BOARD,
        )
        assert pressed
        assert ring_pressed != ring_before
        page.locator(f"{BOARD} .hoyito-hole-3").tap()
        wait_for_ply_change(page, 0)
        assert page.locator(f"{BOARD} .hoyito-pressed").count() == 0  # the answer clears it
    finally:
        context.close()


def test_screen_readers_hear_each_move_and_only_playable_holes_are_tab_stops(browser, served):
    context, page = phone_page(browser, (360, 740))
    try:
        open_board(page, served + board_name("en", 6, "hoyito-i", 0))
        page.locator(f"{BOARD} .hoyito-hole-2").tap()
        wait_for_ply_change(page, 0)
        wait_idle(page)
        lines = page.locator(f"{BOARD} .hoyito-moves li").all_text_contents()
        announce = page.locator(f"{BOARD} .hoyito-announce")
        assert announce.get_attribute("aria-live") == "polite"
        assert lines[-1] in announce.text_content()  # the computer's move, as the list says it
        state = read_board(page)
        stops = page.evaluate(
            "(s) => [...document.querySelectorAll(s + ' .hoyito-hole')].map((g) => ["
            "Number(g.dataset.hole), g.getAttribute('tabindex'), g.getAttribute('aria-disabled')])",
            BOARD,
        )
        for hole, tabindex, disabled in stops:
            playable = hole in state["playable"]
            assert (tabindex == "0") == playable and (disabled is None) == playable
        for p in (0, 1):
            pile = page.locator(f"{BOARD} .hoyito-captures-{p}")
            assert pile.get_attribute("role") == "img"
            assert f"captured {state['captures'][p]} seed" in pile.get_attribute("aria-label")
    finally:
        context.close()


# A reload mid-game at every viewport, once each: both languages, both sizes, every rule set
# and both sides among them (each reload starts two kernels, so not their full product).
RELOAD_CASES = [CASES[1], CASES[2], CASES[4], CASES[5], CASES[6]]


def play_moves(page, state: dict, variant: str, n: int, count: int) -> dict:
    """Tap ``count`` of the person's legal moves (the engine's first), each answered."""
    for _ in range(count):
        hole = replay(state, variant, n).position.legal_moves()[0]
        page.locator(f"{BOARD} .hoyito-hole-{hole}").tap()
        wait_for_ply_change(page, state["ply"])
        state = read_board(page)
    return state


@pytest.mark.parametrize("case", RELOAD_CASES, ids=[case_id(c) for c in RELOAD_CASES])
def test_a_reload_mid_game_goes_on_with_the_same_game(browser, served, case):
    size, lang, n, variant, human = case
    context, page = phone_page(browser, size)
    try:
        state = open_board(page, served + board_name(lang, n, variant, human))
        before = play_moves(page, state, variant, n, 2)
        moves = len(before["moves"])
        assert moves >= 4  # two of the person's, and the computer's replies
        page.reload(wait_until="commit")  # a new kernel: a new game, and the offer to go on
        page.locator(f"{BOARD} .hoyito-resume-yes").wait_for(state="visible")
        assert f"({moves} " in page.locator(f"{BOARD} .hoyito-resume").inner_text()
        assert page.locator(BOARD).get_attribute("lang") == lang
        page.locator(f"{BOARD} .hoyito-resume-yes").tap()
        # the move list comes at once, the board's view up to VIEW_INTERVAL later (a view
        # answering the page may wait): wait for both, the board at the restored game's ply
        page.wait_for_function(
            "([s, n]) => document.querySelectorAll(s + ' .hoyito-moves li').length === n"
            " && document.querySelector(s).dataset.ply === String(n)",
            arg=[BOARD, moves],
        )
        wait_idle(page)
        after = read_board(page)
        assert after["moves"] == before["moves"] and after["counts"] == before["counts"]
        assert after["captures"] == before["captures"] and len(after["counts"]) == 2 * n
        assert_page_matches(after, replay(after, variant, n))
        with language(lang):
            told = ngettext("Your game goes on: {count} move replayed.",
                            "Your game goes on: {count} moves replayed.", moves)
        assert after["notice"] == told.format(count=moves)
        page.locator(f"{BOARD} .hoyito-hole-{after['playable'][0]}").tap()  # and it plays on
        wait_for_ply_change(page, after["ply"])
        assert_page_matches(read_board(page), replay(read_board(page), variant, n))
    finally:
        context.close()


def wait_for_setting(page, name: str, value) -> None:
    """Until the kernel's view (the one the page draws) has setting ``name`` at ``value``."""
    page.wait_for_function(
        "([s, name, value]) => { const board = document.querySelector(s).parentElement"
        ".hoyitoBoard; return board.v.settings && board.v.settings[name] === value; }",
        arg=[BOARD, name, value],
    )


def test_speed_language_look_and_settings_persist_over_a_reload(browser, served):
    """With no game to offer (a new game of new settings, not a move played), a reload
    brings back the speed, the language, the look, the hole numbers and the game's settings."""
    context, page = phone_page(browser, (360, 740))
    try:
        open_board(page, served + PLAY_PAGE.name)
        assert page.locator(BOARD).get_attribute("lang") == "en"
        page.locator(f"{BOARD} .hoyito-settings summary").tap()
        page.locator(f"{BOARD} .hoyito-speed").select_option("slow")
        page.locator(f"{BOARD} .hoyito-skin").select_option("wood")
        page.locator(f"{BOARD} .hoyito-numbers").tap()
        page.locator(f"{BOARD} .hoyito-variant").select_option("hoyito-ii")
        wait_for_setting(page, "variant", "hoyito-ii")  # a new game, before the next change
        page.locator(f"{BOARD} .hoyito-size").select_option("8")
        wait_for_setting(page, "holes_per_row", 8)
        page.locator(f"{BOARD} .hoyito-language").select_option("es")
        page.wait_for_function("(s) => document.querySelector(s).lang === 'es'", arg=BOARD)
        wait_idle(page)
        assert read_board(page)["moves"] == []
        page.reload(wait_until="commit")
        page.locator(f"{BOARD} .hoyito-hole-15").wait_for()  # the settings came back: 2 x 8
        page.wait_for_function("(s) => document.querySelector(s).lang === 'es'", arg=BOARD)
        wait_idle(page)
        page.locator(f"{BOARD} .hoyito-settings summary").tap()
        assert page.locator(f"{BOARD} .hoyito-variant").input_value() == "hoyito-ii"
        assert page.locator(f"{BOARD} .hoyito-size").input_value() == "8"
        assert page.locator(f"{BOARD} .hoyito-speed").input_value() == "slow"
        assert page.locator(f"{BOARD} .hoyito-language").input_value() == "es"
        assert page.locator(BOARD).get_attribute("data-skin") == "wood"
        assert page.locator(f"{BOARD} .hoyito-numbers").get_attribute("aria-pressed") == "true"
        assert page.locator(f"{BOARD} .hoyito-number").count() == 16
        assert page.locator(f"{BOARD} .hoyito-resume").is_hidden()  # no game was offered
        assert "Menú" in page.locator(f"{BOARD} .hoyito-settings summary").inner_text()
    finally:
        context.close()


def test_the_play_pages_hold_no_answers_and_their_links_open_a_new_tab(browser, served):
    context, page = phone_page(browser, (360, 740))
    try:
        for name, words in ((PLAY_PAGE.name, "How to play"), (JUGAR_PAGE.name, "Cómo se juega")):
            open_board(page, served + name)
            text = page.locator("body").inner_text()
            assert words in text
            for absent in ("Teacher", "Questions while you play", "Docente", "Preguntas"):
                assert absent not in text
            links = page.evaluate(
                "() => [...document.querySelectorAll('a[href]')].filter((a) => a.offsetParent)"
                ".map((a) => [a.href, a.target])"
            )
            assert links, "the rules cite their source"
            for href, target in links:
                assert href.startswith("https://") and target == "_blank", (href, target)
    finally:
        context.close()
