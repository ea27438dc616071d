"""The kernel cap and culling of scripts/voila.json, on a real Voila server (issue 29).

Voila is started as `make voila` starts it (``--Voila.config_file_paths=scripts``), on a tiny
notebook in a folder named ``es`` (as notebooks/es/ is), with the cap lowered to 2 on the
command line. The culling test reads a copy of the file in which only the two culling times are
shorter (the file's own sections and keys, so a misspelt one still fails it): the real times
are checked against the minute a closed tab may hold its place by the first test, and waiting
them out live cost a minute of every run.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hoyito_edu.board.voila_kernels import full_message

pytestmark = pytest.mark.slow  # starts Jupyter kernels

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "scripts" / "voila.json"
VOILA = Path(sys.executable).parent / "voila"


def test_the_settings_cap_the_kernels_and_cull_closed_tabs_within_a_minute():
    settings = json.loads(SETTINGS.read_text())
    manager = settings["VoilaConfiguration"]["multi_kernel_manager_class"]
    assert manager == "hoyito_edu.board.voila_kernels.CappedKernelManager"
    assert 10 <= settings["CappedKernelManager"]["max_kernels"] <= 60
    culling = settings["MappingKernelManager"]
    assert culling["cull_idle_timeout"] + culling["cull_interval"] <= 60
    assert culling["cull_connected"] is False  # an open tab keeps its game


def test_the_full_page_speaks_the_notebooks_language():
    assert full_message(3).startswith("The class server is full (3 boards are open).")
    assert full_message(3, "es").startswith("El servidor de la clase está lleno (hay 3 tableros")


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def quick_culling(folder: Path) -> Path:
    """A folder holding scripts/voila.json with its culling times cut to 2 s idle and a 1 s
    check (every other setting, and every section and key name, as in the file)."""
    settings = json.loads(SETTINGS.read_text())
    culling = settings["MappingKernelManager"]
    assert {"cull_idle_timeout", "cull_interval"} <= culling.keys()
    culling.update(cull_idle_timeout=2, cull_interval=1)
    folder.mkdir()
    (folder / SETTINGS.name).write_text(json.dumps(settings))
    return folder


def kernels(server: subprocess.Popen) -> int:
    """The kernel processes the Voila server runs now (its child processes)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return len(children)


@pytest.mark.skipif(not VOILA.exists() or not Path("/proc/self/task").exists(),
                    reason="needs Voila (pip install -e '.[dev]') and /proc")
def test_a_real_voila_refuses_the_kernel_beyond_the_cap_and_frees_places(tmp_path):
    notebook = tmp_path / "es" / "tiny.ipynb"
    notebook.parent.mkdir()
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "hola", "metadata": {},
                   "outputs": [], "source": "print('hola')"}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp_path / var.lower()).mkdir()
        env[var] = str(tmp_path / var.lower())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings = quick_culling(tmp_path / "settings")
    log = open(tmp_path / "voila.log", "w")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [str(VOILA), f"--Voila.config_file_paths={settings}", "--Voila.ip=127.0.0.1",
         "--no-browser", f"--port={port}", "--CappedKernelManager.max_kernels=2",
         str(notebook)], stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp_path,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:  # a static file: GET / would start a kernel
            try:
                urllib.request.urlopen(url + "voila/templates/lab/static/voila.js", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        for _ in range(2):
            status, page = fetch(url)
            assert status == 200 and "hola" in page
        assert kernels(server) == 2
        status, page = fetch(url)
        assert status == 503, page[-500:]
        assert "El servidor de la clase está lleno (hay 2 tableros abiertos)" in page
        assert kernels(server) == 2
        # No tab is connected: the file's culling settings (its times cut to 2 s + 1 s) stop
        # both kernels, and the places are free again.
        started = time.monotonic()
        while kernels(server):
            assert time.monotonic() - started < 60, "kernels not culled (2 s idle, 1 s checks)"
            time.sleep(0.2)
        status, page = fetch(url)
        assert status == 200 and "hola" in page
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    refused = "Refused a new kernel: 2 running, max_kernels is 2"
    assert refused in (tmp_path / "voila.log").read_text()


# -- each browser its own kernels (issue 36) --------------------------------------------------
class Browser:
    """A browser of the class: its own cookies (so its own anonymous identity), the token."""

    def __init__(self, url: str, token: str) -> None:
        import http.cookiejar

        self.url, self.token = url, token
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def ask(self, method: str, path: str) -> int:
        """The status of ``method path``, the token in the Authorization header."""
        request = urllib.request.Request(self.url + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        try:
            with self.opener.open(request, timeout=120) as response:
                return response.status
        except urllib.error.HTTPError as err:
            return err.code

    def open_board(self) -> str:
        """Load the page as a student does (``?token=``): the id of the kernel it started."""
        import re

        with self.opener.open(f"{self.url}?token={self.token}", timeout=120) as response:
            page = response.read().decode()
        return re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page).group(1)


async def channels_status(url: str, token: str, kernel_id: str) -> int:
    """The status a WebSocket to ``kernel_id``'s channels gets (101: connected)."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    ws_url = url.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels"
    try:
        conn = await websocket_connect(HTTPRequest(
            ws_url, headers={"Authorization": f"token {token}"}, request_timeout=60))
    except HTTPClientError as err:
        return err.code
    conn.close()
    return 101


@pytest.mark.skipif(not VOILA.exists() or not Path("/proc/self/task").exists(),
                    reason="needs Voila (pip install -e '.[dev]') and /proc")
def test_a_token_holder_cannot_read_use_or_stop_a_classmates_kernel(tmp_path):
    """Two browsers with the class's token, on a real Voila with scripts/voila.json: each
    reads, connects to and stops its own kernel only; the other's gets 403 and runs on."""
    import asyncio

    notebook = tmp_path / "tiny.ipynb"
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "hi", "metadata": {},
                   "outputs": [], "source": "print('hi')"}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp_path / var.lower()).mkdir()
        env[var] = str(tmp_path / var.lower())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = "mango-42-class"
    log = open(tmp_path / "voila.log", "w")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [str(VOILA), f"--Voila.config_file_paths={SETTINGS.parent}", "--Voila.ip=127.0.0.1",
         "--no-browser", f"--port={port}", f"--Voila.token={token}", str(notebook)],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp_path,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "voila/templates/lab/static/voila.js", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        ana, ben = Browser(url, token), Browser(url, token)
        anas = ana.open_board()
        assert ana.ask("GET", f"api/kernels/{anas}") == 200  # her page's kernel is hers
        assert asyncio.run(channels_status(url, token, anas)) == 403  # not another browser's
        bens = ben.open_board()
        assert ben.ask("GET", f"api/kernels/{bens}") == 200
        assert ben.ask("GET", f"api/kernels/{anas}") == 403
        assert ben.ask("DELETE", f"api/kernels/{anas}") == 403
        assert ben.ask("POST", f"voila/api/shutdown/{anas}") == 403
        assert ben.ask("GET", "api/kernels") in (403, 404)  # never a list of the class's kernels
        assert kernels(server) == 2 and ana.ask("GET", f"api/kernels/{anas}") == 200
        assert ana.ask("POST", f"voila/api/shutdown/{anas}") == 204  # her page closing
        assert ana.ask("GET", f"api/kernels/{anas}") == 404
        assert ben.ask("DELETE", f"api/kernels/{bens}") == 204
        assert kernels(server) == 0
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    assert "Refused read of kernel" in (tmp_path / "voila.log").read_text()
