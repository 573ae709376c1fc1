// Warp votes and matches with partial member masks in divergent code: each
// warp splits into lanes 0..19 and 20..31, and the first part again into
// two groups of ten, each voting, matching, reducing and shuffling with the
// mask of exactly its own lanes. Then, after threads past the end of the
// data return, full-mask votes over the lanes that are left (exited lanes
// are not waited for). Every result is recomputed on the host.
#include "check.h"

constexpr int N = 200;   // 6 full warps and one of 8 threads: its lanes 8..31 return at once

struct out_t {
    unsigned ballot, any, all, match, match_all, pred, shfl, sum, tail_ballot, tail_all;
};

// redux.sync from sm_80; before, shuffles from each lane of the group that is still there
__device__ unsigned group_sum(unsigned m, int v, int first_of_warp, int n)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_add_sync(m, (unsigned)v);
#else
    unsigned s = 0;
    for (int k = 0; k < 32; k++)
        if ((m >> k & 1u) && first_of_warp + k < n)
            s += (unsigned)__shfl_sync(m, v, k);
    return s;
#endif
}

__global__ void votes(const int *in, out_t *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    if (i >= n)
        return;
    int v = in[i];
    out_t o = {};
    if (lane < 20) {
        unsigned m = lane < 10 ? 0x000003ffu : 0x000ffc00u;
        o.ballot = __ballot_sync(m, v % 3 == 0);
        o.any = __any_sync(m, v > 90);
        o.all = __all_sync(m, v >= 0);
        o.match = __match_any_sync(m, v & 3);
        int p;
        o.match_all = __match_all_sync(m, lane / 10, &p);
        o.pred = p;
        o.shfl = __shfl_sync(m, v, lane < 10 ? 0 : 10);
        o.sum = group_sum(m, v, i - lane, n);
    } else {
        unsigned m = 0xfff00000u;
        o.ballot = __ballot_sync(m, v % 3 == 0);
        o.any = __any_sync(m, v > 90);
        o.all = __all_sync(m, v >= 0);
        o.match = __match_any_sync(m, v & 3);
        int p;
        o.match_all = __match_all_sync(m, v, &p);
        o.pred = p;
        o.shfl = __shfl_sync(m, v, 31);
        o.sum = group_sum(m, v, i - lane, n);
    }
    // back together; in the last warp only lanes 0..7 are left
    o.tail_ballot = __ballot_sync(0xffffffffu, v & 1);
    o.tail_all = __all_sync(0xffffffffu, v < 1000);
    out[i] = o;
}

int main()
{
    int h[N];
    for (int i = 0; i < N; i++)
        h[i] = (i * 53 + 11) % 100;
    int *din;
    out_t *dout, r[N];
    CHECK(cudaMalloc(&din, sizeof h));
    CHECK(cudaMalloc(&dout, sizeof r));
    CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
    votes<<<2, 128>>>(din, dout, N);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        int lane = i % 32, base = i - lane;
        unsigned g = lane < 10 ? 0x3ffu : lane < 20 ? 0xffc00u : 0xfff00000u;
        unsigned ballot = 0, any = 0, all = 1, match = 0, sum = 0, tail = 0, same = 1, live = 0;
        for (int k = 0; k < 32 && base + k < N; k++) {
            int w = h[base + k];
            live |= 1u << k;
            tail |= (unsigned)(w & 1) << k;
            if (!(g >> k & 1u))
                continue;
            ballot |= (unsigned)(w % 3 == 0) << k;
            any |= w > 90;
            all &= w >= 0;
            match |= (unsigned)((w & 3) == (h[i] & 3)) << k;
            sum += (unsigned)w;
            same &= lane < 20 || w == h[i];
        }
        g &= live;
        int src = lane < 10 ? 0 : lane < 20 ? 10 : 31;
        const out_t &o = r[i];
        EXPECT(o.ballot == ballot, "ballot at %d: %08x, want %08x", i, o.ballot, ballot);
        EXPECT(o.any == any && o.all == all, "any/all at %d: %u %u, want %u %u", i, o.any, o.all, any, all);
        EXPECT(o.match == match, "match_any at %d: %08x, want %08x", i, o.match, match);
        EXPECT(o.match_all == (same ? g : 0) && o.pred == same, "match_all at %d: %08x %u", i, o.match_all, o.pred);
        if (base + src < N)
            EXPECT(o.shfl == (unsigned)h[base + src], "shfl at %d: %u, want %d", i, o.shfl, h[base + src]);
        EXPECT(o.sum == sum, "reduce_add at %d: %u, want %u", i, o.sum, sum);
        EXPECT(o.tail_ballot == tail && o.tail_all == 1, "after the return at %d: %08x, want %08x", i,
               o.tail_ballot, tail);
    }
    return finish("vote_masks");
}
