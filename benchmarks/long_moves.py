"""The worst costs of one move on every path, and whether a long game costs linear time.

Issue 12's targets: the worst single move on any board up to 2x12 costs at most 1 s and 100 MB
on every path (``Position.play``, ``Game.play``/``undo``/``redo``, saving and loading,
``explain``, the players, the widgets), and a 20,000-ply game costs linear time: its last
2,000 plies cost at most twice its first 2,000, and saving plus loading it takes a few seconds.

Three positions are measured on every path:

* Hoyito II 2x6 ``[1,5,6,12,4,0,4,1,7,1,3,4]``, South sows 1 (2.35 million laps before a lap
  repeats: 32 s and 2 GB before the lap limit);
* Hoyito II 2x11 ``[0,7,4,5,4,3,2,9,3,5,4,5,3,0,8,0,4,5,2,3,0,4]``, North sows 11 (about
  2.3 x 10^9 laps before a lap repeats);
* the costliest move found on random boards: every legal move of ``--boards`` random set-ups
  (a random rule set, 2x6 to 2x12, up to ``hy.MAX_SEEDS`` seeds on the board).

Seconds come from a run without tracemalloc (which slows Python down several times), peak MB
from a second run with it. The script prints figures beside the targets and asserts nothing.

Run: ``python benchmarks/long_moves.py [--boards 50000] [--seconds 120] [--plies 20000]``
(about four minutes).
"""

from __future__ import annotations

import argparse
import random
import time

from _measure import measure

import hoyito_edu as hy
from hoyito_edu.compiled.fastsim import random_index

TARGET_SECONDS, TARGET_MB = 1.0, 100.0
TARGET_RATIO = 2.0
PLIES = 20_000
REPEATS = 3

KNOWN = [
    ("Hoyito II 2x6, South sows 1",
     dict(variant="hoyito-ii", board=[1, 5, 6, 12, 4, 0, 4, 1, 7, 1, 3, 4]), 1),
    ("Hoyito II 2x11, North sows 11",
     dict(variant="hoyito-ii", holes_per_row=11, player=1,
          board=[0, 7, 4, 5, 4, 3, 2, 9, 3, 5, 4, 5, 3, 0, 8, 0, 4, 5, 2, 3, 0, 4]), 11),
]




def verdict(seconds: float, mb: float) -> str:
    ok = seconds <= TARGET_SECONDS and mb <= TARGET_MB
    return "ok" if ok else "OVER TARGET"


# -- one position, every path ---------------------------------------------------------------
def game_with(position: hy.Position, hole: int) -> hy.Game:
    game = hy.Game(start=position)
    game.play(hole)
    return game


def undo_redo(position: hy.Position, hole: int) -> None:
    game = game_with(position, hole)
    game.undo()
    game.redo()


def save_load(position: hy.Position, hole: int) -> hy.Game:
    return hy.Game.from_json(game_with(position, hole).to_json())


def choose(name: str):
    def run(position: hy.Position, hole: int) -> int:
        agent = hy.player(name, seed=0)
        choice = agent.choose(position)
        run.note = ""
        if getattr(agent, "last_search", None):
            search = agent.last_search
            run.note = f"depth {search['depth']}, {'compiled' if search['compiled'] else 'Python'}"
        return choice

    run.note = ""
    return run


def replay_widget(position: hy.Position, hole: int):
    replay = hy.Replay(game_with(position, hole))
    replay_widget.note = f"{len(replay.film_for(1)['steps'])} film steps"
    return replay


def board_widget(position: hy.Position, hole: int):
    """A Board (no browser) whose game is set to ``position``, then the click on ``hole``. The
    Board has no public way to start from a set-up position, so its game is replaced."""
    board = hy.Board(position.rules.name, holes_per_row=position.holes_per_row, opponent=None)
    board._game = hy.Game(start=position)
    board._render()
    if not board.play(hole):
        raise RuntimeError(f"the board refused hole {hole}: {board.notice_text}")
    return board  # the move's film went to the page (no page here: nothing animates)


PATHS = [
    ("Position.play", lambda p, h: p.play(h)),
    ("Game.play", game_with),
    ("Game.play+undo+redo", undo_redo),
    ("Game save+load (JSON)", save_load),
    ("explain", lambda p, h: hy.explain(p, h)),
    ("player random", choose("random")),
    ("player greedy", choose("greedy")),
    ("player search (depth 4)", choose("search")),
    ("player expert", choose("expert")),
    ("widget Replay", replay_widget),
    ("widget Board play", board_widget),
]


def every_path(label: str, position: hy.Position, hole: int) -> list[tuple]:
    move = position.sow(hole)
    print(f"\n{label}: {move!r}, {move.drops:,} drops")
    print(f"  {'path':<26}{'seconds':>9}{'peak MB':>9}   vs {TARGET_SECONDS:g} s, {TARGET_MB:g} MB")
    rows = []
    for name, path in PATHS:
        try:
            seconds, mb, _ = measure(path, position, hole)
        except Exception as err:  # a benchmark reports, it does not stop
            print(f"  {name:<26}{'n/a':>9}{'':>9}   {type(err).__name__}: {err}")
            continue
        note = getattr(path, "note", "")
        note = f" ({note})" if note else ""
        print(f"  {name:<26}{seconds:>9.3f}{mb:>9.1f}   {verdict(seconds, mb)}{note}")
        rows.append((name, label, seconds, mb))
    return rows


# -- the worst move on random boards ----------------------------------------------------------
def random_board(rng: random.Random) -> tuple[str, list[int]]:
    """A random rule set and size, and 24 to MAX_SEEDS seeds (half the time 150 or more: the
    heaviest moves found drop about 19 seeds a lap for 1,000 laps)."""
    variant = rng.choice(list(hy.VARIANTS))
    n = 6 if variant == "ba-awa" else rng.randint(6, 12)
    board = [0] * (2 * n)
    low = 150 if rng.random() < 0.5 else 24
    for _ in range(rng.randint(low, hy.MAX_SEEDS)):
        board[rng.randrange(2 * n)] += 1
    return variant, board


def heaviest(variant: str, board: list[int], seen: list) -> tuple[int, int | None]:
    """(drops, hole) of the legal move of this set-up (South to move) that drops the most
    seeds; every move tried is timed and added to ``seen`` as (seconds, drops, position, hole)."""
    try:
        position = hy.new_game(variant, board=board)
    except ValueError:
        return -1, None
    best = (0, None)
    for hole in position.legal_moves():
        begun = time.perf_counter()
        move = position.sow(hole)
        seen.append((time.perf_counter() - begun, move.drops, position, hole))
        best = max(best, (move.drops, hole), key=lambda pair: pair[0])
    return best


def worst_random_move(boards: int, budget: float, seed: int = 12) -> dict:
    """Random set-ups, each improved by a short hill climb on the seeds the heaviest move
    drops (move a seed to another hole or add one; keep the board if no move got lighter):
    within ``budget`` seconds or ``boards`` boards. Returns the slowest and the heaviest moves
    seen."""
    rng = random.Random(seed)
    seen: list = []
    tried = climbs = 0
    started = time.perf_counter()
    while tried < boards and time.perf_counter() - started < budget:
        variant, board = random_board(rng)
        drops, _ = heaviest(variant, board, seen)
        tried += 1
        climbs += 1
        for _ in range(300):
            if tried >= boards or time.perf_counter() - started > budget:
                break
            other = list(board)
            a, b = rng.randrange(len(board)), rng.randrange(len(board))
            if other[a] == 0:
                continue
            other[b] += 1
            if sum(board) == hy.MAX_SEEDS or rng.random() < 0.7:
                other[a] -= 1  # move a seed; else add one
            found, _ = heaviest(variant, other, seen)
            tried += 1
            if found >= drops:
                board, drops = other, found
        seen.sort(key=lambda row: (-row[1], -row[0]))  # keep only the heaviest and slowest
        seen = seen[:20] + sorted(seen[20:], key=lambda row: -row[0])[:20]
    slowest = max(seen, key=lambda row: row[0])
    heaviest_move = max(seen, key=lambda row: row[1])
    return {"boards": tried, "climbs": climbs, "slowest": slowest, "heaviest": heaviest_move,
            "candidates": seen}


# -- a long game ------------------------------------------------------------------------------
def long_game_seed(plies: int) -> tuple[int, int] | None:
    """(run seed, game number) of a random Hoyito I 2x12 game still going after ``plies``."""
    for seed in range(12):
        sim = hy.simulate("hoyito-i", 4000, holes_per_row=12, seed=seed, starter=0,
                          max_plies=plies, tables=["games"], progress=False)
        capped = sim.games[sim.games["end_reason"] == "ply-cap"]
        if len(capped):
            return seed, int(capped["game"].iloc[0])
    return None


def play_timed(plies: int, found: tuple[int, int] | None) -> tuple[hy.Game | None, list[float]]:
    """Play the long game ply by ply (or, if none was found, random games one after another),
    returning the last game and the seconds of every ply."""
    times: list[float] = []
    game, number = None, 0
    seed = 0 if found is None else found[0]
    while len(times) < plies:
        if game is None or game.is_over:
            number = found[1] if found is not None else number + 1
            game, ply = hy.Game("hoyito-i", holes_per_row=12), 0
        legal = game.position.legal_moves()
        hole = legal[int(random_index(seed, [number], [ply], [len(legal)])[0])]
        begun = time.perf_counter()
        game.play(hole)
        times.append(time.perf_counter() - begun)
        ply += 1
    return game, times


def linear_games(plies: int) -> None:
    print(f"\nA {plies:,}-ply random Hoyito I 2x12 game")
    found = long_game_seed(plies)
    if found is None:
        print("  no single game that long was found: random games are chained one after another")
    else:
        print(f"  simulate(seed={found[0]}, starter=0) game {found[1]} is still going after "
              f"{plies:,} plies; replayed through Game.play")
    window = min(2000, plies // 2)
    runs = []
    for _ in range(REPEATS):  # a 2,000-ply window takes some 30 ms: keep each window's best
        game, times = play_timed(plies, found)
        runs.append((sum(times[:window]), sum(times[-window:]), sum(times)))
    first, last = min(r[0] for r in runs), min(r[1] for r in runs)
    ratio = last / first
    print(f"  first {window:,} plies {first:.3f} s, last {window:,} {last:.3f} s (best of "
          f"{REPEATS} replays): ratio {ratio:.2f} (target <= {TARGET_RATIO:g}) "
          f"{'ok' if ratio <= TARGET_RATIO else 'OVER'}")
    print(f"  all {plies:,} plies {min(r[2] for r in runs):.2f} s")
    if found is None:
        return
    save, save_mb, text = measure(game.to_json)
    load, load_mb, _ = measure(hy.Game.from_json, text)
    print(f"  save {save:.3f} s ({save_mb:.0f} MB), load {load:.2f} s ({load_mb:.0f} MB): "
          f"{save + load:.2f} s together (target: a few seconds); {len(text) / 1e3:.0f} kB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=50_000, help="boards to try at most")
    parser.add_argument("--seconds", type=float, default=120.0, help="time for the search")
    parser.add_argument("--plies", type=int, default=PLIES, help="length of the long game")
    args = parser.parse_args()
    hy.player("expert").choose(hy.new_game("hoyito-ii"))  # compile the search first
    rows = []
    for label, setup, hole in KNOWN:
        setup = dict(setup)
        rows += every_path(label, hy.new_game(setup.pop("variant"), **setup), hole)
    search = worst_random_move(args.boards, args.seconds)
    worst_mb = max(measure(lambda p, h: p.sow(h), p, h)[1] for _, _, p, h in search["candidates"])
    seconds, _, position, hole = search["slowest"]
    print(f"\nRandom boards up to 2x12 with up to {hy.MAX_SEEDS} seeds, hill-climbed on the "
          f"seeds a move drops: {search['boards']:,} boards ({search['climbs']:,} random "
          f"starts) in at most {args.seconds:g} s")
    print(f"  slowest Position.sow {seconds:.3f} s ({position!r}, hole {hole}); peak "
          f"{worst_mb:.1f} MB over the 40 heaviest and slowest moves "
          f"({verdict(seconds, worst_mb)})")
    _, drops, position, hole = search["heaviest"]
    print(f"  heaviest: {drops:,} drops, {position!r}, hole {hole}")
    rows += every_path("the heaviest random move", position, hole)
    print("\nWorst per path (over the three positions)")
    for name, _ in PATHS:
        mine = [row for row in rows if row[0] == name]
        if not mine:
            continue
        slowest, hungriest = max(mine, key=lambda r: r[2]), max(mine, key=lambda r: r[3])
        print(f"  {name:<26}{slowest[2]:>8.3f} s{hungriest[3]:>8.1f} MB   "
              f"{verdict(slowest[2], hungriest[3])}   ({slowest[1]})")
    linear_games(args.plies)


if __name__ == "__main__":
    main()
