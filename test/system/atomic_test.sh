#!/usr/bin/env bash
# Misaligned atomics (issue 21 part 7): __kuser_cmpxchg64, __kuser_cmpxchg,
# LDREXD, LDREX and SWP at a misaligned address of the shared region are that
# core's SIGBUS, as under Linux (qemu-arm here), never a host atomic on a bad
# address (on a GPU, a misaligned 64-bit atomicCAS ends the whole run).
# Aligned ones work. Each case: stdout and exit status equal to qemu-arm's on
# one core; on 4 cores every core's report says the same fault.
# BACKEND=cuda runs it on the GPU backend (test/gpu/gpu_test.sh does).
# Prints "atomic: N passed, M failed" and fails on any failure.
set -u
W=${WARPSIM:-build/warpsim}
QEMU=${QEMU_ARM:-qemu-arm}
CC=${ARM_CC:-arm-linux-gnueabi-gcc}
BACKEND=${BACKEND:-cpu}
SRC=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
PROG=${ATOMIC_PROG:-$T/mis.elf}
if [ ! -f "$PROG" ]; then
    command -v "$CC" >/dev/null || { echo "atomic: $CC not found (make deps)"; echo "atomic: 0 passed, 1 failed"; exit 1; }
    "$CC" -static -O2 -marm -march=armv7-a -I"$SRC/../../kernels/include" "$SRC/progs/misaligned_atomic.c" \
        "$SRC/../../kernels/runtime/ws_io.c" -o "$PROG" || { echo "atomic: cannot build misaligned_atomic.c"; exit 1; }
fi
command -v "$QEMU" >/dev/null || { echo "atomic: $QEMU not found (make deps)"; echo "atomic: 0 passed, 1 failed"; exit 1; }

# The fault each core's report names, one line per core.
faults() {
    python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["per_core"]:
    print(c["status"], c.get("fault", "-"))' "$1"
}

for mode in cmpxchg64 cmpxchg ldrexd ldrex swp; do
    for off in 0 4 2; do
        ("$QEMU" "$PROG" $mode $off >"$T/q.out"; exit $?) 2>/dev/null; qrc=$? # the shell's "Bus error" line goes too
        "$W" run --quiet --backend "$BACKEND" --cores 1 "$PROG" $mode $off >"$T/w.out" 2>"$T/w.err"; wrc=$?
        if [ $qrc -eq $wrc ] && cmp -s "$T/q.out" "$T/w.out"; then ok; else
            bad "$mode +$off, 1 core: exit $wrc (qemu $qrc): $(head -c 200 "$T/w.out" "$T/w.err")"
        fi
        "$W" run --quiet --backend "$BACKEND" --cores 4 --report "$T/r.json" "$PROG" $mode $off >/dev/null 2>&1; wrc=$?
        if [ $qrc -eq 135 ]; then want="faulted misaligned access where alignment is required (atomics, exclusives, LDRD/STRD, LDM/STM, VFP, NEON)"; else want="halted -"; fi
        got=$(faults "$T/r.json" | sort | uniq -c | sed 's/^ *//')
        if [ $wrc -eq $qrc ] && [ "$got" = "4 $want" ]; then ok; else
            bad "$mode +$off, 4 cores: exit $wrc (want $qrc), cores: $got"
        fi
    done
done
echo "atomic: $pass passed, $fail failed"
[ $fail -eq 0 ]
