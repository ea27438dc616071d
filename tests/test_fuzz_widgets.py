"""Fuzzing the widget constructors: every argument, good or bad, gives a working widget or a
ValueError whose message names what was wrong, never another exception (issue 12).

Bad values are the ones users type by mistake: bools and floats for numbers, numpy scalars,
strings for numbers and numbers for strings, huge integers, None, lists, bytes.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyito_edu as hy
from hoyito_edu.board.frames import MAX_FILM_FRAMES

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 14),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(0, 5), max_size=3),
    st.builds(np.int64, st.integers(-3, 14)),
    st.sampled_from([np.float64(6.0), np.bool_(True), b"6", {"a": 1}, ("x",), object()]),
)

FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def setting(*good) -> st.SearchStrategy:
    """Half the time a good value, half the time anything at all."""
    return st.one_of(st.sampled_from(good), JUNK)


def assert_clear(error: ValueError, arguments) -> None:
    """The message names one of the arguments given (or what it stands for)."""
    message = str(error)
    words = {
        "variant": ("variant",),
        "holes_per_row": ("holes_per_row",),
        "opponent": ("opponent",),
        "human": ("human",),
        "lang": ("lang",),
        "speed": ("speed",),
        "match": ("match",),
        "seed": ("seed",),
        "record": ("record", "path", "saved", "JSON", "read"),
        "board_or_position": ("board", "position", "seeds", "Entry", "Type"),
        "hole": ("hole",),
        "player": ("player",),
        "variants": ("variant",),
    }
    named = [w for name in arguments for w in words[name] if w in message]
    assert named, f"{message!r} names none of {sorted(arguments)}"


BOARD_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "variant": setting(*hy.VARIANTS, "Hoyito-II"),
        "holes_per_row": setting(6, 7, 12, np.int32(9)),
        "opponent": setting(None, "beginner", "random", "greedy"),
        "human": setting(0, 1, np.int64(1)),
        "lang": setting("en"),
        "speed": setting("off", "fast", "normal"),
        "match": setting(False, True),
        "seed": setting(None, 0, 7, np.int64(3)),
    },
)


@FUZZ
@given(BOARD_SETTINGS)
def test_board_settings_give_a_board_or_a_clear_error(kwargs):
    try:
        board = hy.Board(**kwargs)
    except ValueError as error:
        assert_clear(error, kwargs)
        return
    pos = board.position
    assert pos.holes_per_row == kwargs.get("holes_per_row", 6)
    assert board.view["board"] == list(pos.board)
    if board.view["playable"] and "opponent" in kwargs:  # not the default expert: quick replies
        hole = board.view["playable"][0]
        board.receive({"type": "click", "hole": hole, "ply": board.ply, "game": board.view["game"]})
        assert board.game.moves and board.view["board"] == list(board.position.board)


REPLAY_RECORDS = {
    "game": hy.Game("hoyito-ii"),
    "match": hy.Match("ba-awa"),
}
REPLAY_RECORDS["game"].play_all([3, 9, 0])


@FUZZ
@given(
    st.one_of(st.sampled_from(list(REPLAY_RECORDS)), JUNK),
    st.one_of(st.just("default"), setting("off", "slow", "normal", "fast")),
)
def test_replay_arguments_give_a_replay_or_a_clear_error(record, speed):
    record = REPLAY_RECORDS.get(record, record) if isinstance(record, str) else record
    kwargs = {} if speed == "default" else {"speed": speed}
    try:
        replay = hy.Replay(record, **kwargs)
    except ValueError as error:
        assert_clear(error, {"record", *kwargs})
        return
    assert replay.shown_board == replay.game.position.board
    replay.receive({"type": "action", "name": "start"})
    assert replay.shown_board == replay.game.start.board and replay.move == 0


POSITIONS = st.one_of(
    st.none(),
    st.lists(st.integers(0, 9), min_size=12, max_size=12),
    st.lists(st.integers(-2, 200), max_size=26),
    st.lists(st.sampled_from([4, 4.0, True, np.int8(4), "4", None]), min_size=12, max_size=12),
    st.text(alphabet="0123456789 ,;x-.", max_size=60),  # a board typed as text
    JUNK,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "board_or_position": POSITIONS,
            "hole": setting(None, 0, 3, 5, np.int64(2), 11),
            "player": setting(0, 1),
            "variants": st.one_of(
                st.lists(st.sampled_from([*hy.VARIANTS, "Ba-Awa"]), min_size=1, max_size=3),
                JUNK,
            ),
        },
    )
)
def test_compare_arguments_give_a_comparison_or_a_clear_error(kwargs):
    try:
        compare = hy.CompareRules(**kwargs)
    except ValueError as error:
        assert_clear(error, kwargs)
        return
    assert compare.hole in compare.position.legal_moves()
    assert len(compare.view["columns"]) == len(compare.variants)
    assert all(0 < len(f["steps"]) <= MAX_FILM_FRAMES for f in compare.films_sent)


MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(["click", "hole", "board", "action", "goto", "round", "next"])},
    optional={
        "hole": setting(0, 3, 7, 11),
        "move": setting(0, 1, 2, 3),
        "round": setting(1, 2),
        "ply": setting(0, 1, 2),
        "name": setting("start", "back", "forward", "end", "play", "stop", "again"),
        "text": setting("4 " * 12, "4 4 banana", "4 " * 16, "0 " * 12),
        "player": setting(0, 1),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(MESSAGES, JUNK), max_size=8))
def test_any_message_from_the_page_leaves_replay_and_compare_consistent(messages):
    replay = hy.Replay(REPLAY_RECORDS["game"])
    compare = hy.CompareRules()
    for message in messages:
        replay.receive(message)
        compare.receive(message)
        assert 0 <= replay.move <= replay.total
        assert replay.shown_board == replay.position.board
        assert compare.hole in compare.position.legal_moves()
        assert compare.view["form"]["hole"] == compare.hole
        assert [c["title"] for c in compare.view["columns"]] == [r.rules for r in compare.rows]
