"""Answer checkers for the classroom notebook (``notebooks/06_classroom.ipynb``).

Each ``check_...`` function takes a student's answer and the question's data, works out the
true answer, and returns :class:`Feedback`: whether the answer is right, and a friendly message
with a hint when it is not. The true answer is only shown when asked for (``reveal=True``), so
a student can try again.

Feedback, questions, answers and notes are in the session's language (``hy.set_language``):

>>> from hoyito_edu.i18n import language
>>> with language("es"):
...     check_last_hole(6, seeds=5, start=2)  # doctest: +ELLIPSIS
No del todo. Cuenta otra vez: la primera semilla cae en el hoyo que sigue al de salida, ...

Where the question is about the rules of the game (relays, captures, casas), the truth comes
from the engine: the checker sets the board up, plays the move with
:meth:`hoyito_edu.Position.sow` and reads the move record. Where the question is about the
arithmetic the activity teaches (sowing without relay, division with remainder), the checker
uses that arithmetic, and the test suite checks it against the engine's first lap.

>>> from hoyito_edu.teaching.classroom import check_last_hole
>>> check_last_hole(7, seeds=5, start=2)
Right! The last of 5 seeds sown from hole 2 lands in hole 7.
>>> check_last_hole(8, seeds=5, start=2).correct
False
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..engine.checks import whole_number
from ..engine.events import Capture, Drop, Lift, Reason, Relay
from ..engine.position import PLAYER_NAMES, IllegalMove, Move, Position, new_game
from ..i18n import N_, ngettext
from ..i18n import gettext as _
from .feedback import Feedback
from .strategy import strategy_player

__all__ = [
    "Feedback",
    "last_hole_by_arithmetic",
    "last_hole_skipping_origin",
    "sowing_division",
    "check_last_hole",
    "check_division",
    "check_captured",
    "check_casas",
    "strategy_player",
    "Exercise",
    "EXERCISES",
    "ACTIVITIES",
    "RELAY_BOARD",
    "CASA_BOARD",
    "ask",
    "check",
    "teacher_notes",
    "lap_boards",
]

#: Capture reasons that take a casa (a hole of exactly four) as the move goes.
CASA_REASONS = (Reason.MID_SOW, Reason.LAST_SEED, Reason.CHAIN)


# -- small helpers ----------------------------------------------------------------------------
def _whole(value: object, what: str, low: int = 0) -> int:
    """``value`` as an int >= ``low``, or a ValueError saying what was expected."""
    return whole_number(value, what, low)


def _answer(value: object, what: str) -> tuple[int | None, Feedback | None]:
    """Read a student's answer: (number, None), or (None, Feedback) saying what is wrong."""
    what = _(what)
    if value is None:
        return None, Feedback(
            None, _("No answer yet: replace None with {what}, then run the cell.").format(what=what)
        )
    if isinstance(value, bool):
        return None, Feedback(
            False, _("True and False are not answers here: give {what}.").format(what=what)
        )
    # "²" and "①" pass str.isdigit() but int() refuses them: only decimal digits are read.
    if isinstance(value, str) and _DECIMAL.fullmatch(value.strip()):
        if len(value.strip().lstrip("-")) > _MOST_DIGITS:
            return None, _too_many_digits(what)
        value = int(value)
    try:
        number = operator.index(value)
    except TypeError:
        text = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
        return None, Feedback(
            False, _("{value} is not a whole number: give {what}.").format(value=text, what=what)
        )
    if abs(number) >= 10**_MOST_DIGITS:
        return None, _too_many_digits(what)
    return number, None


_DECIMAL = re.compile(r"-?\d+")  # Unicode decimal digits, exactly what int() reads
#: Longer answers are refused before int() reads them (Python refuses more than 4,300 digits).
_MOST_DIGITS = 100


def _too_many_digits(what: str) -> Feedback:
    return Feedback(
        False,
        _("That number has more than {most} digits, far too many: give {what}.").format(
            most=_MOST_DIGITS, what=what
        ),
    )


def _seeds(count: int) -> str:
    return ngettext("{count} seed", "{count} seeds", count).format(count=count)


def _laps(count: int) -> str:
    return ngettext("{count} lap", "{count} laps", count).format(count=count)


def _holes(count: int) -> str:
    return ngettext("{count} hole", "{count} holes", count).format(count=count)


def _casas(count: int) -> str:
    return ngettext("{count} casa", "{count} casas", count).format(count=count)


def _player(player: int) -> str:
    """South or North, in the current language."""
    return (_("South"), _("North"))[player]


def _right(said: str) -> Feedback:
    return Feedback(True, _("Right! {answer}").format(answer=said))


def _wrong(hint: str, said: str, reveal: bool) -> Feedback:
    """A wrong answer: the hint, and the right answer only if ``reveal``."""
    if reveal:
        return Feedback(False, _("Not quite. {hint} ({answer})").format(hint=hint, answer=said))
    return Feedback(False, _("Not quite. {hint}").format(hint=hint))


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


def last_hole_skipping_origin(seeds: int, start: int, holes_per_row: int = 6) -> int:
    """Where the last seed lands for a player who never drops a seed into the hole the seeds
    were lifted from (the option ``skip_origin=True``; not this package's default rule).

    The other ``2n - 1`` holes then form the ring: every time the sowing comes round, it jumps
    over hole ``start``. Seed number ``k`` lands ``k + (k - 1) // (2n - 1)`` holes after the
    start. The checkers use this to tell a student who skipped the starting hole which rule
    they followed.

    >>> last_hole_skipping_origin(13, 2)       # 11 seeds reach hole 1, hole 2 is skipped
    4
    >>> last_hole_skipping_origin(5, 2)        # a short sowing never comes round
    7
    """
    n = _whole(holes_per_row, "holes_per_row", 1)
    seeds = _whole(seeds, "seeds", 1)
    start = _whole(start, "start")
    if start >= 2 * n:
        raise ValueError(f"start must be a hole number 0..{2 * n - 1}, not {start}")
    size = 2 * n
    return (start + seeds + (seeds - 1) // (size - 1)) % size


def _origin_rule(start: int) -> str:
    """The hint for an answer that follows the skip-the-starting-hole rule."""
    return _(
        "Your answer would be right if hole {start}, the hole the seeds were lifted from, were "
        "skipped when the sowing comes round to it. The sources do not settle this; in this "
        "package, and so in these exercises, hole {start} gets a seed each time the sowing "
        "passes it. Count again with that rule."
    ).format(start=start)


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


def _last_hole_skipping_origin_move(move: Move) -> int | None:
    """The hole of the last seed if ``move`` were played with ``skip_origin=True``; None if
    that changes nothing (no lap of the move came round to its starting hole)."""
    before = move.before
    if before.rules.skip_origin:
        return None
    other = new_game(
        before.rules.with_options(skip_origin=True),
        board=list(before.board),
        player=before.player,
        captures=before.captures,
    ).sow(move.hole)
    truth, alternative = _lap_ends(move)[-1], _lap_ends(other)[-1]
    return None if alternative == truth else alternative


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
    _position, move = _set_up(board, start, variant, None)
    return _judge_last_hole_relay(answer, move, reveal)


def _judge_last_hole_arithmetic(
    answer: object, seeds: int, start: int, n: int, truth: int, reveal: bool
) -> Feedback:
    number, problem = _answer(answer, N_("a hole number"))
    if problem:
        return problem
    size = 2 * n
    said = ngettext(
        "The last of {count} seed sown from hole {start} lands in hole {truth}.",
        "The last of {count} seeds sown from hole {start} lands in hole {truth}.",
        seeds,
    ).format(count=seeds, start=start, truth=truth)
    if number == truth:
        return _right(said)
    if seeds >= size and number == last_hole_skipping_origin(seeds, start, n):
        hint = _origin_rule(start)
    elif not 0 <= number < size:
        hint = _(
            "The holes are numbered 0 to {last}, and the board is a ring: after hole "
            "{last} comes hole 0 again."
        ).format(last=size - 1)
        if number == start + seeds:
            hint = _(
                "You counted the seeds correctly, but after hole {last} comes hole 0 again."
            ).format(last=size - 1)
    elif number == (start + seeds - 1) % size:
        hint = _("Count again: the first seed goes into the hole after the start, not the start.")
    elif number in ((start + seeds + 1) % size, (start + seeds - 2) % size):
        hint = _("Nearly: count the seeds one by one, one hole each, starting with the next hole.")
    elif seeds >= size:
        hint = _(
            "{seeds} seeds go all the way round the {size} holes at least once. How many seeds "
            "are left after the full rounds?"
        ).format(seeds=seeds, size=size)
    else:
        hint = _("Count one hole forward for every seed, starting with the hole after the start.")
    return _wrong(hint, said, reveal)


def _judge_last_hole_relay(answer: object, move: Move, reveal: bool) -> Feedback:
    number, problem = _answer(answer, N_("a hole number"))
    if problem:
        return problem
    ends = _lap_ends(move)
    truth = ends[-1]
    seeds = move.before.board[move.hole]
    said = _("{player} sows hole {hole} ({seeds}, {laps}): the last seed lands in hole {truth}.")
    said = said.format(
        player=_player(move.player),
        hole=move.hole,
        seeds=_seeds(seeds),
        laps=_laps(move.laps),
        truth=truth,
    )
    if number == truth:
        return _right(said)
    size = len(move.before.board)
    if number == _last_hole_skipping_origin_move(move):
        hint = _(
            "Your answer would be right if a lap that comes round skipped the hole its seeds "
            "were lifted from. The sources do not settle this; in this package, and so in "
            "these exercises, that hole gets a seed each time the sowing passes it. Follow the "
            "laps again with that rule."
        )
    elif not 0 <= number < size:
        hint = _("The holes are numbered 0 to {last}; after hole {last} comes hole 0.").format(
            last=size - 1
        )
    elif number in ends[:-1]:
        lap = ends.index(number) + 1
        hint = _(
            "Lap {lap} does end in hole {hole}, but that hole already held seeds, so they are "
            "lifted and sown on (a relay). This move has {laps}."
        ).format(lap=lap, hole=number, laps=_laps(move.laps))
    elif move.laps == 1:
        hint = _("There is no relay in this move. Count one hole forward for every seed.")
    else:
        hint = _(
            "This move has {laps}. Write down the board after each lap: "
            "where does each lap end, and how many seeds are lifted there?"
        ).format(laps=_laps(move.laps))
    return _wrong(hint, said, reveal)


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
    rounds_answer, problem = _answer(full_rounds, N_("the number of full rounds"))
    if problem:
        return problem
    extra_answer, problem = _answer(extra, N_("the number of holes that get one seed more"))
    if problem:
        return problem
    said = f"{seeds} = {q} x {size} + {r}: " + _division_in_words(q, r) + "."
    if (rounds_answer, extra_answer) == (q, r):
        return _right(said)
    if seeds >= size and (rounds_answer, extra_answer) == divmod(seeds, size - 1):
        hint = _(
            "Your answer would be right if the hole the seeds were lifted from were skipped "
            "when the sowing comes round, so that only {fewer} holes share the seeds. The "
            "sources do not settle this; in this package, and so in these exercises, that hole "
            "gets seeds too: all {size} holes share them."
        ).format(fewer=size - 1, size=size)
    elif rounds_answer * size + extra_answer != seeds:
        total = rounds_answer * size + extra_answer
        hint = _("Check your answer: {rounds} x {size} + {extra} = {total}, not {seeds}.").format(
            rounds=rounds_answer, size=size, extra=extra_answer, total=total, seeds=seeds
        )
    elif extra_answer >= size:
        hint = _(
            "There are only {size} holes: {extra} seeds left over make one more full round."
        ).format(size=size, extra=extra_answer)
    else:
        hint = _("The left-over seeds cannot be negative.")
    return _wrong(hint, said, reveal)


def _division_in_words(rounds: int, extra: int) -> str:
    """ "every hole receives 2 seeds and 6 holes receive one more", in the current language."""
    more = ngettext(
        "{count} hole receives one more", "{count} holes receive one more", extra
    ).format(count=extra)
    return _("every hole receives {seeds} and {more}").format(seeds=_seeds(rounds), more=more)


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
    _position, move = _set_up(board, hole, variant, player)
    number, problem = _answer(answer, N_("a number of seeds"))
    if problem:
        return problem
    mover = move.player
    truth = move.taken[mover]
    mine = [c for c in move.captures if c.taker == mover and c.reason in CASA_REASONS]
    title = move.before.rules.title
    said = _("In {rules}, {player} sowing hole {hole} captures {seeds} ({casas}).").format(
        rules=title,
        player=_player(mover),
        hole=move.hole,
        seeds=_seeds(truth),
        casas=_casas(len(mine)),
    )
    if number == truth:
        return _right(said)
    others = move.taken[1 - mover]
    if number % 4:
        hint = _("Seeds are captured in casas of four, so the answer is a multiple of 4.")
    elif number == truth + others and others:
        hint = _(
            "Some of the casas made during this move do not go to the mover. Who takes a casa "
            "made in the middle of sowing in {rules}?"
        ).format(rules=title)
    elif number < truth:
        hint = _(
            "Follow every lap to the end: are there casas you have not counted, made in the "
            "middle of sowing or by the last seed?"
        )
    else:
        hint = _(
            "Not every four is captured in {rules}. Which casas does the mover take: those "
            "made in the middle of sowing, by the last seed, or both?"
        ).format(rules=title)
    return _wrong(hint, said, reveal)


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
    _position, move = _set_up(board, hole, variant, player)
    number, problem = _answer(answer, N_("a number of casas"))
    if problem:
        return problem
    casas = [c for c in move.captures if c.reason in CASA_REASONS]
    south = sum(1 for c in casas if c.taker == 0)
    north = len(casas) - south
    title = move.before.rules.title
    said = ngettext(
        "In {rules}, {count} casa is captured when {player} sows hole {hole}: South takes "
        "{south}, North takes {north}.",
        "In {rules}, {count} casas are captured when {player} sows hole {hole}: South takes "
        "{south}, North takes {north}.",
        len(casas),
    ).format(
        rules=title,
        count=len(casas),
        player=_player(move.player),
        hole=move.hole,
        south=south,
        north=north,
    )
    if number == len(casas):
        return _right(said)
    if number > len(casas):
        hint = _(
            "A hole that reaches four is not always captured in {rules}, and a hole that "
            "already holds four and gets one more seed holds five. Check each four again."
        ).format(rules=title)
    else:
        hint = _(
            "Follow the seeds one by one through every lap: each time a hole reaches exactly "
            "four, ask whether somebody takes it."
        )
    return _wrong(hint, said, reveal)


# -- the exercises: one list for the notebook and the printed worksheets ------------------------
#: The small board of exercise 2f: one relay, then an empty hole.
RELAY_BOARD = (0, 3, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1)
#: The board of exercise 3: sowing hole 4 makes fours in several holes, and the four rule sets
#: capture different amounts (chosen for that; the teacher notes show each result).
CASA_BOARD = (3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3)

#: Activity number -> title, as in ``notebooks/06_classroom.ipynb`` and on the worksheets
#: (in English; :func:`activity_title` gives it in the current language).
ACTIVITIES = MappingProxyType(
    {
        1: N_("Sowing as division with remainder"),
        2: N_("Where does the last seed land?"),
        3: N_("Counting casas"),
    }
)


def activity_title(activity: int) -> str:
    """The title of an activity in the current language.

    >>> activity_title(2)
    'Where does the last seed land?'
    """
    return _(ACTIVITIES[activity])


_KINDS = ("division", "last-hole", "relay", "captured", "casas", "written")
_ANSWER_WORDS = {
    "last-hole": "a hole number",
    "relay": "a hole number",
    "captured": "a number of seeds",
    "casas": "a number of casas",
}


def lap_boards(move: Move) -> list[tuple[int, tuple[int, ...], tuple[int, int]]]:
    """The board at the end of every lap of ``move``, replayed from its events: a list of
    ``(lap, board, captures)``, where ``board`` is the seeds in each hole just before the next
    lap's seeds are lifted (for the last lap: at the end of the move, before any end-of-game
    sweep) and ``captures`` the seeds each player has taken so far.

    >>> import hoyito_edu as hy
    >>> move = hy.new_game("hoyito-i", board=RELAY_BOARD).sow(1)
    >>> [(lap, board[4], board[7]) for lap, board, _ in lap_boards(move)]
    [(1, 3, 0), (2, 0, 1)]
    """
    if not isinstance(move, Move):
        raise ValueError(f"lap_boards needs a Move (position.sow(hole)), not {move!r}")
    board = list(move.before.board)
    taken = list(move.before.captures)
    laps: list[tuple[int, tuple[int, ...], tuple[int, int]]] = []
    lap = 1
    for event in move.events:
        if isinstance(event, Lift):
            board[event.hole] = 0
        elif isinstance(event, Drop):
            board[event.hole] = event.count
            lap = event.lap
        elif isinstance(event, Capture):
            if event.reason not in CASA_REASONS:
                break  # the end of the game: the board at the end of the last lap is wanted
            if event.hole is not None:
                board[event.hole] -= event.seeds
            taken[event.taker] += event.seeds
        elif isinstance(event, Relay):
            laps.append((lap, tuple(board), (taken[0], taken[1])))
            board[event.hole] = 0
    laps.append((lap, tuple(board), (taken[0], taken[1])))
    return laps


@dataclass(frozen=True)
class Exercise:
    """One exercise of the classroom notebook, as the notebook asks it and the worksheets print
    it. The answer is never typed in: :attr:`answer` asks the engine.

    Attributes:
        key: ``"2a"``: activity number and letter.
        kind: ``"division"`` (full rounds and remainder), ``"last-hole"`` (one lap, no
            relay), ``"relay"`` (a whole move), ``"captured"`` (seeds the mover takes),
            ``"casas"`` (casas taken by either player) or ``"written"`` (an explanation).
        question: the question, with ``{fields}`` filled in from :meth:`facts`.
        params: the question's data: ``seeds``, ``start``, ``holes_per_row``, ``board``,
            ``variant``.
        notes: for the teacher: common mistakes, follow-ups; for a written question, the
            model answer.
        lines: answer lines a worksheet leaves for a written answer.
    """

    key: str
    kind: str
    question: str
    params: Mapping[str, Any] = field(default_factory=dict)
    notes: str = ""
    lines: int = 1

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"kind must be one of {', '.join(_KINDS)}, not {self.kind!r}")

    @property
    def activity(self) -> int:
        return int(self.key[:-1])

    # -- the question's data and the engine's move ---------------------------------------
    @property
    def holes_per_row(self) -> int:
        if "board" in self.params:
            return len(self.params["board"]) // 2
        return int(self.params.get("holes_per_row", 6))

    @property
    def variant(self) -> str:
        return str(self.params.get("variant", "hoyito-i"))

    def position(self) -> Position | None:
        """The position the question starts from: the board of a relay or casa question, or
        the ``seeds`` alone in hole ``start`` of an empty board for a one-lap question."""
        if self.kind == "written":
            return None
        n = self.holes_per_row
        if "board" in self.params:
            board = list(self.params["board"])
            start = self.params["start"]
        else:
            start = self.params.get("start", 0)
            board = [0] * (2 * n)
            board[start] = self.params["seeds"]
        # Hoyito III lets fours made during sowing stay, so a first lap is never cut short.
        variant = self.variant if "board" in self.params else "hoyito-iii"
        return new_game(variant, board=board, player=0 if start < n else 1)

    def move(self) -> Move | None:
        """The engine's record of the move the question is about (None for written ones)."""
        position = self.position()
        if position is None:
            return None
        return position.sow(self.params.get("start", 0))

    def facts(self) -> dict[str, Any]:
        """The values a question's text may name: its params and what follows from them."""
        facts: dict[str, Any] = dict(self.params)
        n = self.holes_per_row
        total = new_game("hoyito-i").seeds_on_board
        facts.update(n=n, holes=2 * n, last_number=2 * n - 1, start_total=total)
        facts.update(start_total_less_4=total - 4, start_total_less_8=total - 8)
        if "board" in self.params:
            start = self.params["start"]
            facts["seeds"] = self.params["board"][start]
            facts["mover"] = _player(0 if start < n else 1)
            facts["title"] = self.position().rules.title
            facts["first_lap_end"] = _lap_ends(self.move())[0]
        return facts

    @property
    def text(self) -> str:
        """The question as students read it, in the current language."""
        return _(self.question).format(**self.facts())

    @property
    def note(self) -> str:
        """The teacher's notes with their ``{fields}`` filled in, in the current language."""
        return _(self.notes).format(**self.facts()) if self.notes else ""

    # -- the answer ------------------------------------------------------------------------
    @property
    def answer(self) -> int | tuple[int, int] | None:
        """The right answer, from the engine's move record (None for a written question):
        ``(full rounds, holes with one more)`` for a division question, a hole number, or a
        number of seeds or casas."""
        move = self.move()
        if move is None:
            return None
        if self.kind == "division":
            size = len(move.before.board)
            received = [0] * size
            for event in move.events:
                if isinstance(event, Drop) and event.lap == 1:
                    received[event.hole] += 1
            rounds = min(received)
            return rounds, sum(1 for r in received if r > rounds)
        if self.kind == "last-hole":
            return _lap_ends(move)[0]
        if self.kind == "relay":
            return _lap_ends(move)[-1]
        if self.kind == "captured":
            return move.taken[move.player]
        return sum(1 for c in move.captures if c.reason in CASA_REASONS)  # casas

    @property
    def answer_text(self) -> str:
        """The answer in a few words, for the teacher ("hole 8", "12 seeds")."""
        answer = self.answer
        if self.kind == "written":
            return _("see the notes")
        if self.kind == "division":
            return _division_in_words(*answer)
        if self.kind in ("last-hole", "relay"):
            return _("hole {hole}").format(hole=answer)
        if self.kind == "captured":
            return _seeds(answer)
        return _casas(answer)

    def working(self) -> str:
        """How the answer comes about, step by step, from the engine's move record."""
        if self.kind == "written":
            return ""
        move = self.move()
        facts = self.facts()
        size = len(move.before.board)
        if self.kind == "division":
            rounds, extra = self.answer
            return f"{facts['seeds']} = {rounds} × {size} + {extra}."
        if self.kind == "last-hole":
            seeds, start = facts["seeds"], facts["start"]
            text = f"({start} + {seeds}) mod {size} = {self.answer}."
            if seeds >= size:
                passes = seeds // size
                text += " " + ngettext(
                    "The sowing comes round to hole {start} once and drops a seed there; "
                    "a student who skips hole {start} answers {other}.",
                    "The sowing comes round to hole {start} {count} times and drops a seed "
                    "there; a student who skips hole {start} answers {other}.",
                    passes,
                ).format(
                    start=start,
                    count=passes,
                    other=last_hole_skipping_origin(seeds, start, self.holes_per_row),
                )
            return text
        return _describe_laps(move)

    def solution(self) -> str:
        """The teacher's answer: the answer, how it comes about and the notes."""
        parts = []
        if self.kind != "written":
            parts.append(_("Answer: {answer}.").format(answer=self.answer_text))
            parts.append(self.working())
        parts.append(self.note)
        return " ".join(p for p in parts if p)

    # -- checking a student's answer -------------------------------------------------------
    def check(self, *answers: object, reveal: bool = False) -> Feedback:
        """Check a student's answer with the checker of this kind of question."""
        p = self.params
        expected = 2 if self.kind == "division" else 1
        if self.kind == "written":
            return Feedback(None, _("This question wants a sentence: write it down or discuss it."))
        if len(answers) != expected:
            what = "two answers (full rounds, extra)" if expected == 2 else "one answer"
            raise TypeError(f"exercise {self.key} takes {what}, got {len(answers)}")
        n = self.holes_per_row
        if self.kind == "division":
            return check_division(*answers, seeds=p["seeds"], holes_per_row=n, reveal=reveal)
        if self.kind == "last-hole":
            return check_last_hole(answers[0], p["seeds"], p["start"], n, reveal=reveal)
        if self.kind == "relay":
            board = list(p["board"])
            return check_last_hole(
                answers[0],
                board[p["start"]],
                p["start"],
                n,
                relay=True,
                board=board,
                variant=self.variant,
                reveal=reveal,
            )
        checker = check_captured if self.kind == "captured" else check_casas
        return checker(answers[0], list(p["board"]), p["start"], self.variant, reveal=reveal)

    def _repr_markdown_(self) -> str:
        return f"**{self.key}.** {self.text}"

    def __repr__(self) -> str:
        return f"<Exercise {self.key}: {self.text}>"


def _describe_laps(move: Move) -> str:
    """Lap by lap, in words: where each lap starts and ends, and the fours it makes."""
    title = move.before.rules.title
    laps: list[str] = []
    on_the_way: list[str] = []
    events = move.events
    lap_start = (move.hole, 0)
    for index, event in enumerate(events):
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(event, (Lift, Relay)):
            lap_start, on_the_way = (event.hole, event.seeds), []
        elif isinstance(event, Capture) and event.reason == Reason.CHAIN:
            laps.append(
                _("The chain then takes the four in hole {hole} for {player}.").format(
                    hole=event.hole, player=_player(event.taker)
                )
            )
        elif isinstance(event, Drop):
            taken = (
                following
                if isinstance(following, Capture)
                and following.hole == event.hole
                and following.reason in CASA_REASONS
                else None
            )
            if event.in_hand and event.count == 4:
                if taken:
                    on_the_way.append(
                        _("hole {hole} reaches four and {player} takes it").format(
                            hole=event.hole, player=_player(taken.taker)
                        )
                    )
                else:
                    on_the_way.append(
                        _("hole {hole} reaches four, and in {rules} it stays on the board").format(
                            hole=event.hole, rules=title
                        )
                    )
            if event.in_hand:
                continue
            hole, seeds = lap_start
            text = _("Lap {lap}: {seeds} from hole {hole}").format(
                lap=event.lap, seeds=_seeds(seeds), hole=hole
            )
            if on_the_way:
                text += _("; on the way {events}").format(events=_(" and ").join(on_the_way))
            text += _("; the lap ends in hole {hole}, ").format(hole=event.hole)
            if isinstance(following, Relay):
                text += _("which now holds {seeds}: they are lifted and sown on (a relay).").format(
                    seeds=_seeds(following.seeds)
                )
            elif taken:
                text += _("which now holds four: {player} takes them.").format(
                    player=_player(taken.taker)
                )
            elif event.count == 1:
                text += _("which was empty: the move ends.")
            else:
                text += _("which now holds {seeds}: the move ends.").format(
                    seeds=_seeds(event.count)
                )
            laps.append(text)
    casas = sum(1 for c in move.captures if c.reason in CASA_REASONS)
    if casas:
        mover, other = move.player, 1 - move.player

        def took(player: int) -> str:
            seeds = move.taken[player]
            if not seeds:
                return _("{player} takes none").format(player=_player(player))
            return _("{player} takes {seeds}").format(player=_player(player), seeds=_seeds(seeds))

        laps.append(
            _("In all {casas}: {mover}, {other}.").format(
                casas=_casas(casas), mover=took(mover), other=took(other)
            )
        )
    return " ".join(laps)


def _exercises(*items: Exercise) -> Mapping[str, Exercise]:
    return MappingProxyType({item.key: item for item in items})


#: The exercises of activities 1 to 3, in order: ``EXERCISES["2a"]``. The notebook
#: ``06_classroom.ipynb`` asks them, and ``python -m hoyito_edu.teaching.worksheets`` prints them.
EXERCISES: Mapping[str, Exercise] = _exercises(
    Exercise(
        "1a",
        "division",
        N_(
            "You sow {seeds} seeds round the usual board of {holes} holes (two rows of {n}). How "
            "many seeds does every hole receive, and how many holes receive one seed more?"
        ),
        {"seeds": 30, "holes_per_row": 6},
        N_(
            "Students who answer with the number of seeds in the last, unfinished round have found "
            "the remainder; the full rounds are the quotient."
        ),
    ),
    Exercise(
        "1b",
        "division",
        N_(
            "Hoyito can also be played on longer boards. On a board with {n} holes in each row "
            "({holes} holes in all), someone sows {seeds} seeds. How many seeds does every hole "
            "receive, and how many holes receive one seed more?"
        ),
        {"seeds": 37, "holes_per_row": 8},
        N_("The divisor is the number of holes in the ring, {holes}, not the number in a row."),
    ),
    Exercise(
        "1c",
        "written",
        N_(
            "In one lap, can a hole ever receive two or more seeds more than another hole? Explain "
            "in a sentence."
        ),
        notes=N_(
            "No. The seeds go round one hole at a time, so every full round gives every hole "
            "one seed; only the last, unfinished round gives some holes one seed more. Those extra "
            "seeds are the remainder of the division, which is always smaller than the number of "
            "holes, so no hole gets a second extra seed before every hole has had its first. A "
            "follow-up: with how many seeds does every hole receive exactly the same number? (A "
            "multiple of the number of holes.)"
        ),
        lines=3,
    ),
    Exercise(
        "2a",
        "last-hole",
        N_("{seeds} seeds are sown from hole {start}. In which hole does the last seed land?"),
        {"seeds": 5, "start": 3},
        N_("A student one hole short has counted the starting hole as the first."),
    ),
    Exercise(
        "2b",
        "last-hole",
        N_(
            "{seeds} seeds are sown from hole {start}. In which hole does the last seed land? "
            "(Careful when you pass hole {last_number}.)"
        ),
        {"seeds": 7, "start": 9},
        N_(
            "An answer above {last_number} means the student forgot that after hole {last_number} "
            "comes hole 0."
        ),
    ),
    Exercise(
        "2c",
        "last-hole",
        N_(
            "{seeds} seeds are sown from hole {start}. In which hole does the last seed land? "
            "(There are more seeds than holes: the sowing comes round to hole {start} and drops "
            "a seed there too.)"
        ),
        {"seeds": 13, "start": 2},
        N_(
            "An answer one hole further on is not a counting mistake but a different rule for "
            "the starting hole (skipping it, as some boards do); ask the student which rule they "
            "used."
        ),
    ),
    Exercise(
        "2d",
        "last-hole",
        N_(
            "On a longer board with {n} holes in each row (holes 0 to {last_number}), {seeds} "
            "seeds are sown from hole {start}. In which hole does the last seed land?"
        ),
        {"seeds": 20, "start": 10, "holes_per_row": 8},
        N_("Again the starting hole receives a seed when the sowing comes round."),
    ),
    Exercise(
        "2e",
        "written",
        N_(
            "Write a rule that gives the hole of the last seed for any number of seeds s, any "
            "starting hole h and any board with n holes in each row. (Use the remainder of a "
            "division.)"
        ),
        notes=N_(
            "The last hole is (h + s) mod 2n: count s holes forward and keep the remainder "
            "after dividing by the number of holes in the ring. In Python: (start + seeds) % (2 * "
            "holes_per_row). The full rounds do not change where the last seed lands; only the "
            "remainder does (the link to activity 1). The rule holds for any number of seeds "
            "because the starting hole receives a seed when the sowing comes round; players who "
            "skip that hole need a different rule."
        ),
        lines=3,
    ),
    Exercise(
        "2f",
        "relay",
        N_(
            "{mover} sows hole {start} ({seeds} seeds) on the board in the picture. When the last "
            "seed of a lap falls into a hole that already held seeds, all the seeds of that hole "
            "are lifted and sown on. Where does the very last seed of the move land?"
        ),
        {"board": RELAY_BOARD, "start": 1, "variant": "hoyito-i"},
        N_(
            "A student who answers with the end of the first lap has stopped before the relay; "
            "the checker says so."
        ),
    ),
    Exercise(
        "2g",
        "relay",
        N_(
            "Challenge. From the starting position (four seeds in every hole), {mover} sows hole "
            "{start}. The move has several laps. Where does the very last seed land? Draw the "
            "board after each lap."
        ),
        {"board": (4,) * 12, "start": 0, "variant": "hoyito-i"},
        N_(
            "With relays there is no simple formula any more: the length of each lap depends on "
            "the board, which is why the game is hard to calculate in your head."
        ),
    ),
    Exercise(
        "3a",
        "captured",
        N_(
            "{mover} sows hole {start} ({seeds} seeds) on the board in the picture. In {title}, "
            "how many seeds does {mover} capture with this move? (Hint: the first lap ends in hole "
            "{first_lap_end}.)"
        ),
        {"board": CASA_BOARD, "start": 4, "variant": "hoyito-i"},
        N_("In Hoyito I every casa goes to the mover, wherever and whenever it is made."),
    ),
    Exercise(
        "3b",
        "casas",
        N_(
            "The same move in {title}: how many casas are captured during the move, by either "
            "player?"
        ),
        {"board": CASA_BOARD, "start": 4, "variant": "ba-awa"},
        N_(
            "In Ba-awa a casa made during sowing goes to the owner of the hole, so some of the "
            "casas go to the other player."
        ),
    ),
    Exercise(
        "3c",
        "captured",
        N_("The same move in {title}: how many seeds does {mover} capture?"),
        {"board": CASA_BOARD, "start": 4, "variant": "hoyito-iii"},
        N_(
            "In Hoyito III only the last seed captures: fours made during sowing stay. Comparing "
            "the answers of 3a and 3c shows how one rule changes the result."
        ),
    ),
    Exercise(
        "3d",
        "written",
        N_(
            "At the start there are {start_total} seeds on the board. Explain why, between the "
            "moves of a game of Hoyito, the number of seeds on the board is always a multiple of "
            "four ({start_total}, {start_total_less_4}, {start_total_less_8}, ...)."
        ),
        notes=N_(
            "Sowing only moves seeds from hole to hole, so it never changes the total. Seeds "
            "leave the board only when they are captured, and every capture takes a casa: exactly "
            "four seeds (a Hoyito II chain takes several casas, each of four). So the total goes "
            "down four at a time. The last four seeds of a game also go together, to one player. "
            "Only a game stopped by one of this package's own rules for games that would not end "
            "(an endless move, a repeated position and the like) lets each player take the seeds "
            "in their own holes, which need not be a multiple of four; the game is then over."
        ),
        lines=4,
    ),
)


def _keys(keys: Sequence[str]) -> list[Exercise]:
    for key in keys:
        if not isinstance(key, str):
            raise ValueError(
                f"an exercise is named by a string such as '2a', not {key!r}; the exercises "
                f"are {', '.join(EXERCISES)}"
            )
    unknown = [k for k in keys if k not in EXERCISES]
    if unknown:
        raise ValueError(
            f"no exercise {', '.join(unknown)}; the exercises are {', '.join(EXERCISES)}"
        )
    return [EXERCISES[k] for k in keys]


class _Markdown(str):
    """Text a notebook shows as Markdown (and prints as itself)."""

    def _repr_markdown_(self) -> str:
        return str(self)


def ask(*keys: str) -> _Markdown:
    """The questions ``keys`` (e.g. ``ask("2a", "2b")``), as Markdown for a notebook.

    >>> print(ask("2a"))
    **2a.** 5 seeds are sown from hole 3. In which hole does the last seed land?
    """
    return _Markdown("\n\n".join(e._repr_markdown_() for e in _keys(keys)))


def check(key: str, *answers: object, reveal: bool = False) -> Feedback:
    """Check a student's answer to exercise ``key``: ``check("2a", 8)``;
    ``check("1a", full_rounds, extra)`` for a division question.

    >>> check("2a", 8)
    Right! The last of 5 seeds sown from hole 3 lands in hole 8.
    """
    (exercise,) = _keys([key])
    return exercise.check(*answers, reveal=reveal)


def teacher_notes(*keys: str) -> _Markdown:
    """The answers to ``keys``, worked out by the engine, with the teacher's notes (Markdown).

    >>> print(teacher_notes("2a"))  # doctest: +ELLIPSIS
    **2a.** Answer: hole 8. (3 + 5) mod 12 = 8. A student one hole short ...
    """
    return _Markdown("\n\n".join(f"**{e.key}.** {e.solution()}" for e in _keys(keys)))
