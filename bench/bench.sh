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
#
# Every run leaves a run report (qemu's written here, in the same fields);
# `warpsim report` turns them into bench/results/<date>-<device>-<commit>:
#   -per-thread.json  the pairs, with versus (warpsim's MIPS over qemu-arm's)
#   -scaling.json     best and worst case over core counts (seed 002, fig. 6)
#   -workloads.json   the real workloads (seed 002, fig. 7)
#   -baselines.json   each workload's 1-core, 1-thread CPU run (the speedups')
#   .csv              the first three; the tables on stdout; and the plots
#   -mips.svg, -app-speedup.svg, -sim-speedup.svg
# The JSON files are warpsim report's row arrays, which it reads back:
#   bash bench/bench.sh plot bench/results/<stem>   draws the plots again.
set -eu
W=${WARPSIM:-build/warpsim}

# plots STEM: the SVGs from STEM's row files (needs gnuplot).
plots() {
    local stem=$1 name
    name=$(basename "$stem")
    if ! command -v gnuplot >/dev/null; then
        echo "bench: no gnuplot here, so no plots: make them where it is, with bash bench/bench.sh plot $stem"
        return 0
    fi
    # CUDA rows differ by --regroup too: a line each
    local cuda=
    "$W" report --format csv --columns backend "$stem-scaling.json" "$stem-workloads.json" | grep -qx cuda &&
        cuda=,regroup
    "$W" report --format svg --output "$stem-mips.svg" --group workload,backend,mode,threads$cuda \
        --title "MIPS in the best and worst case, SK and MK ($name)" "$stem-scaling.json"
    # a line a workload, from its 1-core, 1-thread baseline on
    for y in app sim; do
        "$W" report --format svg --output "$stem-$y-speedup.svg" --baseline "$stem-baselines.json" \
            --y ${y}_speedup --group workload,backend$cuda \
            --title "$y speedup of the real workloads over their 1-core run ($name)" "$stem-workloads.json"
    done
    echo "wrote $stem-mips.svg, $stem-app-speedup.svg and $stem-sim-speedup.svg"
}

if [ "${1:-}" = plot ]; then
    if [ -z "${2:-}" ] || [ ! -f "$2-scaling.json" ]; then
        echo "usage: bash bench/bench.sh plot STEM (the stem of STEM-scaling.json, ...)" >&2
        exit 2
    fi
    plots "$2"
    exit 0
fi

OUT=${BENCH_OUT:-bench/results}
FULL=${BENCH_FULL:-0}
mkdir -p "$OUT"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
K=build/kernels/bench
NPROC=$(nproc)
DATE=$(date +%Y-%m-%d)
gpu=0
if "$W" --version | grep -q '^backends: cpu, cuda (' && ! "$W" --version | grep -q '^backends: cpu, cuda (compiled in;'; then gpu=1; fi
DEVICE=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
[ $gpu = 1 ] && DEVICE="$("$W" --version | sed -n 's/^backends: cpu, cuda (\(.*\))$/\1/p') + $DEVICE"
TAG=$(echo "$DEVICE" | cut -d+ -f1 | tr -cs 'A-Za-z0-9' '-' | sed 's/-$//' | cut -c1-40)
# BENCH_COMMIT: for a copy of the tree without .git (the GPU machine's).
COMMIT=${BENCH_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
STEM=$OUT/$DATE-$TAG-$COMMIT
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
[ -f build/bench/dmatmul.hf.arm ] || { echo "bench: build/bench/dmatmul.hf.arm missing (make bench-programs)"; exit 1; }
mkdir "$T/runs"

# The run reports of each table, and the references of the ratios.
per_thread=() scaling=() workloads=() baselines=() qemu1=()
nreports=0
# new_report: REPORT names a fresh file for the next run's report.
new_report() { nreports=$((nreports + 1)); REPORT=$(printf '%s/runs/%04d.json' "$T" "$nreports"); }
# field FILE KEY: one value of a report, read by warpsim report.
field() { "$W" report --format csv --columns "$2" "$1" | sed -n 2p; }
# median FILE...: the report of median wall time.
median() {
    for f; do echo "$(field "$f" wall_seconds) $f"; done | sort -g | sed -n "$((($# + 1) / 2))p" | cut -d' ' -f2
}
# workload NAME ARGS...: the name the ratios pair runs by: the program's, and its arguments if any.
workload() { local wl=$1; shift; echo "$wl${*:+ $*}"; }

# sim LIST WORKLOAD PROG BACKEND THREADS CORES MODE [warpsim options] -- [program args]
# Runs REPS times (default 1) and adds the run of median wall time to LIST
# (an array's name); REPORT names its report.
sim() {
    # shellcheck disable=SC2178 # list names the caller's array
    local -n list=$1
    local wl=$2 prog=$3 backend=$4 threads=$5 cores=$6 mode=$7 reps=()
    shift 7
    local opts=() args=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    args=("$@")
    local tflag=(--threads "$threads")
    [ "$backend" = cuda ] && tflag=(--block-size "$threads")
    for _ in $(seq "${REPS:-1}"); do
        new_report
        "$W" run --quiet --backend "$backend" "${tflag[@]}" --cores "$cores" --mode "$mode" "${opts[@]}" \
            --report "$REPORT" "$prog" "${args[@]}" >"$T/out" 2>&1 ||
            { echo "bench: $wl, $backend $threads, $cores cores, $mode failed:"; cat "$T/out"; exit 1; }
        python3 -c 'import json, sys
f, wl = sys.argv[1:]
d = json.load(open(f))
d["workload"] = wl
json.dump(d, open(f, "w"))' "$REPORT" "$(workload "$wl" "${args[@]}")"
        reps+=("$REPORT")
    done
    REPORT=$(median "${reps[@]}")
    list+=("$REPORT")
}

# qemu LIST WORKLOAD PROG PROCS INSNS_PER_PROCESS [args]: PROCS copies at
# once, a report of them added to LIST.
qemu() {
    # shellcheck disable=SC2178 # list names the caller's array
    local -n list=$1
    local wl=$2 prog=$3 procs=$4 insns=$5
    shift 5
    local start end
    start=$(date +%s.%N)
    for _ in $(seq "$procs"); do "$QEMU" "$prog" "$@" >/dev/null & done
    wait
    end=$(date +%s.%N)
    new_report
    python3 -c 'import json, sys
f, wl, prog, procs, insns, start, end, device = sys.argv[1:]
json.dump({"workload": wl, "program": prog, "isa": "arm", "backend": "qemu", "device": device,
           "threads": int(procs), "cores": int(procs), "total_instructions": int(insns) * int(procs),
           "wall_seconds": float(end) - float(start)}, open(f, "w"), indent=2)' \
        "$REPORT" "$(workload "$wl" "$@")" "$prog" "$procs" "$insns" "$start" "$end" "$DEVICE"
    list+=("$REPORT")
}

# versus WORKLOAD PROG [args]: warpsim (CPU, 1 thread, 1 core) and qemu-arm (1
# process) on PROG, in turn, ROUNDS times; each keeps its run of median wall
# time, so that the per-thread ratio compares runs made side by side, not two
# single runs minutes apart on a shared host. warpsim's run is also its
# workload's baseline; qemu's the reference of versus.
versus() {
    local wl=$1 prog=$2 ws=() qs=()
    shift 2
    for _ in $(seq "$ROUNDS"); do
        sim ws "$wl" "$prog" cpu 1 1 sk -- "$@"
        qemu qs "$wl" "$prog" 1 "$(field "$REPORT" total_instructions)" "$@"
    done
    local w q
    w=$(median "${ws[@]}")
    q=$(median "${qs[@]}")
    per_thread+=("$w" "$q")
    baselines+=("$w")
    qemu1+=("$q")
}

# 1. Per-thread speed against qemu-arm on the same binary: a compute loop and
# a call-heavy one, as A32 and as Thumb-2 (workload names say which).
for p in compute calls; do
    arg=300000
    [ $p = calls ] && arg=35
    versus $p build/bench/$p.arm $arg
    versus $p.thumb build/bench/$p.thumb.arm $arg
done
# ... and VFP code: a double matrix product built for armhf
versus dmatmul.hf build/bench/dmatmul.hf.arm 96 4

# 2. Best and worst case (seed 002 figure 6) over core counts, SK and MK.
CORES="32 64 128 256 512 1024"
[ "$FULL" = 1 ] && CORES="32 64 128 256 512 1024 2048 4096"
LONG=300000 # passes: ~340M instructions, so qemu's start-up and translation (~30 ms) stay under a tenth of its time
for wl in best worst; do
    versus $wl $K/$wl.arm $LONG
    qemu scaling $wl $K/$wl.arm "$NPROC" "$(field "${baselines[-1]}" total_instructions)" $LONG
    sim scaling $wl $K/$wl.arm cpu 1 1 sk
    baselines+=("$REPORT")
    sim scaling $wl $K/$wl.arm cpu 1 256 sk
    for n in $CORES; do sim scaling $wl $K/$wl.arm cpu "$NPROC" "$n" sk; done
    # MK: one round (the CPU's kernel launch) per instruction; fewer passes.
    sim scaling $wl $K/$wl.arm cpu 1 1 sk -- 20
    baselines+=("$REPORT")
    for n in 32 256; do sim scaling $wl $K/$wl.arm cpu "$NPROC" "$n" mk -- 20; done
    if [ $gpu = 1 ]; then
        # Block sizes 32/64/128 at the ends of the first range (an H200 gave the same within 2%,
        # bench/RESULTS.md); 128 alone between and beyond, up to 262,144 cores (20.8 KB each).
        for n in 1024 4096 16384 65536 262144; do
            case $n in 1024 | 65536) bs="32 64 128" ;; *) bs=128 ;; esac
            for b in $bs; do sim scaling $wl $K/$wl.arm cuda "$b" "$n" sk; done
            sim scaling $wl $K/$wl.arm cuda 128 "$n" sk --regroup 2000
        done
        for n in 1024 16384; do sim scaling $wl $K/$wl.arm cuda 128 "$n" mk -- 20; done
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
    REPS=3 sim workloads $wl $K/$wl.arm cpu 1 1 sk "$@"
    baselines+=("$REPORT")
    for n in 32 256 1024; do REPS=3 sim workloads $wl $K/$wl.arm cpu "$NPROC" "$n" sk "$@"; done
    if [ $gpu = 1 ]; then
        for n in 1024 16384; do
            REPS=3 sim workloads $wl $K/$wl.arm cuda 128 "$n" sk "$@"
            REPS=3 sim workloads $wl $K/$wl.arm cuda 128 "$n" sk --regroup 2000 "$@"
        done
    fi
done

# The row files, the CSV and the tables, all by warpsim report.
COLS=workload,program,backend,device,mode,threads,regroup,cores,total_instructions,wall_seconds,mips
COLS=$COLS,mips_per_thread,max_core_insns,sim_speedup,app_speedup,versus
rows() { "$W" report --format json --columns "$COLS" --output "$STEM-$1.json" "${@:2}"; }
rows baselines "${baselines[@]}"
rows per-thread "${qemu1[@]/#/--versus=}" "${per_thread[@]}"
rows scaling --baseline "$STEM-baselines.json" "${scaling[@]}"
rows workloads --baseline "$STEM-baselines.json" "${workloads[@]}"
"$W" report --format csv --columns "$COLS" --output "$STEM.csv" \
    "$STEM-per-thread.json" "$STEM-scaling.json" "$STEM-workloads.json"
echo "device: $DEVICE   commit: $COMMIT"
echo
echo "Per host thread, warpsim (CPU, 1 core) against qemu-arm (1 process), medians of $ROUNDS rounds:"
"$W" report --columns workload,backend,threads,cores,mips,versus "$STEM-per-thread.json"
echo
echo "Best and worst case over simulated cores (seed 002, figure 6):"
"$W" report --columns workload,backend,threads,mode,regroup,cores,mips,mips_per_thread,sim_speedup \
    "$STEM-scaling.json"
echo "seed 002 (GTX 295, 1024 cores), published: SK best 1000, SK worst 140, MK best 50, MK worst 25 MIPS"
echo
echo "Real workloads (seed 002, figure 7), medians of 3 runs:"
"$W" report --columns workload,backend,threads,cores,wall_seconds,mips,sim_speedup,app_speedup \
    "$STEM-workloads.json"
echo
echo "wrote $STEM-{per-thread,scaling,workloads,baselines}.json and $STEM.csv"
plots "$STEM"
