"""Reading the board off a real page, and checking it against the engine.

The page's kernel is a separate process: the test replays the moves listed on the page (the
move list carries ``data-player`` and ``data-hole``) in its own engine and compares every
pit's ``data-seeds``, both captured piles and the status line with that replay. The board's
root says what the page is doing in ``data-state``: ``idle``, ``waiting`` (a click is on its
way), ``animating`` or ``thinking``.
"""

from __future__ import annotations

import json
from pathlib import Path

import hoyito_edu as hy

BOARD = ".hoyito-board"


def greedy_players():
    """``choose(position)`` of two seeded greedy players, South (seed 1) and North (seed 2)."""
    south, north = hy.player("greedy", seed=1), hy.player("greedy", seed=2)
    return lambda position: (south if position.player == 0 else north).choose(position)


def saved_game(path: Path) -> tuple[hy.Game, str]:
    """A whole Hoyito I game of the two greedy players, saved at ``path``."""
    game = hy.Game("hoyito-i")
    choose = greedy_players()
    while not game.is_over:
        game.play(choose(game.position))
    assert len(game.moves) >= 4  # enough to go back, forward and play on
    return game, str(game.save(path))


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A notebook of code ``cells`` (no outputs) at ``path``, for Voilà to serve."""
    book = {
        "cells": [
            dict(cell_type="code", metadata={}, source=c, outputs=[], execution_count=None)
            for c in cells
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(book))
    return path


# One round trip: every pit's seeds by ring index, captures, status, notice, the moves.
_READ = """(scope) => {
  const root = document.querySelector(scope);
  const holes = {};
  for (const el of root.querySelectorAll('.hoyito-hole')) {
    for (const c of el.classList) {
      const m = c.match(/^hoyito-hole-(\\d+)$/);
      if (m) holes[m[1]] = Number(el.dataset.seeds);
    }
  }
  const text = (sel) => root.querySelector(sel).textContent;
  const moves = [...root.querySelectorAll('.hoyito-moves li[data-hole]')]
    .map((li) => [Number(li.dataset.player), Number(li.dataset.hole)]);
  const banner = root.querySelector('.hoyito-banner');
  const last = root.querySelector('.hoyito-last-move');
  return {holes, captures: [0, 1].map((p) => Number(
            root.querySelector('.hoyito-captures-' + p + ' .hoyito-pile-count')
              .textContent.split('+')[0])),
          status: text('.hoyito-status'), notice: text('.hoyito-notice'), moves,
          banner: banner.hidden ? '' : banner.textContent, state: root.dataset.state,
          ply: Number(root.dataset.ply),
          last: last ? Number(last.dataset.hole) : null,
          playable: [...root.querySelectorAll('.hoyito-playable')]
            .map((el) => Number(el.dataset.hole))};
}"""


def read_board(page, scope: str = BOARD) -> dict:
    """What the page shows: ``counts`` (seeds by ring index), ``captures``, ``status``,
    ``notice``, ``moves`` (player, hole) oldest first, ``banner``, ``state``, ``ply``,
    ``last`` (the hole marked as the last move) and ``playable``."""
    state = page.evaluate(_READ, scope)
    state["counts"] = tuple(state["holes"][str(i)] for i in range(len(state["holes"])))
    return state


def replay(state: dict, variant: str, holes_per_row: int = 6) -> hy.Game:
    """The page's moves replayed in this process's engine (players checked too)."""
    game = hy.Game(variant, holes_per_row=holes_per_row)
    for player, hole in state["moves"]:
        assert game.position.player == player, (state["moves"], game.holes())
        game.play(hole)
    return game


def assert_page_matches(state: dict, game: hy.Game) -> None:
    """The page shows the engine's board, captures, last move and outcome."""
    pos = game.position
    assert state["counts"] == pos.board, (state["counts"], pos)
    assert tuple(state["captures"]) == pos.captures
    if game.moves:
        assert state["last"] == game.moves[-1].hole
    if pos.is_over:
        south, north = pos.outcome.score
        high, low = max(south, north), min(south, north)
        assert f"{high}-{low}" in state["banner"] and f"{high}-{low}" in state["status"]
    else:
        assert state["banner"] == ""


def wait_idle(page, scope: str = BOARD, timeout: float = 60_000) -> None:
    """Until the page shows no move and the computer is not thinking."""
    page.wait_for_function(
        "(scope) => document.querySelector(scope).dataset.state === 'idle'",
        arg=scope,
        timeout=timeout,
    )


def wait_for_state(page, state: str, scope: str = BOARD, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([scope, state]) => document.querySelector(scope).dataset.state === state",
        arg=[scope, state],
        timeout=timeout,
    )


def wait_for_status(page, words: str, scope: str = BOARD, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([scope, words]) => document.querySelector(scope + ' .hoyito-status')"
        ".textContent.includes(words)",
        arg=[scope, words],
        timeout=timeout,
    )


def wait_for_ply_change(page, old: int, scope: str = BOARD, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([scope, old]) => { const root = document.querySelector(scope);"
        " return root.dataset.state === 'idle' && Number(root.dataset.ply) !== old; }",
        arg=[scope, old],
        timeout=timeout,
    )


def click_and_wait(page, hole: int, scope: str = BOARD) -> dict:
    """Click a hole, wait until the move (and the computer's replies) are shown, read."""
    old = read_board(page, scope)["ply"]
    hints = page.locator(scope).first.get_attribute("data-hints") == "on"
    page.locator(f"{scope} .hoyito-hole-{hole}").click()
    if hints:  # Show me on: the first tap explains the hole, the second sows it
        page.locator(f"{scope} .hoyito-hole-{hole}").click()
    wait_for_ply_change(page, old, scope)
    return read_board(page, scope)


def choose(page, control: str, value: str, scope: str = BOARD) -> None:
    """Pick ``value`` (an option's value) in one of the board's menus, e.g. ``speed``."""
    settings = page.locator(f"{scope} .hoyito-settings").first
    picker = page.locator(f"{scope} .hoyito-{control}").first
    inside = picker.evaluate("(el) => Boolean(el.closest('details.hoyito-settings'))")
    if inside and not settings.evaluate("(el) => el.open"):
        settings.locator("summary").click()
    picker.select_option(value)


def set_speed_off(page, scope: str = BOARD) -> None:
    choose(page, "speed", "off", scope)


def phone_page(browser, size):
    """A new touch context of ``size`` (a phone's below 800 px wide) and its page."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True,
        is_mobile=width < 800, device_scale_factor=2 if width < 800 else 1,
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


# Sizes read off the page: every pit's box and count's rendered size, the board's box, and
# the box of every visible control.
MEASURE = """(scope) => {
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
  const stage = root.querySelector('.hoyito-stage');
  return {layout: root.dataset.layout, pits, controls, cut: texts,
          stage: stage && box(stage), root: box(root),
          pageWidth: document.documentElement.scrollWidth};
}"""


def overlaps(a: dict, b: dict) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1)


def assert_controls_fit(m: dict, width: int) -> None:
    """Every control in the measures ``m`` at least 44 x 44 (WCAG 2.5.5), none on another,
    none past the screen's ``width``, and nothing cut off or wider than the screen."""
    small = [c for c in m["controls"] if c["width"] < 44 or c["height"] < 44]
    assert small == [], small
    for k, a in enumerate(m["controls"]):
        for b in m["controls"][k + 1 :]:
            assert not overlaps(a, b), (a, b)
        assert a["left"] >= -1 and a["right"] <= width + 1, a
    assert m["cut"] == [] and m["pageWidth"] <= width, (m["cut"], m["pageWidth"])


def axe_problems(page, axe: Path, scope: str = BOARD) -> list[str]:
    """axe-core's serious and critical violations inside ``scope``."""
    page.add_script_tag(path=str(axe))
    result = page.evaluate(
        "(scope) => axe.run(document.querySelector(scope), {resultTypes: ['violations']})", scope
    )
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
