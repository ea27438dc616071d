"""The move record: what happened during one move, event by event, in order.

This is the one definition the whole package shares: the engine produces these events, the board
widget animates them, ``explain()`` summarises them, the simulator counts them and the notebooks
narrate them. Every event is a small immutable named tuple with a ``kind`` string.

Holes are ring indices (``0 .. 2n-1``, spec R1.3); players are 0 (South) and 1 (North).

>>> from hoyito_edu import new_game
>>> move = new_game("hoyito-i").sow(0)
>>> move.events[0]
Lift(hole=0, seeds=4, lap=1)
>>> move.events[1]
Drop(hole=1, in_hand=3, count=5, lap=1)
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple, Union


class Reason(str, Enum):
    """Why seeds were captured (on :class:`Capture`) or why a game ended (on :class:`GameOver`)."""

    MID_SOW = "mid-sow"  #: a casa formed by a seed that was not the last in hand (R2.5)
    LAST_SEED = "last-seed"  #: a casa formed by the last seed of the move (R2.7)
    CHAIN = "chain"  #: a four taken in the Hoyito II chain behind the last hole (R2.7)
    FINAL_FOUR = "final-four"  #: the last four seeds after a capture (Hoyito, R4.1)
    EIGHT_OR_FEWER = "eight-or-fewer"  #: 8 or fewer left after a move (Ba-awa, R4.2)
    ALL_CAPTURED = "all-captured"  #: a capture left no seeds at all (R4.1)
    ENDLESS = "endless"  #: the relay would cycle for ever; owners take their holes (R2.8)
    REPETITION = "repetition"  #: third occurrence of a position; owners take their holes (R4.3)
    LAP_LIMIT = "lap-limit"  #: a move reached the lap limit; owners take their holes (R2.8)
    AGREEMENT = "agreement"  #: the players agreed to stop; owners take their holes (R4.5)
    QUIET_LIMIT = "quiet-limit"  #: too many plies without a capture; as by agreement (R4.5)

    def __str__(self) -> str:
        return self.value


#: The endings in which each player takes the seeds in the holes they own (R2.8, R4.3, R4.5).
OWNERS_TAKE = frozenset(
    {Reason.ENDLESS, Reason.REPETITION, Reason.LAP_LIMIT, Reason.AGREEMENT, Reason.QUIET_LIMIT}
)


class Lift(NamedTuple):
    """The mover lifts every seed of the chosen ``hole`` to start lap 1."""

    hole: int
    seeds: int
    lap: int = 1
    kind = "lift"


class Drop(NamedTuple):
    """One seed dropped into ``hole``, which then holds ``count``; ``in_hand`` seeds remain."""

    hole: int
    in_hand: int
    count: int
    lap: int
    kind = "drop"


class Capture(NamedTuple):
    """``taker`` takes ``seeds`` from ``hole`` (``None``: seeds that were still in the hand)."""

    hole: int | None
    seeds: int
    taker: int
    reason: Reason
    kind = "capture"


class Relay(NamedTuple):
    """The last seed of a lap fell into an occupied hole: its ``seeds`` are lifted for ``lap``."""

    hole: int
    seeds: int
    lap: int
    kind = "relay"


class Endless(NamedTuple):
    """Lap ``lap`` would start exactly as lap ``repeats_lap`` did: the sowing never ends (R2.8)."""

    hole: int
    lap: int
    repeats_lap: int
    kind = "endless"


class LapLimit(NamedTuple):
    """Lap ``lap`` would start from ``hole``, but the move has sown its lap limit (R2.8)."""

    hole: int
    lap: int
    kind = "lap-limit"


class ExtraTurn(NamedTuple):
    """``player`` captured with the last seed and plays again (Hoyito II and III)."""

    player: int
    kind = "extra-turn"


class Pass(NamedTuple):
    """``player`` has no seeds in an open hole they own and must pass (R3.2)."""

    player: int
    kind = "pass"


class GameOver(NamedTuple):
    """The game ended for ``reason``; ``score`` is (South, North); ``winner`` None is a draw."""

    reason: Reason
    winner: int | None
    score: tuple[int, int]
    kind = "game-over"


Event = Union[Lift, Drop, Capture, Relay, Endless, LapLimit, ExtraTurn, Pass, GameOver]  # noqa: UP007

EVENT_TYPES: dict[str, type] = {
    cls.kind: cls
    for cls in (Lift, Drop, Capture, Relay, Endless, LapLimit, ExtraTurn, Pass, GameOver)
}


def event_to_dict(event: Event) -> dict:
    """A JSON-ready dict: ``{"kind": ..., field: value, ...}``."""
    data = {"kind": event.kind}
    for key, value in event._asdict().items():
        data[key] = value.value if isinstance(value, Reason) else value
    if isinstance(event, GameOver):
        data["score"] = list(event.score)
    return data


def event_from_dict(data: dict) -> Event:
    """The inverse of :func:`event_to_dict`, with a clear error for anything malformed."""
    if not isinstance(data, dict) or data.get("kind") not in EVENT_TYPES:
        raise ValueError(f"not an event: {data!r}; kinds are {', '.join(EVENT_TYPES)}")
    cls = EVENT_TYPES[data["kind"]]
    fields = {k: v for k, v in data.items() if k != "kind"}
    if set(fields) != set(cls._fields):
        raise ValueError(f"{data['kind']} event needs fields {cls._fields}, got {sorted(fields)}")
    if "reason" in fields:
        fields["reason"] = Reason(fields["reason"])
    if "score" in fields:
        fields["score"] = tuple(fields["score"])
    return cls(**fields)
