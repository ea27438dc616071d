"""Match play: games played in rounds until one player is out (spec section 6).

Hoyito (I, II, III): after a game each player fills their own holes with fours from what they
hold; holes they cannot fill are closed for the next game, and what is left over is surplus that
counts in the next game's score (R6.1-R6.4). Ba-awa: every hole gets four seeds again, but each
player now owns one hole for every four seeds they captured, wherever it lies (R6.5-R6.8).

The choices the rules leave to the players are callables with the spec's defaults:

* ``fill(player, count, position) -> holes``: which ``count`` of their own holes a Hoyito
  player fills (default :func:`fill_from_first_hole`);
* ``reallocate(gainer, count, position) -> holes``: which ``count`` holes a Ba-awa player
  takes over from the opponent (default :func:`take_back_then_ring_order`).

>>> import hoyito_edu as hy
>>> match = hy.Match("hoyito-i")
>>> match.round, match.position.player
(1, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..i18n import gettext as _
from .checks import as_whole, shown
from .game import Game, check_result, replay_saved
from .position import PLAYER_NAMES, Move, Outcome, Position, new_game
from .rules import Rules, get_rules
from .saving import (
    SCHEMA_VERSION,
    FormatError,
    JsonSaving,
    check_header,
    expect_keys,
    is_int,
    position_from_dict,
    position_to_dict,
    same_json,
    show,
)

Chooser = Callable[[int, int, Position], Sequence[int]]


def fill_from_first_hole(player: int, count: int, position: Position) -> list[int]:
    """Default Hoyito fill (R6.2): the player's own holes from their first hole onwards."""
    n = position.holes_per_row
    return list(range(player * n, player * n + count))


def take_back_then_ring_order(gainer: int, count: int, position: Position) -> list[int]:
    """Default Ba-awa reallocation (R6.6): first the gainer's own-row holes held by the
    opponent, then the opponent's row in ring order from the opponent's first hole."""
    n = position.holes_per_row
    own_row = range(gainer * n, gainer * n + n)
    other_row = range((1 - gainer) * n, (1 - gainer) * n + n)
    order = [h for h in own_row if position.owners[h] != gainer]
    order += [h for h in other_row if position.owners[h] != gainer]
    return order[:count]


@dataclass(frozen=True)
class RoundResult:
    """One finished game of a match."""

    round: int
    starter: int
    outcome: Outcome
    holdings: tuple[int, int]  #: seeds (Hoyito) or holes (Ba-awa) each player holds after it
    moves: int

    @property
    def winner(self) -> int | None:
        return self.outcome.winner


class Match(JsonSaving):
    """Rounds of one variant until a player is out.

    Args:
        variant: rule set name (or Rules).
        holes_per_row: 6 by default (Hoyito 6..12; Ba-awa 6 only).
        first_player: who starts the first game.
        target: Ba-awa only: holes a player must own to win the match (12, or 10 or 11, R6.8).
        winner_starts: Ba-awa only: the winner starts the next game instead of alternating (R6.7).
        fill: Hoyito chooser of holes to fill, see the module docs.
        reallocate: Ba-awa chooser of holes to take over, see the module docs.
        **options: rule options (``skip_origin`` ...).
    """

    def __init__(
        self,
        variant: str | Rules = "hoyito-i",
        *,
        holes_per_row: int = 6,
        first_player: int = 0,
        target: int | None = None,
        winner_starts: bool = False,
        fill: Chooser | None = None,
        reallocate: Chooser | None = None,
        **options: bool,
    ) -> None:
        self.rules = get_rules(variant, **options)
        n = as_whole(holes_per_row)
        if n is None:
            raise ValueError(f"holes_per_row must be a whole number, not {shown(holes_per_row)}")
        if as_whole(first_player) not in (0, 1):
            raise ValueError(
                f"first_player must be 0 "
                f"(South) or 1 (North), not {shown(first_player)}"
            )
        start = new_game(self.rules, holes_per_row=n, player=first_player)  # checks the size
        if not isinstance(winner_starts, bool):
            raise ValueError(f"winner_starts must be True or False, not {shown(winner_starts)}")
        for what, chooser in (("fill", fill), ("reallocate", reallocate)):
            if chooser is not None and not callable(chooser):
                raise ValueError(
                    f"{what} must be a function (player, count, position) -> holes, or None for "
                    f"the default; got {shown(chooser)}"
                )
        if self.rules.territory:
            if fill is not None:
                raise ValueError("fill is for Hoyito matches; Ba-awa uses reallocate")
            self.target = 2 * n if target is None else as_whole(target)
            if self.target is None or not 7 <= self.target <= 2 * n:
                raise ValueError(
                    f"target must be a whole number of holes from 7 to {2 * n}, not {shown(target)}"
                )
        else:
            if target is not None or winner_starts or reallocate is not None:
                raise ValueError(
                    "target, winner_starts and reallocate are Ba-awa match settings; "
                    f"{self.rules.title} matches end when a player holds fewer than 4 seeds"
                )
            self.target = None
        self.winner_starts = winner_starts
        self.fill: Chooser = fill or fill_from_first_hole
        self.reallocate: Chooser = reallocate or take_back_then_ring_order
        self._results: list[RoundResult] = []
        self._scored: Position | None = None  # the end of the current game, once scored
        self.games: list[Game] = [Game(start=start)]

    # -- state ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def round(self) -> int:
        return len(self.games)

    @property
    def results(self) -> list[RoundResult]:
        """The result of every finished game, in order.

        A game finished (or taken back) through :attr:`game` directly counts as well as one
        played through :meth:`play`.
        """
        self._sync()
        return self._results

    def _sync(self) -> None:
        """Score the current game if it ended, forget its result if it was taken back (also
        when that was done through ``match.game``)."""
        game = self.game
        if len(self._results) == len(self.games):  # the current game has a result
            if game.position is self._scored:
                return
            self._results.pop()
        if game.is_over:
            self._score_round()

    @property
    def holdings(self) -> tuple[int, int]:
        """What each player has now: seeds (score) in Hoyito, holes owned in Ba-awa."""
        if self.results:
            return self.results[-1].holdings
        return self._first_holdings()

    @property
    def holdings_at_start(self) -> tuple[int, int]:
        """What each player held when the current round began (:attr:`holdings` moves on as
        soon as the round is scored)."""
        earlier = self.results[: len(self.games) - 1]
        return earlier[-1].holdings if earlier else self._first_holdings()

    def _first_holdings(self) -> tuple[int, int]:
        pos = self.games[0].start
        if self.rules.territory:
            return (pos.owners.count(0), pos.owners.count(1))
        return (pos.seeds_on_board // 2, pos.seeds_on_board // 2)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The match winner, once a player is out (R6.1, R6.5, R6.8)."""
        if not self.results or len(self.results) < len(self.games):
            return None
        held = self.results[-1].holdings
        for p in (0, 1):
            if self.rules.territory and (held[1 - p] == 0 or held[p] >= self.target):
                return p
            if not self.rules.territory and held[1 - p] < 4:
                return p
        return None

    # -- playing -------------------------------------------------------------------------
    def _refuse_if_over(self, game_over_allowed: bool) -> None:
        """Refuse to go on once the match is over, or (unless allowed) its current game is."""
        if self.is_over:
            # TRANSLATORS: {side} is South or North.
            raise ValueError(
                _("the match is over: {side} won").format(side=_(PLAYER_NAMES[self.winner]))
            )
        if self.game.is_over and not game_over_allowed:
            raise ValueError(_("this game is over: call next_round() to start the next one"))

    def play(self, hole: int) -> Move:
        """Play a hole in the current game; a game that ends is scored at once."""
        self._refuse_if_over(game_over_allowed=False)
        move = self.game.play(hole)
        self._sync()
        return move

    def end_by_agreement(self) -> Position:
        """The players agree to stop the current game (R4.5); it is scored like any other.

        Each player takes the seeds in the holes they own; :meth:`undo` takes it back.
        """
        self._refuse_if_over(game_over_allowed=False)
        end = self.game.end_by_agreement()
        self._sync()
        return end

    def undo(self) -> Move | None:
        """Undo the last move of the current game (not across rounds), or an agreement (None)."""
        move = self.game.undo()
        self._sync()
        return move

    def redo(self) -> Move:
        """Play again the last move taken back in the current game."""
        move = self.game.redo()
        self._sync()
        return move

    def _score_round(self) -> None:
        game = self.game
        end = game.position
        start = game.start
        if self.rules.territory:
            holdings = self._holes_earned(end.captures, start.starter)
        else:
            holdings = end.score
        self._scored = end
        self._results.append(
            RoundResult(
                round=self.round,
                starter=start.starter,
                outcome=end.outcome,
                holdings=holdings,
                moves=len(game.moves),
            )
        )

    def _holes_earned(self, captures: tuple[int, int], starter: int) -> tuple[int, int]:
        """Ba-awa (R6.5): one hole per four seeds; a hole left over goes to the larger remainder
        (equal remainders: the starter of the game just played)."""
        size = len(self.games[0].start.board)
        holes = [captures[0] // 4, captures[1] // 4]
        left = size - sum(holes)
        rest = [captures[0] % 4, captures[1] % 4]
        while left > 0:
            gets = starter if rest[0] == rest[1] else int(rest[1] > rest[0])
            holes[gets] += 1
            rest[gets] = -1
            left -= 1
        return (holes[0], holes[1])

    def next_round(self) -> Position:
        """Set up and start the next game from the last result (R6.2-R6.7)."""
        self._refuse_if_over(game_over_allowed=True)
        if not self.game.is_over:
            raise ValueError(_("the current game is not over yet"))
        last = self.results[-1]
        starter = self._next_starter(last)
        prev = self.game.position
        if self.rules.territory:
            owners = self._reallocated(prev, last.holdings)
            start = new_game(
                self.rules,
                holes_per_row=prev.holes_per_row,
                player=starter,
                owners=owners,
                round=self.round + 1,
                previous_winner=last.winner,
            )
        else:
            closed, surplus = self._closed_holes(prev, last.holdings)
            n = prev.holes_per_row
            start = new_game(
                self.rules,
                holes_per_row=n,
                closed=closed,
                player=starter,
                surplus=surplus,
                round=self.round + 1,
                previous_winner=last.winner,
            )
        self.games.append(Game(start=start))
        return start

    def _next_starter(self, last: RoundResult) -> int:
        if self.rules.territory and not self.winner_starts:
            return 1 - last.starter  # R6.7: starters alternate
        if last.winner is None:
            return 1 - last.starter  # R6.3: after a draw, the one who did not start
        return last.winner

    def _closed_holes(
        self, prev: Position, holdings: tuple[int, int]
    ) -> tuple[list[int], tuple[int, int]]:
        """Hoyito (R6.2): fill ``min(n, holdings // 4)`` own holes; close the rest."""
        n = prev.holes_per_row
        closed: list[int] = []
        surplus = []
        for player in (0, 1):
            count = min(n, holdings[player] // 4)
            chosen = _checked_choice(
                self.fill(player, count, prev), count, range(player * n, player * n + n), "fill"
            )
            closed += [h for h in range(player * n, player * n + n) if h not in chosen]
            surplus.append(holdings[player] - 4 * count)
        return closed, (surplus[0], surplus[1])

    def _reallocated(self, prev: Position, holes: tuple[int, int]) -> list[int]:
        """Ba-awa (R6.5, R6.6): move ownership so each player owns ``holes[p]`` holes."""
        owners = list(prev.owners)
        for gainer in (0, 1):
            count = holes[gainer] - owners.count(gainer)
            if count > 0:
                held_by_other = [h for h, o in enumerate(owners) if o != gainer]
                chosen = _checked_choice(
                    self.reallocate(gainer, count, prev), count, held_by_other, "reallocate"
                )
                for h in chosen:
                    owners[h] = gainer
        return owners

    # -- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A JSON-ready dict (schema ``hoyito_edu.match`` version 1): each round's start, moves."""
        return {
            "format": "hoyito_edu.match",
            "version": SCHEMA_VERSION,
            "variant": self.rules.name,
            "options": self.rules.options,
            "settings": {"target": self.target, "winner_starts": self.winner_starts},
            "rounds": [_round_to_dict(g) for g in self.games],
            "result": {"holdings": list(self.holdings), "winner": self.winner},
        }

    @classmethod
    def from_dict(cls, data: object) -> Match:
        """Rebuild a match: each round's start must follow from the round before by the rules
        (counts of closed or owned holes, surplus, starter), and every move is replayed.

        Any value gives a match or a :class:`FormatError`; the lap limit for loading is as in
        :meth:`Game.from_dict <hoyito_edu.Game.from_dict>`.
        """
        variant, options = check_header(data, "match")
        assert isinstance(data, dict)
        expect_keys(
            data,
            "the saved match",
            required=("format", "version", "variant", "rounds"),
            optional=("options", "settings", "result"),
        )
        return cls._rebuild_within_lap_cap(variant, options, data)

    @classmethod
    def _rebuild(cls, variant: str, options: dict, data: dict, lap_cap: bool = False) -> Match:
        rules = get_rules(variant, **options)
        settings = _settings_from_dict(rules, data.get("settings", {}))
        rounds = data["rounds"]
        if not isinstance(rounds, (list, tuple)) or not rounds:
            raise FormatError(
                _("rounds must be a non-empty list, not {found}").format(found=show(rounds))
            )
        chosen: list[Position] = []
        for number, entry in enumerate(rounds, start=1):
            expect_keys(entry, f"round {number}", required=("start", "moves"), optional=("agreed",))
            chosen.append(
                position_from_dict(variant, options, entry["start"], f"round {number} start")
            )
        first = chosen[0]
        if rules.territory:
            choosers = {"reallocate": lambda p, c, pos: _replayed_choice(chosen, match, p)}
        else:
            choosers = {"fill": lambda p, c, pos: _replayed_choice(chosen, match, p)}
        try:
            match = cls(
                rules,
                holes_per_row=first.holes_per_row,
                first_player=first.player,
                **choosers,
                **settings,
            )
        except ValueError as err:
            raise FormatError(_("settings: {why}").format(why=err)) from None
        if match.games[0].start != first:
            raise FormatError(_("round 1 start is not a fresh game of this variant"))
        for number, entry in enumerate(rounds, start=1):
            if number > 1:
                _next_saved_round(match, chosen[number - 1], number)
            _replay_round(match, entry, number, lap_cap)
        if "result" in data:
            check_result_match(match, data["result"])
        return match

    def __repr__(self) -> str:
        if self.is_over:
            state = f"{PLAYER_NAMES[self.winner]} won"
        elif self.game.is_over:
            state = f"round {self.round} finished, next_round() to go on"
        else:
            state = f"round {self.round} in play"
        return f"<Match {self.rules.name} {state}, holdings {self.holdings}>"


def _round_to_dict(game: Game) -> dict:
    entry = {"start": position_to_dict(game.start), "moves": game.holes()}
    if game.ended_by_agreement:
        entry["agreed"] = True
    return entry


def _checked_choice(holes: Sequence[int], count: int, allowed: Sequence[int], what: str) -> set:
    """A chooser's answer must be ``count`` distinct holes out of ``allowed``."""
    chosen = list(holes)
    allowed_set = set(allowed)
    if len(set(chosen)) != count or len(chosen) != count or not set(chosen) <= allowed_set:
        raise ValueError(
            f"{what} must choose {count} different hole(s) from {sorted(allowed_set)}, "
            f"got {shown(chosen)}"
        )
    return set(chosen)


def _replayed_choice(chosen: list[Position], match: Match, player: int) -> list[int]:
    """When loading, the choices are the ones recorded in the next round's start: the open
    holes a Hoyito player filled, or the holes a Ba-awa player took over."""
    start = chosen[match.round]  # the round being set up
    if not match.rules.territory:
        n = start.holes_per_row
        return [h for h in range(player * n, player * n + n) if h not in start.closed]
    current = match.game.position.owners
    return [h for h, o in enumerate(start.owners) if o == player and current[h] != player]


def _settings_from_dict(rules: Rules, settings: object) -> dict:
    """The match settings saved in a file, checked: Ba-awa's target (a whole number of holes or
    null) and winner_starts (true or false); a Hoyito match has neither."""
    expect_keys(settings, "settings", required=(), optional=("target", "winner_starts"))
    assert isinstance(settings, dict)
    target = settings.get("target")
    winner_starts = settings.get("winner_starts", False)
    if not isinstance(winner_starts, bool):
        raise FormatError(
            _("settings: winner_starts must be true or false, not {found}").format(
                found=show(winner_starts)
            )
        )
    if target is not None and not is_int(target):
        raise FormatError(
            _("settings: target must be a whole number of holes, not {found}").format(
                found=show(target)
            )
        )
    if not rules.territory:
        if target is not None or winner_starts:
            raise FormatError(
                _(
                    "settings: target and winner_starts are Ba-awa settings; a {title} match "
                    "saves target null and winner_starts false"
                ).format(title=rules.title)
            )
        return {}
    return {"target": target, "winner_starts": winner_starts}


def _next_saved_round(match: Match, saved: Position, number: int) -> None:
    """Start round ``number`` by the rules; it must be the start the file saved."""
    try:
        start = match.next_round()
    except ValueError as err:
        raise FormatError(_("round {number}: {why}").format(number=number, why=err)) from None
    if start != saved:
        raise FormatError(
            _(
                "round {number} start does not follow from round {previous} by the "
                "rules: expected {expected}"
            ).format(number=number, previous=number - 1, expected=position_to_dict(start))
        )


def _replay_round(match: Match, entry: dict, number: int, lap_cap: bool) -> None:
    """Replay one saved round's moves (and agreement to stop) and score it if it is over."""
    replay_saved(match.game, entry, _("round {number}: ").format(number=number), lap_cap)
    if match.game.is_over and len(match.results) < len(match.games):
        match._score_round()


def check_result_match(match: Match, result: object) -> None:
    """Compare a saved match result with what replaying gave (types too)."""
    expect_keys(result, "result", required=("holdings", "winner"))
    assert isinstance(result, dict)
    holdings, winner = list(match.holdings), match.winner
    if not same_json(result["holdings"], holdings) or not same_json(result["winner"], winner):
        raise FormatError(
            _(
                "result: the file says holdings {holdings} and winner {winner}, but replaying "
                "gives {replayed_holdings} and {replayed_winner}"
            ).format(
                holdings=show(result["holdings"]),
                winner=show(result["winner"]),
                replayed_holdings=holdings,
                replayed_winner=winner,
            )
        )


__all__ = [
    "Match",
    "RoundResult",
    "fill_from_first_hole",
    "take_back_then_ring_order",
    "check_result",
]
