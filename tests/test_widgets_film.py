"""Frames: a move as the film the page animates, bounded however long the move."""

from __future__ import annotations

import dataclasses
import random

import pytest

import hoyito_edu as hy
from hoyito_edu.board.film import film
from hoyito_edu.board.frames import MAX_FILM_FRAMES, Skipped, film_events
from hoyito_edu.board.texts import page_texts
from hoyito_edu.engine.events import Capture, Drop, GameOver, LapLimit, Lift, Reason, Relay
from hoyito_edu.i18n import language


def say(step: list, lang: str = "en") -> str:
    """What the page writes for a film step between two people, from its table of words
    (the page's ``fill`` is Python's ``str.format`` for these templates)."""
    with language(lang):
        texts = page_texts()
    kind = step[0]
    if kind == "capture":
        key = "capture_side" if step[1] >= 0 else "capture_hand_side"
        return texts[key].format(taker=texts["names"][step[3]], seeds=step[2], hole=step[1],
                                 because=texts["because"][step[4]])
    if kind == "skip":
        return texts[f"skip_{step[4]}"].format(later=step[5], last=step[3])
    if kind == "stop":
        return texts[f"stop_{step[2]}"].format(hole=step[1], lap=step[3], repeats=step[4],
                                               laps=step[4])
    raise ValueError(kind)


def capture_caption(event: Capture, lang: str = "en") -> str:
    hole = -1 if event.hole is None else event.hole
    return say(["capture", hole, event.seeds, event.taker, event.reason.value], lang)

# Moves of 1,000 laps that stop at the lap limit (R2.8): (variant, board, player, hole).
LAP_LIMIT_MOVES = {
    "hoyito-ii 2x6": ("hoyito-ii", [1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4], 0, 1),
    "hoyito-ii 2x11": (
        "hoyito-ii",
        [0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4],
        1,
        11,
    ),
    "hoyito-ii 2x12, 192 seeds": (
        "hoyito-ii",
        [11, 10, 11, 3, 12, 8, 5, 8, 2, 11, 15, 9, 8, 12, 3, 7, 4, 8, 7, 13, 5, 11, 5, 4],
        0,
        6,
    ),
}
# A move of 174 laps (1,924 events) that ends by itself: a last-seed casa.
LONG_NATURAL_MOVE = (
    "hoyito-iii",
    [8, 10, 8, 7, 6, 8, 9, 8, 7, 12, 8, 9, 6, 7, 7, 8, 7, 8, 7, 8, 10, 7, 8, 9],
    0,
    1,
)


def long_move(variant, board, player, hole) -> hy.Move:
    return hy.new_game(variant, board=board, player=player).sow(hole)


def boards_after_each_event(move) -> list[tuple[int, ...]]:
    """The board after each event, replayed the plain way (the reference for long films)."""
    board, boards = list(move.before.board), []
    for event in move.events:
        if isinstance(event, (Lift, Relay)):
            board[event.hole] -= event.seeds
        elif isinstance(event, Drop):
            board[event.hole] = event.count
        elif isinstance(event, Capture) and event.hole is not None:
            board[event.hole] -= event.seeds
        boards.append(tuple(board))
    return boards


def random_moves(variant: str, games: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        pos = hy.new_game(variant)
        while not pos.is_over:
            move = pos.sow(rng.choice(pos.legal_moves()))
            yield move
            pos = move.after


# -- the move record and the film's events -----------------------------------------------------
@pytest.mark.parametrize("variant", list(hy.VARIANTS))
def test_the_move_record_replays_to_the_engines_result(variant):
    """Reading the events alone gives the engine's board: the record is complete, and each
    drop adds exactly one seed (what the page relies on when it replays a film)."""
    checked = 0
    for move in random_moves(variant, games=25, seed=3):
        assert film_events(move) == list(move.events)
        board = list(move.before.board)
        for event, after in zip(move.events, boards_after_each_event(move), strict=True):
            if isinstance(event, Drop):
                assert event.count == board[event.hole] + 1
            board = list(after)
        assert tuple(board) == move.after.board
        taken = [0, 0]
        for event in move.events:
            if isinstance(event, Capture):
                taken[event.taker] += event.seeds
        before = move.before.captures
        assert (before[0] + taken[0], before[1] + taken[1]) == move.after.captures
        checked += 1
    assert checked > 200


def test_a_mid_sow_casa_is_shown_as_taken_by_the_right_player():
    """Spec R2.5 on an explicit board: South sows 2 seeds from hole 0; the first makes hole 1
    a casa while one seed is still in hand."""
    board = [2, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4]
    captions = {}
    for variant in ("hoyito-i", "ba-awa"):
        move = hy.new_game(variant, board=board).sow(0)
        k, casa = next((k, e) for k, e in enumerate(move.events) if isinstance(e, Capture))
        assert casa.hole == 1 and boards_after_each_event(move)[k][1] == 0
        assert casa.taker == 0 and casa.seeds == 4
        captions[variant] = capture_caption(casa)
    assert captions["hoyito-i"] == captions["ba-awa"]  # South is mover and owner here
    plain = "South takes 4 from hole 1: a casa formed while seeds were still in hand."
    assert captions["ba-awa"] == plain  # the page's words: no "mid-sow"
    move = hy.new_game("hoyito-ii", board=board).sow(0)
    assert not any(isinstance(e, Capture) for e in film_events(move))


def test_relay_laps_are_numbered_in_the_film():
    move = hy.new_game("hoyito-i").sow(0)  # five laps from the start position
    steps = film(move, 1)["steps"]
    assert [s[3] for s in steps if s[0] == "relay"] == [2, 3, 4, 5]
    assert steps[0] == ["lift", 0, 4, 1]
    assert {s[4] for s in steps if s[0] == "drop"} == {1, 2, 3, 4, 5}


# -- long moves: bounded films ---------------------------------------------------------------
@pytest.mark.parametrize("case", list(LAP_LIMIT_MOVES))
def test_a_lap_limit_move_shows_its_first_laps_then_skips_to_the_stop(case):
    move = long_move(*LAP_LIMIT_MOVES[case])
    assert move.lap_limit and len(move.events) > 10 * MAX_FILM_FRAMES
    shown = film_events(move)
    assert len(shown) <= MAX_FILM_FRAMES
    skip = next(k for k, e in enumerate(shown) if isinstance(e, Skipped))
    # the first laps seed by seed, exactly as the record has them
    assert shown[:skip] == list(move.events[:skip])
    assert isinstance(move.events[skip], Relay) and move.events[skip].lap == 6
    # the skip: the board after the last seed of lap 1,000, and why the move stops
    summary, tail = shown[skip], shown[skip + 1 :]
    boards = boards_after_each_event(move)
    assert summary[:4] == (6, 1000, len(move.events) - skip - len(tail), True)
    assert summary.board == boards[-len(tail) - 1]
    steps = film(move, 1)["steps"]
    said = [say(s) for s in steps if s[0] in ("skip", "stop")]
    assert "After 1,000 laps the move stops: nobody can finish it by hand." in said[0]
    # then the stop, the owners taking their holes and the end of the game, as recorded
    assert tail == list(move.events[-len(tail) :])
    assert isinstance(tail[0], LapLimit) and "nobody can finish it by hand" in said[1]
    assert "sown 1,000 laps without ending" in said[1] and "before lap 1,001" in said[1]
    assert {e.reason for e in tail if isinstance(e, Capture)} == {Reason.LAP_LIMIT}
    assert isinstance(tail[-1], GameOver)
    assert film(move, 1)["after"] == list(move.after.board)


def test_a_long_move_that_ends_by_itself_says_how_many_laps_later():
    move = long_move(*LONG_NATURAL_MOVE)
    assert not move.lap_limit and move.laps == 174
    shown = film_events(move)
    assert len(shown) <= MAX_FILM_FRAMES
    summary = next(e for e in shown if isinstance(e, Skipped))
    skip = next(s for s in film(move, 1)["steps"] if s[0] == "skip")
    assert "169 laps later the move ends" in say(skip)
    assert summary.board == boards_after_each_event(move)[-3]  # before the casa and extra turn
    assert shown[-2:] == list(move.events[-2:])


class ReadOnce(tuple):
    """A move record that counts the events read and refuses to be walked whole."""

    reads = 0

    def __getitem__(self, index):
        found = tuple.__getitem__(self, index)
        ReadOnce.reads += len(found) if isinstance(index, slice) else 1
        return found

    def __iter__(self):
        raise AssertionError("the film walked the whole move record")


@pytest.mark.parametrize("case", [*LAP_LIMIT_MOVES, "natural"])
def test_a_film_reads_a_bounded_part_of_the_record_however_long_the_move(case):
    move = long_move(*(LONG_NATURAL_MOVE if case == "natural" else LAP_LIMIT_MOVES[case]))
    ReadOnce.reads = 0
    shown = film_events(dataclasses.replace(move, events=ReadOnce(move.events)))
    assert ReadOnce.reads <= 2 * MAX_FILM_FRAMES
    assert shown == film_events(move)


def test_short_moves_keep_their_whole_film():
    """Every move of many random games is shown whole, one frame per event."""
    longest = 0
    for variant in hy.VARIANTS:
        for move in random_moves(variant, games=10, seed=12):
            shown = film_events(move)
            assert shown == list(move.events)
            longest = max(longest, len(shown))
    assert longest < MAX_FILM_FRAMES


# -- how games end, in plain words -------------------------------------------------------------
def test_every_way_seeds_are_taken_has_plain_words():
    for reason in set(Reason) - {Reason.ALL_CAPTURED}:
        caption = capture_caption(Capture(3, 4, 1, reason))
        assert caption.startswith("North takes 4 from hole 3: ")
    for reason in (Reason.LAP_LIMIT, Reason.AGREEMENT, Reason.QUIET_LIMIT):
        words = capture_caption(Capture(0, 2, 0, reason))
        assert "own holes" in words
        assert not any(jargon in words for jargon in ("ply", "plies", "-limit", "R2.", "R4."))


def test_the_quiet_limit_and_an_agreement_are_told_in_the_film_and_status():
    move = hy.new_game("hoyito-i", quiet_limit=1).sow(0)  # five laps, no capture: quiet
    shown = film_events(move)
    assert isinstance(shown[-1], GameOver) and shown[-1].reason == Reason.QUIET_LIMIT
    assert boards_after_each_event(move)[-1] == move.after.board
    takes = [e for e in shown if isinstance(e, Capture)]
    quiet = Reason.QUIET_LIMIT
    assert {(c.reason, c.taker) for c in takes} == {(quiet, 0), (quiet, 1)}
    assert "nobody captured anything for too long" in capture_caption(takes[0])


# -- explain() ---------------------------------------------------------------------------------
@pytest.mark.parametrize("case", list(LAP_LIMIT_MOVES))
def test_explain_tells_a_lap_limit_move_in_a_few_sentences(case):
    variant, board, player, hole = LAP_LIMIT_MOVES[case]
    why = hy.explain(hy.new_game(variant, board=board, player=player), hole)
    assert why.lap_limit and why.laps == 1000
    assert "The sowing goes round 1,000 laps." in why.text
    assert "nobody can finish it by hand" in why.text
    swept = [c for c in why.captures if c.reason == Reason.LAP_LIMIT]
    south, north = (sum(c.seeds for c in swept if c.taker == p) for p in (0, 1))
    own_side = f"Each player takes the seeds on their own side: South {south}, North {north}."
    assert own_side in why.text
    assert len(why.text) < 600


def test_explain_counts_captures_beyond_the_first_few():
    why = hy.explain(hy.new_game("hoyito-i", board=[192] + [0] * 23), 0)
    assert len(why.captures) == 49
    casas = [c for c in why.captures if c.reason in (Reason.MID_SOW, Reason.LAST_SEED)]
    assert f"South takes {len(casas)} casas ({sum(c.seeds for c in casas)} seeds)." in why.text
    assert "South takes the last four seeds." in why.text and len(why.text) < 400


def test_the_film_captions_in_spanish():
    """The page words lifts and captures from its own table, in the board's language."""
    from hoyito_edu.board.texts import page_texts
    from hoyito_edu.i18n import language

    pos = hy.new_game("hoyito-ii", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    casa = next(e for e in pos.sow(2).events if isinstance(e, Capture))
    with language("es"):
        lift = page_texts()["lift_side"]
    caption = capture_caption(casa, "es")
    assert lift == ["{who} saca {count} semilla del hoyo {hole}.",
                    "{who} saca {count} semillas del hoyo {hole}."]
    assert caption == "Sur come 4 del hoyo 3: la última semilla formó una casa."
    assert capture_caption(casa) == "South takes 4 from hole 3: the last seed made a casa."


def test_a_capture_step_carries_its_reason_for_the_computer_caption():
    game = hy.Game("hoyito-i")
    while not any(m.after.captures != m.before.captures for m in game.moves):
        game.play(hy.player("greedy", seed=1).choose(game.position))
    move = next(m for m in game.moves if m.after.captures != m.before.captures)
    with language("es"):
        steps = [s for s in film(move, 1)["steps"] if s[0] == "capture"]
        texts = page_texts()
    kind, hole, seeds, taker, reason = steps[0]
    because = texts["because"][reason]
    caption = say(steps[0], "es")
    assert caption.startswith(("Sur come", "Norte come")) and because in caption
    # the page names the computer as its lift did: "La computadora se come 4 del hoyo 9: ..."
    said = texts["capture_computer"].format(seeds=seeds, hole=hole, because=because)
    assert said.startswith(f"La computadora se come {seeds} del hoyo {hole}: ")
    assert texts["capture_you"].startswith("Te comes {seeds}")
