"""Small loaders for the research tables shipped in the repository's ``data/`` folder.

The tables are plain CSV files kept at the top of the repository (next to the
``hoyito_edu`` package), so teachers can open and read them without Python:

* ``fieldwork_sites.csv``: the places the sources name for Hoyito (fieldwork sites in the
  Dominican Republic, places named in Haiti, the interview region), with approximate
  town-centre coordinates.
* ``glossary.csv``: the game's words in English and Spanish, with the Dominican word where a
  source records one.
* ``timeline.csv``: dated events in the research history of Hoyito and Ba-awa.
* ``variants.csv``: the rules of Hoyito I, II, III and Ba-awa side by side, with the
  basis of every rule: its clause in ``docs/rules.md``, a named source or a decision of ours.

Example:

    >>> from hoyito_edu import data
    >>> sites = data.fieldwork_sites()
    >>> "Villa Jaragua" in set(sites["name"])
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

__all__ = [
    "FIELDWORK_COLUMNS",
    "FIELDWORK_KINDS",
    "GAME_NAMES",
    "GLOSSARY_COLUMNS",
    "TIMELINE_COLUMNS",
    "VARIANTS_COLUMNS",
    "data_dir",
    "fieldwork_sites",
    "glossary",
    "split_games",
    "timeline",
    "variants_table",
]

FIELDWORK_COLUMNS: tuple[str, ...] = (
    "name",
    "province_or_department",
    "country",
    "latitude",
    "longitude",
    "kind",
    "games_recorded",
    "source",
    "note",
)
#: The values of ``kind`` in ``fieldwork_sites.csv``: what the sources say about each place.
FIELDWORK_KINDS: tuple[str, ...] = (
    "fieldwork site",  # in the Dominican Republic, where the games were documented in 2005
    "place named in Haiti",  # listed by the rule texts or the 2005 abstract; no fieldwork described
    "home of a player",  # where a player came from; location unknown
    "interview site",  # where Dominican expatriates were interviewed
)
GLOSSARY_COLUMNS: tuple[str, ...] = (
    "english",
    "spanish",
    "dominican",
    "dominican_source",
    "definition",
)
TIMELINE_COLUMNS: tuple[str, ...] = ("date", "precision", "event", "place", "source")
VARIANTS_COLUMNS: tuple[str, ...] = (
    "rule",
    "hoyito_i",
    "hoyito_ii",
    "hoyito_iii",
    "ba_awa",
    "basis",
)
#: The only game names allowed in ``games_recorded``.
GAME_NAMES: tuple[str, ...] = ("Hoyito I", "Hoyito II", "Hoyito III", "Ba-awa")


def _candidate_dirs() -> list[Path]:
    """Folders that may hold the data, best first."""
    package_dir = Path(__file__).resolve().parent
    return [package_dir.parent / "data"]


def data_dir() -> Path:
    """Return the repository's ``data/`` folder.

    The folder sits next to the ``hoyito_edu`` package (a source checkout or an
    editable install). If it is missing, a :class:`FileNotFoundError` says where
    it looked.

    >>> data_dir().name
    'data'
    """
    candidates = _candidate_dirs()
    for folder in candidates:
        if folder.is_dir():
            return folder
    looked = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(
        "hoyito_edu could not find its data folder. It looked for: "
        f"{looked}. The CSV tables live in the repository's top-level 'data/' folder, so use a "
        "source checkout or an editable install (pip install -e .)."
    )


def _read_csv(filename: str, required: Sequence[str], **kwargs) -> pd.DataFrame:
    """Read ``filename`` from :func:`data_dir` and check that ``required`` columns exist."""
    path = data_dir() / filename
    if not path.is_file():
        raise FileNotFoundError(f"hoyito_edu data file not found: {path}")
    frame = pd.read_csv(path, encoding="utf-8", keep_default_na=False, dtype=str, **kwargs)
    missing = [c for c in required if c not in frame.columns]
    if missing:
        raise ValueError(
            f"{path.name} is missing required column(s): {', '.join(missing)} "
            f"(found: {', '.join(map(str, frame.columns))})"
        )
    return frame


def split_games(cell: str) -> list[str]:
    """Split a ``games_recorded`` cell like ``"Hoyito I;Hoyito II"`` into a list.

    >>> split_games("Hoyito I;Hoyito II")
    ['Hoyito I', 'Hoyito II']
    >>> split_games("")
    []
    """
    return [part.strip() for part in str(cell).split(";") if part.strip()]


def fieldwork_sites() -> pd.DataFrame:
    """Load ``data/fieldwork_sites.csv``: one row per place the sources name for Hoyito.

    ``kind`` (one of :data:`FIELDWORK_KINDS`) separates the fieldwork sites in the
    Dominican Republic from the places in Haiti that the sources only name.

    ``latitude`` and ``longitude`` are floats in degrees (approximate town centres);
    they are ``NaN`` where a place has no known location (the "Batey", Catalonia).
    All other columns are strings; ``games_recorded`` is semicolon-separated, see
    :func:`split_games`.

    >>> sites = fieldwork_sites()
    >>> sites.loc[sites["name"] == "Jacmel", "country"].item()
    'Haiti'
    >>> sites["latitude"].dtype
    dtype('float64')
    """
    frame = _read_csv("fieldwork_sites.csv", FIELDWORK_COLUMNS)
    for column in ("latitude", "longitude"):
        text = frame[column].str.strip()
        frame[column] = pd.to_numeric(text.where(text != ""), errors="raise").astype(float)
    return frame


def timeline() -> pd.DataFrame:
    """Load ``data/timeline.csv`` with two parsed columns added.

    ``date`` is ``YYYY`` (``precision == "year"``) or ``YYYY-MM`` (``"month"``).
    The loader adds ``start`` (a :class:`pandas.Timestamp`, the first day of that
    year or month) and ``year`` (an int). A date that does not match its precision
    raises :class:`ValueError`.

    >>> events = timeline()
    >>> int(events["year"].min())
    1957
    >>> events["start"].is_monotonic_increasing
    True
    """
    frame = _read_csv("timeline.csv", TIMELINE_COLUMNS)
    formats = {"year": "%Y", "month": "%Y-%m"}
    starts = []
    for date, precision in zip(frame["date"], frame["precision"], strict=True):
        if precision not in formats:
            raise ValueError(
                f"timeline.csv: precision must be 'year' or 'month', got {precision!r} "
                f"for date {date!r}"
            )
        try:
            starts.append(pd.to_datetime(date, format=formats[precision]))
        except ValueError as exc:
            raise ValueError(
                f"timeline.csv: date {date!r} does not match precision {precision!r}"
            ) from exc
    frame["start"] = pd.to_datetime(pd.Series(starts, index=frame.index))
    frame["year"] = frame["start"].dt.year.astype(int)
    return frame


def variants_table() -> pd.DataFrame:
    """Load ``data/variants.csv``: the four rule sets side by side.

    One row per rule; the columns ``hoyito_i``, ``hoyito_ii``, ``hoyito_iii`` and
    ``ba_awa`` hold short descriptions, and ``basis`` gives the clause of the package's rules
    (``docs/rules.md``: R2.5 ...) with ``[src: ...]`` (a named source, see
    ``docs/sources.md``) or ``[dec]`` (a decision of this project).

    >>> table = variants_table()
    >>> table.set_index("rule").loc["mid-sow casa taker", "ba_awa"]
    "the hole's owner"
    """
    return _read_csv("variants.csv", VARIANTS_COLUMNS)


def glossary() -> pd.DataFrame:
    """Load ``data/glossary.csv``: one row per term, in English and Spanish.

    ``dominican`` holds the Dominican word only where a source records it (several
    words are separated by ``;``), and ``dominican_source`` names that source as in
    ``docs/sources.md``; both are empty where the sources are silent. ``definition``
    says what the term means in this package, and marks rules that are the project's
    own decisions.

    >>> terms = glossary().set_index("english")
    >>> terms.loc["casa", "dominican"]
    'casa'
    >>> terms.loc["sow", "dominican"]
    ''
    """
    return _read_csv("glossary.csv", GLOSSARY_COLUMNS)
