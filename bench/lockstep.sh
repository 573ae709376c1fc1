#!/usr/bin/env bash
# The CPU backend's two engines side by side (issue 30): per core and
# lockstep, on one host thread, with qemu-user's MIPS per host thread beside
# (one process on the same binary, with the longer arguments of the last
# column, so that its start-up is a small part: its instructions are
# warpsim's count for one core on those arguments, its time the whole run's
# wall time). Each figure is the median of ROUNDS (default 3) by wall time.
#
#   bash bench/lockstep.sh      (needs make bench-kernels; W=build/warpsim)
#
# Columns: simulated cores, MIPS of each engine (the report's wall seconds;
# the lockstep engine for this host's vector unit on the interleaved layout,
# its default; the same on the contiguous layout, --engine auto's; its
# generic build, interleaved), lockstep/percore, lanes a shared record
# served on average, qemu's MIPS, and each engine's MIPS over qemu's.
#
# Then issue 30's CoreMark-like criterion, for ARM and IA-32:
# bench/programs/compute.c (the benchmark's compute program, BENCH/compute.arm
# and .x86) on 64 cores with one input, on every host thread (THREADS,
# default 2), against qemu-arm or qemu-i386 run as 64 processes on as many
# at a time: wall seconds of each and qemu's over warpsim's.
set -eu
W=${WARPSIM:-build/warpsim}
K=${K:-build/kernels/bench}
ROUNDS=${ROUNDS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# run ENGINE CORES PROG ARGS...: "mips lanes" of the median run (ENGINE
# generic: the lockstep engine's generic build, WARPSIM_LOCKSTEP_GENERIC;
# contig: lockstep on the contiguous layout)
run() {
    local e=$1 n=$2 g= l=auto
    shift 2
    [ "$e" = generic ] && e=lockstep g=1
    [ "$e" = contig ] && e=lockstep l=contiguous
    for _ in $(seq "$ROUNDS"); do
        WARPSIM_LOCKSTEP_GENERIC=$g "$W" run --quiet --backend cpu --threads 1 --cores "$n" --engine "$e" \
            --layout "$l" --report "$T/r.json" "$@" >/dev/null 2>&1
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["mips"], r.get("lockstep_lanes", 0), r["per_core"][0]["instructions"])' "$T/r.json"
    done | sort -g | sed -n "$(((ROUNDS + 1) / 2))p"
}
qemu_mips() { # PROG ARGS...: the median of ROUNDS
    local p=$1 t0 t1 insns
    shift
    case "$p" in *.x86) q=qemu-i386 ;; *) q=qemu-arm ;; esac
    read -r _ _ insns < <(ROUNDS=1 run percore 1 "$p" "$@")
    for _ in $(seq "$ROUNDS"); do
        t0=$(date +%s.%N); "$q" "$p" "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
        awk -v a="$t0" -v b="$t1" -v n="$insns" 'BEGIN { printf "%.1f\n", n / (b - a) / 1e6 }'
    done | sort -g | sed -n "$(((ROUNDS + 1) / 2))p"
}

printf '%-22s %6s %9s %9s %9s %9s %6s %6s %8s %7s %7s\n' workload cores percore lockstep contig generic ls/pc lanes \
    qemu pc/qemu ls/qemu
while read -r name cores prog arg qarg; do
    read -r pm _ _ < <(run percore "$cores" "$K/$prog" $arg)
    read -r lm lanes _ < <(run lockstep "$cores" "$K/$prog" $arg)
    read -r cm _ _ < <(run contig "$cores" "$K/$prog" $arg)
    read -r gm _ _ < <(run generic "$cores" "$K/$prog" $arg)
    qm=$(qemu_mips "$K/$prog" $qarg)
    awk -v w="$name" -v c="$cores" -v p="$pm" -v l="$lm" -v ct="$cm" -v g="$gm" -v n="$lanes" -v q="$qm" \
        'BEGIN { printf "%-22s %6d %9.1f %9.1f %9.1f %9.1f %6.2f %6.2f %8.1f %7.2f %7.2f\n", w, c, p, l, ct, g, l / p, n, q, p / q, l / q }'
done <<EOF
best.arm 1024 best.arm 100 20000
worst.arm 1024 worst.arm 100 20000
best.thumb 1024 best.thumb.arm 100 20000
imatmul.arm 1024 imatmul.arm 256 256
fft.arm 1024 fft.arm 32768 32768
best.x86 1024 best.x86 100 20000
worst.x86 1024 worst.x86 100 20000
imatmul.x86 1024 imatmul.x86 256 256
fft.x86 1024 fft.x86 32768 32768
EOF

# The CoreMark-like criterion, for each ISA: wall seconds, the median of ROUNDS.
B=${BENCH:-build/bench}
ITERS=${COMPUTE_ITERS:-30000}
TH=${THREADS:-2}
secs() { # command...: the median wall seconds of ROUNDS runs
    for _ in $(seq "$ROUNDS"); do
        local t0 t1
        t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
        awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
    done | sort -g | sed -n "$(((ROUNDS + 1) / 2))p"
}
warp() { "$W" run --quiet --backend cpu --threads "$TH" --cores 64 --engine "$1" "$P" "$ITERS"; }
qemu64() { seq 64 | xargs -P "$TH" -I{} "$Q" "$P" "$ITERS"; }
for pq in compute.arm:qemu-arm compute.x86:qemu-i386; do
    P=$B/${pq%%:*} Q=${pq#*:}
    [ -x "$P" ] || continue
    echo
    echo "$(basename "$P") $ITERS on 64 cores, $TH host threads (wall seconds; $Q: 64 processes, $TH at a time)"
    pc=$(secs warp percore)
    ls=$(secs warp lockstep)
    q=$(secs qemu64)
    awk -v p="$pc" -v l="$ls" -v q="$q" 'BEGIN { printf "percore %.3f  lockstep %.3f  qemu %.3f  qemu/percore %.2f  qemu/lockstep %.2f\n", p, l, q, q / p, q / l }'
done
