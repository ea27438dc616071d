"""hy.Board("hoyito-i", lang="es") in Voila, in Debian's Chromium (issue 15): a whole game
against the computer, with a refused click and "Show me", and no English label anywhere on
the page, visible text or aria-label/title alike."""

from __future__ import annotations

import contextlib
import functools
import re

import pytest
from pages import (
    BOARD,
    choose,
    click_and_wait,
    greedy_players,
    read_board,
    replay,
    saved_game,
    set_speed_off,
    wait_for_status,
    wait_idle,
    write_notebook,
)
from servers import voila
from test_voila import tap_the_same_hole_right_after_the_board_updates

import hoyito_edu as hy
from hoyito_edu.i18n import LOCALE_DIR, language
from hoyito_edu.teaching import words

pytestmark = pytest.mark.browser

# Everything the page says: its visible text (the moves list opened), every label and title,
# and what the style sheet writes (::before, ::after).
_PAGE_WORDS = """(scope) => {
  const root = document.querySelector(scope);
  const details = root.querySelectorAll('details');
  details.forEach((d) => { d.open = true; });
  const parts = [root.innerText];
  for (const el of root.querySelectorAll('[aria-label], [title]')) {
    parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  for (const el of root.querySelectorAll('title, option')) parts.push(el.textContent);
  for (const el of root.querySelectorAll('*')) {
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(el, pseudo).content;
      // attr(...) is the element's own attribute, read above; the quoted words are the sheet's
      if (content && content !== 'none' && content !== 'normal') {
        parts.push(content.replace(/attr\\([^)]*\\)/g, ''));
      }
    }
  }
  return parts.join('\\n');
}"""


@functools.cache  # read once a session: english_in() asks for it for every line of a page
def english_only_words() -> frozenset[str]:
    """Words of the catalogue's English sentences that no Spanish translation uses."""
    from babel.messages.pofile import read_po

    with open(LOCALE_DIR / "es" / "LC_MESSAGES" / "hoyito_edu.po", "rb") as po:
        catalogue = read_po(po)
    english, spanish = set(), set()
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english |= set(re.findall(r"[a-z]{3,}", re.sub(r"\{[^}]*\}", "", text.lower())))
        for text in strings:
            spanish |= set(re.findall(r"[a-záéíóúñü]{3,}", re.sub(r"\{[^}]*\}", "", text.lower())))
    # The recorded-games sheet names the loader's CSV columns (game, move, hole ...), code
    # identifiers in every language: they do not make those words Spanish.
    from hoyito_edu.teaching.recorded import RECORD_COLUMNS

    spanish -= set(RECORD_COLUMNS)
    # Game names stay as they are (Hoyito I, II, III): roman numerals are no English. The
    # language menu names each language in its own words ("English", "Español") by design.
    return frozenset(
        word
        for word in english - spanish
        if not re.fullmatch(r"[ivx]+", word) and word != "english"
    )


def english_in(text: str) -> list[str]:
    """The English-only words in ``text``."""
    return sorted(set(re.findall(r"[a-záéíóúñü]{3,}", text.lower())) & english_only_words())


def english_on(page, scope: str = BOARD) -> list[str]:
    return english_in(page.evaluate(_PAGE_WORDS, scope))


def notebook(folder, cells: list[str], name: str = "tablero.ipynb"):
    return write_notebook(folder / name, cells)


@pytest.fixture(scope="module")
def served(tmp_path_factory, session_env):
    folder = tmp_path_factory.mktemp("spanish")
    cells = [
        "import hoyito_edu as hy",
        "hy.Board('hoyito-i', opponent='greedy', seed=3, lang='es')",
    ]
    with voila(notebook(folder, cells), folder, session_env) as url:
        yield url


def test_the_english_check_finds_a_planted_english_label(page, served):
    assert {"seed", "hole", "computer", "move", "undo"} <= english_only_words()
    page.goto(served, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    assert english_on(page) == []
    page.evaluate(
        "(scope) => { const b = document.createElement('button');"
        " b.title = 'Take back your last move'; b.textContent = 'Undo';"
        " document.querySelector(scope).appendChild(b); }",
        BOARD,
    )
    planted = english_on(page)
    assert "undo" in planted and "take" in planted, planted


def test_a_whole_game_in_spanish_shows_no_english(page, served, artifacts):
    page.goto(served, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    set_speed_off(page)
    state = read_board(page)
    assert "Te toca (Sur, la fila más cerca de ti)" in state["status"]
    page.locator(f"{BOARD} .hoyito-hole-8").click(force=True)  # North's hole: refused, in Spanish
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .hoyito-notice').textContent.includes('no tuyo')",
        arg=BOARD,
    )
    assert english_on(page) == []
    page.locator(f"{BOARD} .hoyito-show-me").click()  # Show me: a hint on every legal hole
    page.wait_for_function(
        "(s) => document.querySelector(s + ' [aria-label*=\". Te comes\"], ' + s + "
        "' [aria-label*=\". No te comes\"]') !== null",
        arg=BOARD,
    )
    assert english_on(page) == []
    page.screenshot(path=str(artifacts / "spanish-board-show-me.png"), full_page=True)
    me = hy.player("greedy", seed=1)
    game = replay(state, "hoyito-i")
    seen: set[str] = set()
    while not game.is_over:
        state = click_and_wait(page, me.choose(game.position))
        game = replay(state, "hoyito-i")
        seen |= set(english_on(page))
    page.screenshot(path=str(artifacts / "spanish-board-end.png"), full_page=True)
    assert state["banner"], "the game ended: the banner shows"
    assert re.search(r"(Ganaste|gana|Empate) \d+-\d+", state["banner"])
    assert sorted(seen | set(english_on(page))) == []


@contextlib.contextmanager
def phone(browser, url: str):
    """A 360 px touch screen showing the board at ``url``, animation off."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(url, wait_until="commit")
        page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
        wait_idle(page)
        set_speed_off(page)
        yield page
    finally:
        context.close()


def test_a_tap_on_the_same_hole_right_after_the_board_updates_is_played_in_spanish(browser, served):
    with phone(browser, served) as page:
        state = tap_the_same_hole_right_after_the_board_updates(page)
        assert "doble clic" not in state["notice"], state["notice"]
        assert english_on(page) == []


# Every control of the board wider than the screen, or reaching past its right edge.
_TOO_WIDE = """([scope, width]) => [...document.querySelectorAll(
    scope + ' button, ' + scope + ' select, ' + scope + ' input, ' + scope + ' summary')]
  .filter((el) => el.offsetParent !== null)
  .map((el) => [el.className || el.tagName, el.getBoundingClientRect()])
  .filter(([, r]) => r.width > width || r.right > width)
  .map(([name, r]) => name + ' ' + Math.round(r.left) + '-' + Math.round(r.right))"""


def overlaps(a: dict, b: dict) -> bool:
    return a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_on_a_phone_every_control_fits_and_the_end_banner_covers_nothing(
    browser, served, artifacts
):
    with phone(browser, served) as page:
        page.locator(f"{BOARD} .hoyito-settings summary").click()
        assert page.evaluate(_TOO_WIDE, [BOARD, 360]) == []
        opponent = page.locator(f"{BOARD} .hoyito-opponent")
        assert opponent.bounding_box()["width"] <= 340
        labels = opponent.locator("option").all_text_contents()
        assert "Computadora: glotón" in labels, labels
        line = page.locator(f"{BOARD} .hoyito-level-line").text_content()
        assert line.startswith("Glotón:") and line.count(":") == 1, line
        page.screenshot(path=str(artifacts / "spanish-phone-settings.png"), full_page=True)
        page.locator(f"{BOARD} .hoyito-settings summary").click()
        state = read_board(page)
        me = hy.player("greedy", seed=1)
        game = replay(state, "hoyito-i")
        while not game.is_over:
            state = click_and_wait(page, me.choose(game.position))
            game = replay(state, "hoyito-i")
        banner = page.locator(f"{BOARD} .hoyito-banner")
        banner.wait_for()
        box = banner.bounding_box()
        for side in (".hoyito-side-0", ".hoyito-side-1", ".hoyito-caption"):
            other = page.locator(f"{BOARD} {side}")
            if other.is_visible():
                assert not overlaps(box, other.bounding_box()), side
        # the score stays whole: "28-20" on one line, never "28-" / "20"
        score = page.locator(f"{BOARD} .hoyito-banner h2 .hoyito-score")
        assert re.fullmatch(r"\d+-\d+", score.text_content())
        assert score.evaluate("(el) => el.getClientRects().length") == 1
        assert page.evaluate(_TOO_WIDE, [BOARD, 360]) == []
        page.screenshot(path=str(artifacts / "spanish-phone-end.png"), full_page=True)


REPLAY = '.hoyito-board[data-mode="replay"]'
COMPARE = ".all-rules .hoyito-compare"
OPTIONS = ".rule-options .hoyito-compare"


@pytest.fixture(scope="module")
def served_replay(tmp_path_factory, session_env):
    folder = tmp_path_factory.mktemp("spanish-replay")
    game, path = saved_game(folder / "partida.json")
    cells = [
        "import hoyito_edu as hy",
        f"hy.Replay({path!r}, speed='slow', lang='es')",
        "hy.CompareRules(speed='fast', lang='es').add_class('all-rules')",
        "hy.CompareRules(variants=['hoyito-i', 'hoyito-ii'], options=[{}, {'skip_origin': True},"
        " {'max_laps': 2}, {'quiet_limit': None}], speed='fast', lang='es')"
        ".add_class('rule-options')",
    ]
    with voila(notebook(folder, cells, "repeticion.ipynb"), folder, session_env) as url:
        yield url, game


def test_replay_and_compare_rules_in_spanish_show_no_english(page, served_replay, artifacts):
    url, game = served_replay
    page.goto(url, wait_until="commit")
    page.locator(f"{REPLAY} .hoyito-hole-11").wait_for()
    page.locator(f"{OPTIONS} .hoyito-column-3 .hoyito-hole-11").wait_for()
    page.wait_for_function("(s) => document.querySelector(s).dataset.state === 'idle'", arg=REPLAY)
    state = read_board(page, REPLAY)
    assert re.search(r"(gana|Empate) \d+-\d+", state["banner"]), state["banner"]
    assert english_on(page, REPLAY) == []
    page.locator(f"{REPLAY} .hoyito-replay-start").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.ply === '0'", arg=REPLAY)
    page.locator(f"{REPLAY} .hoyito-forward").click()  # five laps, slowly: read the captions
    captions: set = set()
    for _step in range(300):  # until a lap's caption shows, then pause while laps remain
        captions.add(page.locator(f"{REPLAY} .hoyito-caption").text_content())
        captions.add(page.locator(f"{REPLAY} .hoyito-status").text_content())
        if any(c.startswith("Tanda") for c in captions):
            break
        page.wait_for_timeout(50)
    assert any(c.startswith("Tanda") for c in captions), captions
    assert english_in("\n".join(captions)) == [], captions
    page.locator(f"{REPLAY} .hoyito-pause").click()
    assert english_on(page, REPLAY) == []
    page.locator(REPLAY).screenshot(path=artifacts / "spanish-replay-paused.png")

    for scope in (COMPARE, OPTIONS):
        words = english_on(page, scope)
        lines = [x for x in page.evaluate(_PAGE_WORDS, scope).splitlines() if english_in(x)]
        assert words == [], lines
    page.locator(f"{COMPARE} .hoyito-board-text").fill("4 4 banana 4")
    page.locator(f"{COMPARE} .hoyito-set-board").click()
    notice = page.locator(f"{COMPARE} > .hoyito-notice")
    notice.get_by_text("La 3.ª entrada que escribiste, «banana»").wait_for()
    page.locator(f"{COMPARE} .hoyito-board-text").fill(" ".join(["2"] * 24))
    page.locator(f"{COMPARE} .hoyito-set-board").click()
    page.locator(f"{COMPARE} .hoyito-column-0 .hoyito-hole-23").wait_for()
    assert "no se juega en 2x12" in page.locator(f"{COMPARE} .hoyito-column-3").text_content()
    assert english_on(page, COMPARE) == []
    page.locator(COMPARE).screenshot(path=artifacts / "spanish-compare.png")
    page.locator(OPTIONS).screenshot(path=artifacts / "spanish-compare-options.png")


MATCH_REPLAY = ".match-replay .hoyito-board"


@pytest.fixture(scope="module")
def served_match(tmp_path_factory, session_env):
    """Replay of a Hoyito III match in its second round, where holes are closed."""
    folder = tmp_path_factory.mktemp("spanish-match")
    match = hy.Match("hoyito-iii")
    choose = greedy_players()
    while not match.game.is_over:
        match.play(choose(match.position))
    match.next_round()
    for _move in range(4):
        match.play(choose(match.position))
    path = str(match.save(folder / "encuentro.json"))
    cells = ["import hoyito_edu as hy", f"hy.Replay({path!r}, lang='es').add_class('match-replay')"]
    with voila(notebook(folder, cells, "encuentro.ipynb"), folder, session_env) as url:
        yield url


def test_closed_holes_of_a_match_are_drawn_in_spanish(page, served_match, artifacts):
    page.goto(served_match, wait_until="commit")
    page.locator(f"{MATCH_REPLAY} .hoyito-hole-11").wait_for()
    wait_idle(page, MATCH_REPLAY)
    assert page.locator(MATCH_REPLAY).get_attribute("lang") == "es"  # for screen readers
    closed = page.locator(f"{MATCH_REPLAY} .hoyito-closed-text")
    assert closed.count() > 0, "round 2 of this match has closed holes"
    assert set(closed.all_text_contents()) == {"cerrado"}
    assert english_on(page, MATCH_REPLAY) == []
    page.locator(MATCH_REPLAY).screenshot(path=artifacts / "spanish-match-closed.png")


def wait_for_move_list(page, game: hy.Game, lang: str) -> None:
    """Until the page lists ``game``'s moves in ``lang``, as the engine's words say them."""
    with language(lang):
        lines = [words.move_line(move, 0) for move in game.moves]
    page.wait_for_function(
        "([s, lines]) => { const shown = [...document.querySelectorAll(s + ' .hoyito-moves li')]"
        ".map((li) => li.textContent); return JSON.stringify(shown) === JSON.stringify(lines); }",
        arg=[BOARD, lines],
    )


def test_the_settings_menu_switches_the_page_to_english_and_back(page, served):
    page.goto(served, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    set_speed_off(page)
    state = click_and_wait(page, 2)  # a move each: the game goes on in the other language
    game = replay(state, "hoyito-i")
    choose(page, "language", "en")
    page.locator(f"{BOARD} .hoyito-undo").get_by_text("Undo").wait_for()
    # the labels, the status line and the move list reach the page in three messages (the
    # list last, under load well after the others): wait for all three
    wait_for_status(page, "Your turn (South, the row nearest you)")
    wait_for_move_list(page, game, "en")
    wait_idle(page)
    english = read_board(page)
    assert english["moves"] == state["moves"] and english["counts"] == state["counts"]
    assert "Your turn (South, the row nearest you)" in english["status"]
    settings = page.locator(f"{BOARD} .hoyito-settings")
    assert settings.evaluate("(el) => el.open"), "the settings menu stays open"
    assert {"undo", "hole"} <= set(english_on(page))
    choose(page, "language", "es")
    page.locator(f"{BOARD} .hoyito-undo").get_by_text("Deshacer").wait_for()
    wait_for_status(page, "Te toca (Sur, la fila más cerca de ti)")
    wait_for_move_list(page, game, "es")
    wait_idle(page)
    assert read_board(page)["moves"] == state["moves"] and english_on(page) == []
    assert settings.evaluate("(el) => el.open")
    # the disabled agreement button says why; Hole numbers shows that it is pressed
    agree = page.locator(f"{BOARD} .hoyito-agree")
    assert agree.is_disabled() and "computadora" in agree.get_attribute("title")
    reason = page.locator("#" + agree.get_attribute("aria-describedby"))  # in visible words
    assert reason.is_visible() and "computadora" in reason.inner_text()
    numbers = page.locator(f"{BOARD} .hoyito-numbers")
    assert numbers.get_attribute("aria-pressed") == "false"
    numbers.click()
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .hoyito-numbers')"
        ".getAttribute('aria-pressed') === 'true'",
        arg=BOARD,
    )
    assert page.locator(f"{BOARD} .hoyito-number").count() == 12
