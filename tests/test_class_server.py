"""The class server as a real process on 127.0.0.1, with real WebSocket clients and SQLite
files: play, kill -9 and come back, the Origin, size and rate checks, the pages, exports."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from classserver import Student, class_server, get, start  # noqa: E402

from hoyito_edu.board.server.app import BOARD_STATIC  # noqa: E402

pytestmark = pytest.mark.server


def stored(db) -> list[tuple[int, int]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT ply, hole FROM moves ORDER BY ply").fetchall()


@pytest.fixture
def server(tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as running:
        yield running


def test_kill_9_in_the_middle_of_a_game_loses_no_acknowledged_move(tmp_path):
    db, log = str(tmp_path / "clase.db"), tmp_path / "server.log"
    server = start(db, log)

    async def before_the_kill():
        ana = await Student.connect(server.ws)
        assert (await ana.join(server.code.lower(), "Ana"))["type"] == "lobby"
        await ana.play("greedy")
        for _ in range(3):
            await ana.click()
        return ana.token, ana.view

    try:
        token, acknowledged = asyncio.run(before_the_kill())
        server.kill9()
        assert len(stored(db)) == acknowledged["ply"]  # every move the page saw is in the file
        server = start(db, log, port=server.port)

        async def after_the_restart():
            ana = await Student.connect(server.ws)
            start_time = asyncio.get_running_loop().time()
            await ana.send({"type": "resume", "token": token, "lang": "en"})
            await ana.receive(lambda m: m["type"] == "set" and m["name"] == "view")
            back_in = asyncio.get_running_loop().time() - start_time
            assert ana.view["ply"] == acknowledged["ply"]
            assert ana.view["board"] == acknowledged["board"]
            await ana.click()
            return back_in, ana.view

        back_in, view = asyncio.run(after_the_restart())
        assert back_in < 5
        assert len(stored(db)) == view["ply"] > acknowledged["ply"]
    finally:
        server.stop()


def test_two_students_play_each_other_over_real_websockets(server):
    async def game():
        ana, ben = await Student.connect(server.ws), await Student.connect(server.ws)
        await ana.join(server.code, "Ana")
        await ben.join(server.code, "Ben", lang="es")
        await ana.send({"type": "play", "opponent": "classmate"})
        await ana.receive(lambda m: m["type"] == "lobby" and m["waiting"])
        await ben.send({"type": "play", "opponent": "classmate"})
        told = await ben.receive(lambda m: m["type"] == "game")
        assert told["side"] == 1 and told["classmate"] == "Ana"
        await ben.receive(lambda m: m["type"] == "set" and m["name"] == "view")
        await ana.receive(lambda m: m["type"] == "set" and m["name"] == "view")
        for _ in range(4):
            mover = ana if ana.view["to_move"] == 0 else ben
            waiter = ben if mover is ana else ana
            ply = mover.view["ply"]
            await mover.click()
            await waiter.receive(lambda m, ply=ply: m["type"] == "set" and m["name"] == "view"
                                 and m["value"]["ply"] > ply)
            assert waiter.view["board"] == mover.view["board"]
        # Ben's page cannot move for Ana
        if ben.view["to_move"] == 0:
            await ben.send({"type": "board", "message": {"type": "click", "hole": 0}})
            refused = await ben.receive(lambda m: m["type"] == "refused")
            assert refused["text"] == "Espera: le toca a tu compañero o compañera."

    asyncio.run(game())
    assert len(stored(server.db)) >= 4


def test_a_page_from_another_site_is_refused(server):
    async def attempt():
        with pytest.raises(websockets.exceptions.InvalidStatus):
            await websockets.connect(server.ws, origin="http://evil.example")
        ok = await Student.connect(server.ws, origin=server.url)
        assert (await ok.join(server.code, "Ana"))["type"] == "lobby"

    asyncio.run(attempt())


def test_big_and_fast_messages_are_refused_and_the_server_goes_on(server):
    async def flood():
        page = await Student.connect(server.ws)
        await page.send("x" * 5000)
        refused = await page.receive(lambda m: m["type"] == "refused")
        assert refused["text"] == "That message was not understood (too long), so nothing changed."
        for _ in range(60):
            await page.send({"type": "lobby"})
        await page.receive(lambda m: m["type"] == "refused" and "Too many" in m["text"])
        await page.send("not json {")
        await page.send("[" * 2000 + "]" * 2000)  # nested beyond Python's recursion limit
        other = await Student.connect(server.ws)
        assert (await other.join(server.code, "Ben"))["type"] == "lobby"
        with pytest.raises(websockets.exceptions.ConnectionClosed):
            await page.send("y" * 100_000)  # over the WebSocket's own limit: disconnected
            await page.receive(lambda m: False, timeout=5)

    asyncio.run(flood())


def test_the_pages_serve_the_boards_own_module_unchanged(server):
    status, headers, body = get(server.url + "/")
    assert status == 200 and b'src="/static/class.js"' in body
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert get(server.url + "/static/board.js")[2] == (BOARD_STATIC / "board.js").read_bytes()
    assert get(server.url + "/static/board.css")[2] == (BOARD_STATIC / "board.css").read_bytes()
    assert get(server.url + "/static/../app.py")[0] == 404
    assert get(server.url + "/?lang=es")[2].count("Código de la clase".encode()) == 1
    assert get(server.url + "/qr.svg")[2].startswith(b"<svg")
    assert server.secret.encode() not in get(server.url + "/teacher")[2]


def test_exports_need_the_teachers_key_and_use_pseudonyms(server):
    pandas = pytest.importorskip("pandas")

    async def play():
        ana = await Student.connect(server.ws)
        await ana.join(server.code, "Ana Pérez")
        await ana.play("beginner")
        await ana.click()

    asyncio.run(play())
    assert get(f"{server.url}/export.csv?key={server.code}")[0] == 403
    status, headers, body = get(f"{server.url}/export.csv?key={server.secret}")
    assert status == 200 and "attachment" in headers["content-disposition"]
    table = pandas.read_csv(io.BytesIO(body))
    assert list(table["south"]) == ["S01"] and "Ana" not in body.decode()
    assert {"variant", "winner", "end_reason", "moves", "move_seconds"} <= set(table.columns)
    named = get(f"{server.url}/export.parquet?key={server.secret}&names=1")[2]
    assert list(pandas.read_parquet(io.BytesIO(named))["south"]) == ["Ana Pérez"]


@pytest.mark.parametrize("after", [0, 8], ids=["starting", "busy"])
def test_kill_9_takes_the_worker_processes_with_it(tmp_path, after):
    """A server killed with kill -9 leaves no worker searching (or compiling) for nobody,
    whether the worker was still starting or already at work (warming the expert)."""
    server = start(str(tmp_path / "clase.db"), tmp_path / "server.log", workers=1)
    listing = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    deadline = time.monotonic() + 30
    while not listing.read_text().split() and time.monotonic() < deadline:
        time.sleep(0.2)
    children = [int(pid) for pid in listing.read_text().split()]
    assert children, "the server started no worker process"
    time.sleep(after)
    server.kill9()
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    alive = [pid for pid in children if Path(f"/proc/{pid}/status").exists()
             and "zombie" not in Path(f"/proc/{pid}/status").read_text()]
    assert not alive


def test_a_dead_worker_is_replaced_and_the_computer_still_answers(tmp_path):
    """A worker killed from outside (out of memory, a careless kill) must not leave the class
    with a computer that never moves again: the server starts new workers and plays on."""
    log = tmp_path / "server.log"
    server = start(str(tmp_path / "clase.db"), log, workers=1)
    try:
        deadline = time.monotonic() + 600  # the first time, the worker compiles the search
        while "levels are ready" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert "levels are ready" in log.read_text()
        listing = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
        workers = [int(pid) for pid in listing.read_text().split()]
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)

        async def play_intermediate():
            teacher = await Student.connect(server.ws + "/teacher")
            await teacher.send({"type": "teacher", "secret": server.secret})
            await teacher.send({"type": "settings", "variant": "hoyito-i", "holes_per_row": 6,
                                "levels": ["intermediate"], "classmates": False})
            await teacher.receive()
            ana = await Student.connect(server.ws)
            await ana.join(server.code.lower(), "Ana")
            await ana.play("intermediate")
            ply = ana.view["ply"]
            await ana.click()
            await ana.settle(timeout=120)
            await ana.close()
            await teacher.close()
            return ply, ana.view

        before, view = asyncio.run(play_intermediate())
        assert view["ply"] >= before + 2  # the student's move and the computer's answer
        assert not view["thinking"]
        assert "A worker process died" in log.read_text()
    finally:
        server.stop()


def test_parquet_without_pyarrow_is_a_sentence_in_the_classs_language(tmp_path):
    """The class install once had no pyarrow: the Parquet export was a bare English
    "Internal Server Error". Here the server runs where pyarrow cannot be imported (a folder
    first on its path whose pyarrow refuses to load, as a missing package does)."""
    missing = tmp_path / "no-pyarrow" / "pyarrow"
    missing.mkdir(parents=True)
    (missing / "__init__.py").write_text("raise ImportError(\"No module named 'pyarrow'\")\n")
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log", lang="es",
                      first_path=missing.parent) as server:
        async def play():
            ana = await Student.connect(server.ws)
            await ana.join(server.code, "Ana", lang="es")
            await ana.play("greedy")
            await ana.click()
            await ana.close()

        asyncio.run(play())
        status, headers, body = get(f"{server.url}/export.parquet?key={server.secret}&lang=es")
        assert status == 501 and headers["content-type"].startswith("text/plain")
        assert body.decode().startswith("Esta computadora no puede escribir archivos Parquet")
        status, _headers, body = get(f"{server.url}/export.parquet?key={server.secret}&lang=en")
        assert body.decode().startswith("This computer cannot write Parquet files")
        assert get(f"{server.url}/export.csv?key={server.secret}")[0] == 200  # the CSV still
    assert "Traceback" not in (tmp_path / "server.log").read_text()


def test_the_class_extra_brings_what_the_teachers_exports_need():
    import tomllib  # noqa: PLC0415 - Python 3.11+, as the server tests run

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    wanted = {spec.split(">")[0].split("[")[0] for spec in
              project["project"]["optional-dependencies"]["class"]}
    assert {"pyarrow", "segno", "starlette", "uvicorn"} <= wanted


async def teacher_client(server) -> Student:
    teacher = await Student.connect(server.ws + "/teacher")
    await teacher.send({"type": "teacher", "secret": server.secret})
    await teacher.receive(lambda m: m["type"] == "class")
    return teacher


def test_each_way_a_game_is_abandoned_is_stored_apart_and_none_counts_as_a_draw(tmp_path):
    """A real class once reported 56 % draws among classmate games where there were none:
    every abandoned game was stored as "left" and counted as a draw."""
    from hoyito_edu import class_games  # noqa: PLC0415
    from hoyito_edu.sim.metrics import game_metrics  # noqa: PLC0415

    db = str(tmp_path / "clase.db")
    with class_server(db, tmp_path / "server.log") as server:
        async def lesson():
            teacher = await teacher_client(server)
            pages = {}
            for name in ("Ana", "Ben", "Cai", "Dan", "Eva"):
                pages[name] = await Student.connect(server.ws)
                await pages[name].join(server.code, name)
            ana, ben, cai, dan, eva = pages.values()
            await ana.play("greedy")
            await ana.click()
            await ana.send({"type": "lobby"})  # back to the list
            await ana.receive(lambda m: m["type"] == "lobby")
            await eva.play("greedy")
            await eva.click()
            for answer in ("new", "yes"):  # New game, and yes, lose this one
                await eva.send({"type": "board", "message": {"type": "action", "name": answer}})
                await eva.receive(lambda m: m["type"] == "set" and m["name"] == "view")
            await eva.receive()
            await ben.send({"type": "play", "opponent": "classmate"})
            await ben.receive(lambda m: m["type"] == "lobby")
            await cai.play("classmate")
            await ben.receive(lambda m: m["type"] == "set" and m["name"] == "view")
            await ben.click()
            await teacher.receive()
            ids = {s["name"]: s["id"] for s in teacher.got[-1]["students"]}
            await teacher.send({"type": "remove", "student": ids["Cai"]})
            await cai.receive(lambda m: m["type"] == "gone")
            await dan.play("greedy")
            await dan.click()
            await teacher.send({"type": "end"})
            await dan.receive(lambda m: m["type"] == "gone")

        asyncio.run(lesson())
    table = class_games(db, names=True)
    reasons = {(row.south, row.north): row.end_reason for row in table.itertuples()}
    assert reasons == {("Ana", "greedy"): "back-to-list", ("Eva", "greedy"): "new-game",
                       ("Ben", "Cai"): "removed", ("Dan", "greedy"): "class-ended"}
    assert set(table["result"]) == {"unfinished"}
    metrics = game_metrics(table, by=["opponent_kind"])
    assert list(metrics["drawishness"]) == [0.0, 0.0]
    assert list(metrics["unfinished"]) == [1.0, 1.0]


def test_a_game_ended_by_agreement_is_exported_as_agreed_with_its_stored_score(tmp_path):
    from hoyito_edu import Game, class_games  # noqa: PLC0415
    from hoyito_edu.board.server.store import Store  # noqa: PLC0415

    store = Store(tmp_path / "clase.db")
    store.create_class(code="KX47T", secret="A" * 16, lang="en", variant="hoyito-i",
                       holes_per_row=6, levels="greedy", classmates=1)
    ana = store.add_student("KX47T", "Ana", "S01", "token")
    row = store.new_game(class_code="KX47T", south=ana["id"], north=None, opponent="greedy",
                         variant="hoyito-i", holes_per_row=6, seed=1)
    game = Game("hoyito-i")
    for _ in range(6):
        game.play(game.position.legal_moves()[0])
    store.replace_moves(row["id"], 0, [(ply, m.player, m.hole, time.time())
                                       for ply, m in enumerate(game.moves)])
    outcome = game.end_by_agreement().outcome  # as the class server stores it
    store.set_result(row["id"], time.time(), str(outcome.reason), outcome.winner,
                     tuple(outcome.score))
    exported = class_games(store).iloc[0]
    assert exported["end_reason"] == "agreement" and exported["result"] != "unfinished"
    assert (exported["score_south"], exported["score_north"]) == tuple(outcome.score)
    assert exported["plies"] == 6
    store.close()


def test_make_clase_takes_port_as_well_as_class_port():
    import subprocess  # noqa: PLC0415

    root = Path(__file__).parents[1]

    def command(*settings: str) -> str:
        env = {k: v for k, v in os.environ.items() if k not in ("PORT", "CLASS_PORT")}
        done = subprocess.run(["make", "-n", "clase", *settings], cwd=root, text=True,
                              capture_output=True, check=True, env=env)
        return next(line for line in done.stdout.splitlines() if " serve " in line)

    assert "--port 8123" in command("PORT=8123")
    assert "--port 8124" in command("CLASS_PORT=8124")
    assert "--port 8000" in command()  # Voila's PORT default (8866) is not the class's


def test_the_class_database_at_the_repository_root_is_ignored_by_git():
    import subprocess  # noqa: PLC0415

    root = Path(__file__).parents[1]
    for name in ("clase.db", "clase.db-wal", "clase.db-shm"):
        done = subprocess.run(["git", "check-ignore", "-q", name], cwd=root)
        assert done.returncode == 0, f"{name} (names, tokens, the teacher's key) is not ignored"


def test_a_busy_port_is_said_before_any_code_or_key_is_printed(tmp_path):
    import socket  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    root = Path(__file__).parents[1]
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(root)}
        done = subprocess.run([sys.executable, "-m", "hoyito_edu", "serve", "--port", str(port),
                               "--db", str(tmp_path / "clase.db"), "--lang", "es",
                               "--workers", "0"],
                              cwd=root, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.startswith(f"El puerto {port} ya está en uso en esta computadora")
    assert "Código" not in done.stdout and "/teacher#" not in done.stdout
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "clase.db").exists()  # no class was made for nothing


def test_ten_students_tap_during_a_pause_and_all_play_on_after_it(server):
    """After a pause, 8 of 10 phones once stayed "waiting": a tap refused during the pause
    got no board back, so the page waited for it for good."""
    async def lesson():
        teacher = await teacher_client(server)
        students = [await Student.connect(server.ws) for _ in range(10)]
        for k, student in enumerate(students):
            await student.join(server.code, f"Student {k + 1}")
            await student.play("greedy")
            await student.click()
        await teacher.send({"type": "pause", "paused": True})
        for student in students:
            await student.receive(lambda m: m["type"] == "paused" and m["paused"])
            view = student.view
            before = sum(m["type"] == "set" and m["name"] == "view" for m in student.got)
            click = {"type": "click", "hole": view["playable"][0], "ply": view["ply"],
                     "game": view["game"]}
            await student.send({"type": "board", "message": click})
            refusal = await student.receive(lambda m: m["type"] == "refused")
            assert refusal["text"].startswith("The teacher has paused the class")
            await student.receive()  # anything else the server says
            after = sum(m["type"] == "set" and m["name"] == "view" for m in student.got)
            assert after > before and student.view["ply"] == view["ply"]  # the board, as it was
        await teacher.send({"type": "pause", "paused": False})
        for student in students:
            await student.receive(lambda m: m["type"] == "paused" and not m["paused"])
            ply = student.view["ply"]
            await student.click()
            assert student.view["ply"] > ply
        return [student.view["ply"] for student in students]

    plies = asyncio.run(lesson())
    assert len(plies) == 10


def test_make_clase_compiles_the_searching_levels_at_set_up():
    """The first lesson once waited six minutes for the expert: the class install did not
    compile, so the server's workers compiled during the lesson."""
    import subprocess  # noqa: PLC0415

    done = subprocess.run(["make", "-n", "-B", ".venv/.class-stamp"],
                          cwd=Path(__file__).parents[1], text=True, capture_output=True,
                          check=True)
    steps = done.stdout.splitlines()
    install = next(k for k, line in enumerate(steps) if "pip install -e '.[class]'" in line)
    assert any("warm_up(progress=True)" in line for line in steps[install:])


def test_a_spanish_class_server_prints_its_getting_ready_lines_in_spanish(tmp_path):
    log = tmp_path / "server.log"
    server = start(str(tmp_path / "clase.db"), log, workers=1, lang="es")
    try:
        deadline = time.monotonic() + 600  # the first time, the worker compiles the search
        while "están listos" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        server.stop()
    text = log.read_text()
    assert "Preparando los niveles intermedio y experto" in text
    assert "Los niveles intermedio y experto están listos" in text
    assert "Getting the" not in text and "levels are ready" not in text


def test_two_classes_in_one_file_never_share_a_pseudonym(tmp_path):
    """One SQLite file, two classes (the second started with --new): pseudonyms once started
    at S01 in every class, so a table of the whole file merged Ana of the first class with
    Carla of the second. Each student of the file has a pseudonym of their own."""
    from hoyito_edu import class_games  # noqa: PLC0415

    db = str(tmp_path / "clase.db")

    async def class_of(server, names: list[str]) -> None:
        for name in names:
            page = await Student.connect(server.ws)
            await page.join(server.code, name)
            await page.play("beginner")
            await page.click()
            await page.close()

    with class_server(db, tmp_path / "first.log") as first:
        asyncio.run(class_of(first, ["Ana", "Ben"]))
    with class_server(db, tmp_path / "second.log", extra=("--new",)) as second:
        assert second.code != first.code
        asyncio.run(class_of(second, ["Carla", "Dario"]))
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT name, pseudonym FROM students ORDER BY joined").fetchall()
    assert [name for name, _ in rows] == ["Ana", "Ben", "Carla", "Dario"]
    assert len({pseudonym for _, pseudonym in rows}) == 4, rows
    table = class_games(db)  # every class of the file
    assert table["south"].nunique() == 4
    assert list(class_games(db, class_code=first.code)["south"]) == ["S01", "S02"]
