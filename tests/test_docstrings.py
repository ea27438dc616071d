"""The examples in the package's docstrings run, so they cannot drift from the code.

Every module of the package is collected, so a new module's examples are run without anyone
having to list it here; a module without examples is simply not a case.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import hoyito_edu


def modules_with_examples() -> list[str]:
    names = ["hoyito_edu"] + [
        info.name for info in pkgutil.walk_packages(hoyito_edu.__path__, "hoyito_edu.")
    ]
    finder = doctest.DocTestFinder()
    return [
        name
        for name in names
        if any(test.examples for test in finder.find(importlib.import_module(name)))
    ]


MODULES = modules_with_examples()


def test_the_engine_modules_have_examples():
    for name in ("engine.rules", "engine.position", "engine.game", "engine.events",
                 "engine.match", "sim.simulate", "players", "board.session"):
        assert f"hoyito_edu.{name}" in MODULES, name


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
