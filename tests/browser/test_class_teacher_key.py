"""The teacher's key in Chromium: read once from the address the server printed, then out of
the address bar, the links and the page (a projected page shows none of it), while a reload
and the other language still open the class in that tab, and another browser still asks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import class_server  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_the_key_leaves_the_address_bar_and_the_links(browser, tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as server:
        context = browser.new_context(viewport={"width": 1100, "height": 900}, bypass_csp=True)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{server.url}/teacher#{server.secret}")
        page.wait_for_selector(".teacher-code")

        def shows_no_key() -> None:
            assert server.secret not in page.url
            assert server.secret not in page.evaluate("location.href")
            assert server.secret not in page.content()
            for link in page.locator("a").all():
                assert server.secret not in (link.get_attribute("href") or "")

        shows_no_key()
        assert page.locator(".teacher-code").text_content().replace(" ", "") == server.code
        page.locator(".class-lang").click()  # Español
        page.wait_for_url("**lang=es**")
        page.wait_for_selector(".teacher-code")
        assert page.locator("html").get_attribute("lang") == "es"
        shows_no_key()
        page.reload()
        page.wait_for_selector(".teacher-code")
        shows_no_key()
        page.go_back()  # the address the key came in is not in the history either
        page.wait_for_selector(".teacher-code")
        shows_no_key()
        context.close()
        other = browser.new_context(bypass_csp=True).new_page()  # another browser: no key
        other.goto(f"{server.url}/teacher")
        other.wait_for_selector("input[name=key]")
        assert other.locator(".teacher-code").count() == 0
        other.context.close()
