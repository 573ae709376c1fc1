#!/bin/sh
# Runs risu programs (test/risu/README.md) on qemu (the oracle) and on
# warpsim and compares their records; for the first RISU_SHOW (5)
# mismatches of each it prints the block's listing line (the instruction,
# warpsim's disassembly, the inputs) and both records. Exit status 1 when
# any program mismatched.
#
#   sh test/risu/risu_compare.sh BIN...     (each with BIN.txt beside it)
#
# Environment: RISU_ISA (arm, or x86 for the IA-32 tester), WARPSIM
# (build/warpsim), QEMU_ARM (qemu-arm), QEMU_I386 (qemu-i386), RISU_SHOW.
#
# The x86 harness takes the first block's number: warpsim runs no signal
# handler, so a block that faults (a divide fault) ends its run, with
# 128 + the signal as the exit status; that block's record becomes
# "N signal S", as the harness prints it under qemu, and the run starts
# again after it.
set -u
WARPSIM=${WARPSIM:-build/warpsim}
RISU_ISA=${RISU_ISA:-arm}
RISU_SHOW=${RISU_SHOW:-5}
if [ "$RISU_ISA" = x86 ]; then QEMU=${QEMU_I386:-qemu-i386}; else QEMU=${QEMU_ARM:-qemu-arm}; fi
status=0

# warpsim_records BIN: BIN's records under warpsim into BIN.warpsim; the
# exit status of its last run.
warpsim_records() {
    bin=$1
    if [ "$RISU_ISA" != x86 ]; then
        "$WARPSIM" run --quiet "$bin" >"$bin.warpsim" 2>"$bin.warpsim.err"
        return $?
    fi
    total=$(wc -l <"$bin.txt")
    first=0
    : >"$bin.warpsim"
    : >"$bin.warpsim.err"
    while :; do
        "$WARPSIM" run --quiet "$bin" "$first" >>"$bin.warpsim" 2>>"$bin.warpsim.err"
        rc=$?
        [ $rc -gt 128 ] && [ $rc -lt 160 ] || return $rc
        next=$(tail -n 1 "$bin.warpsim" | awk -v f="$first" '{ n = $1 + 1 } END { print (n > f ? n : f) }')
        [ "$next" -lt "$total" ] || return $rc
        echo "$next signal $((rc - 128))" >>"$bin.warpsim"
        first=$((next + 1))
        [ "$first" -lt "$total" ] || return 0
    done
}

for bin in "$@"; do
    "$QEMU" "$bin" >"$bin.qemu" 2>"$bin.qemu.err"
    warpsim_records "$bin"
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
