#!/usr/bin/env bash
# The SM model's cost (`make bench-timing`): each PTX workload of
# kernels/ptx/ run functionally and with --timing (configs/gpu/$CONFIG.cfg,
# default titanv), on one host thread and on all of them, in turn, ROUNDS
# rounds (default 3), the median of each. Columns: the simulated cycles
# and IPC (thread instructions a cycle) of all the file's launches, the
# timed run's simulated kilocycles and thread MIPS per wall second, and the
# slowdown of timing against the functional run on one thread.
set -eu
W=${WARPSIM:-build/warpsim}
ROUNDS=${ROUNDS:-3}
CONFIG=${CONFIG:-titanv}
N=$(nproc)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# run LAUNCH OPTIONS...: "wall_seconds thread_insns cycles" of one run
run() {
    local launch=$1
    shift
    "$W" ptx --quiet --backend cpu --config "configs/gpu/$CONFIG.cfg" --report "$T/r.json" "$@" "$launch" >/dev/null 2>&1
    python3 - "$T/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
L = d["launches"]
print(sum(l["wall_seconds"] for l in L), sum(l["gpu_sim_insn"] for l in L),
      sum(l.get("timing", {}).get("gpu_sim_cycle", 0) for l in L))
PY
}
median() { sort -g | sed -n "$(((ROUNDS + 1) / 2))p"; }
echo "SM model on $CONFIG ($N host threads)"
printf '%-13s %12s %7s %10s %10s %10s %10s %9s\n' workload cycles IPC kcyc/s_1 MIPS_1 "kcyc/s_$N" "MIPS_$N" slowdown
for l in kernels/ptx/*.launch; do
    k=$(basename "$l" .launch)
    : >"$T/f" && : >"$T/t1" && : >"$T/tn"
    for _ in $(seq "$ROUNDS"); do
        run "$l" --threads 1 >>"$T/f"
        run "$l" --threads 1 --timing >>"$T/t1"
        run "$l" --threads "$N" --timing >>"$T/tn"
    done
    f=$(cut -d' ' -f1 "$T/f" | median) t1=$(cut -d' ' -f1 "$T/t1" | median) tn=$(cut -d' ' -f1 "$T/tn" | median)
    insns=$(head -1 "$T/t1" | cut -d' ' -f2) cyc=$(head -1 "$T/t1" | cut -d' ' -f3)
    awk -v k="$k" -v c="$cyc" -v i="$insns" -v f="$f" -v a="$t1" -v b="$tn" 'BEGIN {
        printf "%-13s %12d %7.1f %10.1f %10.2f %10.1f %10.2f %9.1f\n", k, c, i / c, c / a / 1e3, i / a / 1e6,
               c / b / 1e3, i / b / 1e6, a / f }'
done
