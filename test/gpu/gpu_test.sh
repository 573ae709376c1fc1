#!/usr/bin/env bash
# GPU tests: CPU-vs-CUDA equivalence of every program's final state (ARM
# and IA-32: the kernels built for both, the differential suite's -O2
# programs of both), the misaligned-atomic cases, the PTX workloads on both
# backends, and the differential suite on the CUDA backend.
#
# What is compared (test/gpu/state_cmp.py): for programs whose cores share no
# contended atomic, every core's registers, OS words, instruction count,
# memory digest and stdout; for kernels/tiny.c and reduce.c, where every core
# races on one atomic and retry counts and the old values seen depend on
# arrival order, only what the program computes: exit status, each core's
# status, exit code and fault, its memory digest, and stdout's lines.
#
# With no GPU on the machine it skips, saying so. It fails, never skips or
# passes, when the binary has no CUDA backend, the card cannot
# run it, or any run ends with warpsim's own error (exit 2 from a backend).
#
# GPU_TEST_MODE=cpu (no GPU needed; run by `make test`): the same comparison
# between two CPU-backend runs, one thread against two, on the kernels only
# (both ISAs), after the comparator's self-test: so the script's logic runs
# here too.
set -u
W=${WARPSIM:-build/warpsim}
MODE=${GPU_TEST_MODE:-cuda}
HERE=$(cd "$(dirname "$0")" && pwd)
CMP="python3 $HERE/state_cmp.py"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

case $MODE in
cuda)
    A=(--backend cpu) B=(--backend cuda) NAME_A=CPU NAME_B=CUDA
    if "$W" --version | grep -q '^backends: cpu, cuda (compiled in; no usable CUDA device found'; then
        echo "gpu-test: SKIPPED: no GPU on this machine ($("$W" --version | sed -n 2p)); the CUDA backend is built"
        exit 0
    fi
    if ! "$W" --version | grep -q '^backends: cpu, cuda (' || "$W" --version | grep -q '^backends: cpu, cuda (compiled in;'; then
        echo "FAIL: gpu-test needs a warpsim with a CUDA backend and a card that runs it: $("$W" --version | sed -n 2p)"
        echo "gpu-test: 0 passed, 1 failed"
        exit 1
    fi ;;
cpu) A=(--backend cpu --threads 1) B=(--backend cpu --threads 2) NAME_A="CPU x1" NAME_B="CPU x2" ;;
*) echo "gpu-test: GPU_TEST_MODE is cuda or cpu, not '$MODE'"; exit 2 ;;
esac

# run PREFIX PROG CORES [options]: PREFIX.{state,json,out,rc}
run() {
    local p=$1 prog=$2 cores=$3
    shift 3
    "$W" run --quiet --cores "$cores" --dump-state "$p.state" --report "$p.json" "$@" "$prog" >"$p.out" 2>"$p.err"
    echo $? >"$p.rc"
}

# Cores of these race on one shared atomic (see above).
contended() { case $(basename "$1") in tiny.* | reduce.*) return 0 ;; esac; return 1; }

# equiv PROG CORES [options]: A and B agree on what is deterministic.
equiv() {
    local prog=$1 cores=$2 how=full
    shift 2
    contended "$prog" && how=contended
    run "$T/a" "$prog" "$cores" "${A[@]}" "$@"
    run "$T/b" "$prog" "$cores" "${B[@]}" "$@"
    for s in a b; do
        if [ "$(cat "$T/$s.rc")" = 2 ] || [ ! -s "$T/$s.state" ]; then
            bad "$prog on $cores cores ($*): a backend failed: $(tail -2 "$T/$s.err")"
            return
        fi
    done
    if $CMP $how "$T/a" "$T/b" >"$T/cmp"; then
        pass=$((pass + 1))
    else
        bad "$NAME_A and $NAME_B differ ($how): $prog on $cores cores $*"
        cat "$T/cmp"
    fi
}

# The comparator must see what it is meant to see: a changed exit code, a
# changed word, a changed digest, changed output; and let a contended run's
# retry counts and output order pass.
selftest() {
    local k=$1 ok=1
    run "$T/s" "$k" 4 --backend cpu
    mk() { for e in state json out rc; do cp "$T/s.$e" "$T/$1.$e"; done; }
    mk x
    sed -i '2s/ [0-9a-f]\{8\} / 0badf00d /' "$T/x.state"
    $CMP full "$T/s" "$T/x" >/dev/null && ok=0
    $CMP contended "$T/s" "$T/x" >/dev/null || ok=0       # a register: contended lets it pass
    mk x
    sed -i '1s/ mem [0-9a-f]*$/ mem 0123456789abcdef/' "$T/x.state"
    $CMP contended "$T/s" "$T/x" >/dev/null && ok=0
    mk x
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["per_core"][3]["exit_code"] = 7; json.dump(d, open(sys.argv[1], "w"))' "$T/x.json"
    $CMP contended "$T/s" "$T/x" >/dev/null && ok=0
    mk x
    echo 3 >"$T/x.rc"
    $CMP contended "$T/s" "$T/x" >/dev/null && ok=0
    mk x
    printf 'other line\n' >>"$T/x.out"
    $CMP contended "$T/s" "$T/x" >/dev/null && ok=0
    mk x
    printf 'b\na\n' >"$T/x.out"; printf 'a\nb\n' >"$T/y.out"; cp "$T/x.state" "$T/y.state"; cp "$T/x.json" "$T/y.json"; cp "$T/x.rc" "$T/y.rc"
    $CMP contended "$T/x" "$T/y" >/dev/null || ok=0
    $CMP full "$T/x" "$T/y" >/dev/null && ok=0
    [ $ok = 1 ] && pass=$((pass + 1)) || bad "state_cmp.py self-test on $k"
}

# Both ISAs: the kernels are built for ARM (*.arm) and IA-32 (*.x86).
for isa in arm x86; do
    progs=0
    for k in build/kernels/*.$isa; do [ -f "$k" ] && progs=$((progs + 1)); done
    [ $progs -gt 0 ] || bad "no build/kernels/*.$isa (make kernels)"
done
[ -f build/kernels/tiny.free.arm ] && selftest build/kernels/tiny.free.arm
[ -f build/kernels/tiny.free.x86 ] && selftest build/kernels/tiny.free.x86

if [ "$MODE" = cpu ]; then
    for k in build/kernels/*.arm build/kernels/*.x86; do
        [ -f "$k" ] && equiv "$k" 64
    done
    echo "gpu-test (cpu mode): $pass passed, $fail failed"
    [ $fail -eq 0 ]
    exit
fi

for k in build/kernels/*.arm build/kernels/*.x86 build/kernels/bench/*.arm; do
    [ -f "$k" ] && equiv "$k" 256
done
for k in build/kernels/*.arm build/kernels/*.x86; do # the divergence cure must not change results either
    [ -f "$k" ] && { equiv "$k" 256 --regroup 1000; equiv "$k" 64 --mode mk; }
done
for b in build/diff/*.O2 build/diff/*.thumb build/diff-x86/*.O2; do
    [ -f "$b" ] && equiv "$b" 64
done
echo "equivalence: $pass passed, $fail failed"

# Misaligned atomics: each core's SIGBUS on the GPU too, the run goes on.
[ -f build/kit/misaligned_atomic.arm ] && export ATOMIC_PROG=build/kit/misaligned_atomic.arm # KIT=1: no cross compiler
BACKEND=cuda WARPSIM="$W" bash "$HERE/../system/atomic_test.sh" || fail=$((fail + 1))

# CUB's radix sort (--regroup's) from backend_cuda.cu's own PTX, on the PTX executor's GPU backend.
BACKEND=cuda WARPSIM="$W" bash "$HERE/cub_sort_test.sh" || fail=$((fail + 1))

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
