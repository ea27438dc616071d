"""The package's layers (docs/architecture.md): imports point one way, engine at the bottom.

Every import in every module is read from the source (module level, inside functions, under
``TYPE_CHECKING`` and through ``importlib.import_module`` alike) and checked against the layer
order below. A module may import its own subpackage and any layer below its own, never one
above; no module takes a private name (``_x``) from another subpackage, whether imported
(``from m import _x``) or read (``module._x``, ``position._board``); the modules' imports form
no cycle; the low layers import no heavy third-party package, and nothing below the board
imports a widget library.

Each rule is a function over the sources, so the tests can plant a violation of each kind in a
copy of the real sources and see it caught (``PLANTED``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "hoyito_edu"

#: Bottom to top. ``version``, ``content`` and ``i18n`` import nothing of the package; the
#: public API (``__init__``) and the command line (``__main__``) sit on top of everything.
LAYERS = ("version", "content", "i18n", "engine", "compiled", "players", "analysis", "sim",
          "charts", "teaching", "board", "publish", "__main__", "__init__")

WIDGETS = {"anywidget", "traitlets", "ipywidgets"}
#: Third-party packages each low layer may not import (the layers above may).
FORBIDDEN = {
    "version": None,  # None: nothing outside the standard library
    "content": None,
    "i18n": None,
    "engine": None,
    "compiled": {"pandas", "matplotlib", "dask"} | WIDGETS,
    "players": {"pandas", "matplotlib", "dask"} | WIDGETS,
    "sim": {"matplotlib"} | WIDGETS,
    "charts": WIDGETS,
    "teaching": WIDGETS,
}
#: Names that start with "_" and are public all the same (named tuples', the os module's).
PUBLIC_UNDERSCORE = {"_asdict", "_replace", "_fields", "_make", "_field_defaults", "_exit"}

#: A module's source: {module name: (file, text)}.
Sources = dict[str, tuple[Path, str]]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def real_sources() -> Sources:
    return {module_name(path): (path, path.read_text())
            for path in sorted(PACKAGE.rglob("*.py")) if "content" not in path.parts}


def modules() -> dict[str, Path]:
    return {name: path for name, (path, _) in real_sources().items()}


def _package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _resolve(relative: str, package: str) -> str:
    """``import_module("..compiled.kernel", __name__)``'s module, from ``package``."""
    level = len(relative) - len(relative.lstrip("."))
    base = package.split(".")[: len(package.split(".")) - level + 1]
    rest = relative.lstrip(".")
    return ".".join([*base, rest] if rest else base)


def imports(name: str, sources: Sources) -> list[tuple[str, tuple[str, ...], int]]:
    """(module imported, names taken from it, line) for every import of module ``name``."""
    path, text = sources[name]
    package = _package_of(name, path)
    found = []
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module
            names = tuple(alias.name for alias in node.names)
            # ``from . import words``: each name may be a module of that package
            submodules = [n for n in names if f"{target}.{n}" in sources]
            found += [(f"{target}.{n}", (), node.lineno) for n in submodules]
            others = tuple(n for n in names if n not in submodules)
            if others:
                found.append((target, others, node.lineno))
        elif isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__"):
            found += _dynamic_import(node, name, package)
    return found


def _called(node: ast.Call) -> str:
    function = node.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")


def _dynamic_import(node: ast.Call, name: str, package: str) -> list:
    """``import_module("x")``, ``import_module("..x", __name__)``, ``import_module(
    f"{__name__}.x")``: the module it imports; any other argument is reported as an import
    of ``?`` (which the layer checks refuse, since they cannot read it)."""
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        target = first.value
        return [(_resolve(target, package) if target.startswith(".") else target, (),
                 node.lineno)]
    if isinstance(first, ast.JoinedStr) and first.values and isinstance(
            first.values[0], ast.FormattedValue) and getattr(
            first.values[0].value, "id", "") == "__name__":
        return [(name, (), node.lineno)]  # a module of its own package, named at run time
    return [("?", (), node.lineno)]


def own_imports(sources: Sources) -> dict[str, list[tuple[str, tuple[str, ...], int]]]:
    return {
        name: [(t, n, line) for t, n, line in imports(name, sources)
               if t.split(".")[0] in ("hoyito_edu", "?")]
        for name in sources
    }


# -- the rules ---------------------------------------------------------------------------------
def upward_imports(sources: Sources) -> list[str]:
    wrong = []
    for name, found in own_imports(sources).items():
        mine = LAYERS.index(layer_of(name))
        for target, _, line in found:
            if target == "?":
                wrong.append(f"{name}:{line} imports a module named at run time")
                continue
            theirs = LAYERS.index("__init__" if target == "hoyito_edu" else layer_of(target))
            if theirs > mine:
                wrong.append(f"{name}:{line} imports {target} ({layer_of(target)} is above)")
    return wrong


def private_imports(sources: Sources) -> list[str]:
    wrong = []
    for name, found in own_imports(sources).items():
        for target, names, line in found:
            if target == "?" or layer_of(target) == layer_of(name):
                continue
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            private += [p for p in target.split(".") if p.startswith("_") and p != "__main__"]
            if private:
                wrong.append(f"{name}:{line} takes {', '.join(private)} from {target}")
    return wrong


def _private_names_defined(text: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return {n for n in names if n.startswith("_")}


def private_reads(sources: Sources) -> list[str]:
    """``x._name`` (not ``self._name`` or ``cls._name``) where ``_name`` is defined nowhere in
    the reader's own subpackage: a module's or an object's private name from another one."""
    defined: dict[str, set[str]] = {}
    for name, (_, text) in sources.items():
        defined.setdefault(layer_of(name), set()).update(_private_names_defined(text))
    wrong = []
    for name, (path, text) in sources.items():
        own = defined.get(layer_of(name), set())
        for node in ast.walk(ast.parse(text, str(path))):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
                continue
            if node.attr.startswith("__") or node.attr in PUBLIC_UNDERSCORE | own:
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            wrong.append(f"{name}:{node.lineno} reads .{node.attr} of another subpackage")
    return wrong


def heavy_imports(sources: Sources) -> list[str]:
    stdlib = sys.stdlib_module_names
    wrong = []
    for name in sources:
        banned = FORBIDDEN.get(layer_of(name), set())
        if banned == set():
            continue
        for target, _, line in imports(name, sources):
            top = target.split(".")[0]
            if top in ("hoyito_edu", "__future__", "?"):
                continue
            if (banned is None and top not in stdlib) or (banned and top in banned):
                wrong.append(f"{name}:{line} imports {target}")
    return wrong


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_graph(sources: Sources) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, found in own_imports(sources).items():
        for target, _, _ in found:
            # a package's own __init__ importing its modules is how a package is made, not a
            # cycle; every other edge counts, lazy imports included
            if target in sources and target != name and not name.startswith(target + "."):
                if target == name.rpartition(".")[0]:
                    continue  # importing one's own package's __init__ (its re-exports)
                graph.setdefault(name, set()).add(target)
    return graph


def import_cycles(sources: Sources) -> list[str]:
    return [" -> ".join(cycle) for cycle in cycles(import_graph(sources))]


RULES = (upward_imports, private_imports, private_reads, heavy_imports, import_cycles)


# -- the real package --------------------------------------------------------------------------
def test_every_module_belongs_to_a_layer_and_every_subpackage_says_what_it_may_import():
    for name, (path, text) in real_sources().items():
        assert layer_of(name) in LAYERS, f"{name} is in no layer: add it to LAYERS and the note"
        if path.name == "__init__.py" and name != "hoyito_edu":
            doc = ast.get_docstring(ast.parse(text)) or ""
            assert "import" in doc, f"{name}'s docstring must say what it may import"


@pytest.mark.parametrize("rule", RULES, ids=[rule.__name__ for rule in RULES])
def test_the_package_keeps_the_rule(rule):
    wrong = rule(real_sources())
    assert not wrong, "\n".join(wrong)


# -- the rules catch what they are for: one violation of each kind, planted -------------------
#: (what, module, code appended to it, the rule that must catch it)
PLANTED = [
    ("an upward import", "hoyito_edu.engine.rules",
     "from ..board.session import BoardSession\n", upward_imports),
    ("an upward import inside a function", "hoyito_edu.sim.metrics",
     "def f():\n    from ..teaching import words\n    return words\n", upward_imports),
    ("an upward import for type checking", "hoyito_edu.charts.palette",
     "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..board import widget\n",
     upward_imports),
    ("an import through importlib", "hoyito_edu.engine.game",
     "import importlib\nwidget = importlib.import_module('hoyito_edu.board.widget')\n",
     upward_imports),
    ("a private name imported", "hoyito_edu.sim.metrics",
     "from ..compiled.kernel import _mix\n", private_imports),
    ("a private name read from a module", "hoyito_edu.sim.metrics",
     "from ..compiled import kernel\nmixed = kernel._mix\n", private_reads),
    ("a private attribute of an engine object", "hoyito_edu.teaching.words",
     "def peek(position):\n    return position._board\n", private_reads),
    ("anywidget in the charts", "hoyito_edu.charts.palette", "import anywidget\n",
     heavy_imports),
    ("numpy in the engine", "hoyito_edu.engine.rules", "import numpy\n", heavy_imports),
    ("an import cycle", "hoyito_edu.engine.rules",
     "def f():\n    from .position import Position\n    return Position\n", import_cycles),
]


@pytest.mark.parametrize("what, module, code, rule", PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_violation_is_caught(what, module, code, rule):
    sources = real_sources()
    path, text = sources[module]
    sources[module] = (path, text + "\n" + code)
    assert rule(real_sources()) == [], "the real package already breaks this rule"
    wrong = rule(sources)
    assert any(found.startswith(module + ":") or module in found for found in wrong), (
        f"{what} in {module} was not caught: {wrong}")


def test_import_hoyito_edu_loads_no_numba_pandas_matplotlib_or_widgets():
    code = (
        "import sys, hoyito_edu as hy; hy.new_game('hoyito-i').play(0); "
        "print(sorted(m for m in ('numba', 'pandas', 'matplotlib', 'ipywidgets', 'anywidget') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_board_session_runs_without_the_widget_stack():
    """The class server drives BoardSession with no Jupyter: importing it loads no widget."""
    code = (
        "import sys; from hoyito_edu.board.session import BoardSession; "
        "s = BoardSession('hoyito-i', opponent=None); s.handle({'type': 'click', 'hole': 2}); "
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
