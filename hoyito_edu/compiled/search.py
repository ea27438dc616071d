"""The search player's compiled path: the alpha-beta of :class:`~hoyito_edu.SearchPlayer`, step
for step, in a numba loop that searches about a hundred times more positions per second.

Moves are played by the compiled rules kernel (:mod:`hoyito_edu.compiled.kernel`, shared with the
fast simulator and the mcts playouts, and checked against the engine by ``tests/conformance.py``):
the sowing and what ``Position.sow`` does after it (Ba-awa's last eight, passes, the repetition
rule, the quiet limit). The repetition rule counts in the kernel's position table, which holds
the game's history and the path being searched (a child is counted on the way down and taken
off on the way back). ``tests/test_fastsearch.py`` checks that both paths of the search choose
the same move with the same value on random positions of every variant.

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


# -- one move ---------------------------------------------------------------------------------
_SOW_MOVE_SIGNATURE = (
    "i8(i8[::1], i8, i8[::1], i8[::1], i4[:, ::1], i8[::1], u8[::1], i8[:, ::1], i8[::1], "
    "i8[::1], i8, i8, i8, i8[::1], u8[::1], i8[:, ::1], b1)"
)


@njit(_SOW_MOVE_SIGNATURE, **kn.ENTRY_OPTIONS)
def sow_move(rules, n, st, mtake, caps_out, lap_table, lap_keys, lap_hist, board, caps, player,
             hole, starter, table, keys, hist, count):
    """``Position.sow`` without the record, for both compiled searches: ``player`` sows
    ``hole`` on ``board``/``caps`` with the kernel (:func:`~hoyito_edu.compiled.kernel._sow`),
    then what follows the sowing (:func:`~hoyito_edu.compiled.kernel._end_of_sowing`, and
    :func:`~hoyito_edu.compiled.kernel._end_by_history` with the count of the new position in
    ``table``/``keys``/``hist``). Returns the player to move next (``st[kn._END]`` says
    whether the game ended), or -2 if the move had more laps than the lap table holds.

    With ``count`` the new position is counted in the table, which forgets the positions
    before a capture, as :func:`~hoyito_edu.compiled.kernel._play_move` does (the playouts).
    Without, the table is read and left as it is (the alpha-beta search counts a position
    while it searches below it): it may then hold positions from before the last capture,
    but none can come back (a capture leaves fewer seeds on the board), so the count is the
    rule's (R4.3).

    Compiled once, on its own, and called by the alpha-beta search (:func:`_play`) and the
    mcts playouts (:mod:`hoyito_edu.compiled.mcts`): each copy of the kernel inlined in a
    caller costs about a minute of compiling on the project's machine
    (``benchmarks/compile_time.py``)."""
    kn._start_move(st, player, caps, mtake)
    if not kn._sow(rules, st, board, caps, mtake, caps_out, n, hole, lap_table, lap_keys,
                   lap_hist, st[kn._SCALARS :]):
        return -2
    nxt = kn._end_of_sowing(rules, st, board, caps, mtake, caps_out, n, starter)
    if st[kn._END] < 0:
        if count:
            if st[kn._QUIET] == 0:
                kn._forget_positions(table, hist)
            times = kn._count_position(board, nxt, table, keys, hist)
        else:
            times = 1 + kn._times_counted(board, nxt, table, keys, hist)
        kn._end_by_history(rules, st, board, caps, mtake, caps_out, n, times)
    return nxt


@njit(inline="always")
def _play(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist, node, hole, out,
          table, keys, hist):
    """``Position.sow`` without the record (:func:`sow_move`): play ``hole`` in ``node`` into
    ``out`` (board, captures, next player, end code or -1, plies without a capture).
    ``table``/``keys``/``hist`` count the positions of the path searched, from the game's
    history to ``node`` (the kernel's position table). Returns 1 if the move had more laps
    than the lap table holds (``ctx[_OVERFLOW]`` is set then, and ``out`` is not usable),
    else 0."""
    size = 2 * n
    player = node[size + _PLAYER]
    board = out[:size]
    caps = out[size : size + 2]
    for h in range(size):
        board[h] = node[h]
    caps[0], caps[1] = node[size + _CAP0], node[size + _CAP1]
    st[kn._KEEP], st[kn._QUIET] = 0, node[size + _QUIET]
    nxt = sow_move(rules, n, st, mtake, caps_out, lap_table, lap_keys, lap_hist, board, caps,
                   player, hole, ctx[_STARTER], table, keys, hist, False)
    if nxt == -2:
        ctx[_OVERFLOW] = 1
        return 1
    end = st[kn._END]
    out[size + _QUIET] = st[kn._QUIET]
    out[size + _PLAYER] = nxt if end < 0 else 1 - player
    out[size + _END] = end
    out[size + _HOLE] = hole
    out[size + _GAIN] = (caps[player] - node[size + player]) - (
        caps[1 - player] - node[size + 1 - player]
    )
    return 0


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
def _play_all(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist, node, children,
              start, skip, table, keys, hist):
    """Play every move of ``node`` but ``skip`` (a hole, or -1) into ``children[start:]``, in
    the order of the holes. Returns how many, or -1 if a move had more laps than the lap
    table holds."""
    size = 2 * n
    count = 0
    first = node[size + _PLAYER] * n
    for hole in range(first, first + n):
        if node[hole] > 0 and hole != skip:
            if _play(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist, node,
                     hole, children[start + count], table, keys, hist):
                return -1
            count += 1
    return count


_SEARCH_SIGNATURE = (
    "i8(i8[::1], i8, i8[::1], i8[::1], i8[::1], i4[:, ::1], i8[::1], u8[::1], i8[:, ::1], "
    "i8[:, ::1], i8[:, :, ::1], i8[:, ::1], i8[::1], u8[::1], i8[:, ::1], u8[::1], u8[::1], "
    "i8[:, ::1], i8, i8, i8, i8)"
)


# nogil: the kernel's event loop (a click, New game) and another board's search run while
# this one does, and :meth:`CompiledSearch.stop` can end it from another thread.
@njit(_SEARCH_SIGNATURE, nogil=True, **kn.ENTRY_OPTIONS)
def _negamax(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist, nodes, kids,
             orders, table, keys, hist, tt_keys, tt_check, tt_data, ply, depth, alpha,
             beta):
    """The value of ``nodes[ply]`` from the side of its player to move, searched ``depth``
    plies (``SearchPlayer._negamax``). ``table``/``keys``/``hist`` (the kernel's position
    table) count the game's history since its last capture, then the path down to
    ``nodes[ply]``: each child is counted while it is searched and taken off after. With
    ``ply == 0`` (the root) the moves are tried in the order ``orders[0]`` and
    ``ctx[_BEST]`` gets the best move."""
    size = 2 * n
    node = nodes[ply]
    if node[size + _END] >= 0:
        return _value(node, n, ctx)
    if ctx[_DECIDED] and ply > 0:  # the root's moves are always searched
        settled = _decided(node, n, ctx)
        if settled != 0:
            return settled
    if depth <= 0:
        return _value(node, n, ctx)
    a, b = _keys(node, size)
    slot = _slot(tt_keys, tt_check, tt_data, a, b, False)
    ctx[_VISITS] += 1
    fresh = slot < 0
    children = kids[ply]
    order = orders[ply]
    tt_best = -1
    if not fresh:
        # A position met before adds no work, so the budget is checked before its moves are
        # played, and a stored value that settles it is returned without playing them.
        if _over_budget(ctx):
            return 0
        if ply > 0 and tt_data[slot, _T_DEPTH] >= depth:
            flag, value = tt_data[slot, _T_FLAG], tt_data[slot, _T_VALUE]
            if flag == EXACT:
                return value
            if flag == LOWER and value >= beta:
                return value
            if flag == UPPER and value <= alpha:
                return value
        if ply > 0:
            tt_best = tt_data[slot, _T_BEST]
    else:
        slot = _slot(tt_keys, tt_check, tt_data, a, b, True)
    count = 0
    if tt_best >= 0:
        # Only the remembered best move is played first; the others are played if it does not
        # cut the search off (see the loop below), in the same order as before.
        if _play(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist, node,
                 tt_best, children[0], table, keys, hist):
            ctx[_ABORT] = 1
            return 0
        count = 1
        order[0] = 0
    else:
        count = _play_all(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist,
                          node, children, 0, -1, table, keys, hist)
        if count < 0:
            ctx[_ABORT] = 1
            return 0
        if fresh:
            ctx[_WORK] += count
            if _over_budget(ctx):
                return 0
        if ply == 0:  # the root: the given order, the previous best first, then the most gained
            _root_order(order, children, count, size)
        else:
            _order(order, children, count, size, -1)
    original_alpha = alpha
    best_value, best = -_INF, children[order[0], size + _HOLE]
    k = 0
    pending = tt_best >= 0  # the moves other than the remembered best are still to be played
    while k < count or pending:
        if pending and k == 1:  # the best move did not cut the search off: play the others
            pending = False
            more = _play_all(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist,
                             node, children, 1, tt_best, table, keys, hist)
            if more < 0:
                ctx[_ABORT] = 1
                return 0
            count = 1 + more
            for j in range(1, count):
                order[j] = j
            _sort_by_gain(order, children, 1, count, size)
            if k >= count:
                break
        child = children[order[k]]
        k += 1
        nxt = nodes[ply + 1]
        for f in range(size + _FIELDS):
            nxt[f] = child[f]
        kn._count_position(child[:size], child[size + _PLAYER], table, keys, hist)
        low = alpha
        if ply == 0 and alpha > -_INF:  # the root: a move as good as the best gets its value
            low = alpha - 1
        if child[size + _PLAYER] == node[size + _PLAYER]:  # extra turn or a pass: same side
            value = _negamax(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist,
                             nodes, kids, orders, table, keys, hist, tt_keys, tt_check,
                             tt_data, ply + 1, depth - 1, low, beta)
        else:
            value = -_negamax(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist,
                              nodes, kids, orders, table, keys, hist, tt_keys, tt_check,
                              tt_data, ply + 1, depth - 1, -beta, -low)
        kn._uncount_position(child[:size], child[size + _PLAYER], table, keys, hist)
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
    slot = _slot(tt_keys, tt_check, tt_data, a, b, True)
    if ply == 0:
        flag = EXACT
        ctx[_BEST] = best
    elif best_value <= original_alpha:
        flag = UPPER
    elif best_value >= beta:
        flag = LOWER
    else:
        flag = EXACT
    tt_data[slot, _T_DEPTH] = depth
    tt_data[slot, _T_VALUE] = best_value
    tt_data[slot, _T_FLAG] = flag
    tt_data[slot, _T_BEST] = best
    return best_value


#: The compiled alpha-beta by its public name (``compiled.entry_points``).
negamax = _negamax


# -- the driver -------------------------------------------------------------------------------
def _positions(history, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's position table counting a position's history since the last capture,
    with room for the path of a search below it."""
    positions = kn._hash_table(n, len(history) + MAX_PLY + 2)
    for board, player in history:
        kn._count_position(np.array(board, dtype=np.int64), player, *positions)
    return positions


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
        self.laps = kn._hash_table(12, self.lap_room)

    def _search(self, position, order, max_depth, max_nodes, deadline, stop_when_decided):
        n = position.holes_per_row
        size = 2 * n
        history = position.history_since_capture()
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
        st = np.zeros(kn._SCALARS + kn.SNAP_SIZE, dtype=np.int64)  # then room for a snapshot
        mtake = np.zeros(8, dtype=np.int64)
        caps_out = np.zeros((7, 1), dtype=np.int32)  # never written (st[_KEEP] is 0)
        rules = kn.rule_codes(position.rules)
        lap_table, lap_keys, lap_hist = self.laps
        best, value, done, root_values, alive = order[0], 0, 0, {}, {}
        for depth in range(1, min(max_depth, MAX_PLY - 1) + 1):
            if self.stopped and depth > 1:  # depth 1 always: a legal move, never a blind one
                break
            ctx[_UNLIMITED] = depth == 1
            ctx[_ABORT] = 0
            if self.stopped:
                ctx[_BUDGET] = 0
            orders[0, : len(order)] = [best] + [hole for hole in order if hole != best]
            table, keys, hist = _positions(history, n)
            found = _negamax(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist,
                             nodes, kids, orders, table, keys, hist, self.tt_keys,
                             self.tt_check, self.tt_data, 0, depth, -_INF, _INF)
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
        self._state = (rules, n, ctx, st, mtake, caps_out, nodes, kids, orders)
        return {"best": best, "value": value, "depth": done, "work": int(ctx[_WORK]),
                "visits": int(ctx[_VISITS]), "root_values": root_values}

    def spent(self) -> tuple[int, int]:
        """Moves played on first expansions, and visits, since the last :meth:`search` began."""
        ctx = self._state[2]
        return int(ctx[_WORK]), int(ctx[_VISITS])

    def child_value(self, parent: Position, child: Position, depth: int, alpha: int,
                    beta: int) -> int:
        """``SearchPlayer._child_value`` on the table of the last :meth:`search`: the value of
        ``child`` (a position after a move in ``parent``) for ``parent``'s player, searched
        ``depth`` plies. Raises the search's out-of-budget error past ``self.budget``."""

        if self.stopped:
            raise OutOfBudget
        rules, n, ctx, st, mtake, caps_out, nodes, kids, orders = self._state
        size = 2 * n
        table, keys, hist = _positions(child.history_since_capture(), n)  # the child last
        nodes[1, :size] = child.board
        nodes[1, size + _CAP0 : size + _CAP1 + 1] = child.captures
        nodes[1, size + _PLAYER] = child.player
        nodes[1, size + _END] = -1 if child.outcome is None else 0
        nodes[1, size + _QUIET] = child.quiet_plies
        ctx[_BUDGET] = -1 if self.budget is None else self.budget
        ctx[_UNLIMITED], ctx[_ABORT] = 0, 0
        lap_table, lap_keys, lap_hist = self.laps
        same_side = child.outcome is None and child.player == parent.player
        lo, hi = (alpha, beta) if same_side else (-beta, -alpha)
        found = _negamax(rules, n, ctx, st, mtake, caps_out, lap_table, lap_keys, lap_hist, nodes,
                         kids, orders, table, keys, hist, self.tt_keys, self.tt_check,
                         self.tt_data, 1, depth, lo, hi)
        if ctx[_ABORT] or ctx[_OVERFLOW]:
            raise OutOfBudget
        return int(found) if same_side else -int(found)
