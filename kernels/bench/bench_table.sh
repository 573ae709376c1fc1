#!/bin/sh
# Instruction counts and speed of the benchmark workloads on warpsim
# (make bench-kernels-table): for each binary and core count, a row with the
# total instructions, core 0's, the largest per-core count (the critical
# path: application speedup at N cores = max at 1 / max at N), the largest
# among cores other than 0 (the critical path without core 0's check and
# summary), wall seconds and MIPS, all from warpsim's run reports, tabled by
# `warpsim report`.
#
#   sh kernels/bench/bench_table.sh BINARY...
#
# Environment: WARPSIM (build/warpsim), BENCHK_TABLE_CORES ("1 32 256 1024"),
# BENCHK_RUN_ARGS (extra options of warpsim run, e.g. "--backend cpu").
set -eu
WARPSIM=${WARPSIM:-build/warpsim}
BENCHK_TABLE_CORES=${BENCHK_TABLE_CORES:-1 32 256 1024}
BENCHK_RUN_ARGS=${BENCHK_RUN_ARGS:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

i=0
for bin in "$@"; do
    for n in $BENCHK_TABLE_CORES; do
        i=$((i + 1))
        report=$(printf '%s/%04d.json' "$tmp" "$i")
        # shellcheck disable=SC2086
        "$WARPSIM" run $BENCHK_RUN_ARGS --cores "$n" --quiet --report "$report" "$bin" \
            < /dev/null > "$tmp/out" 2>&1 || echo "warning: $(basename "$bin") at $n cores: $(cat "$tmp/out")" >&2
    done
done
# A failed run may have left no report: table the ones there are.
set -- "$tmp"/*.json
[ -f "$1" ] || { echo "bench_table: no run wrote a report" >&2; exit 1; }
"$WARPSIM" report --columns program,backend,cores,total_instructions,core0_insns,max_core_insns,max_other_insns,wall_seconds,mips "$@"
