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

Moves are played by :mod:`hoyito_edu.compiled.kernel` (the one compiled copy of the rules, checked
against the engine game by game): the sowing, Ba-awa's last eight, passes, the lap and quiet
limits, and the repetition rule counted from the game's own history since its last capture
(``Position.history_since_capture``) followed by the playout's positions. Positions the kernel
does not take (:func:`hoyito_edu.compiled.search.supports`: closed holes, holes owned across the
board, Hoyito III's last four going to the previous winner) are played out through the engine
instead, by flat Monte Carlo (the same playouts shared evenly among the moves, no tree); that
is some hundred times slower, and ``last_search["compiled"]`` is False then.

Budgets: ``playouts`` (a number of playouts: the same seed then gives the same move on every
machine) or ``time_limit`` (seconds of wall time, 1.0 by default: a faster machine plays more
playouts, so time-limited play is not reproducible across machines or runs). With both, the
search stops at whichever comes first. The first search in a new installation compiles the
search (for seconds on the project's 2-core machine: ``benchmarks/compile_time.py``) unless
:func:`hoyito_edu.players.warm_up` has run (``make`` runs it at set-up); numba caches it on
disk for the next runs.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i")
>>> a = MCTSPlayer(seed=3, playouts=300).choose(pos)
>>> a == MCTSPlayer(seed=3, playouts=300).choose(pos) and a in pos.legal_moves()
True
"""

from __future__ import annotations

import numbers
import random
import time
from typing import Any

import numpy as np

from ..compiled.mcts import (
    EXPLORATION,
    LAP_ROOM,
    MAX_PLAYOUTS,
    MAX_PLIES,
    TIE_BREAK,
    TREE_NODES,
    Tree,
    run_search,
)
from ..compiled.search import MAX_LAP_ROOM, supports
from ..engine.checks import shown
from ..engine.position import Position
from .simple import check_name, check_playable, check_seed, check_time_limit


class MCTSPlayer:
    """UCT with random playouts on the compiled kernel: see :mod:`hoyito_edu.players.mcts`.

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
                 name: str = "mcts") -> None:
        self.name = check_name(name)
        self.seed = check_seed(seed)
        self.playouts = _check_playouts(playouts)
        time_limit = check_time_limit(time_limit)
        self.time_limit = 1.0 if time_limit is None and playouts is None else time_limit
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, numbers.Real)
            or not 0 <= exploration <= 100
        ):
            raise ValueError(
                f"exploration must be a number "
                f"from 0 to 100, not {shown(exploration)}"
            )
        self.exploration = float(exploration)
        self.rng = random.Random(self.seed)
        self._tree: Tree | None = None
        self.last_search: dict[str, Any] = {}

    def __repr__(self) -> str:
        return (
            f"<MCTSPlayer {self.name!r} seed={shown(self.seed)} playouts={self.playouts} "
            f"time_limit={self.time_limit} exploration={self.exploration:.3f}>"
        )

    def choose(self, position: Position) -> int:
        """The hole to sow in ``position`` (one of its legal moves)."""
        legal = check_playable(position)
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
                                            deadline)
        stats["seconds"] = time.perf_counter() - started
        self.last_search = stats
        return hole

    def _search(self, position: Position, word: int, deadline: float | None):
        n = position.holes_per_row
        max_laps = position.rules.max_laps
        room = LAP_ROOM if max_laps is None else min(max(LAP_ROOM, max_laps + 1), MAX_LAP_ROOM)
        while True:
            if self._tree is None or self._tree.n != n or self._tree.lap_room < room:
                self._tree = Tree(n, TREE_NODES, room)
            found = run_search(self._tree, position, word, self.playouts, self.exploration,
                               deadline)
            if found is not None:
                return found
            if room >= MAX_LAP_ROOM:
                raise ValueError(
                    f"a playout met a move of more than {room:,} laps and the rules have no lap "
                    f"limit (R2.8): the mcts player does not follow a move that long. Play with "
                    f"a lap limit of at most {MAX_LAP_ROOM - 1:,} (rule option max_laps)"
                )
            room = min(8 * room, MAX_LAP_ROOM)


def _flat_monte_carlo(position: Position, rng: random.Random, playouts: int | None,
                      deadline: float | None) -> tuple[int, dict]:
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
        raise ValueError(f"playouts must be None or a whole number from 1, not {shown(value)}")
    if not 1 <= value <= MAX_PLAYOUTS:
        raise ValueError(f"playouts must be from 1 to {MAX_PLAYOUTS:,}, not {shown(value)}")
    return int(value)
