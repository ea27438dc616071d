"""The kits opened as a teacher with nothing installed opens them: from ``file://``, in
Chromium on a 360 x 740 touch phone, every request that is not a file aborted.

Every page linked from the kit's index.html (and from those pages, within the kit) opens,
every figure loads and has a description, no page shows a Python error or is wider than the
phone, each page says its language and links to itself in the other language; on a projector
the text is large.
"""

from __future__ import annotations

from collections import deque
from urllib.parse import unquote, urldefrag, urlparse

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.notebooks]

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
LINKS = "[...document.querySelectorAll('a[href]')].map((a) => a.href)"
IMAGES = ("[...document.images].map((img) => ({src: img.getAttribute('src'), alt: img.alt, "
          "ok: img.complete && img.naturalWidth > 0}))")


def offline_page(browser, outside: list[str], **options):
    context = browser.new_context(**options)

    def route(request_route):
        if request_route.request.url.startswith("file://"):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def crawl(page, start: str, folder) -> dict[str, dict]:
    """Open every kit page reachable from ``start``; what each showed."""
    seen: dict[str, dict] = {}
    queue = deque([start])
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        page.goto(url, wait_until="load")
        # the book's figures load lazily (as a phone scrolls): load them all now, and wait
        # at most 10 s for each page's pictures
        page.evaluate("""() => Promise.race([
            Promise.all([...document.images].map((img) => {
                img.loading = "eager";
                return img.decode().catch(() => null);
            })),
            new Promise((done) => setTimeout(done, 10000)),
        ])""")
        seen[url] = {
            "lang": page.evaluate("document.documentElement.lang"),
            "width": page.evaluate("document.documentElement.scrollWidth"),
            "images": page.evaluate(IMAGES),
            "text": page.evaluate("document.body.innerText"),
            "other": page.evaluate("[...document.querySelectorAll('a[hreflang]')]"
                                   ".map((a) => a.href)"),
        }
        for link in page.evaluate(LINKS):
            target = urldefrag(link)[0]
            path = unquote(urlparse(target).path)
            if target.startswith("file://") and path.startswith(str(folder)) \
                    and path.endswith(".html"):
                queue.append(target)
    return seen


def test_the_spanish_kit_opens_on_a_phone_with_no_network(browser, kits, artifacts):
    outside: list[str] = []
    page = offline_page(browser, outside, **PHONE, locale="es-DO")
    kit = kits["es"]
    pages = crawl(page, (kit / "index.html").as_uri(), kit)
    page.goto((kit / "es" / "02_reglas_comparadas.html").as_uri())
    page.screenshot(path=str(artifacts / "kit-es-phone.png"))
    page.context.close()
    assert len(pages) >= 40, f"only {len(pages)} pages reached from index.html"
    assert not outside, f"requests left the kit: {outside[:5]}"
    for url, seen in pages.items():
        name = url.rsplit("/", 2)[-2:]
        assert seen["width"] <= 360, f"{name} is {seen['width']} px wide on a 360 px phone"
        assert "Traceback (most recent call last)" not in seen["text"], f"{name}: a Python error"
        for image in seen["images"]:
            assert image["ok"], f"{name}: {image['src']} does not load"
            assert image["alt"].strip(), f"{name}: {image['src']} has no description"
        if "/es/" in url:
            assert seen["lang"] == "es", f"{name} does not say lang='es'"
            if "/docente/" not in url and not url.endswith("index.html"):
                assert seen["other"], f"{name} has no link to the English page"
                other = urldefrag(seen["other"][0])[0]
                assert pages[other]["lang"] == "en", f"{name}'s other language is not English"
    figures = sum(len(seen["images"]) for seen in pages.values())
    assert figures >= 30, f"only {figures} figures in the whole book"


def test_the_english_kit_front_page_and_its_links_open(browser, kits):
    outside: list[str] = []
    page = offline_page(browser, outside, **PHONE, locale="en-US")
    kit = kits["en"]
    page.goto((kit / "index.html").as_uri())
    assert page.evaluate("document.documentElement.lang") == "en"
    links = [link for link in page.evaluate(LINKS) if link.startswith("file://")]
    assert any(link.endswith(".pdf") for link in links)
    for link in links:
        if link.endswith(".html"):
            page.goto(link)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, link
    page.context.close()
    assert not outside


def test_on_a_projector_the_text_is_large(browser, kits, artifacts):
    outside: list[str] = []
    page = offline_page(browser, outside, viewport={"width": 1920, "height": 1080})
    page.goto((kits["es"] / "es" / "06_en_el_aula.html").as_uri())
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 20, f"{size} px text is too small on a projector"
    page.screenshot(path=str(artifacts / "kit-es-projector.png"))
    page.context.close()
