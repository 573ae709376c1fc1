// Shared by the micro-benchmarks of test/cuda/ubench (README.md): error
// checks and the L2 flush. Plain CUDA, nothing warpsim's: each program runs
// the same on a real GPU, where it prints the hardware's figures.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(call)                                                                      \
    do {                                                                              \
        cudaError_t e_ = (call);                                                      \
        if (e_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,             \
                    cudaGetErrorString(e_));                                          \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

// Copies 16 MB (over three times a TITAN V's 4.5 MB L2, twice an A100's
// half) into a scratch buffer: the copy engine leaves what it copied in the
// L2 (Accel-Sim's l2_copy_engine on a TITAN V; -gpgpu_perf_sim_memcpy 1 in
// the model), so this pushes what was copied before out of it, and the next
// kernel's first reads of that data go to DRAM.
static inline void flush_l2()
{
    const size_t n = 16u << 20;
    std::vector<unsigned char> h(n, 0x5a);
    void *d;
    CK(cudaMalloc(&d, n));
    CK(cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice));
    CK(cudaDeviceSynchronize());
    CK(cudaFree(d));
}
