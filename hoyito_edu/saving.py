"""Plain-JSON forms of positions, with validation that says exactly what is wrong.

No pickle, no eval: a saved game is a JSON object with a ``format`` name and a ``version``, the
rules and options by name, the starting position, and the holes played. Loading rebuilds the
starting position through :func:`hoyito_edu.new_game` (which checks every field) and replays every
move through the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from .position import Position, new_game
from .rules import OPTIONS, VARIANTS, check_option

SCHEMA_VERSION = 1


class FormatError(ValueError):
    """A saved file that cannot be loaded; the message names the field and the problem."""


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


def position_from_dict(variant: str, options: dict, data: object, where: str) -> Position:
    """Rebuild a position saved by :func:`position_to_dict`; errors name ``where`` it failed."""
    expect_keys(data, where, required=("board", "player"), optional=tuple(_POSITION_OPTIONAL))
    assert isinstance(data, dict)
    try:
        return new_game(variant, **options, **data)
    except ValueError as err:
        raise FormatError(f"{where}: {err}") from None


_POSITION_OPTIONAL = (
    "captures",
    "closed",
    "owners",
    "surplus",
    "starter",
    "round",
    "previous_winner",
)


def expect_keys(
    data: object, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    """Check that ``data`` is an object with the required keys and nothing unknown."""
    if not isinstance(data, dict):
        raise FormatError(f"{where} must be a JSON object, not {type(data).__name__}")
    missing = [k for k in required if k not in data]
    if missing:
        raise FormatError(f"{where} is missing {', '.join(missing)}")
    unknown = sorted(set(data) - set(required) - set(optional))
    if unknown:
        raise FormatError(f"{where} has unknown field(s) {', '.join(unknown)}")


def check_header(data: object, kind: str) -> tuple[str, dict[str, object]]:
    """Check format name, version, variant and options; return (variant, options)."""
    if not isinstance(data, dict):
        raise FormatError(f"a saved {kind} must be a JSON object, not {type(data).__name__}")
    fmt = data.get("format")
    if fmt != f"hoyito_edu.{kind}":
        raise FormatError(f"format is {fmt!r}, expected 'hoyito_edu.{kind}'")
    version = data.get("version")
    if version != SCHEMA_VERSION:
        raise FormatError(
            f"version {version!r} is not supported; this hoyito_edu reads version {SCHEMA_VERSION}"
        )
    variant = data.get("variant")
    if variant not in VARIANTS:
        raise FormatError(f"variant {variant!r} is unknown; known: {', '.join(VARIANTS)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise FormatError("options must be a JSON object")
    for key, value in options.items():
        if key not in OPTIONS:
            raise FormatError(f"options has unknown option {key!r}; options: {', '.join(OPTIONS)}")
        try:
            check_option(key, value)
        except ValueError as err:
            raise FormatError(str(err).replace("True or False", "true or false")) from None
    return variant, options


def read_json(source: str | Path) -> object:
    """Parse JSON text (a ``str``), or the JSON file at a ``Path``, with a clear error."""
    text = source
    if isinstance(source, Path):
        path = source
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise FormatError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"not valid JSON: {err}") from None


def write_json(data: dict, path: str | Path) -> Path:
    """Write ``data`` to ``path`` atomically (a temporary file, then a rename)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def check_holes_list(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(h, int) and not isinstance(h, bool) for h in value
    ):
        raise FormatError(f"{where} must be a list of hole numbers")
    return value


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
        """Write to a JSON file (written whole, then renamed into place)."""
        return write_json(self.to_dict(), path)

    @classmethod
    def from_json(cls: type[_Saved], text: str) -> _Saved:
        return cls.from_dict(read_json(text))

    @classmethod
    def load(cls: type[_Saved], path: str | Path) -> _Saved:
        return cls.from_dict(read_json(Path(path)))
