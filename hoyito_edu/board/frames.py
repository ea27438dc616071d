"""Which events of a move its film shows: all of them, or, for a very long move, its first
laps, one step that skips ahead, and its end.

The page replays the events itself (it is the only place they are replayed): a film holds the
engine's record, never boards worked out here. A film never holds more than
:data:`MAX_FILM_FRAMES` steps. A longer move (a relay of hundreds of laps, or one stopped by
the lap limit after 1,000 laps) shows its first laps seed by seed, then a :class:`Skipped` that
carries the board after the last seed of its last lap, then the events that end it. Choosing
them costs the same for a move of 1,000 laps as for one of 50.

>>> import hoyito_edu as hy
>>> move = hy.new_game("hoyito-i").sow(0)
>>> film_events(move) == list(move.events)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Union

from ..engine.events import (
    Capture,
    Drop,
    Event,
    LapLimit,
    Lift,
    Relay,
)
from ..engine.position import Move

#: The most frames a move's film holds. Every move of thousands of random games (all four
#: rule sets, 2x6 to 2x12) has fewer events than this, so ordinary moves are shown whole.
MAX_FILM_FRAMES = 300
#: A longer move shows at most its first five laps seed by seed, in at most this many frames,
FILM_HEAD_LAPS = 5
FILM_HEAD_FRAMES = 250
#: then one frame that skips ahead, then at most this many frames of the end of the move.
FILM_TAIL_FRAMES = MAX_FILM_FRAMES - FILM_HEAD_FRAMES - 1


class Skipped(NamedTuple):
    """Not an engine event: the step of a long move's film that stands for the laps it does
    not show seed by seed, ``first_lap`` to ``last_lap`` (``events`` events in all), with the
    board and captures after the last seed of ``last_lap``."""

    first_lap: int
    last_lap: int
    events: int
    lap_limit: bool
    board: tuple[int, ...]
    captures: tuple[int, int]


def film_events(move: Move) -> list[Union[Event, Skipped]]:  # noqa: UP007
    """The events of ``move``'s film, in order, at most :data:`MAX_FILM_FRAMES` of them.

    A move with more events shows its first laps (at most :data:`FILM_HEAD_LAPS`), a
    :class:`Skipped` with the board after the last seed of its last lap, and the events after
    that seed (captures, the lap limit, game over). Only those events are read, so the cost does
    not grow with the length of the move.
    """
    events = move.events
    if len(events) <= MAX_FILM_FRAMES:
        return list(events)
    head_end, tail_start = _head_end(events), _tail_start(events)
    board, captures = _before(events[tail_start:], move.after.board, move.after.captures)
    at_limit = any(isinstance(event, LapLimit) for event in events[tail_start:])
    skipped = Skipped(_lap_at(events, head_end), _lap_at(events, tail_start - 1),
                      tail_start - head_end, at_limit, board, captures)
    return [*events[:head_end], skipped, *events[tail_start:]]


def _before(events: Sequence[Event], board: Sequence[int], captures: Sequence[int]):
    """The board and captures just before ``events``, taken back from those just after."""
    board, captures = list(board), list(captures)
    for event in reversed(events):
        if isinstance(event, (Lift, Relay)):
            board[event.hole] += event.seeds
        elif isinstance(event, Drop):
            board[event.hole] = event.count - 1
        elif isinstance(event, Capture):
            if event.hole is not None:
                board[event.hole] += event.seeds
            captures[event.taker] -= event.seeds
    return tuple(board), (captures[0], captures[1])


def _head_end(events: Sequence[Event]) -> int:
    """How many events a long move's film shows first: whole laps, at most the first
    FILM_HEAD_LAPS and FILM_HEAD_FRAMES events (part of lap 1 if even that is longer)."""
    end = FILM_HEAD_FRAMES
    for i in range(1, FILM_HEAD_FRAMES + 1):
        if isinstance(events[i], Relay):
            end = i
            if events[i].lap > FILM_HEAD_LAPS:
                break
    return end


def _tail_start(events: Sequence[Event]) -> int:
    """Where a long move's film takes up again: after its last seed dropped (at most
    FILM_TAIL_FRAMES events before the end)."""
    lowest = len(events) - FILM_TAIL_FRAMES
    i = len(events) - 1
    while i >= lowest and not isinstance(events[i], Drop):
        i -= 1
    return max(i + 1, lowest)


def _lap_at(events: Sequence[Event], index: int) -> int:
    """The lap of ``events[index]``: of the nearest lift, relay or drop at or before it."""
    while index > 0 and not isinstance(events[index], (Drop, Relay, Lift)):
        index -= 1
    return getattr(events[index], "lap", 1)
