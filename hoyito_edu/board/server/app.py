"""The class server: Starlette on uvicorn, one process for a whole class.

Routes: ``/`` (the students' page), ``/teacher`` (the teacher's page; its key after ``#``),
``/projector`` (the projector's view, with no names: :mod:`.projector`),
``/ws`` and ``/ws/teacher`` (the WebSockets), ``/static/...`` (the board's own ES module and
CSS, unchanged, and this server's small scripts), ``/qr.svg`` (the join address as a QR
code), ``/export.csv`` and ``/export.parquet`` (the class's games; the teacher's key needed),
``/libro/...`` and ``/book/...`` (the book, students' pages only: :mod:`.book`).

The computer's moves: the quick levels (random, beginner, greedy) in the server's own thread,
the searching ones in a bounded pool of worker processes, warmed at start (the levels that
need them say so until they are ready), so one class cannot starve the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..session import ThinkingLost
from . import codes, pages
from .book import HEADERS as BOOK_HEADERS
from .book import MOUNTS, TYPES, Shelf
from .limits import CONNECTIONS_PER_ADDRESS, OWN_COMPUTER
from .room import CannotStart, Classroom, Refused, overview_changes, say
from .store import Store, StoreAway

HERE_STATIC = Path(__file__).parent / "static"
#: The board's own ES module and CSS (the same files the Jupyter widget loads).
BOARD_STATIC = Path(__file__).parents[1] / "static"
#: The computer levels played in the server's thread (quick); the rest go to the pool.
INLINE_LEVELS = ("random", "beginner", "greedy")
#: How many times a search is asked of the workers when the one asked dies (then the page says
#: so in a sentence, and a tap asks again).
SEARCH_TRIES = 3
#: Seconds before the warming starts again after the 1st, 2nd, ... death of a worker getting
#: ready (the last one repeated): at once twice, then less and less often, never giving up.
WARM_AGAIN = (0, 0, 5, 15, 30)
#: The longest message a page may send, in characters.
MESSAGE_LIMIT = 4096
#: Messages a connection may send: this many at once, refilled at RATE per second.
BURST, RATE = 30, 10.0
#: Messages waiting for a slow page before it is disconnected.
QUEUE_LIMIT = 2000
STATIC_FILES = {
    "board.js": BOARD_STATIC / "board.js",
    "board.css": BOARD_STATIC / "board.css",
    "model.js": HERE_STATIC / "model.js",
    "class.js": HERE_STATIC / "class.js",
    "teacher.js": HERE_STATIC / "teacher.js",
    "projector.js": HERE_STATIC / "projector.js",
    "class.css": HERE_STATIC / "class.css",
}


def _die_with_the_server(server: int) -> None:
    """In a worker: end when the server ends, even by ``kill -9`` (Linux), rather than go on
    searching (or compiling) for a server that is gone; at once if it is gone already."""
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: PLC0415

        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except OSError:  # pragma: no cover - no glibc: the worker ends at its next message
            pass
    if os.getppid() != server:  # the server died while this worker was starting
        os._exit(0)


def choose_in_worker(name: str, seed: int, position) -> int:
    """A computer level's choice, in a worker process."""
    from ... import players  # noqa: PLC0415 - loaded once per worker

    return players.player(name, seed=seed).choose(position)


def warm_worker(name: str) -> float:
    """Load (or compile, the first time) the compiled search in a worker; the seconds taken."""
    from ... import players  # noqa: PLC0415
    from ...engine.position import new_game  # noqa: PLC0415

    start = time.perf_counter()
    players.player(name, seed=0, max_nodes=50).choose(new_game("hoyito-i"))
    return time.perf_counter() - start


class Pool:
    """The worker processes that think for the searching levels."""

    def __init__(self, workers: int = 2, lang: str = "en") -> None:
        self.workers = workers
        self.lang = lang  # of what it prints
        self.executor = self._new_executor()
        self.ready: set[str] = set(INLINE_LEVELS)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.rebuilt = 0  # how many times a dead worker made the pool start again
        self.searches: set[asyncio.Future] = set()  # asked of the workers, not answered yet

    def _new_executor(self) -> ProcessPoolExecutor:
        spawn = multiprocessing.get_context("spawn")  # never fork a server with threads
        return ProcessPoolExecutor(self.workers, mp_context=spawn,
                                   initializer=_die_with_the_server, initargs=(os.getpid(),))

    def _rebuild(self, broken: ProcessPoolExecutor) -> None:
        """A worker died (killed, out of memory): its executor refuses all work from then on,
        so start a new one, once however many searches the death interrupted."""
        if self.executor is not broken:
            return  # another interrupted search has started the new pool already
        print(say("worker-died", self.lang), file=sys.stderr, flush=True)
        broken.shutdown(wait=False, cancel_futures=True)
        self.executor = self._new_executor()
        self.rebuilt += 1

    def _submit(self, *call) -> asyncio.Future:
        """Run ``call`` in a worker; a pool already broken is replaced first."""
        try:
            return self.loop.run_in_executor(self.executor, *call)
        except BrokenProcessPool:
            self._rebuild(self.executor)
            return self.loop.run_in_executor(self.executor, *call)

    def warm(self, on_ready, deaths: int = 0) -> None:
        """Warm the workers in the background; ``on_ready()`` when the levels can play.

        One worker first: on a new installation it compiles the search into numba's disk
        cache (``make clase`` does that at set-up, so a lesson finds it done), and only then
        the others, which load it from the cache in a second or two instead of compiling it
        again side by side (twice the time and the memory of one). A worker that dies while
        getting ready (killed, out of memory) is replaced and the warming starts again, at
        once the first times, then after :data:`WARM_AGAIN` seconds: the levels are never
        left "getting ready" for good, and the terminal says what happens."""
        started = time.perf_counter()
        if deaths == 0:
            print(say("levels-warming", self.lang), flush=True)
        executor = self.executor

        def warmed() -> asyncio.Future:
            return asyncio.wrap_future(executor.submit(warm_worker, "expert"))

        async def wait() -> None:
            try:
                await warmed()
            except BrokenProcessPool:
                self._rebuild(executor)
                await self.warm_again(on_ready, deaths + 1)
                return
            except Exception as error:  # pragma: no cover - a search that cannot load
                print(say("levels-failed", self.lang, error=error), file=sys.stderr)
                return
            self.ready |= {"intermediate", "expert", "search", "mcts"}
            seconds = f"{time.perf_counter() - started:.0f}"
            print(say("levels-ready", self.lang, seconds=seconds), flush=True)
            on_ready()
            with contextlib.suppress(Exception):  # the others load it from the cache
                await asyncio.gather(*(warmed() for _ in range(self.workers)))

        self.loop.create_task(wait())

    async def warm_again(self, on_ready, deaths: int) -> None:
        """A worker died while getting ready (``deaths`` times so far): say so, wait a little
        longer each time, and start the warming again."""
        seconds = WARM_AGAIN[min(deaths, len(WARM_AGAIN)) - 1]
        key = "warm-again" if deaths < len(WARM_AGAIN) - 1 else "warm-keeps-dying"
        print(say(key, self.lang, seconds=seconds), file=sys.stderr, flush=True)
        await asyncio.sleep(seconds)
        self.warm(on_ready, deaths)

    def think_for(self, live, flush):
        """The ``think`` of a game's session: quick levels soon in this thread, the others in
        the pool; ``flush(live)`` once the choice is played (stores it, tells the page)."""
        loop = self.loop

        def think(player, position, done) -> None:
            if player.name in INLINE_LEVELS:
                def quick() -> None:
                    try:
                        hole, error = player.choose(position), None
                    except Exception as failure:  # the session says it on the notice line
                        hole, error = None, failure
                    done(hole, error)
                    flush(live)

                loop.call_soon(quick)
                return
            seed = (live.row["seed"] + len(live.stored) * 7919) % (2**31)
            ask(player.name, seed, position, done, tries=SEARCH_TRIES)

        def ask(name: str, seed: int, position, done, tries: int) -> None:
            # One search a game at most: a search still waiting for a worker when its game
            # asks again (New game, the game left) is stale, and gives its place up, so one
            # student pressing New game in a loop cannot queue searches ahead of the class.
            stale = live.search
            if stale is not None and not stale.done():
                stale.cancel()
            executor = self.executor
            future = self._submit(choose_in_worker, name, seed, position)
            live.search = future
            self.searches.add(future)
            future.add_done_callback(self.searches.discard)

            def back(finished: asyncio.Future) -> None:
                error = None if finished.cancelled() else finished.exception()
                if isinstance(error, BrokenProcessPool):  # a worker died: ask new ones
                    self._rebuild(executor)
                    if tries > 1:
                        ask(name, seed, position, done, tries - 1)
                        return
                    error = ThinkingLost()  # the page says so in a sentence; a tap asks again
                if finished.cancelled():
                    return  # the server is closing
                done(None if error else finished.result(), error)
                flush(live)

            future.add_done_callback(back)

        return think

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class Socket:
    """One page's WebSocket: messages go out through a queue, in order, never blocking the
    class; a page that stops reading is disconnected."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.address = ws.client.host if ws.client else None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.student = None
        self.teacher = False
        self.tokens = float(BURST)
        self.last = time.monotonic()

    def send(self, message: dict) -> None:
        if self.queue.qsize() > QUEUE_LIMIT:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))

    def allowed(self) -> bool:
        """Rate limit (a token bucket): False if this message comes too fast."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def pump(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                await self.ws.close(code=1008)
                return
            await self.ws.send_text(text)


def origin_ok(ws: WebSocket) -> bool:
    """A browser's WebSocket must come from a page of this server (its Origin has the same
    host and port); a client that sends no Origin is not a browser and is let in."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


def page_language(request: Request, default: str) -> str:
    asked = request.query_params.get("lang")
    if asked in ("en", "es"):
        return asked
    accepted = request.headers.get("accept-language", "")
    for part in accepted.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in ("en", "es"):
            return code
    return default


def book_route(shelf: Shelf, default_lang: str):
    """The route answering ``/libro/...`` and ``/book/...`` from the shelf's book."""

    async def book(request: Request) -> Response:
        mount = request.url.path.strip("/").split("/", 1)[0]
        path = request.path_params.get("path", "")
        if path in ("", "index.html"):
            return RedirectResponse(f"/{mount}/{MOUNTS[mount]}/index.html", status_code=307)
        target = shelf.file_for(path)
        if target is None:
            lang = MOUNTS.get(mount, default_lang)
            key = "book-missing" if shelf.folder is None else "book-not-found"
            return Response(say(key, lang), status_code=404,
                            media_type="text/plain; charset=utf-8", headers=BOOK_HEADERS)
        return FileResponse(target, media_type=TYPES[target.suffix.lower()],
                            headers={**BOOK_HEADERS, "Cache-Control": "no-cache"})

    return book


async def static(request: Request) -> Response:
    """One of :data:`STATIC_FILES` (the board's module and CSS, this server's scripts)."""
    name = request.path_params["name"]
    if name not in STATIC_FILES:
        return Response("Not found", status_code=404)
    kind = "text/javascript" if name.endswith(".js") else "text/css"
    return FileResponse(STATIC_FILES[name], media_type=kind,
                        headers={"Cache-Control": "no-cache"})


def socket_language(ws: WebSocket, default: str) -> str:
    """The language a page's WebSocket asked for (``?lang=``), else the class's."""
    asked = ws.query_params.get("lang")
    return asked if asked in ("en", "es") else default


def frame_refusal(conn: Socket, text: str | None, lang: str) -> str | None:
    """Why a frame from a page is not read (binary, too long, too fast): the sentence, or
    None for a frame to read; a refusal the page cannot be told of quickly is ``""``."""
    if text is None:  # a binary frame: no page of this server sends one
        return say("not-understood", lang, detail="binary") if conn.allowed() else ""
    if len(text) > MESSAGE_LIMIT:
        return say("not-understood", lang, detail="too long")
    if not conn.allowed():
        return say("too-fast", lang)
    return None


def parsed(text: str) -> object:
    """A page's message as JSON; None if it is not JSON or nested beyond reason.

    >>> parsed('{"type": "move", "hole": 3}')
    {'type': 'move', 'hole': 3}
    >>> parsed("[" * 100000) is None
    True
    """
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def table_response(table, kind: str, code: str) -> Response:
    """The class's games as a CSV or Parquet download (ImportError: no Parquet here)."""
    disposition = {"Content-Disposition": f'attachment; filename="class-{code}.{kind}"'}
    if kind == "csv":  # a name typed as a formula is shown, never run, in a spreadsheet
        from .games import spreadsheet_safe  # noqa: PLC0415

        return Response(spreadsheet_safe(table).to_csv(index=False), media_type="text/csv",
                        headers=disposition)
    import io  # noqa: PLC0415

    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    return Response(buffer.getvalue(), media_type="application/octet-stream",
                    headers=disposition)


class ClassApp:
    """What the class server's routes share: the class, the pool, the teachers' pages, the
    open WebSockets per address, the overview the teachers' pages have now."""

    def __init__(self, classroom: Classroom, pool: Pool | None, joins: list[str],
                 shelf: Shelf) -> None:
        self.classroom = classroom
        self.pool = pool
        self.joins = joins
        self.shelf = shelf
        self.teachers: set[Socket] = set()
        self.push_due = False  # a push of the overview's changes is on its way
        self.sent: dict | None = None  # the overview every teacher's page has now
        self.open_from: dict[str | None, int] = {}  # address -> WebSockets open from it
        self.tasks: list[asyncio.Task] = []  # the server's own background work
        classroom.book_pages = shelf.page_ok
        classroom.on_change = self.changed

    # -- the teachers' pages hear of the class -------------------------------------------

    def everything(self) -> None:
        """A teacher's page opened: every teacher's page starts again from the whole class."""
        self.sent = overview = self.classroom.overview()
        for conn in list(self.teachers):
            conn.send(overview)

    def changed(self) -> None:
        """The class changed: the teachers' pages hear of it at most 4 times a second."""
        if self.push_due or not self.teachers:
            return
        self.push_due = True
        asyncio.get_running_loop().call_later(0.25, self.send_changes)

    def send_changes(self) -> None:
        """Only what changed: a class of 40 is not sent whole each time."""
        self.push_due = False
        overview = self.classroom.overview()
        changes = overview_changes(self.sent, overview)
        self.sent = overview
        if changes is not None:
            for conn in list(self.teachers):
                conn.send(changes)

    # -- pages ---------------------------------------------------------------------------

    async def student_page(self, request: Request) -> Response:
        lang = page_language(request, self.classroom.lang)
        return HTMLResponse(pages.student_page(lang), headers=pages.HEADERS)

    async def teacher_page(self, request: Request) -> Response:
        lang = page_language(request, self.classroom.lang)
        return HTMLResponse(pages.teacher_page(lang, self.joins, self.shelf.pages(lang)),
                            headers=pages.HEADERS)

    async def projector_page(self, request: Request) -> Response:
        lang = page_language(request, self.classroom.lang)
        return HTMLResponse(pages.projector_page(lang, self.joins), headers=pages.HEADERS)

    async def qr(self, request: Request) -> Response:
        return Response(codes.qr_svg(self.joins[0]), media_type="image/svg+xml")

    async def status(self, request: Request) -> Response:
        pool = self.pool
        return JSONResponse({"ready": sorted(pool.ready) if pool else None,
                             "students": len(self.classroom.students),
                             "searches": len(pool.searches) if pool else 0})

    def key_refusal(self, request: Request) -> Refused | None:
        """None if the request has the teacher's key, else the refusal."""
        import secrets  # noqa: PLC0415

        key = (request.query_params.get("key") or "").upper()
        if secrets.compare_digest(key.encode(), self.classroom.secret.encode()):
            return None
        return self.classroom.wrong_key(request.client.host if request.client else None)

    def sentence(self, request: Request, key: str, status: int, **values) -> Response:
        text = say(key, page_language(request, self.classroom.lang), **values)
        return Response(text, status_code=status, media_type="text/plain; charset=utf-8")

    async def export(self, request: Request) -> Response:
        """``/export.csv`` and ``/export.parquet``: the class's games, with the key."""
        refusal = self.key_refusal(request)
        if refusal is not None:
            status = 403 if refusal.key == "teacher-secret" else 429
            return self.sentence(request, refusal.key, status, **refusal.values)
        from .games import class_games  # noqa: PLC0415 - pandas only when exporting

        names = request.query_params.get("names") == "1"
        try:
            table = class_games(self.classroom.store, class_code=self.classroom.code,
                                names=names)
        except StoreAway:  # the database is away: say so; the export works once it is back
            return self.sentence(request, "database-away", 503)
        kind = request.path_params["kind"]
        if kind not in ("csv", "parquet"):
            return Response("Not found", status_code=404)
        try:
            return table_response(table, kind, self.classroom.code)
        except ImportError:  # no pyarrow (nor fastparquet) here: say so, in the class's words
            return self.sentence(request, "no-parquet", 501)

    # -- WebSockets ----------------------------------------------------------------------

    async def student_socket(self, ws: WebSocket) -> None:
        await self.socket(ws, teacher=False)

    async def teacher_socket(self, ws: WebSocket) -> None:
        await self.socket(ws, teacher=True)

    async def admit(self, ws: WebSocket, lang: str) -> Socket | None:
        """Accept a page's WebSocket, or refuse it (another site's page, one device's flood)."""
        if not origin_ok(ws):
            await ws.close(code=1008)
            return None
        await ws.accept()
        conn = Socket(ws)
        crowded = self.open_from.get(conn.address, 0) >= CONNECTIONS_PER_ADDRESS
        if crowded and conn.address not in OWN_COMPUTER:
            await ws.send_text(json.dumps({"type": "refused",
                                           "text": say("too-many-pages", lang)}))
            await ws.close(code=1008)
            return None
        self.open_from[conn.address] = self.open_from.get(conn.address, 0) + 1
        return conn

    async def socket(self, ws: WebSocket, teacher: bool) -> None:
        """One page's WebSocket, from its opening to its end."""
        lang = socket_language(ws, self.classroom.lang)
        conn = await self.admit(ws, lang)
        if conn is None:
            return
        pump = asyncio.create_task(conn.pump())
        try:
            await self.read_frames(conn, teacher, lang)
        except WebSocketDisconnect:
            pass
        finally:
            self.closed(conn)
            pump.cancel()

    async def read_frames(self, conn: Socket, teacher: bool, lang: str) -> None:
        """Read a page's frames until it goes (or sends more than 50 it should not)."""
        strikes = 0
        while True:
            frame = await conn.ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            refusal = frame_refusal(conn, text, lang)
            if refusal is not None:
                strikes += 1
                if refusal:
                    conn.send({"type": "refused", "text": refusal})
                if strikes > 50:
                    return
                continue
            self.dispatch(conn, parsed(text), teacher, lang)

    def dispatch(self, conn: Socket, message: object, teacher: bool, lang: str) -> None:
        """Hand a page's message to the class; a database that fails is said in a sentence."""
        if isinstance(message, dict) and message.get("type") == "ping":  # the heartbeat
            conn.send({"type": "pong"})
            return
        classroom = self.classroom
        try:
            if not teacher:
                classroom.student_message(conn, message, lang)
            elif classroom.teacher_message(conn, message) and conn.teacher:
                if conn not in self.teachers:
                    self.teachers.add(conn)
                    self.everything()
        except classroom.store.errors as error:  # the database, not the message
            print(f"Could not save: {type(error).__name__}: {error}",
                  file=sys.stderr, flush=True)
            conn.send({"type": "refused", "text": say("not-saved", lang)})

    def closed(self, conn: Socket) -> None:
        """A page's WebSocket ended: forget it everywhere."""
        self.open_from[conn.address] -= 1
        if not self.open_from[conn.address]:
            del self.open_from[conn.address]
        self.teachers.discard(conn)
        self.classroom.teachers.discard(conn)
        self.classroom.disconnected(conn)

    # -- the server's life ---------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette):
        self.startup()
        try:
            yield
        finally:
            for task in self.tasks:
                task.cancel()
            if self.pool is not None:
                self.pool.close()

    def startup(self) -> None:
        """Watch the database; warm the pool's workers (the levels are offered once ready)."""
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(self.watch_the_store()))
        if self.pool is not None:
            self.pool.loop = loop
            self.pool.warm(self.levels_ready)

    def levels_ready(self) -> None:
        """The searching levels can play: every student in the lobby sees them offered."""
        self.classroom.offer_levels()
        self.changed()

    async def watch_the_store(self) -> None:
        """While the database does not answer, try it every second; say so in the log (and
        on the teacher's page, through the overview), and carry on once it is back."""
        store, lang, said = self.classroom.store, self.classroom.lang, False
        while True:
            await asyncio.sleep(1.0)
            if store.away is None:
                continue
            if not said:
                print(f"{say('database-away', lang)} ({store.away})", file=sys.stderr,
                      flush=True)
                said = True
                self.changed()
            if await asyncio.get_running_loop().run_in_executor(None, store.reconnect):
                print(say("database-back", lang), file=sys.stderr, flush=True)
                said = False
                self.classroom.store_back()
                self.changed()

    def routes(self) -> list:
        """Every route of the server: pages, static files, WebSockets, export, the book."""
        routes = [
            Route("/", self.student_page),
            Route("/teacher", self.teacher_page),
            Route("/projector", self.projector_page),
            Route("/static/{name}", static),
            Route("/qr.svg", self.qr),
            Route("/status", self.status),
            Route("/export.{kind:str}", self.export),
            WebSocketRoute("/ws", self.student_socket),
            WebSocketRoute("/ws/teacher", self.teacher_socket),
        ]
        book = book_route(self.shelf, self.classroom.lang)
        for mount in MOUNTS:
            routes += [Route(f"/{mount}", book), Route(f"/{mount}/", book),
                       Route(f"/{mount}/{{path:path}}", book)]
        return routes


def create_app(classroom: Classroom, pool: Pool | None, joins: list[str],
               shelf: Shelf | None = None) -> Starlette:
    """The ASGI app serving ``classroom``; ``joins`` are the addresses students open;
    ``shelf`` the book served at ``/libro/`` and ``/book/``."""
    served = ClassApp(classroom, pool, joins, shelf or Shelf.open(None))
    return Starlette(routes=served.routes(), lifespan=served.lifespan)


def _more_open_files() -> None:
    """Let the server hold a whole class's WebSockets: the soft limit of open files (often
    1,024) raised to the hard one, up to 8,192 (each address is capped besides)."""
    try:
        import resource  # noqa: PLC0415 - not on Windows
    except ImportError:  # pragma: no cover
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 8192 if hard == resource.RLIM_INFINITY else min(hard, 8192)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def port_taken(host: str, port: int) -> bool:
    """True if another program listens on ``port`` at ``host`` already."""
    import errno  # noqa: PLC0415
    import socket  # noqa: PLC0415

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as error:
            return error.errno == errno.EADDRINUSE
    return False


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "clase.db", lang: str = "es",
          new: bool = False, workers: int = 2, code: str | None = None,
          book: str | Path | None = "build/book") -> None:
    """Start the class server (blocks until Ctrl-C). A port in use is said in a sentence
    before anything else (no class code or key is printed for a server that cannot start);
    :class:`CannotStart` says in a sentence why it cannot (which class, a bad database ...);
    ``book`` is the folder of the book (``python -m hoyito_edu book``) served to the phones."""
    import uvicorn  # noqa: PLC0415 - the [class] extra

    if port_taken(host, port):
        print(say("port-taken", lang, port=port, other=port + 1 if port < 65535 else 8000),
              file=sys.stderr, flush=True)
        raise SystemExit(1)
    _more_open_files()
    store = Store(db, lang, exclusive=True)
    pool = Pool(workers, lang) if workers > 0 else None
    try:
        # no workers: only the quick levels, never a search inside the server (pages freeze)
        classroom = Classroom(store, lang, think=pool.think_for if pool else None,
                              ready=pool.ready if pool else set(INLINE_LEVELS), new=new,
                              code=code)
    except CannotStart:
        if pool is not None:
            pool.close()
        raise
    joins = codes.join_addresses(host, port)
    shelf = Shelf.open(book)
    print(pages.banner(classroom, joins, host, port, lang), flush=True)
    if shelf.folder is None:
        print(say("book-missing", lang), flush=True)
    app = create_app(classroom, pool, joins, shelf)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_ping_interval=20, ws_ping_timeout=20)
