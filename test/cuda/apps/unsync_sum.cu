// Issue 31's reproducer: 64 threads each add 1 to their own element (a[i] =
// i), then thread 0 sums all 64 with no __syncthreads() between. A GPU (and
// GPGPU-Sim) interleaves the two warps, so thread 0 sees warp 1's additions
// too: 2016 + 64 = 2080. Run one warp to its end first and it is 2048.
// `warpsim cuda --racecheck` names the 32 words (cuda_apps_test.sh).
#include "check.h"

__global__ void add_then_sum(unsigned *a)
{
    unsigned t = threadIdx.x;
    a[t] = a[t] + 1;
    if (t == 0) {
        unsigned s = 0;
        for (int i = 0; i < 64; i++)
            s += a[i];
        a[64] = s;
    }
}

int main()
{
    unsigned h[65], *d;
    for (unsigned i = 0; i < 65; i++)
        h[i] = i < 64 ? i : 0;
    CHECK(cudaMalloc(&d, sizeof h));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    add_then_sum<<<1, 64>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[64] == 2080, "sum %u", h[64]);
    return finish("unsync_sum");
}
