"""Matplotlib charts over positions and simulated tables, in one colour-blind-safe style.

May import: ``sim``, ``players``, ``compiled``, ``engine``, ``i18n``, numpy, pandas, matplotlib.
"""
