/* The L2 slice's write policy (seed 004 section III-B, Figure 5) and the
 * write policies a cache string may name, against hand-worked sequences. */
#include "cache_fixture.h"

/* TITAN V's dl2 (GPGPU-Sim SM7_TITANV): sectored, write-back, allocate on
 * miss, lazy fetch-on-read. */
#define TITANV_L2 "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32"

/* Figure 5's single thread, C[i] at 0x1000 (floats):
 *   line 3  C[i] = A[i]         write C[i]: a miss (no line)
 *   line 4  C[i+1] = A[i]       write C[i+1]: a hit (the line is there)
 *   line 5  C[i] = C[i] + A[i]  read C[i]: a miss (sector not whole: fetched)
 *   line 6  A[i] = C[i]+C[i+1]  reads of C[i], C[i+1]: hits (sector fetched)
 * "lazy fetch-on-read": no DRAM read at the writes, one at the first read;
 * under write-validate line 5 would hit, under fetch-on-write line 3 would read. */
Test(cache_l2, figure5_lazy_fetch_on_read)
{
    cache_t *c = cache_from(TITANV_L2, 2);
    cache_out_t o;
    cr_expect_eq(wr(c, 0x1000, 4, &o), CACHE_MISS, "line 3: write miss");
    cr_expect_eq(o.fetch, 0, "line 3: nothing read from DRAM (write-validate-like)");
    cr_expect_eq(wr(c, 0x1004, 4, &o), CACHE_HIT, "line 4: write hit");
    cr_expect_eq(rd(c, 0x1000, 1, 7, &o), CACHE_MISS, "line 5: read of a written but incomplete sector misses");
    cr_expect_eq(o.unit_status[0], CACHE_SECTOR_MISS);
    cr_expect_eq(o.fetch, 1, "line 5: the sector is fetched");
    uint32_t ids[8];
    cache_wb_t wb;
    cr_expect_eq(cache_fill(c, 0x1000, ids, &wb), 1);
    cr_expect_eq(ids[0], 7);
    cr_expect_eq(rd(c, 0x1000, 1, 8, &o), CACHE_HIT, "line 6: C[i] hits");
    cr_expect_eq(rd(c, 0x1004, 1, 9, &o), CACHE_HIT, "line 6: C[i+1] hits");
    cr_expect_eq(c->stats.acc[CACHE_GLOBAL_ACC_W][CACHE_MISS], 1);
    cr_expect_eq(c->stats.acc[CACHE_GLOBAL_ACC_W][CACHE_HIT], 1);
    cr_expect_eq(c->stats.acc[CACHE_GLOBAL_ACC_R][CACHE_SECTOR_MISS], 1);
    cr_expect_eq(c->stats.acc[CACHE_GLOBAL_ACC_R][CACHE_HIT], 2);
    free(c);
}

/* The written bytes survive the fetch: evicting the line writes back the
 * whole sector, dirty (its 8 written bytes merged into the 32 fetched). An
 * unfetched sector goes back with only its written bytes (the write mask). */
Test(cache_l2, lazy_write_back_carries_the_byte_mask)
{
    cache_t *c = cache_from("S:1:128:1,L:B:m:L:L,A:8:4,8:0,32", 2);
    cache_out_t o;
    wr(c, 0x40, 4, &o);                         /* sector 2, bytes 0-3 */
    wr(c, 0x1000, 4, &o);                       /* the set's one way: evicts 0x0 */
    cr_expect_eq(o.wb.addr, 0);
    cr_expect_eq(o.wb.units, 1u << 2);
    cr_expect_eq(o.wb.bytes[2], 0xf, "only the 4 bytes written go back");
    free(c);
}

/* One write hit, then the line's eviction, under each write policy: what
 * goes below at once, and what on eviction. */
Test(cache_l2, write_back_through_evict)
{
    static const struct { const char *s; uint32_t write_now, hit_after, wb_units; } cases[] = {
        {"N:1:128:1,L:B:m:N:L,A:8:4,8:0,32", 0, CACHE_HIT, 1},   /* write-back: dirty, written back on eviction */
        {"N:1:128:1,L:T:m:N:L,A:8:4,8:0,32", 1, CACHE_HIT, 0},   /* write-through: below now, clean */
        {"N:1:128:1,L:E:m:N:L,A:8:4,8:0,32", 1, CACHE_MISS, 0},  /* write-evict: below now, line gone */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cache_t *c = cache_from(cases[i].s, 2);
        cache_out_t o;
        uint32_t ids[8];
        cache_wb_t wb;
        cr_assert_eq(rd(c, 0x0, 1, 1, &o), CACHE_MISS);
        cache_fill(c, 0x0, ids, &wb);
        cr_expect_eq(wr(c, 0x8, 4, &o), CACHE_HIT, "%s", cases[i].s);
        cr_expect_eq(o.write != 0, cases[i].write_now, "%s: written below at once", cases[i].s);
        cr_expect_eq(rd(c, 0x0, 1, 2, &o), cases[i].hit_after, "%s: read after the write", cases[i].s);
        if (o.fetch)
            cache_fill(c, 0x0, ids, &wb);
        rd(c, 0x1000, 1, 3, &o);                /* evicts line 0 */
        cr_expect_eq(o.wb.units, cases[i].wb_units, "%s: written back on eviction", cases[i].s);
        free(c);
    }
}

/* Fetch-on-write reads the sector a partial write misses (seed 004: the old
 * GPGPU-Sim's policy behind its DRAM-read overestimate), not a whole one. */
Test(cache_l2, fetch_on_write)
{
    cache_t *c = cache_from("S:1:128:2,L:B:m:F:L,A:8:4,8:0,32", 2);
    cache_out_t o;
    wr(c, 0x20, 4, &o);
    cr_expect_eq(o.fetch, 1u << 1, "a 4-byte write fetches its sector");
    cache_req_t r;
    memset(&r, 0, sizeof r);
    r.addr = 0x1000, r.units = 1, r.bytes[0] = 0xffffffffu, r.kind = CACHE_WRITE, r.type = CACHE_GLOBAL_ACC_W;
    cache_access(c, &r, &o);
    cr_expect_eq(o.fetch, 0, "a whole-sector write fetches nothing");
    cr_expect_eq(rd(c, 0x1000, 1, 1, &o), CACHE_HIT);
    free(c);
}
