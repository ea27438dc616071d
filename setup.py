"""Builds the wheel with the notebooks, data tables and documents inside the package.

Everything else is in pyproject.toml. The top-level folders ``notebooks/``, ``data/`` and
``docs/`` stay where they are in the repository; when a wheel is built they are copied into
``hoyito_edu/content/``, where :mod:`hoyito_edu.content` finds them in an installed package.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: The same folders as hoyito_edu.content.FOLDERS.
CONTENT = ("notebooks", "data", "docs")
SKIP = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", ".*")


class BuildPyWithContent(build_py):
    """build_py, then the content folders copied into the built package."""

    def run(self):
        super().run()
        if self.editable_mode:  # an editable install reads the checkout's own folders
            return
        target = Path(self.build_lib) / "hoyito_edu" / "content"
        for name in CONTENT:
            if (HERE / name).is_dir():
                shutil.rmtree(target / name, ignore_errors=True)
                shutil.copytree(HERE / name, target / name, ignore=SKIP)


setup(cmdclass={"build_py": BuildPyWithContent})
