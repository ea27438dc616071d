"""hoyito_edu: play, watch and study the Dominican mancala game Hoyito and Ghana's Ba-awa.

>>> import hoyito_edu as hy
>>> pos = hy.new_game("hoyito-ii")
>>> pos.play(2).player
1
"""

from .events import (
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
from .explain import Explanation, explain, explain_all
from .game import Game
from .i18n import get_language, set_language
from .match import Match, RoundResult, fill_from_first_hole, take_back_then_ring_order
from .matches import simulate_matches
from .players import PLAYER_NAMES_AVAILABLE, Player, player
from .players import available as available_players
from .position import MAX_SEEDS, PLAYER_NAMES, IllegalMove, Move, Outcome, Position, new_game
from .rules import OPTIONS, VARIANTS, Rules, get_rules
from .saving import FormatError
from .simulate import Simulation, simulate
from .sweep import sweep
from .tournament import tournament

__version__ = "0.1.0"

# The Jupyter widgets are imported on first use, so engine-only users never import ipywidgets.
_WIDGETS = ("Board", "Replay", "CompareRules")


def __getattr__(name: str):
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
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
    "Simulation",
    "sweep",
    "Board",
    "Replay",
    "CompareRules",
    "set_language",
    "get_language",
]
