"""The examples in the package's docstrings run, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "hoyito_edu.simulate",
    "hoyito_edu.fastsim",
    "hoyito_edu.metrics",
    "hoyito_edu.fastsearch",
    "hoyito_edu.players",
]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
