#!/bin/bash
# The CUDA programs of test/cuda/apps under `warpsim cuda` (apps.mk builds them
# into $APPS): each must exit 0 and print "NAME: PASS"; printf's output must be
# printf.stdout, and async_streams' kernel printf must come out at its
# synchronisation; the variants (LZ4, uncompressed, -rdc=true) likewise; a
# program without PTX and one calling an unimplemented function must give their
# one line and exit 1; device_attrs must print what deviceQuery shows of the
# config's card (device_attrs.h100, .titanv) and what a config of one's own
# says. Then the library itself: its exports and version node against the
# toolkit's, the report, and the LD_LIBRARY_PATH way of running.
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

run() { # [warpsim cuda options] BIN: runs it, output in $tmp/out and $tmp/err, status in $rc
    timeout 600 "$WARPSIM" cuda --quiet "${@:1:$#-1}" -- "${@: -1}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# Every "key=value" line of an expectation file (# comments) in $tmp/out; the first missing one.
lines_in_out() {
    grep -v '^#' "$1" | while IFS= read -r l; do
        grep -qxF -- "$l" "$tmp/out" || { echo "no '$l' ($(grep "^${l%%=*}=" "$tmp/out"))"; break; }
    done
}

device_attrs_under() { # NAME EXPECTATIONS [warpsim cuda options]: device_attrs.sm_75 under a config
    local name=$1 want=$2
    shift 2
    run "$@" "$APPS/device_attrs.sm_75"
    local miss
    miss=$(printf '%s\n' "$want" | lines_in_out /dev/stdin)
    [ $rc = 0 ] && grep -q '^device_attrs: PASS' "$tmp/out" && [ -z "$miss" ] && ok "device_attrs: $name" ||
        bad "device_attrs: $name" "status $rc, $miss $(tail -n 3 "$tmp/err")"
}

for bin in "$APPS"/*.sm_75 "$APPS"/*.sm_90 "$APPS"/vecadd.speed "$APPS"/vecadd.none; do
    b=$(basename "$bin")
    name=${b%.*}
    run "$bin"
    case $name in
    unimplemented)
        lines=$(grep -c 'warpsim cuda: cudaIpcGetMemHandle is not implemented (cudaErrorNotSupported)' "$tmp/err")
        [ $rc = 1 ] && [ "$lines" = 1 ] && grep -q 'cudaIpcGetMemHandle: cudaErrorNotSupported' "$tmp/out" &&
            ok "$b" || bad "$b" "status $rc, $(head -c 300 "$tmp/err")"
        continue ;;
    abnormal_exit) ;;   # with no argument it passes as the others do; its endings are checked below
    partial_module)     # the kernels with a tex.level fetch refused at launch, the others run; exit 1
                        # (the report's status is "fault": the one reaching it by pointer faulted)
        mkdir -p "$tmp/pdump"
        timeout 600 "$WARPSIM" cuda --quiet --dump-ptx "$tmp/pdump" --report "$tmp/p.json" -- "$bin" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        lines=$(sed -n 's/.*is refused (cudaErrorInvalidPtx): .*\(partial_module[^ :]*\):\([0-9]*\):.*/\1 \2/p' "$tmp/err")
        opened=$(printf '%s\n' "$lines" | while read -r f l; do sed -n "${l}p" "$tmp/pdump/$f"; done | grep -c '^[[:space:]]*tex\.')
        [ $rc = 1 ] && grep -q '^partial_module: PASS' "$tmp/out" && [ "$opened" = 2 ] &&
            grep -q 'kernel _Z7fetchesyPf is refused' "$tmp/err" &&
            grep -q 'kernel _Z11calls_fetchyPf is refused (cudaErrorInvalidPtx): it calls _Z9fetch_oneyi' "$tmp/err" &&
            grep -q 'kernel _Z15through_pointeriPf reached _Z9fetch_twoyi, which warpsim refused: .*tex' "$tmp/err" &&
            python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["status"] == "fault" and len(r["refusals"]) == 3 and len(r["launches"]) == 4, r' "$tmp/p.json" &&
            ok "$b" || bad "$b" "status $rc, $opened lines open on tex: $(head -c 400 "$tmp/err")"
        continue ;;
    printf)
        [ $rc = 0 ] && cmp -s "$tmp/out" "$SRC/printf.stdout" && ok "$b" ||
            bad "$b" "status $rc, stdout differs: $(diff "$tmp/out" "$SRC/printf.stdout" | head -5)"
        continue ;;
    async_streams)   # a queued kernel's printf comes out at the synchronisation, after the host's line
        order=$(grep -E '^(host|kernel) ' "$tmp/out" | tr '\n' '|')
        [ $rc = 0 ] && grep -q "^$name: PASS" "$tmp/out" &&
            [ "$order" = "host before the synchronisation|kernel says 7|host after the synchronisation|" ] && ok "$b" ||
            bad "$b" "status $rc, order $order: $(tail -n 3 "$tmp/err" | tr '\n' ' ')"
        continue ;;
    esac
    [ $rc = 0 ] && grep -q "^$name: PASS" "$tmp/out" && ok "$b" ||
        bad "$b" "status $rc: $(cat "$tmp/err" "$tmp/out" | tail -n 4 | tr '\n' ' ' | head -c 400)"
done

# A shuffle that reads a lane sitting out gets 0 (shfl_inactive checks the sums) and is counted per launch
# (ptx_exec_shfl): block_sums' second stage reads 8 + 8 + 4 + 2 + 1 such lanes a block, 6 blocks; then 8.
for mode in functional timing; do
    if [ $mode = timing ]; then run --timing --report "$tmp/shfl.json" "$APPS/shfl_inactive.sm_75"
    else run --report "$tmp/shfl.json" "$APPS/shfl_inactive.sm_75"; fi
    [ $rc = 0 ] && grep -q '^shfl_inactive: PASS' "$tmp/out" &&
        python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); n=[l["shfl_inactive_reads"] for l in r["launches"]]; assert n == [138, 8] and r["shfl_inactive_reads"] == 146, n' "$tmp/shfl.json" 2>"$tmp/py" &&
        ok "shfl_inactive $mode: reads counted" || bad "shfl_inactive $mode" "status $rc: $(tail -n 2 "$tmp/err" "$tmp/py" | tr '\n' ' ')"
done

# --launch-blocking (CUDA_LAUNCH_BLOCKING=1): every launch runs when issued, so async_streams' kernel
# waits for a latch the host has not set yet, until the instruction limit.
run --launch-blocking --max-insns 1000000 "$APPS/async_streams.sm_75"
[ $rc = 1 ] && grep -q "cudaErrorLaunchTimeout" "$tmp/err" && ok "async_streams --launch-blocking" ||
    bad "async_streams --launch-blocking" "status $rc: $(tail -n 2 "$tmp/err" | tr '\n' ' ')"

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

# Memory around allocations as a GPU has it, and --memcheck: memcheck's reads 256 bytes below the
# first allocation and 28 bytes past another, and its write 4 bytes past a third's asked size, run
# as on a GPU (PASS without --memcheck, by the loop above); with it, the same output, and each
# access as compute-sanitizer words it, in the report too.
for arch in sm_75 sm_90; do
    timeout 600 "$WARPSIM" cuda --quiet --memcheck --report "$tmp/mc.json" -- "$APPS/memcheck.$arch" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 0 ] && grep -q '^memcheck: PASS' "$tmp/out" &&
        grep -qxF '=========     and is 256 bytes before the nearest allocation at 0x100200000 of size 128 bytes' "$tmp/err" &&
        grep -qxF '=========     and is 28 bytes after the nearest allocation at 0x100200100 of size 128 bytes' "$tmp/err" &&
        grep -qxF '=========     and is 4 bytes after the nearest allocation at 0x100200300 of size 1000 bytes' "$tmp/err" &&
        grep -qxF '========= Invalid __global__ write of size 1 bytes' "$tmp/err" &&
        grep -qxF '=========     by thread (1,0,0) in block (0,0,0)' "$tmp/err" &&
        grep -qxF '========= ERROR SUMMARY: 3 errors' "$tmp/err" &&
        python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["launches"]
assert [x["memcheck"]["invalid_accesses"] for x in l] == [2, 1], l
assert l[0]["memcheck"]["accesses"][0]["address"] == 0x1001fff00 and l[1]["memcheck"]["accesses"][0]["access"] == "write", l' "$tmp/mc.json" &&
        ok "memcheck.$arch --memcheck" || bad "memcheck.$arch --memcheck" "status $rc: $(head -c 600 "$tmp/err")"
done
timeout 600 "$WARPSIM" cuda --quiet --memcheck -- "$APPS/vecadd.sm_75" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q '^vecadd: PASS' "$tmp/out" && grep -qxF '========= ERROR SUMMARY: 0 errors' "$tmp/err" &&
    ! grep -q 'Invalid' "$tmp/err" && ok "memcheck vecadd" || bad "memcheck vecadd" "status $rc: $(head -c 300 "$tmp/err")"

# cp.async under both checks: its reads and writes are accesses like ld's and st's. The plain run
# (partial src-size reads, a double-buffered pipeline) reports nothing; with "check", the one
# 16-byte read past an allocation and warp 1's copies that warp 0 reads with no barrier.
timeout 600 "$WARPSIM" cuda --quiet --memcheck --racecheck -- "$APPS/cp_async.sm_90" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q '^cp_async: PASS' "$tmp/out" && grep -qxF '========= ERROR SUMMARY: 0 errors' "$tmp/err" &&
    ! grep -q 'racecheck' "$tmp/err" && ok "cp_async --memcheck --racecheck" ||
    bad "cp_async --memcheck --racecheck" "status $rc: $(head -c 400 "$tmp/err")"
timeout 600 "$WARPSIM" cuda --quiet --memcheck --racecheck -- "$APPS/cp_async.sm_90" check >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q '^cp_async: PASS' "$tmp/out" && grep -qxF '========= Invalid __global__ read of size 16 bytes' "$tmp/err" &&
    grep -qxF '=========     by thread (32,0,0) in block (0,0,0)' "$tmp/err" &&
    grep -q '^=========     and is 0 bytes after the nearest allocation at 0x[0-9a-f]* of size 240 bytes$' "$tmp/err" &&
    grep -qxF '========= ERROR SUMMARY: 1 error' "$tmp/err" &&
    grep -q '_Z9uncheckedPK6float4Pf: 32 words one warp wrote and another warp of its CTA read or wrote' "$tmp/err" &&
    ok "cp_async check --memcheck --racecheck" ||
    bad "cp_async check --memcheck --racecheck" "status $rc: $(head -c 600 "$tmp/err")"

# ldmatrix's row reads and stmatrix's row writes are accesses like ld's and st's: none reported in
# the plain run; with "check", the 8 rows (32 words) warp 0 reads (ldmatrix) or writes (stmatrix)
# that warp 1 writes or reads with no barrier between.
matrix_races() { # NAME WARP0 WARP1: the program, what warp 0 and warp 1 did to the words
    timeout 600 "$WARPSIM" cuda --quiet --memcheck --racecheck -- "$APPS/$1.sm_90" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 0 ] && grep -q "^$1: PASS" "$tmp/out" && grep -qxF '========= ERROR SUMMARY: 0 errors' "$tmp/err" &&
        ! grep -q 'racecheck' "$tmp/err" && ok "$1 --memcheck --racecheck" ||
        bad "$1 --memcheck --racecheck" "status $rc: $(head -c 400 "$tmp/err")"
    timeout 600 "$WARPSIM" cuda --quiet --racecheck -- "$APPS/$1.sm_90" check >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 0 ] && grep -q "^$1: PASS" "$tmp/out" &&
        grep -q '_Z8unsyncedPj: 32 words one warp wrote and another warp of its CTA read or wrote' "$tmp/err" &&
        grep -q "warp 0 $2 it at $1.sm_90.*, warp 1 $3 it at" "$tmp/err" &&
        ok "$1 check --racecheck" || bad "$1 check --racecheck" "status $rc: $(head -c 600 "$tmp/err")"
}
matrix_races ldmatrix read wrote
matrix_races stmatrix wrote read

# The card and the config reach the program: the default (the H100's deviceQuery), TITAN V's
# config (its deviceQuery, L2 and bus from the config's memory lines), and configs of one's own:
# a TITAN V with half its SMs and memory controllers (the config wins over the card's figures),
# and a compute capability no shipped card has (warpsim's name, the H100's figures but the L2:
# a100.cfg's 40 MB, the config winning again).
device_attrs_under "H100 (default)" "$(cat "$SRC/device_attrs.h100")"
device_attrs_under "titanv.cfg" "$(cat "$SRC/device_attrs.titanv")" --config configs/gpu/titanv.cfg
{ cat configs/gpu/titanv.cfg; printf -- '-gpgpu_n_clusters 20\n-gpgpu_n_mem 12\n-gpgpu_clock_domains 1455.0:1455.0:1455.0:850.0\n'; } >"$tmp/volta_half.cfg"
device_attrs_under "a config of one's own" "$(printf 'name=NVIDIA TITAN V\nsms=40\nclock_khz=1455000\nbus_bits=1536\nl2_bytes=2359296\ncopy_engines=7')" \
    --config "$tmp/volta_half.cfg"
{ cat configs/gpu/a100.cfg; printf -- '-gpgpu_compute_capability_minor 6\n'; } >"$tmp/ampere86.cfg"
device_attrs_under "a compute capability without a card" \
    "$(printf 'name=warpsim ampere86\ncc=8.6\nsms=108\nl2_bytes=41943040\nglobal_bytes=85028896768')" --config "$tmp/ampere86.cfg"

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

# The report's status and the exit status agree. A program that stops on an
# unimplemented function: status 1, the report "refused" naming it. One that
# ignores it and returns 0: exit status 1 all the same, and a line saying why.
# One that exits 3: status "exit status", the report's exit 3.
# One that dies of a signal (a null store, abort, an uncaught exception): the
# report is written first, status "signal" with the signal, its launch in it,
# and the program still dies of that signal.
report_is() { # BIN ARG STATUS EXIT-JSON-FIELD VALUE: runs it with --report; $rc, and what the JSON lacks in $miss
    timeout 600 "$WARPSIM" cuda --quiet --report "$tmp/st.json" -- "$1" $2 >"$tmp/out" 2>"$tmp/err"
    rc=$?
    miss=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); s,f,v=sys.argv[2:5]
assert r["status"] == s, r["status"]
assert r["exit"][f] == int(v), r["exit"]
assert len(r["launches"]) == (0 if "unimplemented" in sys.argv[5] else 1), r["launches"]
assert s != "refused" or r["refusals"] == ["cudaIpcGetMemHandle is not implemented"], r["refusals"]' \
        "$tmp/st.json" "$3" "$4" "$5" "$1" 2>&1)
}
for arch in sm_75 sm_90; do
    report_is "$APPS/unimplemented.$arch" "" refused status 1
    [ $rc = 1 ] && [ -z "$miss" ] && ok "report: unimplemented.$arch refused" || bad "report: unimplemented.$arch" "status $rc: $miss"
    report_is "$APPS/abnormal_exit.$arch" ignore refused status 1
    [ $rc = 1 ] && [ -z "$miss" ] && grep -q '^abnormal_exit: PASS' "$tmp/out" &&
        grep -q 'the program exited 0, but warpsim refused 1 of its requests (cudaIpcGetMemHandle is not implemented): exit status 1' "$tmp/err" &&
        ok "report: abnormal_exit.$arch ignoring a refusal" || bad "report: abnormal_exit.$arch ignore" "status $rc: $miss $(head -c 300 "$tmp/err")"
    report_is "$APPS/abnormal_exit.$arch" exit3 "exit status" status 3
    [ $rc = 3 ] && [ -z "$miss" ] && ok "report: abnormal_exit.$arch exit 3" ||
        bad "report: abnormal_exit.$arch exit 3" "status $rc: $miss $(head -c 300 "$tmp/err")"
    for how in segv:11 abort:6 terminate:6 term:15; do
        report_is "$APPS/abnormal_exit.$arch" "${how%:*}" signal signal "${how#*:}"
        [ $rc = $((128 + ${how#*:})) ] && [ -z "$miss" ] && ok "report: abnormal_exit.$arch ${how%:*}" ||
            bad "report: abnormal_exit.$arch ${how%:*}" "status $rc: $miss $(head -c 300 "$tmp/err")"
    done
done
timeout 600 "$WARPSIM" cuda -- "$APPS/abnormal_exit.sm_75" segv >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 139 ] && grep -q 'status  *signal$' "$tmp/err" && grep -q 'killed by  *SIGSEGV$' "$tmp/err" &&
    ok "report table: killed by SIGSEGV" || bad "report table at SIGSEGV" "status $rc: $(tail -n 3 "$tmp/err")"

# A failed device assert prints the line a GPU prints (warpsim's device library's __assertfail).
for arch in sm_75 sm_90; do
    run "$APPS/device_assert.$arch"
    [ $rc = 0 ] && grep -qxF 'test/cuda/apps/device_assert.cu:12: void check_below(int *, int): block: [1,0,0], thread: [5,0,0] Assertion `v[i] < limit` failed.' "$tmp/out" &&
        ok "device_assert.$arch: the assert's line" || bad "device_assert.$arch: the assert's line" "status $rc: $(head -c 300 "$tmp/out")"
done

# --dump-ptx DIR: each module's PTX under the name messages give it, so that a
# fault's FILE:LINE opens on the instruction that faulted.
mkdir -p "$tmp/dump"
timeout 600 "$WARPSIM" cuda --quiet --dump-ptx "$tmp/dump" -- "$APPS/faults.sm_75" >"$tmp/out" 2>"$tmp/err"
rc=$?
where=$(sed -n 's/.*kernel _Z3oobPi faulted: .* at \([^ :]*\):\([0-9]*\):[0-9]* .*/\1 \2/p' "$tmp/err" | head -1)
file=${where% *} line=${where#* }
[ $rc = 0 ] && [ "$file" = faults.sm_75.1.sm_75.ptx ] && [ -f "$tmp/dump/$file" ] &&
    sed -n "${line}p" "$tmp/dump/$file" | grep -q '^[[:space:]]*st\.global' &&
    ok "dump-ptx: the fault's line is its store" || bad "dump-ptx" "status $rc, at '$where': $(ls "$tmp/dump") $(head -c 300 "$tmp/err")"
timeout 600 "$WARPSIM" cuda --quiet --dump-ptx "$tmp/no/such/dir" -- "$APPS/vecadd.sm_75" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q "no/such/dir: No such file or directory" "$tmp/err" && ok "dump-ptx: a missing folder" ||
    bad "dump-ptx: a missing folder" "status $rc: $(cat "$tmp/err")"

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

# The SM model (--timing) changes no program's output or status; its
# statistics come out in GPGPU-Sim's format, a block per launch.
for bin in "$APPS"/*.sm_75; do
    b=$(basename "$bin")
    run "$bin"
    cp "$tmp/out" "$tmp/plain.out"
    plain=$rc
    run --timing --stats "$tmp/stats.txt" "$bin"
    if [ $rc = "$plain" ] && cmp -s "$tmp/out" "$tmp/plain.out"; then ok "$b --timing"; else
        bad "$b --timing" "status $rc (untimed $plain): $(diff "$tmp/plain.out" "$tmp/out" | head -4 | tr '\n' ' ')"
    fi
done
run --timing --stats "$tmp/stats.txt" "$APPS/matmul.sm_75"
n=$(grep -c '^gpu_sim_cycle = [1-9]' "$tmp/stats.txt")
[ $rc = 0 ] && [ "$n" -ge 1 ] && grep -q '^GPGPU-Sim: \*\*\* exit detected \*\*\*$' "$tmp/stats.txt" && ok "--stats" ||
    bad "--stats" "status $rc, $n gpu_sim_cycle lines: $(head -c 300 "$tmp/stats.txt")"

# The timing modes under warpsim cuda (--sync, --quantum: the library's
# WARPSIM_CUDA_SYNC and WARPSIM_CUDA_QUANTUM): the default is the
# work-group parallel mode, whose cycles are cycle by cycle's; --quantum
# alone asks for windows; a bad value, or either without --timing, refused.
cyc=""
for mode in "" "--quantum 1" "--sync workgroup" "--quantum 32"; do
    # shellcheck disable=SC2086
    run --timing $mode --report "$tmp/mode.json" "$APPS/matmul.sm_75"
    cyc="$cyc $rc:$(python3 -c 'import json,sys; L=json.load(open(sys.argv[1]))["launches"]; print(*(l["timing"]["memory_mode"].replace(" ", "_") + "/" + str(l["timing"]["gpu_sim_cycle"]) for l in L), sep=",")' "$tmp/mode.json" 2>/dev/null)"
done
read -r d q1 wg q32 <<<"$cyc"
[ "${d#*:}" = "${wg#*:}" ] && [ "${d%%:*}" = 0 ] && [ "${d#*:}" != "" ] &&
    [ "$(echo "$d" | tr ',' '\n' | sed 's|.*/||')" = "$(echo "$q1" | tr ',' '\n' | sed 's|.*/||')" ] &&
    case $d$q32 in *work-group_parallel*exact*) true ;; *) false ;; esac && ok "timing modes: default $d, quantum 1 $q1" ||
    bad "timing modes" "default $d, quantum 1 $q1, workgroup $wg, quantum 32 $q32"
for args in "--sync often --timing" "--quantum 0 --timing" "--quantum 5" "--sync workgroup"; do
    # shellcheck disable=SC2086
    run $args "$APPS/matmul.sm_75"
    [ $rc = 2 ] && [ "$(wc -l <"$tmp/err")" -ge 1 ] && ok "warpsim cuda $args: refused" || bad "warpsim cuda $args" "status $rc"
done
WARPSIM_CUDA_TIMING=1 WARPSIM_CUDA_SYNC=often WARPSIM_CUDA_QUIET=1 LD_LIBRARY_PATH="$(dirname "$WARPSIM")/lib" \
    "$APPS/matmul.sm_75" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q "WARPSIM_CUDA_SYNC.*quantum or workgroup" "$tmp/err" && ok "WARPSIM_CUDA_SYNC=often: refused" ||
    bad "WARPSIM_CUDA_SYNC=often" "status $rc: $(head -c 200 "$tmp/err")"

echo "cuda apps: $pass passed, $fail failed"
[ $fail = 0 ]
