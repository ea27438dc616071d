"""Answer checkers for the classroom notebook (``notebooks/06_classroom.ipynb``).

Each ``check_...`` function takes a student's answer and the question's data, works out the
true answer, and returns :class:`Feedback`: whether the answer is right, and a friendly message
with a hint when it is not. The true answer is only shown when asked for (``reveal=True``), so
a student can try again.

Where the question is about the rules of the game (relays, captures, casas), the truth comes
from the engine: the checker sets the board up, plays the move with
:meth:`hoyito_edu.Position.sow` and reads the move record. Where the question is about the
arithmetic the activity teaches (sowing without relay, division with remainder), the checker
uses that arithmetic, and the test suite checks it against the engine's first lap.

>>> from hoyito_edu.classroom import check_last_hole
>>> check_last_hole(7, seeds=5, start=2)
Right! The last of 5 seeds sown from hole 2 lands in hole 7.
>>> check_last_hole(8, seeds=5, start=2).correct
False
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .checks import whole_number
from .events import Drop, Reason
from .position import PLAYER_NAMES, IllegalMove, Move, Position, new_game

__all__ = [
    "Feedback",
    "last_hole_by_arithmetic",
    "sowing_division",
    "check_last_hole",
    "check_division",
    "check_captured",
    "check_casas",
    "strategy_player",
]

#: Capture reasons that take a casa (a hole of exactly four) as the move goes.
CASA_REASONS = (Reason.MID_SOW, Reason.LAST_SEED, Reason.CHAIN)


@dataclass(frozen=True)
class Feedback:
    """The result of checking an answer.

    Attributes:
        correct: True if right, False if wrong, None if there was no answer yet.
        message: what to tell the student (a hint when wrong; the answer only if revealed).
    """

    correct: bool | None
    message: str

    def __repr__(self) -> str:  # a notebook cell shows the message as it is
        return self.message

    __str__ = __repr__


# -- small helpers ----------------------------------------------------------------------------
def _whole(value: object, what: str, low: int = 0) -> int:
    """``value`` as an int >= ``low``, or a ValueError saying what was expected."""
    return whole_number(value, what, low)


def _answer(value: object, what: str) -> tuple[int | None, Feedback | None]:
    """Read a student's answer: (number, None), or (None, Feedback) saying what is wrong."""
    if value is None:
        return None, Feedback(None, f"No answer yet: replace None with {what}, then run the cell.")
    if isinstance(value, bool):
        return None, Feedback(False, f"True and False are not answers here: give {what}.")
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    try:
        return operator.index(value), None
    except TypeError:
        return None, Feedback(False, f"{value!r} is not a whole number: give {what}.")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# -- sowing without relay: the arithmetic --------------------------------------------------------
def last_hole_by_arithmetic(seeds: int, start: int, holes_per_row: int = 6) -> int:
    """Where the last of ``seeds`` seeds lands when they are sown from hole ``start``, with no
    relay: ``(start + seeds) mod 2n``.

    Why: the holes ``0 .. 2n-1`` form a ring (after the last hole comes hole 0 again). The
    first seed goes into hole ``start + 1``, the second into ``start + 2``, and the last,
    seed number ``seeds``, into ``start + seeds``, counted round the ring: that is the
    remainder of ``start + seeds`` divided by ``2n``. Long sowings come round to the hole they
    started from and drop a seed there too (the project's rule R2.2), so the formula holds for
    any number of seeds. (With the option ``skip_origin=True`` the ring a long sowing walks
    round has only ``2n - 1`` holes, and this formula no longer applies.)

    >>> last_hole_by_arithmetic(5, 2)          # holes 3, 4, 5, 6, 7
    7
    >>> last_hole_by_arithmetic(4, 10)         # holes 11, 0, 1, 2
    2
    >>> last_hole_by_arithmetic(30, 0)         # two full rounds (24 seeds) and 6 more
    6
    """
    n = _whole(holes_per_row, "holes_per_row", 1)
    seeds = _whole(seeds, "seeds", 1)
    start = _whole(start, "start")
    if start >= 2 * n:
        raise ValueError(f"start must be a hole number 0..{2 * n - 1}, not {start}")
    return (start + seeds) % (2 * n)


def sowing_division(seeds: int, holes_per_row: int = 6) -> tuple[int, int]:
    """Sowing ``seeds`` seeds one by one round a ring of ``2n`` holes is a division with
    remainder: every hole receives ``seeds // 2n`` seeds (the full rounds), and the first
    ``seeds % 2n`` holes after the starting hole receive one seed more.

    >>> sowing_division(30)                    # 30 = 2 x 12 + 6
    (2, 6)
    >>> sowing_division(5, holes_per_row=8)    # less than one round: 5 = 0 x 16 + 5
    (0, 5)
    """
    n = _whole(holes_per_row, "holes_per_row", 1)
    return divmod(_whole(seeds, "seeds", 1), 2 * n)


# -- the engine's view of a move ----------------------------------------------------------------
def _set_up(
    board: Sequence[int], hole: int, variant: str, player: int | None
) -> tuple[Position, Move]:
    """The position (``player`` to move, default the owner of ``hole``) and the move sowing
    ``hole``, both from the engine. Raises ValueError if the move is not legal there."""
    if isinstance(board, (str, bytes)) or not hasattr(board, "__len__"):
        raise ValueError(f"board must be a list of seed counts, one per hole, not {board!r}")
    counts = list(board)
    if len(counts) % 2:
        raise ValueError(f"board needs an even number of holes (two rows), got {len(counts)}")
    n = len(counts) // 2
    hole = _whole(hole, "hole")
    if hole >= 2 * n:
        raise ValueError(f"hole must be a hole number 0..{2 * n - 1}, not {hole}")
    mover = (0 if hole < n else 1) if player is None else player
    position = new_game(variant, board=counts, player=mover)
    if position.player != mover:
        raise ValueError(f"{PLAYER_NAMES[mover]} has no seeds to sow on this board")
    try:
        return position, position.sow(hole)
    except IllegalMove as err:
        raise ValueError(f"this question's move cannot be played: {err}") from None


def _lap_ends(move: Move) -> list[int]:
    """The hole where each lap of ``move`` ended (its last drop), lap 1 first."""
    ends: dict[int, int] = {}
    for event in move.events:
        if isinstance(event, Drop):
            ends[event.lap] = event.hole
    return [ends[lap] for lap in sorted(ends)]


# -- activity: where does the last seed land? ---------------------------------------------------
def check_last_hole(
    answer: object,
    seeds: int,
    start: int,
    holes_per_row: int = 6,
    relay: bool = False,
    *,
    board: Sequence[int] | None = None,
    variant: str = "hoyito-i",
    reveal: bool = False,
) -> Feedback:
    """Check a prediction of the hole where the last seed lands.

    Without relay (the default) the question is pure arithmetic: ``seeds`` seeds sown from hole
    ``start`` on a board of ``2 x holes_per_row`` holes; the truth is
    :func:`last_hole_by_arithmetic`, ``(start + seeds) mod 2n``.

    With ``relay=True`` the question is about a whole move on a real board: give ``board``
    (seeds per hole, in ring order) with ``seeds`` seeds in hole ``start``. The engine plays the
    move under ``variant`` (relays, captures and all) and the truth is the hole of the move's
    very last seed.

    Args:
        answer: the student's hole number (None: not answered yet).
        reveal: also say the right answer.

    >>> check_last_hole(1, seeds=5, start=8)
    Right! The last of 5 seeds sown from hole 8 lands in hole 1.
    >>> print(check_last_hole(13, seeds=5, start=8))   # doctest: +ELLIPSIS
    Not quite. ... after hole 11 comes hole 0 ...
    >>> check_last_hole(4, seeds=1, start=3, relay=True,
    ...                 board=[0, 0, 0, 1, 0, 0, 4, 4, 4, 4, 4, 4])
    Right! South sows hole 3 (1 seed, 1 lap): the last seed lands in hole 4.
    """
    n = _whole(holes_per_row, "holes_per_row", 1)
    seeds = _whole(seeds, "seeds", 1)
    start = _whole(start, "start")
    if not relay:
        if board is not None:
            raise ValueError("board is only used with relay=True; without relay only seeds count")
        truth = last_hole_by_arithmetic(seeds, start, n)
        return _judge_last_hole_arithmetic(answer, seeds, start, n, truth, reveal)
    if board is None:
        raise ValueError(
            "with relay=True the whole board matters: pass board=[...] (seeds per hole, in ring "
            "order)"
        )
    if len(board) != 2 * n:
        raise ValueError(f"board has {len(board)} holes, but holes_per_row={n} needs {2 * n}")
    if start < len(board) and board[start] != seeds:
        raise ValueError(
            f"board[{start}] holds {board[start]} seeds, but the question says {seeds}"
        )
    _, move = _set_up(board, start, variant, None)
    return _judge_last_hole_relay(answer, move, reveal)


def _judge_last_hole_arithmetic(
    answer: object, seeds: int, start: int, n: int, truth: int, reveal: bool
) -> Feedback:
    number, problem = _answer(answer, "a hole number")
    if problem:
        return problem
    size = 2 * n
    said = f"The last of {_plural(seeds, 'seed')} sown from hole {start} lands in hole {truth}."
    if number == truth:
        return Feedback(True, "Right! " + said)
    if not 0 <= number < size:
        hint = (
            f"The holes are numbered 0 to {size - 1}, and the board is a ring: after hole "
            f"{size - 1} comes hole 0 again."
        )
        if number == start + seeds:
            hint = f"You counted the seeds correctly, but after hole {size - 1} comes hole 0 again."
    elif number == (start + seeds - 1) % size:
        hint = "Count again: the first seed goes into the hole after the start, not the start."
    elif number in ((start + seeds + 1) % size, (start + seeds - 2) % size):
        hint = "Close! Count the seeds one by one, one hole each, starting with the next hole."
    elif seeds >= size:
        hint = (
            f"{seeds} seeds go all the way round the {size} holes at least once. How many seeds "
            f"are left after the full rounds?"
        )
    else:
        hint = "Count one hole forward for every seed, starting with the hole after the start."
    return Feedback(False, "Not quite. " + hint + (f" ({said})" if reveal else ""))


def _judge_last_hole_relay(answer: object, move: Move, reveal: bool) -> Feedback:
    number, problem = _answer(answer, "a hole number")
    if problem:
        return problem
    ends = _lap_ends(move)
    truth = ends[-1]
    who = PLAYER_NAMES[move.player]
    seeds = move.before.board[move.hole]
    said = (
        f"{who} sows hole {move.hole} ({_plural(seeds, 'seed')}, {_plural(move.laps, 'lap')}): "
        f"the last seed lands in hole {truth}."
    )
    if number == truth:
        return Feedback(True, "Right! " + said)
    size = len(move.before.board)
    if not 0 <= number < size:
        hint = f"The holes are numbered 0 to {size - 1}; after hole {size - 1} comes hole 0."
    elif number in ends[:-1]:
        lap = ends.index(number) + 1
        hint = (
            f"Lap {lap} does end in hole {number}, but that hole already held seeds, so they are "
            f"lifted and sown on (a relay). This move has {_plural(move.laps, 'lap')}."
        )
    elif move.laps == 1:
        hint = "There is no relay in this move. Count one hole forward for every seed."
    else:
        hint = (
            f"This move has {_plural(move.laps, 'lap')}. Write down the board after each lap: "
            "where does each lap end, and how many seeds are lifted there?"
        )
    return Feedback(False, "Not quite. " + hint + (f" ({said})" if reveal else ""))


# -- activity: sowing as division with remainder ------------------------------------------------
def check_division(
    full_rounds: object,
    extra: object,
    seeds: int,
    holes_per_row: int = 6,
    *,
    reveal: bool = False,
) -> Feedback:
    """Check ``seeds = full_rounds x 2n + extra``: how many seeds every hole receives when
    ``seeds`` are sown round a board of ``2n`` holes, and how many holes receive one more.
    The truth is :func:`sowing_division`.

    >>> check_division(2, 6, seeds=30)
    Right! 30 = 2 x 12 + 6: every hole receives 2 seeds and 6 holes receive one more.
    >>> check_division(2, 5, seeds=30).correct
    False
    """
    n = _whole(holes_per_row, "holes_per_row", 1)
    seeds = _whole(seeds, "seeds", 1)
    size = 2 * n
    q, r = sowing_division(seeds, n)
    rounds_answer, problem = _answer(full_rounds, "the number of full rounds")
    if problem:
        return problem
    extra_answer, problem = _answer(extra, "the number of holes that get one seed more")
    if problem:
        return problem
    said = (
        f"{seeds} = {q} x {size} + {r}: every hole receives {_plural(q, 'seed')} and "
        f"{_plural(r, 'hole')} receive{'s' if r == 1 else ''} one more."
    )
    if (rounds_answer, extra_answer) == (q, r):
        return Feedback(True, "Right! " + said)
    if rounds_answer * size + extra_answer != seeds:
        hint = (
            f"Check your answer: {rounds_answer} x {size} + {extra_answer} = "
            f"{rounds_answer * size + extra_answer}, not {seeds}."
        )
    elif extra_answer >= size:
        hint = (
            f"There are only {size} holes: {extra_answer} seeds left over make one more full round."
        )
    else:
        hint = "The left-over seeds cannot be negative."
    return Feedback(False, "Not quite. " + hint + (f" ({said})" if reveal else ""))


# -- activity: counting casas and captures ------------------------------------------------------
def check_captured(
    answer: object,
    board: Sequence[int],
    hole: int,
    variant: str = "hoyito-i",
    *,
    player: int | None = None,
    reveal: bool = False,
) -> Feedback:
    """Check how many seeds the mover captures when sowing ``hole`` on ``board``.

    The engine plays the move under ``variant`` (``player`` to move; default: the owner of
    ``hole``) and the truth is what the mover took, from the move record.

    >>> board = [3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3]
    >>> check_captured(12, board, 4, "hoyito-i")
    Right! In Hoyito I, South sowing hole 4 captures 12 seeds (3 casas).
    >>> check_captured(12, board, 4, "ba-awa").correct
    False
    """
    _, move = _set_up(board, hole, variant, player)
    number, problem = _answer(answer, "a number of seeds")
    if problem:
        return problem
    mover = move.player
    truth = move.taken[mover]
    mine = [c for c in move.captures if c.taker == mover and c.reason in CASA_REASONS]
    title = move.before.rules.title
    said = (
        f"In {title}, {PLAYER_NAMES[mover]} sowing hole {move.hole} captures "
        f"{_plural(truth, 'seed')} ({_plural(len(mine), 'casa')})."
    )
    if number == truth:
        return Feedback(True, "Right! " + said)
    others = move.taken[1 - mover]
    if number % 4:
        hint = "Seeds are captured in casas of four, so the answer is a multiple of 4."
    elif number == truth + others and others:
        hint = (
            "Some of the casas made during this move do not go to the mover. Who takes a casa "
            f"made in the middle of sowing in {title}?"
        )
    elif number < truth:
        hint = (
            "Follow every lap to the end: are there casas you have not counted, made in the "
            "middle of sowing or by the last seed?"
        )
    else:
        hint = (
            f"Not every four is captured in {title}. Which casas does the mover take: those "
            "made in the middle of sowing, by the last seed, or both?"
        )
    return Feedback(False, "Not quite. " + hint + (f" ({said})" if reveal else ""))


def check_casas(
    answer: object,
    board: Sequence[int],
    hole: int,
    variant: str = "hoyito-i",
    *,
    player: int | None = None,
    reveal: bool = False,
) -> Feedback:
    """Check how many casas (holes of exactly four) are captured, by either player, when
    ``hole`` is sown on ``board`` under ``variant``. The engine plays the move and the truth
    is the number of casa captures in its record (mid-sow, last-seed and chain).

    >>> check_casas(3, [3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3], 4, "ba-awa")
    Right! In Ba-awa, 3 casas are captured when South sows hole 4: South takes 1, North takes 2.
    """
    _, move = _set_up(board, hole, variant, player)
    number, problem = _answer(answer, "a number of casas")
    if problem:
        return problem
    casas = [c for c in move.captures if c.reason in CASA_REASONS]
    south = sum(1 for c in casas if c.taker == 0)
    north = len(casas) - south
    title = move.before.rules.title
    verb = "is" if len(casas) == 1 else "are"
    said = (
        f"In {title}, {_plural(len(casas), 'casa')} {verb} captured when "
        f"{PLAYER_NAMES[move.player]} sows hole {move.hole}: South takes {south}, North takes "
        f"{north}."
    )
    if number == len(casas):
        return Feedback(True, "Right! " + said)
    if number > len(casas):
        hint = (
            f"A hole that reaches four is not always captured in {title}, and a hole that "
            "already holds four and gets one more seed holds five. Check each four again."
        )
    else:
        hint = (
            "Follow the seeds one by one through every lap: each time a hole reaches exactly "
            "four, ask whether somebody takes it."
        )
    return Feedback(False, "Not quite. " + hint + (f" ({said})" if reveal else ""))


# -- activity: a strategy challenge -------------------------------------------------------------
class _StrategyPlayer:
    """A student's ``function(position) -> hole`` with the player interface (name, choose)."""

    def __init__(self, function: Callable[[Position], object], name: str) -> None:
        self.function = function
        self.name = name

    def choose(self, position: Position) -> int:
        hole = self.function(position)
        legal = position.legal_moves()
        try:
            return position.check_move(hole)
        except IllegalMove as err:
            raise IllegalMove(
                f"{self.name} chose {hole!r}, which cannot be played here: {err}. The strategy "
                f"must return one of position.legal_moves(), here {legal}.",
                hole,
                legal,
            ) from None

    def __repr__(self) -> str:
        return f"<strategy player {self.name!r}>"


def strategy_player(function: Callable[[Position], object], name: str | None = None):
    """Turn ``function(position) -> hole`` into a player with ``.name`` and ``.choose()``, like
    the computer players of :func:`hoyito_edu.player`, so it can play games and tournaments.

    A hole that cannot be played raises :class:`hoyito_edu.IllegalMove` naming the strategy
    and listing the legal holes.

    >>> import hoyito_edu as hy
    >>> first = strategy_player(lambda position: position.legal_moves()[0], "first hole")
    >>> first.choose(hy.new_game("hoyito-i")), first.name
    (0, 'first hole')
    """
    if not callable(function):
        raise ValueError(f"a strategy must be a function of a position, not {function!r}")
    if name is None:
        name = getattr(function, "__name__", "strategy")
    return _StrategyPlayer(function, name)
