#!/usr/bin/env bash
# A million cores' setup against their run (configs/manycore-arm-1m.cfg,
# kernels/tiny.c freestanding): setup_seconds (the machine: contexts, code,
# templates, memory reserved), wall_seconds (the run, which initializes
# each core's window on its first quantum), resident memory. ROUNDS runs
# (default 3); the machine needs about 7 GB.
#   bench/manycore_setup.sh [CONFIG] [PROGRAM]
set -eu
W=${WARPSIM:-build/warpsim}
CFG=${1:-configs/manycore-arm-1m.cfg}
PROG=${2:-build/kernels/tiny.free.arm}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for r in $(seq "${ROUNDS:-3}"); do
    /usr/bin/time -f "%M" -o "$T/rss" "$W" run --quiet --config "$CFG" --report "$T/r.json" "$PROG" >/dev/null
    python3 - "$T/r.json" "$(cat "$T/rss")" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("cores %d  setup %.3f s  run %.3f s  (%.0f MIPS)  resident %.1f GB  bytes/core %d" % (
    d["cores"], d["setup_seconds"], d["wall_seconds"], d["mips"], int(sys.argv[2]) / 2**20, d["bytes_per_core"]))
PY
done
