// Shared-memory latency: one thread chasing indices through a 1024-word
// shared array, s[i] = (i + 1) % 1024, p = s[p] (Accel-Sim's shared_lat in
// kind: util/tuner/GPU_Microbenchmark/ubench/shd/shared_lat). A step is
// the index's address (one mad.lo.u32, p * 4 + base) and the dependent
// ld.shared.u32, written as inline PTX so that it is those two instructions
// whatever the compiler does; 512 steps timed with clock64() (%clock64).
// Prints the cycles a step, as shared_lat does (its 27.01 on a TITAN V
// holds the integer link too: ubench_test.sh takes each side's link off),
// and a checksum line (where the chase ended: 512) no timing can change.
#include "ubench.h"

#define N 1024
#define STEPS 512

__global__ void shared_chase(long long *cycles, unsigned *end)
{
    __shared__ unsigned s[N];
    for (unsigned i = 0; i < N; i++)
        s[i] = (i + 1) % N;
    __syncthreads();
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    unsigned p = 0;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < STEPS; i++)
        asm volatile("{\n\t.reg .u32 a;\n\tmad.lo.u32 a, %0, 4, %1;\n\tld.shared.u32 %0, [a];\n\t}"
                     : "+r"(p) : "r"(base) : "memory");
    long long t1 = clock64();
    cycles[0] = t1 - t0;
    end[0] = p;
}

int main()
{
    long long *d_cycles;
    unsigned *d_end;
    CK(cudaMalloc(&d_cycles, sizeof(long long)));
    CK(cudaMalloc(&d_end, sizeof(unsigned)));
    shared_chase<<<1, 1>>>(d_cycles, d_end);
    CK(cudaGetLastError());
    long long cyc;
    unsigned end;
    CK(cudaMemcpy(&cyc, d_cycles, sizeof cyc, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&end, d_end, sizeof end, cudaMemcpyDeviceToHost));
    printf("shared_lat %.1f cycles\n", (double)cyc / STEPS);
    printf("checksum %u\n", end);
    return 0;
}
