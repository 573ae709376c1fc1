/* Which pages of a core's window may be executed (sim_xmap.h) and how the
 * Linux layer's mmap, mprotect and munmap change it (linux_mm.h), on a
 * two-core machine: a 64 KiB window at 0x20000 whose page 2 is a W+X
 * segment (executable from the start), the stack reserve in its top 16 KiB,
 * a read-only page just below it, a shared page at SIM_SHARED_BASE. Without a
 * map (the CUDA backend's view) PROT_EXEC is refused with a note. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/linux/linux.h"
#include "mem_fixture.h"

#define XM_CORES 2u
#define XM_BASE 0x20000u
#define XM_SIZE 0x10000u
#define XM_STACK_LO (XM_BASE + 0xc000u)
#define XM_BRK (XM_BASE + 0x4000u)
#define XM_WX (XM_BASE + 0x2000u)
#define XM_RO 0x1f000u
#define XM_PROT_RW 3u
#define XM_PROT_RWX 7u
#define XM_ANON 0x22u /* MAP_PRIVATE | MAP_ANONYMOUS */

static uint32_t xm_priv[XM_CORES * XM_SIZE / 4];
static uint8_t xm_ro[4096];
static uint32_t xm_shared[1024];
static uint8_t xm_out[XM_CORES * 64];
static uint32_t xm_bits[XM_CORES];
static sim_mem_t xm_m;
static sim_xmap_t xm_x;
static sim_sys_t xm_s;

static void xm_setup(int with_map)
{
    memset(xm_priv, 0, sizeof xm_priv);
    memset(xm_out, 0, sizeof xm_out);
    xm_m = one_core_mem(xm_priv, XM_BASE, XM_SIZE);
    xm_m.ncores = XM_CORES;
    xm_m.stack_lo = XM_STACK_LO;
    xm_m.ro = xm_ro, xm_m.ro_base = XM_RO, xm_m.ro_size = sizeof xm_ro;
    xm_m.shared = (uint8_t *)xm_shared, xm_m.shared_base = SIM_SHARED_BASE, xm_m.shared_size = sizeof xm_shared;
    xm_m.out = xm_out, xm_m.out_cap = 64;
    if (with_map)
        fixture_xmap(&xm_m, &xm_x, xm_bits, 2, 3);
    memset(&xm_s, 0, sizeof xm_s);
    xm_s.brk_cur = xm_s.brk_min = XM_BRK;
    xm_s.mmap_low = XM_STACK_LO;
}

/* The executable pages of core's window, a bit each. */
static uint32_t xm_pages(uint32_t core)
{
    uint32_t bits = 0;
    for (uint32_t p = 0; p < XM_SIZE / 4096u; p++)
        bits |= (uint32_t)sim_xmap_exec(&xm_m, core, XM_BASE + p * 4096u + 123u) << p;
    return bits;
}

Test(exec_map, zeroed_bits_are_the_first_state)
{
    xm_setup(1);
    cr_expect_eq(xm_pages(0), 1u << 2, "the W+X page only");
    cr_expect_eq(xm_pages(1), 1u << 2);
    cr_expect_not(sim_xmap_exec(&xm_m, 0, XM_RO), "nothing outside the window");
    cr_expect_not(sim_xmap_exec(&xm_m, 0, XM_BASE + XM_SIZE));
    sim_xmap_set(&xm_m, 1, XM_WX + 5u, 1, 0);
    sim_xmap_set(&xm_m, 1, XM_BASE - 4096u, 2u * 4096u, 1);
    cr_expect_eq(xm_pages(1), 1u << 0, "a range's pages, clipped to the window");
    cr_expect_eq(xm_pages(0), 1u << 2, "each core its own");
    sim_xmap_set(&xm_m, 1, XM_BASE, XM_SIZE, 0);
    cr_expect_eq(xm_pages(1), 0u);
    cr_expect_eq(xm_bits[1], 1u << 2, "a set bit is a page unlike its first state");
}

Test(exec_map, mmap_and_munmap_set_the_pages_of_one_core)
{
    xm_setup(1);
    int32_t a = linux_mmap(&xm_s, &xm_m, 1, 0, 8192, XM_PROT_RWX, XM_ANON, ~0u, 0);
    cr_assert_eq((uint32_t)a, XM_STACK_LO - 8192u);
    cr_expect_eq(xm_pages(1), 1u << 2 | 3u << 10);
    cr_expect_eq(xm_pages(0), 1u << 2);
    cr_expect_eq(xm_s.code_gen, 1u, "a mapping call may change the core's code");
    int32_t b = linux_mmap(&xm_s, &xm_m, 1, (uint32_t)a, 4096, XM_PROT_RW, XM_ANON | 0x10u, ~0u, 0);
    cr_assert_eq(b, a, "MAP_FIXED over it");
    cr_expect_eq(xm_pages(1), 1u << 2 | 1u << 11, "mapped again without PROT_EXEC");
    cr_assert_eq(linux_munmap(&xm_s, &xm_m, 1, (uint32_t)a, 8192), 0);
    cr_expect_eq(xm_pages(1), 1u << 2);
    cr_assert_eq(linux_munmap(&xm_s, &xm_m, 1, XM_WX, 4096), 0);
    cr_expect_eq(xm_pages(1), 0u, "munmap of the W+X page");
    cr_expect_eq(xm_s.code_gen, 4u);
    cr_expect_eq(linux_mmap(&xm_s, &xm_m, 1, 0, 0, XM_PROT_RWX, XM_ANON, ~0u, 0), -LINUX_EINVAL);
    cr_expect_eq(xm_s.code_gen, 4u, "a failed call changes nothing");
}

Test(exec_map, mprotect_gives_and_takes_execution)
{
    xm_setup(1);
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, XM_BRK, 4096, 5), 0);
    cr_expect_eq(xm_pages(0), 1u << 2 | 1u << 4, "heap pages too");
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, XM_BRK, 1, XM_PROT_RW), 0, "a length rounds up to pages");
    cr_expect_eq(xm_pages(0), 1u << 2);
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, XM_BRK + 1u, 4096, 5), -LINUX_EINVAL, "unaligned");
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, XM_BRK, 0, 5), 0, "nothing to do");
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, 0xfffff000u, 8192, 5), -LINUX_ENOMEM, "past the address space");
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, SIM_SHARED_BASE, 4096, 5), -LINUX_EACCES, "no code in the shared region");
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, SIM_SHARED_BASE, 4096, XM_PROT_RW), 0);
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, XM_RO, 0x11000, 5), 0, "the read-only image and the window");
    cr_expect_eq(xm_pages(0), 0xffffu);
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 0, XM_RO, 0x12000, 5), -LINUX_EACCES, "past the window");
    cr_expect_eq(xm_pages(1), 1u << 2);
}

/* The CUDA backend's cores have no map: PROT_EXEC fails with EACCES and a
 * note record the host prints (services.c), and nothing is mapped; a full
 * output buffer parks the core first, to run the call again. */
Test(exec_map, exec_is_refused_without_a_map)
{
    xm_setup(0);
    cr_assert_eq(linux_mmap(&xm_s, &xm_m, 1, 0, 4096, XM_PROT_RWX, XM_ANON, ~0u, 0), -LINUX_EACCES);
    cr_expect_eq(xm_s.mmap_low, XM_STACK_LO, "nothing mapped");
    const uint8_t *o = xm_out + 64;
    cr_assert_eq(o[0], LINUX_OUT_NOTE);
    cr_expect_eq(o[1], 5u + 5u);
    cr_expect_eq(o[3], LINUX_NOTE_NOEXEC);
    cr_expect_eq(memcmp(o + 8, "mmap2", 5), 0);
    cr_expect_eq(linux_mprotect(&xm_s, &xm_m, 1, XM_BRK, 4096, 5), -LINUX_EACCES);
    cr_expect_eq(memcmp(o + 13 + 8, "mprotect", 8), 0);
    cr_expect_eq(xm_s.enosys_count, 0u, "not an unknown call");
    cr_expect_eq(linux_mmap(&xm_s, &xm_m, 1, 0, 4096, XM_PROT_RW, XM_ANON, ~0u, 0), (int32_t)(XM_STACK_LO - 4096u),
                 "without PROT_EXEC it maps");
    xm_s.out_len = 60;
    cr_expect_eq(linux_mmap(&xm_s, &xm_m, 1, 0, 4096, XM_PROT_RWX, XM_ANON, ~0u, 0), 0);
    cr_expect_eq(xm_s.status, SIM_WAIT_HOST, "the note waits for room");
}
