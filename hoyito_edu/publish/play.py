"""``python -m hoyito_edu play``: the board page alone, served by Voila, on any system.

On this computer only by default. With ``--host 0.0.0.0`` (the school's network) a token is
always required: the one given, or a new one easy to read aloud
(:func:`hoyito_edu.board.voila_token.new_token`). Closed or reloaded tabs give their kernels
back after 45 idle seconds, and at most 40 kernels run at once
(:class:`hoyito_edu.board.voila_kernels.CappedKernelManager`).
"""

from __future__ import annotations

import subprocess
import sys

from ..board.voila_token import new_token, problem
from ..content import notebooks_dir

LOCAL = ("127.0.0.1", "localhost", "::1")
#: The same settings as scripts/voila.json, given on the command line.
SETTINGS = (
    "--VoilaConfiguration.multi_kernel_manager_class="
    "hoyito_edu.board.voila_kernels.CappedKernelManager",
    "--CappedKernelManager.max_kernels=40",
    "--MappingKernelManager.cull_idle_timeout=45",
    "--MappingKernelManager.cull_interval=15",
    "--MappingKernelManager.cull_connected=False",
    "--MappingKernelManager.cull_busy=False",
)


def play_command(lang: str, host: str, port: int, token: str | None) -> tuple[list[str], str]:
    """The Voila command and the address to open."""
    page = notebooks_dir() / "play" / ("jugar.ipynb" if lang == "es" else "play.ipynb")
    command = [sys.executable, "-m", "voila", *SETTINGS, f"--Voila.ip={host}",
               "--no-browser", f"--port={port}", str(page)]
    if host in LOCAL:
        return command, f"http://127.0.0.1:{port}/"
    token = token or new_token()
    why = problem(token)
    if why:
        raise ValueError(f"serving a class needs a good token, and {why}")
    return [*command, f"--token={token}"], f"http://<this computer's address>:{port}/?token={token}"


def serve_play_page(lang: str, host: str, port: int, token: str | None) -> int:
    """Run Voila until Ctrl-C; its exit status."""
    try:
        import voila  # noqa: F401
    except ImportError:
        raise RuntimeError("Voila is not installed: pip install \"hoyito_edu[lab]\"") from None
    command, address = play_command(lang, host, port, token)
    print(f"open {address} (Ctrl-C to stop)")
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0
