// An aligned vector access is seen whole by other threads, as on the
// hardware: CUB's decoupled look-back (DeviceScan, cub_device.cu) packs a
// tile's status and prefix into one st.relaxed.gpu.v2.u32 that later CTAs
// poll with one ld.relaxed.gpu.v2.u32. When warpsim wrote a vector element
// by element, a CTA on another host thread now and then read the new status
// with the old prefix, and InclusiveSum came out wrong (CI, 2026-11-29).
// Here every lane keeps rewriting its own v2.u32, v4.u32 and v2.u64 with
// all elements equal while reading the next block's: any read whose
// elements differ is a torn one. The blocks run side by side on the CPU
// backend's host threads (and on the GPU's SMs).
#include "check.h"

__global__ void rewrite_and_read(uint2 *w2, uint4 *w4, ulonglong2 *d2, unsigned *torn, int rounds)
{
    unsigned me = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned next = (blockIdx.x + 1) % gridDim.x * blockDim.x + threadIdx.x;
    unsigned bad = 0;
    for (unsigned k = 1; k <= (unsigned)rounds; k++) {
        unsigned long long k64 = (unsigned long long)k << 32 | k;
        asm volatile("st.relaxed.gpu.global.v2.u32 [%0], {%1, %1};" ::"l"(w2 + me), "r"(k) : "memory");
        asm volatile("st.relaxed.gpu.global.v4.u32 [%0], {%1, %1, %1, %1};" ::"l"(w4 + me), "r"(k) : "memory");
        asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %1};" ::"l"(d2 + me), "l"(k64) : "memory");
        unsigned a, b, c, d;
        unsigned long long x, y;
        asm volatile("ld.relaxed.gpu.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(w2 + next) : "memory");
        bad += a != b;
        asm volatile("ld.relaxed.gpu.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(w4 + next) : "memory");
        bad += a != b || b != c || c != d;
        asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];" : "=l"(x), "=l"(y) : "l"(d2 + next) : "memory");
        bad += x != y;
    }
    atomicAdd(torn, bad);
}

int main()
{
    const int blocks = 8, threads = 32, rounds = 4000, n = blocks * threads;
    uint2 *w2;
    uint4 *w4;
    ulonglong2 *d2;
    unsigned *torn, got = ~0u;
    CHECK(cudaMalloc(&w2, n * sizeof *w2));
    CHECK(cudaMalloc(&w4, n * sizeof *w4));
    CHECK(cudaMalloc(&d2, n * sizeof *d2));
    CHECK(cudaMalloc(&torn, 4));
    CHECK(cudaMemset(w2, 0, n * sizeof *w2));
    CHECK(cudaMemset(w4, 0, n * sizeof *w4));
    CHECK(cudaMemset(d2, 0, n * sizeof *d2));
    CHECK(cudaMemset(torn, 0, 4));
    rewrite_and_read<<<blocks, threads>>>(w2, w4, d2, torn, rounds);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&got, torn, 4, cudaMemcpyDeviceToHost));
    EXPECT(got == 0, "%u torn reads of %d", got, 3 * n * rounds);
    uint4 last;
    CHECK(cudaMemcpy(&last, w4 + n - 1, sizeof last, cudaMemcpyDeviceToHost));
    EXPECT(last.x == rounds && last.w == rounds, "last v4.u32 {%u, .., %u}", last.x, last.w);
    return finish("whole_vectors");
}
