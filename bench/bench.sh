#!/usr/bin/env bash
# warpsim benchmarks (make bench). Side by side in one run, on the same ARM
# binaries: warpsim's CPU backend with 1 thread and all threads, qemu-arm
# (one process, and one per host core in parallel for the aggregate), and
# the CUDA backend when a GPU is present. qemu's MIPS uses warpsim's count of
# the same program's instructions, divided by qemu's wall time.
# Writes bench/results/<date>-<device>.json and .csv and prints a table.
set -eu
W=${WARPSIM:-build/warpsim}
OUT=${BENCH_OUT:-bench/results}
ITERS=${BENCH_ITERS:-200000}
mkdir -p "$OUT" build/bench
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PROG=build/bench/compute.arm
arm-linux-gnueabi-gcc -static -O2 bench/programs/compute.c -o "$PROG"
NPROC=$(nproc)
DATE=$(date +%Y-%m-%d)
DEVICE=$("$W" --version | sed -n 's/^backends: cpu, cuda (\(.*\))$/\1/p' | grep -v 'no GPU' || true)
[ -n "$DEVICE" ] || DEVICE=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
TAG=$(echo "$DEVICE" | tr -cs 'A-Za-z0-9' '-' | sed 's/-$//' | cut -c1-40)
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
rows="$T/rows"
: >"$rows"

# row NAME BACKEND THREADS CORES INSNS SECONDS
row() { echo "$1,$2,$3,$4,$5,$6" >>"$rows"; }

json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d[sys.argv[2]])" "$1" "$2"; }

sim() { # sim NAME BACKEND THREADS CORES
    "$W" run --quiet --backend "$2" --threads "$3" --cores "$4" --heap 256K --stack 64K \
        --report "$T/r.json" "$PROG" "$ITERS" >/dev/null
    row "$1" "$2" "$3" "$4" "$(json_get "$T/r.json" total_instructions)" "$(json_get "$T/r.json" wall_seconds)"
}

sim "warpsim cpu, 1 thread, 1 core" cpu 1 1
ONE=$(json_get "$T/r.json" total_instructions)
sim "warpsim cpu, 1 thread, 64 cores" cpu 1 64
sim "warpsim cpu, $NPROC threads, 64 cores" cpu "$NPROC" 64
sim "warpsim cpu, $NPROC threads, 1024 cores" cpu "$NPROC" 1024
if "$W" --version | grep -q '^backends: cpu, cuda (' && ! "$W" --version | grep -q 'no GPU'; then
    for n in 1024 16384 65536; do sim "warpsim cuda, $n cores" cuda 128 "$n"; done
fi

# qemu-arm: one process, then one per host core at once (aggregate).
start=$(date +%s.%N); qemu-arm "$PROG" "$ITERS" >/dev/null; end=$(date +%s.%N)
s=$(python3 -c "print($end - $start)")
row "qemu-arm, 1 process" qemu 1 1 "$ONE" "$s"
start=$(date +%s.%N)
for i in $(seq "$NPROC"); do qemu-arm "$PROG" "$ITERS" >/dev/null & done
wait
end=$(date +%s.%N)
row "qemu-arm, $NPROC processes" qemu "$NPROC" "$NPROC" "$((ONE * NPROC))" "$(python3 -c "print($end - $start)")"

python3 bench/tables.py "$rows" "$OUT/$DATE-$TAG" "$DEVICE" "$COMMIT" "$ITERS"
