"""Two teachers, one school's PostgreSQL (a real server, started by ``test_class_postgres``'s
fixtures): each class server serves its own class only, named by the code it printed
(``--class CODE``), through restarts; never "the newest open class in the database"."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

psycopg = pytest.importorskip("psycopg")
pytest.importorskip("segno")
pytest.importorskip("websockets")

from classserver import ROOT, Student, free_port, start  # noqa: E402
from test_class_postgres import cluster, postgres, url  # noqa: E402, F401 - the fixtures

pytestmark = pytest.mark.server


def refused_start(db: str, *extra: str) -> subprocess.CompletedProcess:
    """``serve`` as a teacher would type it, when it must not start: what it printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "hoyito_edu", "serve", "--port", str(free_port()),
               "--db", db, "--lang", "en", "--workers", "0", *extra]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env,
                          cwd=ROOT)


async def join_and_play(server, name: str) -> str:
    page = await Student.connect(server.ws)
    told = await page.join(server.code, name)
    assert told["type"] == "lobby", told
    await page.play("beginner")
    await page.click()
    await page.close()
    return page.token


async def resume(server, token: str) -> dict:
    page = await Student.connect(server.ws)
    await page.send({"type": "resume", "token": token, "lang": "en"})
    told = await page.receive(lambda m: m["type"] in ("game", "lobby", "refused"))
    await page.close()
    return told


def test_two_teachers_on_one_postgresql_each_keep_their_own_class(url, tmp_path):  # noqa: F811
    first = start(url, tmp_path / "first.log", extra=("--new",))
    second = None
    try:
        second = start(url, tmp_path / "second.log", extra=("--new",))
        assert first.code != second.code and first.secret != second.secret
        ana = asyncio.run(join_and_play(first, "Ana"))
        ben = asyncio.run(join_and_play(second, "Ben"))
        # nobody else's class to carry on with, and no class served twice
        for extra in ((), ("--class", first.code), ("--class", "KKKKK")):
            run = refused_start(url, *extra)
            assert run.returncode == 1 and "Traceback" not in run.stderr
            assert first.secret not in run.stdout + run.stderr
            assert second.secret not in run.stdout + run.stderr
        assert "--class" in refused_start(url).stderr
        assert "another server" in refused_start(url, "--class", first.code).stderr
        # the first teacher restarts hers, as the banner says: her class, her students
        first.stop()
        assert f"--class {first.code}" in first.log.read_text()
        before = (first.code, first.secret)
        first = again = start(url, tmp_path / "first.log", port=first.port,
                              extra=("--class", first.code.lower()))
        assert (again.code, again.secret) == before
        assert asyncio.run(resume(again, ana))["type"] == "game"
        assert asyncio.run(resume(again, ben))["type"] == "refused"
        second.stop()
        second = start(url, tmp_path / "second.log", port=second.port,
                       extra=("--class", second.code))
        assert asyncio.run(resume(second, ben))["type"] == "game"
        assert asyncio.run(resume(second, ana))["type"] == "refused"
    finally:
        first.stop()
        if second is not None:
            second.stop()
