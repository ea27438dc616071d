"""A class's games as data: one row per game, in ``simulate()``'s columns where they mean the
same, so the notebooks' tools apply unchanged.

>>> import hoyito_edu as hy
>>> table = hy.class_games(":memory:")
>>> len(table), "end_reason" in table.columns
(0, True)
"""

from __future__ import annotations

from pathlib import Path

from ...engine.events import Capture, ExtraTurn, Pass, Reason
from ...engine.game import Game
from ...engine.rules import BOARD_QUIET_LIMIT
from .store import Store

#: The ``end_reason`` of a game its players agreed to stop (R4.5).
AGREEMENT = str(Reason.AGREEMENT)
#: Captures that form a casa (as ``simulate()`` counts ``casas``).
CASA_REASONS = ("mid-sow", "last-seed", "chain")

COLUMNS = ("variant", "holes_per_row", "game", "class_code", "south", "north", "starter",
           "first", "pairing", "opponent_kind", "opponent", "winner", "result", "starter_won",
           "score_south", "score_north", "plies", "turns", "end_reason", "seeds_left", "casas",
           "passes", "branching", "moves", "move_seconds", "seconds_per_move", "started",
           "ended")


def class_games(where, class_code: str | None = None, names: bool = False):
    """The games of a class database (a SQLite file, a ``postgresql://`` URL, or a
    :class:`Store`) as a pandas table, one row per game.

    Args:
        where: the database the class server wrote (``--db``).
        class_code: only that class's games; None: every class in the database.
        names: the students' names in ``south``/``north``; by default their pseudonyms
            (``S01``, ``S02`` ...), as research use needs.

    The columns shared with ``simulate().games`` mean the same: ``variant``,
    ``holes_per_row``, ``game``, ``south``, ``north`` (a student, or the computer level),
    ``starter`` (always 0: South opens), ``first``, ``pairing``, ``winner`` (0, 1 or <NA>),
    ``result`` (south, north, draw or unfinished), ``starter_won``, ``score_south``,
    ``score_north``, ``plies``, ``turns``, ``end_reason``, ``seeds_left``, ``casas``,
    ``passes``, ``branching`` (so that ``game_metrics`` takes the table). Added:
    ``class_code``, ``opponent_kind`` (computer or classmate),
    ``opponent`` (the level), ``moves`` (the holes played, space-separated),
    ``move_seconds`` (the seconds each move took, space-separated), ``seconds_per_move``,
    ``started`` and ``ended`` (times). A game left before its end is ``unfinished``, its
    ``end_reason`` says how: ``back-to-list``, ``new-game``, ``removed`` or ``class-ended``
    (``left`` in databases written before these were told apart); ``game_metrics`` counts
    these games as unfinished, not as draws. A game the players agreed to stop (R4.5) has
    ``end_reason`` ``agreement`` and the score each side took. A game with no move is left
    out.
    """
    import pandas as pd  # noqa: PLC0415 - pandas only when a table is asked for

    store = where if isinstance(where, Store) else Store(_check(where))
    try:
        students = {}
        for klass in store.classes():
            if class_code is None or klass["code"] == class_code:
                for s in store.students(klass["code"]):
                    students[s["id"]] = s["name"] if names else s["pseudonym"]
        all_moves = store.all_moves(class_code)
        rows = [_row(game, all_moves.get(game["id"], []), students)
                for game in store.games(class_code)]
    finally:
        if store is not where:
            store.close()
    rows = [row for row in rows if row is not None]
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    table["winner"] = table["winner"].astype("Int8")
    for name in ("variant", "result", "end_reason", "opponent_kind"):
        table[name] = table[name].astype("category")
    for name in ("started", "ended"):
        table[name] = pd.to_datetime(table[name], unit="s", utc=True)
    return table


#: How a cell a spreadsheet would take for a formula begins (OWASP's list for CSV files).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(table):
    """``table`` with every text cell that a spreadsheet would run as a formula (a student
    named ``=HYPERLINK(...)``) prefixed with ``'``, as spreadsheet programs expect: shown as
    typed, never run. For a CSV file that a teacher opens in a spreadsheet.

    >>> import pandas as pd
    >>> safe = spreadsheet_safe(pd.DataFrame({"south": ["=1+1", "Ana"], "score": [-1, 2]}))
    >>> list(safe["south"]), list(safe["score"])
    (["'=1+1", 'Ana'], [-1, 2])
    """
    import pandas as pd  # noqa: PLC0415

    table = table.copy()
    for name in table.columns:
        column = table[name]
        if not pd.api.types.is_numeric_dtype(column) and column.dtype.kind != "M":
            table[name] = column.astype(object).map(_safe_cell)
    return table


def _safe_cell(value):
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _check(where) -> str:
    text = str(where)
    if text != ":memory:" and not text.startswith(("postgresql://", "postgres://")):
        if not Path(text).is_file():
            raise FileNotFoundError(f"no class database at {text!r}")
    return text


def _row(game: dict, moves: list[tuple[int, int, float]], students: dict) -> dict | None:
    if not moves:
        return None
    played = Game(game["variant"], holes_per_row=game["holes_per_row"],
                  quiet_limit=BOARD_QUIET_LIMIT)
    extra = casas = passes = legal = 0
    for number, (_player, hole, _at) in enumerate(moves):
        if played.position.is_over or hole not in played.position.legal_moves():
            moves = moves[:number]  # a class file from an older server: the rest is not a game
            game = {**game, "end_reason": "does-not-replay"}
            break
        legal += len(played.position.legal_moves())
        move = played.play(hole)
        for event in move.events:
            if isinstance(event, ExtraTurn):
                extra += 1
            elif isinstance(event, Pass):
                passes += 1
            elif isinstance(event, Capture) and str(event.reason) in CASA_REASONS:
                casas += 1
    if game["end_reason"] == AGREEMENT and not played.position.is_over:
        played.end_by_agreement()  # the players agreed to stop (R4.5): not in the holes
    position = played.position
    south = students.get(game["south"], "")
    north = students.get(game["north"], "") if game["north"] is not None else game["opponent"]
    outcome = position.outcome
    if not moves:
        return None
    if outcome is not None and game["end_reason"] != "does-not-replay":
        winner = outcome.winner
        result = "draw" if winner is None else ("south", "north")[winner]
        score, reason = outcome.score, str(outcome.reason)
    else:
        winner, result = None, "unfinished"
        score, reason = position.score, game["end_reason"] or "unfinished"
    times = [game["started"]] + [at for _p, _h, at in moves]
    seconds = [max(0.0, b - a) for a, b in zip(times, times[1:], strict=False)]
    return {
        "variant": game["variant"], "holes_per_row": game["holes_per_row"], "game": game["id"],
        "class_code": game["class_code"], "south": south, "north": north, "starter": 0,
        "first": south, "pairing": f"{south} vs {north}",
        "opponent_kind": "classmate" if game["opponent"] is None else "computer",
        "opponent": game["opponent"], "winner": winner, "result": result,
        "starter_won": winner == 0, "score_south": score[0], "score_north": score[1],
        "plies": len(moves), "turns": len(moves) - extra, "end_reason": reason,
        "seeds_left": sum(position.board), "casas": casas,
        "passes": passes, "branching": legal / len(moves),
        "moves": " ".join(str(h) for _p, h, _t in moves),
        "move_seconds": " ".join(f"{s:.2f}" for s in seconds),
        "seconds_per_move": sum(seconds) / len(seconds), "started": game["started"],
        "ended": game["ended"],
    }
