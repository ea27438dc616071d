"""The classroom answer checkers (hoyito_edu.classroom) and the student copy of 06_classroom.

The arithmetic the activities teach is checked against the engine's own move records; the
checkers that ask the engine are checked against the research digest's separating positions.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import nbformat
import pytest
from nbrun import run_notebook
from strip_solutions import is_solution, strip_notebook

import hoyito_edu as hy
from hoyito_edu.classroom import (
    Feedback,
    check_captured,
    check_casas,
    check_division,
    check_last_hole,
    last_hole_by_arithmetic,
    sowing_division,
    strategy_player,
)
from hoyito_edu.events import Drop

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
    with pytest.raises(ValueError, match="seeds must be at least 1"):
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


# -- the student copy of 06_classroom -------------------------------------------------------------
@pytest.mark.notebooks
def test_student_copy_of_classroom_notebook_has_no_solutions_and_runs(tmp_path):
    teacher = nbformat.read(NOTEBOOK, as_version=4)
    solutions = [cell for cell in teacher.cells if is_solution(cell)]
    assert len(solutions) >= 5, "the teacher notes must be in cells tagged 'solution'"
    student = strip_notebook(teacher)
    assert len(student.cells) == len(teacher.cells) - len(solutions)
    for cell in student.cells:
        if cell.cell_type == "code":
            assert "reveal=True" not in cell.source, cell.source
    path = tmp_path / NOTEBOOK.name
    nbformat.write(student, path)
    result = run_notebook(path)
    outputs = "\n".join(
        out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
        for cell in result.nb.cells
        if cell.cell_type == "code"
        for out in cell.outputs
    )
    assert "No answer yet" in outputs  # the exercises wait for the student's answers


@pytest.mark.notebooks
def test_teacher_solutions_in_classroom_notebook_are_right(tmp_path):
    """Every checker call in a solution cell must come back 'Right!'."""
    result = run_notebook(NOTEBOOK)
    checked = 0
    for cell in result.nb.cells:
        if cell.cell_type != "code" or not is_solution(cell) or "check_" not in cell.source:
            continue
        for out in cell.outputs:
            text = out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
            for line in text.splitlines():
                if line.startswith(("Right!", "Not quite", "No answer")):
                    checked += 1
                    assert line.startswith("Right!"), f"{cell.source}\n-> {line}"
    assert checked >= 5
