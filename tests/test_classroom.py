"""The classroom answer checkers (hoyito_edu.teaching.classroom) and the teacher's run of
06_classroom (its student copy is run and read in tests/test_strip_solutions.py).

The arithmetic the activities teach is checked against the engine's own move records; the
checkers that ask the engine are checked against the research digest's separating positions.
"""

from __future__ import annotations

import io
import re
import sys
from collections import Counter
from pathlib import Path

import nbformat
import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.engine.events import Drop
from hoyito_edu.publish.run import NotebookRunError
from hoyito_edu.publish.student import is_teacher_only
from hoyito_edu.sim.metrics import game_metrics
from hoyito_edu.teaching.classroom import (
    CASA_REASONS,
    EXERCISES,
    Exercise,
    Feedback,
    ask,
    check,
    check_captured,
    check_casas,
    check_division,
    check_last_hole,
    lap_boards,
    last_hole_by_arithmetic,
    last_hole_skipping_origin,
    sowing_division,
    strategy_player,
    teacher_notes,
)
from hoyito_edu.teaching.data import data_dir
from hoyito_edu.teaching.recorded import RECORD_COLUMNS, RecordError, load_recorded_games

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/notebook_outputs.py
from notebook_outputs import outputs  # noqa: E402

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "06_classroom.ipynb"
SEPARATING_BOARD = [3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3]  # research digest, section 5.4


def first_lap(seeds: int, start: int, n: int, variant: str = "hoyito-iii"):
    """The engine's move sowing ``seeds`` from ``start`` on an otherwise empty 2 x n board,
    and the holes its first lap dropped seeds into, in order."""
    board = [0] * (2 * n)
    board[start] = seeds
    move = hy.new_game(variant, board=board, player=0 if start < n else 1).sow(start)
    drops = [e.hole for e in move.events if isinstance(e, Drop) and e.lap == 1]
    return move, drops


# -- the arithmetic, against the engine ----------------------------------------------------------
@pytest.mark.parametrize("n", [6, 7, 12])
def test_last_hole_arithmetic_is_where_the_engines_first_lap_ends(n):
    for start in range(2 * n):
        for seeds in range(1, 5 * n):
            _, drops = first_lap(seeds, start, n)
            assert len(drops) == seeds
            assert last_hole_by_arithmetic(seeds, start, n) == drops[-1], (seeds, start, n)


def test_last_hole_arithmetic_matches_every_variant_while_no_casa_can_form():
    # With at most 3 seeds per hole after one lap no hole reaches four, so no rule set differs.
    for variant in hy.VARIANTS:
        for start in range(12):
            for seeds in range(1, 37):
                _, drops = first_lap(seeds, start, 6, variant)
                assert drops[-1] == last_hole_by_arithmetic(seeds, start), (variant, seeds, start)


@pytest.mark.parametrize("n", [6, 9, 12])
def test_sowing_division_is_what_each_hole_receives_in_the_engines_first_lap(n):
    size = 2 * n
    for start in (0, n - 1, n, size - 1):
        for seeds in range(1, 4 * size):
            _, drops = first_lap(seeds, start, n)
            received = Counter(drops)
            q, r = sowing_division(seeds, n)
            assert q * size + r == seeds and 0 <= r < size
            extra = {(start + k) % size for k in range(1, r + 1)}
            for hole in range(size):
                assert received[hole] == q + (hole in extra), (seeds, start, hole)


def test_arithmetic_refuses_impossible_questions():
    with pytest.raises(ValueError, match="start must be a hole number 0..11"):
        last_hole_by_arithmetic(3, 12)
    with pytest.raises(ValueError, match="seeds must be a whole number from 1"):
        last_hole_by_arithmetic(0, 2)
    with pytest.raises(ValueError, match="whole number"):
        sowing_division(2.5)


# -- check_last_hole ------------------------------------------------------------------------------
def test_check_last_hole_right_and_wrong_without_relay():
    right = check_last_hole(7, seeds=5, start=2)
    assert isinstance(right, Feedback) and right.correct is True
    assert "hole 7" in right.message and right.message.startswith("Right!")
    wrong = check_last_hole(6, seeds=5, start=2)
    assert wrong.correct is False
    assert "hole 7" not in wrong.message and "7" not in re.findall(r"\d+", wrong.message)
    assert "first seed goes into the hole after the start" in wrong.message
    revealed = check_last_hole(6, seeds=5, start=2, reveal=True)
    assert revealed.correct is False and "lands in hole 7" in revealed.message


def test_check_last_hole_hints_at_the_ring():
    feedback = check_last_hole(13, seeds=5, start=8)  # forgot to wrap: 8 + 5 = 13
    assert feedback.correct is False
    assert "after hole 11 comes hole 0" in feedback.message
    assert "hole 1." not in feedback.message
    assert check_last_hole(1, seeds=5, start=8).correct
    # 2 x 8 board: 16 holes, so 8 + 5 = 13 is right there.
    assert check_last_hole(13, seeds=5, start=8, holes_per_row=8).correct
    # Full rounds: 30 seeds from hole 0 on 2 x 6.
    assert check_last_hole(6, seeds=30, start=0).correct
    assert "full rounds" in check_last_hole(2, seeds=30, start=0).message


def test_check_last_hole_accepts_strings_and_explains_non_answers():
    assert check_last_hole("7", seeds=5, start=2).correct
    pending = check_last_hole(None, seeds=5, start=2)
    assert pending.correct is None and "replace None" in pending.message
    assert check_last_hole(True, seeds=5, start=2).correct is False
    assert "not a whole number" in check_last_hole("seven", seeds=5, start=2).message


@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_check_last_hole_with_relay_asks_the_engine(variant):
    board = [4] * 12
    for hole in range(6):
        move = hy.new_game(variant, board=board).sow(hole)
        truth = [e.hole for e in move.events if isinstance(e, Drop)][-1]
        assert move.laps > 1
        feedback = check_last_hole(truth, 4, hole, relay=True, board=board, variant=variant)
        assert feedback.correct is True, feedback
        wrong = (truth + 3) % 12
        feedback = check_last_hole(wrong, 4, hole, relay=True, board=board, variant=variant)
        assert feedback.correct is False
        assert f"hole {truth}" not in feedback.message
        assert (
            f"hole {truth}."
            in check_last_hole(
                wrong, 4, hole, relay=True, board=board, variant=variant, reveal=True
            ).message
        )


def test_check_last_hole_with_relay_names_the_lap_a_student_stopped_at():
    board = [4] * 12
    # Without relay, 4 seeds from hole 2 end in hole 6, which already held seeds.
    feedback = check_last_hole(6, 4, 2, relay=True, board=board)
    assert feedback.correct is False
    assert "Lap 1 does end in hole 6" in feedback.message and "relay" in feedback.message


def test_check_last_hole_with_relay_needs_a_matching_board():
    with pytest.raises(ValueError, match="pass board="):
        check_last_hole(3, 4, 2, relay=True)
    with pytest.raises(ValueError, match="holds 4 seeds, but the question says 5"):
        check_last_hole(3, 5, 2, relay=True, board=[4] * 12)
    with pytest.raises(ValueError, match="only used with relay=True"):
        check_last_hole(3, 4, 2, board=[4] * 12)
    with pytest.raises(ValueError, match="board has 10 holes, but holes_per_row=6 needs 12"):
        check_last_hole(3, 4, 2, relay=True, board=[4] * 10)


# -- check_division -------------------------------------------------------------------------------
def test_check_division():
    assert check_division(2, 6, seeds=30).correct
    assert check_division(0, 5, seeds=5, holes_per_row=8).correct
    wrong = check_division(2, 5, seeds=30)
    assert wrong.correct is False and "2 x 12 + 5 = 29, not 30" in wrong.message
    one_short = check_division(1, 18, seeds=30)
    assert one_short.correct is False and "one more full round" in one_short.message
    assert check_division(None, 6, seeds=30).correct is None
    assert "every hole receives 2 seeds" in check_division(1, 18, seeds=30, reveal=True).message


# -- captures and casas, against the research digest's separating position ------------------------
@pytest.mark.parametrize(
    ("variant", "south_takes", "casas"),
    [("hoyito-i", 12, 3), ("hoyito-ii", 8, 2), ("hoyito-iii", 4, 1), ("ba-awa", 4, 3)],
)
def test_check_captured_and_casas_on_the_digests_position(variant, south_takes, casas):
    assert check_captured(south_takes, SEPARATING_BOARD, 4, variant).correct
    assert check_casas(casas, SEPARATING_BOARD, 4, variant).correct
    for wrong in (south_takes + 4, south_takes - 4, south_takes + 1):
        feedback = check_captured(wrong, SEPARATING_BOARD, 4, variant)
        assert feedback.correct is False
        assert f"captures {south_takes} seeds" not in feedback.message
    assert check_casas(casas + 1, SEPARATING_BOARD, 4, variant).correct is False


def test_check_captured_hints():
    ba_awa = check_captured(12, SEPARATING_BOARD, 4, "ba-awa")
    assert "do not go to the mover" in ba_awa.message
    assert "multiple of 4" in check_captured(5, SEPARATING_BOARD, 4, "hoyito-i").message
    hoyito_iii = check_captured(12, SEPARATING_BOARD, 4, "hoyito-iii")
    assert "Not every four is captured" in hoyito_iii.message
    revealed = check_captured(0, SEPARATING_BOARD, 4, "hoyito-ii", reveal=True)
    assert "captures 8 seeds (2 casas)" in revealed.message


def test_check_captured_for_north_and_illegal_moves():
    board = SEPARATING_BOARD[6:] + SEPARATING_BOARD[:6]  # the same position, turned round
    assert check_captured(12, board, 10, "hoyito-i").correct
    with pytest.raises(ValueError, match="cannot be played"):
        check_captured(0, SEPARATING_BOARD, 5, "hoyito-i")  # hole 5 is empty
    with pytest.raises(ValueError, match="hole must be a hole number 0..11"):
        check_captured(0, SEPARATING_BOARD, 12)


# -- strategy_player -----------------------------------------------------------------------------
def test_strategy_player_plays_legal_holes_and_explains_illegal_ones():
    def last_hole(position):
        return position.legal_moves()[-1]

    me = strategy_player(last_hole)
    assert me.name == "last_hole"
    game = hy.Game("hoyito-ii")
    while not game.is_over and len(game.moves) < 40:
        hole = me.choose(game.position)
        assert hole == game.position.legal_moves()[-1]
        game.play(hole)

    broken = strategy_player(lambda position: 11, "always eleven")
    with pytest.raises(hy.IllegalMove, match="always eleven chose 11.*legal_moves"):
        broken.choose(hy.new_game("hoyito-i"))
    with pytest.raises(ValueError, match="must be a function"):
        strategy_player(3)


# -- the starting hole: players who skip it are told which rule they followed -----------------
@pytest.mark.parametrize("n", [6, 8])
def test_last_hole_skipping_origin_is_where_the_engine_ends_with_skip_origin(n):
    for start in range(2 * n):
        for seeds in range(1, 4 * 2 * n):
            board = [0] * (2 * n)
            board[start] = seeds
            position = hy.new_game(
                "hoyito-iii", board=board, player=0 if start < n else 1, skip_origin=True
            )
            drops = [e.hole for e in position.sow(start).events if isinstance(e, Drop)]
            assert start not in drops[:seeds]
            assert last_hole_skipping_origin(seeds, start, n) == drops[seeds - 1], (seeds, start)


def test_a_student_who_skips_the_starting_hole_hears_the_rule_not_close():
    feedback = check_last_hole(4, seeds=13, start=2)  # skipping hole 2 gives hole 4
    assert feedback.correct is False
    assert "Close" not in feedback.message
    assert "skipped" in feedback.message and "hole 2" in feedback.message
    assert "The sources do not settle this" in feedback.message
    assert "3" not in re.findall(r"\d+", feedback.message)  # the answer is not given away
    for n in (6, 8, 12):
        size = 2 * n
        for start in range(size):
            for seeds in range(size, 3 * size):
                truth = last_hole_by_arithmetic(seeds, start, n)
                skipped = last_hole_skipping_origin(seeds, start, n)
                if skipped != truth:
                    message = check_last_hole(skipped, seeds, start, n).message
                    assert "skipped" in message, (seeds, start, n)
    # Short sowings never come round: a one-off error is just a counting slip.
    assert "skipped" not in check_last_hole(9, seeds=5, start=3).message


def test_division_answer_with_the_starting_hole_skipped_names_the_rule():
    feedback = check_division(2, 8, seeds=30)  # 30 = 2 x 11 + 8 if hole 0 is skipped
    assert feedback.correct is False
    assert "only 11 holes share the seeds" in feedback.message
    assert "all 12 holes share them" in feedback.message


def test_relay_answer_with_the_starting_hole_skipped_names_the_rule():
    board = [13, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    move = hy.new_game("hoyito-iii", board=board).sow(0)
    other = hy.new_game("hoyito-iii", board=board, skip_origin=True).sow(0)
    truth = [e.hole for e in move.events if isinstance(e, Drop)][-1]
    skipped = [e.hole for e in other.events if isinstance(e, Drop)][-1]
    assert skipped != truth
    feedback = check_last_hole(skipped, 13, 0, relay=True, board=board, variant="hoyito-iii")
    assert feedback.correct is False and "skipped" in feedback.message


# -- the exercises: one list for the notebook and the worksheets ---------------------------------
def engine_truth(exercise: Exercise):
    """The answer, straight from the engine's move record (not from the Exercise's code)."""
    p = exercise.params
    n = exercise.holes_per_row
    if "board" in p:
        move = hy.new_game(p["variant"], board=list(p["board"]), player=int(p["start"] >= n))
        move = move.sow(p["start"])
    else:
        start = p.get("start", 0)
        board = [0] * (2 * n)
        board[start] = p["seeds"]
        move = hy.new_game("hoyito-iii", board=board, player=int(start >= n)).sow(start)
    drops = [e for e in move.events if isinstance(e, Drop)]
    if exercise.kind == "division":
        received = Counter(e.hole for e in drops if e.lap == 1)
        counts = [received[h] for h in range(2 * n)]
        return min(counts), sum(c > min(counts) for c in counts)
    if exercise.kind == "last-hole":
        return [e.hole for e in drops if e.lap == 1][-1]
    if exercise.kind == "relay":
        return drops[-1].hole
    if exercise.kind == "captured":
        return move.taken[move.player]
    return sum(1 for c in move.captures if c.reason in CASA_REASONS)


@pytest.mark.parametrize("key", list(EXERCISES))
def test_every_exercise_answer_is_the_engines_and_its_checker_agrees(key):
    exercise = EXERCISES[key]
    assert exercise.key == key and exercise.activity == int(key[0])
    assert "{" not in exercise.text and exercise.text.endswith((".", "?", ".)"))
    if exercise.kind == "written":
        assert exercise.answer is None and exercise.notes
        assert check(key).correct is None
        return
    truth = engine_truth(exercise)
    assert exercise.answer == truth
    answers = truth if isinstance(truth, tuple) else (truth,)
    assert check(key, *answers).correct is True
    wrong = (answers[0] + 1, *answers[1:])
    feedback = check(key, *wrong)
    assert feedback.correct is False
    assert exercise.answer_text not in feedback.message
    assert exercise.answer_text.split()[-1] in exercise.solution() or exercise.kind == "division"
    assert exercise.solution().startswith(f"Answer: {exercise.answer_text}.")
    with pytest.raises(TypeError, match="takes"):
        check(key, *answers, 99)


def test_exercises_that_depend_on_the_starting_hole_say_so():
    for key in ("2c", "2d"):
        exercise = EXERCISES[key]
        assert exercise.params["seeds"] >= 2 * exercise.holes_per_row
        assert "a student who skips hole" in exercise.solution()
    assert "starting hole" in EXERCISES["2e"].notes


def test_ask_and_teacher_notes():
    assert ask("2a").startswith("**2a.** 5 seeds are sown from hole 3.")
    assert ask("2a", "2b")._repr_markdown_().count("**2") == 2
    notes = teacher_notes("3a", "3d")
    assert "**3a.** Answer: 12 seeds." in notes and "**3d.** Sowing only moves" in notes
    with pytest.raises(ValueError, match="no exercise 9z"):
        ask("9z")


def test_lap_boards_replay_the_move():
    for variant in hy.VARIANTS:
        for hole in range(6):
            move = hy.new_game(variant).sow(hole)
            laps = lap_boards(move)
            assert [lap for lap, _, _ in laps] == list(range(1, move.laps + 1))
            total = sum(move.before.board)
            for _, board, taken in laps:
                assert all(seeds >= 0 for seeds in board)
                assert sum(board) + sum(taken) == total
            if not move.after.is_over:
                assert laps[-1][1] == move.after.board
                assert laps[-1][2] == move.after.captures


# -- notebook 06: asks every exercise, hides the answers from students ---------------------------
def _code_cells(nb, teacher_only=False):
    return [c for c in nb.cells if c.cell_type == "code" and is_teacher_only(c) == teacher_only]


def test_classroom_notebook_asks_and_checks_every_exercise():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    student_code = "\n".join(c.source for c in _code_cells(nb))
    for key, exercise in EXERCISES.items():
        assert f'"{key}"' in student_code, f"06 never asks exercise {key}"
        if exercise.kind != "written":
            assert f'check("{key}",' in student_code, f"06 never checks exercise {key}"
    assert "reveal" not in student_code and "teacher_notes" not in student_code


def test_classroom_notebook_has_no_unexplained_seed_and_no_timers():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    text = "\n".join(c.source for c in nb.cells)
    assert "SEED" not in text and "perf_counter" not in text and "Run-All time" not in text
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert set(re.findall(r"\bseed=\w+", code)) == {"seed=random_state"}
    assert "`random_state`" in text and "nothing to do with the seeds on the board" in text


@pytest.mark.notebooks
def test_teacher_solutions_in_classroom_notebook_are_right(notebook_runs):
    """Every checker call in a solution cell must come back 'Right!' (in the session's run of
    the notebook: the one tests/test_notebooks.py checks and the book and kits are made of)."""
    result = notebook_runs(NOTEBOOK)
    if isinstance(result, NotebookRunError):
        pytest.fail(str(result), pytrace=False)
    checked = 0
    for source, text in outputs(result):
        if "check" not in source:
            continue
        for line in text.splitlines():
            if line.startswith(("Right!", "Not quite", "No answer")):
                checked += 1
                if "my_last_hole" not in source and "check(" in source and "None" in source:
                    continue  # a student's cell, waiting for an answer
                assert line.startswith(("Right!", "No answer")), f"{source}\n-> {line}"
    assert checked >= 20


# -- Spanish ---------------------------------------------------------------------------------
@pytest.fixture
def spanish():
    hy.set_language("es")
    yield
    hy.set_language("en")


def test_a_wrong_answer_gets_a_spanish_hint(spanish):
    feedback = check_last_hole(6, seeds=5, start=2)
    assert feedback.correct is False
    assert feedback.message == (
        "No del todo. Cuenta otra vez: la primera semilla cae en el hoyo que sigue al de "
        "salida, no en el de salida."
    )
    revealed = check_last_hole(13, seeds=5, start=8, reveal=True)
    assert revealed.message.startswith("No del todo. Contaste bien las semillas, pero después")
    assert revealed.message.endswith(
        "(La última de 5 semillas sembradas desde el hoyo 8 cae en el hoyo 1.)"
    )


def test_right_answers_and_missing_answers_in_spanish(spanish):
    assert str(check_division(2, 6, seeds=30)) == (
        "¡Correcto! 30 = 2 x 12 + 6: cada hoyo recibe 2 semillas y 6 hoyos reciben una más."
    )
    assert str(check_captured(12, SEPARATING_BOARD, 4, "hoyito-i")) == (
        "¡Correcto! En Hoyito I, Sur siembra el hoyo 4 y come 12 semillas (3 casas)."
    )
    assert str(check_casas(3, SEPARATING_BOARD, 4, "ba-awa")) == (
        "¡Correcto! En Ba-awa, se comen 3 casas cuando Sur siembra el hoyo 4: Sur se lleva 1, "
        "Norte se lleva 2."
    )
    missing = check("2a", None)
    assert missing.correct is None
    assert missing.message == (
        "Todavía no hay respuesta: cambia None por un número de hoyo y ejecuta la celda."
    )
    assert (
        check("2a", "ocho").message == "'ocho' no es un número entero: escribe un número de hoyo."
    )


def test_spanish_relay_feedback_names_the_laps(spanish):
    feedback = check("2f", EXERCISES["2f"].answer + 1, reveal=True)
    assert feedback.message.startswith("No del todo.")
    assert "tandas" in feedback.message and "Sur siembra el hoyo 1" in feedback.message


def test_the_exercises_and_teacher_notes_speak_spanish(spanish):
    assert str(ask("2a")) == (
        "**2a.** Se siembran 5 semillas desde el hoyo 3. ¿En qué hoyo cae la última semilla?"
    )
    assert str(teacher_notes("2a")).startswith("**2a.** Respuesta: hoyo 8. (3 + 5) mod 12 = 8.")
    assert EXERCISES["3a"].text.startswith("Sur siembra el hoyo 4 (3 semillas)")
    assert EXERCISES["3a"].answer_text == "12 semillas"
    working = EXERCISES["2f"].working()
    assert working.startswith("Tanda 1: 3 semillas desde el hoyo 1")
    assert "se sigue sembrando (un relevo)" in working


def test_spanish_feedback_has_no_english_word(spanish):
    english = re.compile(r"\b(the|hole|seeds?|lap|answer|Right|quite|South|North|takes)\b")
    messages = [check(key, *([0, 0] if e.kind == "division" else [99]), reveal=True).message
                for key, e in EXERCISES.items()]
    messages += [e.solution() for e in EXERCISES.values()]
    python = "(start + seeds) % (2 * holes_per_row)"  # code stays code
    for message in messages:
        assert not english.search(message.replace(python, "")), message


def test_english_stays_the_default():
    assert str(check("2a", 8)) == "Right! The last of 5 seeds sown from hole 3 lands in hole 8."


def test_a_strategy_that_plays_an_illegal_hole_is_told_so_in_spanish(spanish):
    broken = strategy_player(lambda position: 11, "siempre once")
    with pytest.raises(hy.IllegalMove, match=r"^siempre once eligió 11, que no se puede jugar"):
        broken.choose(hy.new_game("hoyito-i"))


# -- the class's own games: hoyito_edu.teaching.recorded -----------------------------------
RECORD_HEADER = "game,variant,move,player,hole\n"


def record(*rows: str) -> io.StringIO:
    return io.StringIO(RECORD_HEADER + "".join(f"{row}\n" for row in rows))


def played(variant: str, starter: int, seed: int, game: int = 1) -> list[str]:
    """A whole game of two beginner players written as record rows."""
    agents = [hy.player("beginner", seed=seed + side) for side in (0, 1)]
    position, rows = hy.new_game(variant, player=starter), []
    while not position.is_over:
        hole = agents[position.player].choose(position)
        rows.append(f"{game},{variant},{len(rows) + 1},{hy.PLAYER_NAMES[position.player]},{hole}")
        position = position.play(hole)
    return rows


def test_recorded_games_replay_through_the_engine_in_simulates_columns():
    rows = played("hoyito-ii", 1, seed=3) + played("ba-awa", 0, seed=8, game=2)
    table = load_recorded_games(record(*rows))
    games = table.set_index("game")
    for game, variant, starter, seed in ((1, "hoyito-ii", 1, 3), (2, "ba-awa", 0, 8)):
        agents = [hy.player("beginner", seed=seed + side) for side in (0, 1)]
        position = hy.new_game(variant, player=starter)
        while not position.is_over:
            position = position.play(agents[position.player].choose(position))
        row = games.loc[game]
        assert (row["variant"], row["starter"]) == (variant, starter)
        assert (row["score_south"], row["score_north"]) == position.captures
        assert (None if pd.isna(row["winner"]) else row["winner"]) == position.winner
        assert row["end_reason"] == str(position.outcome.reason)
    simulated = hy.simulate("hoyito-i", 2, seed=1, tables=["games"], progress=False).games
    assert list(table.columns) == list(simulated.columns)
    shared = ["variant", "starter", "winner", "result", "starter_won", "score_south", "end_reason"]
    assert (table[shared].dtypes.astype(str) == simulated[shared].dtypes.astype(str)).all()
    metrics = game_metrics(table, by=("variant",))
    assert metrics["games"].tolist() == [1, 1]


def test_the_shipped_example_is_labelled_made_up_and_loads():
    path = data_dir() / "recorded_games_example.csv"
    assert "made-up example" in path.read_text(encoding="utf-8").splitlines()[1]
    games = load_recorded_games(path)
    assert len(games) == 20 and set(games["starter"]) == {0, 1}
    template = (data_dir() / "recorded_games_template.csv").read_text(encoding="utf-8")
    assert template.splitlines()[0].split(",")[:5] == list(RECORD_COLUMNS)


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (("1,hoyito-i,1,South,2", "1,hoyito-i,2,South,3"),
         "line 3 (game 1, move 2): the record says South moves, but it is North's turn"),
        (("1,hoyito-i,1,South,7",), "line 2 (game 1, move 1): hole 7 cannot be sown"),
        (("1,hoyito-i,1,South,12",), "hole 12 does not exist; the holes are 0 to 11"),
        (("1,hoyito-i,1,South,two",), "the hole must be a whole number, not 'two'"),
        (("1,hoyito-i,1,East,2",), "the player must be South or North, not 'East'"),
        (("1,oware,1,South,2",), "line 2: unknown rule set 'oware'"),
        (("1,hoyito-i,1,South,2", "1,hoyito-i,3,North,8"),
         "line 3 (game 1, move 3): expected move 2"),
        (("1,hoyito-i,1,South,2", "1,ba-awa,2,North,8"), "the rule set is 'ba-awa'"),
        (("1,hoyito-i,1,South,2",),
         "game 1 stops at line 2 after move 1, but the game is not over"),
        (("1,hoyito-i,1,South,2", "2,hoyito-i,1,South,2", "1,hoyito-i,2,North,8"),
         "line 4: game 1 appears again after other games"),
        ((",hoyito-i,1,South,2",), "line 2: the game column is empty"),
    ],
)
def test_a_bad_record_is_refused_with_a_sentence_naming_the_line(rows, expected):
    with pytest.raises(RecordError) as caught:
        load_recorded_games(record(*rows))
    assert expected in str(caught.value)


def test_moves_after_the_end_and_missing_columns_and_files_are_refused(tmp_path):
    rows = played("hoyito-i", 0, seed=5)
    extra = f"1,hoyito-i,{len(rows) + 1},South,0"
    over = rf"line {len(rows) + 2} .*already over after move {len(rows)}"
    with pytest.raises(RecordError, match=over):
        load_recorded_games(record(*rows, extra))
    with pytest.raises(RecordError, match="no column player, hole"):
        load_recorded_games(io.StringIO("game,variant,move\n1,hoyito-i,1\n"))
    with pytest.raises(RecordError, match="no moves"):
        load_recorded_games(io.StringIO(RECORD_HEADER))
    with pytest.raises(FileNotFoundError, match="no record file"):
        load_recorded_games(tmp_path / "missing.csv")


def test_a_record_in_spanish_words_loads_and_errors_speak_spanish(spanish):
    rows = [r.replace("South", "Sur").replace("North", "Norte") for r in played("hoyito-i", 1, 2)]
    assert len(load_recorded_games(record(*rows))) == 1
    with pytest.raises(RecordError) as caught:
        load_recorded_games(record("1,Hoyito I,1,Sur,2", "1,Hoyito I,2,Sur,3"))
    assert "línea 3" in str(caught.value) and "Norte" in str(caught.value)
