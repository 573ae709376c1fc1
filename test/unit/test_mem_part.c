/* A memory partition through the memory phase (src/device/mem/mem_part.h),
 * on the TITAN V's config (configs/gpu/titanv.cfg): the address routing
 * and its inverse, and the timing of requests whose answers follow from
 * the config alone: an L2 hit is answered the crossbar's latency and the
 * ROP latency after it is sent; a slice takes an access a cycle; a miss
 * waits for DRAM; lazy fetch-on-read fetches only what was not written. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "device/mem/mem_part.h"
#include "host/sm/sm_host.h"

static sm_params_t P;
static mem_sys_t *S;
static void *block;

static void load(const char *card)
{
    gpu_config_t c;
    char err[256], path[128];
    gpu_config_defaults(&c);
    snprintf(path, sizeof path, "configs/gpu/%s.cfg", card);
    cr_assert_eq(gpu_config_load(&c, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(sm_params_from_config(&c, &P, err, sizeof err), 0, "%s", err);
    gpu_config_free(&c);
    cr_assert(P.mem.on);
}

static void start(void)
{
    load("titanv");
    block = malloc(mem_bytes(&P.mem, 1, P.cta_quantum));
    S = mem_init(block, &P.mem, 1, P.cta_quantum);
}

static void stop(void) { free(block); }

/* A request of SM 0 sent at cycle t. */
static void send(uint64_t t, uint64_t addr, uint32_t kind, uint32_t bytes, uint32_t tag)
{
    mem_req_t r = {0};
    r.at = t, r.addr = addr, r.kind = (uint8_t)kind, r.bytes = bytes, r.tag = tag;
    r.type = kind == CACHE_WRITE ? CACHE_GLOBAL_ACC_W : CACHE_GLOBAL_ACC_R;
    r.op = CACHE_OP_CG;
    cr_assert_eq(mem_enqueue(S, &r), 0);
}

/* Runs addr's partition to cycle h; its answers' times into at[] (tags in tag[]), how many. */
static uint32_t run(uint64_t addr, uint64_t h, uint64_t *at, uint32_t *tag)
{
    uint32_t k;
    uint64_t pa;
    uint32_t p = mem_route(&P.mem, addr, &k, &pa);
    cr_assert_eq(mem_part_run(S, p, h), 0);
    mem_part_t *pt = &S->parts[p];
    for (uint32_t i = 0; i < pt->nans; i++)
        at[i] = pt->ans[i].at, tag[i] = pt->ans[i].tag;
    return pt->nans;
}

Test(mem_part, route_and_unroute_are_inverses)
{
    static const char *const cards[] = {"titanv", "rtx2070super", "a100"};
    for (int c = 0; c < 3; c++) {
        load(cards[c]);
        uint64_t x = 0x9e3779b97f4a7c15ull;
        uint32_t seen = 0;
        for (int i = 0; i < 4000; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            uint64_t a = x & ((1ull << 34) - 1) & ~31ull, pa;
            uint32_t k, p = mem_route(&P.mem, a, &k, &pa);
            cr_assert_lt(p, P.mem.nchan, "%s", cards[c]);
            cr_assert_lt(k, P.mem.nsub, "%s", cards[c]);
            cr_assert_eq(mem_unroute(&P.mem, pa, p, k), a, "%s: %llx", cards[c], (unsigned long long)a);
            seen |= p < 32 ? 1u << p : 0;
        }
        cr_expect_eq(seen, P.mem.nchan >= 32 ? 0xffffffffu : (1u << P.mem.nchan) - 1, "%s: every channel used",
                     cards[c]);
    }
}

/* Two reads of one sector: the first misses and waits for DRAM, the second
 * (after the fill) hits and is answered at send + icnt + rop exactly. */
Test(mem_part, an_l2_hit_is_answered_after_the_crossbar_and_rop, .init = start, .fini = stop)
{
    uint64_t at[16], a = 0x10000;
    uint32_t tag[16], lat = P.mem.icnt_latency + P.mem.rop_latency;
    send(100, a, CACHE_READ, 0, 7);
    cr_assert_eq(run(a, 5000, at, tag), 1);
    cr_expect_eq(tag[0], 7);
    cr_expect_gt(at[0], 100 + lat + P.mem.dram_latency, "a miss waits for DRAM: %llu", (unsigned long long)at[0]);
    send(6000, a, CACHE_READ, 0, 8);
    send(6000, a + 32, CACHE_READ, 0, 9); /* the same slice, the next cycle at its port */
    cr_assert_eq(run(a, 6000 + lat + 1, at, tag), 1, "the second access falls after the horizon");
    cr_expect_eq(at[0], 6000 + lat);
    cr_expect_eq(tag[0], 8);
    cr_assert_eq(run(a, 20000, at, tag), 1);
    cr_expect_eq(tag[0], 9);
    cr_expect_gt(at[0], 6000 + lat + P.mem.dram_latency, "its sector was never read: a miss");
}

/* Lazy fetch-on-read (seed 004 section III-B): a sector written whole is
 * read without DRAM; one written in part is fetched on the read. */
Test(mem_part, lazy_fetch_on_read, .init = start, .fini = stop)
{
    uint64_t at[16], a = 0x40000, lat = P.mem.icnt_latency + P.mem.rop_latency;
    uint32_t tag[16];
    send(100, a, CACHE_WRITE, 0xffffffffu, MEM_TAG_NONE);
    send(100, a + 32, CACHE_WRITE, 0x0000000fu, MEM_TAG_NONE);
    send(200, a, CACHE_READ, 0, 1);
    send(201, a + 32, CACHE_READ, 0, 2);
    cr_assert_eq(run(a, 10000, at, tag), 2);
    cr_expect_eq(tag[0], 1);
    cr_expect_eq(at[0], 200 + lat, "whole: a hit");
    cr_expect_eq(tag[1], 2);
    cr_expect_gt(at[1], 201 + lat + P.mem.dram_latency, "part: fetched");
    cr_expect_eq(S->parts[mem_route(&P.mem, a, &(uint32_t){0}, &(uint64_t){0})].dram->st.rd_atoms, 1);
}

/* The copy engine (-gpgpu_perf_sim_memcpy, mem_copy_fill): a copied sector
 * is an L2 hit at once, answered after the crossbar and the ROP as any hit;
 * the sector after the copy's end is not there. */
Test(mem_part, a_copied_sector_hits_in_the_l2, .init = start, .fini = stop)
{
    uint64_t at[16], a = 0x80000, lat = P.mem.icnt_latency + P.mem.rop_latency;
    uint32_t tag[16];
    mem_copy_fill(S, a, 64);
    send(100, a + 32, CACHE_READ, 0, 1);
    cr_assert_eq(run(a + 32, 10000, at, tag), 1);
    cr_expect_eq(at[0], 100 + lat, "copied: a hit");
    send(20000, a + 64, CACHE_READ, 0, 2);
    cr_assert_eq(run(a + 64, 40000, at, tag), 1);
    cr_expect_gt(at[0], 20000 + lat + P.mem.dram_latency, "past the copy: a miss");
}

/* What one kernel leaves in the L2 the next finds (mem_l2_save, mem_l2_load
 * into a fresh memory system): a line read in the first is a hit in the
 * second; one never read is still a miss. */
Test(mem_part, the_l2_lasts_from_one_kernel_to_the_next, .init = start, .fini = stop)
{
    uint64_t at[16], a = 0x100000, lat = P.mem.icnt_latency + P.mem.rop_latency;
    uint32_t tag[16];
    send(100, a, CACHE_READ, 0, 1);
    cr_assert_eq(run(a, 10000, at, tag), 1);
    uint8_t *keep = aligned_alloc(64, (mem_l2_keep_bytes(&P.mem) + 63) & ~(size_t)63);
    cr_assert(keep);
    mem_l2_save(S, keep, 0, 1);
    S = mem_init(block, &P.mem, 1, P.cta_quantum);
    send(50, a, CACHE_READ, 0, 2);
    cr_assert_eq(run(a, 5000, at, tag), 1);
    cr_expect_gt(at[0], 50 + lat + P.mem.dram_latency, "a fresh memory system: a miss");
    S = mem_init(block, &P.mem, 1, P.cta_quantum);
    mem_l2_load(S, keep, 0, 1);
    send(50, a, CACHE_READ, 0, 3);
    cr_assert_eq(run(a, 5000, at, tag), 1);
    cr_expect_eq(at[0], 50 + lat, "the line the last kernel read: a hit");
    send(6000, a + 4096, CACHE_READ, 0, 4);
    cr_assert_eq(run(a + 4096, 20000, at, tag), 1);
    cr_expect_gt(at[0], 6000 + lat + P.mem.dram_latency, "a line never read: a miss");
    free(keep);
}
