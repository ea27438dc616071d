"""Plain words for students: the board's sentences, in one place, in English or Spanish.

Every sentence a student reads on the board (who won and why, what a move did, the offer to
end a quiet game, what "Show me" and CompareRules say) is a template in one of the tables of
this module, written as a whole sentence with ``str.format`` named fields. No sentence is glued
together from pieces: each template is marked with ``N_`` (a singular/plural pair with
``N_pair``) and translated where it is used, in the current language (:mod:`hoyito_edu.i18n`),
before its fields are filled in.

Two rules keep translation possible:

- A sentence about the person at the screen ("you") and one about someone else ("the
  computer", "South") are separate templates, because many languages conjugate the verb
  differently (Spanish: *tomaste* / *tomó*). The other person's name is a field: ``{who}``
  inside a sentence and ``{Who}`` at its start.
- Counts that change a word's form have a singular and a plural template (a pair, as
  ``ngettext`` takes them), chosen by :func:`plural`.

Holes are the ring numbers the board shows (South ``0..n-1``, North ``n..2n-1``).

>>> import hoyito_edu as hy
>>> game = hy.Game("hoyito-i")
>>> moves = game.play_all([0, 6])
>>> move_line(game.moves[0], human=0)
'You sowed hole 0 in 5 laps. No seeds were captured.'
>>> move_line(game.moves[1], human=0)
'The computer sowed hole 6 in 7 laps. The computer took 3 casas (12 seeds).'
>>> level_line("beginner")
'Beginner: plays almost at random, but often grabs seeds when it can'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.checks import as_whole, said
from ..engine.events import OWNERS_TAKE, Capture, Reason
from ..engine.game import Game
from ..engine.match import Match
from ..engine.position import IllegalMove, Move, Position
from ..engine.rules import Rules
from ..i18n import N_, N_pair, get_language, ngettext
from ..i18n import gettext as _

# -- who is who ---------------------------------------------------------------------------

#: How the board names a player who is not "you": the computer, or a side of the board when
#: two people play at one screen. ``{who}`` inside a sentence, ``{Who}`` at its start.
NAMES = {
    # TRANSLATORS: {who}: the opponent inside a sentence ("gives the computer a chance").
    "computer": (N_("the computer"), N_("The computer")),
    0: (N_("South"), N_("South")),
    1: (N_("North"), N_("North")),
}


def side_name(player: int) -> str:
    """The name of ``player``'s side in the current language: "South" or "North"."""
    return _(NAMES[player][0])


def _person(player: int, human: int | None) -> tuple[bool, dict[str, str]]:
    """(is it "you"?, the name fields) for ``player`` seen by the person at ``human``'s side.

    ``human`` None: two people play, and both are named by their side.
    """
    if human is not None and player == human:
        return True, {}
    key = player if human is None else "computer"
    who, big = NAMES[key]
    return False, {"who": _(who), "Who": _(big)}


def _say(table: dict[str, str], key: str, you: bool, **fields: object) -> str:
    """The template ``key`` of ``table`` in its "you" or "other" form, filled in."""
    return _(table[f"{key}_you" if you else key]).format(**fields)


def ordinal(number: int) -> str:
    """``number`` as an ordinal: "1st", "2nd", "3rd", "11th", "22nd" (Spanish: "3.ª").

    >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if get_language() == "es":  # Spanish: "3.ª" (la 3.ª entrada)
        return f"{number}.\u00aa"
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def plural(pair: tuple[str, str] | str, count: int) -> str:
    """The singular or plural template of ``pair`` (made with ``N_pair``) for ``count``, in the
    current language (``ngettext`` chooses); a single template (the same for every count) is
    only translated.

    >>> plural(("{count} seed", "{count} seeds"), 1).format(count=1)
    '1 seed'
    """
    if isinstance(pair, str):
        return _(pair)
    return ngettext(pair[0], pair[1], count)


def _check_human(human: object) -> int | None:
    if human is not None and (isinstance(human, bool) or human not in (0, 1)):
        raise ValueError(f"human must be 0 (South), 1 (North) or None (two people), not {human!r}")
    return human  # type: ignore[return-value]


# -- the computer opponents -----------------------------------------------------------------

#: The computer opponents for the board's menu, weakest first, each with one plain line. The
#: names are those :func:`hoyito_edu.player` accepts. The order is measured:
#: ``hy.tournament(["random", "beginner", "greedy", "intermediate", "search"],
#: variants=["hoyito-i", "hoyito-ii", "ba-awa"], games_per_pairing=10, seed=13)`` rated them
#: random 1137, beginner 1336, greedy 1512, intermediate 1699, search 1816 (Elo, 120 games
#: each), and the expert beats greedy in 82-100 % of its games (benchmarks/agents.py; the figures
#: are in docs/research/computer-opponents.md).
#: Two names are left out of the menu: ``"random"`` (any move by pure chance: the beginner is
#: random half the time, so the two are close, and one near-random level is enough) and
#: ``"search"`` (the same search as the intermediate and expert levels, with limits a
#: programmer sets; its default, four moves deep, lies between them). :func:`level_line`
#: still describes both, and ``"mcts"`` (Monte Carlo tree search, the benchmark opponent),
#: which stays out of the menu too.
LEVELS: tuple[tuple[str, str], ...] = (
    ("beginner", N_("Beginner: plays almost at random, but often grabs seeds when it can")),
    ("greedy", N_("Greedy: always grabs the most seeds it can right now")),
    ("intermediate", N_("Intermediate: looks at your best answer before it moves")),
    ("expert", N_("Expert: thinks many moves ahead and sets traps")),
)

#: The levels' names as the page shows them ("Computer: expert (North)").
LEVEL_NAMES: dict[str, str] = {
    # TRANSLATORS: the computer opponents' levels, shown as "Computer: expert (North)".
    "random": N_("random"),
    "beginner": N_("beginner"),
    "greedy": N_("greedy"),
    "intermediate": N_("intermediate"),
    "expert": N_("expert"),
    "search": N_("search"),
    "mcts": N_("mcts"),
}


def level_name(name: str) -> str:
    """A computer level's name in the current language ("expert"; Spanish "experto")."""
    return _(LEVEL_NAMES[name]) if name in LEVEL_NAMES else name


#: The lines for the names that are not in the menu.
OTHER_LEVELS: dict[str, str] = {
    "random": N_("Random: plays any move, chosen by pure chance"),
    "search": N_("Search: looks four moves ahead, or as far as you set"),
    "mcts": N_(
        "MCTS (Monte Carlo tree search): plays thousands of random games to the end "
        "before each move"
    ),
}


def level_line(name: str) -> str:
    """The plain line for the computer opponent ``name`` (any name ``hy.player`` accepts).

    >>> level_line("Expert")
    'Expert: thinks many moves ahead and sets traps'
    >>> level_line("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown opponent 'chess'; the opponents are beginner, greedy, intermediate, \
expert, random, search, mcts
    """
    lines = {**dict(LEVELS), **OTHER_LEVELS}
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in lines:
        raise ValueError(f"unknown opponent {name!r}; the opponents are {', '.join(lines)}")
    return _(lines[key])


# -- the end of a game -----------------------------------------------------------------------

#: The banner's title: who won, the winner's score first.
TITLES = {
    "win_you": N_("You win {high}-{low}"),
    "win": N_("{Who} wins {high}-{low}"),
    "draw": N_("Draw {south}-{north}"),
}

#: Why a game ended, one sentence per way it can end (every code of
#: :data:`hoyito_edu.compiled.codes.END_REASONS` and the players' agreement), "you" forms apart.
WHY = {
    "final-four_you": N_("A capture left the last four seeds, and you took them."),
    "final-four": N_("A capture left the last four seeds, and {who} took them."),
    "final-four-winner_you": (
        N_(
            "A capture left the last four seeds, and they went to you as the winner of the last "
            "game."
        )
    ),
    "final-four-winner": (
        N_(
            "A capture left the last four seeds, and they went to {who} as the winner of the last "
            "game."
        )
    ),
    "eight-or-fewer_you": (
        N_(
            "Eight or fewer seeds were left on the board, and you took them because you started "
            "this game."
        )
    ),
    "eight-or-fewer": (
        N_(
            "Eight or fewer seeds were left on the board, and {who} took them because {who} "
            "started this game."
        )
    ),
    "all-captured": N_("The last capture left no seeds on the board."),
    "endless": (
        N_(
            "A move would have gone round for ever, so each player took the seeds on their own "
            "side."
        )
    ),
    "repetition": (
        N_(
            "The same position came up for the third time, so each player took the seeds on "
            "their own side."
        )
    ),
    "lap-limit": (
        N_(
            "A move went round {max_laps:,} laps without stopping, the most one move may go, so "
            "each player took the seeds on their own side."
        )
    ),
    "quiet-limit": (
        N_(
            "Nobody captured any seeds for {quiet_limit:,} moves in a row, so each player took the "
            "seeds on their own side."
        )
    ),
    "agreement_you": N_(
        "You chose to end the game, so each player took the seeds on their own side."
    ),
    "agreement": (
        N_("The players agreed to end the game, so each player took the seeds on their own side.")
    ),
    "ply-cap": N_("The simulation stopped the game at its move limit, before it ended by itself."),
}

#: The banner's whole text: the title, then why.
BANNER = N_("{title}. {why}")

#: A match after one of its games: the standing, or who won the match and why.
MATCH = {
    "on-seeds_you": N_("Round {round} is over: you hold {mine} seeds and {who} holds {theirs}."),
    "on-seeds": N_("Round {round} is over: South holds {south} seeds and North holds {north}."),
    "on-holes_you": N_("Round {round} is over: you own {mine} holes and {who} owns {theirs}."),
    "on-holes": N_("Round {round} is over: South owns {south} holes and North owns {north}."),
    "won-seeds_you": N_("You win the match: {who} has too few seeds left to fill a hole."),
    "won-seeds_lost": N_("{Who} wins the match: you have too few seeds left to fill a hole."),
    "won-seeds": N_("{Who} wins the match: {loser} has too few seeds left to fill a hole."),
    "won-holes_you": N_("You win the match with {holes} of the {total} holes."),
    "won-holes": N_("{Who} wins the match with {holes} of the {total} holes."),
}


@dataclass(frozen=True)
class Outcome:
    """The end of a game in the player's words (see :func:`outcome`).

    Attributes:
        title: who won and the score, winner first: "You win 36-12", "Draw 24-24".
        why: why the game ended, one sentence from the person's point of view.
        match: in a match, the standing after this game or who won the match; else "".
        winner: 0, 1 or None (a draw); score: (South, North); reason: the engine's reason.
    """

    title: str
    why: str
    match: str
    winner: int | None
    score: tuple[int, int]
    reason: str

    @property
    def text(self) -> str:
        """The title and why (and the match's standing), as the banner shows them."""
        text = _(BANNER).format(title=self.title, why=self.why)
        return f"{text} {self.match}" if self.match else text


def outcome(state: Game | Match | Position | Move, human: int | None = None) -> Outcome:
    """The end of the game held by ``state``, for the person playing side ``human``.

    ``state`` is a :class:`~hoyito_edu.Game`, a :class:`~hoyito_edu.Match` (its current
    game, and the match's standing), the final :class:`~hoyito_edu.Position`, or the last
    :class:`~hoyito_edu.Move`. ``human`` is the side the person plays against the computer
    (0 South, 1 North), or None when two people play. A Position alone does not say who
    took the last four seeds; the sentence then names the player who moved last.

    >>> import hoyito_edu as hy
    >>> end = hy.new_game("hoyito-i").play(0).end_by_agreement()
    >>> outcome(end, human=1).text
    'You win 25-23. You chose to end the game, so each player took the seeds on their own side.'
    >>> outcome(end).title
    'North wins 25-23'
    >>> outcome(hy.new_game("hoyito-i"))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over yet: there is no outcome to tell
    """
    human = _check_human(human)
    move, position, match = _unpack(state)
    end = position.outcome
    if end is None:
        raise ValueError("the game is not over yet: there is no outcome to tell")
    return Outcome(
        title=_title(end.winner, end.score, human),
        why=_why(position, move, human),
        match="" if match is None else _match_line(match, human),
        winner=end.winner,
        score=end.score,
        reason=str(end.reason),
    )


def _unpack(state: object) -> tuple[Move | None, Position, Match | None]:
    """(last move or None, final position, match or None) of what :func:`outcome` was given."""
    if isinstance(state, Match):
        move, position, match = _unpack(state.game)[0], state.position, state
        return move, position, match
    if isinstance(state, Game):
        moves = state.moves
        last = moves[-1] if moves and moves[-1].after is state.position else None
        return last, state.position, None
    if isinstance(state, Move):
        return state, state.after, None
    if isinstance(state, Position):
        return None, state, None
    raise ValueError(
        f"outcome needs a Game, Match, Position or Move from hoyito_edu, not {state!r}"
    )


def _title(winner: int | None, score: tuple[int, int], human: int | None) -> str:
    if winner is None:
        return _(TITLES["draw"]).format(south=score[0], north=score[1])
    you, names = _person(winner, human)
    high, low = score[winner], score[1 - winner]
    return _say(TITLES, "win", you, high=high, low=low, **names)


def _why(position: Position, move: Move | None, human: int | None) -> str:
    reason = position.outcome.reason
    rules = position.rules
    if reason == Reason.AGREEMENT:
        return _say(WHY, "agreement", human is not None)
    if reason == Reason.FINAL_FOUR:
        taker = _taker(move, reason)
        if taker is None:  # a Position alone: the player who moved last captured
            taker = 1 - position.player
        key = "final-four"
        if move is not None and taker != move.player:
            key = "final-four-winner"  # Hoyito III, round 3 on (R4.1)
        you, names = _person(taker, human)
        return _say(WHY, key, you, **names)
    if reason == Reason.EIGHT_OR_FEWER:
        you, names = _person(position.starter, human)
        return _say(WHY, "eight-or-fewer", you, **names)
    return _(WHY[str(reason)]).format(
        max_laps=rules.max_laps or 0, quiet_limit=rules.quiet_limit or 0
    )


def _taker(move: Move | None, reason: Reason) -> int | None:
    if move is None:
        return None
    return next((c.taker for c in move.captures if c.reason == reason), None)


def _match_line(match: Match, human: int | None) -> str:
    if not match.game.is_over or not match.results:
        return ""
    held = match.results[-1].holdings
    unit = "holes" if match.rules.territory else "seeds"
    winner = match.winner
    if winner is None:
        fields = {"round": match.round, "south": held[0], "north": held[1]}
        if human is None:
            return _(MATCH[f"on-{unit}"]).format(**fields)
        names = _person(1 - human, human)[1]
        fields.update(mine=held[human], theirs=held[1 - human], **names)
        return _(MATCH[f"on-{unit}_you"]).format(**fields)
    you, names = _person(winner, human)
    if unit == "holes":
        return _say(MATCH, "won-holes", you, holes=held[winner], total=sum(held), **names)
    if you:
        loser = _person(1 - winner, human)[1]
        return _(MATCH["won-seeds_you"]).format(**loser)
    if human is not None:
        return _(MATCH["won-seeds_lost"]).format(**names)
    return _(MATCH["won-seeds"]).format(loser=side_name(1 - winner), **names)


# -- one move --------------------------------------------------------------------------------

#: What one move did, sentence by sentence (see :func:`move_line`).
MOVE = {
    "sowed_you": N_pair("You sowed hole {hole}.", "You sowed hole {hole} in {laps:,} laps."),
    "sowed": N_pair("{Who} sowed hole {hole}.", "{Who} sowed hole {hole} in {laps:,} laps."),
    "casas_you": N_pair(
        "You took one casa ({seeds} seeds).", "You took {casas} casas ({seeds} seeds)."
    ),
    "casas": N_pair(
        "{Who} took one casa ({seeds} seeds).", "{Who} took {casas} casas ({seeds} seeds)."
    ),
    "last-four_you": N_("You took the last four seeds."),
    "last-four": N_("{Who} took the last four seeds."),
    "last-eight_you": N_pair(
        "You took the last seed, because you started this game.",
        "You took the last {seeds} seeds, because you started this game.",
    ),
    "last-eight": N_pair(
        "{Who} took the last seed, because {who} started this game.",
        "{Who} took the last {seeds} seeds, because {who} started this game.",
    ),
    "own-side": N_("Each player took the seeds on their own side."),
    "endless": N_("This move would have gone round for ever, so it stopped."),
    "lap-limit": N_("This move stopped after {laps:,} laps, the most one move may go."),
    "none": N_("No seeds were captured."),
    "again_you": N_("You play again."),
    "again": N_("{Who} plays again."),
    "pass_you": N_("You have no seeds to sow, so you pass."),
    "pass": N_("{Who} has no seeds to sow and passes."),
    "over": N_("The game is over."),
}

#: A run of moves by one player (extra turns, or the opponent passing), said before the line
#: of its last move; a (singular, plural) pair by the seeds taken.
RUN = {
    "run_you": N_pair(
        "You played {count} moves in a row and took {seeds} seed in all.",
        "You played {count} moves in a row and took {seeds} seeds in all.",
    ),
    "run": N_pair(
        "{Who} played {count} moves in a row and took {seeds} seed in all.",
        "{Who} played {count} moves in a row and took {seeds} seeds in all.",
    ),
    "run-none_you": N_("You played {count} moves in a row and took nothing."),
    "run-none": N_("{Who} played {count} moves in a row and took nothing."),
}

#: Why a hole cannot be sown now, in the words of the person at the board.
REFUSED = {
    "over": N_("The game is over: nobody sows any more."),
    "not-a-hole": N_("That is not a hole on this board."),
    "range": N_("There is no hole {hole} on this board: its holes are numbered 0 to {last}."),
    "closed": N_("Hole {hole} is closed in this round: nobody sows it."),
    "theirs_you": N_(
        "Hole {hole} is {owner}'s, not yours: sow one of your own holes (a yellow ring)."
    ),
    "theirs": N_("Hole {hole} is {owner}'s, and it is {mover}'s turn."),
    "empty": N_("Hole {hole} is empty: choose a hole with seeds (a yellow ring)."),
}

_CASAS = (Reason.MID_SOW, Reason.LAST_SEED, Reason.CHAIN)


def move_line(move: Move, human: int | None = None) -> str:
    """What ``move`` did, in a few short sentences, for the person playing side ``human``.

    >>> import hoyito_edu as hy
    >>> pos = hy.new_game("hoyito-ii", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    >>> move_line(pos.sow(2), human=None)
    'South sowed hole 2. South took one casa (4 seeds). South has no seeds to sow and passes.'
    """
    if not isinstance(move, Move):
        raise ValueError(f"move_line needs a Move (position.sow(hole)), not {move!r}")
    human = _check_human(human)
    you, names = _person(move.player, human)
    key = "sowed_you" if you else "sowed"
    parts = [plural(MOVE[key], move.laps).format(hole=move.hole, laps=move.laps, **names)]
    if move.endless:
        parts.append(_(MOVE["endless"]))
    if move.lap_limit:
        parts.append(MOVE["lap-limit"].format(laps=move.laps))
    parts += _capture_lines(move.captures, move.before.starter, human)
    for player in move.passes:
        you, names = _person(player, human)
        parts.append(_say(MOVE, "pass", you, **names))
    if move.after.is_over:
        parts.append(_(MOVE["over"]))
    elif move.extra_turn and move.after.player == move.player:
        you, names = _person(move.player, human)
        parts.append(_say(MOVE, "again", you, **names))
    return " ".join(parts)


def run_line(moves: Sequence[Move], human: int | None = None) -> str:
    """One sentence for a run of moves the same player made in a row (extra turns, or the
    opponent passing), said with the line of the last one; '' for fewer than two moves.

    >>> import hoyito_edu as hy
    >>> pos = hy.new_game("hoyito-ii", board=[0, 0, 3, 1, 3, 0, 2, 2, 2, 2, 2, 2])
    >>> first = pos.sow(3)
    >>> second = first.after.sow(2)
    >>> first.after.player, run_line([first, second], human=1)
    (0, 'The computer played 2 moves in a row and took 4 seeds in all.')
    """
    if len(moves) < 2:
        return ""
    player = moves[-1].player
    if any(m.player != player for m in moves):
        raise ValueError("run_line needs moves made in a row by one player")
    you, names = _person(player, _check_human(human))
    seeds = sum(m.taken[player] for m in moves)
    key = ("run" if seeds else "run-none") + ("_you" if you else "")
    return plural(RUN[key], seeds).format(count=len(moves), seeds=seeds, **names)


def refusal_line(position: Position, hole: object, human: int | None = None) -> str:
    """Why ``hole`` cannot be sown in ``position`` now, for the person at side ``human`` (''
    when it can). The engine's :meth:`~hoyito_edu.Position.check_move` decides; this says it.

    >>> import hoyito_edu as hy
    >>> refusal_line(hy.new_game("hoyito-i"), 8, human=0)
    "Hole 8 is the computer's, not yours: sow one of your own holes (a yellow ring)."
    """
    try:
        position.check_move(hole)
        return ""
    except IllegalMove as error:
        return illegal_line(position, error, human)


def illegal_line(position: Position, error: IllegalMove, human: int | None = None) -> str:
    """The engine's refusal ``error`` of a move in ``position``, in the words of a person at
    side ``human`` (None: two people): the board says this instead of the engine's message.

    >>> import hoyito_edu as hy
    >>> start = hy.new_game("hoyito-i")
    >>> try:
    ...     start.sow(7)
    ... except hy.IllegalMove as error:
    ...     print(illegal_line(start, error))
    Hole 7 is North's, and it is South's turn.
    """
    human = _check_human(human)
    why, hole = error.why, error.hole
    if why == "over":
        return _(REFUSED["over"])
    if why == "not-a-hole":
        return _(REFUSED["not-a-hole"])
    number = as_whole(hole)
    if why == "range":
        return _(REFUSED["range"]).format(hole=said(number), last=len(position.board) - 1)
    if why != "not-yours":
        return _(REFUSED[why]).format(hole=number)  # closed, empty
    owner = position.owners[number]
    owner_name = _(NAMES["computer" if human is not None else owner][0])
    if _person(position.player, human)[0]:
        return _(REFUSED["theirs_you"]).format(hole=number, owner=owner_name)
    return _(REFUSED["theirs"]).format(
        hole=number, owner=owner_name, mover=side_name(position.player)
    )


def _capture_lines(captures: tuple[Capture, ...], starter: int, human: int | None) -> list[str]:
    """One sentence per taker of casas, then one for the end of the game's seeds."""
    if not captures:
        return [_(MOVE["none"])]
    lines = []
    for player in (0, 1):
        casas = [c for c in captures if c.taker == player and c.reason in _CASAS]
        if casas:
            you, names = _person(player, human)
            seeds = sum(c.seeds for c in casas)
            pair = MOVE["casas_you" if you else "casas"]
            lines.append(plural(pair, len(casas)).format(casas=len(casas), seeds=seeds, **names))
    for reason in (Reason.FINAL_FOUR, Reason.EIGHT_OR_FEWER):
        taken = [c for c in captures if c.reason == reason]
        if taken:
            you, names = _person(taken[0].taker, human)
            seeds = sum(c.seeds for c in taken)
            if reason == Reason.FINAL_FOUR:
                lines.append(_say(MOVE, "last-four", you, **names))
            else:
                pair = MOVE["last-eight_you" if you else "last-eight"]
                lines.append(plural(pair, seeds).format(seeds=seeds, **names))
    if any(c.reason in OWNERS_TAKE for c in captures):
        lines.append(_(MOVE["own-side"]))
    return lines


# -- ending a quiet game by agreement (R4.5) -------------------------------------------------

#: The board offers to end the game by agreement once this many moves in a row (both players'
#: moves counted, as ``Position.quiet_plies`` counts them) have captured nothing. Measured by
#: ``benchmarks/quiet_offer.py`` on 450 seeded games of greedy against beginner (the kind of
#: play a class sees) in Hoyito I, II and III on 2x6: of their 4,031 runs of moves between
#: captures only 149 (3.7 %) reached 40 moves, and a run that did went on to a median of 75
#: moves (46 % past 80). So the offer is rare in a game that will soon capture again, and when
#: it comes the seeds usually go on wandering for a long time. On 2x12 the longest run of a
#: game is a median 524 (Hoyito I) to 746 (Hoyito II) moves in 20 games each, so there nearly
#: every game earns the offer. (Ba-awa on 2x6 never went past 11 moves without a capture.)
QUIET_PLIES_BEFORE_OFFER = 40

#: The offer to end a quiet game, and the board's limits.
AGREEMENT = {
    "label": N_("End the game: each takes the seeds on their side"),
    "quiet_you": (
        N_(
            "Nobody has captured any seeds for {moves:,} moves. You may end the game here: you "
            "would finish with {mine} and {who} with {theirs}."
        )
    ),
    "quiet": (
        N_(
            "Nobody has captured any seeds for {moves:,} moves. If you both agree, end the game "
            "here: South would finish with {south} and North with {north}."
        )
    ),
    "limits-both": (
        N_(
            "On this board one move stops after {max_laps:,} laps, and a game ends by itself after "
            "{quiet_limit:,} moves in a row without a capture; either way each player takes the "
            "seeds on their own side."
        )
    ),
    "limits-laps": (
        N_(
            "On this board one move stops after {max_laps:,} laps, and each player then takes the "
            "seeds on their own side."
        )
    ),
    "limits-quiet": (
        N_(
            "On this board a game ends by itself after {quiet_limit:,} moves in a row without a "
            "capture, and each player then takes the seeds on their own side."
        )
    ),
    "limits-none": N_("On this board no limit stops a long move or a long game."),
    "not-yet": (
        N_(
            "The computer agrees to end the game only after {moves:,} moves in a row without a "
            "capture (so far: {now:,})."
        )
    ),
    "question_you": (
        N_(
            "End the game here? Each takes the seeds on their side: you would finish with {mine}, "
            "{who} with {theirs}."
        )
    ),
    "question": (
        N_(
            "End the game here? Each takes the seeds on their side: South would finish with "
            "{south}, North with {north}."
        )
    ),
}


@dataclass(frozen=True)
class AgreementOffer:
    """What the board says about ending the game by agreement (R4.5).

    Attributes:
        due: True once no capture has happened for :data:`QUIET_PLIES_BEFORE_OFFER` moves
            (and the game goes on): the board then shows ``label`` and ``text``.
        label: the button: "End the game: each takes the seeds on their side".
        text: why it is offered and what each player would finish with ("" when not due).
        limits: the board's lap limit and quiet limit in plain words.
    """

    due: bool
    label: str
    text: str
    limits: str


def agreement_offer(position: Position, human: int | None = None) -> AgreementOffer:
    """The offer to end ``position``'s game by agreement, for the person at side ``human``.

    >>> import hoyito_edu as hy
    >>> offer = agreement_offer(hy.new_game("hoyito-i", quiet_limit=50_000))
    >>> offer.due, offer.label
    (False, 'End the game: each takes the seeds on their side')
    >>> print(offer.limits)  # doctest: +NORMALIZE_WHITESPACE
    On this board one move stops after 1,000 laps, and a game ends by itself after 50,000 moves
    in a row without a capture; either way each player takes the seeds on their own side.
    """
    if not isinstance(position, Position):
        raise ValueError(f"agreement_offer needs a Position, not {position!r}")
    human = _check_human(human)
    due = not position.is_over and position.quiet_plies >= QUIET_PLIES_BEFORE_OFFER
    text = _agreement_line("quiet", position, human, moves=position.quiet_plies) if due else ""
    return AgreementOffer(due, _(AGREEMENT["label"]), text, limits_line(position.rules))


def _agreement_line(key: str, position: Position, human: int | None, **fields: object) -> str:
    """``AGREEMENT[key]`` (or its ``_you`` form when a person plays the computer) filled in
    with what each side would finish with if the game ended by agreement now."""
    south, north = position.end_by_agreement().score
    if human is None:
        return _(AGREEMENT[key]).format(south=south, north=north, **fields)
    names = _person(1 - human, human)[1]
    mine, theirs = (south, north) if human == 0 else (north, south)
    return _(AGREEMENT[f"{key}_you"]).format(mine=mine, theirs=theirs, **names, **fields)


def agreement_question(position: Position, human: int | None = None) -> str:
    """The question the board asks before ending ``position``'s game by agreement (R4.5).

    >>> import hoyito_edu as hy
    >>> agreement_question(hy.new_game("hoyito-i"), human=1)
    'End the game here? Each takes the seeds on their side: you would finish with 24, the \
computer with 24.'
    """
    return _agreement_line("question", position, _check_human(human))


def limits_line(rules: Rules) -> str:
    """The lap limit (R2.8) and quiet limit (R4.5) of ``rules`` in one plain sentence."""
    laps, quiet = rules.max_laps, rules.quiet_limit
    key = {(True, True): "both", (True, False): "laps", (False, True): "quiet"}.get(
        (laps is not None, quiet is not None), "none"
    )
    return _(AGREEMENT[f"limits-{key}"]).format(max_laps=laps or 0, quiet_limit=quiet or 0)


# -- "Show me": what each move would do ------------------------------------------------------

#: The hint on one legal hole (see :mod:`hoyito_edu.teaching.hints`). Each entry is a (singular,
#: plural) pair chosen by the count named in its comment; "you" is the player to move.
HINT = {
    # by gives
    "take-give": N_pair(
        "Takes {takes} seeds, but gives {who} a chance to take {gives} seed.",
        "Takes {takes} seeds, but gives {who} a chance to take {gives} seeds.",
    ),
    # by takes
    "take-safe": N_pair(
        "Takes {takes} seed, and {who} cannot take anything right after.",
        "Takes {takes} seeds, and {who} cannot take anything right after.",
    ),
    # by gives
    "give": N_pair(
        "Takes nothing and gives {who} a chance to take {gives} seed.",
        "Takes nothing and gives {who} a chance to take {gives} seeds.",
    ),
    "safe": N_("Takes nothing, and {who} cannot take anything right after."),
    # by takes
    "again": N_pair(
        "Takes {takes} seed, and you play again.", "Takes {takes} seeds, and you play again."
    ),
    "again-none": N_("Takes nothing, and you play again."),
    # by takes; {result} is a banner title ("You win 28-20")
    "ends": N_pair(
        "Takes {takes} seed and ends the game: {result}.",
        "Takes {takes} seeds and ends the game: {result}.",
    ),
    "ends-none": N_("Ends the game: {result}."),
    # by hands: seeds the opponent takes during your own move (a Ba-awa casa on their side)
    "hands": N_pair(
        "During this move {who} takes {hands} seed.", "During this move {who} takes {hands} seeds."
    ),
}


def hint_line(
    *, takes: int, gives: int, hands: int, plays_again: bool, result: str, opponent: str
) -> str:
    """The "Show me" sentence for one move (built by :func:`hoyito_edu.teaching.hints.hints`).

    ``result`` is the banner title when the move ends the game, else "".

    >>> hint_line(takes=8, gives=4, hands=0, plays_again=False, result="", opponent="North")
    'Takes 8 seeds, but gives North a chance to take 4 seeds.'
    """
    fields = {"takes": takes, "gives": gives, "hands": hands, "result": result, "who": opponent}
    if result:
        key, count = ("ends" if takes else "ends-none"), takes
    elif plays_again:
        key, count = ("again" if takes else "again-none"), takes
    elif gives:
        key, count = ("take-give" if takes else "give"), gives
    else:
        key, count = ("take-safe" if takes else "safe"), takes
    text = plural(HINT[key], count).format(**fields)
    if hands:
        text = plural(HINT["hands"], hands).format(**fields) + " " + text
    return text


def opponent_name(player: int, human: int | None = None) -> str:
    """How a sentence names ``player``'s opponent: "the computer" when ``human`` plays
    ``player`` against it, else the opponent's side ("North").

    >>> opponent_name(0), opponent_name(0, human=0)
    ('North', 'the computer')
    """
    human = _check_human(human)
    return _person(1 - player, human if human == player else None)[1]["who"]


def title_for(winner: int | None, score: tuple[int, int], human: int | None = None) -> str:
    """The banner title for a result: "You win 36-12", "North wins 30-18", "Draw 24-24"."""
    return _title(winner, score, _check_human(human))


# -- CompareRules: a typed board and the comparison table ------------------------------------

#: What is wrong with a typed board (see :func:`hoyito_edu.teaching.comparing.parse_board`).
BOARD_ERRORS = {
    "empty": (
        N_(
            "Type the seeds in each hole, in ring order, separated by spaces or commas, for "
            "example: {example}."
        )
    ),
    "entry": (
        N_(
            "The {nth} entry you typed, \u201c{entry}\u201d, is not a number of seeds: type whole "
            "numbers such as 0, 4 or 12, separated by spaces or commas."
        )
    ),
    "entry-big": (
        N_(
            "The {nth} entry you typed, {entry}, is more seeds than a whole board may hold "
            "(at most {most} in all)."
        )
    ),
    "count": N_pair(
        "This board has {holes} holes (two rows of {n}), but you typed one number.",
        "This board has {holes} holes (two rows of {n}), but you typed {count} numbers.",
    ),
    "sizes": (
        N_(
            "Type an even number of seed counts, from {low} to {high} (two rows of {low_n} to "
            "{high_n} holes); you typed {count}."
        )
    ),
    "total": N_("That board holds {total} seeds in all; at most {most} are allowed."),
    "no-seeds": N_("That board has no seeds: put some seeds in the holes."),
}

#: The comparison table's column headings, by field of
#: :class:`hoyito_edu.teaching.comparing.Comparison`.
COLUMNS = {
    "rules": N_("Rules"),
    "laps": N_("Laps"),
    "seeds_sown": N_("Seeds sown"),
    "south_took": N_("South took"),
    "north_took": N_("North took"),
    "seeds_left": N_("Seeds left"),
    "next_turn": N_("Next"),
    "happened": N_("What happened"),
}

#: Short cell texts of the comparison table (kept short so that no cell is clipped).
CELLS = {
    "casas": N_pair("casa, {who} takes {seeds}", "{casas} casas, {who} takes {seeds}"),
    "chain": N_("chain, {who} takes {seeds}"),
    "last-four": N_("last four, {who} takes {seeds}"),
    "last-eight": N_("last seeds, {who} takes {seeds}"),
    "own-side": N_("each takes own side"),
    "endless": N_("would never end"),
    "lap-limit": N_("stopped at {laps:,} laps"),
    "pass": N_("{who} passes"),
    "nothing": N_("no capture"),
    "next": N_("{who}"),
    "again": N_("{who} again"),
    "over-win": N_("game over, {who} wins {high}-{low}"),
    "over-draw": N_("game over, draw {south}-{north}"),
    "rules-options": N_("{rules}: {options}"),
}

#: The rule options as short plain labels (the same words in rows and menus).
OPTION_LABELS = {
    ("skip_origin", True): N_("skip the starting hole"),
    ("skip_origin", False): N_("sow into the starting hole"),
    ("chain_opponent_side_only", True): N_("chain on the other side only"),
    ("chain_opponent_side_only", False): N_("chain on both sides"),
    ("max_laps", None): N_("no lap limit"),
    ("max_laps", "n"): N_("stop after {n:,} laps"),
    ("quiet_limit", None): N_("no quiet limit"),
    ("quiet_limit", "n"): N_("end after {n:,} quiet moves"),
    ("relay", True): N_("relay"),
    ("relay", False): N_("one lap a move"),
}

#: Why an option cannot apply to a rule set.
OPTION_ERRORS = {
    "no-chain": N_("does not apply: {rules} has no chain"),
    "size": N_("{rules} is not played on 2x{n}"),
    "board": N_("cannot be played: {why}"),
}


def option_label(key: str, value: object) -> str:
    """A rule option's setting in plain words.

    >>> option_label("max_laps", 75), option_label("skip_origin", True)
    ('stop after 75 laps', 'skip the starting hole')
    """
    if (key, value) in OPTION_LABELS:
        return _(OPTION_LABELS[(key, value)])
    if (key, "n") in OPTION_LABELS:
        return _(OPTION_LABELS[(key, "n")]).format(n=value)
    raise ValueError(f"unknown option {key!r}; the options are skip_origin, "
                     "chain_opponent_side_only, max_laps, quiet_limit")


# -- explain(): what a move would do, before it is played ------------------------------------

#: The sentences of :attr:`hoyito_edu.Explanation.text` (present tense; sides are named).
EXPLAIN = {
    # by seeds, then by laps
    "sows": N_pair(
        "{Who} sows hole {hole}, which holds {seeds} seed.",
        "{Who} sows hole {hole}, which holds {seeds} seeds.",
    ),
    "laps": N_pair("The sowing takes one lap.", "The sowing goes round {laps:,} laps."),
    "lap-limit": (
        N_(
            "After {laps:,} laps the move stops, the most one move may go: nobody can finish it by "
            "hand."
        )
    ),
    "endless": N_("The sowing would go round for ever, so it stops."),
    # by casas, by fours
    "casas": N_pair(
        "{Who} takes one casa ({seeds} seeds).", "{Who} takes {casas} casas ({seeds} seeds)."
    ),
    "chain": N_pair(
        "{Who} takes one more four in the chain ({seeds} seeds).",
        "{Who} takes {fours} more fours in the chain ({seeds} seeds).",
    ),
    "last-four": N_("{Who} takes the last four seeds."),
    # by seeds
    "last-eight": N_pair(
        "{Who} takes the last seed, having started this game.",
        "{Who} takes the last {seeds} seeds, having started this game.",
    ),
    "own-side": (
        N_("Each player takes the seeds on their own side: South {south}, North {north}.")
    ),
    "none": N_("Nothing is captured."),
    # by seeds
    "left": N_pair("{seeds} seed stays on the board.", "{seeds} seeds stay on the board."),
    "pass": N_("{Who} has no seeds to sow and passes."),
    "ends": N_("The game ends: {title}."),
    "again": N_("{Who} captured with the last seed and plays again."),
    "next": N_("{Who} moves next."),
}
