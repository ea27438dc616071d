"""The compiled part of Monte Carlo tree search: the tree's arrays, the playouts and the
UCT walk, played by :mod:`hoyito_edu.compiled.kernel`. :class:`hoyito_edu.players.mcts.MCTSPlayer`
is the player built on it (its docstring tells the algorithm).
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple

import numpy as np

from ..engine.position import Position
from . import kernel as kn
from .kernel import njit

#: UCB1's exploration constant (rewards lie in [0, 1]): sqrt(2), the textbook value.
EXPLORATION = math.sqrt(2)
#: Weight of the score margin in the reward (see the module's docstring).
TIE_BREAK = 0.05
#: Plies a playout may have from the position to choose before it is scored by the lead.
MAX_PLIES = 1000
#: Nodes the tree has room for; once full, playouts go on from its leaves without growing it.
TREE_NODES = 1 << 18
#: The largest ``playouts`` budget.
MAX_PLAYOUTS = 10**9
#: The lap table's first size (it grows up to :data:`MAX_LAP_ROOM` when a move needs it).
LAP_ROOM = 1 << 12

# meta: counters and settings of one search
_USED, _DONE, _OVERFLOW, _STARTER, _SUR0, _SUR1, _HIST, _TOTAL = range(8)
_META = 8


_S32 = np.uint64(32)
_U0 = np.uint64(0)


@njit(inline="always")
def _below(word, count):
    """A random number from 0 to ``count - 1`` (at most 2**32) from the random 64-bit
    ``word``: its top 32 bits times ``count``, shifted down 32 bits (a multiply where a
    remainder would divide: a 64-bit division costs about as much as a sowing lap)."""
    return np.int64(((word >> _S32) * np.uint64(count)) >> _S32)


@njit(inline="always")
def _log(logs, count):
    """``math.log(count)``, kept in ``logs[count]`` (0: not yet) for counts it has room for:
    UCB1 takes the log of a node's visits at every node of every walk down the tree."""
    if count >= logs.size:
        return math.log(count)
    found = logs[count]
    if found == 0.0:
        found = math.log(count)
        logs[count] = found
    return found


@njit(inline="always")
def _reward(caps, meta):
    """South's reward for a game scored ``caps[0]``, ``caps[1]`` (plus surplus): see the
    module's docstring."""
    margin = (caps[0] + meta[_SUR0]) - (caps[1] + meta[_SUR1])
    result = 1.0 if margin > 0 else (0.0 if margin < 0 else 0.5)
    return (1.0 - TIE_BREAK) * result + TIE_BREAK * (0.5 + 0.5 * margin / meta[_TOTAL])


# -- the search -------------------------------------------------------------------------------
# the three ways a playout chooses its next move
_GROW, _WALK, _PLAY_OUT = range(3)

_GATHER = np.uint64(0x0102040810204080)  # bit 0 of byte i to bit 56 + i
_S56 = np.uint64(56)


@njit(inline="always")
def _legal(ones, ones2):
    """The legal moves of a row, as bits (bit j: hole j of the row holds seeds), from the
    row's :func:`~hoyito_edu.compiled.kernel.row_occupied` bits."""
    return np.int64((ones * _GATHER) >> _S56) | (np.int64((ones2 * _GATHER) >> _S56) << 8)


@njit(inline="always")
def _random_hole(word, ones, ones2):
    """A uniformly random legal move (:func:`_below` of the random ``word``) of the packed
    row whose ``kernel.row_occupied`` bits are ``ones`` and ``ones2``."""
    count = kn.count_occupied(ones) + kn.count_occupied(ones2)
    return kn.nth_in_row(ones, ones2, np.uint64(_below(word, count)))


class Start(NamedTuple):
    """Where the playouts start (:func:`root_arrays`): ``root`` (board, captures, player,
    plies without a capture), the game's positions since its last capture (``hist_rows``)
    and ``meta`` (the search's counters and settings)."""

    root: np.ndarray
    hist_rows: np.ndarray
    meta: np.ndarray


class Nodes(NamedTuple):
    """The tree (see :func:`playouts_kernel`): ``child``, ``visits``, ``value`` a row per node,
    ``path`` the walk down, ``logs`` (:func:`_log`), ``rng`` the generator's state."""

    child: np.ndarray
    visits: np.ndarray
    value: np.ndarray
    path: np.ndarray
    logs: np.ndarray
    rng: np.ndarray


@njit(inline="always")
def _packed_root(start, n):
    """The root's packed board (:class:`~hoyito_edu.compiled.kernel.Board` of
    ``start.root``), with each position of the game's history packed once, not once a
    playout, into the last four columns of its row of ``start.hist_rows``
    (:func:`root_arrays`)."""
    root, hist_rows, meta = start.root, start.hist_rows, start.meta
    size = 2 * n
    inplay = 0
    lo, hi, lo2, hi2 = kn.pack(root, n)
    for h in range(size):
        inplay += root[h]
    for i in range(meta[_HIST]):
        was_lo, was_hi, was_lo2, was_hi2 = kn.pack(hist_rows[i], n)
        hist_rows[i, size + 1], hist_rows[i, size + 2] = np.int64(was_lo), np.int64(was_hi)
        hist_rows[i, size + 3], hist_rows[i, size + 4] = np.int64(was_lo2), np.int64(was_hi2)
    return kn.Board(lo, hi, lo2, hi2, inplay)


@njit(inline="always")
def _playout_start(start, n, tally, positions):
    """A playout starts at the root: the tally's counters at the root's captures, no seeds
    taken, and the game's positions since its last capture counted for the repetition rule
    (R4.3; as ``kernel.count_history``, on the words :func:`_packed_root` packed). Returns
    the root's plies without a capture."""
    root, hist_rows, meta = start.root, start.hist_rows, start.meta
    acc, mtake = tally.acc, tally.mtake
    size = 2 * n
    acc[kn.ACC_CAP0], acc[kn.ACC_CAP1] = root[size], root[size + 1]
    acc[kn.ACC_CASAS] = acc[kn.ACC_SEQ] = acc[kn.ACC_NCAPS] = acc[kn.ACC_GAME] = 0
    acc[kn.ACC_PLY] = 0
    for i in range(8):
        mtake[i] = 0
    kn.forget_positions(positions)
    for i in range(meta[_HIST]):
        kn.count_position(positions, np.uint64(hist_rows[i, size + 1]),
                          np.uint64(hist_rows[i, size + 2]),
                          np.uint64(hist_rows[i, size + 3]),
                          np.uint64(hist_rows[i, size + 4]), hist_rows[i, size])
    return root[size + 3]


@njit(inline="always")
def _untried_hole(child, node, legal, n, pick):
    """The hole (in the row) of the ``pick``-th legal move (``legal``: :func:`_legal`) not
    yet tried at ``node``, counted from 0."""
    for j in range(n):
        if (legal >> j) & 1 and child[node, j] < 0:
            if pick == 0:
                return j
            pick -= 1
    return -1


@njit(inline="always")
def _ucb1_hole(nodes, node, node_visits, legal, n, exploration):
    """The hole (in the row) of the legal move of ``node`` with the best UCB1 score, every
    one tried (``node_visits``: the node's own visits)."""
    child, visits, value = nodes.child, nodes.visits, nodes.value
    k = -1
    best_score = -1.0
    scale = _log(nodes.logs, node_visits)
    for j in range(n):
        if (legal >> j) & 1 and child[node, j] >= 0:
            inverse = 1.0 / visits[node, j]  # one division, not two
            score = value[node, j] * inverse + exploration * math.sqrt(scale * inverse)
            if score > best_score:
                k, best_score = j, score
    return k


@njit(inline="always")
def _tree_move(nodes, meta, node, node_visits, ones, ones2, n, exploration, seed):
    """How a playout moves at ``node`` of the tree, from the ``kernel.row_occupied`` bits of
    the row to move: a move not tried there yet, at random, while the tree has room
    (``_GROW``); the best by UCB1 once every move is tried (``_WALK``); else none
    (``_PLAY_OUT``: the tree is full, play out from here). Returns the mode, the hole in the
    row (-1: none) and the generator's state ``seed``."""
    child = nodes.child
    legal = _legal(ones, ones2)
    untried = 0
    for j in range(n):
        if (legal >> j) & 1 and child[node, j] < 0:
            untried += 1
    if untried > 0 and meta[_USED] < child.shape[0]:
        seed += kn.GOLDEN
        return _GROW, _untried_hole(child, node, legal, n, _below(kn.mix(seed), untried)), seed
    if untried == 0:
        return _WALK, _ucb1_hole(nodes, node, node_visits, legal, n, exploration), seed
    return _PLAY_OUT, -1, seed


@njit(inline="always")
def _down(nodes, meta, mode, node, k, player, depth, n):
    """One step down the tree by hole ``k`` of ``node``, kept in ``path`` (node, hole, player)
    at ``depth``: to its child (``_WALK``), or to a new node made for it (``_GROW``: no move
    tried yet), from which the playout goes on at random. Returns the node reached, its
    visits (0 for a new node, never read) and the mode that follows."""
    child, visits, value, path = nodes.child, nodes.visits, nodes.value, nodes.path
    if mode == _GROW:
        fresh = meta[_USED]
        meta[_USED] += 1
        for j in range(n):
            child[fresh, j], visits[fresh, j], value[fresh, j] = -1, 0, 0.0
        child[node, k] = fresh
        path[depth, 0], path[depth, 1], path[depth, 2] = node, k, player
        return fresh, 0, _PLAY_OUT
    path[depth, 0], path[depth, 1], path[depth, 2] = node, k, player
    return child[node, k], visits[node, k], _WALK


@njit(inline="always")
def _backed_up(nodes, depth, south):
    """A playout's reward for South (``south``) added to each move on its path down the tree
    (the first ``depth`` rows of ``path``), for the player who made it."""
    path, visits, value = nodes.path, nodes.visits, nodes.value
    for i in range(depth):
        v, k = path[i, 0], path[i, 1]
        visits[v, k] += 1
        value[v, k] += south if path[i, 2] == 0 else 1.0 - south


@njit(**kn.ENTRY_OPTIONS)
def playouts_kernel(setup, start, playouts, exploration, nodes, tally, lap_table, positions):
    """Run ``playouts`` more playouts on the tree (:class:`Nodes`: nodes ``0 ..
    meta[_USED]``; node 0 is the root: ``start.root`` holds its board, captures, player and
    plies without a capture). Each starts at the root (:func:`_playout_start`), goes down
    the tree (:func:`_tree_move`, :func:`_down`), makes a new node for the first move not
    tried, plays uniformly random legal moves to the game's end or :data:`MAX_PLIES`, and
    backs its reward up the path (:func:`_backed_up`). Returns False if a move had more laps
    than the lap table holds (``meta[_OVERFLOW]`` is set then).

    Each move is played from one place on the kernel's packed board
    (:func:`~hoyito_edu.compiled.kernel.play_move`, every board size), inlined here: about
    13 s more of a cold compile on the project's machine (``benchmarks/compile_time.py``: 2 s
    before). A shared compiled move called from here instead (not inlined) compiled in 17 s +
    5 s against 23 s, and played 12-36% fewer playouts a second, so the move stays inlined;
    the loop of a playout's moves stays here too: in a helper, inlined in turn, it made this
    function's cold compile about 1.5 times as long."""
    n, meta, rng, mtake = setup.n, start.meta, nodes.rng, tally.mtake
    starter = meta[_STARTER]
    root_board = _packed_root(start, n)
    seed = rng[0]  # the generator (SplitMix64 on ``seed``), back in ``rng`` at the end
    for _ in range(playouts):
        quiet = _playout_start(start, n, tally, positions)
        pb = root_board
        node, depth, player, plies = 0, 0, start.root[2 * n + 2], 0
        node_visits = meta[_DONE]  # the root's
        mode = _WALK
        while player >= 0 and plies < MAX_PLIES:
            ones, ones2 = kn.row_occupied(pb, player)
            if setup.width.ndim == 1:  # up to 2x8 (kernel.Setup): a constant for numba
                ones2 = _U0
            k = -1
            if mode == _WALK:
                mode, k, seed = _tree_move(nodes, meta, node, node_visits, ones, ones2, n,
                                           exploration, seed)
            if mode == _PLAY_OUT:  # uniformly random legal moves
                seed += kn.GOLDEN
                k = _random_hole(kn.mix(seed), ones, ones2)
            pb, moved = kn.play_move(setup, pb, player, player * n + k, starter, quiet, tally,
                                     kn.COUNT, lap_table, positions)
            quiet = moved.quiet
            nxt = moved.player if moved.ok else -2
            if moved.took:  # the move took seeds: empty the counts
                for i in range(8):
                    mtake[i] = 0
            if nxt == -2:
                meta[_OVERFLOW] = 1
                rng[0] = seed
                return False
            if mode != _PLAY_OUT:
                node, node_visits, mode = _down(nodes, meta, mode, node, k, player, depth, n)
                depth += 1
            player, plies = nxt, plies + 1
        _backed_up(nodes, depth, _reward(tally.acc, meta))  # acc[ACC_CAP0], acc[ACC_CAP1]
        meta[_DONE] += 1
    rng[0] = seed
    return True


class Tree:
    """The search's arrays for one board size, kept by a player between choices. The node
    arrays start small and grow (:meth:`make_room`) up to ``nodes`` rows: a search of a few
    thousand playouts then touches a few hundred kilobytes, not the 19 MB of a full tree."""

    def __init__(self, n: int, nodes: int, lap_room: int) -> None:
        self.n, self.lap_room, self.nodes = n, lap_room, nodes
        rows = min(nodes, 1 << 12)
        # a node's rows are set when it is made
        self.child = np.zeros((rows, n), dtype=np.int64)
        self.visits = np.zeros((rows, n), dtype=np.int64)
        self.value = np.zeros((rows, n), dtype=np.float64)
        self.path = np.zeros((MAX_PLIES + 2, 3), dtype=np.int64)
        self.mtake = np.zeros(8, dtype=np.int64)
        self.caps_out = np.zeros((7, 1), dtype=np.int32)  # never written (the tally's keep off)
        self.laps = kn.position_table(lap_room)  # the lap starts of a move (R2.8)
        self.acc = np.zeros(kn.ACC_SIZE, dtype=np.int64)
        self.logs = np.zeros(1 << 16, dtype=np.float64)  # _log's table, filled as it is read

    def make_room(self, used: int, more: int) -> None:
        """Room for ``more`` nodes after the ``used`` ones (a playout makes one node at
        most), or for ``nodes`` if fewer: the search then sees a full tree only at
        ``nodes``, as if the arrays had had that size from the start."""
        rows = self.child.shape[0]
        if used + more <= rows or rows == self.nodes:
            return
        rows = min(self.nodes, max(2 * rows, used + more))
        for name in ("child", "visits", "value"):
            old = getattr(self, name)
            new = np.zeros((rows, *old.shape[1:]), dtype=old.dtype)
            new[:used] = old[:used]
            setattr(self, name, new)



def root_arrays(position: Position) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The search's view of ``position``: ``root`` (board, captures, player, plies without a
    capture), the history since the last capture (a row per position: board, player, then
    four columns for the packed board, filled by :func:`playouts_kernel`) and
    ``meta`` (one node used, the starter, the surplus, every seed in the game)."""
    size = 2 * position.holes_per_row
    history = position.history_since_capture()
    hist_rows = np.zeros((len(history), size + 5), dtype=np.int64)
    for i, (board, player) in enumerate(history):
        hist_rows[i, :size], hist_rows[i, size] = board, player
    root = np.zeros(size + 4, dtype=np.int64)
    root[:size], root[size : size + 2] = position.board, position.captures
    root[size + 2], root[size + 3] = position.player, position.quiet_plies
    meta = np.zeros(_META, dtype=np.int64)
    meta[_USED], meta[_STARTER], meta[_HIST] = 1, position.starter, len(history)
    meta[_SUR0], meta[_SUR1] = position.surplus
    meta[_TOTAL] = max(1, sum(position.board) + sum(position.captures) + sum(position.surplus))
    return root, hist_rows, meta



def run_search(tree: Tree, position: Position, word: int, playouts: int | None,
           exploration: float, deadline: float | None):
    n = position.holes_per_row
    root, hist_rows, meta = root_arrays(position)
    tree.child[0, :], tree.visits[0, :], tree.value[0, :] = -1, 0, 0.0
    rng = np.array([word], dtype=np.uint64)
    room = len(hist_rows) + MAX_PLIES + 2
    setup, positions = kn.setup(position.rules, n), kn.position_table(room)
    start = Start(root, hist_rows, meta)
    caps_out = tree.caps_out
    tally = kn.Tally(tree.acc, tree.mtake, caps_out, caps_out, caps_out)
    # with a deadline, a first small chunk tells the rate; without, every playout in one call
    chunk = 16 if deadline is not None or playouts is None else playouts
    while True:
        if playouts is not None:
            chunk = min(chunk, playouts - int(meta[_DONE]))
        if chunk <= 0:
            break
        tree.make_room(int(meta[_USED]), chunk)
        began = time.perf_counter()
        nodes = Nodes(tree.child, tree.visits, tree.value, tree.path, tree.logs, rng)
        ok = playouts_kernel(setup, start, chunk, exploration, nodes, tally, tree.laps,
                             positions)
        if not ok:
            return None
        now = time.perf_counter()
        if deadline is not None:
            if now >= deadline:
                break
            # about 20 ms a chunk, never past the deadline by much
            rate = chunk / max(now - began, 1e-6)
            chunk = max(1, min(int(rate * min(0.02, deadline - now)), 1 << 16))
        elif playouts is not None:
            chunk = playouts  # no deadline: the rest in one call
        else:
            chunk = 1 << 12
    first = position.player * n
    stats = {}
    for k in range(n):
        c = tree.child[0, k]
        if c >= 0 and position.board[first + k] > 0:
            v = int(tree.visits[0, k])
            stats[first + k] = (v, float(tree.value[0, k] / v) if v else 0.0)
    best = max(sorted(stats), key=lambda hole: stats[hole])
    return best, {"playouts": int(meta[_DONE]), "nodes": int(meta[_USED]),
                  "compiled": True, "root": stats}


