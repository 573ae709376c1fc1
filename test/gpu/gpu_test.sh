#!/usr/bin/env bash
# GPU tests: the differential suite on the CUDA backend, and CPU-vs-CUDA
# equivalence of every core's final registers, counters and memory digest.
# Without a usable GPU it says so and exits 0.
set -u
W=${WARPSIM:-build/warpsim}
if ! "$W" --version | grep -q '^backends: cpu, cuda (' || "$W" --version | grep -q 'no GPU found'; then
    echo "gpu-test: SKIPPED: no usable CUDA device ($("$W" --version | sed -n 2p))"
    exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# equiv PROG CORES [warpsim options]: identical final state on both backends.
equiv() {
    local prog=$1 cores=$2
    shift 2
    "$W" run --quiet --backend cpu --cores "$cores" --dump-state "$T/cpu.state" "$@" "$prog" >/dev/null 2>&1
    "$W" run --quiet --backend cuda --cores "$cores" --dump-state "$T/cuda.state" "$@" "$prog" >/dev/null 2>&1
    if cmp -s "$T/cpu.state" "$T/cuda.state"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: CPU and CUDA final states differ: $prog on $cores cores"
        diff "$T/cpu.state" "$T/cuda.state" | head -4
    fi
}

for k in build/kernels/*.arm build/kernels/bench/*.arm; do
    [ -f "$k" ] && equiv "$k" 256
done
for k in build/kernels/*.arm; do # the divergence cure must not change results either
    [ -f "$k" ] && { equiv "$k" 256 --regroup 1000; equiv "$k" 64 --mode mk; }
done
for b in build/diff/*.O2 build/diff/*.thumb; do
    [ -f "$b" ] && equiv "$b" 64
done
echo "equivalence: $pass passed, $fail failed"
DIFF_JOBS=${DIFF_JOBS:-$(nproc)} DIFF_WARPSIM_FLAGS="--backend cuda" WARPSIM="$W" sh test/diff/run_diff.sh \
    $(make --no-print-directory -s BUILD=build diff-list)
diff_rc=$?
[ $fail -eq 0 ] && [ $diff_rc -eq 0 ]
