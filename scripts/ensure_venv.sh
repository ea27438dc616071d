#!/usr/bin/env bash
# Create the project virtual environment if it is missing.
#
# Usage: scripts/ensure_venv.sh [PYTHON] [VENV_DIR]     (defaults: python3 .venv)
#
# Debian ships python3 without the venv/ensurepip module (package python3-venv). If venv
# creation fails for that reason, install python3-venv with apt-get (as root, or with sudo),
# then try again. Anything else fails loudly.
set -euo pipefail

PYTHON="${1:-python3}"
VENV="${2:-.venv}"

die() { echo "ensure_venv: ERROR: $*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null 2>&1 || die "'$PYTHON' not found: install Python 3.10 or newer."
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
    || die "$("$PYTHON" -V 2>&1) is too old: Python 3.10 or newer is needed."

if [ -x "$VENV/bin/python" ] && [ -x "$VENV/bin/pip" ]; then
    exit 0
fi

create() {
    rm -rf "$VENV"     # a failed attempt leaves a half-made folder behind
    "$PYTHON" -m venv "$VENV"
}

if create; then
    exit 0
fi
rm -rf "$VENV"

echo "ensure_venv: '$PYTHON -m venv' failed; installing Debian's python3-venv package" >&2
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    die "not root and no sudo: run 'apt-get install -y python3-venv' as root, then retry."
fi
command -v apt-get >/dev/null 2>&1 \
    || die "no apt-get: install the venv module for $PYTHON by hand, then retry."
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv
create || die "'$PYTHON -m venv $VENV' still fails after installing python3-venv."
