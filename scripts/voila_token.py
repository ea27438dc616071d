"""The token `make voila HOST=0.0.0.0` serves the board with (hoyito_edu/board/voila_token.py).

Run by the Makefile with any Python 3, before the package is installed: the module is read from
its file, which needs only the standard library.
"""

import runpy
from pathlib import Path

MODULE = Path(__file__).resolve().parents[1] / "hoyito_edu" / "board" / "voila_token.py"

if __name__ == "__main__":
    runpy.run_path(str(MODULE), run_name="__main__")
else:  # the tests import its names
    globals().update(
        {name: value for name, value in runpy.run_path(str(MODULE)).items()
         if not name.startswith("__")}
    )
