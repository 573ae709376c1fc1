#!/usr/bin/env bash
# The README's two commands on a fresh machine, as closely as this machine
# allows: every package tools/deps.list names is purged (where we are root
# and apt is there; CI's fresh machine has none of them anyway), the
# committed tree is cloned afresh into a temporary folder, and there
# `make run` and then `make test` must pass. Run it before every submission
# that touches the build or its packages (.ci/run does, every time).
#
#   tools/clean_state.sh [--keep]    (--keep: leave the clone, print its path)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
keep=0
[ "${1:-}" = --keep ] && keep=1
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    installed=""
    for p in $(sed 's/#.*//' tools/deps.list); do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" && installed="$installed $p"
    done
    if [ -n "$installed" ]; then
        echo "clean-state: purging$installed"
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $installed >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get autoremove -y -qq >/dev/null
    fi
    # tools/busybox.sh adds armel to dpkg for busybox-static:armel: a fresh
    # machine has no foreign architecture
    if dpkg --print-foreign-architectures | grep -qx armel &&
        ! dpkg-query -W -f='${Architecture}\n' 2>/dev/null | grep -qx armel; then
        echo "clean-state: removing the armel architecture from dpkg"
        dpkg --remove-architecture armel
    fi
else
    echo "clean-state: not root or no apt: packages left as they are"
fi
T=$(mktemp -d)
[ $keep = 1 ] || trap 'rm -rf "$T"' EXIT
git clone -q "$src" "$T/warpsim"
cd "$T/warpsim"
echo "clean-state: fresh clone of $(git rev-parse --short HEAD) in $T/warpsim"
make run
make test
echo "clean-state: make run and make test passed on a fresh clone"
