# shellcheck shell=bash
# Sourced by gpu_test.sh and wow_test.sh: one PTX launch file on the PTX
# executor's CPU backend and on its CUDA backend, compared.
#
#   ptx_equiv LAUNCH [MODULE]
#
# Runs "${PTX_CPU[@]}" and "${PTX_CUDA[@]}" (each a command that ends where
# `warpsim ptx`'s options go) with --module MODULE if given, in $T. Every
# buffer's final bytes, the printf output and the instruction counts must
# agree. A buffer the launch file calls unordered (`# unordered: NAME`: an
# atomics' tally whose value depends on their order) may differ, and so may
# that launch's instruction counts: the threads that race also branch on what
# they read (bfs.cu: an atomicMin only where level[v] still looks higher; an
# H200 gave other counts than the CPU in all 4 variants). PTX_EQUIV_OPTS (an
# array, may be unset): more options for both runs; with --timing every
# launch's timing block (cycles, scheduler states, counters) must agree too:
# the SM model on the GPU (sm_backend_cuda.cu) against the CPU's, and so must
# the GPGPU-Sim statistics files (--stats; the per-bank lines too), but for
# the wall-time lines. Prints a FAIL line and returns 1 on a difference.

ptx_counts() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["gpu_tot_sim_insn"], d["gpgpu_n_tot_w_icount"], d["warps"])' "$1"
}

ptx_timing() {
    python3 -c 'import json, sys
print(json.dumps([l.get("timing") for l in json.load(open(sys.argv[1]))["launches"]], sort_keys=True))' "$1"
}

ptx_equiv() {
    local launch=$1 module=${2:-} b unordered what=$1 mod=() timed=
    [ -n "$module" ] && mod=(--module "$module") what="$launch ($module)"
    [[ " ${PTX_EQUIV_OPTS[*]-} " = *" --timing "* ]] && timed=1
    for b in cpu cuda; do
        local cmd=("${PTX_CPU[@]}") stats=()
        [ $b = cuda ] && cmd=("${PTX_CUDA[@]}")
        [ -n "$timed" ] && stats=(--stats "$T/$b.stats")
        rm -rf "${T:?}/$b" "$T/$b.stats"
        "${cmd[@]}" --quiet --backend $b "${mod[@]}" ${PTX_EQUIV_OPTS[@]+"${PTX_EQUIV_OPTS[@]}"} ${stats[@]+"${stats[@]}"} \
            --dump-dir "$T/$b" --report "$T/$b.json" "$launch" \
            >"$T/$b.out" 2>"$T/$b.err" || { echo "FAIL: $what on $b:"; tail -3 "$T/$b.err"; return 1; }
    done
    if [ -n "$timed" ] && ! diff <(grep -v '^gpgpu_simulation_' "$T/cpu.stats") \
        <(grep -v '^gpgpu_simulation_' "$T/cuda.stats") >"$T/stats.diff"; then
        echo "FAIL: the statistics differ: $what: $(head -4 "$T/stats.diff" | tr '\n' ' ')"
        return 1
    fi
    unordered=$(sed -n 's/^# unordered: //p' "$launch")
    for b in $unordered; do rm -f "$T/cpu/$b.bin" "$T/cuda/$b.bin"; done
    diff -r "$T/cpu" "$T/cuda" >/dev/null || { echo "FAIL: buffers differ: $what"; return 1; }
    cmp -s "$T/cpu.out" "$T/cuda.out" || { echo "FAIL: printf output differs: $what"; return 1; }
    [ -n "$unordered" ] || [ "$(ptx_counts "$T/cpu.json")" = "$(ptx_counts "$T/cuda.json")" ] ||
        { echo "FAIL: counts differ: $what"; return 1; }
    [ "$(ptx_timing "$T/cpu.json")" = "$(ptx_timing "$T/cuda.json")" ] ||
        { echo "FAIL: timing differs: $what: cpu $(ptx_timing "$T/cpu.json" | head -c 300)," \
            "cuda $(ptx_timing "$T/cuda.json" | head -c 300)"; return 1; }
}
