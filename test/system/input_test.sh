#!/usr/bin/env bash
# Standard input (README, "Standard input"): what a program reads from stdin
# under warpsim is what it reads under qemu-arm, on one core and on many, from
# a pipe, a file or a slow writer; --stdin-core gives it to one core only.
# Prints "N passed, M failed" and fails on any failure.
set -u
W=${WARPSIM:-build/warpsim}
QEMU=${QEMU_ARM:-qemu-arm}
CC=${ARM_CC:-arm-linux-gnueabi-gcc}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
for tool in "$CC" "$QEMU"; do
    command -v "$tool" >/dev/null || { echo "input: $tool not found (make deps)"; echo "input: 0 passed, 1 failed"; exit 1; }
done

# cat: copies stdin to stdout with read(2); "sizes": prints each read's size
# instead; "scan": sums the numbers scanf reads (glibc's buffered stdin).
cat >"$T/cat.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    char buf[4096];
    ssize_t n;
    long sum = 0, v, reads = 0;
    if (argc > 1 && !strcmp(argv[1], "scan")) {
        while (scanf("%ld", &v) == 1)
            sum += v;
        printf("sum %ld\n", sum);
        return 0;
    }
    while ((n = read(0, buf, sizeof buf)) > 0) {
        reads++;
        if (argc > 1 && !strcmp(argv[1], "sizes"))
            printf("read %ld\n", (long)n), fflush(stdout);
        else
            write(1, buf, (size_t)n);
    }
    fprintf(stderr, "end %ld\n", (long)n);
    return reads ? 0 : 3;
}
C
"$CC" -static -O2 "$T/cat.c" -o "$T/cat.elf" || { echo "input: cannot build the test program"; exit 1; }

# same NAME: warpsim's stdout, stderr (less its table) and status equal qemu's
# for the commands' stdin (run twice: $1 is a command producing the input).
same() {
    local name=$1 producer=$2; shift 2
    eval "$producer" | "$QEMU" "$T/cat.elf" "$@" >"$T/q.out" 2>"$T/q.err"; local qrc=$?
    eval "$producer" | "$W" run --quiet "$T/cat.elf" "$@" >"$T/w.out" 2>"$T/w.err"; local wrc=$?
    if [ $qrc -ne $wrc ]; then bad "$name: exit $wrc, qemu $qrc ($(head -c 200 "$T/w.err"))"; return; fi
    cmp -s "$T/q.out" "$T/w.out" || { bad "$name: stdout differs: $(head -c 100 "$T/w.out")"; return; }
    cmp -s "$T/q.err" "$T/w.err" || { bad "$name: stderr differs: $(head -c 100 "$T/w.err")"; return; }
    ok
}

head -c 300000 /dev/urandom >"$T/big.bin"
seq 1 20000 >"$T/nums.txt"
same "pipe, one core" "printf 'hello\nworld\n'"
same "300 KB of binary through a pipe" "cat $T/big.bin"
same "file as stdin" "cat $T/nums.txt" scan
same "empty stdin" ": "
# A slow writer: each read returns what is there, as on a terminal, instead
# of waiting for a full buffer (qemu-arm passes read(2) through).
same "reads return what is available" "(printf 'a\n'; sleep 0.4; printf 'bc\n'; sleep 0.4; printf 'def\n')" sizes
"$W" run --quiet "$T/cat.elf" <"$T/big.bin" >"$T/w.out" 2>/dev/null
cmp -s "$T/big.bin" "$T/w.out" && ok || bad "stdin redirected from a file"

# Many cores: every core reads the same bytes, read once from the host.
printf 'one\ntwo\nthree\n' | "$W" run --quiet --cores 64 --output-dir "$T/d64" "$T/cat.elf" >"$T/w.out" 2>/dev/null
rc=$?
n=0
for c in $(seq 0 63); do
    printf 'one\ntwo\nthree\n' | cmp -s - "$T/d64/core$c.out" && n=$((n + 1))
done
[ $rc -eq 0 ] && [ $n -eq 64 ] && ok || bad "64 cores: exit $rc, $n of 64 cores read the whole input"
cat "$T/big.bin" | "$W" run --quiet --cores 64 --output-dir "$T/b64" "$T/cat.elf" >/dev/null 2>&1
n=0
for c in $(seq 0 63); do cmp -s "$T/big.bin" "$T/b64/core$c.out" && n=$((n + 1)); done
[ $n -eq 64 ] && ok || bad "64 cores, 300 KB: $n of 64 cores read it all"
cat "$T/nums.txt" | "$W" run --quiet --cores 16 --output-dir "$T/s16" "$T/cat.elf" scan >/dev/null 2>&1
[ "$(cat "$T"/s16/core*.out | sort -u)" = "sum 200010000" ] && ok || bad "16 cores scanf: $(cat "$T"/s16/core*.out | sort -u | head -3)"

# --stdin-core N: core N reads stdin, the others /dev/null (end of file at once).
printf 'only\n' | "$W" run --quiet --cores 8 --stdin-core 5 --output-dir "$T/sc" "$T/cat.elf" >"$T/w.out" 2>/dev/null
rc=$?
good=1
for c in $(seq 0 7); do
    if [ $c -eq 5 ]; then [ "$(cat "$T/sc/core5.out")" = only ] || good=0
    else [ -s "$T/sc/core$c.out" ] && good=0; grep -qx 'end 0' "$T/sc/core$c.err" || good=0; fi
done
# core 0 read nothing: its exit status (3) is warpsim's
[ $rc -eq 3 ] && [ $good -eq 1 ] && ok || bad "--stdin-core 5: exit $rc, cores' outputs wrong"
printf 'x\n' | "$W" run --quiet --stdin-core 0 "$T/cat.elf" >"$T/w.out" 2>/dev/null
[ "$(cat "$T/w.out")" = x ] && ok || bad "--stdin-core 0 on one core"
"$W" run --quiet --cores 4 --stdin-core 4 "$T/cat.elf" </dev/null >/dev/null 2>"$T/err"
[ $? -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q -- '--stdin-core 4' "$T/err" && ok \
    || bad "--stdin-core out of range: $(cat "$T/err")"

# The same results through the CUDA backend's service protocol knobs: small
# quanta and one round per step change nothing.
for knob in "--quantum 50" "--mode mk"; do
    printf 'k1\nk2\n' | "$W" run --quiet --cores 4 $knob --output-dir "$T/k" "$T/cat.elf" >/dev/null 2>&1
    [ "$(cat "$T"/k/core*.out | sort | uniq -c | awk '{print $1}' | sort -u)" = 4 ] && ok || bad "stdin with $knob"
done

echo "input: $pass passed, $fail failed"
[ $fail -eq 0 ]
