"""A move as a film: one frame per event of the move record, with a sentence for each.

The frames only replay the engine's record (lift, drop, capture, relay, ...): the board after
each event is read off the events, never worked out again from the rules. The last frame of a
move therefore shows ``move.after.board`` (the tests check this for many games).

>>> import hoyito_edu as hy
>>> frames = move_frames(hy.new_game("hoyito-i").sow(0))
>>> frames[0].caption
'South lifts 4 seeds from hole 0.'
>>> frames[1].board[:3], frames[1].hand
((0, 5, 4), 3)
>>> frames[-1].board == hy.new_game("hoyito-i").play(0).board
True
"""

from __future__ import annotations

from itertools import groupby
from typing import NamedTuple

from ..events import Capture, Drop, Endless, Event, ExtraTurn, GameOver, Lift, Pass, Reason, Relay
from ..position import PLAYER_NAMES, Move, Outcome


class Frame(NamedTuple):
    """The board just after one event of a move.

    ``focus`` is the hole the event happened at (None for events of no hole), ``mark`` its kind
    (``"lift"``, ``"drop"``, ``"casa"``, ``"relay"``, ``"endless"`` or ``""``) and ``tag`` the
    words written on that hole; ``caption`` says what happened in a sentence.
    """

    board: tuple[int, ...]
    captures: tuple[int, int]
    hand: int
    lap: int
    focus: int | None
    mark: str
    tag: str
    caption: str
    event: Event


# Why seeds were taken, as the end of a sentence about the taker.
_TAKEN_BECAUSE = {
    Reason.MID_SOW: "a casa formed while seeds were still in hand (mid-sow)",
    Reason.LAST_SEED: "the last seed made a casa",
    Reason.CHAIN: "the chain: this hole just behind holds four too",
    Reason.FINAL_FOUR: "only four seeds were left (the final four)",
    Reason.EIGHT_OR_FEWER: "eight or fewer seeds were left: the game's starter takes them",
    Reason.ENDLESS: "the sowing would never end: owners take their own holes",
    Reason.REPETITION: "the position came up a third time: owners take their own holes",
}

_REASON_TAGS = {
    Reason.MID_SOW: "casa",
    Reason.LAST_SEED: "casa",
    Reason.CHAIN: "chain",
    Reason.FINAL_FOUR: "last 4",
    Reason.EIGHT_OR_FEWER: "last 8",
    Reason.ENDLESS: "endless",
    Reason.REPETITION: "repeat",
}

#: Why a game ended, as a clause.
ENDED_BECAUSE = {
    Reason.FINAL_FOUR: "a capture left only four seeds, and they were taken too",
    Reason.EIGHT_OR_FEWER: "eight or fewer seeds were left, and the player who started took them",
    Reason.ALL_CAPTURED: "every seed has been captured",
    Reason.ENDLESS: "a relay would have gone round for ever, so each player took their own holes",
    Reason.REPETITION: "the same position came up a third time, so each player took their own "
    "holes",
}


def outcome_sentence(outcome: Outcome) -> str:
    """Who won, by how much, and why the game ended."""
    south, north = outcome.score
    if outcome.winner is None:
        result = f"a draw, {south}-{north}"
    else:
        result = f"{PLAYER_NAMES[outcome.winner]} wins {south}-{north} (South-North)"
    return f"Game over: {result}. Why: {ENDED_BECAUSE[outcome.reason]}."


def capture_caption(event: Capture) -> str:
    taker = PLAYER_NAMES[event.taker]
    where = "the seeds still in hand" if event.hole is None else f"hole {event.hole}"
    return f"{taker} takes {event.seeds} from {where}: {_TAKEN_BECAUSE[event.reason]}."


def _caption(event: Event, mover: str) -> tuple[str, str, str]:
    """(mark, tag, caption) for one event."""
    if isinstance(event, Lift):
        seeds = f"{event.seeds} seed{'s' if event.seeds != 1 else ''}"
        return "lift", "lifted", f"{mover} lifts {seeds} from hole {event.hole}."
    if isinstance(event, Drop):
        where = f"Lap {event.lap}: a seed into hole {event.hole}, which now holds {event.count}"
        if event.in_hand:
            return "drop", f"lap {event.lap}", f"{where}; {event.in_hand} left in hand."
        return "drop", f"lap {event.lap}", f"{where}. That was the last seed of the lap."
    if isinstance(event, Capture):
        tag = f"{_REASON_TAGS[event.reason]}>{PLAYER_NAMES[event.taker][0]}"
        return "casa", tag, capture_caption(event)
    if isinstance(event, Relay):
        caption = (
            f"The last seed fell into an occupied hole: {mover} lifts its {event.seeds} seeds "
            f"and sows lap {event.lap}."
        )
        return "relay", f"lap {event.lap}", caption
    if isinstance(event, Endless):
        caption = (
            f"Lap {event.lap} would start from hole {event.hole} exactly as lap "
            f"{event.repeats_lap} did: this sowing would never end, so it stops here."
        )
        return "endless", "endless", caption
    if isinstance(event, ExtraTurn):
        return "", "", f"{PLAYER_NAMES[event.player]} captured with the last seed: play again."
    if isinstance(event, Pass):
        return "", "", f"{PLAYER_NAMES[event.player]} has no seeds to sow and passes."
    if isinstance(event, GameOver):
        return "", "", outcome_sentence(Outcome(event.reason, event.winner, event.score))
    raise TypeError(f"not a move event: {event!r}")


def move_frames(move: Move) -> list[Frame]:
    """One :class:`Frame` per event of ``move``, in order."""
    board = list(move.before.board)
    captures = list(move.before.captures)
    hand, lap = 0, 1
    mover = PLAYER_NAMES[move.player]
    frames = []
    for event in move.events:
        focus = getattr(event, "hole", None)
        if isinstance(event, (Lift, Relay)):
            hand, lap = event.seeds, event.lap
            board[event.hole] -= event.seeds
        elif isinstance(event, Drop):
            board[event.hole], hand, lap = event.count, event.in_hand, event.lap
        elif isinstance(event, Capture):
            if event.hole is None:
                hand -= event.seeds
            else:
                board[event.hole] -= event.seeds
            captures[event.taker] += event.seeds
        mark, tag, caption = _caption(event, mover)
        frames.append(
            Frame(
                tuple(board),
                (captures[0], captures[1]),
                hand,
                lap,
                focus,
                mark,
                tag,
                caption,
                event,
            )
        )
    return frames


def move_summary(move: Move) -> str:
    """A move in one line, for the move list and the status line.

    >>> import hoyito_edu as hy
    >>> move_summary(hy.new_game("hoyito-i").sow(0))
    'South sowed hole 0: 5 laps, no capture'
    """
    mover = PLAYER_NAMES[move.player]
    parts = [f"{move.laps} lap{'s' if move.laps != 1 else ''}"]
    taken = [f"{PLAYER_NAMES[p]} took {n}" for p, n in enumerate(move.taken) if n]
    parts += taken or ["no capture"]
    if move.endless:
        parts.append("endless sowing")
    if move.extra_turn:
        parts.append(f"{mover} plays again")
    parts += [f"{PLAYER_NAMES[p]} passes" for p in move.passes]
    return f"{mover} sowed hole {move.hole}: {', '.join(parts)}"


def moves_summary(moves: list[Move]) -> str:
    """Several moves in a few words: a run of moves by one player (extra turns, passes) is
    told as one sentence.

    >>> import hoyito_edu as hy
    >>> moves = hy.Game("hoyito-ii").play_all([3, 9, 0, 2, 10, 10, 11])
    >>> moves_summary(moves[3:])
    'South sowed hole 2: 1 lap, no capture. North sowed 3 times in a row (holes 10, 10, 11): \
North took 8.'
    """
    parts = []
    for player, run in groupby(moves, key=lambda m: m.player):
        run = list(run)
        if len(run) == 1:
            parts.append(f"{move_summary(run[0])}.")
            continue
        taken = [sum(m.taken[p] for m in run) for p in (0, 1)]
        took = ", ".join(f"{PLAYER_NAMES[p]} took {n}" for p, n in enumerate(taken) if n)
        holes = ", ".join(str(m.hole) for m in run)
        parts.append(
            f"{PLAYER_NAMES[player]} sowed {len(run)} times in a row (holes {holes}): "
            f"{took or 'no capture'}."
        )
    return " ".join(parts)
