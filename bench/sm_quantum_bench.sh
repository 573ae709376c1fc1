#!/usr/bin/env bash
# Seed 000's parallel timing modes for warpsim (issue 34 part 6; Lee and
# Ro, Tables III-VI): each PTX workload timed on configs/gpu/$CONFIG.cfg
# (default titanv, with its memory system) under --quantum 1 (cycle by
# cycle: the SMs, the memory phase and the block scheduler meet every
# cycle), 10, 32 (the quantum mode's default), 100 and 1000 cycles, on $THREADS host
# threads (default all), ROUNDS rounds each (default 3). Columns per
# quantum: the speed-up of the median wall time over quantum 1's, the
# cycle error against quantum 1 in percent, and the coefficient of
# variation of the wall time over the rounds (cycles are deterministic:
# the same every round, which the first column checks). Up to the memory
# system's lookahead (2 x crossbar + ROP latency: 162 cycles on the TITAN
# V) answers from memory come exactly when they would cycle by cycle, and
# the error comes only from when waiting CTAs start (at a window's end);
# beyond it, answers come late too (bounded slack). A word wg in QUANTA
# is the work-group parallel mode (--sync workgroup, its default top
# point), wg:N the same with a top point every N cycles (DESIGN.md "The
# memory system", Modes). WORKLOADS="a b" runs those only.
set -eu
W=${WARPSIM:-build/warpsim}
ROUNDS=${ROUNDS:-3}
CONFIG=${CONFIG:-titanv}
THREADS=${THREADS:-$(nproc)}
QUANTA=${QUANTA:-1 10 32 100 1000 wg}
WORKLOADS=${WORKLOADS:-$(ls kernels/ptx/*.launch | xargs -n1 basename | sed 's/\.launch$//')}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
echo "Parallel timing modes on $CONFIG, $THREADS host threads, $ROUNDS rounds: speed-up / cycle error % / wall CV %"
printf '%-13s %6s' workload determ
for q in $QUANTA; do case $q in wg*) printf ' %22s' "$q" ;; *) printf ' %22s' "q=$q" ;; esac; done
echo
for k in $WORKLOADS; do
    l=kernels/ptx/$k.launch
    grep -q "^# unordered" "$l" && continue # its cycles depend on which CTA wins a race (sm_timing_test.sh)
    : >"$T/all"
    for q in $QUANTA; do
        case $q in
        wg:*) mode="--sync workgroup --quantum ${q#wg:}" ;;
        wg) mode="--sync workgroup" ;;
        *) mode="--quantum $q" ;;
        esac
        for r in $(seq "$ROUNDS"); do
            # shellcheck disable=SC2086
            "$W" ptx --quiet --backend cpu --timing --threads "$THREADS" $mode --config "configs/gpu/$CONFIG.cfg" \
                --report "$T/r.json" "$l" >/dev/null 2>&1 || { echo "$k: warpsim failed at quantum $q" >&2; continue 2; }
            python3 - "$T/r.json" "$q" >>"$T/all" <<'PY'
import json, sys
L = json.load(open(sys.argv[1]))["launches"]
print(sys.argv[2], sum(l["wall_seconds"] for l in L), sum(l["timing"]["gpu_sim_cycle"] for l in L))
PY
        done
    done
    python3 - "$T/all" "$k" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
by = {}
for q, w, c in rows:
    by.setdefault(q, []).append((float(w), int(c)))
qs = list(by)  # in QUANTA's order: the first is the base
base_w = statistics.median(w for w, _ in by[qs[0]])
base_c = by[qs[0]][0][1]
det = all(len({c for _, c in by[q]}) == 1 for q in qs)
out = "%-13s %6s" % (sys.argv[2], "yes" if det else "NO")
for q in qs:
    ws = [w for w, _ in by[q]]
    m = statistics.median(ws)
    cv = 100 * statistics.pstdev(ws) / statistics.mean(ws) if len(ws) > 1 else 0.0
    err = 100.0 * (by[q][0][1] - base_c) / base_c
    out += " %8.2fx %+6.2f%% %4.1f%%" % (base_w / m, err, cv)
print(out)
PY
done
