"""Positions: immutable snapshots of a game, and the moves between them.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i")
>>> pos.legal_moves()
(0, 1, 2, 3, 4, 5)
>>> nxt = pos.play(0)
>>> nxt.board
(2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6)
>>> pos.board == (4,) * 12          # play() never changes the position it is called on
True
>>> print(nxt)
Hoyito I, 2x6   North (1) captured 0  <- to move
      11  10   9   8   7   6
     [ 6][ 6][ 1][ 0][ 6][ 6]
     [ 2][ 7][ 1][ 6][ 1][ 6]
       0   1   2   3   4   5
South (0) captured 0
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import NamedTuple

from ..i18n import N_, gettext
from .checks import as_whole, said, shown
from .events import (
    Capture,
    Drop,
    Endless,
    Event,
    ExtraTurn,
    GameOver,
    LapLimit,
    Lift,
    Pass,
    Reason,
    Relay,
)
from .rules import Rules, get_rules
from .sowing import SowResult, next_open_holes, sow_move, sweep_holes, take_all

PLAYER_NAMES = ("South", "North")

#: The most seeds a position may hold in all: on the board, captured and carried in. Twice the
#: 96 seeds of a full 2x12 board, so every position of a real game and any teaching set-up fits,
#: while the cost of one move stays bounded: a lap sows at most this many seeds, and a move sows
#: at most ``max_laps`` laps (R2.8), so a move drops at most 192,000 seeds.
MAX_SEEDS = 192


class IllegalMove(ValueError):
    """A move that the rules do not allow; the message says why and lists the legal moves.

    ``why`` names the reason for programs that word it their own way (the board does):
    ``"over"``, ``"not-a-hole"``, ``"range"``, ``"closed"``, ``"not-yours"``, ``"empty"``, or
    ``""`` when not given.
    """

    def __init__(
        self, message: str, hole: object = None, legal: tuple[int, ...] = (), why: str = ""
    ) -> None:
        super().__init__(message)
        self.hole = hole
        self.legal = legal
        self.why = why


#: What :meth:`Position.check_move` says of an illegal move (in the current language), by
#: ``IllegalMove.why``; "{allowed}" lists the legal moves.
ILLEGAL = {
    "over": N_("hole {hole!r}: the game is over ({reason})"),
    "not-a-hole": N_("hole {hole!r} is not a hole number; {allowed}"),
    "range": N_("hole {hole} is out of range 0..{last}; {allowed}"),
    "closed": N_("hole {hole} is closed for this game; {allowed}"),
    "not-yours": N_(
        "hole {hole} is not yours: it belongs to {owner} and {who} is to move; {allowed}"
    ),
    "empty": N_("hole {hole} is empty; {allowed}"),
}


def _side(player: int) -> str:
    # TRANSLATORS: a side of the board, as IllegalMove names it.
    return gettext({0: N_("South"), 1: N_("North")}[player])


def _illegal(why: str, hole: object, legal: tuple[int, ...], **fields: object) -> IllegalMove:
    """The IllegalMove for ``why``, its message in the current language."""
    moves = ", ".join(map(str, legal)) or gettext("none")
    allowed = gettext("legal moves: {moves}").format(moves=moves)
    message = gettext(ILLEGAL[why]).format(hole=said(hole), allowed=allowed, **fields)
    return IllegalMove(message, hole, legal, why)


class Outcome(NamedTuple):
    """How a game ended: ``reason``, ``winner`` (0, 1 or None for a draw) and ``score``."""

    reason: Reason
    winner: int | None
    score: tuple[int, int]


def _check_player(value: object, what: str) -> int:
    number = as_whole(value)
    if number not in (0, 1):
        raise ValueError(f"{what} must be 0 (South) or 1 (North), not {shown(value)}")
    return number


def _as_count(value: object, what: str) -> int:
    count = as_whole(value)
    if count is None:
        raise ValueError(f"{what} must be a whole number of seeds, not {shown(value)}")
    if count < 0:
        raise ValueError(f"{what} cannot be negative (got {shown(count)} seeds)")
    if count > MAX_SEEDS:
        raise ValueError(f"{what} is {shown(count)} seeds; a position holds at most {MAX_SEEDS}")
    return count


# The trail: the positions (board, player to move) since the last capture, for the repetition
# rule (R4.3). A position keeps it as the tuple ``(keys, counts, length)``. One ``keys`` list
# is shared by the positions of a line of play, each of which sees the first ``length`` keys.
# Playing on from the newest position (``length == len(keys)``) appends in place, so a game
# costs time and memory linear in its length; playing on from an older position (after an
# undo, or a search trying a second move) copies that prefix first (:func:`_trail_prefix`).
# ``counts`` says how often each key occurs in the list, which is what the newest position
# needs. ``Position._advance`` plays a trail on: it appends, then checks that the list grew
# by its key alone. ``len`` and ``list.append`` are atomic, so when two threads play on from
# the same position at once, at most one of them passes that check; the other copies the
# prefix, and the key it left in the list lies past every position's length, where nobody
# reads it (and, since no position is newest any more, nobody appends in place again).


def _trail_start(key) -> tuple[list, dict, int]:
    """The trail of a position with no earlier position since a capture."""
    return [key], {key: 1}, 1


def _trail_prefix(keys: list, length: int, key) -> tuple[list, dict]:
    """The first ``length`` keys, then ``key``, as a list of their own: (keys, counts), the
    count of ``key`` not yet taken."""
    keys = keys[:length]
    counts: dict = {}
    for known in keys:
        counts[known] = counts.get(known, 0) + 1
    keys.append(key)
    return keys, counts


@dataclass(frozen=True)
class Position:
    """A game position. Build one with :func:`hoyito_edu.new_game`; get the next with :meth:`play`.

    Attributes:
        rules: the rule set.
        board: seeds in each hole, in ring order (R1.3): South's holes ``0..n-1`` then North's.
        player: who moves now, 0 (South) or 1 (North).
        captures: seeds each player has captured in this game.
        closed: holes closed for this game (Hoyito match play); they hold no seeds.
        owners: the owner of each hole (rows by default; Ba-awa match play moves them).
        surplus: seeds each player carried into this game and counts in its score (R4.4).
        starter: who started this game (Ba-awa gives them the last eight, R4.2).
        round: the round of a match this game is (1 for a single game).
        previous_winner: winner of the previous game of the match (None: none, or a draw).
        outcome: how the game ended, or None while it goes on.
        is_over: True once the game is over (``outcome`` is set).
        ring: the next open hole after each hole, in sowing order (R1.3).

    ``is_over`` and ``ring``, like the legal moves and the holes each player owns, are worked
    out when a position is made and kept in its ``__dict__`` (the positions after it carry
    them over). They are plain attributes rather than properties, because Python reads a
    plain attribute several times faster than one that a class-level descriptor shadows, and
    a game loop reads them every move.

    >>> import hoyito_edu as hy
    >>> hy.new_game("hoyito-i", holes_per_row=6, closed={1}).ring[:3]
    (2, 2, 3)
    """

    rules: Rules
    board: tuple[int, ...]
    player: int = 0
    captures: tuple[int, int] = (0, 0)
    closed: frozenset[int] = frozenset()
    owners: tuple[int, ...] = ()
    surplus: tuple[int, int] = (0, 0)
    starter: int = 0
    round: int = 1
    previous_winner: int | None = None
    outcome: Outcome | None = None
    #: Plies played in a row without a capture (the quiet limit, R4.5). History, like the
    #: trail: not part of equality.
    quiet_plies: int = field(default=0, compare=False)
    # The trail (see _trail_start): the positions since the last capture, for the repetition
    # rule (R4.3).
    # Not part of equality: two positions with the same board and history-free state are the
    # same position.
    _trail: tuple = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        # A Position built by hand is checked as new_game() checks a set-up; the positions
        # that play() makes skip this (see _successor), their fields already being valid.
        _validate(self)
        if not self._trail:
            object.__setattr__(self, "_trail", _trail_start((self.board, self.player)))
        _keep(self.__dict__, True)

    def _successor(self, **changes) -> Position:
        """A position like this one with ``changes``, built without re-checking the fields.

        It starts from a copy of this position's ``__dict__`` (the fields, and the values
        kept with them: see :func:`_keep`, which works them out again as the changes need)."""
        state = dict(self.__dict__)  # a dict of its own: see _advance
        state.update(changes)
        _keep(state, "owners" in changes or "closed" in changes)
        successor = object.__new__(Position)
        _set_state(successor, state)
        return successor

    def history_since_capture(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """The (board, player to move) of every position since the last capture, this one last.

        The repetition rule (R4.3) counts in it.
        """
        keys, _, length = self._trail
        return tuple(keys[:length])

    # -- basic facts ---------------------------------------------------------------------
    @property
    def holes_per_row(self) -> int:
        return len(self.board) // 2

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over; None during the game and for a draw."""
        return self.outcome.winner if self.outcome else None

    @property
    def score(self) -> tuple[int, int]:
        """Captures plus surplus carried in, per player (R4.4)."""
        return (self.captures[0] + self.surplus[0], self.captures[1] + self.surplus[1])

    @property
    def seeds_on_board(self) -> int:
        return sum(self.board)

    def owner(self, hole: int) -> int:
        return self.owners[hole]

    def holes_of(self, player: int) -> tuple[int, ...]:
        """The open holes ``player`` owns, in ring order."""
        return _open_holes(self.owners, self.closed, player)

    def legal_moves(self) -> tuple[int, ...]:
        """The holes the player to move may sow: owned, open and not empty (R2.1)."""
        return self._legal

    # -- playing -------------------------------------------------------------------------
    def check_move(self, hole: object) -> int:
        """Return ``hole`` as an int if it is legal here, else raise :class:`IllegalMove`."""
        legal = self.legal_moves()
        if self.outcome is not None:
            raise _illegal("over", hole, (), reason=self.outcome.reason)
        number = as_whole(hole)  # numpy integers are fine; bools and floats are not
        if number is None:
            raise _illegal("not-a-hole", hole, legal)
        hole = number
        size = len(self.board)
        if not 0 <= hole < size:
            raise _illegal("range", hole, legal, last=size - 1)
        if hole in self.closed:
            raise _illegal("closed", hole, legal)
        if self.owners[hole] != self.player:
            owner, mover = self.owners[hole], self.player
            raise _illegal("not-yours", hole, legal, owner=_side(owner), who=_side(mover))
        if self.board[hole] == 0:
            raise _illegal("empty", hole, legal)
        return hole

    def play(self, hole: int) -> Position:
        """The position after the player to move sows ``hole``. This position is unchanged.

        The same move as :meth:`sow`, without its record of events (so sooner).
        """
        if type(hole) is not int or hole not in self._legal:  # type(): quicker than __class__
            hole = self.check_move(hole)  # explains what is wrong, or accepts a numpy integer
        return _advance(self, hole, None)

    def sow(self, hole: int) -> Move:
        """Play ``hole`` and return the whole :class:`Move`: events in order and the result."""
        hole = self.check_move(hole)
        events: list[Event] = []
        after = _advance(self, hole, events)
        return Move(before=self, hole=hole, events=tuple(events), after=after)

    def _advance(self, hole: int, events: list[Event] | None) -> Position:
        """The position after sowing legal ``hole``, the move's events appended to ``events``
        (unless None): the sowing, then Ba-awa's last eight (R4.2), a pass (R3.2), the
        repetition rule (R4.3) and the quiet limit (R4.5)."""
        sown, taken, end, extra_turn = sow_move(self, hole, events)  # taken: None, or captures
        rules, mover = self.rules, self.player
        nxt = mover if extra_turn else 1 - mover
        if end is None and rules.end_rule == "eight-or-fewer" and sum(sown) <= 8:
            taken = list(self.captures) if taken is None else taken
            end = self._eight_or_fewer(sown, taken, events)
        board = tuple(sown)
        if taken is None:
            captures, quiet = self.captures, self.quiet_plies + 1
        else:
            captures = (taken[0], taken[1])
            quiet = 0 if captures != self.captures else self.quiet_plies + 1
        if end is None:
            own_holes = self._own_holes
            legal = []  # the moves of the next player, as _moves_for finds them, but sooner
            for h in own_holes[nxt]:
                if board[h]:
                    legal.append(h)
            if not legal:
                if events is not None:
                    events.append(Pass(nxt))
                nxt = 1 - nxt
                legal = _moves_for(board, own_holes[nxt])
            legal = tuple(legal)
            key = (board, nxt)
            if quiet:  # the trail goes on (see _trail_start): in place, or on a copy
                keys, counts, length = self._trail
                if len(keys) == length:  # the newest position
                    keys.append(key)
                    if len(keys) != length + 1:  # another thread appended at the same time
                        keys, counts = _trail_prefix(keys, length, key)
                else:
                    keys, counts = _trail_prefix(keys, length, key)
                known = len(counts)  # count the key, hashing it once if it is new (most are)
                times = counts.setdefault(key, 1)
                if len(counts) == known:
                    times = counts[key] = times + 1
                trail = (keys, counts, length + 1)
                if times >= 3:
                    end = Reason.REPETITION
                elif rules.quiet_limit is not None and quiet >= rules.quiet_limit:
                    end = Reason.QUIET_LIMIT
            else:
                trail = ([key], {key: 1}, 1)  # _trail_start(key), without the call
            if end is not None:
                taken = list(captures)
                sweep_holes(sown, taken, events, self.owners.__getitem__, end)
                board, captures = tuple(sown), (taken[0], taken[1])
        # The successor: this position's state (fields, holes owned, ring), with the changes
        # (this position is not over: its outcome, None, carries over unless the game ends).
        # dict() makes a dict of its own kind: a copy() of the dict of a position built by
        # the constructor would share its keys, and Python reads the attributes of an object
        # with such a dict several times slower.
        state = dict(self.__dict__)
        if end is not None:
            state["outcome"] = self._outcome(end, captures, events)
            state["is_over"], nxt, legal = True, 1 - mover, ()
            trail = _trail_start((board, nxt))
        if taken is not None:
            state["captures"] = captures
        state["board"], state["player"], state["quiet_plies"] = board, nxt, quiet
        state["_trail"], state["_legal"] = trail, legal
        after = _new(Position)
        _set_state(after, state)
        return after

    def _outcome(self, end: Reason, captures: tuple[int, int], events: list | None) -> Outcome:
        """The outcome of a game ended for ``end`` with ``captures``; records the GameOver
        (in ``events``, unless None)."""
        score = (captures[0] + self.surplus[0], captures[1] + self.surplus[1])
        winner = None if score[0] == score[1] else int(score[1] > score[0])
        if events is not None:
            events.append(GameOver(end, winner, score))
        return Outcome(end, winner, score)

    def end_by_agreement(self) -> Position:
        """The position after the players agree to stop here (R4.5).

        Each player takes the seeds in the holes they own, and the game is over.

        >>> import hoyito_edu as hy
        >>> end = hy.new_game("hoyito-i").play(0).end_by_agreement()
        >>> end.outcome
        Outcome(reason=<Reason.AGREEMENT: 'agreement'>, winner=1, score=(23, 25))
        """
        if self.outcome is not None:
            raise ValueError(f"the game is already over ({self.outcome.reason})")
        result = SowResult(board=list(self.board), captures=list(self.captures))
        take_all(result, self.owners.__getitem__, Reason.AGREEMENT)
        captures = (result.captures[0], result.captures[1])
        outcome = self._outcome(Reason.AGREEMENT, captures, result.events)
        board = tuple(result.board)
        return self._successor(
            board=board,
            captures=captures,
            outcome=outcome,
            quiet_plies=self.quiet_plies,
            _trail=_trail_start((board, self.player)),
        )

    def _eight_or_fewer(self, board: list[int], captures: list[int], events) -> Reason:
        """Ba-awa (R4.2): the starter of this game takes what is left, and the game ends."""
        if sum(board) == 0:
            return Reason.ALL_CAPTURED
        sweep_holes(board, captures, events, lambda hole: self.starter, Reason.EIGHT_OR_FEWER)
        return Reason.EIGHT_OR_FEWER

    # -- drawing -------------------------------------------------------------------------
    def __str__(self) -> str:
        n = self.holes_per_row
        top = list(range(2 * n - 1, n - 1, -1))
        bottom = list(range(n))

        def cell(h: int) -> str:
            if h in self.closed:
                return "[ x]"
            mark = "*" if self.owners[h] != (0 if h < n else 1) else " "
            return f"[{mark}{self.board[h]}]" if self.board[h] < 10 else f"[{self.board[h]:>2}]"

        def label(p: int) -> str:
            # TRANSLATORS: the text board's line for a side, e.g. "South (0) captured 12".
            text = gettext("{side} ({player}) captured {seeds}").format(
                side=_side(p), player=p, seeds=self.captures[p]
            )
            if self.surplus[p]:
                text += gettext(" + surplus {seeds}").format(seeds=self.surplus[p])
            if self.outcome is None and p == self.player:
                text += gettext("  <- to move")
            return text

        indent = "     "
        lines = [
            f"{self.rules.title}, 2x{n}   {label(1)}",
            indent + "".join(f"{h:>3} " for h in top),
            indent + "".join(cell(h) for h in top),
            indent + "".join(cell(h) for h in bottom),
            indent + "".join(f"{h:>3} " for h in bottom),
            label(0),
        ]
        if any(h in self.closed for h in range(2 * n)):
            lines.append(gettext("[ x] = closed hole"))
        if any(self.owners[h] != (0 if h < n else 1) for h in range(2 * n)):
            lines.append(gettext("[*4] = hole owned by the player across the board"))
        if self.outcome is not None:
            lines.append(self._game_over_line())
        return "\n".join(line.rstrip() for line in lines)

    def _game_over_line(self) -> str:
        """The text board's last line once the game is over (``reason`` is the code's name)."""
        o = self.outcome
        assert o is not None
        score = f"{o.score[0]}-{o.score[1]}"
        if o.winner is None:
            return gettext("Game over ({reason}): draw {score}").format(
                reason=o.reason, score=score
            )
        return gettext("Game over ({reason}): {side} wins {score}").format(
            reason=o.reason, side=_side(o.winner), score=score
        )

    def __repr__(self) -> str:
        if self.outcome:
            state = f"over: {self.outcome.reason}"
        else:
            state = f"{PLAYER_NAMES[self.player]} to move"
        return (
            f"<Position {self.rules.name} board={list(self.board)} captures={self.captures} "
            f"{state}>"
        )

    def _repr_pretty_(self, printer, cycle) -> None:  # IPython shows the drawing
        printer.text(repr(self) if cycle else str(self))


#: Gives a new position its state (its ``__dict__``), as ``object.__setattr__(position,
#: "__dict__", state)`` does (a frozen dataclass refuses plain assignment), at half the cost.
_set_state = Position.__dict__["__dict__"].__set__
_new = object.__new__
#: ``Position._advance`` as a plain function: ``play`` calls it without looking a method up
#: on the position (whose own ``__dict__`` is searched first).
_advance = Position._advance


def _keep(state: dict, layout_changed: bool) -> None:
    """Work out the values a position keeps with its fields in ``state`` (its ``__dict__``):
    ``ring`` and ``_own_holes`` (the open holes each player owns, in ring order) when the
    board's layout is new or ``layout_changed``, and always ``is_over`` and ``_legal``."""
    board, closed = state["board"], state["closed"]
    if layout_changed or "ring" not in state:
        state["ring"] = next_open_holes(len(board), closed)
        owners = state["owners"]
        state["_own_holes"] = (_open_holes(owners, closed, 0), _open_holes(owners, closed, 1))
    over = state["outcome"] is not None
    state["is_over"] = over
    state["_legal"] = () if over else _moves_for(board, state["_own_holes"][state["player"]])


def _open_holes(owners: tuple[int, ...], closed: frozenset[int], player: int) -> tuple[int, ...]:
    """The open holes ``player`` owns, in ring order."""
    return tuple([h for h, o in enumerate(owners) if o == player and h not in closed])


def _moves_for(board: tuple[int, ...], holes: tuple[int, ...]) -> tuple[int, ...]:
    """The holes of ``holes`` (a player's open holes) that hold seeds: that player's moves."""
    return tuple([h for h in holes if board[h]])


@dataclass(frozen=True)
class Move:
    """One move and everything it did. ``before.sow(hole)`` made it; ``after`` is the result.

    >>> import hoyito_edu as hy
    >>> move = hy.new_game("hoyito-i").sow(0)
    >>> move.laps, move.drops, move.next_player
    (5, 26, 1)
    """

    before: Position
    hole: int
    events: tuple[Event, ...]
    after: Position

    @property
    def player(self) -> int:
        return self.before.player

    @property
    def laps(self) -> int:
        """Laps sown: the first lap plus one for every relay."""
        return 1 + sum(1 for e in self.events if isinstance(e, Relay))

    @property
    def drops(self) -> int:
        return sum(1 for e in self.events if isinstance(e, Drop))

    @property
    def seeds_lifted(self) -> int:
        return sum(e.seeds for e in self.events if isinstance(e, (Lift, Relay)))

    @property
    def captures(self) -> tuple[Capture, ...]:
        return tuple(e for e in self.events if isinstance(e, Capture))

    @property
    def taken(self) -> tuple[int, int]:
        """Seeds each player took during this move (any reason)."""
        south = sum(e.seeds for e in self.events if isinstance(e, Capture) and e.taker == 0)
        north = sum(e.seeds for e in self.events if isinstance(e, Capture) and e.taker == 1)
        return (south, north)

    @property
    def extra_turn(self) -> bool:
        return any(isinstance(e, ExtraTurn) for e in self.events)

    @property
    def passes(self) -> tuple[int, ...]:
        return tuple(e.player for e in self.events if isinstance(e, Pass))

    @property
    def endless(self) -> bool:
        """The relay would have cycled for ever: a lap repeated (R2.8)."""
        return any(isinstance(e, Endless) for e in self.events)

    @property
    def lap_limit(self) -> bool:
        """The move stopped at the lap limit (R2.8, rule option ``max_laps``)."""
        return any(isinstance(e, LapLimit) for e in self.events)

    @property
    def next_player(self) -> int | None:
        """Who moves next, or None when this move ended the game."""
        return None if self.after.is_over else self.after.player

    def __repr__(self) -> str:
        who = PLAYER_NAMES[self.player]
        parts = [f"{self.laps} lap{'s' if self.laps != 1 else ''}"]
        if any(self.taken):
            parts.append(f"took {self.taken[0]}-{self.taken[1]}")
        if self.endless:
            parts.append("endless")
        if self.lap_limit:
            parts.append(f"stopped at the lap limit of {self.before.rules.max_laps}")
        if self.extra_turn:
            parts.append("extra turn")
        for p in self.passes:
            parts.append(f"{PLAYER_NAMES[p]} passes")
        if self.after.outcome is not None:
            parts.append(f"game over ({self.after.outcome.reason})")
        else:
            parts.append(f"{PLAYER_NAMES[self.after.player]} to move")
        return f"<Move {who} sows {self.hole}: {', '.join(parts)}>"


#: Defaults of :func:`new_game`: the standard opening is the set-up that keeps them all.
_NONE_TAKEN, _NO_HOLES = (0, 0), ()
_DEFAULTS = (_NONE_TAKEN, _NONE_TAKEN, _NO_HOLES, None, None, None, 1)


def new_game(
    variant: str | Rules = "hoyito-i",
    *,
    holes_per_row: int | None = None,
    board: object = None,
    player: int = 0,
    captures: tuple[int, int] = _NONE_TAKEN,
    starter: int | None = None,
    closed: object = _NO_HOLES,
    owners: object = None,
    surplus: tuple[int, int] = _NONE_TAKEN,
    round: int = 1,
    previous_winner: int | None = None,
    **options: object,
) -> Position:
    """Start a game, or set up a position to study.

    Args:
        variant: ``"hoyito-i"``, ``"hoyito-ii"``, ``"hoyito-iii"`` or ``"ba-awa"`` (or a Rules).
        holes_per_row: 6 by default; Hoyito allows 6..12, Ba-awa only 6 (R1.1).
        board: seeds per hole in ring order (2n non-negative whole numbers, R1.3); default 4 in
            every open hole (R1.2).
        player: who moves first, 0 (South, the default, R1.4) or 1 (North). If that player has
            no seeds to sow, they pass and the other player moves (R3.2).
        captures: seeds already captured in this game, per player.
        starter: who started this game (Ba-awa's last-eight rule); defaults to the player who
            moves first, after any pass (R4.2).
        closed: holes closed for this game (match play); they must be empty.
        owners: the owner (0 or 1) of each hole; default by rows.
        surplus: seeds carried into this game that count in its score (match play).
        round, previous_winner: the match round and who won the previous game (Hoyito III).
        **options: ``skip_origin``, ``chain_opponent_side_only``, ``max_laps``,
            ``quiet_limit`` (see :class:`~hoyito_edu.Rules`).

    A position holds at most :data:`MAX_SEEDS` (192) seeds in all; more is a ValueError.

    >>> new_game("ba-awa", holes_per_row=7)
    Traceback (most recent call last):
    ...
    ValueError: Ba-awa is played on 2x6 only; got holes_per_row=7
    """
    rules = get_rules(variant, **options)
    defaults = (captures, surplus, closed, owners, starter, previous_winner, round)
    standard = (
        board is None
        and all(map(operator.is_, defaults, _DEFAULTS))
        and (holes_per_row is None or holes_per_row.__class__ is int)
        and player.__class__ is int
    )
    key = (rules, holes_per_row, player)
    opening = _OPENINGS.get(key) if standard else None  # (hashing rules takes a while: once)
    if opening is not None:  # checked before: a copy of it
        return _fresh_copy(opening)
    if board is None:
        n = 6 if holes_per_row is None else _check_size(rules, holes_per_row)
        closed_set = _holes(closed, 2 * n, "closed hole")
        board = tuple(0 if h in closed_set else 4 for h in range(2 * n))
    position = Position(
        rules=rules,
        board=board,
        player=player,
        captures=captures,
        closed=closed,
        owners=() if owners is None else owners,
        surplus=surplus,
        starter=0 if starter is None else starter,
        round=round,
        previous_winner=previous_winner,
    )
    if holes_per_row is not None and holes_per_row != position.holes_per_row:
        raise ValueError(
            f"board has {len(position.board)} holes but holes_per_row={shown(holes_per_row)}"
        )
    if position.seeds_on_board == 0:
        raise ValueError("the board has no seeds: there is nothing to play")
    player = position.player
    if not position.legal_moves():
        player = 1 - player  # R3.2: nothing to sow, so the other player moves
    if starter is None:
        starter = player  # R4.2: the player who actually moves first started this game
    if (player, starter) != (position.player, position.starter):
        position = position._successor(
            player=player, starter=starter, _trail=_trail_start((position.board, player))
        )
    if standard and len(_OPENINGS) < 1024:
        _OPENINGS[key] = position
        return _fresh_copy(position)
    return position


#: The standard openings of :func:`new_game` checked so far, by (rules, holes_per_row, player):
#: the next such game starts from a copy instead of checking every field again.
_OPENINGS: dict[tuple, Position] = {}


def _fresh_copy(opening: Position) -> Position:
    """``opening`` with a trail of its own (positions are immutable, but playing on from the
    newest position of a line appends to its trail)."""
    return opening._successor(_trail=_trail_start((opening.board, opening.player)))


def _validate(position: Position) -> None:
    """Check every field of a position built by hand; normalise numbers and containers.

    Raises ValueError saying what is wrong and what is allowed (as :func:`new_game` does).
    """
    put = object.__setattr__
    rules = position.rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules from hoyito_edu.VARIANTS, not {shown(rules)}")
    board = position.board
    if isinstance(board, (str, bytes, dict)) or not hasattr(board, "__len__"):
        raise ValueError(f"board must be a list of 2n seed counts, not {shown(board)}")
    if len(board) % 2:
        raise ValueError(f"board needs an even number of holes (two rows), got {len(board)}")
    n = _check_size(rules, len(board) // 2, from_board=True)
    size = 2 * n
    counts = tuple(board)
    if not (set(map(type, counts)) == {int} and 0 <= min(counts) and max(counts) <= MAX_SEEDS):
        counts = tuple(_as_count(c, f"hole {h}") for h, c in enumerate(board))  # says what is wrong
    put(position, "board", counts)
    put(position, "player", _check_player(position.player, "player"))
    put(position, "captures", _pair(position.captures, "captures"))
    put(position, "surplus", _pair(position.surplus, "surplus"))
    closed = _holes(position.closed, size, "closed hole")
    for h in sorted(closed):
        if counts[h]:
            raise ValueError(f"closed hole {h} must be empty, it holds {counts[h]}")
    put(position, "closed", closed)
    rows = (0,) * n + (1,) * n
    owners = position.owners
    if isinstance(owners, (str, bytes, dict)) or not hasattr(owners, "__len__"):
        raise ValueError(f"owners must be a list of 0s and 1s, one per hole, not {shown(owners)}")
    if len(position.owners) == 0:
        owners = rows
    else:
        owners = tuple(
            _check_player(o, f"owner of hole {h}") for h, o in enumerate(position.owners)
        )
        if len(owners) != size:
            raise ValueError(f"owners needs {size} entries, one per hole, got {len(owners)}")
        if not rules.territory and owners != rows:
            raise ValueError(f"{rules.title} holes belong to the rows; only Ba-awa moves owners")
    put(position, "owners", owners)
    put(position, "starter", _check_player(position.starter, "starter"))
    round_number = as_whole(position.round)
    if round_number is None or round_number < 1:
        raise ValueError(f"round must be a whole number from 1, not {shown(position.round)}")
    put(position, "round", round_number)
    if position.previous_winner is not None:
        winner = _check_player(position.previous_winner, "previous_winner")
        put(position, "previous_winner", winner)
    total = sum(counts) + sum(position.captures) + sum(position.surplus)
    if total > MAX_SEEDS:
        raise ValueError(
            f"the position holds {total} seeds in all (board, captures and surplus); "
            f"at most {MAX_SEEDS} are allowed"
        )
    if position.outcome is not None and not isinstance(position.outcome, Outcome):
        raise ValueError(f"outcome must be None or an Outcome, not {shown(position.outcome)}")
    quiet = as_whole(position.quiet_plies)
    if quiet is None or quiet < 0:
        raise ValueError(
            f"quiet_plies must be a whole "
            f"number from 0, not {shown(position.quiet_plies)}"
        )
    put(position, "quiet_plies", quiet)


def _check_size(rules: Rules, n: object, from_board: bool = False) -> int:
    number = as_whole(n)
    if number is None:
        raise ValueError(f"holes_per_row must be a whole number, not {shown(n)}")
    low, high = rules.min_holes_per_row, rules.max_holes_per_row
    if not low <= number <= high:
        got = f"a board of 2x{shown(number)}" if from_board else f"holes_per_row={shown(number)}"
        if low == high:
            raise ValueError(f"{rules.title} is played on 2x{low} only; got {got}")
        raise ValueError(f"{rules.title} is played on 2x{low} to 2x{high}; got {got}")
    return number


def _holes(value: object, size: int, what: str) -> frozenset[int]:
    """A set of hole numbers ``0 .. size-1`` (e.g. the closed holes), checked."""
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise ValueError(
            f"{what}s must be a list of hole numbers 0..{size - 1}, not {shown(value)}"
        )
    holes = set()
    for hole in value:
        number = as_whole(hole)
        if number is None or not 0 <= number < size:
            raise ValueError(f"{what} {shown(hole)} is not a hole number 0..{size - 1}")
        holes.add(number)
    return frozenset(holes)


def _pair(value: object, what: str) -> tuple[int, int]:
    if value.__class__ is tuple and len(value) == 2 and set(map(type, value)) == {int}:
        if 0 <= min(value) and max(value) <= MAX_SEEDS:
            return value  # the common case, checked at once
    if isinstance(value, (str, bytes, dict)):
        raise ValueError(f"{what} must be a pair (South, North), not {shown(value)}")
    try:
        a, b = value  # type: ignore[misc]
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a pair (South, North), not {shown(value)}") from None
    return (_as_count(a, f"{what} of South"), _as_count(b, f"{what} of North"))
