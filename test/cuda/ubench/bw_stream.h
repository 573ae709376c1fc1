// The whole-GPU streams' common part (bw_l2.cu, bw_dram.cu): 160 CTAs of
// 256 threads (two a TITAN V SM) read an array with ld.global.cg.v4.u32
// (the L2's, not the L1's, as Accel-Sim's l2_bw_128 loads),
// the grid's threads side by side over it, `passes` times. The kernel's own
// span: thread 0 of each CTA takes clock64() after a barrier before the
// loads and after one behind them, and the host takes the largest end less
// the smallest start (Accel-Sim's l2_bw takes max(stop) - min(start) over
// its threads the same way). Each thread stores the sum of what it read;
// their sum is a checksum no timing can change. Nothing but these stores
// follows the loads: atomics from every thread on one word would queue at
// one L2 slice behind the stream and slow it.
#pragma once
#include "ubench.h"

#define SBLOCKS 160
#define STHREADS 256

__global__ void stream(const uint4 *a, unsigned n16, unsigned passes, long long *clk, unsigned *sums)
{
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x, step = gridDim.x * blockDim.x, x = 0;
    __syncthreads();
    long long t0 = clock64();
    for (unsigned p = 0; p < passes; p++) {
#pragma unroll 1
        for (unsigned i = id; i < n16; i += step) {
            uint4 v;
            asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
                         : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(a + i) : "memory");
            x += v.x;
            x += v.w;
        }
    }
    __syncthreads();
    long long t1 = clock64();
    sums[id] = x;
    if (threadIdx.x == 0) {
        clk[2 * blockIdx.x] = t0;
        clk[2 * blockIdx.x + 1] = t1;
    }
}

// The array: n16 16-byte elements, word i = i * 2654435761, copied in.
static uint4 *stream_array(unsigned n16)
{
    std::vector<unsigned> h((size_t)n16 * 4);
    for (size_t i = 0; i < h.size(); i++)
        h[i] = (unsigned)i * 2654435761u;
    uint4 *d;
    CK(cudaMalloc(&d, h.size() * sizeof(unsigned)));
    CK(cudaMemcpy(d, h.data(), h.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    return d;
}

// One launch of `passes` over the array: its span in cycles; *sum the
// checksum's word.
static long long stream_span(const uint4 *a, unsigned n16, unsigned passes, unsigned *sum)
{
    const unsigned n = SBLOCKS * STHREADS;
    long long *d_clk;
    unsigned *d_sums;
    CK(cudaMalloc(&d_clk, 2 * SBLOCKS * sizeof(long long)));
    CK(cudaMalloc(&d_sums, n * sizeof(unsigned)));
    stream<<<SBLOCKS, STHREADS>>>(a, n16, passes, d_clk, d_sums);
    CK(cudaGetLastError());
    std::vector<long long> clk(2 * SBLOCKS);
    std::vector<unsigned> sums(n);
    CK(cudaMemcpy(clk.data(), d_clk, clk.size() * sizeof(long long), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sums.data(), d_sums, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CK(cudaFree(d_clk));
    CK(cudaFree(d_sums));
    long long first = clk[0], last = clk[1];
    for (unsigned b = 0; b < SBLOCKS; b++) {
        first = clk[2 * b] < first ? clk[2 * b] : first;
        last = clk[2 * b + 1] > last ? clk[2 * b + 1] : last;
    }
    *sum = 0;
    for (unsigned v : sums)
        *sum += v;
    return last - first;
}
