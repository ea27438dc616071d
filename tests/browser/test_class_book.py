"""The book on every phone (issue 34): a real class server serves the kit's book at /libro/ and
/book/, students' pages only, and the teacher's page sends every phone to a page of it and back
to the board, including a phone that joins while the class is reading."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import class_server, get  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server, pytest.mark.notebooks]

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2, "bypass_csp": True, "locale": "es-DO"}


@pytest.fixture(scope="module")
def server(kits, tmp_path_factory):
    folder = tmp_path_factory.mktemp("class-book")
    with class_server(str(folder / "clase.db"), folder / "server.log", lang="es",
                      book=kits["es"]) as running:
        yield running


def page(url: str) -> tuple[int, dict, str]:
    status, headers, body = get(url, timeout=10, follow=False)
    return status, {key.lower(): value for key, value in headers.items()}, body.decode("utf-8")


def test_the_book_is_served_with_students_pages_only(server, kits):
    status, headers, _ = page(server.url + "/libro/")
    assert status == 307 and headers["location"] == "/libro/es/index.html"
    status, headers, _ = page(server.url + "/book/")
    assert status == 307 and headers["location"] == "/book/en/index.html"
    status, headers, text = page(server.url + "/libro/es/02_reglas_comparadas.html")
    assert status == 200 and 'lang="es"' in text
    assert "script-src 'none'" in headers["content-security-policy"]
    for forbidden in ("/libro/es/docente/02_reglas_comparadas.html",
                      "/book/en/teacher/02_rules_compared.html",
                      "/libro/../pyproject.toml", "/libro/%2e%2e/%2e%2e/pyproject.toml",
                      "/libro/toc.json/../../setup.py"):
        status, _, text = page(server.url + forbidden)
        assert status == 404, forbidden
        assert "Traceback" not in text
    status, _, text = page(server.url + "/libro/es/docente/index.html")
    assert status == 404 and "no está en el libro" in text


def join(page, server, name: str) -> None:
    page.goto(server.url + "/")
    page.locator("input[name=code]").fill(server.code)
    page.locator("input[name=name]").fill(name)
    page.locator(".class-go").tap()
    page.wait_for_selector(".class-choice")


def test_the_teacher_sends_every_phone_to_a_page_and_back(browser, server, kits, artifacts):
    toc = json.loads((kits["es"] / "toc.json").read_text(encoding="utf-8"))
    rules = next(page for page in toc["es"] if page["href"].startswith("es/02_"))
    section_id, section = rules["sections"][1]
    target = f"{rules['href']}#{section_id}"

    ana = browser.new_context(**PHONE).new_page()
    join(ana, server, "Ana")
    assert ana.locator(".class-book-link").get_attribute("href") == "/libro/es/index.html"

    teacher = browser.new_context(viewport={"width": 1100, "height": 900},
                                  bypass_csp=True).new_page()
    teacher.goto(f"{server.url}/teacher?lang=es#{server.secret}")  # the Spanish book's pages
    teacher.wait_for_selector(".teacher-book-page")
    options = teacher.locator(".teacher-book-page option").count()
    assert options == sum(1 + len(page["sections"]) for page in toc["es"])
    teacher.locator(".teacher-book-page").select_option(target)
    teacher.locator(".teacher-book-send").click()

    ana.wait_for_selector(".class-book:not([hidden])")
    frame = ana.frame_locator(".class-book-frame")
    assert frame.locator("h1").first.text_content().strip().startswith(rules["title"][:20])
    assert ana.locator(".class-book-frame").get_attribute("src") == "/libro/" + target
    teacher.wait_for_selector(f".teacher-book-now:has-text(\"{section[:20]}\")")

    ben = browser.new_context(**PHONE).new_page()  # joins while the class is reading
    join(ben, server, "Ben")
    ben.wait_for_selector(".class-book:not([hidden])")
    assert ben.locator(".class-book-frame").get_attribute("src") == "/libro/" + target
    ben.screenshot(path=str(artifacts / "class-book-phone.png"))
    width = ben.evaluate("document.querySelector('.class-book-frame').contentDocument"
                         ".documentElement.scrollWidth")
    assert width <= 360

    teacher.locator(".teacher-book-back").click()
    for phone in (ana, ben):
        phone.wait_for_selector(".class-book", state="hidden")
        assert phone.locator(".class-choice").first.is_visible()
    for page in (ana, ben, teacher):
        page.context.close()
