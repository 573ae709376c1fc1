#!/usr/bin/env bash
# Host instructions (and data reads) per simulated instruction, by callgrind:
# exact and repeatable on a shared machine where wall times are noisy. Each
# program runs under warpsim on one core at two lengths (program arguments
# SHORT and LONG); the differences of the two runs' host counts and of
# their simulated counts cancel the start-up (loading, decoding, libc's own
# start), so the ratio is the steady state of the step loop.
#
#   bench/host_insns.sh [-- warpsim options] PROG:SHORT:LONG ...
#   WARPSIM=build-old/warpsim bench/host_insns.sh build/bench/compute.arm:200:1200
#
# Prints one line per program: name, Ir per simulated instruction, Dr per
# simulated instruction.
set -eu
W=${WARPSIM:-build/warpsim}
opts=()
if [ "${1:-}" = -- ]; then
    shift
    while [ $# -gt 0 ] && [[ "$1" == --* ]]; do opts+=("$1"); shift; done
fi
[ $# -gt 0 ] || { echo "usage: $0 [-- warpsim options] PROG:SHORT:LONG ..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "host_insns: valgrind not found" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# one PROG ARG: prints "Ir Dr simulated" of one run
one() {
    local prog=$1 arg=$2
    valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$T/cg" \
        "$W" run --quiet --threads 1 "${opts[@]}" --report "$T/r.json" "$prog" "$arg" >/dev/null 2>"$T/vg" ||
        { echo "host_insns: $prog $arg failed" >&2; cat "$T/vg" >&2; exit 1; }
    local ir dr sim
    read -r ir dr < <(sed -n 's/^summary: \([0-9]*\) \([0-9]*\).*/\1 \2/p' "$T/cg")
    sim=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["total_instructions"])' "$T/r.json")
    echo "$ir $dr $sim"
}

for spec in "$@"; do
    IFS=: read -r prog short long <<<"$spec"
    read -r ir1 dr1 s1 < <(one "$prog" "$short")
    read -r ir2 dr2 s2 < <(one "$prog" "$long")
    python3 -c 'import sys
ir1, dr1, s1, ir2, dr2, s2 = map(int, sys.argv[2:8])
print("%-28s Ir/insn %6.2f  Dr/insn %5.2f" % (sys.argv[1], (ir2 - ir1) / (s2 - s1), (dr2 - dr1) / (s2 - s1)))' \
        "$(basename "$prog")" "$ir1" "$dr1" "$s1" "$ir2" "$dr2" "$s2"
done
