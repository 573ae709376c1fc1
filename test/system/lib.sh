# The system suites' common start (sourced): the binary under test, a
# scratch folder removed at exit, and the pass/fail counters with their
# helpers; a suite ends with `echo "NAME: $pass passed, $fail failed"`.
set -u
W=${WARPSIM:-build/warpsim}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect WHAT GOT WANT
expect() { [ "$2" = "$3" ] && ok || bad "$1: got $2, want $3"; }

# like_plain LAUNCH [TIMING OPTIONS...]: LAUNCH run without --timing and with
# it (one host thread, the options given): ok if the exit status, every
# buffer (but those the file calls "# unordered", whose bytes follow the
# order of atomics, and clock_f64's %clock64 cycles), the printf output and,
# for an ordered launch, the instruction counts are the same; bad naming
# what differs. The timed run's report stays in $T/t1.json.
like_plain() {
    local l=$1 n a b u counts
    shift
    n=$(basename "$l" .launch)
    counts='import json,sys; print([(l["gpu_sim_insn"], l["gpgpu_n_tot_w_icount"]) for l in json.load(open(sys.argv[1]))["launches"]])'
    rm -rf "$T/plain" "$T/timed"
    "$W" ptx --quiet --backend cpu --dump-dir "$T/plain" --report "$T/p.json" "$l" >"$T/p.out" 2>/dev/null
    a=$?
    "$W" ptx --quiet --backend cpu --timing --threads 1 "$@" --dump-dir "$T/timed" --report "$T/t1.json" "$l" \
        >"$T/t.out" 2>/dev/null
    b=$?
    for u in $(sed -n 's/^# unordered: //p' "$l") $([ "$n" = clock_f64 ] && echo cycles); do
        rm -f "$T/plain/$u.bin" "$T/timed/$u.bin"
    done
    if [ $a -ne $b ] || ! diff -rq "$T/plain" "$T/timed" >/dev/null || ! cmp -s "$T/p.out" "$T/t.out"; then
        bad "$n: the output differs with --timing $* (exit $a vs $b)"
    elif ! grep -q "^# unordered" "$l" &&
        [ "$(python3 -c "$counts" "$T/p.json")" != "$(python3 -c "$counts" "$T/t1.json")" ]; then
        bad "$n: instruction counts differ with --timing $*: $(python3 -c "$counts" "$T/p.json") vs $(python3 -c "$counts" "$T/t1.json")"
    else
        ok
    fi
    rm -rf "$T/plain" "$T/timed"
}

# each_launch FUNC: FUNC LAUNCH for every kernels/ptx/*.launch, SYSTEM_JOBS (2)
# at a time (the runs are single-threaded and these loops were most of the
# timing suites' time), each in a subshell with a $T of its own; their
# counts and FAIL lines join the suite's in the files' order.
each_launch() {
    local f=$1 l i=0 j a b
    for l in kernels/ptx/*.launch; do
        i=$((i + 1))
        (T=$T/each.$i && mkdir -p "$T" && pass=0 fail=0 && "$f" "$l" >"$T.log" 2>&1; echo "$pass $fail" >"$T.count") &
        while [ "$(jobs -rp | wc -l)" -ge "${SYSTEM_JOBS:-2}" ]; do wait -n; done
    done
    wait
    for ((j = 1; j <= i; j++)); do
        cat "$T/each.$j.log"
        if read -r a b <"$T/each.$j.count" 2>/dev/null; then
            pass=$((pass + a)) fail=$((fail + b))
        else
            bad "each_launch $f: launch file $j gave no count"
        fi
    done
}
