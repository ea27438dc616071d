"""Certificates: evidence anyone can check for a claim of perfect play.

A claim says: *from this position (reached by these moves), the prover (South or North) can make
sure that the game ends with the prover's score minus the opponent's (surplus included) at least
``target``*. Its certificate is the prover's strategy only: for every position where the
prover is to move on the way, the hole to sow. :func:`verify` checks it with nothing but the
engine: it plays the prover's hole wherever the prover is to move, **every** legal reply
wherever the opponent is, and follows every line to a leaf, where the claim is settled:

- the game is over: the exact final margin must be at least ``target``; or
- the prover's margin minus the seeds still on the board is already at least ``target``: every
  seed on the board ends with one of the two players, and a score never goes down.

The engine plays each line with its history (``Position.play`` keeps the positions since the
last capture), so the repetition rule (R4.3), the lap limit and every other rule are the
engine's own. A line that ends by repetition makes the certificate fail: a proof here must not
rest on how a repetition is scored. Two lines that reach the same position with the same
history since the last capture have the same future, so the verifier checks it once and counts
its lines for both (the count of lines is exact).

The file (``.npz``, numpy's compressed archive, no pickled objects) holds a small JSON header
(rule set, options, starting position, moves to the claim's position, prover, target, the
worst case found when it was made, counts, the package's version, how it was made, a checksum
of the strategy) and the strategy as one row of small whole numbers per position: the board,
both players' captures, then the hole.

South claims to end this Ba-awa game at least 8 seeds ahead, six moves after the start:

>>> import hoyito_edu as hy
>>> game = hy.Game("ba-awa")
>>> moves = game.play_all([1, 11, 5, 8, 2, 10])
>>> *earlier, position = game.positions()
>>> cert = build_certificate(position, prover=0, target=8, oracle=ReadableOracle(),
...                          history=earlier)
>>> cert.header["moves"], cert.header["worst_case"], len(cert.strategy)
([1, 11, 5, 8, 2, 10], 8, 41)
>>> verdict = verify(cert)
>>> verdict.valid, verdict.worst_case, verdict.lines, verdict.repetitions
(True, 8, 30, 0)
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import io
import json
import sys
import time
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

import numpy as np

from ..content import data_folder
from ..engine.events import Reason
from ..engine.position import IllegalMove, Position
from ..engine.rules import get_rules
from ..engine.saving import FormatError, position_from_dict, position_to_dict
from ..i18n import gettext as _
from ..i18n import ngettext
from ..version import __version__

#: The header's ``format`` and ``version``.
FORMAT, VERSION = "hoyito_edu.certificate", 1
#: Enough room for a line of play: Python calls the walk once a ply.
_DEPTH_ROOM = 20_000


def proofs_dir() -> Path:
    """The package's certificates: ``data/proofs/`` (of the checkout, or inside the wheel).

    >>> proofs_dir().relative_to(proofs_dir().parent.parent).as_posix()
    'data/proofs'
    """
    return data_folder() / "proofs"


class Oracle(Protocol):
    """Gives the prover a hole that keeps the claim proven, or None (the shape of
    ``hoyito_edu.analysis.solve.proven_move``). The builder passes ``avoid`` (holes not to
    give) only when a hole it was given sent a line round a loop; an oracle that never gets it
    need not take it."""

    def __call__(self, position: Position, *, prover: int, target: int,
                 history: tuple[Position, ...] = (), avoid: frozenset[int] = frozenset()
                 ) -> int | None: ...


class CertificateError(ValueError):
    """A file that is not a readable certificate; the message says what is wrong."""


class OverBudget(Exception):
    """The readable oracle spent its budget of positions on one question."""


class Refusal(Exception):
    """Raised inside a walk: the sentence says what is wrong and on which line."""


class Loop(Exception):
    """Raised inside a builder's walk: a line came back to a position still being walked,
    with no capture between (it would go round until a repetition ends it), or every other
    hole of a prover's position failed after such a loop. ``line``: the moves that lead there."""

    def __init__(self, line: Sequence[tuple[int, int]]) -> None:
        super().__init__(describe_line(line))
        self.line = list(line)


@dataclass(frozen=True)
class Certificate:
    """A claim and the prover's strategy.

    Attributes:
        header: the JSON-ready header (see the module's docstring and :func:`save`).
        strategy: for each position where the prover moves, its key (:func:`strategy_key`:
            the board, then both captures) and the hole the prover sows.
    """

    header: dict
    strategy: Mapping[tuple[int, ...], int] = field(repr=False)

    @property
    def prover(self) -> int:
        return self.header["prover"]

    @property
    def target(self) -> int:
        return self.header["target"]


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify` found.

    Attributes:
        valid: every line reaches a leaf at or above the target, the strategy has a legal hole
            wherever the prover moves, no line ends by repetition, and the header's claims
            match what the replay found.
        reason: "" when valid; else a sentence saying what is wrong and on which line.
        claim: the claim in words.
        worst_case: the guaranteed margin (the lowest leaf), or None if the walk stopped early.
        lines: the lines of play, leaf to root (every opponent reply counted).
        positions: the different positions met.
        prover_positions: the strategy's positions used; ``unused``: those never reached.
        max_depth: the longest line, in plies; ``repetitions``: lines ended by R4.3.
        seconds: the time the check took.
    """

    valid: bool
    reason: str
    claim: str
    worst_case: int | None = None
    lines: int = 0
    positions: int = 0
    prover_positions: int = 0
    unused: int = 0
    max_depth: int = 0
    repetitions: int = 0
    seconds: float = 0.0

    def report(self) -> str:
        """The verdict in a few lines, in the current language."""
        head = _("VALID") if self.valid else _("NOT VALID")
        lines = [f"{head}: {self.claim}"]
        if self.reason:
            lines.append(self.reason)
        if self.worst_case is not None:
            lines.append(_("Worst case: the prover ends {margin:+d} (guaranteed margin).").format(
                margin=self.worst_case))
        if self.worst_case is None:
            return "\n".join(lines)
        lines.append(_(
            "{lines:,} lines, {positions:,} positions ({prover:,} where the prover moves, "
            "{unused:,} unused), longest line {depth} plies, {repetitions} repetitions, "
            "{seconds:.1f} s."
        ).format(lines=self.lines, positions=self.positions, prover=self.prover_positions,
                 unused=self.unused, depth=self.max_depth, repetitions=self.repetitions,
                 seconds=self.seconds))
        return "\n".join(lines)


def strategy_key(position: Position) -> tuple[int, ...]:
    """A position's key in a strategy: its board, then both players' captures.

    Within one certificate everything else (rules, closed holes, owners, surplus, starter,
    round) is the same as at its start, and the player to move is the prover.

    >>> import hoyito_edu as hy
    >>> strategy_key(hy.new_game("hoyito-i", board=[1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1]))
    (1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0)
    """
    return (*position.board, *position.captures)


def margin(position: Position, prover: int) -> int:
    """The prover's score minus the opponent's (captures and surplus)."""
    score = position.score
    return score[prover] - score[1 - prover]


def leaf_value(position: Position, prover: int, target: int) -> int | None:
    """The margin the prover is sure of at a leaf, or None if ``position`` is not a leaf.

    A leaf is a finished game (its exact margin) or a position where the prover's margin minus
    the seeds on the board is already at least ``target`` (that difference is then sure).
    """
    if position.is_over:
        return margin(position, prover)
    sure = margin(position, prover) - position.seeds_on_board
    return sure if sure >= target else None


def side_name(player: int) -> str:
    """South or North, in the current language."""
    return _("South") if player == 0 else _("North")


def describe_line(line: Sequence[tuple[int, int]]) -> str:
    """A line of moves (player, hole) in words, e.g. "after South 3, North 8".

    >>> describe_line([(0, 3), (1, 8)]), describe_line([])
    ('after South 3, North 8', "at the claim's position")
    """
    if not line:
        return _("at the claim's position")
    moves = ", ".join(f"{side_name(player)} {hole}" for player, hole in line)
    return _("after {moves}").format(moves=moves)


def where(line: Sequence[tuple[int, int]]) -> str:
    """:func:`describe_line` to start a sentence.

    >>> where([(1, 6)])
    'After North 6'
    """
    text = describe_line(line)
    return text[:1].upper() + text[1:]


def describe_claim(header: Mapping) -> str:
    """The claim of a header in words, with the holes sown before the claim's position (a
    claim about South's opening is not a claim about the start).

    >>> header = {"prover": 0, "variant": "hoyito-i", "target": -16, "moves": [1]}
    >>> describe_claim(header)
    'South ends Hoyito I with a margin of at least -16, once hole 1 is sown from the start'
    >>> describe_claim({**header, "moves": []})
    'South ends Hoyito I with a margin of at least -16'
    """
    fields = dict(side=side_name(header["prover"]), title=get_rules(header["variant"]).title,
                  target=header["target"])
    moves = header["moves"]
    if not moves:
        return _("{side} ends {title} with a margin of at least {target:+d}").format(**fields)
    return ngettext(
        "{side} ends {title} with a margin of at least {target:+d}, once hole {moves} is sown "
        "from the start",
        "{side} ends {title} with a margin of at least {target:+d}, once holes {moves} are "
        "sown from the start", len(moves)).format(
        moves=", ".join(str(hole) for hole in moves), **fields)


# -- the walk: shared by the builder (which asks an oracle) and the verifier ----------------------
@dataclass(frozen=True)
class Summary:
    """What a subtree gives: its lowest leaf, its lines, its depth and its repetition endings."""

    worst: int
    lines: int
    depth: int
    repetitions: int


@dataclass
class Walk:
    """One walk over the lines of a claim (mutable: it collects what it meets).

    ``choose(position, line, history, avoid)`` gives the prover's hole, not one of ``avoid``
    (or raises :class:`Refusal`).

    A position is walked once: a second line reaching it shares the first one's lines. That is
    sound although the repetition rule depends on the line: the prover's strategy depends on
    the position alone, so if two lines met the same position with no capture between them,
    the walk goes round that loop until the engine ends a line by repetition, and the
    certificate fails. Without such loops no line can repeat a position of the walk, so its
    future does not depend on how it was reached. The positions played before the claim's
    position (``history_captures``: their captures, when there are any) are the exception:
    while no capture has been made since, the walk keys a position with its whole history.

    The builder's walk (``avoid_loops``) does not go round a loop: a line that comes back to a
    position still being walked raises :class:`Loop`, and the nearest prover's position above
    asks for another hole (if it has none, the one above it). The verifier's walk goes round,
    and fails.
    """

    prover: int
    target: int
    choose: Callable[[Position, list, tuple], int]
    history_captures: tuple[int, int] | None = None
    memo: dict = field(default_factory=dict)
    positions: set = field(default_factory=set)
    used: set = field(default_factory=set)
    first_repetition: str = ""
    avoid_loops: bool = False
    walking: set = field(default_factory=set)

    def visit(self, position: Position, line: list, path: list) -> Summary:
        """Walk every line from ``position`` (reached by ``line``; ``path`` holds the positions
        before it) and summarise them."""
        self.positions.add((*strategy_key(position), position.player))
        state = (position.board, position.captures, position.player)
        if position.rules.quiet_limit is not None:
            state += (position.quiet_plies,)
        if position.captures == self.history_captures:
            state += (position.history_since_capture(),)
        known = self.memo.get(state)
        if known is not None:
            return known
        if self.avoid_loops:
            if state in self.walking:
                raise Loop(line)
            self.walking.add(state)
        try:
            summary = self.settle(position, line, path)
        finally:
            self.walking.discard(state)
        self.memo[state] = summary
        return summary

    def settle(self, position: Position, line: list, path: list) -> Summary:
        value = leaf_value(position, self.prover, self.target)
        if value is not None:
            return self.leaf(position, value, line)
        if position.player == self.prover:
            self.used.add(strategy_key(position))
            return self.prover_moves(position, line, path)
        return self.follow(position, position.legal_moves(), line, path)

    def prover_moves(self, position: Position, line: list, path: list) -> Summary:
        """The prover's hole and its lines; in the builder's walk, another hole for each one
        after which a line goes round a loop."""
        avoid: set[int] = set()
        while True:
            try:
                hole = self.choose(position, line, since_capture(path, position),
                                   frozenset(avoid))
            except Refusal:
                if not avoid:
                    raise
                raise Loop(line) from None  # the prover above keeps away
            try:
                return self.follow(position, (hole,), line, path)
            except Loop:
                if not self.avoid_loops:
                    raise
                avoid.add(hole)

    def follow(self, position: Position, holes: Sequence[int], line: list,
               path: list) -> Summary:
        """Summarise the lines after sowing each of ``holes`` at ``position``."""
        worst, lines, depth, repetitions = None, 0, 0, 0
        path.append(position)
        for hole in holes:
            line.append((position.player, hole))
            found = self.visit(position.play(hole), line, path)
            line.pop()
            worst = found.worst if worst is None else min(worst, found.worst)
            lines += found.lines
            depth = max(depth, found.depth + 1)
            repetitions += found.repetitions
        path.pop()
        return Summary(worst, lines, depth, repetitions)

    def leaf(self, position: Position, value: int, line: list) -> Summary:
        repeated = position.is_over and position.outcome.reason == Reason.REPETITION
        if repeated and not self.first_repetition:
            self.first_repetition = describe_line(line)
        if value < self.target and not repeated:
            raise Refusal(_(
                "{where}: the game ends with the prover's margin {value:+d}, below the claimed "
                "{target:+d}."
            ).format(where=where(line), value=value, target=self.target))
        return Summary(value, 1, 0, int(repeated))


def since_capture(path: Sequence[Position], position: Position) -> tuple[Position, ...]:
    """The positions of ``path`` since the last capture before ``position``, oldest first."""
    start = len(path)
    while start and path[start - 1].captures == position.captures:
        start -= 1
    return tuple(path[start:])


def walk_from(root: Position, earlier: Sequence[Position], walk: Walk) -> Summary:
    """Run ``walk`` from ``root`` (reached through the positions ``earlier``), with room for
    deep lines."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _DEPTH_ROOM))
    try:
        return walk.visit(root, [], list(earlier))
    finally:
        sys.setrecursionlimit(limit)


# -- building --------------------------------------------------------------------------------
def build_certificate(position: Position, prover: int, target: int, oracle: Oracle,
                      history: Sequence[Position] = (), made_by: str = "",
                      avoid_loops: bool = True) -> Certificate:
    """The certificate of "``prover`` ends at least ``target`` ahead from ``position``".

    Walks the proof tree: where the prover moves it asks ``oracle`` (a hole that keeps the
    claim proven; the same hole each time a position comes back), where the opponent moves it
    follows every legal reply. ``history`` is the game's positions before ``position``, oldest
    first, each the one before the next (``position`` must follow from them by one move), for
    the repetition rule. Raises :class:`Refusal` naming the line where the oracle had no move
    or a leaf fell short.

    A strategy gives one hole a position, but an oracle may answer for the history it is
    asked with: a hole proven on one line can lead another line (where the position came
    first) round a loop, which only a repetition would end. With ``avoid_loops`` (the default)
    such a hole is dropped and the oracle asked for another (``avoid``); the header's counts
    then come from a replay of the strategy kept, like :func:`verify`'s.
    """
    if prover not in (0, 1):
        raise ValueError(f"prover must be 0 (South) or 1 (North), not {prover!r}")
    moves = moves_between([*history, position])
    start = history[0] if history else position
    strategy: dict[tuple[int, ...], int] = {}

    def choose(here: Position, line: list, earlier: tuple, avoid: frozenset) -> int:
        key = strategy_key(here)
        if key not in strategy or strategy[key] in avoid:
            extra = {"avoid": avoid} if avoid else {}
            hole = oracle(here, prover=prover, target=target, history=earlier, **extra)
            if hole is None or hole in avoid:
                raise Refusal(_("{where}: the oracle found no move that keeps the claim.").format(
                    where=where(line)))
            strategy[key] = here.check_move(hole)
        return strategy[key]

    clock = time.perf_counter()
    captures = position.captures if history else None
    walk = Walk(prover, target, choose, captures, avoid_loops=avoid_loops)
    try:
        summary = walk_from(position, history, walk)
    except Loop as loop:
        raise Refusal(_("{where}: every hole the oracle proves here sends a line round a loop "
                        "that only a repetition would end.").format(where=where(loop.line))) \
            from None
    if avoid_loops:  # the counts of the strategy kept, without the holes dropped on the way
        walk = Walk(prover, target, lambda here, *_: strategy[strategy_key(here)], captures)
        summary = walk_from(position, history, walk)
        strategy = {key: strategy[key] for key in walk.used}
    header = {
        "format": FORMAT, "version": VERSION, "variant": start.rules.name,
        "options": start.rules.options, "start": position_to_dict(start), "moves": moves,
        "prover": prover, "target": target, "worst_case": summary.worst,
        "counts": counts_of(walk, summary, len(strategy)),
        "package_version": __version__, "made_by": made_by or describe_oracle(oracle),
        "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(time.perf_counter() - clock, 3),
    }
    header["strategy_sha256"] = strategy_digest(strategy, len(position.board))
    return Certificate(header, strategy)


def counts_of(walk: Walk, summary: Summary, entries: int) -> dict[str, int]:
    """The header's counts after a walk."""
    return {"lines": summary.lines, "positions": len(walk.positions),
            "prover_positions": entries, "max_depth": summary.depth,
            "repetitions": summary.repetitions}


def describe_oracle(oracle: object) -> str:
    name = getattr(oracle, "__qualname__", type(oracle).__qualname__)
    return f"{getattr(oracle, '__module__', '?')}.{name}"


def moves_between(positions: Sequence[Position]) -> list[int]:
    """The holes that lead from each position to the next (the engine plays each candidate).

    >>> import hoyito_edu as hy
    >>> start = hy.new_game("hoyito-i")
    >>> moves_between([start, start.play(2), start.play(2).play(7)])
    [2, 7]
    """
    holes = []
    for before, after in zip(positions, positions[1:], strict=False):
        found = [h for h in before.legal_moves() if before.play(h) == after]
        if not found:
            raise ValueError(f"no move leads from {before!r} to {after!r}")
        holes.append(found[0])
    return holes


# -- saving and loading ----------------------------------------------------------------------
def strategy_rows(strategy: Mapping[tuple[int, ...], int], size: int) -> np.ndarray:
    """The strategy as a table of uint8, one row a position (board, captures, hole), sorted."""
    width = size + 3
    rows = sorted((*key, hole) for key, hole in strategy.items())
    table = np.array(rows, dtype=np.int64).reshape(len(rows), width)
    if table.size and (table.min() < 0 or table.max() > 255):
        raise ValueError("a strategy row holds a number outside 0..255")
    return table.astype(np.uint8)


def strategy_digest(strategy: Mapping[tuple[int, ...], int], size: int) -> str:
    """The SHA-256 of the strategy's sorted rows: the header's check that they are unchanged."""
    return hashlib.sha256(strategy_rows(strategy, size).tobytes()).hexdigest()


def save(certificate: Certificate, path: str | Path) -> Path:
    """Write ``certificate`` to ``path`` (a ``.npz`` file: the JSON header, then the strategy
    column by column, which compresses best)."""
    path = Path(path)
    size = len(certificate.header["start"]["board"])
    rows = strategy_rows(certificate.strategy, size)
    header = np.frombuffer(json.dumps(certificate.header, sort_keys=True).encode(), np.uint8)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, header=header, columns=np.ascontiguousarray(rows.T))
    path.write_bytes(buffer.getvalue())
    return path


def load(path: str | Path) -> Certificate:
    """Read a certificate written by :func:`save`; raises :class:`CertificateError` with a
    sentence if the file cannot be read as one."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as archive:
            header = json.loads(bytes(archive["header"]).decode())
            columns = np.asarray(archive["columns"])
    except FileNotFoundError:
        raise CertificateError(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise CertificateError(_("{path} is a folder, not a certificate").format(path=path)) \
            from None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, UnicodeDecodeError):
        raise CertificateError(_(
            "{path} is not a certificate (it should be a .npz file written by "
            "hoyito_edu.analysis.certificates.save)").format(path=path)) from None
    check_header_shape(header, path)
    width = len(header["start"]["board"]) + 3
    if columns.ndim != 2 or columns.shape[0] != width or columns.dtype != np.uint8:
        raise CertificateError(_("{path}: the strategy table should have {width} rows of "
                                 "small whole numbers").format(path=path, width=width))
    rows = columns.T.tolist()
    return Certificate(header, {tuple(row[:-1]): row[-1] for row in rows})


#: The header's keys and the JSON types they hold.
HEADER_TYPES = {"format": str, "version": int, "variant": str, "options": dict, "start": dict,
                "moves": list, "prover": int, "target": int, "worst_case": int,
                "counts": dict, "strategy_sha256": str}


def check_header_shape(header: object, path: object) -> None:
    """Refuse a header that lacks a key or has a value of the wrong type."""
    if not isinstance(header, dict):
        raise CertificateError(_("{path}: the header is not a JSON object").format(path=path))
    if header.get("format") != FORMAT or header.get("version") != VERSION:
        raise CertificateError(_("{path}: the header does not say format {format} version "
                                 "{version}").format(path=path, format=FORMAT, version=VERSION))
    for key, kind in HEADER_TYPES.items():
        value = header.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise CertificateError(_("{path}: the header's {key} is missing or not a {kind}")
                                   .format(path=path, key=key, kind=kind.__name__))
    board = header["start"].get("board")
    if not isinstance(board, list) or not board:
        raise CertificateError(_("{path}: the header's start has no board").format(path=path))


# -- verifying -------------------------------------------------------------------------------
def root_of(header: Mapping) -> tuple[Position, list[Position]]:
    """The claim's position and the positions before it: the engine replays the header's
    moves from its start. Raises :class:`CertificateError` if they do not make a game."""
    try:
        start = position_from_dict(header["variant"], header["options"], header["start"],
                                   "start")
    except (FormatError, ValueError, TypeError) as err:
        raise CertificateError(_("the header's starting position is not valid: {why}").format(
            why=err)) from None
    earlier, position = [], start
    for number, hole in enumerate(header["moves"], start=1):
        try:
            after = position.play(hole)
        except IllegalMove as err:
            raise CertificateError(_("the header's move {number} (hole {hole}) is illegal: "
                                     "{why}").format(number=number, hole=hole, why=err)) \
                from None
        earlier.append(position)
        position = after
    return position, earlier


def verify(source: Certificate | str | Path) -> Verdict:
    """Check a certificate (or the file holding one) with the engine alone.

    Raises :class:`CertificateError` only for a file that cannot be read as a certificate; a
    readable certificate that is wrong gives a Verdict with ``valid`` False and a sentence.
    """
    certificate = source if isinstance(source, Certificate) else load(source)
    header, strategy = certificate.header, certificate.strategy
    clock = time.perf_counter()
    try:
        claim = describe_claim(header)
        root, earlier = root_of(header)
    except (CertificateError, ValueError, KeyError) as err:
        return Verdict(False, str(err), claim=_("(no claim can be read)"))
    prover = header["prover"]
    if prover not in (0, 1):
        return Verdict(False, _("The header's prover must be 0 (South) or 1 (North)."), claim)
    if strategy_digest(strategy, len(root.board)) != header["strategy_sha256"]:
        return Verdict(False, _("The strategy does not match the header's checksum: the file "
                                "was changed after it was made."), claim)

    def choose(position: Position, line: list, _earlier: tuple, _avoid: frozenset) -> int:
        hole = strategy.get(strategy_key(position))
        if hole is None:
            raise Refusal(_("{where}: the prover ({side}) is to move and the strategy has no "
                            "hole for this position.").format(
                where=where(line), side=side_name(prover)))
        if hole not in position.legal_moves():
            raise Refusal(_("{where}: the strategy plays hole {hole}, which is illegal: {why}")
                          .format(where=where(line), hole=hole,
                                  why=illegal_reason(position, hole)))
        return hole

    walk = Walk(prover, header["target"], choose, root.captures if earlier else None)
    try:
        summary = walk_from(root, earlier, walk)
    except Refusal as refusal:
        return Verdict(False, str(refusal), claim, seconds=time.perf_counter() - clock)
    found = counts_of(walk, summary, len(walk.used))
    verdict = Verdict(
        True, "", claim, summary.worst, summary.lines, found["positions"], len(walk.used),
        len(set(strategy) - walk.used), summary.depth, summary.repetitions,
        time.perf_counter() - clock)
    problem = header_problem(header, summary, found, walk.first_repetition)
    if problem:
        return replace(verdict, valid=False, reason=problem)
    return verdict


def illegal_reason(position: Position, hole: int) -> str:
    """The engine's sentence on why ``hole`` is illegal at ``position``."""
    try:
        position.check_move(hole)
    except IllegalMove as err:
        return str(err)
    return ""


def header_problem(header: Mapping, summary: Summary, found: Mapping, repetition: str) -> str:
    """What is wrong with a claim after a complete walk, or ""."""
    if summary.repetitions:
        return _("{count} line(s) end by repetition (R4.3), the first {where}; a certificate "
                 "must not rest on a repetition.").format(count=summary.repetitions,
                                                           where=repetition)
    if summary.worst < header["target"]:
        return _("The worst case is {worst:+d}, below the claimed {target:+d}.").format(
            worst=summary.worst, target=header["target"])
    if summary.worst != header["worst_case"]:
        return _("The header claims a worst case of {claimed:+d}, but the replay gives "
                 "{worst:+d}.").format(claimed=header["worst_case"], worst=summary.worst)
    for key, value in found.items():
        if header["counts"].get(key) != value:
            return _("The header counts {claimed} {key}, but the replay finds {value}.").format(
                claimed=header["counts"].get(key), key=key, value=value)
    return ""


# -- the board's Show me ----------------------------------------------------------------------
def same_game_kind(position: Position, header: Mapping) -> bool:
    """Whether ``position`` is of the game the certificate's start belongs to: the same rules and
    options, the same holes closed and owned, surplus, starter and round."""
    if position.rules.name != header["variant"] or position.rules.options != header["options"]:
        return False
    start = header["start"]
    fields = ("closed", "owners", "surplus")
    mine = {"closed": sorted(position.closed), "owners": list(position.owners),
            "surplus": list(position.surplus)}
    if any(mine[key] != list(start.get(key, mine[key])) for key in fields):
        return False
    return (position.starter, position.round) == (start.get("starter", 0), start.get("round", 1))


@functools.lru_cache(maxsize=1)
def kept_certificates() -> tuple[tuple[str, Certificate], ...]:
    """The certificates of :func:`proofs_dir`, read once a process (unreadable files skipped)."""
    found = []
    folder = proofs_dir()
    for path in sorted(folder.glob("*.npz")) if folder.is_dir() else ():
        try:
            found.append((path.stem, load(path)))
        except CertificateError:
            continue
    return tuple(found)


def certified_move(position: Position) -> tuple[int, int, str] | None:
    """A move proven by a kept certificate for the player to move: (hole, the final margin it
    makes sure of, the certificate's name), or None.

    The certificate's strategy keeps its claim from every position of its lines. Reached by
    another game, the same position has the same future unless a repetition (R4.3) could end
    it: the certificate's lines never repeat a position, so a history since the last capture
    with no position twice cannot make a third occurrence, and only such histories are
    answered. Of several certificates, the one claiming the most.

    >>> import hoyito_edu as hy
    >>> hole, margin, name = certified_move(hy.new_game("hoyito-i"))
    >>> margin, name
    (-8, 'hoyito-i-start-south-minus-8')
    """
    if position.is_over:
        return None
    history = position.history_since_capture()
    if len(set(history)) != len(history):
        return None
    key, best = strategy_key(position), None
    for name, cert in kept_certificates():
        header = cert.header
        if header["prover"] != position.player or not same_game_kind(position, header):
            continue
        hole = cert.strategy.get(key)
        if hole is not None and hole in position.legal_moves():
            if best is None or header["target"] > best[1]:
                best = (hole, header["target"], name)
    return best


# -- a small readable oracle -----------------------------------------------------------------
@dataclass(frozen=True)
class ReadableOracle:
    """A plain minimax over the engine, for claims near the end of a game (few seeds).

    It looks for "the prover ends at least ``target`` ahead" the way :func:`verify` checks it
    (same leaves; a repetition ending never counts as proven). It remembers answers by
    position, which the repetition rule can make wrong for another line: it need not be sound,
    since the certificate it helps build is verified. ``max_nodes`` bounds the work of one
    question; past it the answer is None.

    >>> import hoyito_edu as hy
    >>> pos = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0],
    ...                   captures=(20, 24), player=0)
    >>> ReadableOracle()(pos, prover=0, target=-4)  # its last seed makes a casa of 4 in hole 5
    4
    """

    max_nodes: int = 2_000_000
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def __call__(self, position: Position, *, prover: int, target: int,
                 history: tuple[Position, ...] = (), avoid: frozenset[int] = frozenset()
                 ) -> int | None:
        budget = [self.max_nodes, 0]
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, _DEPTH_ROOM))
        try:
            for hole in position.legal_moves():
                if hole not in avoid and self.holds(position.play(hole), prover, target, budget):
                    return hole
        except OverBudget:
            return None
        finally:
            sys.setrecursionlimit(limit)
        return None

    def holds(self, position: Position, prover: int, target: int, budget: list) -> bool:
        """Whether the prover can keep the claim from ``position``.

        ``budget`` holds the positions it may still expand (past them :class:`OverBudget`), then
        the repetition endings met so far. A position's answer is remembered unless it is "no"
        and rests on a repetition (another line, with another history, may then say "yes").
        """
        if position.is_over and position.outcome.reason == Reason.REPETITION:
            budget[1] += 1
            return False
        value = leaf_value(position, prover, target)
        if value is not None:
            return value >= target
        key = (prover, target, position.board, position.captures, position.player,
               position.quiet_plies)
        known = self.memo.get(key)
        if known is not None:
            return known
        budget[0] -= 1
        if budget[0] < 0:
            raise OverBudget
        repetitions = budget[1]
        children = (position.play(h) for h in position.legal_moves())
        if position.player == prover:
            result = any(self.holds(c, prover, target, budget) for c in children)
        else:
            result = all(self.holds(c, prover, target, budget) for c in children)
        if result or budget[1] == repetitions:
            self.memo[key] = result
        return result
