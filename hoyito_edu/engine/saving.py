"""Plain-JSON forms of positions, with validation that says exactly what is wrong.

No pickle, no eval: a saved game is a JSON object with a ``format`` name and a ``version``, the
rules and options by name, the starting position, and the holes played. Loading rebuilds the
starting position through :func:`hoyito_edu.new_game` (which checks every field) and replays every
move through the engine.

Whatever the bytes of a file, loading it either gives a game or match or raises
:class:`FormatError` saying what is wrong, in bounded time: a saved file is at most
:data:`MAX_FILE_BYTES`, nests at most :data:`MAX_DEPTH` deep, and holds numbers of at most
:data:`MAX_DIGITS` digits; JSON extensions Python accepts (NaN, Infinity) and duplicate keys
are refused. The messages are in the session's language (``hy.set_language``):

>>> from hoyito_edu.i18n import language
>>> with language("es"):
...     read_json(b"{")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hoyito_edu.engine.saving.FormatError: no es JSON válido: ...
>>> read_json('{"moves": [0, 1], "moves": []}')
Traceback (most recent call last):
...
hoyito_edu.engine.saving.FormatError: not valid JSON: the key 'moves' appears twice in one object
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any, TypeVar

from ..i18n import N_
from ..i18n import gettext as _
from .position import Position, new_game
from .rules import OPTIONS, VARIANTS, check_option

SCHEMA_VERSION = 1

#: The largest saved file read: 4 MiB, about 700,000 moves as :meth:`JsonSaving.save` writes
#: them (a 20,000-ply game takes about 120 kB), so no file can keep a program reading for long.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The deepest nesting of arrays and objects in a saved file (a match needs 4 levels).
MAX_DEPTH = 16
#: The most values (numbers, strings, arrays ...) a saved value may hold: more than a file
#: of :data:`MAX_FILE_BYTES` can.
MAX_VALUES = MAX_FILE_BYTES // 2
#: The most digits a number in a saved file may have (seed counts and holes need 3).
MAX_DIGITS = 100
#: Loading replays every move; when the file's rules allow more laps per move than this (or no
#: limit: ``max_laps`` null), each move must still end within it, so a small file cannot hold a
#: move that runs for billions of laps (R2.8). A move of this many laps costs well under a
#: second and 100 MB (``benchmarks/long_games.py``).
LOAD_MAX_LAPS = 50_000


class FormatError(ValueError):
    """A saved file that cannot be loaded; the message names the field and the problem."""


def show(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, for error messages about any input."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def position_to_dict(position: Position) -> dict[str, Any]:
    """The starting-position fields of ``position`` as JSON-ready values."""
    return {
        "board": list(position.board),
        "player": position.player,
        "captures": list(position.captures),
        "closed": sorted(position.closed),
        "owners": list(position.owners),
        "surplus": list(position.surplus),
        "starter": position.starter,
        "round": position.round,
        "previous_winner": position.previous_winner,
    }


_POSITION_LISTS = ("board", "captures", "closed", "owners", "surplus")
_POSITION_OPTIONAL = ("captures", "closed", "owners", "surplus", "starter", "round",
                      "previous_winner")


def position_from_dict(variant: str, options: dict, data: object, where: str) -> Position:
    """Rebuild a position saved by :func:`position_to_dict`; errors name ``where`` it failed.

    :func:`~hoyito_edu.new_game` checks the values; here only the JSON shapes are checked, and
    null is refused where ``new_game`` would read it as "the default".
    """
    expect_keys(data, where, required=("board", "player"), optional=_POSITION_OPTIONAL)
    assert isinstance(data, dict)
    for key, value in data.items():
        if key in _POSITION_LISTS and not isinstance(value, (list, tuple)):
            raise FormatError(
                _("{where}: {key} must be a list, not {value}").format(
                    where=where, key=key, value=show(value)
                )
            )
        if value is None and key != "previous_winner":
            raise FormatError(_("{where}: {key} must not be null").format(where=where, key=key))
    try:
        return new_game(variant, **options, **data)
    except ValueError as err:
        raise FormatError(f"{where}: {err}") from None


def is_int(value: object) -> bool:
    """A JSON whole number: an int, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_list_of_ints(value: object) -> bool:
    # set(map(type, ...)) runs in C: a saved game of millions of moves is checked in
    # milliseconds, so a bad move early in it is reported at once (bool is a subclass of int
    # but its type is bool, so it is refused here).
    return isinstance(value, (list, tuple)) and set(map(type, value)) <= {int}


def expect_keys(
    data: object, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    """Check that ``data`` is an object with the required keys and nothing unknown."""
    if not isinstance(data, dict):
        raise FormatError(
            _("{where} must be a JSON object, not {kind}").format(
                where=where, kind=type(data).__name__
            )
        )
    missing = [k for k in required if k not in data]
    if missing:
        raise FormatError(
            _("{where} is missing {fields}").format(where=where, fields=", ".join(missing))
        )
    unknown = sorted(set(data) - set(required) - set(optional))
    if unknown:
        names = ", ".join(unknown)
        names = names if len(names) <= 80 else names[:77] + "..."
        raise FormatError(
            _("{where} has unknown field(s) {names}").format(where=where, names=names)
        )


def same_json(a: object, b: object) -> bool:
    """Equal as JSON values, types included: ``true`` is not ``1``, ``4.0`` is not ``4``."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def check_header(data: object, kind: str) -> tuple[str, dict[str, object]]:
    """Check the whole value is plain JSON, then format name, version, variant and options;
    return (variant, options)."""
    check_plain_json(data)
    if not isinstance(data, dict):
        what = _("a saved game") if kind == "game" else _("a saved match")
        raise FormatError(
            _("{what} must be a JSON object, not {kind}").format(
                what=what, kind=type(data).__name__
            )
        )
    fmt = data.get("format")
    if fmt != f"hoyito_edu.{kind}":
        raise FormatError(
            _("format is {found}, expected {wanted}").format(
                found=show(fmt), wanted=repr(f"hoyito_edu.{kind}")
            )
        )
    version = data.get("version")
    if not is_int(version) or version != SCHEMA_VERSION:
        raise FormatError(
            _("version {found} is not supported; this hoyito_edu reads version {wanted}").format(
                found=show(version), wanted=SCHEMA_VERSION
            )
        )
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise FormatError(
            _("variant {found} is unknown; known: {known}").format(
                found=show(variant), known=", ".join(VARIANTS)
            )
        )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise FormatError(
            _("options must be a JSON object, not {found}").format(found=show(options))
        )
    for key, value in options.items():
        if key not in OPTIONS:
            raise FormatError(
                _("options has unknown option {found}; options: {known}").format(
                    found=show(key), known=", ".join(OPTIONS)
                )
            )
        try:
            check_option(key, value)
        except ValueError:
            allowed = _("a whole number from 1, or null for no limit")
            if isinstance(OPTIONS[key], bool):
                allowed = _("true or false")
            raise FormatError(
                _("option {key} must be {allowed}, not {found}").format(
                    key=key, allowed=allowed, found=show(value)
                )
            ) from None
    return variant, options


def load_lap_cap(options: dict) -> dict | None:
    """The options to replay a file with first when its lap limit is above
    :data:`LOAD_MAX_LAPS` (or absent), else None: see :data:`LOAD_MAX_LAPS`."""
    max_laps = options.get("max_laps", OPTIONS["max_laps"])
    if max_laps is not None and max_laps <= LOAD_MAX_LAPS:
        return None
    return {**options, "max_laps": LOAD_MAX_LAPS}


_LEAVES = (str, int, float, type(None))  # bool is an int


def check_plain_json(data: object) -> None:
    """Check ``data`` is what :func:`json.loads` could give: objects with string keys, arrays
    (lists or tuples), strings, numbers of at most :data:`MAX_DIGITS` digits, true, false and
    null, nested at most :data:`MAX_DEPTH` deep. Walks without recursion."""
    stack: list[tuple[object, int, tuple]] = [(data, 0, ())]
    limit = 10**MAX_DIGITS
    budget = MAX_VALUES
    while stack:
        value, depth, where = stack.pop()
        budget -= 1
        if budget < 0:
            raise FormatError(
                _(
                    "the saved value holds more than {values} values, more than any "
                    "{size}-byte file can"
                ).format(values=f"{MAX_VALUES:,}", size=f"{MAX_FILE_BYTES:,}")
            )
        if isinstance(value, (dict, list, tuple)) and depth >= MAX_DEPTH:
            raise FormatError(_too_deep(_where(where)))
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise FormatError(
                        _("{where} has a key {key} that is not text").format(
                            where=_where(where), key=show(key)
                        )
                    )
                stack.append((item, depth + 1, (where, key)))
        elif isinstance(value, (list, tuple)):
            if value and set(map(type, value)) == {int}:
                # A list of whole numbers (a game's moves): checked in C, not value by value.
                if len(value) <= budget and -limit < min(value) <= max(value) < limit:
                    budget -= len(value)
                    continue
            stack.extend((item, depth + 1, (where, i)) for i, item in enumerate(value))
        elif not isinstance(value, _LEAVES):
            raise FormatError(
                _(
                    "{where} is a {kind}; a saved file holds only JSON "
                    "values (objects, arrays, text, numbers, true, false, null)"
                ).format(where=_where(where), kind=type(value).__name__)
            )
        elif isinstance(value, int) and not -limit < value < limit:
            raise FormatError(
                _("{where} has more than {digits} digits").format(
                    where=_where(where), digits=MAX_DIGITS
                )
            )


def _too_deep(where: str) -> str:
    return _("{where} is nested deeper than {depth} levels").format(where=where, depth=MAX_DEPTH)


def _where(path: tuple) -> str:
    """``(((), 'start'), 'board'), 3)`` as ``start.board[3]``."""
    parts = []
    while path:
        path, key = path
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    text = "".join(reversed(parts)).lstrip(".")
    return text if text and text[0] != "[" else _("the saved value") + text


def _parse_constant(name: str) -> object:
    raise FormatError(_("not valid JSON: {name} is not a number JSON allows").format(name=name))


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise FormatError(
            _(
                "not valid for hoyito_edu: a number with {digits} digits; "
                "saved numbers have at most {most}"
            ).format(digits=f"{len(text.lstrip('-')):,}", most=MAX_DIGITS)
        )
    return int(text)


_LONG_DIGITS = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        key = next(k for k, _value in pairs if k in seen or seen.add(k))
        raise FormatError(
            _("not valid JSON: the key {key} appears twice in one object").format(key=show(key))
        )
    return data


def _too_big(size: int, unit: str) -> FormatError:
    size_text = f"{size:,} " + (_("bytes") if unit == "bytes" else _("characters"))
    return FormatError(
        _("the saved data is {size}; a saved game or match is at most {most} bytes (4 MiB)").format(
            size=size_text, most=f"{MAX_FILE_BYTES:,}"
        )
    )


def read_json(source: str | bytes | Path) -> object:
    """Parse JSON text (a ``str`` or UTF-8 ``bytes``), or the JSON file at a ``Path``.

    Anything that is not a saved value within the limits above is a :class:`FormatError`.
    A UTF-8 byte order mark (as Windows Notepad writes) is allowed.
    """
    if isinstance(source, Path):
        source = _read_bytes(source)
    if isinstance(source, (bytes, bytearray)):
        if len(source) > MAX_FILE_BYTES:
            raise _too_big(len(source), "bytes")
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError as err:
            raise FormatError(
                _(
                    "not UTF-8 text: byte {byte} at position {position} "
                    "(hoyito_edu saves JSON as UTF-8)"
                ).format(byte=f"{err.object[err.start]:#04x}", position=err.start)
            ) from None
    if not isinstance(source, str):
        raise FormatError(
            _(
                "JSON text must be a str or bytes, not {kind} (to read a file, use load(path))"
            ).format(kind=type(source).__name__)
        )
    if len(source) > MAX_FILE_BYTES:
        raise _too_big(len(source), "characters")
    # Numbers are read by the parser's own fast path unless the text holds a run of more than
    # MAX_DIGITS digits: only then is each number checked as it is read (a Python call per
    # number, seconds for a file of millions of moves).
    long_number = _LONG_DIGITS.search(source) is not None
    try:
        data = json.loads(
            source.removeprefix("\ufeff"),
            parse_constant=_parse_constant,
            parse_int=_parse_int if long_number else None,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as err:
        raise FormatError(_("not valid JSON: {problem}").format(problem=err)) from None
    except RecursionError:  # nesting deeper than the parser goes
        raise FormatError(
            _("nested deeper than {depth} levels, more than a save has").format(depth=MAX_DEPTH)
        ) from None
    return data


_SPECIAL_KINDS = {
    "fifo": N_("a FIFO (named pipe)"),
    "device": N_("a device"),
    "socket": N_("a socket"),
    "other": N_("a special file"),
}


def special_kind(mode: int) -> str | None:
    """What a file of this ``st_mode`` is, in English, when it is neither a regular file nor a
    folder (``"a FIFO (named pipe)"`` ...), else None; ``_()`` translates it."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return _SPECIAL_KINDS["fifo"]
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _SPECIAL_KINDS["device"]
    if stat.S_ISSOCK(mode):
        return _SPECIAL_KINDS["socket"]
    return _SPECIAL_KINDS["other"]


def _not_regular(path: Path, kind: str) -> FormatError:
    return FormatError(
        _("cannot read {path}: it is {kind}, not a regular file").format(path=path, kind=_(kind))
    )


def _read_bytes(path: Path) -> bytes:
    """At most :data:`MAX_FILE_BYTES` + 1 bytes of ``path``; unreadable paths are FormatErrors.

    Only a regular file is opened: a FIFO, a device or a socket (or a symbolic link to one) is
    refused before opening it, so a load never waits on a pipe nor reads a device for ever.
    """
    try:
        kind = special_kind(os.stat(path).st_mode)
        if kind is not None:
            raise _not_regular(path, kind)
        # O_NONBLOCK: if the path became a FIFO since the check, opening it does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as file:
            kind = special_kind(os.fstat(fd).st_mode)
            if kind is not None:
                raise _not_regular(path, kind)
            data = file.read(MAX_FILE_BYTES + 1)
    except FormatError:
        raise
    except OSError as err:
        raise FormatError(
            _("cannot read {path}: {problem}").format(path=path, problem=err.strerror or err)
        ) from None
    except ValueError as err:  # a path holding a NUL character
        raise FormatError(
            _("cannot read {path}: {problem}").format(path=show(str(path)), problem=err)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(
            _(
                "{path} is larger than {most} bytes (4 MiB), the most a saved game or match may be"
            ).format(path=path, most=f"{MAX_FILE_BYTES:,}")
        )
    return data


def write_json(data: dict, path: str | Path) -> Path:
    """Write ``data`` to ``path`` atomically and return ``path``.

    The text goes to a new temporary file in the target's folder, is flushed to disk, then
    replaces the target in one step (:func:`os.replace`): a reader sees the old file or the new
    one, never half of one, and concurrent saves each write their own temporary file. A path
    that is a symbolic link is written through to the file it points to. A folder as target, a
    missing folder or one that cannot be written is an ``OSError`` saying which, and nothing is
    left behind.
    """
    path = Path(path)
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise IsADirectoryError(
            21, f"cannot save to {path}: it is a folder; give a file name such as {path / 'x.json'}"
        )
    refuse_special_target(target, path)
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(2, f"cannot save to {path}: the folder {folder} does not exist")
    text = json.dumps(data, indent=1) + "\n"
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except PermissionError as err:
        raise PermissionError(
            err.errno, f"cannot save to {path}: the folder {folder} is not writable"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(tmp, file_mode_for(target))
        refuse_special_target(target, path)  # again: the node may have changed meanwhile
        os.replace(tmp, target)
    except BaseException:
        _remove(tmp)
        raise
    sync_folder(folder)
    return path


def refuse_special_target(target: str | Path, shown: str | Path) -> None:
    """Refuse to replace ``target`` (a real path, links followed) unless it is a regular file
    or does not exist: renaming a file over a device, a FIFO or a socket would replace that
    node itself (as root, saving to ``/dev/null`` would replace the system's ``/dev/null``).
    ``shown`` is the path as the user gave it."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return  # a new file
    kind = special_kind(mode)
    if kind is not None:
        raise OSError(
            errno.EINVAL,
            f"cannot save to {shown}: it is {kind}, not a regular file; hoyito_edu saves only "
            "to ordinary files (a new file name, or an existing file it may replace)",
        )


def file_mode_for(target: str | Path) -> int:
    """The permissions a file written through a temporary file gets: the old file's, or the
    usual ones for a new file (``0o666`` less the umask)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        return 0o666 & ~_UMASK


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def check_holes_list(value: object, where: str) -> list[int]:
    if not is_list_of_ints(value):
        raise FormatError(
            _("{where} must be a list of hole numbers, not {value}").format(
                where=where, value=show(value)
            )
        )
    return list(value)


_Saved = TypeVar("_Saved", bound="JsonSaving")


class JsonSaving:
    """JSON text and files for a class with ``to_dict()`` and a ``from_dict()`` classmethod."""

    def to_dict(self) -> dict:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    @classmethod
    def from_dict(cls: type[_Saved], data: object) -> _Saved:  # pragma: no cover
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def save(self, path: str | Path) -> Path:
        """Write to a JSON file atomically (see :func:`write_json`); returns the path."""
        return write_json(self.to_dict(), path)

    @classmethod
    def _rebuild(
        cls: type[_Saved], variant: str, options: dict, data: dict, lap_cap: bool = False
    ) -> _Saved:  # pragma: no cover - every subclass has it
        raise NotImplementedError

    @classmethod
    def _rebuild_within_lap_cap(
        cls: type[_Saved], variant: str, options: dict, data: dict
    ) -> _Saved:
        """Rebuild from checked ``data``. When the saved lap limit is above
        :data:`LOAD_MAX_LAPS` (or absent), the moves are first replayed under that limit, so a
        move that would run for billions of laps is refused instead of hanging the load."""
        capped = load_lap_cap(options)
        if capped is not None:
            cls._rebuild(variant, capped, data, lap_cap=True)
        return cls._rebuild(variant, options, data)

    @classmethod
    def from_json(cls: type[_Saved], text: str | bytes) -> _Saved:
        """Rebuild from JSON text; any problem is a :class:`FormatError`."""
        return cls.from_dict(read_json(text))

    @classmethod
    def load(cls: type[_Saved], path: str | os.PathLike) -> _Saved:
        """Read a saved file; any problem, including an unreadable file, is a FormatError."""
        if not isinstance(path, (str, os.PathLike)):
            raise FormatError(
                _("path must be a str or pathlib.Path, not {value}").format(value=show(path))
            )
        try:
            path = Path(path)
        except TypeError as err:  # an os.PathLike giving bytes
            raise FormatError(
                _("path must be a str or pathlib.Path: {problem}").format(problem=err)
            ) from None
        return cls.from_dict(read_json(path))
