"""``python -m hoyito_edu lab [--dir FOLDER]``: the notebooks in a folder of the teacher's, opened
in JupyterLab, on any system.

The notebooks (both languages), the documents and the data tables are copied into FOLDER
(``notebooks/``, ``docs/``, ``data/``), so the notebooks' links work there. A file the teacher
already has is never written over: if she edited it, her copy stays and the command says
so; the new edition can be had in an empty folder.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..content import FOLDERS, content_root

#: The notebook JupyterLab opens first.
FIRST = "notebooks/00_start_here.ipynb"


@dataclass
class Copied:
    """What :func:`copy_notebooks` did: files written, files already the same, and files the
    teacher has changed (left as they were)."""

    folder: Path
    written: list[Path] = field(default_factory=list)
    same: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)


def _shipped(root: Path) -> list[Path]:
    files = []
    for name in FOLDERS:
        for path in sorted((root / name).rglob("*")):
            relative = path.relative_to(root)
            if path.is_file() and not any(part.startswith(".") for part in relative.parts) \
                    and "__pycache__" not in relative.parts:
                files.append(relative)
    return files


def copy_notebooks(folder: Path, root: Path | None = None) -> Copied:
    """Copy the notebooks, documents and data into *folder*; never write over a file that
    is already there."""
    root = root or content_root()
    folder = Path(folder).expanduser()
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder: choose a folder for the "
                                 "notebooks")
    report = Copied(folder=folder)
    for relative in _shipped(root):
        source, target = root / relative, folder / relative
        if target.exists():
            same = target.is_file() and filecmp.cmp(source, target, shallow=False)
            (report.same if same else report.kept).append(relative)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        report.written.append(relative)
    return report


def lab_command(folder: Path, *, port: int | None = None, open_browser: bool = True) -> list[str]:
    """The command that opens JupyterLab on *folder*, at this computer only."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
               "--ServerApp.ip=127.0.0.1"]
    if port:
        command.append(f"--ServerApp.port={port}")
    if not open_browser:
        command.append("--no-browser")
    elif (Path(folder) / FIRST).exists():
        command.append(f"--LabApp.default_url=/lab/tree/{FIRST}")
    if hasattr(os, "getuid") and os.getuid() == 0:  # Jupyter refuses root without it
        command.append("--allow-root")
    return command


def open_lab(folder: Path, *, port: int | None = None, open_browser: bool = True) -> int:
    """Run JupyterLab on *folder* until it is stopped (Ctrl-C); its exit status."""
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        raise RuntimeError("JupyterLab is not installed: pip install \"hoyito_edu[lab]\" "
                           "(on Windows: py -m pip install \"hoyito_edu[lab]\")") from None
    process = subprocess.Popen(lab_command(folder, port=port, open_browser=open_browser))
    forward = threading.current_thread() is threading.main_thread()
    if forward:  # stopped by a SIGTERM (a closed shortcut, a test): JupyterLab stops too
        previous = signal.signal(signal.SIGTERM, lambda signum, frame: process.terminate())
    try:
        return process.wait()
    except KeyboardInterrupt:  # Ctrl-C reached JupyterLab too: let it shut down
        try:
            process.wait(30)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            process.kill()
        return 0
    finally:
        if forward:
            signal.signal(signal.SIGTERM, previous)
