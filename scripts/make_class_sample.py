"""Make data/class_sample.db: a small class database for notebook 06, played by computer
players on both sides through the class server's own Classroom, in this process.

Usage (from the repository folder)::

    python scripts/make_class_sample.py               # data/class_sample.db (a few seconds)
    python scripts/make_class_sample.py other.db      # somewhere else

**These are not human games.** Every "student" is a computer player of the beginner level that
chooses its clicks with its own random state, and the opponents it meets are the class's
computer levels (beginner, greedy) or another such "student". The file is made the way a real
class's file is (the same Classroom, messages and store as ``python -m hoyito_edu serve``), so
that notebook 06 can show how a teacher's own ``clase.db`` is analysed, but nobody played it.

Nothing is left to chance or to the clock: the class code, the tokens, the ids and the
computers' seeds come from one seeded generator, and the times from a made-up clock that moves
one second per message (the ``move_seconds`` of these games are that clock, not thinking time).
The same command gives the same games table every time.

No network, no browser and no worker processes: the levels used all choose in this process.
"""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path
from types import SimpleNamespace

import hoyito_edu as hy
from hoyito_edu.board.server import codes, room, store
from hoyito_edu.board.server.room import Classroom
from hoyito_edu.board.server.store import Store

SEED = 2026
#: The computer players who stand in for students (pseudonyms S01 ... S08).
STUDENTS = [f"computer student {n}" for n in range(1, 9)]
#: Games each "student" plays against each of the class's computer levels.
GAMES_PER_LEVEL = 2
#: Rounds of the class round robin between "students" (7 rounds: everyone meets everyone).
ROUNDS = len(STUDENTS) - 1
#: The rule set and board size of the class, as the teacher sets them.
VARIANT, HOLES_PER_ROW = "hoyito-i", 6
#: The last "student" leaves one game half-way, as a student going back to the lobby would.
LEAVE_AFTER = 4
#: The made-up clock: the start, and the seconds one message takes.
START, STEP = 1_767_258_000.0, 1.0  # 2026-01-01 09:00 UTC


class Page:
    """A student's page without a browser: what the server sent it, in order."""

    def __init__(self) -> None:
        self.got: list[dict] = []

    def send(self, message: dict) -> None:
        self.got.append(message)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def time(self) -> float:
        self.now += STEP
        return self.now


def _seeded(rng: random.Random) -> SimpleNamespace:
    """What the class server takes from ``secrets``, from ``rng`` instead."""
    letters = string.ascii_letters + string.digits + "-_"
    return SimpleNamespace(
        randbits=lambda k: rng.getrandbits(k) or 1,
        choice=rng.choice,
        token_urlsafe=lambda n: "".join(rng.choice(letters) for _ in range(n * 4 // 3)),
        compare_digest=room.secrets.compare_digest,
    )


def make(path: Path) -> Path:
    """Write the sample class to ``path`` (replaced if it exists); ``path``."""
    path = Path(path)
    for old in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        old.unlink(missing_ok=True)
    rng = random.Random(SEED)
    fake, clock = _seeded(rng), Clock()
    saved = (room.secrets, store.secrets, codes.secrets, room.time, store.time)
    room.secrets = store.secrets = codes.secrets = fake
    room.time = store.time = SimpleNamespace(time=clock.time)
    try:
        _play_class(Store(path), rng)
    finally:
        room.secrets, store.secrets, codes.secrets, room.time, store.time = saved
    for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        extra.unlink(missing_ok=True)
    return path


def _play_class(db: Store, rng: random.Random) -> None:
    klass = Classroom(db, "es", new=True)
    teacher = Page()
    klass.teacher_message(teacher, {"type": "teacher", "secret": klass.secret})
    settings = {"type": "settings", "variant": VARIANT, "holes_per_row": HOLES_PER_ROW,
                "levels": ["beginner", "greedy"], "classmates": True}
    klass.teacher_message(teacher, settings)
    pages, minds = [], {}
    for name in STUDENTS:
        page = Page()
        klass.student_message(page, {"type": "join", "code": klass.code, "name": name,
                                     "lang": "es"}, "es")
        pages.append(page)
        minds[page.student.id] = hy.player("beginner", seed=rng.getrandbits(31))

    def play_out(limit: int | None = None) -> None:
        """Every "student" in a game clicks, in turn, until the games end (or ``limit`` clicks)."""
        clicks = 0
        while True:
            moved = False
            for page in pages:
                live = page.student.game
                if live is None or live.finished:
                    continue
                side = next(s for s, st in live.students.items() if st is page.student)
                position = live.sessions[side].position
                if position.is_over or position.player != side:
                    continue
                hole = minds[page.student.id].choose(position)
                view = next(m["value"] for m in reversed(page.got)
                            if m["type"] == "set" and m["name"] == "view")
                click = {"type": "click", "hole": hole, "ply": view["ply"], "game": view["game"]}
                klass.student_message(page, {"type": "board", "message": click}, "es")
                moved, clicks = True, clicks + 1
                if limit is not None and clicks >= limit:
                    return
            if not moved:
                return

    for _game in range(GAMES_PER_LEVEL):
        for level in ("beginner", "greedy"):
            for page in pages:
                klass.student_message(page, {"type": "play", "opponent": level}, "es")
            play_out()
    for _round in range(ROUNDS):
        for page in pages:
            klass.student_message(page, {"type": "lobby"}, "es")
        klass.teacher_message(teacher, {"type": "round"})
        play_out()
    last = pages[-1]
    klass.student_message(last, {"type": "play", "opponent": "greedy"}, "es")
    play_out(limit=LEAVE_AFTER)
    klass.student_message(last, {"type": "lobby"}, "es")
    klass.teacher_message(teacher, {"type": "end"})
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode=DELETE")
    db.close()


def main(argv: list[str]) -> None:
    from hoyito_edu.teaching.data import data_dir  # noqa: PLC0415

    path = Path(argv[0]) if argv else data_dir() / "class_sample.db"
    make(path)
    games = hy.class_games(path)
    print(f"{path}: {len(games)} games, {path.stat().st_size // 1024} KB "
          "(computer players on both sides, not human games)")


if __name__ == "__main__":
    main(sys.argv[1:])
