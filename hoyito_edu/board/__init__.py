"""The board: controllers in plain Python and the screens that show them. Each controller
takes the page's messages as dicts and tells its listeners what to draw:
:class:`~hoyito_edu.board.session.BoardSession` (play),
:class:`~hoyito_edu.board.replay_session.ReplaySession` (watch a game again) and
:class:`~hoyito_edu.board.compare_session.CompareSession` (one hole under several rules). In
Jupyter and Voila the thin anywidgets :class:`Board`, :class:`Replay` and :class:`CompareRules`
carry those messages, all drawn by one component in the page (``static/board.js``).

May import every layer below it: ``teaching``, ``charts``, ``sim``, ``players``, ``compiled``,
``engine``, ``i18n``. The widgets are imported on first use, so the controller runs with no
widget library (the class server needs none).
"""

_WIDGETS = {"Board": "widget", "Replay": "replay", "CompareRules": "compare"}

__all__ = ["Board", "Replay", "CompareRules"]


def __getattr__(name: str):
    if name in _WIDGETS:
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{_WIDGETS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
