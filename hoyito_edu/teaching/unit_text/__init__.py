"""The words of the unit plan (:mod:`hoyito_edu.teaching.unit`), one module per language.

Each module (``en``, ``es``) holds the same keys: the plan's headings (``WORDS``), each lesson's
goal, materials and blocks (``LESSONS``), the exit tickets, the rubric, the quiz, the unplugged
chance sheet and the letter to families. The minutes, the order of the blocks and every computed
answer live in :mod:`hoyito_edu.teaching.unit`, once for both languages; these modules hold only
sentences, written in each language rather than translated sentence by sentence, so that a
teacher can read and correct a whole lesson in one place. ``tests/test_unit.py`` checks that both
modules have the same keys, the same number of blocks and questions, and the same ``{fields}``.

Imports: nothing. These modules hold only text (dicts and tuples of strings); they import no
other module of the package, so they sit at the bottom of the ``teaching`` layer.
"""

from . import en, es  # noqa: E402,F401 - unit.texts(lang) picks one
