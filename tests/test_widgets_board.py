"""The Board widget's model, driven the way the page drives it: messages (clicks carrying
their ply and game, buttons, settings) in, the ``view`` trait and films out.

Every test checks the engine state (``board.game``) against what the page is told to draw.
Without a running event loop the computer answers at once; the tests about thinking run a
real asyncio loop, as the kernel does.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

import pytest

import hoyito_edu as hy
from hoyito_edu.board.component import STATIC
from hoyito_edu.board.film import film
from hoyito_edu.board.frames import MAX_FILM_FRAMES
from hoyito_edu.board.widget import Board
from hoyito_edu.engine.rules import BOARD_QUIET_LIMIT
from hoyito_edu.teaching import words

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


# -- helpers ---------------------------------------------------------------------------------
def click(board: Board, hole: int, ply: int | None = None) -> None:
    """A click as the page sends it: with the ply and game the page shows."""
    v = board.view
    board.receive({"type": "click", "hole": hole, "ply": v["ply"] if ply is None else ply,
                   "game": v["game"]})


def press(board: Board, name: str) -> None:
    board.receive({"type": "action", "name": name})


def assert_view_is_engine(board: Board) -> None:
    """What the page is told to draw is the engine's position."""
    pos, v = board.position, board.view
    assert v["board"] == list(pos.board) and v["captures"] == list(pos.captures)
    assert v["n"] == pos.holes_per_row and v["ply"] == board.ply
    assert v["closed"] == sorted(pos.closed) and v["owners"] == list(pos.owners)
    lines = board.session.move_lines
    assert [(p, h) for p, h, _ in lines] == [(m.player, m.hole) for m in board.game.moves]
    assert v["moves_count"] == len(lines)
    person = not pos.is_over and not board.session.is_computer(pos.player) and not board.thinking
    assert v["playable"] == (list(pos.legal_moves()) if person else [])
    assert (v["banner"] is not None) == pos.is_over


def play_out(board: Board, rng: random.Random, moves: int | None = None) -> list[int]:
    """Click random legal holes of whoever a person plays, until the end (or ``moves``)."""
    clicked = []
    while not board.position.is_over and (moves is None or len(clicked) < moves):
        hole = rng.choice(board.view["playable"])
        click(board, hole)
        clicked.append(hole)
    return clicked


def page_replay(record: dict) -> tuple[list[int], list[int]]:
    """A film applied step by step, as board.js applies it (no rules: counts only)."""
    board, captures = list(record["before"]), list(record["captures_before"])
    for step in record["steps"]:
        kind = step[0]
        if kind in ("lift", "relay"):
            board[step[1]] -= step[2]
        elif kind == "drop":
            board[step[1]] = step[2]
        elif kind == "capture":
            if step[1] >= 0:
                board[step[1]] -= step[2]
            captures[step[3]] += step[2]
        elif kind == "skip":
            board, captures = list(step[1]), list(step[2])
    return board, captures


# -- the component ---------------------------------------------------------------------------
def test_the_page_module_and_style_ship_with_the_package():
    assert (STATIC / "board.js").read_text().startswith("//")
    assert "hoyito-hole" in (STATIC / "board.css").read_text()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "static/*.js" in project["tool"]["setuptools"]["package-data"]["hoyito_edu.board"]
    assert any(d.startswith("anywidget") for d in project["project"]["dependencies"])
    js = (STATIC / "board.js").read_text()
    for hook in ("hoyito-hole-${i}", "data-seeds", "hoyito-status", "hoyito-captures-${p}",
                 "hoyito-banner", "hoyito-last-move", "prefers-reduced-motion"):
        assert hook in js, hook


@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_films_replayed_as_the_page_does_end_on_the_engines_board(variant):
    rng = random.Random(3)
    game = hy.Game(variant)
    while not game.is_over:
        move = game.play(rng.choice(game.position.legal_moves()))
        record = film(move, len(game.moves))
        assert page_replay(record) == (record["after"], record["captures_after"])
        assert record["after"] == list(move.after.board) and len(record["steps"]) <= MAX_FILM_FRAMES


def test_a_thousand_lap_move_is_a_short_film_that_ends_right():
    pos = hy.new_game("hoyito-ii", board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4])
    move = pos.sow(1)
    assert move.lap_limit and len(move.events) > 10 * MAX_FILM_FRAMES
    record = film(move, 1)
    assert len(record["steps"]) <= MAX_FILM_FRAMES
    assert [s[0] for s in record["steps"]].count("skip") == 1
    assert page_replay(record) == (list(move.after.board), list(move.after.captures))


# -- playing ---------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_two_people_play_a_whole_game_by_clicks(variant):
    board = Board(variant, opponent=None)
    clicked = play_out(board, random.Random(11))
    assert board.game.holes() == clicked
    assert_view_is_engine(board)
    replayed = hy.Game(variant, quiet_limit=BOARD_QUIET_LIMIT)
    replayed.play_all(clicked)
    assert replayed.position == board.position
    banner = board.view["banner"]
    south, north = board.position.outcome.score
    assert banner["title"] == words.outcome(board.game).title
    score = f"{max(south, north)}-{min(south, north)}"
    assert score in banner["title"] or "Draw" in banner["title"]
    assert banner["text"] in board.status_text
    assert [f["ply"] for f in board.films_sent] == list(
        range(len(clicked) - len(board.films_sent) + 1, len(clicked) + 1)
    )


@pytest.mark.parametrize("human", [0, 1])
def test_a_whole_game_against_the_computer_from_either_side(human):
    board = Board("hoyito-ii", opponent="greedy", human=human, seed=2)
    if human == 1:  # South opens: the computer has already played
        assert board.game.moves and board.game.moves[0].player == 0
    assert board.position.player == human
    assert board.view["names"][human].startswith("You") and board.view["human"] == human
    assert f"Your turn ({hy.PLAYER_NAMES[human]}, the row nearest you)" in board.status_text
    rng = random.Random(human)
    while not board.position.is_over:
        assert set(board.view["playable"]) == set(board.position.legal_moves())
        assert all(board.position.owners[h] == human for h in board.view["playable"])
        click(board, rng.choice(board.view["playable"]))
        assert board.position.is_over or board.position.player == human
        assert_view_is_engine(board)
    computer = hy.player("greedy", seed=2)
    theirs = [m for m in board.game.moves if m.player != human]
    assert theirs and all(computer.choose(m.before) == m.hole for m in theirs)
    title = board.view["banner"]["title"]
    winner = board.position.winner
    assert title.startswith("You win" if winner == human else "The computer wins" if
                            winner is not None else "Draw")


def test_the_last_move_is_marked_and_every_move_is_filmed_once():
    board = Board("hoyito-i", opponent="beginner", seed=4)
    click(board, 2)
    person, reply = board.game.moves
    assert board.view["last_move"] == reply.hole and board.view["last_player"] == 1
    assert [(f["player"], f["hole"]) for f in board.films_sent] == [(0, 2), (1, reply.hole)]
    assert board.films_sent[0][
        "line"
    ] == "You sowed hole 2 in 2 laps. No seeds were captured." or board.films_sent[0][
        "line"
    ].startswith("You sowed hole 2")


# -- refused clicks --------------------------------------------------------------------------
def test_a_click_on_a_hole_that_cannot_be_sown_is_refused_in_the_players_words():
    board = Board(opponent=None)
    click(board, 8)
    assert board.game.holes() == []
    assert board.view["notice"] == {"text": board.notice_text, "kind": "refused"}
    assert board.notice_text == "Hole 8 is North's, and it is South's turn."
    click(board, 1)
    assert board.notice_text == "" and board.game.holes() == [1]
    against = Board(opponent="beginner", seed=1)
    for hole, said in [
        (8, "Hole 8 is the computer's, not yours: sow one of your own holes (a yellow ring)."),
        (15, "There is no hole 15 on this board: its holes are numbered 0 to 11."),
        ("x", "That is not a hole on this board."),
    ]:
        click(against, hole)
        assert against.notice_text == said and against.game.holes() == []
    assert "legal moves" not in against.notice_text  # the engine's wording stays in Python


def test_the_last_move_of_a_run_says_what_the_whole_run_did():
    board = Board("hoyito-ii", opponent=None)
    rng = random.Random(3)
    while not any(len(board.session.run_of(p)) > 1 for p in (0, 1)) and not board.position.is_over:
        click(board, rng.choice(board.view["playable"]))
    run = board.session.run_of(board.game.moves[-1].player)
    assert len(run) > 1, "seed 3 should give an extra turn in Hoyito II"
    line = board.films_sent[-1]["line"]
    taken = sum(m.taken[run[-1].player] for m in run)
    assert line.startswith(f"{hy.PLAYER_NAMES[run[-1].player]} played {len(run)} moves in a row")
    assert (f"took {taken} seeds in all" if taken else "took nothing") in line
    assert line.endswith(words.move_line(run[-1]))


def test_a_double_click_plays_once_and_the_second_click_is_refused():
    board = Board(opponent="beginner", seed=1)
    ply = board.view["ply"]
    click(board, 0, ply=ply)
    played = board.game.holes()
    assert len(played) == 2  # the person's move and the computer's reply
    click(board, 0, ply=ply)  # the second click of the double click, made at the same ply
    assert board.game.holes() == played
    assert "Hole 0 was not played: the board had changed" in board.notice_text


def test_a_click_from_an_earlier_game_is_refused():
    board = Board(opponent=None)
    old_game = board.view["game"]
    board.new_game()
    board.receive({"type": "click", "hole": 0, "ply": 0, "game": old_game})
    assert board.game.holes() == [] and "board had changed" in board.notice_text


def test_a_click_after_the_end_and_on_the_computers_turn_is_refused():
    board = Board("ba-awa", opponent=None)
    play_out(board, random.Random(5))
    for hole in (0, 6):
        click(board, hole)
        assert "The game is over: press New game" in board.notice_text
    board = Board(opponent="greedy", human=1, seed=3)
    assert board.position.player == 1
    board.settings["human"] = 0  # as if the page still showed the other side
    click(board, 6)
    assert "it is the computer's turn" in board.notice_text


def test_clicks_while_the_computer_thinks_are_refused_never_queued():
    """A real event loop, as in the kernel: the expert thinks in a worker thread."""

    async def scenario():
        board = Board("hoyito-i", opponent="expert", seed=0)
        click(board, 0)
        assert board.thinking and board.view["thinking"]
        assert board.status_text == "The computer is thinking…"
        assert board.view["playable"] == [] and not board.view["buttons"]["undo"]
        click(board, 1, ply=board.view["ply"])
        assert "Hole 1 was not played: the computer is thinking" in board.notice_text
        press(board, "undo")
        assert "thinking" in board.notice_text and board.game.holes() == [0]
        for _ in range(600):
            if not board.thinking:
                break
            await asyncio.sleep(0.05)
        assert not board.thinking and len(board.game.moves) >= 2
        assert board.position.player == 0 and board.game.moves[-1].player == 1
        assert [m.hole for m in board.game.moves][0] == 0  # the refused click was dropped
        assert_view_is_engine(board)

    asyncio.run(scenario())


def test_a_new_game_while_the_computer_thinks_forgets_its_move():
    async def scenario():
        board = Board("hoyito-i", opponent="expert", human=1, seed=0)
        assert board.thinking  # it opens
        board.new_game()
        await asyncio.sleep(0)
        for _ in range(600):
            if not board.thinking:
                break
            await asyncio.sleep(0.05)
        moves = board.game.moves
        assert len(moves) == 1 and moves[0].player == 0  # one opening, not two

    asyncio.run(scenario())


async def reply_time(board: Board, limit: float = 60) -> float:
    """Seconds until the computer's first move is on ``board`` (a real event loop)."""
    started = time.perf_counter()
    while not board.game.moves or board.thinking:
        assert time.perf_counter() - started < limit, "the computer never answered"
        await asyncio.sleep(0.005)
    return time.perf_counter() - started


@pytest.fixture(scope="module")
def expert_on_2x12_compiled():
    """The expert's compiled search for 2x12, compiled before the tests that time it: from a
    cold numba cache (a fresh clone, an edit of the kernel) compiling takes a minute or more on
    a busy machine, and those tests time the answers, not the compiler."""
    board = Board("hoyito-iii", 12, opponent="expert", human=1, seed=0)
    asyncio.run(reply_time(board, limit=900))


@pytest.mark.slow
def test_new_games_while_the_expert_thinks_stop_its_searches_and_it_answers_at_once(
        expert_on_2x12_compiled):
    """Issue 36: twelve New game presses while the expert opens (2x12) queued searches that
    were never cancelled, so the last game's opening came 2.4 s late. Now each press abandons
    the search before it: never started if it waits, stopped if it runs (its move ignored),
    so only the last game's search runs to its end. (benchmarks/thinking.py times it.)"""

    async def scenario():
        board = Board("hoyito-iii", 12, opponent="expert", human=1, seed=0)
        await reply_time(board)
        full = board.computer.last_search["depth"]  # what an opening searches, undisturbed
        stale = []
        for _ in range(12):
            board.new_game()
            stale.append(board.computer)
            await asyncio.sleep(0.01)
        board.new_game()
        await reply_time(board)
        return full, stale, board

    full, stale, board = asyncio.run(scenario())
    started = [player for player in stale if player.last_search]
    assert started, "no stale search ever started"
    depths = [player.last_search["depth"] for player in started]
    assert max(depths) < full, f"stale searches went on to depth {depths} (a full one: {full})"
    assert all(getattr(player, "stopped", False) for player in started)
    assert len(board.game.moves) == 1 and board.game.moves[0].player == 0
    assert board.computer.last_search["depth"] == full  # the last game's search is whole


@pytest.mark.slow
def test_two_boards_in_one_kernel_think_side_by_side(expert_on_2x12_compiled):
    """Issue 36: one thinker thread served every board of a kernel, so a quick computer on
    one board waited for the expert thinking on another. Now it answers while the expert
    still thinks. (benchmarks/thinking.py times it.)"""

    async def scenario():
        slow = Board("hoyito-iii", 12, opponent="expert", human=1, seed=0)
        assert slow.thinking
        quick = Board("hoyito-i", opponent="greedy", human=1, seed=0)
        seconds = await reply_time(quick)
        still_thinking = slow.thinking
        await reply_time(slow)
        return seconds, still_thinking, slow, quick

    seconds, still_thinking, slow, quick = asyncio.run(scenario())
    assert still_thinking, f"the greedy board answered in {seconds:.2f} s, after the expert"
    assert len(quick.game.moves) == 1 and len(slow.game.moves) == 1
    assert_view_is_engine(quick)
    assert_view_is_engine(slow)


def test_a_failing_computer_player_is_reported_on_the_board():
    board = Board("hoyito-i", opponent="greedy")

    class Broken:
        name = "broken"

        def choose(self, position):
            raise RuntimeError("no idea")

    board.session.computer = Broken()
    click(board, 0)
    assert board.view["notice"]["kind"] == "error"
    assert "Something went wrong: RuntimeError: no idea" in board.notice_text
    assert board.game.holes() == [0]


# -- settings, new game, undo ----------------------------------------------------------------
def test_settings_between_games_apply_at_once():
    board = Board(opponent=None)
    board.receive({"type": "settings", "settings": {"variant": "hoyito-ii", "holes_per_row": 9}})
    assert board.game.rules.name == "hoyito-ii" and board.position.holes_per_row == 9
    assert board.view["n"] == 9 and board.view["choices"]["sizes"] == list(range(6, 13))
    board.receive({"type": "settings", "settings": {"variant": "ba-awa"}})  # 2x6 only
    assert board.position.holes_per_row == 6 and board.view["choices"]["sizes"] == [6]
    assert board.view["territory"] is True


def test_settings_mid_game_ask_before_the_game_is_lost():
    board = Board(opponent="greedy", seed=1)
    click(board, 0)
    played = board.game.holes()
    board.receive({"type": "settings", "settings": {"variant": "hoyito-ii"}})
    assert board.game.holes() == played and board.game.rules.name == "hoyito-i"
    assert board.view["question"]["text"] == (
        "Start a new game: Hoyito II on 2 × 6, against the computer (greedy), you playing South? "
        "The game in progress will be lost."
    )  # the question names what would change
    assert board.view["settings"]["pending"] is True
    press(board, "no")
    assert board.view["question"] is None and board.game.holes() == played
    assert board.view["settings"]["variant"] == "hoyito-i"
    board.receive({"type": "settings", "settings": {"human": 1}})
    press(board, "yes")
    assert board.settings["human"] == 1 and board.game.moves[0].player == 0
    assert board.position.player == 1


def test_new_game_asks_during_a_game_and_not_after_it():
    board = Board(opponent=None)
    press(board, "new")
    assert board.view["question"] is None
    click(board, 0)
    press(board, "new")
    assert board.view["question"]["text"].startswith("Start a new game?")
    assert board.game.holes() == [0]
    press(board, "yes")
    assert board.game.holes() == [] and board.view["question"] is None


def test_undo_against_the_computer_takes_back_its_replies_and_redo_replays_them():
    board = Board("hoyito-ii", opponent="beginner", seed=4)
    play_out(board, random.Random(4), moves=4)
    played = board.game.holes()
    last_person_move = max(k for k, m in enumerate(board.game.moves) if m.player == 0)
    press(board, "undo")
    assert board.game.holes() == played[:last_person_move]
    assert board.notice_text.startswith("Took back: You sowed hole")
    assert board.view["notice"]["kind"] == "info"
    assert_view_is_engine(board)
    press(board, "redo")
    assert board.game.holes() == played
    assert_view_is_engine(board)


def test_only_the_menu_levels_are_listed_easiest_first_and_each_plays():
    board = Board(opponent=None)
    listed = [name for name, _, _ in board.view["choices"]["opponents"]]
    assert listed == [name for name, _ in words.LEVELS]
    lines = [line for _, line, _ in board.view["choices"]["opponents"]]
    assert lines[0].startswith("Beginner: plays almost at random")
    # the menu's short names (a phone's width): the line is written below the menu
    assert [short for _, _, short in board.view["choices"]["opponents"]][:2] == [
        "beginner",
        "greedy",
    ]
    for name in listed:
        board.receive({"type": "settings", "settings": {"opponent": name}})
        if board.view["question"]:  # a game is in progress: the page asks first
            press(board, "yes")
        click(board, board.view["playable"][0])
        assert board.computer.name == name and board.game.moves[-1].player == 1


def test_bad_settings_say_what_is_allowed():
    with pytest.raises(ValueError, match="Ba-awa is played on 2x6 only"):
        Board("ba-awa", holes_per_row=8)
    with pytest.raises(ValueError, match="opponent must be None or one of beginner, greedy"):
        Board(opponent="chess")
    with pytest.raises(ValueError, match="human must be 0 .South. or 1 .North."):
        Board(human=2)
    with pytest.raises(ValueError, match="speed must be one of off, slow, normal, fast"):
        Board(speed="warp")
    with pytest.raises(
        ValueError, match="language must be one of .en. .English. or .es. .Spanish."
    ):
        Board(lang="xx")
    board = Board(opponent=None)
    board.receive({"type": "action", "name": "dance"})
    not_understood = "That message was not understood (action 'dance'), so nothing changed."
    assert board.notice_text == not_understood
    assert board.view["notice"]["kind"] == "refused"
    board.receive({"type": "settings", "settings": {"holes_per_row": "big"}})
    assert "holes_per_row must be a whole number" in board.notice_text


# -- agreement, hints, matches ---------------------------------------------------------------
def test_ending_by_agreement_asks_first_then_each_takes_their_side():
    board = Board(opponent=None)
    click(board, 0)
    assert board.view["agree_label"] == "End the game: each takes the seeds on their side"
    press(board, "agree")
    south, north = board.position.end_by_agreement().outcome.score
    assert f"South would finish with {south}, North with {north}" in board.view["question"]["text"]
    assert not board.position.is_over
    press(board, "yes")
    assert board.position.outcome.reason == hy.Reason.AGREEMENT
    assert board.view["banner"]["why"].startswith("The players agreed to end the game")
    press(board, "undo")
    assert not board.position.is_over and board.game.holes() == [0]


def test_the_computer_agrees_to_end_only_after_the_quiet_stretch_and_asks_in_your_words():
    board = Board("hoyito-i", holes_per_row=12, opponent="beginner", human=1, seed=8)
    assert not board.view["buttons"]["agree"]
    press(board, "agree")
    assert board.view["question"] is None and not board.position.is_over
    assert board.notice_text.startswith(
        f"The computer agrees to end the game only after {words.QUIET_PLIES_BEFORE_OFFER} moves"
    )
    rng = random.Random(8)
    while board.position.quiet_plies < words.QUIET_PLIES_BEFORE_OFFER:
        assert not board.position.is_over, "seed 8 should give a quiet stretch"
        click(board, rng.choice(board.view["playable"]))
    assert board.view["buttons"]["agree"]
    press(board, "agree")
    south, north = board.position.end_by_agreement().outcome.score
    assert board.view["question"]["text"] == (
        "End the game here? Each takes the seeds on their side: you would finish with "
        f"{north}, the computer with {south}."
    )


def test_the_offer_to_agree_comes_after_a_long_quiet_stretch_with_the_limits():
    board = Board("hoyito-i", holes_per_row=12, opponent=None)
    rng = random.Random(8)
    while board.position.quiet_plies < words.QUIET_PLIES_BEFORE_OFFER:
        assert board.view["offer"] == ""
        assert not board.position.is_over, "seed 8 should give a quiet stretch"
        click(board, rng.choice(board.view["playable"]))
    assert "Nobody has captured any seeds for" in board.view["offer"]
    assert "50,000 moves in a row" in board.view["limits"] and "1,000 laps" in board.view["limits"]


def test_show_me_marks_every_legal_hole_with_what_it_takes_and_gives():
    board = Board("hoyito-ii", opponent="greedy", seed=5)
    assert board.view["hints"] == {}
    press(board, "hints")
    pos = board.position
    marks = board.view["hints"]
    assert sorted(int(h) for h in marks) == list(pos.legal_moves())
    for hole, mark in marks.items():
        move = pos.sow(int(hole))
        assert mark["takes"] == move.taken[0]
        assert mark["text"] == hy.teaching.hints.hints(pos, 0)[int(hole)].text
    click(board, pos.legal_moves()[0])
    assert set(board.view["hints"]) == {str(h) for h in board.position.legal_moves()}


def test_a_hoyito_match_closes_holes_and_goes_round_by_round():
    board = Board("hoyito-i", opponent=None, match=True)
    rng = random.Random(1)
    while board.match.round == 1 or not board.position.is_over:
        play_out(board, rng)
        if board.match.is_over:
            break
        assert board.view["buttons"]["next_round"]
        press(board, "next-round")
        assert_view_is_engine(board)
        if board.position.closed:
            break
    assert board.view["closed"] == sorted(board.position.closed)
    first = board.match.results[0]
    high, low = sorted(first.outcome.score, reverse=True)  # the winner's score first
    winner = "a draw" if first.winner is None else f"{hy.PLAYER_NAMES[first.winner]} won"
    assert board.view["rounds"][0] == f"Round 1: {winner} {high}-{low}"
    south, north = board.match.holdings
    assert board.view["rounds"][-1] == (
        f"Round {board.match.round} started with South holding {south} seeds, North {north}."
    )


def test_a_ba_awa_match_draws_hole_owners():
    board = Board("ba-awa", opponent=None, match=True)
    play_out(board, random.Random(2))
    if not board.match.is_over:
        press(board, "next-round")
    assert board.view["territory"] and board.view["owners"] == list(board.position.owners)


def test_the_speed_is_a_setting_of_the_page():
    board = Board(opponent=None, speed="fast")
    assert board.speed == "fast"
    board.speed = "off"
    with pytest.raises(Exception, match="speed must be one of"):
        board.speed = "warp"


def test_importing_the_package_does_not_import_the_widgets():
    import subprocess
    import sys

    code = "import hoyito_edu, sys; print('anywidget' in sys.modules, 'ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_every_word_the_page_asks_for_is_sent_in_both_languages():
    """board.js writes no English of its own: every key it reads from the ``texts`` trait is
    there (a missing one would show the key), and in Spanish every one is translated."""
    import re
    from pathlib import Path

    from hoyito_edu.board.component import STATIC
    from hoyito_edu.board.texts import page_texts
    from hoyito_edu.i18n import language

    script = Path(STATIC / "board.js").read_text()
    asked = set(re.findall(r'this\.T\(\s*"(\w+)"', script))
    asked |= {f"{kind}_{who}" for kind in ("lift", "again", "watch")
              for who in ("you", "computer", "side")}
    asked |= set(re.findall(r"this\.texts\.(\w+)", script))
    english = page_texts()
    assert len(asked) > 80 and asked <= english.keys(), asked - english.keys()
    # and every word sent is read by a page (the board's or the class server's): a key no
    # script names, and no key built in a script (`lift_${who}`) starts with, is dead weight
    server = STATIC.parent / "server" / "static"
    pages = script + "".join(p.read_text() for p in server.glob("*.js"))
    built = tuple(f"{stem}_" for stem in re.findall(r"`(\w+)_\$\{", pages))
    unread = {key for key in english if not re.search(rf"[\"'.]{key}\b", pages)}
    assert {key for key in unread if not key.startswith(built)} == set()
    with language("es"):
        spanish = page_texts()
    same = {key for key, text in english.items() if spanish[key] == text}
    # "2 × {n}" and "{control}: {why}." read the same in Spanish
    assert same == {"size", "why_line"}, same
    assert spanish["undo"] == "Deshacer" and spanish["speeds"]["off"] == "apagada"
    assert spanish["pit_seeds"] == ["{count} semilla", "{count} semillas"]
    # the page's lang attribute (screen readers) and the word drawn inside a closed hole
    assert (english["lang"], spanish["lang"]) == ("en", "es")
    assert (english["closed_mark"], spanish["closed_mark"]) == ("closed", "cerrado")


def test_the_settings_menu_changes_the_language_and_the_game_goes_on():
    board = Board("hoyito-i", opponent=None, lang="es")
    board.click(0)
    assert board.session.move_lines[0][2].startswith("Sur sembró el hoyo 0")
    assert board.view["lang"] == "es" and ["es", "Español"] in board.view["languages"]
    board.receive({"type": "language", "lang": "en"})
    assert board.lang == "en" and board.texts["undo"] == "Undo"
    assert board.session.move_lines[0][2].startswith("South sowed hole 0")
    assert board.status_text == "North to move." and board.game.holes() == [0]
    board.receive({"type": "language", "lang": "fr"})  # the page hears why, the game goes on
    refused = "That message was not understood (language 'fr'), so nothing changed."
    assert board.notice_text == refused
    assert board.lang == "en" and board.game.holes() == [0]


def test_a_refusal_goes_when_the_student_presses_another_button():
    board = Board("hoyito-i", opponent="beginner", seed=1)
    click(board, 8)  # the computer's hole
    assert board.view["notice"]["kind"] == "refused" and "Hole 8" in board.notice_text
    press(board, "hints")
    assert board.notice_text == "" and board.view["hints"]


def test_the_disabled_agreement_button_says_why():
    board = Board("hoyito-i", opponent="beginner", seed=1)
    assert not board.view["buttons"]["agree"]
    assert board.view["agree_why"].startswith("The computer agrees to end the game only after")
    spanish = Board("hoyito-i", opponent="beginner", seed=1, lang="es")
    assert "computadora" in spanish.view["agree_why"]
    people = Board("hoyito-i", opponent=None)
    assert people.view["buttons"]["agree"] and people.view["agree_why"] == ""


def test_a_burst_of_show_me_presses_sends_few_views_and_ends_right():
    """2,000 forged Show me presses in one burst (issue 36): the page is not sent 2,000 whole
    views (each re-rendered): the views coalesce, the last one is right, and the board still
    answers a click at once. (The time of the burst is printed by benchmarks/hints_time.py.)"""

    async def main():
        board = Board("hoyito-i", opponent=None)
        for hole in (2, 7, 3, 9):
            click(board, hole)
        sent = []
        board.observe(lambda change: sent.append(change["new"]), names="view")
        for _ in range(2001):  # an odd number: Show me ends up on
            press(board, "hints")
        await asyncio.sleep(0.2)  # the burst is over: the last view reaches the page
        return board, sent

    board, sent = asyncio.run(main())
    assert len(sent) <= 10, f"{len(sent)} views sent for one burst"
    pos = board.position
    assert board.session.hints and board.view["hints_on"] and sent[-1] is board.view
    assert sorted(int(h) for h in board.view["hints"]) == list(pos.legal_moves())
    patched = {**board.view, "serial": None}
    board.session.handle({"type": "hello"})  # the whole view, rendered again
    assert patched == {**board.view, "serial": None}
    assert_view_is_engine(board)
    hole, ply = board.view["playable"][0], board.ply
    click(board, hole)
    assert board.game.moves[-1].hole == hole and board.view["ply"] == ply + 1
    assert board.view["hints"] == {} or board.view["hints_on"]
    assert_view_is_engine(board)
