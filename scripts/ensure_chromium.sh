#!/usr/bin/env bash
# Make sure Debian's Chromium is installed at /usr/bin/chromium.
#
# The browser tests drive this Chromium through Playwright. Never run `playwright install`
# (it downloads its own browser build, which is not wanted and fails offline).
#
# If it is missing: apt-get install it as root, or with sudo when not root; fail loudly otherwise.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

die() { echo "ensure_chromium: ERROR: $*" >&2; exit 1; }

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

echo "ensure_chromium: $CHROMIUM is missing; installing Debian's chromium package" >&2
command -v apt-get >/dev/null 2>&1 \
    || die "no apt-get on this machine: install Chromium at $CHROMIUM by hand."
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    die "not root and no sudo: run 'apt-get install -y chromium' as root, then retry."
fi
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
[ -x "$CHROMIUM" ] || die "apt-get finished but $CHROMIUM is still missing."
echo "ensure_chromium: installed $CHROMIUM" >&2
