"""Where a class is kept: SQLite (one file, WAL) by default, PostgreSQL for a school's server.

Both take the same schema and the same migrations (:data:`MIGRATIONS`). Every move is written
(and committed) here before the page is told of it, so a server killed with ``kill -9`` loses
no move a student saw played: a class is rebuilt by replaying the stored holes.

The tables:

* ``classes``: the class code, the teacher's secret, the language, the settings for new games
  (rule set, board size, allowed computer levels, whether classmates may play each other),
  paused, ended;
* ``students``: a name (as typed), a pseudonym for exports, the session token the page keeps,
  removed;
* ``games``: who plays South and North (a student's id, or a computer level), the rule set
  and board size, the computer's seed, start and end times, how it ended;
* ``moves``: one row per move: game, ply, player (0 South, 1 North), hole, time.

Ids are random 52-bit numbers, so several servers can keep their classes in one PostgreSQL
database without asking it for ids.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from ...i18n import N_, language
from ...i18n import gettext as _

#: Each migration is a list of statements, run once, in order, in both databases.
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE classes (
            code TEXT PRIMARY KEY, secret TEXT NOT NULL, lang TEXT NOT NULL,
            variant TEXT NOT NULL, holes_per_row INTEGER NOT NULL, levels TEXT NOT NULL,
            classmates INTEGER NOT NULL, paused INTEGER NOT NULL DEFAULT 0,
            created DOUBLE PRECISION NOT NULL, ended DOUBLE PRECISION)""",
        """CREATE TABLE students (
            id BIGINT PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes (code),
            name TEXT NOT NULL, pseudonym TEXT NOT NULL, token TEXT NOT NULL UNIQUE,
            removed INTEGER NOT NULL DEFAULT 0, joined DOUBLE PRECISION NOT NULL)""",
        "CREATE INDEX students_class ON students (class_code)",
        """CREATE TABLE games (
            id BIGINT PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes (code),
            south BIGINT, north BIGINT, opponent TEXT, variant TEXT NOT NULL,
            holes_per_row INTEGER NOT NULL, seed BIGINT NOT NULL,
            started DOUBLE PRECISION NOT NULL, ended DOUBLE PRECISION, end_reason TEXT,
            winner INTEGER, score_south INTEGER, score_north INTEGER)""",
        "CREATE INDEX games_class ON games (class_code)",
        """CREATE TABLE moves (
            game_id BIGINT NOT NULL REFERENCES games (id), ply INTEGER NOT NULL,
            player INTEGER NOT NULL, hole INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, ply))""",
    ],
    # the students a class takes, as the teacher set it (NULL: the default), kept over a restart
    ["ALTER TABLE classes ADD COLUMN max_students INTEGER"],
]

#: The PostgreSQL advisory lock servers sharing a database take to number a new student.
PSEUDONYM_LOCK = 0x486F7969746F5053  # "HoyitoPS"

CLASS_FIELDS = ("code", "secret", "lang", "variant", "holes_per_row", "levels", "classmates",
                "paused", "created", "ended", "max_students")
STUDENT_FIELDS = ("id", "class_code", "name", "pseudonym", "token", "removed", "joined")
GAME_FIELDS = ("id", "class_code", "south", "north", "opponent", "variant", "holes_per_row",
               "seed", "started", "ended", "end_reason", "winner", "score_south",
               "score_north")


#: Why a SQLite file cannot hold a class (said when the server starts, in its language).
FILE_SENTENCES = {
    "folder": N_("{path} is a folder. Give --db a file name, for example --db {example}."),
    "in-a-file": N_("{path} cannot be made: {parent} is a file, not a folder. Give --db "
                    "another file name."),
    "not-a-database": N_("{path} is not a class database (it is another kind of file, or "
                         "badly damaged), so it was left as it is. Give --db another file "
                         "name; a new name starts a new class."),
    "damaged": N_("The class database {path} is damaged ({problem}), so the server does not "
                  "use it. Keep a copy of it for your records, and give --db another file "
                  "name; a new name starts a new class."),
    "read-only": N_("The class database {path} cannot be written (the file or its folder is "
                    "read-only, or the disk is full), and every move must be kept. Give --db "
                    "a file you may write."),
    "cannot-open": N_("The class database {path} cannot be opened ({problem}). Give --db "
                      "another file name."),
    "busy": N_("Another class server is using {path} already (it holds the file's lock). "
               "Stop that one first, or give --db another file name: two servers on one "
               "file would lose moves."),
    "no-lock": N_("This system cannot lock {path} for one server (Windows), so make sure no "
                  "other class server uses that file: two servers on one file would lose "
                  "moves."),
}


class CannotStart(ValueError):
    """The server cannot start as asked (which class, a bad database ...): its message is a
    sentence for the teacher, in the server's language."""


class StoreAway(RuntimeError):
    """The database is not answering (a PostgreSQL server restarting, a network cut): nothing
    was written. The server keeps trying (:meth:`Store.reconnect`) and carries on after."""


def new_id() -> int:
    return secrets.randbits(52) or 1


def is_postgres(where: str) -> bool:
    return str(where).startswith(("postgresql://", "postgres://"))


class Store:
    """A class database: a SQLite file (path) or a PostgreSQL URL. One connection, used from
    one thread at a time (the server's event loop); every write is committed at once."""

    def __init__(self, where: str | Path, lang: str = "en", exclusive: bool = False) -> None:
        self.where = str(where)
        self.lang = lang
        self.exclusive = exclusive  # a server's store: one server a SQLite file
        self._file_lock: int | None = None
        self._claimed: int | None = None  # the class advisory lock held (PostgreSQL)
        self.postgres = is_postgres(self.where)
        self._lock = threading.Lock()
        #: why the database stopped answering (None: it answers); see :meth:`reconnect`
        self.away: str | None = None
        if self.postgres:
            self.db = self._connect()
            self.migrate()
        else:
            self._open_sqlite()

    def _refuse(self, key: str, **values: Any) -> CannotStart:
        with language(self.lang):
            return CannotStart(_(FILE_SENTENCES[key]).format(path=self.where, **values))

    def _open_sqlite(self) -> None:
        """Open (or make) the SQLite file: a folder, a file that is not a class database, a
        damaged one or one that cannot be written is refused in a sentence, untouched."""
        path = Path(self.where)
        if self.where != ":memory:":
            if path.is_dir():
                raise self._refuse("folder", example=str(path / "clase.db"))
            parent = next((p for p in path.parents if p.exists()), None)
            if parent is not None and not parent.is_dir():
                raise self._refuse("in-a-file", parent=str(parent))
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise self._refuse("cannot-open", problem=error.strerror or error) from None
            if self.exclusive:
                self._lock_file(path)
        try:
            # a server waits at most 2 s for a file another program holds (the class waits
            # with it); a reader, 10 s
            wait = 2 if self.exclusive else 10
            self.db = sqlite3.connect(self.where, check_same_thread=False, timeout=wait)
        except sqlite3.Error as error:
            self._unlock_file()
            raise self._refuse("cannot-open", problem=error) from None
        try:
            self._check_sqlite()
            self.db.execute("PRAGMA journal_mode=WAL")
            # a commit survives the process being killed (not a power cut: that needs FULL)
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.migrate()
            if self.exclusive:  # a server writes every move; a reader (class_games) need not
                self._check_writable()
        except CannotStart:
            self.db.close()
            self._unlock_file()
            raise
        except sqlite3.DatabaseError as error:
            self.db.close()
            self._unlock_file()
            text = str(error)
            if "readonly" in text or "read-only" in text or "disk is full" in text:
                raise self._refuse("read-only") from None
            if "not a database" in text:
                raise self._refuse("not-a-database") from None
            raise self._refuse("damaged", problem=text) from None

    def _lock_file(self, path: Path) -> None:
        """Hold an exclusive lock on the class file for as long as this server runs, as the
        streamed folders are locked (``flock``: the system drops it when the process ends,
        even by ``kill -9``). SQLite's own locks are of another kind (``fcntl``), and this
        descriptor stays open until :meth:`close`, so they are never disturbed."""
        try:
            import fcntl  # noqa: PLC0415
        except ImportError:  # pragma: no cover - Windows: said, not refused
            import sys  # noqa: PLC0415

            print(self._refuse("no-lock"), file=sys.stderr, flush=True)
            return
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CREAT, 0o600)
        except OSError as error:
            raise self._refuse("cannot-open", problem=error.strerror or error) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise self._refuse("busy") from None
        self._file_lock = fd

    def _unlock_file(self) -> None:
        if self._file_lock is not None:
            os.close(self._file_lock)
            self._file_lock = None

    def _check_writable(self) -> None:
        """Every move is written: a file this server may only read is refused now, not at
        the first move (a write that changes nothing, taken back)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("UPDATE schema_version SET version = version")
        finally:
            self.db.execute("ROLLBACK")

    def _check_sqlite(self) -> None:
        """SQLite's own check of every page of the file (a file cut short, a torn page)."""
        try:
            problems = [row[0] for row in self.db.execute("PRAGMA integrity_check(5)")]
        except sqlite3.DatabaseError as error:
            if "not a database" in str(error):
                raise self._refuse("not-a-database") from None
            raise self._refuse("damaged", problem=str(error)) from None
        if problems != ["ok"]:
            raise self._refuse("damaged", problem="; ".join(problems)[:300])

    # -- plumbing --------------------------------------------------------------------------
    @property
    def errors(self) -> tuple[type[BaseException], ...]:
        """The exceptions a write may raise when the database, not the class, is at fault
        (a file locked by another program, a full disk, a lost connection)."""
        found: tuple = (sqlite3.Error, OSError)
        if self.postgres:
            import psycopg  # noqa: PLC0415

            found += (psycopg.Error,)
        return found

    def _connect(self):
        import psycopg  # noqa: PLC0415 - the [class] extra

        return psycopg.connect(self.where, autocommit=False, connect_timeout=3)

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s") if self.postgres else text

    def _lost(self, error: BaseException) -> bool:
        """True if ``error`` means the PostgreSQL connection is gone (not a bad statement)."""
        if not self.postgres:
            return False
        import psycopg  # noqa: PLC0415

        return isinstance(error, (psycopg.OperationalError, psycopg.InterfaceError)) or bool(
            getattr(self.db, "broken", False) or getattr(self.db, "closed", False))

    def _run(self, work):
        """``work(cursor)`` in one committed transaction. A PostgreSQL connection found dead
        (the server restarted since the last statement) is opened again and the work tried
        once more (nothing of it was written); if the database does not answer, StoreAway."""
        with self._lock:
            if self.away is not None:
                raise StoreAway(self.away)
            for attempt in (1, 2):
                try:
                    return self._once(work)
                except Exception as error:
                    if not self._lost(error):
                        raise
                    if attempt == 2 or not self._reopen():
                        self.away = str(error).strip().splitlines()[0] if str(error) else \
                            type(error).__name__
                        raise StoreAway(self.away) from error
        raise AssertionError("unreachable")  # pragma: no cover

    def _once(self, work):
        cursor = self.db.cursor()
        try:
            result = work(cursor)
            self.db.commit()
            return result
        except BaseException:
            with contextlib.suppress(Exception):  # a dead connection cannot roll back
                self.db.rollback()
            raise
        finally:
            with contextlib.suppress(Exception):
                cursor.close()

    def _reopen(self) -> bool:
        """Open the PostgreSQL connection again (with the lock held); False if it cannot."""
        with contextlib.suppress(Exception):
            self.db.close()
        try:
            self.db = self._connect()
            return self._claim_again(self.db)
        except Exception:
            return False

    def _claim_again(self, db) -> bool:
        """On a new connection, take this server's class again (its advisory lock went with the
        old connection); False if another server took it meanwhile."""
        key = self._claimed
        if key is None:
            return True
        taken = bool(db.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchone()[0])
        db.commit()
        return taken

    def reconnect(self) -> bool:
        """Try the database again after it stopped answering; True once it answers (the
        class carries on). Safe to call from another thread."""
        if self.away is None:
            return True
        try:
            db = self._connect()
            db.execute("SELECT 1")
            if not self._claim_again(db):
                db.close()
                return False
        except Exception:
            return False
        with self._lock:
            with contextlib.suppress(Exception):
                self.db.close()
            self.db, self.away = db, None
        return True

    def execute(self, text: str, args: tuple = ()) -> list[tuple]:
        def work(cursor) -> list[tuple]:
            cursor.execute(self._sql(text), args)
            return cursor.fetchall() if cursor.description else []

        return self._run(work)

    def transaction(self, statements: list[tuple[str, tuple]]) -> None:
        """Run ``statements`` as one transaction: all or nothing."""
        def work(cursor) -> None:
            for text, args in statements:
                cursor.execute(self._sql(text), args)

        self._run(work)

    def migrate(self) -> int:
        """Bring the schema up to date; the version reached."""
        self.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        rows = self.execute("SELECT MAX(version) FROM schema_version")
        version = rows[0][0] or 0
        for number, statements in enumerate(MIGRATIONS, start=1):
            if number > version:
                record = ("INSERT INTO schema_version VALUES (?)", (number,))
                self.transaction([(s, ()) for s in statements] + [record])
                version = number
        return version

    def close(self) -> None:
        with self._lock:
            self.db.close()
            self._unlock_file()

    def _rows(self, fields: tuple[str, ...], text: str, args: tuple = ()) -> list[dict]:
        return [dict(zip(fields, row, strict=True)) for row in self.execute(text, args)]

    # -- classes ---------------------------------------------------------------------------
    def create_class(self, **values: Any) -> dict:
        row = {"paused": 0, "created": time.time(), "ended": None, "max_students": None,
               **values}
        self.execute(f"INSERT INTO classes ({', '.join(CLASS_FIELDS)}) VALUES "
                     f"({', '.join('?' * len(CLASS_FIELDS))})",
                     tuple(row[f] for f in CLASS_FIELDS))
        return row

    def open_class(self) -> dict | None:
        """The newest class not ended, if any (a restarted server carries on with it)."""
        rows = self._rows(CLASS_FIELDS, f"SELECT {', '.join(CLASS_FIELDS)} FROM classes "
                          "WHERE ended IS NULL ORDER BY created DESC LIMIT 1")
        return rows[0] if rows else None

    def class_by_code(self, code: str) -> dict | None:
        rows = self._rows(CLASS_FIELDS, f"SELECT {', '.join(CLASS_FIELDS)} FROM classes "
                          "WHERE code = ?", (code,))
        return rows[0] if rows else None

    def claim_class(self, code: str) -> bool:
        """On PostgreSQL, take the class for this server (an advisory lock held by this
        connection, so it goes when the server goes, even by ``kill -9``): False if another
        server has it. A SQLite file is locked whole (one server a file)."""
        if not self.postgres:
            return True
        key = int.from_bytes(hashlib.sha256(f"hoyito class {code}".encode()).digest()[:8],
                             "big", signed=True)
        taken = bool(self.execute("SELECT pg_try_advisory_lock(?)", (key,))[0][0])
        if taken:
            self._claimed = key  # taken again on every new connection (reconnect)
        return taken

    def classes(self) -> list[dict]:
        return self._rows(CLASS_FIELDS, f"SELECT {', '.join(CLASS_FIELDS)} FROM classes "
                          "ORDER BY created")

    def update_class(self, code: str, **values: Any) -> None:
        names = [name for name in values if name in CLASS_FIELDS and name != "code"]
        assignments = ", ".join(f"{name} = ?" for name in names)
        self.execute(f"UPDATE classes SET {assignments} WHERE code = ?",
                     tuple(values[n] for n in names) + (code,))

    # -- students --------------------------------------------------------------------------
    def add_student(self, class_code: str, name: str, pseudonym: str | None,
                    token: str) -> dict:
        """A new student of ``class_code``; ``pseudonym`` None: the next of the whole
        database (``S01``, ``S02`` ... across every class it holds, so the games of several
        classes kept in one database never merge two students under one pseudonym)."""
        row = {"id": new_id(), "class_code": class_code, "name": name, "pseudonym": pseudonym,
               "token": token, "removed": 0, "joined": time.time()}
        insert = self._sql(f"INSERT INTO students ({', '.join(STUDENT_FIELDS)}) VALUES "
                           f"({', '.join('?' * len(STUDENT_FIELDS))})")

        def work(cursor) -> None:
            if row["pseudonym"] is None:
                row["pseudonym"] = self._next_pseudonym(cursor)
            cursor.execute(insert, tuple(row[f] for f in STUDENT_FIELDS))

        self._run(work)
        return row

    def _next_pseudonym(self, cursor) -> str:
        """``S`` and one more than the students the database holds (each class's pseudonyms
        were numbered from 1 once, so none of them is above that count); on PostgreSQL, two
        servers take turns (a lock held until the student is written)."""
        if self.postgres:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", (PSEUDONYM_LOCK,))
        cursor.execute("SELECT COUNT(*) FROM students")
        return f"S{cursor.fetchone()[0] + 1:02d}"

    def students(self, class_code: str) -> list[dict]:
        return self._rows(STUDENT_FIELDS, f"SELECT {', '.join(STUDENT_FIELDS)} FROM students "
                          "WHERE class_code = ? ORDER BY joined", (class_code,))

    def update_student(self, student_id: int, **values: Any) -> None:
        names = [name for name in values if name in ("name", "removed", "token")]
        assignments = ", ".join(f"{name} = ?" for name in names)
        self.execute(f"UPDATE students SET {assignments} WHERE id = ?",
                     tuple(values[n] for n in names) + (student_id,))

    # -- games and moves -------------------------------------------------------------------
    def new_game(self, **values: Any) -> dict:
        row = {field: None for field in GAME_FIELDS}
        row.update(id=new_id(), started=time.time(), **values)
        self.execute(f"INSERT INTO games ({', '.join(GAME_FIELDS)}) VALUES "
                     f"({', '.join('?' * len(GAME_FIELDS))})",
                     tuple(row[f] for f in GAME_FIELDS))
        return row

    def games(self, class_code: str | None = None) -> list[dict]:
        where, args = ("WHERE class_code = ?", (class_code,)) if class_code else ("", ())
        return self._rows(GAME_FIELDS, f"SELECT {', '.join(GAME_FIELDS)} FROM games {where} "
                          "ORDER BY started", args)

    def set_result(self, game_id: int, ended: float | None, reason: str | None,
                   winner: int | None, score: tuple[int, int] | None) -> None:
        south, north = score if score is not None else (None, None)
        self.execute("UPDATE games SET ended = ?, end_reason = ?, winner = ?, score_south = ?, "
                     "score_north = ? WHERE id = ?",
                     (ended, reason, winner, south, north, game_id))

    def moves(self, game_id: int) -> list[tuple[int, int, float]]:
        """``(player, hole, time)`` of each stored move of the game, in order."""
        rows = self.execute("SELECT player, hole, at FROM moves WHERE game_id = ? ORDER BY ply",
                            (game_id,))
        return [(int(p), int(h), float(t)) for p, h, t in rows]

    def all_moves(self, class_code: str | None = None) -> dict[int, list[tuple[int, int, float]]]:
        if class_code:
            rows = self.execute("SELECT m.game_id, m.player, m.hole, m.at FROM moves m JOIN "
                                "games g ON g.id = m.game_id WHERE g.class_code = ? "
                                "ORDER BY m.game_id, m.ply", (class_code,))
        else:
            rows = self.execute("SELECT game_id, player, hole, at FROM moves "
                                "ORDER BY game_id, ply")
        found: dict[int, list] = {}
        for game_id, player, hole, at in rows:
            found.setdefault(int(game_id), []).append((int(player), int(hole), float(at)))
        return found

    def replace_moves(self, game_id: int, keep: int, new: list[tuple]) -> None:
        """Keep the first ``keep`` moves of the game, then ``new`` (ply, player, hole, time),
        in one transaction (an undo shortens the list; a move lengthens it)."""
        statements = [("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, keep))]
        statements += [("INSERT INTO moves (game_id, ply, player, hole, at) VALUES (?, ?, ?, ?, ?)",
                        (game_id, *row)) for row in new]
        self.transaction(statements)
