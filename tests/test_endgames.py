"""Perfect endgames (hoyito_edu.analysis.endgames, issue 28): the retrograde tables agree with
a plain minimax through the engine, and say what the board can show."""

from __future__ import annotations

import random

import pytest

import hoyito_edu as hy
from hoyito_edu.analysis import endgames as eg
from hoyito_edu.i18n import language

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")


def minimax(position) -> int:
    """Seeds the player to move gains on the opponent from here with best play: every move
    tried through the engine, to the end of the game (small positions only)."""
    me = position.player
    best = None
    for hole in position.legal_moves():
        child = position.play(hole)
        gain = (child.captures[me] - position.captures[me]) - (
            child.captures[1 - me] - position.captures[1 - me]
        )
        if not child.is_over:
            rest = minimax(child)
            gain += rest if child.player == me else -rest
        best = gain if best is None else max(best, gain)
    return best


@pytest.mark.parametrize("variant", VARIANTS)
def test_tables_match_a_plain_minimax_with_the_quiet_limit(variant):
    # With a quiet limit of 3 plies no position can occur three times before it, so the
    # engine's rules and the table's treatment of capture-free play are the same game.
    quiet, seeds = 3, 4
    table = eg.endgame_table(variant, seeds=seeds, quiet=quiet, cache=False)
    rng = random.Random(variant)
    checked = 0
    while checked < 60:
        board = [0] * 12
        for _ in range(rng.randint(1, seeds)):
            board[rng.randrange(12)] += 1
        player, starter = rng.randrange(2), rng.randrange(2)
        position = hy.new_game(variant, board=board, player=player, starter=starter,
                               quiet_limit=quiet)
        if position.is_over:
            continue
        assert table.value(position) == minimax(position), (board, player, starter)
        checked += 1


def test_values_margins_and_words_for_the_board():
    table = eg.endgame_table("hoyito-i", seeds=4, quiet=4, cache=False)
    # South to move, 1 seed in hole 5, 3 in North's first hole: South sows into hole 6,
    # making a casa of 4 with the last seed: South takes 4, and that ends the game.
    position = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0],
                           captures=(20, 24))
    assert table.value(position) == 4
    assert table.margin(position) == 0  # 20 + 4 against 24
    assert table.words(position) == "drawn with best play"
    assert table.best_moves(position) == [5]
    ahead = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0],
                        captures=(24, 20))
    assert table.words(ahead) == "won by 8 with best play"
    # Positions the table does not hold: too many seeds, another board, other rule options.
    assert table.value(hy.new_game("hoyito-i")) is None
    assert table.words(hy.new_game("hoyito-i", holes_per_row=7, board=[1] + [0] * 13)) is None
    assert not table.covers(hy.new_game("hoyito-i", board=[1] + [0] * 11, skip_origin=True))
    # The board's own quiet limit (a rule option) does not stop the table answering when it
    # leaves at least the table's capture-free plies; a shorter one could end the game before
    # a capture the value counts on, so the table does not answer there.
    assert table.covers(hy.new_game("hoyito-i", board=[1] + [0] * 11, quiet_limit=50_000))
    assert table.covers(hy.new_game("hoyito-i", board=[1] + [0] * 11, quiet_limit=4))
    assert not table.covers(hy.new_game("hoyito-i", board=[1] + [0] * 11, quiet_limit=3))
    stretch = hy.new_game("hoyito-i", board=[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
                          quiet_limit=5).play(0)
    assert stretch.quiet_plies == 1 and table.covers(stretch)  # 5 - 1 plies left: enough
    assert not table.covers(hy.new_game("hoyito-i", board=[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
                                        quiet_limit=4).play(0))


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError, match="seeds must be"):
        eg.endgame_table("hoyito-i", seeds=40)
    with pytest.raises(ValueError, match="quiet must be"):
        eg.endgame_table("hoyito-i", seeds=3, quiet=0)
    with pytest.raises(ValueError):
        eg.endgame_table("chess", seeds=3)


def test_tables_are_cached_outside_the_repository(tmp_path, monkeypatch):
    monkeypatch.setenv("HOYITO_EDU_CACHE", str(tmp_path))
    first = eg.endgame_table("ba-awa", seeds=3, quiet=4)
    assert list((tmp_path / "endgames").glob("*.npz"))
    again = eg.endgame_table("ba-awa", seeds=3, quiet=4)
    assert (again.values == first.values).all() and (again.codes == first.codes).all()


def test_the_expert_plays_endgames_by_the_table_and_the_board_can_say_so(tmp_path, monkeypatch):
    monkeypatch.setenv("HOYITO_EDU_CACHE", str(tmp_path))
    monkeypatch.setattr(eg, "_LOADED", {})
    position = hy.new_game("hoyito-i", board=[0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0],
                           captures=(24, 20))
    assert eg.best_play(position) is None  # nothing built yet: nothing is built in a move
    expert = hy.player("expert", seed=1)
    expert.choose(position)
    assert "endgame" not in expert.last_search
    eg.endgame_table("hoyito-i", seeds=4, quiet=eg.QUIET)  # built, and cached in tmp_path
    monkeypatch.setattr(eg, "_LOADED", {})
    assert eg.best_play(position) == {"margin": 8, "value": 4, "best": [5], "seeds": 4}
    assert eg.best_play_words(position) == "won by 8 with best play"
    assert expert.choose(position) == 5 and expert.last_search["endgame"]
    with language("es"):
        assert eg.best_play_words(position) == "ganada por 8 con el mejor juego"


@pytest.mark.parametrize("variant", VARIANTS)
def test_exact_values_are_realised_under_the_spec_rules_repetition_included(variant):
    """Where a value is marked exact, both players choosing the table's moves (best, making
    progress) under the default rules (repetition, no quiet limit) end the game with that
    margin; exact positions are those whose value does not depend on how capture-free play
    ends."""
    seeds = 5
    table = eg.endgame_table(variant, seeds=seeds, quiet=eg.QUIET, cache=False)
    rng = random.Random(f"exact/{variant}")
    checked = tries = 0
    while checked < 25 and tries < 20_000:
        tries += 1
        board = [0] * 12
        for _ in range(rng.randint(1, seeds)):
            board[rng.randrange(12)] += 1
        position = hy.new_game(variant, board=board, player=rng.randrange(2),
                               starter=rng.randrange(2))
        if position.is_over or not table.is_exact(position):
            continue
        me, claim = position.player, table.margin(position)
        while not position.is_over:
            position = position.play(table.progress_moves(position)[0])
        score = position.outcome.score
        assert score[me] - score[1 - me] == claim, board
        checked += 1
    assert checked >= 10  # exact Hoyito positions are rare (see data/endgames.csv)
