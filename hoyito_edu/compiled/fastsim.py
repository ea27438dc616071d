"""The fast path: random-vs-random games in a compiled loop (numba).

This module plays exactly the games that the engine (:mod:`hoyito_edu.engine.sowing` and
:meth:`hoyito_edu.Position.sow`) plays when both players choose uniformly at random, about a
hundred times faster. It is a second implementation of the rules, written as the same plain
loop as ``sowing.py`` so the two can be read side by side; ``tests/test_fastsim.py`` replays
its games through the engine and compares every move, board and capture. Use it through
:func:`hoyito_edu.sim.simulate`.

Random choices come from :func:`random_index`, a counter-based generator shared with the
engine path: the choice at ply ``p`` of game ``g`` in a run with seed ``s`` depends on
``(s, g, p)`` only. So the same seed gives the same games in both paths, whatever the number
of worker processes.

>>> from hoyito_edu.compiled.fastsim import play_random_games
>>> raw = play_random_games("hoyito-i", range(3), seed=1)
>>> raw.games["plies"].shape
(3,)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..engine.rules import Rules, get_rules
from .codes import CAPTURE_KINDS, DEFAULT_MAX_PLIES, END_REASONS  # noqa: F401 - the raw arrays' codes
from .kernel import (
    ACC_CAP0,
    ACC_CAP1,
    ACC_CASAS,
    ACC_GAME,
    ACC_NCAPS,
    ACC_PLY,
    ACC_SEQ,
    COUNT,
    ENDLESS,
    ENTRY_OPTIONS,
    GOLDEN,
    KEEP,
    LAP_LIMIT,
    PLY_CAP,
    Board,
    Tally,
    count_occupied,
    count_position,
    forget_positions,
    mix,
    njit,
    nth_in_row,
    nth_occupied,
    occupied,
    play_move,
    position_table,
    row_occupied,
    seeds_at,
    setup,
)

# -- the shared random stream ---------------------------------------------------------------
_PLY_STEP = np.uint64(0xD1B54A32D192ED03)
_ONE = np.uint64(1)
_S32 = np.uint64(32)


@njit(inline="always")
def _game_word(k0, k1, game):
    """The part of :func:`_word` that every ply of a game shares."""
    return mix(k0 ^ (game * GOLDEN)) + k1


@njit(inline="always")
def _ply_word(game_word, ply):
    """:func:`_word` from its game's part (:func:`_game_word`)."""
    return mix(game_word + (ply + _ONE) * _PLY_STEP)


@njit("u8(u8, u8, u8, u8)", cache=True, inline="always")
def _word(k0, k1, game, ply):
    """The random word for (game, ply) of the run with keys (k0, k1), all uint64. The
    kernel and :func:`random_index` (the engine path) both call it: one definition."""
    return _ply_word(_game_word(k0, k1, game), ply)


@njit("u8(u8, u8)", cache=True, inline="always")
def _pick(word, count):
    """Which of ``count`` legal moves a word picks: ``0 .. count-1`` (uint64)."""
    return ((word >> _S32) * count) >> _S32


@functools.lru_cache(maxsize=64)
def run_keys(seed: int) -> tuple[np.uint64, np.uint64]:
    """The two 64-bit keys of a run, from :class:`numpy.random.SeedSequence` (any int >= 0)."""
    k0, k1 = np.random.SeedSequence(seed).generate_state(2, dtype=np.uint64)
    return np.uint64(k0), np.uint64(k1)


def random_index(seed: int, games, plies, counts) -> np.ndarray:
    """Which of ``counts`` legal moves a random player picks at ply ``plies`` (moves made so
    far) of game ``games``: an int in ``0 .. count-1``. The engine path and the fast path
    both use it, so the same seed gives the same games.

    >>> int(random_index(0, [5], [0], [6])[0]) in range(6)
    True
    """
    k0, k1 = run_keys(seed)
    g, p, c = (np.atleast_1d(np.asarray(a, dtype=np.uint64)) for a in (games, plies, counts))
    return np.array(
        [int(_pick(_word(k0, k1, gi, pi), ci)) for gi, pi, ci in zip(g, p, c, strict=True)],
        dtype=np.int64,
    )


def player_seed(seed: int, game: int, side: int) -> int:
    """A seed for a non-random player (greedy, search ...) on ``side`` of ``game``."""
    k0, k1 = run_keys(seed)
    return int(_word(k1, k0, np.uint64(game), np.uint64(1_000_003 + side))) >> 1


# -- what a run returns -----------------------------------------------------------------------
# End reasons and capture kinds by code in the raw arrays: codes.END_REASONS, CAPTURE_KINDS
# (the kernel's FINAL_FOUR ... and K_MID ..., imported above).
#: Seeds taken in a move are counted by group (mid-sow, last-seed, chain, end of game) and taker.
TAKE_GROUPS = ("mid_sow", "last_seed", "chain", "end")
TAKE_FIELDS = tuple(f"{side}_{group}" for group in TAKE_GROUPS for side in ("south", "north"))

GAME_FIELDS = ("game", "starter", "winner", "score_south", "score_north", "plies", "turns",
               "end_reason", "seeds_left", "casas", "passes", "legal_sum")
MOVE_FIELDS = ("game", "ply", "player", "hole", "legal", "laps", "drops", *TAKE_FIELDS,
               "seeds_left", "extra_turn", "passed", "endless", "lap_limit")
CAPTURE_FIELDS = ("game", "ply", "seq", "hole", "taker", "kind", "seeds")
_MOVE_TAKE = MOVE_FIELDS.index(TAKE_FIELDS[0])
#: The kernel writes the moves fields in three tables, of the dtypes simulate()'s moves table
#: has (flags are 0 or 1), so the table takes them as they are.
MOVE_I4 = ("game", "ply", "laps", "drops")
MOVE_I1 = ("player", "hole", "legal", "extra_turn", "passed", "endless", "lap_limit")
MOVE_I2 = (*TAKE_FIELDS, "seeds_left", "taken_south", "taken_north")


@dataclass
class RawRun:
    """Columns as numpy arrays: ``games`` (one entry per game, in the order asked for),
    ``moves`` (by game, then ply) and ``captures`` (by game, then order in the game).

    ``boards`` (only when asked for) holds the board after every move, in the order of
    ``moves``, and ``to_move`` the player to move next (-1 once the game is over).
    """

    games: dict[str, np.ndarray]
    moves: dict[str, np.ndarray] | None = None
    captures: dict[str, np.ndarray] | None = None
    boards: np.ndarray | None = None
    to_move: np.ndarray | None = None


# -- the kernel -------------------------------------------------------------------------------
# The rules of one move are hoyito_edu.compiled.kernel's (shared with the compiled search); this
# loop
# plays whole games with them. Written with plain loops and 2-D indexing only (no slices or
# row views): numba compiles that several times faster.


class Run(NamedTuple):
    """Which games :func:`play_games` plays: ``ids`` from index ``first`` on, their
    ``starters``, the run's random keys ``k0``, ``k1`` (:func:`run_keys`), the ply cap, and
    ``keep`` = (moves, captures, boards) as an int array."""

    ids: np.ndarray
    starters: np.ndarray
    first: int
    k0: np.uint64
    k1: np.uint64
    max_plies: int
    keep: np.ndarray


class Tables(NamedTuple):
    """Where :func:`play_games` writes: one row per field and one column per game
    (``games``, :data:`GAME_FIELDS`) or move (``moves``, ``flags``, ``takes``, ``boards``:
    :data:`MOVE_I4`, :data:`MOVE_I1`, :data:`MOVE_I2`, the board and player to move), in the
    dtypes of simulate()'s tables; ``counts`` = columns written to the moves and capture
    tables (the captures go to the kernel's :class:`~hoyito_edu.compiled.kernel.Tally`)."""

    games: np.ndarray
    moves: np.ndarray
    flags: np.ndarray
    takes: np.ndarray
    boards: np.ndarray
    counts: np.ndarray


@njit(inline="always")
def _packed_choice(board, n, player, game_word, ply):
    """:func:`_choose` on ``player``'s row of the packed ``board`` (``game_word``: the game's
    :func:`_game_word`): the hole and the number of legal holes."""
    if n <= 8:  # one word a row (up to 2x8): no second word to count
        ones = occupied(board.lo if player == 0 else board.hi)
        count = count_occupied(ones)
        choice = _pick(_ply_word(game_word, np.uint64(ply)), count)
        return player * n + nth_occupied(ones, choice), np.int64(count)
    ones, ones2 = row_occupied(board, player)
    count = count_occupied(ones) + count_occupied(ones2)
    choice = _pick(_ply_word(game_word, np.uint64(ply)), count)
    return player * n + nth_in_row(ones, ones2, choice), np.int64(count)


@njit(inline="always")
def _opening_words(n):
    """The words of a packed row of the opening, four seeds a hole: holes 0 to 7, 8 to 11."""
    start = start2 = np.uint64(0)
    for p in range(min(n, 8)):
        start |= np.uint64(4) << np.uint64(8 * p)
    for p in range(8, n):
        start2 |= np.uint64(4) << np.uint64(8 * (p - 8))
    return start, start2


@njit(inline="always")
def _kept_move(tables, row, game, ply, player, hole, count, moved, inplay, mtake):
    """Column ``row`` of the moves tables (:class:`Tables`: :data:`MOVE_I4`,
    :data:`MOVE_I1`, :data:`MOVE_I2`): the move ``player`` made with ``hole`` (of ``count``
    legal ones) at ``ply`` of ``game``, what it did (``moved``), the seeds left in play and
    the seeds it took (``mtake``: by group and taker, and by side)."""
    moves_out, flags_out, takes_out = tables.moves, tables.flags, tables.takes
    moves_out[0, row], moves_out[1, row] = game, ply
    moves_out[2, row], moves_out[3, row] = moved.laps, moved.drops
    flags_out[0, row], flags_out[1, row], flags_out[2, row] = player, hole, count
    flags_out[3, row], flags_out[4, row] = moved.extra, moved.passed
    flags_out[5, row] = 1 if moved.end == ENDLESS else 0
    flags_out[6, row] = 1 if moved.end == LAP_LIMIT else 0
    for i in range(8):
        takes_out[i, row] = mtake[i]
    takes_out[8, row] = inplay
    takes_out[9, row] = mtake[0] + mtake[2] + mtake[4] + mtake[6]
    takes_out[10, row] = mtake[1] + mtake[3] + mtake[5] + mtake[7]


@njit(inline="always")
def _kept_board(boards_out, row, board, to_move, n):
    """Column ``row`` of the boards table: the seeds of each hole of the packed ``board``
    after the move, then the player to move next (-1 once the game is over)."""
    for h in range(2 * n):
        boards_out[h, row] = seeds_at(board.lo, board.hi, board.lo2, board.hi2, n, h)
    boards_out[2 * n, row] = to_move


@njit(inline="always")
def _game_row(games_out, run, index, end, inplay, acc, ply, extras, passes, legal_sum):
    """Column ``index`` of the games table (:data:`GAME_FIELDS`): game ``index`` of ``run``
    ended (``end``, with ``inplay`` seeds left) after ``ply`` moves, ``extras`` of them
    extra turns and ``passes`` passes, ``legal_sum`` legal moves in all, with the captures
    and casas of ``acc``. A game stopped at the ply cap, or a tie, has no winner (-1)."""
    game, starter = run.ids[index], run.starters[index]
    cap0, cap1_ = acc[ACC_CAP0], acc[ACC_CAP1]
    decided = cap0 != cap1_ and end != PLY_CAP
    games_out[0, index], games_out[1, index] = game, starter
    games_out[2, index] = (1 if cap1_ > cap0 else 0) if decided else -1
    games_out[3, index], games_out[4, index] = cap0, cap1_
    games_out[5, index], games_out[6, index] = ply, ply - extras
    games_out[7, index], games_out[8, index] = end, inplay
    games_out[9, index], games_out[10, index] = acc[ACC_CASAS], passes
    games_out[11, index] = legal_sum


@njit(inline="always")
def _game_start(tally, first_capture, game, board, player, positions):
    """A game starts from ``board`` with ``player`` to move: the tally's counters at zero,
    its captures written from column ``first_capture`` on, and ``positions`` holding the
    opening alone (the repetition rule counts from there, R4.3)."""
    acc = tally.acc
    acc[ACC_CAP0] = acc[ACC_CAP1] = acc[ACC_CASAS] = acc[ACC_SEQ] = 0
    acc[ACC_NCAPS], acc[ACC_GAME] = first_capture, game
    forget_positions(positions)
    count_position(positions, board.lo, board.hi, board.lo2, board.hi2, player)


@njit(**ENTRY_OPTIONS)
def play_games(setup, run, tables, tally, lap_table, positions):
    """Play games ``run.first, run.first + 1, ...`` of ``run.ids`` on the kernel's packed
    board (every board size), each move chosen at random (:func:`_packed_choice`) and played
    with :func:`~hoyito_edu.compiled.kernel.play_move`, until all are played or the output
    tables could not hold another game; return the index of the next game to play, or
    ``-1 - index`` if game ``index`` had a move with more laps than ``lap_table`` holds.
    The tables (:class:`Tables`: :func:`_kept_move`, :func:`_kept_board`, :func:`_game_row`;
    the captures in ``tally``) are written as the games are played. The loop of a game's
    moves stays here: in a helper, inlined in turn, it made this cold compile twice as long."""
    n, acc, mtake, counts = setup.n, tally.acc, tally.mtake, tables.counts
    size = 2 * n
    keep_moves, keep_caps, keep_boards = run.keep[0] != 0, run.keep[1] != 0, run.keep[2] != 0
    mode = KEEP if keep_caps else COUNT  # the captures written to the tally's tables or not
    start, start2 = _opening_words(n)
    index = run.first
    while index < run.ids.size:
        if keep_moves and counts[0] + run.max_plies > tables.moves.shape[1]:
            return index
        if keep_caps and counts[1] + 2 * size + 2 > tally.cap4.shape[1]:
            return index
        game, starter = run.ids[index], run.starters[index]
        board, player = Board(start, start, start2, start2, 4 * size), starter
        _game_start(tally, counts[1], game, board, player, positions)
        ply = extras = passes = legal_sum = quiet = 0
        game_word = _game_word(run.k0, run.k1, np.uint64(game))
        first_row, row = counts[0], counts[0]
        end = -1
        while True:
            hole, count = _packed_choice(board, n, player, game_word, ply)
            ply += 1
            acc[ACC_PLY] = ply
            board, moved = play_move(setup, board, player, hole, starter, quiet, tally, mode,
                                     lap_table, positions)
            if not moved.ok:
                counts[0] = first_row
                return -1 - index
            end, quiet = moved.end, moved.quiet
            legal_sum += count
            extras += moved.extra
            passes += moved.passed
            if keep_moves:
                _kept_move(tables, row, game, ply, player, hole, count, moved, board.inplay,
                           mtake)
                if keep_boards:
                    _kept_board(tables.boards, row, board, moved.player, n)
                row += 1
            if moved.took:  # the move took seeds: empty the counts for the next
                for i in range(8):
                    mtake[i] = 0
            if end >= 0:
                break
            player = moved.player
            if ply >= run.max_plies:
                end = PLY_CAP
                break
        counts[0], counts[1] = row, acc[ACC_NCAPS]
        _game_row(tables.games, run, index, end, board.inplay, acc, ply, extras, passes,
                  legal_sum)
        index += 1
    return index


def _work_arrays(max_plies: int, laps: int) -> tuple[np.ndarray, ...]:
    """Work space for the kernel: the tally's counters, a table of lap starts (room for
    ``laps``) and a table of positions (room for every position of a game)."""
    return (np.zeros((2, 8), dtype=np.int64), position_table(laps),
            position_table(max_plies + 2))


#: The capture tables of the packed kernel: (fields, dtype) of each, and the row each field
#: of CAPTURE_FIELDS (and the capture's row of the board, -1 for the hand) is in.
CAPTURE_TABLES = ((("game", "ply"), np.int32), (("seq", "seeds"), np.int16),
                  (("hole", "taker", "kind", "row"), np.int8))
#: Games played before the tables are sized for the rest of a run (from their moves so far).
_FIRST_STEP, _STEP = 256, 4000


# -- running games ----------------------------------------------------------------------------
def play_random_games(
    variant: str | Rules,
    games,
    *,
    seed: int = 0,
    holes_per_row: int = 6,
    starters=None,
    max_plies: int | None = None,
    tables: tuple[str, ...] = ("moves", "captures"),
    progress=None,
    lap_room: int | None = None,
    **options: object,
) -> RawRun:
    """Play random-vs-random games (numbered ``games``) and return raw columns.

    ``tables`` names the tables kept besides the games: ``"moves"``, ``"captures"``,
    ``"boards"`` (the board after every move, with the moves).
    ``starters`` says who starts each game (default: South, every game); ``max_plies`` stops
    a game after that many moves (default: ``codes.DEFAULT_MAX_PLIES``). ``progress`` is
    called with the number of games finished so far. ``options`` are the rule options
    (``skip_origin``, ``chain_opponent_side_only``, ``max_laps``, ``quiet_limit``), as the
    engine takes them. ``lap_room`` is the number of laps a move may have before its game is
    played again with eight times more room (default: the lap limit, so that never happens;
    256 with ``max_laps=None``). This is the low-level entry, without argument checks: use
    :func:`hoyito_edu.sim.simulate`.

    The moves come with two more columns, ``taken_south`` and ``taken_north`` (the seeds each
    side took in the move), and the captures with one, ``row``: the row of the hole taken
    from (0 South, 1 North, -1 the hand).

    >>> raw = play_random_games("hoyito-ii", [380], seed=0, max_laps=75, quiet_limit=40)
    >>> END_REASONS[raw.games["end_reason"][0]], int(raw.moves["laps"].max())
    ('lap-limit', 75)
    """
    if max_plies is None:
        max_plies = DEFAULT_MAX_PLIES
    rules = get_rules(variant, **options)
    ids = np.ascontiguousarray(games if isinstance(games, np.ndarray) else list(games), np.int64)
    if starters is None:
        starters = np.zeros(ids.size, np.int64)
    starters = np.ascontiguousarray(starters, dtype=np.int64)
    moves, captures, boards = ("moves" in tables, "captures" in tables, "boards" in tables)
    keep = np.array([moves or boards, captures, boards], dtype=np.int64)
    if lap_room is None:
        lap_room = 256 if rules.max_laps is None else rules.max_laps + 1
    run = Run(ids, starters, 0, *run_keys(seed), max_plies, keep)
    played = _play_in_steps(rules, holes_per_row, run, lap_room, progress)
    return _raw_run(*played, keep, 2 * holes_per_row)


def _first_tables(keep: np.ndarray, size: int, max_plies: int) -> tuple[list, list]:
    """The moves tables and the capture tables (:func:`play_games`) with room for the games
    of a run's first step, or none for a table not kept (``keep``: :class:`Run`)."""
    room = max_plies + 1 + 1024 * _FIRST_STEP  # the first step's games fit: then an estimate
    move_tables = [  # not set: the kernel writes each column before it is read
        np.empty((len(fields), room if keep[0] else 0), dtype=dtype)
        for fields, dtype in ((MOVE_I4, np.int32), (MOVE_I1, np.int8), (MOVE_I2, np.int16))
    ]
    move_tables.append(np.empty((size + 1, room if keep[2] else 0), dtype=np.int8))
    cap_room = 2 * size + 2 + 64 * _FIRST_STEP if keep[1] else 0
    cap_tables = [np.zeros((len(f), cap_room), dtype=d) for f, d in CAPTURE_TABLES]
    return move_tables, cap_tables


def _play_in_steps(rules: Rules, n: int, run: Run, lap_room: int, progress) -> tuple:
    """Play every game of ``run`` (``run.first`` 0) on a 2x``n`` board with
    :func:`play_games`, in steps (:data:`_FIRST_STEP` games, then :data:`_STEP`): after the
    first step the tables are sized for the whole run from its games so far, and grown
    whenever a step could not go on; a game with a move of more than ``lap_room`` laps is
    played again with eight times more room. ``progress`` (or None) is called with the games
    finished. Returns the games table, the moves tables, the capture tables and the counts
    of their columns written."""
    ids, max_plies, keep, size = run.ids, run.max_plies, run.keep, 2 * n
    games_out = np.zeros((len(GAME_FIELDS), ids.size), dtype=np.int64)
    move_tables, cap_tables = _first_tables(keep, size, max_plies)
    work = _work_arrays(max_plies, lap_room)
    done, counts = 0, np.zeros(2, dtype=np.int64)
    while done < ids.size:
        step = ids[: min(ids.size, done + (_FIRST_STEP if done == 0 else _STEP))]
        scalars, lap_table, positions = work
        reached = play_games(setup(rules, n), run._replace(ids=step, first=done),
                             Tables(games_out, *move_tables, counts),
                             Tally(scalars[0], scalars[1], *cap_tables), lap_table, positions)
        if reached < 0:  # a move with more laps than there was room for: play that game again
            lap_room *= 8
            reached, work = -1 - reached, _work_arrays(max_plies, lap_room)
        if progress is not None and reached > done:
            progress(reached)
        # after the first step the tables are sized for the whole run, from its games
        estimate, done = done == 0 and 0 < reached < ids.size, reached
        left = (ids.size - done) / max(done, 1)  # games left per game played
        if keep[0] and (estimate or counts[0] + max_plies > move_tables[0].shape[1]):
            more = counts[0] * left + max_plies + 1
            move_tables = [_more_room(t, counts[0], more) if t.shape[1] else t
                           for t in move_tables]
        if keep[1] and (estimate or counts[1] + 2 * size + 2 > cap_tables[0].shape[1]):
            more = counts[1] * left + 2 * size + 2
            cap_tables = [_more_room(t, counts[1], more) for t in cap_tables]
    return games_out, move_tables, cap_tables, counts


def _raw_run(games_out: np.ndarray, move_tables: list, cap_tables: list, counts: np.ndarray,
             keep: np.ndarray, size: int) -> RawRun:
    """The :class:`RawRun` of the tables :func:`_play_in_steps` wrote (``counts``: columns
    written to the moves and capture tables), with the tables ``keep`` asks for; columns of
    tables much larger than their use are copies (:func:`_trimmed`)."""
    run = RawRun(games={name: games_out[i] for i, name in enumerate(GAME_FIELDS)})
    moves_out, flags_out, takes_out, boards_out = (_trimmed(t, counts[0]) for t in move_tables)
    if keep[0]:
        parts = ((MOVE_I4, moves_out), (MOVE_I1, flags_out), (MOVE_I2, takes_out))
        found = {name: t[i, : counts[0]] for fields, t in parts for i, name in enumerate(fields)}
        run.moves = {name: found[name] for name in (*MOVE_FIELDS, "taken_south", "taken_north")}
    if keep[1]:
        used = counts[1]
        found = {name: table[i, :used]
                 for (fields, _), table in zip(CAPTURE_TABLES, cap_tables, strict=True)
                 for i, name in enumerate(fields)}
        run.captures = {name: found[name] for name in (*CAPTURE_FIELDS, "row")}
        if cap_tables[0].shape[1] > used + used // 4 + 4096:
            run.captures = {name: column.copy() for name, column in run.captures.items()}
    if keep[2]:
        run.boards = boards_out[:size, : counts[0]].T
        run.to_move = boards_out[size, : counts[0]].astype(np.int64)
    return run


def _more_room(table: np.ndarray, used: int, more: float) -> np.ndarray:
    """``table`` (one row per field, one column per move or capture) with its first ``used``
    columns, and room for at least ``more`` (an estimate: 10 % is added) and half as many as
    it has: the kernel fills the columns of the games left without any copy of each part.
    The new columns are not set (the kernel writes each before it is read).

    >>> grown = _more_room(np.arange(6).reshape(2, 3), 2, 4)
    >>> grown.shape, grown[:, :2].tolist()
    ((2, 7), [[0, 1], [3, 4]])
    """
    columns = used + max(int(more * 1.1) + 1, table.shape[1] // 2)
    grown = np.empty((table.shape[0], columns), dtype=table.dtype)
    grown[:, :used] = table[:, :used]
    return grown


def _trimmed(table: np.ndarray, used: int) -> np.ndarray:
    """``table``, or a copy of its first ``used`` columns if it has many more (so that a short
    run's columns, which simulate() keeps as they are, do not hold a large buffer)."""
    if table.shape[1] <= used + used // 4 + 4096:
        return table
    return table[:, :used].copy()


def merge(runs: list[RawRun]) -> RawRun:
    """One run from several whose games follow each other (worker processes' parts)."""
    first = runs[0]
    out = RawRun(games={k: np.concatenate([r.games[k] for r in runs]) for k in first.games})
    for attr in ("moves", "captures"):
        if getattr(first, attr) is not None:
            parts = [getattr(r, attr) for r in runs]
            setattr(out, attr, {k: np.concatenate([p[k] for p in parts]) for k in parts[0]})
    if first.boards is not None:
        out.boards = np.concatenate([r.boards for r in runs])
        out.to_move = np.concatenate([r.to_move for r in runs])
    return out
