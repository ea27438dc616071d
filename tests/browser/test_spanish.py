"""hy.Board("hoyito-i", lang="es") in Voila, in Debian's Chromium (issue 15): a whole game
against the computer, with a refused click and "Show me", and no English label anywhere on
the page, visible text or aria-label/title alike."""

from __future__ import annotations

import json
import re

import pytest
from pages import BOARD, click_and_wait, read_board, replay, set_speed_off, wait_idle
from servers import voila

import hoyito_edu as hy
from hoyito_edu.i18n import LOCALE_DIR

pytestmark = pytest.mark.browser

# Everything the page says: its visible text (the moves list opened) and every label and title.
_PAGE_WORDS = """(scope) => {
  const root = document.querySelector(scope);
  const details = root.querySelectorAll('details');
  details.forEach((d) => { d.open = true; });
  const parts = [root.innerText];
  for (const el of root.querySelectorAll('[aria-label], [title]')) {
    parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  for (const el of root.querySelectorAll('title, option')) parts.push(el.textContent);
  return parts.join('\\n');
}"""


def english_only_words() -> set[str]:
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
    # Game names stay as they are (Hoyito I, II, III): roman numerals are no English.
    return {word for word in english - spanish if not re.fullmatch(r"[ivx]+", word)}


def english_on(page) -> list[str]:
    text = page.evaluate(_PAGE_WORDS, BOARD).lower()
    found = set(re.findall(r"[a-záéíóúñü]{3,}", text))
    return sorted(found & english_only_words())


def notebook(folder):
    cells = [
        "import hoyito_edu as hy",
        "hy.Board('hoyito-i', opponent='greedy', seed=3, lang='es')",
    ]
    book = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": c,
                "outputs": [],
                "execution_count": None,
            }
            for c in cells
        ],  # fmt: skip
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },  # fmt: skip
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "tablero.ipynb"
    path.write_text(json.dumps(book))
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory, session_env):
    folder = tmp_path_factory.mktemp("spanish")
    with voila(notebook(folder), folder, session_env) as url:
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
    assert "Te toca (Sur, fila de abajo)" in state["status"]
    page.locator(f"{BOARD} .hoyito-hole-8").click()  # North's hole: refused, in Spanish
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .hoyito-notice').textContent.includes('no tuyo')",
        arg=BOARD,
    )
    assert english_on(page) == []
    page.locator(f"{BOARD} .hoyito-show-me").click()  # Show me: a hint on every legal hole
    page.wait_for_function(
        "(s) => document.querySelector(s + ' [aria-label*=\"Come\"], ' + s + "
        "' [aria-label*=\"No come\"]') !== null",
        arg=BOARD,
    )
    assert english_on(page) == []
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
