"""Perfect endgames: the exact value of every position with few seeds left, by retrograde
analysis (issue 28).

A table holds, for one rule set on 2x6 and every board with at most ``seeds`` seeds on it and
either player to move (and, in Ba-awa, either starter), the *value*: the seeds the player to
move will capture from here on minus those the opponent will, when both play as well as
possible. Seeds already captured do not change what is best from here, so one table serves
every score; the final margin is the current lead plus the value.

How it is computed. Seeds only leave the board by captures, so the positions fall into layers
by the seeds on the board, and a move either captures (down to a smaller layer, already
solved) or keeps the layer. Layers are solved smallest first. Inside a layer, capture-free play
can go round in circles; the spec ends such play by repetition (R4.3: the third time a
position occurs) or, as a rule option, by the quiet limit (R4.5: after ``quiet_limit`` plies
without a capture), each player then taking the seeds in their own holes. Repetition depends
on the whole history since the last capture, which no table of positions can hold, so the
tables are exact for **the quiet limit** instead: ``value_k`` of a position is its value when
the game ends (owners taking their seeds) after ``k`` more plies without a capture, computed
for ``k = 0, 1, ..., quiet`` (``value_0`` is what the owners would take now), and the table
keeps ``value_quiet``: the exact value, for a position just after a capture, of the rules
with ``quiet_limit = quiet`` if repetition never came first. A three-fold repetition needs at
least four capture-free plies, so for ``quiet <= 4`` the two endings coincide and the tables
are the exact values of the engine's rules with that quiet limit (a plain minimax through the
engine checks this in ``tests/test_endgames.py``). ``stable`` marks the positions whose value
is the same for every limit from ``quiet - 2`` to ``quiet``.

Stable is not enough for the spec's own rules: where the result hangs on how capture-free play
ends, repetition ends it differently (playing the tables' moves for both sides from 200 random
stable Hoyito positions of up to 6 seeds under the engine's rules, about half the games ended
with another margin than the table's, most of them by repetition). So two more games are solved
beside each table, in which any ending of capture-free play gives every seed left to North
(``low``) or to South (``high``). Values are monotone in what such endings give, and a
repetition ending (owners take their holes) lies between those two extremes, so where the two
games agree (``exact``) the value holds under every ending rule, repetition included: a player
who could force a repetition before the forced capture could also stall until the limit in the
``low`` (or ``high``) game, and would then get another value there. ``tests/test_endgames.py``
plays exact positions to the end under the default rules. The expert and :func:`best_play` use
exact positions only. In Ba-awa every position is exact; in Hoyito few are
(``data/endgames.csv``), since with few seeds left captures are rare and the ending of
capture-free play decides. The lap limit (R2.8) lies inside a move and needs no history: the
engine plays it. A game played with a quiet limit of its own (a rule option) is answered only
where that limit leaves at least ``quiet`` plies without a capture: a shorter one could end
the game before a capture the table's value counts on.

Every move of the table is played by the engine (``Position.play``): the table cannot drift
from the rules. Tables are built on first use and cached in ``~/.cache/hoyito_edu/endgames``
(``HOYITO_EDU_CACHE`` moves it), never in git.

>>> table = endgame_table("hoyito-i", seeds=3, quiet=4, cache=False)
>>> import hoyito_edu as hy
>>> table.value(hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0]))
-3
"""

from __future__ import annotations

import itertools
import math
import os
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from ..engine.position import Position, new_game
from ..engine.rules import get_rules
from ..i18n import gettext, ngettext

__all__ = ["EndgameTable", "endgame_table", "cache_folder", "HOLES", "MAX_TABLE_SEEDS",
           "QUIET", "cached_table", "perfect_move", "best_play", "best_play_words",
           "table_counts", "table_path", "save_table"]

#: Holes on the board the tables cover (2x6).
HOLES = 12
#: The most seeds a table may hold (a bigger one would not fit this machine's memory or hour).
MAX_TABLE_SEEDS = 12
_ROWS = (0,) * 6 + (1,) * 6
#: The quiet limit the tables are built with unless told (see the module's docstring).
QUIET = 40
#: Marks a state nobody can be in (the player to move has nothing to sow: they pass).
NO_STATE = -128


def cache_folder() -> Path:
    """Where tables are kept: ``$HOYITO_EDU_CACHE/endgames`` or ``~/.cache/hoyito_edu/endgames``."""
    base = os.environ.get("HOYITO_EDU_CACHE") or Path.home() / ".cache" / "hoyito_edu"
    return Path(base) / "endgames"


def _boards(seeds: int) -> np.ndarray:
    """Every board of 12 holes with 1..``seeds`` seeds, fewest seeds first (an array, one row
    a board)."""
    count = sum(math.comb(total + HOLES - 1, HOLES - 1) for total in range(1, seeds + 1))
    boards = np.empty((count, HOLES), dtype=np.int8)
    row = 0
    for total in range(1, seeds + 1):
        # compositions of ``total`` into 12 parts: stars and bars
        for bars in itertools.combinations(range(total + HOLES - 1), HOLES - 1):
            edges = (-1, *bars, total + HOLES - 1)
            boards[row] = [edges[i + 1] - edges[i] - 1 for i in range(HOLES)]
            row += 1
    return boards


def _codes(boards: np.ndarray, seeds: int) -> np.ndarray:
    """Each board as one number in base ``seeds + 1`` (its index in a sorted array finds it)."""
    weights = (seeds + 1) ** np.arange(HOLES, dtype=np.int64)
    return boards.astype(np.int64) @ weights


@dataclass
class EndgameTable:
    """Exact values of the positions with at most ``seeds`` seeds on the board (see the
    module's docstring). ``values[s, p, b]``: starter ``s`` (always 0 outside Ba-awa), player
    to move ``p``, board ``b`` (in :attr:`codes` order)."""

    variant: str
    seeds: int
    quiet: int
    codes: np.ndarray
    values: np.ndarray
    stable: np.ndarray
    #: The fewest capture-free plies of allowance from which a position's value no longer
    #: changes (``value_k`` is the same for every ``k`` from it up to ``quiet``): how far the
    #: value is from being realised. Play that keeps the value and lowers this makes progress
    #: instead of going round in circles.
    need: np.ndarray | None = None
    #: True where the value does not depend on how play without captures ends: two games
    #: that end it giving every seed left to North, or to South, have the same value. Such a
    #: value is exact under the spec's rules, repetition included (see the module's docstring).
    exact: np.ndarray | None = None

    def _index(self, position: Position) -> tuple[int, int, int] | None:
        rules = position.rules
        limit = rules.quiet_limit
        if (replace(rules, quiet_limit=None) != get_rules(self.variant)
                # a quiet limit that leaves fewer capture-free plies than the table counted on
                # could end the game before a capture its value needs
                or (limit is not None and limit - position.quiet_plies < self.quiet)
                or len(position.board) != HOLES or position.closed or position.is_over
                or position.owners not in ((), _ROWS) or position.seeds_on_board > self.seeds
                or position.seeds_on_board == 0):
            return None
        code = int(_codes(np.array([position.board]), self.seeds)[0])
        b = int(np.searchsorted(self.codes, code))
        starter = position.starter if rules.territory else 0
        return starter, position.player, b

    def covers(self, position: Position) -> bool:
        """True when the table holds ``position`` (the standard rules of its rule set on 2x6,
        rows owned as at the start, no closed holes, at most :attr:`seeds` seeds, and no quiet
        limit, or one that leaves at least :attr:`quiet` plies without a capture)."""
        return self._index(position) is not None

    def value(self, position: Position) -> int | None:
        """The seeds the player to move will gain on the opponent from here with best play
        (None if the table does not hold the position)."""
        index = self._index(position)
        return None if index is None else int(self.values[index])

    def margin(self, position: Position) -> int | None:
        """The final margin of the player to move with best play: the lead now plus the value
        (surplus and captures so far counted, R4.4)."""
        value = self.value(position)
        if value is None:
            return None
        me = position.player
        return position.score[me] - position.score[1 - me] + value

    def best_moves(self, position: Position) -> list[int]:
        """The moves the table rates best (every one of them; empty if it does not hold the
        position). Each move is rated by what it takes plus its position's value, so where
        the value depends on the quiet limit (not ``stable``) the best moves may be worth one
        ply more of it than :meth:`value`."""
        if self.value(position) is None:
            return []
        rated = {h: self.move_value(position, h) for h in position.legal_moves()}
        known = [v for v in rated.values() if v is not None]
        return [h for h, v in rated.items() if known and v == max(known)]

    def move_value(self, position: Position, hole: int) -> int | None:
        """The value of playing ``hole`` in ``position``, for the player to move."""
        me = position.player
        child = position.play(hole)
        gained = (child.captures[me] - position.captures[me]) - (
            child.captures[1 - me] - position.captures[1 - me])
        if child.is_over:
            return gained
        after = self.value(child)  # at a full quiet allowance (exact for stable positions)
        if after is None:
            return None
        return gained + (after if child.player == me else -after)

    def progress_moves(self, position: Position) -> list[int]:
        """The best moves (:meth:`best_moves`) that make progress: a move that ends the game or
        captures if one is best, else those whose position is nearest to realising its value
        (the least :attr:`need`). Playing these, neither side goes round in circles."""
        best = self.best_moves(position)
        if len(best) < 2 or self.need is None:
            return best

        def distance(hole: int) -> int:
            child = position.play(hole)
            if child.is_over or child.quiet_plies == 0:
                return -1  # the game ends or a capture is made: progress at once
            index = self._index(child)
            return int(self.need[index]) if index is not None else self.quiet

        distances = {h: distance(h) for h in best}
        least = min(distances.values())
        return [h for h in best if distances[h] == least]

    def is_exact(self, position: Position) -> bool | None:
        """True when the value of ``position`` holds however play without captures ends
        (:attr:`exact`); None if the table does not hold it."""
        index = self._index(position)
        return None if index is None else bool(self.exact[index])

    def is_stable(self, position: Position) -> bool | None:
        """True when the value of ``position`` does not depend on the quiet limit (see the
        module's docstring); None if the table does not hold it."""
        index = self._index(position)
        return None if index is None else bool(self.stable[index])

    def words(self, position: Position) -> str | None:
        """What the board's Show me can say, e.g. ``"won by 4 with best play"`` (for the player
        to move, in the current language), or None when the table does not hold the position."""
        margin = self.margin(position)
        if margin is None:
            return None
        if margin > 0:
            return ngettext("won by {n} seed with best play", "won by {n} with best play",
                            margin).format(n=margin)
        if margin < 0:
            return ngettext("lost by {n} seed with best play", "lost by {n} with best play",
                            -margin).format(n=-margin)
        return gettext("drawn with best play")


def _state(board, player: int, starter: int, variant: str) -> Position:
    return new_game(variant, board=board, player=player, starter=starter)


#: States whose moves are played before the lists of a layer's edges become arrays (memory).
_CHUNK = 1 << 16


def _edges(variant: str, seeds: int, codes: np.ndarray, boards: np.ndarray, layer: np.ndarray,
           starter: int) -> tuple[np.ndarray, ...]:
    """Every move of every state in ``layer`` (board indices) with ``starter``, played by the
    engine, as arrays: source state, kind (0 ends the game, 1 captures, 2 neither), child
    state, sign (+1 when the mover moves again), seeds gained on the opponent. Sources come in
    increasing order. Kept in small dtypes and turned into arrays every :data:`_CHUNK` states,
    so a 12-seed layer fits in a few hundred megabytes."""
    size = len(codes)
    parts: list[tuple[np.ndarray, ...]] = []
    src, kind, kid_p, child_boards, sign, gain = [], [], [], [], [], []

    def flush() -> None:
        if not src:
            return
        kids = np.zeros(len(src), dtype=np.int32)
        moved = np.array(kind, dtype=np.int8) != 0
        if moved.any():
            wanted = _codes(np.array(child_boards, dtype=np.int8), seeds)
            found = np.minimum(np.searchsorted(codes, wanted), size - 1)
            if not np.array_equal(codes[found][moved], wanted[moved]):
                raise RuntimeError("a move led to a board the table does not hold")
            kids[moved] = (np.array(kid_p, dtype=np.int32) * size + found)[moved]
        parts.append((np.array(src, dtype=np.int32), np.array(kind, dtype=np.int8), kids,
                      np.array(sign, dtype=np.int8), np.array(gain, dtype=np.int8)))
        for items in (src, kind, kid_p, child_boards, sign, gain):
            items.clear()

    done = 0
    for p in (0, 1):
        for b in layer.tolist():
            position = _state(boards[b].tolist(), p, starter, variant)
            if position.player != p or position.is_over:
                continue  # p has nothing to sow: this state is never the one to move
            for hole in position.legal_moves():
                child = position.play(hole)
                src.append(p * size + b)
                gain.append(child.captures[p] - child.captures[1 - p])
                child_boards.append(child.board)  # looked up unless the game ended (kind 0)
                if child.is_over:
                    kind.append(0)
                    kid_p.append(0)
                    sign.append(0)
                else:
                    kind.append(1 if child.quiet_plies == 0 else 2)
                    kid_p.append(child.player)
                    sign.append(1 if child.player == p else -1)
            done += 1
            if done % _CHUNK == 0:
                flush()
    flush()
    if not parts:
        empty = np.zeros(0, dtype=np.int32)
        return empty, empty.astype(np.int8), empty, empty.astype(np.int8), empty.astype(np.int8)
    return tuple(np.concatenate(column) for column in zip(*parts, strict=True))


def build(variant: str, seeds: int, quiet: int) -> EndgameTable:
    """Build a table (see the module's docstring); :func:`endgame_table` caches it."""
    rules = get_rules(variant)
    boards = _boards(seeds)
    codes = _codes(boards, seeds)
    order = np.argsort(codes, kind="stable")
    boards, codes = boards[order], codes[order]
    totals = boards.sum(axis=1, dtype=np.int16)
    starters = (0, 1) if rules.territory else (0,)
    shape = (len(starters), 2, len(codes))
    values = np.full(shape, NO_STATE, dtype=np.int16)
    stable = np.zeros(shape, dtype=bool)
    need = np.zeros(shape, dtype=np.int16)
    low = np.full(shape, NO_STATE, dtype=np.int16)
    high = np.full(shape, NO_STATE, dtype=np.int16)
    owners_take = (boards[:, :6].sum(axis=1, dtype=np.int16)
                   - boards[:, 6:].sum(axis=1, dtype=np.int16))
    for total in range(1, seeds + 1):
        layer = np.flatnonzero(totals == total)
        for s in starters:
            edges = _edges(variant, seeds, codes, boards, layer, s)
            src = edges[0]
            if not len(src):
                continue
            starts = np.flatnonzero(np.r_[True, src[1:] != src[:-1]])
            states = src[starts]
            south = np.where(states >= len(codes), -1, 1).astype(np.int16)  # +1: South moves
            owners = owners_take[states % len(codes)] * south  # value_0: owners take now
            # Two more games bound every ending of capture-free play (repetition included):
            # in "low" any such ending gives North every seed left, in "high" South.
            extreme = (total * south).astype(np.int16)
            for table, base in ((values, owners), (low, -extreme), (high, extreme)):
                flat = table[s].reshape(-1)  # a view: solved layers below are final
                flat[states], changed = _iterate(flat, states, starts, base, edges, quiet)
                if table is values:  # the value no longer changes from allowance `changed` on
                    stable[s].reshape(-1)[states] = changed <= quiet - 2
                    need[s].reshape(-1)[states] = changed
    exact = (low == high) & (values != NO_STATE)
    return EndgameTable(variant, seeds, quiet, codes, values, stable, need, exact)


def _iterate(flat, states, starts, base, edges, quiet: int) -> tuple[np.ndarray, np.ndarray]:
    """``value_quiet`` of a layer's ``states`` (see the module's docstring), from ``value_0 =
    base``, each ``value_k`` from ``value_(k-1)``; captures lead to the solved layers below in
    ``flat``. Also, for each state, the last ``k`` at which its value changed (0 if it never
    did): from that allowance on, the value is ``value_quiet``."""
    src, kind, kid, sign, gain = edges
    now = flat.copy()
    now[states] = base
    captured = kind == 1
    fixed = gain.astype(np.int16)
    fixed[captured] += sign[captured] * flat[kid[captured]]
    quiet_edges = np.flatnonzero(kind == 2)
    quiet_kids, quiet_signs = kid[quiet_edges], sign[quiet_edges].astype(np.int16)
    value, changed = base, np.zeros(len(states), dtype=np.int16)
    for k in range(1, quiet + 1):
        edge = fixed.copy()
        edge[quiet_edges] += quiet_signs * now[quiet_kids]
        value, previous = np.maximum.reduceat(edge, starts), value
        changed[value != previous] = k
        now[states] = value
    return value, changed


def endgame_table(variant: str, seeds: int = 8, quiet: int = 40, cache: bool = True
                  ) -> EndgameTable:
    """The table of ``variant`` on 2x6 for at most ``seeds`` seeds and quiet limit ``quiet``,
    built on first use and loaded from :func:`cache_folder` after that."""
    rules = get_rules(variant)
    if not isinstance(seeds, int) or not 1 <= seeds <= MAX_TABLE_SEEDS:
        raise ValueError(f"seeds must be a whole number from 1 to {MAX_TABLE_SEEDS}, not {seeds!r}")
    if not isinstance(quiet, int) or not 1 <= quiet <= 10_000:
        raise ValueError(f"quiet must be a whole number from 1 to 10000, not {quiet!r}")
    path = table_path(rules.name, seeds, quiet)
    if cache and path.exists():
        saved = np.load(path)
        if "exact" in saved:  # a table saved before ``exact`` existed is built again
            return EndgameTable(rules.name, seeds, quiet, saved["codes"], saved["values"],
                                saved["stable"], saved["need"], saved["exact"])
    table = build(rules.name, seeds, quiet)
    if cache:
        save_table(table)
    return table


def table_path(variant: str, seeds: int, quiet: int) -> Path:
    """The file in :func:`cache_folder` that keeps a table.

    >>> table_path("hoyito-ii", 12, 40).name
    'hoyito-ii-seeds12-quiet40.npz'
    """
    return cache_folder() / f"{get_rules(variant).name}-seeds{seeds}-quiet{quiet}.npz"


def save_table(table: EndgameTable) -> Path:
    """Keep ``table`` in :func:`cache_folder` (written whole, then renamed, so a stopped save
    never leaves half a table); its path."""
    path = table_path(table.variant, table.seeds, table.quiet)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp.npz")
    np.savez_compressed(temporary, codes=table.codes, values=table.values,
                        stable=table.stable, need=table.need, exact=table.exact)
    os.replace(temporary, path)
    return path


def table_counts(table: EndgameTable) -> dict:
    """What ``data/endgames.csv`` says of ``table`` (``scripts/endgame_tables.py`` adds the
    time, memory and file size): the ``states`` a player can be to move in, the shares of them
    ``stable`` and ``exact``, those the player to move has ``won``, ``drawn`` and ``lost`` from
    here on, and the largest value.

    >>> counts = table_counts(endgame_table("ba-awa", seeds=2, quiet=4, cache=False))
    >>> list(counts) == ["states", "stable", "exact", "won", "drawn", "lost", "max_value"]
    True
    >>> counts["exact"]  # in Ba-awa every position is exact
    1.0
    """
    live = table.values != NO_STATE
    values = table.values[live]
    return {
        "states": int(live.sum()),
        "stable": round(float(table.stable[live].mean()), 4),
        "exact": round(float(table.exact[live].mean()), 4),
        "won": round(float(np.mean(values > 0)), 4),
        "drawn": round(float(np.mean(values == 0)), 4),
        "lost": round(float(np.mean(values < 0)), 4),
        "max_value": int(values.max()),
    }


# -- what the players and the board use: tables already built, never a build in a move -------
_LOADED: dict[str, EndgameTable | None] = {}


def cached_table(variant: str) -> EndgameTable | None:
    """The largest table of ``variant`` already in :func:`cache_folder` with the quiet limit
    :data:`QUIET`, loaded once; None when none has been built (this never builds one: a move
    or a click must not wait minutes; ``scripts/endgame_tables.py`` builds them)."""
    name = get_rules(variant).name
    if name not in _LOADED:
        found = sorted(cache_folder().glob(f"{name}-seeds*-quiet{QUIET}.npz"),
                       key=lambda p: int(p.stem.split("-seeds")[1].split("-")[0]))
        table = None
        if found:
            seeds = int(found[-1].stem.split("-seeds")[1].split("-")[0])
            table = endgame_table(name, seeds, QUIET)
        _LOADED[name] = table
    return _LOADED[name]


def best_play(position: Position) -> dict | None:
    """What perfect play gives from ``position``, from a cached table: ``{"margin": final
    margin of the player to move, "value": seeds they gain from here, "best": the best moves,
    "seeds": the table's size}``; None when no cached table holds the position or its value
    depends on how play without captures ends (see :attr:`EndgameTable.exact`)."""
    table = cached_table(position.rules.name)
    if table is None or not table.covers(position) or not table.is_exact(position):
        return None
    return {"margin": table.margin(position), "value": table.value(position),
            "best": table.progress_moves(position), "seeds": table.seeds}


def best_play_words(position: Position) -> str | None:
    """The sentence the board's Show me can say about ``position`` (for the player to move),
    e.g. "won by 4 with best play", or None (see :func:`best_play`)."""
    if best_play(position) is None:
        return None
    return cached_table(position.rules.name).words(position)


def perfect_move(position: Position, rng) -> int | None:
    """A best move by the cached table (chosen with ``rng`` among equally good ones), or None
    (see :func:`best_play`)."""
    found = best_play(position)
    if found is None or not found["best"]:
        return None
    return rng.choice(sorted(found["best"]))
