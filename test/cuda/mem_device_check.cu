// The memory system's models compiled for the GPU: cache_access and
// cache_fill (src/device/mem/cache.h) and the adaptive split called from a
// kernel, a thread a cache, and an address's channel under the partition
// hash and back (mem_route, mem_unroute: device/mem/mem_hash.h), so that
// nvcc checks the single-source subset until the memory phase runs them in
// the persistent kernel (make compiles this file whenever nvcc is found;
// nothing launches it).
#include "device/mem/cache.h"
#include "device/mem/cache_split.h"
#include "device/mem/mem_part.h"

__global__ void mem_device_check(cache_t **caches, const cache_req_t *reqs, cache_out_t *outs, uint32_t *ids,
                                 cache_wb_t *wbs, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    cache_access(caches[i], &reqs[i], &outs[i]);
    cache_fill(caches[i], reqs[i].addr, ids + 64 * i, &wbs[i]);
}

__global__ void mem_route_check(const mem_params_t *M, const uint64_t *addrs, uint64_t *back, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    uint32_t slice;
    uint64_t pa;
    uint32_t chip = mem_route(M, addrs[i], &slice, &pa);
    back[i] = mem_unroute(M, pa, chip, slice);
}
