// The DRAM channel model compiled for the GPU: push, step, next and pop,
// and through them every file of src/device/mem/, called from a kernel, a
// CUDA block per channel, so that nvcc checks the single-source subset
// (make compiles this file whenever nvcc is found; nothing launches it
// yet: the memory phase that will drive the channels is issue 34 part 5).
#include "device/mem/dram.h"

__global__ void dram_device_check(dram_t **chans, const uint64_t *addrs, uint32_t n, uint64_t until,
                                  uint64_t *last_done)
{
    if (threadIdx.x != 0)
        return;
    dram_t *d = chans[blockIdx.x];
    for (uint32_t i = 0; i < n && dram_can_push(d, i & 1); i++)
        dram_push(d, addrs[i], i & 1, 1, i, i);
    uint32_t id;
    uint64_t done = 0;
    while (d->now < until) {
        uint64_t next = dram_next(d);
        dram_step(d, next == DRAM_NEVER || next >= until ? until : next + 1);
        while (dram_pop(d, &id, &done))
            last_done[blockIdx.x] = done;
    }
}
