/* --memcheck (WARPSIM_CUDA_MEMCHECK=1 under `warpsim cuda`): every global
 * access, by any thread, that is not inside a live allocation, reported as
 * compute-sanitizer's memcheck reports it (the access, the PTX line, the
 * thread and block, the nearest allocation). It changes no result: the
 * access is made as without it (the arena holds memory between and around
 * allocations, as a GPU's mapped chunks do). The CPU backend only.
 *
 *   ptx_memcheck_t mc;           one per launch: ptx_grid_t.memcheck = &mc
 *   ptx_memcheck_init(&mc, ranges, n);   the live allocations, sorted
 *   ... run the grid: ptx_check_access calls ptx_memcheck_access ...
 *   ptx_memcheck_print(&mc, kernel, module, grid, block, f);  ptx_memcheck_free(&mc); */
#ifndef PTX_MEMCHECK_H
#define PTX_MEMCHECK_H

#include <pthread.h>
#include <stdio.h>

#include "device/ptx/ptx_exec_state.h"

typedef struct ptx_range {
    uint64_t base, size;      /* target address, the bytes asked for */
} ptx_range_t;

/* One access outside every allocation. */
typedef struct ptx_memcheck_bad {
    uint32_t cta, thread;     /* thread: warp * 32 + lane in the CTA */
    uint32_t line, write, size;
    uint64_t addr;
    ptx_range_t near;         /* the nearest allocation (size 0: none) */
} ptx_memcheck_bad_t;

/* The first PTX_MEMCHECK_KEEP of them in (block, thread, line, address)
 * order are kept, whatever order the host threads ran the CTAs in. */
#define PTX_MEMCHECK_KEEP 256u
typedef struct ptx_memcheck {
    pthread_mutex_t lock;
    const ptx_range_t *ranges;
    uint32_t nranges;
    ptx_memcheck_bad_t bad[PTX_MEMCHECK_KEEP];
    uint32_t kept;
    uint64_t total;
} ptx_memcheck_t;

void ptx_memcheck_init(ptx_memcheck_t *mc, const ptx_range_t *ranges, uint32_t n);
void ptx_memcheck_free(ptx_memcheck_t *mc);
/* The accesses as compute-sanitizer words them, the first max of them
 * (in the order above), on f. */
void ptx_memcheck_print(const ptx_memcheck_t *mc, const char *kernel, const char *module, const uint32_t grid[3],
                        const uint32_t block[3], uint32_t max, FILE *f);
/* The kept accesses in that order (malloc'd), *n of them; NULL when none. */
ptx_memcheck_bad_t *ptx_memcheck_sorted(const ptx_memcheck_t *mc, uint32_t *n);

#endif
