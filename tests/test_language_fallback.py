"""A missing or broken Spanish catalogue: English with a visible warning, never stuck (issue 29).

The catalogue folder is pointed at a temporary folder holding no catalogue, a file that is not
a catalogue, or the real catalogue cut short.
"""

from __future__ import annotations

import warnings

import pytest

from hoyito_edu import i18n
from hoyito_edu.i18n import LanguageUnavailableWarning

REAL_MO = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "hoyito_edu.mo"


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    """A catalogue folder of our own; the package's state is restored afterwards."""
    folder = tmp_path / "locale"
    (folder / "es" / "LC_MESSAGES").mkdir(parents=True)
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    monkeypatch.setattr(i18n, "_session_language", "en")
    i18n._catalogue.cache_clear()
    yield folder / "es" / "LC_MESSAGES" / "hoyito_edu.mo"
    i18n._catalogue.cache_clear()


BREAKERS = {
    "missing": lambda mo: None,
    "not a catalogue": lambda mo: mo.write_bytes(b"this is not a catalogue\n" * 10),
    "cut short": lambda mo: mo.write_bytes(REAL_MO.read_bytes()[:2000]),
    "empty": lambda mo: mo.write_bytes(b""),
}


@pytest.mark.parametrize("breaker", BREAKERS)
def test_a_broken_spanish_catalogue_falls_back_to_english_with_a_warning(locale_dir, breaker):
    BREAKERS[breaker](locale_dir)
    with pytest.warns(LanguageUnavailableWarning, match="speaking English instead"):
        i18n.set_language("es")
    assert i18n.get_language() == "en"
    assert i18n.gettext("a device") == "a device"
    assert i18n.available_languages() == {"en": "English"}
    assert i18n.why_unavailable("es") and i18n.why_unavailable("en") is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once a session, not at every sentence
        with i18n.language("es") as spoken:
            assert spoken == "en" and i18n.gettext("a device") == "a device"


def test_a_lang_argument_falls_back_too(locale_dir):
    with pytest.warns(LanguageUnavailableWarning), i18n.language("es") as spoken:
        assert spoken == "en"
        assert i18n.ngettext("{count} seed", "{count} seeds", 2) == "{count} seeds"


def test_the_real_catalogue_speaks_spanish(locale_dir):
    locale_dir.write_bytes(REAL_MO.read_bytes())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        i18n.set_language("es")
    assert i18n.get_language() == "es" and i18n.gettext("a device") == "un dispositivo"
    assert i18n.available_languages() == {"en": "English", "es": "Spanish"}
    assert i18n.why_unavailable("es") is None


def test_unknown_languages_are_still_refused(locale_dir):
    with pytest.raises(ValueError, match="the language must be one of"):
        i18n.set_language("fr")
    with pytest.raises(ValueError, match="the language must be one of"):
        i18n.why_unavailable("ES")
