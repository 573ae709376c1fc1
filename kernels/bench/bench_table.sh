#!/bin/sh
# Instruction counts and speed of the benchmark workloads on warpsim
# (make bench-kernels-table): for each binary and core count, a Markdown row
# with the total instructions, core 0's, the largest per-core count (the
# critical path: application speedup at N cores = max at 1 / max at N), the
# largest among cores other than 0 (the critical path without core 0's
# check and summary), wall seconds and MIPS, all from warpsim's JSON report.
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

# row NAME CORES: one table row from $tmp/r.json
row() {
    tr -d ' \t\r\n' < "$tmp/r.json" | awk -v name="$1" -v cores="$2" '
        function field(s, key,   m) {
            if (!match(s, "\"" key "\":[^,}]*")) return ""
            m = substr(s, RSTART, RLENGTH); sub(/^[^:]*:/, "", m); gsub(/"/, "", m); return m
        }
        {
            total = field($0, "total_instructions"); mips = field($0, "mips")
            wall = field($0, "wall_seconds"); backend = field($0, "backend")
            n = split($0, objs, "{"); core0 = max = rest = 0
            for (i = 1; i <= n; i++) {
                c = field(objs[i], "core"); ins = field(objs[i], "instructions")
                if (c == "" || ins == "") continue
                if (c + 0 == 0) core0 = ins
                if (ins + 0 > max + 0) max = ins
                if (c + 0 != 0 && ins + 0 > rest + 0) rest = ins
            }
            printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", name, backend, cores, total, core0,
                max, rest, wall, mips
        }'
}

echo "| program | backend | cores | total insns | core 0 | max per core | max other | wall s | MIPS |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
for bin in "$@"; do
    for n in $BENCHK_TABLE_CORES; do
        # shellcheck disable=SC2086
        "$WARPSIM" run $BENCHK_RUN_ARGS --cores "$n" --quiet --report "$tmp/r.json" "$bin" \
            < /dev/null > "$tmp/out" 2>&1 || echo "warning: $(basename "$bin") at $n cores: $(cat "$tmp/out")" >&2
        row "$(basename "$bin")" "$n"
    done
done
