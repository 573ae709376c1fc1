#!/bin/sh
# Runs the kernels: every binary under qemu (one core, the runtime's
# fallbacks), then under warpsim (ARM and IA-32) on several core counts when
# build/warpsim exists. For IA-32's matmul on 1024 cores, every core's
# instruction count must also be the same on 1 and on 2 host threads (the
# counts do not depend on how cores are scheduled). A run passes when it exits 0, core 0 prints a line
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

# counts REPORT: "core instructions" per core, in core order
counts() {
    tr -d ' \t\r\n' < "$1" | grep -o '{[^{}]*"exit_code"[^{}]*}' |
        sed 's/.*"core":\([0-9]*\).*"instructions":\([0-9]*\).*/\1 \2/'
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
    [ -x "$WARPSIM" ] || continue
    isa=arm
    case "$name" in *.x86) isa=x86 ;; esac
    counts=$KERN_CORES
    case "$name" in tiny.*) counts="$counts $KERN_TINY_CORES" ;; esac
    for n in $counts; do
        rm -f "$tmp/report.json"
        timeout "$KERN_TIMEOUT" "$WARPSIM" run --isa "$isa" --cores "$n" --quiet --report "$tmp/report.json" \
            "$bin" < /dev/null > "$tmp/out" 2>&1
        rc=$?
        [ -f "$tmp/report.json" ] || echo '{}' > "$tmp/report.json"
        verdict "$name" "warpsim --cores $n" "$n" "$rc"
        if [ "$name" = matmul.x86 ] && [ "$n" -eq 1024 ] && [ "$rc" -eq 0 ]; then
            counts "$tmp/report.json" > "$tmp/counts.a"
            timeout "$KERN_TIMEOUT" "$WARPSIM" run --isa x86 --cores 1024 --threads 1 --quiet \
                --report "$tmp/report.json" "$bin" < /dev/null > "$tmp/out" 2>&1
            counts "$tmp/report.json" > "$tmp/counts.b"
            if [ -s "$tmp/counts.a" ] && cmp -s "$tmp/counts.a" "$tmp/counts.b"; then
                passed=$((passed + 1))
            else
                failed=$((failed + 1))
                echo "FAIL $name: instruction counts differ between 1 host thread and all"
            fi
        fi
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
