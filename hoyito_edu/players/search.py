"""The readable alpha-beta search (:class:`SearchPlayer`): the ``search``, ``intermediate``
and ``expert`` levels. It plays its moves through the engine, or hands the whole search to
the compiled copy in :mod:`hoyito_edu.compiled.search` where that applies.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..compiled.values import (
    EXACT,
    LOWER,
    UPPER,
    WIN,
    OutOfBudget,
    decided_value,
    next_iteration,
)
from ..engine.checks import shown
from ..engine.events import Reason
from ..engine.position import Position
from .simple import (
    DEPTH_WITHOUT_BUDGET,
    MAX_DEPTH,
    MAX_NODES,
    check_budget,
    check_name,
    check_playable,
    check_seed,
    check_time_limit,
)

#: The share of a ``time_limit`` a search with ``playouts`` leaves for them (see SearchPlayer):
#: at 1 s a move, 50 ms, more than 2,000 playouts take on the project's machine.
TIE_SHARE = 0.05
#: Holes a row of the board whose tie-breaks play all of ``playouts``. A random game on 2x12
#: lasts so much longer that 2,000 playouts took 0.4 to 0.8 s there (median over positions of
#: random games, Hoyito I and II; 0.04 to 0.06 s on 2x6), which made the expert's median move
#: longer than a second; on a board with more holes a row the tie-break plays ``playouts``
#: times (TIE_HOLES / holes a row) squared.
TIE_HOLES = 6

def terminal_value(position: Position) -> int:
    """A finished game from the side of ``position.player``: ``WIN`` plus the score margin for a
    win, minus that for a loss, the margin (0) for a draw.

    Every ending is valued so, by its score: the final four, Ba-awa's last eight, an endless
    move or one stopped at the lap limit (R2.8), an agreement or the quiet limit (R4.5), where
    each player has taken the seeds in their own holes.

    >>> import hoyito_edu as hy
    >>> ended = hy.new_game("hoyito-i").play(0).end_by_agreement()
    >>> ended.outcome.score, ended.player, terminal_value(ended)
    ((23, 25), 1, 10002)

    A repetition (R4.3) is valued by its margin alone, as an unfinished game is: whether a
    position occurs a third time depends on the path that led to it, which the transposition
    table does not tell apart, so a win or loss counted as proven through it could be wrong for
    another path (and was: Hoyito I, South to move on ``[0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 0, 0]``,
    came out lost by 2, 4 or 6 "proven", or unproven, by the order of the root's moves). A
    proven result rests on endings that do not depend on the path.
    """
    me = position.player
    score = position.outcome.score
    margin = score[me] - score[1 - me]
    if position.outcome.reason == Reason.REPETITION:
        return margin
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

    With ``endgames=True`` (the ``expert`` level), a position that a perfect-endgame table
    already built holds (few seeds left; :mod:`hoyito_edu.analysis.endgames`, whose tables are
    built by ``scripts/endgame_tables.py`` and never during a move) is played by the table: a
    best move, chosen by the seed among equally good ones, without searching;
    ``last_search["endgame"]`` is then True.

    With ``playouts`` (the ``expert`` level has :data:`EXPERT_PLAYOUTS`), ties are broken by
    random games: when two or more moves are worth the best value and the game is not decided
    (no forced win or loss found), Monte Carlo tree search (:mod:`hoyito_edu.players.mcts`, that
    many
    playouts, seeded from this player's generator) chooses among them, the one it visits most;
    the traps come after. The score lead cannot tell moves apart while no capture is in sight;
    games played out to the end can. With a ``time_limit`` the search leaves the last
    :data:`TIE_SHARE` of it to the playouts (which stop at the limit if they are not done).
    On boards with more than :data:`TIE_HOLES` holes a row, fewer playouts are played (see it).
    ``last_search["tie"]`` is the hole so chosen, or None (no tie, or a position the compiled
    kernel does not take).

    With ``stop_when_decided=True`` a position whose winner is already decided (a lead larger
    than the seeds left on the board: :func:`~hoyito_edu.compiled.values.decided_value`) is
    valued as a proven win or loss by that bound without being searched further. It is for
    proofs of who wins (``scripts/perfect_play.py``): proofs get shorter, while the margin
    proven is only the bound, so a player that plays for the final score leaves it off, as
    every level does.

    Budgets:

    - ``max_nodes``: work, counted the same on every machine, so the choice is repeatable.
      Each move played on a position's first expansion costs 1, and every 10 visits of
      positions cost 1.
    - ``time_limit``: seconds of wall time. Faster or slower machines then search deeper or
      shallower, so the choice may differ from run to run.

    ``compiled=True`` (the default) runs the whole search in :mod:`hoyito_edu.compiled.search`, a
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
    :data:`hoyito_edu.compiled.search.MAX_LAP_ROOM` laps and raises a ValueError on a longer one,
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
        endgames: bool = False,
        stop_when_decided: bool = False,
    ) -> None:
        max_depth = check_budget("max_depth", max_depth, MAX_DEPTH)
        max_nodes = check_budget("max_nodes", max_nodes, MAX_NODES)
        time_limit = check_time_limit(time_limit)
        self.playouts = check_budget("playouts", playouts, MAX_NODES)
        if not isinstance(compiled, bool):
            raise ValueError(f"compiled must be True or False, not {compiled!r}")
        if not isinstance(endgames, bool):
            raise ValueError(f"endgames must be True or False, not {endgames!r}")
        if not isinstance(stop_when_decided, bool):
            raise ValueError(
                f"stop_when_decided must be True or False, not {stop_when_decided!r}"
            )
        self.stop_when_decided = stop_when_decided
        self.endgames = endgames
        if max_depth is None and max_nodes is None and time_limit is None:
            max_depth = 4
        if max_nodes is None and time_limit is None and max_depth > DEPTH_WITHOUT_BUDGET:
            raise ValueError(
                f"max_depth={max_depth} with neither max_nodes nor time_limit could search for "
                f"hours: search deeper than {DEPTH_WITHOUT_BUDGET} only with a budget, e.g. "
                f"max_nodes=1_000_000 or time_limit=1.0"
            )
        self.name = check_name(name)
        self.seed = check_seed(seed)
        self.rng = random.Random(self.seed)
        self.max_depth = 100 if max_depth is None else max_depth
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.compiled = compiled
        self._compiled = None  # the compiled search's work space, made on first use
        self.stopped = False  # see stop()
        #: What the last choose() did: depth finished, nodes spent, value and seconds.
        self.last_search: dict[str, Any] = {}

    def __repr__(self) -> str:
        return (
            f"<SearchPlayer {self.name!r} seed={shown(self.seed)} max_depth={self.max_depth} "
            f"max_nodes={self.max_nodes} time_limit={self.time_limit}>"
        )

    # -- stopping from another thread ----------------------------------------------------
    def stop(self) -> None:
        """End a :meth:`choose` running in another thread soon (nobody wants its move any
        more: a new game began). It returns within a few hundred moves of search, with a legal
        move that is not searched (depth 1 at most). Stays stopped until :meth:`resume`.

        >>> import hoyito_edu as hy
        >>> expert = hy.player("expert", seed=1)
        >>> expert.stop()
        >>> expert.choose(hy.new_game("hoyito-i")) in range(6), expert.last_search["depth"] <= 1
        (True, True)
        >>> expert.resume()
        """
        self.stopped = True
        if self._compiled is not None:
            self._compiled.stop()

    def resume(self) -> None:
        """Search fully again (after :meth:`stop`)."""
        self.stopped = False
        if self._compiled is not None:
            self._compiled.resume()

    # -- the root ----------------------------------------------------------------------
    def choose(self, position: Position) -> int:
        legal = check_playable(position)
        started = time.perf_counter()
        if self.endgames:  # a perfect move from a cached endgame table, where one holds it
            from ..analysis.endgames import best_play

            perfect = best_play(position)
            if perfect is not None and perfect["best"]:
                self.last_search = {"depth": 0, "nodes": 0, "value": perfect["value"],
                                    "trap": None, "tie": None, "endgame": True,
                                    "seconds": time.perf_counter() - started,
                                    "compiled": False}
                return self.rng.choice(sorted(perfect["best"]))
            # The first look-up in a process loads the table from disk (a few tenths of a
            # second for 12 seeds): that is not the search's time.
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
                if self.stopped and depth > 1:
                    break
                self._unlimited = depth == 1  # always finish depth 1: never a blind move
                try:
                    found_value, found_best = self._root(position, depth, order, best)
                except OutOfBudget:
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
        if self.playouts is not None and done >= 2 and -WIN < value < WIN and not self.stopped:
            end = None if self.time_limit is None else started + self.time_limit
            tie = self._break_tie(position, value, root_values, end)
            best = best if tie is None else tie
        trap = None
        if done >= 2 and value < WIN and not self.stopped:
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
                   end: float | None):
        """Among the root moves worth ``value`` (two or more), the one that Monte Carlo tree
        search (``self.playouts`` playouts, seeded from this player's generator, stopped at
        ``end`` on the clock if that comes first) visits most; None when there is no tie or
        the compiled kernel does not take the position."""
        from ..compiled.search import supports
        from .mcts import MCTSPlayer

        ties = [hole for hole, found in root_values.items() if found == value]
        if len(ties) < 2 or not supports(position):
            return None
        left = None if end is None else max(1e-3, end - time.perf_counter())
        holes = position.holes_per_row
        playouts = max(1, self.playouts * min(TIE_HOLES, holes) ** 2 // holes**2)
        sampler = MCTSPlayer(seed=self.rng.getrandbits(32), playouts=playouts, time_limit=left)
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
        except OutOfBudget:
            return None
        return None

    def _search_compiled(self, position: Position, order: list[int]) -> dict | None:
        """The whole iterative deepening in :mod:`hoyito_edu.compiled.search`; None where it
        does not apply (then the engine path searches)."""
        from ..compiled import search as compiled  # loads numba: only when a search needs it

        if not compiled.supports(position):
            return None
        if self._compiled is None:
            self._compiled = compiled.CompiledSearch()
            if self.stopped:  # stop() came before the work space: it stops the search too
                self._compiled.stop()
        return self._compiled.search(
            position, order, self.max_depth, self.max_nodes, self._deadline,
            stop_when_decided=self.stop_when_decided,
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
        entry.store(depth, best_value, EXACT, best)
        return best_value, best

    # -- the tree ----------------------------------------------------------------------
    def _child_value(self, parent: Position, child: Position, depth: int, alpha: int, beta: int):
        if child.player == parent.player:  # extra turn, or the opponent passes: same side
            return self._negamax(child, depth, alpha, beta)
        return -self._negamax(child, depth, -beta, -alpha)

    def _negamax(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        if position.outcome is not None:
            return terminal_value(position)
        if self.stop_when_decided:
            settled = decided_value(evaluate(position), sum(position.board))
            if settled:
                return settled
        if depth <= 0:
            return evaluate(position)
        entry = self._entry(position)
        if entry.depth >= depth:
            if entry.flag == EXACT:
                return entry.value
            if entry.flag == LOWER and entry.value >= beta:
                return entry.value
            if entry.flag == UPPER and entry.value <= alpha:
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
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        else:
            flag = EXACT
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
            if self.stopped:
                raise OutOfBudget
            if self._budget is not None and self._work + self._visits // 10 > self._budget:
                raise OutOfBudget
            if self._deadline is not None and time.perf_counter() > self._deadline:
                raise OutOfBudget
        return entry


#: The deepest search :class:`SearchPlayer` takes (``max_depth``; also its depth when only a


class _Entry:
    """Transposition table entry: children, then value, depth, bound kind and best move."""

    __slots__ = ("children", "depth", "value", "flag", "best")

    def __init__(self, children: list[tuple[int, Position]]) -> None:
        self.children = children
        self.depth, self.value, self.flag, self.best = -1, 0, EXACT, None

    def store(self, depth: int, value: int, flag: int, best: int) -> None:
        self.depth, self.value, self.flag, self.best = depth, value, flag, best


def _gain(parent: Position, child: Position) -> int:
    """Seeds the mover gains over the opponent by the move from ``parent`` to ``child``."""
    me = parent.player
    before, after = parent.captures, child.captures
    return (after[me] - before[me]) - (after[1 - me] - before[1 - me])


# -- the registry ------------------------------------------------------------------------
