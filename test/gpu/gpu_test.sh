#!/usr/bin/env bash
# GPU tests: CPU-vs-CUDA equivalence of every program's final state (ARM
# and IA-32: the kernels built for both, the differential suite's -O2, Thumb
# and hard-float programs and its IA-32 -O2 ones), the misaligned-atomic
# cases, the PTX workloads on both backends, and (GPU_TEST_PARTS=diff) the
# differential suite on the CUDA backend.
#
# What is compared (test/gpu/state_cmp.py): for programs whose cores share no
# contended atomic, every core's registers, OS words, instruction count,
# memory digest and stdout; for kernels/tiny.c and reduce.c, where cores race
# on atomics and retry counts and the old values seen depend on arrival order,
# only what the program computes: exit status, each core's status, exit code
# and fault, its memory digest, and stdout's lines; for the workloads of
# kernels/bench, whose stacks can keep a retry loop's register, all that but
# the memory digest (they check their own results).
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

# Each run is cut off after GPU_TEST_RUN_LIMIT seconds (default 300): a hang
# is that program's failure, not the end of the suite. GPU_TEST_TIMES names a
# file that gets a line per run: seconds, exit status, the command's words
# (tools/gpu_session.sh keeps it, to size the next lease's runs).
RUN_LIMIT=${GPU_TEST_RUN_LIMIT:-300}
TIMES=${GPU_TEST_TIMES:-/dev/null}
timed() {
    local t0=$EPOCHREALTIME rc
    timeout -s KILL "$RUN_LIMIT" "$@"
    rc=$?
    echo "$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }') rc=$rc ${*#"$W"}" >>"$TIMES"
    [ $rc = 137 ] && echo "warpsim: killed after GPU_TEST_RUN_LIMIT=$RUN_LIMIT s" >&2
    return $rc
}

# run PREFIX PROG CORES [options]: PREFIX.{state,json,out,rc}
run() {
    local p=$1 prog=$2 cores=$3
    shift 3
    timed "$W" run --quiet --cores "$cores" --dump-state "$p.state" --report "$p.json" "$@" "$prog" >"$p.out" 2>"$p.err"
    echo $? >"$p.rc"
}

# How state_cmp.py compares PROG's runs. Cores of tiny and reduce, and of the
# real workloads of kernels/bench (which meet at ws_barrier() and add to a
# tally with ws_atomic_add, bench.h), race on shared atomics: their spin
# counts, so instruction counts, and LDREX's last value (excl_val) depend on
# arrival order (seen on an H200). The workloads' stacks can also keep a
# retry loop's register (state_cmp.py, "results").
compare_mode() {
    case $(basename "$1") in
    tiny.* | reduce.*) echo contended ;;
    imatmul.* | fmatmul.* | idct.* | fft.*) echo results ;;
    *) echo full ;;
    esac
}

# A program with writable code in its image (a W+X segment: test/diff/smc_loop.c;
# an executable stack: jit_trampoline.c) runs on the CPU backend only: the CUDA
# backend must refuse it with its message, not run it. One that asks for
# PROT_EXEC at run time (jit_loop.c) gets EACCES there, and a note.
# shellcheck source=test/gpu/refused.sh
. "$HERE/refused.sh"
refused=0

# One GPU thread runs one core at 0.5-2 MIPS (H200, bench/RESULTS.md), so a
# program of 24 M instructions a core takes 12-48 s there: programs whose
# CPU run retired more than GPU_TEST_MAX_INSNS in some core (default 5 M) are
# listed, not run on the GPU (fft and fmatmul_d built soft-float; their
# hard-float and IA-32 builds stay in).
# --mode mk copies every core's state to the host and back after each
# instruction (seed 002's MK), about 0.15 ms a step on an H200: 1.2 M steps
# for all the kernels, 3 minutes; so MK runs have their own limit
# (GPU_TEST_MK_MAX_INSNS, default 100,000 a core: tiny and reduce, not matmul).
MAX_INSNS=${GPU_TEST_MAX_INSNS:-5000000}
MK_MAX_INSNS=${GPU_TEST_MK_MAX_INSNS:-100000}
long=()

# GPU_TEST_PARTS: which parts to run, so that a short GPU lease can run them
# side by side (tools/gpu_session.sh). `diff`, the whole differential suite
# on the CUDA backend (about 300 binaries at 1 and 64 cores, -O0 builds of
# hundreds of millions of instructions among them), is not in the default:
# the parts above compare every -O2, Thumb, hard-float and IA-32 program's
# whole final state with the CPU backend's, which make diff compares with
# qemu's.
PARTS=" ${GPU_TEST_PARTS:-kernels arm-programs thumb-programs hf-programs x86-programs atomic cub ptx} "
part() { case $PARTS in *" $1 "*) return 0 ;; esac; return 1; }

# equiv PROG CORES [options]: A and B agree on what is deterministic.
equiv() {
    local prog=$1 cores=$2 how most limit=$MAX_INSNS
    shift 2
    case " $* " in *" --mode mk "*) limit=$MK_MAX_INSNS ;; esac
    how=$(compare_mode "$prog")
    if [ "$MODE" = cuda ] && writable_code "$prog"; then
        run "$T/b" "$prog" "$cores" "${B[@]}" "$@"
        if refused_at_start "$T/b.err" "$(cat "$T/b.rc")"; then
            refused=$((refused + 1))
        else
            bad "$prog (writable code) on $cores cores: the CUDA backend did not refuse it: $(tail -2 "$T/b.err")"
        fi
        return
    fi
    run "$T/a" "$prog" "$cores" "${A[@]}" "$@"
    if [ "$MODE" = cuda ] && [ "$(cat "$T/a.rc")" != 2 ]; then
        most=$(python3 -c 'import json, sys
print(max(c["instructions"] for c in json.load(open(sys.argv[1]))["per_core"]))' "$T/a.json" 2>/dev/null)
        if [ "${most:-0}" -gt "$limit" ]; then
            long+=("$(basename "$prog")${*:+ $*} ($most)")
            return
        fi
    fi
    run "$T/b" "$prog" "$cores" "${B[@]}" "$@"
    if [ "$MODE" = cuda ] && refused_exec "$T/b.err"; then
        refused=$((refused + 1))
        return
    fi
    for s in a b; do
        if [ "$(cat "$T/$s.rc")" = 2 ] || [ ! -s "$T/$s.state" ]; then
            bad "$prog on $cores cores ($*): a backend failed: $(tail -2 "$T/$s.err")"
            return
        fi
    done
    if $CMP "$how" "$T/a" "$T/b" >"$T/cmp"; then
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
    $CMP results "$T/s" "$T/x" >/dev/null || ok=0         # a digest: results lets it pass
    mk x
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["per_core"][3]["exit_code"] = 7; json.dump(d, open(sys.argv[1], "w"))' "$T/x.json"
    $CMP contended "$T/s" "$T/x" >/dev/null && ok=0
    $CMP results "$T/s" "$T/x" >/dev/null && ok=0
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

if part kernels; then
    for k in build/kernels/*.arm build/kernels/*.x86 build/kernels/bench/*.arm; do
        [ -f "$k" ] && equiv "$k" 256
    done
    for k in build/kernels/*.arm build/kernels/*.x86; do # the divergence cure must not change results either
        [ -f "$k" ] && { equiv "$k" 256 --regroup 1000; equiv "$k" 64 --mode mk; }
    done
fi
# hf_d32: a few of the programs that keep doubles in D16-D31 (the staged context's upper half)
for b in build/diff/*.O2 build/diff/*.thumb build/diff/*.hf_O2 \
    build/diff/{fir_live,fft,double_arith,matrix,fmatmul_d}.hf_d32 build/diff-x86/*.O2; do
    case $b in *.hf_O2 | *.hf_d32) set -- hf-programs ;; *.O2) set -- arm-programs ;; *.thumb) set -- thumb-programs ;; esac
    case $b in build/diff-x86/*) set -- x86-programs ;; esac
    part "$1" && [ -f "$b" ] && equiv "$b" 64
done
echo "equivalence: $pass passed, $fail failed, $refused programs with writable code refused by the CUDA backend as documented"
[ ${#long[@]} -eq 0 ] || echo "not run on the GPU, over $MAX_INSNS instructions a core ($MK_MAX_INSNS with --mode mk): ${long[*]}"

# Misaligned atomics: each core's SIGBUS on the GPU too, the run goes on.
if part atomic; then
    [ -f build/kit/misaligned_atomic.arm ] && export ATOMIC_PROG=build/kit/misaligned_atomic.arm # KIT=1: no cross compiler
    BACKEND=cuda WARPSIM="$W" bash "$HERE/../system/atomic_test.sh" || fail=$((fail + 1))
fi

# CUB's radix sort (--regroup's) from backend_cuda.cu's own PTX, on the PTX executor's GPU backend.
if part cub; then
    BACKEND=cuda WARPSIM="$W" bash "$HERE/cub_sort_test.sh" || fail=$((fail + 1))
fi

# PTX workloads: each launch file in each PTX variant on both backends (ptx_equiv.sh);
# the CUDA run must also pass the launch file's own checks.
# shellcheck source=test/gpu/ptx_equiv.sh
. "$HERE/ptx_equiv.sh"
PTX_CPU=(timed "$W" ptx) PTX_CUDA=(timed "$W" ptx)
if part ptx; then
    ppass=0 pfail=0
    make --no-print-directory -s ptx-workloads-refs >/dev/null
    for launch in kernels/ptx/*.launch; do
        name=$(basename "$launch" .launch)
        for v in sm_75 sm_90 sm_75.G clang; do
            if ptx_equiv "$launch" "kernels/ptx/gen/$name.$v.ptx"; then ppass=$((ppass + 1)); else pfail=$((pfail + 1)); fi
        done
    done
    if ptx_equiv "$HERE/scan_cta1024.launch"; then ppass=$((ppass + 1)); else pfail=$((pfail + 1)); fi
    if ptx_equiv "$HERE/its.launch"; then ppass=$((ppass + 1)); else pfail=$((pfail + 1)); fi
    echo "ptx equivalence: $ppass passed, $pfail failed"
    fail=$((fail + pfail))
fi

# The differential suite on the CUDA backend, less its programs with writable
# code in their image and the jit_ ones, which use PROT_EXEC (refused, as
# checked above).
diff_rc=0
if part diff; then
    bins=()
    for b in $(make --no-print-directory -s BUILD=build diff-list); do
        case $(basename "$b") in jit_*) continue ;; esac
        writable_code "$b" || bins+=("$b")
    done
    DIFF_JOBS=${DIFF_JOBS:-$(nproc)} DIFF_WARPSIM_FLAGS="--backend cuda" WARPSIM="$W" sh test/diff/run_diff.sh "${bins[@]}"
    diff_rc=$?
fi
[ $fail -eq 0 ] && [ $diff_rc -eq 0 ]
