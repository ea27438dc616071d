"""The two copies of the rules agree (tests/conformance.py runs the cases).

The compiled kernel must play every case as the engine does; the cases must reach every rule
and rule option; every planted mistake must be caught; random set-ups with random options
(hypothesis) must agree too; and the kernel's entry point refuses what it cannot play with a
clear error.
"""

from __future__ import annotations

import conformance as cf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyito_edu as hy
from hoyito_edu.compiled import kernel

pytestmark = pytest.mark.slow  # plays many positions through both copies of the rules


def test_the_kernel_plays_every_case_as_the_engine():
    found = cf.disagreements(cf.Kernel())
    assert not found, "\n".join(found[:10])


def reached(cases) -> set[str]:
    """What the engine met in ``cases``: end reasons, capture kinds, and rare events by
    rule set."""
    met = set()
    reports = cf.engine_reports()
    for case in cases:
        pos, variant = case.position, case.position.rules.name
        met.add(f"{variant} 2x{pos.holes_per_row}")
        if len(pos.history_since_capture()) > 1:
            met.add("history given")
        for report in reports[case]:
            met.add(f"end {report.end}")
            met.update(f"capture {reason}" for _, _, _, reason in report.capture_list)
            for event in ("passed", "extra_turn", "endless", "lap_limit"):
                if getattr(report, event):
                    met.add(f"{event} {variant}")
    return met


def test_the_cases_reach_every_rule_size_and_ending():
    met = reached(cf.all_cases())
    reasons = {str(reason) for reason in hy.Reason} - {"agreement"}  # agreement is no move
    endings = reasons - {"mid-sow", "last-seed", "chain"}
    assert {f"end {reason}" for reason in endings} <= met, sorted(met)
    kinds = reasons - {"all-captured"}  # a game end, not a capture
    assert {f"capture {reason}" for reason in kinds} <= met, sorted(met)
    for variant, rules in hy.VARIANTS.items():
        sizes = range(rules.min_holes_per_row, rules.max_holes_per_row + 1)
        assert {f"{variant} 2x{n}" for n in sizes} <= met
        assert {f"passed {variant}", f"lap_limit {variant}"} <= met
        assert (f"extra_turn {variant}" in met) == rules.extra_turn
    assert {"endless hoyito-ii", "endless hoyito-iii", "history given"} <= met


def test_every_rule_option_has_cases_at_each_value():
    options = {
        (key, value)
        for case in cf.all_cases()
        for key, value in case.position.rules.options.items()
    }
    for key, values in cf.OPTION_VALUES.items():
        assert {(key, value) for value in values} | {(key, hy.OPTIONS[key])} <= options, key


@pytest.mark.parametrize("mutant", cf.MUTANTS, ids=lambda mutant: mutant.name)
def test_every_planted_mistake_is_caught(mutant):
    found = cf.disagreements(mutant, first_only=True)
    assert found, f"no case tells '{mutant.name}' from the engine"


@st.composite
def set_ups(draw):
    """A random position the kernel plays (no closed hole, holes owned by their row), with
    random rule options. Lap limits up to 1,000: without one, a random board may hold a move
    of billions of laps, which the engine would sow for hours."""
    variant = draw(st.sampled_from(sorted(hy.VARIANTS)))
    rules = hy.VARIANTS[variant]
    n = draw(st.integers(rules.min_holes_per_row, rules.max_holes_per_row))
    board = draw(st.lists(st.integers(0, 6), min_size=2 * n, max_size=2 * n))
    board[draw(st.integers(0, 2 * n - 1))] += draw(st.integers(0, 30))  # a lap may come round
    if sum(board) == 0:
        board[draw(st.integers(0, 2 * n - 1))] = 4
    return hy.new_game(
        variant,
        board=board,
        player=draw(st.integers(0, 1)),
        starter=draw(st.integers(0, 1)),
        captures=(draw(st.integers(0, 12)), draw(st.integers(0, 12))),
        skip_origin=draw(st.booleans()),
        chain_opponent_side_only=rules.chain and draw(st.booleans()),
        max_laps=draw(st.sampled_from([1, 2, 3, 5, 31, 32, 33, 40, 1000])),
        quiet_limit=draw(st.sampled_from([None, 1, 2, 5, 20])),
    )


@settings(max_examples=200, deadline=None)
@given(set_ups(), st.integers(0, 2**32), st.integers(1, 80))
def test_random_set_ups_and_lines_agree(start, seed, plies):
    case = cf.Case("random set-up", start, cf.random_line(start, seed, plies))
    assert cf.compare(case, cf.Engine().play_line(start, case.holes), cf.Kernel()) is None


def test_the_kernel_refuses_what_it_cannot_play_clearly():
    start = hy.new_game("hoyito-i")
    with pytest.raises(ValueError, match="hole 7 is not a legal move at move 1"):
        kernel.play_line(start, [7])
    with pytest.raises(ValueError, match="hole 0 is not a legal move at move 2"):
        kernel.play_line(start, [0, 0])
    closed = hy.new_game("hoyito-i", board=[4, 4, 4, 4, 4, 0] + [4] * 6, closed={5})
    assert not kernel.plays(closed)
    with pytest.raises(ValueError, match="closed holes.*engine"):
        kernel.play_line(closed, [0])
    over = start.end_by_agreement()
    with pytest.raises(ValueError, match="already over"):
        kernel.play_line(over, [0])
    setup, hole = cf.LONG_MOVES[1][1], cf.LONG_MOVES[1][2]
    endless = hy.new_game("hoyito-ii", max_laps=None, **setup)
    with pytest.raises(ValueError, match="more than .* laps.*max_laps"):
        kernel.play_line(endless, [hole])


def test_a_line_stops_when_the_game_ends():
    # North's last seed makes South's hole 0 a casa and takes every seed left (R4.1)
    pos = hy.new_game("hoyito-i", board=[3] + [0] * 10 + [1], player=1, captures=(20, 24))
    (only,) = kernel.play_line(pos, [11, 0, 0])
    assert only.end == "all-captured" and only.player is None and only.captures == (20, 28)
