"""The class server in Chromium on a phone (360 x 740, touch): join by code, play the
computer, reload in the middle of the game and come back to it; two phones play each other,
North's board turned round; the teacher's page sees them. The board is the package's own
ES module, read with the same helpers as in Jupyter (pages.py)."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/classserver.py

from classserver import Student, class_server  # noqa: E402
from pages import assert_page_matches, read_board, replay, wait_idle  # noqa: E402
from test_class_postgres import cluster, postgres, url  # noqa: E402, F401 - fixtures

pytestmark = [pytest.mark.browser, pytest.mark.server]

# bypass_csp: Playwright's own waits evaluate strings, which the pages' policy forbids.
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2, "bypass_csp": True}
IDLE_WITH_MOVES = ("document.querySelector('.hoyito-board').dataset.state === 'idle' "
                   "&& document.querySelectorAll('.hoyito-playable').length > 0")


@pytest.fixture
def server(tmp_path):
    with class_server(str(tmp_path / "clase.db"), tmp_path / "server.log") as running:
        yield running


def phone(browser, server, lang="en"):
    context = browser.new_context(**PHONE, locale="es-DO" if lang == "es" else "en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url + "/")
    return page


def join_by_code(page, code: str, name: str) -> None:
    page.locator("input[name=code]").fill(f"{code[:3].lower()} {code[3:]}")
    page.locator("input[name=name]").fill(name)
    page.locator(".class-go").tap()
    page.wait_for_selector(".class-choice")


def playing_greedy(browser, server, name: str):
    """A phone joined as ``name`` and playing the greedy computer, its board idle."""
    page = phone(browser, server)
    join_by_code(page, server.code, name)
    page.locator("[data-opponent=greedy]").tap()
    page.wait_for_selector(".hoyito-board .hoyito-playable")
    wait_idle(page)
    return page


def tap_hole(page) -> int:
    """Tap the first playable hole; the ply the page showed before."""
    before = read_board(page)
    hole = before["playable"][0]
    page.locator(f".hoyito-hole-{hole}").tap()
    page.wait_for_function(f"Number(document.querySelector('.hoyito-board').dataset.ply) > "
                           f"{before['ply']}")
    wait_idle(page)
    return before["ply"]


def test_a_student_joins_plays_reloads_and_comes_back_to_the_same_move(browser, server, artifacts):
    page = phone(browser, server)
    page.locator("input[name=code]").fill("XXXXX")
    page.locator("input[name=name]").fill("Ana")
    page.locator(".class-go").tap()
    page.wait_for_function("document.querySelector('.class-notice').textContent.length > 0")
    assert page.locator(".class-notice").text_content().startswith("There is no class with")

    join_by_code(page, server.code, "Ana")
    page.locator("[data-opponent=greedy]").tap()
    page.wait_for_selector(".hoyito-board .hoyito-playable")
    wait_idle(page)
    for _ in range(3):
        tap_hole(page)
    page.wait_for_function(IDLE_WITH_MOVES)
    before = read_board(page)
    assert before["ply"] >= 6
    assert_page_matches(before, replay(before, "hoyito-i"))
    page.screenshot(path=str(artifacts / "class-phone-game.png"))

    page.reload()  # a reload (or a phone asleep): the token brings the same game back
    page.wait_for_function("(ply) => document.querySelector('.hoyito-board') && Number("
                           "document.querySelector('.hoyito-board').dataset.ply) === ply",
                           arg=before["ply"])
    wait_idle(page)
    after = read_board(page)
    assert after["counts"] == before["counts"] and after["moves"] == before["moves"]
    tap_hole(page)
    assert read_board(page)["ply"] > before["ply"]
    # the page fits a phone: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.context.close()


def test_two_phones_play_each_other_and_the_teacher_sees_them(browser, server, artifacts):
    ana, ben = phone(browser, server), phone(browser, server, lang="es")
    join_by_code(ana, server.code, "Ana")
    join_by_code(ben, server.code, "Ben")
    assert ben.locator("h2").text_content() == "¿Contra quién quieres jugar?"
    ana.locator("[data-opponent=classmate]").tap()
    ana.wait_for_selector(".class-waiting")
    ben.locator("[data-opponent=classmate]").tap()
    for page in (ana, ben):
        page.wait_for_selector(".hoyito-board .hoyito-hole")
    assert ben.locator(".class-board.hoyito-flipped").count() == 1
    assert not ben.locator(".hoyito-undo").is_visible()  # no take-backs between classmates
    # North's row is drawn at the bottom of Ben's screen, South's at the top
    north_y = ben.locator(".hoyito-hole-6").bounding_box()["y"]
    south_y = ben.locator(".hoyito-hole-0").bounding_box()["y"]
    assert north_y > south_y
    tap_hole(ana)
    ben.wait_for_function("Number(document.querySelector('.hoyito-board').dataset.ply) === 1")
    wait_idle(ben)
    assert read_board(ben)["counts"] == read_board(ana)["counts"]
    tap_hole(ben)
    ben.screenshot(path=str(artifacts / "class-phone-north.png"))

    teacher = ana.context.browser.new_context(viewport={"width": 1100, "height": 900},
                                                   bypass_csp=True).new_page()
    teacher.goto(f"{server.url}/teacher#{server.secret}")
    teacher.wait_for_selector(".teacher-student .mini-board")
    assert teacher.locator(".teacher-code").text_content().replace(" ", "") == server.code
    assert teacher.locator(".teacher-student").count() == 2
    teacher.wait_for_function("document.querySelector('.teacher-qr').naturalWidth > 0")
    teacher.screenshot(path=str(artifacts / "class-teacher.png"))
    for page in (ana, ben, teacher):
        page.context.close()


def teacher_page(browser, server):
    page = browser.new_context(viewport={"width": 1100, "height": 900},
                               bypass_csp=True).new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{server.url}/teacher#{server.secret}")
    page.wait_for_selector(".teacher-pause")
    return page


def side_line(page, player: int) -> dict:
    """Who a side's line names, whether it is the line nearest the student (below the board),
    its captured count, and where it is drawn."""
    return page.evaluate("""(p) => {
        const line = document.querySelector(`.hoyito-side-${p}`);
        const svg = document.querySelector('.hoyito-svg').getBoundingClientRect();
        return {who: line.querySelector('.hoyito-who').textContent,
                near: line.classList.contains('hoyito-near'),
                below: line.getBoundingClientRect().top >= svg.bottom - 1,
                count: line.querySelector('.hoyito-pile-count').textContent}; }""", player)


def classmates(browser, server, names=("Ana", "Ben")):
    """Two phones paired as classmates: the first plays South, the second North."""
    south, north = phone(browser, server), phone(browser, server)
    join_by_code(south, server.code, names[0])
    join_by_code(north, server.code, names[1])
    south.locator("[data-opponent=classmate]").tap()
    south.wait_for_selector(".class-waiting")
    north.locator("[data-opponent=classmate]").tap()
    for page in (south, north):
        page.wait_for_selector(".hoyito-board .hoyito-hole")
    return south, north


def test_north_sees_their_own_side_named_scored_and_playable_only_on_their_turn(browser, server,
                                                                               artifacts):
    ana, ben = classmates(browser, server)
    wait_idle(ana)
    # Ben plays North: his row, his name, his pile are at the bottom; Ana's are above
    ben_line, ana_line = side_line(ben, 1), side_line(ben, 0)
    assert ben_line["near"] and ben_line["below"] and ben_line["who"].startswith("You")
    assert "North" in ben_line["who"]
    assert not ana_line["near"] and not ana_line["below"] and ana_line["who"].startswith("Ana")
    # on Ana's turn Ben's page says so by name, and no hole of his is marked playable
    assert read_board(ben)["status"].startswith("Ana (South)")
    assert ben.locator(".hoyito-playable").count() == 0
    assert side_line(ana, 0)["who"].startswith("You") and side_line(ana, 1)["who"].startswith("Ben")
    assert read_board(ana)["status"].startswith("Your turn (South")
    assert all(h < 6 for h in read_board(ana)["playable"])
    for _ in range(3):  # play on, each on their own turn, until someone has captured
        for mover, other in ((ana, ben), (ben, ana)):
            mover.wait_for_function("document.querySelectorAll('.hoyito-playable').length > 0")
            wait_idle(mover)
            mine = read_board(mover)
            assert mine["status"].startswith("Your turn")
            own = range(6) if mover is ana else range(6, 12)
            assert mine["playable"] and all(h in own for h in mine["playable"])
            tap_hole(mover)
            other.wait_for_function(f"Number(document.querySelector('.hoyito-board')"
                                    f".dataset.ply) >= {mine['ply'] + 1}")
    wait_idle(ben)
    for player in (0, 1):  # the piles follow the sides on both phones
        assert side_line(ben, player)["count"] == side_line(ana, player)["count"]
    ben.screenshot(path=str(artifacts / "class-phone-north-sides.png"))
    # the teacher renames Ana: her greeting, and Ben's line and board, say the new name
    teacher = teacher_page(browser, server)
    teacher.on("dialog", lambda dialog: dialog.accept("Ana María"))
    teacher.locator(".teacher-student:has(strong:text-is('Ana')) .teacher-rename").click()
    ana.wait_for_function("document.querySelector('.class-hello').textContent"
                          ".includes('Ana María')")
    ben.wait_for_function("document.querySelector('.class-against').textContent"
                          ".includes('Ana María')")
    assert side_line(ben, 0)["who"].startswith("Ana María")
    for page in (ana, ben, teacher):
        page.context.close()


def test_a_tap_during_a_pause_is_refused_and_every_board_plays_on_after_it(browser, server):
    ana = playing_greedy(browser, server, "Ana")
    ben, cai = classmates(browser, server, ("Ben", "Cai"))
    wait_idle(ben)
    teacher = teacher_page(browser, server)
    teacher.locator(".teacher-pause").click()
    players = (ana, ben)  # the two whose turn it is
    for page in (ana, ben, cai):
        page.wait_for_function("document.querySelector('.class-notice').textContent"
                               ".includes('paused')")
    before = {id(page): read_board(page)["ply"] for page in players}
    for page in players:
        hole = read_board(page)["playable"][0]
        page.locator(f".hoyito-hole-{hole}").tap()
    for page in players:  # refused: the board stops waiting at once, nothing was played
        wait_idle(page, timeout=5_000)
        assert read_board(page)["ply"] == before[id(page)]
    teacher.locator(".teacher-pause").click()
    for page in (ana, ben, cai):  # the pause notice goes when the teacher lets them play
        page.wait_for_function("!document.querySelector('.class-notice').textContent"
                               ".includes('paused')")
    for page in players:  # and the next tap plays at once
        assert tap_hole(page) == before[id(page)]
        assert "on its way" not in read_board(page)["notice"]
    cai.wait_for_function("Number(document.querySelector('.hoyito-board').dataset.ply) >= 1")
    wait_idle(cai)
    tap_hole(cai)
    for page in (ana, ben, cai, teacher):
        page.context.close()


def students_playing(server, count: int, stop: threading.Event) -> threading.Thread:
    """``count`` students on real WebSockets, each playing the greedy level without a pause
    (a new game when one ends) until ``stop`` is set: the teacher's page changes all the time."""

    async def one(name: str) -> None:
        student = await Student.connect(server.ws)
        await student.join(server.code, name)
        await student.play("greedy")
        while not stop.is_set():
            await asyncio.sleep(0.4)  # a student's pace (the server limits a page's rate)
            if student.view.get("playable"):
                await student.click()
            else:
                await student.play("greedy")
        await student.close()

    async def all_of_them() -> None:
        await asyncio.gather(*(one(f"Student {k}") for k in range(1, count + 1)))

    thread = threading.Thread(target=asyncio.run, args=(all_of_them(),), daemon=True)
    thread.start()
    return thread


def test_rename_and_remove_open_their_dialog_on_every_press_while_ten_students_play(browser,
                                                                                   server):
    stop = threading.Event()
    thread = students_playing(server, 10, stop)
    try:
        teacher = teacher_page(browser, server)
        teacher.wait_for_function("document.querySelectorAll('.teacher-student .mini-board')"
                                  ".length === 10")
        dialogs = []

        def answer(dialog) -> None:
            dialogs.append(dialog.type)
            dialog.dismiss()  # nobody is renamed or removed

        teacher.on("dialog", answer)
        plies = teacher.evaluate("[...document.querySelectorAll('.teacher-line')]"
                                 ".map((line) => line.textContent).join()")
        for press in range(10):
            kind = "rename" if press % 2 == 0 else "remove"
            button = teacher.locator(f".teacher-student >> nth={press} >> .teacher-{kind}")
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            teacher.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            teacher.mouse.down()
            teacher.wait_for_timeout(150)  # a teacher's press, while the cards change
            teacher.mouse.up()
            teacher.wait_for_timeout(100)
        assert dialogs == ["prompt", "confirm"] * 5
        # the cards did change under the presses: the students were playing all along
        assert teacher.evaluate("[...document.querySelectorAll('.teacher-line')]"
                                ".map((line) => line.textContent).join()") != plies
        assert teacher.locator(".teacher-student").count() == 10
        teacher.context.close()
    finally:
        stop.set()
        thread.join(30)


def test_back_to_the_list_asks_first_as_new_game_does(browser, server):
    ana = playing_greedy(browser, server, "Ana")
    ana.locator(".class-back").tap()  # no move yet: nothing to lose, back at once
    ana.wait_for_selector(".class-choice")
    ana.locator("[data-opponent=greedy]").tap()
    ana.wait_for_selector(".hoyito-board .hoyito-playable")
    wait_idle(ana)
    ply = tap_hole(ana)
    ana.locator(".class-back").tap()
    assert ana.locator(".class-ask").is_visible()
    assert ana.locator(".class-ask").text_content().startswith("Leave this game?")
    ana.locator(".class-ask-no").tap()  # no: the game goes on
    assert not ana.locator(".class-ask").is_visible()
    assert tap_hole(ana) > ply
    ana.locator(".class-back").tap()
    ana.locator(".class-ask-yes").tap()
    ana.wait_for_selector(".class-choice")
    ana.context.close()


def test_the_teachers_controls_are_finger_sized_and_end_the_class_stands_apart(browser, server):
    for width in (1100, 360):
        page = browser.new_context(viewport={"width": width, "height": 900}, has_touch=True,
                                   bypass_csp=True).new_page()
        page.goto(f"{server.url}/teacher#{server.secret}")
        page.wait_for_selector(".teacher-pause")
        # every section unfolded (a phone folds some away): their controls are measured too
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        small = page.evaluate("""() => [...document.querySelectorAll(
              '.teacher button, .teacher select, .teacher-export a, .teacher-settings label')]
            .map((el) => [el.className || el.tagName, el.getBoundingClientRect()])
            .filter(([, box]) => box.height < 44 || box.width < 44)
            .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)""")
        assert small == [], (width, small)
        pause = page.locator(".teacher-pause").bounding_box()
        end = page.locator(".teacher-end").bounding_box()
        apart = max(end["x"] - (pause["x"] + pause["width"]),
                    end["y"] - (pause["y"] + pause["height"]))
        assert apart >= 16, (width, pause, end)
        page.context.close()
    # Pause and, at once, Let everyone play: the second press undoes the first (it once sent
    # "pause" again when it came before the server's answer to the first)
    page = teacher_page(browser, server)
    page.locator(".teacher-pause").click()
    page.locator(".teacher-pause").click()
    page.wait_for_timeout(1500)  # the server's answers to both have come back
    assert page.locator(".teacher-pause").text_content() == "Pause everyone"
    assert page.locator(".class-notice").text_content() == ""
    page.context.close()


def test_a_phone_reloaded_while_postgresql_is_away_keeps_its_game(browser, postgres, url,  # noqa: F811
                                                                  tmp_path):
    """A tap while the database is away is said to wait; a page reloaded then is told so,
    keeps its token (it is not sent back to the join form), and once PostgreSQL answers the
    waiting tap is played and shown, and the game goes on."""
    with class_server(url, tmp_path / "server.log", extra=("--new",)) as pg_server:
        ana = phone(browser, pg_server)
        join_by_code(ana, pg_server.code, "Ana")
        ana.locator("[data-opponent=greedy]").tap()
        ana.wait_for_selector(".hoyito-board .hoyito-playable")
        wait_idle(ana)
        tap_hole(ana)
        before = read_board(ana)
        away = ("document.querySelector('.class-notice').textContent"
                ".includes('not answering')")
        postgres.stop()
        try:
            ana.locator(f".hoyito-hole-{before['playable'][0]}").tap()
            ana.wait_for_function(away)
            ana.reload()
            ana.wait_for_function(away)
            assert ana.evaluate("localStorage.getItem('hoyito-class-token')")
            assert ana.locator("input[name=code]").count() == 0  # not sent back to join
        finally:
            postgres.start()
        ana.wait_for_function("(ply) => document.querySelector('.hoyito-board') && Number("
                              "document.querySelector('.hoyito-board').dataset.ply) > ply",
                              arg=before["ply"], timeout=30_000)
        ana.wait_for_function(IDLE_WITH_MOVES)
        after = read_board(ana)
        assert after["moves"][:len(before["moves"])] == before["moves"]
        assert_page_matches(after, replay(after, "hoyito-i"))
        assert tap_hole(ana) == after["ply"]
        ana.context.close()
