"""The sowing of one move, as the sequence of events it produces.

This module is the rules in one readable place. :func:`sow` takes a position and a hole and plays
the move seed by seed, deciding captures at the moment each seed drops (spec R2.4), and returns
the new board, the captures and the move record. It does not check whose turn it is or whether
the hole is legal: :meth:`hoyito_edu.Position.sow` does that first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

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
from .rules import Rules


@dataclass(slots=True)
class SowResult:
    """What one move did: the board and captures after it, and the events in order.

    ``end`` is set when the move itself ended the game (final four, all captured, endless move,
    lap limit, eight or fewer); ``extra_turn`` when the mover plays again. ``events`` is None
    when the move was sown without its record (:meth:`hoyito_edu.Position.play`).
    """

    board: list[int]
    captures: list[int]
    events: list[Event] | None = field(default_factory=list)
    end: Reason | None = None
    extra_turn: bool = False


#: Laps a move sows before its lap starts are kept for the endless check (R2.8). A move that
#: reaches this many laps (or the lap limit) is sown again from its start with every lap start
#: kept, so it stops at exactly the same lap; the many short moves never pay for the check. A
#: lap start that repeats an earlier one means the laps from then on cycle for ever without a
#: capture, so sowing on past it until this lap changes nothing but the time.
EXACT_FROM_LAP = 32

_RING_CACHE: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}


def next_open_holes(size: int, closed: frozenset[int]) -> tuple[int, ...]:
    """For each hole, the next open hole in sowing order (R1.3, closed holes skipped).

    >>> next_open_holes(4, frozenset({1}))
    (2, 2, 3, 0)
    """
    ring = _RING_CACHE.get((size, closed))
    if ring is None:
        after = [[(h + step) % size for step in range(1, size + 1)] for h in range(size)]
        ring = tuple(next(c for c in candidates if c not in closed) for candidates in after)
        if len(_RING_CACHE) < 1024:
            _RING_CACHE[(size, closed)] = ring
    return ring


class Sowable(Protocol):
    """What sowing reads of a position (a :class:`~hoyito_edu.Position` is one): the rules,
    the mover, the holes' owners and seeds, the ring of open holes, the captures and, for
    Hoyito III's last four (R4.1), the round and the previous game's winner."""

    rules: Rules
    player: int
    owners: tuple[int, ...]
    board: tuple[int, ...]
    captures: tuple[int, int]
    closed: frozenset[int]
    ring: tuple[int, ...]
    round: int
    previous_winner: int | None


class _Restart(Exception):
    """The move reached :data:`EXACT_FROM_LAP` laps: sow it again keeping every lap start."""


class _Sowing(SowResult):
    """The working state of one move: a board being sown, the hand, the record so far. It is
    its own :class:`SowResult` once the move is sown."""

    __slots__ = ("pos", "rules", "mover", "owners", "hand", "hole", "ring")

    def __init__(self, position: Sowable, hole: int, record: bool = True) -> None:
        self.pos = position
        self.rules = position.rules
        self.mover = position.player
        self.owners = position.owners
        self.hole = hole
        self.ring = position.ring
        self.board = list(position.board)
        self.captures = list(position.captures)
        self.events = [] if record else None
        self.end = None
        self.extra_turn = False
        self.hand = 0

    def start_again(self) -> None:
        """Set up the board, captures and record again as they were before the move."""
        self.board = list(self.pos.board)
        self.captures = list(self.pos.captures)
        self.events = None if self.events is None else []
        self.hand = 0

    # -- helpers -------------------------------------------------------------------------
    def take(self, hole: int | None, taker: int, reason: Reason, seeds: int | None = None) -> None:
        """Move seeds from ``hole`` (or the hand, ``hole=None``) to ``taker``'s captures."""
        if hole is None:
            seeds, self.hand = self.hand, 0
        else:
            seeds = self.board[hole] if seeds is None else seeds
            self.board[hole] -= seeds
        self.captures[taker] += seeds
        if self.events is not None:
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
            take_all(self, lambda hole: taker, Reason.FINAL_FOUR)
            if self.hand:
                self.take(None, taker, Reason.FINAL_FOUR)
            self.end = Reason.FINAL_FOUR
            return True
        if left == 0:
            self.end = Reason.ALL_CAPTURED
            return True
        return False

    # -- the move ------------------------------------------------------------------------
    def run(self) -> SowResult:
        """Sow the move; a move of :data:`EXACT_FROM_LAP` laps is sown again with every lap
        start kept (see there)."""
        try:
            return self.sow_laps(exact=False)
        except _Restart:
            self.start_again()
            return self.sow_laps(exact=True)

    def sow_laps(self, exact: bool) -> SowResult:
        board, hole, events, max_laps = self.board, self.hole, self.events, self.rules.max_laps
        seen_laps = {(hole, tuple(board)): 1} if exact else None
        self.hand, board[hole] = board[hole], 0
        if events is not None:
            events.append(Lift(hole, self.hand, 1))
        lap, origin, current = 1, hole, hole
        while True:
            current = self.sow_lap(current, origin, lap)
            if self.end is not None:
                return self
            if board[current] == 4:
                self.last_seed_capture(current)
                return self
            if board[current] == 1:
                return self
            if not exact:
                if lap >= EXACT_FROM_LAP or lap == max_laps:
                    raise _Restart
            else:
                state = (current, tuple(board))
                if state in seen_laps:
                    if events is not None:
                        events.append(Endless(current, lap + 1, seen_laps[state]))
                    return self.stop(Reason.ENDLESS)
                if lap == max_laps:
                    if events is not None:
                        events.append(LapLimit(current, lap + 1))
                    return self.stop(Reason.LAP_LIMIT)
                seen_laps[state] = lap + 1
            lap += 1
            self.hand, board[current] = board[current], 0
            if events is not None:
                events.append(Relay(current, self.hand, lap))
            origin = current

    def stop(self, reason: Reason) -> SowResult:
        """End the move and the game before the next lap: owners take their holes (R2.8)."""
        take_all(self, self.owners.__getitem__, reason)
        self.end = reason
        return self

    def sow_lap(self, current: int, origin: int, lap: int) -> int:
        """Drop the seeds in hand one by one; take mid-sow casas (R2.5). Returns the last hole.

        A lap long enough to come round sows into the hole it was lifted from, unless the
        rules skip it (R2.2); closed holes are never sown (``self.ring``)."""
        board, ring, events, hand = self.board, self.ring, self.events, self.hand
        skip = self.rules.skip_origin
        mid_sow = self.rules.mid_sow_taker != "none"
        while hand:
            current = ring[current]
            if skip and current == origin:
                current = ring[current]  # the origin is sown only when it is the one open hole
            seeds = board[current] + 1
            board[current] = seeds
            hand -= 1
            if events is not None:
                events.append(Drop(current, hand, seeds, lap))
            if seeds == 4 and hand and mid_sow:
                self.hand, taker = hand, self.mid_sow_taker(current)
                self.take(current, taker, Reason.MID_SOW)
                if self.after_capture(taker):
                    return current
                hand = self.hand
        self.hand = 0
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
            self.extra_turn = True
            if self.events is not None:
                self.events.append(ExtraTurn(self.mover))

    def chain_holes(self, hole: int):
        """Walk backwards from ``hole`` over open holes while each holds exactly four."""
        size = len(self.board)
        closed = self.pos.closed
        behind = hole
        for _ in range(size - 1):
            behind = (behind - 1) % size
            if behind == hole:
                return
            if behind in closed:
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
            if result.events is not None:
                result.events.append(Capture(hole, seeds, taker, reason))


def sow(position: Sowable, hole: int, record: bool = True) -> SowResult:
    """Play ``hole`` for the player to move in ``position`` and return what happened.

    The caller has checked that the move is legal. Passes, the Ba-awa end rule and repetition
    are applied by :meth:`hoyito_edu.Position.sow`, which knows the game's history. With
    ``record=False`` the events are not kept (``events`` is None): the same move, sooner.
    """
    return _Sowing(position, hole, record).run()
