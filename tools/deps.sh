#!/bin/sh
# Install the Debian packages warpsim's build and tests need, if missing.
set -e
need=""
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in libcriterion-dev libmpfr-dev gcc-arm-linux-gnueabi gcc-i686-linux-gnu qemu-user gnuplot-nox clang libclang-rt-14-dev; do
    have "$p" || need="$need $p"
done
[ -z "$need" ] && exit 0
echo "deps: installing$need"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need
