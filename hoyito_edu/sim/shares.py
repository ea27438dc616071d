"""Are two shares different, or is the gap chance? Compare them by shuffling the labels.

Two groups of decided games (say, games won by two strategies): group A won ``won_a`` of
``decided_a``, group B ``won_b`` of ``decided_b``. If the label "A" or "B" made no difference,
any of the games could as well have carried the other label. So we pool the games, shuffle the
labels many times, split them again into groups of the same sizes, and record the difference
of the two shares each time. Those differences are what chance alone gives; the real
difference is then placed among them (a permutation test, as in Berkeley's *Data 8*).

:func:`compare_shares` returns a :class:`ShareComparison`: the real difference (B minus A),
the shuffled differences, the middle 95 % of them and the share of shuffles at least as far
from 0 as the real difference (the p-value). A fixed ``random_state`` gives the same shuffles.

>>> from hoyito_edu.sim.shares import compare_shares
>>> result = compare_shares(30, 60, 45, 60, random_state=1)
>>> round(result.difference, 2)
0.25
>>> result.p_value < 0.01
True
>>> same = compare_shares(49, 98, 49, 98, random_state=1)
>>> round(float(same.chance_band[1]), 2)
0.14
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..engine.checks import shown
from ..i18n import ngettext

__all__ = ["ShareComparison", "compare_shares", "points", "LEVEL"]

#: The share of shuffled differences inside :attr:`ShareComparison.chance_band`.
LEVEL = 0.95
#: Shuffles are drawn in blocks of this many, to bound the memory a large group needs.
_BLOCK = 1000
# Differences this close count as equal ("at least as far" includes ties despite rounding).
_TIE = 1e-12


@dataclass(frozen=True, eq=False)
class ShareComparison:
    """Two shares of won games and the differences that shuffling the labels gave."""

    won_a: int
    decided_a: int
    won_b: int
    decided_b: int
    #: The difference (share of B minus share of A) after each shuffle of the labels.
    shuffled: np.ndarray
    random_state: int

    @property
    def share_a(self) -> float:
        return self.won_a / self.decided_a

    @property
    def share_b(self) -> float:
        return self.won_b / self.decided_b

    @property
    def difference(self) -> float:
        """The real difference: share of B minus share of A (0.25 is 25 percentage points)."""
        return self.share_b - self.share_a

    @property
    def chance_band(self) -> tuple[float, float]:
        """The middle 95 % of the shuffled differences: what chance alone usually gives."""
        low, high = np.quantile(self.shuffled, [(1 - LEVEL) / 2, (1 + LEVEL) / 2])
        return float(low), float(high)

    @property
    def p_value(self) -> float:
        """The share of shuffles whose difference is at least as far from 0 as the real one."""
        return float((np.abs(self.shuffled) >= abs(self.difference) - _TIE).mean())

    def how_often(self) -> str:
        """How often chance alone gave a difference as large as the real one, in words (in the
        session's language), never "0 %" for a share that the shuffles only bound.

        >>> compare_shares(0, 40, 40, 40, random_state=1, shuffles=500).how_often()
        'in none of the 500 shuffles'
        >>> compare_shares(2, 4, 2, 4, random_state=1, shuffles=500).how_often()
        'in 100 % of the 500 shuffles'
        """
        count = len(self.shuffled)
        if self.p_value == 0:
            return ngettext(
                "in none of the {count:,} shuffle", "in none of the {count:,} shuffles", count
            ).format(count=count)
        return ngettext(
            "in {share} of the {count:,} shuffle",
            "in {share} of the {count:,} shuffles",
            count,
        ).format(share=f"{points(self.p_value)} %", count=count)

    @property
    def clear(self) -> bool:
        """True when chance alone gave a difference this large in fewer than 5 % of shuffles."""
        return self.p_value < 1 - LEVEL


def _count(value: object, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        if isinstance(value, (float, np.floating)) and float(value).is_integer():
            value = int(value)
        else:
            raise ValueError(f"{what} must be a whole number, not {shown(value)}")
    if value < least:
        raise ValueError(f"{what} must be at least {least}, not {value}")
    return int(value)


def compare_shares(
    won_a: int,
    decided_a: int,
    won_b: int,
    decided_b: int,
    *,
    random_state: int,
    shuffles: int = 10_000,
) -> ShareComparison:
    """Compare ``won_a`` of ``decided_a`` with ``won_b`` of ``decided_b`` by shuffling labels.

    ``random_state`` (required, so the result can be repeated) starts the computer's shuffles;
    ``shuffles`` is how many times the labels are shuffled.

    >>> result = compare_shares(1, 4, 4, 5, random_state=7, shuffles=2000)
    >>> result.share_a, result.share_b
    (0.25, 0.8)
    >>> len(result.shuffled)
    2000
    >>> compare_shares(5, 4, 1, 2, random_state=1)
    Traceback (most recent call last):
      ...
    ValueError: won_a must be between 0 and decided_a (4), not 5
    """
    decided_a = _count(decided_a, "decided_a", 1)
    decided_b = _count(decided_b, "decided_b", 1)
    won_a = _count(won_a, "won_a")
    won_b = _count(won_b, "won_b")
    if won_a > decided_a:
        raise ValueError(f"won_a must be between 0 and decided_a ({decided_a}), not {won_a}")
    if won_b > decided_b:
        raise ValueError(f"won_b must be between 0 and decided_b ({decided_b}), not {won_b}")
    shuffles = _count(shuffles, "shuffles", 1)
    random_state = _count(random_state, "random_state")
    # The pooled games: 1 for a won game, 0 for a lost one, labels forgotten.
    pooled = np.zeros(decided_a + decided_b, dtype=np.int8)
    pooled[: won_a + won_b] = 1
    rng = np.random.default_rng(random_state)
    differences = []
    for start in range(0, shuffles, _BLOCK):
        rows = min(_BLOCK, shuffles - start)
        shuffled = rng.permuted(np.tile(pooled, (rows, 1)), axis=1)
        new_a = shuffled[:, :decided_a].sum(axis=1)  # the first decided_a games get label A
        new_b = won_a + won_b - new_a
        differences.append(new_b / decided_b - new_a / decided_a)
    return ShareComparison(
        won_a, decided_a, won_b, decided_b, np.concatenate(differences), random_state
    )


def points(share: float) -> str:
    """A share as whole percentage points, never "0" for a share that is not 0.

    >>> points(0.0026), points(0.0), points(0.25)
    ('0.3', '0', '25')
    """
    value = 100 * share
    if value == 0 or abs(value) >= 1 or math.isnan(value):
        return f"{value:.0f}"
    return f"{value:.1f}"
