"""The teacher's commands without make (issue 34): ``python -m hoyito_edu lab / play /
worksheets / student / book / kit / --version`` run as a teacher would type them, in a fresh
process, and a mistake gets a sentence and a status, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from hoyito_edu.publish.lab import copy_notebooks
from hoyito_edu.publish.play import play_command
from hoyito_edu.version import __version__

ROOT = Path(__file__).resolve().parents[1]


def command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hoyito_edu", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=600)


def test_version(tmp_path):
    done = command("--version", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"hoyito_edu {__version__}"


def test_student_copies_without_answers(tmp_path):
    done = command("student", "--out", "copias", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    spanish = tmp_path / "copias" / "es" / "06_en_el_aula.ipynb"
    tags = {tag for cell in nbformat.read(spanish, as_version=4).cells
            for tag in cell.get("metadata", {}).get("tags", [])}
    assert not tags & {"solution", "teacher"}


@pytest.mark.slow  # draws every worksheet in both languages
def test_worksheets_on_letter_paper(tmp_path):
    done = command("worksheets", "--out", "hojas", "--paper", "letter", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for lang in ("en", "es"):
        pdfs = list((tmp_path / "hojas" / lang).glob("*.pdf"))
        assert len(pdfs) >= 5
        assert all(b"/MediaBox [ 0 0 612 792 ]" in pdf.read_bytes() for pdf in pdfs)


@pytest.mark.parametrize("args, words", [
    (("kit", "--lang", "fr"), "invalid choice: 'fr'"),
    (("worksheets", "--paper", "legal"), "invalid choice: 'legal'"),
    (("lab", "--dir", "a-file.txt", "--no-browser"), "is a file, not a folder"),
])
def test_a_mistake_gets_a_sentence(tmp_path, args, words):
    (tmp_path / "a-file.txt").write_text("notes")
    done = command(*args, cwd=tmp_path)
    assert done.returncode in (1, 2)
    assert words in done.stderr and "Traceback" not in done.stderr


def test_lab_never_writes_over_an_edited_notebook(tmp_path):
    first = copy_notebooks(tmp_path)
    assert first.written and not first.kept
    start = tmp_path / "notebooks" / "00_start_here.ipynb"
    start.write_text(start.read_text(encoding="utf-8") + " ", encoding="utf-8")
    again = copy_notebooks(tmp_path)
    assert again.kept == [Path("notebooks/00_start_here.ipynb")] and not again.written
    assert start.read_text(encoding="utf-8").endswith(" ")


def test_play_needs_a_token_only_on_the_network():
    local, address = play_command("es", "127.0.0.1", 8866, None)
    assert "--Voila.ip=127.0.0.1" in local and not any("--token" in a for a in local)
    assert local[-1].endswith("jugar.ipynb") and address == "http://127.0.0.1:8866/"
    network, address = play_command("en", "0.0.0.0", 8866, "mango-42")
    assert "--token=mango-42" in network and address.endswith("?token=mango-42")
    with pytest.raises(ValueError, match="good token"):
        play_command("en", "0.0.0.0", 8866, "x")
