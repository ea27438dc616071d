"""The search player's compiled path: the alpha-beta of :class:`~hoyito_edu.SearchPlayer`, step
for step, in a numba loop that searches about a hundred times more positions per second.

Moves are played by the compiled rules kernel (:mod:`hoyito_edu.compiled.kernel`, shared with the
fast simulator, the mcts playouts and the proof search, and checked against the engine by
``tests/conformance.py``): :func:`play_child`, the one compiled function both searches play a
move with, calls the kernel's ``play_move`` in its ``READ`` mode (the sowing and what
``Position.sow`` does after it: Ba-awa's last eight, passes, the repetition rule, the quiet
limit). The repetition rule reads
the count in the kernel's position table (``Moves.path``), which holds the game's history and
the path being searched (a child is counted on the way down and taken off on the way back).
``tests/test_fastsearch.py`` checks that both paths of the search choose the same move with the
same value on random positions of every variant.

The algorithm is the one :class:`~hoyito_edu.SearchPlayer` documents: negamax with alpha-beta,
a transposition table keyed by board, player to move and captures, the same move ordering
(the table's best move, then the most seeds gained now), the same leaf values and the same
budget (one unit per move played when a position is first expanded, one per ten visits).
Two things differ and only change the speed: the table is a fixed-size hash table rather than
a dict, and a position's moves are played again at each visit rather than kept, only as far
as needed (a stored value that settles a position is used before any move is played, and the
table's best move is searched before the others are played). A third is
rare: the repetition rule (R4.3) is applied with the history of the path being searched,
where the engine path keeps the history of the first path that reached a position.

The lap limit (R2.8, rule option ``max_laps``) and the quiet limit (R4.5, ``quiet_limit``) are
applied as the engine applies them, so a move that would relay for millions of laps costs at
most ``max_laps`` laps here too. Like the engine path's, the transposition table ignores how
many plies without a capture led to a position (``Position.quiet_plies``). With
``max_laps=None`` the lap table grows as a move needs it, up to :data:`MAX_LAP_ROOM` laps; a
move longer than that is refused with a ValueError rather than searched for minutes or hours.

:func:`supports` says which positions it takes: single games and Ba-awa or Hoyito match games
with all holes open and owned by their row, except Hoyito III games whose last four go to the
previous winner (R4.1, round 3 on). The search player uses the engine path for the others.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from . import kernel as kn
from .kernel import njit

try:
    from numba import objmode
except ImportError:  # pragma: no cover - numba is a dependency; supports() says False then
    objmode = None
from ..engine.position import Position
from ..engine.rules import DEFAULT_MAX_LAPS
from .values import EXACT, LOWER, UPPER, WIN, OutOfBudget, decided_value, next_iteration

_INF = 3 * WIN

#: Plies below the root the compiled search has room for; deeper iterations are not started.
MAX_PLY = 120
#: Transposition table slots (a power of two; 40 bytes each, 10 MB in all).
TABLE_SLOTS = 1 << 18
_PROBES = 4
#: Laps one move may have before the lap table is made larger (R2.8 needs every lap start):
#: room for the default lap limit of 1,000 laps.
_LAP_ROOM = 1 << 12
#: The most laps the compiled search follows in one move when the rules allow more (a lap
#: limit above it, or none): about 70 MB of lap table on 2x12.
MAX_LAP_ROOM = 1 << 18

# ctx: counters and settings of one search
_WORK, _VISITS, _BUDGET, _ABORT, _OVERFLOW, _STARTER, _SUR0, _SUR1, _UNLIMITED = range(9)
_BEST, _CLOCK = 9, 10
_ROOT = 11  # ctx[_ROOT + i]: the value found for the root's move from its i-th hole
_DECIDED = _ROOT + 12  # 1: a decided position is a proven result (values.decided_value)
_CTX = _DECIDED + 1
# a position row (nodes[ply] and kids[ply, i]): the board (2n values), then these fields
_CAP0, _CAP1, _PLAYER, _END, _HOLE, _GAIN, _QUIET = range(7)
_FIELDS = 7
# tt_data[slot, :]
_T_DEPTH, _T_VALUE, _T_FLAG, _T_BEST = range(4)

_M3 = np.uint64(0x9FB21C651E98DF25)
_CAP_STEP = np.uint64(0xC2B2AE3D27D4EB4F)


def supports(position: Position) -> bool:
    """True if the compiled path can search ``position`` (see the module's docstring).

    >>> import hoyito_edu as hy
    >>> supports(hy.new_game("hoyito-ii"))
    True
    """
    return kn.HAVE_NUMBA and kn.plays(position)


# -- one move ----------------------------------------------------------------------------------
class Moves(NamedTuple):
    """What a compiled search plays its moves with: the kernel's
    :class:`~hoyito_edu.compiled.kernel.Setup`, a :class:`~hoyito_edu.compiled.kernel.Tally`
    (captures added up, none kept), the table of lap starts (R2.8), and ``path``: the
    positions since the game's last capture, then those of the path searched
    (:func:`~hoyito_edu.compiled.kernel.position_table`, for the repetition rule)."""

    setup: kn.Setup
    tally: kn.Tally
    laps: kn.Positions
    path: kn.Positions


class Tree(NamedTuple):
    """A search's rows: ``nodes[ply]`` the position at each ply of the path, ``kids[ply]`` its
    children, ``orders[ply]`` the order they are searched in. A row is the board (2n values),
    then the fields ``_CAP0`` ... ``_QUIET``."""

    nodes: np.ndarray
    kids: np.ndarray
    orders: np.ndarray


class Table(NamedTuple):
    """A transposition table: two independent keys a slot, and its data."""

    keys: np.ndarray
    check: np.ndarray
    data: np.ndarray


def moves_for(position: Position, lap_table: kn.Positions, history, room: int) -> Moves:
    """The :class:`Moves` of a search from ``position``: its rules and board size, and a path
    table counting ``history`` (the (board, player) of the positions since the game's last
    capture, ``position`` last) with room for ``room`` more positions."""
    n = position.holes_per_row
    tally = kn.Tally(np.zeros(kn.ACC_SIZE, dtype=np.int64), np.zeros(8, dtype=np.int64),
                     np.zeros((2, 1), dtype=np.int32), np.zeros((2, 1), dtype=np.int16),
                     np.zeros((4, 1), dtype=np.int8))  # no capture is kept
    return Moves(kn.setup(position.rules, n), tally, lap_table,
                 path_table(history, n, room))


def path_table(history, n: int, room: int) -> kn.Positions:
    """A position table counting ``history`` ((board, player) since the last capture), with
    room for ``room`` more positions (a path searched below it)."""
    rows = np.zeros((len(history), 2 * n + 1), dtype=np.int64)
    for i, (board, player) in enumerate(history):
        rows[i, : 2 * n], rows[i, 2 * n] = board, player
    table = kn.position_table(len(history) + room)
    kn.count_rows(table, rows, n)
    return table


@njit(**kn.ENTRY_OPTIONS)
def play_child(moves, node, hole, out, starter):
    """``Position.sow`` without the record, for both compiled searches (this one and
    :mod:`hoyito_edu.compiled.proof`): play ``hole`` in the row ``node`` into the row ``out``
    (board, captures, next player, end code or -1, the hole, the seeds gained, plies without
    a capture) with :func:`~hoyito_edu.compiled.kernel.play_move` in its ``READ`` mode (the
    repetition count read in ``moves.path``, the table unchanged). Returns 1 if the move had
    more laps than the lap table holds (``out`` is not usable then), else 0.

    Compiled once, on its own, and called by both searches: each copy of the kernel inlined
    in a caller costs about a minute of compiling (``benchmarks/compile_time.py``)."""
    setup, tally = moves.setup, moves.tally
    n = setup.n
    size = 2 * n
    player = node[size + _PLAYER]
    lo, hi, lo2, hi2 = kn.pack(node, n)
    inplay = 0
    for h in range(size):
        inplay += node[h]
    acc = tally.acc
    acc[kn.ACC_CAP0], acc[kn.ACC_CAP1] = node[size + _CAP0], node[size + _CAP1]
    board, moved = kn.play_move(setup, kn.Board(lo, hi, lo2, hi2, inplay), player, hole,
                                starter, node[size + _QUIET], tally, kn.READ, moves.laps,
                                moves.path)
    if not moved.ok:
        return 1
    if moved.took:
        for k in range(8):
            tally.mtake[k] = 0
    kn.unpack(board, n, out)
    out[size + _CAP0], out[size + _CAP1] = acc[kn.ACC_CAP0], acc[kn.ACC_CAP1]
    out[size + _QUIET] = moved.quiet
    out[size + _PLAYER] = moved.player if moved.end < 0 else 1 - player
    out[size + _END] = moved.end
    out[size + _HOLE] = hole
    out[size + _GAIN] = (acc[player] - node[size + player]) - (
        acc[1 - player] - node[size + 1 - player])
    return 0


@njit(inline="always")
def _play(moves, ctx, node, hole, out):
    """:func:`play_child` with this search's starter; sets ``ctx[_OVERFLOW]`` and returns 1
    if the move had more laps than the lap table holds, else 0."""
    if play_child(moves, node, hole, out, ctx[_STARTER]):
        ctx[_OVERFLOW] = 1
        return 1
    return 0


@njit(inline="always")
def _count(path, row, n, count):
    """Count the position of ``row`` in the path table (``count``), or take it off again."""
    lo, hi, lo2, hi2 = kn.pack(row, n)
    if count:
        kn.count_position(path, lo, hi, lo2, hi2, row[2 * n + _PLAYER])
    else:
        kn.uncount_position(path, lo, hi, lo2, hi2, row[2 * n + _PLAYER])


_decided_value = njit(inline="always")(decided_value)  # the same function, compiled


@njit(inline="always")
def _decided(row, n, ctx):
    """:func:`~hoyito_edu.compiled.values.decided_value` of a position row (0: not decided)."""
    size = 2 * n
    me = row[size + _PLAYER]
    lead = (row[size + me] + ctx[_SUR0 + me]) - (row[size + 1 - me] + ctx[_SUR0 + 1 - me])
    on_board = 0
    for hole in range(size):
        on_board += row[hole]
    return _decided_value(lead, on_board)


@njit(inline="always")
def _value(row, n, ctx):
    """A position's value from the side of its player to move: ``terminal_value`` for a
    finished game, else ``evaluate`` (the score lead, surplus included)."""
    size = 2 * n
    me = row[size + _PLAYER]
    margin = (row[size + me] + ctx[_SUR0 + me]) - (row[size + 1 - me] + ctx[_SUR0 + 1 - me])
    if row[size + _END] < 0 or row[size + _END] == kn.REPETITION:  # see terminal_value
        return margin
    if margin > 0:
        return WIN + margin
    if margin < 0:
        return -WIN + margin
    return 0


# -- the table --------------------------------------------------------------------------------
@njit(inline="always")
def _keys(row, size):
    """Two independent 64-bit hashes of (board, player to move, captures); the first never 0."""
    player, cap0, cap1 = row[size + _PLAYER], row[size + _CAP0], row[size + _CAP1]
    a = kn.mix(np.uint64(player + 1) * _CAP_STEP + np.uint64(cap0))
    b = kn.mix((np.uint64(cap1) + np.uint64(1)) * _M3 + np.uint64(player))
    for hole in range(size):
        v = np.uint64(row[hole]) + np.uint64(hole + 1) * kn.GOLDEN
        a = kn.mix(a ^ v)
        b = kn.mix(b + v * _M3)
    a = kn.mix(a ^ (np.uint64(cap1) * _M3))
    b = kn.mix(b ^ (np.uint64(cap0) * kn.GOLDEN))
    if a == 0:
        a = np.uint64(1)
    return a, b


@njit(inline="always")
def _slot(tt_keys, tt_check, tt_data, a, b, create):
    """The table slot of a position, or -1 if it has none. With ``create`` a missing position
    gets a new entry (depth -1, no best move): in an empty slot, else over the shallowest
    entry probed."""
    mask = np.uint64(tt_keys.size - 1)
    victim, victim_depth = np.int64(-1), np.int64(1 << 30)
    for probe in range(_PROBES):
        slot = np.int64((a + np.uint64(probe)) & mask)
        if tt_keys[slot] == a and tt_check[slot] == b:
            return slot
        if tt_keys[slot] == 0:
            if victim_depth > -2:
                victim, victim_depth = slot, -2
        elif tt_data[slot, _T_DEPTH] < victim_depth:
            victim, victim_depth = slot, tt_data[slot, _T_DEPTH]
    if not create:
        return -1
    tt_keys[victim], tt_check[victim] = a, b
    tt_data[victim, _T_DEPTH] = -1
    tt_data[victim, _T_VALUE] = 0
    tt_data[victim, _T_FLAG] = EXACT
    tt_data[victim, _T_BEST] = -1
    return victim


# -- the tree ---------------------------------------------------------------------------------
@njit(inline="always")
def _sort_by_gain(order, kids, start, count, size):
    """Stable insertion sort of the child indices ``order[start:count]``, most seeds gained
    first; ``order[:start]`` stays where it is."""
    for k in range(start + 1, count):
        i = order[k]
        j = k - 1
        while j >= start and kids[order[j], size + _GAIN] < kids[i, size + _GAIN]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = i


@njit(inline="always")
def _order(order, kids, count, size, best):
    """Child indices: the most seeds gained first (stable), then ``best`` (a hole) in front."""
    for k in range(count):
        order[k] = k
    _sort_by_gain(order, kids, 0, count, size)
    if best >= 0 and kids[order[0], size + _HOLE] != best:
        for k in range(count):
            if kids[order[k], size + _HOLE] == best:
                i = order[k]
                for j in range(k, 0, -1):
                    order[j] = order[j - 1]
                order[0] = i
                break


@njit("b1(i8[::1])", cache=True)
def _out_of_time(ctx):
    """Every 1024 visits, compare the clock with the deadline (``ctx[_CLOCK]``, nanoseconds)."""
    if ctx[_CLOCK] <= 0 or ctx[_VISITS] & 1023 != 0:
        return False
    with objmode(now="i8"):
        now = time.perf_counter_ns()
    return now > ctx[_CLOCK]


@njit(inline="always")
def _root_order(order, kids, count, size):
    """The root's order: ``order`` holds the wanted holes, previous best first (filled in by
    the caller); turn it into child indices, then stable-sort the rest by seeds gained."""
    for k in range(count):
        hole = order[k]
        for i in range(count):
            if kids[i, size + _HOLE] == hole:
                order[k] = i
                break
    _sort_by_gain(order, kids, 1, count, size)  # the previous best (position 0) stays in front


@njit(inline="always")
def _over_budget(ctx):
    """True (and ``ctx[_ABORT]`` set) when the work budget or the clock is spent."""
    if ctx[_UNLIMITED] != 0:
        return False
    over = ctx[_BUDGET] >= 0 and ctx[_WORK] + ctx[_VISITS] // 10 > ctx[_BUDGET]
    if over or _out_of_time(ctx):
        ctx[_ABORT] = 1
        return True
    return False


@njit(inline="always")
def _play_all(moves, ctx, node, children, start, skip):
    """Play every move of ``node`` but ``skip`` (a hole, or -1) into ``children[start:]``, in
    the order of the holes. Returns how many, or -1 if a move had more laps than the lap
    table holds."""
    n = moves.setup.n
    count = 0
    first = node[2 * n + _PLAYER] * n
    for hole in range(first, first + n):
        if node[hole] > 0 and hole != skip:
            if _play(moves, ctx, node, hole, children[start + count]):
                return -1
            count += 1
    return count


@njit(inline="always")
def _settled(node, n, ctx, ply, depth):
    """The value of a node the search does not expand, else ``_INF`` (not settled): a finished
    game, a decided position (``ctx[_DECIDED]``, never the root), the depth limit."""
    if node[2 * n + _END] >= 0:
        return _value(node, n, ctx)
    if ctx[_DECIDED] and ply > 0:  # the root's moves are always searched
        settled = _decided(node, n, ctx)
        if settled != 0:
            return settled
    if depth <= 0:
        return _value(node, n, ctx)
    return _INF


@njit(inline="always")
def _stored(tt, slot, depth, alpha, beta):
    """The value stored in ``slot`` if it settles the node at ``depth`` in the window
    (``alpha``, ``beta``), else ``_INF``."""
    if tt.data[slot, _T_DEPTH] >= depth:
        flag, value = tt.data[slot, _T_FLAG], tt.data[slot, _T_VALUE]
        if flag == EXACT or (flag == LOWER and value >= beta) or (
                flag == UPPER and value <= alpha):
            return value
    return _INF


@njit(inline="always")
def _expand(moves, ctx, tree, ply, tt_best, fresh):
    """Play the first moves of ``nodes[ply]`` into ``kids[ply]`` and put them in order: the
    table's best move alone (``tt_best``, a hole: the others are played if it does not cut
    the search off, :func:`_expand_rest`), else every move. Returns how many, or -1 if the
    search stops (``ctx[_ABORT]``: a move too long, or the budget spent on a fresh node)."""
    n = moves.setup.n
    node, children, order = tree.nodes[ply], tree.kids[ply], tree.orders[ply]
    if tt_best >= 0:
        if _play(moves, ctx, node, tt_best, children[0]):
            ctx[_ABORT] = 1
            return -1
        order[0] = 0
        return 1
    count = _play_all(moves, ctx, node, children, 0, -1)
    if count < 0:
        ctx[_ABORT] = 1
        return -1
    if fresh:
        ctx[_WORK] += count
        if _over_budget(ctx):
            return -1
    if ply == 0:  # the root: the given order, the previous best first, then the most gained
        _root_order(order, children, count, 2 * n)
    else:
        _order(order, children, count, 2 * n, -1)
    return count


@njit(inline="always")
def _expand_rest(moves, ctx, tree, ply, tt_best):
    """The moves other than the table's best (played first by :func:`_expand`), in
    ``kids[ply][1:]``, ordered by seeds gained. Returns how many moves in all, or -1 if one
    was too long (``ctx[_ABORT]``)."""
    node, children, order = tree.nodes[ply], tree.kids[ply], tree.orders[ply]
    more = _play_all(moves, ctx, node, children, 1, tt_best)
    if more < 0:
        ctx[_ABORT] = 1
        return -1
    for j in range(1, 1 + more):
        order[j] = j
    _sort_by_gain(order, children, 1, 1 + more, 2 * moves.setup.n)
    return 1 + more


@njit(inline="always")
def _store(tt, slot, ply, depth, value, best, alpha, beta):
    """Keep a node's ``value`` and ``best`` move in ``slot``, with its bound kind against the
    window (``alpha`` as it was on entry, ``beta``); the root's is exact."""
    if ply == 0 or alpha < value < beta:
        flag = EXACT
    elif value <= alpha:
        flag = UPPER
    else:
        flag = LOWER
    tt.data[slot, _T_DEPTH], tt.data[slot, _T_VALUE] = depth, value
    tt.data[slot, _T_FLAG], tt.data[slot, _T_BEST] = flag, best


# nogil: the kernel's event loop (a click, New game) and another board's search run while
# this one does, and :meth:`CompiledSearch.stop` can end it from another thread.
@njit(nogil=True, **kn.ENTRY_OPTIONS)
def _negamax(moves, ctx, tree, tt, ply, depth, alpha, beta):
    """The value of ``tree.nodes[ply]`` from the side of its player to move, searched
    ``depth`` plies (``SearchPlayer._negamax``), with the transposition table ``tt``.
    ``moves.path`` (:class:`Moves`) counts the game's history since its last capture, then
    the path down to ``nodes[ply]``: each child is counted while it is searched and taken off
    after. With ``ply == 0`` (the root) the moves are tried in the order ``orders[0]`` and
    ``ctx[_BEST]`` gets the best move."""
    n = moves.setup.n
    size = 2 * n
    node = tree.nodes[ply]
    settled = _settled(node, n, ctx, ply, depth)
    if settled != _INF:
        return settled
    a, b = _keys(node, size)
    slot = _slot(tt.keys, tt.check, tt.data, a, b, False)
    ctx[_VISITS] += 1
    fresh = slot < 0
    tt_best = -1
    if not fresh:
        # A position met before adds no work, so the budget is checked before its moves are
        # played, and a stored value that settles it is returned without playing them.
        if _over_budget(ctx):
            return 0
        if ply > 0:
            stored = _stored(tt, slot, depth, alpha, beta)
            if stored != _INF:
                return stored
            tt_best = tt.data[slot, _T_BEST]
    else:
        slot = _slot(tt.keys, tt.check, tt.data, a, b, True)
    count = _expand(moves, ctx, tree, ply, tt_best, fresh)
    if count < 0:
        return 0
    children, order = tree.kids[ply], tree.orders[ply]
    original_alpha = alpha
    best_value, best = -_INF, children[order[0], size + _HOLE]
    k = 0
    pending = tt_best >= 0  # the moves other than the remembered best are still to be played
    while k < count or pending:
        if pending and k == 1:  # the best move did not cut the search off: play the others
            pending = False
            count = _expand_rest(moves, ctx, tree, ply, tt_best)
            if count < 0:
                return 0
            if k >= count:
                break
        child = children[order[k]]
        k += 1
        nxt = tree.nodes[ply + 1]
        for f in range(size + _FIELDS):
            nxt[f] = child[f]
        low = alpha
        if ply == 0 and alpha > -_INF:  # the root: a move as good as the best gets its value
            low = alpha - 1
        _count(moves.path, child, n, True)
        if child[size + _PLAYER] == node[size + _PLAYER]:  # extra turn or a pass: same side
            value = _negamax(moves, ctx, tree, tt, ply + 1, depth - 1, low, beta)
        else:
            value = -_negamax(moves, ctx, tree, tt, ply + 1, depth - 1, -beta, -low)
        _count(moves.path, child, n, False)
        if ctx[_ABORT] != 0:
            return 0
        if ply == 0:
            ctx[_ROOT + child[size + _HOLE] % n] = value
        if value > best_value:
            best_value, best = value, child[size + _HOLE]
            if value > alpha:
                alpha = value
                if alpha >= beta and ply > 0:
                    break
    slot = _slot(tt.keys, tt.check, tt.data, a, b, True)
    if ply == 0:
        ctx[_BEST] = best
    _store(tt, slot, ply, depth, best_value, best, original_alpha, beta)
    return best_value


#: The compiled alpha-beta by its public name (``compiled.entry_points``).
negamax = _negamax


# -- the driver -------------------------------------------------------------------------------
class CompiledSearch:
    """The compiled search's work space, kept by a :class:`~hoyito_edu.SearchPlayer` between
    its choices (the table is cleared before each, so a choice depends only on the position,
    the settings and the seed)."""

    def __init__(self, lap_room: int = _LAP_ROOM) -> None:
        self.tt_keys = np.zeros(TABLE_SLOTS, dtype=np.uint64)
        self.tt_check = np.zeros(TABLE_SLOTS, dtype=np.uint64)
        self.tt_data = np.zeros((TABLE_SLOTS, 4), dtype=np.int64)
        self.budget: int | None = None  # for child_value()
        self.stopped = False  # set by stop(): the search ends at its next budget check
        self._ctx: np.ndarray | None = None  # the running search's counters and budget
        self._grow(lap_room)  # lap starts one move may keep before the table grows

    def stop(self) -> None:
        """End the running search soon, from another thread: its work budget becomes 0, so
        it stops at its next check (within a few hundred moves) and no deeper search starts.
        Its result is then only a legal move. :meth:`resume` before the next search."""
        self.stopped = True
        ctx = self._ctx
        if ctx is not None:
            ctx[_UNLIMITED] = 0
            ctx[_BUDGET] = 0

    def resume(self) -> None:
        """Let the next search run (after :meth:`stop`)."""
        self.stopped = False

    def search(self, position: Position, order: list[int], max_depth: int,
               max_nodes: int | None, deadline: float | None,
               stop_when_decided: bool = False) -> dict:
        """Iterative deepening from ``position`` (``SearchPlayer.choose`` after the checks).

        ``order`` is the shuffled legal moves. Returns what the engine path's search returns
        (``best``, ``value``, ``depth`` done, ``work``, ``visits``). A move with more laps than
        the lap table holds makes it larger and the search starts again; a ValueError says so
        when a move has more than :data:`MAX_LAP_ROOM` laps (only without a lap limit, or with
        one above that). ``stop_when_decided``: as :class:`~hoyito_edu.SearchPlayer`'s."""
        max_laps = position.rules.max_laps
        if max_laps is not None and self.lap_room <= max_laps < MAX_LAP_ROOM:
            self._grow(max_laps + 1)  # room for every lap a move may have: no search again
        while True:
            found = self._search(position, order, max_depth, max_nodes, deadline,
                                 stop_when_decided)
            if found is not None:
                return found
            if self.lap_room >= MAX_LAP_ROOM:
                limit = "no lap limit" if max_laps is None else f"a lap limit of {max_laps:,}"
                raise ValueError(
                    f"a move in the search has more than {self.lap_room:,} laps and the rules have "
                    f"{limit} (R2.8): the search does not follow a move that long. Play with a "
                    f"lap limit of at most {MAX_LAP_ROOM - 1:,} (rule option max_laps; the "
                    f"default is {DEFAULT_MAX_LAPS:,})"
                )
            self._grow(8 * self.lap_room)

    def _grow(self, room: int) -> None:
        """A lap table with room for ``room`` lap starts (at most :data:`MAX_LAP_ROOM`)."""
        self.lap_room = min(room, MAX_LAP_ROOM)
        self.laps = kn.position_table(self.lap_room)

    def _search(self, position, order, max_depth, max_nodes, deadline, stop_when_decided):
        n = position.holes_per_row
        size = 2 * n
        nodes = np.zeros((MAX_PLY + 1, size + _FIELDS), dtype=np.int64)
        nodes[0, :size] = position.board
        nodes[0, size + _CAP0 : size + _CAP1 + 1] = position.captures
        nodes[0, size + _PLAYER], nodes[0, size + _END] = position.player, -1
        nodes[0, size + _QUIET] = position.quiet_plies
        kids = np.zeros((MAX_PLY + 1, n, size + _FIELDS), dtype=np.int64)
        orders = np.zeros((MAX_PLY + 1, n), dtype=np.int64)
        ctx = np.zeros(_CTX, dtype=np.int64)
        ctx[_BUDGET] = -1 if max_nodes is None else max_nodes
        self._ctx = ctx
        ctx[_STARTER] = position.starter
        ctx[_SUR0], ctx[_SUR1] = position.surplus
        ctx[_CLOCK] = 0 if deadline is None else int(deadline * 1e9)
        ctx[_DECIDED] = int(stop_when_decided)
        self.tt_keys[:] = 0
        tree = Tree(nodes, kids, orders)
        tt = Table(self.tt_keys, self.tt_check, self.tt_data)
        best, value, done, root_values, alive = order[0], 0, 0, {}, {}
        for depth in range(1, min(max_depth, MAX_PLY - 1) + 1):
            if self.stopped and depth > 1:  # depth 1 always: a legal move, never a blind one
                break
            ctx[_UNLIMITED] = depth == 1
            ctx[_ABORT] = 0
            if self.stopped:
                ctx[_BUDGET] = 0
            orders[0, : len(order)] = [best] + [hole for hole in order if hole != best]
            moves = moves_for(position, self.laps, position.history_since_capture(), MAX_PLY + 2)
            found = _negamax(moves, ctx, tree, tt, 0, depth, -_INF, _INF)
            if ctx[_OVERFLOW]:
                return None
            if ctx[_ABORT]:
                break
            done = depth
            first = position.player * n
            root_values = {h: int(ctx[_ROOT + h - first]) for h in order}
            value, best, stop = next_iteration(value, best, int(found), int(ctx[_BEST]), depth,
                                               root_values, alive)
            if stop:
                break
        self._state = (ctx, tree, tt)
        return {"best": best, "value": value, "depth": done, "work": int(ctx[_WORK]),
                "visits": int(ctx[_VISITS]), "root_values": root_values}

    def spent(self) -> tuple[int, int]:
        """Moves played on first expansions, and visits, since the last :meth:`search` began."""
        ctx = self._state[0]
        return int(ctx[_WORK]), int(ctx[_VISITS])

    def child_value(self, parent: Position, child: Position, depth: int, alpha: int,
                    beta: int) -> int:
        """``SearchPlayer._child_value`` on the table of the last :meth:`search`: the value of
        ``child`` (a position after a move in ``parent``) for ``parent``'s player, searched
        ``depth`` plies. Raises the search's out-of-budget error past ``self.budget``."""

        if self.stopped:
            raise OutOfBudget
        ctx, tree, tt = self._state
        n = child.holes_per_row
        size = 2 * n
        nodes = tree.nodes
        moves = moves_for(child, self.laps, child.history_since_capture(), MAX_PLY + 2)
        nodes[1, :size] = child.board
        nodes[1, size + _CAP0 : size + _CAP1 + 1] = child.captures
        nodes[1, size + _PLAYER] = child.player
        nodes[1, size + _END] = -1 if child.outcome is None else 0
        nodes[1, size + _QUIET] = child.quiet_plies
        ctx[_BUDGET] = -1 if self.budget is None else self.budget
        ctx[_UNLIMITED], ctx[_ABORT] = 0, 0
        same_side = child.outcome is None and child.player == parent.player
        lo, hi = (alpha, beta) if same_side else (-beta, -alpha)
        found = _negamax(moves, ctx, tree, tt, 1, depth, lo, hi)
        if ctx[_ABORT] or ctx[_OVERFLOW]:
            raise OutOfBudget
        return int(found) if same_side else -int(found)
