"""Start Voila and JupyterLab on free ports at 127.0.0.1, and Debian's Chromium through Playwright.

Shared by the browser tests (tests/browser/) and benchmarks/board_latency.py. Servers run as
child processes with the JUPYTER_* folders given in ``env`` (the tests pass their isolated
session folders), and are stopped through their own process id.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# Without the networking flags Chromium keeps trying to reach Google services.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
JUPYTER_DIRS = ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")
BIN = Path(sys.executable).parent  # the venv's bin/, holding voila and jupyter


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def isolated_env(folder: Path) -> dict[str, str]:
    """os.environ with every JUPYTER_* / IPython folder moved under ``folder``."""
    env = dict(os.environ)
    for var in JUPYTER_DIRS:
        path = folder / var.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    return env


def wait_for(url: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    """Poll ``url`` until it answers 200; fail with the server's log if it dies or times out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s:\n{log.read_text()}")


@contextmanager
def _server(command: list[str], ready_path: str, port: int, folder: Path, env: dict):
    log = folder / f"server-{port}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        wait_for(f"http://127.0.0.1:{port}{ready_path}", process, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def voila(notebook: Path, folder: Path, env: dict | None = None):
    """Serve ``notebook`` with Voila; yields the page's URL."""
    port = free_port()
    command = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        str(notebook),
    ]
    ready = "/voila/templates/lab/static/voila.js"  # a static file: GET / would start a kernel
    with _server(command, ready, port, folder, env or isolated_env(folder)) as url:
        yield url + "/"


@contextmanager
def jupyter(app: str, root: Path, folder: Path, env: dict | None = None):
    """JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``) on ``root``, without a
    token, its application object exposed to the page for commands; yields its URL."""
    expose = {"lab": "LabApp", "notebook": "JupyterNotebookApp"}[app]
    port = free_port()
    command = [
        str(BIN / "jupyter"), app, "--no-browser", "--allow-root", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}", f"--{expose}.expose_app_in_browser=True",
    ]
    with _server(command, "/api", port, folder, env or isolated_env(folder)) as url:
        yield url


@contextmanager
def chromium():
    """A Playwright Browser on Debian's Chromium (never `playwright install`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def temp_folder(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=prefix))


@contextmanager
def voila_folder(folder: Path, logs: Path, env: dict | None = None):
    """Serve every notebook in ``folder`` with Voila; yields the base URL (a notebook is at
    ``{url}voila/render/NAME.ipynb``; each page load starts its own kernel)."""
    port = free_port()
    command = [
        str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True", str(folder),
    ]
    ready = "/voila/templates/lab/static/voila.js"
    with _server(command, ready, port, logs, env or isolated_env(logs)) as url:
        yield url + "/"
