#!/usr/bin/env bash
# One device-tool call's worth of GPU work, with warpsim built here, not there.
#
# Building the CUDA backend takes minutes of nvcc and ptxas (README, "Build"),
# and a lent GPU machine has about 15 minutes in all: so warpsim is built on
# this machine (`make KIT=1 all`: jansson linked statically, sm_90 code and
# compute_75/compute_90 PTX in the binary) and carried with the kit.
#
#   here:   bash tools/gpu_session.sh pack        (make gpu-kit, make KIT=1 all, fills .gpu/;
#                                                  bench/hw/collect.sh pack fills .hw/)
#   there:  bash tools/gpu_session.sh run COMMIT  (carry: .gpu, .hw; writes logs, bench.tgz
#                                                  and hw.tgz, the Nsight Compute counters, to $OUT)
#           bash tools/gpu_session.sh run-test    (gpu-test alone)
#
# `run` makes no target of the Makefile that needs warpsim (its timestamps do
# not travel reliably): it calls the scripts behind `make gpu-test` and
# `make bench-full` directly, each under a time limit, so that one stage that
# hangs leaves the others' results. The benchmark's run reports are kept even
# when it is cut off (bench.tgz), so `warpsim report` can make tables here.
set -u

# The binary and the kit where the scripts expect them (build/).
unpack() {
    [ -x .gpu/warpsim ] && [ -f .gpu/gpu-kit.tar.xz ] || { echo "gpu_session: .gpu is not packed (pack, and carry .gpu)"; exit 2; }
    mkdir -p build
    cp .gpu/warpsim build/warpsim
    python3 -c 'import sys, tarfile; f = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}; \
        tarfile.open(sys.argv[1]).extractall(**f)' .gpu/gpu-kit.tar.xz
    find build/diff/expect -type f -exec touch {} + # qemu's results stay newer than the binaries
    export QEMU_ARM=$PWD/build/kit/qemu-arm-static
}

# The card, the binary, and `make run`'s two lines on the CUDA backend.
smoke() {
    {
        nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
        build/warpsim --version
        for isa in arm x86; do
            /usr/bin/time -f "make run ($isa), cuda: %e s" timeout "${SMOKE_LIMIT:-60}" build/warpsim run --backend cuda \
                --config configs/manycore-$isa-1024.cfg build/kernels/matmul.$isa 256 2>&1 | tail -8
        done
    } 2>&1 | tee "$OUT/smoke.log"
}

# gpu_test.sh's parts one after another, in GPU_SESSION_PARTS's order (the
# ones with fixes not yet run on a GPU first: ptx's scan, kernels' --mode mk),
# all within GPU_TEST_LIMIT seconds; one log
# each, and every run's time in gpu-test-times.log. Not side by side: on an
# H200 six parts at once finished less than two parts did alone, as each
# process's launches wait for the others' time slices.
gpu_test() {
    local p left deadline=$((SECONDS + ${GPU_TEST_LIMIT:-240}))
    for p in ${GPU_SESSION_PARTS:-ptx kernels x86-programs thumb-programs hf-programs arm-programs atomic cub}; do
        left=$((deadline - SECONDS))
        [ $left -gt 5 ] || { echo "gpu-test ($p): not run, no time left" >>"$OUT/gpu-test-$p.log"; continue; }
        local t0=$SECONDS
        GPU_TEST_PARTS="$p" GPU_TEST_TIMES="$OUT/gpu-test-times.log" timeout -s KILL $left \
            bash test/gpu/gpu_test.sh >"$OUT/gpu-test-$p.log" 2>&1
        echo "gpu-test ($p): exit $? after $((SECONDS - t0)) s" >>"$OUT/gpu-test-$p.log"
    done
    grep -hE '^(FAIL|equivalence|ptx equivalence|not run|gpu-test|atomic|cub|[0-9]+ passed)' "$OUT"/gpu-test-*.log | head -80
}

# Repeatability: each PROG:CORES of GPU_SESSION_REPEAT run 5 times on each
# backend; one line per run with the checksum of its per-core memory digests
# (a contended program's registers may differ, and its memory where a retry
# loop's register reaches the stack, as in idct.thumb.arm: bench/RESULTS.md).
repeat_runs() {
    local pc prog cores b i
    [ -n "${GPU_SESSION_REPEAT:-}" ] || return 0 # (idct.thumb.arm:256's was explained: bench/RESULTS.md)
    for pc in $GPU_SESSION_REPEAT; do
        prog=${pc%%:*} cores=${pc##*:}
        for b in cpu cuda; do
            for i in 1 2 3 4 5; do
                build/warpsim run --quiet --backend $b --cores "$cores" --dump-state /tmp/rep.state "$prog" >/dev/null 2>&1
                echo "$prog $cores $b run $i: memory digests $(awk '{print $NF}' /tmp/rep.state | md5sum | cut -c1-12)"
            done
        done
    done | tee "$OUT/repeat.log"
}

# make bench-full's script, its run reports kept even if it is cut off.
bench_full() {
    SECONDS=0
    mkdir -p /tmp/bench-tmp /tmp/bench-out
    TMPDIR=/tmp/bench-tmp ROUNDS=${ROUNDS:-1} BENCH_FULL=1 BENCH_OUT=/tmp/bench-out BENCH_COMMIT="$1" \
        timeout -s KILL "${BENCH_LIMIT:-240}" bash bench/bench.sh >"$OUT/bench.log" 2>&1
    echo "bench-full: exit $? after ${SECONDS} s" | tee -a "$OUT/bench.log"
    tar czf "$OUT/bench.tgz" -C /tmp bench-out bench-tmp
    tail -60 "$OUT/bench.log"
}

cmd=${1:-}
case $cmd in
pack)
    set -e
    make --no-print-directory gpu-kit
    make --no-print-directory KIT=1 -j"$(nproc)" all
    ./build/warpsim --version | grep -q '^backends: cpu, cuda' ||
        { echo "gpu_session: build/warpsim has no CUDA backend (no nvcc?)" >&2; exit 1; }
    ! ldd build/warpsim | grep -q jansson || { echo "gpu_session: jansson is linked dynamically" >&2; exit 1; }
    mkdir -p .gpu
    grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo /.gpu/ >>.git/info/exclude
    strip -g -o .gpu/warpsim build/warpsim
    cp build/gpu-kit.tar.xz .gpu/
    git rev-parse --short HEAD >.gpu/commit
    git status --porcelain --untracked-files=no | grep -q . && echo "dirty" >>.gpu/commit
    du -sh .gpu
    bash bench/hw/collect.sh pack
    ;;
run | run-test)
    OUT=${OUT:?run is for the device machine: OUT names the folder that comes back}
    commit=${2:-$(head -1 .gpu/commit 2>/dev/null || echo unknown)}
    unpack
    [ "$cmd" = run ] && smoke
    repeat_runs
    gpu_test
    # Nsight Compute's counters of the PTX workloads (bench/hw/collect.sh),
    # when .hw is carried, before the benchmark that a cut-off ends; commit
    # hw.tgz's hw/ as bench/hw/<card>/ (warpsim report --correlate reads it).
    if [ -d .hw ]; then
        HW_COMMIT=$commit timeout -s KILL "${HW_LIMIT:-180}" bash bench/hw/collect.sh "$OUT/hw"
        echo "hw-collect: exit $?" | tee -a "$OUT/hw/header.txt"
        tar czf "$OUT/hw.tgz" -C "$OUT" hw && rm -rf "$OUT/hw"
    fi
    [ "$cmd" = run ] && bench_full "$commit"
    # At most 8 files come back from a device call: everything in one.
    [ -n "${GPU_SESSION_TAR:-}" ] && tar czf "$GPU_SESSION_TAR" -C "$OUT" .
    ;;
*)
    echo "usage: bash tools/gpu_session.sh pack | run [COMMIT] | run-test" >&2
    exit 2
    ;;
esac
