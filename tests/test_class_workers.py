"""The class server's worker processes (the computer's searching levels), as the real server
process with real WebSocket clients: workers killed while they get ready and while they
search, and the search kept out of the server's own process (issue 36)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from classserver import Student, get, start  # noqa: E402

pytestmark = pytest.mark.server


def workers(server) -> list[int]:
    """The server's worker processes (not multiprocessing's resource tracker)."""
    listing = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    found = []
    for pid in listing.read_text().split():
        command = Path(f"/proc/{pid}/cmdline")
        try:
            if b"spawn_main" in command.read_bytes():
                found.append(int(pid))
        except OSError:  # gone while being read
            pass
    return found


def kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def ready(server) -> list[str]:
    return json.loads(get(f"{server.url}/status")[2])["ready"] or []


def wait_until_ready(server, timeout: float = 600) -> None:
    deadline = time.monotonic() + timeout  # the first time, a worker compiles the search
    while "expert" not in ready(server) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert "expert" in ready(server)


def view(message: dict) -> bool:
    return message["type"] == "set" and message["name"] == "view"


async def open_levels(server, levels: list[str]) -> Student:
    desk = await Student.connect(server.ws + "/teacher")
    await desk.send({"type": "teacher", "secret": server.secret})
    await desk.send({"type": "settings", "variant": "hoyito-i", "holes_per_row": 6,
                     "levels": levels, "classmates": False})
    await desk.receive()
    return desk


def test_a_worker_dying_again_and_again_while_getting_ready_never_leaves_the_levels_waiting(
        tmp_path):
    """Workers killed four times while they get the search ready (more than the three tries
    the server once made before giving up for good): the server keeps starting new ones, a
    little later each time, and intermediate and expert become ready once they live."""
    log = tmp_path / "server.log"
    server = start(str(tmp_path / "clase.db"), log, workers=1)
    try:
        killed: set[int] = set()
        deadline = time.monotonic() + 180
        while len(killed) < 4 and time.monotonic() < deadline:
            fresh = [pid for pid in workers(server) if pid not in killed]
            if fresh and "expert" not in ready(server):
                kill(fresh)  # killed while it loads (or compiles) the search
                killed |= set(fresh)
            time.sleep(0.05)
        assert len(killed) >= 4, log.read_text()
        wait_until_ready(server)
        assert "starting again" in log.read_text()
    finally:
        server.stop()


def test_a_search_that_keeps_dying_is_said_in_a_sentence_and_a_tap_asks_again(tmp_path):
    """Every worker killed as soon as it starts while the expert thinks: the page once said
    "Something went wrong: BrokenProcessPool" after the second death. Now the search is asked
    again, and when it keeps dying the student reads a sentence in the class's language; once
    the workers live again, a tap on the board asks the computer again and it answers."""
    log = tmp_path / "server.log"
    server = start(str(tmp_path / "clase.db"), log, workers=1, lang="es")
    stop = threading.Event()

    def killer() -> None:
        while not stop.is_set():
            kill(workers(server))
            time.sleep(0.02)

    async def lesson() -> None:
        desk = await open_levels(server, ["expert"])
        ana = await Student.connect(server.ws + "?lang=es")
        await ana.join(server.code, "Ana", lang="es")
        await ana.play("expert")
        thread = threading.Thread(target=killer)
        thread.start()
        try:
            now = ana.view
            await ana.send({"type": "board", "message": {
                "type": "click", "hole": now["playable"][0], "ply": now["ply"],
                "game": now["game"]}})
            told = await ana.receive(lambda m: view(m) and m["value"]["notice"]["text"]
                                     and not m["value"]["thinking"], timeout=120)
        finally:
            stop.set()
            thread.join()
        notice = told["value"]["notice"]["text"]
        assert notice.startswith("La computadora no pudo terminar su jugada"), notice
        assert not any("BrokenProcessPool" in json.dumps(m) for m in ana.got)
        ply = told["value"]["ply"]
        await ana.send({"type": "board", "message": {"type": "click", "hole": 0, "ply": ply,
                                                     "game": told["value"]["game"]}})
        answered = await ana.receive(lambda m: view(m) and m["value"]["ply"] > ply, timeout=120)
        assert answered["value"]["notice"]["text"] != notice
        await ana.close()
        await desk.close()

    try:
        wait_until_ready(server)
        asyncio.run(lesson())
        assert "Traceback" not in log.read_text()
    finally:
        stop.set()
        server.stop()


def numba_loaded(pid: int) -> bool:
    """True if the process has numba's compiler (llvmlite's library) in its memory."""
    return "llvmlite" in Path(f"/proc/{pid}/maps").read_text()


def test_the_expert_searches_in_the_workers_and_never_in_the_server(tmp_path):
    """Picking the expert once loaded the compiled search into the server process itself (48
    to 166 MB, for a search that runs in the workers): the server's memory holds no numba
    after a student has picked the expert and it has answered (a worker's does)."""
    server = start(str(tmp_path / "clase.db"), tmp_path / "server.log", workers=1)

    async def lesson() -> None:
        desk = await open_levels(server, ["expert"])
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        await ana.play("expert")
        ply = ana.view["ply"]
        await ana.click()
        await ana.settle(timeout=120)
        assert ana.view["ply"] >= ply + 2  # the computer answered
        await asyncio.sleep(5)  # what a background warming would load, loaded by now
        await ana.close()
        await desk.close()

    try:
        wait_until_ready(server)
        assert not numba_loaded(server.process.pid)
        asyncio.run(lesson())
        assert any(numba_loaded(pid) for pid in workers(server))
        assert not numba_loaded(server.process.pid)
    finally:
        server.stop()
