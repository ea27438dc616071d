"""A move as a film: one frame per event of the move record, the board after each.

The frames only replay the engine's record (lift, drop, capture, relay, ...): the board after
each event is read off the events, never worked out again from the rules. The last frame of a
move therefore shows ``move.after.board`` (the tests check this for many games).

A film never holds more than :data:`MAX_FILM_FRAMES` frames. A longer move (a relay of
hundreds of laps, or one stopped by the lap limit after 1,000 laps) shows its first laps seed
by seed, then one frame that skips ahead to the end of its last lap, then the events that end
it. Building a film costs the same for a move of 1,000 laps as for one of 50.

>>> import hoyito_edu as hy
>>> frames = move_frames(hy.new_game("hoyito-i").sow(0))
>>> frames[0].event
Lift(hole=0, seeds=4, lap=1)
>>> frames[1].board[:3], frames[1].hand
((0, 5, 4), 3)
>>> frames[-1].board == hy.new_game("hoyito-i").play(0).board
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
    """Not an engine event: the frame of a long move's film that stands for the laps it does
    not show seed by seed, ``first_lap`` to ``last_lap`` (``events`` events in all)."""

    first_lap: int
    last_lap: int
    events: int
    lap_limit: bool
    kind = "skipped"


class Frame(NamedTuple):
    """The board just after one event of a move. ``event`` is the engine's event, or
    :class:`Skipped` for the frame that skips ahead in a long move. Frames hold no words: the
    page says every event from one table (:func:`~hoyito_edu.board.texts.page_texts`)."""

    board: tuple[int, ...]
    captures: tuple[int, int]
    hand: int
    lap: int
    event: Union[Event, Skipped]  # noqa: UP007


class _Shown:
    """What a film shows at one point of a move: board, captures, seeds in hand and lap."""

    def __init__(self, board: Sequence[int], captures: Sequence[int], hand: int, lap: int):
        self.board, self.captures = list(board), list(captures)
        self.hand, self.lap = hand, lap

    def apply(self, event: Event) -> None:
        """The state just after ``event``."""
        if isinstance(event, (Lift, Relay)):
            self.hand, self.lap = event.seeds, event.lap
            self.board[event.hole] -= event.seeds
        elif isinstance(event, Drop):
            self.board[event.hole], self.hand, self.lap = event.count, event.in_hand, event.lap
        elif isinstance(event, Capture):
            if event.hole is None:
                self.hand -= event.seeds
            else:
                self.board[event.hole] -= event.seeds
            self.captures[event.taker] += event.seeds

    def take_back(self, event: Event) -> None:
        """The state just before ``event`` (the lap is left to the caller)."""
        if isinstance(event, (Lift, Relay)):
            self.hand = 0
            self.board[event.hole] += event.seeds
        elif isinstance(event, Drop):
            self.board[event.hole], self.hand = event.count - 1, event.in_hand + 1
        elif isinstance(event, Capture):
            if event.hole is None:
                self.hand += event.seeds
            else:
                self.board[event.hole] += event.seeds
            self.captures[event.taker] -= event.seeds

    def frame(self, event) -> Frame:
        captures = (self.captures[0], self.captures[1])
        return Frame(tuple(self.board), captures, self.hand, self.lap, event)


def _frames(move: Move, events: Sequence[Event], shown: _Shown) -> list[Frame]:
    """One frame per event of ``events``, played on from ``shown`` (which is updated)."""
    frames = []
    for event in events:
        shown.apply(event)
        frames.append(shown.frame(event))
    return frames


def move_frames(move: Move) -> list[Frame]:
    """The film of ``move``: one :class:`Frame` per event, in order, at most
    :data:`MAX_FILM_FRAMES` of them.

    A move with more events shows its first laps (at most :data:`FILM_HEAD_LAPS`), one frame
    that skips ahead to the board after the last seed of its last lap (its event is a
    :class:`Skipped`), and the events after that seed (captures, the lap limit, game over).
    Only those events are read, so the cost does not grow with the length of the move.
    """
    events = move.events
    if len(events) <= MAX_FILM_FRAMES:
        return _frames(move, events, _Shown(move.before.board, move.before.captures, 0, 1))
    head_end, tail_start = _head_end(events), _tail_start(events)
    head = _frames(move, events[:head_end], _Shown(move.before.board, move.before.captures, 0, 1))
    shown = _Shown(move.after.board, move.after.captures, 0, 1)
    for event in reversed(events[tail_start:]):
        shown.take_back(event)
    shown.lap = _lap_at(events, tail_start - 1)
    at_limit = any(isinstance(event, LapLimit) for event in events[tail_start:])
    skipped = Skipped(_lap_at(events, head_end), shown.lap, tail_start - head_end, at_limit)
    summary = shown.frame(skipped)
    return head + [summary] + _frames(move, events[tail_start:], shown)


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
