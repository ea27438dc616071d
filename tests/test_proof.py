"""The sound proof search (hoyito_edu.compiled.proof), its readable check
(hoyito_edu.analysis.readable) and the exact values driver (hoyito_edu.analysis.solve)."""

from __future__ import annotations

import csv
import json
import random

import pytest

import hoyito_edu as hy
from hoyito_edu.analysis import readable, solve
from hoyito_edu.compiled.proof import Prover

pytestmark = pytest.mark.skipif(not hy.compiled.search.supports(hy.new_game("hoyito-i")),
                                reason="numba is not installed")


def small_positions(count: int, seed: int, seeds: tuple[int, int]) -> list[hy.Position]:
    """``count`` random 2x6 positions with few seeds, any rule set, either side to move."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        variant = rng.choice(solve.VARIANTS)
        board = [0] * 12
        for _ in range(rng.randint(*seeds)):
            board[rng.randrange(12)] += 1
        if sum(board[:6]) == 0 or sum(board[6:]) == 0:
            continue
        taken = 48 - sum(board)
        south = 4 * rng.randint(0, taken // 4)
        found.append(hy.new_game(variant, board=board, player=rng.randint(0, 1),
                                 captures=(south, taken - south)))
    return found


def answers(position: hy.Position, prover: int, search) -> dict[int, int]:
    """{target: result} for every target a final margin can take."""
    return {target: search(position, prover, target) for target in range(-48, 49, 2)}


def compiled(sound: bool, slots: int = 1 << 16):
    searcher = Prover(slots=slots, sound=sound)
    return lambda position, prover, target: searcher.prove(position, prover, target,
                                                           20_000).result


def python_check(position, prover, target):
    return readable.check(position, prover=prover, target=target, max_nodes=20_000).result


def test_compiled_and_readable_sound_searches_agree_on_small_positions():
    """Both programs answer every target of 30 small positions (2 to 4 seeds: no capture or
    few, so the repetition rule ends most lines) alike wherever both know the answer, and
    they know it for nearly every target."""
    sound = compiled(True)
    known = 0
    for position in small_positions(30, seed=38, seeds=(2, 4)):
        prover = random.Random(str(position.board)).randint(0, 1)
        got, want = answers(position, prover, sound), answers(position, prover, python_check)
        both = [t for t in got if got[t] and want[t]]
        assert [got[t] for t in both] == [want[t] for t in both], (
            position.rules.name, position.board, position.player, prover)
        known += len(both)
    assert known >= 0.9 * 30 * 49


def test_the_answers_are_a_value_a_proven_move_keeps():
    """The proven targets are exactly those up to one value, and the oracle's move keeps the
    largest of them proven after it is played (checked by the readable search)."""
    sound = compiled(True)
    for position in small_positions(10, seed=7, seeds=(2, 4)):
        prover = position.player
        found = answers(position, prover, sound)
        value = max(t for t, r in found.items() if r == 1)
        assert all(r == (1 if t <= value else -1) for t, r in found.items())
        move = solve.proven_move(position, prover=prover, target=value)
        after = position.play(move)
        assert python_check(after, prover, value) == 1
        assert python_check(position, prover, value + 2) == -1


def test_history_is_part_of_the_question():
    """A position met once before since the last capture is not the same question as the
    same position met for the first time: the explicit history counts (R4.3)."""
    start = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1],
                        captures=(20, 24))
    line = [start]
    for _ in range(8):  # play on, the first legal move each time
        if line[-1].outcome is not None:
            break
        line.append(line[-1].play(line[-1].legal_moves()[0]))
    for i, position in enumerate(line):
        carried = solve.prove(position, prover=0, target=-4, max_nodes=100_000)
        given = solve.prove(hy.new_game("hoyito-i", board=list(position.board),
                                        player=position.player, captures=position.captures),
                            prover=0, target=-4, history=line[: i + 1], max_nodes=100_000)
        assert carried.proven == given.proven == (
            readable.check(position, prover=0, target=-4, max_nodes=100_000).result == 1)


def test_bisection_settles_a_value_from_its_tests():
    """next_target and bounds find the value of a hidden margin in a few tests."""
    for margin in range(-48, 49, 2):
        tests: dict[int, int] = {}
        for _ in range(10):
            target = solve.next_target(*solve.bounds(tests, 48), hint=-8)
            if target is None:
                break
            tests[target] = 1 if margin >= target else -1
        assert solve.bounds(tests, 48) == (margin, margin)


def test_solve_runs_on_a_dask_cluster_and_resumes(tmp_path, dask_client):
    """A tiny solve on a real LocalCluster (two worker processes) settles Ba-awa's start,
    writes its row and its state, and a second run reads the state and does no test again."""
    state, out = tmp_path / "state.json", tmp_path / "solved.csv"
    todo = solve.items(["ba-awa"], openings=False)
    solve.solve(todo, dask_client.get_executor(), 16_000_000, state, out, log=lambda _: None)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert rows[0]["status"] == "exact" and rows[0]["value"] == "8"
    saved = json.loads(state.read_text(encoding="utf-8"))
    again = solve.load_state(state, solve.items(["ba-awa"], openings=False))
    assert again[0].tests == {int(t): a for t, a in saved["ba-awa/start"].items()}
    assert again[0].next_test(16_000_000) is None
