/* A memory partition through the memory phase (src/device/mem/mem_part.h),
 * on the TITAN V's config (configs/gpu/titanv.cfg): the address routing
 * and its inverse, and the timing of requests whose answers follow from
 * the config alone: an L2 hit is answered the crossbar's latency and the
 * ROP latency after it is sent; a slice takes an access a cycle; a miss
 * waits for DRAM; lazy fetch-on-read fetches only what was not written. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "device/mem/mem_part.h"
#include "device/sm/sm_memphase.h"
#include "host/sm/sm_host.h"

static sm_params_t P;
static mem_sys_t *S;
static void *block;
static uint64_t last_cross[4096]; /* each slice's last cycle a request crossed to it */

/* The memory system of nsm SMs in block for a kernel: empty, with its L2
 * slices (after it in block) empty too or (keep_l2) as the last kernel
 * left them. */
static mem_sys_t *next_kernel(uint32_t nsm, int keep_l2)
{
    memset(last_cross, 0, sizeof last_cross);
    mem_sys_t *s = mem_init(block, &P.mem, nsm, P.cta_quantum, (uint8_t *)block + mem_bytes(&P.mem, nsm, P.cta_quantum));
    mem_l2_ready(s, !keep_l2, 0, 1);
    return s;
}

static mem_sys_t *fresh(uint32_t nsm) { return next_kernel(nsm, 0); }

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
    block = malloc(mem_bytes(&P.mem, 1, P.cta_quantum) + mem_l2_bytes(&P.mem));
    S = fresh(1);
}

static void stop(void) { free(block); }

/* A request of SM sm sent at cycle t, across the crossbar then or, when
 * its slice took one at t already, the cycle after (an output takes a
 * packet a cycle: mem_xbar.h). */
static void send_from(uint32_t sm, uint64_t t, uint64_t addr, uint32_t kind, uint32_t bytes, uint32_t tag)
{
    mem_req_t r = {0};
    r.at = t, r.addr = addr, r.kind = (uint8_t)kind, r.bytes = bytes, r.tag = tag, r.sm = (uint16_t)sm;
    r.type = kind == CACHE_WRITE ? CACHE_GLOBAL_ACC_W : CACHE_GLOBAL_ACC_R;
    r.op = CACHE_OP_CG;
    r.port = (uint16_t)mem_req_port(&P.mem, &r, &r.pa);
    cr_assert_lt(r.port, 4096);
    uint64_t c = t > last_cross[r.port] ? t : last_cross[r.port] + 1;
    last_cross[r.port] = c;
    mem_enqueue(S, &r, c);
}

/* ... of SM 0. */
static void send(uint64_t t, uint64_t addr, uint32_t kind, uint32_t bytes, uint32_t tag)
{
    send_from(0, t, addr, kind, bytes, tag);
}

/* Runs addr's partition to cycle h; its answers' times into at[] (tags in tag[]), how many. */
static uint32_t run(uint64_t addr, uint64_t h, uint64_t *at, uint32_t *tag)
{
    uint32_t k;
    uint64_t pa;
    uint32_t p = mem_route(&P.mem, addr, &k, &pa);
    cr_assert_eq(mem_part_run(S, p, h), 0);
    mem_part_t *pt = &S->parts[p];
    uint32_t n = pt->nans;
    for (uint32_t i = 0; i < n; i++)
        at[i] = pt->ans[i].at, tag[i] = pt->ans[i].tag;
    pt->nans = 0; /* taken, as the reply network would */
    return n;
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

/* The L2's read misses so far, over its slices. */
static uint64_t l2_read_misses(void)
{
    uint64_t n = 0;
    for (uint32_t p = 0; p < S->npart; p++)
        for (uint32_t k = 0; k < P.mem.nsub; k++)
            n += S->parts[p].l2[k]->stats.acc[CACHE_GLOBAL_ACC_R][CACHE_MISS] +
                 S->parts[p].l2[k]->stats.acc[CACHE_GLOBAL_ACC_R][CACHE_SECTOR_MISS];
    return n;
}

/* What one kernel leaves in the L2 the next finds (mem_l2_ready on the
 * slices it left, the rest of the memory system fresh): a line read in the
 * first is a hit in the second; one never read is still a miss; slices made
 * fresh hold nothing. */
Test(mem_part, the_l2_lasts_from_one_kernel_to_the_next, .init = start, .fini = stop)
{
    uint64_t at[16], a = 0x100000, lat = P.mem.icnt_latency + P.mem.rop_latency;
    uint32_t tag[16];
    send(100, a, CACHE_READ, 0, 1);
    cr_assert_eq(run(a, 10000, at, tag), 1);
    cr_expect_eq(l2_read_misses(), 1);
    S = next_kernel(1, 1);
    cr_expect_eq(l2_read_misses(), 0, "the counters start again");
    send(50, a, CACHE_READ, 0, 3);
    cr_assert_eq(run(a, 5000, at, tag), 1);
    cr_expect_eq(at[0], 50 + lat, "the line the last kernel read: a hit");
    send(6000, a + 4096, CACHE_READ, 0, 4);
    cr_assert_eq(run(a + 4096, 20000, at, tag), 1);
    cr_expect_gt(at[0], 6000 + lat + P.mem.dram_latency, "a line never read: a miss");
    S = fresh(1);
    send(50, a, CACHE_READ, 0, 5);
    cr_assert_eq(run(a, 5000, at, tag), 1);
    cr_expect_gt(at[0], 50 + lat + P.mem.dram_latency, "fresh slices: a miss");
}

/* The H100's L2 in two halves (mem_route.h, h100.cfg: SMs 0-65 read
 * through half 0, 66-131 through half 1). */
static void start_halves(void)
{
    load("h100");
    cr_assert_eq(P.mem.nhalves, 2);
    block = malloc(mem_bytes(&P.mem, 132, P.cta_quantum) + mem_l2_bytes(&P.mem));
    S = fresh(132);
}

/* Memory phases of `step` cycles (no longer than the halves' latency, so
 * exact) up to cycle h, every partition each phase, the halves' messages
 * delivered between: the answer with tag `tag`, its cycle (0: none). */
static uint64_t phases_until(uint64_t from, uint64_t h, uint64_t step, uint32_t tag)
{
    uint64_t got = 0;
    for (uint64_t e = from; e < h; e += step) {
        mem_xdeliver(S);
        for (uint32_t p = 0; p < S->npart; p++) {
            cr_assert_eq(mem_part_run(S, p, e + step), 0);
            for (uint32_t i = 0; i < S->parts[p].nans; i++)
                if (S->parts[p].ans[i].tag == tag)
                    got = S->parts[p].ans[i].at;
            S->parts[p].nans = 0;
        }
    }
    return got;
}

/* An address homed in half `half` (its partition), the n-th such sector. */
static uint64_t homed_in(uint32_t half, uint32_t n)
{
    for (uint64_t a = 0x200000;; a += 32) {
        uint32_t k;
        uint64_t pa;
        if (mem_half_of(&P.mem, mem_route(&P.mem, a, &k, &pa)) == half && !n--)
            return a;
    }
}

/* A line homed in the far half costs the round trip between the halves,
 * 2 x -warpsim_chiplet_latency, beyond one homed in the near half (both
 * misses to an idle DRAM); then the near half holds a copy (a hit at send
 * + crossbar + ROP), and the home half holds the line too (a hit for an
 * SM of that half). */
Test(mem_part, a_far_line_costs_the_round_trip_between_halves, .init = start_halves, .fini = stop)
{
    uint64_t lat = P.mem.icnt_latency + P.mem.rop_latency, L = P.mem.half_latency, step = L;
    uint64_t near = homed_in(0, 0), far = homed_in(1, 0);
    send_from(0, 100, near, CACHE_READ, 0, 1);
    uint64_t t_near = phases_until(0, 3000, step, 1);
    cr_assert_gt(t_near, 100 + lat + P.mem.dram_latency, "a miss: %llu", (unsigned long long)t_near);
    send_from(0, 3100, far, CACHE_READ, 0, 2);
    uint64_t t_far = phases_until(3000, 6000, step, 2);
    cr_expect_geq(t_far - 3000, t_near + 2 * L, "far %llu, near %llu", (unsigned long long)t_far,
                  (unsigned long long)t_near);
    cr_expect_leq(t_far - 3000, t_near + 2 * L + 2, "far %llu, near %llu", (unsigned long long)t_far,
                  (unsigned long long)t_near);
    mem_stats_t st;
    cache_stats_t l2;
    dram_stats_t dr;
    sm_mem_totals(S, &l2, &dr, &st);
    cr_expect_eq(st.xreads, 1, "one read crossed");
    send_from(1, 6100, far, CACHE_READ, 0, 3);
    cr_expect_eq(phases_until(6000, 7000, step, 3), 6100 + lat, "the near half's copy: a hit");
    send_from(100, 7100, far, CACHE_READ, 0, 4);
    cr_expect_eq(phases_until(7000, 8000, step, 4), 7100 + lat, "the home half read it from DRAM: a hit");
}

/* A write in one half that is not a hit there updates the other half's
 * copy (GPGPU-Sim's WRITE_FORWARD): a whole sector written by an SM of
 * half 0 into a line homed in half 1 is then a hit for an SM of half 1. */
Test(mem_part, a_write_updates_the_other_half, .init = start_halves, .fini = stop)
{
    uint64_t lat = P.mem.icnt_latency + P.mem.rop_latency, step = P.mem.half_latency;
    uint64_t far = homed_in(1, 3);
    send_from(0, 100, far, CACHE_WRITE, 0xffffffffu, MEM_TAG_NONE);
    phases_until(0, 1000, step, MEM_TAG_NONE);
    send_from(100, 1100, far, CACHE_READ, 0, 5);
    cr_expect_eq(phases_until(1000, 2000, step, 5), 1100 + lat, "the home half's sector was updated: a hit");
    mem_stats_t st;
    cache_stats_t l2;
    dram_stats_t dr;
    sm_mem_totals(S, &l2, &dr, &st);
    cr_expect_eq(st.xwrites, 1);
    cr_expect_eq(st.xreads, 0);
}

/* The crossbar's options reach the memory system's parameters, and values
 * it does not model are errors that name the option. */
Test(mem_part, crossbar_options_are_taken_or_refused)
{
    static const struct {
        uint32_t arbiter, subnets, in, out, mode;
        const char *error; /* NULL: accepted */
    } cases[] = {
        {0, 2, 512, 512, 2, NULL},
        {1, 2, 64, 16, 2, NULL},
        {2, 2, 512, 512, 2, "-icnt_arbiter_algo 2"},
        {1, 1, 512, 512, 2, "-icnt_subnets 1"},
        {1, 2, 4097, 512, 2, "-icnt_in_buffer_limit 4097"},
        {1, 2, 512, 70000, 2, "-icnt_out_buffer_limit 70000"},
        {1, 2, 512, 512, 1, "-network_mode 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gpu_config_t c;
        char err[256] = "";
        gpu_config_defaults(&c);
        cr_assert_eq(gpu_config_load(&c, "configs/gpu/titanv.cfg", err, sizeof err), 0, "%s", err);
        c.icnt_arbiter = cases[i].arbiter, c.icnt_subnets = cases[i].subnets;
        c.icnt_in_limit = cases[i].in, c.icnt_out_limit = cases[i].out, c.network_mode = cases[i].mode;
        int rc = sm_params_from_config(&c, &P, err, sizeof err);
        gpu_config_free(&c);
        if (!cases[i].error) {
            cr_expect_eq(rc, 0, "case %zu: %s", i, err);
            cr_expect_eq(P.mem.arbiter, cases[i].arbiter);
            cr_expect_eq(P.mem.in_limit, cases[i].in);
            cr_expect_eq(P.mem.out_limit, cases[i].out);
        } else {
            cr_expect_neq(rc, 0, "case %zu accepted", i);
            cr_expect(strstr(err, cases[i].error), "case %zu: %s", i, err);
        }
    }
}

/* The run's L2 slices (sm_l2_take, sm_l2_give): fresh for the first
 * kernel, kept for the next once a kernel readied them, and not handed to a
 * second launch while one runs on them (host threads of a CUDA program may
 * launch at once: that one takes slices of its own). */
Test(mem_part, the_runs_l2_is_taken_kept_and_not_shared, .init = start, .fini = stop)
{
    sm_timing_t tm;
    memset(&tm, 0, sizeof tm);
    int fresh = 0;
    uint8_t *a = sm_l2_take(&tm, &P.mem, &fresh);
    cr_assert(a);
    cr_expect_eq(fresh, 1, "the first kernel: fresh");
    cr_expect_null(sm_l2_take(&tm, &P.mem, &fresh), "busy: not handed out twice");
    sm_l2_give(&tm, a, 0);
    uint8_t *b = sm_l2_take(&tm, &P.mem, &fresh);
    cr_expect_eq(b, a);
    cr_expect_eq(fresh, 1, "never readied: still fresh");
    sm_l2_give(&tm, b, 1);
    b = sm_l2_take(&tm, &P.mem, &fresh);
    cr_expect_eq(b, a);
    cr_expect_eq(fresh, 0, "readied by the last kernel: kept");
    sm_l2_give(&tm, b, 1);
    sm_timing_free(&tm);
    cr_expect_null(tm.l2);
}
