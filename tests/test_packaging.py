"""Packaging and tooling stay consistent.

* environment.yml (conda-forge) and pyproject.toml (runtime + lab, dev, class extras) name the same
  dependencies (names normalised, version pins ignored; python only in environment.yml,
  pip ignored).
* .ci/run does nothing but `make test`.
* every `make <target>` shown in a README code block is a real Makefile target.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import yaml  # PyYAML: always present, jupyterlab -> jupyter_server -> jupyter_events needs it

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# conda-forge package name -> PyPI name, where they differ
CONDA_TO_PYPI = {"playwright-python": "playwright", "python-build": "build"}

_NAME = re.compile(r"^\s*(?:[\w.-]+::)?([A-Za-z0-9][A-Za-z0-9._-]*)")


def normalise(spec: str) -> str:
    """'Jupyter_Lab[extra] >=4.1' -> 'jupyter-lab'; conda 'conda-forge::ruff 0.5.*' -> 'ruff'."""
    match = _NAME.match(spec)
    assert match, f"cannot read a package name from {spec!r}"
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def pyproject_names() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    extras = project["optional-dependencies"]
    specs = [*project["dependencies"], *extras["lab"], *extras["dev"], *extras["class"]]
    return {normalise(spec) for spec in specs}


def environment_names() -> set[str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert env.get("channels") == ["conda-forge"], "environment.yml must use conda-forge only"
    names = set()
    for entry in env["dependencies"]:
        if isinstance(entry, dict):  # the `- pip:` section
            assert set(entry) == {"pip"}, f"unexpected section in environment.yml: {entry}"
            # skip pip options and local paths such as "-e ." (the project itself)
            names |= {normalise(s) for s in entry["pip"] if not s.lstrip().startswith(("-", "."))}
        else:
            name = normalise(str(entry))
            names.add(CONDA_TO_PYPI.get(name, name))
    return names


def test_normalise():
    assert normalise("Jupyter_Lab[extra] >=4.1") == "jupyter-lab"
    assert normalise("conda-forge::ruff 0.5.*") == "ruff"
    assert normalise("ruamel.yaml") == "ruamel-yaml"


def test_environment_yml_matches_pyproject():
    py = pyproject_names() - {"pip"}
    env = environment_names() - {"pip"}
    assert "python" not in py, "python belongs in requires-python, not in the dependency lists"
    env.discard("python")
    assert env == py, (
        "environment.yml and pyproject.toml (dependencies + dev extra) disagree:\n"
        f"  only in pyproject.toml:  {sorted(py - env)}\n"
        f"  only in environment.yml: {sorted(env - py)}"
    )


def _commands(path: Path) -> list[str]:
    """Non-blank, non-comment lines of a shell script."""
    lines = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def test_ci_run_is_just_make_test():
    script = ROOT / ".ci" / "run"
    assert script.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash\n")
    assert os.access(script, os.X_OK), ".ci/run must be executable"
    commands = _commands(script)
    assert "set -euo pipefail" in commands
    # allowed scaffolding: the strict-mode line and changing to the repo root
    substance = [c for c in commands if c != "set -euo pipefail" and not c.startswith("cd ")]
    assert substance in (["make test"], ["exec make test"]), (
        f".ci/run must run `make test` and nothing else; found: {substance}"
    )


def makefile_targets() -> set[str]:
    targets = set()
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9_.%/ -]+?)\s*::?(?!=)", line)
        if match and not line.startswith("\t"):
            targets.update(match.group(1).split())
    return targets


def readme_make_commands(page: Path = ROOT / "README.md") -> list[str]:
    """Every line inside a ``` block of README.md (or another Markdown page) that starts with
    `make ` (or `$ make `)."""
    commands, inside = [], False
    for raw in page.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("```"):
            inside = not inside
            continue
        if inside:
            line = line.removeprefix("$ ")
            if line.startswith("make "):
                commands.append(line)
    return commands


def test_readme_make_commands_are_makefile_targets():
    targets = makefile_targets()
    assert {"help", "lab", "test", "voila", "html", "bench", "student", "clean"} <= targets
    commands = readme_make_commands()
    named = set()
    for command in commands:
        words = command.split("#", 1)[0].split()[1:]
        named.update(w for w in words if not w.startswith("-") and "=" not in w)
    assert {"lab", "test"} <= named, f"README must show `make lab` and `make test`: {commands}"
    missing = sorted(named - targets)
    assert not missing, f"README names make targets that the Makefile lacks: {missing}"


def test_make_commands_in_the_docs_pages_are_makefile_targets():
    """The pages that took over the README's longer sections (docs/) name real targets too."""
    targets = makefile_targets()
    missing = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for command in readme_make_commands(page):
            words = command.split("#", 1)[0].split()[1:]
            named = {w for w in words if not w.startswith("-") and "=" not in w}
            if named - targets:
                missing[page.relative_to(ROOT).as_posix()] = sorted(named - targets)
    assert not missing, f"pages name make targets that the Makefile lacks: {missing}"


def test_the_wheel_ships_the_spanish_catalogue_and_the_board(tmp_path):
    """An installed package (not this checkout) must speak Spanish and draw the board."""
    import shutil
    import subprocess
    import sys
    import zipfile

    source = tmp_path / "source"  # built from a copy: setuptools writes build/ beside the code
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "hoyito_edu",
        source / "hoyito_edu",
        ignore=shutil.ignore_patterns("__pycache__", ".lock"),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp_path),
            str(source),
        ],
        check=True,
    )
    (wheel,) = tmp_path.glob("hoyito_edu-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in (
        "hoyito_edu/i18n/locale/es/LC_MESSAGES/hoyito_edu.mo",
        "hoyito_edu/board/static/board.js",
        "hoyito_edu/board/static/board.css",
    ):
        assert shipped in names, f"the wheel lacks {shipped}"
