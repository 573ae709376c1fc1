#!/usr/bin/env bash
# Packs what `make KIT=1 gpu-test` and `make KIT=1 bench-full` need on a GPU
# machine that has nvcc and gcc but no network, no ARM cross compiler, no
# qemu and no Criterion (the device tool's machines): every ARM binary the
# GPU tests and the benchmarks run, qemu-arm's recorded results for the
# differential suite, a statically linked qemu-arm for the benchmarks'
# baseline rows, and jansson's headers and static library. warpsim itself is
# not packed: it is built there, with nvcc.
#
#   make gpu-kit          (here: writes build/gpu-kit.tar.xz, about 6 MB)
#
# There, with build/gpu-kit.tar.xz carried along (README, "GPU sessions"):
#   make KIT=1 gpu-test && make KIT=1 bench-full      (KIT=1 unpacks the kit)
set -euo pipefail
BUILD=${BUILD:-build}
KIT=$BUILD/kit
OUTFILE=$BUILD/gpu-kit.tar.xz
mkdir -p "$KIT"

# The ARM programs: kernels, benchmark kernels, the differential suite, the
# per-thread benchmark programs; and the IA-32 kernels and -O2 differential
# programs that gpu_test.sh compares CPU against CUDA.
make --no-print-directory BUILD="$BUILD" kernels bench-kernels bench-programs diff-bins diff-x86-bins

# The misaligned-atomic program test/system/atomic_test.sh runs (gpu_test.sh runs it on the GPU).
arm-linux-gnueabi-gcc -static -O2 -marm -march=armv7-a -Ikernels/include test/system/progs/misaligned_atomic.c \
    kernels/runtime/ws_io.c -o "$KIT/misaligned_atomic.arm"

# qemu-arm's results for the differential suite, so that run_diff.sh has
# nothing to run under qemu there (its cache is newer than each binary).
DIFF_BINS=$(make --no-print-directory -s BUILD="$BUILD" diff-list)
DIFF_EXPECT_ONLY=1 sh test/diff/run_diff.sh $DIFF_BINS

# Debian's qemu-arm needs glib, gnutls and more; qemu-user-static's does not.
if [ ! -x "$KIT/qemu-arm-static" ]; then
    T=$(mktemp -d)
    trap 'rm -rf "$T"' EXIT
    (cd "$T" && apt-get download -q qemu-user-static 2>/dev/null)
    dpkg-deb -x "$T"/qemu-user-static_*.deb "$T/x"
    cp "$T/x/usr/bin/qemu-arm-static" "$KIT/qemu-arm-static"
fi
"$KIT/qemu-arm-static" "$BUILD/kernels/bench/best.arm" 1 >/dev/null

# warpsim links jansson (libjansson-dev): its headers and static library, so
# that the build there needs no package.
mkdir -p "$KIT/jansson/include" "$KIT/jansson/lib"
for f in $(dpkg -L libjansson-dev | grep -E '/(jansson\.h|jansson_config\.h|libjansson\.a)$'); do
    case $f in *.a) cp "$f" "$KIT/jansson/lib/" ;; *) cp "$f" "$KIT/jansson/include/" ;; esac
done
[ -f "$KIT/jansson/lib/libjansson.a" ] || { echo "gpu-kit: libjansson.a not found (make deps)" >&2; exit 1; }

tar cf - $DIFF_BINS "$BUILD"/diff/expect \
    "$BUILD"/kernels/*.arm "$BUILD"/kernels/*.x86 "$BUILD"/diff-x86/*.O2 "$BUILD"/kernels/bench/*.arm "$BUILD"/bench/*.arm \
    "$KIT/qemu-arm-static" "$KIT/misaligned_atomic.arm" "$KIT/jansson" | xz -6 -T2 >"$OUTFILE.tmp"
mv "$OUTFILE.tmp" "$OUTFILE"
echo "gpu-kit: wrote $OUTFILE ($(du -h "$OUTFILE" | cut -f1)): carry it to the GPU machine and run"
echo "  make KIT=1 gpu-test && make KIT=1 bench-full"
