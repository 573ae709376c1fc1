// L1 bandwidth an SM (Accel-Sim's l1_bw_128 in kind:
// util/tuner/GPU_Microbenchmark/ubench/l1_cache/l1_bw_128): a CTA of 1024
// threads reading a 16 KB global array with ld.global.ca.v4.u32 (a warp
// 512 bytes, four lines), once untimed to bring it into the SM's L1, then
// 64 times timed with clock64() between two barriers. Inline PTX so that
// the loads are .ca and stay in the loop. Prints "l1_bw X B/clk/SM" and a
// checksum line.
#include "bw_sm.h"

__device__ __forceinline__ uint4 ld_ca(const uint4 *p)
{
    uint4 v;
    asm volatile("ld.global.ca.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}

__global__ void l1_bw(long long *spans, unsigned *sums, const uint4 *a)
{
    unsigned tid = threadIdx.x;
    const uint4 *p = a + tid;
    uint4 v = ld_ca(p);
    unsigned x = v.x + v.w;
    __syncthreads();
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < ITERS; i++) {
        v = ld_ca(p);
        x += v.x;
        x += v.w;
    }
    sm_bw_end(spans, sums, x, t0);
}

int main()
{
    std::vector<unsigned> h(4 * THREADS);
    for (size_t i = 0; i < h.size(); i++)
        h[i] = (unsigned)i * 2654435761u;
    uint4 *d_a;
    CK(cudaMalloc(&d_a, h.size() * sizeof(unsigned)));
    CK(cudaMemcpy(d_a, h.data(), h.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    run_sm_bw("l1_bw", (double)THREADS * 16 * ITERS, l1_bw, (const uint4 *)d_a);
    return 0;
}
