"""The words the board page shows, put in the shape the page draws.

The sentences come from :mod:`hoyito_edu.words` (levels, move lines, the game-over banner,
the agreement offer) and :mod:`hoyito_edu.hints` ("Show me"); this module only turns them
into plain strings, lists and dicts ready for JSON.

>>> side_name(0, human=0, level="expert")
'You (South)'
>>> side_name(1, human=0, level="expert")
'Computer: expert (North)'
>>> side_name(1, human=None, level="")
'North'
"""

from __future__ import annotations

from .. import words
from ..hints import hints
from ..match import Match
from ..players import available
from ..position import PLAYER_NAMES, Position
from ..rules import VARIANTS


def levels(current: str | None = None) -> list[tuple[str, str]]:
    """The computer levels of the menu, easiest first, each with its plain line; a level
    chosen in Python that the menu leaves out (``current``) is added at the end."""
    menu = [(name, line) for name, line in words.LEVELS]
    if current is not None and current not in dict(menu):
        menu.append((current, words.level_line(current)))
    return menu


def level_names() -> list[str]:
    """Every name the board takes as ``opponent``: the menu's, easiest first, then the rest."""
    menu = [name for name, _ in words.LEVELS]
    return menu + [name for name in available() if name not in menu]


def side_name(player: int, human: int | None, level: str) -> str:
    """Who sits on ``player``'s side, in the page's words."""
    side = PLAYER_NAMES[player]
    if human is None:
        return side
    if player == human:
        return f"You ({side})"
    return f"Computer: {level} ({side})"


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
    unit, verb = ("holes", "owning") if match.rules.territory else ("seeds", "holding")
    lines = []
    for r in match.results:  # the winner's score first, as the banner says it
        high, low = sorted(r.outcome.score, reverse=True)
        who = "a draw" if r.winner is None else f"{PLAYER_NAMES[r.winner]} won"
        lines.append(f"Round {r.round}: {who} {high}-{low}")
    south, north = match.holdings
    lines.append(f"Round {match.round} started with South {verb} {south} {unit}, North {north}.")
    return lines


def settings_line(settings: dict) -> str:
    """New settings in a few words, for the question asked before they discard a game:
    "Ba-awa on 2 × 6, against the expert, you playing North"."""
    parts = [f"{VARIANTS[settings['variant']].title} on 2 \u00d7 {settings['holes_per_row']}"]
    if settings["match"]:
        parts[0] += ", a match"
    if settings["opponent"] is None:
        parts.append("two people at this screen")
    else:
        parts.append(f"against the computer ({settings['opponent']})")
        parts.append(f"you playing {PLAYER_NAMES[settings['human']]}")
    return ", ".join(parts)
