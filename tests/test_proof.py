"""The sound proof search (hoyito_edu.compiled.proof), its readable check
(hoyito_edu.analysis.readable) and the exact values driver (hoyito_edu.analysis.solve)."""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

import hoyito_edu as hy
from hoyito_edu.__main__ import main
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


def compiled(mode: str, slots: int = 1 << 16, budget: int = 20_000):
    searcher = Prover(slots=slots, mode=mode)
    return lambda position, prover, target: searcher.prove(position, prover, target,
                                                           budget).result


def python_check(mode: str, budget: int = 3_000):
    return lambda position, prover, target: readable.check(
        position, prover=prover, target=target, max_nodes=budget, mode=mode).result


@pytest.mark.parametrize("mode", ["pessimistic", pytest.param("history", marks=pytest.mark.slow)])
def test_compiled_and_readable_sound_searches_agree_on_small_positions(mode):
    """Both programs answer every target of 10 small positions (2 or 3 seeds: no capture, so
    only the repetition rule or an endless move ends a line) alike wherever both know the
    answer, and they know it for nearly every target."""
    known = 0
    for position in small_positions(10, seed=38, seeds=(2, 3)):
        prover = random.Random(str(position.board)).randint(0, 1)
        got = answers(position, prover, compiled(mode))
        want = answers(position, prover, python_check(mode))
        both = [t for t in got if got[t] and want[t]]
        assert [got[t] for t in both] == [want[t] for t in both], (
            position.rules.name, position.board, position.player, prover)
        known += len(both)
    assert known >= 0.9 * 10 * 49


def test_a_pessimistic_answer_is_the_exact_answer():
    """Where the default (pessimistic) search proves or refutes, the exact search under R4.3
    (history in the key) says the same: the pessimism only ever leaves a question open."""
    pessimistic, exact = compiled("pessimistic"), compiled("history")
    for position in small_positions(10, seed=5, seeds=(2, 4)):
        for prover in (0, 1):
            for target, result in answers(position, prover, pessimistic).items():
                if result in (1, -1):
                    assert exact(position, prover, target) in (result, 0), (
                        position.board, position.player, prover, target)


def test_the_oracle_move_keeps_the_proof():
    """proven_move gives, at the best target the default search proves, a legal move after
    which the readable check (both modes) still proves it; one target more is not proven."""
    pessimistic, checked = compiled("pessimistic"), 0
    for position in small_positions(8, seed=7, seeds=(2, 4)):
        prover = position.player
        proven = [t for t, r in answers(position, prover, pessimistic).items() if r == 1]
        value = max(proven)
        move = solve.proven_move(position, prover=prover, target=value, max_nodes=20_000)
        assert move in position.legal_moves()
        after = position.play(move)
        for mode in readable.MODES:
            assert python_check(mode)(after, prover, value) == 1
        assert solve.prove(position, prover=prover, target=value + 2,
                           max_nodes=20_000).proven is not True
        checked += 1
    assert checked == 8


def test_history_is_part_of_the_question():
    """The history a position carries and the same history given as a list (the certificate
    builder's way) give the readable check's answer at every position of a line."""
    start = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0],
                        captures=(20, 25))
    line = [start]
    for _ in range(8):  # play on, the first legal move each time
        if line[-1].outcome is not None:
            break
        line.append(line[-1].play(line[-1].legal_moves()[0]))
    for i, position in enumerate(line):
        carried = solve.prove(position, prover=0, target=-4, max_nodes=20_000)
        given = solve.prove(hy.new_game("hoyito-i", board=list(position.board),
                                        player=position.player, captures=position.captures),
                            prover=0, target=-4, history=line[: i + 1], max_nodes=20_000)
        checked = readable.check(position, prover=0, target=-4, max_nodes=3_000).result
        assert carried.proven is given.proven is {1: True, -1: False}.get(checked)


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


@pytest.mark.slow
def test_solve_runs_on_a_dask_cluster_and_resumes(tmp_path, dask_client, capsys):
    """python -m hoyito_edu solve --scheduler on a real LocalCluster (two worker processes)
    settles Ba-awa's start, writes its row and its state, and a second run reads the state
    and does no test again (``--again``: its certificates are not taken as answers)."""
    out = tmp_path / "solved.csv"
    argv = ["solve", "--scheduler", dask_client.scheduler.address, "--variants", "ba-awa",
            "--no-openings", "--again", "--max-nodes", "16000000", "--out", str(out),
            "--table-mb", "20"]
    assert main(argv) == 0
    rows = {(r["variant"], r["position"]): r for r in csv.DictReader(out.open(encoding="utf-8"))}
    start = rows["ba-awa", "start"]  # the table holds every rule set; this run asked Ba-awa's
    assert start["status"] == "exact" and start["value"] == "8"
    state = json.loads(out.with_suffix(".state.json").read_text(encoding="utf-8"))
    assert set(state["ba-awa/start"]) == {"8", "10"}
    capsys.readouterr()
    assert main(argv) == 0
    assert " test ba-awa" not in capsys.readouterr().out  # nothing asked again


def test_solve_refuses_bad_options_in_a_sentence(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["solve", "--jobs", "0"])
    assert stop.value.code == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["solve", "--table-mb", "0"])
    assert "--table-mb must be a whole number of MB" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["solve", "--max-history-nodes", "-1"])
    assert "--max-history-nodes must be 0 (never) or more" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("variant, value", [("hoyito-i", -8), ("ba-awa", 8)])
def test_the_sound_search_reproduces_the_exact_values(variant, value):
    """North wins Hoyito I by exactly 8 and South wins Ba-awa by exactly 8: each end proved by
    the sound search (about a million nodes each)."""
    start = hy.new_game(variant)
    assert solve.decide(start, value, 4_000_000)[0] == 1
    assert solve.decide(start, value + 2, 4_000_000)[0] == -1


def test_the_table_takes_what_the_certificates_and_the_start_prove(tmp_path):
    """A reader of data/solved.csv never sees a range wider than what data/proofs/ certifies
    for the same position, nor an opening said to be worth more than the start."""
    done = solve.items()  # no test asked yet: only the certificates and the start speak
    table = tmp_path / "solved.csv"
    solve.write_table(table, done)
    rows = {(r["variant"], r["position"], r["hole"]): r for r in csv.DictReader(table.open())}
    assert (rows["hoyito-ii", "start", ""]["low"], rows["hoyito-ii", "start", ""]["high"]) == (
        "-32", "-24")
    assert "certified [-32, -24]" in rows["hoyito-ii", "start", ""]["method"]
    assert rows["hoyito-i", "start", ""]["status"] == "exact"
    assert rows["hoyito-i", "start", ""]["value"] == "-8"
    assert "certified [-8, -8]" in rows["hoyito-i", "start", ""]["method"]
    for hole in range(6):  # no opening is worth more than the start's -8
        assert int(rows["hoyito-i", "opening", str(hole)]["high"]) <= -8
    # an opening's row names its own certificates and North's from the start (which answers
    # every South opening), from the certificates alone: no state file needed
    opening = rows["hoyito-i", "opening", "1"]
    assert (opening["low"], opening["high"]) == ("-16", "-8")
    assert ("certified [-16, -8] by data/proofs/ hoyito-i-opening-1-south-minus-16, "
            "hoyito-i-start-north-8") in opening["method"]
    assert rows["ba-awa", "opening", "5"]["value"] == "-8"
    assert rows["hoyito-ii", "opening", "2"]["method"].endswith(
        "certified [-48, -48] by data/proofs/ hoyito-ii-opening-2-north-48 (the low end, every "
        "seed to North, needs no proof)")
    assert solve.Item("hoyito-i", None).next_test(10**9) is None  # nothing left to ask


def test_solve_with_nothing_to_ask_rewrites_the_table_from_its_state(tmp_path, capsys):
    """A run whose every test is answered (or over budget) asks nothing and still writes the
    table from the state file and the certificates, so a new certificate reaches the table
    without a search."""
    out, state = tmp_path / "solved.csv", tmp_path / "solved.state.json"
    state.write_text(json.dumps({"ba-awa/start": {"8": [1, 1000, 0.1, 1_000_000],
                                                  "10": [-1, 1000, 0.1, 1_000_000]},
                                 "hoyito-ii/start": {"-24": [0, 128_000_002, 9.9, 64_000_000]}}),
                     encoding="utf-8")
    assert main(["solve", "--variants", "ba-awa", "hoyito-ii", "--no-openings", "--max-nodes",
                 "1000000", "--out", str(out), "--jobs", "1"]) == 0
    assert " test " not in capsys.readouterr().out  # nothing asked
    rows = {r["variant"]: r for r in csv.DictReader(out.open(encoding="utf-8"))
            if r["position"] == "start"}
    assert (rows["ba-awa"]["status"], rows["ba-awa"]["value"]) == ("exact", "8")
    assert (rows["hoyito-ii"]["low"], rows["hoyito-ii"]["high"]) == ("-32", "-24")
    assert rows["hoyito-ii"]["tests"] == "-24:open@64000000"


# -- open answers: the budget's, or a finished search's (issue 38) ------------------------------
#: Hoyito II, one seed a side, South to move, 14 behind: South wins both seeds (M >= -12) only
#: through the repetition rule, which the pessimistic search never counts on.
LOOPING = {"board": [0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "player": 0, "captures": (16, 30)}


def looping() -> hy.Position:
    return hy.new_game("hoyito-ii", **LOOPING)


def test_an_open_answer_says_whether_more_nodes_could_settle_it():
    """The pessimistic search leaves M >= -12 open in both kinds: out of budget at 1,000 nodes,
    and finished (every iteration open) inside 200,000, where twice the budget repeats it node
    for node; solve records the second kind and the exact history search proves the claim."""
    short = Prover(1 << 16).prove(looping(), 0, -12, 1_000)
    assert (short.result, short.exhausted, short.limit) == (0, True, "budget")
    finished = Prover(1 << 16).prove(looping(), 0, -12, 200_000)
    assert not finished.exhausted and finished.limit in ("repetition", "depth")
    again = Prover(1 << 16).prove(looping(), 0, -12, 400_000)
    assert (again.nodes, again.limit) == (finished.nodes, finished.limit)
    assert solve.decide(looping(), -12, 1_000, slots=1 << 16)[4] == "budget"
    settled = solve.decide(looping(), -12, 200_000, slots=1 << 16)
    assert settled[0] == 0 and settled[4] in ("repetition", "depth")
    assert solve.decide(looping(), -12, 200_000, slots=1 << 16, mode="history")[0::4] == [1, ""]


def south_keeps(position: hy.Position, target: int, choose, seen: dict) -> bool:
    """Does South's final margin reach ``target`` from ``position`` when South plays the move
    ``choose(position)`` gives and North every legal move, each played by the engine (which ends a
    game at a third occurrence, R4.3)? A line stops early only when the seeds left cannot
    change the answer. Remembered by the position and the multiset of positions since the
    last capture, on which alone the rest of the game depends (no quiet limit here)."""
    lead = position.score[0] - position.score[1]
    if position.outcome is not None:
        return lead >= target
    if lead - position.seeds_on_board >= target or lead + position.seeds_on_board < target:
        return lead - position.seeds_on_board >= target
    key = (position, frozenset(Counter(position.history_since_capture()).items()))
    if key not in seen:
        if position.player == 0:
            move = choose(position)
            seen[key] = move >= 0 and south_keeps(position.play(move), target, choose, seen)
        else:
            seen[key] = all(south_keeps(position.play(hole), target, choose, seen)
                            for hole in position.legal_moves())
    return seen[key]


def test_the_history_search_proof_holds_against_every_reply_through_the_engine():
    """Where the pessimistic search stays open, the history search's proof is a strategy that
    holds when every North reply is played through the engine, repetition endings included
    (an independent check: the engine's own R4.3, no search table trusted); South's other
    ways to play do not all hold, so the check can fail."""
    exact = Prover(1 << 16, "history")
    assert south_keeps(looping(), -12, lambda p: exact.prove(p, 0, -12, 1_000_000).best, {})
    assert not all(south_keeps(looping(), -12, choose, {})
                   for choose in (lambda p: min(p.legal_moves()),
                                  lambda p: max(p.legal_moves())))


@pytest.mark.slow
def test_the_history_search_agrees_with_the_readable_check_where_pessimism_stays_open():
    """The readable check (plain Python over the engine, which applies R4.3 itself) in the
    exact mode proves the same claim the compiled history search proves above."""
    checked = readable.check(looping(), prover=0, target=-12, max_nodes=100_000, mode="history")
    assert checked.result == 1
    assert readable.check(looping(), prover=0, target=-12, max_nodes=100_000).result != 1


def test_solve_gives_a_finished_open_test_to_the_history_search_not_more_nodes(tmp_path):
    """An open test whose searches finished inside the budget (Hoyito I after hole 1,
    M >= -10: 104 million nodes of 256 million a side, an older state file's answer without a
    reason) is never asked again with more nodes: the history search gets the target, from
    the first budget up to its cap; then another target of the range is tried. A test the
    budget left open still gets four times the budget, and the state keeps both searches'
    answers apart, so an old reader sees only its own kind."""
    state = tmp_path / "solved.state.json"
    state.write_text(json.dumps({
        "hoyito-i/opening-1": {"-22": [1, 778, 0.0, 1_000_000],
                               "-10": [0, 104_122_539, 2007.86, 256_000_000],
                               "2": [-1, 1_000_866, 42.4, 1_000_000]},
        "hoyito-ii/opening-0": {"-34": [1, 9_000_000, 9.0, 16_000_000],
                                "-28": [0, 128_000_002, 99.0, 64_000_000],
                                "-22": [-1, 9_000_000, 9.0, 64_000_000]}}), encoding="utf-8")
    first, second = solve.load_state(state, [solve.Item("hoyito-i", 1, skip_certified=False),
                                             solve.Item("hoyito-ii", 0, skip_certified=False)])
    assert solve.why_open(first.tests[-10]) == "finished"
    assert first.next_test(10**10) == (-10, 1_000_000, "history")
    assert second.next_test(10**10) == (-28, 256_000_000, "pessimistic")
    first.exact[-10] = [0, 128_000_002, 900.0, 64_000_000, "budget"]
    assert first.next_test(10**10, max_history=256_000_000) == (-10, 256_000_000, "history")
    target, budget, mode = first.next_test(10**10, max_history=64_000_000)
    assert (budget, mode) == (1_000_000, "pessimistic") and -22 < target < -10
    solve.save_state(state, [first, second])
    saved = json.loads(state.read_text(encoding="utf-8"))
    assert set(saved["hoyito-i/opening-1"]) == {"-22", "-10", "2"}
    assert saved["hoyito-i/opening-1/history"] == {"-10": first.exact[-10]}
    again = solve.load_state(state, [solve.Item("hoyito-i", 1)])[0]
    assert (again.tests, again.exact) == (first.tests, first.exact)
    assert solve.column_of_tests(again) == ("-22:proven@1000000;-10:open-finished@256000000;"
                                            "-10:history-open@64000000;2:refuted@1000000")


def test_a_run_of_some_rule_sets_keeps_the_others_answers_and_rows(tmp_path):
    """``solve --variants hoyito-ii hoyito-iii`` once wrote a state file and a table of those
    two rule sets alone, and the other rule sets' answers and rows were lost (a run of
    7 December 2026 did so): both now keep what they hold of the rest."""
    state = tmp_path / "solved.state.json"
    state.write_text(json.dumps({
        "hoyito-i/opening-1": {"-22": [1, 778, 0.0, 1_000_000]},
        "hoyito-i/opening-1/history": {"-10": [0, 9, 1.0, 1_000_000, "budget"]},
        "ba-awa/start": {"8": [1, 61_409, 3.68, 1_000_000]}}), encoding="utf-8")
    todo = solve.load_state(state, solve.items(["hoyito-ii"], openings=False))
    todo[0].tests[-24] = [0, 9, 1.0, 1_000_000, "budget"]
    solve.save_state(state, todo)
    saved = json.loads(state.read_text(encoding="utf-8"))
    assert saved["hoyito-i/opening-1"] == {"-22": [1, 778, 0.0, 1_000_000]}
    assert saved["hoyito-i/opening-1/history"] == {"-10": [0, 9, 1.0, 1_000_000, "budget"]}
    assert saved["ba-awa/start"] == {"8": [1, 61_409, 3.68, 1_000_000]}
    assert saved["hoyito-ii/start"] == {"-24": [0, 9, 1.0, 1_000_000, "budget"]}
    table = tmp_path / "solved.csv"
    with ThreadPoolExecutor(1) as executor:  # no test is asked: none fits in one node
        solve.solve(todo, executor, max_nodes=1, state=state, out=table, log=lambda _: None)
    rows = {(r["variant"], r["hole"]): r for r in csv.DictReader(table.open(encoding="utf-8"))}
    assert len(rows) == 4 * 7  # every rule set's start and its six openings
    assert rows["hoyito-i", "1"]["tests"].startswith("-22:proven@1000000")
    assert rows["ba-awa", ""]["tests"] == "8:proven@1000000"
    assert rows["hoyito-ii", ""]["tests"] == "-24:open@1000000"
    # what the trend says: an open row names its next test, an exact row nothing
    assert rows["hoyito-i", ""]["status"] == "exact" and rows["hoyito-i", ""]["next"] == ""
    assert rows["hoyito-ii", ""]["next"].startswith("M >= -")
    assert " nodes a side" in rows["hoyito-ii", ""]["next"]


@pytest.mark.slow
def test_the_table_row_counts_the_history_search():
    """The row's nodes and method include the exact search's tests (the certificates of
    data/proofs/ are read for the row: a few seconds)."""
    item = solve.Item("hoyito-i", 1, {-22: [1, 778, 0.0, 1_000_000],
                                      -10: [0, 104_122_539, 2007.86, 256_000_000]},
                      exact={-10: [0, 128_000_002, 900.0, 64_000_000, "budget"]})
    row = solve.row(item, [item])
    assert row["nodes"] == 778 + 104_122_539 + 128_000_002
    assert "exact search" in row["method"]
    assert row["tests"] == solve.column_of_tests(item)


def test_a_settled_history_answer_moves_the_bounds():
    """A target the history search settles counts like any other answer."""
    item = solve.Item("hoyito-i", 1, {-22: [1, 778, 0.0, 1_000_000],
                                      -10: [0, 9, 0.1, 1_000_000, "depth"]})
    item.exact[-10] = [-1, 5_000, 0.5, 1_000_000, ""]
    assert solve.bounds(item.known(), 48) == (-22, -12)
