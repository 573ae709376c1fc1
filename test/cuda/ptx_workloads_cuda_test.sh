#!/bin/bash
# Every kernels/ptx workload as a CUDA program (kernels/ptx/host/host.mk builds
# $BINS/NAME.sm_75 and NAME.sm_90) under `warpsim cuda`: each must pass its own
# check (exit 0, "PASS" on stderr), and where kernels/ptx/NAME.stdout exists its
# kernels' printf output must equal it.
#   ptx_workloads_cuda_test.sh [NAME...]    only these workloads
set -u
WARPSIM=${WARPSIM:-build/warpsim}
BINS=${BINS:-build/kernels/ptx/cuda}
REF_DIR=${REF_DIR:-build/kernels/ptx/ref}
WL=kernels/ptx
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then names=("$@"); else
    names=(); for f in "$WL"/*.launch; do names+=("$(basename "$f" .launch)"); done
fi

for name in "${names[@]}"; do
    for arch in sm_75 sm_90; do
        bin="$BINS/$name.$arch"
        start=$EPOCHREALTIME
        timeout 600 "$WARPSIM" cuda --quiet -- "$bin" "$WL/$name.launch" "$REF_DIR" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
        why=""
        if [ $rc != 0 ] || ! grep -q "^PASS $WL/$name.launch" "$tmp/err"; then
            why="status $rc: $(grep -v '^\s*$' "$tmp/err" | tail -n 3 | tr '\n' ' ' | head -c 400)"
        elif [ -f "$WL/$name.stdout" ] && ! cmp -s "$tmp/out" "$WL/$name.stdout"; then
            why="printf output differs from $name.stdout: $(head -c 200 "$tmp/out")"
        fi
        if [ -z "$why" ]; then
            pass=$((pass + 1))
            printf 'PASS %-14s %-6s %6ss\n' "$name" "$arch" "$secs"
        else
            fail=$((fail + 1))
            printf 'FAIL %-14s %-6s %6ss  %s\n' "$name" "$arch" "$secs" "$why"
        fi
    done
done
echo "ptx workloads under warpsim cuda: $pass passed, $fail failed"
[ $fail = 0 ]
