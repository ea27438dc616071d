#!/usr/bin/env bash
# Make sure Debian's PostgreSQL server programs are installed (initdb, pg_ctl).
#
# The class server's tests start a private PostgreSQL cluster of their own in a temporary
# folder, on a free port, as the postgres user (tests/test_class_postgres.py): no service is
# started or changed here. Installing the package may start Debian's own cluster; the tests
# do not use it.
set -euo pipefail

die() { echo "ensure_postgresql: ERROR: $*" >&2; exit 1; }

if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    exit 0
fi

echo "ensure_postgresql: initdb is missing; installing Debian's postgresql package" >&2
# shellcheck source=scripts/apt_install.sh
. "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"
apt_install ensure_postgresql postgresql
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
    || die "apt-get finished but initdb is still missing."
echo "ensure_postgresql: installed PostgreSQL" >&2
