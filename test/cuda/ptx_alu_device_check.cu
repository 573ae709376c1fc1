// The PTX ALU compiled for the GPU: ptx_alu_eval called from a kernel for
// a table of descriptors, so that nvcc checks the single-source subset
// (make compiles this file whenever nvcc is found; nothing launches it
// here: test/cuda's kernels run where a GPU is).
#include "device/ptx/ptx_alu.h"

// One thread per (descriptor, lane): dst[i] and dst2[i] from the sources
// src[4 * i .. 4 * i + 3], the carry in cc[i].
__global__ void ptx_alu_device_check(const ptx_alu_t *d, const uint64_t *src, uint64_t *dst, uint64_t *dst2,
                                     uint32_t *cc, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const uint64_t *s = src + 4 * i;
    uint32_t c = cc[i];
    uint64_t q = 0;
    dst[i] = ptx_alu_eval(&d[i / 32], s[0], s[1], s[2], s[3], &c, &q);
    dst2[i] = q;
    cc[i] = c;
}
