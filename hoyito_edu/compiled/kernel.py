"""The compiled rules kernel: one move of any rule set, written for numba.

It is the second implementation of the engine's rules (:mod:`hoyito_edu.engine.sowing`,
:meth:`hoyito_edu.Position.sow`), written as the same plain loop, and the only compiled one:
the fast simulator, the mcts playouts, the compiled alpha-beta search and the proof search
play their moves and count repetitions here. :func:`play_line` plays a line of moves from a
:class:`~hoyito_edu.Position` for callers outside the compiled code;
``tests/conformance.py`` runs the same cases through it and through the engine.

It has one layout, which plays every board (2x1 to 2x12) and every position of up to 192
seeds (:func:`packed_fits`): the board in four uint64 words, a byte a hole (:class:`Board`:
holes 0 to 7 of each row in ``lo`` and ``hi``, holes 8 to 11 in ``lo2`` and ``hi2``, values
held in registers), a lap sown with one add of a precomputed mask (:func:`lap_masks`),
tables of positions emptied by an epoch counter (:class:`Positions`, :func:`position_table`,
:func:`count_position`, :func:`forget_positions`; for a search, :func:`times_counted` and
:func:`uncount_position`). The rules are in three functions: :func:`sow` (mid-sow casas, the
last seed's casa and the Hoyito II chain, the Hoyito end after a capture, endless moves and
the lap limit), :func:`end_of_sowing` (Ba-awa's last eight, the plies without a capture, a
pass) and :func:`end_by_history` (the repetition rule, the quiet limit). One move is
:func:`play_move`: in a game the new position is counted (``COUNT``, or ``KEEP`` to write the
captures to the tables too), in a search its count is read and the table left unchanged
(``READ``). What it plays with is a :class:`Setup` (rule codes from
:func:`rule_codes`, lap masks, holes a row); the captures go to a :class:`Tally`.

>>> codes = rule_codes(get_rules("hoyito-ii", quiet_limit=300))
>>> int(codes[_R_CHAIN]), int(codes[_R_MAX_LAPS]), int(codes[_R_QUIET])
(1, 1000, 300)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..engine.rules import Rules, get_rules  # noqa: F401 - get_rules: the docstring's example

# the lap from which both copies of the rules keep every lap start (R2.8)
from ..engine.sowing import EXACT_FROM_LAP

try:
    from numba import config as _numba_config
    from numba import njit

    from .cache import use_cache_folder

    # numba's disk cache keyed by a hash of the sources, so no edit leaves a stale copy
    use_cache_folder(_numba_config)
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - numba is a dependency; this keeps the import working
    HAVE_NUMBA = False

    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda function: function


# End reasons and capture kinds by code (codes.END_REASONS, codes.CAPTURE_KINDS).
FINAL_FOUR, EIGHT_OR_FEWER, ALL_CAPTURED, ENDLESS, REPETITION, PLY_CAP = range(6)
LAP_LIMIT, QUIET_LIMIT = 6, 7
K_MID, K_LAST, K_CHAIN, K_FINAL, K_EIGHT, K_ENDLESS, K_REPEAT, K_LAPS, K_QUIET = range(9)

# Rule switches, from Rules, in an int array; the two limits are 0 for no limit.
_R_MID, _R_CHAIN, _R_EXTRA, _R_EIGHT, _R_SKIP, _R_OPP, _R_MAX_LAPS, _R_QUIET = range(8)
_MID_MOVER, _MID_OWNER, _MID_NONE = range(3)


#: Options of the compiled entry points (the simulator's and the search's loops): numba's
#: reference counting off. Every array is made by the Python caller, so none needs counting,
#: while with counting on each array handed to an inlined helper costs an atomic increment
#: and decrement: profiled, about 85 % of a move's time (``_nrt`` is numba's own switch).
ENTRY_OPTIONS = {"cache": True, "_nrt": False}

# -- hashing ----------------------------------------------------------------------------------
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31 = np.uint64(27), np.uint64(30), np.uint64(31)


@njit(cache=True, inline="always")
def mix(z):
    """SplitMix64's finaliser (uint64 arithmetic wraps modulo 2**64)."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


def rule_codes(rules: Rules) -> np.ndarray:
    """The rule switches the kernel reads, as an int array (a limit of None is 0)."""
    mid = {"mover": _MID_MOVER, "owner": _MID_OWNER, "none": _MID_NONE}[rules.mid_sow_taker]
    return np.array(
        [mid, rules.chain, rules.extra_turn, rules.end_rule == "eight-or-fewer",
         rules.skip_origin, rules.chain_opponent_side_only, rules.max_laps or 0,
         rules.quiet_limit or 0],
        dtype=np.int64,
    )


# -- the packed path --------------------------------------------------------------------------
# Every board is played by this layout of the rules, with the move's state in locals instead
# of arrays: the board in four uint64 words held in registers (holes 0 to 7 of South's row in
# ``lo``, of North's in ``hi``, holes 8 to 11 in ``lo2`` and ``hi2``, one byte a hole; the
# last two stay zero up to 2x8, and a move on those boards never reads their masks), a running
# count of the seeds in play (board and hand), and tables of positions and of lap starts keyed
# on the words and emptied by an epoch counter instead of a loop. Starting a move costs
# nothing: its start is the words and a few counters. The functions below are inlined into the
# entry points that use them (:func:`line`, ``fastsim.play_games`` and
# ``mcts.playouts_kernel``), so numba compiles them there only.

#: The largest row and the most seeds the packed path plays: every board of the rules (R1.1)
#: and every position the engine allows (``engine.position.MAX_SEEDS``). A byte a hole holds
#: them (at most 192 seeds in a hole, so no byte carries into the next); the byte tests below
#: read bit 7 of a byte as part of it, so holes of 128 seeds or more are counted right too.
PACKED_MAX_ROW, PACKED_MAX_SEEDS = 12, 192
_U0, _U1, _U2, _U3 = np.uint64(0), np.uint64(1), np.uint64(2), np.uint64(3)
_BYTE = np.uint64(0xFF)
_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_HIGH = np.uint64(0x8080808080808080)
_ONES = np.uint64(0x0101010101010101)
_THREES = np.uint64(0x0303030303030303)
_SMALL = np.uint64(0x7C7C7C7C7C7C7C7C)  # a byte's bits of 4 and up (below 128)
_BIT7 = np.uint64(0x80)
_INDEX = np.uint64(0x0001020304050607)  # times a byte's lowest bit: the byte's index on top
_S7, _S56 = np.uint64(7), np.uint64(56)
_U4, _U5, _U6, _U7 = np.uint64(4), np.uint64(5), np.uint64(6), np.uint64(7)
_S32 = np.uint64(32)
_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)
_K3 = np.uint64(0x165667B19E3779F9)
_MAX_HAND = 192  # the most seeds in hand (PACKED_MAX_SEEDS)
_TABLE_BITS = 8  # a table of positions starts at 256 slots and doubles when half full

# ``Tally.acc``: what the captures of a game (or line) add up, in an int array (captures are
# rare next to the drops, so these stay in memory).
ACC_CAP0, ACC_CAP1, ACC_CASAS, ACC_SEQ, ACC_NCAPS, ACC_GAME, ACC_PLY = range(7)
ACC_SIZE = 7


class Setup(NamedTuple):
    """What a kernel plays with: the rule codes (:func:`rule_codes`), the lap masks of the
    board (:func:`lap_masks`), the holes a row, and ``width``: an empty array of one
    dimension up to 2x8, two above (:func:`setup`). numba compiles from the types of what it
    is given, so the board's width in a type lets it compile the moves of boards up to 2x8
    without a test or a word of holes 8 to 11 (``lo2``, ``hi2``)."""

    codes: np.ndarray
    masks: np.ndarray
    n: int
    width: np.ndarray


#: :attr:`Setup.width` up to 2x8 and above (read only).
_NARROW, _WIDE = np.zeros(0, dtype=np.int8), np.zeros((0, 0), dtype=np.int8)


def setup(rules: Rules, n: int) -> Setup:
    """The :class:`Setup` of ``rules`` on a 2x``n`` board (one that :func:`packed_fits`).

    >>> setup(get_rules("hoyito-i"), 6).n
    6
    """
    return Setup(rule_codes(rules), lap_masks(n, rules.skip_origin), n,
                 _NARROW if n <= 8 else _WIDE)


class Board(NamedTuple):
    """A packed board: holes 0 to 7 of South's row in ``lo``, of North's in ``hi`` (a byte a
    hole, a row's first hole in the lowest byte), holes 8 to 11 of each row in ``lo2`` and
    ``hi2`` (zero on boards up to 2x8), and the seeds in play (on the board and in hand)."""

    lo: np.uint64
    hi: np.uint64
    lo2: np.uint64
    hi2: np.uint64
    inplay: int


class Sown(NamedTuple):
    """What a sowing did (:func:`sow`): the game's end reason (-1: it goes on), an extra turn
    (0 or 1), laps, seeds dropped, and ``ok`` (False: more laps than the lap table holds)."""

    end: int
    extra: int
    laps: int
    drops: int
    ok: bool


class Moved(NamedTuple):
    """What a whole move did (:func:`play_move`): :class:`Sown`'s fields (``end`` after the
    rules that follow the sowing), the player to move next (-1 once the game is over), a pass
    (0 or 1), the plies without a capture since, and whether the move took seeds."""

    end: int
    player: int
    extra: int
    laps: int
    drops: int
    passed: int
    quiet: int
    took: bool
    ok: bool


class Tally(NamedTuple):
    """Where the captures go: ``acc`` (the ``ACC_*`` counters), ``mtake`` (the seeds taken in
    the move by group and taker: eight numbers, emptied by the caller after a move that took
    seeds), and the capture tables in their final dtypes (:func:`_pk_take`)."""

    acc: np.ndarray
    mtake: np.ndarray
    cap4: np.ndarray
    cap2: np.ndarray
    cap1: np.ndarray


class Positions(NamedTuple):
    """A table of packed positions (:func:`count_position`): slots, entries (``lo``, ``hi``,
    ``lo2 | hi2 << 32``),
    tags and counts, and its state (epoch, bits, entries)."""

    slots: np.ndarray
    words: np.ndarray
    tags: np.ndarray
    state: np.ndarray


def packed_fits(n: int, seeds: int) -> bool:
    """True if the packed path plays a 2x``n`` board with ``seeds`` seeds in play."""
    return n <= PACKED_MAX_ROW and seeds <= PACKED_MAX_SEEDS


def position_table(room: int) -> Positions:
    """An empty table of positions (or of lap starts) for :func:`count_position` with room
    for ``room`` of them."""
    slots = 1 << max(_TABLE_BITS, (2 * room).bit_length())
    state = np.array([1, _TABLE_BITS, 0, 0], dtype=np.int64)
    return Positions(np.zeros(slots, dtype=np.int64), np.zeros((room, 3), dtype=np.uint64),
                     np.zeros(room, dtype=np.int64), state)


@functools.lru_cache(maxsize=32)
def lap_masks(n: int, skip: bool) -> np.ndarray:
    """A lap of the packed path in one add, for each number of seeds in hand (0 to 192) and
    start hole: :func:`mask_words` words at ``(hand << 4 | start) << 2`` up to 2x8, at
    ``(hand << 5 | start) << 3`` above (shifts, not multiplies, on the path of every lap; the
    small hands, the most frequent, close together): what the lap adds to ``lo`` and to
    ``hi``, then which holes of each word to check for a casa made before the last seed (bit
    7 of each byte sown, but the last hole's when it gets one seed only), the last hole in
    the low bits of the first of the two; on boards over 2x8, the same four for ``lo2`` and
    ``hi2``. ``skip``: the start hole is skipped (R2.2). The array is shared (cached): read
    it only.

    >>> masks = lap_masks(6, False).reshape(193, 16, 4)
    >>> [hex(int(word)) for word in masks[3, 4]]
    ['0x10000000000', '0x101', '0x800000000007', '0x80']
    >>> [hex(int(word)) for word in lap_masks(12, False).reshape(193, 32, 8)[2, 10]]
    ['0x0', '0x1', '0xc', '0x0', '0x1000000', '0x0', '0x80000000', '0x0']
    """
    size, stride = 2 * n, mask_words(n)
    masks = np.zeros((_MAX_HAND + 1, 16 if n <= 8 else 32, stride), dtype=np.uint64)
    for start in range(size):
        added = [0] * size
        cur = start
        for hand in range(1, _MAX_HAND + 1):
            cur = (cur + 1) % size
            if skip and cur == start:
                cur = (cur + 1) % size
            added[cur] += 1
            words, checks = [0, 0, 0, 0], [0, 0, 0, 0]
            for hole, count in enumerate(added):
                side, index = divmod(hole, n)
                word, shift = side + 2 * (index // 8), 8 * (index % 8)
                words[word] += count << shift
                if count > 1 or (count == 1 and hole != cur):
                    checks[word] |= 0x80 << shift
            wide = (words[2], words[3], checks[2], checks[3])
            masks[hand, start] = (words[0], words[1], checks[0] | cur, checks[1], *wide)[:stride]
    return masks.reshape(-1)


def mask_words(n: int) -> int:
    """The words of :func:`lap_masks` a lap takes on a 2x``n`` board: four up to 2x8, eight
    above (``lo2`` and ``hi2`` too).

    >>> mask_words(6), mask_words(12)
    (4, 8)
    """
    return 4 if n <= 8 else 8


@njit(inline="always")
def _pk_slot(lo, hi, wide, tag, bits):
    h = ((hi + np.uint64(tag)) * _K2 ^ lo ^ wide * _K3) * _K1
    return np.int64(h >> np.uint64(64 - bits))


@njit(inline="always")
def forget_positions(table):
    """Empty a table of positions: a new epoch makes every slot of the old ones empty."""
    state = table.state
    state[0] += 1
    state[1] = _TABLE_BITS
    state[2] = 0


@njit(inline="always")
def count_position(table, lo, hi, lo2, hi2, tag):
    """Count one more occurrence of the board (``lo``, ``hi``, ``lo2``, ``hi2``: the words of
    a :class:`Board`) with ``tag`` (the player to
    move, or a lap's last hole) and return how many there have been, or -1 if the table has
    no room left. Open addressing over the first 2**bits slots; a slot holds epoch << 32 |
    entry + 1, and is empty unless its epoch is the table's. This count is the repetition
    rule's (R4.3) for positions, and the endless rule's (R2.8) for lap starts."""
    slots, words, tags, state = table.slots, table.words, table.tags, table.state
    epoch, bits = state[0], state[1]
    mask = (1 << bits) - 1
    wide = lo2 | (hi2 << _S32)  # four bytes each: one word holds both
    slot = _pk_slot(lo, hi, wide, tag, bits)
    while True:
        held = slots[slot]
        if (held >> 32) != epoch:
            break
        entry = (held & 0xFFFFFFFF) - 1
        if (words[entry, 0] == lo and words[entry, 1] == hi and words[entry, 2] == wide
                and (tags[entry] >> 8) == tag):
            tags[entry] += 1
            return tags[entry] & 0xFF
        slot = (slot + 1) & mask
    count = state[2]
    if count == words.shape[0]:
        return -1
    words[count, 0], words[count, 1], tags[count] = lo, hi, (tag << 8) | 1
    words[count, 2] = wide
    slots[slot] = (epoch << 32) | (count + 1)
    state[2] = count + 1
    if 2 * (count + 1) > (1 << bits) and (2 << bits) <= slots.size:
        bits += 1  # half full: twice the slots, every entry of this epoch placed again
        epoch += 1
        state[0], state[1] = epoch, bits
        mask = (1 << bits) - 1
        for entry in range(count + 1):
            slot = _pk_slot(words[entry, 0], words[entry, 1], words[entry, 2], tags[entry] >> 8,
                            bits)
            while (slots[slot] >> 32) == epoch:
                slot = (slot + 1) & mask
            slots[slot] = (epoch << 32) | (entry + 1)
    return 1


@njit(inline="always")
def _held(table, lo, hi, wide, tag):
    """The slot of ``table`` that holds the board (``lo``, ``hi``, ``wide``: ``lo2 | hi2 <<
    32``) with ``tag``, or -1 if none does (:func:`count_position`'s table)."""
    slots, words, tags, state = table.slots, table.words, table.tags, table.state
    epoch, bits = state[0], state[1]
    mask = (1 << bits) - 1
    slot = _pk_slot(lo, hi, wide, tag, bits)
    while True:
        held = slots[slot]
        if (held >> 32) != epoch:
            return -1
        entry = (held & 0xFFFFFFFF) - 1
        if (words[entry, 0] == lo and words[entry, 1] == hi and words[entry, 2] == wide
                and (tags[entry] >> 8) == tag):
            return slot
        slot = (slot + 1) & mask


@njit(inline="always")
def times_counted(table, lo, hi, lo2, hi2, tag):
    """How many times the board (the words of a :class:`Board`) with ``tag`` has been counted
    in ``table`` (:func:`count_position`), the table unchanged."""
    slot = _held(table, lo, hi, lo2 | (hi2 << _S32), tag)
    if slot < 0:
        return 0
    return table.tags[(table.slots[slot] & 0xFFFFFFFF) - 1] & 0xFF


@njit(inline="always")
def uncount_position(table, lo, hi, lo2, hi2, tag):
    """Undo the last :func:`count_position` of the board with ``tag``, for a search walking
    back up its path (``compiled/search.py``, ``compiled/proof.py``). Positions leave in the
    opposite order to the one they came in, so a position counted down to 0 is the table's
    newest entry, and it goes: no probe of an older entry ever passed its slot."""
    slot = _held(table, lo, hi, lo2 | (hi2 << _S32), tag)
    entry = (table.slots[slot] & 0xFFFFFFFF) - 1
    table.tags[entry] -= 1
    if table.tags[entry] & 0xFF == 0:
        table.slots[slot] = 0  # epoch 0: empty (the table's epoch starts at 1)
        table.state[2] -= 1


@njit(inline="always")
def seeds_at(lo, hi, lo2, hi2, n, hole):
    """The seeds in ``hole`` of the packed board (the words of a :class:`Board`)."""
    return _seeds(lo, hi, lo2, hi2, n, hole, n > 8)


@njit(inline="always")
def _seeds(lo, hi, lo2, hi2, n, hole, wide):
    """:func:`seeds_at`; ``wide`` (holes 8 to 11 in ``lo2`` and ``hi2``) is a constant where
    the mover knows it (:func:`sow`), so boards up to 2x8 never test those words."""
    if hole < n:
        if wide and hole >= 8:
            return np.int64((lo2 >> np.uint64(8 * (hole - 8))) & _BYTE)
        return np.int64((lo >> np.uint64(8 * hole)) & _BYTE)
    index = hole - n
    if wide and index >= 8:
        return np.int64((hi2 >> np.uint64(8 * (index - 8))) & _BYTE)
    return np.int64((hi >> np.uint64(8 * index)) & _BYTE)


@njit(inline="always")
def _emptied(lo, hi, lo2, hi2, n, hole, wide):
    """The words of the packed board with ``hole`` emptied (``wide``: as in :func:`_seeds`)."""
    if hole < n:
        if wide and hole >= 8:
            lo2 &= ~(_BYTE << np.uint64(8 * (hole - 8)))
        else:
            lo &= ~(_BYTE << np.uint64(8 * hole))
    else:
        index = hole - n
        if wide and index >= 8:
            hi2 &= ~(_BYTE << np.uint64(8 * (index - 8)))
        else:
            hi &= ~(_BYTE << np.uint64(8 * index))
    return lo, hi, lo2, hi2


@njit(inline="always")
def _pk_take(tally, keep, n, hole, taker, kind, seeds):
    """``taker`` takes ``seeds`` from ``hole`` (-1: the hand); the caller empties the hole.
    Recorded (when ``keep``) in the capture tables in their final dtypes: ``cap4`` game and
    ply, ``cap2`` order in the game and seeds, ``cap1`` hole, taker, kind and row (-1: the
    hand)."""
    acc, mtake = tally.acc, tally.mtake
    acc[taker] += seeds
    group = kind if kind < K_FINAL else 3
    mtake[2 * group + taker] += seeds
    if kind <= K_CHAIN:
        acc[ACC_CASAS] += 1
    if keep:
        r = acc[ACC_NCAPS]
        cap4, cap2, cap1 = tally.cap4, tally.cap2, tally.cap1
        cap4[0, r], cap4[1, r] = acc[ACC_GAME], acc[ACC_PLY]
        cap2[0, r], cap2[1, r] = acc[ACC_SEQ], seeds
        cap1[0, r], cap1[1, r], cap1[2, r] = hole, taker, kind
        cap1[3, r] = -1 if hole < 0 else (0 if hole < n else 1)
        acc[ACC_NCAPS] = r + 1
    acc[ACC_SEQ] += 1


@njit(inline="always")
def _pk_take_all(tally, keep, n, lo, hi, lo2, hi2, taker, kind):
    """Each non-empty hole, in order, goes to ``taker`` (-1: to the hole's owner); the
    caller empties the board."""
    for hole in range(2 * n):
        seeds = seeds_at(lo, hi, lo2, hi2, n, hole)
        if seeds > 0:
            who = taker
            if taker < 0:
                who = 0 if hole < n else 1
            _pk_take(tally, keep, n, hole, who, kind, seeds)


@njit(inline="always")
def _rises(before, after, check):
    """Bit 7 of each byte of ``check`` whose hole held 3 or less ``before`` and 4 or more
    ``after`` (a byte of 128 or more, whose bit 7 is set, counts as 4 or more)."""
    return ~((before & _SMALL) + _LOW7) & (((after & _SMALL) + _LOW7) | after) & check


@njit(inline="always")
def _with_word(lo, hi, lo2, hi2, side, base, word):
    """The words of the packed board with the one of ``side``'s holes ``base`` to ``base +
    7`` replaced by ``word``."""
    if base == 0:
        if side == 0:
            lo = word
        else:
            hi = word
    elif side == 0:
        lo2 = word
    else:
        hi2 = word
    return lo, hi, lo2, hi2


@njit(inline="always")
def _lifted(board, n, hole, wide):
    """The seeds of ``hole`` lifted into the hand (R2.1, and each relay: R2.6): the packed
    ``board`` (:class:`Board`) with the hole emptied, and the seeds (``wide``: as in
    :func:`_seeds`)."""
    hand = _seeds(board.lo, board.hi, board.lo2, board.hi2, n, hole, wide)
    lo, hi, lo2, hi2 = _emptied(board.lo, board.hi, board.lo2, board.hi2, n, hole, wide)
    return Board(lo, hi, lo2, hi2, board.inplay), hand


@njit(inline="always")
def _word_at(lo, hi, lo2, hi2, side, base):
    """The word of the packed board that holds ``side``'s holes ``base`` to ``base + 7`` (the
    inverse of :func:`_with_word`)."""
    if base == 0:
        return lo if side == 0 else hi
    return lo2 if side == 0 else hi2


@njit(inline="always")
def _next_run(n, wide, skip, origin, cur, hand):
    """The next run of a lap: the holes after ``cur`` that one add sows, in one row and one
    word, at most ``hand`` of them, the origin passed over when ``skip`` (R2.2). Returns the
    run's side, its first hole in the row, the row's first hole in the word (``base``) and
    its length."""
    size = 2 * n
    nxt = cur + 1 if cur + 1 < size else 0
    if skip != 0 and nxt == origin:
        nxt = nxt + 1 if nxt + 1 < size else 0
    side = 0 if nxt < n else 1
    first = nxt - side * n  # in the row
    base = (first & 8) if wide else 0  # the row's first hole in the word
    k = min(hand, n - first, 8 + base - first)
    if skip != 0 and (0 if origin < n else 1) == side:
        at_origin = origin - side * n
        if first < at_origin < first + k:
            k = at_origin - first  # the run stops before the origin
    return side, first, base, k


@njit(inline="always")
def _first_casa(word, offset, k, ends_hand):
    """The byte of ``word`` of the first hole of a run (``k`` holes from byte ``offset``) that
    holds 3, so that its seed makes a mid-sow casa (R2.4, R2.5), or -1 if none does. When the
    run takes the hand's last seed (``ends_hand``), its last hole is left out: that casa is
    the last seed's (R2.7)."""
    threes = word ^ _THREES
    run = (_HIGH >> np.uint64(8 * (8 - k))) << np.uint64(8 * offset)
    found = ~(((threes & _LOW7) + _LOW7) | threes) & run
    if ends_hand:
        found &= ~(_BIT7 << np.uint64(8 * (offset + k - 1)))
    if found == _U0:
        return -1
    return np.int64((((found & (~found + _U1)) >> _S7) * _INDEX) >> _S56)


@njit(inline="always")
def _end_after_mid_casa(tally, keep, n, board, hand, taker):
    """Hoyito's end after a mid-sow casa that left 4 seeds in play or none (R4.1): with none
    the game is over; with 4, ``taker`` (the casa's) takes them, from the holes and from the
    ``hand``. Returns the new :class:`Board` and the end reason."""
    if board.inplay == 0:
        return board, ALL_CAPTURED
    _pk_take_all(tally, keep, n, board.lo, board.hi, board.lo2, board.hi2, taker, K_FINAL)
    _pk_take(tally, keep, n, -1, taker, K_FINAL, hand)
    return Board(_U0, _U0, _U0, _U0, 0), FINAL_FOUR


@njit(inline="always")
def _sow_runs(setup, board, mover, origin, cur, hand, tally, keep):
    """A lap with a mid-sow casa in it, sown a run of holes of one row and word at a time
    (:func:`_next_run`, R2.2): each run up to its first casa (:func:`_first_casa`), whose 4
    go to the mover or the hole's owner (R2.4, R2.5), then on; a casa that leaves 4 seeds
    in play or none ends the game (:func:`_end_after_mid_casa`, R4.1; not in Ba-awa).
    Returns the new :class:`Board`, the seeds still in hand (0 unless the game ended), the
    lap's last hole and the end reason (-1: none)."""
    rules, n = setup.codes, setup.n
    wide = setup.width.ndim == 2  # a constant for numba (:func:`sow`)
    mid, skip, eight = rules[_R_MID], rules[_R_SKIP], rules[_R_EIGHT]
    lo, hi, lo2, hi2, inplay = board.lo, board.hi, board.lo2, board.hi2, board.inplay
    while hand > 0:
        side, first, base, k = _next_run(n, wide, skip, origin, cur, hand)
        word = _word_at(lo, hi, lo2, hi2, side, base)
        at = np.uint64(8 * (first - base))
        last = _first_casa(word, first - base, k, k == hand)
        if last >= 0:  # the run stops at its first casa (R2.4, R2.5)
            k = last + base - first + 1
            word += (_ONES >> np.uint64(8 * (8 - k))) << at
            word &= ~(_BYTE << np.uint64(8 * last))
            lo, hi, lo2, hi2 = _with_word(lo, hi, lo2, hi2, side, base, word)
            hand -= k
            cur = side * n + base + last
            taker = side if mid == _MID_OWNER else mover
            inplay -= 4
            _pk_take(tally, keep, n, cur, taker, K_MID, 4)
            if eight == 0 and (inplay == 4 or inplay == 0):
                board, end = _end_after_mid_casa(tally, keep, n,
                                                 Board(lo, hi, lo2, hi2, inplay), hand, taker)
                return board, hand, cur, end
            continue
        word += (_ONES >> np.uint64(8 * (8 - k))) << at
        lo, hi, lo2, hi2 = _with_word(lo, hi, lo2, hi2, side, base, word)
        hand -= k
        cur = side * n + first + k - 1
    return Board(lo, hi, lo2, hi2, inplay), hand, cur, -1


@njit(inline="always")
def _one_lap(setup, board, mover, origin, cur, hand, mid, tally, keep):
    """One lap: the ``hand`` sown from the hole after ``cur`` (R2.2), in one add of its
    :func:`lap_masks` words unless mid-sow casas are played (``mid``) and a hole of 3 or
    less reaches 4 before the last seed; then :func:`_sow_runs` finds each casa in order.
    Returns what :func:`_sow_runs` returns: the new :class:`Board`, the seeds still in hand,
    the lap's last hole and the end reason (-1: none)."""
    masks = setup.masks
    wide = setup.width.ndim == 2  # a constant for numba (:func:`sow`)
    start_bits, word_bits = (_U5, _U3) if wide else (_U4, _U2)  # lap_masks' index
    lo, hi, lo2, hi2 = board.lo, board.hi, board.lo2, board.hi2
    at = ((np.uint64(hand) << start_bits) | np.uint64(cur)) << word_bits  # unsigned
    new_lo, new_hi, check_lo = lo + masks[at], hi + masks[at + _U1], masks[at + _U2]
    rises = _rises(lo, new_lo, check_lo) | _rises(hi, new_hi, masks[at + _U3])
    new_lo2, new_hi2 = lo2, hi2
    if wide:
        new_lo2, new_hi2 = lo2 + masks[at + _U4], hi2 + masks[at + _U5]
        rises |= _rises(lo2, new_lo2, masks[at + _U6]) | _rises(hi2, new_hi2, masks[at + _U7])
    if mid == _MID_NONE or rises == _U0:
        last = np.int64(check_lo & _LOW7 & _BYTE)
        return Board(new_lo, new_hi, new_lo2, new_hi2, board.inplay), 0, last, -1
    return _sow_runs(setup, board, mover, origin, cur, hand, tally, keep)


@njit(inline="always")
def _last_casa(setup, board, mover, cur, tally, keep):
    """The last seed made a casa in ``cur``: the mover takes it (R2.7), then in Hoyito II the
    chain of holes of 4 behind it (R2.7; only the opponent's with
    ``chain_opponent_side_only``); a capture that leaves 4 seeds in play or none ends the
    game (R4.1; Ba-awa's last-seed casa does not: R4.2 follows the move), else Hoyito II and
    III play again (R3.1). Returns the new :class:`Board`, the end reason (-1: none) and the
    extra turn (0 or 1)."""
    rules, n = setup.codes, setup.n
    wide = setup.width.ndim == 2  # a constant for numba (:func:`sow`)
    chain, opp, eight = rules[_R_CHAIN], rules[_R_OPP], rules[_R_EIGHT]
    lo, hi, lo2, hi2, inplay = board.lo, board.hi, board.lo2, board.hi2, board.inplay
    size, end, behind = 2 * n, -1, cur
    for link in range(size):
        if link > 0:
            if chain == 0 or end >= 0:
                break
            behind = behind - 1 if behind > 0 else size - 1
            if _seeds(lo, hi, lo2, hi2, n, behind, wide) != 4:
                break
            if opp != 0 and (0 if behind < n else 1) == mover:
                break
        lo, hi, lo2, hi2 = _emptied(lo, hi, lo2, hi2, n, behind, wide)
        inplay -= 4
        _pk_take(tally, keep, n, behind, mover, K_LAST if link == 0 else K_CHAIN, 4)
        if eight == 0 or link > 0:
            if inplay == 4:
                _pk_take_all(tally, keep, n, lo, hi, lo2, hi2, mover, K_FINAL)
                lo, hi, lo2, hi2, inplay, end = _U0, _U0, _U0, _U0, 0, FINAL_FOUR
            elif inplay == 0:
                end = ALL_CAPTURED
    extra = 1 if end < 0 and rules[_R_EXTRA] != 0 else 0
    return Board(lo, hi, lo2, hi2, inplay), end, extra


@njit(inline="always")
def _taken_by_owners(tally, keep, n, board, kind):
    """Each player takes the seeds in their holes (an endless move or the lap limit, R2.8):
    the emptied :class:`Board`."""
    _pk_take_all(tally, keep, n, board.lo, board.hi, board.lo2, board.hi2, -1, kind)
    return Board(_U0, _U0, _U0, _U0, 0)


@njit(inline="always")
def _sow_again(start, hole, before, tally, lap_table):
    """Back to the move's start to sow it again keeping every lap start (R2.8): the tally's
    counters as they were (``before``: captures of each side, casas, captures in order and
    written), no seeds taken in the move, and the table of lap starts holding the first,
    the board ``start`` with ``hole`` as its tag."""
    acc = tally.acc
    acc[ACC_CAP0], acc[ACC_CAP1], acc[ACC_CASAS], acc[ACC_SEQ], acc[ACC_NCAPS] = before
    for i in range(8):
        tally.mtake[i] = 0
    forget_positions(lap_table)
    count_position(lap_table, start.lo, start.hi, start.lo2, start.hi2, hole)


@njit(inline="always")
def sow(setup, board, mover, hole, tally, keep, lap_table):
    """``mover`` sows ``hole`` of the packed ``board`` (sowing.py's ``run``), lap by lap
    (:func:`_one_lap`: R2.2, with the mid-sow casas of R2.4 and R2.5 and Hoyito's end after
    a capture, R4.1): the last seed's casa and the Hoyito II chain (:func:`_last_casa`:
    R2.7, R3.1, R4.1), else a move that ends in an empty hole, else a relay (R2.6), and
    endless moves and the lap limit (R2.8). Returns the new :class:`Board` and a
    :class:`Sown`. Captures are counted in ``tally`` (and written to its tables when
    ``keep``); ``tally.mtake`` must hold zeros.

    A lap that would start as an earlier one did (its last hole and board, counted in
    ``lap_table``) makes the move endless; else a move that has sown the lap limit stops
    there. Lap starts are kept only once a move is sown again from its start
    (:func:`_sow_again`) on reaching :data:`EXACT_FROM_LAP` laps or the lap limit.
    ``Sown.ok`` is False if the move had more laps than the lap table holds (nothing is
    usable then: the caller plays again with more room)."""
    n, mid, max_laps = setup.n, setup.codes[_R_MID], setup.codes[_R_MAX_LAPS]
    # holes 8 to 11 of each row in lo2 and hi2 (:class:`Board`): a constant of the setup's
    # type (:class:`Setup`), so numba compiles a move of boards up to 2x8 without them
    wide = setup.width.ndim == 2
    acc = tally.acc
    start = board
    before = (acc[ACC_CAP0], acc[ACC_CAP1], acc[ACC_CASAS], acc[ACC_SEQ], acc[ACC_NCAPS])
    exact = False
    laps, drops = 1, 0
    board, hand = _lifted(board, n, hole, wide)
    cur = origin = hole
    while True:
        drops += hand
        board, hand, cur, end = _one_lap(setup, board, mover, origin, cur, hand, mid, tally,
                                         keep)
        if end >= 0:  # a mid-sow casa ended the game: the seeds still in hand never dropped
            return board, Sown(end, 0, laps, drops - hand, True)
        seeds = _seeds(board.lo, board.hi, board.lo2, board.hi2, n, cur, wide)
        if seeds == 4:  # the last seed made a casa (R2.7)
            board, end, extra = _last_casa(setup, board, mover, cur, tally, keep)
            return board, Sown(end, extra, laps, drops, True)
        if seeds == 1:  # the last seed fell in an empty hole (R2.6)
            return board, Sown(-1, 0, laps, drops, True)
        if exact:
            times = count_position(lap_table, board.lo, board.hi, board.lo2, board.hi2, cur)
            if times < 0:
                return board, Sown(-1, 0, laps, drops, False)
            if times > 1:  # a lap starts as an earlier one did: endless (R2.8)
                board = _taken_by_owners(tally, keep, n, board, K_ENDLESS)
                return board, Sown(ENDLESS, 0, laps, drops, True)
        elif laps >= EXACT_FROM_LAP or laps == max_laps:
            exact = True  # sow the move again from its start, keeping every lap start
            _sow_again(start, hole, before, tally, lap_table)
            board, hand = _lifted(start, n, hole, wide)
            cur = origin = hole
            laps, drops = 1, 0
            continue
        if laps == max_laps:  # the lap limit (R2.8)
            board = _taken_by_owners(tally, keep, n, board, K_LAPS)
            return board, Sown(LAP_LIMIT, 0, laps, drops, True)
        laps += 1
        board, hand = _lifted(board, n, cur, wide)  # a relay (R2.6)
        origin = cur


@njit(inline="always")
def end_of_sowing(setup, board, sown, mover, starter, quiet, seq0, tally, keep):
    """What ``Position.sow`` does right after the sowing (:func:`sow`): Ba-awa's last eight
    (R4.2), the plies without a capture (R4.5: ``seq0`` is the tally's capture count before
    the move) and a pass (R3.2). Returns (the new :class:`Board`, end, player to move next or
    -1, passed, plies without a capture); :func:`end_by_history` follows if the game goes
    on."""
    rules, n = setup.codes, setup.n
    lo, hi, lo2, hi2, inplay = board.lo, board.hi, board.lo2, board.hi2, board.inplay
    if setup.width.ndim == 1:  # up to 2x8 (:func:`sow`): a constant for numba
        lo2 = hi2 = _U0
    end = sown.end
    nxt = mover if sown.extra != 0 else 1 - mover
    passed = 0
    if end < 0 and rules[_R_EIGHT] != 0:
        if inplay == 0:
            end = ALL_CAPTURED
        elif inplay <= 8:  # Ba-awa's last eight go to the starter (R4.2)
            _pk_take_all(tally, keep, n, lo, hi, lo2, hi2, starter, K_EIGHT)
            lo, hi, lo2, hi2, inplay, end = _U0, _U0, _U0, _U0, 0, EIGHT_OR_FEWER
    quiet = 0 if tally.acc[ACC_SEQ] != seq0 else quiet + 1
    if end >= 0:
        return Board(lo, hi, lo2, hi2, inplay), end, -1, passed, quiet
    if ((lo | lo2) if nxt == 0 else (hi | hi2)) == _U0:  # nothing to sow: a pass (R3.2)
        passed = 1
        nxt = 1 - nxt
    return Board(lo, hi, lo2, hi2, inplay), end, nxt, passed, quiet


@njit(inline="always")
def end_by_history(setup, board, times, quiet, tally, keep):
    """The last rules of a move that did not end the game otherwise: the new position has now
    occurred ``times`` times since the last capture (R4.3: the third ends the game), and the
    plies without a capture (``quiet``) may have reached the quiet limit (R4.5). Either way
    each player takes the seeds in their holes. Returns the new :class:`Board` and the end
    (-1: the game goes on)."""
    n = setup.n
    lo, hi, lo2, hi2 = board.lo, board.hi, board.lo2, board.hi2
    limit = setup.codes[_R_QUIET]
    if times >= 3:  # the third occurrence (R4.3)
        _pk_take_all(tally, keep, n, lo, hi, lo2, hi2, -1, K_REPEAT)
        return Board(_U0, _U0, _U0, _U0, 0), REPETITION
    if limit > 0 and quiet >= limit:  # the quiet limit (R4.5)
        _pk_take_all(tally, keep, n, lo, hi, lo2, hi2, -1, K_QUIET)
        return Board(_U0, _U0, _U0, _U0, 0), QUIET_LIMIT
    return board, -1


#: What a move does with its table of positions (:func:`play_move`): count the new position in a
#: game's table, its captures kept in ``tally``'s tables (``KEEP``) or not (``COUNT``), or read
#: its count in a search's path, nothing kept (``READ``).
COUNT, KEEP, READ = 0, 1, 2


@njit(inline="always")
def play_move(setup, board, mover, hole, starter, quiet, tally, mode, lap_table, positions):
    """One whole move as ``Position.sow`` plays it: :func:`sow`, :func:`end_of_sowing`, the
    repetition count of the new position, then :func:`end_by_history`. ``mode`` says how the
    count is taken (a constant where the caller knows it, so numba compiles one branch):

    - ``COUNT`` or ``KEEP`` (a game: the fast simulator, the mcts playouts, :func:`line`):
      the position is counted in ``positions`` (the positions since the last capture,
      forgotten after one: :func:`count_position`); with ``KEEP`` the captures are also
      written to ``tally``'s tables.
    - ``READ`` (a search): nothing is kept and the count is read in ``positions``, the
      table left as it is (:func:`times_counted`: the position occurs once more than
      counted). A search counts a position while it searches below it and takes it off
      after (:func:`count_position`, :func:`uncount_position`), so the table holds the
      game's history since its last capture and the path searched; it may hold positions
      from before a capture on the path, but none of those can come back (a capture leaves
      fewer seeds on the board), so the count is the rule's (R4.3).

    Returns the new :class:`Board` and a :class:`Moved` (with ``ok`` False, nothing is
    usable: the move had more laps than ``lap_table`` holds). The caller empties
    ``tally.mtake`` after a move that took seeds (``Moved.took``).

    >>> from hoyito_edu.compiled.kernel import play_line  # its compiled caller, from Python
    >>> import hoyito_edu as hy
    >>> play_line(hy.new_game("ba-awa"), [2])[0].laps
    5
    """
    keep = mode == KEEP
    seq0 = tally.acc[ACC_SEQ]
    board, sown = sow(setup, board, mover, hole, tally, keep, lap_table)
    if not sown.ok:
        return board, Moved(sown.end, -1, 0, sown.laps, sown.drops, 0, quiet, False, False)
    board, end, nxt, passed, quiet = end_of_sowing(setup, board, sown, mover, starter, quiet,
                                                   seq0, tally, keep)
    if end < 0:
        if mode == READ:
            times = 1 + times_counted(positions, board.lo, board.hi, board.lo2, board.hi2, nxt)
        else:
            if quiet == 0:
                forget_positions(positions)
            times = count_position(positions, board.lo, board.hi, board.lo2, board.hi2, nxt)
        board, end = end_by_history(setup, board, times, quiet, tally, keep)
        if end >= 0:
            nxt = -1
    took = tally.acc[ACC_SEQ] != seq0
    return board, Moved(end, nxt, sown.extra, sown.laps, sown.drops, passed, quiet, took, True)


@njit(inline="always")
def unpack(board, n, out):
    """Write the seeds of each hole of the packed ``board`` (:class:`Board`) to ``out[:2n]``,
    the inverse of :func:`pack`."""
    for h in range(min(n, 8)):
        shift = np.uint64(8 * h)
        out[h] = np.int64((board.lo >> shift) & _BYTE)
        out[n + h] = np.int64((board.hi >> shift) & _BYTE)
    for h in range(8, n):
        shift = np.uint64(8 * (h - 8))
        out[h] = np.int64((board.lo2 >> shift) & _BYTE)
        out[n + h] = np.int64((board.hi2 >> shift) & _BYTE)


# -- one line of moves, for callers outside the compiled code ---------------------------------
#: The columns :func:`_line` writes per move, after the board.
_L_CAP0, _L_CAP1, _L_NEXT, _L_END, _L_LAPS, _L_DROPS, _L_EXTRA, _L_PASSED = range(8)
_L_ENDLESS, _L_LAP_STOP, _L_QUIET, _L_TAKE, _L_NCAPS = 8, 9, 10, 11, 19
_L_FIELDS = 20

@njit(inline="always")
def pack(board, n):
    """The words of the packed board (:class:`Board`) of the holes ``board[:2n]``
    (:data:`PACKED_MAX_ROW`): ``lo``, ``hi``, ``lo2``, ``hi2``."""
    lo = hi = lo2 = hi2 = _U0
    for h in range(min(n, 8)):
        lo |= np.uint64(board[h]) << np.uint64(8 * h)
        hi |= np.uint64(board[n + h]) << np.uint64(8 * h)
    for h in range(8, n):
        lo2 |= np.uint64(board[h]) << np.uint64(8 * (h - 8))
        hi2 |= np.uint64(board[n + h]) << np.uint64(8 * (h - 8))
    return lo, hi, lo2, hi2


@njit(inline="always")
def count_history(positions, hist_rows, count, n):
    """Empty ``positions``, then count the first ``count`` rows of ``hist_rows`` (board, then
    player to move): a game's positions since its last capture, before the moves played
    here."""
    forget_positions(positions)
    for i in range(count):
        was_lo, was_hi, was_lo2, was_hi2 = pack(hist_rows[i], n)
        count_position(positions, was_lo, was_hi, was_lo2, was_hi2, hist_rows[i, 2 * n])



@njit(cache=True)
def count_rows(positions, hist_rows, n):
    """:func:`count_history` of every row of ``hist_rows``, compiled on its own for callers in
    Python (the compiled searches fill their path table with it)."""
    count_history(positions, hist_rows, hist_rows.shape[0], n)


@njit(inline="always")
def occupied(word):
    """Bit 0 of each byte of ``word`` (a packed row) set if that hole holds seeds."""
    return ((((word & _LOW7) + _LOW7) | word) & _HIGH) >> _S7


@njit(inline="always")
def count_occupied(ones):
    """How many holes hold seeds, from their :func:`occupied` bits."""
    return (ones * _ONES) >> _S56


@njit(inline="always")
def row_occupied(board, player):
    """The :func:`occupied` bits of ``player``'s row of the packed ``board``: holes 0 to 7,
    holes 8 to 11."""
    word = board.lo if player == 0 else board.hi
    word2 = board.lo2 if player == 0 else board.hi2
    return occupied(word), occupied(word2)


@njit(inline="always")
def nth_in_row(ones, ones2, choice):
    """The index in its row of the hole that holds seeds numbered ``choice`` (from 0, a uint64
    below the count of both), from a row's :func:`row_occupied` bits."""
    before = count_occupied(ones)
    if choice < before:
        return nth_occupied(ones, choice)
    return 8 + nth_occupied(ones2, choice - before)


@njit(inline="always")
def nth_occupied(ones, choice):
    """The index in its row of the hole that holds seeds numbered ``choice`` (from 0, a
    uint64 below :func:`count_occupied`), without a branch: byte i of ``before`` counts the
    holes with seeds up to hole i, and the hole is the first where that count passes the
    choice."""
    before = ones * _ONES
    passed = (before + (np.uint64(0x7F) - choice) * _ONES) & _HIGH
    return np.int64((((passed & (~passed + _U1)) >> _S7) * _INDEX) >> _S56)


class LineStart(NamedTuple):
    """Where :func:`line` starts: the board and captures (int arrays), the player to move,
    the plies without a capture and the game's starter."""

    board: np.ndarray
    caps: np.ndarray
    player: int
    quiet: int
    starter: int


@njit(**ENTRY_OPTIONS)
def line(setup, start, hist_rows, holes, out, tally, lap_table, positions):
    """Play ``holes`` from ``start`` (a :class:`LineStart`), each with :func:`play_move`, after
    counting the positions since the last capture (``hist_rows``: board, player). Writes a
    row of ``out`` per move (the board, then the ``_L_*`` columns) and every capture in
    ``tally``. Returns the moves played (fewer once the game is over), -1 if a move had
    more laps than the lap table holds, or ``-2 - i`` if hole ``i`` of the line is not a
    legal move."""
    n = setup.n
    size = 2 * n
    acc, mtake = tally.acc, tally.mtake
    lo, hi, lo2, hi2 = pack(start.board, n)
    inplay = 0
    for h in range(size):
        inplay += start.board[h]
    board = Board(lo, hi, lo2, hi2, inplay)
    acc[ACC_CAP0], acc[ACC_CAP1] = start.caps[0], start.caps[1]
    acc[ACC_CASAS] = acc[ACC_SEQ] = acc[ACC_NCAPS] = acc[ACC_GAME] = 0
    count_history(positions, hist_rows, hist_rows.shape[0], n)
    player, quiet = start.player, start.quiet
    for i in range(holes.size):
        hole = holes[i]
        if (hole < player * n or hole >= player * n + n
                or seeds_at(board.lo, board.hi, board.lo2, board.hi2, n, hole) == 0):
            return -2 - i
        acc[ACC_PLY] = i + 1
        board, moved = play_move(setup, board, player, hole, start.starter, quiet, tally, KEEP,
                                 lap_table, positions)
        if not moved.ok:
            return -1
        quiet = moved.quiet
        for h in range(size):
            out[i, h] = seeds_at(board.lo, board.hi, board.lo2, board.hi2, n, h)
        row = out[i, size:]
        row[_L_CAP0], row[_L_CAP1], row[_L_NEXT] = acc[0], acc[1], moved.player
        row[_L_END], row[_L_LAPS], row[_L_DROPS] = moved.end, moved.laps, moved.drops
        row[_L_EXTRA], row[_L_PASSED] = moved.extra, moved.passed
        row[_L_ENDLESS] = 1 if moved.end == ENDLESS else 0
        row[_L_LAP_STOP], row[_L_QUIET] = 1 if moved.end == LAP_LIMIT else 0, quiet
        row[_L_NCAPS] = acc[ACC_NCAPS]
        for k in range(8):
            row[_L_TAKE + k] = mtake[k]
            mtake[k] = 0
        if moved.player < 0:
            return i + 1
        player = moved.player
    return holes.size


#: Laps :func:`play_line` follows in one move at most when the rules allow more (a lap limit
#: above it, or none): its lap table then takes about 70 MB on 2x12.
MAX_LINE_LAPS = 1 << 18




class Played(NamedTuple):
    """What one move did, as :func:`play_line` reports it (and as the engine's
    :class:`~hoyito_edu.Move` tells it: ``tests/conformance.py`` compares the two).

    ``player`` is who moves next (None once the game is over) and ``end`` why the game
    ended (a :class:`~hoyito_edu.Reason` value, or None). ``taken`` counts the seeds taken
    in the move by group (mid-sow, last-seed, chain, end of game) and taker (South, North):
    eight numbers. ``capture_list`` holds every capture in order as (hole, seeds, taker,
    reason); the hole is None for seeds taken from the hand.
    """

    board: tuple[int, ...]
    captures: tuple[int, int]
    player: int | None
    end: str | None
    laps: int
    drops: int
    extra_turn: bool
    passed: bool
    endless: bool
    lap_limit: bool
    quiet_plies: int
    taken: tuple[int, ...]
    capture_list: tuple[tuple[int | None, int, int, str], ...]


def plays(position) -> bool:
    """True if the kernel plays ``position``'s rules as they stand: no closed hole, every hole
    owned by its row (single games and Ba-awa match games before any hole changed hands),
    and not a Hoyito III game whose last four go to the previous winner (R4.1, round 3 on).
    The engine plays every position.

    >>> import hoyito_edu as hy
    >>> closed = hy.new_game("hoyito-i", closed={5}, board=[4, 4, 4, 4, 4, 0] + [4] * 6)
    >>> plays(hy.new_game("hoyito-ii")), plays(closed)
    (True, False)
    """
    if position.closed:
        return False
    n = len(position.board) // 2
    if any(position.owners[h] != (0 if h < n else 1) for h in range(2 * n)):
        return False
    from_round = position.rules.last_four_to_previous_winner_from_round
    late_round = from_round is not None and position.round >= from_round
    return not (late_round and position.previous_winner is not None)


def play_line(position, holes, rules: Rules | None = None) -> list[Played]:
    """Play ``holes`` one after another from ``position`` (a :class:`~hoyito_edu.Position`,
    its history since the last capture included) with the compiled rules, and say what
    each move did. The line stops early if the game ends.

    ``rules`` plays with other rules than the position's (the conformance tests plant
    mistakes this way). A hole that is not a legal move at its turn, or a position the
    kernel does not play (:func:`plays`), is a ValueError. A move of more than
    :data:`MAX_LINE_LAPS` laps (only without a lap limit, or with one above it) is a
    ValueError too.

    >>> import hoyito_edu as hy
    >>> first = play_line(hy.new_game("hoyito-i"), [0])[0]
    >>> first.laps, first.drops, first.player, first == play_line(hy.new_game("hoyito-i"), [0])[0]
    (5, 26, 1, True)
    """
    return _play_line(position, holes, rules)


def _play_line(position, holes, rules: Rules | None) -> list[Played]:
    """:func:`play_line`, after the checks of its arguments."""
    from .codes import CAPTURE_KINDS, END_REASONS

    if position.outcome is not None:
        raise ValueError(f"the game is already over ({position.outcome.reason})")
    if not plays(position):
        raise ValueError(
            "the compiled kernel plays positions without closed holes, with every hole owned "
            "by its row, and not Hoyito III's late rounds; play this one with the engine"
        )
    rules = position.rules if rules is None else rules
    line_holes = np.array([int(hole) for hole in holes], dtype=np.int64)
    size = len(position.board)
    n = size // 2
    history = position.history_since_capture()
    hist_rows = np.zeros((len(history), size + 1), dtype=np.int64)
    for i, (board, player) in enumerate(history):
        hist_rows[i, :size], hist_rows[i, size] = board, player
    seeds = sum(position.board) + sum(position.captures)
    limit = rules.max_laps
    room = min(1 << 12 if limit is None else limit + 1, MAX_LINE_LAPS)
    while True:
        board = np.array(position.board, dtype=np.int64)
        caps = np.array(position.captures, dtype=np.int64)
        out = np.zeros((line_holes.size, size + _L_FIELDS), dtype=np.int64)
        # each capture takes a seed or more
        tally = Tally(np.zeros(ACC_SIZE, dtype=np.int64), np.zeros(8, dtype=np.int64),
                      np.zeros((2, seeds + 1), dtype=np.int32),
                      np.zeros((2, seeds + 1), dtype=np.int16),
                      np.zeros((4, seeds + 1), dtype=np.int8))
        start = LineStart(board, caps, position.player, position.quiet_plies, position.starter)
        played = line(setup(rules, n), start, hist_rows, line_holes, out, tally,
                      position_table(room), position_table(len(history) + line_holes.size + 2))
        if played != -1:
            break
        if room >= MAX_LINE_LAPS:
            raise ValueError(
                f"a move of the line has more than {room:,} laps: play_line does not follow a "
                f"move that long. Set a lap limit of at most {MAX_LINE_LAPS - 1:,} (rule "
                "option max_laps)"
            )
        room = min(8 * room, MAX_LINE_LAPS)
    if played < 0:
        i = -2 - played
        raise ValueError(f"hole {line_holes[i]} is not a legal move at move {i + 1} of the line")
    moves, first = [], 0
    for i in range(played):
        row = [int(v) for v in out[i]]
        board, rest = tuple(row[:size]), row[size:]
        last = rest[_L_NCAPS]
        cap1, cap2 = tally.cap1, tally.cap2
        found = ((int(cap1[0, c]), int(cap2[1, c]), int(cap1[1, c]), int(cap1[2, c]))
                 for c in range(first, last))
        capture_list = tuple(
            (None if hole < 0 else hole, seeds_taken, taker, CAPTURE_KINDS[kind])
            for hole, seeds_taken, taker, kind in found
        )
        first = last
        moves.append(
            Played(
                board=board,
                captures=(rest[_L_CAP0], rest[_L_CAP1]),
                player=None if rest[_L_NEXT] < 0 else rest[_L_NEXT],
                end=None if rest[_L_END] < 0 else END_REASONS[rest[_L_END]],
                laps=rest[_L_LAPS],
                drops=rest[_L_DROPS],
                extra_turn=bool(rest[_L_EXTRA]),
                passed=bool(rest[_L_PASSED]),
                endless=bool(rest[_L_ENDLESS]),
                lap_limit=bool(rest[_L_LAP_STOP]),
                quiet_plies=rest[_L_QUIET],
                taken=tuple(rest[_L_TAKE : _L_TAKE + 8]),
                capture_list=capture_list,
            )
        )
    return moves
