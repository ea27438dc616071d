"""The English words a Spanish chart or sheet must not show, read from the Spanish catalogue:
the words of the English sentences of some source files' entries that none of their Spanish
translations uses (each set read once a session)."""

from __future__ import annotations

import functools
import re

from hoyito_edu.i18n import LOCALE_DIR

WORD = re.compile(r"[A-Za-z]{3,}")


@functools.cache
def english_only_words(sources: tuple[str, ...], common: frozenset[str]) -> frozenset[str]:
    """Words of the English sentences of the catalogue entries made in a file whose path ends
    with one of ``sources`` that no Spanish translation of them uses, with the ``common``
    English words a sentence left unmarked would show (less those Spanish uses too)."""
    from babel.messages.pofile import read_po

    with open(LOCALE_DIR / "es" / "LC_MESSAGES" / "hoyito_edu.po", "rb") as handle:
        catalogue = read_po(handle)
    english, spanish = set(), set()
    for message in catalogue:
        if message.id and any(path.endswith(sources) for path, _line in message.locations):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            english |= {w for text in ids for w in WORD.findall(re.sub(r"\{\w+\}", "", text))}
            spanish |= {w for text in texts for w in WORD.findall(text)}
    return frozenset((english | common) - spanish)
