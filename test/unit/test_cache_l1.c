/* The L1D and the parts every cache shares: seed 004's coalescer
 * micro-benchmark (section III-A, Figure 4) fed through the sectored L1,
 * MSHR merging and reservation fails, replacement order, set indexing. */
#include "cache_fixture.h"

#include "device/mem/cache_split.h"

#define TITANV_L1 "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32"

/* Figure 4's kernel, mb1: thread t of a warp reads float
 * A[(t / stride) * 32 + t % stride]. Volta coalesces each 8 threads apart
 * into 32-byte sectors (section III-A); one request per line per group, its
 * sectors in the mask. Sectors a warp sends, worked by hand:
 *   stride 1: each thread its own line: 32
 *   stride 2: a group spans 4 lines, 2 floats (sector 0) each: 4 x 4 = 16
 *   stride 3: groups cover lines {0,1,2} {2,3,4,5} {5,6,7} {8,9,10}: 3+4+3+3 = 13
 *   stride 4: 2 lines a group: 8
 *   stride 8: one line a group, floats 0-7 (sector 0): 4
 *   stride 12: group 0 line 0 floats 0-7 (1); group 1 line 0 floats 8-11 and
 *     line 1 floats 0-3 (2); group 2 line 1 floats 4-11 (2); group 3 line 2 (1): 6
 *   stride 16: one sector a group: 4
 *   stride 32: one line, group g its sector g: 4 (the paper: "we receive four
 *     read accesses at L1 cache", the 32-byte access granularity)
 * A cold L1 misses each distinct sector once; a sector two groups share
 * (stride 3: lines 2 and 5; stride 12: line 1's sector 0) merges into the
 * first group's miss: 11 and 5 misses there, the access count elsewhere. */
static uint32_t warp_sectors(cache_t *c, uint32_t stride, uint64_t base)
{
    for (uint32_t g = 0; g < 4; g++) {
        uint64_t lines[8];
        uint32_t masks[8], n = 0;
        for (uint32_t t = 8 * g; t < 8 * g + 8; t++) {
            uint64_t a = base + ((uint64_t)(t / stride) * 32 + t % stride) * 4;
            uint32_t k = 0;
            while (k < n && lines[k] != (a & ~127ull))
                k++;
            if (k == n)
                lines[n] = a & ~127ull, masks[n++] = 0;
            masks[k] |= 1u << ((a & 127) / 32);
        }
        for (uint32_t k = 0; k < n; k++) {
            cache_out_t o;
            cr_assert_neq(rd(c, lines[k], masks[k], g * 8 + k, &o), CACHE_RESERVATION_FAIL);
            cache_missq_take(c, c->missq);      /* the interconnect takes them */
        }
    }
    return (uint32_t)cache_stats_totals(&c->stats).accesses;
}

Test(cache_l1, figure4_sectors_per_warp)
{
    static const uint32_t stride[] = {1, 2, 3, 4, 8, 12, 16, 32}, sectors[] = {32, 16, 13, 8, 4, 6, 4, 4};
    static const uint32_t misses[] = {32, 16, 11, 8, 4, 5, 4, 4};
    for (size_t i = 0; i < sizeof stride / sizeof stride[0]; i++) {
        cache_t *c = cache_from(TITANV_L1, 1);
        cr_expect_eq(warp_sectors(c, stride[i], 0x100000), sectors[i], "stride %u", stride[i]);
        cr_expect_eq(cache_stats_totals(&c->stats).misses, misses[i], "stride %u: misses", stride[i]);
        cr_expect_eq(cache_stats_totals(&c->stats).pending_hits, sectors[i] - misses[i], "stride %u: merged", stride[i]);
        free(c);
    }
}

/* Two MSHRs of two merges: a second read of a sector in flight merges, a
 * third finds no merge slot, a third sector no entry; the fill hands back
 * both waiting reads and frees the entry. */
Test(cache_l1, mshr_merge_and_reservation_fail)
{
    cache_t *c = cache_from("S:1:128:4,L:T:m:N:L,A:2:2,8:0,32", 1);
    cache_out_t o;
    cr_expect_eq(rd(c, 0x000, 1, 1, &o), CACHE_MISS);
    cr_expect_eq(rd(c, 0x000, 1, 2, &o), CACHE_HIT_RESERVED);
    cr_expect_eq(rd(c, 0x000, 1, 3, &o), CACHE_RESERVATION_FAIL);
    cr_expect_eq(o.fail, CACHE_MSHR_MERGE_ENRTY_FAIL);
    cr_expect_eq(rd(c, 0x080, 1, 4, &o), CACHE_MISS);
    cr_expect_eq(rd(c, 0x100, 1, 5, &o), CACHE_RESERVATION_FAIL);
    cr_expect_eq(o.fail, CACHE_MSHR_ENRTY_FAIL);
    uint32_t ids[8];
    cache_wb_t wb;
    cr_expect_eq(cache_fill(c, 0x000, ids, &wb), 2);
    cr_expect(ids[0] == 1 && ids[1] == 2);
    cr_expect_eq(rd(c, 0x100, 1, 5, &o), CACHE_MISS, "the entry is free again");
    cr_expect_eq(rd(c, 0x000, 1, 6, &o), CACHE_HIT);
    cr_expect_eq(c->stats.acc[CACHE_GLOBAL_ACC_R][CACHE_HIT_RESERVED], 1);
    cr_expect_eq(c->stats.fail[CACHE_GLOBAL_ACC_R][CACHE_MSHR_MERGE_ENRTY_FAIL], 1);
    cr_expect_eq(c->stats.fail[CACHE_GLOBAL_ACC_R][CACHE_MSHR_ENRTY_FAIL], 1);
    free(c);
}

/* The streaming L1 (seed 004 section III-C): allocation on fill and a merge
 * table of a tag per sector and a bit per warp, whatever the string's MSHRs:
 * 64 warps merge into one sector, the 65th fails; no line is reserved. */
Test(cache_l1, streaming_merge_table)
{
    cache_t *c = cache_from("S:1:128:4,L:T:s:N:L,A:2:2,8:0,32", 1);
    cache_out_t o;
    cr_expect_eq(c->P.mshr_entries, 16, "1 set x 4 ways x 4 sectors");
    for (uint32_t w = 0; w < 64; w++)
        cr_expect_neq(rd(c, 0x000, 1, w, &o), CACHE_RESERVATION_FAIL, "warp %u", w);
    cr_expect_eq(rd(c, 0x000, 1, 64, &o), CACHE_RESERVATION_FAIL);
    for (uint32_t s = 1; s < 16; s++) {
        cache_missq_take(c, 1);     /* the interconnect takes each request */
        cr_expect_eq(rd(c, 0x80 * s, 1, 100 + s, &o), CACHE_MISS, "miss %u in flight", s);
    }
    uint32_t ids[64];
    cache_wb_t wb;
    cr_expect_eq(cache_fill(c, 0x000, ids, &wb), 64);
    cr_expect_eq(rd(c, 0x000, 1, 1, &o), CACHE_HIT, "allocated by the fill");
    free(c);
}

/* One set of two ways: A, B, A again, then C evicts the least recently used
 * (B) under LRU, the first in (A) under FIFO. */
Test(cache_l1, lru_and_fifo_order)
{
    static const char *s[2] = {"N:1:128:2,L:T:m:N:L,A:4:4,8:0,32", "N:1:128:2,F:T:m:N:L,A:4:4,8:0,32"};
    for (int f = 0; f < 2; f++) {
        cache_t *c = cache_from(s[f], 1);
        cache_out_t o;
        uint32_t ids[4];
        cache_wb_t wb;
        uint64_t a = 0x0, b = 0x80, cc = 0x100;
        rd(c, a, 1, 1, &o), cache_fill(c, a, ids, &wb);
        rd(c, b, 1, 2, &o), cache_fill(c, b, ids, &wb);
        cr_expect_eq(rd(c, a, 1, 3, &o), CACHE_HIT);
        rd(c, cc, 1, 4, &o), cache_fill(c, cc, ids, &wb);
        cr_expect_eq(rd(c, f ? b : a, 1, 5, &o), CACHE_HIT, "%s", s[f]);
        cr_expect_eq(rd(c, f ? a : b, 1, 6, &o), CACHE_MISS, "%s: the victim", s[f]);
        free(c);
    }
}

/* 32 sets of one way, 32 lines 4 KB apart (a power-of-two stride, the set
 * count times the line): linear indexing puts them all in set 0, so a second
 * pass misses every one; XOR and IPOLY spread them over all 32 sets. */
Test(cache_l1, xor_index_spreads_power_of_two_stride)
{
    static const char *s[3] = {"N:32:128:1,L:T:m:N:L,A:64:4,64:0,32", "N:32:128:1,L:T:m:N:X,A:64:4,64:0,32",
                               "N:32:128:1,L:T:m:N:P,A:64:4,64:0,32"};
    static const uint32_t second_pass_hits[3] = {0, 32, 32};
    for (int k = 0; k < 3; k++) {
        cache_t *c = cache_from(s[k], 1);
        cache_out_t o;
        uint32_t ids[4], hits = 0;
        cache_wb_t wb;
        for (uint64_t i = 0; i < 32; i++)
            rd(c, i * 4096, 1, 0, &o), cache_fill(c, i * 4096, ids, &wb);
        for (uint64_t i = 0; i < 32; i++)
            hits += rd(c, i * 4096, 1, 0, &o) == CACHE_HIT;
        cr_expect_eq(hits, second_pass_hits[k], "%s", s[k]);
        free(c);
    }
}

/* IPOLY is GPGPU-Sim's equations for 32 sets (hashing.cc): new_index[0] =
 * a0^a3^a5^a6^a9^a10^a11^a12^a13 ^ b0 over the bits a above the index;
 * address 1 << 12 (a0 alone, 128-byte lines) lands in set 0b00101. */
Test(cache_l1, ipoly_matches_gpgpusim_for_32_sets)
{
    cr_expect_eq(cache_ipoly(1u << 5, 5), 0x5, "x^5 mod x^5+x^2+1");
    cr_expect_eq(cache_ipoly(1u << 6, 5), 0xa, "a1: bits 1 and 3");
    cr_expect_eq(cache_ipoly(1u << 4, 6) , 0x10);
}

/* A cache's set index takes IPOLY as masks (cache_ipoly_masks, parity of
 * the block number and each): the remainder cache_ipoly divides out, for
 * every degree and for block numbers with any of the 64 bits set. */
Test(cache_l1, ipoly_masks_equal_the_division)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (uint32_t bits = 1; bits <= CACHE_IPOLY_MAX_BITS; bits++) {
        uint64_t mask[CACHE_IPOLY_MAX_BITS];
        cache_ipoly_masks(bits, mask);
        for (uint32_t k = 0; k < 20000; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            uint64_t block = k < 64 ? 1ull << k : x >> (k % 64);
            uint32_t set = 0;
            for (uint32_t i = 0; i < bits; i++)
                set |= sim_parity64(block & mask[i]) << i;
            cr_assert_eq(set, cache_ipoly(block, bits), "degree %u, block %#llx", bits, (unsigned long long)block);
        }
    }
}

/* The unified array's split (seed 004 section II): a kernel without shared
 * memory gets a 128 KB L1, 8 KB of shared memory leaves 120 KB, 20 KB takes
 * the 32 KB carve-out (96 KB L1), 96 KB leaves the minimum 32 KB; ways of
 * the TITAN V's 4 sets x 128 B lines (256 ways = 128 KB). */
Test(cache_l1, adaptive_split)
{
    static const uint32_t opts[] = {0, 8, 16, 32, 64, 96};
    static const struct { uint64_t shmem; uint32_t carve, ways; } cases[] = {
        {0, 0, 256}, {8192, 8, 240}, {20480, 32, 192}, {65537, 96, 64}, {98304, 96, 64}};
    cache_params_t p;
    char err[256];
    cr_assert_eq(cache_config_parse(TITANV_L1, "gpgpu_cache:dl1", 1, &p, err, sizeof err), 0, "%s", err);
    cache_config_finish(&p, 256);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cache_split_t sp;
        cr_assert_eq(cache_split_for(&p, 128, opts, 6, cases[i].shmem, &sp), 0);
        cr_expect_eq(sp.shmem_kb, cases[i].carve, "%llu bytes", (unsigned long long)cases[i].shmem);
        cr_expect_eq(sp.ways, cases[i].ways, "%llu bytes", (unsigned long long)cases[i].shmem);
    }
    cache_split_t sp;
    cr_expect_eq(cache_split_for(&p, 128, opts, 6, 98305, &sp), -1, "more than any carve-out");
}
