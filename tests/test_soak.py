"""Soak test: over a million random moves across every variant and board size, with every
invariant checked after every move. Marked ``soak`` so it can be run on its own
(``pytest -m soak``); ``make test`` and CI run it too. It uses both cores.
"""

import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from invariants import check_move, total

import hoyito_edu as hy

TOTAL_MOVES = 1_000_000
SHARDS = 8
MAX_PLIES = 1500  # 2x12 games can wander for thousands of plies with 8 seeds left


def soak_shard(shard: int, moves: int) -> dict:
    rng = random.Random(20261129 + shard)
    configs = [(v, n) for v, r in hy.VARIANTS.items() for n in range(6, r.max_holes_per_row + 1)]
    done = games = 0
    reasons: dict[str, int] = {}
    while done < moves:
        variant, n = rng.choice(configs)
        pos = hy.new_game(variant, holes_per_row=n, player=rng.randrange(2))
        start_total = total(pos)
        for _ in range(MAX_PLIES):
            hole = rng.choice(pos.legal_moves())
            snapshot = (pos.board, pos.player, pos.captures, pos.outcome)
            move = pos.sow(hole)
            check_move(pos, snapshot, hole, move)
            pos = move.after
            done += 1
            if pos.is_over:
                break
        assert total(pos) == start_total
        key = pos.outcome.reason.value if pos.is_over else "ply cap"
        reasons[key] = reasons.get(key, 0) + 1
        games += 1
    return {"moves": done, "games": games, "reasons": reasons}


@pytest.mark.soak
def test_a_million_random_moves_keep_every_invariant():
    per_shard = TOTAL_MOVES // SHARDS
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(soak_shard, range(SHARDS), [per_shard] * SHARDS))
    moves = sum(r["moves"] for r in results)
    reasons: dict[str, int] = {}
    for r in results:
        for k, v in r["reasons"].items():
            reasons[k] = reasons.get(k, 0) + v
    print(f"soak: {moves} moves in {sum(r['games'] for r in results)} games; ends: {reasons}")
    assert moves >= TOTAL_MOVES
    # every way a game can end in random play shows up in a run this long
    assert {"final-four", "eight-or-fewer"} <= set(reasons)
