"""Extract the package's sentences, update the Spanish catalogue and compile it.

Run by ``make catalogue`` after a marked sentence (``gettext``, ``ngettext``, ``pgettext``,
``N_``) is added or changed:

1. ``pybabel extract`` writes every marked sentence to ``hoyito_edu/i18n/locale/hoyito_edu.pot``;
2. ``pybabel update`` merges them into each ``.po`` catalogue: new sentences arrive with an
   empty translation, changed ones are marked *fuzzy* (to be checked by a person);
3. ``pybabel compile`` writes the ``.mo`` files the package reads at run time.

``tests/test_catalogue.py`` fails while any sentence lacks a translation or is fuzzy.
Usage: ``python scripts/catalogue.py`` (from the virtual environment, which has Babel).
"""

from __future__ import annotations

import fcntl
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "hoyito_edu" / "i18n" / "locale"
TEMPLATE = LOCALE / "hoyito_edu.pot"
LANGUAGES = ("es",)
PYBABEL = str(Path(sys.executable).parent / "pybabel")


def run(*args: str) -> None:
    subprocess.run([PYBABEL, *args], cwd=ROOT, check=True)


def main() -> int:
    LOCALE.mkdir(exist_ok=True)
    # Several people (or helpers) may run this at once on one checkout: one at a time.
    with open(LOCALE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        run(
            "extract",
            "-F",
            "babel.cfg",
            "--add-comments=TRANSLATORS:",
            "--project=hoyito_edu",
            "--copyright-holder=hoyito_edu contributors",
            "-o",
            str(TEMPLATE),
            ".",
        )
        for lang in LANGUAGES:
            po = LOCALE / lang / "LC_MESSAGES" / "hoyito_edu.po"
            if po.exists():
                run(
                    "update",
                    "-i",
                    str(TEMPLATE),
                    "-d",
                    str(LOCALE),
                    "-D",
                    "hoyito_edu",
                    "-l",
                    lang,
                    "--ignore-obsolete",
                    # Fuzzy guesses from similar sentences were mostly wrong ("{count} lap"
                    # guessed as "semilla"): a new sentence arrives empty, to be translated.
                    "--no-fuzzy-matching",
                )
            else:
                run("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "hoyito_edu", "-l", lang)
        # Fuzzy translations are left out of the .mo: an unchecked guess must not reach a class.
        run("compile", "-d", str(LOCALE), "-D", "hoyito_edu", "--statistics")
    return 0


if __name__ == "__main__":
    sys.exit(main())
