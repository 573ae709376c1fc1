#!/usr/bin/env bash
# The memory micro-benchmarks of test/cuda/ubench as CUDA programs under
# `warpsim cuda --timing` on the TITAN V (configs/gpu/titanv.cfg): each
# program times itself with clock64() and prints its figures
# ("NAME VALUE UNIT"); each figure must be within 10% (latencies) or 15%
# (bandwidths) of the TITAN V's published measurement, that of Accel-Sim's
# microbenchmarks: accel-sim/accel-sim-framework
# util/tuner/GPU_Microbenchmark/output.file, release @2260456, the section
# named beside each bound (/work/shared/GPU-TIMING-REFERENCE.md 3.4.1). The
# config gives latencies of parts (-gpgpu_l1_latency, -gpgpu_l2_rop_latency,
# -dram_latency, -gpgpu_smem_latency) and no bandwidth at all: every figure
# here is emergent. Each program's checksum line (and its exit status) must
# be the same with timing off: timing never changes outputs.
# UBENCH: the built programs (ubench.mk). Prints "N passed, M failed".
. "$(dirname "$0")/../system/lib.sh"
UBENCH=${UBENCH:-build/cuda-ubench}
CFG=configs/gpu/titanv.cfg

# figure FILE NAME: the value of NAME's line in FILE
figure() { awk -v n="$2" '$1 == n { print $2 }' "$1"; }

# check NAME GOT WANT TOLERANCE: GOT within TOLERANCE (a fraction) of WANT
check() {
    if [ -z "$2" ]; then
        bad "$1: no figure printed"
    elif python3 -c 'import sys; g, w, t = map(float, sys.argv[1:4]); sys.exit(abs(g - w) > t * w)' "$2" "$3" "$4"; then
        ok
    else
        bad "$1 $2, published $3: off by more than $(python3 -c "print(int(100 * $4))")%"
    fi
    printf '  %-12s %8s  (published %s)\n' "$1" "$2" "$3"
}

# run PROG: PROG timed into $T/PROG.t and untimed into $T/PROG.p; ok if both
# exit 0 with the same checksum line
run() {
    local p=$1 a b
    timeout 300 "$W" cuda --quiet --timing --config "$CFG" -- "$UBENCH/$p" >"$T/$p.t" 2>"$T/$p.err"
    a=$?
    timeout 300 "$W" cuda --quiet --config "$CFG" -- "$UBENCH/$p" >"$T/$p.p" 2>>"$T/$p.err"
    b=$?
    if [ $a -ne 0 ] || [ $b -ne 0 ]; then
        bad "$p: exit $a timed, $b untimed: $(head -c 300 "$T/$p.err")"
    elif [ -z "$(grep '^checksum ' "$T/$p.t")" ] || [ "$(grep '^checksum ' "$T/$p.t")" != "$(grep '^checksum ' "$T/$p.p")" ]; then
        bad "$p: the checksum differs with timing: '$(grep '^checksum ' "$T/$p.t")' vs '$(grep '^checksum ' "$T/$p.p")'"
    else
        ok
    fi
}

# The model's dependent integer link: the config's MAD latency + 2 (the
# operand collector's cycles; sm_timing_test.sh measures it), as
# mem_timing_test.sh 3b and 3d take it.
mad=$(sed -n 's/^-ptx_opcode_latency_int [0-9]*,[0-9]*,[0-9]*,\([0-9]*\),.*/\1/p' "$CFG")
link=$((mad + 2))

# 1. Global-memory latencies, one thread chasing 64-bit pointers
#    (lat_chase.cu): the load's address is the last load's value, so a step
#    is the load alone, as in Accel-Sim's l1_lat, l2_lat and mem_lat, whose
#    published figures are that step: nothing taken off either side (the
#    integer link that mem_timing_test.sh 3b takes off its index chase is
#    not in this chain).
run lat_chase
# output.file, section ./mem_lat: "Mem latency = 313.4630 cycles" (.cv chase, cold lines)
check dram_lat_cv "$(figure "$T/lat_chase.t" dram_lat_cv)" 313.4630 0.10
# output.file, section ./l2_lat: "L2 Latency = 211.0720 cycles" (.cg chase)
check l2_lat_cg "$(figure "$T/lat_chase.t" l2_lat_cg)" 211.0720 0.10
# output.file, section ./l1_lat: "L1 Latency = 33.7331 cycles" (.ca chase)
check l1_lat_ca "$(figure "$T/lat_chase.t" l1_lat_ca)" 33.7331 0.10

# 2. Shared-memory latency (lat_shared.cu): a step is p = s[p], the index's
#    address (one mad) and the dependent ld.shared, as Accel-Sim's
#    shared_lat, whose 27.01 thus holds the card's dependent integer link
#    too (4.35 cycles, output.file section ./lat_int32). As
#    mem_timing_test.sh 3d does, each side's link is taken off its step:
#    the model's ($link cycles) from the printed figure, the card's 4.35
#    from the published one; the loads are compared.
run lat_shared
s=$(figure "$T/lat_shared.t" shared_lat)
[ -n "$s" ] && s=$(python3 -c "print('%.1f' % ($s - $link))")
# output.file, sections ./shared_lat ("27.010254 cycles") less ./lat_int32 (4.349609)
check shared_load "$s" "$(python3 -c 'print(27.010254 - 4.349609)')" 0.10

# 3. Per-SM bandwidths (bw_shared.cu, bw_l1.cu): 1024 threads an SM, the
#    cycles between two barriers around 64 iterations of conflict-free
#    shared loads or of L1-resident ld.global.ca.v4 loads.
run bw_shared
# output.file, section ./shared_bw: 126.48 B/clk/SM
check shared_bw "$(figure "$T/bw_shared.t" shared_bw)" 126.48 0.15
run bw_l1
# output.file, section ./l1_bw_128: 116.437 B/clk/SM
check l1_bw "$(figure "$T/bw_l1.t" l1_bw)" 116.437 0.15

# 4. Whole-GPU streams (bw_l2.cu, bw_dram.cu): 160 CTAs of 256 threads
#    reading 4 MB with ld.global.cg.v4; the L2 from the cycles two more
#    passes over an L2-resident array add, DRAM from one pass over an array
#    pushed out of the L2.
run bw_l2
# output.file, section ./l2_bw_128: 1365.73 B/clk (whole GPU)
check l2_bw "$(figure "$T/bw_l2.t" l2_bw)" 1365.73 0.15
run bw_dram
# output.file, section ./mem_bw: 445.770477 B/clk (521.05 GB/s)
check dram_bw "$(figure "$T/bw_dram.t" dram_bw)" 445.770477 0.15

echo "ubench: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
