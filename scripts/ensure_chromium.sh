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
# shellcheck source=scripts/apt_install.sh
. "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"
apt_install ensure_chromium chromium
[ -x "$CHROMIUM" ] || die "apt-get finished but $CHROMIUM is still missing."
echo "ensure_chromium: installed $CHROMIUM" >&2
