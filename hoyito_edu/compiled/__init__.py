"""Everything numba compiles: the one compiled copy of the rules (``kernel``), the fast
simulator, the compiled alpha-beta search, Monte Carlo playouts, and the values both searches
share. Checked against ``engine`` by ``tests/conformance.py``.

May import: ``engine``, ``i18n``, numpy and numba (``values`` and ``codes`` import neither).
"""
