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


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(extra=1), "tiene campos desconocidos: extra"),
        (
            lambda d: d.update(options={"fast": True}),
            "options tiene una opción desconocida, 'fast'",
        ),
        (lambda d: d.update(moves="0 1 2"), "moves tiene que ser una lista de números de hoyo"),
        (lambda d: d.update(start=[1, 2]), "start tiene que ser un objeto JSON, no list"),
        (lambda d: d.update(version=9), "la versión 9 no se puede leer"),
    ],
)
def test_a_teacher_reads_what_is_wrong_with_a_file_in_spanish(change, message):
    try:
        hy.set_language("es")
        with pytest.raises(hy.FormatError) as err:
            hy.Game.from_dict(corrupt(change))
    finally:
        hy.set_language("en")
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)  # the error types stay the same


def test_the_text_board_and_a_bad_move_in_a_file_speak_spanish():
    game = hy.Game("hoyito-i")
    game.play_all([0, 6])
    saved = game.to_dict()
    saved["moves"] = [0, 0]  # the second move is North's turn: hole 0 is South's
    over = hy.new_game("hoyito-i", board=[1, 3] + [0] * 10).play(0)
    closed = hy.new_game("hoyito-i", board=[4] * 5 + [0] + [4] * 6, closed=[5])
    try:
        hy.set_language("es")
        board = str(game.position)
        with pytest.raises(hy.FormatError) as err:
            hy.Game.from_dict(saved)
        ending, legend = str(over), str(closed)
    finally:
        hy.set_language("en")
    assert "Norte (1) comió 12" in board and "Sur (0) comió 0  <- le toca" in board
    assert "Fin de la partida (all-captured): gana Sur 4-0" in ending
    assert "[ x] = hoyo cerrado" in legend
    assert str(err.value).startswith("la jugada 2 (hoyo 0) no vale: el hoyo 0 no es tuyo")
    assert "North (1) captured 12" in str(game.position)  # English again after the session


def test_a_student_calling_the_api_wrongly_is_told_in_spanish():
    game = hy.Game("hoyito-i")
    match = hy.Match("hoyito-i")
    try:
        hy.set_language("es")
        with pytest.raises(ValueError, match="^no hay nada que deshacer"):
            game.undo()
        with pytest.raises(hy.IllegalMove, match="^jugada 2 de la lista: "):
            game.play_all([0, 0])
        with pytest.raises(ValueError, match="^la partida actual todavía no ha terminado$"):
            match.next_round()
    finally:
        hy.set_language("en")
    assert game.moves == ()  # play_all left the game as it was


def test_bad_text_and_missing_files_in_spanish(tmp_path):
    try:
        hy.set_language("es")
        with pytest.raises(hy.FormatError, match="^no es JSON válido: "):
            hy.Game.from_json("{not json")
        with pytest.raises(hy.FormatError, match="^no se puede leer .*missing.json"):
            hy.Game.load(tmp_path / "missing.json")
        with pytest.raises(hy.FormatError, match=r"^no es texto UTF-8: byte 0xff en la posición 0"):
            hy.Game.from_json(b"\xff")
        with pytest.raises(hy.FormatError, match="la clave 'moves' aparece dos veces"):
            hy.Game.from_json('{"moves": [], "moves": []}')
    finally:
        hy.set_language("en")
    with pytest.raises(hy.FormatError, match="^not valid JSON"):  # English again
        hy.Game.from_json("{not json")


def test_save_does_not_leave_a_half_written_file(tmp_path):
    game = random_game("ba-awa", 3)
    target = tmp_path / "g.json"
    game.save(target)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert hy.Game.load(target).holes() == game.holes()


def saved_texts():
    """Valid saves of each kind the loaders read, for the malformed-file cases below."""
    match = hy.Match("hoyito-i")
    while not match.game.is_over:
        match.play(match.position.legal_moves()[0])
    return {
        "game": random_game("hoyito-ii", 5).to_dict(),
        "match": match.to_dict(),
        "ba-awa match": hy.Match("ba-awa").to_dict(),
    }


def edited(kind, change):
    data = json.loads(json.dumps(saved_texts()[kind]))
    change(data)
    return json.dumps(data)


def load_text(kind, text):
    loader = hy.Game if kind == "game" else hy.Match
    return loader.from_json(text)


@pytest.mark.parametrize(
    "kind, text, message",
    [
        ("game", lambda: edited("game", lambda d: d.update(variant=[])), "variant [] is unknown"),
        ("game", lambda: edited("game", lambda d: d["start"].update(closed=None)), "closed must"),
        ("game", lambda: edited("game", lambda d: d["start"].update(owners="ab")), "owners must"),
        ("game", lambda: edited("game", lambda d: d["start"].update(starter=None)), "not be null"),
        (
            "match",
            lambda: edited("match", lambda d: d["result"].update(holdings=None)),
            "the file says holdings None",
        ),
        ("game", lambda: "[" * 1000 + "]" * 1000, "nested deeper than 16 levels"),
        ("game", lambda: "[" * 100 + "]" * 100, "nested deeper than 16 levels"),
        ("game", lambda: '{"format": ' + "7" * 5000 + "}", "5,000 digits; saved numbers have"),
        ("game", lambda: b'{"format": "\xff"}'.replace(b"\\xff", b"\xff"), "not UTF-8 text"),
        (
            "game",
            lambda: edited("game", lambda d: d["start"].update(player=float("nan"))),
            "NaN is not a number JSON allows",
        ),
        (
            "game",
            lambda: edited("game", lambda d: d["options"].update(max_laps=float("inf"))),
            "Infinity is not a number JSON allows",
        ),
        (
            "game",
            lambda: edited("game", lambda d: None)[:-1] + ', "moves": []}',
            "the key 'moves' appears twice",
        ),
        ("game", lambda: " " * (hy.engine.saving.MAX_FILE_BYTES + 1), "at most 4,194,304 bytes"),
        ("game", lambda: edited("game", lambda d: d.update(version=True)), "version True is not"),
        ("game", lambda: edited("game", lambda d: d.update(version=1.0)), "version 1.0 is not"),
        (
            "ba-awa match",
            lambda: edited("ba-awa match", lambda d: d["settings"].update(winner_starts="no")),
            "winner_starts must be true or false, not 'no'",
        ),
        (
            "match",
            lambda: edited("match", lambda d: d["settings"].update(target=12)),
            "target and winner_starts are Ba-awa settings",
        ),
        (
            "ba-awa match",
            lambda: edited("ba-awa match", lambda d: d["settings"].update(target=11.0)),
            "target must be a whole number of holes",
        ),
        (
            "game",
            lambda: edited("game", lambda d: d["start"].update(board=[200] + [0] * 11)),
            "hole 0 is 200 seeds; a position holds at most 192",
        ),
        (
            "game",
            lambda: edited("game", lambda d: d["start"].update(board=[17] * 12)),
            "204 seeds in all (board, captures and surplus); at most 192",
        ),
        ("game", lambda: edited("game", lambda d: d.update(moves=["0"])), "list of hole numbers"),
        ("game", lambda: edited("game", lambda d: d.update(moves=[True])), "list of hole numbers"),
        ("game", lambda: edited("game", lambda d: d.update(moves=[10**60])), "move 1 (hole 1000"),
        (
            "game",
            lambda: edited("game", lambda d: d["options"].update(max_laps="5")),
            "option max_laps must be a whole number from 1, or null for no limit, not '5'",
        ),
        (
            "game",
            lambda: edited("game", lambda d: d["options"].update(quiet_limit=2.5)),
            "option quiet_limit must be a whole number from 1",
        ),
        (
            "game",
            lambda: edited("game", lambda d: d["options"].update(skip_origin=1)),
            "option skip_origin must be true or false, not 1",
        ),
        ("game", lambda: edited("game", lambda d: d["result"].update(over=0)), "over = 0"),
        (
            "match",
            lambda: edited("match", lambda d: d["rounds"].append(None)),
            "round 2 must be a JSON object",
        ),
    ],
)
def test_malformed_files_are_format_errors_that_say_what_is_wrong(kind, text, message):
    with pytest.raises(hy.FormatError) as err:
        load_text(kind, text())
    assert message in str(err.value)


@pytest.mark.parametrize(
    "data, message",
    [
        (None, "a saved game must be a JSON object, not NoneType"),
        ({1: 2}, "has a key 1 that is not text"),
        ({"format": {1, 2}}, "format is a set; a saved file holds only JSON values"),
        ({"format": 10**200}, "format has more than 100 digits"),
        ({"format": [[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]}, "nested deeper than 16 levels"),
    ],
)
def test_from_dict_takes_any_python_value(data, message):
    with pytest.raises(hy.FormatError) as err:
        hy.Game.from_dict(data)
    assert message in str(err.value)


def test_from_dict_refuses_values_that_refer_to_themselves_or_are_too_large():
    data = random_game("hoyito-i", 2).to_dict()
    loop = []
    loop.append(loop)
    with pytest.raises(hy.FormatError, match="nested deeper"):
        hy.Game.from_dict({**data, "moves": loop})
    wide = [0] * 1000
    for _ in range(4):
        wide = [wide] * 1000  # shares its parts: 10**15 values in a few kB of memory
    with pytest.raises(hy.FormatError, match="more than 2,097,152 values"):
        hy.Game.from_dict({**data, "moves": wide})


def test_bad_bytes_files_and_paths_are_format_errors(tmp_path):
    path = tmp_path / "g.json"
    path.write_bytes(b"\xff\xfe{\x00}")
    with pytest.raises(hy.FormatError, match="not UTF-8 text: byte 0xff at position 0"):
        hy.Game.load(path)
    path.write_bytes(b"{" * 5_000_000)
    with pytest.raises(hy.FormatError, match="larger than 4,194,304 bytes"):
        hy.Match.load(path)
    with pytest.raises(hy.FormatError, match="cannot read"):
        hy.Game.load(tmp_path)
    with pytest.raises(hy.FormatError, match="path must be a str or pathlib.Path"):
        hy.Game.load(3)
    with pytest.raises(hy.FormatError, match="JSON text must be a str or bytes"):
        hy.Game.from_json(None)


def test_a_utf8_byte_order_mark_is_allowed(tmp_path):
    game = random_game("hoyito-iii", 6)
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + game.to_json().encode())
    assert hy.Game.load(path).holes() == game.holes()
    assert hy.Game.from_json(game.to_json().encode()).holes() == game.holes()


LONG_RELAY = [0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4]  # 2.3e9 laps


def test_a_file_without_a_lap_limit_cannot_hold_an_endless_relay():
    game = hy.Game("hoyito-ii", board=LONG_RELAY, player=1, max_laps=None)
    data = game.to_dict()
    data["moves"] = [11]  # North sows 11: a relay of about 2.3 x 10^9 laps
    del data["result"]
    with pytest.raises(hy.FormatError, match="move 1 .hole 11. runs for more than 50,000 laps"):
        hy.Game.from_dict(data)


def test_games_without_a_lap_limit_still_load_with_their_rules():
    game = random_game("hoyito-ii", 7)
    free = hy.Game(start=hy.new_game("hoyito-ii", max_laps=None))
    free.play_all(game.holes())
    loaded = hy.Game.from_json(free.to_json())
    assert loaded.rules.max_laps is None and loaded.holes() == game.holes()
    assert loaded.position == free.position
    rng = random.Random(3)
    match = hy.Match("hoyito-iii", max_laps=None)
    while not match.is_over:  # 4 rounds
        if match.game.is_over:
            match.next_round()
        match.play(rng.choice(match.position.legal_moves()))
    again = hy.Match.from_json(match.to_json())
    assert again.rules.max_laps is None and again.to_dict() == match.to_dict()


def test_save_replaces_the_file_in_one_step_with_a_unique_temporary_file(tmp_path, monkeypatch):
    import threading

    target = tmp_path / "shared.json"
    games = [random_game("hoyito-i", seed) for seed in range(6)]
    errors = []

    def save_many(game):
        try:
            for _ in range(15):
                game.save(target)
        except Exception as err:  # pragma: no cover - the failure this test looks for
            errors.append(err)

    threads = [threading.Thread(target=save_many, args=(g,)) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert hy.Game.load(target).holes() in [g.holes() for g in games]
    assert [p.name for p in tmp_path.iterdir()] == ["shared.json"]


def test_a_failed_save_keeps_the_old_file_and_leaves_nothing_behind(tmp_path, monkeypatch):
    import os

    target = tmp_path / "g.json"
    old = random_game("hoyito-i", 1)
    old.save(target)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        random_game("hoyito-i", 2).save(target)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert hy.Game.load(target).holes() == old.holes()


def test_saving_onto_a_folder_is_a_clear_error_with_no_leftovers(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    with pytest.raises(IsADirectoryError, match="it is a folder; give a file name"):
        random_game("hoyito-i", 1).save(folder)
    assert list(folder.iterdir()) == [] and [p.name for p in tmp_path.iterdir()] == ["games"]
    with pytest.raises(FileNotFoundError, match="the folder .* does not exist"):
        random_game("hoyito-i", 1).save(tmp_path / "missing" / "g.json")


def test_saving_through_a_symlink_writes_the_file_it_points_to(tmp_path):
    real = tmp_path / "real" / "game.json"
    real.parent.mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(real)
    game = random_game("hoyito-ii", 2)
    assert game.save(link) == link
    assert link.is_symlink() and real.is_file()
    assert hy.Game.load(real).holes() == game.holes()
    assert [p.name for p in real.parent.iterdir()] == ["game.json"]


def test_saving_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    target = tmp_path / "g.json"
    target.write_text("{}")
    target.chmod(0o640)
    random_game("hoyito-i", 1).save(target)
    assert target.stat().st_mode & 0o777 == 0o640


def test_an_unwritable_folder_is_a_clear_error(tmp_path, monkeypatch):
    import tempfile

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(PermissionError, match="the folder .* is not writable"):
        random_game("hoyito-i", 1).save(tmp_path / "g.json")


@pytest.mark.skipif(
    not hasattr(__import__("os"), "geteuid") or __import__("os").geteuid() == 0,
    reason="root may write to any folder",
)
def test_a_read_only_folder_is_a_clear_error(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(PermissionError, match="is not writable"):
            random_game("hoyito-i", 1).save(folder / "g.json")
    finally:
        folder.chmod(0o700)


def test_move_record_summary():
    move = hy.new_game("hoyito-ii", board=[3, 1, 6, 1, 3, 0, 3, 4, 2, 0, 2, 3]).sow(4)
    assert move.taken == (8, 0) and move.extra_turn and move.laps == 2
    assert move.seeds_lifted == 3 + 5
    assert repr(move) == "<Move South sows 4: 2 laps, took 8-0, extra turn, South to move>"
    assert [e.kind for e in move.events].count("drop") == move.drops == 8


def test_events_to_and_from_dicts():
    from hoyito_edu.engine.events import event_from_dict, event_to_dict

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
    assert "South takes one casa (4 seeds)." in text
    assert "South takes one more four in the chain (4 seeds)." in text
    assert text.endswith("South captured with the last seed and plays again.")
    ended = hy.explain(hy.new_game("hoyito-i", board=[1, 3] + [0] * 10), 0)
    assert ended.game_over.reason == Reason.ALL_CAPTURED
    assert "The game ends: South wins 4-0. The last capture left no seeds" in ended.text


@pytest.mark.parametrize("field", ["owners", "closed", "captures", "surplus", "board"])
@pytest.mark.parametrize("value", [5, "ab", {"a": 1}, 2.5])
def test_a_set_up_field_of_the_wrong_shape_is_a_value_error_naming_it(field, value):
    with pytest.raises(ValueError, match=field.rstrip("s")):
        hy.new_game("ba-awa", **{field: value})


def test_a_game_from_a_start_position_checks_it():
    start = hy.new_game("hoyito-ii")
    assert hy.Game("hoyito-ii", start=start).start is start
    with pytest.raises(ValueError, match="does not match"):
        hy.Game("ba-awa", start=start)
    with pytest.raises(ValueError, match="start must be a Position"):
        hy.Game(start=[4] * 12)
    with pytest.raises(hy.IllegalMove, match="list of hole numbers"):
        hy.Game().play_all(3)
    with pytest.raises(ValueError, match="explain needs a Position"):
        hy.explain("board", 0)


@pytest.mark.parametrize("limit", [0, -1, 10**9 + 1, 2**63, 1.0, True, "5"])
def test_lap_and_quiet_limits_outside_their_range_are_refused(limit):
    for option in ("max_laps", "quiet_limit"):
        with pytest.raises(ValueError, match=f"{option} must be a whole number from 1 to"):
            hy.new_game("hoyito-i", **{option: limit})


def test_two_threads_playing_one_game_never_fork_its_history():
    import sys
    import threading

    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, to provoke races
    try:
        for round_number in range(20):
            game = hy.Game("hoyito-iii", quiet_limit=300)

            def play(seed, game=game):
                rng = random.Random(seed)
                for _ in range(400):
                    legal = game.position.legal_moves()
                    if not legal:
                        return
                    try:
                        game.play(rng.choice(legal))
                    except hy.IllegalMove:
                        pass  # the other thread moved first: the hole may no longer be legal

            threads = [threading.Thread(target=play, args=(round_number * 2 + i,)) for i in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            moves = game.moves
            assert all(a.after is b.before for a, b in zip(moves, moves[1:], strict=False))
            again = hy.Game.from_json(game.to_json())
            assert again.holes() == game.holes() and again.position == game.position
    finally:
        sys.setswitchinterval(old_interval)


def test_threads_playing_on_from_one_position_each_keep_their_own_history():
    # Position.play appends to a trail shared by the positions of a line of play (one of the
    # two threads plays on in place, the other from a copy); two threads playing on from the
    # same position at once must still get the histories (and so the repetition counts) of a
    # single-threaded run.
    import sys
    import threading

    def line(pos, pick):  # twelve plies, each the first or the last legal move
        for _ in range(12):
            if pos.is_over:
                break
            pos = pos.play(pick(pos.legal_moves()))
        return pos

    picks = (min, max)
    board = [1, 2, 0, 1, 0, 0, 0, 1, 0, 2, 1, 0]  # eleven plies without a capture either way
    expected = [line(hy.new_game("hoyito-i", board=board), pick) for pick in picks]
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, to provoke races
    try:
        for _ in range(100):
            start, ends = hy.new_game("hoyito-i", board=board), [None, None]
            ready = threading.Barrier(2)

            def run(i, start=start, ends=ends, ready=ready):
                ready.wait()  # both start at once
                ends[i] = line(start, picks[i])

            threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            for end, want in zip(ends, expected, strict=True):
                assert end == want and end.quiet_plies == want.quiet_plies
                assert end.history_since_capture() == want.history_since_capture()
    finally:
        sys.setswitchinterval(old_interval)


@pytest.mark.parametrize(
    "change",
    [
        {"chain": "yes"},
        {"min_holes_per_row": 6.0},
        {"max_holes_per_row": 40},
        {"title": None},
        {"last_four_to_previous_winner_from_round": 0},
        {"max_laps": 0},
    ],
)
def test_rules_built_by_hand_check_their_fields(change):
    from dataclasses import asdict

    fields = asdict(hy.VARIANTS["hoyito-ii"]) | change
    with pytest.raises(ValueError, match=next(iter(change))):
        hy.Rules(**fields)
