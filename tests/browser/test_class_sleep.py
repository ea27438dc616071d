"""A phone that slept: its socket looks open but the network forgot it (issue 36).

The phone reaches the class server through a small TCP relay on 127.0.0.1 that can *forget*
its connections as a Wi-Fi access point or a phone's radio does during a long sleep: the bytes
stop without any close, so the page's WebSocket still says it is open. The page itself is
frozen meanwhile (Chromium's own page freezing, CDP ``Page.setWebLifecycleState``), then woken
and tapped at once: the tap must reach the board (the page notices the dead socket, reconnects
and sends the tap after), not vanish.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import class_server  # noqa: E402
from pages import read_board, wait_idle  # noqa: E402
from test_class_phone import PHONE, join_by_code  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.server]


class Relay:
    """A TCP relay from a free port on 127.0.0.1 to ``port``; :meth:`forget` makes every
    connection open now silent in both directions (no close: the ends still think it
    open), while new connections pass as before."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.pairs: list[tuple[socket.socket, socket.socket, threading.Event]] = []
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while not self.closed:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(("127.0.0.1", self.target))
            forgotten = threading.Event()
            self.pairs.append((near, far, forgotten))
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self.pipe, args=(a, b, forgotten), daemon=True).start()

    @staticmethod
    def pipe(source: socket.socket, sink: socket.socket, forgotten: threading.Event) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                return
            if not data:
                if not forgotten.is_set():
                    try:
                        sink.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                return
            if not forgotten.is_set():  # a forgotten connection swallows what it is sent
                try:
                    sink.sendall(data)
                except OSError:
                    return

    def forget(self) -> None:
        for _near, _far, forgotten in self.pairs:
            forgotten.set()

    def close(self) -> None:
        self.closed = True
        self.listener.close()
        for near, far, _ in self.pairs:
            for end in (near, far):
                try:
                    end.close()
                except OSError:
                    pass


def test_after_a_long_sleep_the_first_tap_reaches_the_board(browser, tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as server:
        relay = Relay(server.port)
        context = browser.new_context(**PHONE, locale="en-US")
        try:
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"http://127.0.0.1:{relay.port}/")
            join_by_code(page, server.code, "Ana")
            page.locator("[data-opponent=greedy]").tap()
            page.wait_for_selector(".hoyito-board .hoyito-playable")
            wait_idle(page)
            before = read_board(page)

            cdp = context.new_cdp_session(page)
            cdp.send("Page.setWebLifecycleState", {"state": "frozen"})  # the phone sleeps
            relay.forget()  # ... and the network forgets its connection
            time.sleep(15)
            cdp.send("Page.setWebLifecycleState", {"state": "active"})  # it wakes
            assert page.locator(".class-status").text_content() == ""  # it looks live
            page.locator(f".hoyito-hole-{before['playable'][0]}").tap()  # the first tap
            page.wait_for_function(
                f"Number(document.querySelector('.hoyito-board').dataset.ply) > "
                f"{before['ply']}", timeout=15_000)
            wait_idle(page)
            after = read_board(page)
            tapped = before["playable"][0]
            assert [list(m) for m in after["moves"][len(before["moves"]):][:1]] == [[0, tapped]]
        finally:
            context.close()
            relay.close()
