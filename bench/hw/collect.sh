#!/usr/bin/env bash
# Nsight Compute's counters of every kernels/ptx workload, on this machine's
# NVIDIA GPU, for `warpsim report --correlate` (issue 34 part 8). Each
# workload is built as a CUDA program (kernels/ptx/host/host.mk, `make
# cuda-workloads`: the same launch file, buffers and checks as `warpsim ptx`)
# and runs once under ncu with the metrics of src/host/hw/hw_counters.def,
# the table --correlate reads, plus a few that describe the launch. A timing
# micro-benchmark written as a CUDA program is a kernels/ptx workload
# (clock_f64 today), so it is collected with them. The memory
# micro-benchmarks of test/cuda/ubench (`make cuda-ubench`) run natively
# after them, not under ncu (its replays flush the caches and would stretch
# their clock64 spans): their printed figures, the card's own, go into
# DIR/ubench.txt.
#
#   bash bench/hw/collect.sh [DIR]    on the GPU machine: DIR/<workload>.csv
#                                     (ncu --csv --page raw), DIR/ubench.txt
#                                     (the micro-benchmarks' lines) and DIR/header.txt
#                                     (card, driver, clocks, CUDA, ncu, commit);
#                                     default DIR bench/hw/<card>, e.g. bench/hw/h200
#   bash bench/hw/collect.sh pack     here (nvcc, no GPU): the programs and the
#                                     references into .hw/, which the device tool
#                                     carries (tools/gpu_session.sh pack does it)
#   bash bench/hw/collect.sh metrics  the metrics ncu is given, one line
#
# It fails (exit 1, one line why) with no GPU, no ncu, or a program that ncu
# gave no counters for (its CSV is removed, its log kept as DIR/<workload>.out):
# nothing is written that was not measured. ncu gets --clock-control none (the
# device tool's METHOD.md: leave the clocks as they are); header.txt records
# the clocks nvidia-smi saw. Kernel names are the mangled ones
# (--print-kernel-base mangled), as the PTX and warpsim's reports name them.
set -u
WL=kernels/ptx
EXTRA=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread

die() { echo "collect: $*" >&2; exit 1; }

# The table's metrics, by the C preprocessor expanding its rows.
metrics() {
    printf '#define HW_COUNTER(name, key, metric, added, scale, what) metric added\n#include "src/host/hw/hw_counters.def"\n' |
        ${CC:-cc} -E -P -x c -I. - | tr -d '"' | tr -s ' \n' '\n\n' | grep . | sort -u | paste -sd, -
}

# "NVIDIA H200" -> h200
card_dir() { sed -e 's/^NVIDIA //' -e 's/[^A-Za-z0-9]\+/-/g' -e 's/-$//' <<<"$1" | tr 'A-Z' 'a-z'; }

commit() {
    [ -n "${HW_COMMIT:-}" ] && { echo "$HW_COMMIT"; return; }
    git rev-parse --short HEAD 2>/dev/null || cat .hw/commit 2>/dev/null || echo unknown
}

pack() {
    make --no-print-directory -j"${JOBS:-2}" cuda-workloads ptx-workloads-refs cuda-ubench >/dev/null ||
        die "make cuda-workloads cuda-ubench failed"
    rm -rf .hw
    mkdir -p .hw/cuda .hw/ref .hw/ubench
    local ex
    ex=$(git rev-parse --git-path info/exclude 2>/dev/null) && { grep -qx '/.hw/' "$ex" 2>/dev/null || echo /.hw/ >>"$ex"; }
    cp build/kernels/ptx/cuda/*.sm_75 build/kernels/ptx/cuda/*.sm_90 .hw/cuda/
    cp build/kernels/ptx/ref/* .hw/ref/
    cp build/cuda-ubench/* .hw/ubench/
    git rev-parse --short HEAD >.hw/commit
    du -sh .hw
}

# One workload under ncu; 0 when its CSV has a launch's counters.
profile() {
    local name=$1 bin=$2 refs=$3 dir=$4 t0=$SECONDS rc
    timeout -s KILL "${HW_APP_LIMIT:-60}" ncu --csv --page raw --clock-control none --print-units base \
        --print-kernel-base mangled --metrics "$M" --log-file "$dir/$name.csv" \
        "$bin" "$WL/$name.launch" "$refs" >"$dir/$name.out" 2>&1
    rc=$?
    local launches
    launches=$(grep -c '^"[0-9]' "$dir/$name.csv" 2>/dev/null)
    echo "$name: exit $rc after $((SECONDS - t0)) s, ${launches:-0} launches measured" >>"$dir/header.txt"
    if [ "${launches:-0}" -gt 0 ] && grep -q '^"ID",' "$dir/$name.csv"; then
        rm -f "$dir/$name.out"
        return 0
    fi
    cat "$dir/$name.csv" >>"$dir/$name.out" 2>/dev/null
    rm -f "$dir/$name.csv"
    echo "collect: $name: ncu gave no counters (exit $rc): $(grep -m1 -E '==ERROR==|rror' "$dir/$name.out" | head -c 200)" >&2
    return 1
}

# The micro-benchmarks in BINS, each run once natively: "== NAME: exit RC"
# and what it printed, into DIR/ubench.txt; the exit statuses in header.txt.
ubench() {
    local bins=$1 dir=$2 b name rc
    : >"$dir/ubench.txt"
    for b in "$bins"/*; do
        [ -x "$b" ] || continue
        name=$(basename "$b")
        timeout -s KILL "${HW_APP_LIMIT:-60}" "$b" >"$dir/ubench.out" 2>&1
        rc=$?
        { echo "== $name: exit $rc"; cat "$dir/ubench.out"; } >>"$dir/ubench.txt"
        echo "ubench $name: exit $rc" >>"$dir/header.txt"
    done
    rm -f "$dir/ubench.out"
}

run() {
    command -v nvidia-smi >/dev/null || die "no nvidia-smi: not a machine with an NVIDIA GPU (nothing collected)"
    local card cc
    card=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
    [ -n "$card" ] || die "nvidia-smi lists no GPU (nothing collected)"
    command -v ncu >/dev/null || die "no ncu (Nsight Compute) on the PATH (nothing collected)"
    cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1)
    local arch=sm_75 dir=${1:-bench/hw/$(card_dir "$card")} bins refs ubins
    [ "${cc%%.*}" -ge 9 ] 2>/dev/null && arch=sm_90
    if [ -d .hw/cuda ]; then
        bins=.hw/cuda refs=.hw/ref ubins=.hw/ubench
    else
        make --no-print-directory -j"${JOBS:-2}" cuda-workloads ptx-workloads-refs cuda-ubench >/dev/null ||
            die "make cuda-workloads cuda-ubench failed"
        bins=build/kernels/ptx/cuda refs=build/kernels/ptx/ref ubins=build/cuda-ubench
    fi
    M=$(metrics)
    [ -n "$M" ] || die "no metrics from src/host/hw/hw_counters.def (is a C compiler here?)"
    M=$M,$EXTRA
    cuda=$(dirname "$(dirname "$(command -v nvcc || command -v ncu)")")
    export LD_LIBRARY_PATH=$cuda/lib64:$cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
    mkdir -p "$dir"
    rm -f "$dir"/*.csv "$dir"/*.out
    {
        echo "# Nsight Compute counters of the kernels/ptx workloads (bench/hw/collect.sh), $(date -u '+%Y-%m-%d %H:%M UTC')"
        echo "gpu: $card (compute capability $cc; programs built for $arch)"
        nvidia-smi --query-gpu=driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem --format=csv
        echo "cuda: $(nvidia-smi | grep -o 'CUDA Version: [0-9.]*'); nvcc: $(nvcc --version 2>/dev/null | grep -o 'release [0-9.]*' || echo none)"
        echo "ncu: $(ncu --version | tail -1) (--clock-control none --print-units base --print-kernel-base mangled)"
        echo "warpsim commit: $(commit)"
        echo "metrics: $M"
    } >"$dir/header.txt"
    local failed=0 total=0 f name
    for f in "$WL"/*.launch; do
        name=$(basename "$f" .launch)
        total=$((total + 1))
        profile "$name" "$bins/$name.$arch" "$refs" "$dir" || failed=$((failed + 1))
    done
    ubench "$ubins" "$dir"
    echo "collect: $((total - failed)) of $total workloads measured on $card into $dir (and $(grep -c '^== .*: exit 0$' "$dir/ubench.txt") micro-benchmarks: ubench.txt)"
    [ $failed = 0 ] || die "$failed of $total workloads gave no counters (their logs: $dir/*.out)"
}

case ${1:-} in
pack) pack ;;
metrics) metrics ;;
run) shift; run "$@" ;;
-h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d' ;;
*) run "$@" ;;
esac
