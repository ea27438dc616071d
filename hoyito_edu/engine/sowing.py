"""The sowing of one move, as the sequence of events it produces.

This module is the rules in one readable place. :func:`sow` takes a position and a hole and plays
the move seed by seed, deciding captures at the moment each seed drops (spec R2.4), and returns
the new board, the captures and the move record. It does not check whose turn it is or whether
the hole is legal: :meth:`hoyito_edu.Position.sow` does that first. :func:`sow_move` is the
same sowing (the one copy of it here) without the :class:`SowResult`, as ``Position.play`` and
``Position.sow`` call it, the record kept or not.
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


def sow(position: Sowable, hole: int, record: bool = True) -> SowResult:
    """Play ``hole`` for the player to move in ``position`` and return what happened.

    The caller has checked that the move is legal. Passes, the Ba-awa end rule and repetition
    are applied by :meth:`hoyito_edu.Position.sow`, which knows the game's history. With
    ``record=False`` the events are not kept (``events`` is None): the same move, sooner.
    """
    events: list[Event] | None = [] if record else None
    board, captures, end, extra_turn = sow_move(position, hole, events)
    if captures is None:
        captures = list(position.captures)
    return SowResult(board, captures, events, end, extra_turn)


def sow_move(
    position: Sowable, hole: int, events: list[Event] | None, seen: dict | None = None
) -> tuple[list[int], list[int] | None, Reason | None, bool]:
    """:func:`sow` without the :class:`SowResult`: returns (board, captures, end,
    extra_turn), ``captures`` None when the move captured nothing, and appends the events to
    ``events`` (none are kept when it is None). ``Position.play`` and ``Position.sow`` call it.

    The move is sown lap by lap. ``seen`` holds the lap starts (hole, board) for the endless
    check (R2.8). With ``seen`` None they are not kept, and a move that reaches
    :data:`EXACT_FROM_LAP` laps or the lap limit is sown again from its start keeping them.
    The state of the move lives in local variables (a list for the board, an int for the hand,
    a list for the captures from the first capture on) and the rule switches are read once a
    move: this loop is what ``Position.play`` spends its time in.
    """
    rules, ring = position.rules, position.ring
    board, captures = list(position.board), None
    skip, lap_ring = rules.skip_origin, ring
    if seen is not None:
        seen[(hole, tuple(board))] = 1
    hand, board[hole] = board[hole], 0
    if events is not None:
        events.append(Lift(hole, hand, 1))
    lap, current = 1, hole
    while True:
        # One lap: drop the seeds in hand one by one, deciding captures as each drops (R2.4).
        # Closed holes are not in the ring (R2.3); a lap long enough to come round sows into
        # the hole it was lifted from, unless the rules skip it (R2.2: the lap's own ring).
        if skip:
            lap_ring = _passing_over(ring, current)
        while hand:
            current = lap_ring[current]
            seeds = board[current] + 1
            board[current] = seeds
            hand -= 1
            if events is not None:
                events.append(Drop(current, hand, seeds, lap))
            if seeds == 4 and hand and rules.mid_sow_taker != "none":  # a casa mid-sow (R2.5)
                mid_sow = rules.mid_sow_taker  # who takes it: the "mover" or the "owner"
                taker = position.player if mid_sow == "mover" else position.owners[current]
                if captures is None:
                    captures = list(position.captures)
                board[current] = 0
                captures[taker] += 4
                if events is not None:
                    events.append(Capture(current, 4, taker, Reason.MID_SOW))
                end = _after_capture(position, board, captures, hand, taker, events)
                if end is not None:
                    return board, captures, end, False
        # The end of the lap (R2.6): ``seeds`` is what the last hole holds now.
        if seeds == 4:
            return _last_seed_capture(position, board, captures, current, events)
        if seeds == 1:
            return board, captures, None, False
        # The last seed fell into an occupied hole: its seeds are lifted for the next lap,
        # unless the laps cycle for ever or the lap limit is reached (R2.8).
        if seen is None:
            if lap >= EXACT_FROM_LAP or lap == rules.max_laps:  # sow it again, exactly
                if events is not None:
                    del events[:]
                return sow_move(position, hole, events, {})
        else:
            state = (current, tuple(board))
            repeats = seen.get(state)
            if repeats is not None:
                if events is not None:
                    events.append(Endless(current, lap + 1, repeats))
                return _owners_take(position, board, captures, events, Reason.ENDLESS)
            if lap == rules.max_laps:
                if events is not None:
                    events.append(LapLimit(current, lap + 1))
                return _owners_take(position, board, captures, events, Reason.LAP_LIMIT)
            seen[state] = lap + 1
        lap += 1
        hand, board[current] = seeds, 0
        if events is not None:
            events.append(Relay(current, hand, lap))


_PASSING_CACHE: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def _passing_over(ring: tuple[int, ...], origin: int) -> tuple[int, ...]:
    """``ring`` for a lap lifted from ``origin`` when the rules skip it (R2.2): the next open
    hole after each hole, passing over the origin unless it is the one open hole.

    >>> _passing_over((1, 2, 3, 0), 2)
    (1, 3, 3, 0)
    """
    passing = _PASSING_CACHE.get((ring, origin))
    if passing is None:
        passing = tuple(ring[after] if after == origin else after for after in ring)
        if len(_PASSING_CACHE) < 4096:
            _PASSING_CACHE[(ring, origin)] = passing
    return passing


def _final_four_taker(position: Sowable, capturer: int) -> int:
    """Who takes the last four (R4.1): the capturer, or in Hoyito III from round 3 on the
    winner of the previous game (the capturer if that game was drawn)."""
    from_round = position.rules.last_four_to_previous_winner_from_round
    if (
        from_round is not None
        and position.round >= from_round
        and position.previous_winner is not None
    ):
        return position.previous_winner
    return capturer


def _after_capture(
    position: Sowable,
    board: list[int],
    captures: list[int],
    hand: int,
    capturer: int,
    events: list[Event] | None,
) -> Reason | None:
    """Apply the Hoyito end rule after a capture (R4.1): the reason the game ends, or None.
    ``hand`` is the seeds still in hand, which count as left and go with the last four."""
    if position.rules.end_rule != "last-four":
        return None
    left = sum(board) + hand
    if left == 4:
        taker = _final_four_taker(position, capturer)
        sweep_holes(board, captures, events, lambda hole: taker, Reason.FINAL_FOUR)
        if hand:
            captures[taker] += hand
            if events is not None:
                events.append(Capture(None, hand, taker, Reason.FINAL_FOUR))
        return Reason.FINAL_FOUR
    if left == 0:
        return Reason.ALL_CAPTURED
    return None


def _last_seed_capture(
    position: Sowable, board: list[int], captures: list[int] | None, hole: int, events
) -> tuple[list[int], list[int], Reason | None, bool]:
    """The last seed made a casa: the mover takes it, then the chain (R2.7), and may play
    again (R3.1). Returns what :func:`sow_move` returns."""
    rules, mover = position.rules, position.player
    if captures is None:
        captures = list(position.captures)
    board[hole] = 0
    captures[mover] += 4
    if events is not None:
        events.append(Capture(hole, 4, mover, Reason.LAST_SEED))
    end = _after_capture(position, board, captures, 0, mover, events)
    if end is not None:
        return board, captures, end, False
    if rules.chain:  # walk backwards over open holes while each holds exactly four
        size, closed, owners = len(board), position.closed, position.owners
        behind = hole
        for _ in range(size - 1):
            behind = (behind - 1) % size
            if behind in closed:
                continue
            if board[behind] != 4:
                break
            if rules.chain_opponent_side_only and owners[behind] == mover:
                break
            board[behind] = 0
            captures[mover] += 4
            if events is not None:
                events.append(Capture(behind, 4, mover, Reason.CHAIN))
            end = _after_capture(position, board, captures, 0, mover, events)
            if end is not None:
                return board, captures, end, False
    if rules.extra_turn:
        if events is not None:
            events.append(ExtraTurn(mover))
        return board, captures, None, True
    return board, captures, None, False


def _owners_take(position: Sowable, board: list[int], captures: list[int] | None, events, reason):
    """End the move and the game before the next lap: owners take their holes (R2.8)."""
    if captures is None:
        captures = list(position.captures)
    sweep_holes(board, captures, events, position.owners.__getitem__, reason)
    return board, captures, reason, False


def take_all(result: SowResult, taker_of: Callable[[int], int], reason: Reason) -> None:
    """Empty every hole of ``result.board``, each to ``taker_of(hole)``, recording a Capture.

    The sweeps that end a game share it: the final four (R4.1), eight or fewer (R4.2), and the
    owners taking their holes after an endless move or the lap limit (R2.8), a repetition
    (R4.3), an agreement or the quiet limit (R4.5).
    """
    sweep_holes(result.board, result.captures, result.events, taker_of, reason)


def sweep_holes(board: list[int], captures: list[int], events, taker_of, reason: Reason) -> None:
    """:func:`take_all` on a board, captures and events (None: not kept) of their own."""
    for hole, seeds in enumerate(board):
        if seeds:
            taker = taker_of(hole)
            board[hole] = 0
            captures[taker] += seeds
            if events is not None:
                events.append(Capture(hole, seeds, taker, reason))
