#!/usr/bin/env bash
# Two warpsim builds side by side on PTX kernels (CPU backend, one host
# thread): the benchmark kernels of bench/ptx/ and the workloads of
# kernels/ptx/ named in KERNELS. Runs alternate within each round, ROUNDS
# rounds (default 5); each column is the median of the kernels' wall
# seconds (the report's wall_seconds), and the ratio compares runs made
# seconds apart on the same noisy host. Both builds must give the same
# instruction counts (checked) unless COUNTS_MAY_DIFFER=1.
#
#   bash bench/ptx_side_by_side.sh OLD/warpsim NEW/warpsim
#
# Build OLD from the commit before a change, e.g.
#   git worktree add /tmp/old <commit> && make -C /tmp/old NVCC= build/warpsim
set -eu
if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: bash bench/ptx_side_by_side.sh OLD_WARPSIM NEW_WARPSIM (both executable)" >&2
    exit 2
fi
OLD=$1 NEW=$2
ROUNDS=${ROUNDS:-5}
KERNELS=${KERNELS:-"bench/ptx/sgemm bench/ptx/blackscholes bench/ptx/nbody kernels/ptx/reduce_smem kernels/ptx/histogram kernels/ptx/bfs kernels/ptx/spmv kernels/ptx/stencil3d kernels/ptx/mersenne"}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# run BIN LAUNCH: "wall_seconds warp_insns" of one run
run() {
    "$1" ptx --quiet --threads 1 --report "$T/r.json" "$2" >/dev/null
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["wall_seconds"], d["gpgpu_n_tot_w_icount"])' "$T/r.json"
}
median() { sort -g | sed -n "$(((ROUNDS + 1) / 2))p"; }

printf '%-26s %10s %10s %8s %14s\n' kernel old_s new_s new/old warp_insns
for k in $KERNELS; do
    : >"$T/old" && : >"$T/new"
    for _ in $(seq "$ROUNDS"); do
        run "$OLD" "$k.launch" >>"$T/old"
        run "$NEW" "$k.launch" >>"$T/new"
    done
    oi=$(cut -d' ' -f2 "$T/old" | sort -u) ni=$(cut -d' ' -f2 "$T/new" | sort -u)
    if [ "$oi" != "$ni" ] && [ "${COUNTS_MAY_DIFFER:-0}" != 1 ]; then
        echo "$k: warp instructions differ: old $oi, new $ni" >&2
        exit 1
    fi
    o=$(cut -d' ' -f1 "$T/old" | median) n=$(cut -d' ' -f1 "$T/new" | median)
    awk -v k="$k" -v o="$o" -v n="$n" -v i="$ni" 'BEGIN { printf "%-26s %10.3f %10.3f %8.3f %14s\n", k, o, n, n / o, i }'
done
