/* Warp-level stream compaction with votes: each warp keeps its elements
 * below a threshold, packed in order at the start of its 32-element slot
 * (rank = popc of the ballot below the lane); lane 0 records the count,
 * the first and last kept lanes (ffs, clz) and the ballot bit-reversed
 * (brev), and __any/__all of two predicates. */
#include "wl_math.cuh"

extern "C" __global__ void compact(unsigned *out, unsigned *counts, int *first_last, unsigned *rev, unsigned *votes,
                                   const unsigned *in, unsigned threshold)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, warp = i / 32;
    unsigned v = in[i];
    bool keep = v < threshold;
    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (keep)
        out[warp * 32 + wl_popc(ballot & ((1u << lane) - 1))] = v;
    int any_big = __any_sync(0xffffffffu, v >= 990), all_small = __all_sync(0xffffffffu, v < 1000);
    if (lane == 0) {
        counts[warp] = wl_popc(ballot);
        first_last[2 * warp] = (int)wl_ffs(ballot) - 1;
        first_last[2 * warp + 1] = ballot ? 31 - (int)wl_clz(ballot) : -1;
        rev[warp] = wl_brev(ballot);
        votes[warp] = (any_big ? 1 : 0) | (all_small ? 2 : 0);
    }
}
