// Cooperative groups inside a block: thread_block sync, tiled_partition
// (static and dynamic tiles) with shuffles and reduce, coalesced_threads in
// a divergent branch.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "check.h"

namespace cg = cooperative_groups;

__global__ void groups(const int *in, int *tile_sums, int *block_sums, int *odd_counts, int *ranks)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ int partial[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    int s16 = cg::reduce(t16, v, cg::plus<int>());
    if (t16.thread_rank() == 0)
        tile_sums[i / 16] = s16;
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int s = v;
    for (int d = warp.size() / 2; d > 0; d /= 2)
        s += warp.shfl_down(s, d);
    if (warp.thread_rank() == 0)
        partial[warp.meta_group_rank()] = s;
    block.sync();
    if (block.thread_rank() == 0) {
        int b = 0;
        for (unsigned w = 0; w < block.size() / 32; w++)
            b += partial[w];
        block_sums[blockIdx.x] = b;
    }
    if (v & 1) {
        cg::coalesced_group odd = cg::coalesced_threads();
        if (odd.thread_rank() == 0)
            odd_counts[i / 32] = odd.size();
        ranks[i] = odd.thread_rank();
    } else {
        ranks[i] = -1;
    }
}

int main()
{
    const int blocks = 4, threads = 256, n = blocks * threads;
    int h[n];
    for (int i = 0; i < n; i++)
        h[i] = (i * 37 + (i >> 3)) % 101;
    int *din, *dt, *db, *dodd, *dr;
    CHECK(cudaMalloc(&din, sizeof h));
    CHECK(cudaMalloc(&dt, n / 16 * 4));
    CHECK(cudaMalloc(&db, blocks * 4));
    CHECK(cudaMalloc(&dodd, n / 32 * 4));
    CHECK(cudaMalloc(&dr, n * 4));
    CHECK(cudaMemset(dodd, 0, n / 32 * 4));
    CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
    groups<<<blocks, threads>>>(din, dt, db, dodd, dr);
    CHECK(cudaGetLastError());
    int t[n / 16], b[blocks], odd[n / 32], r[n];
    CHECK(cudaMemcpy(t, dt, sizeof t, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(b, db, sizeof b, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(odd, dodd, sizeof odd, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost));
    for (int k = 0; k < n / 16; k++) {
        int s = 0;
        for (int j = 0; j < 16; j++)
            s += h[k * 16 + j];
        EXPECT(t[k] == s, "tile %d: %d, want %d", k, t[k], s);
    }
    for (int k = 0; k < blocks; k++) {
        int s = 0;
        for (int j = 0; j < threads; j++)
            s += h[k * threads + j];
        EXPECT(b[k] == s, "block %d: %d, want %d", k, b[k], s);
    }
    for (int w = 0; w < n / 32; w++) {
        int c = 0;
        for (int l = 0; l < 32; l++) {
            int i = w * 32 + l;
            EXPECT(r[i] == (h[i] & 1 ? c : -1), "rank at %d: %d", i, r[i]);
            c += h[i] & 1;
        }
        EXPECT(odd[w] == c, "coalesced size in warp %d: %d, want %d", w, odd[w], c);
    }
    return finish("coop_groups");
}
