"""One click, traced: how many of the package's modules it crosses, and how often.

A legal opening click between two people, sent as the page sends it (``receive`` on the
anywidget :class:`~hoyito_edu.Board`), is traced with ``sys.setprofile``: every Python call
into ``hoyito_edu`` is counted, with the module it runs in, and every call from one of the
package's modules into another is a *transition*. Printed: modules, transitions and calls, for
the click at move 6 and at move 600 (on 2x12, where games are long), to show that a click does
not cost more late in a game. Run: ``python benchmarks/click_trace.py``.

Before the board controller (issue 23), one click crossed 11 modules with 209 transitions and
705 calls, and a render at move 600 took 27 ms and 37 KB.
"""

from __future__ import annotations

import json
import random
import sys
import time

import hoyito_edu as hy


def trace(action) -> tuple[int, int, int]:
    """(modules, transitions, calls) of the package's Python code while ``action`` runs."""
    modules: set[str] = set()
    counts = {"calls": 0, "transitions": 0}

    def profile(frame, event, arg):
        if event != "call":
            return
        name = frame.f_globals.get("__name__", "")
        if not name.startswith("hoyito_edu"):
            return
        counts["calls"] += 1
        modules.add(name)
        caller = frame.f_back.f_globals.get("__name__", "") if frame.f_back else ""
        if caller.startswith("hoyito_edu") and caller != name:
            counts["transitions"] += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return len(modules), counts["transitions"], counts["calls"]


def board_at(plies: int, holes_per_row: int, seed: int = 1) -> hy.Board:
    """A two-person board with ``plies`` random moves played (fewer if the game ends)."""
    board = hy.Board("hoyito-i", holes_per_row=holes_per_row, opponent=None, speed="off")
    rng = random.Random(seed)
    while board.ply < plies and not board.position.is_over:
        board.click(rng.choice(board.position.legal_moves()))
    return board


def one_click(board: hy.Board) -> tuple[float, int, tuple[int, int, int]]:
    """Seconds and bytes sent for one legal click from the page, and its trace."""
    hole = board.position.legal_moves()[0]
    message = {"type": "click", "hole": hole, "ply": board.ply, "game": board.session.epoch}
    sent: list[dict] = []
    board.session.listeners.append(sent.append)
    started = time.perf_counter()
    board.receive(dict(message))
    seconds = time.perf_counter() - started
    board.session.listeners.remove(sent.append)
    size = sum(len(json.dumps(m, ensure_ascii=False)) for m in sent)
    board.undo()
    message["game"] = board.session.epoch  # an undo starts a new epoch: older clicks are stale
    counted = trace(lambda: board.receive(dict(message)))
    assert board.session.notice_text == "", board.session.notice_text
    return seconds, size, counted


def main() -> None:
    board = hy.Board("hoyito-i", opponent=None, speed="off")
    modules, transitions, calls = trace(
        lambda: board.receive({"type": "click", "hole": 2, "ply": 0, "game": board.session.epoch})
    )
    print(f"opening click, two people, 2x6: {modules} modules, {transitions} transitions, "
          f"{calls} calls (before the controller: 11 / 209 / 705)")
    for plies in (6, 600):
        late = board_at(plies, 12)
        seconds, size, (modules, transitions, calls) = one_click(late)
        print(f"click at move {late.ply} on 2x12: {seconds * 1000:.1f} ms, {size / 1000:.1f} KB "
              f"sent; {modules} modules, {transitions} transitions, {calls} calls")


if __name__ == "__main__":
    main()
