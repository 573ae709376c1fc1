#!/bin/bash
# Runs every PTX workload (kernels/ptx/NAME.launch) in every PTX variant on warpsim and says
# PASS or FAIL for each pair; exits 1 if any failed. Where kernels/ptx/NAME.stdout exists, the
# kernels' printf output (warpsim's stdout) must equal it too. Run from anywhere; `make ptx-workloads`
# builds warpsim and the references first.
#   run_workloads.sh [NAME...]          only these workloads
#   VARIANTS="sm_75 clang" run_workloads.sh
#   WARPSIM=path  REF_DIR=path  TIMEOUT=seconds (each run; default 300)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
wl="$root/kernels/ptx"
warpsim=${WARPSIM:-$root/build/warpsim}
ref_dir=${REF_DIR:-$root/build/kernels/ptx/ref}
variants=${VARIANTS:-sm_75 sm_90 sm_75.G clang}
timeout=${TIMEOUT:-300}
logs="$root/build/kernels/ptx/logs"
mkdir -p "$logs"
[ -x "$warpsim" ] || { echo "run_workloads: no $warpsim (make build/warpsim)" >&2; exit 2; }

if [ $# -gt 0 ]; then names=("$@"); else
    names=(); for f in "$wl"/*.launch; do names+=("$(basename "$f" .launch)"); done
fi

pass=0 fail=0 failed=()
for name in "${names[@]}"; do
    for v in $variants; do
        module="$wl/gen/$name.$v.ptx" log="$logs/$name.$v.log" out="$logs/$name.$v.out"
        start=$EPOCHREALTIME
        timeout "$timeout" "$warpsim" ptx --quiet --ref-dir "$ref_dir" --module "$module" "$wl/$name.launch" \
            >"$out" 2>"$log"
        rc=$?
        if [ $rc -eq 0 ] && [ -f "$wl/$name.stdout" ] && ! cmp -s "$out" "$wl/$name.stdout"; then
            rc=1
            echo "printf output differs from $name.stdout: $(head -c 200 "$out")" >>"$log"
        fi
        secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')
        if [ $rc -eq 0 ]; then
            pass=$((pass + 1))
            printf 'PASS %-14s %-8s %6.2fs\n' "$name" "$v" "$secs"
        else
            fail=$((fail + 1)) failed+=("$name.$v")
            why=$(grep -v '^\s*$' "$log" | tail -n 3 | tr '\n' ' ')
            [ $rc -eq 124 ] && why="timed out after ${timeout}s"
            printf 'FAIL %-14s %-8s %6.2fs  (exit %d) %s\n' "$name" "$v" "$secs" "$rc" "$why"
        fi
    done
done
echo "ptx workloads: $pass passed, $fail failed (logs in $logs)"
[ $fail -eq 0 ] || { echo "failed: ${failed[*]}"; exit 1; }
