"""A class's Voila server frees the kernels of closed and reloaded tabs (``make voila``).

The browser test serves the play page with the same kind of settings as scripts/voila.json,
only shorter (an idle kernel without a tab is stopped after a few seconds instead of three
minutes), reloads the page twice in Chromium and counts the server's kernel processes: they
fall back to the one of the open tab, which is kept, and to none once the tab is closed. The
other tests check that ``make voila`` reads scripts/voila.json and what it holds.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
from conftest import PLAY_PAGE, ROOT
from servers import isolated_env, voila

SETTINGS = ROOT / "scripts" / "voila.json"
# The test's settings: stop a kernel without a tab after 4 idle seconds, checking every second.
SHORT = {"cull_idle_timeout": 4, "cull_interval": 1, "cull_connected": False, "cull_busy": False}


def test_make_voila_reads_the_culling_settings_and_listens_on_this_computer_only():
    dry_run = subprocess.run(
        ["make", "-n", "voila"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    command = dry_run[dry_run.index("bin/voila") :]
    assert f"--Voila.config_file_paths={SETTINGS.parent}" in command
    assert "--Voila.ip=127.0.0.1" in command and "--token" not in command


def test_make_voila_for_a_class_always_has_a_token():
    class_run = subprocess.run(
        ["make", "-n", "voila", "HOST=0.0.0.0"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    command = class_run[class_run.index("bin/voila") :]
    token = command.split("--token=")[1].split()[0]
    assert "--Voila.ip=0.0.0.0" in command and len(token) >= 12
    refused = subprocess.run(
        ["make", "-o", ".venv/.installed-stamp", "voila", "HOST=0.0.0.0", "TOKEN="],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert refused.returncode != 0 and "needs a token" in refused.stderr


def test_the_real_settings_free_a_closed_tab_within_a_few_minutes_and_keep_open_ones():
    culling = json.loads(SETTINGS.read_text())["MappingKernelManager"]
    assert set(culling) == set(SHORT)
    assert culling["cull_connected"] is False and culling["cull_busy"] is False
    assert 60 <= culling["cull_idle_timeout"] + culling["cull_interval"] <= 300


def kernels(port: int) -> int:
    """How many kernel processes the Voila server on ``port`` is running now."""
    server = None
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                words = (proc / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if f"--port={port}".encode() in words and any(w.endswith(b"voila") for w in words):
                server = proc.name
    assert server is not None, f"no Voila server on port {port}"
    children = Path(f"/proc/{server}/task/{server}/children").read_text().split()
    return len(children)


def wait_for_kernels(port: int, count: int, within: float) -> float:
    """Seconds until the server runs ``count`` kernels; fails after ``within`` seconds."""
    start = time.monotonic()
    while (now := kernels(port)) != count:
        assert time.monotonic() - start < within, f"{now} kernels, expected {count}"
        time.sleep(0.25)
    return time.monotonic() - start


@pytest.mark.browser
def test_reloading_the_page_twice_leaves_one_kernel_and_closing_it_none(browser, tmp_path):
    env = isolated_env(tmp_path)
    config = Path(env["JUPYTER_CONFIG_DIR"]) / "voila.json"
    config.write_text(json.dumps({"MappingKernelManager": SHORT}))
    with voila(PLAY_PAGE, tmp_path, env) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.set_default_timeout(45_000)
        seen = []
        for _ in range(3):  # the first visit, then two reloads: each GET starts a kernel
            page.goto(url, wait_until="commit")
            seen.append(kernels(port))
            page.locator(".hoyito-hole-0").first.wait_for()
        wait_for_kernels(port, 1, within=20)
        # the open tab's kernel is connected: it outlives the idle limit several times over
        time.sleep(3 * SHORT["cull_idle_timeout"])
        assert kernels(port) == 1
        context.close()
        wait_for_kernels(port, 0, within=20)
        log = (tmp_path / f"server-{port}.log").read_text()
    assert max(seen) >= 2  # the reloaded tabs' kernels were still running
    assert log.count("Culling 'idle' kernel") == 3  # the culler freed all three


@pytest.mark.browser
def test_under_the_class_settings_the_page_plays_on_its_own_kernel(browser, tmp_path):
    """scripts/voila.json lets a browser use only its own kernels (issue 36): the page still
    loads its kernel, plays, and after a reload plays on the new one; nothing it asks for is
    refused. (Voila's own shutdown beacon on reload is refused before the authorizer is asked,
    for a missing _xsrf field, with or without these settings: the culler frees that kernel.)"""
    from pages import click_and_wait, read_board

    env = isolated_env(tmp_path)
    settings = json.loads(SETTINGS.read_text())  # the real file: its authorizer and all
    (Path(env["JUPYTER_CONFIG_DIR"]) / "voila.json").write_text(json.dumps(settings))
    with voila(PLAY_PAGE, tmp_path, env) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.set_default_timeout(60_000)
        for _ in range(2):  # the first visit, then a reload: a new kernel, the page's own
            page.goto(url)
            page.locator(".hoyito-hole-0").first.wait_for()
            hole = read_board(page)["playable"][0]
            assert click_and_wait(page, hole)["ply"] >= 1
        context.close()
        log = (tmp_path / f"server-{port}.log").read_text()
    assert log.count("Kernel started") == 2
    assert "Refused" not in log  # the page never asked for what is not its own
