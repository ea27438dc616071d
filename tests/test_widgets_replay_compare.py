"""Replay (a recorded game on the board component) and CompareRules (one hole sown under several
rules, one small board each): the models the page draws, driven by the page's messages."""

from __future__ import annotations

import json
import random

import pytest

import hoyito_edu as hy
from hoyito_edu.board.frames import MAX_FILM_FRAMES
from hoyito_edu.teaching import words

LAP_LIMIT_2X11 = hy.new_game(
    "hoyito-ii",
    board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4],
    player=1,
)  # North sows 11: 1,000 laps, then the lap limit stops the move

JARGON = ("casa>", "mid-sow", "drops (", "relays)", "eight-or-fewer", "invalid literal")


def recorded_game(variant: str = "hoyito-i", seed: int = 8) -> hy.Game:
    game = hy.Game(variant)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.position.legal_moves()))
    return game


def page_says(widget, kind: str, **content) -> None:
    """What the page sends when the person uses a control."""
    widget.receive({"type": kind, **content})


# -- Replay ----------------------------------------------------------------------------------
def test_replay_opens_at_the_end_with_the_ending_in_plain_words():
    game = recorded_game()
    replay = hy.Replay(game)
    told = words.outcome(game)
    assert replay.move == len(game.moves) == replay.view["replay"]["total"]
    assert replay.view["banner"]["title"] == told.title and told.why in replay.view["banner"]["why"]
    assert replay.status_text == told.text and replay.shown_board == game.position.board
    assert replay.view["last_move"] == game.moves[-1].hole
    assert replay.view["mode"] == "replay" and replay.view["playable"] == []
    assert [line for _, _, line in replay.move_lines] == [words.move_line(m) for m in game.moves]


def test_replay_goes_to_any_move_and_back_showing_the_engines_positions():
    game = recorded_game()
    replay = hy.Replay(game)
    for m, position in enumerate(game.positions()):
        page_says(replay, "goto", move=m)
        assert replay.shown_board == position.board and replay.move == m
        assert list(replay.view["captures"]) == list(position.captures)
        if 0 < m < len(game.moves):
            assert replay.status_text.startswith(f"Move {m} of {len(game.moves)}. ")
            assert replay.view["banner"] is None
            assert replay.view["last_move"] == game.moves[m - 1].hole
    page_says(replay, "action", name="start")
    assert replay.move == 0 and replay.view["last_move"] is None
    assert replay.status_text == "The start of the game: South to move."
    page_says(replay, "action", name="back")  # at the start already
    assert replay.move == 0
    page_says(replay, "action", name="end")
    page_says(replay, "action", name="back")
    assert replay.shown_board == game.moves[-2].after.board


def test_replay_sends_each_moves_film_once_when_going_forward():
    game = hy.Game("hoyito-ii")
    game.play_all([0, 6, 1])
    replay = hy.Replay(game)
    replay.goto_move(0)
    epoch = replay.view["game"]
    sent = []
    replay.send = sent.append  # what goes to the page
    for m in (1, 2, 3):
        page_says(replay, "action", name="forward")
        film = sent[-1]["film"]
        move = game.moves[m - 1]
        assert (film["ply"], film["player"], film["hole"]) == (m, move.player, move.hole)
        assert film["before"] == list(move.before.board) and film["after"] == list(move.after.board)
        assert replay.view["ply"] == m and replay.view["game"] == epoch  # animated, not a jump
    assert len(sent) == 3
    assert replay.forward() is False and len(sent) == 3
    replay.back()
    assert replay.view["game"] != epoch and len(sent) == 3  # a jump: shown at once, no film


def test_replay_plays_the_game_through_as_the_page_asks_for_each_move():
    game = recorded_game("hoyito-i", seed=3)
    replay = hy.Replay(game)
    sent = []
    replay.send = sent.append
    page_says(replay, "action", name="play")  # at the end: from the start again
    assert replay.playing and replay.view["playing"] and replay.move == 1
    page_says(replay, "next", ply=0)  # a stale request (an older move): ignored
    assert replay.move == 1
    while replay.playing:
        page_says(replay, "next", ply=replay.move)  # the page has shown this move
    assert replay.move == len(game.moves) == len(sent)
    assert [m["film"]["hole"] for m in sent] == game.holes()
    assert replay.view["banner"]["title"] == words.outcome(game).title
    page_says(replay, "next", ply=replay.move)
    assert len(sent) == len(game.moves)  # nothing after the end
    replay.goto_move(5)
    page_says(replay, "action", name="play")
    page_says(replay, "action", name="stop")
    assert not replay.playing and replay.move == 6
    page_says(replay, "next", ply=6)  # a request on its way when Stop was pressed
    assert replay.move == 6


def test_replay_loads_saved_games_and_matches_with_their_rounds(tmp_path):
    game = recorded_game("hoyito-iii", seed=2)
    replay = hy.Replay(game.save(tmp_path / "game.json"))
    assert replay.game.holes() == game.holes() and len(replay.view["replay"]["rounds"]) == 1
    assert replay.shown_board == game.position.board

    match = hy.Match("ba-awa")
    rng = random.Random(0)
    for _ in range(2):
        while not match.game.is_over:
            match.play(rng.choice(match.position.legal_moves()))
        if match.round == 1:
            match.next_round()
    replay = hy.Replay(str(match.save(tmp_path / "match.json")))
    assert replay.view["replay"]["rounds"] == [[1, "Round 1"], [2, "Round 2"]]
    assert replay.round == 2 and replay.view["territory"]
    owners = match.games[1].start.owners
    assert owners.count(0) == 8  # seed 0: South won round 1 by 32-16
    assert replay.view["owners"] == list(match.games[1].position.owners)
    page_says(replay, "round", round=1)
    assert replay.game.holes() == match.games[0].holes()
    page_says(replay, "goto", move=0)
    assert replay.shown_board == match.games[0].start.board
    with pytest.raises(ValueError, match="round must be from 1 to 2"):
        replay.show_round(3)

    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(hy.FormatError):
        hy.Replay(bad)


def test_replay_closed_holes_of_a_hoyito_match_are_drawn_closed(tmp_path):
    match = hy.Match("hoyito-i")
    rng = random.Random(4)
    while not match.game.is_over:
        match.play(rng.choice(match.position.legal_moves()))
    match.next_round()
    match.play(match.position.legal_moves()[0])
    replay = hy.Replay(match)
    closed = sorted(match.games[1].start.closed)
    assert closed and replay.view["closed"] == closed
    assert all(replay.view["board"][h] == 0 for h in closed)


def test_replay_films_a_thousand_lap_move_in_a_bounded_number_of_steps(tmp_path):
    game = hy.Game(start=LAP_LIMIT_2X11)
    game.play(11)
    replay = hy.Replay(game.save(tmp_path / "long.json"))
    south, north = game.position.outcome.score
    assert f"North wins {north}-{south}" in replay.status_text
    replay.goto_move(0)
    replay.forward()
    steps = replay.films_sent[-1]["steps"]
    assert len(steps) <= MAX_FILM_FRAMES
    skip = next(s for s in steps if s[0] == "skip")  # the page says: "... After 1,000 laps ..."
    assert skip[3:] == [1000, "limit", skip[5]] and skip[5] > 0
    assert "After {last:,} laps the move stops" in replay.texts["skip_limit"]
    assert next(s for s in steps if s[0] == "stop")[2:4] == ["limit", 1001]
    assert replay.films_sent[-1]["after"] == list(game.position.board)


def test_replay_of_a_game_ended_by_agreement_ends_with_the_agreement(tmp_path):
    game = hy.Game("hoyito-ii")
    game.play_all([3, 9, 0])
    game.end_by_agreement()
    replay = hy.Replay(game.save(tmp_path / "agreed.json"))
    assert replay.game.ended_by_agreement and replay.total == 4
    assert replay.shown_board == (0,) * 12 and "agreed to stop" in replay.move_lines[-1][2]
    assert replay.view["banner"]["title"] == words.outcome(game).title
    replay.back()
    assert replay.shown_board == game.moves[2].after.board and replay.view["banner"] is None
    sent = len(replay.films_sent)
    assert replay.forward() and len(replay.films_sent) == sent  # the agreement has no film
    assert replay.shown_board == (0,) * 12
    nothing = hy.Game("hoyito-i")
    nothing.end_by_agreement()
    replay = hy.Replay(nothing)
    assert replay.shown_board == (0,) * 12 and replay.view["banner"] is not None


def test_replay_bad_arguments_and_messages_say_what_is_allowed(tmp_path):
    game = recorded_game()
    for record in (5, None, [game], b"game.json"):
        with pytest.raises(ValueError, match="record must be a Game, a Match or the path"):
            hy.Replay(record)
    for speed in (1, None, ["fast"], "warp"):
        with pytest.raises(ValueError, match="speed must be one of off, slow, normal, fast"):
            hy.Replay(game, speed=speed)
    with pytest.raises(ValueError, match="speed must be one of"):
        hy.Replay(5, speed="warp")  # checked first: nothing else is looked at
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "hoyito_edu.game", "\xff\xfe": 1}')
    with pytest.raises(hy.FormatError):
        hy.Replay(bad)
    with pytest.raises(hy.FormatError):
        hy.Replay(tmp_path / "missing.json")
    replay = hy.Replay(game)
    before = dict(replay.view)
    for junk in ({"type": "click", "hole": 0}, {"type": "goto", "move": "x"}, "junk",
                 {"type": "action", "name": "undo"}, {"type": "round", "round": None}):
        replay.receive(junk)  # a picture, not a board to play on: nothing changes
    assert replay.view == before


# -- CompareRules ----------------------------------------------------------------------------
def test_compare_shows_each_rule_set_on_its_own_board_and_marks_what_differs():
    """Spec R2.5 on an explicit board: South sows hole 0 (2 seeds); the first seed makes hole 1
    a casa during the sowing. Hoyito I: the mover takes it; Ba-awa: the owner (South) takes
    it; Hoyito II and III: the four stay."""
    board = [2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4]
    compare = hy.CompareRules(board, hole=0)
    columns = compare.view["columns"]
    assert [c["title"] for c in columns] == [r.title for r in hy.VARIANTS.values()]
    assert [c["board"][1] for c in columns] == [0, 4, 4, 0]
    assert all(c["differ"] == [1] and c["last_move"] == 0 for c in columns)
    assert compare.differing_rows() == ["South took", "Seeds left", "What happened"]
    table = compare.view["table"]
    assert table["head"][:4] == ["Rules", "Laps", "Seeds sown", "South took"]
    assert [table["head"][j] for j in table["differs"]] == compare.differing_rows()
    assert [row[3] for row in table["rows"]] == ["4", "0", "0", "4"]
    assert table["differ_line"] == "The rules differ in: South took, Seeds left, What happened."
    films = compare.films_sent[-4:]
    for film, variant in zip(films, hy.VARIANTS, strict=True):
        assert film["hole"] == 0 and film["after"] == list(compare.result(variant).after.board)
    assert not any(word in json.dumps(compare.view) for word in JARGON)


def test_compare_sends_one_film_per_board_to_its_column():
    compare = hy.CompareRules()  # the example: all four differ
    sent = []
    compare.send = sent.append
    epoch = compare.view["columns"][0]["game"]
    page_says(compare, "action", name="again")
    assert [m["column"] for m in sent] == [0, 1, 2, 3]
    assert [m["film"]["after"] for m in sent] == [
        list(compare.result(v).after.board) for v in hy.VARIANTS
    ]
    assert compare.view["columns"][0]["game"] == epoch + 1  # the boards start the film again
    assert len({(compare.result(v).after.board, compare.result(v).taken) for v in hy.VARIANTS}) == 4


def test_compare_rule_options_get_a_board_each_with_plain_titles():
    compare = hy.CompareRules(
        variants=["hoyito-i", "hoyito-ii"],
        options=[{}, {"skip_origin": True}, {"chain_opponent_side_only": True}, {"max_laps": 2}],
    )
    titles = [c["title"] for c in compare.view["columns"]]
    assert titles == [
        "Hoyito I", "Hoyito I: skip the starting hole", "Hoyito I: chain on the other side only",
        "Hoyito I: stop after 2 laps", "Hoyito II", "Hoyito II: skip the starting hole",
        "Hoyito II: chain on the other side only", "Hoyito II: stop after 2 laps",
    ]
    chainless = compare.view["columns"][2]
    assert not chainless["played"] and "has no chain" in chainless["note"]
    with pytest.raises(ValueError, match="has no chain"):
        compare.result("hoyito-i", chain_opponent_side_only=True)
    skipped = compare.result("hoyito-ii", skip_origin=True)
    alone = hy.new_game("hoyito-ii", board=compare.position.board, skip_origin=True)
    assert skipped.after == alone.sow(compare.hole).after
    assert skipped.after != compare.result("hoyito-ii").after  # the option changes the result
    assert compare.view["columns"][6]["board"] == list(
        compare.result("hoyito-ii", chain_opponent_side_only=True).after.board
    )


def test_compare_chooses_a_hole_clicked_on_any_board():
    compare = hy.CompareRules([2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], hole=0)
    page_says(compare, "click", hole=1, column=3)
    assert compare.hole == 1 and compare.result("hoyito-i").hole == 1
    assert compare.view["form"]["hole"] == 1
    page_says(compare, "click", hole=7, column=0)  # North's hole: South is to move
    said = "Not a hole to compare: Hole 7 is North's, and it is South's turn."
    assert compare.notice_text == said
    assert compare.hole == 1 and all(c["playable"] == [] for c in compare.view["columns"])
    assert compare.view["notice"]["kind"] == "refused"
    page_says(compare, "hole", hole=0)
    assert compare.hole == 0 and compare.notice_text == ""


@pytest.mark.parametrize(
    "typed, sentence",
    [
        ("4 4 banana 4", "The 3rd entry you typed, “banana”, is not a number of seeds"),
        ("4 4 4", "Type an even number of seed counts, from 12 to 24"),
        ("", "Type the seeds in each hole"),
        ("0 " * 12, "That board has no seeds"),
        ("4 -4 4 4 4 4 4 4 4 4 4 4", "The 2nd entry you typed, “-4”, is not a number of seeds"),
    ],
)
def test_compare_explains_a_typed_board_it_cannot_use_in_one_sentence(typed, sentence):
    compare = hy.CompareRules()
    before = compare.position
    page_says(compare, "board", text=typed, player=0)
    assert compare.notice_text.startswith(sentence) or sentence in compare.notice_text
    assert compare.position is before and not any(w in compare.notice_text for w in JARGON)


def test_compare_takes_a_typed_2x8_board_and_says_what_cannot_be_compared():
    compare = hy.CompareRules()
    page_says(compare, "board", text="4 4 4 4 4 4 4 4, 4 4 4 4 4 4 4 4", player=1)
    assert compare.position.holes_per_row == 8 and compare.hole == 8
    assert compare.view["form"]["text"] == " ".join(["4"] * 16) and compare.notice_text == ""
    ba_awa = compare.view["columns"][3]
    assert not ba_awa["played"] and "not played on 2x8" in ba_awa["note"]
    assert ba_awa["playable"] == [] and ba_awa["last_move"] is None  # drawn as not in play
    with pytest.raises(ValueError, match="not played on 2x8"):
        compare.result("ba-awa")
    expected = hy.new_game("hoyito-ii", holes_per_row=8, player=1).sow(8)
    assert compare.result("hoyito-ii").after == expected.after


def test_compare_says_when_the_side_asked_to_move_has_no_seeds_and_passes():
    compare = hy.CompareRules()
    page_says(compare, "board", text="0 0 0 0 0 0 1 2 3 4 0 1", player=0)
    assert compare.position.player == 1 and compare.hole == 6  # R3.2: South passes
    assert compare.notice_text == (
        "South has no seeds on this board, so South passes and North's sowing is compared."
    )
    page_says(compare, "board", text="1 0 0 0 0 0 1 2 3 4 0 1", player=0)
    assert compare.position.player == 0 and compare.notice_text == ""
    given = hy.CompareRules([0] * 6 + [4] * 6, player=0)
    assert given.position.player == 1 and "South passes" in given.notice_text


def test_compare_a_thousand_lap_move_has_bounded_films():
    compare = hy.CompareRules(LAP_LIMIT_2X11, hole=11)
    assert compare.result("hoyito-ii").lap_limit
    assert all(len(f["steps"]) <= MAX_FILM_FRAMES for f in compare.films_sent)
    assert "Next" in compare.differing_rows()


def test_compare_bad_arguments_say_what_is_allowed():
    cases = [
        (dict(variants="hoyito-i"), "variants must be a list of rule set names"),
        (dict(variants=[]), "variants must name at least one rule set"),
        (dict(variants=["hoyito-i", "Hoyito-I"]), "variants must name each rule set once"),
        (dict(variants=["oware"]), "unknown variant 'oware'"),
        (dict(board_or_position=5), "board must be a list of 2n seed counts"),
        (dict(board_or_position=[4] * 12, player=2), r"player must be 0 \(South\) or 1"),
        (dict(board_or_position=[4] * 12, hole=1.0), "hole 1.0 is not a hole number"),
        (dict(board_or_position=[4] * 12, hole=7), "hole 7 is not yours"),
        (dict(board_or_position=[0] * 12), "no seeds"),
        (dict(board_or_position="4 4 x"), "The 3rd entry you typed, “x”, is not a number of seeds"),
        (dict(options=[{"laps": 3}]), "unknown option"),
        (dict(options={}), "options must be a list"),
        (dict(speed="warp"), "speed must be one of off, slow, normal, fast"),
    ]
    for settings, message in cases:
        with pytest.raises(ValueError, match=message):
            hy.CompareRules(**settings)
