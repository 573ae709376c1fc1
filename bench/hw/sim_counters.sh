#!/usr/bin/env bash
# warpsim's side of the correlation with a card: every kernels/ptx workload
# under `warpsim ptx --timing` on each GPU config given, one markdown table a
# config, a row a workload (its launches summed), a column a counter of
# src/host/hw/hw_counters.def ("-": not in the report yet). bench/RESULTS.md
# keeps the tables; the reports stay in OUT for `warpsim report --correlate
# bench/hw/<card> OUT/<config>/*.json` once a card's counters are committed.
#
#   bash bench/hw/sim_counters.sh [CONFIG...]   (default: titanv h100)
#   WARPSIM=build/warpsim OUT=/tmp/hw-sim THREADS=2
set -u
W=${WARPSIM:-build/warpsim}
OUT=${OUT:-/tmp/hw-sim}
REF_DIR=${REF_DIR:-$(dirname "$W")/kernels/ptx/ref}
[ $# -gt 0 ] || set -- titanv h100
table=$(printf '#define HW_COUNTER(name, key, metric, added, scale, what) name key\n#include "src/host/hw/hw_counters.def"\n' |
    ${CC:-cc} -E -P -x c -I. -)
for cfg in "$@"; do
    mkdir -p "$OUT/$cfg"
    for l in kernels/ptx/*.launch; do
        n=$(basename "$l" .launch)
        "$W" ptx --quiet --timing --threads "${THREADS:-2}" --config "configs/gpu/$cfg.cfg" --ref-dir "$REF_DIR" \
            --report "$OUT/$cfg/$n.json" "$l" >/dev/null 2>"$OUT/$cfg/$n.err" ||
            echo "sim_counters: $cfg $n: exit $?: $(head -2 "$OUT/$cfg/$n.err")" >&2
    done
    python3 - "$OUT/$cfg" "$cfg" "$table" <<'PY'
import glob, json, os, sys
out, cfg, table = sys.argv[1], sys.argv[2], sys.argv[3]
counters = []
for line in table.splitlines():
    name, key = line.split(None, 1)
    key = key.strip('"')
    if key not in [k for _, k in counters]:  # sm_cycles repeats cycles' key
        counters.append((name, key))
def value(launch, key):
    for part in key.split("."):
        launch = launch.get(part) if isinstance(launch, dict) else None
    return launch if isinstance(launch, (int, float)) else None
print(f"\n{cfg} ({out}):\n")
print("| workload | launches | " + " | ".join(n for n, _ in counters) + " |")
print("|---|---:|" + "---:|" * len(counters))
for path in sorted(glob.glob(out + "/*.json")):
    launches = json.load(open(path))["launches"]
    cells = []
    for _, key in counters:
        vals = [value(l, key) for l in launches]
        cells.append("-" if None in vals else f"{sum(vals):,}")
    print(f"| {os.path.basename(path)[:-5]} | {len(launches)} | " + " | ".join(cells) + " |")
PY
done
