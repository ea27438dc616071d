"""Golden data: both copies of the rules reproduce the counts and games stored once.

``tests/data/golden.json`` (written by ``scripts/golden.py``, which says what it holds) keeps,
for every rule set on 2x6 and Hoyito on 2x9, the number of move sequences and distinct boards
at each depth from the opening, and 20 seeded random games to their end. The conformance
harness checks that the engine and the kernel agree with each other; these tests check that
they agree with figures that do not depend on either, so a mistake they share is caught
(two are planted below). The quick tier checks the small depths and every game; the slow tier
the engine at every stored depth and the kernel one depth short of it
(``python scripts/golden.py --check`` runs the kernel to the last depth too, in minutes).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import golden
import pytest

import hoyito_edu as hy
from hoyito_edu.engine import sowing

DATA = json.loads((Path(__file__).parent / "data" / "golden.json").read_text())
RUNS = {(run["variant"], run["holes_per_row"]): run for run in DATA["runs"]}
IDS = [f"{variant}-2x{n}" for variant, n in RUNS]


def stored_counts(run: dict, depth: int) -> list[tuple[int, int]]:
    return [(c["positions"], c["distinct"]) for c in run["counts"][:depth]]


def start(run: dict) -> hy.Position:
    return golden.opening(run["variant"], run["holes_per_row"])


def small(run: dict, on_2x6: int, larger: int) -> int:
    return on_2x6 if run["holes_per_row"] == 6 else larger


def test_the_golden_data_covers_every_rule_set_on_two_board_sizes():
    assert {variant for variant, _ in RUNS} == set(hy.VARIANTS)
    for variant in hy.VARIANTS:
        sizes = {n for v, n in RUNS if v == variant}
        rules = hy.VARIANTS[variant]
        assert 6 in sizes and (len(sizes) >= 2 or rules.max_holes_per_row == 6), variant
    assert [(v, n, len(run["counts"])) for (v, n), run in RUNS.items()] == list(golden.RUNS)
    assert all(len(run["games"]) == DATA["games_per_run"] == 20 for run in RUNS.values())
    ends = {game["end"] for run in RUNS.values() for game in run["games"]}
    assert {"final-four", "eight-or-fewer"} <= ends


# -- the quick tier: small depths, every game ---------------------------------------------------
@pytest.mark.parametrize("run", RUNS.values(), ids=IDS)
def test_the_engine_counts_the_golden_positions(run):
    depth = small(run, 5, 3)
    assert golden.engine_counts(start(run), depth) == stored_counts(run, depth)


@pytest.mark.parametrize("run", RUNS.values(), ids=IDS)
def test_the_kernel_counts_the_golden_positions(run):
    depth = small(run, 3, 2)
    assert golden.kernel_counts(start(run), depth) == stored_counts(run, depth)


@pytest.mark.parametrize("run", RUNS.values(), ids=IDS)
def test_the_engine_plays_the_golden_games(run):
    for game in run["games"]:
        assert golden.engine_game(start(run), game["seed"]) == game, f"seed {game['seed']}"


@pytest.mark.parametrize("run", RUNS.values(), ids=IDS)
def test_the_kernel_ends_the_golden_games_as_stored(run):
    for game in run["games"]:
        assert golden.kernel_replay(start(run), game) == game, f"seed {game['seed']}"


# -- the slow tier: the stored depths -----------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("run", RUNS.values(), ids=IDS)
def test_the_engine_counts_the_golden_positions_at_every_stored_depth(run):
    depth = len(run["counts"])
    assert golden.engine_counts(start(run), depth) == stored_counts(run, depth)


@pytest.mark.slow
@pytest.mark.parametrize("run", RUNS.values(), ids=IDS)
def test_the_kernel_counts_the_golden_positions_one_depth_short_of_the_last(run):
    depth = len(run["counts"]) - 1
    assert golden.kernel_counts(start(run), depth) == stored_counts(run, depth)


# -- planted mistakes: shared by both copies, or in the engine alone --------------------------
def test_a_mistake_shared_by_the_engine_and_the_kernel_is_caught(monkeypatch):
    """Hoyito II without its chain, in the rules table both copies read: the two agree with
    each other (the conformance harness could not tell), and both miss the golden counts."""
    run = RUNS[("hoyito-ii", 6)]
    wrong = dataclasses.replace(hy.VARIANTS["hoyito-ii"], chain=False)
    monkeypatch.setitem(hy.VARIANTS, "hoyito-ii", wrong)
    assert start(run).rules.chain is False
    by_engine = golden.engine_counts(start(run), 4)
    assert golden.kernel_counts(start(run), 4) == by_engine
    assert by_engine != stored_counts(run, 4)
    monkeypatch.undo()
    assert golden.engine_counts(start(run), 4) == stored_counts(run, 4)


def test_a_mistake_in_an_engine_rule_function_is_caught(monkeypatch):
    """The last four seeds given to the capturer's opponent (R4.1 says the capturer): every
    Hoyito game ends that way, and the golden games' scores catch it."""
    run = RUNS[("hoyito-i", 6)]
    game = run["games"][0]
    assert golden.engine_game(start(run), game["seed"]) == game
    monkeypatch.setattr(sowing, "_final_four_taker", lambda position, capturer: 1 - capturer)
    replayed = golden.engine_game(start(run), game["seed"])
    assert replayed["end"] == "final-four" and replayed != game
