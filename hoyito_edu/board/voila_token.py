"""The token `make voila HOST=0.0.0.0` serves the board with (students open ...?token=TOKEN).

Reads the TOKEN environment variable (`make voila TOKEN=...` passes it on). When it is not set,
prints a new random token that is easy to read aloud and type: three groups of four lowercase
letters and digits joined by "-", from an alphabet without the look-alikes 0/o, 1/l/i
(about 59 bits, far beyond guessing over a classroom network). When it is set, prints it if
it is allowed, else says why on stderr and exits with status 2.

An allowed token has 8 to 128 characters, each a letter (a-z, A-Z), a digit, or one of - _ . ~
(the characters that stand for themselves in a web address): so no spaces, and nothing a shell
or a link would change. A blank or one-space token would turn the token check off, and a
one-letter one is guessed at once, which is why they are refused.

    python scripts/voila_token.py            # prints e.g. k7mp-3qaz-w9hd
    TOKEN=mango-42 python scripts/voila_token.py
"""

from __future__ import annotations

import os
import secrets
import string
import sys

#: Lowercase letters and digits without 0, 1, i, l, o: none can be misread for another.
ALPHABET = "".join(c for c in string.ascii_lowercase + string.digits if c not in "01ilo")
GROUPS, GROUP_SIZE = 3, 4
MIN_LENGTH, MAX_LENGTH = 8, 128
ALLOWED = frozenset(string.ascii_letters + string.digits + "-_.~")
RULE = (
    f"a token has {MIN_LENGTH} to {MAX_LENGTH} characters, each a letter (a-z, A-Z), a digit "
    "or one of - _ . ~ (no spaces); for example TOKEN=mango-42, or leave TOKEN out and "
    "make voila chooses one"
)


def new_token() -> str:
    """A random token such as ``k7mp-3qaz-w9hd``."""
    return "-".join(
        "".join(secrets.choice(ALPHABET) for _ in range(GROUP_SIZE)) for _ in range(GROUPS)
    )


def problem(token: str) -> str | None:
    """Why ``token`` is refused, or None when it is allowed."""
    if not token.strip():
        return "the token is empty or only spaces, which would let anyone in"
    if any(c.isspace() for c in token):
        return f"the token {token!r} contains a space or other blank character"
    bad = sorted({c for c in token if c not in ALLOWED})
    if bad:
        return f"the token {token!r} contains {' '.join(repr(c) for c in bad)}"
    if len(token) < MIN_LENGTH:
        count = f"{len(token)} character" + ("" if len(token) == 1 else "s")
        return f"the token {token!r} has only {count}, too few to be safe"
    if len(token) > MAX_LENGTH:
        return f"the token has {len(token):,} characters, more than {MAX_LENGTH}"
    return None


def main(environ: dict[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    token = environ.get("TOKEN")
    if token is None:
        print(new_token())
        return 0
    why = problem(token)
    if why is not None:
        print(f"make voila: serving a class needs a token, and {why}: {RULE}.", file=sys.stderr)
        return 2
    print(token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
