/* What the CUDA backend allocates on the card, worked out on the host before
 * any allocation: it commits every core's whole private window up front
 * (the CPU backend reserves it lazily), so the card's free memory bounds the
 * core count. Plain C, so the CPU build and its unit tests have it too. */
#ifndef GPU_MEMORY_H
#define GPU_MEMORY_H

#include <stdint.h>

#include "host/machine.h"
#include "host/options.h"

/* Left free for the CUDA runtime's own use, CUB's scratch and the file and
 * stdin mirrors that grow during the run. */
#define GPU_MEMORY_RESERVE (256ull << 20)

typedef struct gpu_footprint {
    uint64_t per_core; /* device bytes each simulated core takes */
    uint64_t fixed;    /* device bytes whatever the core count */
} gpu_footprint_t;

/* The footprint of machine m run with options o (cuda_setup's allocations). */
gpu_footprint_t gpu_footprint(const sim_machine_t *m, const sim_options_t *o);

/* The most cores whose footprint fits in free_bytes, keeping
 * GPU_MEMORY_RESERVE free; 0 when not even one does. */
uint64_t gpu_max_cores(uint64_t free_bytes, const gpu_footprint_t *f);

#endif
