"""Board 2.0 in a real browser: click-to-updated-board latency, and smoothness of a move.

Serves notebooks/03_play.ipynb with Voila (127.0.0.1, a free port, temporary Jupyter folders)
and opens it in Debian's Chromium through Playwright. Everything is timed inside the page:

1. Latency, animation off: from the click on a hole (a capturing listener) to the moment the
   board is drawn again and idle (a MutationObserver on the board's ``data-state`` and
   ``data-ply``: the page sets them after the pits, piles and status are drawn). Two
   opponents: "Another person at this screen" (one move per click: the widget's own cost)
   and the notebook's beginner (the click, the computer's reply, both films and views).
2. Animation, speed "normal", two people: the 5-lap opening (hole 0, 26 seeds dropped) from
   the click to the end of its film, with the frames per second the page drew
   (requestAnimationFrame callbacks) and the longest gap between two frames.

Targets: latency p95 <= 100 ms; 50+ frames per second; the opening in about 4 s at most.

Usage: python benchmarks/board_latency.py [--clicks N] [--strict]
  --clicks N  clicks per opponent (default 60, at least 50)
  --strict    exit with status 1 if a target is missed (default: report only)
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from pages import BOARD, choose, read_board, replay, wait_for_ply_change, wait_idle  # noqa: E402
from servers import chromium, temp_folder, voila  # noqa: E402

TARGET_P95_MS = 100.0
TARGET_FPS = 50.0
TARGET_OPENING_S = 4.0

_INSTALL_TIMER = """() => {
  window.hoyitoLatency = [];
  const root = document.querySelector('.hoyito-board');
  document.addEventListener('click', (e) => {
    if (e.target.closest('.hoyito-hole')) {
      window.hoyitoClick = performance.now();
      window.hoyitoFromPly = root.dataset.ply;
    }
  }, true);
  new MutationObserver(() => {
    if (window.hoyitoClick !== undefined && root.dataset.state === 'idle'
        && root.dataset.ply !== window.hoyitoFromPly) {
      window.hoyitoLatency.push(performance.now() - window.hoyitoClick);
      window.hoyitoClick = undefined;
    }
  }).observe(root, {attributes: true, attributeFilter: ['data-state', 'data-ply']});
}"""

_COUNT_FRAMES = """() => new Promise((resolve) => {
  const root = document.querySelector('.hoyito-board');
  const times = [];
  let started = null;
  const tick = (t) => {
    times.push(t);
    const state = root.dataset.state;
    if (started === null && state === 'animating') started = t;
    if (started !== null && state !== 'animating') {
      const shown = times.filter((x) => x >= started);
      const gaps = shown.slice(1).map((x, i) => x - shown[i]);
      resolve({seconds: (t - started) / 1000, frames: shown.length,
               longest_gap_ms: Math.max(...gaps)});
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  root.querySelector('.hoyito-hole-0').dispatchEvent(
    new MouseEvent('click', {bubbles: true, detail: 1}));
})"""


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (share 0.95 for p95)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def measure(page, clicks: int, rng: random.Random) -> list[float]:
    """Click ``clicks`` legal holes (new games as needed); the in-page latencies in ms."""
    page.evaluate(_INSTALL_TIMER)
    for _ in range(clicks):
        state = read_board(page)
        if state["banner"]:
            page.locator(f"{BOARD} .hoyito-banner-new").click()
            wait_for_ply_change(page, state["ply"])
            state = read_board(page)
        hole = rng.choice(replay(state, "hoyito-i").position.legal_moves())
        page.locator(f"{BOARD} .hoyito-hole-{hole}").click()
        wait_for_ply_change(page, state["ply"])
    return page.evaluate("window.hoyitoLatency")


def report(name: str, times: list[float]) -> float:
    p95 = percentile(times, 0.95)
    print(
        f"{name:<24} clicks {len(times):3d}   median {statistics.median(times):6.1f} ms   "
        f"p95 {p95:6.1f} ms   max {max(times):6.1f} ms"
    )
    return p95


def open_page(browser, url: str, opponent: str | None, speed: str):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.set_default_timeout(60_000)
    page.goto(url, wait_until="commit")
    page.locator(f"{BOARD} .hoyito-hole-11").wait_for()
    wait_idle(page)
    choose(page, "speed", speed)
    if opponent is not None:
        choose(page, "opponent", opponent)
        page.wait_for_function(
            "(o) => document.querySelector('.hoyito-board .hoyito-opponent').value === o",
            arg=opponent,
        )
        wait_idle(page)
    return page


def main(argv: list[str]) -> int:
    clicks = int(argv[argv.index("--clicks") + 1]) if "--clicks" in argv else 60
    if clicks < 50:
        raise SystemExit("--clicks must be at least 50")
    notebook = ROOT / "notebooks" / "03_play.ipynb"
    missed = []
    with voila(notebook, temp_folder("hoyito-latency-")) as url, chromium() as browser:
        for label, opponent in (("another person", "person"), ("computer: beginner", None)):
            page = open_page(browser, url, opponent, "off")
            p95 = report(label, measure(page, clicks, random.Random(2026)))
            if p95 > TARGET_P95_MS:
                missed.append(f"latency p95 ({label})")
            page.close()
        page = open_page(browser, url, "person", "normal")
        film = page.evaluate(_COUNT_FRAMES)
        fps = film["frames"] / film["seconds"]
        print(
            f"5-lap opening, normal    {film['seconds']:.2f} s   {fps:5.1f} frames/s   "
            f"longest gap between frames {film['longest_gap_ms']:.0f} ms"
        )
        missed += ["frames per second"] * (fps < TARGET_FPS)
        missed += ["opening time"] * (film["seconds"] > TARGET_OPENING_S)
        page.close()
    print(
        f"targets: p95 <= {TARGET_P95_MS:.0f} ms, {TARGET_FPS:.0f}+ frames/s, opening <= "
        f"{TARGET_OPENING_S:.0f} s: " + ("all met" if not missed else "MISSED " + ", ".join(missed))
    )
    return 1 if "--strict" in argv and missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
