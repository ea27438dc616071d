#!/usr/bin/env bash
# Make sure axe-core (the accessibility checker the browser tests inject into the board's page)
# is in .cache/axe-core/, installed from npm. axe-core is MPL-2.0 and its axe.min.js is about
# half a megabyte, so it is installed here (and by CI through `make test`), not kept in git.
#
# If npm is missing: apt-get install it as root, or with sudo when not root; fail loudly otherwise.
set -euo pipefail

VERSION=4.14.1
CACHE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache/axe-core"
AXE="$CACHE/node_modules/axe-core/axe.min.js"

die() { echo "ensure_axe: ERROR: $*" >&2; exit 1; }

if [ -f "$AXE" ] && grep -q "\"version\": \"$VERSION\"" "$CACHE/node_modules/axe-core/package.json"; then
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    # shellcheck source=scripts/apt_install.sh
    . "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"
    apt_install ensure_axe npm
fi
mkdir -p "$CACHE"
npm install --prefix "$CACHE" --no-audit --no-fund --no-save "axe-core@$VERSION" >&2
[ -f "$AXE" ] || die "npm finished but $AXE is missing."
echo "ensure_axe: installed axe-core $VERSION in $CACHE" >&2
