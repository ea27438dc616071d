"""The class server against an attacker on the same network (loopback only), as the real
server process with real WebSocket clients and real SQLite files: forged messages, bad
databases, floods. Each test is a finding of issue 36 that failed before its fix."""

from __future__ import annotations

import asyncio
import io
import random
import sqlite3
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from classserver import Student, class_server, get, start  # noqa: E402

from hoyito_edu.engine.game import Game  # noqa: E402
from hoyito_edu.engine.rules import BOARD_QUIET_LIMIT  # noqa: E402

pytestmark = pytest.mark.server


def database(db: str) -> dict:
    """What the class file holds: the games (with their results) and every stored move."""
    with sqlite3.connect(db) as con:
        games = con.execute("SELECT id, opponent, ended, end_reason, winner FROM games "
                            "ORDER BY started").fetchall()
        moves = con.execute("SELECT game_id, ply, player, hole FROM moves "
                            "ORDER BY game_id, ply").fetchall()
    return {"games": games, "moves": moves}


def won_by_south(seed: int = 1) -> list[int]:
    """The holes of a whole game of Hoyito I (6 holes a row) that South wins, played by the
    engine with random legal moves (the forger's record: every move legal)."""
    rng = random.Random(seed)
    while True:
        game = Game("hoyito-i", holes_per_row=6, quiet_limit=BOARD_QUIET_LIMIT)
        while not game.position.is_over:
            game.play(rng.choice(game.position.legal_moves()))
        if game.position.outcome.winner == 0:
            return [move.hole for move in game.moves]


def restore(holes: list, opponent: str | None, match: bool = False) -> dict:
    settings = {"variant": "hoyito-i", "holes_per_row": 6, "opponent": opponent, "human": 0,
                "match": match}
    return {"type": "board", "message": {"type": "restore", "holes": holes,
                                         "settings": settings}}


async def teacher(server):
    page = await Student.connect(server.ws + "/teacher")
    await page.send({"type": "teacher", "secret": server.secret})
    await page.receive(lambda m: m["type"] == "class")
    return page


@pytest.fixture
def server(tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as running:
        yield running


# -- 1. a page may ask to resume, never hand the server a game ------------------------------
def test_a_forged_restore_never_writes_a_game_the_server_did_not_see_played(server):
    """A whole game "won" against the computer, a win against a classmate who never played,
    moves during a pause, a forged match round: nothing of it is stored, the exports still
    work, and the student comes back after a restart."""
    holes = won_by_south()

    async def forge():
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        await ana.play("beginner")
        await ana.click()
        before = database(server.db)
        await ana.send(restore(holes, "beginner"))  # a whole game "won" against the computer
        await ana.receive(lambda m: m["type"] == "refused")
        await ana.send(restore(holes[:7] + ["next-round", *holes[:3]], "beginner", match=True))
        await ana.receive(lambda m: m["type"] == "refused")
        await ana.receive()
        assert database(server.db) == before
        # a win against a classmate who never played
        ben = await Student.connect(server.ws)
        await ben.join(server.code, "Ben")
        await ana.send({"type": "lobby"})
        await ana.send({"type": "play", "opponent": "classmate"})
        await ana.receive(lambda m: m["type"] == "lobby" and m["waiting"])
        await ben.send({"type": "play", "opponent": "classmate"})
        await ana.receive(lambda m: m["type"] == "game")
        await ana.receive()
        await ben.receive()
        before = database(server.db)
        await ana.send(restore(holes, None))
        await ana.receive(lambda m: m["type"] == "refused")
        await ben.receive()
        assert ben.view["ply"] == 0 and database(server.db) == before
        # moves during a pause
        desk = await teacher(server)
        await desk.send({"type": "pause", "paused": True})
        await ana.receive(lambda m: m["type"] == "paused" and m["paused"])
        await ana.send(restore(holes[:6], None))
        await ana.receive(lambda m: m["type"] == "refused")
        await ana.receive()
        assert database(server.db) == before
        token = ana.token
        for page in (ana, ben, desk):
            await page.close()
        return token

    token = asyncio.run(forge())
    for kind in ("csv", "parquet"):
        assert get(f"{server.url}/export.{kind}?key={server.secret}")[0] == 200
    server.stop()
    again = start(server.db, server.log, port=server.port)
    try:
        async def back():
            ana = await Student.connect(again.ws)
            await ana.send({"type": "resume", "token": token, "lang": "en"})
            return await ana.receive(lambda m: m["type"] in ("game", "lobby", "refused"))

        assert asyncio.run(back())["type"] in ("game", "lobby")
    finally:
        again.stop()


def test_a_stored_game_that_does_not_replay_breaks_neither_exports_nor_the_comeback(tmp_path):
    """A class file written by an older server, with a game whose moves the engine refuses
    (a forged match round): the export keeps the other games and marks that one, and its
    student comes back to the lobby after a restart instead of a traceback."""
    db, log = str(tmp_path / "clase.db"), tmp_path / "server.log"
    server = start(db, log)

    async def play():
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        await ana.play("beginner")
        await ana.click()
        await ana.close()
        return ana.token

    try:
        token = asyncio.run(play())
    finally:
        server.stop()
    with sqlite3.connect(db) as con:  # a forged record: a hole the board does not have
        game_id, = con.execute("SELECT id FROM games").fetchone()
        ply, = con.execute("SELECT MAX(ply) FROM moves").fetchone()
        con.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                    (game_id, ply + 1, 0, 99, time.time()))
    server = start(db, log, port=server.port)
    try:
        async def back():
            ana = await Student.connect(server.ws)
            await ana.send({"type": "resume", "token": token, "lang": "en"})
            return await ana.receive(lambda m: m["type"] in ("game", "lobby", "refused"))

        assert asyncio.run(back())["type"] == "lobby"
        pandas = pytest.importorskip("pandas")
        status, _headers, body = get(f"{server.url}/export.csv?key={server.secret}")
        assert status == 200
        table = pandas.read_csv(io.BytesIO(body))
        assert list(table["end_reason"]) == ["does-not-replay"]
        assert get(f"{server.url}/export.parquet?key={server.secret}")[0] == 200
        assert "Traceback" not in log.read_text()
    finally:
        server.stop()


# -- 3. names typed as spreadsheet formulas --------------------------------------------------
FORMULAS = ['=HYPERLINK("http://127.0.0.1/x","notas")', "=cmd|' /C calc'!A0", "+SUM(1,2)",
            "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "=1+1"]


def test_names_typed_as_formulas_reach_the_csv_export_as_text(server):
    import csv

    async def play():
        for name in FORMULAS:
            page = await Student.connect(server.ws)
            assert (await page.join(server.code, name))["type"] == "lobby"
            await page.play("beginner")
            await page.click()
            await page.close()

    asyncio.run(play())
    status, _headers, body = get(f"{server.url}/export.csv?key={server.secret}&names=1")
    assert status == 200
    rows = list(csv.reader(io.StringIO(body.decode())))
    cells = [cell for row in rows[1:] for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    shown = {row[rows[0].index("south")] for row in rows[1:]}
    assert shown == {"'" + name for name in FORMULAS}


# -- 5. sentences, not tracebacks -------------------------------------------------------------
def test_binary_frames_get_a_sentence_and_a_flood_of_them_leaves_the_log_quiet(server):
    async def frames():
        page = await Student.connect(server.ws)
        await page.ws.send(b"\x00\x01binary")
        refused = await page.receive(lambda m: m["type"] == "refused")
        assert refused["text"] == "That message was not understood (binary), so nothing changed."
        assert (await page.join(server.code, "Ana"))["type"] == "lobby"  # the page goes on
        flood = await Student.connect(server.ws)
        started = time.monotonic()
        with pytest.raises(websockets.exceptions.ConnectionClosed):
            for _ in range(60):
                await flood.ws.send(b"\xff" * 100)
            await flood.receive(lambda m: False, timeout=5)
        assert time.monotonic() - started < 10
        other = await Student.connect(server.ws)
        assert (await other.join(server.code, "Ben"))["type"] == "lobby"

    asyncio.run(frames())
    log = server.log.read_text()
    assert "Traceback" not in log and len(log.splitlines()) < 40


def test_a_teacher_key_with_any_letters_is_refused_in_a_sentence(server):
    async def keys():
        page = await Student.connect(server.ws + "/teacher")
        for key in ("ÑANDÚ", "ключ", "🔑" * 16, server.secret[:-1] + "É"):
            await page.send({"type": "teacher", "secret": key})
            refused = await page.receive(lambda m: m["type"] == "refused")
            assert refused["text"] == "That is not this class's teacher key."
        await page.send({"type": "teacher", "secret": server.secret.lower()})
        assert (await page.receive(lambda m: m["type"] in ("class", "refused")))["type"] == "class"

    asyncio.run(keys())
    assert get(f"{server.url}/export.csv?key=%C3%91AND%C3%9A")[0] == 403
    assert "Traceback" not in server.log.read_text()


def refused_start(db: str) -> str:
    """``serve --db db`` when it must not start: what it printed (it must have stopped)."""
    import os
    import subprocess
    import sys

    from classserver import ROOT, free_port

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "hoyito_edu", "serve", "--port", str(free_port()),
               "--db", db, "--lang", "en", "--workers", "0"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and "Class code" not in run.stdout
    return run.stderr


def test_a_db_that_cannot_hold_a_class_is_refused_in_a_sentence_and_left_alone(tmp_path):
    noise = tmp_path / "noise.db"
    noise.write_bytes(random.Random(7).randbytes(20_000))
    table = tmp_path / "notas.csv"
    table.write_text("name,score\nAna,12\nBen,30\n" * 200)
    folder = tmp_path / "a-folder"
    folder.mkdir()
    cases = {str(noise): "is not a class database", str(table): "is not a class database",
             str(folder): "is a folder", str(table / "clase.db"): "is a file, not a folder"}
    for db, sentence in cases.items():
        before = {p: p.read_bytes() for p in (noise, table)}
        assert sentence in refused_start(db)
        assert {p: p.read_bytes() for p in (noise, table)} == before
    assert set(p.name for p in tmp_path.iterdir()) == {"noise.db", "notas.csv", "a-folder"}


def test_a_read_only_db_is_refused_in_a_sentence(tmp_path):
    import os
    import shutil
    import subprocess

    db, log = str(tmp_path / "clase.db"), tmp_path / "server.log"
    start(db, log).stop()
    if os.geteuid() == 0:  # root writes any file: make it immutable instead
        if not shutil.which("chattr") or subprocess.run(["chattr", "+i", db]).returncode:
            pytest.skip("root, and this file system cannot make a file immutable")
    else:
        os.chmod(db, 0o444)
    try:
        assert "cannot be written" in refused_start(db)
        import hoyito_edu as hy

        assert len(hy.class_games(db)) == 0  # reading the games needs no writing
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", db])


def test_a_db_cut_in_half_is_checked_and_refused_in_a_sentence(tmp_path):
    db, log = str(tmp_path / "clase.db"), tmp_path / "server.log"
    server = start(db, log)

    async def play():
        for number in range(8):
            page = await Student.connect(server.ws)
            await page.join(server.code, f"{number} " + "Ana María de los Santos Pérez")
            await page.play("beginner")
            for _ in range(4):
                await page.click()
            await page.close()

    try:
        asyncio.run(play())
    finally:
        server.stop()
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    whole = open(db, "rb").read()  # noqa: SIM115
    assert len(whole) >= 4 * 4096
    with open(db, "wb") as half:
        half.write(whole[: len(whole) // 2])
    assert "is damaged" in refused_start(db)
    assert len(open(db, "rb").read()) == len(whole) // 2  # noqa: SIM115 - left as it was


# -- 6. one server a SQLite file --------------------------------------------------------------
def test_a_second_server_on_the_same_file_is_refused_until_the_first_is_gone(tmp_path):
    db, log = str(tmp_path / "clase.db"), tmp_path / "server.log"
    first = start(db, log)
    try:
        printed = refused_start(db)
        assert "Another class server is using" in printed
        assert first.secret not in printed and first.code not in printed

        async def play():  # the first server goes on as if nothing had happened
            page = await Student.connect(first.ws)
            await page.join(first.code, "Ana")
            await page.play("beginner")
            await page.click()
            await page.close()

        asyncio.run(play())
        first.kill9()  # the lock goes with the process, however it ends
        again = start(db, log, port=first.port)
        assert (again.code, again.secret) == (first.code, first.secret)
        again.stop()
    finally:
        first.stop()


# -- 7. trying codes and keys, floods -----------------------------------------------------
async def page_from(server, address: str, path: str = "") -> Student:
    """A page on another device: a WebSocket from another loopback address."""
    return await Student.connect(server.ws + path, local_addr=(address, 0))


async def answer(page: Student) -> str:
    told = await page.receive(lambda m: m["type"] in ("lobby", "game", "refused"))
    return "lobby" if told["type"] in ("lobby", "game") else told["text"]


def test_class_codes_cannot_be_found_by_trying_them(server):
    async def guess():
        one = await page_from(server, "127.0.0.2")
        said = []
        for number in range(14):
            await one.send({"type": "join", "code": f"KKK{number:02d}", "name": "X", "lang": "en"})
            said.append(await answer(one))
        assert said[0].startswith("There is no class with the code")
        assert said[-1].startswith("Too many wrong class codes")
        assert len([s for s in said if s.startswith("There is no class")]) <= 10
        await one.send({"type": "join", "code": server.code, "name": "X", "lang": "en"})
        assert (await answer(one)).startswith("Too many wrong class codes")  # not even this
        other = await page_from(server, "127.0.0.3")
        assert (await other.join(server.code, "Ana"))["type"] == "lobby"
        # many devices together: the class stops checking the codes of every device that
        # has typed a wrong one, after a single try each
        blocked = False
        for device in range(4, 16):
            page = await page_from(server, f"127.0.1.{device}")
            for number in range(9):
                await page.send({"type": "join", "code": f"KKK{number:02d}", "name": "X",
                                 "lang": "en"})
                blocked = (await answer(page)).startswith("Too many") or blocked
            await page.close()
        assert blocked
        tried = await page_from(server, "127.0.2.1")
        await tried.send({"type": "join", "code": "KKK99", "name": "X", "lang": "en"})
        await answer(tried)
        assert (await tried.join(server.code, "Ben"))["type"] == "refused"
        # ... while a student's phone that typed no wrong code still comes in
        late = await page_from(server, "127.0.2.2")
        assert (await late.join(server.code, "Carla"))["type"] == "lobby"

    asyncio.run(guess())


def test_wrong_teacher_keys_are_limited_but_the_teachers_key_still_opens(server):
    import http.client

    def export(key: str) -> int:
        con = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                         source_address=("127.0.0.4", 0))
        con.request("GET", f"/export.csv?key={key}")
        status = con.getresponse().status
        con.close()
        return status

    async def keys():
        page = await page_from(server, "127.0.0.4", "/teacher")
        said = []
        for number in range(12):
            await page.send({"type": "teacher", "secret": f"WRONG{number}"})
            said.append((await page.receive(lambda m: m["type"] == "refused"))["text"])
        assert said[0] == "That is not this class's teacher key."
        assert said[-1].startswith("Too many wrong teacher keys")
        assert export("WRONG") == 429
        await page.send({"type": "teacher", "secret": server.secret})
        assert (await page.receive(lambda m: m["type"] in ("class", "refused")))["type"] == "class"

    asyncio.run(keys())
    assert export(server.secret) == 200


def test_one_device_cannot_hold_every_connection(server):
    from hoyito_edu.board.server.limits import CONNECTIONS_PER_ADDRESS

    async def flood():
        pages, refused = [], 0
        for _ in range(CONNECTIONS_PER_ADDRESS + 6):
            page = await page_from(server, "127.0.0.5")
            pages.append(page)
        for page in pages[-6:]:
            told = await page.receive(lambda m: m["type"] == "refused", timeout=5)
            refused += told["text"].startswith("Too many pages")
        assert refused == 6
        student = await page_from(server, "127.0.0.6")
        assert (await student.join(server.code, "Ana"))["type"] == "lobby"
        await pages[0].send({"type": "join", "code": server.code, "name": "Ben", "lang": "en"})
        assert await answer(pages[0]) == "lobby"  # the pages let in still work
        for page in pages:
            await page.close()

    asyncio.run(flood())


def test_made_up_students_are_limited_per_device_and_per_class(server):
    async def flood():
        one = await page_from(server, "127.0.0.7")
        said = []
        for number in range(14):
            await one.send({"type": "join", "code": server.code, "name": f"Bot {number}",
                            "lang": "en"})
            said.append(await answer(one))
        assert said[:10] == ["lobby"] * 10
        assert said[-1].startswith("Too many new names from this device")
        desk = await teacher(server)
        assert desk.overview["max_students"] >= 30
        await desk.send({"type": "limit", "students": 12})
        await desk.receive(lambda m: m["type"].startswith("class")
                           and desk.overview["max_students"] == 12)
        joined = []
        for device in range(2, 5):
            page = await page_from(server, f"127.0.3.{device}")
            await page.send({"type": "join", "code": server.code, "name": f"Student {device}",
                             "lang": "en"})
            joined.append(await answer(page))
        assert joined[:2] == ["lobby", "lobby"]
        assert joined[2] == "This class is full (12 students). Ask your teacher to let more in."
        await desk.send({"type": "limit", "students": 13})
        await desk.receive(lambda m: m["type"].startswith("class")
                           and desk.overview["max_students"] == 13)
        late = await page_from(server, "127.0.3.9")
        assert (await late.join(server.code, "Student 4"))["type"] == "lobby"

    asyncio.run(flood())


def test_a_device_held_back_is_told_how_long_to_wait_and_may_come_in_after(server):
    """A phone lent round the class makes many new names: it was refused for 45 s with no
    word of how long. The sentence says how many seconds (in the page's language), and
    after them the phone comes in."""
    import re

    async def lent():
        phone = await page_from(server, "127.0.0.8")
        for number in range(10):
            await phone.send({"type": "join", "code": server.code, "name": f"Kid {number}",
                              "lang": "en"})
            assert await answer(phone) == "lobby"
        await phone.close()
        phone = await page_from(server, "127.0.0.8", "?lang=es")  # the next child's page
        await phone.send({"type": "join", "code": server.code, "name": "Luz", "lang": "es"})
        said = await answer(phone)
        seconds = int(re.fullmatch(r"Demasiados nombres nuevos desde este aparato hace un "
                                   r"momento: inténtalo otra vez en (\d+) s\.", said)[1])
        assert 1 <= seconds <= 10
        await asyncio.sleep(seconds + 0.3)
        assert (await phone.join(server.code, "Luz"))["type"] == "lobby"

        thief = await page_from(server, "127.0.0.9")
        said = []
        for number in range(7):  # wrong PINs for Luz: five, then the wait is said
            await thief.send({"type": "join", "code": server.code, "name": "Luz",
                              "pin": f"{number:04d}", "lang": "en"})
            said.append(await answer(thief))
        waits = [re.search(r"try again in (\d+) s, or ask your teacher", s) for s in said]
        assert waits[-1] and 1 <= int(waits[-1][1]) <= 60, said

    asyncio.run(lent())


def test_a_removed_students_device_cannot_join_under_another_name(server):
    """Removed by the teacher, Ben's phone (its storage cleared, so no token to show) tries
    another name: refused in a sentence, while another phone still joins; once the teacher
    lets Ben back, his phone joins again."""
    async def removed():
        ben = await page_from(server, "127.0.0.12")
        assert (await ben.join(server.code, "Ben"))["type"] == "lobby"
        desk = await teacher(server)
        ben_id = next(s["id"] for s in desk.overview["students"] if s["name"] == "Ben")
        await desk.send({"type": "remove", "student": ben_id})
        gone = await ben.receive(lambda m: m["type"] == "gone")
        assert gone.get("removed") is True
        again = await page_from(server, "127.0.0.12")
        await again.send({"type": "join", "code": server.code, "name": "Bob", "lang": "en"})
        assert (await answer(again)).startswith("Your teacher has taken the student of this "
                                                "phone out of the class")
        other = await page_from(server, "127.0.0.13")
        assert (await other.join(server.code, "Carla"))["type"] == "lobby"
        await desk.send({"type": "readmit", "student": ben_id})
        await desk.receive()
        assert not next(s for s in desk.overview["students"] if s["id"] == ben_id)["removed"]
        await again.send({"type": "join", "code": server.code, "name": "Bob", "lang": "en"})
        assert await answer(again) == "lobby"

    asyncio.run(removed())


def test_the_students_per_class_the_teacher_set_is_kept_over_a_restart(tmp_path):
    """The teacher raised the class's cap to 75 (or lowered it): a restart of the server
    (Ctrl-C, kill -9) went back to 60. It is kept with the class now."""
    db = str(tmp_path / "clase.db")

    async def set_limit(server, students: int) -> None:
        desk = await teacher(server)
        await desk.send({"type": "limit", "students": students})
        await desk.receive(lambda m: m["type"].startswith("class")
                           and desk.overview["max_students"] == students)

    async def limit_now(server) -> int:
        return (await teacher(server)).overview["max_students"]

    with class_server(db, tmp_path / "one.log") as server:
        assert asyncio.run(limit_now(server)) == 60
        asyncio.run(set_limit(server, 75))
        server.kill9()
    with class_server(db, tmp_path / "two.log") as server:
        assert asyncio.run(limit_now(server)) == 75
        asyncio.run(set_limit(server, 2))
    with class_server(db, tmp_path / "three.log") as server:
        assert asyncio.run(limit_now(server)) == 2

        async def third_student() -> str:
            for name in ("Ana", "Ben"):
                assert (await (await Student.connect(server.ws)).join(server.code, name))[
                    "type"] == "lobby"
            return await answer_of_join(server, "Carla")

        assert asyncio.run(third_student()).startswith("This class is full (2 students)")


async def answer_of_join(server, name: str) -> str:
    page = await Student.connect(server.ws)
    await page.send({"type": "join", "code": server.code, "name": name, "lang": "en"})
    return await answer(page)


# -- 8. a classmate's name is not enough ------------------------------------------------------
async def join_with_pin(page: Student, code: str, name: str, pin: str) -> str:
    await page.send({"type": "join", "code": code, "name": name, "pin": pin, "lang": "en"})
    told = await page.receive(lambda m: m["type"] in ("lobby", "game", "refused"))
    return told["type"] if told["type"] != "refused" else told["text"]


def test_a_classmate_cannot_take_over_a_game_by_typing_a_name(server):
    async def takeover():
        ana = await page_from(server, "127.0.0.8")
        await ana.join(server.code, "Ana Pérez")
        pin = next(m for m in ana.got if m["type"] == "joined")["pin"]
        assert pin.isdigit() and len(pin) == 4
        await ana.play("beginner")
        await ana.click()
        seen, old_token = ana.view["ply"], ana.token
        wrong = "0000" if pin != "0000" else "1111"
        for asleep in (False, True):  # Ana's phone on, then asleep (its socket closed)
            if asleep:
                await ana.close()
            thief = await page_from(server, "127.0.0.9")
            await thief.send({"type": "join", "code": server.code, "name": "  ana   PÉREZ ",
                              "lang": "en"})
            assert (await answer(thief)).startswith("Someone in this class is already called")
            told = await join_with_pin(thief, server.code, "  ana   PÉREZ ", wrong)
            assert told.startswith("That is not the PIN")
            assert thief.token is None and not [m for m in thief.got if m["type"] == "game"]
        # the teacher can tell Ana her PIN; with it, Ana's new phone has her game, a new token
        desk = await teacher(server)
        assert [s["pin"] for s in desk.overview["students"] if s["name"] == "Ana Pérez"] == [pin]
        phone = await page_from(server, "127.0.0.10")
        assert await join_with_pin(phone, server.code, "ana pérez", pin) == "game"
        await phone.receive(lambda m: m["type"] == "set" and m["name"] == "view")
        assert phone.view["ply"] == seen and phone.token != old_token
        other = await page_from(server, "127.0.0.11")
        await other.send({"type": "resume", "token": old_token, "lang": "en"})
        assert (await answer(other)).startswith("This page's class is over")
        # her old phone found again: the new one lets the game go, and says why
        found = await page_from(server, "127.0.0.8")
        assert await join_with_pin(found, server.code, "Ana Pérez", pin) == "game"
        told = await phone.receive(lambda m: m["type"] == "refused")
        assert told["text"].startswith("Your game was opened on another device")
        # trying PINs is limited per student, wherever the tries come from
        said = []
        for number in range(8):
            thief = await page_from(server, f"127.0.4.{number + 1}")
            said.append(await join_with_pin(thief, server.code, "Ana Pérez",
                                            f"{(int(pin) + number + 1) % 10_000:04d}"))
        assert said[-1].startswith("Too many wrong PINs")

    asyncio.run(takeover())


# -- 9. one student cannot stall the expert for the class --------------------------------------
def status(server) -> dict:
    import json

    return json.loads(get(f"{server.url}/status")[2])


def test_new_game_in_a_loop_queues_no_stale_searches(tmp_path):
    """A student who taps a move and presses New game over and over, each time the expert
    starts thinking, leaves at most one search of theirs waiting: the stale ones give their
    place up, and a classmate's expert still answers."""
    server = start(str(tmp_path / "clase.db"), tmp_path / "server.log", workers=1)
    try:
        deadline = time.monotonic() + 600  # the first time, the worker compiles the search
        while "expert" not in (status(server)["ready"] or []) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert "expert" in status(server)["ready"]

        def view(m) -> bool:
            return m["type"] == "set" and m["name"] == "view"

        async def new_game(page) -> None:
            """New game, and Yes; asked again if the computer's move crossed the question
            (a fast search answers while the page asks)."""
            for _attempt in range(3):
                await page.send({"type": "board", "message": {"type": "action",
                                                              "name": "new"}})
                try:
                    await page.receive(lambda m: view(m) and m["value"]["question"], timeout=5)
                    await page.send({"type": "board", "message": {"type": "action",
                                                                  "name": "yes"}})
                    await page.receive(lambda m: view(m) and m["value"]["ply"] == 0, timeout=5)
                    return
                except AssertionError:
                    continue
            raise AssertionError("New game never started")

        async def flood():
            desk = await teacher(server)
            await desk.send({"type": "settings", "variant": "hoyito-i", "holes_per_row": 6,
                             "levels": ["expert"], "classmates": False})
            await desk.receive(lambda m: m["type"].startswith("class")
                               and desk.overview["levels"] == ["expert"])
            pages = []
            for name in ("Ana", "Ben"):
                page = await Student.connect(server.ws)
                await page.join(server.code, name)
                await page.send({"type": "play", "opponent": "expert"})
                await page.receive(view)
                pages.append(page)
            flooder, honest = pages
            waiting = []
            for _ in range(10):
                now = flooder.view
                await flooder.send({"type": "board", "message": {
                    "type": "click", "hole": now["playable"][0], "ply": now["ply"],
                    "game": now["game"]}})
                await flooder.receive(lambda m: view(m) and m["value"]["thinking"])
                await new_game(flooder)
                waiting.append(status(server)["searches"])
            assert max(waiting) <= 2, waiting  # the one running, and the one asked last
            started = time.monotonic()
            await honest.click()
            await honest.settle(timeout=60)
            return time.monotonic() - started

        took = asyncio.run(flood())
        assert took < 60
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()


def test_without_workers_the_thinking_levels_are_refused_in_a_sentence(server):
    """``--workers 0`` (these tests' server): the searching levels would run inside the
    server and freeze every page while they think, so they are not offered."""
    async def expert():
        desk = await teacher(server)
        await desk.send({"type": "settings", "variant": "hoyito-i", "holes_per_row": 6,
                         "levels": ["beginner", "expert"], "classmates": False})
        await desk.receive(lambda m: m["type"].startswith("class")
                           and "expert" in desk.overview["levels"])
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        lobby = [m for m in ana.got if m["type"] == "lobby"][-1]
        assert {name: ready for name, _line, ready in lobby["levels"]} == {
            "beginner": True, "expert": False}
        await ana.send({"type": "play", "opponent": "expert"})
        refused = await ana.receive(lambda m: m["type"] == "refused")
        assert "--workers 0" in refused["text"]

    asyncio.run(expert())


# -- 7 (end). the teacher's overview as changes -------------------------------------------------
def test_the_teachers_page_hears_what_changed_not_the_whole_class(server):
    import json

    async def class_of_twenty():
        desk = await teacher(server)
        pages = []
        for number in range(20):
            page = await Student.connect(server.ws)
            await page.join(server.code, f"Student {number:02d} with a long surname")
            pages.append(page)
        await pages[0].play("beginner")
        await asyncio.sleep(0.6)  # the joins and the new game reach the teacher's page
        await desk.receive()
        before = len(desk.got)
        await pages[0].click()
        await desk.receive(lambda m: m["type"] == "class-changes" and any(
            s["board"] and s["board"]["ply"] >= 2 for s in m["students"]))
        await desk.receive()
        heard = desk.got[before:]
        assert heard and all(m["type"] == "class-changes" for m in heard)
        assert all(len(m["students"]) == 1 for m in heard)  # only the student who played
        applied = desk.overview
        whole = await teacher(server)  # a page opened now gets the whole class ...
        assert applied == whole.overview  # ... and the changes made the same class
        largest = max(len(json.dumps(m)) for m in heard)
        assert largest * 5 < len(json.dumps(whole.overview))

    asyncio.run(class_of_twenty())


def test_a_class_file_locked_by_another_program_gets_a_sentence_and_loses_nothing(server):
    """Another program (a database browser) holds the class file's write lock: the move
    is refused in a sentence after a short wait, not a dropped socket and a traceback; once
    the file is free the move is saved and shown."""
    async def play():
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        await ana.play("beginner")
        other = sqlite3.connect(server.db, timeout=10)
        other.execute("BEGIN EXCLUSIVE")
        try:
            now = ana.view
            started = time.monotonic()
            await ana.send({"type": "board", "message": {
                "type": "click", "hole": now["playable"][0], "ply": now["ply"],
                "game": now["game"]}})
            told = await ana.receive(lambda m: m["type"] == "refused", timeout=20)
            assert told["text"].startswith("The server could not save your last move")
            assert time.monotonic() - started < 8
        finally:
            other.rollback()
            other.close()
        await ana.send({"type": "board", "message": {"type": "hello"}})
        await ana.receive(lambda m: m["type"] == "set" and m["name"] == "view"
                          and m["value"]["ply"] >= 1)
        await ana.settle()
        await ana.receive()
        with sqlite3.connect(server.db) as con:
            stored = con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        assert stored == ana.view["ply"] >= 1
        assert (await ana.ws.ping()) is not None  # the socket is still open

    asyncio.run(play())
    assert "Traceback" not in server.log.read_text()


def test_a_worker_killed_while_getting_ready_does_not_leave_the_levels_waiting(tmp_path):
    from pathlib import Path

    server = start(str(tmp_path / "clase.db"), tmp_path / "server.log", workers=1)
    try:
        listing = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")

        def workers() -> list[int]:
            found = []
            for pid in listing.read_text().split():
                command = Path(f"/proc/{pid}/cmdline")
                if command.exists() and b"spawn_main" in command.read_bytes():
                    found.append(int(pid))
            return found

        deadline = time.monotonic() + 30
        while not workers() and time.monotonic() < deadline:
            time.sleep(0.05)
        import os
        import signal

        for pid in workers():  # killed while it loads (or compiles) the search
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 600
        while "expert" not in (status(server)["ready"] or []) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert "expert" in status(server)["ready"]
    finally:
        server.stop()
