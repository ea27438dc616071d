"""Small loaders for the research tables shipped in the repository's ``data/`` folder.

The tables are plain CSV files kept at the top of the repository (next to the
``hoyito_edu`` package), so teachers can open and read them without Python:

* ``fieldwork_sites.csv``: the places the sources name for Hoyito (fieldwork sites in the
  Dominican Republic, places named in Haiti, the interview region), with approximate
  town-centre coordinates.
* ``glossary.csv``: the game's words in English and Spanish, with the Dominican word where a
  source records one, and a definition in each language.
* ``hispaniola_outline.json``: the island's coast, the Dominican-Haitian border and the lakes,
  from Natural Earth (public domain), drawn under the fieldwork map.
* ``timeline.csv``: dated events in the research history of Hoyito and Ba-awa.
* ``variants.csv``: the rules of Hoyito I, II, III and Ba-awa side by side, with the
  basis of every rule: its clause in ``docs/rules.md``, a named source or a decision of ours.
* ``variants_es.csv``: the same rule table in Spanish.

Every loader but :func:`glossary` and :func:`hispaniola_outline` takes ``lang``: ``"en"``,
``"es"``, or None for the session's language (:func:`hoyito_edu.set_language`). In Spanish the
text columns hold the Spanish, under the same column names, and the rows come in the same order
with the same index: code that uses the columns runs in either language, and
``fieldwork_sites(lang="en").loc[i]`` is the English of row ``i`` (useful to compare a value
such as ``kind``, which is translated too, with the English constants below). What is not text
stays as it is: dates, coordinates, game names, the ``source`` names (the headings of
``docs/sources.md``) and the rule clauses of ``basis``.

Where the Spanish lives, so that each fact is written once:

* free text of ``fieldwork_sites.csv`` and ``timeline.csv`` (notes, events, places): in a column
  next to the English, ``note_es`` beside ``note``, so whoever corrects one sees the other;
* short category values (a place's ``kind``, a ``country``, a date's ``precision``): in the
  package's Spanish catalogue (``pgettext``), like every other word the package shows;
* the rule table: in its own file, ``variants_es.csv``, because every cell of it is text: Spanish
  columns beside the English would double a table meant to be read across. Its first column,
  ``rule_en``, names the English row, and the loader refuses a Spanish file whose rows do not
  match ``variants.csv`` one for one.

Example:

    >>> from hoyito_edu.teaching import data
    >>> sites = data.fieldwork_sites()
    >>> "Villa Jaragua" in set(sites["name"])
    True
    >>> data.fieldwork_sites(lang="es").loc[sites["name"] == "Port-au-Prince", "name"].item()
    'Puerto Príncipe'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from ..content import CANDIDATES
from ..i18n import check_language, language, pgettext

__all__ = [
    "FIELDWORK_COLUMNS",
    "FIELDWORK_KINDS",
    "FIELDWORK_SPANISH",
    "GAME_NAMES",
    "GLOSSARY_COLUMNS",
    "TIMELINE_COLUMNS",
    "TIMELINE_SPANISH",
    "VARIANTS_COLUMNS",
    "data_dir",
    "fieldwork_sites",
    "glossary",
    "hispaniola_outline",
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
    "definition_es",
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
#: The Spanish of each translated text column: the column of the CSV file that holds it.
FIELDWORK_SPANISH: dict[str, str] = {
    "name": "name_es",
    "province_or_department": "province_or_department_es",
    "note": "note_es",
}
TIMELINE_SPANISH: dict[str, str] = {"event": "event_es", "place": "place_es"}
#: The only game names allowed in ``games_recorded``.
GAME_NAMES: tuple[str, ...] = ("Hoyito I", "Hoyito II", "Hoyito III", "Ba-awa")


def _candidate_dirs() -> list[Path]:
    """Folders that may hold the data, best first: the checkout's, then the wheel's copy."""
    return [folder / "data" for folder in CANDIDATES]


def data_dir() -> Path:
    """Return the repository's ``data/`` folder.

    The folder sits next to the ``hoyito_edu`` package (a source checkout or an
    editable install), or inside it as ``content/data`` (a wheel). If it is missing, a
    :class:`FileNotFoundError` says where it looked.

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
        f"{looked}. The CSV tables live in the repository's top-level 'data/' folder and inside "
        "the wheel: install hoyito_edu from a wheel, or use a source checkout."
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


def fieldwork_sites(lang: str | None = None) -> pd.DataFrame:
    """Load ``data/fieldwork_sites.csv``: one row per place the sources name for Hoyito.

    ``kind`` (one of :data:`FIELDWORK_KINDS`) separates the fieldwork sites in the
    Dominican Republic from the places in Haiti that the sources only name.

    ``latitude`` and ``longitude`` are floats in degrees (approximate town centres);
    they are ``NaN`` where a place has no known location (the "Batey", Catalonia).
    All other columns are strings; ``games_recorded`` is semicolon-separated, see
    :func:`split_games`.

    ``lang`` ("en", "es"; None: the session's language) chooses the language of ``name``,
    ``province_or_department``, ``country``, ``kind`` and ``note`` (see the module's notes).

    >>> sites = fieldwork_sites()
    >>> sites.loc[sites["name"] == "Jacmel", "country"].item()
    'Haiti'
    >>> sites["latitude"].dtype
    dtype('float64')
    >>> sitios = fieldwork_sites(lang="es")
    >>> sitios.loc[sitios["name"] == "Jacmel", ["country", "kind"]].values.tolist()
    [['Haití', 'lugar nombrado en Haití']]
    """
    lang = check_language(lang)
    frame = _read_csv("fieldwork_sites.csv", FIELDWORK_COLUMNS)
    for column in ("latitude", "longitude"):
        text = frame[column].str.strip()
        frame[column] = pd.to_numeric(text.where(text != ""), errors="raise").astype(float)
    if lang == "es":
        frame = _spanish_columns(frame, "fieldwork_sites.csv", FIELDWORK_SPANISH, "name")
        frame["country"] = _translate(frame["country"], _country_names(), "country")
        frame["kind"] = _translate(frame["kind"], _kind_names(), "kind")
    return frame[list(FIELDWORK_COLUMNS)]


def _spanish_columns(
    frame: pd.DataFrame, filename: str, spanish: dict[str, str], key: str
) -> pd.DataFrame:
    """``frame`` with each English column replaced by its Spanish column (``note_es`` ...).

    A missing Spanish column, or an empty Spanish cell beside an English text, is an error
    that names the file, the row and the column.
    """
    missing = [c for c in spanish.values() if c not in frame.columns]
    if missing:
        raise ValueError(
            f"{filename} has no Spanish column(s) {', '.join(missing)}: add them beside the "
            "English to load the table in Spanish"
        )
    frame = frame.copy()
    for english, column in spanish.items():
        empty = (frame[english].str.strip() != "") & (frame[column].str.strip() == "")
        if empty.any():
            rows = ", ".join(repr(k) for k in frame.loc[empty, key])
            raise ValueError(f"{filename}: no Spanish in {column} for {rows}")
        frame[english] = frame[column]
    return frame


def _translate(values: pd.Series, names: dict[str, str], column: str) -> pd.Series:
    """Each value's Spanish from ``names``; a value with no Spanish name is an error."""
    unknown = sorted(set(values) - set(names))
    if unknown:
        raise ValueError(
            f"no Spanish for the {column} value(s) {', '.join(map(repr, unknown))}; "
            f"the known values are {', '.join(map(repr, names))} (hoyito_edu/teaching/data.py)"
        )
    return values.map(names)


def _kind_names() -> dict[str, str]:
    """The values of ``kind`` (:data:`FIELDWORK_KINDS`) in Spanish."""
    with language("es"):
        return {
            "fieldwork site": pgettext("place kind", "fieldwork site"),
            "place named in Haiti": pgettext("place kind", "place named in Haiti"),
            "home of a player": pgettext("place kind", "home of a player"),
            "interview site": pgettext("place kind", "interview site"),
        }


def _country_names() -> dict[str, str]:
    """The countries of ``fieldwork_sites.csv`` in Spanish (no country: an empty cell)."""
    with language("es"):
        return {
            "Dominican Republic": pgettext("country", "Dominican Republic"),
            "Haiti": pgettext("country", "Haiti"),
            "Spain": pgettext("country", "Spain"),
            "": "",
        }


def _precision_names() -> dict[str, str]:
    """The values of ``precision`` in ``timeline.csv``, in Spanish."""
    with language("es"):
        return {
            "year": pgettext("date precision", "year"),
            "month": pgettext("date precision", "month"),
        }


def timeline(lang: str | None = None) -> pd.DataFrame:
    """Load ``data/timeline.csv`` with two parsed columns added.

    ``date`` is ``YYYY`` (``precision == "year"``) or ``YYYY-MM`` (``"month"``).
    The loader adds ``start`` (a :class:`pandas.Timestamp`, the first day of that
    year or month) and ``year`` (an int). A date that does not match its precision
    raises :class:`ValueError`.

    ``lang`` ("en", "es"; None: the session's language) chooses the language of ``event``,
    ``place`` and ``precision`` (in Spanish ``"año"`` or ``"mes"``).

    >>> events = timeline()
    >>> int(events["year"].min())
    1957
    >>> events["start"].is_monotonic_increasing
    True
    >>> timeline(lang="es").loc[0, ["date", "precision", "event"]].tolist()
    ['1957', 'año', 'S. Afoakwa le enseña el Ba-awa a R. C. Bell']
    """
    lang = check_language(lang)
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
    if lang == "es":
        frame = _spanish_columns(frame, "timeline.csv", TIMELINE_SPANISH, "date")
        frame["precision"] = _translate(frame["precision"], _precision_names(), "precision")
    return frame[[*TIMELINE_COLUMNS, "start", "year"]]


def variants_table(lang: str | None = None) -> pd.DataFrame:
    """Load ``data/variants.csv``: the four rule sets side by side.

    One row per rule; the columns ``hoyito_i``, ``hoyito_ii``, ``hoyito_iii`` and
    ``ba_awa`` hold short descriptions, and ``basis`` gives the clause of the package's rules
    (``docs/rules.md``: R2.5 ...) with ``[src: ...]`` (a named source, see
    ``docs/sources.md``) or ``[dec]`` (a decision of this project).

    ``lang`` ("en", "es"; None: the session's language) chooses the language. The Spanish
    table comes from ``variants_es.csv``: the same rows in the same order, with the same clauses
    and sources in ``basis``.

    >>> table = variants_table()
    >>> table.set_index("rule").loc["mid-sow casa taker", "ba_awa"]
    "the hole's owner"
    >>> tabla = variants_table(lang="es")
    >>> tabla.set_index("rule").loc["quién come una casa formada durante la siembra", "ba_awa"]
    'el dueño del hoyo'
    """
    lang = check_language(lang)
    english = _read_csv("variants.csv", VARIANTS_COLUMNS)
    if lang == "en":
        return english[list(VARIANTS_COLUMNS)]
    spanish = _read_csv("variants_es.csv", ("rule_en", *VARIANTS_COLUMNS))
    if list(spanish["rule_en"]) != list(english["rule"]):
        raise ValueError(
            "variants_es.csv must have the rows of variants.csv in the same order: its rule_en "
            f"column reads {list(spanish['rule_en'])}, variants.csv has {list(english['rule'])}"
        )
    for column in VARIANTS_COLUMNS:
        empty = spanish[column].str.strip() == ""
        if empty.any():
            rows = ", ".join(repr(r) for r in spanish.loc[empty, "rule_en"])
            raise ValueError(f"variants_es.csv: no Spanish in {column} for {rows}")
    return spanish[list(VARIANTS_COLUMNS)]


def glossary() -> pd.DataFrame:
    """Load ``data/glossary.csv``: one row per term, in English and Spanish.

    ``dominican`` holds the Dominican word only where a source records it (several
    words are separated by ``;``), and ``dominican_source`` names that source as in
    ``docs/sources.md``; both are empty where the sources are silent. ``definition``
    says what the term means in this package, and marks rules that are the project's
    own decisions; ``definition_es`` says the same in Spanish.

    >>> terms = glossary().set_index("english")
    >>> terms.loc["casa", "dominican"]
    'casa'
    >>> terms.loc["sow", "dominican"]
    ''
    """
    return _read_csv("glossary.csv", GLOSSARY_COLUMNS)


def hispaniola_outline() -> dict[str, list[np.ndarray]]:
    """Load ``data/hispaniola_outline.json``: Hispaniola's coast, border and lakes.

    The lines come from Natural Earth's 1:10m layers (public domain; see
    ``docs/sources.md#natural-earth`` and ``scripts/hispaniola_outline.py``, which cut
    them). Each key (``coastline``, ``border``, ``lakes``) holds a list of arrays of
    shape ``(n, 2)``: longitude and latitude in degrees, ready for ``ax.plot(*line.T)``.

    >>> outline = hispaniola_outline()
    >>> sorted(outline)
    ['border', 'coastline', 'lakes']
    >>> outline["lakes"][0].shape[1]
    2
    """
    path = data_dir() / "hispaniola_outline.json"
    if not path.is_file():
        raise FileNotFoundError(f"hoyito_edu could not find {path}: the map outline is missing.")
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {
        key: [np.asarray(line, dtype=float) for line in raw[key]]
        for key in ("coastline", "border", "lakes")
    }
