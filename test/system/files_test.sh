#!/usr/bin/env bash
# Files (README, "Files"): what a program reads under warpsim is what it
# reads under qemu-arm, on one core and on many; paths resolve inside --root
# whatever their "..", and links; writing happens only inside --output-dir
# (each core in its own tree) and is refused elsewhere, or everywhere
# without it, with one line on stderr, and nothing else on the host changes.
# Prints "files: N passed, M failed" and fails on any failure.
set -u
W=$(realpath "${WARPSIM:-build/warpsim}")
QEMU=${QEMU_ARM:-qemu-arm}
CC=${ARM_CC:-arm-linux-gnueabi-gcc}
SRC=$(cd "$(dirname "$0")" && pwd)/progs
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
for tool in "$CC" "$QEMU"; do
    command -v "$tool" >/dev/null || { echo "files: $tool not found (make deps)"; echo "files: 0 passed, 1 failed"; exit 1; }
done
for p in files ls64 nosys writes; do
    "$CC" -static -O2 "$SRC/$p.c" -o "$T/$p.elf" || { echo "files: cannot build $p.c"; exit 1; }
done

mkdir -p "$T/d/sub"
printf 'hello\nworld\n' >"$T/d/a.txt"
ln -s a.txt "$T/d/link"
: >"$T/d/sub/x"

# The C program against qemu-arm: 1 core, then 8 cores' files.
"$QEMU" "$T/files.elf" "$T/d" >"$T/q.out" 2>&1 </dev/null; qrc=$?
"$W" run --quiet "$T/files.elf" "$T/d" >"$T/w.out" 2>&1 </dev/null; wrc=$?
[ $qrc -eq $wrc ] && cmp -s "$T/q.out" "$T/w.out" && ok || bad "files.c, 1 core: exit $wrc (qemu $qrc): $(diff "$T/q.out" "$T/w.out" | head -5)"
"$W" run --quiet --cores 8 --output-dir "$T/o8" "$T/files.elf" "$T/d" >/dev/null 2>&1 </dev/null; wrc=$?
n=0
for c in $(seq 0 7); do cmp -s "$T/q.out" "$T/o8/core$c.out" && n=$((n + 1)); done
[ $wrc -eq $qrc ] && [ $n -eq 8 ] && ok || bad "files.c, 8 cores: exit $wrc, $n of 8 cores as qemu"

# getdents64 in small pieces: the same names and types as qemu (sorted: the
# listing is the host's order on both, but no test needs to rely on it).
"$QEMU" "$T/ls64.elf" "$T/d" >"$T/q.out" 2>&1; "$W" run --quiet "$T/ls64.elf" "$T/d" >"$T/w.out" 2>&1
grep -v '^exe' "$T/q.out" | sort >"$T/q.s"; grep -v '^exe' "$T/w.out" | sort >"$T/w.s"
cmp -s "$T/q.s" "$T/w.s" && [ "$(grep -c . "$T/w.s")" -eq 6 ] && ok || bad "getdents64: $(diff "$T/q.s" "$T/w.s" | head -5)"
grep -qx 'exe ls64.elf' "$T/w.out" && ok || bad "readlink /proc/self/exe: $(grep exe "$T/w.out")"

# --root: a tree with links that point out of it, and files outside it.
R=$T/root
mkdir -p "$R/etc" "$R/sub/deep"
echo rooted >"$R/etc/passwd"
echo inside >"$R/in.txt"
echo secret >"$T/secret.txt"
ln -s ../.. "$R/sub/up"            # relative link climbing past the top
ln -s /etc "$R/abs"                # absolute link: the root's /etc
ln -s "$T/secret.txt" "$R/direct"  # absolute link to a host file outside
ln -s ../up "$R/sub/deep/chain"    # a link to a link
cd "$R/sub" || exit 1
"$W" run --quiet --root "$R" "$T/ls64.elf" / /in.txt in.txt ../secret.txt /../../secret.txt sub/up/secret.txt \
    /abs/passwd /direct /sub/deep/chain/in.txt "$T/secret.txt" >"$T/w.out" 2>"$T/w.err"
rc=$?
cd - >/dev/null
want_read() { grep -qxF "read $1: $2" "$T/w.out" && ok || bad "--root: read $1: $(grep -F "read $1:" "$T/w.out")"; }
[ $rc -eq 0 ] && ok || bad "--root run: exit $rc: $(head -3 "$T/w.err")"
want_read /in.txt inside
want_read in.txt inside        # the cores start at the root's top
want_read ../secret.txt "No such file or directory"
want_read /../../secret.txt "No such file or directory"
want_read sub/up/secret.txt "No such file or directory"
want_read /abs/passwd rooted
want_read /direct "No such file or directory"
want_read /sub/deep/chain/in.txt inside
want_read "$T/secret.txt" "No such file or directory"
# Writing: refused everywhere (no --output-dir), one line per path, nothing
# created; a path whose directory is missing in the root is ENOENT, as on Linux.
n=$(grep -c '^write .*: Permission denied$' "$T/w.out")
m=$(grep -c '^write .*: No such file or directory$' "$T/w.out")
[ "$n" -eq 7 ] && [ "$m" -eq 2 ] && ok || bad "--root: $n of 7 writes refused, $m of 2 ENOENT"
[ "$(cat "$T/secret.txt")" = secret ] && [ "$(cat "$R/in.txt")" = inside ] && [ "$(cat "$R/etc/passwd")" = rooted ] \
    && ok || bad "a refused write changed a file"
# one note per path as the program sees it: /in.txt, /secret.txt, /etc/passwd
[ "$(grep -c 'open for writing' "$T/w.err")" -eq 3 ] && ok || bad "refusal notes: $(cat "$T/w.err")"
grep -qF "open for writing /in.txt: refused" "$T/w.err" && ok || bad "the note names the path: $(head -2 "$T/w.err")"
before=$(find "$T" | sort | md5sum)
"$W" run --quiet --cores 4 "$T/ls64.elf" "$T/d" "$T/d/new.txt" "$T/d/a.txt" >"$T/w.out" 2>"$T/w.err"
[ "$(find "$T" | sort | md5sum)" = "$before" ] && [ "$(cat "$T/d/a.txt")" = "$(printf 'hello\nworld')" ] && ok \
    || bad "writing without --output-dir changed the host"
[ "$(grep -c 'open for writing' "$T/w.err")" -eq 2 ] && ok || bad "4 cores: one note per path: $(cat "$T/w.err")"

# Writing inside --output-dir, 1 core: relative paths from a cwd that is the
# output directory, so the same actions under qemu-arm (in a plain directory)
# print the same lines and leave the same files.
WR=(w:a.txt:hi a:a.txt:more v:v.txt:vector p:p.txt r:a.txt m:sub w:sub/x:x n:sub/x:y d:sub u:v.txt r:p.txt r:y)
mkdir -p "$T/wq" "$T/w1"
(cd "$T/wq" && "$QEMU" "$T/writes.elf" "${WR[@]}") >"$T/q.out" 2>&1; qrc=$?
(cd "$T/w1" && "$W" run --quiet --output-dir "$T/w1" "$T/writes.elf" "${WR[@]}") >"$T/w.out" 2>&1; wrc=$?
[ $qrc -eq $wrc ] && cmp -s "$T/q.out" "$T/w.out" && ok || bad "writes, 1 core: exit $wrc (qemu $qrc): $(diff "$T/q.out" "$T/w.out" | head -5)"
rm -f "$T/w1/core0.out" "$T/w1/core0.err"
diff -r "$T/wq" "$T/w1" >/dev/null && [ "$(cat "$T/w1/p.txt")" = "HELLO world" ] && ok \
    || bad "writes, 1 core: the files differ from qemu's: $(diff -r "$T/wq" "$T/w1" | head -5)"

# 4 cores: one path, each core's own file DIR/core<N>/a.txt (the pid is 1000 + N),
# read back by the core that wrote it.
"$W" run --quiet --cores 4 --output-dir "$T/w4" "$T/writes.elf" "w:$T/w4/a.txt:core %p" "r:$T/w4/a.txt" \
    >/dev/null 2>"$T/w.err"
n=0
for c in 0 1 2 3; do
    [ "$(cat "$T/w4/core$c/a.txt" 2>/dev/null)" = "core 100$c" ] && grep -qx "read $T/w4/a.txt: core 100$c" \
        "$T/w4/core$c.out" && n=$((n + 1))
done
[ $n -eq 4 ] && [ ! -e "$T/w4/a.txt" ] && [ ! -s "$T/w.err" ] && ok || bad "writes, 4 cores: $n of 4 trees right: $(head -3 "$T/w.err")"

# Escapes from the output tree: an absolute path, "..", links planted in the
# tree (to a file and to a directory outside), on 1 core and in core 2's tree
# on 4; unlink, rename, mkdir and rmdir outside. All EACCES with one line
# each, and nothing outside changes.
E=$T/esc O=$T/esc/out
mkdir -p "$O/core2" "$O/sub" "$E/keep"
echo victim >"$E/victim"
ln -s "$E/out1" "$O/evil"; ln -s "$E" "$O/evildir"; ln -s "$E/out1" "$O/core2/evil"
ESC=("w:$E/out1:x" w:../out1:x w:evil:x w:evildir/out1:x "w:$O/sub/../../out1:x" "a:$E/victim:x" "u:$E/victim"
     u:../victim "n:$E/victim:$O/stolen" "n:$O/evil:$E/moved" "m:$E/newdir" "d:$E/keep" "p:$E/out1")
before=$(cd "$E" && find . -path ./out -prune -o -print | sort; cat victim)
(cd "$O" && "$W" run --quiet --output-dir "$O" "$T/writes.elf" "${ESC[@]}") >"$T/w.out" 2>"$T/w.err"
after=$(cd "$E" && find . -path ./out -prune -o -print | sort; cat victim)
[ "$(grep -c ': Permission denied$' "$T/w.out")" -eq ${#ESC[@]} ] && ok || bad "escapes: $(grep -v denied "$T/w.out" | head -3)"
[ "$before" = "$after" ] && [ ! -e "$O/stolen" ] && ok || bad "an escape changed the host: $(diff <(echo "$before") <(echo "$after"))"
grep -qxF "warpsim: core 0: open for writing $E/out1: refused: outside the output directory $O (EACCES)" "$T/w.err" \
    && grep -q "core 0: rename $E/moved: refused" "$T/w.err" && grep -q "core 0: mkdir $E/newdir: refused" "$T/w.err" \
    && ok || bad "escape notes: $(head -3 "$T/w.err")"
(cd "$O" && "$W" run --quiet --cores 4 --output-dir "$O" "$T/writes.elf" "w:$O/evil:x" u:../victim) >/dev/null 2>"$T/w.err"
[ "$(grep -c 'Permission denied' "$O/core2.out")" -eq 2 ] && [ ! -e "$E/out1" ] && [ "$(cat "$E/victim")" = victim ] \
    && [ -L "$O/core2/evil" ] && ok || bad "escapes, 4 cores: $(cat "$O/core2.out")"
# mkdir -p's way there: an existing directory outside is EEXIST, not a refusal.
(cd "$O" && "$W" run --quiet --output-dir "$O" "$T/writes.elf" "m:$E" "m:$O") >"$T/w.out" 2>"$T/w.err"
[ "$(grep -c ': File exists$' "$T/w.out")" -eq 2 ] && [ ! -s "$T/w.err" ] && ok || bad "mkdir existing: $(cat "$T/w.out")"
# Under --root the output directory is still at its real path, outside the root.
mkdir -p "$T/r2"
"$W" run --quiet --root "$T/r2" --output-dir "$T/o2" "$T/writes.elf" "w:$T/o2/a:x" "r:$T/o2/a" w:/b:y >"$T/w.out" 2>&1
grep -qx "read $T/o2/a: x" "$T/w.out" && [ "$(cat "$T/o2/a")" = x ] && grep -q "^open /b: Permission denied" "$T/w.out" \
    && [ -z "$(ls "$T/r2")" ] && ok || bad "--root with --output-dir: $(cat "$T/w.out")"
# Inside the tree the same calls work: the link itself is unlinked, not its target.
(cd "$O" && "$W" run --quiet --output-dir "$O" "$T/writes.elf" u:evil m:d d:d w:f:1 n:f:g) >"$T/w.out" 2>&1
[ "$(grep -c ': ok$' "$T/w.out")" -eq 6 ] && [ ! -L "$O/evil" ] && [ -f "$O/g" ] && ok || bad "inside the tree: $(cat "$T/w.out")"

# Without --output-dir: refused as before, one line per path named.
(cd "$E" && "$W" run --quiet "$T/writes.elf" w:new:x "u:$E/victim" m:nd "n:$E/victim:$E/v2") >"$T/w.out" 2>"$T/w.err"
after=$(cd "$E" && find . -path ./out -prune -o -print | sort; cat victim)
[ "$(grep -c ': Permission denied$' "$T/w.out")" -eq 4 ] && [ "$before" = "$after" ] && ok \
    || bad "no --output-dir: $(cat "$T/w.out")"
grep -qxF "warpsim: core 0: open for writing $E/new: refused: writing needs --output-dir (EACCES)" "$T/w.err" \
    && [ "$(wc -l <"$T/w.err")" -eq 3 ] && ok || bad "no --output-dir notes: $(cat "$T/w.err")"

# A bad --root is one line and exit status 2.
"$W" run --quiet --root "$T/nowhere" "$T/ls64.elf" / >/dev/null 2>"$T/err"
[ $? -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -qF "$T/nowhere" "$T/err" && ok || bad "bad --root: $(cat "$T/err")"

# What a core cannot do: ENOSYS every time, one note per call on stderr,
# counted in the report.
"$W" run --quiet --cores 4 --report "$T/n.json" "$T/nosys.elf" >"$T/w.out" 2>"$T/w.err"
[ "$(grep -c 'Function not implemented' "$T/w.out")" -eq 5 ] && ok || bad "ENOSYS: $(cat "$T/w.out")"
[ "$(wc -l <"$T/w.err")" -eq 3 ] && grep -q 'system call fork (2): not supported: ENOSYS' "$T/w.err" \
    && grep -q 'system call pipe2 (359)' "$T/w.err" && grep -q 'system call 9999:' "$T/w.err" && ok \
    || bad "ENOSYS notes: $(cat "$T/w.err")"
[ "$(grep -c '"enosys": 5' "$T/n.json")" -eq 4 ] && ok || bad "ENOSYS not counted in the report"

echo "files: $pass passed, $fail failed"
[ $fail -eq 0 ]
