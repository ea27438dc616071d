"""The package's layers (docs/architecture.md): imports point one way, engine at the bottom.

Every import in every module is read from the source (module level, inside functions and under
``TYPE_CHECKING`` alike) and checked against the layer order below. A module may import its own
subpackage and any layer below its own, never one above; no module imports a private name
(``_x``) from another subpackage; the modules' imports form no cycle; and the engine and the
languages import no third-party package.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "hoyito_edu"

#: Bottom to top. ``version`` and ``i18n`` import nothing of the package; the public API
#: (``__init__``) and the command line (``__main__``) sit on top of everything.
LAYERS = ("version", "content", "i18n", "engine", "compiled", "players", "sim", "charts",
          "teaching", "board", "publish", "__main__", "__init__")

#: Third-party packages each low layer may not import (the layers above may).
FORBIDDEN = {
    "version": None,  # None: nothing outside the standard library
    "content": None,
    "i18n": None,
    "engine": None,
    "compiled": {"pandas", "matplotlib", "anywidget", "traitlets", "ipywidgets", "dask"},
    "players": {"pandas", "matplotlib", "anywidget", "traitlets", "ipywidgets", "dask"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """(module imported, names taken from it, line) for every import in ``path``."""
    found = []
    this = module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
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
            known = modules()
            submodules = [name for name in names if f"{target}.{name}" in known]
            found += [(f"{target}.{name}", (), node.lineno) for name in submodules]
            others = tuple(name for name in names if name not in submodules)
            if others:
                found.append((target, others, node.lineno))
    return found


def own_imports() -> dict[str, list[tuple[str, tuple[str, ...], int]]]:
    return {
        name: [(t, n, line) for t, n, line in imports(path) if t.split(".")[0] == "hoyito_edu"]
        for name, path in modules().items()
    }


def test_every_module_belongs_to_a_layer_and_every_subpackage_says_what_it_may_import():
    for name, path in modules().items():
        assert layer_of(name) in LAYERS, f"{name} is in no layer: add it to LAYERS and the note"
        if path.name == "__init__.py" and name != "hoyito_edu":
            doc = ast.get_docstring(ast.parse(path.read_text())) or ""
            assert "import" in doc, f"{name}'s docstring must say what it may import"


def test_no_module_imports_a_layer_above_its_own():
    wrong = []
    for name, found in own_imports().items():
        mine = LAYERS.index(layer_of(name))
        for target, _, line in found:
            if target == "hoyito_edu":
                theirs = LAYERS.index("__init__")
            else:
                theirs = LAYERS.index(layer_of(target))
            if theirs > mine:
                wrong.append(f"{name}:{line} imports {target} ({layer_of(target)} is above)")
    assert not wrong, "\n".join(wrong)


def test_no_private_name_is_imported_from_another_subpackage():
    wrong = []
    for name, found in own_imports().items():
        for target, names, line in found:
            if layer_of(target) == layer_of(name):
                continue
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            private += [p for p in target.split(".") if p.startswith("_") and p != "__main__"]
            if private:
                wrong.append(f"{name}:{line} takes {', '.join(private)} from {target}")
    assert not wrong, "\n".join(wrong)


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


def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, found in own_imports().items():
        for target, _, _ in found:
            # a package's own __init__ importing its modules is how a package is made, not a
            # cycle; every other edge counts, lazy imports included
            if target in known and target != name and not name.startswith(target + "."):
                if target == name.rpartition(".")[0]:
                    continue  # importing one's own package's __init__ (its re-exports)
                graph.setdefault(name, set()).add(target)
    return graph


def test_the_modules_imports_form_no_cycle():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_planted_cycle():
    graph = import_graph()
    graph.setdefault("hoyito_edu.engine.rules", set()).add("hoyito_edu.engine.position")
    assert any("hoyito_edu.engine.rules" in c for c in cycles(graph))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_low_layers_import_no_heavy_third_party_package(layer):
    stdlib = sys.stdlib_module_names
    wrong = []
    for name, path in modules().items():
        if layer_of(name) != layer:
            continue
        for target, _, line in imports(path):
            top = target.split(".")[0]
            if top in ("hoyito_edu", "__future__"):
                continue
            banned = FORBIDDEN[layer]
            if (banned is None and top not in stdlib) or (banned and top in banned):
                wrong.append(f"{name}:{line} imports {target}")
    assert not wrong, "\n".join(wrong)


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
