#!/usr/bin/env bash
# warpsim on warpsim (issue 21 part 6; DESIGN.md "warpsim on warpsim"): warpsim's
# CUDA backend, built against the shared CUDA runtime (build/wow/warpsim,
# test/gpu/wow.mk), run on warpsim's own PTX simulator through
# build/lib/libcudart.so.13:
#
#   build/warpsim cuda -- build/wow/warpsim run --backend cuda --cores N prog
#
# Each program's final state (--dump-state, --report, stdout, exit status)
# must equal the CPU backend's on what is deterministic (state_cmp.py: all of
# it, or for programs whose cores race on one atomic, what they compute).
# That runs the persistent kernel, the SoA contexts, the shared-memory
# staging, the host-service relaunches (output, barriers, decodes) and, with
# --regroup, CUB's radix sort, with no GPU.
#
# WOW_SET=small (make wow-test, in make test), all (make gpu-test-sim: every
# diff program and PTX workload), ptx (the PTX workloads alone) or list (the
# programs named, on WOW_CORES cores: 64). It
# fails, never skips or passes, when the CUDA backend is missing from
# build/wow/warpsim or a run ends with warpsim's own error.
# Prints "wow-test: N passed, M failed".
set -u
W=${WARPSIM:-build/warpsim}
WOW=${WOW:-build/wow/warpsim}
KERNELS=${KERNELS:-build/kernels}
DIFF=${DIFF:-build/diff}
SET=${WOW_SET:-small}
TIMEOUT=${WOW_TIMEOUT:-600}
HERE=$(cd "$(dirname "$0")" && pwd)
CMP="python3 $HERE/state_cmp.py"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The backend must be there, and the device it sees must be the PTX simulator: the default
# config's card, from a runtime that writes warpsim's report (NVIDIA's has none).
version=$("$W" cuda --report "$T/probe.json" -- "$WOW" --version 2>&1)
if ! grep -q '^backends: cpu, cuda (NVIDIA H100 80GB HBM3)' <<<"$version" || [ ! -s "$T/probe.json" ]; then
    echo "FAIL: $WOW under '$W cuda' has no usable CUDA backend: $(sed -n 2p <<<"$version")"
    echo "wow-test: 0 passed, 1 failed"
    exit 1
fi

# Every CUDA runtime function the backend (and CUB in it) imports is one
# warpsim's runtime implements: a weak symbol there is the stub that answers
# cudaErrorNotSupported (src/host/cudart/cudart_stubs.c).
lib=$(dirname "$(realpath "$W")")/lib/libcudart.so.13
stubbed=$(comm -12 <(nm -D --undefined-only "$WOW" | sed -n 's/^ *U \([A-Za-z0-9_]*\)@libcudart.*/\1/p' | sort -u) \
    <(nm -D --defined-only "$lib" | awk '$2 == "W" { sub(/@.*/, "", $3); print $3 }' | sort -u))
nimports=$(nm -D --undefined-only "$WOW" | grep -c '@libcudart')
if [ -n "$stubbed" ] || [ "$nimports" -lt 10 ]; then
    bad "$WOW imports $nimports runtime functions; not implemented in $lib: $(echo $stubbed)"
else
    pass=$((pass + 1))
    echo "ok: the $nimports CUDA runtime functions $WOW imports are implemented in $lib"
fi

# run PREFIX PROG CORES cpu|cuda [options]: PREFIX.{state,json,out,err,rc}; a diff
# program's arguments come from test/diff/NAME.args, as in run_diff.sh.
run() {
    local p=$1 prog=$2 cores=$3 backend=$4 name args=""
    shift 4
    name=$(basename "$prog")
    name=${name%.*}
    [ -f "$HERE/../diff/$name.args" ] && args=$(cat "$HERE/../diff/$name.args")
    local cmd=("$W")
    [ "$backend" = cuda ] && cmd=(timeout "$TIMEOUT" "$W" cuda -- "$WOW")
    eval "set -- \"\$@\" \"\$prog\" $args"
    "${cmd[@]}" run --quiet --backend "$backend" --cores "$cores" --dump-state "$p.state" --report "$p.json" \
        "$@" "${PROG_ARGS[@]}" >"$p.out" 2>"$p.err" <"$STDIN"
    echo $? >"$p.rc"
}

# The program's arguments and standard input, for a program not from test/diff.
PROG_ARGS=() STDIN=/dev/null

# shellcheck source=test/gpu/refused.sh
. "$HERE/refused.sh"

# Cores of these race on one shared atomic (test/gpu/gpu_test.sh).
contended() { case $(basename "$1") in tiny.* | reduce.*) return 0 ;; esac; return 1; }

# equiv PROG CORES [options]: the CUDA backend on the PTX simulator agrees with the CPU backend.
equiv() {
    local prog=$1 cores=$2 how=full t0=$SECONDS
    shift 2
    if [ ! -f "$prog" ]; then
        bad "$prog: missing"
        return
    fi
    contended "$prog" && how=contended
    run "$T/a" "$prog" "$cores" cpu "$@"
    run "$T/b" "$prog" "$cores" cuda "$@"
    if refused_at_start "$T/b.err" "$(cat "$T/b.rc")" || refused_exec "$T/b.err"; then
        pass=$((pass + 1))
        echo "ok: $prog on $cores cores: its writable code refused by the CUDA backend, as documented"
        return
    fi
    for s in a b; do
        if [ "$(cat "$T/$s.rc")" = 2 ] || [ "$(cat "$T/$s.rc")" = 124 ] || [ ! -s "$T/$s.state" ]; then
            bad "$prog on $cores cores ($*): the $([ $s = a ] && echo CPU || echo CUDA) backend failed" \
                "(exit $(cat "$T/$s.rc")): $(tail -3 "$T/$s.err" | tr '\n' ' ')"
            return
        fi
    done
    if $CMP $how "$T/a" "$T/b" >"$T/cmp"; then
        pass=$((pass + 1))
        echo "ok: $prog on $cores cores $* ($how, $((SECONDS - t0)) s)"
    else
        bad "CPU and CUDA-on-PTX differ ($how): $prog on $cores cores $*"
        cat "$T/cmp"
    fi
}

# The PTX executor's CUDA backend (src/host/ptx/ptx_backend_cuda.cu) on the
# PTX simulator against its CPU backend (ptx_equiv.sh): a launch file each.
# shellcheck source=test/gpu/ptx_equiv.sh
. "$HERE/ptx_equiv.sh"
PTX_CPU=("$W" ptx) PTX_CUDA=(timeout "$TIMEOUT" "$W" cuda --quiet -- "$WOW" ptx)
ptx_case() {
    local t0=$SECONDS
    if ptx_equiv "$@"; then
        pass=$((pass + 1))
        echo "ok: ptx $* ($((SECONDS - t0)) s)"
    else
        fail=$((fail + 1))
    fi
}

# The glibc programs' default heap (4 MB a core) makes the memory digest
# kernel (mem_hash_kernel: every word of every window) most of a run's PTX
# instructions; 256 KB changes none of their outputs (checked against the
# default on the CPU backend).
DIFF_OPTS=(--heap 256K)

# The make-test set: a contended freestanding kernel on both ISAs (and with
# --regroup: CUB's radix sort; with --mode mk: a launch a step), glibc
# programs that print to both streams, take arguments, fault (abort, SIGBUS),
# use VFP, on a partial warp (33 cores), and with --block-size 256 (the
# kernel's dynamic shared memory past 48 KiB); files and stdin (io); PTX: a
# 1024-thread CTA (one block of as many host threads) and a workload with
# atomics and shared memory.
# WOW_DIFF (test/gpu/wow.mk): "NAME.VARIANT:CORES[:option...]" words.
small() {
    equiv "$KERNELS/tiny.free.arm" 64
    equiv "$KERNELS/tiny.free.thumb.arm" 64 --regroup 1000
    equiv "$KERNELS/tiny.free.x86" 64
    equiv "$KERNELS/tiny.free.arm" 64 --mode mk
    local w f
    for w in ${WOW_DIFF:-}; do
        IFS=: read -ra f <<<"$w"
        equiv "$DIFF/${f[0]}" "${f[1]}" "${DIFF_OPTS[@]}" "${f[@]:2}"
    done
    io
    refuse
    local j
    for j in ${WOW_EXEC:-}; do refuse_exec "$j"; done
    ptx_case "$HERE/scan_cta1024.launch"
    ptx_case "$HERE/its.launch"
    ptx_case kernels/ptx/histogram.launch kernels/ptx/gen/histogram.sm_75.ptx
    # The SM model in the persistent kernel (src/host/sm/sm_backend_cuda.cu, a thread an SM): the
    # CPU's cycles, stall counts and outputs, on a GPU config's 80 SMs (two waves of CTAs, the
    # block scheduler refilling slots: refill.launch, vecadd at a fifth of vecadd.launch's 100 s
    # here) and on an sm_90 build with shared memory and barriers.
    PTX_EQUIV_OPTS=(--timing --config configs/gpu/titanv.cfg)
    ptx_case kernels/ptx/transpose.launch
    ptx_case kernels/ptx/reduce_smem.launch
    ptx_case "$HERE/refill.launch"
    # The H100's L2 in two halves (src/device/mem/mem_route.h): reads, replies and tag updates
    # between the partitions of the two halves, carried between phases (mem_xdeliver).
    PTX_EQUIV_OPTS=(--timing --config configs/gpu/h100.cfg)
    ptx_case kernels/ptx/transpose.launch
    # Seed 000's work-group parallel mode (sm_grid.h): parked SMs, the base synchronisation point
    # and delayed dequeuing, the same rounds in the persistent kernel.
    PTX_EQUIV_OPTS=(--timing --sync workgroup --config configs/gpu/titanv.cfg)
    ptx_case kernels/ptx/transpose.launch
    PTX_EQUIV_OPTS=()
    ptx_fault "$HERE/wild.launch"
    ptx_fault "$HERE/wild.launch" --timing --config configs/gpu/titanv.cfg
}

# ptx_fault LAUNCH [options]: a kernel's fault is the launch's status (1) with the same message on
# both backends.
ptx_fault() {
    local launch=$1
    shift
    "$W" ptx --quiet --backend cpu "$@" "$launch" >/dev/null 2>"$T/fa.err"
    local a=$?
    timeout "$TIMEOUT" "$W" cuda --quiet -- "$WOW" ptx --quiet --backend cuda "$@" "$launch" >/dev/null 2>"$T/fb.err"
    local b=$?
    if [ $a = 1 ] && [ $b = 1 ] && grep -q 'faulted: CTA' "$T/fa.err" && cmp -s "$T/fa.err" "$T/fb.err"; then
        pass=$((pass + 1))
        echo "ok: ptx $launch $* faults alike: $(cat "$T/fa.err")"
    else
        bad "ptx $launch $*: exit $a on the CPU, $b on CUDA-on-PTX: $(cat "$T/fa.err") / $(cat "$T/fb.err")"
    fi
}

# More cores than the device memory holds (cudaMemGetInfo's free bytes over
# the bytes a core commits): refused before any allocation, naming the most.
refuse() {
    "$W" cuda --quiet -- "$WOW" run --quiet --backend cuda --cores 20000 "$DIFF/tls_vars.O2" >"$T/r.out" 2>&1
    local rc=$?
    if [ $rc = 2 ] && grep -q 'holds at most [0-9]* cores of this program' "$T/r.out"; then
        pass=$((pass + 1))
        echo "ok: 20000 cores of tls_vars.O2 refused: $(grep -o 'holds at most [0-9]* cores' "$T/r.out")"
    else
        bad "20000 cores of tls_vars.O2 (4 MB heap): exit $rc, not refused: $(head -2 "$T/r.out")"
    fi
}

# PROT_EXEC at run time (test/diff/jit_loop.c) on the CUDA backend: mmap
# fails with EACCES, which the program reports, and warpsim says why once.
refuse_exec() {
    "$W" cuda --quiet -- "$WOW" run --quiet --backend cuda --cores 4 "$1" >"$T/x.out" 2>"$T/x.err"
    local n
    n=$(grep -c 'PROT_EXEC: refused' "$T/x.err")
    if refused_exec "$T/x.err" && [ "$n" = 1 ] && grep -q '^mmap: Permission denied' "$T/x.err"; then
        pass=$((pass + 1))
        echo "ok: PROT_EXEC refused at run time on the CUDA backend: $1"
    else
        bad "$1 on the CUDA backend: PROT_EXEC not refused as documented ($n notes): $(head -3 "$T/x.err" | tr '\n' ' ')"
    fi
}

# Files and stdin (the host_fs mirrors sent after each service round):
# test/system/progs/files.c reads a small tree and three bytes of stdin.
io() {
    local cc=${ARM_CC:-arm-linux-gnueabi-gcc}
    if ! "$cc" -static -O2 "$HERE/../system/progs/files.c" -o "$T/files.elf"; then
        bad "cannot build test/system/progs/files.c with $cc"
        return
    fi
    mkdir -p "$T/d/sub"
    printf 'hello\nworld\n' >"$T/d/a.txt"
    ln -s a.txt "$T/d/link"
    : >"$T/d/sub/x"
    printf 'abcdef\n' >"$T/stdin"
    # files.c keeps what stat says, access times too: the first read of a new
    # file moves them (relatime), so a first run, not compared, reads them all.
    "$W" run --quiet --cores 1 "$T/files.elf" "$T/d" <"$T/stdin" >/dev/null 2>&1
    PROG_ARGS=("$T/d") STDIN=$T/stdin
    equiv "$T/files.elf" 8 "${DIFF_OPTS[@]}"
    PROG_ARGS=() STDIN=/dev/null
}

# gpu-test-sim: every ARM diff program, A32 -O2, Thumb-2 and armhf -O2 (VFP),
# and the IA-32 ones at -O2 (DIFF_X86), on 64 cores; the few that run
# millions of instructions a core on 8; every PTX workload's sm_75 variant
# (about 8 minutes on two host threads).
all() {
    small
    # 6000 cores: 47 blocks on two host threads, and CUB's multi-kernel radix
    # sort (histograms, scan, onesweep passes with look-back) for --regroup
    equiv "$KERNELS/tiny.free.arm" 6000 --regroup 1000
    local b
    for b in "$DIFF"/*.O2 "$DIFF"/*.thumb "$DIFF"/*.hf_O2 ${DIFF_X86:+"$DIFF_X86"/*.O2}; do
        case $(basename "$b") in
        fft.* | fmatmul_d.* | string_insns.*) equiv "$b" 8 "${DIFF_OPTS[@]}" ;;
        *) equiv "$b" 64 "${DIFF_OPTS[@]}" ;;
        esac
    done
    ptx_all
}

# WOW_SET=ptx, and part of all: every PTX workload's sm_75 variant.
ptx_all() {
    local b
    for b in kernels/ptx/*.launch; do
        [ "$b" = kernels/ptx/histogram.launch ] || ptx_case "$b" "kernels/ptx/gen/$(basename "$b" .launch).sm_75.ptx"
    done
}

case $SET in
small) small ;;
all) all ;;
ptx) ptx_all ;;
list) for b in "$@"; do equiv "$b" "${WOW_CORES:-64}" "${DIFF_OPTS[@]}"; done ;;
*) echo "wow-test: WOW_SET is small, all, ptx or list, not '$SET'"; exit 2 ;;
esac
echo "wow-test: $pass passed, $fail failed"
[ $fail -eq 0 ]
