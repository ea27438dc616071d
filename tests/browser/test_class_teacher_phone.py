"""The teacher's page on a phone (360 x 740, touch), with ten students playing (issue 36):
it was 4,121 px long. The sections a lesson rarely needs (rules, the students' cap, the book,
exports, finished games) fold away on a phone, the students' cards are compact, and every
control stays finger-sized, "Pause everyone" well apart from "End the class"."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import class_server  # noqa: E402
from test_class_phone import students_playing  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server]

SMALL_CONTROLS = """() => [...document.querySelectorAll(
      '.teacher button, .teacher select, .teacher-export a, .teacher-settings label,'
      + ' .teacher summary, .teacher .mini-board[role=button]')]
    .filter((el) => el.getClientRects().length > 0)  // not shown on this screen: no target
    .map((el) => [el.className || el.tagName, el.getBoundingClientRect()])
    .filter(([, box]) => box.height < 44 || box.width < 44)
    .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def test_the_teachers_page_fits_a_phone_with_ten_students(browser, tmp_path, artifacts):
    stop = threading.Event()
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as server:
        thread = students_playing(server, 10, stop)
        try:
            context = browser.new_context(viewport={"width": 360, "height": 740},
                                          has_touch=True, is_mobile=True,
                                          device_scale_factor=2, bypass_csp=True)
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"{server.url}/teacher#{server.secret}")
            page.wait_for_function("document.querySelectorAll('.teacher-student .mini-board')"
                                   ".length === 10")
            page.screenshot(path=str(artifacts / "teacher-phone.png"), full_page=True)
            height = page.evaluate("document.documentElement.scrollHeight")
            assert height <= 2 * 740, height  # was 4,121 px
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            # what a lesson needs is on the first screen: the code, pause and end
            for name in (".teacher-code", ".teacher-pause", ".teacher-end"):
                box = page.locator(name).bounding_box()
                assert box["y"] + box["height"] <= 740, (name, box)
            pause = page.locator(".teacher-pause").bounding_box()
            end = page.locator(".teacher-end").bounding_box()
            assert max(end["x"] - (pause["x"] + pause["width"]),
                       end["y"] - (pause["y"] + pause["height"])) >= 16, (pause, end)
            assert page.evaluate(SMALL_CONTROLS) == []  # the folded sections' titles too
            # a folded section opens with a tap, its controls finger-sized
            page.locator(".teacher-more-settings > summary").tap()
            assert page.locator(".teacher-settings select[name=variant]").is_visible()
            assert page.evaluate(SMALL_CONTROLS) == []
            context.close()
        finally:
            stop.set()
            thread.join(30)
