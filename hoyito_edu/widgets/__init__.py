"""Jupyter widgets over the engine: play (:class:`Board`), watch a game again (:class:`Replay`)
and set the rules side by side (:class:`CompareRules`). Only ipywidgets, no front-end build."""

from .board import Board
from .compare import CompareRules
from .replay import Replay

__all__ = ["Board", "Replay", "CompareRules"]
