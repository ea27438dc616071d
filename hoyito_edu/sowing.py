"""The sowing of one move, as the sequence of events it produces.

This module is the rules in one readable place. :func:`sow` takes a position and a hole and plays
the move seed by seed, deciding captures at the moment each seed drops (spec R2.4), and returns
the new board, the captures and the move record. It does not check whose turn it is or whether
the hole is legal: :meth:`hoyito_edu.Position.sow` does that first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .events import (
    Capture,
    Drop,
    Endless,
    Event,
    ExtraTurn,
    LapLimit,
    Lift,
    Reason,
    Relay,
)

if TYPE_CHECKING:  # pragma: no cover
    from .position import Position


@dataclass
class SowResult:
    """What one move did: the board and captures after it, and the events in order.

    ``end`` is set when the move itself ended the game (final four, all captured, endless move,
    lap limit, eight or fewer); ``extra_turn`` when the mover plays again.
    """

    board: list[int]
    captures: list[int]
    events: list[Event] = field(default_factory=list)
    end: Reason | None = None
    extra_turn: bool = False


class _Sowing:
    """The working state of one move: a board being sown, the hand, the record so far."""

    def __init__(self, position: Position, hole: int) -> None:
        self.pos = position
        self.rules = position.rules
        self.mover = position.player
        self.owners = position.owners
        self.closed = position.closed
        self.result = SowResult(board=list(position.board), captures=list(position.captures))
        self.board = self.result.board
        self.events = self.result.events
        self.hand = 0
        self.hole = hole

    # -- helpers -------------------------------------------------------------------------
    def next_hole(self, hole: int, origin: int) -> int:
        """The next open hole after ``hole`` in sowing order (skipping the origin if asked)."""
        size = len(self.board)
        for step in range(1, size + 1):
            candidate = (hole + step) % size
            if candidate in self.closed:
                continue
            if self.rules.skip_origin and candidate == origin and step < size:
                continue
            return candidate
        raise RuntimeError("no open hole to sow into")  # only with every hole closed

    def take(self, hole: int | None, taker: int, reason: Reason, seeds: int | None = None) -> None:
        """Move seeds from ``hole`` (or the hand, ``hole=None``) to ``taker``'s captures."""
        if hole is None:
            seeds, self.hand = self.hand, 0
        else:
            seeds = self.board[hole] if seeds is None else seeds
            self.board[hole] -= seeds
        self.result.captures[taker] += seeds
        self.events.append(Capture(hole, seeds, taker, reason))

    def uncaptured(self) -> int:
        return sum(self.board) + self.hand

    def final_four_taker(self, capturer: int) -> int:
        """Who takes the last four (R4.1): the capturer, or in Hoyito III from round 3 on the
        winner of the previous game (the capturer if that game was drawn)."""
        from_round = self.rules.last_four_to_previous_winner_from_round
        pos = self.pos
        if from_round is not None and pos.round >= from_round and pos.previous_winner is not None:
            return pos.previous_winner
        return capturer

    def after_capture(self, capturer: int) -> bool:
        """Apply the Hoyito end rule after a capture (R4.1). True when the game is over."""
        if self.rules.end_rule != "last-four":
            return False
        left = self.uncaptured()
        if left == 4:
            taker = self.final_four_taker(capturer)
            take_all(self.result, lambda hole: taker, Reason.FINAL_FOUR)
            if self.hand:
                self.take(None, taker, Reason.FINAL_FOUR)
            self.result.end = Reason.FINAL_FOUR
            return True
        if left == 0:
            self.result.end = Reason.ALL_CAPTURED
            return True
        return False

    # -- the move ------------------------------------------------------------------------
    def run(self) -> SowResult:
        board, hole = self.board, self.hole
        seen_laps = {(hole, tuple(board)): 1}
        self.hand, board[hole] = board[hole], 0
        self.events.append(Lift(hole, self.hand, 1))
        lap, origin, current = 1, hole, hole
        while True:
            current = self.sow_lap(current, origin, lap)
            if self.result.end is not None:
                return self.result
            if board[current] == 4:
                self.last_seed_capture(current)
                return self.result
            if board[current] == 1:
                return self.result
            state = (current, tuple(board))
            if state in seen_laps:
                self.events.append(Endless(current, lap + 1, seen_laps[state]))
                return self.stop(Reason.ENDLESS)
            if lap == self.rules.max_laps:
                self.events.append(LapLimit(current, lap + 1))
                return self.stop(Reason.LAP_LIMIT)
            lap += 1
            seen_laps[state] = lap
            self.hand, board[current] = board[current], 0
            self.events.append(Relay(current, self.hand, lap))
            origin = current

    def stop(self, reason: Reason) -> SowResult:
        """End the move and the game before the next lap: owners take their holes (R2.8)."""
        take_all(self.result, self.owners.__getitem__, reason)
        self.result.end = reason
        return self.result

    def sow_lap(self, current: int, origin: int, lap: int) -> int:
        """Drop the seeds in hand one by one; take mid-sow casas (R2.5). Returns the last hole."""
        board = self.board
        while self.hand:
            current = self.next_hole(current, origin)
            board[current] += 1
            self.hand -= 1
            self.events.append(Drop(current, self.hand, board[current], lap))
            if board[current] == 4 and self.hand:
                taker = self.mid_sow_taker(current)
                if taker is not None:
                    self.take(current, taker, Reason.MID_SOW)
                    if self.after_capture(taker):
                        return current
        return current

    def mid_sow_taker(self, hole: int) -> int | None:
        rule = self.rules.mid_sow_taker
        if rule == "mover":
            return self.mover
        if rule == "owner":
            return self.owners[hole]
        return None

    def last_seed_capture(self, hole: int) -> None:
        """The last seed made a casa: the mover takes it, then the chain (R2.7)."""
        self.take(hole, self.mover, Reason.LAST_SEED)
        if self.after_capture(self.mover):
            return
        if self.rules.chain:
            for behind in self.chain_holes(hole):
                self.take(behind, self.mover, Reason.CHAIN)
                if self.after_capture(self.mover):
                    return
        if self.rules.extra_turn:
            self.result.extra_turn = True
            self.events.append(ExtraTurn(self.mover))

    def chain_holes(self, hole: int):
        """Walk backwards from ``hole`` over open holes while each holds exactly four."""
        size = len(self.board)
        behind = hole
        for _ in range(size - 1):
            behind = (behind - 1) % size
            if behind == hole:
                return
            if behind in self.closed:
                continue
            if self.board[behind] != 4:
                return
            if self.rules.chain_opponent_side_only and self.owners[behind] == self.mover:
                return
            yield behind


def take_all(result: SowResult, taker_of: Callable[[int], int], reason: Reason) -> None:
    """Empty every hole of ``result.board``, each to ``taker_of(hole)``, recording a Capture.

    The sweeps that end a game share it: the final four (R4.1), eight or fewer (R4.2), and the
    owners taking their holes after an endless move or the lap limit (R2.8), a repetition
    (R4.3), an agreement or the quiet limit (R4.5).
    """
    for hole, seeds in enumerate(result.board):
        if seeds:
            taker = taker_of(hole)
            result.board[hole] = 0
            result.captures[taker] += seeds
            result.events.append(Capture(hole, seeds, taker, reason))


def sow(position: Position, hole: int) -> SowResult:
    """Play ``hole`` for the player to move in ``position`` and return what happened.

    The caller has checked that the move is legal. Passes, the Ba-awa end rule and repetition
    are applied by :meth:`hoyito_edu.Position.sow`, which knows the game's history.
    """
    return _Sowing(position, hole).run()
