/* Occupancy and CTA placement (ptx_sched.h). */
#include "host/ptx/ptx_sched.h"

#include <stdio.h>
#include <string.h>

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* CUDA's grid and block shape limits (Programming Guide, Technical
 * Specifications per Compute Capability). */
static int shape_ok(const gpu_config_t *c, const uint32_t block[3], const uint32_t grid[3], char *why, size_t n)
{
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    uint32_t most = gpu_config_block_threads(c);
    uint32_t grid_x = c->cc_major < 3 ? 65535u : 0x7fffffffu;
    if (threads > most)
        snprintf(why, n, "a block of %llu threads: more than the %u a block may have (compute capability %u.%u)",
                 (unsigned long long)threads, most, c->cc_major, c->cc_minor);
    else if (block[0] > most || block[1] > most || block[2] > 64)
        snprintf(why, n, "block %u x %u x %u: beyond %u x %u x 64", block[0], block[1], block[2], most, most);
    else if (grid[0] > grid_x || grid[1] > 65535 || grid[2] > 65535)
        snprintf(why, n, "grid %u x %u x %u: beyond %u x 65535 x 65535", grid[0], grid[1], grid[2], grid_x);
    else
        return 1;
    return 0;
}

/* Registers a thread gets (ptx_sched.h): the PTX count rounded up to 4,
 * capped by the thread's and the block's limits. */
static uint32_t alloc_regs(const gpu_config_t *c, uint32_t ptx_regs, uint32_t padded_threads)
{
    uint32_t block_most = min_u32(c->regs_per_block, c->regs_per_sm) / padded_threads & ~3u;
    uint32_t r = min_u32(ptx_regs, gpu_config_thread_regs(c));
    return min_u32((r + 3) & ~3u, block_most);
}

/* CTAs per SM by each limit, as GPGPU-Sim's max_cta; 0 where one CTA
 * alone does not fit (then why says which). */
static uint32_t fit(const gpu_config_t *c, ptx_sched_t *s, char *why, size_t n)
{
    uint32_t by[4] = {c->threads_per_sm / (s->warps_per_cta * c->warp_size), c->ctas_per_sm,
                      s->regs_per_cta ? c->regs_per_sm / s->regs_per_cta : UINT32_MAX,
                      s->shmem_per_cta ? c->shmem_per_sm / s->shmem_per_cta : UINT32_MAX};
    uint32_t shmem_most = min_u32(c->shmem_per_block, c->shmem_per_sm);
    uint32_t regs_most = min_u32(c->regs_per_block, c->regs_per_sm);
    if (!by[0])
        snprintf(why, n, "a block of %u threads: more than an SM's %u", s->threads_per_cta, c->threads_per_sm);
    else if (s->regs_per_thread < 4)
        snprintf(why, n, "a block of %u threads: %u registers a thread at most, fewer than 4 (%u a block)",
                 s->threads_per_cta, s->regs_per_thread, regs_most);
    else if (s->shmem_per_cta > shmem_most)
        snprintf(why, n, "a block needs %u bytes of shared memory: more than the %u a block may have", s->shmem_per_cta,
                 shmem_most);
    else {
        uint32_t most = by[0];
        for (int i = 1; i < 4; i++)
            most = min_u32(most, by[i]);
        for (int i = 0; i < 4; i++)
            s->limits |= by[i] == most ? 1u << i : 0;
        return most;
    }
    return 0;
}

int ptx_sched_plan(const gpu_config_t *c, uint32_t regs_per_thread, uint32_t shmem_per_cta, const uint32_t block[3],
                   const uint32_t grid[3], ptx_sched_t *s, char *why, size_t n)
{
    memset(s, 0, sizeof *s);
    if (!shape_ok(c, block, grid, why, n))
        return -1;
    s->nsm = gpu_config_sms(c);
    s->threads_per_cta = block[0] * block[1] * block[2];
    s->warps_per_cta = (s->threads_per_cta + c->warp_size - 1) / c->warp_size;
    s->regs_per_thread = alloc_regs(c, regs_per_thread, s->warps_per_cta * c->warp_size);
    s->regs_per_cta = s->warps_per_cta * c->warp_size * s->regs_per_thread;
    s->shmem_per_cta = shmem_per_cta;
    s->warps_per_sm = c->threads_per_sm / c->warp_size;
    s->nctas = (uint64_t)grid[0] * grid[1] * grid[2];
    s->ctas_per_sm = fit(c, s, why, n);
    if (!s->ctas_per_sm)
        return -1;
    uint64_t per_wave = (uint64_t)s->nsm * s->ctas_per_sm;
    s->waves = (s->nctas + per_wave - 1) / per_wave;
    s->schedulers = c->sched_per_sm ? c->sched_per_sm : 1;
    uint64_t ctas = (s->nctas + s->nsm - 1) / s->nsm;
    s->resident_warps = (uint32_t)(ctas < s->ctas_per_sm ? ctas : s->ctas_per_sm) * s->warps_per_cta;
    s->clock_cpi = (s->resident_warps + s->schedulers - 1) / s->schedulers;
    s->clock_cpi = s->clock_cpi ? s->clock_cpi : 1;
    s->ns_per_cycle = 1e3 / gpu_config_core_mhz(c);
    return 0;
}

void ptx_sched_clock(const ptx_sched_t *s, ptx_grid_t *g)
{
    g->clock_cpi = s->clock_cpi;
    g->ns_per_cycle = s->ns_per_cycle;
}

uint32_t ptx_sched_sm(const ptx_sched_t *s, uint64_t cta) { return ptx_cta_sm(s->nsm, cta); }

void ptx_sched_limit_names(uint32_t limits, char *buf, size_t n)
{
    static const char *const names[] = {
#define PTX_SCHED_LIMIT_NAME(id, bit, name) name,
        PTX_SCHED_LIMITS(PTX_SCHED_LIMIT_NAME)
#undef PTX_SCHED_LIMIT_NAME
    };
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < 4; i++)
        if (limits & (1u << i) && k < n)
            k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? ", " : "", names[i]);
}
