#!/bin/sh
# Runs risu programs (test/risu/README.md) on qemu-arm and on warpsim and
# compares their records; for the first RISU_SHOW (5) mismatches of each it
# prints the block's listing line (the word, warpsim's disassembly, the
# inputs) and both records. Exit status 1 when any program mismatched.
#
#   sh test/risu/risu_compare.sh BIN...     (each with BIN.txt beside it)
#
# Environment: WARPSIM (build/warpsim), QEMU_ARM (qemu-arm), RISU_SHOW.
set -u
WARPSIM=${WARPSIM:-build/warpsim}
QEMU_ARM=${QEMU_ARM:-qemu-arm}
RISU_SHOW=${RISU_SHOW:-5}
status=0
for bin in "$@"; do
    "$QEMU_ARM" "$bin" >"$bin.qemu" 2>"$bin.qemu.err"
    "$WARPSIM" run --quiet "$bin" >"$bin.warpsim" 2>"$bin.warpsim.err"
    wrc=$?
    awk -v show="$RISU_SHOW" -v name="$(basename "$bin")" -v list="$bin.txt" -v ws="$bin.warpsim" -v wrc="$wrc" '
        function fields(s) { return s == "" ? "(no record)" : s }
        {
            q = $0
            got = (getline w < ws) > 0
            if (!got) w = ""
            total++
            if (q == w) next
            bad++
            if (bad > show) next
            n = split(q, a, " ")
            while (((getline l < list) > 0) && l !~ ("^" a[1] " ")) ;
            print "risu " name ": block " a[1] ": " l
            print "    qemu:    " fields(q)
            print "    warpsim: " fields(w)
        }
        END {
            while ((getline w < ws) > 0) { total++; bad++ }
            printf "risu %s: %d blocks, %d mismatches%s\n", name, total, bad, wrc != 0 ? " (warpsim exit " wrc ")" : ""
            exit bad != 0 || wrc != 0
        }' "$bin.qemu" || status=1
done
exit $status
