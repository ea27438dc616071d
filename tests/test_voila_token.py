"""`make voila` refuses tokens that leave the board open and chooses ones easy to read aloud.

The rules live in scripts/voila_token.py; the tests run it as a program and through the real
Makefile, with a stand-in `voila` program that prints the command line it was given (the real
Voila is started in tests/test_voila_kernels.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "voila_token.py"
RULE = "a token has 8 to 128 characters, each a letter (a-z, A-Z), a digit or one of - _ . ~"
GENERATED = re.compile(r"^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$")


def token_script(token: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TOKEN"}
    if token is not None:
        env["TOKEN"] = token
    return subprocess.run(
        [sys.executable, str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60
    )


BAD = {
    "": "empty or only spaces",
    " ": "empty or only spaces",
    "\t\n": "empty or only spaces",
    "  x": "contains a space",
    "mango 42x": "contains a space",
    "x": "has only 1 character,",
    "mango42": "has only 7 characters",
    "mango-42&rm": "contains '&'",
    "tok\u00e9n-1234": "contains 'é'",
    "a" * 129: "more than 128",
}


@pytest.mark.parametrize("token", BAD)
def test_blank_short_spaced_or_odd_tokens_are_refused_with_the_rule(token):
    done = token_script(token)
    assert done.returncode == 2 and done.stdout == ""
    assert BAD[token] in done.stderr and RULE in done.stderr


@pytest.mark.parametrize("token", ["mango-42", "Clase_3B.2026~x", "a" * 128])
def test_allowed_tokens_are_kept_as_given(token):
    done = token_script(token)
    assert done.returncode == 0 and done.stdout == token + "\n"


def test_a_new_token_is_random_and_has_no_look_alike_characters():
    tokens = {token_script(None).stdout.strip() for _ in range(5)}
    assert len(tokens) == 5
    for token in tokens:
        assert GENERATED.match(token), token
        assert not set(token) & set("0o1li"), token


def make_voila(tmp_path: Path, *variables: str, token_env: str | None = None):
    """Run the real `make voila`; a stand-in voila prints its arguments instead of serving."""
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir(exist_ok=True)
    voila = fake_bin / "voila"
    voila.write_text('#!/bin/sh\necho "VOILA $*"\n')
    voila.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE") and k != "TOKEN"}
    if token_env is not None:
        env["TOKEN"] = token_env
    return subprocess.run(
        # -o: take the installed-package stamp as up to date (this test installs nothing).
        ["make", "-s", "-o", ".venv/.installed-stamp", "voila", f"PYTHON={sys.executable}",
         f"BIN={fake_bin}", *variables],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")


@needs_make
@pytest.mark.parametrize(
    "variables, token_env",
    [(["HOST=0.0.0.0", "TOKEN= "], None), (["HOST=0.0.0.0", "TOKEN=  x"], None),
     (["HOST=0.0.0.0", "TOKEN=a b c d e f"], None), (["HOST=0.0.0.0"], " "),
     (["HOST=0.0.0.0", "TOKEN="], None)],
)
def test_make_voila_refuses_a_bad_token_before_starting_voila(tmp_path, variables, token_env):
    done = make_voila(tmp_path, *variables, token_env=token_env)
    assert done.returncode != 0
    assert "VOILA" not in done.stdout and RULE in done.stderr


@needs_make
def test_make_voila_serves_the_class_with_the_token_given_or_a_new_one(tmp_path):
    done = make_voila(tmp_path, "HOST=0.0.0.0", "TOKEN=mango-42")
    assert done.returncode == 0, done.stderr
    assert "students open http://<this computer's address>:8866/?token=mango-42" in done.stdout
    assert "--Voila.ip=0.0.0.0" in done.stdout and "--token=mango-42 " in done.stdout
    done = make_voila(tmp_path, "HOST=0.0.0.0")
    (token,) = re.findall(r"--token=(\S+)", done.stdout)
    assert GENERATED.match(token) and f"?token={token}" in done.stdout


@needs_make
def test_make_voila_on_this_computer_needs_no_token(tmp_path):
    done = make_voila(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "--Voila.ip=127.0.0.1" in done.stdout and "--token" not in done.stdout
