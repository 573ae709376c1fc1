/* The block scheduler: occupancy by each limit (GPGPU-Sim's max_cta:
 * threads rounded up to warps, registers per thread up to 4), launches that
 * can never fit refused, and CTAs placed round robin over the SMs. */
#include <criterion/criterion.h>
#include <string.h>

#include "host/ptx/ptx_sched.h"

static gpu_config_t h100(void)
{
    gpu_config_t c;
    gpu_config_defaults(&c);
    return c;
}

static ptx_sched_t plan_ok(const gpu_config_t *c, uint32_t regs, uint32_t shmem, uint32_t bx, uint32_t gx)
{
    ptx_sched_t s;
    char why[256];
    uint32_t block[3] = {bx, 1, 1}, grid[3] = {gx, 1, 1};
    cr_assert_eq(ptx_sched_plan(c, regs, shmem, block, grid, &s, why, sizeof why), 0, "%s", why);
    return s;
}

Test(ptx_sched, each_limit)
{
    gpu_config_t c = h100();
    ptx_sched_t s = plan_ok(&c, 32, 0, 256, 1000);
    cr_expect_eq(s.ctas_per_sm, 8, "2048 threads / 256");
    cr_expect_eq(s.limits, PTX_LIMIT_THREADS | PTX_LIMIT_REGS, "32 x 2048 = 64K registers: both at 8");
    s = plan_ok(&c, 30, 0, 256, 1000);
    cr_expect_eq(s.regs_per_cta, 32 * 256, "30 registers round up to 32");
    cr_expect_eq(s.ctas_per_sm, 8);
    s = plan_ok(&c, 33, 0, 256, 1000);
    cr_expect_eq(s.ctas_per_sm, 7, "36 x 256 = 9216 registers a CTA: 65536 / 9216");
    cr_expect_eq(s.limits, PTX_LIMIT_REGS);
    s = plan_ok(&c, 8, 0, 32, 1000);
    cr_expect_eq(s.ctas_per_sm, 32);
    cr_expect_eq(s.limits, PTX_LIMIT_CTAS);
    s = plan_ok(&c, 8, 48 * 1024, 64, 1000);
    cr_expect_eq(s.ctas_per_sm, 4, "228K / 48K");
    cr_expect_eq(s.limits, PTX_LIMIT_SHMEM);
    s = plan_ok(&c, 8, 0, 33, 1000);
    cr_expect_eq(s.warps_per_cta, 2);
    cr_expect_eq(s.ctas_per_sm, 32, "33 threads take two warps: 2048 / 64 = 32");
    char names[64];
    ptx_sched_limit_names(PTX_LIMIT_REGS | PTX_LIMIT_SHMEM, names, sizeof names);
    cr_expect_str_eq(names, "registers, shared memory");
}

Test(ptx_sched, registers_are_capped_not_refused)
{
    gpu_config_t c = h100();
    ptx_sched_t s = plan_ok(&c, 2000, 0, 64, 10);
    cr_expect_eq(s.regs_per_thread, 256, "255 a thread at most, rounded up to 4");
    cr_expect_eq(s.ctas_per_sm, 4, "65536 / (64 x 256)");
    cr_expect_eq(s.limits, PTX_LIMIT_REGS);
    s = plan_ok(&c, 300, 0, 512, 10);
    cr_expect_eq(s.regs_per_thread, 128, "a block of 512 gets what lets it run: 65536 / 512");
    cr_expect_eq(s.ctas_per_sm, 1);
    s = plan_ok(&c, 13, 0, 512, 10);
    cr_expect_eq(s.regs_per_thread, 16);
    c.cc_major = 2;
    s = plan_ok(&c, 100, 0, 32, 10);
    cr_expect_eq(s.regs_per_thread, 64, "63 on compute capability 2.x, rounded up to 4");
}

Test(ptx_sched, waves_and_placement)
{
    gpu_config_t c = h100();
    ptx_sched_t s = plan_ok(&c, 16, 0, 1024, 1000);
    cr_expect_eq(s.nsm, 132);
    cr_expect_eq(s.ctas_per_sm, 2);
    cr_expect_eq(s.waves, 4, "1000 / 264, rounded up");
    cr_expect_eq(ptx_sched_sm(&s, 0), 0);
    cr_expect_eq(ptx_sched_sm(&s, 131), 131);
    cr_expect_eq(ptx_sched_sm(&s, 132), 0, "the second CTA of SM 0");
    cr_expect_eq(ptx_sched_sm(&s, 999), 999 % 132);
    cr_expect_eq(s.warps_per_sm, 64);
}

static const char *refusal(const gpu_config_t *c, uint32_t regs, uint32_t shmem, uint32_t bx, uint32_t by, uint32_t bz,
                           uint32_t gy)
{
    static char why[256];
    ptx_sched_t s;
    uint32_t block[3] = {bx, by, bz}, grid[3] = {1, gy, 1};
    cr_assert_eq(ptx_sched_plan(c, regs, shmem, block, grid, &s, why, sizeof why), -1);
    return why;
}

Test(ptx_sched, refuses_what_never_fits)
{
    gpu_config_t c = h100();
    cr_expect_str_eq(refusal(&c, 8, 0, 2048, 1, 1, 1),
                     "a block of 2048 threads: more than the 1024 a block may have (compute capability 9.0)");
    cr_expect_str_eq(refusal(&c, 8, 0, 1, 1, 65, 1), "block 1 x 1 x 65: beyond 1024 x 1024 x 64");
    cr_expect_str_eq(refusal(&c, 8, 0, 1, 1, 1, 65536), "grid 1 x 65536 x 1: beyond 2147483647 x 65535 x 65535");
    c.regs_per_block = 64;
    cr_expect_str_eq(refusal(&c, 8, 0, 32, 1, 1, 1),
                     "a block of 32 threads: 0 registers a thread at most, fewer than 4 (64 a block)");
    c = h100();
    cr_expect_str_eq(refusal(&c, 8, 233000, 32, 1, 1, 1),
                     "a block needs 233000 bytes of shared memory: more than the 232448 a block may have");
    c.cc_major = 1;
    cr_expect_str_eq(refusal(&c, 8, 0, 1024, 1, 1, 1),
                     "a block of 1024 threads: more than the 512 a block may have (compute capability 1.0)");
    c = h100();
    c.threads_per_sm = 512;
    cr_expect_str_eq(refusal(&c, 8, 0, 1024, 1, 1, 1), "a block of 1024 threads: more than an SM's 512");
}

/* The functional clock (ptx_sched_clock): the busiest SM's resident warps
 * over its 4 schedulers (-gpgpu_num_sched_per_core), at least one cycle a
 * warp instruction; ns a cycle at the core clock (-gpgpu_clock_domains). */
Test(ptx_sched, functional_clock)
{
    gpu_config_t c = h100();
    ptx_sched_t s = plan_ok(&c, 16, 0, 512, 32768);
    cr_expect_eq(s.resident_warps, 64, "4 CTAs of 16 warps on each SM");
    cr_expect_eq(s.clock_cpi, 16);
    s = plan_ok(&c, 16, 0, 512, 264);
    cr_expect_eq(s.resident_warps, 32, "264 CTAs on 132 SMs: 2 each, though 4 fit");
    cr_expect_eq(s.clock_cpi, 8);
    s = plan_ok(&c, 16, 0, 32, 1);
    cr_expect_eq(s.clock_cpi, 1, "one warp: an instruction a cycle");
    s = plan_ok(&c, 16, 0, 160, 1);
    cr_expect_eq(s.clock_cpi, 2, "5 warps on 4 schedulers, rounded up");
    c.sched_per_sm = 2;
    s = plan_ok(&c, 16, 0, 512, 32768);
    cr_expect_eq(s.clock_cpi, 32);
    ptx_grid_t g = {0};
    ptx_sched_clock(&s, &g);
    cr_expect_eq(g.clock_cpi, 32);
    cr_expect_float_eq(g.ns_per_cycle, 1e3 / c.clock_mhz[0], 1e-12);
}
