"""Computer opponents: one small protocol, a few agents, and named classroom levels.

Every player has a ``name`` and a ``choose(position) -> hole`` method that returns one of
``position.legal_moves()``. Players never change the position they are given, and every random
choice goes through the player's own ``random.Random(seed)``, so the same seed gives the same
moves. Build them by name with :func:`player`:

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i")
>>> hy.player("greedy", seed=1).choose(pos) in pos.legal_moves()
True
>>> hy.player("random", seed=7).choose(pos) == hy.player("random", seed=7).choose(pos)
True

All the rules come from the engine: the players only call ``Position.sow`` and read the move
record (what was taken, whether the mover plays again, whether the game ended).
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .checks import as_whole
from .i18n import N_, gettext
from .position import Move, Position


@runtime_checkable
class Player(Protocol):
    """What every computer opponent offers: a ``name`` and ``choose(position) -> hole``."""

    name: str

    def choose(self, position: Position) -> int:
        """Return the hole to sow: one of ``position.legal_moves()``."""
        ...


def _check_playable(position: Position) -> tuple[int, ...]:
    if not isinstance(position, Position):
        raise ValueError(f"choose() needs a hoyito_edu Position, not {type(position).__name__}")
    legal = position.legal_moves()
    if not legal:
        reason = position.outcome.reason
        raise ValueError(f"the game is over ({reason}): there is no move to choose")
    return legal


def _check_seed(seed: object) -> int | None:
    """A player's seed: None or a whole number from 0 (numpy integers too; not bools, floats
    or strings)."""
    if seed is None:
        return None
    number = as_whole(seed)
    if number is None or number < 0:
        raise ValueError(f"seed must be None or a whole number from 0, not {seed!r}")
    return number


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty string, not {name!r}")
    return name


def net_gain(move: Move) -> int:
    """Seeds the mover took in ``move`` minus seeds the opponent took (Ba-awa mid-sow casas
    can go to the opponent, and endless moves give each player their own holes)."""
    taken = move.taken
    return taken[move.player] - taken[1 - move.player]


def _greedy_key(move: Move) -> tuple:
    """How greedy ranks a move: one that wins the game at once first and one that loses it at
    once last; then seeds taken now (net); then keeping the turn."""
    mover = move.player
    after = move.after
    if after.is_over:
        winner = after.outcome.winner
        result = 1 if winner == mover else (-1 if winner is not None else 0)
    else:
        result = 0
    keeps_turn = not after.is_over and after.player == mover
    return (result, net_gain(move), keeps_turn)


class RandomPlayer:
    """Chooses uniformly among the legal moves.

    ``capture_bias`` (0..1) is the chance that, when some move takes seeds right now, it plays
    the greedy move instead: the classroom's ``beginner`` is a random player with a bias of 0.5.

    >>> import hoyito_edu as hy
    >>> RandomPlayer(seed=3).choose(hy.new_game("ba-awa")) in range(6)
    True
    """

    def __init__(self, seed: int | None = None, capture_bias: float = 0.0, name: str = "random"):
        if (
            isinstance(capture_bias, bool)
            or not isinstance(capture_bias, numbers.Real)
            or not 0.0 <= capture_bias <= 1.0
        ):
            raise ValueError(f"capture_bias must be a number from 0 to 1, not {capture_bias!r}")
        self.name = _check_name(name)
        self.seed = _check_seed(seed)
        self.capture_bias = float(capture_bias)
        self.rng = random.Random(self.seed)

    def choose(self, position: Position) -> int:
        legal = _check_playable(position)
        if self.capture_bias and self.rng.random() < self.capture_bias:
            moves = [position.sow(h) for h in legal]
            if any(net_gain(m) > 0 for m in moves):
                return _pick_best(moves, _greedy_key, self.rng)
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return f"<RandomPlayer {self.name!r} seed={self.seed} capture_bias={self.capture_bias}>"


class GreedyPlayer:
    """Takes the most seeds now, looking one move ahead and no further.

    Moves are ranked by: winning the game on the spot (and never losing it if that can be
    avoided), then seeds taken minus seeds given away in this move, then keeping the turn
    (Hoyito II/III extra turn). Remaining ties are broken by the seeded random generator.

    >>> import hoyito_edu as hy
    >>> pos = hy.new_game("hoyito-i", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    >>> GreedyPlayer(seed=0).choose(pos)   # hole 2 drops its seed on hole 3: a casa
    2
    """

    def __init__(self, seed: int | None = None, name: str = "greedy"):
        self.name = _check_name(name)
        self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    def choose(self, position: Position) -> int:
        legal = _check_playable(position)
        return _pick_best([position.sow(h) for h in legal], _greedy_key, self.rng)

    def __repr__(self) -> str:
        return f"<GreedyPlayer {self.name!r} seed={self.seed}>"


def _pick_best(moves: list[Move], key: Callable[[Move], Any], rng: random.Random) -> int:
    scored = [(key(m), m.hole) for m in moves]
    top = max(k for k, _ in scored)
    return rng.choice([hole for k, hole in scored if k == top])


# -- alpha-beta search -------------------------------------------------------------------
#: Value of a won game before the score margin is added; every evaluation of an unfinished
#: game stays far below it, so a proven win always beats a material lead.
WIN = 10_000

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


def next_iteration(value: int, best: int, found_value: int, found_best: int, depth: int,
                   root_values: dict[int, int], alive: dict[int, int]):  # fmt: skip
    """What iterative deepening keeps after finishing ``depth``: ``(value, best, stop)``.

    ``root_values`` holds this iteration's value of each root move (exact for the moves as good
    as the best); ``alive`` (updated here) the last depth at which each move was not yet found
    to lose against best replies. The best move of the iteration is kept and the search goes on
    (``stop`` is False), a forced win or loss included: a forced result's score margin can
    still change with depth (a bigger win or a smaller loss further on), and the margin is
    what a match counts. So a lost game is played for the best final score against best
    replies; among the moves that lose by that same margin, the one whose loss showed up last
    is played: it is the hardest for an opponent who looks less far ahead to find.

    Here holes 2 and 3 both lose by 8 at depth 6, and hole 3's loss showed up at depth 4:

    >>> alive = {2: 5, 3: 3}
    >>> next_iteration(-3, 2, -WIN - 8, 3, 6, {2: -WIN - 8, 3: -WIN - 8, 4: -WIN - 12}, alive)
    (-10008, 2, False)
    """
    for hole, found in root_values.items():
        if found > -WIN:
            alive[hole] = depth
    if found_value <= -WIN:
        ties = [hole for hole, found in root_values.items() if found == found_value]
        latest = max(alive.get(hole, 0) for hole in ties)
        if alive.get(found_best, 0) < latest:
            found_best = next(hole for hole in ties if alive.get(hole, 0) == latest)
    return found_value, found_best, False


def terminal_value(position: Position) -> int:
    """A finished game from the side of ``position.player``: ``WIN`` plus the score margin for a
    win, minus that for a loss, the margin (0) for a draw.

    Every ending is valued so, by its score: the final four, Ba-awa's last eight, an endless
    move or one stopped at the lap limit (R2.8), a repetition (R4.3), an agreement or the quiet
    limit (R4.5), where each player has taken the seeds in their own holes.

    >>> import hoyito_edu as hy
    >>> ended = hy.new_game("hoyito-i").play(0).end_by_agreement()
    >>> ended.outcome.score, ended.player, terminal_value(ended)
    ((23, 25), 1, 10002)
    """
    me = position.player
    score = position.outcome.score
    margin = score[me] - score[1 - me]
    if margin > 0:
        return WIN + margin
    if margin < 0:
        return -WIN + margin
    return 0


def evaluate(position: Position) -> int:
    """Score lead (captures plus surplus) of the player to move: the search's leaf value."""
    me = position.player
    score = position.score
    return score[me] - score[1 - me]


class SearchPlayer:
    """Alpha-beta (negamax) search over the engine, with iterative deepening.

    The value of a position is seen from the player to move. When a move keeps the turn (a
    Hoyito II/III extra turn, or the opponent passes) the child's value is used as it is;
    otherwise it is negated. Leaves are valued by :func:`evaluate` (the score lead), finished
    games by :func:`terminal_value` (a win is worth more than any lead). Endless moves,
    repetitions and long relays are ordinary engine moves to the search, and so are the rule
    options' limits: a move stopped at the lap limit (``max_laps``, R2.8) and a game ended by
    the quiet limit (``quiet_limit``, R4.5, counted from ``Position.quiet_plies``) are finished
    games, valued by their score.

    Search deepens one ply at a time (every move is a ply, extra turns included) until
    ``max_depth`` is done or a budget is spent (a proven win or loss does not stop it: deeper
    search can find a bigger win or a smaller loss); then the best move of the last finished
    iteration is played (depth 1 is always finished), so a lost game is played for the best
    final score against best replies. Two refinements, for playing against opponents who do not
    play perfectly:

    - Among the moves that lose by the same margin, the one whose loss showed up at the deepest
      iteration is played: it is the hardest to find (:func:`next_iteration`).

    - Traps. Among the moves worth as much as the best one (or among all moves, when all of them
      lose), the search prefers the first, best first, whose most tempting reply (the one that
      takes the most seeds at once) is a mistake: a search of the same depth says the mover is
      then better off than the move's value. Against best play the trap costs nothing; against
      a player who grabs seeds it often wins a drawn or lost game. ``last_search["trap"]`` is
      the hole chosen that way, or None. Looking for one may spend half a budget more.

    With ``playouts`` (the ``expert`` level has :data:`EXPERT_PLAYOUTS`), ties are broken by
    random games: when two or more moves are worth the best value and the game is not decided
    (no forced win or loss found), Monte Carlo tree search (:mod:`hoyito_edu.mcts`, that many
    playouts, seeded from this player's generator) chooses among them, the one it visits most;
    the traps come after. The score lead cannot tell moves apart while no capture is in sight;
    games played out to the end can. With a ``time_limit`` the search leaves the last
    :data:`TIE_SHARE` of it to the playouts (which stop at the limit if they are not done).
    ``last_search["tie"]`` is the hole so chosen, or None (no tie, or a position the compiled
    kernel does not take).

    Budgets:

    - ``max_nodes``: work, counted the same on every machine, so the choice is repeatable.
      Each move played on a position's first expansion costs 1, and every 10 visits of
      positions cost 1.
    - ``time_limit``: seconds of wall time. Faster or slower machines then search deeper or
      shallower, so the choice may differ from run to run.

    ``compiled=True`` (the default) runs the whole search in :mod:`hoyito_edu.fastsearch`, a
    numba version of the same algorithm that makes the same choices (tests compare the two
    paths choice by choice, and its moves with ``Position.sow`` move by move). One unit of
    work costs about 3 microseconds there and about 60 here, on the project's machine.
    Positions it does not take (closed holes, holes owned across the board, Hoyito III's last
    four going to the previous winner) are searched here. The first compiled search in a new
    installation compiles it, which takes about half a minute; ``make`` does it at set-up.

    Moves are tried in this order: the best move the transposition table remembers for the
    position (from the previous iteration), then the moves that take the most seeds now. The
    transposition table maps each position met (its board, player to move and captures: the
    rest of a position does not change during a game) to its children, its value with the
    depth searched and the kind of bound, and its best move. It starts empty at every
    ``choose()``, so a choice depends only on the position, the settings and the seed; the
    seed shuffles the moves at the root, so equally good moves vary between seeds. Positions
    reached by different paths share an entry even if their repetition histories (R4.3) or their
    plies without a capture (``quiet_plies``, which the quiet limit counts) differ: the value
    of the first path searched is reused for the others.

    A move costs at most ``max_laps`` laps (R2.8; 1,000 by default), so a relay of millions of
    laps costs the search no more than any other move. Without a lap limit
    (``max_laps=None``) the compiled search follows a move up to
    :data:`hoyito_edu.fastsearch.MAX_LAP_ROOM` laps and raises a ValueError on a longer one,
    rather than running for hours; the engine path (``compiled=False``, and the positions the
    compiled path does not take) plays such a move to its end, however long that takes.

    >>> import hoyito_edu as hy
    >>> pos = hy.new_game("hoyito-ii", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    >>> SearchPlayer(max_depth=3, seed=0).choose(pos)
    2
    """

    def __init__(
        self,
        seed: int | None = None,
        max_depth: int | None = None,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        name: str = "search",
        compiled: bool = True,
        playouts: int | None = None,
    ) -> None:
        max_depth = _check_budget("max_depth", max_depth, MAX_DEPTH)
        max_nodes = _check_budget("max_nodes", max_nodes, MAX_NODES)
        time_limit = _check_time_limit(time_limit)
        self.playouts = _check_budget("playouts", playouts, MAX_NODES)
        if not isinstance(compiled, bool):
            raise ValueError(f"compiled must be True or False, not {compiled!r}")
        if max_depth is None and max_nodes is None and time_limit is None:
            max_depth = 4
        if max_nodes is None and time_limit is None and max_depth > DEPTH_WITHOUT_BUDGET:
            raise ValueError(
                f"max_depth={max_depth} with neither max_nodes nor time_limit could search for "
                f"hours: search deeper than {DEPTH_WITHOUT_BUDGET} only with a budget, e.g. "
                f"max_nodes=1_000_000 or time_limit=1.0"
            )
        self.name = _check_name(name)
        self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)
        self.max_depth = 100 if max_depth is None else max_depth
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.compiled = compiled
        self._compiled = None  # the compiled search's work space, made on first use
        #: What the last choose() did: depth finished, nodes spent, value and seconds.
        self.last_search: dict[str, Any] = {}

    def __repr__(self) -> str:
        return (
            f"<SearchPlayer {self.name!r} seed={self.seed} max_depth={self.max_depth} "
            f"max_nodes={self.max_nodes} time_limit={self.time_limit}>"
        )

    # -- the root ----------------------------------------------------------------------
    def choose(self, position: Position) -> int:
        legal = _check_playable(position)
        started = time.perf_counter()
        self._deadline = None
        if self.time_limit is not None:  # with playouts, a fifth of the time is left for them
            share = 1.0 if self.playouts is None else 1.0 - TIE_SHARE
            self._deadline = started + share * self.time_limit
        self._work = self._visits = 0
        self._table: dict[tuple, _Entry] = {}
        order = list(legal)
        self.rng.shuffle(order)
        best, value, done = order[0], 0, 0
        self._budget = self.max_nodes
        found, root_values = None, {}
        if len(legal) > 1 and self.compiled:
            found = self._search_compiled(position, order)
        if found is not None:
            best, value, done = found["best"], found["value"], found["depth"]
            self._work, self._visits = found["work"], found["visits"]
            value_of = self._compiled.child_value
        elif len(legal) > 1:
            value_of = self._child_value
            alive: dict[int, int] = {}
            for depth in range(1, self.max_depth + 1):
                self._unlimited = depth == 1  # always finish depth 1: never a blind move
                try:
                    found_value, found_best = self._root(position, depth, order, best)
                except _OutOfBudget:
                    break
                done, root_values = depth, self._root_values
                value, best, stop = next_iteration(
                    value, best, found_value, found_best, depth, root_values, alive
                )
                if stop:
                    break
        if found is not None:
            root_values = found["root_values"]
        tie = None
        if self.playouts is not None and done >= 2 and -WIN < value < WIN:
            end = None if self.time_limit is None else started + self.time_limit
            tie = self._break_tie(position, value, root_values, end)
            best = best if tie is None else tie
        trap = None
        if done >= 2 and value < WIN:
            self._unlimited = False
            self._budget = None if self.max_nodes is None else self._spent() + self.max_nodes // 2
            if found is not None:
                self._compiled.budget = self._budget
            trap = self._set_trap(position, order, best, value, done, root_values, value_of)
            best = best if trap is None else trap
            if found is not None:
                self._work, self._visits = self._compiled.spent()
        self.last_search = {
            "depth": done,
            "nodes": self._spent(),
            "value": value,
            "trap": trap,
            "tie": tie,
            "seconds": time.perf_counter() - started,
            "compiled": found is not None,
        }
        self._table = {}
        return best

    def _spent(self) -> int:
        return self._work + self._visits // 10

    def _break_tie(self, position: Position, value: int, root_values: dict[int, int],
                   end: float | None):  # fmt: skip
        """Among the root moves worth ``value`` (two or more), the one that Monte Carlo tree
        search (``self.playouts`` playouts, seeded from this player's generator, stopped at
        ``end`` on the clock if that comes first) visits most; None when there is no tie or
        the compiled kernel does not take the position."""
        from .fastsearch import supports
        from .mcts import MCTSPlayer

        ties = [hole for hole, found in root_values.items() if found == value]
        if len(ties) < 2 or not supports(position):
            return None
        left = None if end is None else max(1e-3, end - time.perf_counter())
        sampler = MCTSPlayer(seed=self.rng.getrandbits(32), playouts=self.playouts, time_limit=left)
        sampler.choose(position)
        stats = sampler.last_search["root"]
        return max(sorted(ties), key=lambda hole: stats.get(hole, (0, 0.0)))

    def _set_trap(self, position, order, best, value, depth, root_values, value_of):
        """A move that sets a trap, or None. The candidates are the moves as good as ``best``
        (worth ``value`` at ``depth``; ``root_values`` holds the exact value of each such move),
        or every move when the search found that all of them lose. The first candidate, ``best``
        first, whose most tempting reply (the one that takes the most seeds at once) is a
        mistake is chosen: after that reply the mover is better off than ``value`` (than a
        forced loss, when losing). None also when the budget runs out first."""
        if value <= -WIN:  # a trap that wins first, else one that escapes the loss
            candidates = [best] + [h for h in order if h != best]
            return self._trap_among(position, candidates, 0, depth, value_of) or self._trap_among(
                position, candidates, -WIN, depth, value_of
            )
        candidates = [best] + [h for h in order if h != best and root_values.get(h) == value]
        return self._trap_among(position, candidates, value, depth, value_of)

    def _trap_among(self, position, candidates, threshold, depth, value_of):
        me = position.player
        if len(candidates) == 1:
            return None
        try:
            for hole in candidates:
                child = position.play(hole)
                if child.is_over or child.player == me:  # no reply to be tempted by
                    continue
                replies = [child.play(reply) for reply in child.legal_moves()]
                top = max(_gain(child, after) for after in replies)
                # the opponent's value after each tempting reply, tested against
                # -threshold - 1: at most that means the mover gets more than ``threshold``
                if all(
                    value_of(child, after, depth - 2, -threshold - 1, -threshold) <= -threshold - 1
                    for after in replies
                    if _gain(child, after) == top
                ):
                    return hole
        except _OutOfBudget:
            return None
        return None

    def _search_compiled(self, position: Position, order: list[int]) -> dict | None:
        """The whole iterative deepening in :mod:`hoyito_edu.fastsearch`; None where it does not
        apply (then the engine path searches)."""
        from . import fastsearch  # compiling it takes a while: only when a search needs it

        if not fastsearch.supports(position):
            return None
        if self._compiled is None:
            self._compiled = fastsearch.CompiledSearch()
        return self._compiled.search(
            position, order, self.max_depth, self.max_nodes, self._deadline
        )

    def _root(self, position: Position, depth: int, order: list[int], previous: int):
        entry = self._entry(position)
        kids = dict(entry.children)
        gain = {hole: _gain(position, child) for hole, child in kids.items()}
        holes = sorted(order, key=lambda hole: (hole != previous, -gain[hole]))
        alpha, beta = -3 * WIN, 3 * WIN
        best_value, best = alpha, previous
        self._root_values = {}
        for hole in holes:
            # one below the best so far: a move as good as the best gets its exact value too
            low = alpha - 1 if alpha > -3 * WIN else alpha
            value = self._root_values[hole] = self._child_value(
                position, kids[hole], depth - 1, low, beta
            )
            if value > best_value:
                best_value, best = value, hole
                alpha = value
        entry.store(depth, best_value, _EXACT, best)
        return best_value, best

    # -- the tree ----------------------------------------------------------------------
    def _child_value(self, parent: Position, child: Position, depth: int, alpha: int, beta: int):
        if child.player == parent.player:  # extra turn, or the opponent passes: same side
            return self._negamax(child, depth, alpha, beta)
        return -self._negamax(child, depth, -beta, -alpha)

    def _negamax(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        if position.outcome is not None:
            return terminal_value(position)
        if depth <= 0:
            return evaluate(position)
        entry = self._entry(position)
        if entry.depth >= depth:
            if entry.flag == _EXACT:
                return entry.value
            if entry.flag == _LOWER and entry.value >= beta:
                return entry.value
            if entry.flag == _UPPER and entry.value <= alpha:
                return entry.value
        kids = entry.children
        if entry.best is not None and kids[0][0] != entry.best:
            kids = sorted(kids, key=lambda kid: kid[0] != entry.best)  # stable sort
        original_alpha = alpha
        best_value, best = -3 * WIN, kids[0][0]
        for hole, child in kids:
            value = self._child_value(position, child, depth - 1, alpha, beta)
            if value > best_value:
                best_value, best = value, hole
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best_value <= original_alpha:
            flag = _UPPER
        elif best_value >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        entry.store(depth, best_value, flag, best)
        return best_value

    def _entry(self, position: Position) -> _Entry:
        """The table entry of ``position``, expanding it (all its children) on first sight."""
        key = (position.board, position.player, position.captures)
        entry = self._table.get(key)
        self._visits += 1
        if entry is None:
            children = []
            for hole in position.legal_moves():
                self._work += 1
                children.append((hole, position.play(hole)))
            children.sort(key=lambda kid: -_gain(position, kid[1]))  # captures first
            entry = self._table[key] = _Entry(children)
        if not self._unlimited:
            if self._budget is not None and self._work + self._visits // 10 > self._budget:
                raise _OutOfBudget
            if self._deadline is not None and time.perf_counter() > self._deadline:
                raise _OutOfBudget
        return entry


#: The deepest search :class:`SearchPlayer` takes (``max_depth``; also its depth when only a
#: node or time budget is given). The compiled search stops at 119 plies.
MAX_DEPTH = 100
#: The deepest search allowed without a node or time budget (deeper ones can run for hours).
DEPTH_WITHOUT_BUDGET = 16
#: The largest node budget (``max_nodes``): about a month of compiled search.
MAX_NODES = 10**12
#: The longest ``time_limit``, in seconds: a day.
MAX_TIME_LIMIT = 86_400


def _check_budget(what: str, value: object, most: int) -> int | None:
    if value is None:
        return None
    number = as_whole(value)
    if number is None:
        raise ValueError(f"{what} must be None or a whole number from 1 to {most:,}, not {value!r}")
    if not 1 <= number <= most:
        raise ValueError(f"{what} must be at least 1 and at most {most:,}, not {number!r}")
    return number


def _check_time_limit(value: object) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not 0 < value <= MAX_TIME_LIMIT
        or math.isnan(value)
    ):
        raise ValueError(
            f"time_limit must be None or a number of seconds above 0 and at most "
            f"{MAX_TIME_LIMIT:,} (a day), not {value!r}"
        )
    return float(value)


class _Entry:
    """Transposition table entry: children, then value, depth, bound kind and best move."""

    __slots__ = ("children", "depth", "value", "flag", "best")

    def __init__(self, children: list[tuple[int, Position]]) -> None:
        self.children = children
        self.depth, self.value, self.flag, self.best = -1, 0, _EXACT, None

    def store(self, depth: int, value: int, flag: int, best: int) -> None:
        self.depth, self.value, self.flag, self.best = depth, value, flag, best


def _gain(parent: Position, child: Position) -> int:
    """Seeds the mover gains over the opponent by the move from ``parent`` to ``child``."""
    me = parent.player
    before, after = parent.captures, child.captures
    return (after[me] - before[me]) - (after[1 - me] - before[1 - me])


# -- the registry ------------------------------------------------------------------------
#: The share of a ``time_limit`` a search with ``playouts`` leaves for them (see SearchPlayer):
#: at 1 s a move, 50 ms, more than 2,000 playouts take on the project's machine.
TIE_SHARE = 0.05
#: Plies the ``intermediate`` level searches.
INTERMEDIATE_DEPTH = 2
#: Work budget of the ``expert`` level (see :class:`SearchPlayer`, ``max_nodes``): on the
#: project's 2-core machine a fraction of a second a move, 12 to 25 moves deep in the games
#: traced while tuning it (``benchmarks/agents.py`` prints times and depths).
EXPERT_NODES = 100_000
#: Playouts the ``expert`` level spends choosing among equally good moves (see SearchPlayer;
#: a few hundredths of a second).
EXPERT_PLAYOUTS = 2_000

_FACTORIES: dict[str, Callable[..., Player]] = {
    "random": lambda seed=None, **kw: RandomPlayer(seed=seed, **kw),
    "greedy": lambda seed=None, **kw: GreedyPlayer(seed=seed, **kw),
    "search": lambda seed=None, **kw: SearchPlayer(seed=seed, **kw),
    "beginner": lambda seed=None, **kw: RandomPlayer(
        seed=seed, **{"capture_bias": 0.5, "name": "beginner", **kw}
    ),
    "intermediate": lambda seed=None, **kw: SearchPlayer(
        seed=seed, **{"max_depth": INTERMEDIATE_DEPTH, "name": "intermediate", **kw}
    ),
    "expert": lambda seed=None, **kw: SearchPlayer(
        seed=seed,
        **{"max_nodes": EXPERT_NODES, "playouts": EXPERT_PLAYOUTS, "name": "expert", **kw},
    ),
    "mcts": lambda seed=None, **kw: _mcts_player(seed=seed, **kw),
}


def _mcts_player(**settings: Any) -> Player:
    """The ``mcts`` level (imported here: :mod:`hoyito_edu.mcts` imports this module)."""
    from .mcts import MCTSPlayer

    return MCTSPlayer(**settings)


#: What each name does, for help texts and the README table (English; :func:`describe` gives
#: the line in the current language).
DESCRIPTIONS: dict[str, str] = {
    "random": N_("a uniformly random legal move"),
    "greedy": N_("the move that takes the most seeds now (one move ahead); random among ties"),
    "search": N_("alpha-beta search; 4 moves deep unless max_depth, max_nodes or time_limit say"),
    "beginner": N_("random, but half the time takes the biggest capture on offer"),
    "intermediate": N_("alpha-beta search 2 moves deep: sees the reply to its move"),
    "expert": N_(
        "deep alpha-beta (compiled) with a fixed work budget; Monte Carlo playouts choose "
        "among equally good moves, and it sets traps for greedy replies when that costs nothing"
    ),
    "mcts": N_(
        "Monte Carlo tree search (UCT, random playouts, compiled); 1 s a move unless "
        "playouts or time_limit say"
    ),
}


def describe(name: str) -> str:
    """What the player ``name`` does, in the current language (see :data:`DESCRIPTIONS`).

    >>> describe("greedy")
    'the move that takes the most seeds now (one move ahead); random among ties'
    """
    if name not in DESCRIPTIONS:
        raise ValueError(f"unknown player {name!r}; the players are {', '.join(DESCRIPTIONS)}")
    return gettext(DESCRIPTIONS[name])


def available() -> tuple[str, ...]:
    """The names :func:`player` accepts.

    >>> "greedy" in available()
    True
    """
    return tuple(_FACTORIES)


#: The settings each name takes besides ``seed`` (see the classes).
SETTINGS: dict[str, tuple[str, ...]] = {
    "random": ("capture_bias", "name"),
    "greedy": ("name",),
    "search": ("max_depth", "max_nodes", "time_limit", "compiled", "playouts", "name"),
    "mcts": ("time_limit", "playouts", "exploration", "name"),
}
SETTINGS.update(
    beginner=SETTINGS["random"], intermediate=SETTINGS["search"], expert=SETTINGS["search"]
)


def player(name: str, /, seed: int | None = None, **settings: Any) -> Player:
    """A computer opponent by name, seeded for repeatable games.

    Args:
        name: one of :func:`available` (case-insensitive).
        seed: seeds the player's own random generator: a whole number from 0, or ``None`` for
            a fresh one.
        **settings: passed to the player's class (e.g. ``capture_bias=0.8`` for ``"random"``;
            :data:`SETTINGS` lists them). A setting the player does not take is a ValueError.

    >>> import hoyito_edu as hy
    >>> hy.player("greedy", seed=2).name
    'greedy'
    >>> hy.player("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'chess'; the players are random, greedy, ...
    """
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _FACTORIES:
        raise ValueError(f"unknown player {name!r}; the players are {', '.join(_FACTORIES)}")
    unknown = sorted(set(settings) - set(SETTINGS[key]))
    if unknown:
        raise ValueError(
            f"the {key} player takes no setting {', '.join(unknown)}; its settings are seed, "
            f"{', '.join(SETTINGS[key])}"
        )
    return _FACTORIES[key](seed=seed, **settings)


#: The names :func:`player` accepts (the same as :func:`available`).
PLAYER_NAMES_AVAILABLE: tuple[str, ...] = available()
