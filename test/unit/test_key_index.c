/* key_index.h against a plain list: random additions and removals of
 * items whose keys are line addresses (multiples of 128, many sharing a
 * home slot), after each step every key present found at its item and
 * every key removed not found; and a cache set's ways found by tag through
 * a fill, an eviction and the L2's save and load (cache_load_lines rebuilds
 * the index). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "cache_fixture.h"
#include "device/mem/key_index.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

Test(key_index, random_against_a_list)
{
    enum { ITEMS = 256, STEPS = 20000 };
    uint32_t nslots = key_index_slots(ITEMS);
    cr_assert_eq(nslots, 512);
    uint32_t *slot = malloc(sizeof *slot * nslots);
    uint64_t keys[ITEMS];
    int in[ITEMS] = {0};
    key_index_clear(slot, nslots);
    uint32_t present = 0, removals = 0;
    for (uint32_t step = 0; step < STEPS; step++) {
        uint32_t k = rnd(ITEMS);
        if (in[k]) {
            key_index_remove(slot, nslots, keys, keys[k]);
            in[k] = 0, present--, removals++;
        } else {
            /* a key no present item holds: addresses in a 64 KiB window, so homes collide */
            uint64_t key;
            int clash;
            do {
                key = 0x10000000ull + 128ull * rnd(512);
                clash = 0;
                for (uint32_t j = 0; j < ITEMS; j++)
                    clash |= in[j] && keys[j] == key;
            } while (clash);
            keys[k] = key;
            key_index_add(slot, nslots, keys, k);
            in[k] = 1, present++;
        }
        if (step % 97 == 0 || step == STEPS - 1) {
            uint32_t held = 0;
            for (uint32_t i = 0; i < nslots; i++)
                held += slot[i] != KEY_NONE;
            cr_assert_eq(held, present, "step %u: %u slots hold items, %u present", step, held, present);
            for (uint32_t j = 0; j < ITEMS; j++)
                if (in[j])
                    cr_assert_eq(key_index_find(slot, nslots, keys, keys[j]), j, "step %u: item %u", step, j);
            for (uint32_t a = 0; a < 512; a++) {
                uint64_t key = 0x10000000ull + 128ull * a;
                uint32_t f = key_index_find(slot, nslots, keys, key);
                int held_key = 0;
                for (uint32_t j = 0; j < ITEMS; j++)
                    held_key |= in[j] && keys[j] == key;
                cr_assert(held_key ? f != KEY_NONE && keys[f] == key : f == KEY_NONE, "step %u: key %#llx", step,
                          (unsigned long long)key);
            }
        }
    }
    cr_assert_gt(removals, STEPS / 4);
    free(slot);
}

/* A 4-set, 256-way sectored cache (the adaptive L1's largest shape): 300
 * lines of one set read, so 44 are evicted; each of the last 256 hits, the
 * first 44 miss again; the cache copied elsewhere whole (as to and from a
 * GPU) and made ready for the next kernel (cache_reuse) hits where the
 * original does, but for a read still in flight, which is dropped. */
Test(key_index, cache_ways_by_tag)
{
    cache_t *c = cache_from("S:4:128:256,L:B:m:L:L,A:512:8,16:0,32", 2);
    cache_out_t o;
    uint32_t ids[8];
    cache_wb_t wb;
    uint64_t set_stride = 4 * 128; /* linear indexing: the next line of set 0 */
    for (uint32_t i = 0; i < 300; i++) {
        cr_assert_eq(rd(c, i * set_stride, 1, i, &o), CACHE_MISS, "line %u", i);
        cache_missq_take(c, 1);
        cache_fill(c, i * set_stride, ids, &wb);
    }
    for (uint32_t i = 44; i < 300; i++)
        cr_assert_eq(cache_probe(c, i * set_stride, 0, 0).status, CACHE_HIT, "line %u", i);
    for (uint32_t i = 0; i < 44; i++)
        cr_assert_eq(cache_probe(c, i * set_stride, 0, 0).status, CACHE_MISS, "line %u", i);
    uint64_t flying = 300 * set_stride;
    cr_assert_eq(rd(c, flying, 1, 300, &o), CACHE_MISS);
    cr_assert_eq(cache_probe(c, flying, 0, 0).status, CACHE_HIT_RESERVED);
    cache_t *d = malloc(cache_bytes(&c->P));
    memcpy(d, c, cache_bytes(&c->P));
    memset(c->lines, 0xa5, 64); /* d must not read c's arrays */
    d = cache_reuse(d, &c->P);
    cr_assert_eq(cache_probe(d, flying, 0, 0).status, CACHE_MISS, "the read in flight: dropped");
    cr_expect_eq(d->mshr.nfree, d->mshr.entries, "no MSHR in use");
    cr_expect_eq(d->missq, 0);
    cr_expect_eq(d->stats.acc[CACHE_GLOBAL_ACC_R][CACHE_MISS], 0, "the counters start again");
    for (uint32_t i = 0; i < 300; i++) /* line 44's way went to the read in flight */
        cr_assert_eq(cache_probe(d, i * set_stride, 0, 0).status, i <= 44 ? CACHE_MISS : CACHE_HIT, "line %u", i);
    free(d);
    free(c);
}
