#!/bin/sh
# Install the Debian packages warpsim's build and tests need (tools/deps.list),
# if missing, then check that every toolchain can build what the build asks
# of it: a package that installed but does not work stops here with one line
# naming what to install, not later in the middle of the build.
set -e
cd "$(dirname "$0")/.."
packages=$(sed 's/#.*//' tools/deps.list | tr -s ' \n' ' ')
need=""
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in $packages; do
    have "$p" || need="$need $p"
done
if [ -n "$need" ]; then
    echo "deps: installing$need"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    # Without recommends, but every library the build links is named in
    # deps.list (the cross compilers' C libraries are only recommended).
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need
fi
# Debian's busybox-static for armel: the differential suite's program no one here wrote.
BUILD=${BUILD:-build} sh tools/busybox.sh
exec sh tools/deps_check.sh
