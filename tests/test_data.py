"""Tests for the research tables in data/ and their loaders in hoyito_edu.teaching.data."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from hoyito_edu import VARIANTS
from hoyito_edu.i18n import language
from hoyito_edu.sim.metrics import METRIC_COLUMNS
from hoyito_edu.teaching import data

# Every place the sources name (see docs/sources.md).
DIGEST_PLACES = {
    "Neiba",
    "Villa Jaragua",
    "Los Ríos",
    "Postrer Río",
    "La Descubierta",
    "Jimaní",
    "Barahona",
    "Batey",
    "Port-au-Prince",
    "Jacmel",
    "Catalonia",
}

# The rules that variants.csv must cover.
RULES = {
    "board sizes",
    "seeds per hole",
    "sowing direction",
    "relay",
    "origin hole on long laps",
    "mid-sow casa taker",
    "last-seed casa taker",
    "chain back",
    "capture gives another turn",
    "end of game",
    "who takes the last seeds",
    "passing",
    "repetition",
    "endless move",
    "lap limit",
    "ending by agreement",
    "match: closed holes / territory",
    "match starter",
    "match goal",
}

# Hispaniola bounding box, degrees.
LAT_RANGE = (17.5, 20.1)
LON_RANGE = (-74.6, -68.3)


@pytest.fixture(scope="module")
def sites() -> pd.DataFrame:
    return data.fieldwork_sites()


@pytest.fixture(scope="module")
def events() -> pd.DataFrame:
    return data.timeline()


@pytest.fixture(scope="module")
def variants() -> pd.DataFrame:
    return data.variants_table()


def test_data_dir_is_repo_top_level() -> None:
    folder = data.data_dir()
    assert folder == Path(data.__file__).resolve().parents[2] / "data"
    assert (folder / "fieldwork_sites.csv").is_file()


@pytest.mark.parametrize(
    ("loader", "columns"),
    [
        (data.fieldwork_sites, data.FIELDWORK_COLUMNS),
        (data.timeline, data.TIMELINE_COLUMNS),
        (data.variants_table, data.VARIANTS_COLUMNS),
    ],
)
def test_each_table_loads_with_documented_columns(loader, columns) -> None:
    frame = loader()
    assert len(frame) > 0
    assert list(frame.columns[: len(columns)]) == list(columns)


def test_sites_columns_exact(sites: pd.DataFrame) -> None:
    assert list(sites.columns) == list(data.FIELDWORK_COLUMNS)


def test_every_digest_place_present(sites: pd.DataFrame) -> None:
    assert DIGEST_PLACES <= set(sites["name"])
    assert sites["name"].is_unique


def test_coordinates_inside_hispaniola(sites: pd.DataFrame) -> None:
    located = sites.dropna(subset=["latitude", "longitude"])
    assert len(located) >= 9
    for row in located.itertuples():
        assert LAT_RANGE[0] <= row.latitude <= LAT_RANGE[1], row.name
        assert LON_RANGE[0] <= row.longitude <= LON_RANGE[1], row.name


def _inside(ring, x: float, y: float) -> bool:
    """Ray casting: is (x, y) inside the closed ring of (lon, lat) points?"""
    inside = False
    for (x1, y1), (x2, y2) in zip(ring[:-1], ring[1:], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_map_outline_puts_each_town_on_its_side_of_the_border(sites: pd.DataFrame) -> None:
    outline = data.hispaniola_outline()
    island = max(outline["coastline"], key=len)  # Hispaniola, not its small islands
    border = np.concatenate(outline["border"])
    located = sites.dropna(subset=["latitude", "longitude"])
    for row in located.itertuples():
        assert _inside(island, row.longitude, row.latitude), f"{row.name} is off the coast"
        assert not any(_inside(lake, row.longitude, row.latitude) for lake in outline["lakes"])
        near = border[np.abs(border[:, 1] - row.latitude) < 0.06, 0]
        assert len(near), row.name
        if row.country == "Haiti":
            assert row.longitude < near.min(), row.name
        else:
            assert row.longitude > near.max(), row.name


def test_map_outline_has_lago_enriquillo_between_the_towns(sites: pd.DataFrame) -> None:
    lakes = data.hispaniola_outline()["lakes"]
    towns = sites.set_index("name")
    neiba, jimani = towns.loc["Neiba"], towns.loc["Jimaní"]
    between = [lake for lake in lakes
               if jimani.longitude < lake[:, 0].mean() < neiba.longitude]
    assert len(between) == 1  # Lago Enriquillo; Etang Saumatre lies west of Jimaní


def test_map_outline_missing_file_is_a_clear_error(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(data, "data_dir", lambda: tmp_path)
    with pytest.raises(FileNotFoundError, match="map outline"):
        data.hispaniola_outline()


def test_latitude_and_longitude_missing_together(sites: pd.DataFrame) -> None:
    assert (sites["latitude"].isna() == sites["longitude"].isna()).all()


def test_places_without_coordinates_say_why(sites: pd.DataFrame) -> None:
    unlocated = sites[sites["latitude"].isna()]
    assert set(unlocated["name"]) == {"Batey", "Catalonia"}
    batey = sites.set_index("name").loc["Batey", "note"].lower()
    assert "unknown" in batey
    catalonia = sites.set_index("name").loc["Catalonia", "note"].lower()
    assert "coordinates" in catalonia and "interview" in catalonia


def test_located_rows_say_coordinates_are_approximate(sites: pd.DataFrame) -> None:
    located = sites.dropna(subset=["latitude"])
    assert located["note"].str.contains("approximate town centre").all()


def test_barahona_notes_ludii_disagreement(sites: pd.DataFrame) -> None:
    row = sites.set_index("name").loc["Barahona"]
    assert data.split_games(row["games_recorded"]) == ["Hoyito I", "Hoyito II", "Hoyito III"]
    assert "Ludii evidence record" in row["note"]
    assert "not observed" in row["note"]


def test_kind_values_known(sites: pd.DataFrame) -> None:
    assert set(sites["kind"]) <= set(data.FIELDWORK_KINDS)


def test_fieldwork_sites_are_in_the_dominican_republic(sites: pd.DataFrame) -> None:
    # The fieldwork the sources describe was in the Dominican Republic; the Haitian towns are
    # only named by the rule texts and the 2005 abstract.
    by_kind = sites.groupby("kind")["name"].apply(set)
    assert by_kind["place named in Haiti"] == {"Port-au-Prince", "Jacmel"}
    fieldwork = sites[sites["kind"] == "fieldwork site"]
    assert set(fieldwork["country"]) == {"Dominican Republic"}
    for note in sites.loc[sites["kind"] == "place named in Haiti", "note"]:
        assert note.startswith("Not a fieldwork site"), note


def test_notes_stay_within_the_sources(sites: pd.DataFrame) -> None:
    notes = " ".join(sites["note"]).lower()
    assert "border" not in notes  # no source says where Jimaní lies relative to the border
    assert "research digest" not in notes  # the repository does not ship the digest
    villa = sites.set_index("name").loc["Villa Jaragua", "note"]
    assert "Hoyito was played here in February 2005" in villa


@pytest.mark.parametrize("loader", [data.fieldwork_sites, data.timeline])
def test_sources_are_entries_of_the_bibliography(loader) -> None:
    headings = _bibliography_headings()
    for cell in loader()["source"]:
        for name in cell.split(";"):
            assert name.strip() in headings, name


def _bibliography_headings() -> set[str]:
    text = (Path(data.__file__).resolve().parents[2] / "docs" / "sources.md").read_text(
        encoding="utf-8"
    )
    return {line[4:].strip() for line in text.splitlines() if line.startswith("### ")}


def test_games_recorded_use_known_names(sites: pd.DataFrame) -> None:
    for cell in sites["games_recorded"]:
        games = data.split_games(cell)
        assert set(games) <= set(data.GAME_NAMES), cell
        assert len(games) == len(set(games)), cell
        assert cell == ";".join(games), "no spaces around ';' and no empty items"


@pytest.mark.parametrize("loader", [data.fieldwork_sites, data.timeline])
def test_every_source_cell_non_empty(loader) -> None:
    frame = loader()
    assert (frame["source"].str.strip() != "").all()


def test_timeline_sorted_and_parsed(events: pd.DataFrame) -> None:
    assert events["start"].is_monotonic_increasing
    assert list(events["date"]) == sorted(events["date"])
    assert events["year"].dtype.kind == "i"
    assert set(events["precision"]) <= {"year", "month"}
    assert (events["event"].str.strip() != "").all()


def test_timeline_key_dates(events: pd.DataFrame) -> None:
    dates = set(events["date"])
    assert {"1957", "1969", "2004-09", "2005-01", "2005-02", "2005-04"} <= dates


def test_variants_have_every_rule(variants: pd.DataFrame) -> None:
    assert set(variants["rule"]) == RULES
    assert variants["rule"].is_unique


def test_variants_basis_cites_src_or_dec(variants: pd.DataFrame) -> None:
    for rule, basis in zip(variants["rule"], variants["basis"], strict=True):
        assert "[src" in basis or "[dec" in basis, rule
        assert basis.startswith("R"), rule


def test_variants_cells_filled(variants: pd.DataFrame) -> None:
    for column in ("hoyito_i", "hoyito_ii", "hoyito_iii", "ba_awa"):
        assert (variants[column].str.strip() != "").all(), column


def test_missing_data_dir_raises_clear_error(monkeypatch, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "data"
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [missing])
    with pytest.raises(FileNotFoundError, match="nowhere"):
        data.fieldwork_sites()


def test_missing_columns_raise_value_error(monkeypatch, tmp_path: Path) -> None:
    (tmp_path / "variants.csv").write_text("rule,hoyito_i\nrelay,yes\n", encoding="utf-8")
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [tmp_path])
    with pytest.raises(ValueError, match="hoyito_ii.*basis"):
        data.variants_table()


def test_bad_timeline_date_raises(monkeypatch, tmp_path: Path) -> None:
    (tmp_path / "timeline.csv").write_text(
        "date,precision,event,place,source\n2005-02,year,x,,y\n", encoding="utf-8"
    )
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [tmp_path])
    with pytest.raises(ValueError, match="does not match precision"):
        data.timeline()


# --- simulation summaries made by scripts/make_data.py ------------------------------------
#: Columns of both summaries: the grouping and metrics of hoyito_edu.sim.metrics.game_metrics, so
#: notebook 04 can stack them under its own game_metrics rows, then the settings of the run.
SUMMARY_COLUMNS = ["variant", "holes_per_row", "pairing", *METRIC_COLUMNS, "seed", "max_plies"]


@pytest.mark.parametrize("name", ["sim_random_summary.csv", "sim_players_summary.csv"])
def test_simulation_summaries_have_the_columns_notebook_04_reads(name: str) -> None:
    table = pd.read_csv(data.data_dir() / name)
    assert list(table.columns) == SUMMARY_COLUMNS
    assert set(table["variant"]) == set(VARIANTS)
    assert (table["games"] > 0).all() and (table["seed"] == 2026).all()
    shares = ["balance", "completion", "drawishness", "unfinished", "first_wins", "second_wins",
              "starter_win_share", "starter_ci_low", "starter_ci_high", "endless_share",
              "repetition_share"]
    assert table[shares].notna().all().all()
    assert ((table[shares] >= 0) & (table[shares] <= 1)).all().all()
    assert (table["starter_ci_low"] <= table["starter_win_share"]).all()
    assert (table["starter_win_share"] <= table["starter_ci_high"]).all()
    # notebook 04 counts decided games as games x completion: a whole number of games
    decided = table["games"] * table["completion"]
    assert (decided - decided.round()).abs().max() < 1e-4


def test_players_summary_has_both_seat_orders_of_each_stronger_player() -> None:
    """Notebook 04 tells the stronger player's starts ('greedy vs random', 'expert vs
    random') from random's starts ('random vs greedy', 'random vs expert')."""
    table = pd.read_csv(data.data_dir() / "sim_players_summary.csv")
    pairings = {"greedy vs random", "random vs greedy", "expert vs random", "random vs expert"}
    for variant in VARIANTS:
        mine = table[table["variant"] == variant]
        assert set(mine["pairing"]) == pairings, variant
        assert (mine["holes_per_row"] == 6).all()


# --- the tables in Spanish (issue 15) ------------------------------------------------------
CLAUSE = re.compile(r"R\d+\.\d+")
OPTION = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # option names of the code: skip_origin ...


@pytest.fixture(scope="module")
def spanish() -> dict[str, pd.DataFrame]:
    return {
        "sites": data.fieldwork_sites(lang="es"),
        "events": data.timeline(lang="es"),
        "variants": data.variants_table(lang="es"),
    }


@pytest.mark.parametrize(
    ("loader", "key"),
    [(data.fieldwork_sites, "sites"), (data.timeline, "events"), (data.variants_table, "variants")],
)
def test_spanish_tables_have_the_english_columns_and_rows(loader, key, spanish) -> None:
    english, es = loader(lang="en"), spanish[key]
    assert list(es.columns) == list(english.columns)
    assert list(es.index) == list(english.index)
    # every cell the English fills, the Spanish fills too
    filled = english.astype(str).apply(lambda column: column.str.strip() != "")
    empty_es = es.astype(str).apply(lambda column: column.str.strip() == "")
    assert not (filled & empty_es).any().any(), es[(filled & empty_es).any(axis=1)]


def test_spanish_sites_keep_the_facts(sites: pd.DataFrame, spanish) -> None:
    es = spanish["sites"]
    for column in ("latitude", "longitude"):
        pd.testing.assert_series_equal(es[column], sites[column])
    for column in ("games_recorded", "source"):
        assert list(es[column]) == list(sites[column]), column


def test_spanish_sites_speak_spanish(sites: pd.DataFrame, spanish) -> None:
    es = spanish["sites"]
    kinds = dict(zip(sites["kind"], es["kind"], strict=True))
    assert kinds == {
        "fieldwork site": "lugar de trabajo de campo",
        "place named in Haiti": "lugar nombrado en Haití",
        "home of a player": "lugar de origen de un jugador",
        "interview site": "lugar de entrevistas",
    }
    assert set(es["country"]) == {"República Dominicana", "Haití", "España"}
    names = dict(zip(sites["name"], es["name"], strict=True))
    assert names["Port-au-Prince"] == "Puerto Príncipe" and names["Catalonia"] == "Cataluña"
    assert names["Villa Jaragua"] == "Villa Jaragua"  # Dominican place names stay as they are
    notes = es.set_index(sites["name"])["note"]
    assert (notes != sites.set_index("name")["note"]).all()  # no note left in English
    located = es.dropna(subset=["latitude"])
    assert located["note"].str.contains("centro aproximado").all()
    assert "desconocida" in notes["Batey"]
    assert "no se observaron" in notes["Barahona"]
    for note in es.loc[sites["kind"] == "place named in Haiti", "note"]:
        assert note.startswith("No es un lugar de trabajo de campo"), note


def test_spanish_timeline_keeps_dates_and_sources(events: pd.DataFrame, spanish) -> None:
    es = spanish["events"]
    for column in ("date", "source", "start", "year"):
        assert list(es[column]) == list(events[column]), column
    assert dict(zip(events["precision"], es["precision"], strict=True)) == {
        "year": "año",
        "month": "mes",
    }
    assert (es["event"] != events["event"]).all()
    assert es.loc[events["date"] == "2004-09", "place"].item() == "Cataluña, España"
    assert "febrero de 2005" in es.loc[events["date"] == "2005-01", "event"].item()


def _basis_facts(basis: str) -> tuple:
    """What a basis cell says apart from its words: clauses, tags, sources and options."""
    sources = [
        name.strip()
        for tag in re.findall(r"\[src: ([^\]]*)\]", basis)
        for name in tag.split(";")
        if not name.strip().startswith(("option", "opción"))
    ]
    tags = re.findall(r"\[(src|dec)", basis)
    return CLAUSE.findall(basis), tags, sources, OPTION.findall(basis)


def test_spanish_variants_keep_clauses_and_sources(variants: pd.DataFrame, spanish) -> None:
    es = spanish["variants"]
    for rule, english, spanish_basis in zip(variants["rule"], variants["basis"], es["basis"],
                                            strict=True):
        assert _basis_facts(spanish_basis) == _basis_facts(english), rule
    words = {"board sizes": "tamaños del tablero", "relay": "relevo",
             "lap limit": "límite de tandas", "endless move": "jugada sin fin",
             "repetition": "repetición"}
    names = dict(zip(variants["rule"], es["rule"], strict=True))
    assert {rule: names[rule] for rule in words} == words  # the glossary's terms
    row = es.set_index(variants["rule"]).loc["mid-sow casa taker"]
    assert row["ba_awa"] == "el dueño del hoyo" and row["hoyito_i"] == "el jugador de turno"


def test_session_language_chooses_the_tables_language(sites: pd.DataFrame) -> None:
    with language("es"):
        assert "Puerto Príncipe" in set(data.fieldwork_sites()["name"])
        assert data.timeline()["precision"].iloc[0] == "año"
        assert data.variants_table()["rule"].iloc[0] == "tamaños del tablero"
    assert list(data.fieldwork_sites()["name"]) == list(sites["name"])  # English again


@pytest.mark.parametrize("loader", [data.fieldwork_sites, data.timeline, data.variants_table])
@pytest.mark.parametrize("lang", ["fr", "ES", ""])
def test_unknown_language_refused(loader, lang: str) -> None:
    with pytest.raises(ValueError, match="'en' \\(English\\) or 'es' \\(Spanish\\)"):
        loader(lang=lang)


def test_missing_spanish_note_names_the_place(monkeypatch, tmp_path: Path) -> None:
    table = pd.read_csv(data.data_dir() / "fieldwork_sites.csv", dtype=str, keep_default_na=False)
    table.loc[table["name"] == "Neiba", "note_es"] = " "
    table.to_csv(tmp_path / "fieldwork_sites.csv", index=False)
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [tmp_path])
    assert list(data.fieldwork_sites(lang="en")["name"])[0] == "Neiba"  # English still loads
    with pytest.raises(ValueError, match="no Spanish in note_es for 'Neiba'"):
        data.fieldwork_sites(lang="es")


def test_spanish_columns_required_only_in_spanish(monkeypatch, tmp_path: Path) -> None:
    (tmp_path / "timeline.csv").write_text(
        "date,precision,event,place,source\n2005,year,x,,y\n", encoding="utf-8"
    )
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [tmp_path])
    assert data.timeline(lang="en")["event"].item() == "x"
    with pytest.raises(ValueError, match="event_es, place_es"):
        data.timeline(lang="es")


def test_unknown_country_has_no_spanish(monkeypatch, tmp_path: Path) -> None:
    text = (data.data_dir() / "fieldwork_sites.csv").read_text(encoding="utf-8")
    (tmp_path / "fieldwork_sites.csv").write_text(
        text.replace(",Spain,", ",Andorra,"), encoding="utf-8"
    )
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [tmp_path])
    with pytest.raises(ValueError, match="country value.*'Andorra'"):
        data.fieldwork_sites(lang="es")


def test_spanish_rule_table_must_match_the_english_rows(monkeypatch, tmp_path: Path) -> None:
    folder = data.data_dir()
    (tmp_path / "variants.csv").write_text(
        (folder / "variants.csv").read_text(encoding="utf-8"), encoding="utf-8"
    )
    lines = (folder / "variants_es.csv").read_text(encoding="utf-8").splitlines()
    lines[1], lines[2] = lines[2], lines[1]  # two rows swapped
    (tmp_path / "variants_es.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(data, "_candidate_dirs", lambda: [tmp_path])
    with pytest.raises(ValueError, match="same order"):
        data.variants_table(lang="es")
    lines[1], lines[2] = lines[2], lines[1]
    lines[3] = lines[3].replace("contrario a las manecillas del reloj", "", 1)
    (tmp_path / "variants_es.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no Spanish in hoyito_i for 'sowing direction'"):
        data.variants_table(lang="es")
