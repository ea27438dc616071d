"""Fuzzing saved files: whatever the bytes, loading gives a FormatError or a correct game or
match, within a time limit, and never another exception (issue 12).

The files are mutations of real saves (games and matches of all four variants, as ``to_json``
writes them): truncated anywhere, bytes changed or inserted, any field deleted, added, set to
null, to another type, to a huge number, to a deeply nested value or to any JSON value, plus
JSON that Python reads but saves never hold (NaN, duplicate keys). A file that loads must be a
correct result: it saves again to the same data and loads again to the same game or match.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import time

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import hoyito_edu as hy

pytestmark = pytest.mark.slow  # hypothesis runs many examples

#: The most a single load may take (generous: the saves fuzzed here load in milliseconds; a
#: hang or a quadratic path shows up as seconds). Hypothesis' own deadline is off, since a
#: loaded 2-core machine makes per-example timings flaky.
TIME_LIMIT = 5.0

FUZZ = settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _random_game(variant: str, seed: int, plies: int, **setup) -> hy.Game:
    rng = random.Random(seed)
    game = hy.Game(variant, **setup)
    while not game.is_over and len(game.moves) < plies:
        game.play(rng.choice(game.position.legal_moves()))
    return game


def _random_match(variant: str, seed: int, rounds: int, plies: int) -> hy.Match:
    """A match of random moves, stopped after ``plies`` moves of round ``rounds``."""
    rng = random.Random(seed)
    match = hy.Match(variant)
    while not match.is_over:
        if match.game.is_over:
            if match.round == rounds:
                break
            match.next_round()
        if match.round == rounds and len(match.game.moves) >= plies:
            break
        match.play(rng.choice(match.position.legal_moves()))
    return match


@functools.cache
def real_saves() -> tuple[str, ...]:
    """JSON texts of real saves: for each variant a finished game, a game in play with rule
    options, a game ended by agreement, and a match in its second round."""
    texts = []
    for number, variant in enumerate(hy.VARIANTS):
        texts.append(_random_game(variant, number, 1000).to_json())
        options = {"skip_origin": True, "max_laps": 40, "quiet_limit": 60}
        if variant == "hoyito-ii":
            options["chain_opponent_side_only"] = True
        texts.append(_random_game(variant, number, 30, **options).to_json())
        agreed = _random_game(variant, number + 10, 6, max_laps=None)
        agreed.end_by_agreement()  # 6 random plies never end a game
        texts.append(agreed.to_json())
        texts.append(_random_match(variant, number, 2, 10).to_json())
    return tuple(texts)


def load(text: str | bytes) -> hy.Game | hy.Match | None:
    """Load ``text`` as a game or a match (whichever its format says; a game if it says
    neither), within the time limit: the loaded value, or None for a FormatError."""
    try:
        kind = json.loads(text).get("format")
    except Exception:
        kind = None
    loader = hy.Match if kind == "hoyito_edu.match" else hy.Game
    started = time.perf_counter()
    try:
        loaded = loader.from_json(text)
    except hy.FormatError as err:
        assert str(err), "a FormatError must say what is wrong"
        loaded = None
    seconds = time.perf_counter() - started
    assert seconds < TIME_LIMIT, f"loading took {seconds:.1f} s"
    return loaded


def assert_correct(loaded: hy.Game | hy.Match) -> None:
    """A loaded game or match saves to data that loads back to the same thing."""
    data = loaded.to_dict()
    again = type(loaded).from_json(json.dumps(data))
    assert again.to_dict() == data
    if isinstance(loaded, hy.Game):
        assert again.position == loaded.position and again.holes() == loaded.holes()
    else:
        assert again.holdings == loaded.holdings and again.round == loaded.round


def check(text: str | bytes) -> None:
    loaded = load(text)
    event("FormatError" if loaded is None else f"loaded a {type(loaded).__name__}")
    if loaded is not None:
        assert_correct(loaded)


# -- values to put in a file -------------------------------------------------------------------
HUGE = st.sampled_from([10**30, -(10**30), 10**99, 10**100, 10**101, 2**63, -(2**63), 1e308])
EDGES = st.sampled_from(
    [0, 1, 2, 3, 4, 5, 6, 11, 12, 23, 24, -1, 192, 193, 1000, True, False, None, "", "0",
     "hoyito-ii", "ba-awa", "hoyito_edu.game", "hoyito_edu.match", 0.5, 4.0, -0.0, [], {},
     [4] * 12, [0] * 12, [4] * 24, [0, 1], [1, 0], [[]], {"board": [4] * 12, "player": 0}]
)
ANY_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-50, 50)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | HUGE
    | EDGES,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
#: Fresh copies: EDGES holds lists and dicts that the mutations below change in place, and a
#: value shared between test cases would make the cases depend on each other.
JSON_VALUES = ANY_JSON.map(copy.deepcopy)


def type_swapped(value: object) -> list[object]:
    """Values of other JSON types that a careless edit or program would write for ``value``."""
    swaps: list[object] = [None, str(value), [value], {"value": value}]
    if isinstance(value, bool):
        swaps += [int(value), "true" if value else "false"]
    elif isinstance(value, int):
        swaps += [float(value), value != 0, -value, value * 10**40, str(value) + ".0"]
    elif isinstance(value, list):
        swaps += [tuple_as_dict(value), value[:-1], value + value, value[::-1], len(value)]
    elif isinstance(value, dict):
        swaps += [list(value.values()), list(value), {}]
    elif isinstance(value, str):
        swaps += [value.upper(), value + " ", len(value), value.encode("utf-8").hex()]
    return swaps


def tuple_as_dict(items: list) -> dict:
    return {str(i): item for i, item in enumerate(items)}


def nested(value: object, depth: int) -> object:
    for _ in range(depth):
        value = [value]
    return value


# -- mutating a saved value at a random place -------------------------------------------------
@st.composite
def a_place(draw, data: object) -> list:
    """A path of keys and indices from the top of ``data`` to some value in it."""
    path: list = []
    node = data
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)) > 0:
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    return path


def get(data: object, path: list) -> object:
    for key in path:
        data = data[key]
    return data


HOW = ["replace", "swap", "null", "huge", "deep", "delete", "add", "forget", "shorten"]


@st.composite
def mutated(draw) -> object:
    """A real save with one or a few values changed, deleted or added."""
    data = json.loads(draw(st.sampled_from(real_saves())))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(a_place(data))
        old = get(data, path)
        how = draw(st.sampled_from(HOW))
        if how == "forget" and isinstance(data, dict):  # optional fields: often still loads
            for key in ("result", "options", "agreed", "settings"):
                if draw(st.booleans()):
                    data.pop(key, None)
            continue
        if how == "shorten" and isinstance(old, list):  # a shorter game, board or list
            del old[draw(st.integers(0, len(old))) :]
            continue
        if how == "replace":
            new = draw(JSON_VALUES)
        elif how == "swap":
            new = draw(st.sampled_from(type_swapped(old)))
        elif how == "null":
            new = None
        elif how == "huge":
            new = draw(HUGE)
        elif how == "deep":
            new = nested(old, draw(st.integers(1, 40)))
        elif how == "delete" and path:
            parent = get(data, path[:-1])
            del parent[path[-1]]
            continue
        elif how == "add" and isinstance(old, (dict, list)):
            if isinstance(old, dict):
                old[draw(st.text(max_size=10) | st.sampled_from(["agreed", "result", "x"]))] = (
                    draw(JSON_VALUES)
                )
            else:
                old.insert(draw(st.integers(0, len(old))), draw(JSON_VALUES))
            continue
        else:
            new = draw(JSON_VALUES)
        if path:
            get(data, path[:-1])[path[-1]] = new
        else:
            data = new
    return data


@FUZZ
@given(mutated())
def test_mutated_saves_load_correctly_or_give_a_format_error(data):
    check(json.dumps(data))


@FUZZ
@given(mutated())
def test_from_dict_takes_mutated_saves_directly(data):
    for loader in (hy.Game, hy.Match):
        try:
            loaded = loader.from_dict(data)
        except hy.FormatError:
            continue
        event(f"loaded a {loader.__name__}")
        assert_correct(loaded)


# -- mutating the bytes of a saved file -------------------------------------------------------
BAD_BYTES = st.sampled_from(
    [b"\xff", b"\xfe\xff", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\x80\x80", b"\xef\xbb\xbf",
     b"\\", b'"', b"{", b"[", b"]", b"}", b",", b":", b"NaN", b"Infinity", b"-Infinity",
     b"1e999", b"9" * 5000, b"[" * 3000, b"\\ud800", b"\\u0000", b"true", b"null"]
)


@st.composite
def damaged_bytes(draw) -> bytes:
    """A real save's bytes, truncated, overwritten or with bytes inserted."""
    raw = draw(st.sampled_from(real_saves())).encode("utf-8")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(raw)))
        how = draw(st.sampled_from(["truncate", "insert", "overwrite", "random", "wrap"]))
        if how == "truncate":
            raw = raw[:at]
        elif how == "insert":
            raw = raw[:at] + draw(BAD_BYTES) + raw[at:]
        elif how == "overwrite":
            chunk = draw(BAD_BYTES)
            raw = raw[:at] + chunk + raw[at + len(chunk) :]
        elif how == "random":
            raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at + 1 :]
        else:
            depth = draw(st.integers(1, 2000))
            raw = b"[" * depth + raw + b"]" * depth
    return raw


@FUZZ
@given(damaged_bytes())
def test_damaged_bytes_load_correctly_or_give_a_format_error(raw):
    check(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return
    check(text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(16)), st.sampled_from(["NaN", "Infinity", "-Infinity", "dup"]))
def test_json_python_reads_but_saves_never_hold_is_refused(which, what):
    text = real_saves()[which]
    if what == "dup":
        text = text[:-1] + ', "variant": "hoyito-i"}'
        message = "appears twice"
    else:
        text = text.replace('"version": 1', f'"version": {what}')
        message = "not a number JSON allows"
    assert load(text) is None
    try:
        hy.Game.from_json(text)
    except hy.FormatError as err:
        assert message in str(err) or "format is" in str(err)


# -- any Python value at all ------------------------------------------------------------------
PYTHON_VALUES = st.recursive(
    JSON_VALUES
    | st.floats()
    | st.binary(max_size=4)
    | st.sampled_from([object(), set(), frozenset({1}), 1j, range(3), ..., b"{}", Exception()]),
    lambda inner: st.lists(inner, max_size=4)
    | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=6) | st.integers() | st.none(), inner, max_size=4),
    max_leaves=10,
)


@st.composite
def with_python_value(draw) -> object:
    """A real save with any Python value (sets, bytes, tuples, NaN, objects ...) somewhere."""
    data = json.loads(draw(st.sampled_from(real_saves())))
    path = draw(a_place(data))
    value = draw(PYTHON_VALUES)
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_python_value())
def test_from_dict_of_any_python_value_is_a_result_or_a_format_error(data):
    for loader in (hy.Game, hy.Match):
        started = time.perf_counter()
        try:
            loaded = loader.from_dict(data)
        except hy.FormatError:
            continue
        finally:
            assert time.perf_counter() - started < TIME_LIMIT
        event(f"loaded a {loader.__name__}")
        assert_correct(loaded)


def test_the_real_saves_load_back():
    """The fuzz starts from saves that load: otherwise every case would be a FormatError."""
    kinds = set()
    for text in real_saves():
        loaded = load(text)
        assert loaded is not None
        assert_correct(loaded)
        kinds.add((type(loaded).__name__, loaded.rules.name))
    assert len(kinds) == 8
