"""The fast path plays exactly the engine's games.

The rules themselves (every rule set, size and option, limits and rare boards) are checked
move by move for the compiled kernel by the conformance harness (tests/conformance.py). Here
the fast path's own game loop: games from hoyito_edu.compiled.fastsim are replayed move by move
through the engine (Position.sow, choosing with the same random stream) and compared in full:
every move (mover, hole, legal moves, laps, drops, seeds taken by kind and taker, seeds left,
extra turn, pass, endless, lap limit), the board and the player to move after it, every
capture, and each game's end.

The sample holds the first games of every variant on 2x6 and 2x12 (1,000+ games), plus the rare
cases the fast path found in larger runs: endless moves, repetitions, passes, chains, a final
four taken partly from the hand, and games stopped by the ply cap.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import hoyito_edu as hy
from hoyito_edu.compiled import fastsim, kernel
from hoyito_edu.compiled.fastsim import CAPTURE_KINDS, END_REASONS, TAKE_FIELDS, play_random_games
from hoyito_edu.engine.rules import DEFAULT_MAX_LAPS

SEED = 20261129
GROUP = {"mid-sow": 0, "last-seed": 1, "chain": 2}  # any other reason: end of game

# (variant, holes per row, first games replayed, games searched for rare cases, ply cap)
SAMPLES = [
    ("hoyito-i", 6, 170, 5_000, 2000),
    ("hoyito-ii", 6, 170, 5_000, 2000),
    ("hoyito-iii", 6, 170, 5_000, 2000),
    ("ba-awa", 6, 170, 5_000, 2000),
    ("hoyito-i", 12, 110, 1_000, 150),
    ("hoyito-ii", 12, 110, 1_000, 150),
    ("hoyito-iii", 12, 110, 1_000, 150),
]
RARE_PER_KIND = 3


def engine_game(variant, n, game, seed, starter, max_plies, **options):
    """Play one game through the engine with the shared random stream; return its record."""
    pos = hy.new_game(variant, holes_per_row=n, player=starter, **options)
    moves, captures, ply = [], [], 0
    while not pos.is_over and ply < max_plies:
        legal = pos.legal_moves()
        hole = legal[int(fastsim.random_index(seed, [game], [ply], [len(legal)])[0])]
        move = pos.sow(hole)
        ply += 1
        take = [0] * 8
        for c in move.captures:
            take[2 * GROUP.get(str(c.reason), 3) + c.taker] += c.seeds
            where = -1 if c.hole is None else c.hole
            captures.append((ply, where, c.taker, str(c.reason), c.seeds))
        after = move.after
        moves.append(
            (ply, move.player, move.hole, len(legal), move.laps, move.drops, *take,
             sum(after.board), move.extra_turn, bool(move.passes), move.endless,
             move.lap_limit, after.board, -1 if after.is_over else after.player)
        )
        pos = after
    reason = str(pos.outcome.reason) if pos.outcome else "ply-cap"
    winner = pos.outcome.winner if pos.outcome else None
    end = (reason, ply, pos.captures, -1 if winner is None else winner, sum(pos.board))
    return moves, captures, end


def fast_records(raw, index_of_game):
    """The same records from a fast-path run, per game number."""
    m, c, g = raw.moves, raw.captures, raw.games
    moves: dict[int, list] = {}
    for i in range(len(m["game"])):
        row = (int(m["ply"][i]), int(m["player"][i]), int(m["hole"][i]), int(m["legal"][i]),
               int(m["laps"][i]), int(m["drops"][i]), *(int(m[f][i]) for f in TAKE_FIELDS),
               int(m["seeds_left"][i]), bool(m["extra_turn"][i]), bool(m["passed"][i]),
               bool(m["endless"][i]), bool(m["lap_limit"][i]), tuple(int(s) for s in raw.boards[i]),
               int(raw.to_move[i]))
        moves.setdefault(int(m["game"][i]), []).append(row)
    captures: dict[int, list] = {}
    for i in range(len(c["game"])):
        row = (int(c["ply"][i]), int(c["hole"][i]), int(c["taker"][i]),
               CAPTURE_KINDS[c["kind"][i]], int(c["seeds"][i]))
        captures.setdefault(int(c["game"][i]), []).append(row)
    ends = {}
    for game, i in index_of_game.items():
        ends[game] = (END_REASONS[g["end_reason"][i]], int(g["plies"][i]),
                      (int(g["score_south"][i]), int(g["score_north"][i])),
                      int(g["winner"][i]), int(g["seeds_left"][i]))
    return moves, captures, ends


def compare(variant, n, ids, starters, max_plies, seed=SEED, **options):
    """Replay games ``ids`` through the engine; assert every record matches. Returns the
    fast-path run for further checks."""
    raw = play_random_games(variant, ids, seed=seed, holes_per_row=n, starters=starters,
                            max_plies=max_plies, tables=("moves", "captures", "boards"),
                            **options)
    index_of_game = {int(game): i for i, game in enumerate(ids)}
    moves, captures, ends = fast_records(raw, index_of_game)
    for game, starter in zip(ids, starters, strict=True):
        game = int(game)
        want_moves, want_captures, want_end = engine_game(
            variant, n, game, seed, int(starter), max_plies, **options
        )
        got_moves = moves.get(game, [])
        for want, got in zip(want_moves, got_moves, strict=False):
            assert got == want, (
                f"{variant} 2x{n} {options} game {game}, ply {want[0]}:\n"
                f"  engine: {want}\n  fast:   {got}"
            )
        assert len(got_moves) == len(want_moves), f"{variant} game {game}: move count"
        assert captures.get(game, []) == want_captures, f"{variant} game {game}: captures"
        assert ends[game] == want_end, f"{variant} game {game}: end {ends[game]} != {want_end}"
    return raw


def rare_games(variant, n, searched, max_plies):
    """Game numbers (beyond the first ones) with the rare things the engine must agree on."""
    raw = play_random_games(variant, range(searched), seed=SEED, holes_per_row=n,
                            starters=np.arange(searched) % 2, max_plies=max_plies)
    g, m, c = raw.games, raw.moves, raw.captures
    found: dict[str, np.ndarray] = {
        "endless": g["game"][g["end_reason"] == kernel.ENDLESS],
        "repetition": g["game"][g["end_reason"] == kernel.REPETITION],
        "ply-cap": g["game"][g["end_reason"] == kernel.PLY_CAP],
        "pass": np.unique(m["game"][m["passed"] == 1]),
        "chain": np.unique(c["game"][c["kind"] == kernel.K_CHAIN]),
        "final four from the hand": np.unique(c["game"][c["hole"] < 0]),
        "opponent's mid-sow casa": np.unique(c["game"][(c["kind"] == kernel.K_MID)
                                                  & (c["taker"] != mover_of_capture(raw))]),
    }
    return {kind: games[:RARE_PER_KIND] for kind, games in found.items()}


def mover_of_capture(raw):
    """For each capture of a run, the player who made the move it happened in."""
    m, c = raw.moves, raw.captures
    move_keys = m["game"].astype(np.int64) * 100_000 + m["ply"]
    at = np.searchsorted(move_keys, c["game"].astype(np.int64) * 100_000 + c["ply"])
    return m["player"][at]


@pytest.fixture(scope="module")
def replayed():
    """Replay the whole sample once; return what kinds of rare games it held."""
    total, kinds = 0, set()
    for variant, n, first, searched, max_plies in SAMPLES:
        rare = rare_games(variant, n, searched, max_plies)
        ids = np.unique(np.concatenate([np.arange(first), *rare.values()]))
        compare(variant, n, ids, ids % 2, max_plies)
        total += ids.size
        kinds |= {kind for kind, games in rare.items() if games.size}
    return total, kinds


def test_fast_path_gives_the_engines_games(replayed):
    total, kinds = replayed
    assert total >= 1000


def test_sample_holds_every_rare_case(replayed):
    _, kinds = replayed
    expected = {"endless", "repetition", "ply-cap", "pass", "chain", "final four from the hand",
                "opponent's mid-sow casa"}
    assert expected <= kinds, f"missing from the sample: {expected - kinds}"


def test_the_longest_endless_move_found():
    """Hoyito II game 380 (seed 0, South starts) ends with a move of 50,940 laps without a
    lap limit: the relay wanders that long before a lap would start as an earlier one did
    (R2.8)."""
    raw = compare("hoyito-ii", 6, np.array([380]), np.array([0]), 2000, seed=0, max_laps=None)
    assert int(raw.moves["laps"].max()) == 50_940
    assert END_REASONS[raw.games["end_reason"][0]] == "endless"
    assert raw.moves["lap_limit"].sum() == 0


def test_the_lap_limit_stops_the_longest_endless_move_at_1000_laps():
    raw = compare("hoyito-ii", 6, np.array([380]), np.array([0]), 2000, seed=0)
    last = -1
    assert int(raw.moves["laps"][last]) == DEFAULT_MAX_LAPS == 1000
    assert raw.moves["lap_limit"][last] == 1 and raw.moves["endless"][last] == 0
    assert END_REASONS[raw.games["end_reason"][0]] == "lap-limit"
    assert raw.games["seeds_left"][0] == 0  # each player took their holes


def test_a_move_longer_than_the_lap_room_is_replayed_with_more_room():
    default = play_random_games("hoyito-ii", [380, 381, 382], seed=0, max_laps=None)
    tight = play_random_games("hoyito-ii", [380, 381, 382], seed=0, max_laps=None, lap_room=2)
    assert int(default.moves["laps"].max()) == 50_940
    for table in ("games", "moves", "captures"):
        for name, column in getattr(default, table).items():
            np.testing.assert_array_equal(getattr(tight, table)[name], column, err_msg=name)


def test_a_game_does_not_depend_on_the_other_games_in_the_run():
    both = play_random_games("hoyito-iii", range(40), seed=5, starters=np.arange(40) % 2)
    alone = play_random_games("hoyito-iii", [17], seed=5, starters=[1])
    i = 17
    for name in alone.games:
        assert alone.games[name][0] == both.games[name][i], name
    mine = both.moves["game"] == 17
    for name, column in alone.moves.items():
        np.testing.assert_array_equal(column, both.moves[name][mine], err_msg=name)


def test_random_index_repeats_and_spreads_evenly():
    games = np.repeat(np.arange(600), 100)
    plies = np.tile(np.arange(100), 600)
    picks = fastsim.random_index(3, games, plies, np.full(games.size, 6))
    np.testing.assert_array_equal(picks, fastsim.random_index(3, games, plies, [6] * games.size))
    counts = np.bincount(picks, minlength=6)
    assert counts.sum() == 60_000 and counts.size == 6
    assert np.all(np.abs(counts - 10_000) < 400), counts  # about 4 standard deviations
    other_seed = fastsim.random_index(4, games, plies, np.full(games.size, 6))
    assert np.mean(other_seed == picks) < 0.2  # 1/6 by chance
    assert set(fastsim.random_index(0, [1] * 50, range(50), [1] * 50)) == {0}


def test_player_seeds_differ_by_game_side_and_run():
    seeds = {fastsim.player_seed(s, g, side) for s in (0, 1) for g in range(50) for side in (0, 1)}
    assert len(seeds) == 200
    assert fastsim.player_seed(7, 3, 1) == fastsim.player_seed(7, 3, 1)


def test_fastsim_does_not_import_simulate():
    """fastsim (and the kernel) load without hoyito_edu.sim.simulate, which imports them: no
    import cycle. The package's __init__ imports everything, so the check loads fastsim as a
    module of a bare package in a fresh interpreter."""
    code = (
        "import sys, types\n"
        "package = types.ModuleType('hoyito_edu')\n"
        f"package.__path__ = [{str(Path(hy.__file__).parent)!r}]\n"
        "sys.modules['hoyito_edu'] = package\n"
        "import hoyito_edu.compiled.fastsim\n"
        "hoyito_edu.compiled.fastsim.play_random_games('hoyito-i', [0], seed=1)\n"
        "print(sorted(m for m in sys.modules if m.startswith('hoyito_edu')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    loaded = done.stdout.strip()
    assert "hoyito_edu.compiled.fastsim" in loaded and "hoyito_edu.compiled.kernel" in loaded
    assert "hoyito_edu.sim.simulate" not in loaded and "hoyito_edu.engine.position" not in loaded
