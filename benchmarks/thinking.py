"""How fast does the computer answer on a Jupyter or Voila board when the page is busy?

Boards in one asyncio event loop, as in a kernel (issue 36):

1. New game pressed 12 times while the expert opens on 2x12 Hoyito III: the seconds from the
   last press to the last game's opening, beside one opening alone. Before the fix the stale
   searches ran on and the last opening came 2.4 s late; the goal is about one opening.
2. Two boards: the greedy computer's opening alone, and while the expert thinks on another
   board of the same kernel. Before, one thread served both and greedy waited for the expert.

Usage: python benchmarks/thinking.py
"""

from __future__ import annotations

import asyncio
import time

from hoyito_edu.board.widget import Board


async def reply(board: Board) -> float:
    """Seconds until the computer's opening is on ``board``."""
    started = time.perf_counter()
    while not board.game.moves or board.thinking:
        await asyncio.sleep(0.002)
    return time.perf_counter() - started


async def presses() -> tuple[float, float]:
    """(one opening alone, the last opening after 12 New game presses) in seconds."""
    board = Board("hoyito-iii", 12, opponent="expert", human=1, seed=0)
    await reply(board)  # loads what the search needs
    board.new_game()
    alone = await reply(board)
    for _ in range(12):
        board.new_game()
        await asyncio.sleep(0.01)
    board.new_game()
    return alone, await reply(board)


async def two_boards() -> tuple[float, float]:
    """(greedy's opening alone, greedy's opening while the expert thinks elsewhere)."""
    alone = await reply(Board("hoyito-i", opponent="greedy", human=1, seed=0))
    expert = Board("hoyito-iii", 12, opponent="expert", human=1, seed=0)
    beside = await reply(Board("hoyito-i", opponent="greedy", human=1, seed=0))
    await reply(expert)
    return alone, beside


def main() -> None:
    alone, last = asyncio.run(presses())
    print("expert opening, 2x12 Hoyito III (seconds)")
    print(f"  {'alone':<36}{alone:>8.3f}")
    print(f"  {'after 12 New game presses':<36}{last:>8.3f}   ratio {last / alone:.2f}")
    alone, beside = asyncio.run(two_boards())
    print("greedy opening on one board (seconds)")
    print(f"  {'alone':<36}{alone:>8.3f}")
    print(f"  {'while the expert thinks on another':<36}{beside:>8.3f}")


if __name__ == "__main__":
    main()
