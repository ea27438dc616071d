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
    Endless,
    Event,
    LapLimit,
    Lift,
    Reason,
    Relay,
)
from ..engine.position import Move
from ..i18n import N_
from ..i18n import gettext as _
from ..teaching.words import side_name

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
    :class:`Skipped` for the frame that skips ahead in a long move. ``caption`` is set only
    where the page has no words of its own: the skip ahead and a move stopped for ever (an
    endless move, the lap limit); the page words every other event from its own table
    (:func:`~hoyito_edu.board.texts.page_texts`)."""

    board: tuple[int, ...]
    captures: tuple[int, int]
    hand: int
    lap: int
    caption: str
    event: Union[Event, Skipped]  # noqa: UP007


# Why seeds were taken, as the end of a sentence about the taker.
_TAKEN_BECAUSE = {
    # TRANSLATORS: {because} of "{taker} takes {seeds} from hole {hole}: {because}."
    Reason.MID_SOW: N_("a casa formed while seeds were still in hand"),
    Reason.LAST_SEED: N_("the last seed made a casa"),
    Reason.CHAIN: N_("the chain: this hole just behind holds four too"),
    Reason.FINAL_FOUR: N_("only four seeds were left"),
    Reason.EIGHT_OR_FEWER: N_("eight or fewer seeds were left: the game's starter takes them"),
    Reason.ENDLESS: N_("the sowing would never end: owners take their own holes"),
    Reason.REPETITION: N_("the position came up a third time: owners take their own holes"),
    Reason.LAP_LIMIT: N_("the move went on too long to finish: owners take their own holes"),
    Reason.AGREEMENT: N_("the players agreed to stop: owners take their own holes"),
    Reason.QUIET_LIMIT: N_("nobody captured anything for too long: owners take their own holes"),
}

def taken_because(event: Capture) -> str:
    """Why ``event``'s seeds were taken, in the current language ("the last seed made a casa")."""
    return _(_TAKEN_BECAUSE[event.reason])


def capture_caption(event: Capture) -> str:
    fields = {
        "taker": side_name(event.taker),
        "seeds": event.seeds,
        "hole": event.hole,
        "because": taken_because(event),
    }
    if event.hole is None:
        return _("{taker} takes {seeds} from the seeds still in hand: {because}.").format(**fields)
    return _("{taker} takes {seeds} from hole {hole}: {because}.").format(**fields)


def _stop_caption(event: Event) -> str:
    """The sentence of a move stopped for ever (R2.8), or '' for any other event."""
    if isinstance(event, Endless):
        return _(
            "Lap {lap} would start from hole {hole} exactly as lap {repeats} did: this sowing "
            "would never end, so it stops here."
        ).format(lap=event.lap, hole=event.hole, repeats=event.repeats_lap)
    if isinstance(event, LapLimit):
        return _(
            "The move has sown {laps:,} laps without ending, the most a move may sow: nobody "
            "can finish it by hand, so it stops here, before lap {lap:,}. Each player takes the "
            "seeds in their own holes."
        ).format(laps=event.lap - 1, lap=event.lap)
    return ""


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

    def frame(self, caption: str, event) -> Frame:
        captures = (self.captures[0], self.captures[1])
        return Frame(tuple(self.board), captures, self.hand, self.lap, caption, event)


def _frames(move: Move, events: Sequence[Event], shown: _Shown) -> list[Frame]:
    """One frame per event of ``events``, played on from ``shown`` (which is updated)."""
    frames = []
    for event in events:
        shown.apply(event)
        frames.append(shown.frame(_stop_caption(event), event))
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
    summary = _skip_frame(shown, events[tail_start - 1], skipped)
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


def _skip_frame(shown: _Shown, last: Event, skipped: Skipped) -> Frame:
    """The frame that skips ahead to the end of the last lap of a long move."""
    shown_laps = skipped.first_lap - 1
    later = skipped.last_lap - shown_laps
    if skipped.lap_limit:
        caption = _(
            "Skipping ahead {later:,} laps, to the end of lap {last:,}. After {last:,} laps the "
            "move stops: nobody can finish it by hand."
        ).format(later=later, last=skipped.last_lap)
    else:
        caption = _(
            "Skipping ahead: the relay goes on, and {later:,} laps later the move ends. This is "
            "the board after the last seed of lap {last:,}."
        ).format(later=later, last=skipped.last_lap)
    return shown.frame(caption, skipped)
