"""The class server on a full disk, for real (issue 36): the server process may not make any
file longer than it is at the moment the test says "full" (``RLIMIT_FSIZE``, set inside the
server by a ``sitecustomize`` put first on its path, with SIGXFSZ ignored, so a write that
would grow a file fails as on a full disk). The student gets a sentence, the socket stays
up, and once there is room again nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import sqlite3
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
resource = pytest.importorskip("resource")  # not on Windows

from classserver import Student, start  # noqa: E402

pytestmark = pytest.mark.server

#: Runs inside the server: "full" in the control file freezes every file at its size.
SITECUSTOMIZE = """
import os, resource, signal, threading, time
from pathlib import Path

CONTROL = Path({control!r})
DB = Path({db!r})
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, as on a full disk
_soft, HARD = resource.getrlimit(resource.RLIMIT_FSIZE)


def watch():
    state = "free"
    while True:
        wanted = CONTROL.read_text().strip() if CONTROL.exists() else "free"
        if wanted != state:
            if wanted == "full":  # no file may grow: the smallest of the class's files
                sizes = [path.stat().st_size for path in (DB, Path(str(DB) + "-wal"))
                         if path.exists()]
                resource.setrlimit(resource.RLIMIT_FSIZE, (min(sizes), HARD))
            else:
                resource.setrlimit(resource.RLIMIT_FSIZE, (HARD, HARD))
            Path(str(CONTROL) + ".done").write_text(wanted) if wanted == "free" else None
            state = wanted
        time.sleep(0.02)


threading.Thread(target=watch, daemon=True).start()
"""


def stored_moves(db: str) -> int:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]


def test_a_full_disk_gets_a_sentence_keeps_the_socket_and_loses_nothing(tmp_path):
    db, control = str(tmp_path / "clase.db"), tmp_path / "disk"
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(
        textwrap.dedent(SITECUSTOMIZE.format(control=str(control), db=db)))
    log = tmp_path / "server.log"
    server = start(db, log, first_path=folder, piped=True)

    async def lesson() -> None:
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        await ana.play("beginner")
        for _ in range(3):
            await ana.click()
        acknowledged = ana.view["ply"]
        assert stored_moves(db) == acknowledged

        control.write_text("full")
        await asyncio.sleep(0.3)
        now = ana.view
        await ana.send({"type": "board", "message": {
            "type": "click", "hole": now["playable"][0], "ply": now["ply"],
            "game": now["game"]}})
        told = await ana.receive(lambda m: m["type"] == "refused", timeout=20)
        assert told["text"].startswith("The server could not save your last move")
        assert (await ana.ws.ping()) is not None  # the socket is still open
        assert ana.view["ply"] == acknowledged  # nothing shown that is not kept

        control.write_text("free")
        deadline = time.monotonic() + 10
        while not Path(str(control) + ".done").exists() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await ana.send({"type": "board", "message": {"type": "hello"}})
        await ana.receive(lambda m: m["type"] == "set" and m["name"] == "view"
                          and m["value"]["ply"] > acknowledged)
        await ana.settle()
        await ana.receive()
        assert stored_moves(db) == ana.view["ply"] > acknowledged
        await ana.click()  # and the class goes on
        assert stored_moves(db) == ana.view["ply"]
        await ana.close()

    try:
        asyncio.run(lesson())
        server.stop()
        text = log.read_text()
        assert "Traceback" not in text, text
        assert stored_moves(db) >= 8
    finally:
        server.stop()
