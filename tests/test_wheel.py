"""An install with no make and no checkout (issue 34): ``python -m build`` makes an sdist and a
wheel that carry the notebooks, data and documents; in a fresh virtual environment outside the
repository, ``pip install hoyito_edu-*.whl[lab]``, then ``python -m hoyito_edu lab --dir
FOLDER`` copies the notebooks (never over an edited copy) and opens JupyterLab there, and
``python -m hoyito_edu kit`` builds the kits."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

pytestmark = [pytest.mark.notebooks, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "CHANGELOG.md", "LICENSE",
           "LICENSE-content", "CITATION.cff")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist and the wheel, built by ``python -m build`` from a copy of the checkout."""
    source = tmp_path_factory.mktemp("source")
    for name in SHIPPED:
        shutil.copy(ROOT / name, source / name)
    skip = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", ".lock", "*.pyc")
    for name in ("hoyito_edu", "notebooks", "data", "docs"):
        shutil.copytree(ROOT / name, source / name, ignore=skip)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                   check=True, capture_output=True, timeout=900)
    (wheel,) = out.glob("hoyito_edu-*.whl")
    (sdist,) = out.glob("hoyito_edu-*.tar.gz")
    return wheel, sdist


def test_the_sdist_and_the_wheel_carry_the_notebooks_data_and_documents(built):
    wheel, sdist = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in ("notebooks/00_start_here.ipynb", "notebooks/es/00_empieza_aqui.ipynb",
                    "notebooks/play/jugar.ipynb", "data/glossary.csv", "docs/sources.md"):
        assert f"hoyito_edu/content/{shipped}" in names, f"the wheel lacks {shipped}"
    assert "hoyito_edu/board/static/board.js" in names
    members = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
    assert {"notebooks/00_start_here.ipynb", "data/glossary.csv", "setup.py"} <= members


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory):
    """A fresh virtual environment outside the repository with the wheel and its [lab] extra."""
    wheel, _ = built
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, timeout=300)
    python = folder / "bin" / "python"
    # outside_env: a PYTHONPATH holding the checkout would make pip take the package as
    # installed already; --no-compile: Python writes the bytecode it needs when it runs
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-compile",
                    f"{wheel}[lab]"], check=True, capture_output=True, timeout=1800,
                   env=outside_env())
    return python


def outside_env() -> dict[str, str]:
    """The environment without this checkout on the path."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return env


def test_the_installed_package_finds_its_data_without_a_checkout(venv, tmp_path):
    done = subprocess.run(
        [str(venv), "-c", "import hoyito_edu, hoyito_edu.teaching.data as d; "
         "print(hoyito_edu.__file__); print(d.data_dir()); "
         "print(len(d.glossary()))"],
        capture_output=True, text=True, cwd=tmp_path, env=outside_env(), check=True)
    module, data, rows = done.stdout.split()
    assert str(ROOT) not in module and "site-packages" in module
    assert data.endswith("hoyito_edu/content/data") and int(rows) > 5
    version = subprocess.run([str(venv), "-m", "hoyito_edu", "--version"], capture_output=True,
                             text=True, cwd=tmp_path, env=outside_env(), check=True)
    assert version.stdout.startswith("hoyito_edu ")


def run_lab(venv, folder: Path, cwd: Path) -> str:
    """``python -m hoyito_edu lab --dir folder`` until JupyterLab answers; what it printed."""
    port = free_port()
    log = cwd / f"lab-{port}.log"
    with open(log, "w") as handle:
        process = subprocess.Popen(
            [str(venv), "-m", "hoyito_edu", "lab", "--dir", str(folder), "--no-browser",
             "--port", str(port)], stdout=handle, stderr=subprocess.STDOUT, cwd=cwd,
            env=outside_env())
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab", timeout=2) as page:
                    assert page.status == 200
                    return log.read_text()
            except OSError:
                time.sleep(0.5)
        raise AssertionError(f"JupyterLab did not answer in 120 s:\n{log.read_text()}")
    finally:
        process.terminate()
        process.wait(30)
        stopped_lab(port)


def stopped_lab(port: int) -> None:
    """JupyterLab stopped with the command that started it (no server left behind)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/lab", timeout=2).close()
        except OSError:
            return
        time.sleep(0.5)
    raise AssertionError(f"JupyterLab still answers on port {port} after its command stopped")


def test_lab_copies_the_notebooks_and_never_over_an_edited_copy(venv, tmp_path):
    folder = tmp_path / "mis cuadernos"
    first = run_lab(venv, folder, tmp_path)
    assert "copied" in first
    start = folder / "notebooks" / "es" / "00_empieza_aqui.ipynb"
    assert start.is_file() and (folder / "docs" / "sources.md").is_file()
    edited = start.read_text(encoding="utf-8").replace("Hoyito", "Hoyito (mi copia)", 1)
    start.write_text(edited, encoding="utf-8")
    second = run_lab(venv, folder, tmp_path)
    assert "kept your edited copy of notebooks/es/00_empieza_aqui.ipynb" in second
    assert start.read_text(encoding="utf-8") == edited


def test_the_kit_builds_from_the_wheel(venv, tmp_path, notebook_runs, kits):
    """From the installed wheel, with this session's notebook runs (so none runs again)."""
    out = tmp_path / "dist"
    done = subprocess.run(
        [str(venv), "-m", "hoyito_edu", "kit", "--lang", "es", "--out", str(out), "--reuse",
         str(notebook_runs.cache.folder)],
        capture_output=True, text=True, cwd=tmp_path, env=outside_env(), timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (out / "hoyito-kit-es.zip").is_file()
    assert (out / "hoyito-kit-es" / "es" / "00_empieza_aqui.html").is_file()
