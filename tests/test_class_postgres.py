"""The class server on a real PostgreSQL server, started by these tests: a private cluster
(``initdb``, ``pg_ctl`` from Debian's ``postgresql`` package, installed by
``scripts/ensure_postgresql.sh``) in a temporary folder, on a free port, bound to 127.0.0.1.
As root the cluster runs as the ``postgres`` user (PostgreSQL refuses to run as root).

The same schema and migrations as SQLite; the same class, restart and table."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg")
pytest.importorskip("segno")

from classserver import Student, free_port, start  # noqa: E402
from test_class_room import Page, click, join  # noqa: E402

import hoyito_edu as hy  # noqa: E402
from hoyito_edu.board.server.room import Classroom  # noqa: E402
from hoyito_edu.board.server.store import MIGRATIONS, Store  # noqa: E402

pytestmark = pytest.mark.server


def _as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class Cluster:
    """A PostgreSQL server of our own, which a test may stop and start again."""

    bin_dir: Path
    data: Path
    folder: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}"

    def pg_ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(_as_postgres([str(self.bin_dir / "pg_ctl"), "-D", str(self.data),
                                     "-o", options, "-l", str(self.folder / "log"), *args]),
                       check=True, capture_output=True)

    def start(self) -> None:
        self.pg_ctl("-w", "start")

    def stop(self) -> None:
        self.pg_ctl("-m", "fast", "-w", "stop")


@pytest.fixture(scope="module")
def postgres():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("PostgreSQL is not installed (scripts/ensure_postgresql.sh installs it)")
    bin_dir = Path(found[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="hoyito-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    server = Cluster(bin_dir, folder / "data", folder, free_port())
    subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(server.data), "-A", "trust",
                                 "-U", "postgres"]),
                   check=True, capture_output=True)
    server.start()
    try:
        yield server
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(server.data), "-m",
                                     "immediate", "-w", "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster(postgres):
    """The PostgreSQL server's URL (a fresh database per test: see ``url``)."""
    return postgres.url


@pytest.fixture
def url(cluster, request):
    name = "t_" + "".join(ch for ch in request.node.name.lower() if ch.isalnum())[:40]
    with psycopg.connect(f"{cluster}/postgres", autocommit=True) as con:
        con.execute(f'DROP DATABASE IF EXISTS "{name}"')
        con.execute(f'CREATE DATABASE "{name}"')
    return f"{cluster}/{name}"


def test_the_same_schema_and_migrations_as_sqlite(url, tmp_path):
    postgres, sqlite = Store(url), Store(tmp_path / "clase.db")
    assert postgres.migrate() == sqlite.migrate() == len(MIGRATIONS)  # a second run: nothing
    with psycopg.connect(url) as con:
        tables = {row[0] for row in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")}
    assert tables == {"schema_version", "classes", "students", "games", "moves"}


def test_a_class_on_postgresql_is_kept_and_rebuilt(url):
    room = Classroom(Store(url), "en", new=True)
    page = join(room, "Ana")
    token = page.last("joined")["token"]
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    for _ in range(3):
        click(room, page)
    before = page.view

    room.store.close()  # the first server stops: the class is free for another
    again = Classroom(Store(url), "en", code=room.code)  # another process would see the same
    assert again.code == room.code
    page = Page()
    again.student_message(page, {"type": "resume", "token": token, "lang": "en"}, "en")
    assert (page.view["ply"], page.view["board"]) == (before["ply"], before["board"])
    table = hy.class_games(url)
    assert len(table) == 1 and table.iloc[0]["plies"] == before["ply"]
    assert table.iloc[0]["south"] == "S01" and table.iloc[0]["result"] == "unfinished"


def test_the_real_server_on_postgresql_survives_kill_9(url, tmp_path):
    log = tmp_path / "server.log"
    server = start(url, log, extra=("--new",))
    try:
        async def play():
            ana = await Student.connect(server.ws)
            await ana.join(server.code, "Ana")
            await ana.play("beginner")
            for _ in range(2):
                await ana.click()
            return ana.token, ana.view

        token, seen = asyncio.run(play())
        server.kill9()
        server = start(url, log, port=server.port, extra=("--class", server.code))

        async def back():
            ana = await Student.connect(server.ws)
            await ana.send({"type": "resume", "token": token, "lang": "en"})
            await ana.receive(lambda m: m["type"] == "set" and m["name"] == "view")
            return ana.view

        view = asyncio.run(back())
        assert (view["ply"], view["board"]) == (seen["ply"], seen["board"])
    finally:
        server.stop()


def export(server) -> tuple[int, str]:
    import urllib.error  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    try:
        with urllib.request.urlopen(f"{server.url}/export.csv?key={server.secret}",
                                    timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_a_postgresql_restart_mid_class_is_waited_out_and_the_lesson_goes_on(postgres, url,
                                                                             tmp_path):
    """The server once never reconnected: pages said "reconnecting…" for good while the
    process looked alive. Now it says the database is away (log, teacher, students), keeps
    trying, and every game goes on from where it was when PostgreSQL is back."""
    log = tmp_path / "server.log"
    server = start(url, log, extra=("--new",))
    try:
        async def lesson():
            teacher = await Student.connect(server.ws + "/teacher")
            await teacher.send({"type": "teacher", "secret": server.secret})
            await teacher.receive(lambda m: m["type"] == "class")
            ana = await Student.connect(server.ws)
            await ana.join(server.code, "Ana")
            await ana.play("beginner")
            for _ in range(2):
                await ana.click()
            seen = ana.view
            postgres.stop()
            try:
                view = ana.view  # a tap while the database is away: said, and not lost
                click = {"type": "click", "hole": view["playable"][0], "ply": view["ply"],
                         "game": view["game"]}
                await ana.send({"type": "board", "message": click})
                away = await ana.receive(lambda m: m["type"] == "refused")
                assert "database is not answering" in away["text"] and away["again"]
                await teacher.receive(lambda m: teacher.overview.get("database"))
                assert "database is not answering" in teacher.overview["database"]
                loop = asyncio.get_running_loop()  # the export says so too, in a sentence
                status, body = await loop.run_in_executor(None, export, server)
                assert status == 503 and "not answering" in body
                ben = await Student.connect(server.ws)  # a new student is told, not dropped
                refusal = await ben.join(server.code, "Ben")
                assert refusal["type"] == "refused" and "not answering" in refusal["text"]
            finally:
                time.sleep(3)
                postgres.start()
            # back: the tap waiting is played and shown, and the class goes on
            await ana.receive(lambda m: m["type"] == "set" and m["name"] == "view"
                              and m["value"]["ply"] > seen["ply"], timeout=30)
            await ana.settle()
            await ana.click()
            assert (await ben.join(server.code, "Ben"))["type"] == "lobby"
            await teacher.receive(lambda m: not teacher.overview.get("database"))
            return ana.view

        view = asyncio.run(lesson())
        with psycopg.connect(url) as con:
            stored = con.execute("SELECT count(*) FROM moves").fetchone()[0]
        assert stored == view["ply"]  # every move the page saw is kept
        assert export(server)[0] == 200
        text = log.read_text()
        assert "database is not answering" in text and "answers again" in text
        assert "Traceback" not in text
    finally:
        server.stop()


def test_a_postgresql_restart_between_two_moves_goes_unnoticed(postgres, url, tmp_path):
    server = start(url, tmp_path / "server.log", extra=("--new",))
    try:
        async def lesson():
            ana = await Student.connect(server.ws)
            await ana.join(server.code, "Ana")
            await ana.play("beginner")
            await ana.click()
            postgres.stop()
            postgres.start()
            await ana.click()  # the dead connection is opened again, the move kept
            assert not [m for m in ana.got if m["type"] == "refused"]
            return ana.view["ply"]

        ply = asyncio.run(lesson())
        with psycopg.connect(url) as con:
            assert con.execute("SELECT count(*) FROM moves").fetchone()[0] == ply
    finally:
        server.stop()
