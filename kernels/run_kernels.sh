#!/bin/sh
# Runs the kernels: every binary under qemu (one core, the runtime's
# fallbacks), then the ARM ones under warpsim on several core counts when
# build/warpsim exists. A run passes when it exits 0, core 0 prints a line
# ending in " ok" that names the right core count, and (under warpsim) every
# core halted with status 0.
#
#   sh kernels/run_kernels.sh [BINARY...]     (default: build/kernels/*)
#
# Environment: WARPSIM (build/warpsim), KERN_CORES ("1 64 1024"), KERN_TINY_CORES
# ("65536", extra counts for tiny), KERN_TIMEOUT (600).
set -u
WARPSIM=${WARPSIM:-build/warpsim}
KERN_CORES=${KERN_CORES:-1 64 1024}
KERN_TINY_CORES=${KERN_TINY_CORES:-65536}
KERN_TIMEOUT=${KERN_TIMEOUT:-600}
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# verdict NAME HOW CORES RC: judges $tmp/out (and $tmp/report.json when CORES > 0)
verdict() {
    why=""
    if [ "$4" -ne 0 ]; then
        why="exit status $4"
    elif ! grep -q " ok\$" "$tmp/out"; then
        why="no ' ok' line"
    elif [ "$3" -gt 0 ] && ! grep -q "cores=$3 " "$tmp/out"; then
        why="wrong core count"
    elif [ "$3" -gt 0 ]; then
        tr -d ' \t\r\n' < "$tmp/report.json" | grep -o '{[^{}]*"exit_code"[^{}]*}' > "$tmp/cores"
        good=$(grep -c '"exit_code":0[,}].*"status":"halted"\|"status":"halted".*"exit_code":0[,}]' "$tmp/cores")
        [ "$good" -ne "$3" ] && why="$good of $3 cores in the report halted with status 0"
    fi
    if [ -z "$why" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1 $2: $why: $(head -c 300 "$tmp/out" | tr '\n' ' ')"
    fi
}

[ $# -eq 0 ] && set -- build/kernels/*
for bin in "$@"; do
    name=$(basename "$bin")
    case "$name" in
        *.x86) qemu=qemu-i386 ;;
        *) qemu=qemu-arm ;;
    esac
    timeout "$KERN_TIMEOUT" "$qemu" "$bin" < /dev/null > "$tmp/out" 2>&1
    verdict "$name" "$qemu" 0 $?
    case "$name" in *.x86) continue ;; esac
    [ -x "$WARPSIM" ] || continue
    counts=$KERN_CORES
    case "$name" in tiny.*) counts="$counts $KERN_TINY_CORES" ;; esac
    for n in $counts; do
        rm -f "$tmp/report.json"
        timeout "$KERN_TIMEOUT" "$WARPSIM" run --isa arm --cores "$n" --quiet --report "$tmp/report.json" \
            "$bin" < /dev/null > "$tmp/out" 2>&1
        rc=$?
        [ -f "$tmp/report.json" ] || echo '{}' > "$tmp/report.json"
        verdict "$name" "warpsim --cores $n" "$n" "$rc"
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
