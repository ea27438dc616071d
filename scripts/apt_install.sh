# Sourced by the scripts/ensure_*.sh scripts: `apt_install WHO PACKAGE` installs a Debian
# package as root, or through sudo when not root, and fails loudly otherwise (WHO names the
# calling script in its messages). Needs set -euo pipefail in the caller.

apt_install() {
    local who="$1" package="$2"
    local -a sudo=()
    command -v apt-get >/dev/null 2>&1 \
        || { echo "$who: ERROR: no apt-get on this machine: install $package by hand." >&2; exit 1; }
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || {
            echo "$who: ERROR: not root and no sudo: run 'apt-get install -y $package' as root," \
                "then retry." >&2
            exit 1
        }
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "$package"
}
