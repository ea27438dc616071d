"""The class server as a real process, and a student's WebSocket client, for the tests.

``class_server(db)`` starts ``python -m hoyito_edu serve`` on 127.0.0.1 on a free port and
reads the class code and the teacher's secret from what it prints; ``Student`` joins over a
real WebSocket (the ``websockets`` package) and plays as a page would.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def get(url: str, timeout: float = 30, follow: bool = True) -> tuple[int, dict, bytes]:
    """An HTTP GET of one of the server's pages: (status, headers, body), an error status
    included; ``follow=False`` answers a redirect with the redirect itself."""
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(*([] if follow else [NoRedirect()]))
    try:
        with opener.open(url, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    db: str
    log: Path
    code: str = ""
    secret: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def kill9(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill9()


def start(db: str, log: Path, port: int | None = None, workers: int = 0, lang: str = "en",
          timeout: float = 60, extra: tuple[str, ...] = (), book: Path | None = None,
          first_path: Path | None = None, piped: bool = False) -> Server:
    """Start the server; ``extra``: more command-line options (``--class CODE`` ...); ``book``:
    the book it serves to the phones; ``first_path``: a folder put before everything else on
    the server's Python path; ``piped``: the server prints into a pipe that this process
    copies to ``log`` (so that a limit on the files the server writes spares its log)."""
    port = port or free_port()
    paths = [str(first_path)] if first_path is not None else []
    paths += [str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    command = [sys.executable, "-m", "hoyito_edu", "serve", "--port", str(port), "--db", db,
               "--lang", lang, "--workers", str(workers), *extra]
    if book is not None:
        command += ["--book", str(book)]
    handle = open(log, "a")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(command, stdout=subprocess.PIPE if piped else handle,
                               stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    if piped:
        import threading  # noqa: PLC0415

        def copy() -> None:
            for line in process.stdout:
                handle.write(line.decode(errors="replace"))
                handle.flush()

        threading.Thread(target=copy, daemon=True).start()
    server = Server(process, port, db, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the class server stopped:\n{log.read_text()}")
        text = log.read_text()
        code = re.findall(r"(?:Class code|Código de la clase): (\S+ \S+)", text)
        secret = re.findall(r"/teacher#(\w+)", text)
        if code and secret:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    server.code, server.secret = code[-1].replace(" ", ""), secret[-1]
                    return server
            except OSError:
                pass
        time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"the class server did not start in {timeout} s:\n{log.read_text()}")


@contextlib.contextmanager
def class_server(db: str, log: Path, **options):
    server = start(db, log, **options)
    try:
        yield server
    finally:
        server.stop()


def apply_changes(overview: dict, changes: dict) -> dict:
    """The teacher's page's overview after ``changes`` (as ``teacher.js`` applies them)."""
    new = {**overview, **changes["set"]}
    by_id = {s["id"]: s for s in overview["students"]}
    by_id.update({s["id"]: s for s in changes["students"]})
    for gone in changes["gone"]:
        by_id.pop(gone, None)
    order = changes.get("order") or [s["id"] for s in overview["students"]]
    new["students"] = [by_id[i] for i in order if i in by_id]
    return new


class Student:
    """A student's page over a real WebSocket: keeps the last view and everything received."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.view: dict = {}
        self.got: list[dict] = []
        self.token: str | None = None
        self.overview: dict = {}  # a teacher's page: the class as it shows it

    @classmethod
    async def connect(cls, url: str, **kwargs) -> Student:
        import websockets  # noqa: PLC0415

        return cls(await websockets.connect(url, **kwargs))

    async def send(self, message) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, until=None, timeout: float = 10) -> dict | None:
        """Read messages until ``until(message)`` is true (the message) or, with no
        ``until``, until nothing more comes for a moment (None)."""
        deadline = time.monotonic() + timeout
        while True:
            wait = deadline - time.monotonic() if until else min(0.3, deadline - time.monotonic())
            try:
                message = json.loads(await asyncio.wait_for(self.ws.recv(), max(wait, 0.01)))
            except asyncio.TimeoutError:
                if until:
                    raise AssertionError(f"no awaited message in {timeout} s: {self.got[-3:]}") \
                        from None
                return None
            self.got.append(message)
            if message["type"] == "set" and message["name"] == "view":
                self.view = message["value"]
            elif message["type"] == "class":  # a teacher's page: the whole class ...
                self.overview = message
            elif message["type"] == "class-changes":  # ... then what changed, as teacher.js
                self.overview = apply_changes(self.overview, message)
            elif message["type"] == "joined":
                self.token = message["token"]
            if until is not None and until(message):
                return message

    async def join(self, code: str, name: str, lang: str = "en") -> dict:
        await self.send({"type": "join", "code": code, "name": name, "lang": lang})
        return await self.receive(lambda m: m["type"] in ("lobby", "game", "refused"))

    async def play(self, opponent: str) -> None:
        await self.send({"type": "play", "opponent": opponent})
        await self.receive(lambda m: m["type"] == "set" and m["name"] == "view")
        await self.settle()

    async def settle(self, timeout: float = 30) -> None:
        """Wait until the computer is not thinking (the view says so)."""
        deadline = time.monotonic() + timeout
        while self.view.get("thinking") and time.monotonic() < deadline:
            await self.receive(lambda m: m["type"] == "set" and m["name"] == "view",
                               timeout=deadline - time.monotonic())

    async def click(self, hole: int | None = None) -> float:
        """Click a playable hole (the first if None); the seconds until the board changed."""
        view = self.view
        hole = view["playable"][0] if hole is None else hole
        start = time.perf_counter()
        click = {"type": "click", "hole": hole, "ply": view["ply"], "game": view["game"]}
        await self.send({"type": "board", "message": click})
        await self.receive(lambda m: m["type"] == "set" and m["name"] == "view"
                           and m["value"]["ply"] > view["ply"])
        took = time.perf_counter() - start
        await self.settle()
        return took

    async def close(self) -> None:
        await self.ws.close()
