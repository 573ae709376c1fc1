#!/usr/bin/env bash
# warpsim benchmarks: `make bench` (quick) and `make bench-full` (BENCH_FULL=1).
# Side by side in one run, on the same ARM binaries: warpsim's CPU backend
# with 1 thread and all threads, SK and MK; qemu-arm as one process and as
# one process per host core (aggregate); the CUDA backend when a GPU is
# present (cores up to 65536, block sizes 32/64/128, --regroup). Workloads:
# kernels/bench (seed 002's best and worst cases, FFT, IDCT, matrix products)
# and bench/programs/compute.c and calls.c, A32 and Thumb-2 (per-thread speed
# against qemu-arm). qemu's MIPS use warpsim's instruction count of the same
# program on one core. The per-thread pairs (warpsim on 1 thread, qemu-arm as
# 1 process) run in turn ROUNDS times (default 5), each keeping its median.
# Writes bench/results/<date>-<device>.{json,csv}, prints the table, plots.
set -eu
W=${WARPSIM:-build/warpsim}
OUT=${BENCH_OUT:-bench/results}
FULL=${BENCH_FULL:-0}
mkdir -p "$OUT"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
K=build/kernels/bench
NPROC=$(nproc)
DATE=$(date +%Y-%m-%d)
gpu=0
if "$W" --version | grep -q '^backends: cpu, cuda (' && ! "$W" --version | grep -q 'no GPU'; then gpu=1; fi
DEVICE=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
[ $gpu = 1 ] && DEVICE="$("$W" --version | sed -n 's/^backends: cpu, cuda (\(.*\))$/\1/p') + $DEVICE"
TAG=$(echo "$DEVICE" | cut -d+ -f1 | tr -cs 'A-Za-z0-9' '-' | sed 's/-$//' | cut -c1-40)
# BENCH_COMMIT: for a copy of the tree without .git (the GPU machine's).
COMMIT=${BENCH_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
rows="$T/rows"
: >"$rows"
QEMU=${QEMU_ARM:-qemu-arm}
ROUNDS=${ROUNDS:-5}
case $ROUNDS in
'' | *[!0-9]* | 0*) echo "bench: ROUNDS must be a positive whole number, not '$ROUNDS'" >&2; exit 2 ;;
esac
# The programs come from `make bench-programs` (or, with make KIT=1, the kit).
for p in compute calls; do
    [ -f build/bench/$p.arm ] && [ -f build/bench/$p.thumb.arm ] ||
        { echo "bench: build/bench/$p.arm or $p.thumb.arm missing (make bench-programs)"; exit 1; }
done

json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$T/r.json" "$1"; }

# sim LABEL WORKLOAD PROG BACKEND THREADS CORES MODE [warpsim options] -- [program args]
# Runs REPS times (default 1) and keeps the run of median wall time.
sim() {
    local label=$1 wl=$2 prog=$3 backend=$4 threads=$5 cores=$6 mode=$7
    shift 7
    local opts=() args=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    args=("$@")
    local tflag=(--threads "$threads")
    [ "$backend" = cuda ] && tflag=(--block-size "$threads")
    : >"$T/reps"
    for _ in $(seq "${REPS:-1}"); do
        "$W" run --quiet --backend "$backend" "${tflag[@]}" --cores "$cores" --mode "$mode" "${opts[@]}" \
            --report "$T/r.json" "$prog" "${args[@]}" >"$T/out" 2>&1 || { echo "bench: $label failed:"; cat "$T/out"; exit 1; }
        echo "$label,$backend,$threads,$cores,$(json 'd["total_instructions"]'),$(json 'd["wall_seconds"]'),workload=$wl,mode=$mode,args=${args[*]:-default},max_core_insns=$(json 'max(c["instructions"] for c in d["per_core"])')" >>"$T/reps"
    done
    sort -t, -k6,6g "$T/reps" | sed -n "$(( (${REPS:-1} + 1) / 2 ))p" >>"$rows"
}

# qemu LABEL WORKLOAD PROG PROCS INSNS_PER_PROCESS [args]: PROCS copies at once.
qemu() {
    local label=$1 wl=$2 prog=$3 procs=$4 insns=$5
    shift 5
    local start end
    start=$(date +%s.%N)
    for _ in $(seq "$procs"); do "$QEMU" "$prog" "$@" >/dev/null & done
    wait
    end=$(date +%s.%N)
    local a="$*"
    echo "$label,qemu,$procs,$procs,$((insns * procs)),$(python3 -c "print($end - $start)"),workload=$wl,args=${a:-default}" >>"$rows"
}

# versus WORKLOAD PROG [args]: warpsim (CPU, 1 thread, 1 core) and qemu-arm (1
# process) on PROG, in turn, ROUNDS times (default 5); each keeps its run of
# median wall time, so that the per-thread ratio compares runs made side by
# side, not two single runs minutes apart on a shared host.
versus() {
    local wl=$1 prog=$2 keep=$rows
    shift 2
    : >"$T/vs_sim"
    : >"$T/vs_qemu"
    for _ in $(seq "$ROUNDS"); do
        rows=$T/vs_sim
        sim "$wl: warpsim cpu 1 thread" "$wl" "$prog" cpu 1 1 sk -- "$@"
        rows=$T/vs_qemu
        qemu "$wl: qemu-arm 1 process" "$wl" "$prog" 1 "$(json 'd["total_instructions"]')" "$@"
    done
    rows=$keep
    for f in vs_sim vs_qemu; do
        sort -t, -k6,6g "$T/$f" | sed -n "$(( (ROUNDS + 1) / 2 ))p" >>"$rows"
    done
}

# 1. Per-thread speed against qemu-arm on the same binary: a compute loop and
# a call-heavy one, as A32 and as Thumb-2 (workload names say which).
for p in compute calls; do
    arg=300000
    [ $p = calls ] && arg=35
    for isa in arm thumb; do
        wl=$p
        [ $isa = thumb ] && wl=$p.thumb
        bin=build/bench/$p.arm
        [ $isa = thumb ] && bin=build/bench/$p.thumb.arm
        versus "$wl" "$bin" $arg
    done
done

# 2. Best and worst case (seed 002 figure 6) over core counts, SK and MK.
CORES="32 64 128 256 512 1024"
[ "$FULL" = 1 ] && CORES="32 64 128 256 512 1024 2048 4096"
LONG=300000 # passes: ~340M instructions, so qemu's start-up and translation (~30 ms) stay under a tenth of its time
for wl in best worst; do
    versus $wl $K/$wl.arm $LONG
    one=$(json 'd["total_instructions"]')
    qemu "$wl: qemu-arm $NPROC processes" $wl $K/$wl.arm "$NPROC" "$one" $LONG
    sim "$wl: warpsim cpu 1 thread" $wl $K/$wl.arm cpu 1 1 sk
    sim "$wl: warpsim cpu 1 thread" $wl $K/$wl.arm cpu 1 256 sk
    for n in $CORES; do sim "$wl: warpsim cpu $NPROC threads" $wl $K/$wl.arm cpu "$NPROC" "$n" sk; done
    # MK: one round (the CPU's kernel launch) per instruction; fewer passes.
    sim "$wl: warpsim cpu 1 thread" $wl $K/$wl.arm cpu 1 1 sk -- 20
    for n in 32 256; do sim "$wl: warpsim cpu $NPROC threads" $wl $K/$wl.arm cpu "$NPROC" "$n" mk -- 20; done
    if [ $gpu = 1 ]; then
        for n in 1024 4096 16384 65536; do
            for b in 32 64 128; do sim "$wl: warpsim cuda block $b" $wl $K/$wl.arm cuda "$b" "$n" sk; done
            sim "$wl: warpsim cuda block 128 regroup" $wl $K/$wl.arm cuda 128 "$n" sk --regroup 2000
        done
        for n in 1024 16384; do sim "$wl: warpsim cuda block 128" $wl $K/$wl.arm cuda 128 "$n" mk -- 20; done
    fi
done

# 3. Real workloads (seed 002 figure 7): simulation and application speedup.
# Sizes large enough for runs of 0.1-0.7 s on one core (the default sizes
# ran for milliseconds, where the machine's noise decided the speedups), and
# each configuration run 3 times, the median kept. The matrix products have
# 256 and 128 rows to share, so their application speedup stops there.
real_args() {
    case $1 in
    imatmul) echo "-- 256" ;;
    fmatmul) echo "-- 128" ;;
    idct) echo "--shared-mem 16777216 -- 1024" ;;
    fft) echo "-- 32768" ;;
    esac
}
for wl in imatmul fmatmul idct fft; do
    # shellcheck disable=SC2046 # real_args's words are separate arguments
    set -- $(real_args $wl)
    REPS=3 sim "$wl: warpsim cpu 1 thread" $wl $K/$wl.arm cpu 1 1 sk "$@"
    for n in 32 256 1024; do REPS=3 sim "$wl: warpsim cpu $NPROC threads" $wl $K/$wl.arm cpu "$NPROC" "$n" sk "$@"; done
    if [ $gpu = 1 ]; then
        for n in 1024 16384; do
            REPS=3 sim "$wl: warpsim cuda block 128" $wl $K/$wl.arm cuda 128 "$n" sk "$@"
            REPS=3 sim "$wl: warpsim cuda block 128 regroup" $wl $K/$wl.arm cuda 128 "$n" sk --regroup 2000 "$@"
        done
    fi
done

python3 bench/tables.py "$rows" "$OUT/$DATE-$TAG" "$DEVICE" "$COMMIT" 0
if command -v gnuplot >/dev/null; then
    bash bench/plot.sh "$OUT/$DATE-$TAG.json" "$OUT"
else
    echo "bench: no gnuplot here, so no plots: make them where it is, bash bench/plot.sh $OUT/$DATE-$TAG.json"
fi
