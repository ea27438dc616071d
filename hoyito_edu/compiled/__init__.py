"""Everything numba compiles: the one compiled copy of the rules (``kernel``), the fast
simulator, the compiled alpha-beta search, Monte Carlo playouts, and the values both searches
share. Checked against ``engine`` by ``tests/conformance.py``.

May import: ``engine``, ``i18n``, numpy and numba (``values`` and ``codes`` import neither).
"""


def entry_points() -> dict:
    """The compiled entry points (numba dispatchers) by name, e.g. to see whether numba
    loaded them from its disk cache (``entry_points()["mcts"].stats.cache_hits``).

    >>> sorted(entry_points())
    ['fastsim', 'mcts', 'play_line', 'search']
    """
    from . import fastsim, kernel, mcts, search

    return {"fastsim": fastsim.play_games, "search": search.negamax,
            "mcts": mcts.playouts_kernel, "play_line": kernel.line}
