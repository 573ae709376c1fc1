#!/usr/bin/env bash
# PTX kernels' speed on the CPU backend (`make bench-ptx`): the full-warp,
# ALU-bound kernels of bench/ptx/ (sgemm, BlackScholes, n-body at benchmark
# sizes) on one host thread and on all of them, and on one thread with ALU
# instructions executed lane by lane (--lane-by-lane, the MIMD way), in turn,
# ROUNDS rounds (default 3), each column the median of its runs. Thread MIPS
# are millions of thread instructions (active lanes) per second of the
# kernels' wall time (gpu_sim_insn / wall_seconds); warp MIPS of warp
# instructions.
set -eu
W=${WARPSIM:-build/warpsim}
ROUNDS=${ROUNDS:-3}
N=$(nproc)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# mips LAUNCH OPTIONS...: "thread_mips warp_mips" of one run
mips() {
    local launch=$1
    shift
    "$W" ptx --quiet --report "$T/r.json" "$@" "$launch" >/dev/null
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["mips"], d["warp_mips"])' "$T/r.json"
}
median() { sort -g | sed -n "$(((ROUNDS + 1) / 2))p"; }
printf '%-13s %12s %12s %12s %12s %10s %14s\n' kernel thread_MIPS_1 warp_MIPS_1 "thread_MIPS_$N" lane_by_lane \
    "${N}thr/1thr" "warp/lane_by_lane"
for k in sgemm blackscholes nbody; do
    : >"$T/one" && : >"$T/all" && : >"$T/lane"
    for _ in $(seq "$ROUNDS"); do
        mips bench/ptx/$k.launch --threads 1 >>"$T/one"
        mips bench/ptx/$k.launch --threads "$N" >>"$T/all"
        mips bench/ptx/$k.launch --threads 1 --lane-by-lane >>"$T/lane"
    done
    one=$(cut -d' ' -f1 "$T/one" | median) warp=$(cut -d' ' -f2 "$T/one" | median)
    all=$(cut -d' ' -f1 "$T/all" | median) lane=$(cut -d' ' -f1 "$T/lane" | median)
    awk -v k="$k" -v o="$one" -v w="$warp" -v a="$all" -v l="$lane" \
        'BEGIN { printf "%-13s %12.0f %12.1f %12.0f %12.0f %10.2f %14.2f\n", k, o, w, a, l, a / o, o / l }'
done
