#!/bin/sh
# Generates, builds and compares risu programs (test/risu/README.md):
# RUNS programs per class, each of COUNT blocks, seeds SEED, SEED+1, ...
#
#   sh test/risu/risu_run.sh SEED COUNT RUNS [CLASS...]
#       classes: a32 t16 t32 vfp tvfp neon tneon (RISU_ISA=arm), int int16 x87 sse (RISU_ISA=x86)
#
# Environment: RISU_ISA (arm), BUILD (build), RISU_CC (arm-linux-gnueabi-gcc;
# i686-linux-gnu-gcc for x86), WARPSIM, QEMU_ARM, QEMU_I386,
# RISU_FP_CPU (cortex-a15: the FP classes' oracle, an ARMv7 core with VFPv4;
# qemu's default cpu is an ARMv8 one, whose FPSCR has FZ16), RISU_CLEAN (set:
# a program that matched is removed, as the long run's 50 MB ones are).
# Prints each program's summary line (and its first mismatches); exit 1 on any.
set -u
seed=$1 count=$2 runs=$3
shift 3
RISU_ISA=${RISU_ISA:-arm}
export RISU_ISA
BUILD=${BUILD:-build}
src=$(dirname "$0")
if [ "$RISU_ISA" = x86 ]; then
    classes=${*:-int int16 x87 sse}
    RISU_CC=${RISU_CC:-i686-linux-gnu-gcc}
    dir=$BUILD/risu/x86
    gen=$dir/risu_x86_gen
    harness="$src/x86/risu_x86_main.c $src/x86/risu_x86_entry.S"
    ccflags="-static -no-pie -O2"
else
    classes=${*:-a32 t16 t32 vfp tvfp neon tneon}
    RISU_CC=${RISU_CC:-arm-linux-gnueabi-gcc}
    dir=$BUILD/risu
    gen=$dir/risu_gen
    harness="$src/risu_main.c $src/risu_entry.S"
    ccflags="-static -O2 -marm"
fi
status=0 total=0
i=0
while [ "$i" -lt "$runs" ]; do
    s=$((seed + i))
    for cls in $classes; do
        out=$dir/$cls-$s-$count
        if [ ! -x "$out" ]; then
            # shellcheck disable=SC2086
            "$gen" "$cls" "$s" "$count" "$out" 2>"$out.gen" &&
                "$RISU_CC" $ccflags $harness "$out.S" -o "$out" || {
                cat "$out.gen" >&2
                echo "risu $cls-$s-$count: could not be built" >&2
                exit 2
            }
        fi
        case $cls in
        vfp | tvfp | neon | tneon) export QEMU_CPU="${RISU_FP_CPU:-cortex-a15}" ;;
        *) unset QEMU_CPU ;;
        esac
        if sh "$src/risu_compare.sh" "$out"; then
            [ -n "${RISU_CLEAN:-}" ] && rm -f "$out" "$out.S" "$out.txt" "$out.qemu" "$out.warpsim"
        else
            status=1
        fi
        total=$((total + count))
    done
    i=$((i + 1))
done
echo "risu$([ "$RISU_ISA" = x86 ] && echo -x86): $total instructions compared, $([ $status = 0 ] && echo none || echo some) mismatched"
exit $status
