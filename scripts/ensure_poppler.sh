#!/usr/bin/env bash
# Make sure pdftoppm (Debian's poppler-utils) is installed: the tests render printed pages with
# it to check that nothing is printed in the margins or over another line.
#
# If it is missing: apt-get install it as root, or with sudo when not root; fail loudly otherwise.
set -euo pipefail

if command -v pdftoppm >/dev/null 2>&1; then
    exit 0
fi

echo "ensure_poppler: pdftoppm is missing; installing Debian's poppler-utils package" >&2
# shellcheck source=scripts/apt_install.sh
. "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"
apt_install ensure_poppler poppler-utils
command -v pdftoppm >/dev/null 2>&1 || { echo "ensure_poppler: ERROR: still no pdftoppm" >&2; exit 1; }
echo "ensure_poppler: installed pdftoppm" >&2
