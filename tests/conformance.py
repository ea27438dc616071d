"""The conformance harness: one set of cases, run through both copies of the rules.

The package has two implementations of the rules (docs/architecture.md): the readable engine
(``hoyito_edu.engine``: ``Position.sow``) and the compiled kernel
(``hoyito_edu.compiled.kernel``, which the fast simulator, the compiled search and the mcts
playouts use). As OpenSpiel runs the same tests on every game, this module gives each
implementation one small interface and runs the same cases through both.

The interface (:class:`Implementation`): given a position (its rules and its history since
the last capture included) and a line of holes, play them one after another and report, for
each move, a :class:`~hoyito_edu.compiled.kernel.Played`: the board and captures after it, the
player to move, the outcome, laps, drops, extra turn, pass, endless move, lap limit, plies
without a capture, the seeds taken by group and taker, and every capture in order. Two
adapters provide it: :class:`Engine` (``Position.sow``, move by move) and :class:`Kernel`
(the kernel's public entry point ``kernel.play_line``).

The cases (:func:`all_cases`): every rule set on every board size it allows, every rule option
(``hy.OPTIONS``) with values at and around the places where behaviour changes, lines that
start in the middle of a game (so the history since the last capture comes in with the
position), and explicit boards for the rare rules: moves of millions and billions of laps,
endless moves, the lap limit on either side of an endless repeat, repetitions, passes,
Ba-awa's last eight, the final four taken partly from the hand, the Hoyito II chain with and
without ``chain_opponent_side_only``, laps long enough to come round to their origin. The lines
are chosen by the engine with seeded random choices, so a case is the same on every run.

Planted mistakes (:data:`MUTANTS`): adapters that each get one rule wrong. The tests assert
that the cases catch every one of them: a case set that cannot tell a wrong implementation
from a right one would prove nothing.

Add a case here when a rule or a rule option is added (docs/architecture.md says how).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence
from typing import Protocol

import hoyito_edu as hy
from hoyito_edu.compiled import kernel
from hoyito_edu.compiled.kernel import Played

#: Capture groups by reason, as ``Played.taken`` counts them; any other reason: end of game (3).
GROUPS = {"mid-sow": 0, "last-seed": 1, "chain": 2}


class Implementation(Protocol):
    """What each copy of the rules provides to the harness."""

    name: str

    def play_line(self, position: hy.Position, holes: Sequence[int]) -> list[Played]:
        """Play ``holes`` from ``position``; one report per move, stopping when the game ends."""


def engine_report(move: hy.Move) -> Played:
    """The engine's :class:`~hoyito_edu.Move` as the harness compares it."""
    after = move.after
    taken = [0] * 8
    for c in move.captures:
        taken[2 * GROUPS.get(str(c.reason), 3) + c.taker] += c.seeds
    return Played(
        board=after.board,
        captures=after.captures,
        player=None if after.is_over else after.player,
        end=None if after.outcome is None else str(after.outcome.reason),
        laps=move.laps,
        drops=move.drops,
        extra_turn=move.extra_turn,
        passed=bool(move.passes),
        endless=move.endless,
        lap_limit=move.lap_limit,
        quiet_plies=after.quiet_plies,
        taken=tuple(taken),
        capture_list=tuple((c.hole, c.seeds, c.taker, str(c.reason)) for c in move.captures),
    )


class Engine:
    """The readable reference: ``Position.sow``, move by move."""

    name = "engine"

    def play_line(self, position: hy.Position, holes: Sequence[int]) -> list[Played]:
        reports = []
        for hole in holes:
            move = position.sow(hole)
            reports.append(self.report(move))
            position = move.after
            if position.is_over:
                break
        return reports

    def report(self, move: hy.Move) -> Played:
        return engine_report(move)


class Kernel:
    """The compiled kernel, through its public entry point ``kernel.play_line`` (the one
    kernel layout: the fast simulator, the mcts playouts and both compiled searches play its
    moves). ``change`` (for the planted mistakes) plays with rules changed from the
    position's."""

    def __init__(self, name: str = "kernel", change: Callable | None = None) -> None:
        self.name, self.change = name, change

    def play_line(self, position: hy.Position, holes: Sequence[int]) -> list[Played]:
        rules = None if self.change is None else self.change(position.rules)
        return kernel.play_line(position, holes, rules=rules)


# -- planted mistakes -------------------------------------------------------------------------
def _replace(**changes: Callable) -> Callable:
    """A change of rules: each field named set to ``function(its value)``."""

    def change(rules: hy.Rules) -> hy.Rules:
        new = {key: function(getattr(rules, key)) for key, function in changes.items()}
        return dataclasses.replace(rules, **new)

    return change


class RepetitionAtTwo(Engine):
    """Ends the game when a position comes back the second time, not the third (R4.3)."""

    name = "repetition at the second time"

    def play_line(self, position, holes):
        reports = []
        for hole in holes:
            move = position.sow(hole)
            after, report = move.after, self.report(move)
            if (
                not after.is_over
                and after.history_since_capture().count((after.board, after.player)) == 2
            ):
                reports.append(report._replace(player=None, end="repetition"))
                break
            reports.append(report)
            position = after
            if position.is_over:
                break
        return reports


class NoPass(Engine):
    """A player with nothing to sow is still the player to move (no pass, R3.2)."""

    name = "no pass"

    def report(self, move):
        report = engine_report(move)
        if report.passed and report.player is not None:
            report = report._replace(passed=False, player=1 - report.player)
        return report


_OTHER_TAKER = {"mover": "owner", "owner": "mover", "none": "none"}
_OTHER_END = {"last-four": "eight-or-fewer", "eight-or-fewer": "last-four"}


def _later(limit: int | None) -> int | None:
    return None if limit is None else limit + 1


#: One planted mistake per rule, each an implementation the cases must tell from the engine.
MUTANTS: list[Implementation] = [
    Kernel(
        "origin skipped when it should be sown, and sown when it should be skipped",
        _replace(skip_origin=lambda skip: not skip),
    ),
    Kernel("mid-sow casa to the wrong player", _replace(mid_sow_taker=_OTHER_TAKER.get)),
    Kernel("lap limit one lap late", _replace(max_laps=_later)),
    Kernel("quiet limit one ply late", _replace(quiet_limit=_later)),
    Kernel(
        "chain on both rows when the option says the opponent's only",
        _replace(chain_opponent_side_only=lambda only: False),
    ),
    Kernel(
        "no chain", _replace(chain=lambda chain: False, chain_opponent_side_only=lambda only: False)
    ),
    Kernel("no extra turn after a last-seed capture", _replace(extra_turn=lambda extra: False)),
    Kernel(
        "Hoyito's last four in Ba-awa, Ba-awa's last eight in Hoyito",
        _replace(end_rule=_OTHER_END.get),
    ),
    RepetitionAtTwo(),
    NoPass(),
]


# -- the cases --------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Case:
    """A position (with its history) and a line of holes to play from it."""

    name: str
    position: hy.Position
    holes: tuple[int, ...]

    def __repr__(self) -> str:
        return f"<Case {self.name}: {len(self.holes)} moves>"


def random_line(position: hy.Position, seed: int, plies: int) -> tuple[int, ...]:
    """Up to ``plies`` holes chosen at random (seeded) among the engine's legal moves."""
    rng, holes = random.Random(seed), []
    while not position.is_over and len(holes) < plies:
        holes.append(rng.choice(position.legal_moves()))
        position = position.play(holes[-1])
    return tuple(holes)


def after_line(position: hy.Position, seed: int, plies: int) -> hy.Position:
    """The position after a random line (its history comes with it)."""
    for hole in random_line(position, seed, plies):
        position = position.play(hole)
    return position


def game_cases(name: str, variant: str, n: int, seed: int, plies: int, **options) -> list[Case]:
    """A random game from the start, and a line from the middle of another one."""
    start = hy.new_game(variant, holes_per_row=n, player=seed % 2, **options)
    middle = after_line(start, seed + 1, 5 + seed % 20)
    cases = [Case(f"{name} from the start", start, random_line(start, seed, plies))]
    if not middle.is_over:
        cases.append(
            Case(f"{name} from ply {5 + seed % 20}", middle, random_line(middle, seed + 2, plies))
        )
    return cases


def rule_set_cases() -> list[Case]:
    """Every rule set on every board size it allows (R1.1), two seeds each."""
    cases = []
    for variant, rules in hy.VARIANTS.items():
        for n in range(rules.min_holes_per_row, rules.max_holes_per_row + 1):
            for seed in (n, 100 + n):
                cases += game_cases(f"{variant} 2x{n} seed {seed}", variant, n, seed, 400)
    return cases


#: Settings of each rule option: where behaviour changes (the laps from which a move is sown
#: again keeping its lap starts, kernel.EXACT_FROM_LAP = 32, and the limits of 1) and usual ones.
OPTION_VALUES = {
    "skip_origin": [True],
    "chain_opponent_side_only": [True],
    "max_laps": [1, 2, 3, 10, 31, 32, 33, 75, None],
    "quiet_limit": [1, 2, 10, 40],
    "relay": [False],
}


def option_cases() -> list[Case]:
    """Every rule option of ``hy.OPTIONS`` with each value of :data:`OPTION_VALUES`, on every
    rule set it applies to, on 2x6 and 2x12 (2x6 only for Ba-awa)."""
    assert set(OPTION_VALUES) == set(hy.OPTIONS), "a new rule option needs its conformance cases"
    cases = []
    for key, values in OPTION_VALUES.items():
        for value in values:
            for number, (variant, rules) in enumerate(hy.VARIANTS.items()):
                if key == "chain_opponent_side_only" and not rules.chain:
                    continue
                for n in sorted({6, rules.max_holes_per_row}):
                    seed = 1000 + 10 * number + n
                    plies = 300 if n == 6 else 150
                    cases += game_cases(
                        f"{variant} 2x{n} {key}={value}", variant, n, seed, plies, **{key: value}
                    )
    return cases


def moves_from(name: str, position: hy.Position) -> list[Case]:
    """Each legal move of ``position``, then a short random line after it."""
    cases = []
    for hole in position.legal_moves():
        after = position.play(hole)
        cases.append(Case(f"{name}, hole {hole}", position, (hole, *random_line(after, hole, 20))))
    return cases


#: Moves of millions (2x6) and billions (2x11) of laps without a lap limit (R2.8).
LONG_MOVES = [
    ("millions of laps", dict(board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4]), 1),
    (
        "billions of laps",
        dict(board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4], player=1),
        11,
    ),
]
#: Endless moves met in random games (R2.8): the lap that repeats an earlier one is lap 43
#: (Hoyito II) and 48 (Hoyito III), past kernel.EXACT_FROM_LAP.
ENDLESS_MOVES = [
    (
        "hoyito-ii",
        dict(board=[0, 2, 1, 5, 4, 3, 2, 3, 2, 1, 0, 1], player=1, captures=(20, 4)),
        6,
        43,
    ),
    ("hoyito-iii", dict(board=[0, 2, 1, 2, 0, 4, 0, 2, 1, 0, 7, 1], captures=(4, 24)), 3, 48),
]
#: Boards with few seeds, where positions come back soon (R4.3).
SPARSE = [
    dict(board=[0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], captures=(21, 24)),
    dict(board=[0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0], captures=(20, 25)),
]


def explicit_cases() -> list[Case]:
    """Set-ups for the rules that random games rarely reach."""
    cases = []
    for label, setup, hole in LONG_MOVES:
        for limit in (1000, 32, 33):
            pos = hy.new_game("hoyito-ii", max_laps=limit, **setup)
            cases.append(Case(f"a move of {label}, lap limit {limit}", pos, (hole,)))
    for variant, setup, hole, laps in ENDLESS_MOVES:
        for limit in (None, 1000, laps - 1, laps, laps + 1):
            pos = hy.new_game(variant, max_laps=limit, **setup)
            line = (hole, *random_line(pos.play(hole), laps, 30))
            cases.append(
                Case(f"{variant} endless move of {laps} laps, lap limit {limit}", pos, line)
            )
    for number, setup in enumerate(SPARSE):
        for variant in ("hoyito-i", "hoyito-ii", "hoyito-iii"):
            for seed in range(4):
                pos = hy.new_game(variant, player=seed % 2, **setup)
                cases.append(
                    Case(
                        f"{variant} sparse board {number} seed {seed}",
                        pos,
                        random_line(pos, seed, 200),
                    )
                )
                middle = after_line(pos, seed + 10, 7)  # its history comes in with it
                if not middle.is_over:
                    cases.append(
                        Case(
                            f"{variant} sparse board {number} from ply 7, seed {seed}",
                            middle,
                            random_line(middle, seed, 200),
                        )
                    )
    # a pass (R3.2): South's hole 1 leaves North nothing to sow
    passing = hy.new_game("hoyito-i", board=[3, 1, 1, 2, 0, 1, 0, 0, 0, 0, 0, 0], captures=(20, 20))
    cases += moves_from("a pass", passing)
    cases += moves_from(
        "Hoyito II pass",
        hy.new_game("hoyito-ii", board=[0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 1], captures=(20, 20)),
    )
    # North's hole 10 leaves South nothing to sow (Ba-awa game 726 of a random run)
    cases += moves_from(
        "Ba-awa pass",
        hy.new_game(
            "ba-awa",
            board=[0, 0, 0, 0, 0, 0, 1, 0, 0, 14, 1, 0],
            player=1,
            captures=(16, 16),
            starter=0,
        ),
    )
    # a capture that leaves no seed at all (R4.1, R4.2): North's last seed makes hole 0 a casa
    for variant in ("hoyito-i", "ba-awa"):
        pos = hy.new_game(variant, board=[3] + [0] * 10 + [1], player=1, captures=(20, 24))
        cases.append(Case(f"{variant}: all captured", pos, (11,)))
    # the final four, partly from the hand (R4.1)
    hand = hy.new_game(
        "hoyito-i", board=[0, 1, 0, 0, 0, 0, 0, 0, 2, 3, 1, 1], player=1, captures=(8, 32)
    )
    cases += moves_from("final four from the hand", hand)
    # Ba-awa's last eight go to the starter (R4.2), here the player not to move
    for starter in (0, 1):
        pos = hy.new_game(
            "ba-awa", board=[3, 1, 0, 3, 0, 0, 0, 1, 2, 1, 0, 1], captures=(20, 16), starter=starter
        )
        cases += moves_from(f"Ba-awa's last eight, starter {starter}", pos)
    # the Hoyito II chain (R2.7): South's hole 3 ends in hole 7, then 6 (North's) and 5
    # (South's own) hold four
    for only in (False, True):
        pos = hy.new_game(
            "hoyito-ii", board=[2, 2, 2, 4, 0, 3, 3, 3, 1, 1, 1, 1], chain_opponent_side_only=only
        )
        cases += moves_from(f"chain, opponent's side only={only}", pos)
    # laps of 2n seeds or more come round to their origin (R2.2)
    for variant, board, player in [
        ("hoyito-i", [1, 3, 0, 0, 0, 0, 1, 1, 12, 0, 0, 2], 1),
        ("hoyito-ii", [11, 2, 3, 1, 11, 4, 0, 4, 1, 4, 5, 2], 0),
        ("hoyito-iii", [2, 13, 2, 0, 7, 12, 1, 2, 0, 0, 3, 2], 0),
        ("ba-awa", [12, 0, 1, 2, 0, 2, 1, 3, 1, 1, 2, 3], 1),
    ]:
        for skip in (False, True):
            pos = hy.new_game(variant, board=board, player=player, skip_origin=skip)
            cases += moves_from(f"{variant} big hole, skip_origin={skip}", pos)
    # holes of 128 seeds or more (a position holds up to 192: the engine's MAX_SEEDS): the
    # kernel's packed board keeps a hole in a byte and reads its bit 7 as part of the count
    for variant, board, hole in CROWDED:
        for skip in (False, True):
            pos = hy.new_game(variant, board=board, player=0 if hole < len(board) // 2 else 1,
                              skip_origin=skip)
            line = (hole, *random_line(pos.play(hole), hole, 60))
            cases.append(Case(f"{variant} 2x{len(board) // 2} crowded hole {hole}, "
                              f"skip_origin={skip}", pos, line))
    return cases


#: Set-ups with a hole of 128 seeds or more, and that hole (played first).
CROWDED = [
    ("hoyito-i", [150, 1, 0, 2, 0, 3, 0, 1, 2, 0, 1, 0], 0),
    ("ba-awa", [2, 1, 0, 0, 1, 0, 0, 0, 131, 0, 1, 0], 8),
    ("hoyito-ii", [0] * 11 + [170] + [1] * 12, 11),
    ("hoyito-iii", [1] * 12 + [0] * 9 + [160, 0, 0], 21),
    ("hoyito-i", [0] * 8 + [188, 0] + [0] * 9 + [1, 0, 0], 8),
]


@functools.lru_cache(maxsize=1)
def all_cases() -> tuple[Case, ...]:
    """Every case, built once per test session."""
    return tuple(rule_set_cases() + option_cases() + explicit_cases())


# -- running ----------------------------------------------------------------------------------
def difference(case: Case, expected: list[Played], got: list[Played], name: str) -> str | None:
    """The first way ``got`` differs from ``expected`` (the engine's reports), or None."""
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want != have:
            fields = [f for f in Played._fields if getattr(want, f) != getattr(have, f)]
            shown = "; ".join(
                f"{f}: engine {getattr(want, f)!r}, {name} {getattr(have, f)!r}" for f in fields
            )
            return f"{case.name}, move {i + 1} (hole {case.holes[i]}): {shown}"
    if len(expected) != len(got):
        return f"{case.name}: the engine played {len(expected)} moves, {name} {len(got)}"
    return None


def compare(case: Case, expected: list[Played], implementation: Implementation) -> str | None:
    """:func:`difference` of ``implementation``'s reports on ``case``. An implementation that
    refuses the line (a hole it finds illegal, after it went another way) disagrees too: the
    first move where it differs, or its error, is reported."""
    name = implementation.name
    try:
        return difference(case, expected, implementation.play_line(case.position, case.holes), name)
    except ValueError as error:
        for k in range(1, len(case.holes)):
            try:
                got = implementation.play_line(case.position, case.holes[:k])
            except ValueError:
                break
            differs = difference(case, expected[:k], got, name)
            if differs:
                return differs
        return f"{case.name}: {name} refused the line: {error}"


@functools.lru_cache(maxsize=1)
def engine_reports() -> dict[Case, list[Played]]:
    """The engine's reports of every case, computed once."""
    return {case: Engine().play_line(case.position, case.holes) for case in all_cases()}


def disagreements(
    implementation: Implementation, cases=None, first_only: bool = False
) -> list[str]:
    """Where ``implementation`` disagrees with the engine on ``cases`` (default: all)."""
    expected = engine_reports()
    found = []
    for case in all_cases() if cases is None else cases:
        want = expected.get(case) or Engine().play_line(case.position, case.holes)
        differs = compare(case, want, implementation)
        if differs:
            found.append(differs)
            if first_only:
                break
    return found
