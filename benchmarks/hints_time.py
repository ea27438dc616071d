"""How long does "Show me" take? :func:`hoyito_edu.teaching.hints.hints` on the positions of real
games.

A hint plays every legal move and every reply with the engine: up to ``n + n*n`` moves on a
2xn board, each bounded by the lap limit. This script times ``hints()`` on every position of
seeded games between ``greedy`` and ``random`` (the kind of positions a class meets), for each
variant on 2x6 and the Hoyito variants on 2x12, and prints the median, the 95th percentile and
the worst time side by side. A click should feel immediate: the goal is a worst time well
under a second. Show me also says what perfect play gives where a cached endgame table proves
it (:func:`hoyito_edu.teaching.hints.best_play_line`): its time is printed beside, and the
first call's (which loads the tables from the cache) once at the start.

Last, a burst of 2,000 Show me presses sent to one Board as the page sends them (issue 36:
a forged burst took 10.5 s in a kernel, each press re-rendering and sending the whole view):
the time until the last view is set, with the views coalesced (``VIEW_INTERVAL``) beside one
view sent per press (``VIEW_INTERVAL = 0``), and how many views each sent. Goal: well under
a second.

With ``--kernel`` the same burst goes to a Board in a real Jupyter kernel as comm messages,
as a page (or a forger) sends them: the seconds until the kernel has handled the last one
and sent its last view, and the views it sent: there the kernel's own handling of 2,000
messages (a few seconds on a busy 2-core machine) weighs more than the board's.

Usage: python benchmarks/hints_time.py [--quick] [--burst] [--kernel]
  --burst   only the burst (in this process; with --kernel also in a real kernel)
"""

from __future__ import annotations

import asyncio
import json
import queue
import sys
import time

import numpy as np

import hoyito_edu as hy
from hoyito_edu.board import widget
from hoyito_edu.teaching.hints import best_play_line, hints

RUNS = [
    ("hoyito-i", 6),
    ("hoyito-ii", 6),
    ("hoyito-iii", 6),
    ("ba-awa", 6),
    ("hoyito-i", 12),
    ("hoyito-ii", 12),
    ("hoyito-iii", 12),
]
MAX_PLIES = 400


def positions(variant: str, n: int, games: int) -> list[hy.Position]:
    """Every position of ``games`` seeded games (greedy against random), up to MAX_PLIES."""
    found = []
    for seed in range(games):
        players = (hy.player("greedy", seed=seed), hy.player("random", seed=seed + 100))
        pos = hy.new_game(variant, holes_per_row=n)
        while not pos.is_over and len(found) < (seed + 1) * MAX_PLIES:
            found.append(pos)
            pos = pos.play(players[pos.player].choose(pos))
    return found


def main() -> None:
    if "--burst" not in sys.argv:
        per_position(2 if "--quick" in sys.argv else 10)
    print("2,000 Show me presses in one burst (seconds until the last view; views sent)")
    for label, interval in (("coalesced", widget.VIEW_INTERVAL), ("one view per press", 0.0)):
        seconds, views = burst(interval)
        print(f"  {label:<20}{seconds:>8.3f}{views:>8,}")
    if "--kernel" in sys.argv:
        print("the same in a real kernel, as comm messages (seconds; views sent)")
        for label, interval in (("coalesced", widget.VIEW_INTERVAL), ("one view per press", 0.0)):
            seconds, views = kernel_burst(interval)
            print(f"  {label:<20}{seconds:>8.3f}{views:>8,}")


def per_position(games: int) -> None:
    """The time of hints() and best_play_line() on the positions of ``games`` games a row."""
    print(f"hints() per position, {games} greedy-vs-random games per row (seconds)")
    for variant in sorted({variant for variant, _ in RUNS}):  # loads the cached tables
        start = time.perf_counter()
        best_play_line(hy.new_game(variant, board=[0] * 11 + [8]))
        print(f"first best_play_line() in {variant}: {time.perf_counter() - start:.4f}")
    print(f"{'variant':<11}{'board':>6}{'positions':>11}{'median':>9}{'p95':>9}{'worst':>9}"
          f"{'best play: worst':>18}{'said':>6}")
    for variant, n in RUNS:
        times, extra, said = [], [], 0
        for pos in positions(variant, n, games):
            start = time.perf_counter()
            hints(pos)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            said += best_play_line(pos) is not None
            extra.append(time.perf_counter() - start)
        t = np.array(times)
        print(
            f"{variant:<11}{f'2x{n}':>6}{len(t):>11,}{np.median(t):>9.4f}"
            f"{np.percentile(t, 95):>9.4f}{t.max():>9.4f}{max(extra):>18.4f}{said:>6}"
        )


def burst(interval: float, presses: int = 2000) -> tuple[float, int]:
    """Seconds from the first press to the last view set, and the views sent, with views
    coming at most every ``interval`` seconds."""
    widget.VIEW_INTERVAL, before = interval, widget.VIEW_INTERVAL

    async def run() -> tuple[float, int]:
        board = widget.Board("hoyito-i", opponent=None)
        for hole in (2, 7, 3):
            board.click(hole)
        sent: list[float] = []
        board.observe(lambda _change: sent.append(time.perf_counter()), names="view")
        start = time.perf_counter()
        for _ in range(presses):
            board.receive({"type": "action", "name": "hints"})
        await asyncio.sleep(max(interval, 0.01) * 2)
        return sent[-1] - start, len(sent)

    try:
        return asyncio.run(run())
    finally:
        widget.VIEW_INTERVAL = before



def kernel_burst(interval: float, presses: int = 2000) -> tuple[float, int]:
    """Seconds from the first of ``presses`` Show me comm messages sent to a Board in a real
    kernel until the kernel is idle after the last one and its last view is out; and the
    views it sent."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        code = (f"from hoyito_edu.board import widget\nwidget.VIEW_INTERVAL = {interval}\n"
                "board = widget.Board('hoyito-i', opponent=None)\n"
                "for hole in (2, 7, 3):\n    board.click(hole)\nprint(board.comm.comm_id)")
        said: list[str] = []
        kc.execute_interactive(code, timeout=300, output_hook=lambda m: said.append(
            m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
        press = {"comm_id": "".join(said).split()[-1],
                 "data": {"method": "custom", "content": {"type": "action", "name": "hints"}}}
        started = time.perf_counter()
        sent = [kc.session.send(kc.shell_channel.socket, "comm_msg", press)
                for _ in range(presses)]
        last, views, end = sent[-1]["header"]["msg_id"], 0, None
        while True:
            try:
                message = kc.get_iopub_msg(timeout=1 if end else 600)
            except queue.Empty:
                break  # a second with nothing more: the burst is over
            kind, content = message["msg_type"], message["content"]
            if kind == "comm_msg" and "view" in json.dumps(content["data"].get("state", {})):
                views, end = views + 1, time.perf_counter()
            parent = message["parent_header"].get("msg_id")
            if kind == "status" and content["execution_state"] == "idle" and parent == last:
                end = max(end or 0.0, time.perf_counter())
        return end - started, views
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
