"""A student the teacher took out of the class does not come back under another name
(issue 36): the phone keeps the removed token and the server refuses it in a sentence, until
the teacher lets the student back in; then the student's own name joins again, no PIN."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import Student, class_server  # noqa: E402
from test_class_phone import join_by_code, phone, teacher_page  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server]


def teacher_does(server, kind: str, name: str) -> None:
    """The teacher's page sends ``kind`` (remove) for the student called ``name``."""
    async def act():
        desk = await Student.connect(server.ws + "/teacher")
        await desk.send({"type": "teacher", "secret": server.secret})
        await desk.receive(lambda m: m["type"] == "class")
        student = next(s for s in desk.overview["students"] if s["name"] == name)
        await desk.send({"type": kind, "student": student["id"]})
        await desk.receive()
        await desk.close()

    worker = threading.Thread(target=asyncio.run, args=(act(),))  # Playwright holds a loop
    worker.start()
    worker.join(30)


def notice(page) -> str:
    return page.locator(".class-notice").text_content()


def test_a_removed_student_cannot_rejoin_under_another_name_until_let_back(browser, tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as server:
        page = phone(browser, server)
        join_by_code(page, server.code, "Ana")
        teacher_does(server, "remove", "Ana")
        page.wait_for_selector("input[name=name]")
        assert notice(page) == "Your teacher has taken you out of this class."

        page.locator("input[name=code]").fill(server.code)
        page.locator("input[name=name]").fill("Zoe")
        page.locator(".class-go").tap()
        page.wait_for_function("document.querySelector('.class-notice').textContent"
                               ".startsWith('Your teacher has taken the student of this phone')")
        assert page.locator(".class-choice").count() == 0

        desk = teacher_page(browser, server)  # the teacher lets her back, on her page
        desk.locator(".teacher-removed li", has_text="Ana").locator(".teacher-readmit").click()
        desk.wait_for_function("!document.querySelector('.teacher-removed li')")
        desk.context.close()
        page.locator("input[name=name]").fill("Ana")  # her own name, no PIN needed
        page.locator(".class-go").tap()
        page.wait_for_selector(".class-choice")
        assert page.locator(".class-hello").text_content().startswith("Hello, Ana.")
        page.context.close()
