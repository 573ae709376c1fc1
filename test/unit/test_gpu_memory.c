/* The GPU backend's capacity arithmetic (gpu_memory.c): what one core and
 * the whole machine take on the card, and how many cores fit in what is
 * free, worked out before any allocation (issue 21 part 7). */
#include <criterion/criterion.h>
#include <string.h>

#include "device/linux/linux_fs.h"
#include "host/gpu_memory.h"

/* A machine as machine_create leaves it for a glibc program: 4 MiB of
 * private window, 64 KiB of output buffer (the numbers matter only to the
 * sums below). */
static void glibc_like(sim_machine_t *m, sim_options_t *o)
{
    memset(m, 0, sizeof *m);
    options_defaults(o);
    m->ncores = 1000;
    m->soa.regs_words = 40;
    m->mem.priv_size = 4u << 20;
    m->mem.out_cap = 64u << 10;
    m->mem.ro_size = 600u << 10;
    m->mem.shared_size = 1u << 20;
    m->init.data_words = 2048;
    m->init.stack_words = 1024;
}

Test(gpu_memory, footprint_counts_every_per_core_allocation)
{
    sim_machine_t m;
    sim_options_t o;
    glibc_like(&m, &o);
    gpu_footprint_t f = gpu_footprint(&m, &o);
    uint64_t per = (40 + SIM_SYS_WORDS) * 4 + (4u << 20) + (64u << 10) + LINUX_FD_MAX * LINUX_FD_WORDS * 4;
    cr_expect_eq(f.per_core, per);
    cr_expect_eq(f.fixed, (600u << 10) + (1u << 20) + 2048 * 4 + 1024 * 4 + sizeof(linux_fs_t));
    o.regroup = 1000;
    o.dump_state = "x";
    cr_expect_eq(gpu_footprint(&m, &o).per_core, per + 24 + 8, "--regroup's arrays and the digests are per core too");
}

Test(gpu_memory, max_cores_is_what_fits_after_the_fixed_part_and_the_reserve)
{
    gpu_footprint_t f = {.per_core = 4500000, .fixed = 3u << 20};
    uint64_t free_b = 80ull << 30;
    uint64_t want = (free_b - (3u << 20) - GPU_MEMORY_RESERVE) / 4500000;
    cr_expect_eq(gpu_max_cores(free_b, &f), want);
    cr_expect(want > 18000 && want < 19200, "about 19K glibc-sized cores on an 80 GB card (got %llu)",
              (unsigned long long)want);
    /* exactly n cores fit, and one byte less holds n - 1 */
    uint64_t exact = f.fixed + GPU_MEMORY_RESERVE + 7 * f.per_core;
    cr_expect_eq(gpu_max_cores(exact, &f), 7);
    cr_expect_eq(gpu_max_cores(exact - 1, &f), 6);
}

Test(gpu_memory, nothing_fits_in_less_than_the_fixed_part)
{
    gpu_footprint_t f = {.per_core = 100, .fixed = 1000};
    cr_expect_eq(gpu_max_cores(0, &f), 0);
    cr_expect_eq(gpu_max_cores(1000 + GPU_MEMORY_RESERVE, &f), 0);
    cr_expect_eq(gpu_max_cores(1099 + GPU_MEMORY_RESERVE, &f), 0);
    cr_expect_eq(gpu_max_cores(1100 + GPU_MEMORY_RESERVE, &f), 1);
}
