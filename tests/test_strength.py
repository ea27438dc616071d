"""The match runner's statistics (against hand-computed values and a simulation with a known
Elo) and its resumable runs (hoyito_edu.sim.strength, issue 28)."""

from __future__ import annotations

import csv
import math
import random

import pytest

from hoyito_edu.sim import strength as st


# -- statistics against values worked out by hand ------------------------------------------------
def test_pentanomial_counts_and_bad_scores():
    assert st.pentanomial([0, 0.5, 1, 1, 1.5, 2, 2, 2]) == [1, 1, 2, 1, 3]
    with pytest.raises(ValueError, match="0, 0.5, 1, 1.5 or 2"):
        st.pentanomial([0.25])
    with pytest.raises(ValueError, match="five whole numbers"):
        st.elo_interval([1, 2, 3])


def test_elo_and_interval_by_hand():
    # 3 pairs: scores per game 1/4, 1/2, 1: mean 7/12, variance (1/9 + 1/144 + 25/144) / 3
    counts = [0, 1, 1, 0, 1]
    mean = 7 / 12
    var = ((0.25 - mean) ** 2 + (0.5 - mean) ** 2 + (1 - mean) ** 2) / 3
    half = 1.959964 * math.sqrt(var / 3)
    elo, low, high = st.elo_interval(counts)
    assert elo == pytest.approx(-400 * math.log10(1 / mean - 1))
    assert low == pytest.approx(-400 * math.log10(1 / (mean - half) - 1))
    assert high == pytest.approx(-400 * math.log10(1 / (mean + half) - 1))
    assert st.elo_interval([0, 0, 5, 0, 0]) == (0.0, 0.0, 0.0)
    assert st.elo_interval([0, 0, 0, 0, 4])[0] == math.inf
    assert round(st.score_to_elo(st.elo_to_score(123.4)), 6) == 123.4


def test_margin_interval_by_hand():
    mean, low, high = st.margin_interval([10, 0, -4, 2])
    sd = math.sqrt(((10 - 2) ** 2 + 4 + 36 + 0) / 3)
    assert mean == 2
    assert low == pytest.approx(2 - 1.959964 * sd / 2, abs=0.01)
    assert high == pytest.approx(2 + 1.959964 * sd / 2, abs=0.01)


def test_llr_is_the_binomial_sprt_when_pairs_are_all_won_or_lost():
    # With pair scores only 0 and 2 the distribution with mean s is (1 - s, s): Wald's test.
    s0, s1 = st.elo_to_score(-10), st.elo_to_score(40)
    expected = 12 * math.log(s1 / s0) + 5 * math.log((1 - s1) / (1 - s0))
    assert st.llr([5, 0, 0, 0, 12], -10, 40) == pytest.approx(expected, abs=0.01)


def test_llr_matches_the_asymptotic_formula_for_many_pairs():
    # Van den Bergh's approximation (doc/GSPRT_approximation.pdf, formula 2.1):
    # LLR ~ N (s1 - s0) (2 s - s0 - s1) / (2 var), close for many pairs and nearby hypotheses.
    counts = [300, 2000, 5000, 2300, 400]
    n = sum(counts)
    s = sum(c * k / 4 for k, c in enumerate(counts)) / n
    var = sum(c * (k / 4 - s) ** 2 for k, c in enumerate(counts)) / n
    s0, s1 = st.elo_to_score(0), st.elo_to_score(5)
    approx = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)
    assert st.llr(counts, 0, 5) == pytest.approx(approx, rel=0.02)
    assert st.llr(counts, 0, 5) == pytest.approx(-st.llr(counts, 5, 0))


def test_sprt_bounds_and_verdicts():
    lower, upper = st.sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(math.log(0.05 / 0.95)) and upper == -lower
    # All pairs won: each adds at most log(s1 / s0) = 0.083 to the LLR, so 36 pairs are needed.
    won = st.sprt([2] * 60)
    assert won.verdict == "H1" and won.pairs == 36  # it stops at the first crossing
    assert st.sprt([0] * 60).verdict == "H0"
    assert st.sprt([1, 1, 1]).verdict == ""
    with pytest.raises(ValueError, match="alpha and beta"):
        st.sprt_bounds(0.7, 0.05)


def tilted(elo: float) -> list[float]:
    """A pentanomial distribution with expected score elo_to_score(elo): a fixed shape (many
    drawn pairs, as seat-decided games give) tilted exponentially until its mean is right."""
    base = [0.05, 0.2, 0.5, 0.2, 0.05]
    target = st.elo_to_score(elo)
    lo, hi = -50.0, 50.0
    for _ in range(200):
        t = (lo + hi) / 2
        w = [b * math.exp(t * k / 4) for k, b in enumerate(base)]
        mean = sum(x * k / 4 for k, x in enumerate(w)) / sum(w)
        lo, hi = (t, hi) if mean < target else (lo, t)
    return [x / sum(w) for x in w]


def sprt_outcomes(true_elo: float, elo1: float, runs: int, rng: random.Random):
    probs = tilted(true_elo)
    h1 = pairs = 0
    for _ in range(runs):
        scores = []
        while True:
            scores.extend(rng.choices(st.PAIR_SCORES, probs, k=20))
            verdict = st.sprt(scores, 0, elo1, 0.05, 0.05, step=1)
            if verdict.verdict:
                break
        h1 += verdict.verdict == "H1"
        pairs += verdict.pairs
    return h1 / runs, pairs / runs


def test_sprt_error_rates_by_simulation():
    """With the true Elo at elo0 the SPRT accepts H1 (a false positive) about alpha of the time
    or less, and at elo1 it accepts H0 about beta of the time or less (Wald's bounds without
    an overshoot correction err on the safe side)."""
    rng = random.Random(28)
    runs = 200  # elo1 = 60 (not the runs' 30) keeps each simulated test short
    false_positive, pairs0 = sprt_outcomes(0.0, 60.0, runs, rng)
    power, pairs1 = sprt_outcomes(60.0, 60.0, runs, rng)
    se = math.sqrt(0.05 * 0.95 / runs)
    assert false_positive <= 0.05 + 3 * se
    assert 1 - power <= 0.05 + 3 * se
    assert pairs0 > 20 and pairs1 > 20  # the test needed evidence, it did not stop at once


# -- the runner ----------------------------------------------------------------------------------
def cheap(**kw):
    return st.Match("greedy", "random", "hoyito-i", book="start", seed=3, **kw)


def test_match_refuses_bad_settings():
    with pytest.raises(ValueError, match="unknown rule set"):
        st.Match("greedy", "random", "chess")
    with pytest.raises(ValueError, match="unknown player"):
        st.Match("chess", "random", "hoyito-i")
    with pytest.raises(ValueError, match="seconds a move"):
        st.Match("greedy", "random", "hoyito-i", seconds=0)
    with pytest.raises(ValueError, match="takes no setting"):
        st.Match("greedy", "random", "hoyito-i", a_settings={"max_nodes": 3})


def test_time_budget_reaches_both_players():
    match = st.Match("expert", "search", "ba-awa", seconds=0.1)  # mcts would compile: slow
    assert match.settings("a") == {"time_limit": 0.1, "max_nodes": None}
    assert match.make("b", 0).time_limit == 0.1
    greedy = st.Match("expert", "greedy", "ba-awa", seconds=0.1)
    assert greedy.settings("b") == {}  # a player without a clock keeps its own settings


def test_a_pair_swaps_the_seats_from_the_same_opening():
    match = st.Match("greedy", "random", "ba-awa", book="start", seed=1)
    row = st.play_pair(match, 0, (2,))
    assert row["opening"] == "2"
    assert row["pair_score"] == row["score_a_south"] + row["score_a_north"]
    souths = [int(x) for x in row["south_scores"].split()]
    norths = [int(x) for x in row["north_scores"].split()]
    assert row["pair_margin"] == (souths[0] - norths[0]) + (norths[1] - souths[1])


def test_run_resumes_and_files_from_two_machines_add_up(tmp_path):
    match = cheap()
    first = st.run_match(match, 3, tmp_path / "run", stop_at_verdict=False)
    assert [int(r["pair"]) for r in first] == [0, 1, 2]
    again = []
    rows = st.run_match(match, 5, tmp_path / "run", stop_at_verdict=False, progress=again.append)
    assert sorted(int(r["pair"]) for r in again) == [3, 4]  # only the missing pairs are played
    assert sorted(int(r["pair"]) for r in rows) == [0, 1, 2, 3, 4]
    # A second machine's file (pairs 5 and 6, say) in the same folder adds up; a pair found
    # in both files counts once.
    (path,) = (tmp_path / "run").glob("*.csv")
    with open(path, newline="") as handle:
        mine = list(csv.DictReader(handle))
    other = tmp_path / "run" / "zz-other-machine.csv"
    with open(other, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=st.COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows([{**mine[0], "pair": "5"}, {**mine[1], "pair": "6"}, mine[2]])
    assert sorted(int(r["pair"]) for r in st.read_pairs(tmp_path / "run", match)) == list(range(7))
    assert st.report(tmp_path / "run").pairs == 7
    # Pairs of another match are refused, not mixed in.
    with pytest.raises(ValueError, match="another match"):
        st.run_match(cheap(max_plies=50), 8, tmp_path / "run")


def test_the_same_seed_gives_the_same_pairs(tmp_path):
    a = st.run_match(cheap(), 2, tmp_path / "a", stop_at_verdict=False)
    b = st.run_match(cheap(), 2, tmp_path / "b", jobs=2, stop_at_verdict=False)
    key = ("pair", "pair_score", "pair_margin", "south_scores", "plies")
    assert sorted(tuple(r[k] for k in key) for r in a) == sorted(
        tuple(r[k] for k in key) for r in b
    )


def test_a_capped_game_ends_by_agreement(tmp_path):
    rows = st.run_match(cheap(max_plies=4), 1, tmp_path, stop_at_verdict=False)
    assert rows[0]["capped"] == 2 and rows[0]["reasons"] == "ply cap|ply cap"
    assert st.report(tmp_path).games_capped == 2


def test_the_runner_stops_when_the_sprt_decides(tmp_path):
    match = st.Match("greedy", "random", "ba-awa", book="start", seed=5)
    rows = st.run_match(match, 200, tmp_path, sprt_settings={"elo0": 0, "elo1": 200})
    stats = st.summarize(rows, elo0=0, elo1=200)
    assert stats.sprt.verdict == "H1" and len(rows) < 200


def test_command_line_prints_the_report(tmp_path, capsys):
    folder = tmp_path / "cli"
    code = st.main(["--a", "greedy", "--b", "random", "--variant", "ba-awa", "--book", "start",
                    "--pairs", "2", "--no-stop", "--folder", str(folder), "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert "pentanomial" in out and "SPRT(elo0=0, elo1=30" in out and "ply cap" in out
    with pytest.raises(SystemExit):
        st.main(["--shard", "3"])


# -- the opening books (scripts/make_openings.py, analysis/openings.py) ---------------------------
@pytest.mark.parametrize("variant", ["hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa"])
def test_each_rule_set_has_a_book_of_live_openings(variant):
    book = st.load_book(variant)
    assert len(book) >= 6 and len(set(book)) == len(book)
    assert all(len(moves) == 2 for moves in book)
    with open(st.BOOKS / f"{variant}.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    # balanced lines first; "most balanced" only fills the book up to its least size
    for row in rows:
        assert row["chosen"] in ("balanced", "most balanced")
        assert (abs(int(row["value"])) <= 8) == (row["chosen"] == "balanced")


def test_ba_awa_balanced_book_holds_proven_draws_four_plies_in():
    # data/openings/ba-awa-4ply.csv: lines of 4 plies whose value the search proved 0
    book = st.load_book("ba-awa", st.BOOKS / "ba-awa-4ply.csv")
    assert len(book) >= 12 and len(set(book)) == len(book)
    assert all(len(moves) == 4 for moves in book)
    with open(st.BOOKS / "ba-awa-4ply.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["status"] for row in rows} == {"proven"}
    assert all(row["chosen"] == "balanced" and int(row["value"]) == 0 for row in rows)
    with open(st.BOOKS / "all-4ply.csv", newline="") as handle:
        valued = list(csv.DictReader(handle))
    assert {r["moves"] for r in valued if r["chosen"]} == {r["moves"] for r in rows}


def test_a_book_line_is_proven_again_by_the_script():
    import hoyito_edu as hy
    from hoyito_edu.analysis import openings

    def after(moves):
        position = hy.new_game("ba-awa")
        for hole in moves:
            position = position.play(hole)
        return position

    position = after(st.load_book("ba-awa", st.BOOKS / "ba-awa-4ply.csv")[0])
    found = openings.proven_for_south(position, 1_000_000, 40)
    assert (found["value"], found["status"]) == (0, "proven")
    # a line proven lost for South by the plain search is proven lost by the two-search proof
    lost = after((5, 9))
    assert openings.value_for_south(lost, 1_000_000)["status"] == "proven"
    found = openings.proven_for_south(lost, 1_000_000, 40)
    assert found["status"] == "proven" and found["value"] <= -8


def test_a_bad_book_is_refused(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("moves\n0 99\n")
    with pytest.raises(ValueError):
        st.load_book("hoyito-i", bad)
    bad.write_text("holes\n0\n")
    with pytest.raises(ValueError, match="column 'moves'"):
        st.load_book("hoyito-i", bad)


def test_a_time_budget_stops_new_pairs(tmp_path):
    assert st.run_match(cheap(), 5, tmp_path, stop_at_verdict=False, minutes=0) == []
    assert len(st.run_match(cheap(), 2, tmp_path, stop_at_verdict=False, minutes=5)) == 2


def test_python_m_hoyito_edu_strength_runs_the_match_runner(tmp_path, capsys):
    from hoyito_edu.__main__ import main

    code = main(["strength", "--a", "greedy", "--b", "random", "--variant", "hoyito-i",
                 "--book", "start", "--pairs", "1", "--no-stop", "--quiet",
                 "--folder", str(tmp_path)])
    assert code == 0 and "1 pairs (2 games), greedy against random" in capsys.readouterr().out


def test_pairs_on_a_dask_cluster_are_the_pairs_of_one_process(dask_client, tmp_path):
    here = st.run_match(cheap(), 3, tmp_path / "here", stop_at_verdict=False)
    there = st.run_match(cheap(), 3, tmp_path / "there", stop_at_verdict=False,
                         client=dask_client)
    key = ("pair", "pair_score", "pair_margin", "south_scores", "plies")
    assert sorted(tuple(r[k] for k in key) for r in here) == sorted(
        tuple(r[k] for k in key) for r in there
    )
    assert len(st.read_pairs(tmp_path / "there")) == 3  # appended as the tasks came back
