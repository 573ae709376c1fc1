// The two per-SM bandwidth kernels' common host side (bw_l1.cu,
// bw_shared.cu): BLOCKS CTAs of 1024 threads, each on its own SM (fewer
// CTAs than a TITAN V's 80 SMs), thread 0 of each storing the cycles
// between the barriers around its loop; the figure is a CTA's bytes over the
// longest span (B/clk/SM, as Accel-Sim's l1_bw and shared_bw print).
#pragma once
#include "ubench.h"

#define BLOCKS 8
#define THREADS 1024
#define ITERS 64

// A per-SM kernel's end, after its timed loop from t0: the barrier, then
// thread 0 stores the CTA's span and every thread its sum x of what it read.
__device__ __forceinline__ void sm_bw_end(long long *spans, unsigned *sums, unsigned x, long long t0)
{
    __syncthreads();
    long long t1 = clock64();
    sums[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if (threadIdx.x == 0)
        spans[blockIdx.x] = t1 - t0;
}

// Runs KERNEL(spans, sums, extra...) and prints "NAME X B/clk/SM" for
// BYTES a CTA, then "checksum X": the sum of every thread's sum of what it
// read, which no timing can change.
template <typename K, typename... A>
static void run_sm_bw(const char *name, double bytes, K kernel, A... extra)
{
    long long *d_spans;
    unsigned *d_sum;
    CK(cudaMalloc(&d_spans, BLOCKS * sizeof(long long)));
    CK(cudaMalloc(&d_sum, BLOCKS * THREADS * sizeof(unsigned)));
    kernel<<<BLOCKS, THREADS>>>(d_spans, d_sum, extra...);
    CK(cudaGetLastError());
    long long spans[BLOCKS];
    std::vector<unsigned> x(BLOCKS * THREADS);
    CK(cudaMemcpy(spans, d_spans, sizeof spans, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(x.data(), d_sum, x.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    long long most = 0;
    for (long long s : spans)
        most = s > most ? s : most;
    unsigned sum = 0;
    for (unsigned v : x)
        sum += v;
    printf("%s %.1f B/clk/SM\n", name, bytes / (double)most);
    printf("checksum %08x\n", sum);
}
