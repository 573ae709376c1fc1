#!/usr/bin/env bash
# One device-tool call's worth of GPU work, with warpsim built here, not there.
#
# Building the CUDA backend takes minutes of nvcc and ptxas (README, "Build"),
# and a lent GPU machine has about 15 minutes in all: so warpsim is built on
# this machine (`make KIT=1 all`: jansson linked statically, sm_75 and sm_90
# code in the binary) and carried with the kit.
#
#   here:   bash tools/gpu_session.sh pack        (make gpu-kit, make KIT=1 all, fills .gpu/)
#   there:  bash tools/gpu_session.sh run COMMIT  (carry: .gpu; writes logs and bench.tgz to $OUT)
#
# `run` makes no target of the Makefile that needs warpsim (its timestamps do
# not travel reliably): it calls the scripts behind `make gpu-test` and
# `make bench-full` directly, each under a time limit, so that one stage that
# hangs leaves the others' results. The benchmark's run reports are kept even
# when it is cut off (bench.tgz), so `warpsim report` can make tables here.
set -u
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
    ;;
run)
    commit=${2:-$(head -1 .gpu/commit 2>/dev/null || echo unknown)}
    OUT=${OUT:?run is for the device machine: OUT names the folder that comes back}
    [ -x .gpu/warpsim ] && [ -f .gpu/gpu-kit.tar.xz ] || { echo "gpu_session: .gpu is not packed (pack, and carry .gpu)"; exit 2; }
    mkdir -p build
    cp .gpu/warpsim build/warpsim
    python3 -c 'import sys, tarfile; f = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}; \
        tarfile.open(sys.argv[1]).extractall(**f)' .gpu/gpu-kit.tar.xz
    find build/diff/expect -type f -exec touch {} + # qemu's results stay newer than the binaries
    export QEMU_ARM=$PWD/build/kit/qemu-arm-static
    {
        nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
        build/warpsim --version
        for isa in arm x86; do
            /usr/bin/time -f "make run ($isa), cuda: %e s" timeout "${SMOKE_LIMIT:-60}" build/warpsim run --backend cuda \
                --config configs/manycore-$isa-1024.cfg build/kernels/matmul.$isa 256 2>&1 | tail -8
        done
    } 2>&1 | tee "$OUT/smoke.log"
    SECONDS=0
    timeout -s KILL "${GPU_TEST_LIMIT:-240}" bash test/gpu/gpu_test.sh >"$OUT/gpu-test.log" 2>&1
    echo "gpu-test: exit $? after ${SECONDS} s" | tee -a "$OUT/gpu-test.log"
    grep -E '^(FAIL|equivalence|ptx equivalence|gpu-test|atomic|cub|[0-9]+ passed)' "$OUT/gpu-test.log" | head -40
    SECONDS=0
    mkdir -p /tmp/bench-tmp /tmp/bench-out
    TMPDIR=/tmp/bench-tmp ROUNDS=${ROUNDS:-1} BENCH_FULL=1 BENCH_OUT=/tmp/bench-out BENCH_COMMIT="$commit" \
        timeout -s KILL "${BENCH_LIMIT:-240}" bash bench/bench.sh >"$OUT/bench.log" 2>&1
    echo "bench-full: exit $? after ${SECONDS} s" | tee -a "$OUT/bench.log"
    tar czf "$OUT/bench.tgz" -C /tmp bench-out bench-tmp
    tail -60 "$OUT/bench.log"
    ;;
*)
    echo "usage: bash tools/gpu_session.sh pack | run [COMMIT]" >&2
    exit 2
    ;;
esac
