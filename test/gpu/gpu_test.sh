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

# PTX workloads: each launch file in each PTX variant on both backends; every
# buffer's final bytes, the printf output and the instruction counts must agree
# (and the CUDA run pass the launch file's own checks).
ptx_counts() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["gpu_tot_sim_insn"], d["gpgpu_n_tot_w_icount"], d["warps"])' "$1"
}
ptx_equiv() {
    local launch=$1 module=$2 b
    for b in cpu cuda; do
        rm -rf "$T/$b"
        "$W" ptx --quiet --backend $b --module "$module" --dump-dir "$T/$b" --report "$T/$b.json" "$launch" \
            >"$T/$b.out" 2>"$T/$b.err" || { echo "FAIL: $launch ($module) on $b:"; tail -3 "$T/$b.err"; return 1; }
    done
    diff -r "$T/cpu" "$T/cuda" >/dev/null || { echo "FAIL: buffers differ: $launch ($module)"; return 1; }
    cmp -s "$T/cpu.out" "$T/cuda.out" || { echo "FAIL: printf output differs: $launch ($module)"; return 1; }
    [ "$(ptx_counts "$T/cpu.json")" = "$(ptx_counts "$T/cuda.json")" ] ||
        { echo "FAIL: counts differ: $launch ($module)"; return 1; }
}
ppass=0 pfail=0
make --no-print-directory -s ptx-workloads-refs >/dev/null
for launch in kernels/ptx/*.launch; do
    name=$(basename "$launch" .launch)
    for v in sm_75 sm_90 sm_75.G clang; do
        if ptx_equiv "$launch" "kernels/ptx/gen/$name.$v.ptx"; then ppass=$((ppass + 1)); else pfail=$((pfail + 1)); fi
    done
done
echo "ptx equivalence: $ppass passed, $pfail failed"
fail=$((fail + pfail))
DIFF_JOBS=${DIFF_JOBS:-$(nproc)} DIFF_WARPSIM_FLAGS="--backend cuda" WARPSIM="$W" sh test/diff/run_diff.sh \
    $(make --no-print-directory -s BUILD=build diff-list)
diff_rc=$?
[ $fail -eq 0 ] && [ $diff_rc -eq 0 ]
