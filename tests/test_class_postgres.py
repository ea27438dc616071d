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


@pytest.fixture(scope="module")
def cluster():
    """A PostgreSQL server of our own: its URL (a fresh database per test: see ``url``)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("PostgreSQL is not installed (scripts/ensure_postgresql.sh installs it)")
    bin_dir = Path(found[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="hoyito-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    port = free_port()
    data = folder / "data"
    subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust",
                                 "-U", "postgres"]),
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                                 "-l", str(folder / "log"), "-w", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "-w", "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


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
