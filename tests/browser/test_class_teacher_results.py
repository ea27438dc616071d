"""The teacher's results in Chromium: a student may be called "expert" or "constructor" (a
level's name, a name every JavaScript object has) and still shows as a student, while the
computer shows as the computer. The page is open before the games: what it shows came as
changes (``class-changes``), applied by the page."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import Student, class_server  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server]


async def play_and_leave(server) -> None:
    first, second = await Student.connect(server.ws), await Student.connect(server.ws)
    await first.join(server.code, "expert")
    await second.join(server.code, "constructor")
    await first.send({"type": "play", "opponent": "classmate"})
    await first.receive(lambda m: m["type"] == "lobby" and m["waiting"])
    await second.send({"type": "play", "opponent": "classmate"})
    await first.receive(lambda m: m["type"] == "set" and m["name"] == "view")
    await first.click()
    await first.send({"type": "lobby"})  # the game ends: a result
    await first.receive(lambda m: m["type"] == "lobby")
    computer = await Student.connect(server.ws)
    await computer.join(server.code, "Ana")
    await computer.play("beginner")
    await computer.click()
    await computer.send({"type": "lobby"})
    await computer.receive(lambda m: m["type"] == "lobby")


def test_students_named_like_levels_show_as_students(browser, tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as server:
        page = browser.new_context(bypass_csp=True).new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{server.url}/teacher#{server.secret}")
        page.wait_for_selector(".teacher-code")  # open before: the results come as changes
        with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this thread
            thread.submit(asyncio.run, play_and_leave(server)).result(timeout=120)
        page.wait_for_function("document.querySelectorAll('.teacher-results li').length === 2")
        lines = page.locator(".teacher-results li").all_text_contents()
        assert any(line.startswith("expert – constructor") for line in lines), lines
        assert any(line.startswith("Ana – computer") for line in lines), lines
        page.context.close()
