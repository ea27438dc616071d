"""Languages: every sentence a student or teacher reads, in English (the default) or Spanish.

The bottom layer: imports nothing of ``hoyito_edu`` (only the standard library).

The package's sentences are written in English in the code and marked for translation with the
standard gettext calls below. Babel extracts them into ``locale/hoyito_edu.pot``; the Spanish
catalogue ``locale/es/LC_MESSAGES/hoyito_edu.po`` holds their translations and ships compiled
(``.mo``) inside the package, so nothing but the standard library is needed to read it.
``make catalogue`` re-extracts, updates and compiles after a sentence changes.

Choose the language for a whole session with :func:`set_language`, or for one widget, chart or
explanation with its ``lang=`` argument:

>>> import hoyito_edu as hy
>>> hy.set_language("es")
>>> hy.get_language()
'es'
>>> hy.set_language("en")
>>> with language("es"):
...     get_language()
'es'
>>> get_language()
'en'
>>> set_language("fr")
Traceback (most recent call last):
...
ValueError: the language must be one of 'en' (English) or 'es' (Spanish), not 'fr'

How to mark a sentence (``{fields}`` are filled after translating, so a translation may move
them):

- ``gettext("You won.")``: translate now, in the current language;
- ``ngettext("{n} seed", "{n} seeds", n)``: a count that changes the word's form;
- ``pgettext("button", "End")``: the same English word with another meaning elsewhere;
- ``N_("...")``: mark a sentence kept in a table, translated later with ``gettext(text)``;
- ``N_pair("{n} seed", "{n} seeds")``: a singular/plural pair kept in a table, translated
  later with ``ngettext(*pair, n)``.

Only what a student or teacher reads is translated: the board, Replay and CompareRules,
``explain()``, the text board (``print(position)``), ``IllegalMove`` and the other refusals of
a student's move, the errors of a bad saved file, the charts, the classroom checkers, the
worksheets and the text columns of the data tables. What belongs to the code stays as it is
in every language: names of rule sets, options, players and end reasons (``"hoyito-i"``,
``"greedy"``, ``"final-four"``), the columns of simulated tables, ``repr()`` of values, and
errors that tell a programmer about bad arguments (to ``simulate()``, ``Board(...)``, ...).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import warnings
from collections.abc import Iterator
from pathlib import Path

#: The languages the package speaks, with their names.
LANGUAGES = {"en": "English", "es": "Spanish"}
DEFAULT_LANGUAGE = "en"

DOMAIN = "hoyito_edu"
LOCALE_DIR = Path(__file__).parent / "locale"

_session_language = DEFAULT_LANGUAGE
# A language for one call (a widget's or a chart's ``lang=``) overrides the session's.
_call_language: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "hoyito_edu_language", default=None
)


def check_language(lang: str | None) -> str:
    """``lang`` if the package speaks it; None means the current language.

    >>> check_language("es"), check_language(None)
    ('es', 'en')
    >>> check_language("ES")
    Traceback (most recent call last):
    ...
    ValueError: the language must be one of 'en' (English) or 'es' (Spanish), not 'ES'
    """
    if lang is None:
        return get_language()
    if not isinstance(lang, str) or lang not in LANGUAGES:
        _refuse(lang)
    return lang


def _refuse(lang: object) -> None:
    allowed = " or ".join(f"{code!r} ({name})" for code, name in LANGUAGES.items())
    raise ValueError(f"the language must be one of {allowed}, not {lang!r}")


class LanguageUnavailableWarning(UserWarning):
    """A language's catalogue is missing or cannot be read: English is spoken instead."""


def _usable(lang: str) -> str:
    """``lang`` if its catalogue can be read, else English (with a warning, once)."""
    return lang if why_unavailable(lang) is None else DEFAULT_LANGUAGE


def why_unavailable(lang: str) -> str | None:
    """Why the package cannot speak ``lang`` here (its catalogue is missing or broken), or
    None when it can. A board or notebook can call it to say so instead of waiting.

    >>> why_unavailable("es") is None
    True
    """
    return _catalogue(check_language(lang))[1]


def available_languages() -> dict[str, str]:
    """The languages the package can speak here, with their names: :data:`LANGUAGES` less any
    whose catalogue is missing or broken (English is always there).

    >>> available_languages()
    {'en': 'English', 'es': 'Spanish'}
    """
    return {code: name for code, name in LANGUAGES.items() if why_unavailable(code) is None}


@functools.cache
def _catalogue(lang: str) -> tuple[_gettext.NullTranslations, str | None]:
    """The compiled catalogue for ``lang`` and None, or English and why ``lang``'s could not
    be read (then a :class:`LanguageUnavailableWarning` says so, once a session)."""
    if lang == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations(), None
    try:
        return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang]), None
    except Exception as err:  # noqa: BLE001 - a missing or corrupt file fails in many ways
        why = f"{type(err).__name__}: {err}"
    name = LANGUAGES[lang]
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    warnings.warn(
        f"the {name} catalogue ({folder / (DOMAIN + '.mo')}) cannot be read ({why}); "
        f"speaking English instead. Reinstall hoyito_edu, or run `make catalogue`. "
        f"/ No se puede leer el catálogo en español: se usa el inglés.",
        LanguageUnavailableWarning,
        stacklevel=5,  # set_language or language, in the caller's code
    )
    return _gettext.NullTranslations(), why


def set_language(lang: str) -> None:
    """Speak ``lang`` ("en" or "es") from now on, wherever no ``lang=`` is given.

    When the catalogue of ``lang`` is missing or broken, a :class:`LanguageUnavailableWarning`
    says so and English is spoken (``get_language()`` then gives ``"en"``).
    """
    global _session_language
    if lang is None:
        _refuse(lang)  # a session always speaks a language
    _session_language = _usable(check_language(lang))


def get_language() -> str:
    """The language in use here: a ``lang=`` being honoured, else the session's."""
    return _call_language.get() or _session_language


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block (None: keep the current language)."""
    token = _call_language.set(_usable(check_language(lang)))
    try:
        yield _call_language.get()
    finally:
        _call_language.reset(token)


def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue for ``lang`` (English: the sentences as written). A missing or
    broken catalogue is not silent: a :class:`LanguageUnavailableWarning` says so, and the
    sentences stay in English (a class is never left without words)."""
    return _catalogue(check_language(lang))[0]


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return translations(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for a count ``n``, in the current language."""
    return translations(get_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two meanings apart."""
    return translations(get_language()).pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark ``message`` for translation without translating it yet (for tables)."""
    return message


def N_pair(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - a gettext keyword
    """Mark a (singular, plural) pair for translation without translating it yet (for
    tables); ``babel.cfg`` names it so that Babel extracts it as one plural entry."""
    return (singular, plural)
