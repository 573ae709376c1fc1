/* The unified L1/shared-memory array's split for a kernel: the driver's
 * policy seed 004 section II describes (Volta: shared memory of 0, 8, 16,
 * 32, 64 or 96 KB of the 128 KB, the smallest carve-out that holds what the
 * resident CTAs use, the rest L1), as GPGPU-Sim 4.x computes it
 * (shader.cc, adaptive_cache_config): the L1 keeps the share of its largest
 * ways the carve-out leaves, rounded to the nearest way. */
#ifndef MEM_CACHE_SPLIT_H
#define MEM_CACHE_SPLIT_H

#include "device/mem/cache_params.h"

typedef struct cache_split {
    uint32_t shmem_kb;          /* the carve-out chosen */
    uint32_t ways;              /* the L1's ways with it */
    uint32_t alloc;             /* a streaming L1 allocates on miss when it has the whole array */
} cache_split_t;

/* unified_kb: -gpgpu_unified_l1d_size; opts_kb: -gpgpu_shmem_option,
 * ascending; shmem_bytes: the shared memory of the CTAs an SM holds at once.
 * 0, or -1 when no carve-out holds it. */
SIM_FN int cache_split_for(const cache_params_t *l1, uint32_t unified_kb, const uint32_t *opts_kb, uint32_t nopts,
                           uint64_t shmem_bytes, cache_split_t *out)
{
    for (uint32_t i = 0; i < nopts; i++) {
        if (shmem_bytes > (uint64_t)opts_kb[i] * 1024)
            continue;
        uint64_t left = unified_kb > opts_kb[i] ? unified_kb - opts_kb[i] : 0;
        out->shmem_kb = opts_kb[i];
        out->ways = (uint32_t)((2 * (uint64_t)l1->max_ways * left + unified_kb) / (2 * (uint64_t)unified_kb));
        out->alloc = l1->streaming ? (shmem_bytes ? CACHE_ON_FILL : CACHE_ON_MISS) : l1->alloc;
        return 0;
    }
    return -1;
}

#endif
