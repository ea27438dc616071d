"""Games a class played on a drawn board, written down move by move, read as a data set.

A class records its games on the paper record sheet (``make worksheets``: ``record_sheet.pdf``,
in Spanish ``registro_de_partidas.pdf``) and copies them into a CSV file with one row per move,
like ``data/recorded_games_template.csv``:

``game``
    a number (or a short label) for the game; all its rows together, in order.
``variant``
    the rule set: ``hoyito-i``, ``hoyito-ii``, ``hoyito-iii`` or ``ba-awa`` (the titles,
    such as ``Hoyito I``, are accepted too).
``move``
    1, 2, 3 ... in the order the moves were played.
``player``
    who moved: ``South`` or ``North`` (``Sur``, ``Norte``, ``S``, ``N``, ``0``, ``1`` too).
``hole``
    the hole sown, numbered as on the worksheets: 0 to 5 along South's row, then 6 to 11 along
    North's row, in the order the seeds travel.

A Spanish record may name the same columns in Spanish (:data:`SPANISH_COLUMNS`), as the
template ``data/plantilla_partidas_grabadas.csv`` does: ``partida``, ``reglas``, ``jugada``,
``jugador``, ``hoyo`` (and ``sur``, ``norte``), so no student has to type English headers.

Optional columns ``south`` and ``north`` hold a label for each side (a team letter, never a
student's name); without them both sides are labelled ``class``.

:func:`load_recorded_games` replays every game through the rules engine, so the results
(captures, score, winner, how the game ended) are the engine's, never copied by hand, and it
returns a table with the columns of ``simulate(...).games`` where they mean the same thing: the
same tools (``hoyito_edu.sim.metrics.game_metrics``, ``wilson_interval``, pandas) analyse
recorded and simulated games alike. A record the engine cannot replay is refused with a
sentence that names the line of the file:

>>> import io
>>> record = "game,variant,move,player,hole\\n1,hoyito-i,1,South,2\\n1,hoyito-i,2,South,3\\n"
>>> load_recorded_games(io.StringIO(record))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hoyito_edu.teaching.recorded.RecordError: line 3 (game 1, move 2): the record says South ...

``data/recorded_games_example.csv`` holds made-up example data in this form (games the
package's computer players played, written as a class would write them), not games people
played.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pandas as pd

from ..engine.position import IllegalMove, new_game
from ..engine.rules import VARIANTS
from ..i18n import get_language
from ..i18n import gettext as _

__all__ = ["RECORD_COLUMNS", "SPANISH_COLUMNS", "RecordError", "load_recorded_games",
           "record_rows"]

#: The columns a record must have, in the template's order.
RECORD_COLUMNS = ("game", "variant", "move", "player", "hole")
#: Column names a Spanish record may use, and the column each one stands for (the template
#: ``data/plantilla_partidas_grabadas.csv`` uses the first five and ``sur``, ``norte``).
SPANISH_COLUMNS = MappingProxyType({
    "partida": "game", "reglas": "variant", "jugada": "move", "jugador": "player",
    "hoyo": "hole", "sur": "south", "norte": "north", "nota": "note",
    "reglamento": "variant", "variante": "variant",
})
#: Labels for the two sides when the record has no ``south`` / ``north`` columns.
DEFAULT_SIDE = "class"
#: How a record may name each player (compared without case or accents' variants).
PLAYER_WORDS = {
    "south": 0, "s": 0, "sur": 0, "0": 0,
    "north": 1, "n": 1, "norte": 1, "1": 1,
}
#: Longest record read (moves): far more than a class writes, small enough to stay quick.
MAX_ROWS = 100_000


class RecordError(ValueError):
    """A recorded game that cannot be read or replayed; the message names the line."""


def _variant_names() -> dict[str, str]:
    names = {}
    for name, rules in VARIANTS.items():
        names[name] = name
        names[rules.title.lower()] = name
    return names


def _read(source) -> list[dict[str, str]]:
    if isinstance(source, str | Path):
        path = Path(source)
        if not path.is_file():
            raise FileNotFoundError(_("no record file at {path}").format(path=path))
        text = path.read_text(encoding="utf-8-sig")
    elif hasattr(source, "read"):
        text = source.read()
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
    else:
        raise TypeError(
            _("give a path or an open file, not {kind}").format(kind=type(source).__name__)
        )
    reader = csv.DictReader(io.StringIO(text))
    header = _columns(reader.fieldnames or [])
    missing = [c for c in RECORD_COLUMNS if c not in header]
    if missing:
        raise RecordError(
            _("the record has no column {missing}; its first line must name the columns {columns}")
            .format(missing=", ".join(_said(missing)), columns=", ".join(_said(RECORD_COLUMNS)))
        )
    reader.fieldnames = header
    rows = []
    for row in reader:
        if len(rows) >= MAX_ROWS:
            raise RecordError(
                _("the record has more than {rows} moves; split it into smaller files").format(
                    rows=f"{MAX_ROWS:,}"
                )
            )
        if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
            rows.append(None)  # an empty line: skipped, but it still counts as a line
            continue
        rows.append({k: (v or "").strip() for k, v in row.items() if isinstance(k, str)})
    return rows


def _columns(names: Iterable[str | None]) -> list[str]:
    """The record's column names as this module reads them: without case or spaces around
    them, Spanish names (:data:`SPANISH_COLUMNS`) read as the English ones."""
    said = ((name or "").strip().lower() for name in names)
    return [SPANISH_COLUMNS.get(name, name) for name in said]


def _said(columns: Iterable[str]) -> list[str]:
    """Column names as a reader of the current language writes them: Spanish for Spanish."""
    if get_language() != "es":
        return list(columns)
    spanish = {english: word for word, english in reversed(SPANISH_COLUMNS.items())}
    return [spanish.get(column, column) for column in columns]


def record_rows(source) -> list[tuple[int, dict[str, str]]]:
    """The non-empty rows of a record as (line of the file, row) pairs; the header is line 1."""
    return [(line, row) for line, row in enumerate(_read(source), start=2) if row is not None]


def _whole(text: str, where: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RecordError(
            _("{where}: {what} must be a whole number, not {found!r}").format(
                where=where, what=what, found=text
            )
        ) from None


def _replay(game_id: str, rows: list[tuple[int, dict[str, str]]]) -> dict:
    variants = _variant_names()
    first_line, first = rows[0]
    name = variants.get(first["variant"].lower())
    if name is None:
        raise RecordError(
            _("line {line}: unknown rule set {found!r}; write one of {known}").format(
                line=first_line, found=first["variant"], known=", ".join(VARIANTS)
            )
        )
    position = new_game(name)
    n = position.holes_per_row
    starter = None
    plies = extras = passes = legal_sum = casas = 0
    for number, (line, row) in enumerate(rows, start=1):
        where = _("line {line} (game {game}, move {move})").format(
            line=line, game=game_id, move=row["move"] or "?"
        )
        if variants.get(row["variant"].lower()) != name:
            raise RecordError(
                _("{where}: the rule set is {found!r}, but the game began as {first!r}").format(
                    where=where, found=row["variant"], first=first["variant"]
                )
            )
        move_number = _whole(row["move"], where, _("the move number"))
        if move_number != number:
            raise RecordError(
                _("{where}: expected move {expected} here; number the moves of each game "
                  "1, 2, 3 ... in the order they were played").format(
                    where=where, expected=number
                )
            )
        if position.is_over:
            raise RecordError(
                _("{where}: the game was already over after move {last}").format(
                    where=where, last=number - 1
                )
            )
        player = PLAYER_WORDS.get(row["player"].lower())
        if player is None:
            raise RecordError(
                _("{where}: the player must be South or North, not {found!r}").format(
                    where=where, found=row["player"]
                )
            )
        if number == 1:  # whoever moves first is the starter
            starter = player
            position = new_game(name, player=starter)
        if player != position.player:
            raise RecordError(
                _("{where}: the record says {said} moves, but it is {turn}'s turn").format(
                    where=where, said=_name(player), turn=_name(position.player)
                )
            )
        hole = _whole(row["hole"], where, _("the hole"))
        if not 0 <= hole < 2 * n:
            raise RecordError(
                _("{where}: hole {hole} does not exist; the holes are 0 to {last}").format(
                    where=where, hole=hole, last=2 * n - 1
                )
            )
        legal = position.legal_moves()
        try:
            move = position.sow(hole)
        except IllegalMove as err:
            raise RecordError(
                _("{where}: hole {hole} cannot be sown: {why}").format(
                    where=where, hole=hole, why=err
                )
            ) from None
        plies += 1
        extras += move.extra_turn
        passes += bool(move.passes)
        legal_sum += len(legal)
        casas += sum(1 for c in move.captures if str(c.reason) in ("mid-sow", "last-seed", "chain"))
        position = move.after
    if not position.is_over:
        last_line = rows[-1][0]
        raise RecordError(
            _("game {game} stops at line {line} after move {moves}, but the game is not over "
              "({seeds} seeds are still on the board): write down every move to the end, or "
              "leave the game out").format(
                game=game_id, line=last_line, moves=plies, seeds=sum(position.board)
            )
        )
    outcome = position.outcome
    return {
        "variant": name,
        "holes_per_row": n,
        "game": game_id,
        "south": first.get("south") or DEFAULT_SIDE,
        "north": first.get("north") or DEFAULT_SIDE,
        "starter": starter,
        "winner": outcome.winner,
        "score_south": position.captures[0],
        "score_north": position.captures[1],
        "plies": plies,
        "turns": plies - extras,
        "end_reason": str(outcome.reason),
        "seeds_left": sum(position.board),
        "casas": casas,
        "passes": passes,
        "branching": legal_sum / max(plies, 1),
    }


def _name(player: int) -> str:
    return (_("South"), _("North"))[player]


def _games(rows: Iterable[tuple[int, dict[str, str]]]) -> dict[str, list]:
    games: dict[str, list] = {}
    last = None
    for line, row in rows:
        game = row["game"]
        if not game:
            raise RecordError(_("line {line}: the game column is empty").format(line=line))
        if game in games and game != last:
            raise RecordError(
                _("line {line}: game {game} appears again after other games; keep the rows of "
                  "each game together").format(line=line, game=game)
            )
        games.setdefault(game, []).append((line, row))
        last = game
    return games


def load_recorded_games(source) -> pd.DataFrame:
    """Read a class's recorded games (a CSV path or open file) and replay each through the engine.

    Returns one row per game with the columns of ``simulate(...).games`` that mean the same
    thing for a game people played: ``variant``, ``holes_per_row``, ``game``, ``south``,
    ``north``, ``starter`` (0 South, 1 North), ``first``, ``pairing``, ``winner`` (empty for a
    draw), ``result``, ``starter_won``, ``score_south``, ``score_north``, ``plies``, ``turns``,
    ``end_reason``, ``seeds_left``, ``casas``, ``passes`` and ``branching``. ``game`` is the
    record's number (its label, as text, if some game is not numbered). Raises
    :class:`RecordError` naming the line of the first move the engine cannot replay, and
    FileNotFoundError for a missing file.

    >>> from hoyito_edu.teaching.data import data_dir
    >>> games = load_recorded_games(data_dir() / "recorded_games_example.csv")
    >>> sorted(games.columns) == sorted(set(games.columns))
    True
    >>> games[["variant", "starter", "winner"]].dtypes.astype(str).tolist()
    ['category', 'int64', 'Int8']
    """
    rows = record_rows(source)
    if not rows:
        raise RecordError(_("the record has no moves"))
    records = [_replay(game, game_rows) for game, game_rows in _games(rows).items()]
    table = pd.DataFrame(records)
    if table["game"].str.fullmatch(r"[0-9]+").all():  # numbered games, as simulate() numbers them
        table["game"] = table["game"].astype(np.int64)
    starter = table["starter"].astype(np.int64)
    table["starter"] = starter
    table["first"] = np.where(starter == 0, table["south"], table["north"])
    south_first = table["south"] + " vs " + table["north"]
    table["pairing"] = np.where(starter == 0, south_first, table["north"] + " vs " + table["south"])
    winner = table["winner"]
    table["winner"] = pd.array([None if pd.isna(w) else int(w) for w in winner], dtype="Int8")
    table["result"] = pd.Categorical(
        ["draw" if pd.isna(w) else ("south", "north")[int(w)] for w in winner],
        categories=["south", "north", "draw", "unfinished"],
    )
    table["starter_won"] = (table["winner"] == table["starter"]).fillna(False).astype(bool)
    table["variant"] = pd.Categorical(table["variant"], categories=list(VARIANTS))
    from ..compiled.codes import END_REASONS

    table["end_reason"] = pd.Categorical(table["end_reason"], categories=list(END_REASONS))
    order = ["variant", "holes_per_row", "game", "south", "north", "starter", "first", "pairing",
             "winner", "result", "starter_won", "score_south", "score_north", "plies", "turns",
             "end_reason", "seeds_left", "casas", "passes", "branching"]
    return table[order]
