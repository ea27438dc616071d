"""A class: its students, their games, the teacher, and what each may send.

Transport-free: a :class:`Classroom` takes checked messages from connections (anything with
a ``send(dict)`` method) and answers them through ``send``; the Starlette app
(:mod:`.app`) only carries JSON over WebSockets. Every game is one or two
:class:`~hoyito_edu.board.session.BoardSession` objects:

* against the computer, one session (the student plays South, the bottom row);
* two classmates play through **two mirrored sessions**, one per student, each with its own
  language and Show me; a move played on one is played on the other. The student playing
  North sees the board turned round (the page rotates it), so each sees their own row at the
  bottom. A student may only move on their own turn; the server checks it before the session
  sees the click.

Nothing is lost: after every message (and every computer move) the game's moves are written
to the store *before* the page is told (the session's messages are held until then). A game
is rebuilt after a restart by replaying its stored holes through the engine.
"""

from __future__ import annotations

import hmac
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...engine.checks import as_whole
from ...engine.rules import VARIANTS
from ...i18n import N_, language
from ...i18n import gettext as _
from ...teaching import words
from .. import texts
from ..session import BoardSession, size_options
from . import codes
from .limits import OWN_COMPUTER, STUDENTS_CEILING, Limits
from .projector import TYPES as LESSON_TYPES
from .projector import Lesson
from .projector import Refusal as LessonRefusal
from .projector import check as check_lesson
from .store import CannotStart, Store, StoreAway

#: The computer levels a teacher may allow, easiest first.
LEVELS = tuple(name for name, _line in words.LEVELS)
#: The levels allowed when a class starts.
DEFAULT_LEVELS = ("beginner", "greedy")
#: The board actions a student may use against a classmate (against the computer: all).
CLASSMATE_ACTIONS = ("hints",)
#: The longest name a student may give.
NAME_LIMIT = 40
#: How a game that was not played to its end ended (``end_reason``), one reason each: a
#: student went back to the list, started a new game (or chose another opponent), was
#: removed by the teacher, or the teacher ended the class; "left" was written by earlier
#: versions for all four. (A game with no move is "unplayed".)
ABANDONED = ("back-to-list", "new-game", "removed", "class-ended", "left")

SENTENCES = {
    "wrong-code": N_("There is no class with the code {code}. Check the code on the board "
                     "and type it again."),
    "no-code": N_("Type the class code your teacher gave you."),
    "no-name": N_("Type your name (up to {limit} letters)."),
    "name-taken": N_("Someone in this class is already called {name}. If it is you, type your "
                     "PIN as well (it was shown when you joined, and your teacher can see it); "
                     "if not, add your surname."),
    "wrong-pin": N_("That is not the PIN for {name}. Check it, or ask your teacher for it."),
    "too-many-pins": N_("Too many wrong PINs for {name} just now: try again in {seconds} s, "
                        "or ask your teacher for it."),
    "opened-elsewhere": N_("Your game was opened on another device, so this page has let it "
                           "go. To play here again, type the class code, your name and your "
                           "PIN."),
    "removed": N_("Your teacher has taken you out of this class."),
    "removed-device": N_("Your teacher has taken the student of this phone out of the class, "
                         "so it cannot join again under another name. Ask your teacher to "
                         "let you back in."),
    "ended": N_("This class has ended. Thank you for playing!"),
    "unknown-token": N_("This page's class is over or was on another computer. Type the "
                        "class code and your name."),
    "paused": N_("The teacher has paused the class: wait a moment."),
    "level-not-allowed": N_("The teacher has not opened that level for this class."),
    "level-not-ready": N_("That level is still getting ready (the first time takes a while). "
                          "Try another one, or wait a minute."),
    "level-no-workers": N_("This server was started without helpers for the computer's "
                           "thinking levels (--workers 0): choose another level."),
    "no-classmates": N_("Games between classmates are not open in this class."),
    "not-your-turn": N_("Wait: it is your classmate's turn."),
    "not-in-game": N_("You are not in a game: choose whom to play."),
    "action-classmate": N_("Against a classmate, moves cannot be taken back and the game "
                           "cannot be restarted."),
    "settings": N_("In class, the teacher chooses the rules and the board."),
    "classmate-left": N_("Your classmate has left the game."),
    "not-understood": N_("That message was not understood ({detail}), so nothing changed."),
    "too-fast": N_("Too many messages at once: slow down a little."),
    "teacher-secret": N_("That is not this class's teacher key."),
    "round-alone": N_("This round has an odd number of players: you play the next round."),
    "book-missing": N_("The book is not on this computer yet: the teacher builds it once with "
                       "python -m hoyito_edu book, then starts the class server again."),
    "book-not-found": N_("That page is not in the students' book."),
    "too-many-codes": N_("Too many wrong class codes were typed just now. Wait {seconds} s, "
                         "then check the code on the board and type it again."),
    "too-many-names": N_("Too many new names from this device just now: try again in "
                         "{seconds} s."),
    "class-full": N_("This class is full ({limit} students). Ask your teacher to let more "
                     "in."),
    "too-many-keys": N_("Too many wrong teacher keys were tried just now: try again in "
                        "{seconds} s."),
    "too-many-pages": N_("Too many pages of this class are open on this device: close some "
                         "of them, then reload this one."),
    "not-saved": N_("The server could not save your last move just now (its database is "
                    "busy or full). It shows as soon as it is saved: tap the board again in a "
                    "moment. If this goes on, tell your teacher."),
    "no-restore": N_("In class, the server keeps your game: play it on the board, move by "
                     "move."),
    "database-away": N_("The class's database is not answering, so nothing new can be kept "
                        "right now. The server keeps trying: wait a moment, your game comes "
                        "back by itself."),
    "database-back": N_("The class's database answers again: the class goes on."),
    "port-taken": N_("Port {port} is already in use on this computer (another class server, "
                     "or another program). Stop that one, or start on another port: --port "
                     "{other} (make clase PORT={other})."),
    "levels-warming": N_("Getting the intermediate and expert levels ready in the background "
                         "(a few seconds; on a new installation that was not set up with make "
                         "clase, a few minutes)..."),
    "levels-ready": N_("The intermediate and expert levels are ready ({seconds} s)."),
    "levels-failed": N_("The intermediate and expert levels could not start: {error}"),
    "warm-again": N_("A worker process died while getting the intermediate and expert levels "
                     "ready; starting again in {seconds} s."),
    "warm-keeps-dying": N_("The worker processes for the intermediate and expert levels keep "
                           "dying while they get ready (is the computer short of memory?). "
                           "The other levels play on; trying again every {seconds} s."),
    "worker-died": N_("A worker process died; starting new ones (the levels it served go on)."),
    "no-parquet": N_("This computer cannot write Parquet files: the pyarrow package is not "
                     "installed. Download the CSV file instead, or install pyarrow (pip install "
                     "pyarrow) and start the class server again."),
}

#: A classmate game as each student sees it: their own side is "you", the other side is named.
CLASSMATE_WORDS = {
    "your-turn": (N_("Your turn (South, the row nearest you): tap one of your holes."),
                  N_("Your turn (North, the row nearest you): tap one of your holes.")),
    # TRANSLATORS: the status line of a game between classmates: "Ana (North) to move."
    "to-move": N_("{who} to move."),
    # TRANSLATORS: a classmate's name on the board: "Ana (North)".
    "named": N_("{name} ({side})"),
    # TRANSLATORS: a pit's owner, for screen readers, in a game between classmates.
    "pit_computer": N_("your classmate's"),
    "watch_computer": N_("Watch: your classmate sows hole {hole}."),
}


class Connection(Protocol):
    def send(self, message: dict) -> None: ...


class Refused(ValueError):
    """A message the class does not take: ``key`` names its sentence."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values


#: Why a server does not start (printed in the terminal, in the server's language).
START_SENTENCES = {
    "which-class": N_("This database may hold other teachers' classes, so say which class "
                      "this server serves: --class followed by the class code it printed "
                      "when you started it (to carry on), or --new for a new class."),
    "no-such-class": N_("There is no class with the code {code} in this database. Check the "
                        "code, or start a new class with --new."),
    "class-ended": N_("The class {code} has ended. Start a new class with --new."),
    "class-in-use": N_("The class {code} is being served by another server already. Stop "
                       "that one first, or start a new class with --new."),
}


def cannot_start(key: str, lang: str, **values: Any) -> CannotStart:
    with language(lang):
        return CannotStart(_(START_SENTENCES[key]).format(**values))


class NotReplayable(RuntimeError):
    """A stored game whose moves the engine refuses (a class file from an older server)."""


def say(key: str, lang: str, **values: Any) -> str:
    with language(lang):
        return _(SENTENCES[key]).format(**values)


# -- checking messages ---------------------------------------------------------------------
def _text(message: dict, key: str, limit: int, required: bool = True) -> str | None:
    value = message.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise Refused("not-understood", detail=f"{key}")
    return value


def address_of(conn: object) -> object:
    """The network address a page's connection came from (None if unknown)."""
    return getattr(conn, "address", None)


def clean_name(name: str) -> str:
    """A name as kept: normalised (NFC), spaces collapsed, control characters dropped."""
    name = unicodedata.normalize("NFC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return " ".join(name.split())


def name_key(name: str) -> str:
    return clean_name(name).casefold()


STUDENT_TYPES = ("join", "resume", "play", "lobby", "board", "language")
TEACHER_TYPES = ("teacher", "settings", "pause", "rename", "remove", "readmit", "end", "round",
                 "limit", "book", *LESSON_TYPES)


def _kind(message: object, types: tuple[str, ...]) -> str:
    """The ``type`` of ``message`` if it is a dict whose type is one of ``types``, else
    :class:`Refused` (not-understood), naming what came (at most 40 characters)."""
    if not isinstance(message, dict) or message.get("type") not in types:
        kind = message.get("type") if isinstance(message, dict) else type(message).__name__
        raise Refused("not-understood", detail=f"type {str(kind)[:40]!r}")
    return message["type"]


def check_student(message: object) -> dict:
    """``message`` if a student's page may send it, else :class:`Refused` (not-understood).
    A board message is checked by the session itself."""
    kind = _kind(message, STUDENT_TYPES)
    if kind == "join":
        _text(message, "code", 64)
        _text(message, "name", 200)
        _text(message, "pin", 12, required=False)
        _text(message, "was", 64, required=False)  # a token this browser held, if removed
    elif kind == "resume":
        _text(message, "token", 64)
    elif kind == "play":
        _text(message, "opponent", 40)
    elif kind == "board" and not isinstance(message.get("message"), dict):
        raise Refused("not-understood", detail="board")
    if kind in ("join", "resume", "language"):
        lang = message.get("lang", "en" if kind != "language" else None)
        if lang not in ("en", "es"):
            raise Refused("not-understood", detail="lang")
    return message


def check_teacher(message: object) -> dict:
    """``message`` if the teacher's page may send it, else :class:`Refused`."""
    kind = _kind(message, TEACHER_TYPES)
    if kind == "teacher":
        _text(message, "secret", 64)
    elif kind == "settings":
        variant, size = message.get("variant"), as_whole(message.get("holes_per_row"))
        levels, mates = message.get("levels"), message.get("classmates")
        if not isinstance(variant, str) or variant not in VARIANTS \
                or size not in size_options(variant):
            raise Refused("not-understood", detail="variant or board size")
        if not isinstance(levels, list) or len(levels) > 10 \
                or not all(isinstance(level, str) and level in LEVELS for level in levels):
            raise Refused("not-understood", detail="levels")
        if not isinstance(mates, bool):
            raise Refused("not-understood", detail="classmates")
    elif kind == "pause" and not isinstance(message.get("paused"), bool):
        raise Refused("not-understood", detail="paused")
    elif kind == "book":
        page = message.get("page")
        if page is not None and (not isinstance(page, str) or not 0 < len(page) <= 300):
            raise Refused("not-understood", detail="page")
    elif kind == "limit" and as_whole(message.get("students")) not in range(
            1, STUDENTS_CEILING + 1):
        raise Refused("not-understood", detail="students")
    elif kind in LESSON_TYPES:  # the projector, watching a game, a position for discussion
        try:
            check_lesson(message)
        except ValueError as error:
            raise Refused("not-understood", detail=str(error)) from None
    elif kind in ("rename", "remove", "readmit"):
        if as_whole(message.get("student")) is None:
            raise Refused("not-understood", detail="student")
        if kind == "rename":
            _text(message, "name", 200)
    return message


def overview_changes(old: dict | None, new: dict) -> dict | None:
    """What the teacher's page needs to turn overview ``old`` into ``new``: the top-level
    values that changed (``set``), the students that changed or joined (``students``),
    those gone (``gone``, ids) and their order if it changed (``order``); None if nothing
    changed; ``new`` itself if there is no ``old``.

    >>> old = {"type": "class", "paused": False, "students": [{"id": 1, "name": "Ana"}]}
    >>> new = {"type": "class", "paused": True,
    ...        "students": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}]}
    >>> overview_changes(old, new)
    {'type': 'class-changes', 'set': {'paused': True}, 'students': [{'id': 2, 'name': 'Ben'}], \
'gone': [], 'order': [1, 2]}
    """
    if old is None:
        return new
    changes: dict = {"type": "class-changes"}
    changes["set"] = {key: value for key, value in new.items()
                      if key not in ("type", "students") and old.get(key) != value}
    before = {s["id"]: s for s in old["students"]}
    changes["students"] = [s for s in new["students"] if before.get(s["id"]) != s]
    ids = [s["id"] for s in new["students"]]
    changes["gone"] = [key for key in before if key not in set(ids)]
    if ids != list(before):
        changes["order"] = ids
    if not (changes["set"] or changes["students"] or changes["gone"]):
        return None
    return changes


def circle_rounds(ids: list) -> list[list[tuple]]:
    """A round-robin schedule by the circle method: every round pairs everyone (None: the
    one who sits out when the number is odd), and every two meet once over the rounds.

    >>> circle_rounds([1, 2, 3])
    [[(1, None), (2, 3)], [(1, 3), (None, 2)], [(1, 2), (3, None)]]
    """
    ring = list(ids) + ([None] if len(ids) % 2 else [])
    rounds = []
    for _round in range(len(ring) - 1):
        rounds.append([(ring[i], ring[-1 - i]) for i in range(len(ring) // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


# -- the class -----------------------------------------------------------------------------
@dataclass
class Student:
    id: int
    name: str
    pseudonym: str
    token: str
    removed: bool = False
    conns: set = field(default_factory=set)
    addresses: set = field(default_factory=set)  # where the student's pages came from
    game: LiveGame | None = None
    waiting: bool = False
    lang: str = "en"


@dataclass
class LiveGame:
    """A game being played: its row, its sessions (one per student side), what is stored."""

    row: dict
    sessions: dict[int, BoardSession]  # side -> the session that side's student sees
    students: dict[int, Student]  # side -> student
    stored: list[tuple[int, int]] = field(default_factory=list)  # (player, hole) in the store
    finished: bool = False
    game_obj: Any = None
    outbox: dict[int, list[dict]] = field(default_factory=dict)  # side -> held messages
    left: bool = False  # its students have left it: a late computer move is not kept
    search: Any = None  # the computer's search asked for it and not answered (a future)

    @property
    def primary(self) -> BoardSession:
        return next(iter(self.sessions.values()))

    @property
    def classmates(self) -> bool:
        return self.row["opponent"] is None


class Classroom:
    """One class, served by one process.

    Args:
        store: where everything is kept.
        lang: the language of new pages and of what the server prints.
        think: ``think_for(live, flush)`` -> a ``think(player, position, done)`` for a game's
            computer (the app gives a process pool); None: at once.
        ready: the computer levels ready to play now (the app adds the compiled ones when the
            worker processes are warm); None: all of them.
        new: start a new class even if the store has one not ended.
        code: carry on with this class (its code as printed); None: a SQLite file carries on
            with its newest class not ended, a PostgreSQL database (shared by teachers) needs
            ``code`` or ``new`` (:class:`CannotStart` says so).
    """

    def __init__(self, store: Store, lang: str = "en", *, think: Callable | None = None,
                 ready: set[str] | None = None, new: bool = False,
                 code: str | None = None) -> None:
        self.store = store
        self.lang = lang
        self.think_for = think
        self.ready = ready
        row = self._find_class(code, new)
        if not store.claim_class(row["code"]):
            raise cannot_start("class-in-use", lang, code=codes.group(row["code"]))
        self.row = row
        self.code: str = row["code"]
        self.secret: str = row["secret"]
        self.students: dict[int, Student] = {}
        self.by_token: dict[str, Student] = {}
        for s in store.students(self.code):
            self._add(Student(s["id"], s["name"], s["pseudonym"], s["token"], bool(s["removed"])))
        self.open_rows = {g["id"]: g for g in store.games(self.code) if g["ended"] is None}
        self.results: list[dict] = [g for g in store.games(self.code) if g["ended"] is not None]
        self.teachers: set = set()
        self.waiting: Student | None = None
        # the classmates who have played each other already (the round robin pairs new ones)
        self.met = {frozenset((g["south"], g["north"])) for g in store.games(self.code)
                    if g["opponent"] is None and g["north"] is not None}
        self.on_change: Callable[[], None] | None = None  # the app pushes to the teacher
        # the book: which pages the teacher may send (the app sets it from the book it
        # serves), and the page every phone shows now (None: the board)
        self.book_pages: Callable[[str], bool] = lambda page: False
        self.book_page: str | None = None
        self.limits = Limits()  # tries and new students per address, students per class
        if row["max_students"] is not None:  # as the teacher set it before a restart
            self.limits.max_students = row["max_students"]
        self.unsaved: dict[int, LiveGame] = {}  # games whose moves wait for the database
        self.lesson = Lesson(self)  # the projector, games watched, a position for discussion

    def _find_class(self, code: str | None, new: bool) -> dict:
        """The class this server serves: the one named by ``code``, a new one, or (SQLite:
        one teacher's file) the newest not ended."""
        store = self.store
        if code is not None:
            wanted = codes.normalise_code(code) or ""
            row = store.class_by_code(wanted)
            if row is None:
                raise cannot_start("no-such-class", self.lang, code=codes.group(wanted[:12]))
            if row["ended"] is not None:
                raise cannot_start("class-ended", self.lang, code=codes.group(wanted))
            return row
        if not new and store.postgres:
            raise cannot_start("which-class", self.lang)
        row = None if new else store.open_class()
        if row is None:
            row = store.create_class(code=codes.new_class_code(), secret=codes.new_secret(),
                                     lang=self.lang, variant="hoyito-i", holes_per_row=6,
                                     levels=",".join(DEFAULT_LEVELS), classmates=1)
        return row

    def _add(self, student: Student) -> None:
        self.students[student.id] = student
        self.by_token[student.token] = student

    # -- settings --------------------------------------------------------------------------
    @property
    def levels(self) -> list[str]:
        return [name for name in self.row["levels"].split(",") if name]

    @property
    def paused(self) -> bool:
        return bool(self.row["paused"])

    @property
    def ended(self) -> bool:
        return self.row["ended"] is not None

    def _update(self, **values: Any) -> None:
        self.store.update_class(self.code, **values)
        self.row.update(values)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
        self.lesson.changed()

    # -- students --------------------------------------------------------------------------
    def student_message(self, conn: Connection, message: object, lang: str) -> Student | None:
        """One message from a student's page; the student the connection now belongs to."""
        student = getattr(conn, "student", None)
        try:
            message = check_student(message)
            kind = message["type"]
            if kind in ("join", "resume"):
                return self._join(conn, message)
            if student is None:
                raise Refused("unknown-token")
            if kind == "language":
                student.lang = message["lang"]
                if student.game is not None:
                    side = self._side(student)
                    self._board(student.game, side, {"type": "language", "lang": student.lang})
                return student
            if student.removed:
                raise Refused("removed")
            if self.ended:
                raise Refused("ended")
            if kind == "play":
                self._play(student, message["opponent"])
            elif kind == "lobby":
                self._leave(student, "back-to-list")
                self._lobby(student)
            elif kind == "board":
                self._board_from(student, message["message"])
        except Refused as refusal:
            who = student.lang if student is not None else lang
            conn.send({"type": "refused", "text": say(refusal.key, who, **refusal.values)})
        except StoreAway:  # "again": the page asks again later, keeping its token
            who = student.lang if student is not None else lang
            conn.send({"type": "refused", "text": say("database-away", who), "again": True})
            self._changed()
        return student

    def _join(self, conn: Connection, message: dict) -> Student:
        lang = message.get("lang", "en")
        new = False
        if self.ended:
            raise Refused("ended")
        if message["type"] == "resume":
            student = self.by_token.get(message["token"])
            if student is None:
                raise Refused("unknown-token")
        else:
            address = getattr(conn, "address", None)
            if self.limits.codes_blocked(address):  # no code is checked: none can be found
                raise Refused("too-many-codes", seconds=self.limits.codes_wait(address))
            code = codes.normalise_code(message["code"])
            if not code:
                raise Refused("no-code")
            if code != self.code:
                self.limits.wrong_code(address)
                raise Refused("wrong-code", code=codes.group(code[:12]))
            name = clean_name(message["name"])
            if not name or len(name) > NAME_LIMIT:
                raise Refused("no-name", limit=NAME_LIMIT)
            same = [s for s in self.students.values() if name_key(s.name) == name_key(name)]
            if same and same[0].removed:
                raise Refused("removed")
            if same:  # the same student on another device: only with their PIN
                student = same[0]
                if message.get("was") != student.token:  # (their own page let back in)
                    self._check_pin(student, message.get("pin"), name)
                self._new_token(student, conn)
            else:
                self._check_not_removed(message.get("was"), address)
                student = self._new_student(name, address)
                new = True
        if student.removed:
            raise Refused("removed")
        student.lang = lang
        old = getattr(conn, "student", None)
        if old is not None and old is not student:
            old.conns.discard(conn)
        conn.student = student
        student.conns.add(conn)
        if address_of(conn) not in OWN_COMPUTER:
            student.addresses.add(address_of(conn))
        conn.send({"type": "joined", "token": student.token, "name": student.name,
                   "code": self.code, "pin": self.pin(student) if new else None,
                   "pseudonym": student.pseudonym})
        if self.book_page is not None:  # the class is reading: so is this phone
            conn.send({"type": "book", "page": self.book_page})
        self.lesson.joined(conn, student.lang)  # a position shown to the class: here too
        game = student.game or self._rebuild_for(student)
        if game is not None:
            self._show_game(student, game)
        else:
            self._lobby(student)
        self._changed()
        return student

    def _check_not_removed(self, was: object, address: object) -> None:
        """Refused if this browser held the token of a student the teacher removed (and has
        not let back), or if such a student's pages came from ``address`` (a phone whose
        storage was cleared): a removed student does not come back under another name."""
        held = self.by_token.get(was) if isinstance(was, str) else None
        if held is not None and held.removed:
            raise Refused("removed-device")
        if address not in OWN_COMPUTER and any(
                s.removed and address in s.addresses for s in self.students.values()):
            raise Refused("removed-device")

    def pin(self, student: Student) -> str:
        """The student's PIN (4 digits) for coming back on another device: made from the
        teacher's secret, so no classmate can work it out, and nothing more to store."""
        digest = hmac.new(self.secret.encode(), f"pin {student.id}".encode(), "sha256")
        return f"{int.from_bytes(digest.digest()[:4], 'big') % 10_000:04d}"

    def _check_pin(self, student: Student, typed: object, name: str) -> None:
        """Refused unless ``typed`` is the student's PIN; a few wrong ones a minute at most
        (the same sentence whether or not the student is online: it tells nobody)."""
        digits = "".join(ch for ch in typed if ch.isdigit()) if isinstance(typed, str) else ""
        if not digits:
            raise Refused("name-taken", name=name)
        if self.limits.pins.left(student.id) < 1:
            raise Refused("too-many-pins", name=name,
                          seconds=max(1, self.limits.pins.wait(student.id)))
        if not secrets.compare_digest(digits.encode(), self.pin(student).encode()):
            self.limits.pins.take(student.id)
            raise Refused("wrong-pin", name=name)

    def _new_token(self, student: Student, here: Connection) -> None:
        """A new token for a student who came back by name and PIN on page ``here``: the
        other pages holding the old one let the game go (one device plays it, never two)."""
        for conn in list(student.conns):
            if conn is not here:
                conn.send({"type": "refused", "text": say("opened-elsewhere", student.lang)})
                conn.send({"type": "gone"})
        self._detach(student)
        self.by_token.pop(student.token, None)
        student.token = secrets.token_urlsafe(18)
        self.store.update_student(student.id, token=student.token)
        self.by_token[student.token] = student

    def _new_student(self, name: str, address: object = None) -> Student:
        if sum(not s.removed for s in self.students.values()) >= self.limits.max_students:
            raise Refused("class-full", limit=self.limits.max_students)
        if not self.limits.new_student(address):
            raise Refused("too-many-names", seconds=self.limits.new_student_wait(address))
        row = self.store.add_student(self.code, name, None, secrets.token_urlsafe(18))
        student = Student(row["id"], name, row["pseudonym"], row["token"])
        self._add(student)
        return student

    def disconnected(self, conn: Connection) -> None:
        self.lesson.disconnected(conn)
        student = getattr(conn, "student", None)
        if student is None:
            return
        student.conns.discard(conn)
        if not student.conns and self.waiting is student:
            self.waiting, student.waiting = None, False
        self._changed()

    def _detach(self, student: Student) -> None:
        """The student's pages no longer speak for them (removed, or the class ended)."""
        for conn in student.conns:
            conn.student = None
        student.conns.clear()

    def offer_levels(self) -> None:
        """The levels ready changed: every student in the lobby sees them offered again."""
        for student in self.students.values():
            if student.game is None and student.conns:
                self._lobby(student)

    def _lobby(self, student: Student) -> None:
        lines = dict(words.LEVELS)
        with language(student.lang):
            levels = [[name, _(lines[name]), self.ready is None or name in self.ready]
                      for name in self.levels]
        self._send(student, {"type": "lobby", "levels": levels,
                             "classmates": bool(self.row["classmates"]),
                             "waiting": student.waiting, "paused": self.paused})

    def _send(self, student: Student, message: dict) -> None:
        for conn in list(student.conns):
            conn.send(message)

    # -- games -----------------------------------------------------------------------------
    def _play(self, student: Student, opponent: str) -> None:
        if self.paused:
            raise Refused("paused")
        self._leave(student, "new-game")
        if opponent == "classmate":
            if not self.row["classmates"]:
                raise Refused("no-classmates")
            other = self.waiting
            if other is None or other is student or not other.conns or other.game is not None:
                self.waiting, student.waiting = student, True
                self._lobby(student)
                self._changed()
                return
            self.waiting, other.waiting = None, False
            self._start(south=other, north=student, opponent=None)
            return
        if opponent not in self.levels:
            raise Refused("level-not-allowed")
        if self.ready is not None and opponent not in self.ready:
            raise Refused("level-no-workers" if self.think_for is None else "level-not-ready")
        self._start(south=student, north=None, opponent=opponent)

    def next_round(self) -> list[tuple[Student, Student]]:
        """The class round robin: every student online and not in a game is paired with a
        classmate, and the pairs start playing. The pairs are the round of a round-robin
        schedule (the circle method over these students) with the most pairs who have not
        played each other yet; an odd one out is told they play the next round."""
        free = [s for s in self.students.values() if s.conns and not s.removed and s.game is None]
        free.sort(key=lambda s: s.id)
        if len(free) < 2:
            for student in free:
                self._send(student, {"type": "refused", "text": say("round-alone", student.lang)})
            return []

        def new_pairs(pairs) -> int:
            return sum(None not in pair and frozenset(pair) not in self.met for pair in pairs)

        best = max(circle_rounds([s.id for s in free]), key=new_pairs)
        by_id = {s.id: s for s in free}
        pairs = [(by_id[a], by_id[b]) for a, b in best if a is not None and b is not None]
        for first, second in pairs:
            for student in (first, second):
                if self.waiting is student:
                    self.waiting, student.waiting = None, False
            self._start(south=first, north=second, opponent=None)
        for a, b in best:
            if a is None or b is None:
                student = by_id[b if a is None else a]
                self._send(student, {"type": "refused", "text": say("round-alone", student.lang)})
        return pairs

    def _start(self, south: Student, north: Student | None, opponent: str | None) -> None:
        row = self.store.new_game(class_code=self.code, south=south.id,
                                  north=None if north is None else north.id, opponent=opponent,
                                  variant=self.row["variant"],
                                  holes_per_row=self.row["holes_per_row"],
                                  seed=secrets.randbits(31))
        self.open_rows[row["id"]] = row
        if north is not None:
            self.met.add(frozenset((south.id, north.id)))
        live = self._live(row, [], south, north)
        for student in live.students.values():
            self._show_game(student, live)
        self._changed()

    def _live(self, row: dict, moves: list[tuple[int, int, float]], south: Student | None,
              north: Student | None) -> LiveGame:
        """The game of ``row`` in play, its stored ``moves`` replayed through the engine."""
        students = {0: south} if north is None else {0: south, 1: north}
        students = {side: s for side, s in students.items() if s is not None}
        live = LiveGame(row=row, sessions={}, students=students)
        holes = [hole for _player, hole, _at in moves]
        for side in (0, 1) if row["opponent"] is None else (0,):
            student = students.get(side)
            lang = student.lang if student is not None else self.lang
            queue = list(holes)

            def replaying(player, position, done, queue=queue, live=live):
                if queue:  # the computer's stored moves come back as they were played
                    done(queue.pop(0), None)
                elif self.think_for is None:
                    done(player.choose(position), None)
                else:
                    self.think_for(live, self._flush_answer)(player, position, done)

            session = BoardSession(row["variant"], row["holes_per_row"], row["opponent"], 0,
                                   lang, seed=row["seed"], think=replaying,
                                   warm=False)  # searches run in the workers only
            while queue:
                hole = queue.pop(0)
                if not session.click(hole):
                    raise NotReplayable(f"stored game {row['id']} does not replay at hole {hole}")
            live.sessions[side] = session
            live.outbox[side] = []
            session.listeners.append(live.outbox[side].append)
        live.stored = [(player, hole) for player, hole, _at in moves]
        live.game_obj = live.primary.game
        live.finished = row["ended"] is not None
        for student in students.values():
            student.game = live
        for side in live.outbox:
            live.outbox[side].clear()
        self._flush(live)  # a computer to move when the server stopped moves now
        return live

    def _rebuild_for(self, student: Student) -> LiveGame | None:
        """The game ``student`` was playing when the server stopped, rebuilt: the open one,
        or, if their last game had ended, that one (its final board and result), unless
        they had left it."""
        rows = [r for r in [*self.open_rows.values(), *self.results]
                if student.id in (r["south"], r["north"])]
        if not rows:
            return None
        row = max(rows, key=lambda r: r["started"])
        if row["end_reason"] in ABANDONED or row["end_reason"] in ("unplayed", "does-not-replay"):
            return None
        south = self.students.get(row["south"])
        north = self.students.get(row["north"]) if row["north"] is not None else None
        if row["opponent"] is None and (south is None or north is None):
            return None
        if row["opponent"] is None and (south.game is not None or north.game is not None):
            return None  # the classmate has moved on to another game
        try:
            return self._live(row, self.store.moves(row["id"]), south, north)
        except NotReplayable:  # written by an older server that took a page's record
            for student in (south, north):
                if student is not None:
                    student.game = None
            if self.open_rows.pop(row["id"], None) is not None:
                self.results.append(row)
            ended = row["ended"] or time.time()
            self.store.set_result(row["id"], ended, "does-not-replay", None, None)
            row.update(ended=ended, end_reason="does-not-replay", winner=None,
                       score_south=None, score_north=None)
            return None

    def _side(self, student: Student) -> int:
        live = student.game
        return next(side for side, s in live.students.items() if s is student)

    def _show_game(self, student: Student, live: LiveGame) -> None:
        side = self._side(student)
        session = live.sessions[side]
        if session.lang != student.lang:
            session.choose_language(student.lang)
            live.outbox[side].clear()
        other = live.students.get(1 - side) if live.classmates else None
        self._send(student, {"type": "game", "side": side, "flipped": side == 1,
                             "classmate": None if other is None else other.name,
                             "opponent": live.row["opponent"]})
        page_texts = session.page_texts()
        if live.classmates:
            with language(session.lang):
                page_texts.update({key: _(CLASSMATE_WORDS[key])
                                   for key in ("pit_computer", "watch_computer")})
        self._send(student, {"type": "set", "name": "texts", "value": page_texts})
        if self.paused:
            self._send(student, {"type": "paused", "paused": True,
                                 "text": say("paused", student.lang)})
        session.handle({"type": "hello"})
        self._flush(live)

    def _seen_by(self, live: LiveGame, side: int, view: dict) -> dict:
        """``view`` as the student playing ``side`` sees it. Against the computer, as the
        session drew it; between classmates, the student's own side is "you" (their row at
        the bottom, their name and pile beside it, the status says whose turn it is by name),
        and only on their own turn are their holes playable."""
        if not live.classmates or not view.get("n"):
            return view
        lang = live.sessions[side].lang
        with language(lang):
            names = []
            for player in (0, 1):
                student = live.students.get(player)
                if player == side or student is None:
                    names.append(texts.side_name(player, side, ""))
                else:
                    names.append(_(CLASSMATE_WORDS["named"]).format(
                        name=student.name, side=words.side_name(player)))
            seen = {**view, "human": side, "names": names, "classmate": True}
            if view.get("banner"):
                return seen
            if view.get("to_move") == side:
                seen["status"] = _(CLASSMATE_WORDS["your-turn"][side])
            else:
                seen.update(status=_(CLASSMATE_WORDS["to-move"]).format(who=names[1 - side]),
                            playable=[], hints={}, best_play="")
        return seen

    def _board_again(self, student: Student) -> None:
        """Send the board as it is: a page whose click was refused stops waiting for it."""
        live = student.game
        if live is None or id(live) in self.unsaved:  # a move not yet kept is not shown
            return
        side = self._side(student)
        view = live.sessions[side].view
        if view:
            self._send(student, {"type": "set", "name": "view",
                                 "value": self._seen_by(live, side, view)})

    def _board_from(self, student: Student, message: dict) -> None:
        try:
            self._board_checked(student, message)
        except Refused:
            self._board_again(student)
            raise

    def _board_checked(self, student: Student, message: dict) -> None:
        live = student.game
        if live is None:
            raise Refused("not-in-game")
        kind = message.get("type")
        if kind == "settings":
            raise Refused("settings")
        if kind == "restore":  # a page may ask to see its game again, never hand one over
            raise Refused("no-restore")
        if self.paused and kind in ("click", "action"):
            raise Refused("paused")
        side = self._side(student)
        if kind == "action" and live.classmates and message.get("name") not in CLASSMATE_ACTIONS:
            raise Refused("action-classmate")
        if kind == "click" and live.classmates:
            session = live.sessions[side]
            if session.position.player != side and not session.position.is_over:
                raise Refused("not-your-turn")
        self._board(live, side, message)

    def _board(self, live: LiveGame, side: int, message: dict) -> None:
        session = live.sessions[side]
        before = session.ply
        session.handle(message)
        if live.classmates and message.get("type") == "click" and session.ply == before + 1:
            other = live.sessions[1 - side]
            other.click(session.game.moves[-1].hole)  # the mirror
        self._flush(live)

    def _flush(self, live: LiveGame) -> None:
        """Write the game's moves and result to the store, then tell the pages. A database
        that does not answer holds the pages' messages until :meth:`store_back`."""
        if live.left:
            return
        try:
            self._write(live)
        except StoreAway:
            self.unsaved[id(live)] = live
            for student in live.students.values():
                if student.game is live:
                    self._send(student, {"type": "refused", "again": True,
                                         "text": say("database-away", student.lang)})
            self._changed()
            return
        self.unsaved.pop(id(live), None)
        self._tell(live)

    def store_back(self) -> None:
        """The database answers again: write what waited, and tell the pages."""
        for live in list(self.unsaved.values()):
            self._flush(live)
        for student in self.students.values():
            if student.conns:
                self._send(student, {"type": "notice", "text": say("database-back",
                                                                   student.lang)})
        self._changed()

    def _write(self, live: LiveGame) -> None:
        """Write the game's moves, and its result once it is over, to the store."""
        session = live.primary
        game = session.game
        if game is not live.game_obj:  # New game pressed: the old row ends, a new one starts
            self._close(live, "new-game" if live.stored else None)
            row = self.store.new_game(class_code=self.code, south=live.row["south"],
                                      north=live.row["north"], opponent=live.row["opponent"],
                                      variant=session.settings["variant"],
                                      holes_per_row=session.settings["holes_per_row"],
                                      seed=live.row["seed"])
            self.open_rows[row["id"]] = row
            live.row, live.stored, live.finished, live.game_obj = row, [], False, game
        played = [(m.player, m.hole) for m in game.moves]
        keep = 0
        while keep < min(len(played), len(live.stored)) and played[keep] == live.stored[keep]:
            keep += 1
        if keep < len(live.stored) or keep < len(played):
            now = time.time()
            new = [(ply, p, h, now) for ply, (p, h) in enumerate(played[keep:], start=keep)]
            self.store.replace_moves(live.row["id"], keep, new)
            live.stored = played
        over = game.position.is_over
        if over != live.finished:
            outcome = game.position.outcome
            if over:
                self.store.set_result(live.row["id"], time.time(), str(outcome.reason),
                                      outcome.winner, tuple(outcome.score))
                live.row.update(ended=time.time(), end_reason=str(outcome.reason),
                                winner=outcome.winner, score_south=outcome.score[0],
                                score_north=outcome.score[1])
                self.results.append(live.row)
                self.open_rows.pop(live.row["id"], None)
            else:  # the agreement to stop was taken back
                self.store.set_result(live.row["id"], None, None, None, None)
                live.row.update(ended=None, end_reason=None, winner=None)
                self.open_rows[live.row["id"]] = live.row
                self.results = [r for r in self.results if r["id"] != live.row["id"]]
            live.finished = over

    def _tell(self, live: LiveGame) -> None:
        """Send each student of the game what their session said since the last time."""
        for side, held in live.outbox.items():
            student = live.students.get(side)
            messages, held[:] = list(held), []
            if student is None or student.game is not live:
                continue
            for message in messages:
                if message["type"] == "view":
                    self._send(student, {"type": "set", "name": "view",
                                         "value": self._seen_by(live, side, message["view"])})
                else:
                    self._send(student, {"type": "msg", "content": message})
        self.lesson.game_changed(live)  # the teacher's pages watching it follow it
        self._changed()

    def _flush_answer(self, live: LiveGame) -> None:
        """:meth:`_flush` after the computer's answer: no page's message to refuse, so a
        database at fault is told to the game's students (the answer is kept, held, and
        written with the next message)."""
        try:
            self._flush(live)
        except self.store.errors:
            for student in live.students.values():
                self._send(student, {"type": "refused", "text": say("not-saved", student.lang)})

    def _close(self, live: LiveGame, reason: str | None) -> None:
        """End a game that was not finished (a student left it): kept, marked ``reason``;
        a game with no move is deleted from the open list only."""
        if live.finished:
            return
        row = live.row
        self.open_rows.pop(row["id"], None)
        if reason is not None:
            self.store.set_result(row["id"], time.time(), reason, None, None)
            row.update(ended=time.time(), end_reason=reason)
            self.results.append(row)
        else:
            self.store.set_result(row["id"], time.time(), "unplayed", None, None)
        live.finished = True

    def _leave(self, student: Student, reason: str) -> None:
        """``student`` leaves their game (if any), which ends for ``reason`` (a key of
        :data:`ABANDONED`) unless it was over."""
        if self.waiting is student:
            self.waiting, student.waiting = None, False
        live = student.game
        if live is None:
            return
        if live.finished:  # a classmate still reading the result keeps it on their screen
            student.game = None
            return
        self._close(live, reason)
        live.left = True
        if live.search is not None:
            live.search.cancel()  # still waiting for a worker: nobody wants its answer
        for other in live.students.values():
            other.game = None
            if other is not student:
                self._send(other, {"type": "refused", "text": say("classmate-left", other.lang)})
                self._lobby(other)

    # -- the teacher -----------------------------------------------------------------------
    def teacher_message(self, conn: Connection, message: object) -> bool:
        """One message from the teacher's page; False if it was refused."""
        try:
            message = check_teacher(message)
            kind = message["type"]
            if kind == "teacher":
                typed = message["secret"].upper().encode()  # any letters: compared as bytes
                if not secrets.compare_digest(typed, self.secret.encode()):
                    raise self.wrong_key(getattr(conn, "address", None))
                conn.teacher = True
                self.teachers.add(conn)
                conn.send(self.overview())
                return True
            if kind == "projector":  # a projector page: it may only look
                if not self.lesson.projector(conn, message):
                    raise self.wrong_key(getattr(conn, "address", None))
                return True
            if not getattr(conn, "teacher", False):
                raise Refused("teacher-secret")
            if kind in LESSON_TYPES:
                self.lesson.message(conn, message)
                self._changed()
                return True
            if kind == "settings":
                self._update(variant=message["variant"],
                             holes_per_row=as_whole(message["holes_per_row"]),
                             levels=",".join(n for n in LEVELS if n in message["levels"]),
                             classmates=int(message["classmates"]))
                for student in self.students.values():
                    if student.game is None:
                        self._lobby(student)
            elif kind == "pause":
                self._update(paused=int(message["paused"]))
                for student in self.students.values():
                    self._send(student, {"type": "paused", "paused": self.paused,
                                         "text": say("paused", student.lang)})
                    if student.game is None:
                        self._lobby(student)
                    else:
                        self._board_again(student)
            elif kind in ("rename", "remove"):
                student = self.students.get(as_whole(message["student"]))
                if student is None:
                    raise Refused("not-understood", detail="student")
                if kind == "rename":
                    name = clean_name(message["name"])
                    if not name or len(name) > NAME_LIMIT:
                        raise Refused("no-name", limit=NAME_LIMIT)
                    self.store.update_student(student.id, name=name)
                    student.name = name
                    self._renamed(student)
                else:
                    self._leave(student, "removed")
                    student.removed = True
                    self.store.update_student(student.id, removed=1)
                    self._send(student, {"type": "refused", "text": say("removed", student.lang)})
                    self._send(student, {"type": "gone", "removed": True})
                    self._detach(student)
                self._changed()
            elif kind == "readmit":
                self._readmit(as_whole(message["student"]))
            elif kind == "book":
                self._show_book(message["page"])
            elif kind == "round":
                self.next_round()
            elif kind == "limit":
                self._update(max_students=as_whole(message["students"]))
                self.limits.max_students = self.row["max_students"]
            elif kind == "end":
                for student in self.students.values():
                    self._leave(student, "class-ended")
                    self._send(student, {"type": "refused", "text": say("ended", student.lang)})
                    self._send(student, {"type": "gone"})
                    self._detach(student)
                self._update(ended=time.time())
            return True
        except Refused as refusal:
            conn.send({"type": "refused", "text": say(refusal.key, self.lang, **refusal.values)})
            return False
        except LessonRefusal as refusal:
            conn.send({"type": "refused", "text": refusal.sentence(self.lang)})
            return False
        except StoreAway:
            conn.send({"type": "refused", "text": say("database-away", self.lang)})
            self._changed()
            return False

    def _readmit(self, student_id: int | None) -> None:
        """The teacher lets a removed student back: their name (and their phone, which
        keeps their token) joins again."""
        student = self.students.get(student_id)
        if student is None:
            raise Refused("not-understood", detail="student")
        student.removed = False
        self.store.update_student(student.id, removed=0)
        self._changed()

    def _renamed(self, student: Student) -> None:
        """Tell the pages a new name: the student's own greeting, and a classmate playing
        them (the line above the board, and the names beside it)."""
        self._send(student, {"type": "renamed", "name": student.name})
        live = student.game
        if live is None or not live.classmates:
            return
        for other in live.students.values():
            if other is not student:
                self._send(other, {"type": "renamed", "classmate": student.name})
                self._board_again(other)

    def _show_book(self, page: str | None) -> None:
        """Send every phone to a page of the book, or back to the board (None)."""
        if page is not None and not self.book_pages(page):
            raise Refused("book-not-found")
        self.book_page = page
        for student in self.students.values():
            self._send(student, {"type": "book", "page": page})
        self._changed()

    def wrong_key(self, address: object) -> Refused:
        """A wrong teacher key from ``address``: the refusal to give (too many, once the
        address or the class has tried too many)."""
        blocked = self.limits.keys_blocked(address)
        self.limits.wrong_key(address)
        if blocked:
            return Refused("too-many-keys", seconds=self.limits.keys_wait(address))
        return Refused("teacher-secret")

    def overview(self) -> dict:
        """What the teacher's page shows: the class, its students, their boards, results."""
        students = []
        for s in self.students.values():
            board = None
            if s.game is not None:
                session = s.game.primary
                view = session.view
                board = {"board": view.get("board"), "n": session.settings["holes_per_row"],
                         "ply": session.ply, "to_move": view.get("to_move"),
                         "captures": view.get("captures"),
                         "opponent": s.game.row["opponent"],
                         "classmate": [o.name for o in s.game.students.values()
                                       if o is not s][:1]}
            students.append({"id": s.id, "name": s.name, "pseudonym": s.pseudonym,
                             "pin": self.pin(s),
                             "online": bool(s.conns), "removed": s.removed,
                             "waiting": s.waiting, "board": board})
        names = {s.id: s.name for s in self.students.values()}
        results = [{"id": r["id"], "south": names.get(r["south"], ""),
                    "north": names.get(r["north"]) or r["opponent"] or "",
                    "computer": r["opponent"],
                    "winner": r["winner"], "reason": r["end_reason"],
                    "score": [r["score_south"], r["score_north"]]}
                   for r in self.results[-60:]]
        away = say("database-away", self.lang) if self.store.away is not None else ""
        return {"type": "class", "code": self.code, "paused": self.paused, "ended": self.ended,
                "max_students": self.limits.max_students,
                "database": away,
                "variant": self.row["variant"], "holes_per_row": self.row["holes_per_row"],
                "levels": self.levels, "classmates": bool(self.row["classmates"]),
                "all_levels": list(LEVELS), "ready": sorted(self.ready or LEVELS),
                "variants": [[n, r.title] for n, r in VARIANTS.items()],
                "sizes": {n: size_options(n) for n in VARIANTS},
                "students": students, "results": results, "book": self.book_page,
                **self.lesson.overview(),
                "level_names": {la: self._level_names(la) for la in ("en", "es")}}

    @staticmethod
    def _level_names(lang: str) -> dict[str, str]:
        with language(lang):
            return {name: words.level_name(name) for name in LEVELS}
