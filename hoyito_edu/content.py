"""Where the notebooks, data tables and documents are: a source checkout, or inside the wheel.

In a checkout (or an editable install) they are the repository's top-level folders
``notebooks/``, ``data/`` and ``docs/``, next to the ``hoyito_edu`` package. A wheel carries the
same folders as package data in ``hoyito_edu/content/`` (``setup.py`` copies them there when the
wheel is built), so ``pip install hoyito_edu-*.whl`` needs no checkout. Imports nothing of the
package.

>>> content_root().joinpath("notebooks").is_dir()
True
>>> notebooks_dir().name, data_folder().name, docs_dir().name
('notebooks', 'data', 'docs')
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: The folders a wheel carries in ``hoyito_edu/content/`` (setup.py copies exactly these).
FOLDERS = ("notebooks", "data", "docs")
#: Where they may be, best first: beside the package (a checkout), inside it (a wheel).
CANDIDATES = (PACKAGE.parent, PACKAGE / "content")


def _holds_content(folder: Path) -> bool:
    return all((folder / name).is_dir() for name in FOLDERS)


def content_root() -> Path:
    """The folder holding ``notebooks/``, ``data/`` and ``docs/``: the checkout first, then
    the copy inside an installed wheel. A :class:`FileNotFoundError` says where it looked."""
    for folder in CANDIDATES:
        if _holds_content(folder):
            return folder
    looked = " and ".join(str(folder) for folder in CANDIDATES)
    raise FileNotFoundError(
        f"hoyito_edu cannot find its notebooks, data and documents: it looked in {looked}. "
        "Install it from a wheel or an sdist (pip install hoyito_edu-*.whl), or use a source "
        "checkout."
    )


def notebooks_dir() -> Path:
    """The narrative notebooks (English; the Spanish editions are in its ``es/`` folder)."""
    return content_root() / "notebooks"


def data_folder() -> Path:
    """The research tables (CSV, JSON) and the sample class."""
    return content_root() / "data"


def docs_dir() -> Path:
    """The documents: the rules, the bibliography, the researcher's pages."""
    return content_root() / "docs"
