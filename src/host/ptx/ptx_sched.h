/* The block scheduler: how many CTAs of a kernel fit on an SM at once (the
 * occupancy, as GPGPU-Sim's shader_core_config::max_cta computes it), and
 * which SM each CTA runs on (the work distributor). Pure functions of the
 * GPU config and the launch.
 *
 * Registers: PTX's virtual registers are unbounded and ptxas allocates the
 * hardware's, which the PTX does not say. The count the kernel's PTX uses
 * is taken as an upper bound, capped by what a thread may have (255 from
 * compute capability 3.5, 63 before, 124 on 1.x) and by what lets the
 * block run at all (ptxas spills to fit a block's size, as with
 * __launch_bounds__); so registers lower the occupancy but never refuse a
 * launch.
 *
 *   ptx_sched_t s;
 *   if (ptx_sched_plan(&cfg, ki.regs_per_thread, ki.shared_static + dyn, block, grid, &s, why, sizeof why))
 *       fprintf(stderr, "cannot launch: %s\n", why);   // "a block of 2048 threads: more than the 1024 ..."
 *   uint32_t sm = ptx_sched_sm(&s, cta);
 */
#ifndef PTX_SCHED_H
#define PTX_SCHED_H

#include <stddef.h>
#include <stdint.h>

#include "device/ptx/ptx_grid.h"
#include "host/ptx/gpu_config.h"

/* What bounds the CTAs per SM (several may at once). */
#define PTX_SCHED_LIMITS(X)        \
    X(THREADS, 1u, "threads")      \
    X(CTAS, 2u, "CTA slots")       \
    X(REGS, 4u, "registers")       \
    X(SHMEM, 8u, "shared memory")

enum {
#define PTX_SCHED_LIMIT_ENUM(id, bit, name) PTX_LIMIT_##id = bit,
    PTX_SCHED_LIMITS(PTX_SCHED_LIMIT_ENUM)
#undef PTX_SCHED_LIMIT_ENUM
};

typedef struct ptx_sched {
    uint32_t nsm;
    uint32_t ctas_per_sm;       /* resident at once on one SM */
    uint32_t limits;            /* PTX_LIMIT_* bits of what reaches ctas_per_sm */
    uint32_t threads_per_cta, warps_per_cta;
    uint32_t regs_per_thread;   /* allocated: the PTX count capped (above), rounded up to 4 */
    uint32_t regs_per_cta;      /* regs_per_thread x threads rounded up to warps */
    uint32_t shmem_per_cta;
    uint32_t warps_per_sm;      /* the SM's warp slots (%nwarpid) */
    uint64_t nctas;
    uint64_t waves;             /* rounds of the whole GPU: ceil(nctas / (nsm x ctas_per_sm)) */
    uint32_t schedulers;        /* warp schedulers an SM (each issues a warp instruction a cycle) */
    uint32_t resident_warps;    /* on the busiest SM: min(ctas_per_sm, ceil(nctas / nsm)) CTAs' warps */
    uint32_t clock_cpi;         /* the functional clock's cycles a warp instruction (ptx_sched_clock) */
    double ns_per_cycle;        /* at the config's core clock */
} ptx_sched_t;

/* 0, or -1 with why ("a block of 2048 threads: more than ...") when the
 * grid can never run on c: a block or grid beyond CUDA's limits, or a CTA
 * that does not fit an SM. */
int ptx_sched_plan(const gpu_config_t *c, uint32_t regs_per_thread, uint32_t shmem_per_cta, const uint32_t block[3],
                   const uint32_t grid[3], ptx_sched_t *s, char *why, size_t n);
/* The SM CTA `cta` (linear, x fastest) runs on: the distributor hands CTAs
 * out in order, each to the next SM round robin that has room; as every
 * CTA of a wave ends before the next wave, that is cta mod nsm. */
uint32_t ptx_sched_sm(const ptx_sched_t *s, uint64_t cta);
/* The clock a kernel reads without the timing model (%clock, %clock64,
 * %globaltimer), set in g: an SM's schedulers issue one warp instruction a
 * cycle each, shared evenly by its resident warps, so each instruction of a
 * warp counts ceil(resident_warps / schedulers) cycles, at least one. A
 * kernel that spins until clock() has advanced N cycles thus runs about as
 * many instructions as on the card, not N of them a warp; runs still
 * repeat exactly. */
void ptx_sched_clock(const ptx_sched_t *s, ptx_grid_t *g);
/* The names of limits' bits, "registers, shared memory", into buf. */
void ptx_sched_limit_names(uint32_t limits, char *buf, size_t n);

#endif
