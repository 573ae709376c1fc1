#!/bin/sh
# The lockstep engines against the per-core ones (issue 30; ARM and IA-32): every binary runs
# under both engines (the lockstep one in both its builds: for this host's
# vector unit on the interleaved layout, its default, and generic,
# WARPSIM_LOCKSTEP_GENERIC=1, on the contiguous one that --engine auto
# gives it; the per-core engine on the contiguous layout), on one host
# thread, and must end in the same final state
# (--dump-state: every core's registers, OS state, instruction count and
# memory digest), the same stdout and the same exit status.
#
#   sh test/system/lockstep_test.sh BINARY...
#
# Each binary runs at three sizes: 1 core to its end; 64 cores and 1024 cores
# stopped by --max-insns (a core's state after exactly N instructions, so a
# large program costs no more than a small one), with quanta that end
# mid-block (and, at 1024 cores, small windows: the state dump hashes every
# core's whole window). The binaries' arguments come from test/diff/<name>.args.
# The cores of these programs share no memory: where cores do (atomics,
# flags in the shared region), the engines interleave them differently and
# the instruction counts may differ, as on more host threads (DESIGN.md).
# Environment: WARPSIM (build/warpsim), LOCKSTEP_JOBS (2), LOCKSTEP_SIZES
# (the three above, as "cores:flags" words with commas for spaces),
# LOCKSTEP_GENERIC_CORES (the sizes, by core count, at which the generic build
# runs too; every size unless set: make test gives 64, where it meets every
# binary on the contiguous layout, lockstep-test-full every size).
set -u
W=${WARPSIM:-build/warpsim}
JOBS=${LOCKSTEP_JOBS:-2}
SIZES=${LOCKSTEP_SIZES:-"1: 64:--max-insns,200000,--quantum,7001 1024:--max-insns,20000,--quantum,2999,--heap,512K,--stack,128K"}
GENERIC_CORES=${LOCKSTEP_GENERIC_CORES:-$(for s in $SIZES; do printf '%s ' "${s%%:*}"; done)}
SRCDIR=$(cd "$(dirname "$0")/../diff" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
[ $# -gt 0 ] || { echo "usage: sh test/system/lockstep_test.sh BINARY..." >&2; exit 2; }

# one BIN: prints "ok" lines or one "FAIL: ..." line per size that differs
one() {
    bin=$1
    name=$(basename "$bin"); name=${name%%.*}
    args=""
    [ -f "$SRCDIR/$name.args" ] && args=$(cat "$SRCDIR/$name.args")
    d=$T/$(basename "$bin").$$
    mkdir -p "$d"
    for size in $SIZES; do
        cores=${size%%:*}
        flags=$(echo "${size#*:}" | tr ',' ' ')
        rm -f "$d"/*
        engines="percore lockstep"
        case " $GENERIC_CORES " in *" $cores "*) engines="$engines generic" ;; esac
        for e in $engines; do
            engine=$e gen="" layout=auto
            # the lockstep engine's generic build beside the one for this
            # host's vector unit (x86-64-v3 where it has one)
            [ "$e" = generic ] && engine=lockstep gen=1 layout=contiguous
            # shellcheck disable=SC2086
            eval "set -- $args"
            WARPSIM_LOCKSTEP_GENERIC=$gen timeout 300 "$W" run --quiet --backend cpu --threads 1 --cores "$cores" \
                $flags --engine "$engine" --layout $layout --dump-state "$d/$e.dump" "$bin" "$@" </dev/null >"$d/$e.out" 2>"$d/$e.err"
            echo $? >"$d/$e.rc"
        done
        what=""
        for e in ${engines#percore }; do
            [ -n "$what" ] && break
            cmp -s "$d/percore.rc" "$d/$e.rc" || what="$e: exit $(cat "$d/percore.rc") vs $(cat "$d/$e.rc")"
            [ -z "$what" ] && ! cmp -s "$d/percore.out" "$d/$e.out" && what="$e: stdout differs"
            [ -z "$what" ] && ! cmp -s "$d/percore.dump" "$d/$e.dump" &&
                what="$e: final state differs: $(diff "$d/percore.dump" "$d/$e.dump" | sed -n 2p | cut -c1-160)"
        done
        [ -z "$what" ] && [ ! -s "$d/percore.dump" ] && what="no state dumped (exit $(cat "$d/percore.rc"))"
        if [ -n "$what" ]; then
            echo "FAIL: $bin at $cores cores ($flags): $what"
        else
            echo ok
        fi
    done
    rm -rf "$d"
}

# xargs runs this script again, once per binary, with --one
if [ "$1" = --one ]; then
    one "$2"
    exit 0
fi
printf '%s\n' "$@" | xargs -P "$JOBS" -n 1 sh "$0" --one >"$T/results"
pass=$(grep -c '^ok$' "$T/results")
fail=$(grep -c '^FAIL' "$T/results")
grep '^FAIL' "$T/results"
echo "lockstep: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
