"""Fuzzing the public API: constructors, moves, games, matches, players and simulations.

Every call gets values a new user or an attacker might pass (wrong types, bools, floats, NaN,
infinities, negative and huge numbers, numpy integers, strings, None, empty or duplicated
lists, boards near and beyond ``hy.MAX_SEEDS``). The property is always the same: a clear
error (``ValueError``, of which ``IllegalMove`` is one, with a message that is not a library's
internal complaint) or a correct result, within a time limit, and never another exception.

Saved files and the command line are fuzzed in their own test files, the widgets in theirs.
This file's share of the suite's generated cases is about 4,500, in well under a minute.

The last tests are regressions for the long moves of issue 12: they used to run for minutes
and gigabytes, and now stop at the lap limit (R2.8).
"""

from __future__ import annotations

import math
import signal
import threading
import time
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import hoyito_edu as hy
from hoyito_edu.engine.checks import as_whole
from hoyito_edu.sim.matches import simulate_matches
from hoyito_edu.sim.simulate import END_REASONS

pytestmark = pytest.mark.slow  # hypothesis runs many examples

#: Seconds any one call may take before it counts as a hang (far above what any takes).
TIME_LIMIT = 20.0

#: Words of messages that come from inside numpy, pandas or Python, not from the package.
INTERNAL = ("codes need to be", "Maximum allowed", "tuple.index", "No group keys",
            "cannot insert", "could not convert", "invalid literal", "too many values to",
            "not enough values to", "object is not", "math domain", "unhashable")

def fuzz(examples: int) -> settings:
    """Hypothesis settings for ``examples`` cases; the time limit is :func:`time_limit`'s."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


class TooSlow(BaseException):
    """A call ran past TIME_LIMIT (a BaseException, so no ``except Exception`` swallows it)."""


@contextmanager
def time_limit(seconds: float = TIME_LIMIT):
    """Fail a call that takes longer than ``seconds`` (SIGALRM where there is one, else by
    measuring afterwards)."""
    alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    started = time.perf_counter()
    if alarm:

        def stop(signum, frame):
            raise TooSlow(f"still running after {seconds} s")

        previous = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - started < seconds, f"took more than {seconds} s"


def attempt(call, *args, **kwargs):
    """``call(*args, **kwargs)``, or the ValueError it raised, which must say something clear.
    Any other exception fails the test."""
    name = getattr(call, "__name__", "call")
    with time_limit():
        try:
            result = call(*args, **kwargs)
        except ValueError as err:
            message = str(err)
            assert message.strip(), f"{type(err).__name__} without a message"
            assert not any(word in message for word in INTERNAL), f"internal error: {message}"
            event(f"{name}: {type(err).__name__}")
            return err
    event(f"{name}: a result")
    return result


# -- values ---------------------------------------------------------------------------------
ODD = st.sampled_from([np.int64(7), np.int8(1), np.uint8(3), 10**30, -(10**30), 2**63, 1.0,
                       2.5, math.nan, math.inf, -math.inf, True, False, None, "", "3", "x",
                       b"1", [], (), {}, [1, 2], (0, 1), {0: 1}, object()])
ANY = st.one_of(st.integers(-3, 14), ODD)
SMALL_ANY = st.one_of(st.integers(-2, 3), ODD)


def mostly(valid, odd=ANY, one_in: int = 6):
    """Values from ``valid``, and one time in ``one_in`` from ``odd``: most calls then get
    through the checks and do some work, and the rest test the checks."""
    return st.integers(0, one_in - 1).flatmap(lambda k: odd if k == 0 else valid)


NAMES = sorted(hy.VARIANTS)
VARIANT = mostly(
    st.sampled_from(NAMES),
    st.sampled_from([" Hoyito-II", "oware", "", 5, None, ["hoyito-i"],
                     hy.get_rules("hoyito-iii", max_laps=7)]),
)
HOLE = mostly(st.integers(0, 23), st.one_of(st.integers(-2, 25), ODD), one_in=4)


class Legal:
    """A hole drawn as "the k-th legal move", resolved when the position is known."""

    def __init__(self, k: int) -> None:
        self.k = k

    def __repr__(self) -> str:
        return f"Legal({self.k})"


#: Holes for a sequence of moves: half of them a legal move, the rest anything.
MOVE = st.one_of(st.integers(0, 11).map(Legal), HOLE)


def resolve(hole: object, position: hy.Position) -> object:
    if not isinstance(hole, Legal):
        return hole
    legal = position.legal_moves()
    return legal[hole.k % len(legal)] if legal else hole.k


@st.composite
def boards(draw, n: int):
    """Boards of 2n holes: fair ones, ones holding about MAX_SEEDS seeds, ones beyond it, and
    boards with a bad entry or length."""
    kind = draw(st.sampled_from(["fair", "fair", "near", "near", "beyond", "bad entry",
                                 "bad length", "any"]))
    if kind == "any":
        return draw(ANY)
    if kind == "fair":
        return draw(st.lists(st.integers(0, 8), min_size=2 * n, max_size=2 * n))
    if kind in ("near", "beyond"):
        total = hy.MAX_SEEDS + draw(st.integers(-3, 0 if kind == "near" else 50))
        board = [0] * (2 * n)
        for hole in draw(st.lists(st.integers(0, 2 * n - 1), min_size=total, max_size=total)):
            board[hole] += 1
        if kind == "beyond" and draw(st.booleans()):
            board[draw(st.integers(0, 2 * n - 1))] = draw(st.sampled_from([10**30, 2**63, 193]))
        return board
    board = draw(st.lists(st.integers(0, 6), min_size=2 * n, max_size=2 * n))
    if kind == "bad length":
        return board + [4] if draw(st.booleans()) else board[:-1]
    board[draw(st.integers(0, 2 * n - 1))] = draw(ODD)
    return board


@st.composite
def set_up_arguments(draw):
    """Arguments for new_game, each field sometimes present, mostly valid, sometimes odd."""
    variant = draw(VARIANT)
    n = draw(mostly(st.integers(6, 12), st.sampled_from([5, 13])))
    if variant == "ba-awa":
        n = draw(mostly(st.just(6), st.integers(5, 7)))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["holes_per_row"] = draw(mostly(st.sampled_from([n, np.int64(n)])))
    if draw(st.booleans()):
        kwargs["board"] = draw(boards(n))
    player = mostly(st.integers(0, 1), SMALL_ANY)
    for key, values in (
        ("player", player),
        ("starter", player),
        ("captures", mostly(st.tuples(st.integers(0, 9), st.integers(0, 9)))),
        ("surplus", mostly(st.tuples(st.integers(0, 60), st.integers(0, 5)))),
        ("closed", mostly(st.lists(st.integers(0, 2 * n - 1), max_size=3))),
        ("owners", mostly(st.lists(st.integers(0, 1), min_size=2 * n, max_size=2 * n))),
        ("round", mostly(st.integers(1, 9))),
        ("previous_winner", mostly(st.sampled_from([None, 0, 1]), SMALL_ANY)),
        ("max_laps", mostly(st.one_of(st.integers(1, 2000), st.none()))),
        ("quiet_limit", mostly(st.one_of(st.integers(1, 50), st.none()))),
        ("skip_origin", mostly(st.booleans())),
        ("spin", st.booleans()),
    ):
        if draw(st.integers(0, 3 if key != "spin" else 20)) == 0:
            kwargs[key] = draw(values)
    return variant, kwargs


def check_position(pos: hy.Position) -> None:
    """What every position new_game gives must satisfy; and its first move plays."""
    rules = pos.rules
    n = pos.holes_per_row
    assert rules.min_holes_per_row <= n <= rules.max_holes_per_row
    assert len(pos.board) == 2 * n and all(type(c) is int and c >= 0 for c in pos.board)
    total = sum(pos.board) + sum(pos.captures) + sum(pos.surplus)
    assert total <= hy.MAX_SEEDS
    assert pos.player in (0, 1) and pos.starter in (0, 1)
    legal = pos.legal_moves()
    assert legal and all(pos.owners[h] == pos.player and pos.board[h] for h in legal)
    after = pos.play(legal[-1])
    assert sum(after.board) + sum(after.captures) + sum(after.surplus) == total


@fuzz(1500)
@given(set_up_arguments())
def test_new_game_gives_a_valid_position_or_a_clear_error(arguments):
    variant, kwargs = arguments
    pos = attempt(hy.new_game, variant, **kwargs)
    if isinstance(pos, hy.Position):
        with time_limit():
            check_position(pos)


# -- moves ----------------------------------------------------------------------------------
@st.composite
def positions(draw):
    """A legal position: any rule set and size, up to MAX_SEEDS seeds, either player."""
    variant = draw(st.sampled_from(sorted(hy.VARIANTS)))
    rules = hy.VARIANTS[variant]
    n = draw(st.integers(rules.min_holes_per_row, rules.max_holes_per_row))
    total = draw(st.integers(1, hy.MAX_SEEDS))
    board = [0] * (2 * n)
    for hole in draw(st.lists(st.integers(0, 2 * n - 1), min_size=total, max_size=total)):
        board[hole] += 1
    options = draw(st.sampled_from([{}, {"max_laps": 20}, {"quiet_limit": 5}]))
    return hy.new_game(variant, board=board, player=draw(st.integers(0, 1)), **options)


@fuzz(700)
@given(positions(), st.lists(MOVE, max_size=30))
def test_any_hole_is_played_or_refused_with_illegal_move(start, holes):
    total = sum(start.board) + sum(start.captures)
    pos = start
    for hole in holes:
        hole = resolve(hole, pos)
        legal = pos.legal_moves()
        result = attempt(pos.sow, hole)
        if as_whole(hole) in legal:
            assert isinstance(result, hy.Move), result
            assert result.hole == hole and result.before is pos
            pos = result.after
            assert sum(pos.board) + sum(pos.captures) == total
            assert result.laps <= (pos.rules.max_laps or math.inf)
        else:
            assert isinstance(result, hy.IllegalMove), f"hole {hole!r} was played: {result!r}"


GAME_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("play"), MOVE),
        st.tuples(st.just("play_all"), st.lists(HOLE, max_size=4)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
        st.tuples(st.just("agree")),
    ),
    max_size=30,
)


def replayed(start: hy.Position, holes: list[int], agreed: bool) -> hy.Position:
    pos = start
    for hole in holes:
        pos = pos.play(hole)
    return pos.end_by_agreement() if agreed else pos


@fuzz(600)
@given(positions(), GAME_OPS)
def test_game_play_undo_redo_and_agreement_follow_a_simple_model(start, ops):
    """Against a model of a score sheet: the holes played, the redo stack, an agreement."""
    game = hy.Game(start=start)
    played, redo, agreed = [], [], False
    for op, *args in ops:
        pos = replayed(start, played, agreed)
        args = [resolve(arg, pos) for arg in args]
        if op == "play":
            result = attempt(game.play, args[0])
            if as_whole(args[0]) in pos.legal_moves():
                assert isinstance(result, hy.Move)
                played.append(as_whole(args[0]))
                redo.clear()
            else:
                assert isinstance(result, hy.IllegalMove)
        elif op == "play_all":
            result = attempt(game.play_all, args[0])
            trial, ok = pos, True
            for hole in args[0]:
                if as_whole(hole) not in trial.legal_moves():
                    ok = False
                    break
                trial = trial.play(hole)
            assert isinstance(result, list if ok else hy.IllegalMove)
            if ok and args[0]:
                played += [as_whole(h) for h in args[0]]
                redo.clear()
        elif op == "undo":
            result = attempt(game.undo)
            if agreed:
                assert result is None
                agreed = False
            elif played:
                assert result.hole == played[-1]
                redo.append(played.pop())
            else:
                assert isinstance(result, ValueError)
        elif op == "redo":
            result = attempt(game.redo)
            if redo:
                assert result.hole == redo[-1]
                played.append(redo.pop())
            else:
                assert isinstance(result, ValueError)
        else:
            result = attempt(game.end_by_agreement)
            if pos.is_over:
                assert isinstance(result, ValueError)
            else:
                assert result.outcome.reason == "agreement"
                agreed = True
                redo.clear()
        assert game.holes() == played and game.ended_by_agreement == agreed
        assert game.position == replayed(start, played, agreed)
        assert game.can_redo == bool(redo)


# -- matches --------------------------------------------------------------------------------
MATCH_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "holes_per_row": mostly(st.integers(6, 8), st.one_of(st.integers(5, 13), ODD)),
        "first_player": mostly(st.integers(0, 1), SMALL_ANY),
        "target": mostly(st.integers(7, 12), st.one_of(st.integers(5, 13), ODD)),
        "winner_starts": mostly(st.booleans(), ODD),
        "fill": st.sampled_from([None, hy.fill_from_first_hole, 5, "x"]),
        "reallocate": st.sampled_from([None, hy.take_back_then_ring_order, 5]),
        "max_laps": mostly(st.integers(1, 30), ODD),
        "quiet_limit": mostly(st.integers(5, 60), ODD),
    },
)
MATCH_OPS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["play", "game.play"]), MOVE),
        st.tuples(st.sampled_from(["undo", "redo", "game.undo", "game.redo", "next_round",
                                   "agree", "game.agree", "finish", "game.finish"])),
    ),
    max_size=25,
)


def check_match(match: hy.Match) -> None:
    """The results are those of the finished games, however they were played."""
    finished = [g for g in match.games if g.is_over]
    assert len(match.results) == len(finished) == len(match.games) - (not match.game.is_over)
    for result, game in zip(match.results, match.games, strict=False):
        assert result.outcome == game.position.outcome
        assert result.moves == len(game.moves)
    assert not match.is_over or match.game.is_over


def finish(play, position_of, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(3000):
        pos = position_of()
        if pos.is_over:
            return
        legal = pos.legal_moves()
        play(legal[int(rng.integers(len(legal)))])


def match_step(match: hy.Match, op: str, args: list, seed: int):
    """One operation on a match, through the match or through ``match.game``."""
    game = match.game
    if op in ("play", "game.play"):
        return (match if op == "play" else game).play(resolve(args[0], game.position))
    if op == "finish":
        return finish(match.play, lambda: match.position, seed)
    if op == "game.finish":
        return finish(game.play, lambda: game.position, seed)
    calls = {
        "undo": match.undo,
        "redo": match.redo,
        "game.undo": game.undo,
        "game.redo": game.redo,
        "next_round": match.next_round,
        "agree": match.end_by_agreement,
        "game.agree": game.end_by_agreement,
    }
    return calls[op]()


@fuzz(300)
@given(st.sampled_from(NAMES), MATCH_SETTINGS, MATCH_OPS, st.integers(0, 9))
def test_match_sequences_keep_results_in_step_with_the_games(variant, kwargs, ops, seed):
    hoyito_only, ba_awa_only = ("fill",), ("target", "winner_starts", "reallocate")
    for key in ba_awa_only if variant != "ba-awa" else hoyito_only:
        if key in kwargs and as_whole(seed) % 3:  # mostly settings that fit the game
            del kwargs[key]
    match = attempt(hy.Match, variant, **kwargs)
    if not isinstance(match, hy.Match):
        return
    for op, *args in ops:
        rounds = match.round
        over = match.game.is_over and not match.is_over
        result = attempt(match_step, match, op, args, seed)
        if op == "next_round":
            assert isinstance(result, hy.Position) == over
            assert match.round == rounds + over
        with time_limit():
            check_match(match)


# -- players --------------------------------------------------------------------------------
VALID_SETTINGS = {
    "capture_bias": st.floats(0, 1),
    "max_depth": st.integers(1, 4),
    "max_nodes": st.integers(1, 5000),
    "time_limit": st.floats(0.01, 0.2),
    "playouts": st.integers(1, 300),
    "exploration": st.floats(0, 3),
    "compiled": st.booleans(),
    "name": st.text(min_size=1, max_size=5),
}
SETTING_VALUE = st.one_of(st.integers(-1, 5), st.floats(-1, 2), ODD)


@st.composite
def player_arguments(draw):
    """A player name (mostly a real one), a seed and settings (mostly ones it takes)."""
    name = draw(mostly(st.sampled_from(hy.available_players()),
                       st.sampled_from([" Expert", "chess", 5, None, "", ["greedy"]])))
    known = hy.players.SETTINGS.get(name.strip().lower(), ()) if isinstance(name, str) else ()
    keys = draw(st.lists(mostly(st.sampled_from(known or ("name",)),
                                st.sampled_from([*VALID_SETTINGS, "depth"])), max_size=3))
    settings_ = {key: draw(mostly(VALID_SETTINGS.get(key, SETTING_VALUE), SETTING_VALUE))
                 for key in keys}
    seed = draw(mostly(st.one_of(st.none(), st.integers(0, 2**70)), st.one_of(
        st.integers(-2, -1), ODD)))
    return name, seed, settings_


TEST_POSITIONS = [
    hy.new_game("hoyito-ii"),
    hy.new_game("ba-awa").play(2),
    hy.new_game("hoyito-i", holes_per_row=7, board=[0, 0, 1, 3] + [2] * 10),
]


def quick(agent) -> bool:
    """A player whose choice takes a moment: not a deep search without a small budget, nor
    mcts thinking for its default second."""
    from hoyito_edu.players.mcts import MCTSPlayer

    if isinstance(agent, MCTSPlayer):
        return agent.time_limit is None or agent.time_limit <= 0.2
    if not isinstance(agent, hy.players.SearchPlayer):
        return True
    return (
        agent.max_depth <= 3
        or (agent.max_nodes or math.inf) <= 20_000
        or (agent.time_limit or math.inf) <= 0.2
    )


@fuzz(800)
@given(player_arguments(), st.sampled_from(TEST_POSITIONS))
def test_player_gives_a_working_player_or_a_clear_error(arguments, position):
    name, seed, kwargs = arguments
    agent = attempt(hy.player, name, seed, **kwargs)
    if isinstance(agent, ValueError):
        return
    assert isinstance(agent, hy.Player) and isinstance(agent.name, str)
    assert as_whole(seed) is not None and as_whole(seed) >= 0 or seed is None
    if quick(agent):
        choice = attempt(agent.choose, position)
        assert choice in position.legal_moves()
        if seed is not None and not getattr(agent, "time_limit", None):
            again = hy.player(name, seed, **kwargs).choose(position)
            assert again == choice  # same seed, same settings: same choice


# -- simulations ----------------------------------------------------------------------------
SIM_PLAYERS = st.sampled_from(["random", "greedy", "beginner"])
SIM_ARGUMENTS = st.fixed_dictionaries(
    {
        "variant": mostly(st.one_of(st.sampled_from(NAMES), st.lists(st.sampled_from(NAMES),
                          min_size=1, max_size=3, unique=True)), st.one_of(VARIANT, st.lists(
                          st.sampled_from(NAMES), max_size=3))),
        "games": mostly(st.integers(1, 4), st.one_of(st.integers(-1, 0), ODD)),
    },
    optional={
        "players": mostly(st.tuples(SIM_PLAYERS, SIM_PLAYERS), st.one_of(
            st.tuples(*[st.sampled_from(["random", "chess", 1.0])] * 2), ODD)),
        "holes_per_row": mostly(st.integers(6, 8), st.one_of(st.integers(5, 13), ODD)),
        "seed": mostly(st.integers(0, 2**64), st.one_of(st.integers(-2, -1), ODD)),
        "starter": mostly(st.sampled_from(["alternate", 0, 1, np.int64(1)]), st.one_of(
            st.just("ALTERNATE"), SMALL_ANY)),
        "max_plies": mostly(st.integers(1, 300), st.one_of(st.integers(-1, 0), ODD)),
        "tables": mostly(st.lists(st.sampled_from(["moves", "captures"]), max_size=2).map(
            lambda t: ["games", *t]), st.one_of(st.lists(st.sampled_from(
                ["games", "moves", "boards"]), max_size=3), ODD)),
        "path": mostly(st.sampled_from(["auto", "engine"]), st.one_of(st.sampled_from(
            ["fast", "quick"]), ODD)),
        "workers": mostly(st.just(1), st.one_of(st.sampled_from([0, 65, 10**9]), ODD)),
        "progress": st.sampled_from([False, None, "yes", 0]),
        "max_laps": mostly(st.integers(1, 40), ODD),
        "quiet_limit": mostly(st.integers(1, 80), ODD),
        "spin": st.booleans(),
    },
)


@fuzz(300)
@given(SIM_ARGUMENTS, st.one_of(st.none(), st.lists(st.sampled_from(
    ["variant", "holes_per_row", "pairing", "south"]), max_size=3), ODD))
def test_simulate_gives_consistent_tables_or_a_clear_error(arguments, by):
    arguments = dict(arguments)
    sim = attempt(hy.simulate, arguments.pop("variant"), arguments.pop("games"), **arguments)
    if isinstance(sim, ValueError):
        return
    games = sim.games
    settings_ = sim.settings
    assert len(games) == settings_["games"] * len(settings_["variant"])
    assert (games["plies"] <= settings_["max_plies"]).all()
    assert set(games["end_reason"].cat.categories) == set(END_REASONS)
    seeds = games["score_south"] + games["score_north"] + games["seeds_left"]
    assert (seeds == 8 * games["holes_per_row"]).all()
    if sim.moves is not None:
        assert len(sim.moves) == int(games["plies"].sum())
    metrics = attempt(sim.metrics, by) if by is not None else attempt(sim.metrics)
    if not isinstance(metrics, ValueError):
        assert int(metrics["games"].sum()) == len(games)


TOURNAMENT_PLAYERS = mostly(
    st.lists(st.sampled_from(["random", "greedy", "beginner", ("random", {"capture_bias": 0.5})]),
             min_size=2, max_size=3, unique_by=repr),
    st.one_of(
        st.lists(st.sampled_from(["random", "chess", 7, ("greedy", {"depth": 2})]), max_size=3),
        st.dictionaries(st.sampled_from(["a", "b", 1]), st.sampled_from(["random", "greedy"]),
                        max_size=3),
        ODD,
    ),
)


@fuzz(80)
@given(
    TOURNAMENT_PLAYERS,
    mostly(st.lists(st.sampled_from(NAMES), min_size=1, max_size=2, unique=True), st.one_of(
        st.lists(st.sampled_from([*NAMES, "oware"]), max_size=2), VARIANT)),
    mostly(st.integers(1, 2), ODD),
    mostly(st.integers(0, 5), ODD),
    mostly(st.integers(6, 9), ODD),
    mostly(st.integers(1, 150), ODD),
)
def test_tournament_gives_standings_or_a_clear_error(players, variants, games, seed, size, plies):
    table = attempt(hy.tournament, players, variants, games, seed, size, plies)
    if isinstance(table, ValueError):
        return
    records = table.attrs["games"]
    assert int(table["games"].sum()) == 2 * len(records)
    assert all(r["plies"] <= table.attrs["settings"]["max_plies"] for r in records)
    counted = table["wins"] + table["draws"] + table["losses"] + table["unfinished"]
    assert (counted == table["games"]).all()


@fuzz(80)
@given(
    VARIANT,
    mostly(st.integers(1, 2), ODD),
    mostly(st.tuples(*[st.sampled_from(["random", "greedy"])] * 2), st.one_of(
        st.tuples(*[st.sampled_from(["random", "chess", 7])] * 2), ODD)),
    mostly(st.integers(0, 4), ODD),
    mostly(st.integers(1, 3), ODD),
    st.fixed_dictionaries({}, optional={
        "labels": mostly(st.tuples(st.just("a"), st.text(min_size=1, max_size=2)), ODD),
        "max_laps": mostly(st.integers(1, 9), ODD),
        "target": st.one_of(st.integers(6, 13), ODD),
        "spin": st.booleans()}),
)
def test_simulate_matches_gives_a_table_or_a_clear_error(variant, matches, players, seed,
                                                         rounds, kwargs):
    table = attempt(simulate_matches, variant, matches, players, seed, rounds, **kwargs)
    if isinstance(table, ValueError):
        return
    assert len(table) == as_whole(matches)
    assert (table["rounds"] <= as_whole(rounds)).all()
    assert len(table.attrs["rounds"]) == int(table["rounds"].sum())


# -- the long moves of issue 12 -----------------------------------------------------------------
LONG_MOVES = [
    # 2.35 million laps before a lap repeats: 32 s and 2 GB before the lap limit
    (dict(variant="hoyito-ii", board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4]), 1),
    # about 2.3 x 10^9 laps before a lap repeats: still running after 60 s at 4.7 GB
    (dict(variant="hoyito-ii", holes_per_row=11, player=1,
          board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4]), 11),
]


def long_move_position(setup: dict) -> hy.Position:
    setup = dict(setup)
    return hy.new_game(setup.pop("variant"), **setup)


@pytest.mark.parametrize(("setup", "hole"), LONG_MOVES)
def test_the_long_moves_stop_at_the_lap_limit_on_every_engine_path(setup, hole):
    pos = long_move_position(setup)
    total = sum(pos.board)
    with time_limit(60):
        move = pos.sow(hole)
        assert move.lap_limit and not move.endless and move.laps == pos.rules.max_laps == 1000
        assert move.after.outcome.reason == "lap-limit" and sum(move.after.captures) == total
        game = hy.Game(start=pos)
        assert game.play(hole) == move
        assert game.undo().hole == hole and game.redo().hole == hole
        loaded = hy.Game.from_json(game.to_json())
        assert loaded.position == move.after and loaded.position.outcome.reason == "lap-limit"
        assert hy.explain(pos, hole).move == move


@pytest.mark.parametrize(("setup", "hole"), LONG_MOVES)
@pytest.mark.parametrize("name", ["random", "greedy", "search", "expert"])
def test_every_player_chooses_on_the_long_move_positions(setup, hole, name):
    pos = long_move_position(setup)
    with time_limit(120):  # the expert's first use may compile the search
        assert hy.player(name, seed=0).choose(pos) in pos.legal_moves()

