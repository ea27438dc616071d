"""hoyito_edu: play, watch and study the Dominican mancala game Hoyito and Ghana's Ba-awa.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-ii")
>>> pos.play(2).player
1
"""

from .engine.events import (
    Capture,
    Drop,
    Endless,
    Event,
    ExtraTurn,
    GameOver,
    LapLimit,
    Lift,
    Pass,
    Reason,
    Relay,
)
from .engine.game import Game
from .engine.match import Match, RoundResult, fill_from_first_hole, take_back_then_ring_order
from .engine.position import MAX_SEEDS, PLAYER_NAMES, IllegalMove, Move, Outcome, Position, new_game
from .engine.rules import OPTIONS, VARIANTS, Rules, get_rules
from .engine.saving import FormatError
from .i18n import get_language, set_language
from .players import PLAYER_NAMES_AVAILABLE, Player, player
from .players import available as available_players
from .sim.matches import simulate_matches
from .sim.simulate import Simulation, simulate
from .sim.sweep import sweep
from .sim.tournament import tournament
from .teaching.explain import Explanation, explain, explain_all
from .version import __version__  # noqa: F401 - hoyito_edu.__version__

# The Jupyter widgets are imported on first use, so engine-only users never import ipywidgets.
_WIDGETS = ("Board", "Replay", "CompareRules")


def __getattr__(name: str):
    if name in _WIDGETS:
        from . import board as widgets

        return getattr(widgets, name)
    if name == "class_games":  # the class server's games: pandas, sqlite3 (psycopg for a URL)
        from .board.server.games import class_games

        return class_games
    raise AttributeError(f"module 'hoyito_edu' has no attribute {name!r}")

__all__ = [
    "VARIANTS",
    "OPTIONS",
    "PLAYER_NAMES",
    "MAX_SEEDS",
    "Rules",
    "get_rules",
    "Position",
    "Move",
    "Outcome",
    "IllegalMove",
    "new_game",
    "Game",
    "explain",
    "explain_all",
    "Explanation",
    "Match",
    "RoundResult",
    "fill_from_first_hole",
    "take_back_then_ring_order",
    "FormatError",
    "Reason",
    "Event",
    "Lift",
    "Drop",
    "Capture",
    "Relay",
    "Endless",
    "LapLimit",
    "ExtraTurn",
    "Pass",
    "GameOver",
    "Player",
    "player",
    "available_players",
    "PLAYER_NAMES_AVAILABLE",
    "tournament",
    "simulate_matches",
    "simulate",
    "class_games",
    "Simulation",
    "sweep",
    "Board",
    "Replay",
    "CompareRules",
    "set_language",
    "get_language",
]
