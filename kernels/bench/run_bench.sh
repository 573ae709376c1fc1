#!/bin/sh
# Runs the benchmark workloads (make bench-kernels-check): each binary under
# qemu (one core, the runtime's fallbacks), then each ARM one under warpsim
# on several core counts. A run passes when it exits 0 and prints exactly
# one line, ending in " ok" and naming the right core count; under warpsim
# also when every core halted with exit status 0 and the line, core count
# aside, is the one qemu printed (every result is independent of the core
# count, so qemu is the oracle for the checksums).
#
#   sh kernels/bench/run_bench.sh BINARY...
#
# Environment: WARPSIM (build/warpsim), BENCHK_CORES ("1 32 256"),
# BENCHK_TIMEOUT (seconds a run, 300).
set -u
WARPSIM=${WARPSIM:-build/warpsim}
BENCHK_CORES=${BENCHK_CORES:-1 32 256}
BENCHK_TIMEOUT=${BENCHK_TIMEOUT:-300}
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the summary line without its core count
strip_cores() { sed 's/ cores=[0-9]*//' "$1"; }

# why NAME CORES RC: prints why the run in $tmp failed, nothing if it passed
why() {
    lines=$(wc -l < "$tmp/out")
    if [ "$3" -ne 0 ]; then
        echo "exit status $3"
    elif [ "$lines" -ne 1 ] || ! grep -q " ok\$" "$tmp/out"; then
        echo "not one line ending in ' ok'"
    elif ! grep -q "cores=$2 " "$tmp/out"; then
        echo "wrong core count"
    elif [ -f "$tmp/report.json" ]; then
        tr -d ' \t\r\n' < "$tmp/report.json" | grep -o '{[^{}]*"exit_code"[^{}]*}' > "$tmp/cores"
        good=$(grep -c '"exit_code":0[,}].*"status":"halted"\|"status":"halted".*"exit_code":0[,}]' "$tmp/cores")
        if [ "$good" -ne "$2" ]; then
            echo "$good of $2 cores in the report halted with status 0"
        elif [ "$(strip_cores "$tmp/out")" != "$(cat "$tmp/qemu")" ]; then
            echo "differs from qemu's '$(cat "$tmp/qemu")'"
        fi
    fi
}

verdict() {
    reason=$(why "$1" "$3" "$4")
    if [ -z "$reason" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1 $2: $reason: $(head -c 300 "$tmp/out" | tr '\n' ' ')"
    fi
}

for bin in "$@"; do
    name=$(basename "$bin")
    case "$name" in
        *.x86) qemu="qemu-i386" ;;
        *) qemu="qemu-arm" ;;
    esac
    rm -f "$tmp/report.json"
    timeout "$BENCHK_TIMEOUT" "$qemu" "$bin" < /dev/null > "$tmp/out" 2>&1
    verdict "$name" "$qemu" 1 $?
    strip_cores "$tmp/out" > "$tmp/qemu"
    case "$name" in *.x86) continue ;; esac
    for n in $BENCHK_CORES; do
        rm -f "$tmp/report.json"
        timeout "$BENCHK_TIMEOUT" "$WARPSIM" run --cores "$n" --quiet --report "$tmp/report.json" \
            "$bin" < /dev/null > "$tmp/out" 2>&1
        rc=$?
        [ -f "$tmp/report.json" ] || echo '{}' > "$tmp/report.json"
        verdict "$name" "warpsim --cores $n" "$n" "$rc"
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
