"""The yardstick of the speed benchmarks: Hoyito I in a plain pure-Python loop.

``plain_game`` plays one random game with the rules of Hoyito I (relay sowing, mid-sow and
last-seed casas to the mover, the last four to the capturer, passes, endless moves and the lap
limit of 1,000 laps, the repetition rule) and keeps nothing but the board and the captures: no
move records, no immutable positions, no checks. It is what a researcher would write in an
afternoon, and what the engine is measured against (``benchmarks/engine.py``,
``benchmarks/simulate.py``); ``same_games`` checks it plays the engine's games, move for move.

A measuring stick, not a copy of the rules: nothing in the package imports it, and a rule is
never changed here first (``benchmarks/anchors/README.md``).
"""

from __future__ import annotations

import random

import hoyito_edu as hy

MAX_LAPS, MAX_PLIES = 1000, 20_000


def plain_game(rng: random.Random, n: int = 6) -> tuple[int, list[int]]:
    """Play one random Hoyito I game on 2xn; return (plies, captures)."""
    size, board, caps, player, plies = 2 * n, [4] * 2 * n, [0, 0], 0, 0
    trail = {(tuple(board), 0): 1}  # positions since the last capture (R4.3)
    while True:
        legal = [h for h in range(player * n, player * n + n) if board[h]]
        hole = legal[rng.randrange(len(legal))]
        plies, taken = plies + 1, caps[0] + caps[1]
        starts, hand, board[hole] = {(hole, tuple(board))}, board[hole], 0
        cur, laps, end = hole, 1, None
        while end is None:
            while hand:  # one lap: drop seeds; a four made by any seed is the mover's casa
                cur = cur + 1 if cur + 1 < size else 0
                board[cur] += 1
                hand -= 1
                if board[cur] == 4:
                    caps[player], board[cur], end = caps[player] + 4, 0, "" if hand else "move"
                    left = sum(board) + hand
                    if left in (0, 4):  # the last four go to the capturer (R4.1)
                        caps[player], board, hand, end = caps[player] + left, [0] * size, 0, "over"
            end = None if end == "" else end
            if end is None and board[cur] == 1:
                end = "move"
            elif end is None:
                state = (cur, tuple(board))
                if state in starts or laps == MAX_LAPS:  # endless, or the lap limit (R2.8)
                    end = "owners"
                else:  # relay: lift the seeds of the last hole for the next lap
                    starts.add(state)
                    laps, hand, board[cur] = laps + 1, board[cur], 0
        if end == "move":
            nxt = 1 - player if any(board[(1 - player) * n : (2 - player) * n]) else player
            trail = trail if caps[0] + caps[1] == taken else {}
            trail[(tuple(board), nxt)] = times = trail.get((tuple(board), nxt), 0) + 1
            if times < 3 and plies < MAX_PLIES:
                player = nxt
                continue
            end = "owners"  # the third repetition (R4.3), or the ply cap
        if end == "owners":  # each player takes the seeds in their own row
            caps[0], caps[1] = caps[0] + sum(board[:n]), caps[1] + sum(board[n:])
        return plies, caps


def engine_game(rng: random.Random, n: int = 6) -> tuple[int, list[int]]:
    """The same game through the engine, ``Position.play``."""
    pos, plies = hy.new_game("hoyito-i", holes_per_row=n), 0
    while not pos.is_over and plies < MAX_PLIES:
        legal = pos.legal_moves()
        pos = pos.play(legal[rng.randrange(len(legal))])
        plies += 1
    if not pos.is_over:
        pos = pos.end_by_agreement()
    return plies, list(pos.captures)


def same_games(seeds: range, n: int = 6) -> bool:
    """True if the loop and the engine play the same games (plies and captures) from
    ``random.Random(seed)`` for every seed."""
    return all(
        plain_game(random.Random(seed), n) == engine_game(random.Random(seed), n)
        for seed in seeds
    )
