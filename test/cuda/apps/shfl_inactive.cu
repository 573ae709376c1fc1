// Shuffles that read lanes sitting out, as NVIDIA's reduction sample's reduce7
// does: each warp reduces its values by shuffles, lane 0 of each writes the
// warp's sum to shared memory, then the lanes below the warp count reduce those
// under the ballot of themselves, so lanes 0-7 read lanes 8-31, which do not
// execute the shuffle and still hold their first-step partial sums. The sums
// are right when such a read gives 0: GPGPU-Sim's answer and what cards were
// reported to give (src/device/ptx/ptx_exec_warp.h, ptx_exec_shfl). Then the
// read itself: under mask 0xff, shfl.down by 16 from lanes 0-7 gives 0.
#include "check.h"

__device__ int warp_sum(unsigned mask, int v)
{
    for (int off = 16; off > 0; off /= 2)
        v += __shfl_down_sync(mask, v, off);
    return v;
}

__global__ void block_sums(const int *in, int *out)
{
    __shared__ int sums[32];
    unsigned t = threadIdx.x, lane = t % 32, nwarps = blockDim.x / 32;
    int v = warp_sum(0xffffffffu, in[blockIdx.x * blockDim.x + t]);
    if (lane == 0)
        sums[t / 32] = v;
    __syncthreads();
    unsigned ballot = __ballot_sync(0xffffffffu, t < nwarps);
    if (t < nwarps) {
        v = warp_sum(ballot, sums[t]);
        if (t == 0)
            out[blockIdx.x] = v;
    }
}

__global__ void read_sitting_out(int *out)
{
    unsigned lane = threadIdx.x;
    int v = 1000 + (int)lane;
    unsigned m = __ballot_sync(0xffffffffu, lane < 8);
    if (lane < 8)
        out[lane] = __shfl_down_sync(m, v, 16);
}

int main()
{
    const int blocks = 6, threads = 256, n = blocks * threads;
    int h[n], sums[blocks], read[8], *d_in, *d_out;
    for (int i = 0; i < n; i++)
        h[i] = (i * 7919) % 1000 - 300;
    CHECK(cudaMalloc(&d_in, sizeof h));
    CHECK(cudaMalloc(&d_out, sizeof sums));
    CHECK(cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice));
    block_sums<<<blocks, threads>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
        int want = 0;
        for (int i = 0; i < threads; i++)
            want += h[b * threads + i];
        EXPECT(sums[b] == want, "block %d: sum %d, want %d", b, sums[b], want);
    }
    read_sitting_out<<<1, 32>>>(d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(read, d_out, sizeof read, cudaMemcpyDeviceToHost));
    for (int l = 0; l < 8; l++)
        EXPECT(read[l] == 0, "lane %d read lane %d sitting out: %d, want 0", l, l + 16, read[l]);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return finish("shfl_inactive");
}
