"""What a lesson with a class server is for (issue 36): the projector, a student's game opened
full size (live, and replayed afterwards), and one position on every screen for discussion.

Transport-free, like :mod:`.room`: a :class:`Lesson` belongs to one
:class:`~.room.Classroom` and talks to connections (anything with ``send(dict)``).

* **The projector** (``/projector``): the class code in large letters, the QR code and the
  join address, and the class's standings and last results, with pseudonyms (S01, S02 ...)
  instead of names. It opens with its own key (:func:`projector_key`, made from the teacher's
  key, which it cannot be turned back into) and may only look: it sends nothing else.
* **A student's game, full size**: the teacher's page asks to ``watch`` a student (their game
  now, or their last one) or a finished game; it is shown on the board's own page
  (``board.js``) in replay mode (start, back, forward, end, play through), rebuilt from the
  server's record of the moves, and a game still being played follows each new move.
* **A position for discussion**: the teacher ``push``-es the position of the game watched, at
  the move shown, to every phone (and the projector): a board that only shows, with "Look at
  this position". The students' own games are left as they are underneath (their moves go on
  being kept), and ``release`` takes the phones back to them. A phone that joins or
  reconnects meanwhile is shown the position too.

Only the teacher's page (its connection opened with the teacher's key) may watch, push or
release; the students' page has no such message at all.

>>> len(projector_key("ABCDEFGHJKMNPQRS")), projector_key("ABCDEFGHJKMNPQRS").isalnum()
(16, True)
>>> projector_key("ABCDEFGHJKMNPQRS") == projector_key("ABCDEFGHJKMNPQRT")
False
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import secrets
from collections.abc import Callable
from typing import Any

from ...engine.game import Game
from ...engine.position import IllegalMove
from ...engine.rules import BOARD_QUIET_LIMIT
from ...i18n import N_, language
from ...i18n import gettext as _
from ...teaching import words
from ..replay_session import ReplaySession

#: The teacher-socket messages this module answers ("projector" also from a projector page).
TYPES = ("projector", "watch", "watched", "unwatch", "push", "release")

SENTENCES = {
    "not-a-game": N_("That game cannot be opened: it is not a game of this class, or it has "
                     "no move yet."),
    "watch-first": N_("Open a student's game first: its position, at the move shown, goes to "
                      "every phone."),
    "discuss": N_("Look at this position. Your own game waits for you, just as you left it."),
}

#: How long the projector waits to gather changes before it is sent them (seconds).
PROJECTOR_DELAY = 0.5
#: Results the projector lists (the newest first).
RECENT = 6


class Refusal(ValueError):
    """A lesson message that cannot be done: ``key`` names its sentence in :data:`SENTENCES`."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key

    def sentence(self, lang: str) -> str:
        with language(lang):
            return _(SENTENCES[self.key])


def projector_key(secret: str) -> str:
    """The projector's key: 16 letters and digits made from the teacher's ``secret`` (the
    same after a restart), which show nothing of it."""
    digest = hmac.new(secret.encode(), b"projector", "sha256").digest()
    return base64.b32encode(digest[:10]).decode()


def check(message: dict) -> dict:
    """``message`` (of one of :data:`TYPES`) if well formed, else a ValueError naming what
    was wrong (the room says it as not understood).

    >>> check({"type": "watch", "student": 3})["student"]
    3
    >>> check({"type": "watch", "student": 3, "game": 4})
    Traceback (most recent call last):
    ...
    ValueError: student or game
    """
    kind = message["type"]
    lang = message.get("lang", "en")
    if lang not in ("en", "es"):
        raise ValueError("lang")
    if kind == "projector" and not (isinstance(message.get("key"), str)
                                    and len(message["key"]) <= 64):
        raise ValueError("key")
    if kind == "watch":
        which = [message.get(name) for name in ("student", "game")]
        if sum(isinstance(v, int) and not isinstance(v, bool) for v in which) != 1:
            raise ValueError("student or game")
    if kind == "watched" and not isinstance(message.get("message"), dict):
        raise ValueError("message")
    return message


def replayed(variant: str, holes_per_row: int, holes: list[int], agreed: bool) -> Game:
    """A game rebuilt through the engine from the holes the server kept (and the players'
    agreement to stop, which is no hole); IllegalMove if the record does not replay."""
    game = Game(variant, holes_per_row=holes_per_row, quiet_limit=BOARD_QUIET_LIMIT)
    for hole in holes:
        game.play(hole)
    if agreed:
        game.end_by_agreement()
    return game


class Watched:
    """A game on a page that does not sync ``view`` by itself: a
    :class:`~hoyito_edu.board.replay_session.ReplaySession` whose messages go out through
    ``out`` as the students' page gets them (``set`` a view or the texts, ``msg`` the rest)."""

    def __init__(self, row: dict, record: Game, lang: str, names: list[str] | None,
                 out: Callable[[dict], None]) -> None:
        self.row, self.names, self.films_sent = row, names, []
        self.out: Callable[[dict], None] = lambda message: None  # nothing before the words
        self.session = ReplaySession(record, lang=lang)
        self.session.listeners.append(self.carry)
        self.texts = self.session.page_texts()
        self.out = out

    def carry(self, message: dict) -> None:
        """One of the session's messages, as the page gets it."""
        if message["type"] == "view":
            self.out({"type": "set", "name": "view", "value": self.shown()})
            return
        if message["type"] == "film":
            self.films_sent = self.films_sent[-7:] + [message["film"]]
        self.out({"type": "msg", "content": message})

    @property
    def view(self) -> dict:
        return self.session.view

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def move(self) -> int:
        return self.session.move

    def shown(self) -> dict:
        """The view as the page gets it: the players' names given, if any."""
        return self.view if self.names is None else {**self.view, "names": self.names}

    def open(self) -> None:
        """Everything a new page needs: the words, the move list, the board."""
        self.out({"type": "set", "name": "texts", "value": self.texts})
        self.out({"type": "msg", "content": {"type": "log", "start": 0,
                                             "lines": self.session.move_lines}})
        self.out({"type": "set", "name": "view", "value": self.shown()})


class Lesson:
    """The projector, the games the teacher watches and the position pushed, of one class."""

    def __init__(self, classroom: Any) -> None:
        self.classroom = classroom
        self.projectors: dict[Any, str] = {}  # connection -> its language
        self.watching: dict[Any, Watched] = {}  # teacher's connection -> the game it shows
        self.pushed: dict[str, dict] | None = None  # language -> the discussion board
        self.due = False

    @property
    def key(self) -> str:
        return projector_key(self.classroom.secret)

    # -- messages from the teacher's page (and the projector's) --------------------------------
    def projector(self, conn: Any, message: dict) -> bool:
        """A projector page opening with ``key``: False if the key is wrong."""
        typed = message["key"].strip().upper().encode()
        if not secrets.compare_digest(typed, self.key.encode()):
            return False
        self.projectors[conn] = message.get("lang", "en")
        conn.send(self.standings())
        if self.pushed is not None:
            conn.send(self.pushed[self.projectors[conn]])
        return True

    def message(self, conn: Any, message: dict) -> None:
        """A teacher's lesson message (the room has checked the teacher's key)."""
        kind = message["type"]
        if kind == "watch":
            self.watch(conn, message)
        elif kind == "watched":
            watched = self.watching.get(conn)
            if watched is not None:
                watched.session.handle(message["message"])  # its own buttons; the rest ignored
        elif kind == "unwatch":
            self.watching.pop(conn, None)
        elif kind == "push":
            watched = self.watching.get(conn)
            if watched is None:
                raise Refusal("watch-first")
            self.push(watched.game, watched.move)
        elif kind == "release":
            self.push(None, 0)

    def watch(self, conn: Any, message: dict) -> None:
        """Open a student's game (now or last) or a game of the class on ``conn``'s page."""
        room = self.classroom
        lang = message.get("lang", "en")
        if message.get("student") is not None:
            student = room.students.get(message["student"])
            row = None if student is None else self.row_of(student)
        else:
            row = self.rows().get(message["game"])
        record = None if row is None else self.record(row)
        if record is None or not (record.moves or record.ended_by_agreement):
            raise Refusal("not-a-game")
        with language(lang):
            names = self.names(row)
        watched = Watched(row, record, lang, names, conn.send)
        self.watching[conn] = watched
        conn.send({"type": "watching", "game": row["id"], "names": names,
                   "live": row["ended"] is None})
        watched.open()

    # -- the games -----------------------------------------------------------------------------
    def rows(self) -> dict[int, dict]:
        """The class's games by id: those being played and those ended."""
        room = self.classroom
        return {**{r["id"]: r for r in room.results}, **room.open_rows}

    def row_of(self, student: Any) -> dict | None:
        """The student's game now, or else their last one."""
        if student.game is not None:
            return student.game.row
        mine = [r for r in self.rows().values() if student.id in (r["south"], r["north"])]
        return max(mine, key=lambda r: r["started"]) if mine else None

    def live(self, row: dict) -> Any:
        """The game of ``row`` being played now (a LiveGame), or None."""
        for student in self.classroom.students.values():
            if student.game is not None and student.game.row["id"] == row["id"]:
                return student.game
        return None

    def record(self, row: dict) -> Game | None:
        """The game of ``row`` from the server's record: the moves kept (the game now, if it
        is being played); None if the record does not replay."""
        live = self.live(row)
        if live is not None:
            holes = [hole for _player, hole in live.stored]
            agreed = live.primary.game.ended_by_agreement
        else:
            holes = [hole for _player, hole, _at in self.classroom.store.moves(row["id"])]
            agreed = row["end_reason"] == "agreement"
        try:
            return replayed(row["variant"], row["holes_per_row"], holes, agreed)
        except (IllegalMove, ValueError):
            return None

    def names(self, row: dict) -> list[str]:
        """The players of ``row`` as the teacher knows them (in the current language)."""
        students = self.classroom.students
        south = students.get(row["south"])
        north = students.get(row["north"]) if row["north"] is not None else None
        first = south.name if south is not None else words.side_name(0)
        if row["opponent"] is not None:
            second = _("computer: {level}").format(level=words.level_name(row["opponent"]))
        else:
            second = north.name if north is not None else words.side_name(1)
        return [first, second]

    def game_changed(self, live: Any) -> None:
        """A game was played on (its moves are kept): the pages watching it follow it."""
        watchers = [w for w in self.watching.values() if w.row["id"] == live.row["id"]]
        if not watchers:
            return
        record = self.record(live.row)
        if record is not None:
            for watched in watchers:
                watched.session.follow(record)

    # -- a position for discussion -------------------------------------------------------------
    def push(self, game: Game | None, move: int) -> None:
        """Show the position after ``move`` moves of ``game`` on every phone and projector;
        None: every phone back to its own game."""
        self.pushed = None if game is None else {lang: self.discussion(game, move, lang)
                                                 for lang in ("en", "es")}
        for student in self.classroom.students.values():
            for conn in list(student.conns):
                self.show_to(conn, student.lang)
        for conn, lang in list(self.projectors.items()):
            self.show_to(conn, lang)
        self.changed()

    @staticmethod
    def discussion(game: Game, move: int, lang: str) -> dict:
        """The message that shows the position after ``move`` moves of ``game``: a board in
        replay mode (nothing to tap), the sides named South and North (no student's name)."""
        board = Watched({"id": 0}, game, lang, None, lambda message: None)
        board.session.goto_move(move)
        return {"type": "discuss", "texts": board.texts, "view": board.view,
                "text": Refusal("discuss").sentence(lang)}

    def show_to(self, conn: Any, lang: str) -> None:
        """Tell a page what the class discusses now: a position, or nothing (its own game)."""
        lang = lang if lang in ("en", "es") else "en"
        conn.send(self.pushed[lang] if self.pushed is not None else {"type": "discuss",
                                                                     "view": None})

    def joined(self, conn: Any, lang: str) -> None:
        """A phone joined or came back: if a position is shown, it is shown there too."""
        if self.pushed is not None:
            self.show_to(conn, lang)

    # -- the projector -------------------------------------------------------------------------
    def standings(self) -> dict:
        """What the projector shows: the code, how many play, the standings and the last
        results, every student by pseudonym."""
        room = self.classroom
        pseudonyms = {s.id: s.pseudonym for s in room.students.values()}
        table = {s.id: [s.pseudonym, 0, 0, 0] for s in room.students.values() if not s.removed}
        recent = []
        for row in room.results:
            if row["score_south"] is None:  # left, not played to its end: no result
                continue
            for side, student in ((0, row["south"]), (1, row["north"])):
                if student in table:
                    column = 2 if row["winner"] is None else 1 if row["winner"] == side else 3
                    table[student][column] += 1
            recent.append({"south": pseudonyms.get(row["south"], ""),
                           "north": pseudonyms.get(row["north"], "") if row["north"] else "",
                           "computer": row["opponent"], "winner": row["winner"],
                           "score": [row["score_south"], row["score_north"]]})
        ranked = sorted(table.values(), key=lambda r: (-r[1], -r[2], r[3], r[0]))
        playing = {id(s.game) for s in room.students.values()
                   if s.game is not None and not s.game.finished}
        return {"type": "projector", "code": room.code, "paused": room.paused,
                "online": sum(bool(s.conns) for s in room.students.values() if not s.removed),
                "playing": len(playing), "standings": ranked,
                "recent": recent[-RECENT:][::-1], "discussing": self.pushed is not None}

    def changed(self) -> None:
        """The class changed: the projectors hear of it, at most every PROJECTOR_DELAY s."""
        if self.due or not self.projectors:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test of the room alone): at once
            self.send_standings()
            return
        self.due = True
        loop.call_later(PROJECTOR_DELAY, self.send_standings)

    def send_standings(self) -> None:
        self.due = False
        standings = self.standings()
        for conn in list(self.projectors):
            conn.send(standings)

    def overview(self) -> dict:
        """What the teacher's page needs of the lesson: the projector's key, and whether the
        phones show a position."""
        return {"projector": self.key, "discussing": self.pushed is not None}

    def disconnected(self, conn: Any) -> None:
        self.projectors.pop(conn, None)
        self.watching.pop(conn, None)
