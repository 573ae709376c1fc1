#!/usr/bin/env bash
# Issue 20's memory check: N cores (default 1024) that open the same input
# file share one cached copy of it. Runs busybox (armel, make busybox-test
# fetches it) `head -c 16 FILE` on N cores for a 10 MB file and for a 16-byte
# one, and prints warpsim's peak resident memory for each: the difference is
# what the big file costs all N cores together (one copy: about 10 MB).
#
#   bash bench/files_memory.sh [N]
set -eu
N=${1:-1024}
W=${WARPSIM:-build/warpsim}
B=${BUSYBOX:-build/busybox/bin/busybox}
[ -x "$B" ] || { echo "files_memory: no $B (make busybox-test fetches it)" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
head -c 10000000 /dev/urandom >"$T/big"
head -c 16 /dev/urandom >"$T/small"
# peak_mb FILE: warpsim's peak resident set (MB) running head on it on N cores
peak_mb() {
    python3 - "$W" "$B" "$N" "$1" "$T/out" <<'PY'
import resource, subprocess, sys
w, b, n, f, out = sys.argv[1:]
subprocess.run([w, "run", "--quiet", "--cores", n, "--output-dir", out, b, "head", "-c", "16", f],
               check=True, stdout=subprocess.DEVNULL)
print(round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1))
PY
}
small=$(peak_mb "$T/small")
big=$(peak_mb "$T/big")
echo "$N cores, head -c 16: 16-byte file ${small} MB, 10 MB file ${big} MB peak resident;" \
    "the 10 MB file costs $(awk -v a="$big" -v b="$small" 'BEGIN { print a - b }') MB for all $N cores"
