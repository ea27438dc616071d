"""A class of 40 on the class server: tap-to-board times, memory, joining, and kill -9.

Starts the real server (``python -m hoyito_edu serve``, 2 worker processes, a temporary
SQLite file) on 127.0.0.1 and 40 simulated students over real WebSockets, all joining within
10 seconds: 14 play the beginner, 14 the greedy level, 8 play each other in 4 pairs and 4
play the expert; each taps a move every 2-4 seconds. Then the server is killed with
``kill -9`` in the middle of the games and started again, and every student reconnects.

Prints (issue 24's targets in brackets):

* tap to updated board, p95, against beginner / greedy / a classmate [<= 150 ms];
* against the expert: tap to the expert's reply on the board, p95 [<= 2 s];
* the server process's own resident memory before and after one student picks the expert and
  it answers (issue 36: the search runs in the workers only; it once grew 48 -> 166 MB);
* the server's resident memory with its worker processes [<= 1 GB];
* join (connect, code and name, choose, first board) p95 [<= 2 s], and how many joined;
* after kill -9: acknowledged moves lost [0], and the time until every student is back in
  their game [<= 5 s];
* beside the 40 raw students, ten phones in Chromium (``--phones 10``; 360 x 740, touch,
  reduced motion, not slowed) join by code and play the beginner through the real students'
  page: tap to board p50 and p95, timed inside each page from the touch (as
  ``phone_taps.py`` does) [<= 150 ms], and how many phones joined.

Usage: ``python benchmarks/class_load.py [--seconds 60] [--students 40] [--phones 10]
[--root PATH]``
(``--root``: another checkout to measure, e.g. the code before a change). The first run on
a machine compiles the expert's search in the workers (minutes): the script waits for it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from _measure import percentile  # noqa: E402 - benchmarks/ is the script's folder

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int, log: Path,
                 root: Path = ROOT) -> tuple[subprocess.Popen, str, str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "hoyito_edu", "serve", "--port", str(port), "--db", db,
               "--lang", "en", "--workers", "2"]
    process = subprocess.Popen(command, stdout=open(log, "a"), stderr=subprocess.STDOUT,  # noqa: SIM115
                               env=env, cwd=root)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = log.read_text()
        code, secret = re.findall(r"Class code: (\S+ \S+)", text), re.findall(r"#(\w+)", text)
        if code and secret:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=1).read()
                return process, code[-1].replace(" ", ""), secret[-1]
            except OSError:
                pass
        time.sleep(0.1)
    raise RuntimeError(log.read_text())


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB (from /proc)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def own_rss_mb(pid: int) -> float:
    """Resident memory of one process (not its children), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def open_levels(url: str, secret: str) -> None:
    """The teacher opens the beginner, greedy and expert levels and classmates' games."""
    import websockets

    async with websockets.connect(url + "/teacher") as teacher:
        await teacher.send(json.dumps({"type": "teacher", "secret": secret}))
        await teacher.recv()
        await teacher.send(json.dumps({"type": "settings", "variant": "hoyito-i",
                                       "holes_per_row": 6, "classmates": True,
                                       "levels": ["beginner", "greedy", "expert"]}))
        await asyncio.sleep(0.5)


async def one_expert_game(url: str, code: str) -> None:
    """One student picks the expert, taps a move and sees its reply, then 5 s pass (what a
    background warming would load is loaded by then)."""
    client = Client("Memory", "expert")
    await client.connect(url)
    await client.send({"type": "join", "code": code, "name": client.name, "lang": "en"})
    await client.send({"type": "play", "opponent": "expert"})
    await client.until(lambda: client.my_turn(), 60)
    v = client.view
    await client.send({"type": "board", "message": {
        "type": "click", "hole": v["playable"][0], "ply": v["ply"], "game": v["game"]}})
    await client.until(lambda: client.view.get("ply", 0) > v["ply"] + 1, 120)
    await asyncio.sleep(5)
    await client.ws.close()


def phones_playing(url: str, code: str, phones: int, seconds: float, out: dict) -> None:
    """``phones`` Chromium phones join the class at ``url`` and play the beginner for
    ``seconds``, one tap each in turn every 2-4 s; ``out["taps"]``: the pages' tap-to-board
    times (ms), ``out["joined"]``: how many phones reached a board."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    sys.path.insert(0, str(ROOT / "tests"))
    from pages import BOARD, read_board, wait_for_ply_change, wait_idle  # noqa: PLC0415
    from phone_taps import PHONE, TAP_TIMER  # noqa: PLC0415
    from servers import chromium  # noqa: PLC0415

    out.update(taps=[], joined=0)
    with chromium() as browser:
        pages = []
        for k in range(phones):
            context = browser.new_context(**PHONE, bypass_csp=True, reduced_motion="reduce")
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(url + "/")
            page.locator("input[name=code]").fill(code)
            page.locator("input[name=name]").fill(f"Phone {k + 1:02d}")
            page.locator(".class-go").tap()
            page.locator("[data-opponent=beginner]").tap()
            page.locator(f"{BOARD} .hoyito-playable").first.wait_for()
            wait_idle(page)
            page.evaluate(TAP_TIMER)
            pages.append(page)
        out["joined"] = len(pages)
        rng = random.Random(7)
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            for page in pages:
                state = read_board(page)
                if not state["playable"]:  # the game ended: a new one (not timed)
                    page.locator(f"{BOARD} .hoyito-banner-new").tap()
                    page.wait_for_function("(s) => document.querySelector(s).dataset.ply"
                                           " === '0'", arg=BOARD)
                    wait_idle(page)
                    continue
                hole = page.locator(f"{BOARD} .hoyito-hole-{rng.choice(state['playable'])}")
                box = hole.locator(".hoyito-target").bounding_box()
                page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                wait_for_ply_change(page, state["ply"])
            time.sleep(rng.uniform(2, 4) / max(1, len(pages)))
        for page in pages:
            out["taps"] += [tap["board"] for tap in page.evaluate("() => window.hoyitoTaps")
                            if tap["board"] is not None]
            page.context.close()


def p95(values: list[float]) -> float:
    return percentile(values, 0.95)


class Client:
    def __init__(self, name: str, opponent: str) -> None:
        self.name, self.opponent = name, opponent
        self.ws = None
        self.view: dict = {}
        self.token = None
        self.side = 0
        self.changed = asyncio.Event()
        self.taps: list[float] = []  # tap to the student's own move on the board
        self.replies: list[float] = []  # tap to the computer's reply on the board
        self.reader = None

    async def connect(self, url: str) -> None:
        import websockets

        self.ws = await websockets.connect(url, max_size=2**22)
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        try:
            async for text in self.ws:
                message = json.loads(text)
                if message["type"] == "set" and message["name"] == "view":
                    self.view = message["value"]
                elif message["type"] == "joined":
                    self.token = message["token"]
                elif message["type"] == "game":
                    self.side = message["side"]
                self.changed.set()
        except Exception:
            pass

    async def until(self, test, timeout: float = 30) -> bool:
        deadline = time.monotonic() + timeout
        while not test():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    async def send(self, message: dict) -> None:
        await self.ws.send(json.dumps(message))

    def my_turn(self) -> bool:
        v = self.view
        return bool(v.get("playable")) and not v.get("thinking") and v.get("to_move") == self.side


async def one_student(client: Client, url: str, code: str, joins: list[float], until: float):
    start = time.perf_counter()
    await client.connect(url)
    await client.send({"type": "join", "code": code, "name": client.name, "lang": "en"})
    await client.send({"type": "play", "opponent": client.opponent})
    if not await client.until(lambda: "playable" in client.view, 60):
        return
    joins.append(time.perf_counter() - start)
    while time.monotonic() < until:
        await asyncio.sleep(random.uniform(2, 4))
        if not await client.until(client.my_turn, max(0.1, until - time.monotonic())):
            if client.view.get("banner") and client.opponent != "classmate":
                await client.send({"type": "board", "message": {"type": "action", "name": "new"}})
                # the new game's board, before the student stops: what they last saw is what
                # comes back after kill -9 (a finished game's ply once counted as lost)
                await client.until(lambda: client.view.get("ply") == 0, 10)
            continue
        v = client.view
        tap = time.perf_counter()
        await client.send({"type": "board", "message": {
            "type": "click", "hole": random.choice(v["playable"]), "ply": v["ply"],
            "game": v["game"]}})
        if await client.until(lambda v=v: client.view.get("ply", 0) > v["ply"], 30):
            client.taps.append(time.perf_counter() - tap)
        if client.opponent != "classmate":
            done = await client.until(lambda: not client.view.get("thinking")
                                      and (client.view.get("to_move") == 0
                                           or not client.view.get("playable")), 30)
            if done and client.view.get("ply", 0) > v["ply"] + 1:
                client.replies.append(time.perf_counter() - tap)


async def class_of(url: str, code: str, secret: str, students: int, seconds: float):
    await open_levels(url, secret)
    kinds = ["beginner"] * 14 + ["greedy"] * 14 + ["classmate"] * 8 + ["expert"] * 4
    kinds = (kinds * (students // len(kinds) + 1))[:students]
    clients = [Client(f"Student {k + 1:02d}", kind) for k, kind in enumerate(kinds)]
    joins: list[float] = []
    until = time.monotonic() + seconds

    async def staggered(k: int, client: Client):
        await asyncio.sleep(10 * k / len(clients))  # all of them within 10 seconds
        await one_student(client, url, code, joins, until)

    await asyncio.gather(*(staggered(k, c) for k, c in enumerate(clients)))
    return clients, joins


async def come_back(url: str, clients: list[Client], acknowledged: dict[str, int]):
    back: list[float] = []
    lost = 0
    missing: list[str] = []

    async def one(client: Client):
        nonlocal lost
        start = time.perf_counter()
        again = Client(client.name, client.opponent)
        for _ in range(50):
            try:
                await again.connect(url)
                break
            except OSError:
                await asyncio.sleep(0.1)
        await again.send({"type": "resume", "token": client.token, "lang": "en"})
        if await again.until(lambda: "ply" in again.view, 30):
            back.append(time.perf_counter() - start)
            short = max(0, acknowledged[client.name] - again.view["ply"])
            lost += short
            if short:
                missing.append(f"{client.name} ({client.opponent}, acknowledged move "
                               f"{acknowledged[client.name]}, back at {again.view['ply']})")
        else:
            lost += acknowledged[client.name]
            missing.append(f"{client.name} ({client.opponent}, move {acknowledged[client.name]})")
        await again.ws.close()

    await asyncio.gather(*(one(c) for c in clients if c.token))
    if missing:
        print("not back in their game as acknowledged:", ", ".join(missing))
    return back, lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--phones", type=int, default=10, help="Chromium phones beside them")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    root = args.root.resolve()
    print(f"checkout: {root}")
    folder = Path(tempfile.mkdtemp(prefix="hoyito-class-load-"))
    db, port, log = str(folder / "clase.db"), free_port(), folder / "server.log"
    process, code, secret = start_server(db, port, log, root)
    url = f"ws://127.0.0.1:{port}/ws"
    try:
        waited = time.monotonic()
        while True:  # the expert's workers are warm (the first time: compiling)
            status = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/status").read())
            if "expert" in status["ready"]:
                break
            time.sleep(1)
        print(f"expert ready after {time.monotonic() - waited:.0f} s")
        alone = own_rss_mb(process.pid)
        asyncio.run(open_levels(url, secret))
        asyncio.run(one_expert_game(url, code))
        print(f"the server process alone: {alone:.0f} MB before a student picks the expert, "
              f"{own_rss_mb(process.pid):.0f} MB after its reply")
        idle = rss_mb(process.pid)
        browser: dict = {}
        phones = threading.Thread(target=phones_playing, daemon=True,
                                  args=(f"http://127.0.0.1:{port}", code, args.phones,
                                        args.seconds, browser))
        if args.phones:
            phones.start()
        clients, joins = asyncio.run(class_of(url, code, secret, args.students, args.seconds))
        busy = rss_mb(process.pid)
        if args.phones:
            phones.join()
            taps = browser["taps"]
            median = statistics.median(taps) if taps else float("nan")
            print(f"{browser['joined']} of {args.phones} phones in Chromium (360 x 740, touch) "
                  f"beside the {args.students} raw students: tap to board p50 {median:.0f} ms, "
                  f"p95 {p95(taps):.0f} ms ({len(taps)} taps)")

        def taps(kind):
            return [t for c in clients if c.opponent == kind for t in c.taps]

        print(f"{args.students} students, {args.seconds:.0f} s of play, "
              f"{sum(len(c.taps) for c in clients)} taps")
        for kind in ("beginner", "greedy", "classmate"):
            values = taps(kind)
            median = 1000 * statistics.median(values) if values else float("nan")
            print(f"tap to board p95, {kind:<9}: {1000 * p95(values):6.0f} ms "
                  f"(median {median:.0f} ms, {len(values)} taps)")
        expert = [t for c in clients if c.opponent == "expert" for t in c.replies]
        print(f"tap to the expert's reply p95: {p95(expert):.2f} s ({len(expert)} replies); "
              f"tap to own move p95 {1000 * p95(taps('expert')):.0f} ms")
        print(f"server memory (with its 2 workers): {idle:.0f} MB idle, {busy:.0f} MB with "
              f"{args.students} students")
        print(f"join to a playable board p95: {p95(joins):.2f} s "
              f"({len(joins)} of {args.students} joined in 10 s)")

        # kill -9 in the middle of the games: what each page last saw must come back
        acknowledged = {c.name: c.view.get("ply", 0) for c in clients}
        process.send_signal(signal.SIGKILL)
        process.wait()
        process, _code, _secret = start_server(db, port, log, root)
        back, lost = asyncio.run(come_back(url, clients, acknowledged))
        print(f"kill -9 and restart: {lost} acknowledged moves lost; {len(back)} of "
              f"{len(acknowledged)} back in their game, p95 {p95(back):.2f} s, "
              f"slowest {max(back):.2f} s")
    finally:
        process.terminate()
        process.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
