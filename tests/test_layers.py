"""The package's layers (docs/architecture.md): imports point one way, engine at the bottom.

Every import in every module is read from the source (module level, inside functions, under
``TYPE_CHECKING`` and through ``importlib.import_module`` alike) and checked against the layer
order below. A module may import its own subpackage and any layer below its own, never one
above (but for the lazy imports listed in ``UPWARD_ALLOWED``, each with its reason); no module
takes a private name (``_x``) from another subpackage, whether imported (``from m import _x``)
or read (``module._x`` however the module is named, ``position._board``), and no module
takes one from another module at all, even in its own subpackage (``module_private_names``); the
modules' imports form no cycle; the low layers import no heavy third-party package, and
nothing below the board imports a widget library.

Each rule is a function over the sources, so the tests can plant a violation of each kind in a
copy of the package's files in a temporary folder and see it reported at the planted lines
(``PLANTED``: the ten kinds of issue 37, and two ways of reading ``module._x`` that a rule
looking only at the names a subpackage defines would miss).
"""

from __future__ import annotations

import ast
import functools
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
    "analysis": {"matplotlib"} | WIDGETS,
    "sim": {"matplotlib"} | WIDGETS,
    "charts": WIDGETS,
    "teaching": WIDGETS,
}
#: Upward imports allowed all the same, each lazy (inside a function) and each for a reason the
#: lead may yet remove: (importer, module imported) -> why. Nothing else may import upward.
UPWARD_ALLOWED = {
    # The expert (SearchPlayer(endgames=True)) plays a position an endgame table already built
    # holds by the table. The tables moved from compiled/ to analysis/ (issue 37), which sits
    # above the players because its searches use the readable SearchPlayer; the one import
    # back down is this lookup, made when the expert first meets such a position.
    ("hoyito_edu.players.search", "hoyito_edu.analysis.endgames"): "the expert's endgame tables",
}
#: Names that start with "_" and are public all the same (named tuples', the os module's).
PUBLIC_UNDERSCORE = {"_asdict", "_replace", "_fields", "_make", "_field_defaults", "_exit"}

#: A module's source: {module name: (file, text)}.
Sources = dict[str, tuple[Path, str]]


@functools.cache
def parsed(text: str) -> ast.Module:
    """A module's syntax tree, parsed once per text (the rules read every module several
    times, and the planted copies share all but one module's text with the real package)."""
    return ast.parse(text)


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def real_sources(package: Path = PACKAGE) -> Sources:
    """Every module of ``package`` (the real one, or a copy of it) read from its files."""
    return {module_name(path, package): (path, path.read_text())
            for path in sorted(package.rglob("*.py")) if "content" not in path.parts}


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
    for node in ast.walk(parsed(text)):
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
            if theirs > mine and (name, target) not in UPWARD_ALLOWED:
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
    for node in ast.walk(parsed(text)):
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


def module_aliases(name: str, sources: Sources) -> dict[str, str]:
    """The names module ``name`` binds to modules of the package: ``from ..compiled import
    kernel`` binds ``kernel``, ``import hoyito_edu.compiled.kernel as kn`` binds ``kn``."""
    path, text = sources[name]
    package = _package_of(name, path)
    bound = {}
    for node in ast.walk(parsed(text)):
        if isinstance(node, ast.Import):
            bound.update({alias.asname: alias.name for alias in node.names
                          if alias.asname and alias.name in sources})
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            bound.update({alias.asname or alias.name: f"{target}.{alias.name}"
                          for alias in node.names if f"{target}.{alias.name}" in sources})
    return bound


def _dotted(node: ast.AST) -> str | None:
    """``a.b.c`` as the string "a.b.c"; None for anything but names and attributes."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def private_attributes(text: str):
    """``(node, reader)`` for each ``reader._name`` in ``text`` (not a dunder, not a public
    underscore name such as a named tuple's ``_replace``); ``reader`` is :func:`_dotted`'s."""
    for node in ast.walk(parsed(text)):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") or node.attr in PUBLIC_UNDERSCORE:
            continue
        yield node, _dotted(node.value)


def private_reads(sources: Sources) -> list[str]:
    """``x._name`` (not ``self._name`` or ``cls._name``) where ``x`` is a module of another
    subpackage (bound by an import, or named in full), or where ``_name`` is defined nowhere in
    the reader's own subpackage: a module's or an object's private name from another one."""
    defined: dict[str, set[str]] = {}
    for name, (_, text) in sources.items():
        defined.setdefault(layer_of(name), set()).update(_private_names_defined(text))
    wrong = []
    for name, (_, text) in sources.items():
        own = defined.get(layer_of(name), set())
        modules = {alias for alias, module in module_aliases(name, sources).items()
                   if layer_of(module) != layer_of(name)}
        for node, reader in private_attributes(text):
            if reader in ("self", "cls"):
                continue
            if node.attr in own and reader not in modules and (
                    reader not in sources or layer_of(reader) == layer_of(name)):
                continue
            wrong.append(f"{name}:{node.lineno} reads .{node.attr} of another subpackage")
    return wrong


def module_private_names(sources: Sources) -> list[str]:
    """A private name of another module of the package, its own subpackage's included:
    imported (``from .kernel import _x``) or read (``kn._x``, ``kernel._x``, the module's full
    name). Issue 37: the compiled wing's modules once read 82 of each other's private names;
    the engine, the players and the unit's sheets took 14 more, now public."""
    wrong = []
    for name, found in own_imports(sources).items():
        for target, names, line in found:
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private and target not in ("?", name):
                wrong.append(f"{name}:{line} takes {', '.join(private)} from {target}")
    for name, (_, text) in sources.items():
        others = {alias for alias, module in module_aliases(name, sources).items()
                  if module != name}
        for node, reader in private_attributes(text):
            if reader in others or (reader in sources and reader != name):
                wrong.append(f"{name}:{node.lineno} reads {reader}.{node.attr}")
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


RULES = (upward_imports, private_imports, private_reads, module_private_names, heavy_imports,
         import_cycles)


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


def _lines_outside_functions(tree: ast.AST) -> set[int]:
    """The lines of the statements a module runs when it is loaded (not inside a function)."""
    lines, todo = set(), list(ast.iter_child_nodes(tree))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if hasattr(node, "lineno"):
            lines.add(node.lineno)
        todo.extend(ast.iter_child_nodes(node))
    return lines


def test_the_allowed_upward_imports_are_lazy_and_still_there():
    """An allowed upward import is made inside a function (so loading the lower layer never
    loads the upper one), and an entry no module needs any more must go."""
    sources = real_sources()
    for (name, target), why in UPWARD_ALLOWED.items():
        path, text = sources[name]
        found = [line for imported, _, line in imports(name, sources) if imported == target]
        assert found, f"{name} no longer imports {target}: take it out of UPWARD_ALLOWED"
        eager = _lines_outside_functions(ast.parse(text, str(path)))
        assert not set(found) & eager, f"{name} imports {target} when loaded ({why})"


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
    ("a private name read from a module whose name the reader also uses",
     "hoyito_edu.sim.metrics",
     "from ..compiled import kernel as kn\n_mix = None\nmixed = kn._mix\n", private_reads),
    ("a private name read through the module's full name", "hoyito_edu.charts.palette",
     "import hoyito_edu.compiled.kernel\n_mix = None\n"
     "mixed = hoyito_edu.compiled.kernel._mix\n", private_reads),
    ("a private name of a module of the compiled wing, read by another",
     "hoyito_edu.compiled.search", "_slot_of = kn._pk_slot\n", module_private_names),
    ("a private name of a module of the compiled wing, imported by another",
     "hoyito_edu.compiled.mcts", "from .kernel import _pk_slot\n", module_private_names),
    ("a private attribute of an engine object", "hoyito_edu.teaching.words",
     "def peek(position):\n    return position._board\n", private_reads),
    ("anywidget in the charts", "hoyito_edu.charts.palette", "import anywidget\n",
     heavy_imports),
    ("numpy in the engine", "hoyito_edu.engine.rules", "import numpy\n", heavy_imports),
    ("an import cycle", "hoyito_edu.engine.rules",
     "def f():\n    from .position import Position\n    return Position\n", import_cycles),
]


def copy_of_the_package(folder: Path) -> Path:
    """The package's modules copied into ``folder`` (a package named ``hoyito_edu`` there)."""
    copy = folder / "hoyito_edu"
    for path in PACKAGE.rglob("*.py"):
        if "content" not in path.parts:
            target = copy / path.relative_to(PACKAGE)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(path.read_text())
    return copy


@pytest.mark.parametrize("what, module, code, rule", PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_violation_is_caught(what, module, code, rule, tmp_path):
    """The violation is written into a copy of the module in ``tmp_path``; the rule, run on the
    copied package, reports it at the lines planted (an import cycle: naming the module)."""
    copy = copy_of_the_package(tmp_path)
    assert rule(real_sources(copy)) == [], "the real package already breaks this rule"
    path = real_sources(copy)[module][0]
    before = path.read_text()
    path.write_text(before + "\n" + code)
    planted = range(len(before.splitlines()) + 1, len(path.read_text().splitlines()) + 1)
    wrong = rule(real_sources(copy))
    if rule is import_cycles:
        assert any(module in found for found in wrong), f"{what} was not caught: {wrong}"
    else:
        at = {f"{module}:{line} " for line in planted}
        assert any(found.split(" ")[0] + " " in at for found in wrong), (
            f"{what} in {module} was not caught at lines {list(planted)}: {wrong}")


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
