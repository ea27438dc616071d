"""Shared pytest setup for hoyito_edu.

Keep this file tidy: one commented block per concern. Add new fixtures at the end.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# --- helper scripts -----------------------------------------------------------------------
# scripts/ holds tools that are not part of the package (make_data.py, catalogue.py, ...);
# tests import them directly.
sys.path.insert(0, str(ROOT / "scripts"))


# --- keep tests out of $HOME --------------------------------------------------------------
# Jupyter, IPython kernels and matplotlib write config, runtime and cache files into the home
# directory unless told otherwise. All of it goes to one temporary folder per test session.
# The variables are set in pytest_configure (before collection), not only in a fixture,
# because test modules may import matplotlib at collection time and it reads MPLCONFIGDIR
# on import. The session fixture `isolated_dirs` exposes the folders to tests that need
# them (e.g. to start a Jupyter server with the same settings).
ISOLATED_VARS = {
    "JUPYTER_CONFIG_DIR": "jupyter-config",
    "JUPYTER_DATA_DIR": "jupyter-data",
    "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
    "IPYTHONDIR": "ipython",
    "MPLCONFIGDIR": "matplotlib",
    "XDG_CACHE_HOME": "xdg-cache",
    "XDG_CONFIG_HOME": "xdg-config",
    "HOYITO_EDU_CACHE": "hoyito-cache",  # endgame tables (analysis/endgames.py)
}
_isolated_root: Path | None = None
_saved_env: dict[str, str | None] = {}


def pytest_configure(config):
    global _isolated_root
    _isolated_root = Path(tempfile.mkdtemp(prefix="hoyito-test-home-"))
    for var, sub in ISOLATED_VARS.items():
        folder = _isolated_root / sub
        folder.mkdir()
        _saved_env[var] = os.environ.get(var)
        os.environ[var] = str(folder)


def pytest_unconfigure(config):
    for var, old in _saved_env.items():
        if old is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = old
    if _isolated_root is not None:
        shutil.rmtree(_isolated_root, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def isolated_dirs() -> dict[str, Path]:
    """The temporary folders behind JUPYTER_*_DIR, IPYTHONDIR, MPLCONFIGDIR, XDG_*_HOME."""
    dirs = {var: Path(os.environ[var]) for var in ISOLATED_VARS}
    for var, folder in dirs.items():
        assert folder.is_dir() and _isolated_root in folder.parents, var
    return dirs


# --- the quick tier -----------------------------------------------------------------------
# `make check` / `python -m pytest -m quick`: every test that needs no notebook run, browser,
# class server, soak or other slow set-up (tests/test_docstrings.py imports every module, so
# the tier touches each of them). The whole suite stays `make test`.
SLOW_MARKERS = {"notebooks", "browser", "server", "soak", "slow"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if not SLOW_MARKERS & {mark.name for mark in item.iter_markers()}:
            item.add_marker(pytest.mark.quick)
    if hasattr(config, "workerinput"):  # a pytest-xdist worker
        check_worker_groups(config.rootpath, items)


# --- two workers (make test: pytest -n 2 --dist loadfile) ---------------------------------
# pytest-xdist runs the suite on both cores. A worker builds its own session- and module-scoped
# fixtures, so the tests that share an expensive one run on the same worker: each test file is
# one unit of work (its Chromium, servers, wheel venv, PDFs are built once), and the files that
# use the session's notebook runs or kits are one unit together, so that every notebook still
# runs once a session and the kits are built once (tests/workers.py).
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadfile":
        return None
    from workers import SharedRunsScheduling

    return SharedRunsScheduling(config, log)


def check_worker_groups(root: Path, items) -> None:
    """Refuse a test that uses the notebook runs or kits from a file the scheduler would not
    put with the others (it would run every notebook a second time on the other worker)."""
    from workers import SHARED_FIXTURES, shares_notebook_runs

    for item in items:
        module = item.nodeid.split("::")[0]
        if SHARED_FIXTURES & set(item.fixturenames) and not shares_notebook_runs(root / module):
            raise pytest.UsageError(
                f"{item.nodeid} uses the notebook runs through another fixture: name "
                f"{sorted(SHARED_FIXTURES)} in {module} so that tests/workers.py groups it")


# --- notebook run times -------------------------------------------------------------------
# tests/test_notebooks.py records each notebook's Run-All wall time as the user property
# "notebook_seconds"; list them at the end of the run (targets: <= 30 s each, <= 90 s for all
# the notebooks of one language: notebooks/, then the Spanish edition notebooks/es/).
def pytest_terminal_summary(terminalreporter):
    times = []
    for key in ("passed", "failed"):
        for report in terminalreporter.stats.get(key, []):
            if getattr(report, "when", None) != "call":
                continue
            props = dict(getattr(report, "user_properties", []))
            if "notebook_seconds" in props:
                times.append((props["notebook"], props["notebook_seconds"]))
    if not times:
        return
    terminalreporter.section("notebook Run-All times")
    for name, seconds in sorted(times):
        flag = "" if seconds <= 30 else "   (over the 30 s target)"
        terminalreporter.write_line(f"{name:<40} {seconds:7.1f} s{flag}")
    for language, spanish in (("English", False), ("Spanish", True)):
        total = sum(seconds for name, seconds in times if name.startswith("es/") == spanish)
        flag = "" if total <= 90 else "   (over the 90 s target)"
        terminalreporter.write_line(f"{'total, ' + language:<40} {total:7.1f} s{flag}")


# --- a real Dask cluster ------------------------------------------------------------------
# One LocalCluster for the whole session, shared by the tests of client=/--scheduler: two
# worker processes (as on a small real cluster), a free dashboard port (":0", not 8787).
@pytest.fixture(scope="session")
def dask_client():
    """A ``distributed.Client`` on a LocalCluster of two single-threaded worker processes."""
    from distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


# --- the notebooks run once, for their own test, the book and the kits --------------------
# Every notebook runs once a session (hoyito_edu.publish.book.execute: a fresh kernel, the
# figures described) and is kept in a RunCache; tests/test_notebooks.py checks each run, and
# the kits are built from the same runs (python -m hoyito_edu kit --reuse), so no notebook
# runs twice.
@pytest.fixture(scope="session")
def notebook_runs(tmp_path_factory):
    """``run(path)``: the notebook's run (a RunResult), or the NotebookRunError it raised."""
    from hoyito_edu.publish.book import RunCache, execute
    from hoyito_edu.publish.run import NotebookRunError

    # HOYITO_EDU_TEST_RUNS=DIR keeps the runs between sessions, for a developer's quick loop
    # (a run is reused only while the notebook, the package's code and the data are unchanged)
    kept = os.environ.get("HOYITO_EDU_TEST_RUNS")
    cache = RunCache(Path(kept) if kept else tmp_path_factory.mktemp("notebook-runs"))
    results: dict[Path, object] = {}

    def run(path: Path):
        path = Path(path)
        if path not in results and kept:
            from hoyito_edu.publish.run import RunResult

            found = cache.get(path)
            if found is not None:
                results[path] = RunResult(path=path, seconds=0.0, nb=found)
        if path not in results:
            try:
                results[path] = execute(path)
                cache.put(path, results[path].nb)
            except NotebookRunError as error:
                results[path] = error
        return results[path]

    run.cache = cache
    return run


def _without_make() -> str:
    """A PATH with no `make` on it (the kit is built as on Windows): the interpreter's own
    folder only (the build needs nothing else from PATH)."""
    path = str(Path(sys.executable).parent)
    assert shutil.which("make", path=path) is None
    return path


@pytest.fixture(scope="session")
def kits(tmp_path_factory, notebook_runs):
    """Both kits, built by ``python -m hoyito_edu kit`` in a fresh process from this session's
    notebook runs, with no `make` on PATH and, where the machine allows it, no network at all
    (a network namespace of its own: ``unshare -rn``). {"es": folder, "en": folder, ...}."""
    import subprocess

    from hoyito_edu.publish.book import notebooks
    from hoyito_edu.publish.run import NotebookRunError

    failed = [path.name for lang in ("en", "es") for path in notebooks(lang)
              if isinstance(notebook_runs(path), NotebookRunError)]
    if failed:
        pytest.fail(f"the kit cannot be built: these notebooks do not run: {failed}")
    out = tmp_path_factory.mktemp("dist")
    command = [sys.executable, "-m", "hoyito_edu", "kit", "--out", str(out),
               "--reuse", str(notebook_runs.cache.folder)]
    offline = shutil.which("unshare")
    if offline and subprocess.run([offline, "-rn", "true"], capture_output=True).returncode == 0:
        # a network of its own, with only a loopback (a notebook's kernel talks over it)
        ip = shutil.which("ip") or "/usr/sbin/ip"
        command = [offline, "-rn", "/bin/sh", "-c", f'{ip} link set lo up 2>/dev/null; exec "$@"',
                   "sh", *command]
    else:
        offline = None
    env = {**os.environ, "PATH": _without_make(),
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=out,
                          timeout=1800)
    assert done.returncode == 0, f"the kit did not build:\n{done.stdout}\n{done.stderr}"
    return {"es": out / "hoyito-kit-es", "en": out / "hoyito-kit-en",
            "zips": {lang: out / f"hoyito-kit-{lang}.zip" for lang in ("es", "en")},
            "log": done.stdout + done.stderr, "offline": bool(offline)}
