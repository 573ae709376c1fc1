#!/bin/sh
# Differential test: every ARM binary runs under qemu-arm (the oracle) and under
# warpsim on 1 core and on 64 cores; stdout and exit status must match qemu's,
# on 64 cores for every core (and every core's stderr too, from --output-dir).
# warpsim runs without --quiet: its table goes to stderr, never into stdout.
#
#   sh test/diff/run_diff.sh [BINARY...]      (default: build/diff/*.*)
#
# Environment: WARPSIM (build/warpsim), QEMU_ARM (qemu-arm), DIFF_JOBS (2),
# DIFF_ISA (arm; x86 for the i386 binaries) and DIFF_QEMU (the oracle:
# $QEMU_ARM, or qemu-i386 for DIFF_ISA=x86),
# DIFF_CORES ("1 64"), DIFF_TIMEOUT (seconds per run, 300), DIFF_WARPSIM_FLAGS,
# DIFF_EXPECT_ONLY (1: only record qemu's results, for tools/gpu_kit.sh).
# Arguments for <name> come from test/diff/<name>.args (shell words).
# qemu's results are cached in build/diff/expect/<bin>.{out,err,rc} and redone
# when the binary is newer; failed runs are kept in build/diff/run/.
# Prints one line per failure, then "N passed, M failed".
set -u

DIFF_SRCDIR=$(cd "$(dirname "$0")" && pwd)
WARPSIM=${WARPSIM:-build/warpsim}
QEMU_ARM=${QEMU_ARM:-qemu-arm}
DIFF_ISA=${DIFF_ISA:-arm}
if [ "$DIFF_ISA" = x86 ]; then DIFF_QEMU=${DIFF_QEMU:-qemu-i386}; else DIFF_QEMU=${DIFF_QEMU:-$QEMU_ARM}; fi
DIFF_JOBS=${DIFF_JOBS:-2}
DIFF_CORES=${DIFF_CORES:-1 64}
DIFF_TIMEOUT=${DIFF_TIMEOUT:-300}
DIFF_WARPSIM_FLAGS=${DIFF_WARPSIM_FLAGS:-}
export WARPSIM QEMU_ARM DIFF_ISA DIFF_QEMU DIFF_CORES DIFF_TIMEOUT DIFF_WARPSIM_FLAGS DIFF_EXPECT_ONLY

# first_diff EXPECTED GOT: "line N: got '...' expected '...'" for the first difference
first_diff() {
    awk -v exp_file="$1" '
        function clip(s) { return length(s) > 100 ? substr(s, 1, 100) "..." : s }
        {
            more = (getline e < exp_file) > 0
            if (!more) { printf "line %d: got \047%s\047, expected end of output\n", NR, clip($0); found = 1; exit }
            if ($0 != e) { printf "line %d: got \047%s\047 expected \047%s\047\n", NR, clip($0), clip(e); found = 1; exit }
        }
        END {
            if (found) exit
            if ((getline e < exp_file) > 0) printf "line %d: got end of output, expected \047%s\047\n", NR + 1, clip(e)
            else printf "bytes differ (no trailing newline?)\n"
        }' "$2"
}

# json_cores REPORT: "core exit_code status" per element of per_core
json_cores() {
    tr -d ' \t\r\n' < "$1" | grep -o '{[^{}]*"exit_code"[^{}]*}' | sed \
        -e 's/.*"core":\([0-9]*\).*"exit_code":\(-\{0,1\}[0-9]*\).*"status":"\([a-z_]*\)".*/\1 \2 \3/' \
        -e 's/.*"core":\([0-9]*\).*"status":"\([a-z_]*\)".*"exit_code":\(-\{0,1\}[0-9]*\).*/\1 \3 \2/'
}

# stderr_note: the start of warpsim's stderr, if any, for a failure line
stderr_note() {
    [ -s "$work/stderr" ] && printf ' (stderr: %s)' "$(head -c 200 "$work/stderr" | tr '\n' ' ')"
}

# expect BIN: run qemu unless its cached result ($EXP.rc) is newer than BIN
expect() {
    bin=$1
    [ -f "$EXP.rc" ] && [ ! "$bin" -nt "$EXP.rc" ] && [ "$(wc -w < "$EXP.rc")" -eq 2 ] && return 0
    # the subshell reports the status itself so that its shell, not ours, sees
    # the signal and prints "Aborted" to /dev/null
    ( eval "set -- $ARGS"; timeout "$DIFF_TIMEOUT" "$DIFF_QEMU" "$bin" "$@" \
          < /dev/null > "$EXP.out.tmp" 2> "$EXP.err.tmp"
      rc=$?
      # 128 + n is a signal only if qemu says so; exit(196) is a plain exit
      kind=exit
      [ "$rc" -ge 128 ] && grep -q '^qemu: uncaught target signal' "$EXP.err.tmp" && kind=signal
      echo "$rc $kind" > "$EXP.rc.tmp" ) 2> /dev/null
    mv "$EXP.out.tmp" "$EXP.out"
    mv "$EXP.err.tmp" "$EXP.err"
    mv "$EXP.rc.tmp" "$EXP.rc"
}

# same_as_reference EXT REF: every core's $work/out/core<c>.EXT has REF's bytes
# (one md5sum for all the cores: the loop below forks per core, which took
# more of `make diff` than warpsim's own 64-core runs)
same_as_reference() {
    ref=$(md5sum < "$2") || return 1
    c=0 list=""
    while [ "$c" -lt "$cores" ]; do list="$list $work/out/core$c.$1"; c=$((c + 1)); done
    sums=$(md5sum $list 2> /dev/null) || return 1
    [ "$(printf '%s\n' "$sums" | cut -d' ' -f1 | sort -u)" = "${ref%% *}" ]
}

# all_cores_pass: the common case of the per-core checks below in a few
# processes: every core's stdout (and, for an exit, stderr) qemu's, every
# core once in the report with qemu's outcome. 1 if anything differs: the
# loop then names the first core and why.
all_cores_pass() {
    same_as_reference out "$EXP.out" || return 1
    [ "$exp_kind" = exit ] && { same_as_reference err "$EXP.err" || return 1; }
    awk -v n="$cores" -v kind="$exp_kind" -v rc="$exp_rc" '
        { if ($1 in seen || $1 < 0 || $1 >= n) exit 1; seen[$1] = 1; m++ }
        kind == "exit" && ($3 != "halted" || $2 != rc) { exit 1 }
        kind == "signal" && $3 != "faulted" { exit 1 }
        END { if (m != n) exit 1 }' "$work/cores.txt"
}

# check_one CORES: runs warpsim in $work, prints the failure reason or nothing
check_one() {
    cores=$1
    read -r exp_rc exp_kind < "$EXP.rc"
    [ "$exp_rc" -eq 124 ] && { echo "$DIFF_QEMU timed out after ${DIFF_TIMEOUT}s: no reference"; return; }
    if [ "$cores" -eq 1 ]; then
        ( eval "set -- $ARGS"; timeout "$DIFF_TIMEOUT" "$WARPSIM" run --isa "$DIFF_ISA" --cores 1 \
              $DIFF_WARPSIM_FLAGS "$BIN" "$@" < /dev/null > "$work/stdout" 2> "$work/stderr"
          echo $? > "$work/rc" ) 2> /dev/null
        rc=$(cat "$work/rc")
        [ "$rc" -eq 124 ] && { echo "timed out after ${DIFF_TIMEOUT}s"; return; }
        [ "$rc" -ne "$exp_rc" ] && { echo "exit status $rc, expected $exp_rc$(stderr_note)"; return; }
        cmp -s "$EXP.out" "$work/stdout" || { echo "stdout $(first_diff "$EXP.out" "$work/stdout")"; return; }
        return
    fi
    mkdir -p "$work/out"
    ( eval "set -- $ARGS"; timeout "$DIFF_TIMEOUT" "$WARPSIM" run --isa "$DIFF_ISA" --cores "$cores" \
          --output-dir "$work/out" --report "$work/report.json" $DIFF_WARPSIM_FLAGS "$BIN" "$@" \
          < /dev/null > "$work/stdout" 2> "$work/stderr"
      echo $? > "$work/rc" ) 2> /dev/null
    rc=$(cat "$work/rc")
    [ "$rc" -eq 124 ] && { echo "timed out after ${DIFF_TIMEOUT}s"; return; }
    [ "$rc" -ne "$exp_rc" ] && { echo "exit status $rc, expected $exp_rc$(stderr_note)"; return; }
    cmp -s "$EXP.out" "$work/stdout" || { echo "core 0 passthrough stdout $(first_diff "$EXP.out" "$work/stdout")"; return; }
    [ -f "$work/report.json" ] || { echo "no report written"; return; }
    json_cores "$work/report.json" > "$work/cores.txt"
    n=$(wc -l < "$work/cores.txt")
    [ "$n" -eq "$cores" ] || { echo "report lists $n cores, expected $cores"; return; }
    all_cores_pass && return
    bad=0 first=""
    c=0
    while [ "$c" -lt "$cores" ]; do
        why=""
        if [ ! -f "$work/out/core$c.out" ]; then
            why="no core$c.out"
        elif ! cmp -s "$EXP.out" "$work/out/core$c.out"; then
            why="stdout $(first_diff "$EXP.out" "$work/out/core$c.out")"
        elif [ ! -f "$work/out/core$c.err" ]; then
            why="no core$c.err"
        elif [ "$exp_kind" = exit ] && ! cmp -s "$EXP.err" "$work/out/core$c.err"; then
            why="stderr $(first_diff "$EXP.err" "$work/out/core$c.err")"
        else
            set -- $(sed -n "/^$c /p" "$work/cores.txt")
            if [ $# -lt 3 ]; then
                why="missing from the report"
            elif [ "$exp_kind" = exit ] && { [ "$3" != halted ] || [ "$2" -ne "$exp_rc" ]; }; then
                why="exit_code $2 status $3, expected $exp_rc halted"
            elif [ "$exp_kind" = signal ] && [ "$3" != faulted ]; then
                why="status $3 (exit_code $2), expected faulted (signal $((exp_rc - 128)))"
            fi
        fi
        if [ -n "$why" ]; then
            bad=$((bad + 1))
            [ -z "$first" ] && first="core $c: $why"
        fi
        c=$((c + 1))
    done
    [ "$bad" -gt 0 ] && echo "$first ($bad of $cores cores differ)"
}

# one BIN: every core count for one binary; prints PASS/FAIL lines
one() {
    BIN=$1
    base=$(basename "$BIN")
    name=${base%.*}
    variant=${base##*.}
    ARGS=""
    [ -f "$DIFF_SRCDIR/$name.args" ] && ARGS=$(cat "$DIFF_SRCDIR/$name.args")
    ulimit -c 0
    mkdir -p "$(dirname "$BIN")/expect"
    EXP="$(dirname "$BIN")/expect/$base"
    expect "$BIN"
    [ "${DIFF_EXPECT_ONLY:-0}" = 1 ] && { echo "EXPECT $name $variant"; return; }
    for cores in $DIFF_CORES; do
        work="$(dirname "$BIN")/run/$base.$cores"
        rm -rf "$work"
        mkdir -p "$work"
        if [ ! -x "$WARPSIM" ]; then
            why="$WARPSIM not built"
        else
            why=$(check_one "$cores")
        fi
        if [ -z "$why" ]; then
            echo "PASS $name $variant $cores"
            rm -rf "$work"
        else
            echo "FAIL $name $variant cores=$cores: $why [$work]"
        fi
    done
}

if [ "${1:-}" = --one ]; then
    one "$2"
    exit 0
fi

command -v "$DIFF_QEMU" > /dev/null || { echo "run_diff: $DIFF_QEMU not found (make deps)"; echo "0 passed, 1 failed"; exit 1; }
[ $# -eq 0 ] && set -- $(ls build/diff/*.* 2> /dev/null)
[ $# -eq 0 ] && { echo "run_diff: no binaries (make diff-bins)"; echo "0 passed, 1 failed"; exit 1; }
results=$(mktemp)
printf '%s\n' "$@" | xargs -P "$DIFF_JOBS" -n 1 sh "$0" --one > "$results"
if [ "${DIFF_EXPECT_ONLY:-0}" = 1 ]; then
    echo "$(grep -c '^EXPECT' "$results") qemu references recorded in build/diff/expect"
    rm -f "$results"
    exit 0
fi
grep '^FAIL' "$results" | sed 's/^FAIL //' | sort
passed=$(grep -c '^PASS' "$results")
failed=$(grep -c '^FAIL' "$results")
rm -f "$results"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
