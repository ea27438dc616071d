"""The words the board page shows, put in the shape the page draws.

The sentences come from :mod:`hoyito_edu.teaching.words` (levels, move lines, the game-over banner,
the agreement offer) and :mod:`hoyito_edu.teaching.hints` ("Show me"); this module only turns them
into plain strings, lists and dicts ready for JSON.

>>> side_name(0, human=0, level="expert")
'You (South)'
>>> side_name(1, human=0, level="expert")
'Computer: expert (North)'
>>> side_name(1, human=None, level="")
'North'
"""

from __future__ import annotations

from ..engine.match import Match
from ..engine.position import Position
from ..engine.rules import VARIANTS
from ..i18n import N_
from ..i18n import gettext as _
from ..players import available
from ..teaching import words
from ..teaching.hints import hints

#: The round list of a match, one line per round, then how the current round started.
ROUNDS = {
    "won": N_("Round {round}: {who} won {high}-{low}"),
    "draw": N_("Round {round}: a draw {high}-{low}"),
    "started-seeds": N_("Round {round} started with South holding {south} seeds, North {north}."),
    "started-holes": N_("Round {round} started with South owning {south} holes, North {north}."),
}

#: New settings in a few words (the question before they discard a game).
SETTINGS = {
    "people": N_("{game} on 2 \u00d7 {n}, two people at this screen"),
    "people-match": N_("{game} on 2 \u00d7 {n}, a match, two people at this screen"),
    # TRANSLATORS: {level} is a computer level ("expert"), {side} "South" or "North".
    "computer": N_("{game} on 2 \u00d7 {n}, against the computer ({level}), you playing {side}"),
    "computer-match": N_(
        "{game} on 2 \u00d7 {n}, a match, against the computer ({level}), you playing {side}"
    ),
}


def levels(current: str | None = None) -> list[tuple[str, str]]:
    """The computer levels of the menu, easiest first, each with its plain line; a level
    chosen in Python that the menu leaves out (``current``) is added at the end."""
    menu = [(name, _(line)) for name, line in words.LEVELS]
    if current is not None and current not in dict(menu):
        menu.append((current, words.level_line(current)))
    return menu


def level_names() -> list[str]:
    """Every name the board takes as ``opponent``: the menu's, easiest first, then the rest."""
    menu = [name for name, _ in words.LEVELS]
    return menu + [name for name in available() if name not in menu]


def side_name(player: int, human: int | None, level: str) -> str:
    """Who sits on ``player``'s side, in the page's words."""
    side = words.side_name(player)
    if human is None:
        return side
    if player == human:
        return _("You ({side})").format(side=side)
    # TRANSLATORS: a player's name on the board: "Computer: expert (North)".
    return _("Computer: {level} ({side})").format(level=words.level_name(level), side=side)


def banner(game, human: int | None, match: Match | None = None) -> dict:
    """The game-over banner: ``title`` ("You win 36-12"), ``why`` and ``text`` (both)."""
    told = words.outcome(game if match is None else match, human)
    why = f"{told.why} {told.match}" if told.match else told.why
    return {"title": told.title, "why": why, "text": told.text}


def hint_marks(position: Position, human: int | None) -> dict[str, dict]:
    """What each legal hole would do ("Show me"), keyed by the hole as a string (JSON)."""
    return {
        str(hole): {"text": hint.text, "takes": hint.takes, "gives": hint.gives,
                    "ends": hint.ends_game}
        for hole, hint in hints(position, human).items()
    }  # fmt: skip


def rounds(match: Match) -> list[str]:
    """The rounds of a match so far, one line each, then what each side started the
    current round with."""
    lines = []
    for r in match.results:  # the winner's score first, as the banner says it
        high, low = sorted(r.outcome.score, reverse=True)
        key, who = ("draw", "") if r.winner is None else ("won", words.side_name(r.winner))
        lines.append(_(ROUNDS[key]).format(round=r.round, who=who, high=high, low=low))
    south, north = match.holdings_at_start
    key = "started-holes" if match.rules.territory else "started-seeds"
    lines.append(_(ROUNDS[key]).format(round=match.round, south=south, north=north))
    return lines


def settings_line(settings: dict) -> str:
    """New settings in a few words, for the question asked before they discard a game:
    "Ba-awa on 2 × 6, against the expert, you playing North"."""
    key = "people" if settings["opponent"] is None else "computer"
    key += "-match" if settings["match"] else ""
    return _(SETTINGS[key]).format(
        game=VARIANTS[settings["variant"]].title,
        n=settings["holes_per_row"],
        level=words.level_name(settings["opponent"] or ""),
        side=words.side_name(settings["human"]),
    )
