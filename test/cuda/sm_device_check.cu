// The SM model compiled for the GPU: sm_run, and through it every stage of
// src/device/sm/, called from a kernel, a CUDA block per simulated SM, so
// that nvcc checks the single-source subset (make compiles this file
// whenever nvcc is found; nothing launches it yet: the CUDA backend does
// not run the timing model, DESIGN.md "The SM model").
#include "device/sm/sm_cycle.h"

__global__ void sm_device_check(sm_t **sms, uint64_t until, int *stuck)
{
    if (threadIdx.x == 0)
        stuck[blockIdx.x] = sm_run(sms[blockIdx.x], until);
}
