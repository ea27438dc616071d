"""The public API's promises: immutability, clear errors, undo/redo, and validated JSON."""

import json
import random

import pytest

import hoyito_edu as hy
from hoyito_edu import Reason


def test_public_names():
    assert set(hy.VARIANTS) == {"hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa"}
    pos = hy.new_game("hoyito-i")
    assert isinstance(pos.board, tuple) and len(pos.board) == 12
    assert pos.player == 0 and pos.captures == (0, 0)
    assert pos.legal_moves() == (0, 1, 2, 3, 4, 5)
    nxt = pos.play(3)
    assert (nxt.is_over, nxt.winner) == (False, None)
    assert issubclass(hy.IllegalMove, ValueError)


def test_positions_are_immutable_and_hashable():
    pos = hy.new_game("hoyito-ii")
    with pytest.raises(AttributeError):
        pos.board = (0,) * 12
    assert hash(pos) == hash(hy.new_game("hoyito-ii"))
    assert pos == hy.new_game("hoyito-ii")
    assert pos != hy.new_game("hoyito-iii")
    assert len({pos, hy.new_game("hoyito-ii"), pos.play(0)}) == 2


def test_board_drawing_shows_north_reversed_on_top():
    text = str(hy.new_game("hoyito-i", board=list(range(1, 13))))
    lines = text.splitlines()
    assert lines[1].split() == ["11", "10", "9", "8", "7", "6"]
    assert lines[2] == "     [12][11][10][ 9][ 8][ 7]"
    assert lines[3] == "     [ 1][ 2][ 3][ 4][ 5][ 6]"
    assert "South (0) captured 0  <- to move" in text
    assert repr(hy.new_game("ba-awa")).startswith("<Position ba-awa board=[4, 4")


def test_drawing_marks_closed_and_moved_holes_and_the_result():
    pos = hy.new_game("hoyito-i", board=[4] * 5 + [0] + [4] * 6, closed=[5])
    assert "[ x]" in str(pos) and "closed hole" in str(pos)
    owners = [0] * 6 + [0] + [1] * 5
    assert "[*4]" in str(hy.new_game("ba-awa", owners=owners))
    over = hy.new_game("hoyito-i", board=[1, 3] + [0] * 10).play(0)
    assert "Game over (all-captured): South wins 4-0" in str(over)


@pytest.mark.parametrize(
    "hole, message",
    [
        (6, "hole 6 is not yours: it belongs to North and South is to move; legal moves: 0, 1, 2"),
        (3, "hole 3 is empty; legal moves: 0, 1, 2"),
        (12, "hole 12 is out of range 0..11; legal moves: 0, 1, 2"),
        (-1, "hole -1 is out of range"),
        ("2", "hole '2' is not a hole number; legal moves: 0, 1, 2"),
        (1.5, "hole 1.5 is not a hole number"),
        (True, "hole True is not a hole number"),
    ],
)
def test_illegal_moves_say_why_and_list_the_legal_moves(hole, message):
    pos = hy.new_game("hoyito-i", board=[1, 2, 3, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    with pytest.raises(hy.IllegalMove) as err:
        pos.play(hole)
    assert message in str(err.value)
    assert pos.board == (1, 2, 3, 0, 0, 0, 1, 1, 1, 1, 1, 1)


def test_illegal_move_carries_the_hole_and_the_legal_moves():
    with pytest.raises(hy.IllegalMove) as err:
        hy.new_game("hoyito-i").play(7)
    assert err.value.hole == 7 and err.value.legal == (0, 1, 2, 3, 4, 5)


def test_closed_hole_and_game_over_are_named():
    pos = hy.new_game("hoyito-i", board=[0, 1, 1, 1, 1, 1] + [1] * 6, closed=[0])
    with pytest.raises(hy.IllegalMove, match="hole 0 is closed for this game"):
        pos.play(0)
    over = hy.new_game("hoyito-i", board=[1, 3] + [0] * 10).play(0)
    with pytest.raises(hy.IllegalMove, match=r"the game is over \(all-captured\)"):
        over.play(1)


def test_numpy_integers_are_accepted_as_holes_and_counts():
    np = pytest.importorskip("numpy")
    pos = hy.new_game("hoyito-i", board=np.full(12, 4))
    assert pos.play(np.int64(2)) == pos.play(2)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"board": [4] * 11}, "even number of holes"),
        ({"board": [4] * 10}, "played on 2x6 to 2x12; got a board of 2x5"),
        ({"board": [4] * 26}, "got a board of 2x13"),
        ({"board": [4] * 11 + [-1]}, "hole 11 cannot be negative"),
        ({"board": [4] * 11 + [1.5]}, "hole 11 must be a whole number of seeds, not 1.5"),
        ({"board": [4] * 11 + ["4"]}, "hole 11 must be a whole number"),
        ({"board": "444444444444"}, "board must be a list"),
        ({"board": 12}, "board must be a list"),
        ({"holes_per_row": 13}, "holes_per_row=13"),
        ({"holes_per_row": 6.0}, "holes_per_row must be a whole number"),
        ({"board": [4] * 12, "holes_per_row": 7}, "board has 12 holes but holes_per_row=7"),
        ({"player": 2}, "player must be 0 (South) or 1 (North)"),
        ({"captures": (1,)}, "captures must be a pair"),
        ({"closed": [0], "board": [4] * 12}, "closed hole 0 must be empty"),
        ({"closed": [12]}, "closed hole 12 is not a hole number 0..11"),
        ({"owners": [0] * 12}, "only Ba-awa moves owners"),
        ({"round": 0}, "round must be a whole number from 1"),
        ({"bogus": True}, "unknown option(s) bogus"),
        ({"skip_origin": "yes"}, "option skip_origin must be True or False"),
    ],
)
def test_malformed_set_ups_are_clear_value_errors(kwargs, message):
    with pytest.raises(ValueError) as err:
        hy.new_game("hoyito-i", **kwargs)
    assert message in str(err.value)


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(ValueError, match="unknown variant 'oware'; the known variants are"):
        hy.new_game("oware")
    assert hy.new_game("Hoyito-II").rules.name == "hoyito-ii"


def test_game_undo_redo_and_history():
    game = hy.Game("hoyito-ii")
    first = game.play(0)
    game.play(game.position.legal_moves()[0])
    assert game.holes() == [0, first.after.legal_moves()[0]]
    assert game.undo().hole == first.after.legal_moves()[0]
    assert game.position == first.after and game.can_redo
    game.redo()
    assert len(game.moves) == 2 and not game.can_redo
    game.undo()
    game.play(first.after.legal_moves()[-1])  # a new move clears the redo stack
    assert not game.can_redo
    game.undo(), game.undo()
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    assert game.position == game.start
    game.redo()
    assert game.holes() == [0]


def test_game_failed_play_changes_nothing():
    game = hy.Game("hoyito-i")
    game.play(0)
    game.play(6)
    game.undo()
    with pytest.raises(hy.IllegalMove):
        game.play(0)  # North to move
    assert game.holes() == [0] and game.can_redo
    with pytest.raises(hy.IllegalMove, match="move 3 of the list: hole 99 is out of range"):
        game.play_all([7, 3, 99])
    assert game.holes() == [0] and game.can_redo


def random_game(variant, seed, n=6, max_moves=400):
    rng = random.Random(seed)
    game = hy.Game(variant, holes_per_row=n)
    while not game.is_over and len(game.moves) < max_moves:
        game.play(rng.choice(game.position.legal_moves()))
    return game


@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_game_json_round_trip_and_files(variant, tmp_path):
    game = random_game(variant, 1)
    path = game.save(tmp_path / "game.json")
    loaded = hy.Game.load(path)
    assert loaded.holes() == game.holes()
    assert loaded.position == game.position
    assert hy.Game.from_json(game.to_json()).position == game.position
    assert json.loads(path.read_text())["format"] == "hoyito_edu.game"


def test_options_are_saved():
    game = hy.Game("hoyito-ii", skip_origin=True, chain_opponent_side_only=True)
    loaded = hy.Game.from_json(game.to_json())
    assert loaded.rules.skip_origin and loaded.rules.chain_opponent_side_only


def corrupt(change):
    data = random_game("hoyito-i", 2).to_dict()
    change(data)
    return data


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(version=2), "version 2 is not supported"),
        (lambda d: d.update(format="chess"), "format is 'chess'"),
        (lambda d: d.update(variant="oware"), "variant 'oware' is unknown"),
        (lambda d: d.pop("moves"), "missing moves"),
        (lambda d: d.update(extra=1), "unknown field(s) extra"),
        (lambda d: d["start"].update(board=[4] * 11 + [-4]), "start: hole 11 cannot be negative"),
        (lambda d: d["start"].update(board=[4] * 13), "even number of holes"),
        (lambda d: d["start"].update(player="south"), "start: player must be 0"),
        (lambda d: d["moves"].insert(0, 7), "move 1 (hole 7) is illegal: hole 7 is not yours"),
        (lambda d: d["moves"].append(0), "is illegal"),
        (lambda d: d.update(moves="0 1 2"), "moves must be a list of hole numbers"),
        (lambda d: d["result"].update(captures=[48, 0]), "the file says captures = [48, 0]"),
        (lambda d: d.update(options={"fast": True}), "unknown option 'fast'"),
        (lambda d: d.update(start=[1, 2]), "start must be a JSON object"),
    ],
)
def test_loading_validates_everything_and_says_what_is_wrong(change, message):
    with pytest.raises(hy.FormatError) as err:
        hy.Game.from_dict(corrupt(change))
    assert message in str(err.value)


def test_loading_bad_text_and_missing_files(tmp_path):
    with pytest.raises(hy.FormatError, match="not valid JSON"):
        hy.Game.from_json("{not json")
    with pytest.raises(hy.FormatError, match="cannot read"):
        hy.Game.load(tmp_path / "missing.json")
    with pytest.raises(hy.FormatError, match="must be a JSON object"):
        hy.Game.from_json("[1, 2]")


def test_save_does_not_leave_a_half_written_file(tmp_path):
    game = random_game("ba-awa", 3)
    target = tmp_path / "g.json"
    game.save(target)
    assert not (tmp_path / "g.json.tmp").exists()
    assert hy.Game.load(target).holes() == game.holes()


def test_move_record_summary():
    move = hy.new_game("hoyito-ii", board=[3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3]).sow(4)
    assert move.taken == (8, 0) and move.extra_turn and move.laps == 2
    assert move.seeds_lifted == 3 + 5
    assert repr(move) == "<Move South sows 4: 2 laps, took 8-0, extra turn, South to move>"
    assert [e.kind for e in move.events].count("drop") == move.drops == 8


def test_events_to_and_from_dicts():
    from hoyito_edu.events import event_from_dict, event_to_dict

    move = random_game("hoyito-i", 4).moves[-1]
    for event in move.events:
        data = event_to_dict(event)
        json.dumps(data)
        assert event_from_dict(data) == event
    with pytest.raises(ValueError, match="not an event"):
        event_from_dict({"kind": "teleport"})


def test_explain_agrees_with_play():
    rng = random.Random(8)
    for variant in hy.VARIANTS:
        pos = hy.new_game(variant)
        for _ in range(60):
            if pos.is_over:
                break
            hints = hy.explain_all(pos)
            assert set(hints) == set(pos.legal_moves())
            hole = rng.choice(pos.legal_moves())
            hint, after = hints[hole], pos.play(hole)
            assert hint.move.after == after
            assert hint.seeds_left == after.seeds_on_board
            assert hint.next_player == (None if after.is_over else after.player)
            taken = tuple(after.captures[p] - pos.captures[p] for p in (0, 1))
            assert hint.taken == taken
            assert f"sows hole {hole}" in hint.text
            pos = after


def test_explain_text_names_captures_and_extra_turns():
    pos = hy.new_game("hoyito-ii", board=[3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3])
    text = hy.explain(pos, 4).text
    assert "South takes 4 from hole 0 (last-seed casa)" in text
    assert "South takes 4 from hole 11 (chain)" in text
    assert text.endswith("South captured with the last seed and plays again.")
    ended = hy.explain(hy.new_game("hoyito-i", board=[1, 3] + [0] * 10), 0)
    assert ended.game_over.reason == Reason.ALL_CAPTURED
    assert "The game ends (all-captured): South wins, 4-0." in ended.text
