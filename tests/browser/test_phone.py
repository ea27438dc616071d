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
import subprocess
from pathlib import Path

import pytest
from conftest import JUGAR_PAGE, PLAY_PAGE, ROOT
from pages import BOARD, read_board, replay, wait_for_ply_change, wait_idle, write_notebook
from servers import voila_folder

pytestmark = pytest.mark.browser

AXE = ROOT / ".cache" / "axe-core" / "node_modules" / "axe-core" / "axe.min.js"

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
def axe_script() -> Path:
    """axe-core from npm, installed into .cache/ once (scripts/ensure_axe.sh)."""
    if not AXE.exists():
        subprocess.run(["bash", str(ROOT / "scripts" / "ensure_axe.sh")], check=True)
    return AXE


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


def phone_page(browser, size):
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True,
        is_mobile=width < 800, device_scale_factor=2 if width < 800 else 1,
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def open_board(page, url: str) -> dict:
    page.goto(url, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    return read_board(page)


# Sizes read off the page: every pit's box and count's rendered size, the board's box, and
# the box of every visible control.
_MEASURE = """(scope) => {
  const root = document.querySelector(scope);
  const box = (el) => { const b = el.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom,
            width: b.width, height: b.height}; };
  const pits = [...root.querySelectorAll('.hoyito-hole')].map((g) => ({
    hole: Number(g.dataset.hole), pit: box(g.querySelector('.hoyito-pit')),
    count: parseFloat(getComputedStyle(g.querySelector('.hoyito-count')).fontSize)
      * g.querySelector('.hoyito-count').getScreenCTM().a }));
  const seen = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
  const controls = [...root.querySelectorAll('button, select, summary, label.hoyito-check, input')]
    .filter(seen).filter((el) => !(el.tagName === 'INPUT' && el.closest('label.hoyito-check')))
    .map((el) => ({name: (el.className || el.tagName) + ' ' + el.textContent.slice(0, 30),
                   ...box(el)}));
  const texts = [...root.querySelectorAll('button, select, label, .hoyito-status, '
      + '.hoyito-notice, .hoyito-side, .hoyito-why li, .hoyito-hint-line p')]
    .filter(seen).filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.className + ' ' + el.textContent.slice(0, 30));
  return {layout: root.dataset.layout, pits, controls, cut: texts,
          stage: box(root.querySelector('.hoyito-stage')), root: box(root),
          pageWidth: document.documentElement.scrollWidth};
}"""


def overlaps(a: dict, b: dict) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1)


def axe_problems(page, axe: Path) -> list[str]:
    page.add_script_tag(path=str(axe))
    result = page.evaluate(
        "(scope) => axe.run(document.querySelector(scope), {resultTypes: ['violations']})", BOARD
    )
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_sizes_targets_and_axe_at_every_viewport(browser, served, axe_script, artifacts, case):
    size, lang, n, variant, human = case
    width, height = size
    context, page = phone_page(browser, size)
    try:
        state = open_board(page, served + board_name(lang, n, variant, human))
        assert page.locator(BOARD).get_attribute("lang") == lang
        if human == 1:  # South opens: the computer has moved
            assert [p for p, _ in state["moves"]][:1] == [0]
        page.locator(f"{BOARD} .hoyito-settings summary").tap()  # the one menu, opened
        m = page.evaluate(_MEASURE, BOARD)
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
        small = [c for c in m["controls"] if c["width"] < 44 or c["height"] < 44]
        assert small == [], small
        for k, a in enumerate(m["controls"]):
            for b in m["controls"][k + 1 :]:
                assert not overlaps(a, b), (a, b)
            assert a["left"] >= -1 and a["right"] <= width + 1, a
        assert m["cut"] == [] and m["pageWidth"] <= width, (m["cut"], m["pageWidth"])
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
        # the pressed look is set in the pointerdown handler itself, before any message
        pressed = page.evaluate(
            """(s) => { const g = document.querySelector(s + ' .hoyito-hole-3 .hoyito-target');
              const down = {bubbles: true, pointerType: 'touch'};
              g.dispatchEvent(new PointerEvent('pointerdown', down));
              return g.parentNode.classList.contains('hoyito-pressed'); }""",
            BOARD,
        )
        assert pressed
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


def test_a_reload_mid_game_goes_on_with_the_same_game(browser, served):
    context, page = phone_page(browser, (360, 740))
    try:
        state = open_board(page, served + PLAY_PAGE.name)
        page.locator(f"{BOARD} .hoyito-settings summary").tap()
        page.locator(f"{BOARD} .hoyito-speed").select_option("off")
        page.locator(f"{BOARD} .hoyito-skin").select_option("concrete")
        for _ in range(3):
            game = replay(state, "hoyito-i")
            hole = game.position.legal_moves()[0]
            page.locator(f"{BOARD} .hoyito-hole-{hole}").tap()
            wait_for_ply_change(page, state["ply"])
            state = read_board(page)
        before = state
        assert len(before["moves"]) >= 6  # three of the person's, three of the computer's
        page.reload(wait_until="commit")  # a new kernel: a new game, and the offer to go on
        page.locator(f"{BOARD} .hoyito-resume-yes").wait_for(state="visible")
        assert "6 moves" in page.locator(f"{BOARD} .hoyito-resume").inner_text()
        assert page.locator(f"{BOARD} .hoyito-speed").input_value() == "off"
        assert page.locator(BOARD).get_attribute("data-skin") == "concrete"
        page.locator(f"{BOARD} .hoyito-resume-yes").tap()
        page.wait_for_function(
            "([s, n]) => document.querySelectorAll(s + ' .hoyito-moves li').length === n",
            arg=[BOARD, len(before["moves"])],
        )
        wait_idle(page)
        after = read_board(page)
        assert after["moves"] == before["moves"] and after["counts"] == before["counts"]
        assert after["captures"] == before["captures"]
        assert "Your game goes on" in after["notice"]
        page.locator(f"{BOARD} .hoyito-hole-{after['playable'][0]}").tap()  # and it plays on
        wait_for_ply_change(page, after["ply"])
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
