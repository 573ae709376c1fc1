#!/usr/bin/env bash
# Two warpsim builds side by side on the benchmark's per-thread programs and
# the seed's best and worst cases (1 core, 1 thread, CPU backend), and the new
# build once more with a timing model attached (--timing unit-counts).
# Runs alternate within each round, ROUNDS rounds (default 5); each column is
# the median wall time of its runs, and the ratio compares runs made minutes
# apart at most, on the same noisy host.
#
#   bash bench/side_by_side.sh OLD/warpsim NEW/warpsim
#
# Build OLD from the commit before a change, e.g.
#   git worktree add /tmp/old <commit> && make -C /tmp/old NVCC= build/warpsim
set -eu
if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: bash bench/side_by_side.sh OLD_WARPSIM NEW_WARPSIM (both executable)" >&2
    exit 2
fi
OLD=$1 NEW=$2
ROUNDS=${ROUNDS:-5}
K=build/kernels/bench
for f in build/bench/compute.arm build/bench/calls.thumb.arm $K/best.arm $K/worst.arm; do
    [ -f "$f" ] || { echo "side_by_side: $f missing (make bench-programs bench-kernels)" >&2; exit 1; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# wall BIN PROG ARGS...: the simulation loop's seconds, from the run's report.
wall() {
    local bin=$1
    shift
    "$bin" run --quiet --backend cpu --threads 1 --report "$T/r.json" "$@" >/dev/null
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["wall_seconds"])' "$T/r.json"
}
median() { sort -g | sed -n "$(((ROUNDS + 1) / 2))p"; }

printf '%-14s %10s %10s %8s %12s %8s\n' program old_s new_s new/old timing_on_s on/new
while read -r name prog arg; do
    : >"$T/old" && : >"$T/new" && : >"$T/tim"
    for _ in $(seq "$ROUNDS"); do
        wall "$OLD" "$prog" "$arg" >>"$T/old"
        wall "$NEW" "$prog" "$arg" >>"$T/new"
        wall "$NEW" --timing unit-counts "$prog" "$arg" >>"$T/tim"
    done
    o=$(median <"$T/old") n=$(median <"$T/new") t=$(median <"$T/tim")
    awk -v p="$name" -v o="$o" -v n="$n" -v t="$t" \
        'BEGIN { printf "%-14s %10.3f %10.3f %8.3f %12.3f %8.3f\n", p, o, n, n / o, t, t / n }'
done <<EOF
compute.arm build/bench/compute.arm 300000
compute.thumb build/bench/compute.thumb.arm 300000
calls.arm build/bench/calls.arm 35
calls.thumb build/bench/calls.thumb.arm 35
best.arm $K/best.arm 300000
worst.arm $K/worst.arm 300000
EOF
