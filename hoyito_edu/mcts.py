"""Monte Carlo tree search (UCT with random playouts) on the compiled rules kernel.

:class:`MCTSPlayer` is the ``mcts`` level and the independent baseline the expert is measured
against (the kind of player Ludii uses by default). Each *playout* walks down the tree from the
position to choose, picking at every node the child with the highest UCB1 score::

    mean reward + exploration * sqrt(ln(visits of the node) / visits of the child)

(``exploration`` is :data:`EXPLORATION`, about sqrt(2), unless set); a node with moves never
tried gets one of them, chosen at random, as a new child; from there the game is played out
with uniformly random moves to its end, and the result is added to every node on the way down.

The reward of a finished game, for a player, is 1 for a win, 0.5 for a draw and 0 for a loss,
with the final score margin as a tie-break: ``(1 - TIE_BREAK) * result + TIE_BREAK * (0.5 +
0.5 * margin / seeds)`` (``seeds``: every seed in the game, surplus included), so a bigger win
or a smaller loss is worth a little more. A node's mean reward is seen by the player who
moved into it, which is what lets the tree follow Hoyito II/III's extra turns and passes: a
node's player may be its parent's. A playout still going after :data:`MAX_PLIES` plies (from
the position to choose) is scored by the current score lead as if it had ended there.

The move played is the root's most visited child (ties: the higher mean reward, then the lower
hole). A position with one legal move gets it at once.

Moves are played by :mod:`hoyito_edu.kernel` (the one compiled copy of the rules, checked
against the engine game by game): the sowing, Ba-awa's last eight, passes, the lap and quiet
limits, and the repetition rule counted from the game's own history since its last capture
(``Position.history_since_capture``) followed by the playout's positions. Positions the kernel
does not take (:func:`hoyito_edu.fastsearch.supports`: closed holes, holes owned across the
board, Hoyito III's last four going to the previous winner) are played out through the engine
instead, by flat Monte Carlo (the same playouts shared evenly among the moves, no tree); that
is some hundred times slower, and ``last_search["compiled"]`` is False then.

Budgets: ``playouts`` (a number of playouts: the same seed then gives the same move on every
machine) or ``time_limit`` (seconds of wall time, 1.0 by default: a faster machine plays more
playouts, so time-limited play is not reproducible across machines or runs). With both, the
search stops at whichever comes first. The first search in a new installation compiles the
search (about three minutes on the project's 2-core machine) unless :func:`warm_up` has run
(``make`` runs it at set-up); numba caches it on disk for the next runs.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i")
>>> a = MCTSPlayer(seed=3, playouts=300).choose(pos)
>>> a == MCTSPlayer(seed=3, playouts=300).choose(pos) and a in pos.legal_moves()
True
"""

from __future__ import annotations

import math
import numbers
import random
import time
from typing import Any

import numpy as np

from . import kernel as kn
from .fastsearch import MAX_LAP_ROOM, supports
from .kernel import njit
from .players import _check_name, _check_playable, _check_seed, _check_time_limit
from .position import Position

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
_LAP_ROOM = 1 << 12

# meta: counters and settings of one search
_USED, _DONE, _OVERFLOW, _STARTER, _SUR0, _SUR1, _HIST, _TOTAL = range(8)
_META = 8


# -- one move ---------------------------------------------------------------------------------
@njit(inline="always")
def _move(rules, n, st, mtake, caps_out, laps, positions, board, caps, player, hole, starter):
    """Play ``hole`` for ``player`` on ``board``/``caps`` with the kernel's
    :func:`~hoyito_edu.kernel._play_move`, counting the new position in ``positions`` (the
    positions since the last capture, for R4.3). Returns the player to move next, -1 if the
    game is over, -2 if the move had more laps than the lap table holds."""
    lap_table, lap_keys, lap_hist = laps
    table, keys, hist = positions
    snap = st[kn._SCALARS :]  # the move's snapshot, after the scalars
    return kn._play_move(rules, st, board, caps, mtake, caps_out, n, player, hole, starter,
                         lap_table, lap_keys, lap_hist, table, keys, hist, snap)  # fmt: skip


@njit(inline="always")
def _random(rng):
    """The next 64-bit word of the search's own generator (SplitMix64 on ``rng[0]``)."""
    rng[0] += kn._GOLDEN
    return kn._mix(rng[0])


@njit(inline="always")
def _reward(caps, meta):
    """South's reward for a game scored ``caps`` (plus surplus): see the module's docstring."""
    margin = (caps[0] + meta[_SUR0]) - (caps[1] + meta[_SUR1])
    result = 1.0 if margin > 0 else (0.0 if margin < 0 else 0.5)
    return (1.0 - TIE_BREAK) * result + TIE_BREAK * (0.5 + 0.5 * margin / meta[_TOTAL])


@njit(inline="always")
def _start(root, hist_rows, meta, st, board, caps, positions, n):
    """Set the board to the root's and the position count to the game's history."""
    size = 2 * n
    table, keys, hist = positions
    for h in range(size):
        board[h] = root[h]
    caps[0], caps[1] = root[size], root[size + 1]
    st[kn._KEEP], st[kn._QUIET] = 0, root[size + 3]
    kn._forget_positions(table, hist)
    for i in range(meta[_HIST]):
        kn._count_position(hist_rows[i, :size], hist_rows[i, size], table, keys, hist)


# -- the search -------------------------------------------------------------------------------
@njit(**kn.ENTRY_OPTIONS)
def _search(rules, n, root, hist_rows, meta, playouts, exploration, rng, child, visits, value,
            to_move, path, st, mtake, caps_out, lap_table, lap_keys, lap_hist, table, keys,
            hist, board, caps):  # fmt: skip
    """Run ``playouts`` more playouts on the tree (nodes ``0 .. meta[_USED]``; node 0 is the
    root: ``root`` holds its board, captures, player and plies without a capture). A node's
    ``value`` is the sum of rewards of the player who moved into it; ``to_move`` is its player
    to move, -1 once the game is over. Returns False if a move had more laps than the lap
    table holds (``meta[_OVERFLOW]`` is set then)."""
    size = 2 * n
    laps = (lap_table, lap_keys, lap_hist)
    positions = (table, keys, hist)
    starter = meta[_STARTER]
    for _ in range(playouts):
        _start(root, hist_rows, meta, st, board, caps, positions, n)
        node, depth, player, plies = 0, 0, root[size + 2], 0
        path[0] = 0
        expanding = True
        while player >= 0 and plies < MAX_PLIES:
            first = player * n
            if expanding:
                untried, legal = 0, 0
                for k in range(n):
                    if board[first + k] > 0:
                        legal += 1
                        if child[node, k] < 0:
                            untried += 1
                if untried > 0 and meta[_USED] < child.shape[0]:
                    pick = np.int64(_random(rng) % np.uint64(untried))
                    k = 0
                    for k in range(n):
                        if board[first + k] > 0 and child[node, k] < 0:
                            if pick == 0:
                                break
                            pick -= 1
                    nxt = _move(rules, n, st, mtake, caps_out, laps, positions, board, caps,
                                player, first + k, starter)  # fmt: skip
                    if nxt == -2:
                        meta[_OVERFLOW] = 1
                        return False
                    fresh = meta[_USED]
                    meta[_USED] += 1
                    for j in range(n):
                        child[fresh, j] = -1
                    visits[fresh], value[fresh], to_move[fresh] = 0, 0.0, nxt
                    child[node, k] = fresh
                    node, player, plies = fresh, nxt, plies + 1
                    depth += 1
                    path[depth] = node
                    expanding = False
                    continue
                if untried == 0:  # every move tried: UCB1
                    best, best_score = -1, -1.0
                    scale = math.log(visits[node])
                    for k in range(n):
                        c = child[node, k]
                        if board[first + k] > 0 and c >= 0:
                            score = value[c] / visits[c] + exploration * math.sqrt(
                                scale / visits[c]
                            )
                            if score > best_score:
                                best, best_score = k, score
                    nxt = _move(rules, n, st, mtake, caps_out, laps, positions, board, caps,
                                player, first + best, starter)  # fmt: skip
                    if nxt == -2:
                        meta[_OVERFLOW] = 1
                        return False
                    node, player, plies = child[node, best], nxt, plies + 1
                    depth += 1
                    path[depth] = node
                    continue
                expanding = False  # the tree is full: play out from here
            # the playout: uniformly random legal moves
            legal = 0
            for k in range(n):
                if board[first + k] > 0:
                    legal += 1
            pick = np.int64(_random(rng) % np.uint64(legal))
            hole = first
            for k in range(n):
                if board[first + k] > 0:
                    if pick == 0:
                        hole = first + k
                        break
                    pick -= 1
            nxt = _move(rules, n, st, mtake, caps_out, laps, positions, board, caps, player,
                        hole, starter)  # fmt: skip
            if nxt == -2:
                meta[_OVERFLOW] = 1
                return False
            player, plies = nxt, plies + 1
        south = _reward(caps, meta)
        for i in range(depth + 1):
            v = path[i]
            visits[v] += 1
            if i > 0:
                mover = to_move[path[i - 1]]
                value[v] += south if mover == 0 else 1.0 - south
        meta[_DONE] += 1
    return True


@njit(**kn.ENTRY_OPTIONS)
def _play_line(rules, n, root, hist_rows, meta, holes, out, st, mtake, caps_out, lap_table,
               lap_keys, lap_hist, table, keys, hist, board, caps):  # fmt: skip
    """Play ``holes`` from the root with :func:`_move`, as a playout does, writing after each
    move the board, captures and player to move (-1: the game is over) into a row of ``out``.
    Returns the moves played (fewer if the game ended), or -1 on a lap table overflow. For
    tests: it checks the playouts' moves and history against the engine."""
    size = 2 * n
    laps = (lap_table, lap_keys, lap_hist)
    positions = (table, keys, hist)
    _start(root, hist_rows, meta, st, board, caps, positions, n)
    player = root[size + 2]
    for i in range(holes.size):
        player = _move(rules, n, st, mtake, caps_out, laps, positions, board, caps, player,
                       holes[i], meta[_STARTER])  # fmt: skip
        if player == -2:
            return -1
        for h in range(size):
            out[i, h] = board[h]
        out[i, size], out[i, size + 1], out[i, size + 2] = caps[0], caps[1], player
        if player < 0:
            return i + 1
    return holes.size


class _Tree:
    """The search's arrays for one board size, kept by a player between choices."""

    def __init__(self, n: int, nodes: int, lap_room: int) -> None:
        self.n, self.lap_room = n, lap_room
        self.child = np.full((nodes, n), -1, dtype=np.int64)
        self.visits = np.zeros(nodes, dtype=np.int64)
        self.value = np.zeros(nodes, dtype=np.float64)
        self.to_move = np.zeros(nodes, dtype=np.int64)
        self.path = np.zeros(MAX_PLIES + 2, dtype=np.int64)
        self.st = np.zeros(kn._SCALARS + kn.SNAP_SIZE, dtype=np.int64)
        self.mtake = np.zeros(8, dtype=np.int64)
        self.caps_out = np.zeros((7, 1), dtype=np.int32)  # never written (st[_KEEP] is 0)
        self.laps = kn._hash_table(n, lap_room)
        self.board = np.zeros(2 * n, dtype=np.int64)
        self.caps = np.zeros(2, dtype=np.int64)


class MCTSPlayer:
    """UCT with random playouts on the compiled kernel: see :mod:`hoyito_edu.mcts`.

    Args:
        seed: seeds the player's generator (a whole number from 0, or None).
        playouts: playouts per move (reproducible: same seed, same move on any machine).
        time_limit: seconds a move (default 1.0 when ``playouts`` is not given; not
            reproducible across machines).
        exploration: UCB1's constant (default :data:`EXPLORATION`), a number from 0 to 100.
        name: the player's name in tables.

    ``last_search`` tells what the last choice did: playouts, tree nodes, seconds, whether the
    compiled path was used, and per hole its visits and mean reward.

    >>> import hoyito_edu as hy
    >>> MCTSPlayer(seed=0, playouts=200).choose(hy.new_game("ba-awa")) in range(6)
    True
    """

    def __init__(self, seed: int | None = None, time_limit: float | None = None,
                 playouts: int | None = None, exploration: float = EXPLORATION,
                 name: str = "mcts") -> None:  # fmt: skip
        self.name = _check_name(name)
        self.seed = _check_seed(seed)
        self.playouts = _check_playouts(playouts)
        time_limit = _check_time_limit(time_limit)
        self.time_limit = 1.0 if time_limit is None and playouts is None else time_limit
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, numbers.Real)
            or not 0 <= exploration <= 100
        ):
            raise ValueError(f"exploration must be a number from 0 to 100, not {exploration!r}")
        self.exploration = float(exploration)
        self.rng = random.Random(self.seed)
        self._tree: _Tree | None = None
        self.last_search: dict[str, Any] = {}

    def __repr__(self) -> str:
        return (
            f"<MCTSPlayer {self.name!r} seed={self.seed} playouts={self.playouts} "
            f"time_limit={self.time_limit} exploration={self.exploration:.3f}>"
        )

    def choose(self, position: Position) -> int:
        """The hole to sow in ``position`` (one of its legal moves)."""
        legal = _check_playable(position)
        started = time.perf_counter()
        word = self.rng.getrandbits(64)
        if len(legal) == 1:
            self.last_search = {"playouts": 0, "nodes": 0, "seconds": 0.0, "compiled": None}
            return legal[0]
        deadline = None if self.time_limit is None else started + self.time_limit
        if supports(position):
            hole, stats = self._search(position, word, deadline)
        else:
            hole, stats = _flat_monte_carlo(position, random.Random(word), self.playouts,
                                            deadline)  # fmt: skip
        stats["seconds"] = time.perf_counter() - started
        self.last_search = stats
        return hole

    def _search(self, position: Position, word: int, deadline: float | None):
        n = position.holes_per_row
        max_laps = position.rules.max_laps
        room = _LAP_ROOM if max_laps is None else min(max(_LAP_ROOM, max_laps + 1), MAX_LAP_ROOM)
        while True:
            if self._tree is None or self._tree.n != n or self._tree.lap_room < room:
                self._tree = _Tree(n, TREE_NODES, room)
            found = self._run(position, word, deadline)
            if found is not None:
                return found
            if room >= MAX_LAP_ROOM:
                raise ValueError(
                    f"a playout met a move of more than {room:,} laps and the rules have no lap "
                    f"limit (R2.8): the mcts player does not follow a move that long. Play with "
                    f"a lap limit of at most {MAX_LAP_ROOM - 1:,} (rule option max_laps)"
                )
            room = min(8 * room, MAX_LAP_ROOM)

    def _run(self, position: Position, word: int, deadline: float | None):
        tree, n = self._tree, position.holes_per_row
        root, hist_rows, meta = _root_arrays(position)
        tree.child[0, :] = -1
        tree.visits[0], tree.value[0], tree.to_move[0] = 0, 0.0, position.player
        table = kn._hash_table(n, len(hist_rows) + MAX_PLIES + 2)
        rng = np.array([word], dtype=np.uint64)
        rules = kn.rule_codes(position.rules)
        chunk = 16
        while True:
            if self.playouts is not None:
                chunk = min(chunk, self.playouts - int(meta[_DONE]))
            if chunk <= 0:
                break
            began = time.perf_counter()
            ok = _search(rules, n, root, hist_rows, meta, chunk,
                         self.exploration, rng, tree.child, tree.visits, tree.value,
                         tree.to_move, tree.path, tree.st, tree.mtake, tree.caps_out,
                         *tree.laps, *table, tree.board, tree.caps)  # fmt: skip
            if not ok:
                return None
            now = time.perf_counter()
            if deadline is not None:
                if now >= deadline:
                    break
                # about 20 ms a chunk, never past the deadline by much
                rate = chunk / max(now - began, 1e-6)
                chunk = max(1, min(int(rate * min(0.02, deadline - now)), 1 << 16))
            else:
                chunk = 1 << 12
        first = position.player * n
        stats = {}
        for k in range(n):
            c = tree.child[0, k]
            if c >= 0 and position.board[first + k] > 0:
                v = int(tree.visits[c])
                stats[first + k] = (v, float(tree.value[c] / v) if v else 0.0)
        best = max(sorted(stats), key=lambda hole: stats[hole])
        return best, {"playouts": int(meta[_DONE]), "nodes": int(meta[_USED]),
                      "compiled": True, "root": stats}  # fmt: skip


def warm_up() -> float:
    """Compile (or load from numba's disk cache) everything the ``mcts`` and ``expert`` levels
    and the fast simulator run, by a 16-playout search and a depth-2 expert search on a new
    Hoyito I game; returns the seconds it took. ``make`` runs it once at set-up, so that the
    first move in a new installation does not wait minutes for the compiler; with the cache,
    it takes well under a second. Numba compiles again after ``mcts.py`` or ``kernel.py``
    change (its cache is keyed by the source file): run it again then.

    >>> warm_up() < 600
    True
    """
    from . import fastsim  # noqa: F401 - compiled at import, as the fast simulator needs
    from .players import SearchPlayer
    from .position import new_game

    started = time.perf_counter()
    position = new_game("hoyito-i")
    MCTSPlayer(seed=0, playouts=16).choose(position)
    SearchPlayer(seed=0, max_depth=2).choose(position)
    return time.perf_counter() - started


def _root_arrays(position: Position) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The search's view of ``position``: ``root`` (board, captures, player, plies without a
    capture), the history since the last capture (a row per position: board, player) and
    ``meta`` (one node used, the starter, the surplus, every seed in the game)."""
    size = 2 * position.holes_per_row
    history = position.history_since_capture()
    hist_rows = np.zeros((len(history), size + 1), dtype=np.int64)
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


def _flat_monte_carlo(position: Position, rng: random.Random, playouts: int | None,
                      deadline: float | None) -> tuple[int, dict]:  # fmt: skip
    """The engine fallback: the playouts shared in turn among the legal moves, each a random
    game through ``Position.play``; the move with the best mean reward is played."""
    legal = position.legal_moves()
    me = position.player
    total = max(1, position.seeds_on_board + sum(position.score))
    sums = dict.fromkeys(legal, 0.0)
    counts = dict.fromkeys(legal, 0)
    done = 0
    while (playouts is None or done < playouts) and (
        deadline is None or time.perf_counter() < deadline or done < len(legal)
    ):
        hole = legal[done % len(legal)]
        pos, plies = position.play(hole), 1
        while not pos.is_over and plies < MAX_PLIES:
            pos, plies = pos.play(rng.choice(pos.legal_moves())), plies + 1
        score = pos.score
        margin = score[me] - score[1 - me]
        result = 1.0 if margin > 0 else (0.0 if margin < 0 else 0.5)
        sums[hole] += (1 - TIE_BREAK) * result + TIE_BREAK * (0.5 + 0.5 * margin / total)
        counts[hole] += 1
        done += 1
    stats = {h: (counts[h], sums[h] / counts[h] if counts[h] else 0.0) for h in legal}
    best = max(legal, key=lambda h: (stats[h][1], -h))
    return best, {"playouts": done, "nodes": 0, "compiled": False, "root": stats}


def _check_playouts(value: object) -> int | None:
    """None, or a whole number of playouts from 1 to :data:`MAX_PLAYOUTS`."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"playouts must be None or a whole number from 1, not {value!r}")
    if not 1 <= value <= MAX_PLAYOUTS:
        raise ValueError(f"playouts must be from 1 to {MAX_PLAYOUTS:,}, not {value!r}")
    return int(value)
