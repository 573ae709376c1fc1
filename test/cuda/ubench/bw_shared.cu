// Shared-memory bandwidth an SM (Accel-Sim's shared_bw in kind:
// util/tuner/GPU_Microbenchmark/ubench/shd/shared_bw): a CTA of 1024
// threads, each reading four conflict-free 32-bit words of a 16 KB shared
// array per iteration (a warp's 32 lanes 32 consecutive words), 64
// iterations timed with clock64() between two barriers; the loads are
// inline PTX (ld.shared.u32) so that the compiler keeps every one in the
// loop. Prints "shared_bw X B/clk/SM" and a checksum line.
#include "bw_sm.h"

__global__ void shared_bw(long long *spans, unsigned *sums)
{
    __shared__ unsigned t[4 * THREADS];
    unsigned tid = threadIdx.x;
    for (int k = 0; k < 4; k++)
        t[k * THREADS + tid] = tid + k;
    __syncthreads();
    unsigned a = (unsigned)__cvta_generic_to_shared(t) + tid * 4, x = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < ITERS; i++) {
        unsigned v0, v1, v2, v3;
        asm volatile("ld.shared.u32 %0, [%4];\n\tld.shared.u32 %1, [%4+4096];\n\t"
                     "ld.shared.u32 %2, [%4+8192];\n\tld.shared.u32 %3, [%4+12288];"
                     : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(a) : "memory");
        x += v0;
        x += v1;
        x += v2;
        x += v3;
    }
    sm_bw_end(spans, sums, x, t0);
}

int main()
{
    run_sm_bw("shared_bw", (double)THREADS * 16 * ITERS, shared_bw);
    return 0;
}
