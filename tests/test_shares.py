"""Comparing two shares by shuffling the labels (hoyito_edu.sim.shares) agrees with the exact
answer: on small groups every way of handing out the labels can be listed, and the share of
them at least as far from 0 as the real difference is the exact permutation p-value."""

from __future__ import annotations

from itertools import combinations
from math import comb

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from hoyito_edu.charts import plots  # noqa: E402
from hoyito_edu.sim.shares import compare_shares, points  # noqa: E402


def exact_p_value(won_a: int, decided_a: int, won_b: int, decided_b: int) -> float:
    """Every way of giving the label A to decided_a of the pooled games, listed one by one."""
    games = [1] * (won_a + won_b) + [0] * (decided_a + decided_b - won_a - won_b)
    real = abs(won_b / decided_b - won_a / decided_a)
    as_far = total = 0
    for group_a in combinations(range(len(games)), decided_a):
        new_a = sum(games[i] for i in group_a)
        new_b = won_a + won_b - new_a
        total += 1
        as_far += abs(new_b / decided_b - new_a / decided_a) >= real - 1e-12
    assert total == comb(len(games), decided_a)
    return as_far / total


@pytest.mark.parametrize("counts", [(1, 4, 4, 5), (2, 6, 5, 6), (3, 7, 3, 5), (0, 3, 3, 3)])
def test_shuffling_agrees_with_the_exact_p_value(counts):
    exact = exact_p_value(*counts)
    shuffles = 40_000
    found = compare_shares(*counts, random_state=11, shuffles=shuffles).p_value
    error = np.sqrt(exact * (1 - exact) / shuffles)
    assert abs(found - exact) <= 4 * error + 1e-9, (found, exact)


def test_the_same_random_state_gives_the_same_shuffles():
    one = compare_shares(20, 50, 30, 50, random_state=5, shuffles=3000)
    two = compare_shares(20, 50, 30, 50, random_state=5, shuffles=3000)
    other = compare_shares(20, 50, 30, 50, random_state=6, shuffles=3000)
    assert np.array_equal(one.shuffled, two.shuffled)
    assert not np.array_equal(one.shuffled, other.shuffled)


def test_shuffles_keep_the_pooled_wins_and_the_group_sizes():
    result = compare_shares(7, 10, 2, 15, random_state=3, shuffles=2500)
    new_a = 10 * (9 / 15 - result.shuffled) / (1 + 10 / 15)  # from d = (9 - a)/15 - a/10
    assert np.allclose(new_a, np.round(new_a))
    assert new_a.min() >= 0 and new_a.max() <= 9


def test_the_chance_band_at_fifty_percent_matches_the_normal_approximation():
    """98 decided games at 50 % in each group: chance alone reaches about 1.96 standard errors."""
    result = compare_shares(49, 98, 49, 98, random_state=2, shuffles=20_000)
    expected = 1.96 * np.sqrt(0.25 / 98 + 0.25 / 98)
    assert result.chance_band[1] == pytest.approx(expected, abs=0.011)
    assert result.chance_band[0] == pytest.approx(-expected, abs=0.011)
    assert not result.clear and result.difference == 0


def test_a_large_gap_is_clear_and_equal_shares_are_not():
    assert compare_shares(20, 80, 50, 80, random_state=1).clear
    assert compare_shares(40, 80, 40, 80, random_state=1).p_value == 1.0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((5, 4, 1, 2), "won_a must be between 0 and decided_a (4)"),
        ((1, 4, 3, 2), "won_b must be between 0 and decided_b (2)"),
        ((1, 0, 1, 2), "decided_a must be at least 1"),
        ((1.5, 4, 1, 2), "won_a must be a whole number"),
        (("3", 4, 1, 2), "won_a must be a whole number"),
    ],
)
def test_bad_counts_get_a_sentence(args, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        compare_shares(*args, random_state=1)


def test_the_random_state_is_required():
    with pytest.raises(TypeError):
        compare_shares(1, 2, 1, 2)  # type: ignore[call-arg]


def test_points_never_prints_zero_for_a_share_above_zero():
    assert points(0.0026) == "0.3"
    assert points(0.0) == "0"
    assert points(0.1949) == "19"


def test_the_chart_draws_the_shuffles_the_band_and_the_real_difference():
    result = compare_shares(30, 60, 45, 60, random_state=1, shuffles=2000)
    ax = plots.shuffled_differences(result, names=("first hole", "look_ahead"))
    heights = sum(bar.get_height() for bar in ax.containers[0])
    assert heights == 2000
    line = [line for line in ax.get_lines() if line.get_xdata()[0] != 0][0]
    assert line.get_xdata()[0] == pytest.approx(25)
    assert "look_ahead minus first hole" in ax.get_xlabel()
    spanish = plots.shuffled_differences(result, names=("A", "B"), lang="es")
    assert "shuffle" not in spanish.get_title().lower()
    plt.close("all")


def test_the_chart_refuses_what_is_not_a_comparison():
    with pytest.raises(ValueError, match="compare_shares"):
        plots.shuffled_differences((0.1, 0.2))
