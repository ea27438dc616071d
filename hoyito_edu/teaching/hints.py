"""The board's "Show me": what each legal move would take, and what it would hand the opponent.

For every hole the player to move may sow, :func:`hints` plays the move with the engine (on
copies: positions never change) and then every reply the opponent could make, and reports:

- ``takes``: the seeds the mover captures with the move (casas, the Hoyito II chain, the last
  four or last eight, or their own side's seeds when the move ends the game that way);
- ``gives``: the most seeds the opponent captures with their best single reply, 0 if no reply
  captures anything. A reply is one move: when it earns the opponent another turn (Hoyito II
  and III), what they might take on that turn is not counted. When the move ends the game, or
  the mover plays again (an extra turn, or the opponent has no seeds and passes), the opponent
  makes no reply and ``gives`` is 0;
- ``hands``: the seeds the opponent takes during the move itself (a Ba-awa casa formed on a
  hole they own, or their own side's seeds when the move ends the game).

Cost: the number of legal moves times (one more than) the number of replies, ``n + n*n``
engine moves at most on a 2xn board, each bounded by the lap limit (``max_laps``, R2.8).
``benchmarks/hints_time.py`` times it on every position of seeded greedy-against-random games
(project machine, 2 cores shared with other work): median under a millisecond, worst 6 ms on
2x6 and 0.14 s on 2x12 (Hoyito I), fast enough for a click.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-i", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
>>> h = hints(pos)[2]
>>> h.takes, h.gives, h.ends_game
(4, 0, False)
>>> h.text
'Takes 4 seeds, and North cannot take anything right after.'
>>> hints(pos, human=0)[2].text
'Takes 4 seeds, and the computer cannot take anything right after.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.endgames import best_play_words
from ..engine.position import Move, Position
from ..i18n import gettext as _
from .words import hint_line, opponent_name, title_for


@dataclass(frozen=True)
class Hint:
    """What sowing ``hole`` would do, for the player to move (see the module docs).

    Attributes:
        hole: the legal hole (ring number).
        takes: seeds the mover captures with this move.
        gives: the most seeds the opponent captures with their best single reply (0: none).
        hands: seeds the opponent takes during this move itself.
        ends_game: the move ends the game.
        plays_again: the mover moves next as well (extra turn, or the opponent passes).
        text: one short plain sentence saying all that.
    """

    hole: int
    takes: int
    gives: int
    hands: int
    ends_game: bool
    plays_again: bool
    text: str


def hints(position: Position, human: int | None = None) -> dict[int, Hint]:
    """A :class:`Hint` for every legal hole of ``position``, keyed by hole, in ring order.

    ``human``: the side the person plays against the computer (the opponent is then called
    "the computer"), or None when two people play (the opponent is called by their side).
    A finished game has no legal hole: the result is empty.

    >>> import hoyito_edu as hy
    >>> sorted(hints(hy.new_game("hoyito-i")))
    [0, 1, 2, 3, 4, 5]
    """
    if not isinstance(position, Position):
        raise ValueError(f"hints needs a Position (hy.new_game(...)), not {position!r}")
    opponent = opponent_name(position.player, human)
    return {hole: _hint(position.sow(hole), opponent, human) for hole in position.legal_moves()}


def best_play_line(position: Position) -> str | None:
    """What perfect play gives from ``position`` for the player to move, as one sentence for
    Show me, or None unless an endgame table already built proves it (never an estimate, never
    a table built now: :func:`hoyito_edu.analysis.endgames.best_play_words`) or a certificate
    of ``data/proofs/`` proves a move (:func:`certified_line`).

    A table covers positions of 2x6 games with few seeds left. Cost: one look-up in a table
    held in memory, once it is loaded (``benchmarks/hints_time.py`` times it).

    >>> import hoyito_edu as hy
    >>> best_play_line(hy.new_game("hoyito-i", board=[5] * 12))  # no table, no certificate
    >>> best_play_line(hy.new_game("hoyito-i"))[:41]  # 48 seeds: no table, but a certificate
    'Proven by a certificate of perfect play ('

    """
    if not isinstance(position, Position):
        raise ValueError(f"best_play_line needs a Position (hy.new_game(...)), not {position!r}")
    if position.is_over:
        return None
    result = best_play_words(position)
    if result is None:
        return certified_line(position)
    # TRANSLATORS: {result} is e.g. "won by 4 with best play" ("ganada por 4 con el mejor juego").
    line = _("Worked out to the end by the endgame tables: from here your game is {result}.")
    return line.format(result=result)


def certified_line(position: Position) -> str | None:
    """The move a certificate of perfect play proves for the player to move, as a sentence for
    Show me, or None (see :func:`hoyito_edu.analysis.certificates.certified_move`; the first
    call reads the certificates of ``data/proofs/``).

    >>> import hoyito_edu as hy
    >>> print(certified_line(hy.new_game("ba-awa")))  # doctest: +NORMALIZE_WHITESPACE
    Proven by a certificate of perfect play (ba-awa-start-south-8): hole 0 makes sure your
    final score is at least +8 against your opponent's, whatever they play.
    """
    from ..analysis.certificates import certified_move

    found = certified_move(position)
    if found is None:
        return None
    hole, margin, name = found
    return _(
        "Proven by a certificate of perfect play ({name}): hole {hole} makes sure your final "
        "score is at least {margin:+d} against your opponent's, whatever they play."
    ).format(name=name, hole=hole, margin=margin)


def _hint(move: Move, opponent: str, human: int | None) -> Hint:
    mover, after = move.player, move.after
    takes, hands = move.taken[mover], move.taken[1 - mover]
    ends = after.is_over
    again = not ends and after.player == mover
    gives = 0 if ends or again else _best_reply(after)
    result = ""
    if ends:
        end = after.outcome
        result = title_for(end.winner, end.score, human)
    text = hint_line(
        takes=takes, gives=gives, hands=hands, plays_again=again, result=result, opponent=opponent
    )
    return Hint(move.hole, takes, gives, hands, ends, again, text)


def _best_reply(position: Position) -> int:
    """The most seeds the player to move captures in one move from ``position``."""
    player = position.player
    return max((position.sow(h).taken[player] for h in position.legal_moves()), default=0)
