"""The rules engine: rule sets, the move record (events), sowing, positions, games, matches
and saved files. Pure Python, the single source of truth for the rules.

May import: ``hoyito_edu.i18n`` and the standard library (no numba, numpy, pandas, matplotlib
or widget code).
"""
