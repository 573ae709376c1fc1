#!/usr/bin/env bash
# The SM model's cost (`make bench-timing`): each PTX workload of
# kernels/ptx/ run functionally and with --timing (configs/gpu/$CONFIG.cfg,
# default titanv, whose memory system is modelled), on one host thread and
# on all of them, and with the memory system off (-warpsim_memory_system 0:
# the SM model alone, fixed latencies) on one thread, in turn, ROUNDS
# rounds (default 3), the median of each. Columns: the simulated cycles
# and IPC (thread instructions a cycle) of all the file's launches, the
# timed run's simulated kilocycles and thread MIPS per wall second, the
# SM-only run's MIPS, and the slowdown of timing against the functional
# run on one thread.
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
    "$W" ptx --quiet --backend cpu --config "${CFG:-configs/gpu/$CONFIG.cfg}" --report "$T/r.json" "$@" "$launch" >/dev/null 2>&1
    python3 - "$T/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
L = d["launches"]
print(sum(l["wall_seconds"] for l in L), sum(l["gpu_sim_insn"] for l in L),
      sum(l.get("timing", {}).get("gpu_sim_cycle", 0) for l in L))
PY
}
median() { sort -g | sed -n "$(((ROUNDS + 1) / 2))p"; }
{ cat "configs/gpu/$CONFIG.cfg"; echo "-warpsim_memory_system 0"; } >"$T/smonly.cfg"
echo "SM model on $CONFIG ($N host threads; SM-only: -warpsim_memory_system 0)"
printf '%-13s %12s %7s %10s %10s %10s %10s %11s %9s\n' workload cycles IPC kcyc/s_1 MIPS_1 "kcyc/s_$N" "MIPS_$N" \
    MIPS_1_smonly slowdown
for l in kernels/ptx/*.launch; do
    k=$(basename "$l" .launch)
    : >"$T/f" && : >"$T/t1" && : >"$T/tn" && : >"$T/t0"
    for _ in $(seq "$ROUNDS"); do
        run "$l" --threads 1 >>"$T/f"
        run "$l" --threads 1 --timing >>"$T/t1"
        run "$l" --threads "$N" --timing >>"$T/tn"
        CFG=$T/smonly.cfg run "$l" --threads 1 --timing >>"$T/t0"
    done
    f=$(cut -d' ' -f1 "$T/f" | median) t1=$(cut -d' ' -f1 "$T/t1" | median) tn=$(cut -d' ' -f1 "$T/tn" | median)
    t0=$(cut -d' ' -f1 "$T/t0" | median)
    insns=$(head -1 "$T/t1" | cut -d' ' -f2) cyc=$(head -1 "$T/t1" | cut -d' ' -f3)
    awk -v k="$k" -v c="$cyc" -v i="$insns" -v f="$f" -v a="$t1" -v b="$tn" -v z="$t0" 'BEGIN {
        printf "%-13s %12d %7.1f %10.1f %10.2f %10.1f %10.2f %11.2f %9.1f\n", k, c, i / c, c / a / 1e3, i / a / 1e6,
               c / b / 1e3, i / b / 1e6, i / z / 1e6, a / f }'
done

# Design sweeps (issue 31 part 10): the four shipped cards' configs in one
# run (their sessions side by side on the host threads) against the same
# four runs one after another, whole-process wall time, median of ROUNDS.
SWEEP=${SWEEP:-sgemm nbody matmul stencil3d}
CARDS=(titanv rtx2070super a100 h100)
wall() { python3 -c 'import subprocess, sys, time
t = time.monotonic(); subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(time.monotonic() - t)' "$@"; }
echo
echo "Design sweep: ${#CARDS[@]} configs in one run against ${#CARDS[@]} runs in turn ($N host threads)"
printf '%-13s %10s %10s %8s\n' workload "sweep_s" "in_turn_s" speedup
for k in $SWEEP; do
    l=kernels/ptx/$k.launch
    : >"$T/s" && : >"$T/q"
    cfgs=()
    for c in "${CARDS[@]}"; do cfgs+=(--config "configs/gpu/$c.cfg"); done
    for _ in $(seq "$ROUNDS"); do
        wall "$W" ptx --quiet --backend cpu --timing "${cfgs[@]}" "$l" >>"$T/s"
        t=0
        for c in "${CARDS[@]}"; do
            t=$(awk -v a="$t" -v b="$(wall "$W" ptx --quiet --backend cpu --timing --config "configs/gpu/$c.cfg" "$l")" \
                'BEGIN { print a + b }')
        done
        echo "$t" >>"$T/q"
    done
    s=$(median <"$T/s") q=$(median <"$T/q")
    awk -v k="$k" -v s="$s" -v q="$q" 'BEGIN { printf "%-13s %10.3f %10.3f %8.2f\n", k, s, q, q / s }'
done
