"""The Spanish catalogue: every marked sentence is translated, checked and compiled.

A sentence marked in the code (gettext, ngettext, pgettext, N_) but missing from
``hoyito_edu/i18n/locale/es/LC_MESSAGES/hoyito_edu.po``, left empty there, or marked fuzzy would
reach a Spanish class in English or as an unchecked guess: these tests list every such entry.
After changing a sentence, run ``make catalogue`` and translate what it lists.
"""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import hoyito_edu as hy
from hoyito_edu import i18n

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "hoyito_edu" / "i18n" / "locale" / "es" / "LC_MESSAGES" / "hoyito_edu.po"
MO = PO.with_suffix(".mo")
FIELD = re.compile(r"\{([^{}]*)\}")


def read_catalogue(path: Path):
    with open(path, "rb") as handle:
        return read_po(handle)


@pytest.fixture(scope="module")
def spanish():
    return read_catalogue(PO)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Every sentence marked in the package's code today, as Babel extracts it."""
    pot = tmp_path_factory.mktemp("catalogue") / "hoyito_edu.pot"
    pybabel = str(Path(sys.executable).parent / "pybabel")
    subprocess.run(
        [pybabel, "-q", "extract", "-F", "babel.cfg", "-o", str(pot), "."],
        cwd=ROOT,
        check=True,
    )
    return read_catalogue(pot)


def key(message) -> tuple:
    return (message.context, message.id)


def fields(text: str) -> set[str]:
    return {name for name in FIELD.findall(text)}


def entries(catalogue):
    return [message for message in catalogue if message.id]


def test_every_marked_sentence_is_in_the_spanish_catalogue(extracted, spanish):
    have = {key(message) for message in entries(spanish)}
    missing = [message.id for message in entries(extracted) if key(message) not in have]
    assert not missing, f"run `make catalogue`: {len(missing)} sentences missing: {missing}"


def test_no_sentence_is_left_untranslated_or_fuzzy(spanish):
    def untranslated(message) -> bool:
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        return not all(form.strip() for form in forms)

    empty = [message.id for message in entries(spanish) if untranslated(message)]
    fuzzy = [message.id for message in entries(spanish) if message.fuzzy]
    assert not empty, f"{len(empty)} sentences have no Spanish yet: {empty}"
    assert not fuzzy, f"{len(fuzzy)} translations are fuzzy (check them, remove the flag): {fuzzy}"


def test_the_catalogue_keeps_no_sentence_the_code_no_longer_has(extracted, spanish):
    wanted = {key(message) for message in entries(extracted)}
    stale = [message.id for message in entries(spanish) if key(message) not in wanted]
    obsolete = list(spanish.obsolete)
    assert not stale and not obsolete, f"run `make catalogue`: stale {stale}, obsolete {obsolete}"


def test_translations_keep_every_field_of_the_english_sentence(spanish):
    """A translation that drops or renames {hole} would crash the board or lose the number."""
    wrong = []
    for message in entries(spanish):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(fields(text) for text in ids))
        for text in strings:
            if text and fields(text) - wanted:
                wrong.append((ids[0], text))
        if strings[-1] and fields(ids[-1]) != fields(strings[-1]):
            wrong.append((ids[-1], strings[-1]))
    assert not wrong, wrong


def test_spanish_counts_have_two_forms(spanish):
    """One seed / two seeds: Spanish, like English, has a singular and a plural."""
    assert spanish.num_plurals == 2
    assert spanish.plural_expr.replace(" ", "") in {"(n!=1)", "n!=1"}


def test_the_shipped_compiled_catalogue_matches_the_po_file(spanish):
    with open(MO, "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = []
    for message in entries(spanish):
        if message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            got = tuple(compiled.ngettext(*message.id, n) for n in (1, 2))
            if message.context:
                got = tuple(compiled.npgettext(message.context, *message.id, n) for n in (1, 2))
            want = tuple(message.string)
        else:
            got = (
                compiled.pgettext(message.context, message.id)
                if message.context
                else compiled.gettext(message.id)
            )
            want = message.string
        if got != want:
            stale.append(message.id)
    assert not stale, f"run `make catalogue` to recompile: {stale}"


def test_set_language_speaks_spanish_for_the_session_and_english_is_the_default():
    assert hy.get_language() == "en"
    try:
        hy.set_language("es")
        assert hy.get_language() == "es"
        with i18n.language("en"):
            assert hy.get_language() == "en"
        assert hy.get_language() == "es"
    finally:
        hy.set_language("en")


@pytest.mark.parametrize("bad", ["fr", "ES", "", None, 3, "spanish"])
def test_an_unknown_language_is_refused_with_the_choices(bad):
    with pytest.raises(ValueError, match=r"'en' \(English\) or 'es' \(Spanish\)"):
        hy.set_language(bad)
    assert hy.get_language() == "en"
