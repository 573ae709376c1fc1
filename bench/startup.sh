#!/usr/bin/env bash
# Start-up cost: a static hello world (armel gcc -O2) run RUNS times (default
# 50) by each command in turn, the mean wall time of each; decode on first
# fetch is what this measures (a hello runs ~30k instructions out of 400 KB of
# text). Extra arguments are more warpsim builds to compare, e.g. an old one.
#
#   bash bench/startup.sh [OTHER_WARPSIM...]
set -eu
RUNS=${RUNS:-50}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n' >"$T/hello.c"
arm-linux-gnueabi-gcc -static -O2 "$T/hello.c" -o "$T/hello"
# mean_ms CMD...: CMD run RUNS times, the mean wall milliseconds
mean_ms() {
    local s e
    s=$(date +%s%N)
    for _ in $(seq "$RUNS"); do "$@" "$T/hello" >/dev/null 2>&1; done
    e=$(date +%s%N)
    awk -v d=$((e - s)) -v n="$RUNS" 'BEGIN { printf "%.2f", d / n / 1e6 }'
}
printf '%-40s %8s\n' command mean_ms
for round in 1 2; do
    printf '%-40s %8s\n' "build/warpsim run (round $round)" "$(mean_ms build/warpsim run --quiet)"
    printf '%-40s %8s\n' "qemu-arm (round $round)" "$(mean_ms qemu-arm)"
    for w; do printf '%-40s %8s\n' "$w run (round $round)" "$(mean_ms "$w" run --quiet)"; done
done
