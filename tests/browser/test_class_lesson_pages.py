"""The teacher's lesson tools (issue 36) on the real class server in Chromium: the projector
(the code large, no student's name, live standings, readable at 1280 x 720 and 1920 x 1080,
no key left in its address, axe-core clean); a student's game opened full size on the
teacher's page (the same board as the phone, following it) and a finished game replayed to
its start and its end; a position pushed to two phones (360 x 740, touch) and released, each
back in its own game at the same move; and a WebSocket without the key refused in a sentence.
"""

from __future__ import annotations

import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import Student, class_server  # noqa: E402
from pages import axe_problems, read_board, wait_idle  # noqa: E402
from test_class_phone import playing_greedy, tap_hole  # noqa: E402

import hoyito_edu as hy  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server]

GAME = ".class-screen .hoyito-board"
DISCUSS = ".class-discuss .hoyito-board"
VIEWER = ".teacher-viewer .hoyito-board"
PROJECTED = ".projector-discuss .hoyito-board"


@pytest.fixture
def server(tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as running:
        yield running


def teacher_page(browser, server, width=1280, height=900):
    page = browser.new_context(viewport={"width": width, "height": height},
                               bypass_csp=True).new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{server.url}/teacher#{server.secret}")
    page.wait_for_selector(".teacher-code")
    return page


def in_thread(coroutine):
    """Run a WebSocket client's coroutine beside Playwright (which owns this thread's loop)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result(timeout=240)


async def finish_a_game(server, name: str) -> None:
    """A student named ``name`` plays the greedy computer to the end."""
    student = await Student.connect(server.ws)
    await student.join(server.code, name)
    await student.play("greedy")
    while not student.view.get("banner"):
        if student.view["buttons"]["agree"]:  # a long quiet end: both agree to stop (R4.5)
            for name in ("agree", "yes"):
                await student.send({"type": "board", "message": {"type": "action",
                                                                 "name": name}})
                await student.receive(lambda m: m["type"] == "set" and m["name"] == "view")
            continue
        await student.click()
        await asyncio.sleep(0.15)  # a page's pace: the server limits messages a second
    await student.receive()
    await student.close()


def readable(page) -> list[str]:
    """Visible texts of the page drawn under 20 px."""
    return page.evaluate("""() => [...document.querySelectorAll('#app *')]
      .filter((el) => el.offsetParent !== null && [...el.childNodes].some(
          (n) => n.nodeType === 3 && n.textContent.trim()))
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 20)
      .map((el) => el.tagName + ': ' + el.textContent.trim().slice(0, 40))""")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_projector_shows_the_code_large_and_standings_without_names(
        browser, server, axe_script, artifacts, size):
    teacher = teacher_page(browser, server)
    address = teacher.locator(".teacher-projector").get_attribute("href")
    assert address.startswith("/projector") and server.secret not in address
    width, height = size
    projector = browser.new_context(viewport={"width": width, "height": height},
                                    bypass_csp=True).new_page()
    projector.set_default_timeout(30_000)
    projector.goto(server.url + address)
    projector.wait_for_selector(".projector-standings td")
    assert "#" not in projector.url and server.secret not in projector.url  # nothing to read
    code = projector.locator(".projector-code")
    assert code.text_content().replace(" ", "") == server.code
    code_px = float(code.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))
    assert code_px >= 96, code_px
    box, beside = code.bounding_box(), projector.locator(".projector-side").bounding_box()
    assert box["x"] + box["width"] <= beside["x"] and box["y"] + box["height"] <= height
    assert code.evaluate("(el) => el.scrollWidth <= el.clientWidth")  # no letter cut off
    in_thread(finish_a_game(server, "Zoraida Quisqueya"))
    projector.wait_for_function(
        "() => [...document.querySelectorAll('.projector-standings tbody tr')].some("
        "(tr) => tr.children.length === 5 && tr.children[1].textContent === 'S01' && "
        "[2, 3, 4].reduce((sum, k) => sum + Number(tr.children[k].textContent), 0) === 1)")
    projector.wait_for_selector(".projector-recent li:has-text('S01')")
    html = projector.content()
    assert "Zoraida" not in html and "Quisqueya" not in html
    assert readable(projector) == []
    seen = projector.evaluate("() => document.documentElement.scrollHeight")
    assert seen <= height + 1, seen  # read from the back of the room: nothing to scroll to
    projector.screenshot(path=str(artifacts / f"class-projector-{width}x{height}.png"))
    assert axe_problems(projector, axe_script, "body") == []
    projector.context.close()
    teacher.context.close()


def test_the_teacher_opens_a_students_game_and_replays_a_finished_one(browser, server,
                                                                     artifacts):
    phone = playing_greedy(browser, server, "Ana")
    tap_hole(phone)
    teacher = teacher_page(browser, server)
    teacher.locator(".teacher-student:has-text('Ana') .teacher-watch").click()
    teacher.wait_for_selector(f"{VIEWER} .hoyito-replay-row:not([hidden])")
    wait_idle(teacher, VIEWER)
    assert read_board(teacher, VIEWER)["counts"] == read_board(phone, GAME)["counts"]
    ply = tap_hole(phone)  # the game goes on: the teacher's board follows it
    expected = read_board(phone, GAME)
    teacher.wait_for_function(
        f"() => Number(document.querySelector('{VIEWER}').dataset.ply) >= {expected['ply']}")
    wait_idle(teacher, VIEWER)
    assert read_board(teacher, VIEWER)["counts"] == expected["counts"], ply
    teacher.screenshot(path=str(artifacts / "class-teacher-viewer.png"))
    teacher.locator(".teacher-viewer-close").click()
    phone.context.close()

    in_thread(finish_a_game(server, "Ben"))
    teacher.wait_for_selector(".teacher-results li:has-text('Ben') .teacher-replay")
    teacher.locator(".teacher-results li:has-text('Ben') .teacher-replay").click()
    teacher.wait_for_selector(f"{VIEWER} .hoyito-replay-row:not([hidden])")
    end = read_board(teacher, VIEWER)
    assert end["banner"]  # it opens at the end, with the result
    teacher.locator(".teacher-viewer .hoyito-replay-start").click()
    teacher.wait_for_function(f"() => document.querySelector('{VIEWER}').dataset.ply === '0'")
    start = read_board(teacher, VIEWER)
    assert start["counts"] == hy.Game("hoyito-i").position.board
    teacher.locator(".teacher-viewer .hoyito-end").click()
    teacher.wait_for_function(
        f"() => document.querySelector('{VIEWER}').dataset.ply === '{end['ply']}'")
    wait_idle(teacher, VIEWER)
    again = read_board(teacher, VIEWER)
    assert again["counts"] == end["counts"] and again["captures"] == end["captures"]
    assert sum(again["captures"]) + sum(again["counts"]) == 48
    teacher.context.close()


def test_a_position_goes_to_two_phones_and_they_come_back_to_their_games(browser, server,
                                                                        artifacts):
    ana, ben = playing_greedy(browser, server, "Ana"), playing_greedy(browser, server, "Ben")
    tap_hole(ana)
    tap_hole(ana)
    tap_hole(ben)
    before = {name: read_board(page, GAME) for name, page in (("ana", ana), ("ben", ben))}
    teacher = teacher_page(browser, server)
    teacher.locator(".teacher-student:has-text('Ana') .teacher-watch").click()
    teacher.wait_for_selector(f"{VIEWER} .hoyito-replay-row:not([hidden])")
    teacher.locator(".teacher-viewer .hoyito-back").click()  # one move back: that position
    teacher.wait_for_function(f"() => document.querySelector('{VIEWER}').dataset.ply === "
                              f"'{before['ana']['ply'] - 1}'")
    wait_idle(teacher, VIEWER)
    shown = read_board(teacher, VIEWER)
    assert shown["ply"] == before["ana"]["ply"] - 1
    projector = browser.new_context(viewport={"width": 1280, "height": 720},
                                    bypass_csp=True).new_page()
    projector.goto(server.url + teacher.locator(".teacher-projector").get_attribute("href"))
    projector.wait_for_selector(".projector-standings td")
    teacher.locator(".teacher-push").click()
    for page in (ana, ben):
        page.wait_for_selector(".class-discuss .hoyito-board")
        assert page.locator(".class-discuss-text").text_content().startswith(
            "Look at this position")
        assert read_board(page, DISCUSS)["counts"] == shown["counts"]
        assert page.locator(f"{DISCUSS} .hoyito-playable").count() == 0  # only shown
    ana.screenshot(path=str(artifacts / "class-phone-discussion.png"))
    teacher.wait_for_selector(".teacher-discussing .teacher-release")
    projector.wait_for_selector(".projector-discuss:not([hidden]) .hoyito-board")
    assert read_board(projector, PROJECTED)["counts"] == shown["counts"]
    assert projector.locator(".projector-discuss-text").text_content() == "Look at this position."
    assert readable(projector) == []  # the position too is read from the back of the room
    projector.screenshot(path=str(artifacts / "class-projector-discussion.png"))
    ben.reload()  # a phone that comes back meanwhile is shown it too
    ben.wait_for_selector(".class-discuss .hoyito-board")
    assert read_board(ben, DISCUSS)["counts"] == shown["counts"]
    teacher.locator(".teacher-viewer .teacher-release").click()
    for name, page in (("ana", ana), ("ben", ben)):
        page.wait_for_selector(".class-discuss", state="detached")
        wait_idle(page, GAME)
        back = read_board(page, GAME)
        assert (back["ply"], back["counts"]) == (before[name]["ply"], before[name]["counts"])
    projector.wait_for_selector(".projector-screen:not([hidden])")
    tap_hole(ana)  # and the game goes on
    for page in (teacher, ana, ben, projector):
        page.context.close()


def test_no_key_no_watching_no_pushing(server):
    async def stranger() -> list[str]:
        said = []
        page = await Student.connect(server.ws + "/teacher")
        for message in ({"type": "watch", "student": 1}, {"type": "push"},
                        {"type": "release"}, {"type": "projector", "key": "NOTTHEKEY"}):
            await page.send(message)
            said.append((await page.receive(lambda m: m["type"] == "refused"))["text"])
        phone = await Student.connect(server.ws)
        await phone.join(server.code, "Ana")
        await phone.send({"type": "push"})
        said.append((await phone.receive(lambda m: m["type"] == "refused"))["text"])
        await phone.receive()
        assert not any(m["type"] == "discuss" for m in phone.got), phone.got
        await page.close()
        await phone.close()
        return said

    said = in_thread(stranger())
    assert said[:4] == ["That is not this class's teacher key."] * 4, said
    assert said[4].startswith("That message was not understood"), said
    assert json.dumps(said).count("Traceback") == 0
