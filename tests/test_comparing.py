"""CompareRules' logic: a typed board read or refused in plain words, and one move compared
under rule sets and rule options, every figure taken from the engine."""

from __future__ import annotations

import pytest

import hoyito_edu as hy
from hoyito_edu.teaching.comparing import EXAMPLE_BOARD, as_table, compare, differing, parse_board
from hoyito_edu.teaching.words import COLUMNS

# -- parse_board ------------------------------------------------------------------------------


def test_spaces_commas_and_both_are_read_in_ring_order():
    counts = (4, 4, 0, 5, 4, 4, 4, 4, 4, 4, 4, 3)
    assert parse_board("4 4 0 5 4 4 4 4 4 4 4 3", 6) == counts
    assert parse_board(" 4,4,0,5, 4, 4\n4 4 4 4 4 3 ", 6) == counts
    assert parse_board(" ".join(["1"] * 18), None) == (1,) * 18


@pytest.mark.parametrize(
    "text, says",
    [
        (
            "4 4 banana 4 4 4 4 4 4 4 4 4",
            "The 3rd entry you typed, “banana”, is not a number of seeds",
        ),
        ("4 -2 4 4 4 4 4 4 4 4 4 4", "The 2nd entry you typed, “-2”, is not a number of seeds"),
        ("4 4 4 4.5 4 4 4 4 4 4 4 4", "The 4th entry you typed, “4.5”, is not a number of seeds"),
        ("4 4 4 4 4 4 4 4 4 4 4 400", "The 12th entry you typed, 400, is more seeds than a whole"),
        ("4 4 4", "This board has 12 holes (two rows of 6), but you typed 3 numbers."),
        ("4", "This board has 12 holes (two rows of 6), but you typed one number."),
        ("", "Type the seeds in each hole"),
        (" , ", "Type the seeds in each hole"),
        ("20 " * 12, "That board holds 240 seeds in all; at most 192 are allowed."),
        ("0 " * 12, "That board has no seeds"),
    ],
)
def test_a_bad_board_is_explained_in_one_plain_sentence(text, says):
    with pytest.raises(ValueError) as caught:
        parse_board(text, 6)
    message = str(caught.value)
    assert says in message
    assert "invalid literal" not in message and "base 10" not in message
    if "is not a number" in says:  # what to type instead, with no seed limit to puzzle over
        assert message.endswith(
            "type whole numbers such as 0, 4 or 12, separated by spaces or commas."
        )


def test_without_a_size_any_even_count_from_12_to_24_is_allowed():
    with pytest.raises(ValueError, match="even number of seed counts, from 12 to 24.*typed 13"):
        parse_board("1 " * 13, None)
    with pytest.raises(ValueError, match="holes_per_row must be a whole number from 6 to 12"):
        parse_board("1 " * 12, 13)


# -- compare --------------------------------------------------------------------------------


def test_each_row_is_the_engines_move_under_that_rule_set():
    rows = compare(list(EXAMPLE_BOARD), 3)
    assert [r.rules for r in rows] == ["Hoyito I", "Hoyito II", "Hoyito III", "Ba-awa"]
    for row, variant in zip(rows, hy.VARIANTS, strict=True):
        move = hy.new_game(variant, board=EXAMPLE_BOARD).sow(3)
        assert (row.laps, row.seeds_sown) == (move.laps, move.drops)
        assert (row.south_took, row.north_took) == move.taken
        assert row.seeds_left == move.after.seeds_on_board
    # the example was chosen so that the four rule sets differ
    assert len({(r.south_took, r.north_took, r.next_turn) for r in rows}) == 4
    assert "happened" in differing(rows)


def test_rule_options_get_their_own_rows_with_plain_labels():
    rows = compare(
        EXAMPLE_BOARD,
        3,
        variants=["hoyito-i", "hoyito-ii"],
        options=[{}, {"skip_origin": True}, {"chain_opponent_side_only": True}, {"max_laps": 2}],
    )
    labels = [r.rules for r in rows]
    assert labels == [
        "Hoyito I",
        "Hoyito I: skip the starting hole",
        "Hoyito I: chain on the other side only",
        "Hoyito I: stop after 2 laps",
        "Hoyito II",
        "Hoyito II: skip the starting hole",
        "Hoyito II: chain on the other side only",
        "Hoyito II: stop after 2 laps",
    ]
    by_label = dict(zip(labels, rows, strict=True))
    skip = hy.new_game("hoyito-i", board=EXAMPLE_BOARD, skip_origin=True).sow(3)
    assert by_label["Hoyito I: skip the starting hole"].south_took == skip.taken[0]
    assert by_label["Hoyito I: chain on the other side only"].laps is None
    assert by_label["Hoyito I: chain on the other side only"].happened == (
        "does not apply: Hoyito I has no chain"
    )
    limited = by_label["Hoyito II: stop after 2 laps"]
    assert limited.laps == 2 and "stopped at 2 laps" in limited.happened
    assert "each takes own side" in limited.happened and limited.next_turn.startswith("game over")


def test_a_chain_and_an_extra_turn_are_named_in_short_cells():
    rows = compare(EXAMPLE_BOARD, 3, variants=["hoyito-ii"])
    assert rows[0].happened == "casa, South takes 4; chain, South takes 4"
    assert rows[0].next_turn == "South again"


def test_every_cell_is_short_enough_not_to_be_clipped():
    options = [{}, {"skip_origin": True}, {"max_laps": 3}, {"chain_opponent_side_only": True}]
    for board in (EXAMPLE_BOARD, (4,) * 16):
        for hole in (0, 3):
            for row in compare(board, hole, options=options):
                for part in row.happened.split("; "):
                    assert len(part) <= 40, part
                assert len(row.next_turn) <= 40 and len(row.rules) <= 45
                assert ">" not in row.happened and "mid-sow" not in row.happened


def test_a_rule_set_that_cannot_play_the_board_says_why_in_its_row():
    rows = compare("4 " * 16, 0)
    ba_awa = rows[-1]
    assert ba_awa.happened == "Ba-awa is not played on 2x8" and ba_awa.move is None
    assert differing(rows) == []  # the three Hoyito rows agree on the opening


def test_the_table_has_plain_column_names_and_one_row_per_rule_set():
    table = as_table(compare(EXAMPLE_BOARD, 3, options=[{}, {"max_laps": 75}]))
    assert list(table.columns) == list(COLUMNS.values())
    assert "Seeds sown" in table.columns and "What happened" in table.columns
    assert len(table) == 8 and table["Rules"].iloc[1] == "Hoyito I: stop after 75 laps"


def test_a_position_carries_over_and_bad_arguments_are_clear_errors():
    pos = hy.new_game("hoyito-ii", board=EXAMPLE_BOARD, player=1, captures=(4, 0))
    rows = compare(pos, 6)
    assert all(r.move.before.captures == (4, 0) for r in rows)
    with pytest.raises(hy.IllegalMove, match="not yours"):
        compare(EXAMPLE_BOARD, 7)
    with pytest.raises(ValueError, match="unknown option.*spiral"):
        compare(EXAMPLE_BOARD, 3, options=[{"spiral": True}])
    with pytest.raises(ValueError, match="option max_laps must be a whole number"):
        compare(EXAMPLE_BOARD, 3, options=[{"max_laps": -1}])
    with pytest.raises(ValueError, match="unknown variant 'oware'"):
        compare(EXAMPLE_BOARD, 3, variants=["oware"])
    with pytest.raises(ValueError, match="The 1st entry you typed"):
        compare("x 4 4 4 4 4 4 4 4 4 4 4", 3)


def test_a_typed_board_and_the_table_in_spanish():
    from hoyito_edu.i18n import language

    with language("es"):
        with pytest.raises(ValueError, match="Este tablero tiene 12 hoyos .dos filas de 6., pero"):
            parse_board("4 4 4", 6)
        with pytest.raises(ValueError, match=r"^La 2\.ª entrada que escribiste, «x»"):
            parse_board("4 x 4", 6)
        rows = compare(EXAMPLE_BOARD, 3, variants=["hoyito-ii"],
                                 options=[{}, {"max_laps": 2}])
    assert [r.happened for r in rows] == [
        "casa, Sur come 4; cadena, Sur come 4",
        "se detuvo a las 2 tandas; cada uno se lleva su lado",
    ]
    assert rows[1].rules == "Hoyito II: detener después de 2 tandas"
    assert parse_board("4 4 4 4 4 4 4 4 4 4 4 4", 6)  # English again outside
    with pytest.raises(ValueError, match="This board has 12 holes"):
        parse_board("4 4 4", 6)
