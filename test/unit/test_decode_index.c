/* The decode index must give exactly the first match a linear scan gives,
 * for any table: checked on random tables and words, and on tables shaped
 * like the decoders' (keys on bits 27:20 and 7:4). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "device/arm/arm_decode_index.h"

typedef struct { uint32_t match, mask; uint32_t tag; } di_row_t;

static uint32_t di_state = 12345u;
static uint32_t di_rand(void)
{
    di_state ^= di_state << 13;
    di_state ^= di_state >> 17;
    di_state ^= di_state << 5;
    return di_state;
}

static uint32_t di_key(uint32_t w) { return (w >> 20 & 0xffu) << 4 | (w >> 4 & 0xfu); }
static uint32_t di_unkey(uint32_t k) { return (k >> 4 & 0xffu) << 20 | (k & 0xfu) << 4; }

static long di_linear(const di_row_t *rows, size_t n, uint32_t w)
{
    for (size_t i = 0; i < n; i++)
        if ((w & rows[i].mask) == rows[i].match)
            return (long)i;
    return -1;
}

Test(decode_index, same_first_match_as_a_linear_scan)
{
    enum { N = 200 };
    di_row_t rows[N];
    for (int t = 0; t < 5; t++) {
        for (int i = 0; i < N; i++) {
            /* sparse masks like real encodings: a few opcode fields fixed */
            uint32_t mask = di_rand() & di_rand() & (di_rand() | 0x0ff000f0u);
            rows[i].mask = mask;
            rows[i].match = di_rand() & mask;
            rows[i].tag = (uint32_t)i;
        }
        dec_index_t ix = {0x0ff000f0u, di_key, di_unkey, 12, NULL, NULL};
        cr_assert_eq(dec_index_build(&ix, rows, N, sizeof rows[0]), 0);
        long hits = 0;
        for (int j = 0; j < 200000; j++) {
            /* words near a row's pattern, so that matches are common */
            const di_row_t *r = &rows[di_rand() % N];
            uint32_t w = (di_rand() & ~r->mask) | r->match;
            if (j & 1)
                w = di_rand();
            long want = di_linear(rows, N, w), got = dec_index_find(&ix, rows, N, sizeof rows[0], w);
            cr_assert_eq(got, want, "word %08x: index says row %ld, the scan row %ld", w, got, want);
            hits += want >= 0;
        }
        cr_assert_gt(hits, 100000, "the test words must match rows most of the time");
        free(ix.start);
        free(ix.list);
    }
}

Test(decode_index, without_an_index_it_scans)
{
    di_row_t rows[2] = {{0x10u, 0x10u, 0}, {0x0u, 0x0u, 1}};
    dec_index_t ix = {0x0ff000f0u, di_key, di_unkey, 12, NULL, NULL};
    cr_assert_eq(dec_index_find(&ix, rows, 2, sizeof rows[0], 0x10u), 0);
    cr_assert_eq(dec_index_find(&ix, rows, 2, sizeof rows[0], 0x20u), 1);
}
