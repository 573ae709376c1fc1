#!/usr/bin/env bash
# Debian's busybox-static for armel (tools/busybox.sh) under warpsim against
# qemu-arm: every invocation of cases.txt must give the same stdout, stderr
# and exit status, on 1 core and on 64 cores (every core's --output-dir
# files and exit code; stdin, when piped, read by every core).
# Prints one line per failure, then "busybox: N passed, M failed".
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
W=$(realpath "${WARPSIM:-build/warpsim}")
BB=$(realpath "${BUSYBOX:-build/busybox/bin/busybox}")
QEMU=${QEMU_ARM:-qemu-arm}
CORES=${BUSYBOX_CORES:-64}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
[ -x "$BB" ] || { echo "busybox: $BB missing (make deps)"; echo "busybox: 0 passed, 1 failed"; exit 1; }
command -v "$QEMU" >/dev/null || { echo "busybox: $QEMU not found (make deps)"; echo "busybox: 0 passed, 1 failed"; exit 1; }

# The work directory the applets read.
D=$T/work
mkdir -p "$D/dir/sub"
cd "$D" || exit 1
printf 'banana\napple\ncherry\napple\ndate\nbanana split\nfig\n' >in.txt
printf 'banana\napple\ncherry\napricot\ndate\n' >other.txt
seq 1 500 | awk '{print ($1 * 7919) % 1000}' >nums.txt
sort in.txt >sorted.txt
printf 'root:x:0:0\nuser:y:1000:100\nnobody:z:65534:65534\n' >colon.txt
printf 's/an/AN/g\n/fig/d\n' >edit.sed
head -c 300 /dev/urandom >small.bin
gzip -9 -n -c in.txt >in.txt.gz
printf 'one\n' >dir/a.txt; printf 'two\n' >dir/b.txt; printf 'three\n' >dir/sub/c.txt
tar -cf archive.tar --owner=0 --group=0 --mtime='2023-01-02 03:04:05' dir
# Old times: ls prints the year for files over six months old, and a core's
# clock is virtual (2024-01-01 plus its instruction count), the host's real.
cat >script.sh <<'SH'
# a script read from a file: builtins, a loop over a file's lines, tests
f=$1
count=0
while IFS= read -r line; do
    case $line in a*) count=$((count + 1)) ;; esac
done <"$f"
echo "lines starting with a: $count"
if [ -s "$f" ]; then echo "$f is not empty"; fi
set -- x y z
echo "args: $# $*"
SH
find "$D" -exec touch -h -d '2023-01-02 03:04:05' {} +

# run_case NAME STDIN ARGS: qemu's results, then warpsim's on 1 and CORES cores.
run_case() {
    local name=$1 in=$2 args=$3 qrc wrc src=/dev/null
    [ "$in" != - ] && src=$D/$in
    eval "set -- $args"
    "$QEMU" "$BB" "$@" <"$src" >"$T/q.out" 2>"$T/q.err"; qrc=$?
    "$W" run --quiet "$BB" "$@" <"$src" >"$T/w.out" 2>"$T/w.all"; wrc=$?
    # warpsim's own notes (a call it does not offer, such as fork) are not the program's
    grep -v '^warpsim: ' "$T/w.all" >"$T/w.err"
    if [ $wrc -ne $qrc ]; then bad "$name, 1 core: exit $wrc, qemu $qrc ($(head -c 150 "$T/w.err"))"
    elif ! cmp -s "$T/q.out" "$T/w.out"; then bad "$name, 1 core: stdout differs: $(diff "$T/q.out" "$T/w.out" | head -3 | tr '\n' ' ')"
    elif ! cmp -s "$T/q.err" "$T/w.err"; then bad "$name, 1 core: stderr differs: $(diff "$T/q.err" "$T/w.err" | head -3 | tr '\n' ' ')"
    else ok; fi
    rm -rf "$T/o"
    "$W" run --quiet --cores "$CORES" --output-dir "$T/o" --report "$T/r.json" "$BB" "$@" <"$src" >/dev/null 2>&1
    local c n=0 first=""
    for c in $(seq 0 $((CORES - 1))); do
        if cmp -s "$T/q.out" "$T/o/core$c.out" && cmp -s "$T/q.err" "$T/o/core$c.err"; then n=$((n + 1))
        else [ -z "$first" ] && first=$c; fi
    done
    local codes
    codes=$(python3 -c 'import json,sys; print(" ".join(sorted({str(c["exit_code"]) + c["status"] for c in json.load(open(sys.argv[1]))["per_core"]})))' "$T/r.json" 2>/dev/null)
    if [ $n -ne "$CORES" ]; then bad "$name, $CORES cores: $n as qemu (core $first: $(head -c 100 "$T/o/core$first.out" | tr '\n' ' '))"
    elif [ "$codes" != "${qrc}halted" ]; then bad "$name, $CORES cores: exit codes '$codes', qemu $qrc"
    else ok; fi
}

cases=0
while read -r name in args; do
    case $name in ''|'#'*) continue ;; esac
    run_case "$name" "$in" "$args"
    cases=$((cases + 1))
done <"$HERE/cases.txt"
echo "busybox: $cases invocations, $pass passed, $fail failed"
[ $fail -eq 0 ]
