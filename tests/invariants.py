"""Checks that must hold after every move, shared by the property tests and the soak test.

They re-derive each fact from first principles instead of asking the engine: the board after a
move is rebuilt by applying the move's own events to the board before it.
"""

from hoyito_edu import Capture, Drop, Lift, Reason, Relay

FOURS = {Reason.MID_SOW, Reason.LAST_SEED, Reason.CHAIN}
# Endings where each player takes the seeds in their own holes (R2.8, R4.3, R4.5).
OWNERS_TAKE = {Reason.ENDLESS, Reason.LAP_LIMIT, Reason.REPETITION, Reason.QUIET_LIMIT}


def total(pos):
    return sum(pos.board) + sum(pos.captures) + sum(pos.surplus)


def expected_legal(pos):
    if pos.is_over:
        return ()
    return tuple(
        h
        for h in range(len(pos.board))
        if pos.board[h] > 0 and pos.owners[h] == pos.player and h not in pos.closed
    )


def apply_events(board, events):
    """Replay a move record on a board; fail on any event that does not fit."""
    board = list(board)
    hand = 0
    for e in events:
        if isinstance(e, (Lift, Relay)):
            assert hand == 0 and board[e.hole] == e.seeds > 0, e
            hand, board[e.hole] = e.seeds, 0
        elif isinstance(e, Drop):
            board[e.hole] += 1
            hand -= 1
            assert (board[e.hole], hand) == (e.count, e.in_hand), e
        elif isinstance(e, Capture):
            if e.hole is None:
                assert hand == e.seeds > 0, e
                hand = 0
            else:
                assert 0 < e.seeds <= board[e.hole], e
                board[e.hole] -= e.seeds
    assert hand == 0
    return tuple(board)


def check_move(before, snapshot, hole, move):
    """All invariants for one move ``before.sow(hole)``; ``snapshot`` was taken before it."""
    after = move.after
    # play never mutates the position it was called on
    assert (before.board, before.player, before.captures, before.outcome) == snapshot
    # seeds are conserved
    assert total(after) == total(before)
    assert sum(e.seeds for e in move.captures) == sum(after.captures) - sum(before.captures)
    # the record describes the move exactly
    assert apply_events(before.board, move.events) == after.board
    assert move.events[0] == Lift(hole, before.board[hole], 1)
    # captures come in fours, except the endings
    for c in move.captures:
        if c.reason in FOURS:
            assert c.seeds == 4, c
    final_four = sum(c.seeds for c in move.captures if c.reason == Reason.FINAL_FOUR)
    assert final_four in (0, 4)
    assert sum(c.seeds for c in move.captures if c.reason == Reason.EIGHT_OR_FEWER) <= 8
    # closed holes stay empty; legal moves are the owned open non-empty holes
    assert all(after.board[h] == 0 for h in after.closed)
    assert after.legal_moves() == expected_legal(after)
    # a game is over exactly when the record says so; a live game always has a mover
    assert after.is_over == (move.events[-1].kind == "game-over")
    if not after.is_over:
        assert after.legal_moves()
    else:
        assert after.outcome.score == after.score
        reason = after.outcome.reason
        if reason in OWNERS_TAKE or reason == Reason.EIGHT_OR_FEWER:
            assert sum(after.board) == 0
        if reason == Reason.FINAL_FOUR:
            assert sum(after.board) == 0 and final_four == 4
