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
    command -v apt-get >/dev/null 2>&1 || die "no npm and no apt-get: install npm, then retry."
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); elif command -v sudo >/dev/null 2>&1; then SUDO=(sudo);
    else die "not root and no sudo: run 'apt-get install -y npm' as root, then retry."; fi
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y npm
fi
mkdir -p "$CACHE"
npm install --prefix "$CACHE" --no-audit --no-fund --no-save "axe-core@$VERSION" >&2
[ -f "$AXE" ] || die "npm finished but $AXE is missing."
echo "ensure_axe: installed axe-core $VERSION in $CACHE" >&2
