"""A sound proof search: does the prover's final margin reach a target against every defence?

The question is a yes-or-no one: "the prover's final margin over the opponent (score minus
score at the end of the game, surplus included) is at least ``target``". A depth-first AND/OR
search answers it with one of three results: proven (1), refuted (-1: the opponent holds the
prover below ``target``) or unknown (0: the depth or the node budget ran out). Iterative
deepening repeats it one ply deeper until the answer is known or the budget is spent. It is a
*proof* search: the prover's moves are tried until one proves, but the opponent's replies only
until one is not proven (refuted or unknown), since the node can then not be proven at this
depth; so a refutation is found only where it is the first reply that fails, and a value is
refuted for good by the opponent's own proof (:func:`hoyito_edu.analysis.solve.decide`).
Moves are played by the compiled rules kernel (:func:`hoyito_edu.compiled.search.play_child`,
the same move the expert's search plays, on the kernel the simulator uses, checked against the
engine by ``tests/test_conformance.py``).

A leaf is certain, never an estimate: the game is over (its final margin), or the result is
already *decided* whatever happens next: every seed still on the board ends with one of the
two players and a score never goes down (:func:`~hoyito_edu.compiled.values.decided_value`),
so a margin minus the seeds left that reaches ``target`` is proven, and a margin plus the
seeds left that stays below it is refuted. A position at the depth limit is unknown.

**The repetition rule (R4.3) and the table.** A game's future (its legal moves, the positions
they lead to, how and when it ends) depends on the position (board, player to move, captures)
*and* on how often each position has occurred since the last capture: the third occurrence
ends the game, each player taking the seeds in their holes. A capture leaves fewer seeds on the
board, so no position before it can come back. A transposition table keyed by the position
alone lets two paths with different histories share a result, which the rule can make wrong
(the graph-history problem). Two modes avoid it, each sound; a third keeps the old key:

- ``"pessimistic"`` (the default, and what ``python -m hoyito_edu solve`` uses): a move to a
  position already met since the last capture (in the game's history or on the path searched)
  is never expanded; it counts as the prover's loss. So every line of a proof has each position
  once, and a proof never rests on a repetition. The key is the position alone (with the plies
  since the capture when the rules have a quiet limit, R4.5), and a result is stored only if it
  holds on every path: a proof (its lines never repeat a position, so on any path whose history
  has no position twice no position reaches a third occurrence, and the game goes on as the
  proof says) and a refutation that met no cut (the same argument for the opponent's lines). A
  refutation that rests on a cut is true on its path only: it is stored as "not known" at its
  depth, and at the root it is the answer :data:`CUT` (not proven, not refuted). When the
  game's own history has a position twice the table is cleared before and after the call. The
  price: a value that only a repetition can decide stays open between the two sides' proofs.
- ``"history"``: exact under R4.3. The key carries the history: the position's two 64-bit
  hashes are combined with the sums (mod 2**64) of two independent hashes of every position
  since the last capture (a sum does not depend on the order, so it hashes the multiset), and
  with the plies since the capture. Two nodes share an entry only if their games go on alike,
  so a result is the same on every path, and a repetition ending is an ordinary exact ending.
  The price: inside a capture-free stretch almost no two paths share an entry, so the search
  loses nearly all its transpositions (measured in ``docs/research/perfect-play.md``).
- ``"unsound"``: the key is the position alone and repetition endings count as exact, as a
  table keyed like the expert's would; *not* sound, kept to show in ``tests/test_proof.py``
  positions where its answer is wrong.

Stored results: a proven or refuted node for good (it holds at every depth), an unknown node
with the depth it was searched to, and the move that proved it or was searched first.

Why an answer is open (:attr:`Answer.limit`): the node budget ran out (``"budget"``: more nodes
may settle it), or the search finished inside it, and then a larger budget repeats it node for
node (the search is deterministic; the budget only stops it): the root met only repetition cuts
(``"repetition"``), or every iteration up to :data:`MAX_PLY` finished open (``"depth"``; in the
pessimistic mode mostly because the table holds a position as not known after repetition cuts
refuted it on another line). :attr:`Answer.cuts` counts the cuts.

:func:`prove` is the entry point; :mod:`hoyito_edu.analysis.solve` builds on it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ..engine.position import Position
from . import kernel as kn
from .kernel import njit
from .search import Table, Tree, moves_for, play_child

#: Plies below the root the proof has room for; deeper iterations are not started.
MAX_PLY = 400
#: Transposition table slots by default (a power of two; 40 bytes each: 40 MB).
TABLE_SLOTS = 1 << 20
_PROBES = 4
_LAP_ROOM = 1 << 12
_PROVEN_DEPTH = 1 << 30  # the table depth of a proven or refuted node: it holds at any depth

# ctx: counters and settings
_WORK, _BUDGET, _ABORT, _OVERFLOW, _STARTER, _SUR0, _SUR1, _PROVER, _TARGET, _MODE = range(10)
_BEST, _VISITS, _QUIET_KEY = 10, 11, 12  # _QUIET_KEY: 1 if the rules have a quiet limit
_CUTS = 13  # moves not played on because they repeat a position (PESSIMISTIC)
_CTX = 14
# a position row: the board (2n values), then these fields (as in .search)
_CAP0, _CAP1, _PLAYER, _END, _HOLE, _GAIN, _QUIET = range(7)
_FIELDS = 7
# tt_data[slot, :]
_T_DEPTH, _T_RESULT, _T_BEST = range(3)

#: The ways to treat the repetition rule (R4.3); see the module's docstring.
PESSIMISTIC, HISTORY, UNSOUND = 0, 1, 2
MODES = {"pessimistic": PESSIMISTIC, "history": HISTORY, "unsound": UNSOUND}
_CUT = -2  # a refutation that rests on a repetition cut: true on this path only
#: :attr:`Answer.result` when the pessimistic search neither proves nor refutes: every defence
#: of the opponent's it did not refute repeats a position (the repetition rule may decide).
CUT = _CUT

_M3 = np.uint64(0x9FB21C651E98DF25)
_CAP_STEP = np.uint64(0xC2B2AE3D27D4EB4F)
_LANE = np.uint64(0xD6E8FEB86659FD93)


@njit(inline="always")
def _element(row, size):
    """Two independent 64-bit hashes of (board, player to move): one element of the multiset
    of positions since the last capture (the captures are the same all along it)."""
    player = row[size + _PLAYER]
    a = kn.mix(np.uint64(player + 1) * _CAP_STEP)
    b = kn.mix(np.uint64(player + 7) * _LANE)
    for hole in range(size):
        v = np.uint64(row[hole]) + np.uint64(hole + 1) * kn.GOLDEN
        a = kn.mix(a ^ v)
        b = kn.mix(b + v * _M3)
    return a, b


@njit(inline="always")
def _keys(row, size, sum_a, sum_b, history, quiet_limit):
    """The table key of a node: the position (board, player, captures), with ``history``
    also the multiset of positions since the last capture (``sum_a``/``sum_b``, this one
    included), and with either the plies since it. The first key is never 0."""
    a, b = _element(row, size)
    cap0, cap1 = np.uint64(row[size + _CAP0]), np.uint64(row[size + _CAP1])
    a = kn.mix(a ^ (cap0 * _M3 + cap1 * _CAP_STEP))
    b = kn.mix(b + cap1 * _M3 + cap0 * kn.GOLDEN)
    if history or quiet_limit:
        quiet = np.uint64(row[size + _QUIET])
        a = kn.mix(a ^ kn.mix(sum_a + quiet * _LANE))
        b = kn.mix(b + kn.mix(sum_b ^ (quiet + np.uint64(1)) * _M3))
    if a == 0:
        a = np.uint64(1)
    return a, b


@njit(inline="always")
def _slot(tt_keys, tt_check, tt_data, a, b, create):
    """The table slot of a key, or -1. With ``create`` a missing key gets a new entry
    (unknown at depth -1): in an empty slot, else over the shallowest entry probed."""
    mask = np.uint64(tt_keys.size - 1)
    victim, victim_depth = np.int64(-1), np.int64(1 << 40)
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
    tt_data[victim, _T_RESULT] = 0
    tt_data[victim, _T_BEST] = -1
    return victim


@njit(inline="always")
def _leaf(row, n, ctx):
    """The certain result of a node, or 0: over (its final margin), or decided."""
    size = 2 * n
    me = ctx[_PROVER]
    lead = (row[size + _CAP0 + me] + ctx[_SUR0 + me]) - (
        row[size + _CAP0 + 1 - me] + ctx[_SUR0 + 1 - me])
    target = ctx[_TARGET]
    if row[size + _END] >= 0:
        return 1 if lead >= target else -1
    on_board = 0
    for hole in range(size):
        on_board += row[hole]
    if lead - on_board >= target:
        return 1
    if lead + on_board < target:
        return -1
    return 0


@njit(inline="always")
def _order(order, kids, count, size, best):
    """Child indices: ``best`` (a hole) first, then the most seeds gained for the mover."""
    for k in range(count):
        order[k] = k
    for k in range(1, count):  # stable insertion sort, most gained first
        i = order[k]
        j = k - 1
        while j >= 0 and kids[order[j], size + _GAIN] < kids[i, size + _GAIN]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = i
    if best >= 0:
        for k in range(count):
            if kids[order[k], size + _HOLE] == best:
                i = order[k]
                for j in range(k, 0, -1):
                    order[j] = order[j - 1]
                order[0] = i
                break


@njit(inline="always")
def _expand(moves, ctx, tree, ply, best):
    """Play every move of ``nodes[ply]`` into ``kids[ply]`` and order them (``best``, a hole,
    first). Returns how many, or -1 if the search stops (``ctx[_ABORT]``: a move with more
    laps than the lap table holds, ``ctx[_OVERFLOW]``, or the budget spent)."""
    n = moves.setup.n
    node, children = tree.nodes[ply], tree.kids[ply]
    count = 0
    first = node[2 * n + _PLAYER] * n
    for hole in range(first, first + n):
        if node[hole] > 0:
            if play_child(moves, node, hole, children[count], ctx[_STARTER]):
                ctx[_OVERFLOW] = ctx[_ABORT] = 1
                return -1
            count += 1
    ctx[_WORK] += 1
    if ctx[_BUDGET] >= 0 and ctx[_WORK] > ctx[_BUDGET]:
        ctx[_ABORT] = 1
        return -1
    _order(tree.orders[ply], children, count, 2 * n, best)
    return count


@njit(inline="always")
def _add_to_sums(sums, ply, child, size):
    """``sums[ply + 1]``: the multiset hash of the positions since the last capture, ``child``
    (the position at ``ply + 1``) included."""
    ea, eb = _element(child, size)
    if child[size + _QUIET] == 0:  # a capture: no earlier position can come back
        sums[ply + 1, 0], sums[ply + 1, 1] = ea, eb
    else:
        sums[ply + 1, 0], sums[ply + 1, 1] = sums[ply, 0] + ea, sums[ply, 1] + eb


@njit(**kn.ENTRY_OPTIONS)
def _prove(moves, ctx, tree, sums, tt, ply, depth):
    """1 if the prover reaches the target from ``tree.nodes[ply]`` against every defence, -1
    if the opponent holds them below it, 0 if not known within ``depth`` plies (or the budget
    ran out: ``ctx[_ABORT]``), with the transposition table ``tt``. ``sums[ply]`` holds the
    multiset hash of the positions since the last capture up to ``nodes[ply]``;
    ``moves.path`` counts them for the repetition rule (the game's history, then the path;
    the search's :class:`~hoyito_edu.compiled.search.Moves` and
    :class:`~hoyito_edu.compiled.search.Tree`)."""
    n = moves.setup.n
    size = 2 * n
    node = tree.nodes[ply]
    tt_keys, tt_check, tt_data = tt.keys, tt.check, tt.data
    settled = _leaf(node, n, ctx)
    if settled != 0:
        return settled
    if depth <= 0:
        return 0
    ctx[_VISITS] += 1
    a, b = _keys(node, size, sums[ply, 0], sums[ply, 1], ctx[_MODE] == HISTORY,
                 ctx[_QUIET_KEY] != 0)
    slot = _slot(tt_keys, tt_check, tt_data, a, b, False)
    best = -1
    if slot >= 0:
        result = tt_data[slot, _T_RESULT]
        if result != 0 or tt_data[slot, _T_DEPTH] >= depth:
            if ply == 0:
                ctx[_BEST] = tt_data[slot, _T_BEST]
            return result
        best = tt_data[slot, _T_BEST]
    count = _expand(moves, ctx, tree, ply, best)
    if count < 0:
        return 0
    children, order = tree.kids[ply], tree.orders[ply]
    win = 1 if node[size + _PLAYER] == ctx[_PROVER] else -1  # the result the mover looks for
    result = -win
    tainted = False  # a refutation that rests on a repetition cut (PESSIMISTIC)
    found = children[order[0], size + _HOLE]
    for k in range(count):
        child = children[order[k]]
        nxt = tree.nodes[ply + 1]
        for f in range(size + _FIELDS):
            nxt[f] = child[f]
        _add_to_sums(sums, ply, child, size)
        lo, hi, lo2, hi2 = kn.pack(child, n)
        mover = child[size + _PLAYER]
        if ctx[_MODE] == PESSIMISTIC and (child[size + _END] == kn.REPETITION or (
                child[size + _END] < 0
                and kn.times_counted(moves.path, lo, hi, lo2, hi2, mover) > 0)):
            value = _CUT  # a position met before since the last capture: the prover's loss
            ctx[_CUTS] += 1
        else:
            kn.count_position(moves.path, lo, hi, lo2, hi2, mover)
            value = _prove(moves, ctx, tree, sums, tt, ply + 1, depth - 1)
            kn.uncount_position(moves.path, lo, hi, lo2, hi2, mover)
        if ctx[_ABORT] != 0:
            return 0
        outcome = -1 if value < 0 else value
        if outcome == win or (win == -1 and outcome == 0):
            # the opponent stops at a reply not proven: the node cannot be proven at this
            # depth (a proof search: the refutations come from the opponent's own proof)
            result, found = value, child[size + _HOLE]
            break
        if outcome == 0 and result != 0:
            result, found = 0, child[size + _HOLE]
        if value == _CUT:
            tainted = True
    if result == -1 and tainted:
        result = _CUT
    slot = _slot(tt_keys, tt_check, tt_data, a, b, True)
    if result == _CUT:  # true on this path only: kept as not known to this depth
        tt_data[slot, _T_DEPTH], tt_data[slot, _T_RESULT] = depth, 0
    else:
        tt_data[slot, _T_DEPTH] = depth if result == 0 else _PROVEN_DEPTH
        tt_data[slot, _T_RESULT] = result
    tt_data[slot, _T_BEST] = found
    if ply == 0:
        ctx[_BEST] = found
    return result


@njit("UniTuple(u8, 2)(i8[:, ::1], i8[::1], i8)", cache=True)
def _history_sums(boards, players, n):
    """The multiset hash (two lanes) of the positions ``boards``/``players`` (one a row)."""
    size = 2 * n
    row = np.zeros(size + _FIELDS, dtype=np.int64)
    sum_a, sum_b = np.uint64(0), np.uint64(0)
    for i in range(players.size):
        row[:size] = boards[i]
        row[size + _PLAYER] = players[i]
        a, b = _element(row, size)
        sum_a += a
        sum_b += b
    return sum_a, sum_b


# -- the driver -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """What one proof search found.

    ``result``: 1 proven, -1 refuted, 0 unknown (the budget or the depth ran out), or
    :data:`CUT` (pessimistic mode: not proven, but only repetitions refuted it);
    ``best``: the prover's move that proves it (the prover to move and proven), else -1;
    ``nodes``: positions expanded (every legal move played once); ``depth``: the last
    iteration's depth; ``seconds``: the time it took; ``cuts``: the moves not played on
    because they repeat a position (pessimistic mode, every iteration counted);
    ``exhausted``: True if the node budget ran out (the search stopped there).

    >>> Answer(0, -1, 1_000_001, 30, 1.0, cuts=5, exhausted=True).limit
    'budget'
    >>> Answer(CUT, -1, 4_000, 12, 0.1, cuts=7).limit
    'repetition'
    >>> Answer(1, 3, 4_000, 12, 0.1).limit
    ''
    """

    result: int
    best: int
    nodes: int
    depth: int
    seconds: float
    cuts: int = 0
    exhausted: bool = False

    @property
    def limit(self) -> str:
        """Why the answer is not known: ``"budget"`` (more nodes may settle it),
        ``"repetition"`` (the search finished: only repetition cuts stand in its way, so no
        budget settles it in this mode), ``"depth"`` (the deepest iteration, :data:`MAX_PLY`,
        finished unknown), or ``""`` (proven or refuted)."""
        if self.exhausted:
            return "budget"
        return {CUT: "repetition", 0: "depth"}.get(self.result, "")


class Prover:
    """The proof search's work space: its transposition table is kept between calls with the
    same rules, prover, target, surplus and starter (every stored result is sound for any
    path, so a later call reuses them), and cleared when any of those changes."""

    def __init__(self, slots: int = TABLE_SLOTS, mode: str = "pessimistic") -> None:
        if slots < 16 or slots & (slots - 1):
            raise ValueError(f"the table's slots must be a power of two from 16, not {slots}")
        if mode not in MODES:
            raise ValueError(f"the mode is one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.tt_keys = np.zeros(slots, dtype=np.uint64)
        self.tt_check = np.zeros(slots, dtype=np.uint64)
        self.tt_data = np.zeros((slots, 3), dtype=np.int64)
        self.laps = kn.position_table(_LAP_ROOM)
        self._question: tuple | None = None

    def prove(self, position: Position, prover: int, target: int, max_nodes: int | None,
              max_depth: int = MAX_PLY - 1, history: tuple | None = None) -> Answer:
        """Is ``prover``'s final margin at least ``target`` from ``position`` against every
        defence? Iterative deepening until known, or until ``max_nodes`` positions were
        expanded (None: no budget). ``history``: the (board, player) of the positions since
        the last capture, ``position`` last; None for the one ``position`` carries
        (:meth:`~hoyito_edu.Position.history_since_capture`)."""
        if not kn.plays(position):
            raise ValueError("the proof search takes single games and match games with every "
                             "hole open and owned by its row (see compiled.search.supports)")
        began = time.perf_counter()
        question = (position.rules, prover, target, position.surplus, position.starter)
        n = position.holes_per_row
        size = 2 * n
        nodes = np.zeros((MAX_PLY + 1, size + _FIELDS), dtype=np.int64)
        nodes[0, :size] = position.board
        nodes[0, size + _CAP0 : size + _CAP1 + 1] = position.captures
        nodes[0, size + _PLAYER] = position.player
        nodes[0, size + _END] = -1 if position.outcome is None else 0
        nodes[0, size + _QUIET] = position.quiet_plies
        kids = np.zeros((MAX_PLY + 1, n, size + _FIELDS), dtype=np.int64)
        orders = np.zeros((MAX_PLY + 1, n), dtype=np.int64)
        if history is None:
            history = position.history_since_capture()
        if len(set(history)) < len(history) and self.mode == "pessimistic":
            question = None  # a history with a position twice: see the module's docstring
        if question is None or question != self._question:
            self.tt_keys[:] = 0
        self._question = question
        boards = np.array([board for board, _ in history], dtype=np.int64).reshape(-1, size)
        players = np.array([player for _, player in history], dtype=np.int64)
        sums = np.zeros((MAX_PLY + 1, 2), dtype=np.uint64)
        sums[0, 0], sums[0, 1] = _history_sums(boards, players, n)
        ctx = np.zeros(_CTX, dtype=np.int64)
        ctx[_BUDGET] = -1 if max_nodes is None else max_nodes
        ctx[_STARTER] = position.starter
        ctx[_SUR0], ctx[_SUR1] = position.surplus
        ctx[_PROVER], ctx[_TARGET], ctx[_MODE] = prover, target, MODES[self.mode]
        ctx[_QUIET_KEY] = position.rules.quiet_limit is not None and position.rules.quiet_limit > 0
        tree = Tree(nodes, kids, orders)
        tt = Table(self.tt_keys, self.tt_check, self.tt_data)
        result, depth = 0, 0
        for depth in range(1, min(max_depth, MAX_PLY - 1) + 1):
            moves = moves_for(position, self.laps, history, MAX_PLY + 2)
            ctx[_BEST] = -1
            result = _prove(moves, ctx, tree, sums, tt, 0, depth)
            if ctx[_OVERFLOW]:
                raise ValueError("a move in the proof has more laps than the lap table holds "
                                 f"({_LAP_ROOM:,}): prove with a lap limit below that "
                                 "(rule option max_laps)")
            if ctx[_ABORT] or result != 0:
                break
        best = int(ctx[_BEST]) if result == 1 and position.player == prover else -1
        if ctx[_ABORT]:
            result = 0
        if result == _CUT:
            result = CUT
        return Answer(int(result), best, int(ctx[_WORK]), depth, time.perf_counter() - began,
                      int(ctx[_CUTS]), bool(ctx[_ABORT]))
