"""Reading the board off a real page, and checking it against the engine.

The page's kernel is a separate process: the test replays the moves listed on the page (the
move list carries ``data-player`` and ``data-hole``) in its own engine and compares every
hole's text, both capture counts and the status line with that replay.
"""

from __future__ import annotations

import re

import hoyito_edu as hy
from hoyito_edu.widgets.view import shown_count

BOARD = ".hoyito-board"

# One round trip: every hole's text by ring index, captures, status, notice and the moves.
_READ = """(scope) => {
  const root = document.querySelector(scope);
  const holes = {};
  for (const el of root.querySelectorAll('.hoyito-hole')) {
    for (const c of el.classList) {
      const m = c.match(/^hoyito-hole-(\\d+)$/);
      if (m) holes[m[1]] = el.innerText;
    }
  }
  const text = (sel) => root.querySelector(sel).innerText;
  const moves = [...root.querySelectorAll('.hoyito-moves li[data-hole]')]
    .map((li) => [Number(li.dataset.player), Number(li.dataset.hole)]).reverse();
  return {holes, captures: [text('.hoyito-captures-0'), text('.hoyito-captures-1')],
          status: text('.hoyito-status'), notice: text('.hoyito-notice'), moves};
}"""


def read_board(page, scope: str = BOARD) -> dict:
    """What the page shows: ``holes`` (texts by index), ``captures``, ``status``, ``notice``,
    ``moves`` (player, hole) oldest first, and ``counts`` read from the hole texts."""
    state = page.evaluate(_READ, scope)
    state["counts"] = tuple(shown_count(state["holes"][str(i)]) for i in range(len(state["holes"])))
    return state


def shown_captures(state: dict) -> tuple[int, int]:
    found = [re.search(r"captured (\d+)", text) for text in state["captures"]]
    return (int(found[0].group(1)), int(found[1].group(1)))


def replay(state: dict, variant: str, holes_per_row: int = 6) -> hy.Game:
    """The page's moves replayed in this process's engine (players checked too)."""
    game = hy.Game(variant, holes_per_row=holes_per_row)
    for player, hole in state["moves"]:
        assert game.position.player == player, (state["moves"], game.holes())
        game.play(hole)
    return game


def assert_page_matches(state: dict, game: hy.Game) -> None:
    pos = game.position
    assert state["counts"] == pos.board, (state["holes"], pos)
    assert shown_captures(state) == pos.captures
    if pos.is_over:
        south, north = pos.outcome.score
        assert "Game over" in state["status"] and f"{south}-{north}" in state["status"]
    else:
        assert f"{hy.PLAYER_NAMES[pos.player]}" in state["status"].split(" to move")[-2]
        assert "to move" in state["status"]


def wait_for_status_change(page, old: str, scope: str = BOARD, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([scope, old]) => document.querySelector(scope + ' .hoyito-status').innerText !== old",
        arg=[scope, old],
        timeout=timeout,
    )


def wait_for_status(page, words: str, scope: str = BOARD, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([scope, words]) => document.querySelector(scope + ' .hoyito-status')"
        ".innerText.includes(words)",
        arg=[scope, words],
        timeout=timeout,
    )


def click_and_wait(page, hole: int, scope: str = BOARD) -> dict:
    """Click a hole, wait until the status line changes, and read the page."""
    old = page.locator(f"{scope} .hoyito-status").inner_text()
    page.locator(f"{scope} .hoyito-hole-{hole}").click()
    wait_for_status_change(page, old, scope)
    return read_board(page, scope)


def choose(page, control: str, option: str, scope: str = BOARD) -> None:
    """Pick ``option`` in a control: a dropdown (by label) or toggle buttons (by text)."""
    box = page.locator(f"{scope} .hoyito-{control}")
    if box.locator("select").count():
        box.locator("select").select_option(label=option)
    else:
        box.get_by_role("button", name=option, exact=True).click()
