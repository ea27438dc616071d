"""The class server's class, in this process: joining, playing, the teacher, what is stored,
and the protocol fuzzed. The real server process is tested in test_class_server.py.

A connection here is a plain object with ``send``; the Classroom is the same one the server
drives, on a real SQLite file.
"""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("segno")

import hoyito_edu as hy  # noqa: E402
from hoyito_edu.board.server import codes  # noqa: E402
from hoyito_edu.board.server.room import Classroom  # noqa: E402
from hoyito_edu.board.server.store import Store  # noqa: E402
from hoyito_edu.sim.metrics import game_metrics  # noqa: E402


class Page:
    """A page's end of a WebSocket: what it was sent, in order."""

    def __init__(self) -> None:
        self.got: list[dict] = []

    def send(self, message: dict) -> None:
        self.got.append(message)

    def last(self, kind: str, name: str | None = None) -> dict | None:
        for message in reversed(self.got):
            if message["type"] == kind and (name is None or message.get("name") == name):
                return message
        return None

    @property
    def view(self) -> dict:
        return self.last("set", "view")["value"]

    @property
    def refusal(self) -> str | None:
        found = self.last("refused")
        return None if found is None else found["text"]


@pytest.fixture
def db(tmp_path):
    return tmp_path / "clase.db"


@pytest.fixture
def room(db):
    return Classroom(Store(db), "en")


def join(room, name, lang="en", code=None, pin=None) -> Page:
    page = Page()
    message = {"type": "join", "code": code or room.code, "name": name, "lang": lang}
    if pin is not None:
        message["pin"] = pin
    room.student_message(page, message, lang)
    return page


def click(room, page, hole=None):
    view = page.view
    hole = view["playable"][0] if hole is None else hole
    message = {"type": "click", "hole": hole, "ply": view["ply"], "game": view["game"]}
    room.student_message(page, {"type": "board", "message": message}, "en")


def stored_holes(db) -> list[int]:
    with sqlite3.connect(db) as con:
        return [h for (h,) in con.execute("SELECT hole FROM moves ORDER BY ply")]


def test_the_class_code_is_short_and_has_no_look_alikes():
    for _ in range(200):
        code = codes.new_class_code()
        assert len(code) == 5 and not set(code) & set("0O1IL2Z5S8B6GQDUVWJ")
        assert len(codes.new_secret()) > len(code)
    assert codes.normalise_code(" kx-4 7t ") == "KX47T"


def test_the_join_address_comes_from_the_interfaces():
    assert "127.0.0.1" in codes.interface_addresses()
    assert codes.join_addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    for address in codes.join_addresses("0.0.0.0", 8000):
        assert address.startswith("http://") and address.endswith(":8000/")
    assert codes.qr_svg("http://127.0.0.1:8000/").startswith("<svg")


def test_a_wrong_code_gets_a_plain_sentence_in_the_pages_language(room):
    page = join(room, "Ana", lang="es", code="XXXXX")
    assert page.refusal.startswith("No hay ninguna clase con el código XXX XX.")
    assert page.last("joined") is None
    page = join(room, "Ana", code="XXXXX")
    assert page.refusal.startswith("There is no class with the code XXX XX.")


def test_a_student_joins_typing_the_code_loosely_and_plays_the_computer(room, db):
    code = room.code
    page = join(room, "  Ana   Pérez ", code=f"{code[:3].lower()} {code[3:]}")
    assert page.last("joined")["name"] == "Ana Pérez"
    levels = [name for name, _line, _ready in page.last("lobby")["levels"]]
    assert levels == ["beginner", "greedy"]
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    assert page.last("game")["opponent"] == "greedy"
    assert page.view["human"] == 0
    click(room, page)
    assert page.view["ply"] == 2  # the student's move and the computer's answer
    assert len(stored_holes(db)) == 2


def test_levels_the_teacher_has_not_opened_are_refused(room):
    page = join(room, "Ana")
    room.student_message(page, {"type": "play", "opponent": "expert"}, "en")
    assert page.refusal == "The teacher has not opened that level for this class."
    assert page.last("game") is None


def test_every_move_is_stored_before_the_page_is_told(room, db):
    page = join(room, "Ana")
    room.student_message(page, {"type": "play", "opponent": "beginner"}, "en")
    seen_in_store = []
    original = page.send

    def send(message):
        if message["type"] == "set" and message["name"] == "view":
            seen_in_store.append((message["value"]["ply"], len(stored_holes(db))))
        original(message)

    page.send = send
    for _ in range(3):
        click(room, page)
    assert seen_in_store and all(ply <= stored for ply, stored in seen_in_store)


def test_a_restarted_server_gives_the_student_the_same_game_at_the_same_move(db):
    room = Classroom(Store(db), "en")
    page = join(room, "Ana")
    token = page.last("joined")["token"]
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    for _ in range(4):
        click(room, page)
    before, code = page.view, room.code
    del room  # as if killed: nothing is saved at the end, everything was saved on the way

    again = Classroom(Store(db), "en")
    assert again.code == code
    page = Page()
    again.student_message(page, {"type": "resume", "token": token, "lang": "es"}, "es")
    after = page.view
    assert (after["ply"], after["board"], after["captures"]) == (
        before["ply"], before["board"], before["captures"])
    assert after["status"].startswith("Te toca")
    logs = [m["content"] for m in page.got
            if m["type"] == "msg" and m["content"]["type"] == "log"]
    assert logs and logs[-1]["start"] == 0  # the reopened page hears the whole move list
    assert len(logs[-1]["lines"]) == before["ply"]
    click(again, page)  # the game goes on, and on in the store
    assert page.view["ply"] > before["ply"]
    assert len(stored_holes(db)) == page.view["ply"]


def test_the_name_recovers_the_game_on_another_device(room):
    page = join(room, "Ana")
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    click(room, page)
    room.disconnected(page)
    assert join(room, "ana").last("joined") is None  # the name alone is not enough
    phone = join(room, "ana", pin=page.last("joined")["pin"])
    assert phone.last("joined")["token"] != page.last("joined")["token"]  # a new token
    assert phone.view["ply"] == 2


def test_a_name_in_use_on_another_page_is_refused(room):
    join(room, "Ana")
    page = join(room, "ANA")
    assert "already called ANA" in page.refusal and page.last("joined") is None


def test_two_classmates_each_move_only_on_their_turn_and_see_the_same_game(room, db):
    ana, ben = join(room, "Ana"), join(room, "Ben", lang="es")
    room.student_message(ana, {"type": "play", "opponent": "classmate"}, "en")
    assert ana.last("lobby")["waiting"] is True
    room.student_message(ben, {"type": "play", "opponent": "classmate"}, "es")
    assert ana.last("game")["side"] == 0 and ana.last("game")["classmate"] == "Ben"
    assert ben.last("game")["side"] == 1 and ben.last("game")["flipped"] is True
    # each student's page speaks their own language
    assert ben.last("set", "texts")["value"]["lang"] == "es"
    assert ana.last("set", "texts")["value"]["lang"] == "en"
    click(room, ben, 6)
    assert ben.refusal == "Espera: le toca a tu compañero o compañera."
    assert ana.view["ply"] == 0
    click(room, ana, 2)
    assert ana.view["ply"] == ben.view["ply"] == 1
    assert ana.view["board"] == ben.view["board"]
    assert ben.view["lang"] == "es" and ana.view["lang"] == "en"
    room.student_message(ana, {"type": "board", "message": {"type": "action", "name": "undo"}},
                         "en")
    assert ana.view["ply"] == 1 and "cannot be taken back" in ana.refusal
    click(room, ben)
    assert stored_holes(db)[0] == 2 and len(stored_holes(db)) == 2
    room.student_message(ana, {"type": "lobby"}, "en")
    assert ben.refusal == "Tu compañero o compañera dejó la partida."
    assert ben.last("lobby") is not None


def test_forged_board_messages_change_nothing(room):
    page = join(room, "Ana")
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    before = page.view
    room.student_message(page, {"type": "board", "message": {
        "type": "settings", "settings": {"opponent": None}}}, "en")
    assert page.refusal == "In class, the teacher chooses the rules and the board."
    room.student_message(page, {"type": "board", "message": {"type": "launch"}}, "en")
    assert page.view["notice"]["text"].startswith("That message was not understood")
    assert page.view["board"] == before["board"] and page.view["ply"] == 0


def test_a_language_message_without_a_language_is_refused(room):
    page = join(room, "Ana", lang="es")
    room.student_message(page, {"type": "language"}, "es")  # was a KeyError (found by the fuzz)
    assert page.refusal == "No se entendió ese mensaje (lang), así que nada cambió."


def test_the_teacher_sets_pauses_renames_removes_and_ends(room):
    teacher = Page()
    assert not room.teacher_message(teacher, {"type": "teacher", "secret": room.code})
    assert teacher.refusal == "That is not this class's teacher key."
    assert not room.teacher_message(teacher, {"type": "pause", "paused": True})
    assert room.teacher_message(teacher, {"type": "teacher", "secret": room.secret.lower()})
    page = join(room, "Ana")
    room.teacher_message(teacher, {"type": "settings", "variant": "ba-awa", "holes_per_row": 6,
                                   "levels": ["expert", "beginner"], "classmates": False})
    lobby = page.last("lobby")
    assert [name for name, *_ in lobby["levels"]] == ["beginner", "expert"]
    assert lobby["classmates"] is False
    room.student_message(page, {"type": "play", "opponent": "beginner"}, "en")
    assert page.view["settings"]["variant"] == "ba-awa"
    room.teacher_message(teacher, {"type": "pause", "paused": True})
    assert page.last("paused") == {"type": "paused", "paused": True,
                                   "text": "The teacher has paused the class: wait a moment."}
    views = sum(m["type"] == "set" for m in page.got)
    click(room, page)
    assert page.view["ply"] == 0
    assert page.refusal == "The teacher has paused the class: wait a moment."
    assert sum(m["type"] == "set" for m in page.got) > views  # the page stops waiting
    room.teacher_message(teacher, {"type": "pause", "paused": False})
    assert page.last("paused")["paused"] is False
    ana = room.overview()["students"][0]
    room.teacher_message(teacher, {"type": "rename", "student": ana["id"], "name": "Ana M."})
    assert room.overview()["students"][0]["name"] == "Ana M."
    room.teacher_message(teacher, {"type": "remove", "student": ana["id"]})
    assert page.last("gone") is not None
    assert join(room, "Ana M.").refusal == "Your teacher has taken you out of this class."
    room.teacher_message(teacher, {"type": "end"})
    assert join(room, "Carla").refusal == "This class has ended. Thank you for playing!"
    assert Classroom(room.store, "en").code != room.code  # a restart opens a new class


def test_class_games_is_one_row_per_game_in_simulates_columns(db):
    room = Classroom(Store(db), "en")
    page = join(room, "Ana")
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    while page.view["playable"]:
        click(room, page)
    room.student_message(page, {"type": "play", "opponent": "beginner"}, "en")
    click(room, page)
    room.student_message(page, {"type": "lobby"}, "en")
    table = hy.class_games(db)
    simulated = hy.simulate("hoyito-i", games=1, seed=1).games
    shared = [c for c in simulated.columns if c in table.columns]
    assert len(shared) >= 17 and len(table) == 2
    first, second = table.iloc[0], table.iloc[1]
    assert first["south"] == "S01" and first["north"] == "greedy"
    assert first["result"] in ("south", "north", "draw") and first["plies"] > 2
    assert first["score_south"] + first["score_north"] == 48
    assert second["result"] == "unfinished" and second["end_reason"] == "back-to-list"
    assert len(second["moves"].split()) == second["plies"] == 2
    assert hy.class_games(db, names=True).iloc[0]["south"] == "Ana"
    with pytest.raises(FileNotFoundError, match="no class database"):
        hy.class_games(db.parent / "missing.db")


FIXTURE = [HealthCheck.function_scoped_fixture]
student_messages = st.one_of(
    st.dictionaries(st.sampled_from(["type", "code", "name", "token", "opponent", "lang",
                                     "message"]),
                    st.one_of(st.none(), st.text(max_size=30), st.integers(), st.booleans(),
                              st.lists(st.integers(), max_size=3),
                              st.sampled_from(["join", "resume", "play", "lobby", "board",
                                               "language", "classmate", "greedy", "es"]),
                              st.dictionaries(st.sampled_from(["type", "hole", "ply", "game",
                                                               "name", "settings"]),
                                              st.one_of(st.integers(-3, 20), st.text(max_size=8),
                                                        st.sampled_from(["click", "action",
                                                                         "undo", "new"])),
                                              max_size=4)),
                    max_size=5),
    st.lists(st.integers(), max_size=3), st.text(max_size=10), st.none(), st.integers(),
)


@settings(max_examples=80, deadline=None, suppress_health_check=FIXTURE)
@given(messages=st.lists(student_messages, max_size=12))
def test_any_student_message_gets_an_answer_or_a_refusal_never_a_crash(tmp_path, messages):
    room = Classroom(Store(tmp_path / f"fuzz{len(messages)}.db"), "en")
    page = join(room, "Ana")
    room.student_message(page, {"type": "play", "opponent": "greedy"}, "en")
    other = join(room, "Ben")
    for message in messages:
        count = len(page.got)
        room.student_message(page, message, "en")
        assert len(page.got) > count or message.get("type") == "language"
    # nothing a student sends reaches the teacher's controls or another student's game
    assert not room.paused and not room.ended and other.last("game") is None
    assert all(s.name in ("Ana", "Ben") for s in room.students.values())


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURE)
@given(messages=st.lists(st.dictionaries(
    st.sampled_from(["type", "secret", "variant", "holes_per_row", "levels", "classmates",
                     "paused", "student", "name"]),
    st.one_of(st.none(), st.text(max_size=20), st.integers(-2, 14), st.booleans(),
              st.lists(st.sampled_from(["beginner", "expert", "chess", 3]), max_size=3),
              st.sampled_from(["settings", "pause", "rename", "remove", "teacher", "end",
                               "hoyito-ii", "ba-awa"])), max_size=6), max_size=10))
def test_teacher_messages_without_the_key_change_nothing(tmp_path, messages):
    room = Classroom(Store(tmp_path / f"teacher{len(messages)}.db"), "en")
    before = dict(room.row)
    page = Page()
    for message in messages:
        if message.get("type") == "teacher":
            continue
        assert room.teacher_message(page, message) is False
    assert room.row == before


def test_after_a_restart_a_finished_game_comes_back_with_its_result_a_left_one_does_not(db):
    room = Classroom(Store(db), "en")
    ana, ben = join(room, "Ana"), join(room, "Ben")
    room.student_message(ana, {"type": "play", "opponent": "greedy"}, "en")
    while ana.view["playable"]:
        click(room, ana)
    final = ana.view
    room.student_message(ben, {"type": "play", "opponent": "greedy"}, "en")
    click(room, ben)
    room.student_message(ben, {"type": "lobby"}, "en")
    tokens = {name: page.last("joined")["token"] for name, page in (("Ana", ana), ("Ben", ben))}

    again = Classroom(Store(db), "en")
    ana, ben = Page(), Page()
    again.student_message(ana, {"type": "resume", "token": tokens["Ana"], "lang": "en"}, "en")
    again.student_message(ben, {"type": "resume", "token": tokens["Ben"], "lang": "en"}, "en")
    assert ana.view["board"] == final["board"] and ana.view["banner"] == final["banner"]
    assert ben.last("game") is None and ben.last("lobby") is not None


def test_the_round_robin_pairs_classmates_who_have_not_met(room):
    teacher = Page()
    room.teacher_message(teacher, {"type": "teacher", "secret": room.secret})
    pages = [join(room, name) for name in ("Ana", "Ben", "Carla", "Dario", "Eva")]
    met = set()
    for _round in range(5):
        room.teacher_message(teacher, {"type": "round"})
        playing = [p for p in pages if room.by_token[p.last("joined")["token"]].game is not None]
        assert len(playing) == 4  # two pairs; the fifth waits for the next round
        alone = [p for p in pages if p not in playing]
        assert alone[0].refusal.startswith("This round has an odd number")
        pairs = {frozenset((p.last("game")["classmate"], p.last("joined")["name"]))
                 for p in playing}
        assert not pairs & met  # nobody plays the same classmate twice while others are left
        met |= pairs
        for page in playing:
            room.student_message(page, {"type": "lobby"}, "en")
    assert len(met) == 10  # five rounds: everyone has met everyone


def test_the_sample_class_loads_and_is_remade_the_same_by_its_script(tmp_path):
    import importlib.util

    from hoyito_edu.teaching.data import data_dir

    script = data_dir().parent / "scripts" / "make_class_sample.py"
    spec = importlib.util.spec_from_file_location("make_class_sample", script)
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    shipped = hy.class_games(data_dir() / "class_sample.db")
    assert (data_dir() / "class_sample.db").stat().st_size < 300_000  # small enough to ship
    simulated = hy.simulate("hoyito-i", games=1, seed=1).games
    assert [c for c in simulated.columns if c in shipped.columns] == list(simulated.columns)
    metrics = game_metrics(shipped[shipped["opponent_kind"] == "classmate"], by=("variant",))
    assert metrics["games"].iloc[0] == 28 and 0 <= metrics["starter_win_share"].iloc[0] <= 1
    # every "student" is a computer player, and the file says so in its names
    assert set(hy.class_games(data_dir() / "class_sample.db", names=True)["south"]) == {
        f"computer student {n}" for n in range(1, 9)}
    kinds = shipped.groupby("opponent_kind", observed=True).size()
    assert kinds["classmate"] == 28 and kinds["computer"] == 33
    assert (shipped["result"] == "unfinished").sum() == 1
    again = hy.class_games(maker.make(tmp_path / "again.db"))
    pd = pytest.importorskip("pandas")
    pd.testing.assert_frame_equal(again, shipped)
    # the server's own randomness is back once the sample is made
    assert Classroom(Store(tmp_path / "other.db"), "en").code != shipped["class_code"][0]


def test_new_codes_have_m_without_n_and_old_codes_with_n_still_join(db):
    made = "".join(codes.new_class_code() for _ in range(400))
    assert "M" in made and "N" not in made  # "eme" and "ene" read aloud sound alike
    store = Store(db)
    store.create_class(code="NMEHF", secret="ACEFHKMNPRTXY347", lang="es", variant="hoyito-i",
                       holes_per_row=6, levels="beginner", classmates=1)
    room = Classroom(store, "es")  # a class made before carries on with its code
    assert room.code == "NMEHF"
    assert join(room, "Ana", code="nme hf").last("joined")["code"] == "NMEHF"


def test_the_qr_code_prefers_the_rooms_wifi_to_vpn_and_container_addresses():
    found = [("docker0", "172.17.0.1"), ("tun0", "10.8.0.6"), ("lo", "127.0.0.1"),
             ("enp3s0", "192.168.0.14"), ("wlp2s0", "192.168.1.20"),
             ("br-5f2c", "172.18.0.1"), ("wg0", "10.66.0.2"), ("eth1", "169.254.3.4")]
    ranked = [address for _name, address in sorted(found, key=lambda i: codes.address_rank(*i))]
    assert ranked[:2] == ["192.168.1.20", "192.168.0.14"]  # Wi-Fi, then the cable
    assert ranked[-1] == "127.0.0.1" and ranked[-2] == "169.254.3.4"
    assert set(ranked[2:6]) == {"172.17.0.1", "10.8.0.6", "172.18.0.1", "10.66.0.2"}


def test_leaving_a_finished_classmate_game_leaves_the_other_on_the_result(room):
    """The first to leave a finished game once pulled the other off the result banner, with
    "your classmate has left"."""
    ana, ben = join(room, "Ana"), join(room, "Ben")
    room.student_message(ana, {"type": "play", "opponent": "classmate"}, "en")
    room.student_message(ben, {"type": "play", "opponent": "classmate"}, "en")
    while not ana.view["banner"]:
        mover = ana if ana.view["playable"] else ben
        click(room, mover)
    ended = room.results[-1]["end_reason"]
    sent = len(ben.got)
    room.student_message(ana, {"type": "lobby"}, "en")
    assert ana.last("lobby") is not None
    assert all(m["type"] != "lobby" for m in ben.got[sent:])
    assert ben.refusal is None and ben.view["banner"]  # Ben still reads the result
    assert room.results[-1]["end_reason"] == ended  # not rewritten as abandoned
    room.student_message(ben, {"type": "lobby"}, "en")
    assert ben.last("lobby") is not None


def test_a_rename_reaches_the_students_page_and_their_classmates_board(room):
    ana, ben = join(room, "Ana"), join(room, "Ben")
    room.student_message(ana, {"type": "play", "opponent": "classmate"}, "en")
    room.student_message(ben, {"type": "play", "opponent": "classmate"}, "en")
    assert ben.view["names"][0] == "Ana (South)"
    teacher = Page()
    room.teacher_message(teacher, {"type": "teacher", "secret": room.secret})
    ana_id = next(s["id"] for s in room.overview()["students"] if s["name"] == "Ana")
    room.teacher_message(teacher, {"type": "rename", "student": ana_id, "name": "Ana María"})
    assert ana.last("renamed") == {"type": "renamed", "name": "Ana María"}
    assert ben.last("renamed") == {"type": "renamed", "classmate": "Ana María"}
    assert ben.view["names"][0] == "Ana María (South)"


@pytest.mark.parametrize("settings_message", [
    {"type": "settings", "variant": [], "holes_per_row": 6, "levels": [], "classmates": True},
    {"type": "settings", "variant": {"a": 1}, "holes_per_row": 6, "levels": [],
     "classmates": True},
    {"type": "settings", "variant": "hoyito-i", "holes_per_row": 6, "levels": [["beginner"]],
     "classmates": True},
])
def test_teacher_settings_of_the_wrong_kind_are_refused_not_a_crash(settings_message):
    """Found by hypothesis: a list where the rule set's name goes raised TypeError."""
    from hoyito_edu.board.server.room import Refused, check_teacher

    with pytest.raises(Refused):
        check_teacher(settings_message)
