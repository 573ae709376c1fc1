#!/bin/bash
# The CUDA programs of test/cuda/apps under `warpsim cuda` (apps.mk builds them
# into $APPS): each must exit 0 and print "NAME: PASS"; printf's output must be
# printf.stdout; the variants (LZ4, uncompressed, -rdc=true) likewise; a
# program without PTX and one calling an unimplemented function must give their
# one line and exit 1. Then the library itself: its exports and version node
# against the toolkit's, the report, and the LD_LIBRARY_PATH way of running.
set -u
WARPSIM=${WARPSIM:-build/warpsim}
APPS=${APPS:-build/cuda-apps}
LIB=$(dirname "$WARPSIM")/lib/libcudart.so.13
SRC=test/cuda/apps
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }

run() { # BIN: runs it, output in $tmp/out and $tmp/err, status in $rc
    timeout 600 "$WARPSIM" cuda --quiet -- "$1" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

for bin in "$APPS"/*.sm_75 "$APPS"/*.sm_90 "$APPS"/vecadd.speed "$APPS"/vecadd.none; do
    b=$(basename "$bin")
    name=${b%.*}
    run "$bin"
    case $name in
    unimplemented)
        lines=$(grep -c 'warpsim cuda: cudaGraphCreate is not implemented (cudaErrorNotSupported)' "$tmp/err")
        [ $rc = 1 ] && [ "$lines" = 1 ] && grep -q 'cudaGraphCreate: cudaErrorNotSupported' "$tmp/out" &&
            ok "$b" || bad "$b" "status $rc, $(head -c 300 "$tmp/err")"
        continue ;;
    printf)
        [ $rc = 0 ] && cmp -s "$tmp/out" "$SRC/printf.stdout" && ok "$b" ||
            bad "$b" "status $rc, stdout differs: $(diff "$tmp/out" "$SRC/printf.stdout" | head -5)"
        continue ;;
    esac
    [ $rc = 0 ] && grep -q "^$name: PASS" "$tmp/out" && ok "$b" ||
        bad "$b" "status $rc: $(cat "$tmp/err" "$tmp/out" | tail -n 4 | tr '\n' ' ' | head -c 400)"
done

# --racecheck: the reproducer's 32 words that warp 1 wrote and thread 0 of warp 0
# read with no barrier, on stderr and in the report; a race-free program, none.
timeout 600 "$WARPSIM" cuda --quiet --racecheck --report "$tmp/race.json" -- "$APPS/unsync_sum.sm_75" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q '^unsync_sum: PASS' "$tmp/out" &&
    grep -q '_Z12add_then_sumPj: 32 words one warp wrote and another warp of its CTA read or wrote' "$tmp/err" &&
    [ "$(grep -c 'warp 1 wrote it at .*, warp 0 read it at' "$tmp/err")" = 20 ] &&
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["launches"][0]["racecheck"]
assert r["racing_words"] == 32 and len(r["words"]) == 32, r
assert all(w["warps"] == [1, 0] and w["hazard"] == "read after write" for w in r["words"]), r' "$tmp/race.json" &&
    ok "racecheck unsync_sum" || bad "racecheck unsync_sum" "status $rc: $(head -c 400 "$tmp/err")"
timeout 600 "$WARPSIM" cuda --quiet --racecheck -- "$APPS/vecadd.sm_75" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q '^vecadd: PASS' "$tmp/out" && ! grep -q racecheck "$tmp/err" &&
    ok "racecheck vecadd" || bad "racecheck vecadd" "status $rc: $(head -c 300 "$tmp/err")"

# SASS only: one line saying how to rebuild, status 1.
run "$APPS/vecadd.sass"
[ $rc = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q 'has no PTX (only SASS for sm_75); rebuild it with -arch=sm_XX' "$tmp/err" &&
    ok vecadd.sass || bad vecadd.sass "status $rc: $(cat "$tmp/err")"

# The other way of running, and the report: a table on stderr, JSON on request.
LD_LIBRARY_PATH=$(dirname "$LIB") WARPSIM_CUDA_REPORT="$tmp/r.json" "$APPS/vecadd.sm_75" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q '^vecadd: PASS' "$tmp/out" && grep -q '_Z6vecaddPKfS0_P' "$tmp/err" &&
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r["launches"]) == 2, r["launches"]' "$tmp/r.json" &&
    ok "LD_LIBRARY_PATH + report" || bad "LD_LIBRARY_PATH + report" "status $rc: $(head -c 300 "$tmp/err")"

# The library: every function NVIDIA's exports, under its version node, and nothing else.
real=${CUDA_HOME:-/usr/local/cuda}/lib64/libcudart.so.13
if [ -f "$real" ]; then
    objdump -T "$real" | awk '/ DF / && !/\*UND\*/ && /libcudart.so.13/ {print $NF}' | sort >"$tmp/want"
    objdump -T "$LIB" | awk '/ DF / && !/\*UND\*/ {print $(NF-1), $NF}' | sort -k2 >"$tmp/have"
    awk '{print $2}' "$tmp/have" >"$tmp/names"
    if cmp -s "$tmp/want" "$tmp/names" && ! awk '$1 != "libcudart.so.13"' "$tmp/have" | grep -q . &&
        readelf -d "$LIB" | grep -q 'SONAME.*\[libcudart.so.13\]'; then
        ok "exports: $(wc -l <"$tmp/want") functions, soname and version libcudart.so.13"
    else
        bad exports "$(diff "$tmp/want" "$tmp/names" | head -5) $(awk '$1 != "libcudart.so.13"' "$tmp/have" | head -3)"
    fi
fi

echo "cuda apps: $pass passed, $fail failed"
[ $fail = 0 ]
