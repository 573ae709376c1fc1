// Load-to-use latency of global memory: one thread chasing 64-bit pointers,
// each load's address the value the last one loaded (Accel-Sim's l1_lat,
// l2_lat and mem_lat in kind: util/tuner/GPU_Microbenchmark/ubench/
// l1_cache/l1_lat, l2_cache/l2_lat, mem/mem_lat).
// Element i of the chain points at element i + 16, a new 128-byte line every
// step, so that no step rides on another's line. The chain's lines are
// copied in, then pushed out of the L2 (flush_l2), and one kernel times:
//   dram_lat_cv  the first pass, ld.global.cv.u64 (not the L1, and lines
//                the L2 does not hold: DRAM), cycles a step
//   l2_lat_cg    the same lines again with ld.global.cg.u64 (L2 hits)
//   l1_lat_ca    the first 64 lines with ld.global.ca.u64 after an untimed
//                .ca pass that brought them into the L1 (L1 hits)
// A step is one load and nothing else (the pointer is the address), so a
// step's cycles are the load's latency (nvcc unrolls the loops: nothing but
// the loads is between the clock reads). Timed with clock64()
// (%clock64) around each pass. Prints the three figures, then a checksum
// line (where the chains ended) that no timing can change.
#include "ubench.h"

#define STEPS 256   // DRAM and L2 passes: 256 lines (32 KB)
#define L1_STEPS 64 // L1 passes: 64 lines (8 KB)
#define STRIDE 16   // elements (128 bytes) a step

__global__ void chase(uint64_t *a, long long *cycles, uint64_t *ends)
{
    uint64_t p = (uint64_t)a;
    long long t0 = clock64();
    for (int i = 0; i < STEPS; i++)
        asm volatile("ld.global.cv.u64 %0, [%0];" : "+l"(p) : : "memory");
    long long t1 = clock64();
    ends[0] = p;

    p = (uint64_t)a;
    long long t2 = clock64();
    for (int i = 0; i < STEPS; i++)
        asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p) : : "memory");
    long long t3 = clock64();
    ends[1] = p;

    p = (uint64_t)a;
    for (int i = 0; i < L1_STEPS; i++)
        asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p) : : "memory");
    ends[2] = p;
    p = (uint64_t)a;
    long long t4 = clock64();
    for (int i = 0; i < L1_STEPS; i++)
        asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p) : : "memory");
    long long t5 = clock64();
    ends[3] = p;
    cycles[0] = t1 - t0;
    cycles[1] = t3 - t2;
    cycles[2] = t5 - t4;
}

int main()
{
    const size_t n = (size_t)STEPS * STRIDE;
    uint64_t *d_a, *d_ends;
    long long *d_cycles;
    CK(cudaMalloc(&d_a, n * sizeof(uint64_t)));
    CK(cudaMalloc(&d_cycles, 3 * sizeof(long long)));
    CK(cudaMalloc(&d_ends, 4 * sizeof(uint64_t)));
    std::vector<uint64_t> h(n, 0);
    for (size_t i = 0; i < n; i += STRIDE)
        h[i] = (uint64_t)(d_a + (i + STRIDE) % n);
    CK(cudaMemcpy(d_a, h.data(), n * sizeof(uint64_t), cudaMemcpyHostToDevice));
    flush_l2();
    chase<<<1, 1>>>(d_a, d_cycles, d_ends);
    CK(cudaGetLastError());
    long long cyc[3];
    uint64_t ends[4];
    CK(cudaMemcpy(cyc, d_cycles, sizeof cyc, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ends, d_ends, sizeof ends, cudaMemcpyDeviceToHost));
    printf("dram_lat_cv %.1f cycles\n", (double)cyc[0] / STEPS);
    printf("l2_lat_cg %.1f cycles\n", (double)cyc[1] / STEPS);
    printf("l1_lat_ca %.1f cycles\n", (double)cyc[2] / L1_STEPS);
    // Element offsets where the chains ended: 0, 0, 64 lines in, 64 lines in.
    printf("checksum %llu %llu %llu %llu\n", (unsigned long long)((ends[0] - (uint64_t)d_a) / 8),
           (unsigned long long)((ends[1] - (uint64_t)d_a) / 8), (unsigned long long)((ends[2] - (uint64_t)d_a) / 8),
           (unsigned long long)((ends[3] - (uint64_t)d_a) / 8));
    return 0;
}
