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
from functools import cached_property
from typing import NamedTuple

from .events import Capture, Drop, Endless, Event, ExtraTurn, GameOver, Lift, Pass, Reason, Relay
from .rules import Rules, get_rules
from .sowing import sow, take_all

PLAYER_NAMES = ("South", "North")


class IllegalMove(ValueError):
    """A move that the rules do not allow; the message says why and lists the legal moves."""

    def __init__(self, message: str, hole: object = None, legal: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.hole = hole
        self.legal = legal


class Outcome(NamedTuple):
    """How a game ended: ``reason``, ``winner`` (0, 1 or None for a draw) and ``score``."""

    reason: Reason
    winner: int | None
    score: tuple[int, int]


def _check_player(value: object, what: str) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise ValueError(f"{what} must be 0 (South) or 1 (North), not {value!r}")
    return int(value)


def _as_count(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number of seeds, not {value!r}")
    try:
        count = operator.index(value)
    except TypeError:
        raise ValueError(f"{what} must be a whole number of seeds, not {value!r}") from None
    if count < 0:
        raise ValueError(f"{what} cannot be negative (got {count})")
    return count


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
    # Positions since the last capture, for the repetition rule (R4.3). Not part of equality:
    # two positions with the same board and history-free state are the same position.
    _trail: tuple = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        # Cheap shape checks only: new_game() does the full validation of a set-up.
        size = len(self.board)
        if not self.owners:
            object.__setattr__(
                self, "owners", tuple(0 if h < size // 2 else 1 for h in range(size))
            )
        if size % 2 or len(self.owners) != size:
            raise ValueError(
                f"a position needs an even number of holes and one owner per hole "
                f"(board has {size}, owners {len(self.owners)}); use hoyito_edu.new_game()"
            )
        if not self._trail:
            object.__setattr__(self, "_trail", ((self.board, self.player),))

    # -- basic facts ---------------------------------------------------------------------
    @property
    def holes_per_row(self) -> int:
        return len(self.board) // 2

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

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
        return tuple(h for h, o in enumerate(self.owners) if o == player and h not in self.closed)

    def legal_moves(self) -> tuple[int, ...]:
        """The holes the player to move may sow: owned, open and not empty (R2.1)."""
        return self._legal

    @cached_property
    def _legal(self) -> tuple[int, ...]:
        # cached_property writes to the instance __dict__, which a frozen dataclass allows
        if self.outcome is not None:
            return ()
        return _moves_for(self.board, self.owners, self.closed, self.player)

    # -- playing -------------------------------------------------------------------------
    def check_move(self, hole: object) -> int:
        """Return ``hole`` as an int if it is legal here, else raise :class:`IllegalMove`."""
        legal = self.legal_moves()
        allowed = f"legal moves: {', '.join(map(str, legal)) or 'none'}"
        who = PLAYER_NAMES[self.player]
        if self.outcome is not None:
            raise IllegalMove(f"hole {hole!r}: the game is over ({self.outcome.reason})", hole)
        if not isinstance(hole, int) or isinstance(hole, bool):
            try:
                if isinstance(hole, bool):
                    raise TypeError
                hole = operator.index(hole)  # numpy integers are fine
            except TypeError:
                msg = f"hole {hole!r} is not a hole number; {allowed}"
                raise IllegalMove(msg, hole, legal) from None
        size = len(self.board)
        if not 0 <= hole < size:
            raise IllegalMove(f"hole {hole} is out of range 0..{size - 1}; {allowed}", hole, legal)
        if hole in self.closed:
            raise IllegalMove(f"hole {hole} is closed for this game; {allowed}", hole, legal)
        if self.owners[hole] != self.player:
            raise IllegalMove(
                f"hole {hole} is not yours: it belongs to {PLAYER_NAMES[self.owners[hole]]} "
                f"and {who} is to move; {allowed}",
                hole,
                legal,
            )
        if self.board[hole] == 0:
            raise IllegalMove(f"hole {hole} is empty; {allowed}", hole, legal)
        return hole

    def play(self, hole: int) -> Position:
        """The position after the player to move sows ``hole``. This position is unchanged."""
        return self.sow(hole).after

    def sow(self, hole: int) -> Move:
        """Play ``hole`` and return the whole :class:`Move`: events in order and the result."""
        hole = self.check_move(hole)
        result = sow(self, hole)
        events = result.events
        board = tuple(result.board)
        captures = (result.captures[0], result.captures[1])
        end = result.end
        mover = self.player
        nxt = mover if result.extra_turn else 1 - mover
        if end is None and self.rules.end_rule == "eight-or-fewer" and sum(board) <= 8:
            end = self._eight_or_fewer(result)
            board, captures = tuple(result.board), tuple(result.captures)
        if end is None:
            if not _moves_for(board, self.owners, self.closed, nxt):
                events.append(Pass(nxt))
                nxt = 1 - nxt
            key = (board, nxt)
            trail = self._trail + (key,) if captures == self.captures else (key,)
            if trail.count(key) >= 3:
                end = Reason.REPETITION
                take_all(result, self.owners.__getitem__, Reason.REPETITION)
                board, captures = tuple(result.board), tuple(result.captures)
        else:
            trail = ()
        outcome = None
        if end is not None:
            score = (captures[0] + self.surplus[0], captures[1] + self.surplus[1])
            winner = None if score[0] == score[1] else int(score[1] > score[0])
            outcome = Outcome(end, winner, score)
            events.append(GameOver(end, winner, score))
            nxt = 1 - mover
        after = Position(
            rules=self.rules,
            board=board,
            player=nxt,
            captures=captures,
            closed=self.closed,
            owners=self.owners,
            surplus=self.surplus,
            starter=self.starter,
            round=self.round,
            previous_winner=self.previous_winner,
            outcome=outcome,
            _trail=trail,
        )
        return Move(before=self, hole=hole, events=tuple(events), after=after)

    def _eight_or_fewer(self, result) -> Reason:
        """Ba-awa (R4.2): the starter of this game takes what is left, and the game ends."""
        if sum(result.board) == 0:
            return Reason.ALL_CAPTURED
        take_all(result, lambda hole: self.starter, Reason.EIGHT_OR_FEWER)
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
            text = f"{PLAYER_NAMES[p]} ({p}) captured {self.captures[p]}"
            if self.surplus[p]:
                text += f" + surplus {self.surplus[p]}"
            if self.outcome is None and p == self.player:
                text += "  <- to move"
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
            lines.append("[ x] = closed hole")
        if any(self.owners[h] != (0 if h < n else 1) for h in range(2 * n)):
            lines.append("[*4] = hole owned by the player across the board")
        if self.outcome is not None:
            o = self.outcome
            who = "draw" if o.winner is None else f"{PLAYER_NAMES[o.winner]} wins"
            lines.append(f"Game over ({o.reason}): {who} {o.score[0]}-{o.score[1]}")
        return "\n".join(line.rstrip() for line in lines)

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


def _moves_for(
    board: tuple[int, ...], owners: tuple[int, ...], closed: frozenset[int], player: int
) -> tuple[int, ...]:
    moves = [
        h
        for h, (seeds, owner) in enumerate(zip(board, owners, strict=True))
        if seeds and owner == player
    ]
    if closed:
        moves = [h for h in moves if h not in closed]
    return tuple(moves)


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
        return any(isinstance(e, Endless) for e in self.events)

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
        if self.extra_turn:
            parts.append("extra turn")
        for p in self.passes:
            parts.append(f"{PLAYER_NAMES[p]} passes")
        if self.after.outcome is not None:
            parts.append(f"game over ({self.after.outcome.reason})")
        else:
            parts.append(f"{PLAYER_NAMES[self.after.player]} to move")
        return f"<Move {who} sows {self.hole}: {', '.join(parts)}>"


def new_game(
    variant: str | Rules = "hoyito-i",
    *,
    holes_per_row: int | None = None,
    board: object = None,
    player: int = 0,
    captures: tuple[int, int] = (0, 0),
    starter: int | None = None,
    closed: object = (),
    owners: object = None,
    surplus: tuple[int, int] = (0, 0),
    round: int = 1,
    previous_winner: int | None = None,
    **options: bool,
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
        **options: ``skip_origin=True``, ``chain_opponent_side_only=True`` (see Rules).

    >>> new_game("ba-awa", holes_per_row=7)
    Traceback (most recent call last):
    ...
    ValueError: Ba-awa is played on 2x6 only; got holes_per_row=7
    """
    rules = get_rules(variant, **options)
    player = _check_player(player, "player")
    if starter is not None:
        starter = _check_player(starter, "starter")
    if board is None:
        n = 6 if holes_per_row is None else _check_size(rules, holes_per_row)
    else:
        if isinstance(board, (str, bytes, dict)) or not hasattr(board, "__len__"):
            raise ValueError(f"board must be a list of 2n seed counts, not {board!r}")
        if len(board) % 2:
            raise ValueError(f"board needs an even number of holes (two rows), got {len(board)}")
        n = _check_size(rules, len(board) // 2, from_board=True)
        if holes_per_row is not None and holes_per_row != n:
            raise ValueError(f"board has {2 * n} holes but holes_per_row={holes_per_row!r}")
    size = 2 * n
    closed_set = frozenset(_check_hole(h, size, "closed hole") for h in closed)
    if board is None:
        counts = tuple(0 if h in closed_set else 4 for h in range(size))
    else:
        counts = tuple(_as_count(c, f"hole {h}") for h, c in enumerate(board))
    for h in closed_set:
        if counts[h]:
            raise ValueError(f"closed hole {h} must be empty, it holds {counts[h]}")
    if owners is None:
        owner_tuple = tuple(0 if h < n else 1 for h in range(size))
    else:
        owner_tuple = tuple(_check_player(o, f"owner of hole {h}") for h, o in enumerate(owners))
        if len(owner_tuple) != size:
            raise ValueError(f"owners needs {size} entries, one per hole, got {len(owner_tuple)}")
        if not rules.territory and owner_tuple != tuple(0 if h < n else 1 for h in range(size)):
            raise ValueError(f"{rules.title} holes belong to the rows; only Ba-awa moves owners")
    caps = _pair(captures, "captures")
    surplus_pair = _pair(surplus, "surplus")
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise ValueError(f"round must be a whole number from 1, not {round!r}")
    if previous_winner is not None:
        previous_winner = _check_player(previous_winner, "previous_winner")
    if sum(counts) == 0:
        raise ValueError("the board has no seeds: there is nothing to play")
    if not _moves_for(counts, owner_tuple, closed_set, player):
        player = 1 - player  # R3.2: nothing to sow, so the other player moves
    if starter is None:
        starter = player  # R4.2: the player who actually moves first started this game
    return Position(
        rules=rules,
        board=counts,
        player=player,
        captures=caps,
        closed=closed_set,
        owners=owner_tuple,
        surplus=surplus_pair,
        starter=starter,
        round=round,
        previous_winner=previous_winner,
        _trail=((counts, player),),
    )


def _check_size(rules: Rules, n: object, from_board: bool = False) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(f"holes_per_row must be a whole number, not {n!r}")
    low, high = rules.min_holes_per_row, rules.max_holes_per_row
    if not low <= n <= high:
        got = f"a board of 2x{n}" if from_board else f"holes_per_row={n}"
        if low == high:
            raise ValueError(f"{rules.title} is played on 2x{low} only; got {got}")
        raise ValueError(f"{rules.title} is played on 2x{low} to 2x{high}; got {got}")
    return n


def _check_hole(hole: object, size: int, what: str) -> int:
    if isinstance(hole, bool) or not isinstance(hole, int) or not 0 <= hole < size:
        raise ValueError(f"{what} {hole!r} is not a hole number 0..{size - 1}")
    return hole


def _pair(value: object, what: str) -> tuple[int, int]:
    try:
        a, b = value  # type: ignore[misc]
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a pair (South, North), not {value!r}") from None
    return (_as_count(a, f"{what} of South"), _as_count(b, f"{what} of North"))
