"""The class server's pages (students', teacher's) and what it prints at start, in words.

The pages are small HTML shells: every word comes from here, through gettext, so the Spanish
catalogue covers them; the board itself is the package's own ES module (``board.js``), driven
through a model over the WebSocket (``static/model.js``). No page shows teacher notes or the
answers to a notebook's questions: there are none on it.
"""

from __future__ import annotations

import html
import json

from ...i18n import N_, language
from ...i18n import gettext as _
from . import codes

#: Sent with every page: no framing by other sites, no guessing of types, no referrer.
HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
}

STUDENT_WORDS = {
    "title": N_("Hoyito in class"),
    "code": N_("Class code"),
    "name": N_("Your name"),
    "join": N_("Join the class"),
    "pin": N_("PIN (only to come back on another phone)"),
    "pin_note": N_("Your PIN is {pin}. Keep it to yourself: with it you come back to your "
                   "game on another phone."),
    "choose": N_("Whom do you want to play?"),
    "classmate": N_("A classmate"),
    "classmate_line": N_("The server pairs you with the next classmate who chooses this."),
    "waiting": N_("Waiting for a classmate… (the game starts when someone else chooses "
                  "“A classmate”)"),
    "not_ready": N_("getting ready…"),
    "back": N_("Back to the list"),
    "back_sure": N_("Leave this game? It ends here, and you cannot come back to it."),
    "back_yes": N_("Yes, leave it"),
    "back_no": N_("No, play on"),
    "connecting": N_("Connecting…"),
    "lost": N_("The connection was lost: reconnecting… Your game is kept."),
    "flipped": N_("You play North: the board is turned so that your row is at the bottom."),
    "against": N_("Playing against {name}."),
    "hello": N_("Hello, {name}."),
    "paused": N_("The teacher has paused the class: wait a moment."),
    "other_language": N_("Español"),
    "book": N_("Read the book"),
    "board": N_("Back to the board"),
    "book_title": N_("The book"),
    "pseudonym": N_("On the projector you are {pseudonym}."),
}

TEACHER_WORDS = {
    "title": N_("Hoyito in class: the teacher's page"),
    "key": N_("Teacher key"),
    "open": N_("Open"),
    "join_line": N_("Students open {address} (or scan the code) and type the class code:"),
    "rules": N_("Rules"),
    "class_settings": N_("Rules, levels and students who may join"),
    "size": N_("Holes per row"),
    "levels": N_("Computer levels allowed"),
    "classmates": N_("Classmates may play each other"),
    "apply": N_("Apply to new games"),
    "max_students": N_("Students who may join"),
    "apply_limit": N_("Change"),
    "round": N_("Next round: pair everyone"),
    "round_line": N_("Pairs every student who is online and not in a game with a classmate "
                     "they have not played yet (a round robin, one round at a time)."),
    "pause": N_("Pause everyone"),
    "resume": N_("Let everyone play"),
    "end": N_("End the class"),
    "end_sure": N_("End the class? Every game stops and nobody can join again."),
    "rename": N_("Rename"),
    "pin_button": N_("PIN"),
    "pin_of": N_("{name}'s PIN (to come back on another phone): {pin}"),
    "remove": N_("Remove"),
    "remove_sure": N_("Take {name} out of the class?"),
    "removed": N_("Taken out of the class"),
    "removed_line": N_("{name} was taken out of the class."),
    "readmit": N_("Let back in"),
    "new_name": N_("New name for {name}:"),
    "students": N_("Students"),
    "nobody": N_("Nobody has joined yet."),
    "online": N_("online"),
    "away": N_("away"),
    "waiting": N_("waiting for a classmate"),
    "lobby": N_("choosing"),
    "move": N_("move {ply}"),
    "computer": N_("computer: {level}"),
    "results": N_("Finished games"),
    "no_results": N_("No game has finished yet."),
    "export": N_("Export the games"),
    "export_note": N_(
        "Exports use pseudonyms (S01, S02 …) instead of names. Use the games for research "
        "only with the students' (and their families') consent."
    ),
    "with_names": N_("with names (for the teacher's own use)"),
    "wrong_key": N_("That is not this class's teacher key."),
    "ended": N_("This class has ended."),
    "paused_now": N_("The class is paused."),
    "draw": N_("draw"),
    "left": N_("left"),
    "south": N_("South"),
    "north": N_("North"),
    "other_language": N_("Español"),
    "book": N_("The book on the phones"),
    "book_line": N_("Send every phone to a page of the book, and back to the board when the "
                    "class plays again."),
    "book_page": N_("Page or section"),
    "book_send": N_("Send every phone to this page"),
    "book_back": N_("Every phone back to the board"),
    "book_now": N_("The phones show: {page}"),
    "book_board": N_("The phones show the board."),
    "book_open": N_("Open the book here"),
    "book_missing": N_("The book is not built on this computer: run python -m hoyito_edu "
                       "book once, then start the class server again."),
    "projector": N_("Projector"),
    "projector_line": N_("The projector view, in a new tab: the code in large letters and the "
                         "standings, with no names."),
    "watch": N_("Open the game"),
    "watch_of": N_("Open {name}'s game full size"),
    "replay": N_("Replay"),
    "replay_of": N_("Replay the game {game}"),
    "close": N_("Close"),
    "viewer_live": N_("Being played now: the board follows each move. Step back to look at an "
                      "earlier one."),
    "viewer_done": N_("Finished: step through it with the buttons below the board."),
    "push": N_("Show this position on every phone"),
    "release": N_("Every phone back to its own game"),
    "discussing": N_("The phones show a position for discussion."),
}

PROJECTOR_WORDS = {
    "title": N_("Hoyito in class: the projector"),
    "join_line": N_("Open {address} (or scan the code) and type the class code:"),
    "code": N_("Class code"),
    "standings": N_("Standings"),
    "rank": N_("Place"),
    "student": N_("Student"),
    "won": N_("Won"),
    "drawn": N_("Drawn"),
    "lost": N_("Lost"),
    "nobody": N_("Nobody has joined yet."),
    "more": N_("… and {count} more"),
    "recent": N_("Last results"),
    "no_results": N_("No game has finished yet."),
    "online": N_("{count} online · {games} games being played"),
    "names_note": N_("No names here: each student's number (S01, S02 …) is on their phone."),
    "computer": N_("computer: {level}"),
    "draw": N_("draw"),
    "paused": N_("The class is paused."),
    "key": N_("Projector key"),
    "open": N_("Open"),
    "discuss": N_("Look at this position."),
}

BANNER = {
    "title": N_("Hoyito class server"),
    "students": N_("Students open:"),
    "code": N_("Class code:"),
    "teacher": N_("Teacher's page (keep this address to yourself):"),
    "local": N_("Only this computer can open these pages. For a class on the school's "
                "network, start with --host 0.0.0.0."),
    "stop": N_("Ctrl-C stops the server; starting it again with the same --db carries on "
               "with the same class."),
    "stop-shared": N_("Ctrl-C stops the server; starting it again with --class {code} carries "
                      "on with the same class."),
}


def _words(table: dict[str, str], lang: str) -> dict[str, str]:
    with language(lang):
        return {key: _(text) for key, text in table.items()}


def _shell(lang: str, title: str, script: str, data: dict) -> str:
    # inside <script> nothing is decoded: "<" is written as a JSON escape instead
    payload = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="/static/board.css">
<link rel="stylesheet" href="/static/class.css">
</head>
<body>
<main id="app"></main>
<script type="application/json" id="words">{payload}</script>
<script type="module" src="/static/{script}"></script>
</body>
</html>
"""


def student_page(lang: str) -> str:
    words = _words(STUDENT_WORDS, lang)
    return _shell(lang, words["title"], "class.js", {"lang": lang, "words": words})


def teacher_page(lang: str, joins: list[str], book: list[dict] | None = None) -> str:
    """The teacher's page; ``book`` is the students' pages of the book in ``lang`` (href,
    title, sections), to send the phones to."""
    words = _words(TEACHER_WORDS, lang)
    return _shell(lang, words["title"], "teacher.js",
                  {"lang": lang, "words": words, "joins": joins, "book": book or []})


def projector_page(lang: str, joins: list[str]) -> str:
    """The projector's page: the code, the QR code and the standings, with no names."""
    words = _words(PROJECTOR_WORDS, lang)
    from ...teaching.words import LEVELS, level_name  # noqa: PLC0415

    with language(lang):
        levels = {name: level_name(name) for name, _line in LEVELS}
    return _shell(lang, words["title"], "projector.js",
                  {"lang": lang, "words": words, "joins": joins, "levels": levels})


def banner(classroom, joins: list[str], host: str, port: int, lang: str) -> str:
    """What the server prints at start: where students go, the code, the teacher's page."""
    words = _words(BANNER, lang)
    local = host in ("127.0.0.1", "localhost", "::1")
    teacher_host = "127.0.0.1" if local or host in ("0.0.0.0", "::") else host
    lines = [words["title"], "", words["students"], *(f"    {a}" for a in joins),
             f"{words['code']} {codes.group(classroom.code)}", "",
             words["teacher"],
             f"    http://{teacher_host}:{port}/teacher#{classroom.secret}"]
    if local:
        lines += ["", words["local"]]
    shared = classroom.store.postgres  # a database shared by teachers: the class is named
    lines += [words["stop-shared"].format(code=classroom.code) if shared else words["stop"]]
    return "\n".join(lines)
