"""Replay (scrubbing a recorded game) and CompareRules (one move under every rule set)."""

from __future__ import annotations

import random
import re

import pytest

import hoyito_edu as hy
from hoyito_edu.widgets.frames import MAX_FILM_FRAMES, Skipped, move_frames
from hoyito_edu.widgets.replay import KEPT_FILMS

LAP_LIMIT_2X11 = hy.new_game(
    "hoyito-ii",
    board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4],
    player=1,
)  # North sows 11: 1,000 laps, then the lap limit stops the move


def recorded_game(variant: str = "hoyito-i", seed: int = 8) -> hy.Game:
    game = hy.Game(variant)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.position.legal_moves()))
    return game


# -- Replay ----------------------------------------------------------------------------------
def test_replay_goes_move_by_move_through_every_position():
    game = recorded_game()
    replay = hy.Replay(game)
    assert replay.move == len(game.moves) and "Game over" in replay.status.value
    for m, position in enumerate(game.positions()):
        replay.move_slider.value = m
        assert replay.shown_board == position.board
        assert f"Move {m} of {len(game.moves)}" in replay.status.value
    replay.start_button.click()
    for m in range(1, len(game.moves) + 1):
        replay.forward_move_button.click()
        assert replay.move == m and replay.shown_board == game.moves[m - 1].after.board
    replay.forward_move_button.click()  # at the end already
    assert replay.move == len(game.moves)


def test_replay_goes_seed_by_seed_forwards_and_backwards():
    game = hy.Game("hoyito-ii")
    game.play_all([0, 6, 1])
    replay = hy.Replay(game)
    replay.start_button.click()
    visited = [((0, 0), game.start.board)]
    while True:
        replay.forward_seed_button.click()
        here = ((replay.move, replay.step), replay.shown_board)
        if here == visited[-1]:
            break
        visited.append(here)
    expected = [f.board for move in game.moves for f in move_frames(move)]
    assert [board for _, board in visited[1:]] == expected
    assert visited[-1][0] == (3, len(move_frames(game.moves[2])))
    back = [visited[-1]]
    while back[-1][0] != (0, 0):
        replay.back_seed_button.click()
        back.append(((replay.move, replay.step), replay.shown_board))
    assert back == visited[::-1]


def test_replay_step_slider_scrubs_within_a_move_with_captions():
    game = hy.Game("hoyito-i")
    game.play_all([0, 6])
    replay = hy.Replay(game)
    replay.move_slider.value = 1
    frames = move_frames(game.moves[0])
    assert replay.step_slider.max == len(frames)
    replay.step_slider.value = 0
    assert replay.shown_board == game.start.board and "will sow hole 0" in replay.commentary.value
    for s in (1, 5, 9):
        replay.step_slider.value = s
        assert replay.shown_board == frames[s - 1].board
        assert frames[s - 1].caption.split(":")[0] in replay.commentary.value
    assert 'class="hoyito-move hoyito-latest" data-player="0" data-hole="0"' in (
        replay.move_list.value
    )


def test_replay_loads_saved_games_and_matches(tmp_path):
    game = recorded_game("hoyito-iii", seed=2)
    path = game.save(tmp_path / "game.json")
    replay = hy.Replay(path)
    assert replay.game.holes() == game.holes() and replay.round_picker.layout.display == "none"
    assert replay.shown_board == game.position.board

    match = hy.Match("ba-awa")
    rng = random.Random(0)
    for _ in range(2):
        while not match.game.is_over:
            match.play(rng.choice(match.position.legal_moves()))
        if match.round == 1:
            match.next_round()
    saved = match.save(tmp_path / "match.json")
    replay = hy.Replay(str(saved))
    assert replay.round_picker.layout.display is None
    assert [v for _, v in replay.round_picker.options] == [1, 2]
    replay.round_picker.value = 1
    assert replay.game.holes() == match.games[0].holes()
    replay.start_button.click()
    assert replay.shown_board == match.games[0].start.board
    replay.round_picker.value = 2
    owners = match.games[1].start.owners
    assert owners.count(0) == 8  # seed 0: South won round 1 by 32-16
    for hole, owner in enumerate(owners):
        badge = "[S]" if owner == 0 else "[N]"
        assert replay.view.holes[hole].description.split("\n")[0].endswith(badge)
    assert replay.view.counts() == match.games[1].position.board
    with pytest.raises(ValueError, match="speed must be one of slow, normal, fast"):
        hy.Replay(match, speed="off")

    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(hy.FormatError):
        hy.Replay(bad)


def test_replay_shows_a_thousand_lap_move_in_a_few_steps(tmp_path):
    game = hy.Game(start=LAP_LIMIT_2X11)
    game.play(11)
    replay = hy.Replay(game.save(tmp_path / "long.json"))
    south, north = game.position.outcome.score
    assert f"Game over: North wins {south}-{north}" in replay.status.value
    assert "stopped at the lap limit" in replay.move_list.value
    replay.start_button.click()
    captions = []
    while replay.forward():
        captions.append(replay.commentary.value)
        assert replay.step <= MAX_FILM_FRAMES
    assert replay.step_slider.max == len(move_frames(game.moves[0])) <= MAX_FILM_FRAMES
    stop = "After 1,000 laps the move stops: nobody can finish it by hand"
    assert any(stop in caption for caption in captions)
    assert replay.shown_board == game.position.board and "lap limit" in replay.status.value
    skip = next(k for k, f in enumerate(replay.frames(1), start=1) if isinstance(f.event, Skipped))
    replay.step_slider.value = skip
    assert "After 1,000 laps" in replay.commentary.value
    replay.back_seed_button.click()
    assert replay.step == skip - 1 and "Lap 5" in replay.commentary.value


def test_replay_keeps_the_films_of_a_few_moves_only():
    game = recorded_game("hoyito-i", seed=3)
    replay = hy.Replay(game)
    replay.start_button.click()
    while replay.forward():
        pass
    assert len(game.moves) > KEPT_FILMS and len(replay._frames) <= KEPT_FILMS
    replay.back_move_button.click()
    assert replay.shown_board == game.moves[-2].after.board


def test_replay_of_a_game_ended_by_agreement_ends_with_the_agreement(tmp_path):
    game = hy.Game("hoyito-ii")
    game.play_all([3, 9, 0])
    game.end_by_agreement()
    replay = hy.Replay(game.save(tmp_path / "agreed.json"))
    assert replay.game.ended_by_agreement
    assert replay.shown_board == (0,) * 12 and "agreed to stop" in replay.commentary.value
    assert "Why: the players agreed to stop" in replay.status.value
    assert "both players agreed to stop" in replay.move_list.value
    replay.back_move_button.click()
    assert replay.shown_board == game.moves[1].after.board
    assert "agreed" not in replay.status.value
    nothing = hy.Game("hoyito-i")
    nothing.end_by_agreement()
    replay = hy.Replay(nothing)
    assert replay.shown_board == (0,) * 12 and "agreed to stop" in replay.status.value


def test_replay_bad_arguments_say_what_is_allowed(tmp_path):
    game = recorded_game()
    for record in (5, None, [game], b"game.json"):
        with pytest.raises(ValueError, match="record must be a Game, a Match or the path"):
            hy.Replay(record)
    for speed in (1, None, ["fast"], "off"):
        with pytest.raises(ValueError, match="speed must be one of slow, normal, fast"):
            hy.Replay(game, speed=speed)
    with pytest.raises(ValueError, match="speed must be one of"):
        hy.Replay(5, speed="warp")  # checked first: nothing else is looked at
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "hoyito_edu.game", "\xff\xfe": 1}')
    with pytest.raises(hy.FormatError):
        hy.Replay(bad)
    bad.write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(hy.FormatError):
        hy.Replay(bad)
    with pytest.raises(hy.FormatError):
        hy.Replay(tmp_path / "missing.json")


def test_replay_holes_are_a_picture_not_buttons_to_press():
    replay = hy.Replay(recorded_game())
    assert all(b.disabled for b in replay.view.holes)
    assert "hoyito-static" in replay.view.widget._dom_classes


# -- CompareRules ----------------------------------------------------------------------------
def test_compare_shows_each_variant_and_highlights_where_they_differ():
    """Spec R2.5 on an explicit board: South sows hole 0 (2 seeds); the first seed makes hole 1
    a mid-sow casa. Hoyito I: the mover takes it; Ba-awa: the owner (South) takes it;
    Hoyito II and III: the four stay."""
    board = [2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4]
    compare = hy.CompareRules(board, hole=0)
    views = {v: c["view"] for v, c in compare.columns.items()}
    assert [views[v].counts()[1] for v in hy.VARIANTS] == [0, 4, 4, 0]
    assert "hoyito-diff" in views["hoyito-i"].holes[1]._dom_classes
    assert "hoyito-diff" not in views["hoyito-i"].holes[2]._dom_classes
    assert all(views[v].counts()[2] == 1 for v in views)
    assert compare.differing_rows() == ["South took", "seeds left on the board"]
    table = compare.table.value
    assert re.search(r'<tr class="hoyito-differs"><th>South took</th><td>4</td><td>0</td>', table)
    assert "<tr><th>laps</th><td>1</td><td>1</td><td>1</td><td>1</td><td>same</td>" in table
    events = compare.columns["hoyito-i"]["events"].value
    assert events.count("hoyito-differs") == 1 and "South takes 4 from hole 1" in events
    missing = compare.columns["hoyito-ii"]["events"].value.split("Not under these rules")[1]
    assert "South takes 4 from hole 1" in missing and "(Hoyito I, Ba-awa)" in missing


def test_compare_steps_all_columns_together():
    compare = hy.CompareRules()  # the example: all four differ
    assert len(set(compare.differing_rows())) >= 2
    assert len({(compare.result(v).after.board, compare.result(v).taken) for v in hy.VARIANTS}) == 4
    compare.start_button.click()
    for c in compare.columns.values():
        assert c["view"].counts() == compare.position.board
    compare.forward_button.click()
    for v, c in compare.columns.items():
        assert c["view"].counts() == move_frames(compare.result(v))[0].board
    compare.end_button.click()
    for v, c in compare.columns.items():
        assert c["view"].counts() == compare.result(v).after.board


def test_compare_choose_a_hole_by_clicking_it_in_any_column():
    compare = hy.CompareRules([2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], hole=0)
    compare.columns["ba-awa"]["view"].holes[1].click()
    assert compare.hole == 1 and compare.result("hoyito-i").hole == 1
    compare.columns["hoyito-i"]["view"].holes[7].click()  # North's hole: South is to move
    assert compare.hole == 1 and "hole 7 is not yours" in compare.notice.value
    compare.columns["hoyito-iii"]["view"].holes[0].click()
    assert compare.hole == 0 and compare.notice.value == ""


def test_compare_takes_a_typed_board_and_explains_what_cannot_be_compared():
    compare = hy.CompareRules()
    compare.board_text.value = "4 4 4 4 4 4 4 4  4 4 4 4 4 4 4 4"
    compare.set_button.click()
    assert compare.position.holes_per_row == 8 and compare.hole == 0
    assert "played on 2x6 only" in compare.columns["ba-awa"]["events"].value
    with pytest.raises(ValueError, match="2x6 only"):
        compare.result("ba-awa")
    assert compare.result("hoyito-ii").after == hy.new_game("hoyito-ii", holes_per_row=8).play(0)
    compare.board_text.value = "4 4 x"
    compare.set_button.click()
    assert (
        "Cannot set up that board" in compare.notice.value and compare.position.holes_per_row == 8
    )


def test_compare_a_thousand_lap_move_under_every_rule_set():
    compare = hy.CompareRules(LAP_LIMIT_2X11, hole=11)
    assert compare.result("hoyito-ii").lap_limit
    assert compare.step_slider.max <= MAX_FILM_FRAMES
    assert "After 1,000 laps the move stops" in compare.columns["hoyito-ii"]["events"].value
    assert "who moves next" in compare.differing_rows()


def test_compare_bad_arguments_say_what_is_allowed():
    cases = [
        (dict(variants="hoyito-i"), "variants must be a list of rule set names"),
        (dict(variants=[]), "variants must name at least one rule set"),
        (dict(variants=["hoyito-i", "Hoyito-I"]), "variants must name each rule set once"),
        (dict(variants=["oware"]), "unknown variant 'oware'"),
        (dict(position=5), "board must be a list of 2n seed counts"),
        (dict(position=[4] * 12, player=2), r"player must be 0 \(South\) or 1 \(North\)"),
        (dict(position=[4] * 12, hole=1.0), "hole 1.0 is not a hole number"),
        (dict(position=[4] * 12, hole=7), "hole 7 is not yours"),
        (dict(position=[0] * 12), "no seeds"),
    ]
    for settings, message in cases:
        with pytest.raises(ValueError, match=message):
            hy.CompareRules(**settings)
