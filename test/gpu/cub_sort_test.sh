#!/usr/bin/env bash
# CUB's radix sort, the one --regroup runs on the GPU (backend_cuda.cu: cub::DeviceRadixSort::
# SortPairs of 32-bit pc keys and core ids), run by warpsim's PTX simulator: the single-tile
# kernel as nvcc 13 emits it for compute_75 (test/gpu/cub/radix_single_tile.sm_75.ptx, cut out of
# backend_cuda.cu's PTX; it needs bmsk) on keys with many repeats, as pcs are. The result must be
# the keys sorted and the ids permuted stably (radix sort is stable), computed here by Python.
# A first piece of issue 21 part 6 (warpsim's CUDA backend on warpsim) without the runtime.
# BACKEND=cuda runs it on the PTX executor's GPU backend. Prints "cub-sort: N passed, M failed".
set -u
W=$(realpath "${WARPSIM:-build/warpsim}")
BACKEND=${BACKEND:-cpu}
HERE=$(cd "$(dirname "$0")" && pwd)
MODULE=$HERE/cub/radix_single_tile.sm_75.ptx
KERNEL=$(sed -n 's/^\.visible \.entry \([A-Za-z0-9_]*\)(.*/\1/p' "$MODULE")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# sort_case N DISTINCT SEED: N keys drawn from DISTINCT values.
sort_case() {
    local n=$1 distinct=$2 seed=$3
    python3 - "$T" "$n" "$distinct" "$seed" <<'PY'
import random, struct, sys
d, n, distinct, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
values = [rng.getrandbits(32) for _ in range(distinct)]
keys = [rng.choice(values) for _ in range(n)]
order = sorted(range(n), key=lambda i: keys[i])          # Python's sort is stable
pack = lambda xs: struct.pack("<%dI" % len(xs), *xs)
open(d + "/keys.bin", "wb").write(pack(keys))
open(d + "/kout.want", "wb").write(pack([keys[i] for i in order]))
open(d + "/vout.want", "wb").write(pack(order))
PY
    cat >"$T/sort.launch" <<EOF2
module $MODULE
buffer keys u32 $n file $T/keys.bin
buffer vals u32 $n seq 0 1
buffer kout u32 $n zero
buffer vout u32 $n zero
kernel $KERNEL grid 1 block 256
param ptr keys
param ptr kout
param ptr vals
param ptr vout
param s32 $n
param s32 0
param s32 32
param u8 0
check kout exact file $T/kout.want
check vout exact file $T/vout.want
EOF2
    if "$W" ptx --quiet --backend "$BACKEND" "$T/sort.launch" >"$T/out" 2>"$T/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: cub-sort of $n keys ($distinct distinct, seed $seed) on $BACKEND:"
        head -5 "$T/err"
    fi
}

sort_case 1000 1000 1
sort_case 1000 7 2    # few distinct pcs: the stable order of ids matters
sort_case 256 1 3
sort_case 17 5 4      # a partial tile
echo "cub-sort: $pass passed, $fail failed"
[ $fail -eq 0 ]
