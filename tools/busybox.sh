#!/bin/sh
# Debian's busybox-static for armel, the differential suite's program that no
# one here wrote (test/busybox/busybox_test.sh): fetched with apt-get download
# and unpacked with dpkg -x into $BUILD/busybox (bin/busybox), once. The armel
# architecture is added to dpkg first if it is missing (needs root or sudo).
set -e
BUILD=${BUILD:-build}
dest=$BUILD/busybox
[ -x "$dest/bin/busybox" ] && exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
if ! dpkg --print-foreign-architectures | grep -qx armel; then
    echo "busybox: adding the armel architecture to dpkg (for busybox-static:armel)"
    $SUDO dpkg --add-architecture armel
    $SUDO apt-get update -qq
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
( cd "$tmp" && apt-get download -qq busybox-static:armel 2>/dev/null ) || {
    $SUDO apt-get update -qq
    ( cd "$tmp" && apt-get download -qq busybox-static:armel 2>/dev/null )
} || { echo "busybox: apt-get download busybox-static:armel failed (network, or no armel in the sources)" >&2; exit 1; }
mkdir -p "$dest"
dpkg -x "$tmp"/busybox-static_*_armel.deb "$dest.tmp"
mv "$dest.tmp/bin" "$dest/bin" 2>/dev/null || cp -r "$dest.tmp/bin" "$dest/"
rm -rf "$dest.tmp"
echo "busybox: busybox-static:armel unpacked into $dest/bin/busybox"
