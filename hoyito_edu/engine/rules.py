"""The four rule sets as data: Hoyito I, II, III and Ba-awa.

Every difference between the games is a field of :class:`Rules`; the sowing code in
:mod:`hoyito_edu.engine.sowing` reads these fields and nothing else. The clause numbers (R2.5 ...)
refer
to the project's rules contract, docs/rules.md, summarised with the project's decisions in
docs/rules-in-words.md.

>>> from hoyito_edu import VARIANTS
>>> VARIANTS["hoyito-ii"].chain
True
>>> VARIANTS["ba-awa"].mid_sow_taker
'owner'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .checks import as_whole, shown

MidSowTaker = Literal["mover", "owner", "none"]
EndRule = Literal["last-four", "eight-or-fewer"]

#: The default lap limit of one move (R2.8).
DEFAULT_MAX_LAPS = 1000

#: The quiet limit the notebook board plays with (R4.5): far past the longest capture-free run
#: in games that ended by themselves (at most 31,088 plies in 30,000 random 2x12 games, 798 on
#: 2x6), so it stops only games whose seeds wander; see ``benchmarks/quiet_stretches.py``.
BOARD_QUIET_LIMIT = 50_000


@dataclass(frozen=True)
class Rules:
    """What one rule set decides.

    Attributes:
        name: the key in :data:`VARIANTS` (``"hoyito-i"`` ...).
        title: the game's name for people (``"Hoyito I"``).
        mid_sow_taker: who takes a casa formed by a seed that is not the last in hand (R2.5):
            ``"mover"`` (Hoyito I), ``"owner"`` of the hole (Ba-awa) or ``"none"`` (the four stay,
            Hoyito II and III).
        chain: after a last-seed capture, also take the unbroken run of fours behind it (R2.7,
            Hoyito II only).
        extra_turn: a last-seed capture gives the mover another turn (R3.1, Hoyito II and III).
        end_rule: ``"last-four"`` (Hoyito, R4.1) or ``"eight-or-fewer"`` (Ba-awa, R4.2).
        last_four_to_previous_winner_from_round: in match play, from this round on the last four
            seeds go to the winner of the previous game (Hoyito III: 3, R4.1); ``None`` for never.
        territory: match play moves hole ownership (Ba-awa, R6.5) instead of closing holes.
        min_holes_per_row, max_holes_per_row: the board sizes this game is played on (R1.1).
        skip_origin: option (R2.2) — a lap long enough to come round does not sow into the hole
            it was lifted from. Default ``False``: the origin is sown into.
        chain_opponent_side_only: option (R2.7) — the Hoyito II chain takes fours on the
            opponent's row only, and stops at the first hole of the mover's row.
        max_laps: option (R2.8) — a move that has sown this many laps without ending stops
            before the next lap, and the game ends as after an endless move (each player takes
            the seeds in their own holes). Default 1,000; ``None`` for no limit (exact, but a
            move can then run for billions of laps).
        relay: option (R2.6) — a lap that ends in an occupied hole without a casa is lifted and
            sown on (the default, ``True``); ``False``: the move ends there, one lap a move
            (a throw-away option, the add-a-rule example of ``docs/architecture.md``).
        quiet_limit: option (R4.5) — the game ends by itself, as by agreement, after this many
            plies in a row without a capture. Default ``None``: the recorded rules have no
            such limit.
    """

    name: str
    title: str
    mid_sow_taker: MidSowTaker
    chain: bool
    extra_turn: bool
    end_rule: EndRule
    last_four_to_previous_winner_from_round: int | None
    territory: bool
    min_holes_per_row: int = 6
    max_holes_per_row: int = 12
    skip_origin: bool = False
    chain_opponent_side_only: bool = False
    max_laps: int | None = DEFAULT_MAX_LAPS
    quiet_limit: int | None = None
    relay: bool = True

    def __post_init__(self) -> None:
        for key in ("name", "title"):
            if not isinstance(getattr(self, key), str) or not getattr(self, key):
                raise ValueError(
                    f"{key} must be a non-empty "
                    f"string, not {shown(getattr(self, key))}"
                )
        for key in ("chain", "extra_turn", "territory"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"{key} must be True or False, not {shown(getattr(self, key))}")
        start_round = self.last_four_to_previous_winner_from_round
        if start_round is not None and (as_whole(start_round) is None or start_round < 1):
            raise ValueError(
                "last_four_to_previous_winner_from_round must be None or a round from 1, "
                f"not {shown(start_round)}"
            )
        if self.mid_sow_taker not in ("mover", "owner", "none"):
            raise ValueError(
                f"mid_sow_taker must be 'mover', 'owner' or 'none', not {shown(self.mid_sow_taker)}"
            )
        if self.end_rule not in ("last-four", "eight-or-fewer"):
            raise ValueError(
                f"end_rule must be 'last-four' or 'eight-or-fewer', not {shown(self.end_rule)}"
            )
        if self.chain_opponent_side_only and not self.chain:
            raise ValueError(f"{self.title} has no chain: chain_opponent_side_only cannot be set")
        low, high = as_whole(self.min_holes_per_row), as_whole(self.max_holes_per_row)
        if low is None or high is None or not 1 <= low <= high <= 12:
            raise ValueError(
                "min_holes_per_row and max_holes_per_row must be whole numbers with "
                f"1 <= min <= max <= 12, not {shown(self.min_holes_per_row)} and "
                f"{shown(self.max_holes_per_row)}"
            )
        for key in OPTIONS:
            object.__setattr__(self, key, check_option(key, getattr(self, key)))

    def with_options(self, **options: object) -> Rules:
        """A copy with options changed (see :data:`OPTIONS`).

        >>> VARIANTS["hoyito-i"].with_options(skip_origin=True).skip_origin
        True
        >>> VARIANTS["hoyito-ii"].with_options(max_laps=75, quiet_limit=200)
        <Rules Hoyito II max_laps=75 quiet_limit=200>
        """
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(
                f"unknown option(s) {', '.join(unknown)}; the options are {', '.join(OPTIONS)}"
            )
        checked = {key: check_option(key, value) for key, value in options.items()}
        return replace(self, **checked)

    @property
    def options(self) -> dict[str, bool | int | None]:
        """The options as set in these rules (for saving and display)."""
        return {key: getattr(self, key) for key in OPTIONS}

    def __repr__(self) -> str:
        changed = [
            f"{key}={value!r}" for key, value in self.options.items() if value != OPTIONS[key]
        ]
        return f"<Rules {self.title}{' ' + ' '.join(changed) if changed else ''}>"


#: The largest lap or quiet limit that may be set (None means no limit at all).
MAX_LIMIT = 10**9

#: The rule options and their defaults.
OPTIONS: dict[str, bool | int | None] = {
    "skip_origin": False,
    "chain_opponent_side_only": False,
    "max_laps": DEFAULT_MAX_LAPS,
    "quiet_limit": None,
    "relay": True,
}


def check_option(key: str, value: object) -> bool | int | None:
    """``value`` as a valid setting of option ``key``, or a ValueError saying what is allowed.

    The switches take True or False; ``max_laps`` and ``quiet_limit`` take a whole number from
    1 to :data:`MAX_LIMIT` (numpy integers too, never bools or floats) or None for no limit.
    """
    if isinstance(OPTIONS[key], bool):
        if not isinstance(value, bool):
            raise ValueError(f"option {key} must be True or False, not {shown(value)}")
        return value
    if value is None:
        return None
    number = as_whole(value)
    if number is None or not 1 <= number <= MAX_LIMIT:
        raise ValueError(
            f"option {key} must be a whole number from 1 to {MAX_LIMIT:,}, or None for no "
            f"limit; got {shown(value)}"
        )
    return number

HOYITO_I = Rules(
    name="hoyito-i",
    title="Hoyito I",
    mid_sow_taker="mover",
    chain=False,
    extra_turn=False,
    end_rule="last-four",
    last_four_to_previous_winner_from_round=None,
    territory=False,
)
HOYITO_II = Rules(
    name="hoyito-ii",
    title="Hoyito II",
    mid_sow_taker="none",
    chain=True,
    extra_turn=True,
    end_rule="last-four",
    last_four_to_previous_winner_from_round=None,
    territory=False,
)
HOYITO_III = Rules(
    name="hoyito-iii",
    title="Hoyito III",
    mid_sow_taker="none",
    chain=False,
    extra_turn=True,
    end_rule="last-four",
    last_four_to_previous_winner_from_round=3,
    territory=False,
)
BA_AWA = Rules(
    name="ba-awa",
    title="Ba-awa",
    mid_sow_taker="owner",
    chain=False,
    extra_turn=False,
    end_rule="eight-or-fewer",
    last_four_to_previous_winner_from_round=None,
    territory=True,
    max_holes_per_row=6,
)

#: The four rule sets by name.
VARIANTS: dict[str, Rules] = {r.name: r for r in (HOYITO_I, HOYITO_II, HOYITO_III, BA_AWA)}


def get_rules(variant: str | Rules, **options: object) -> Rules:
    """Look a rule set up by name (or pass a :class:`Rules` through), applying options.

    >>> get_rules("Hoyito-III").title
    'Hoyito III'
    >>> get_rules("oware")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'oware'; the known variants are hoyito-i, hoyito-ii, ...
    """
    if isinstance(variant, Rules):
        rules = variant
    elif variant.__class__ is str and variant in VARIANTS:  # the name as written in VARIANTS
        rules = VARIANTS[variant]
    elif isinstance(variant, str) and variant.strip().lower() in VARIANTS:
        rules = VARIANTS[variant.strip().lower()]
    else:
        raise ValueError(
            f"unknown variant {shown(variant)}; the known variants are {', '.join(VARIANTS)}"
        )
    return rules.with_options(**options) if options else rules
