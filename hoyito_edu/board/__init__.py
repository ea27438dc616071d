"""Jupyter widgets over the engine, all drawn by one board component in the page (an
anywidget, ``static/board.js``): play (:class:`Board`), watch a game again (:class:`Replay`)
and sow one hole under several rules side by side (:class:`CompareRules`).

May import every layer below it: ``teaching``, ``charts``, ``sim``, ``players``, ``compiled``,
``engine``, ``i18n``.
"""

from .compare import CompareRules
from .replay import Replay
from .widget import Board

__all__ = ["Board", "Replay", "CompareRules"]
