#!/bin/sh
# Runs each VFP test binary under qemu-arm and warpsim (one core) and
# compares their outputs; on a difference, shows the first differing
# operations line by line (the binary's verbose mode) and fails.
#   sh test/vfp/vfp_diff.sh BINARY...
set -u
WARPSIM=${WARPSIM:-build/warpsim}
QEMU_ARM=${QEMU_ARM:-qemu-arm}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for bin in "$@"; do
    "$QEMU_ARM" "$bin" > "$tmp/q" || { echo "vfp-diff: $bin: qemu-arm failed"; fail=1; continue; }
    "$WARPSIM" run --quiet "$bin" > "$tmp/w" 2> "$tmp/err" || {
        echo "vfp-diff: $bin: warpsim failed: $(head -c 300 "$tmp/err")"; fail=1; continue; }
    if cmp -s "$tmp/q" "$tmp/w"; then
        echo "vfp-diff: $bin: $(wc -l < "$tmp/q") operation/setting hashes equal"
        continue
    fi
    fail=1
    diff "$tmp/q" "$tmp/w" | grep '^<' | awk '{print $2}' | sort -u | head -3 | while read -r op; do
        echo "vfp-diff: $bin: $op differs; first lines (qemu, then warpsim):"
        "$QEMU_ARM" "$bin" v "$op" > "$tmp/qv"
        "$WARPSIM" run --quiet "$bin" v "$op" > "$tmp/wv" 2>/dev/null
        diff "$tmp/qv" "$tmp/wv" | head -6
    done
done
exit $fail
