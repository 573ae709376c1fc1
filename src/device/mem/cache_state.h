/* One cache's state in one block of caller-provided memory (cache_bytes
 * long, carved by cache_init, as sm_state.h does): the lines, the MSHR table,
 * the counters. Times are the cache's own access count, so that the same
 * accesses give the same victims on every backend. */
#ifndef MEM_CACHE_STATE_H
#define MEM_CACHE_STATE_H

#include "device/mem/cache_index.h"
#include "device/mem/cache_mshr.h"
#include "device/mem/cache_stats.h"

/* A unit's (sector's, or a normal line's) state: GPGPU-Sim's cache_block_state. */
enum { CACHE_INVALID, CACHE_RESERVED, CACHE_VALID, CACHE_MODIFIED };

/* A line's state. Its address and replacement age are not here but in the
 * cache's arrays by way (cache_t.tags, .age), with bitmaps of which ways
 * are valid, hold a reserved unit or a modified one: a lookup and a victim
 * search read 8 bytes a way and skip ways by the word, where the lines are
 * 40 bytes each (the adaptive L1's sets have up to 256 ways). */
typedef struct cache_line {
    uint32_t have[CACHE_MAX_LINE / 32]; /* bit b of have[w]: byte 32w + b is here (lazy
                                         * fetch-on-read's per-byte write mask, seed 004 Fig. 5) */
    uint8_t st[CACHE_MAX_SECTORS];
    uint8_t dirty_on_fill;      /* bit u: unit u was written while its fill was in flight */
    uint8_t pad[3];
} cache_line_t;

typedef struct cache {
    cache_params_t P;
    cache_line_t *lines;        /* sets x max_ways; the first P.ways of each set in use */
    uint64_t *tags;             /* sets x max_ways: each line's address */
    uint64_t *age;              /* ... the clock at its last touch (LRU) or its allocation (FIFO) */
    uint64_t *live, *resv, *mod; /* sets x cache_map_words: bit w, way w is valid, has a reserved unit,
                                  * has a modified one */
    uint32_t *way_slot;         /* sets x way_slots: each set's valid ways by tag (key_index) */
    uint32_t way_slots;
    cache_mshr_t mshr;
    uint64_t clock;
    uint32_t missq;             /* requests made and not yet taken by the level below */
    uint32_t dirty_lines;
    uint32_t line_log2;
    uint32_t ipoly_bits;        /* the set index by IPOLY's masks: its bits; 0 when not (cache_set_of) */
    uint64_t set_mask[CACHE_IPOLY_MAX_BITS]; /* IPOLY's masks (cache_ipoly_masks) */
    cache_stats_t stats;
} cache_t;

SIM_INLINE size_t cache_align(size_t n) { return (n + 15) & ~(size_t)15; }

/* 64-bit words of a set's way bitmaps. */
SIM_INLINE uint32_t cache_map_words(const cache_params_t *P) { return (P->max_ways + 63) / 64; }

/* Bytes of a cache's line state: its lines, tags, ages and way bitmaps,
 * which cache_carve carves one after another. */
SIM_FN size_t cache_line_state_bytes(const cache_params_t *P)
{
    return cache_align(sizeof(cache_line_t) * P->sets * P->max_ways) +
           2 * cache_align(sizeof(uint64_t) * P->sets * P->max_ways) +
           3 * cache_align(sizeof(uint64_t) * P->sets * cache_map_words(P));
}

SIM_FN size_t cache_bytes(const cache_params_t *P)
{
    size_t n = cache_align(sizeof(cache_t)) + cache_line_state_bytes(P);
    n += cache_align(sizeof(uint32_t) * P->sets * key_index_slots(P->max_ways));
    n += cache_align(sizeof(cache_mshr_entry_t) * P->mshr_entries);
    n += cache_align(sizeof(uint64_t) * P->mshr_entries);
    n += cache_align(sizeof(uint32_t) * P->mshr_entries * P->mshr_merge);
    n += cache_align(sizeof(uint32_t) * cache_mshr_slots(P->mshr_entries));
    n += cache_align(sizeof(uint32_t) * P->mshr_entries);
    return n;
}

/* The set the line of addr goes to. */
SIM_INLINE uint32_t cache_set_of(const cache_t *c, uint64_t addr)
{
    if (c->ipoly_bits) {
        uint64_t block = addr >> c->line_log2;
        uint32_t set = 0;
        for (uint32_t i = 0; i < c->ipoly_bits; i++)
            set |= sim_parity64(block & c->set_mask[i]) << i;
        return set;
    }
    return cache_hash(addr, c->P.sets, c->line_log2, c->P.index);
}

SIM_INLINE cache_line_t *cache_set_lines(cache_t *c, uint32_t set) { return c->lines + (size_t)set * c->P.max_ways; }
SIM_INLINE uint32_t *cache_set_index(const cache_t *c, uint32_t set) { return c->way_slot + (size_t)set * c->way_slots; }
SIM_INLINE const uint64_t *cache_set_tags(const cache_t *c, uint32_t set) { return c->tags + (size_t)set * c->P.max_ways; }

/* A line's four unit states as one word, and whether a byte of it is k
 * (the classic has-zero-byte test on w ^ k x 0x01010101): the victim search
 * asks this of every way, so one load and a few operations rather than a loop. */
SIM_STATIC_ASSERT(CACHE_MAX_SECTORS == 4, cache_line_st_is_a_word);
SIM_INLINE uint32_t cache_st_word(const cache_line_t *l)
{
    return (uint32_t)l->st[0] | (uint32_t)l->st[1] << 8 | (uint32_t)l->st[2] << 16 | (uint32_t)l->st[3] << 24;
}
SIM_INLINE int cache_st_has(uint32_t w, uint32_t k)
{
    uint32_t x = w ^ (k * 0x01010101u);
    return ((x - 0x01010101u) & ~x & 0x80808080u) != 0;
}

SIM_INLINE int cache_line_reserved(const cache_line_t *l) { return cache_st_has(cache_st_word(l), CACHE_RESERVED); }
SIM_INLINE int cache_line_modified(const cache_line_t *l) { return cache_st_has(cache_st_word(l), CACHE_MODIFIED); }
SIM_INLINE int cache_line_valid(const cache_line_t *l) { return cache_st_word(l) != 0; }

/* Line l's index (set x max_ways + way) in the cache's arrays. */
SIM_INLINE uint32_t cache_line_index(const cache_t *c, const cache_line_t *l) { return (uint32_t)(l - c->lines); }

/* Sets unit u's state, keeping the count of dirty lines the write ratio
 * reads, the line's bits in the way bitmaps and its set's index by tag
 * (which holds the valid lines: a line's tag changes only while it is
 * invalid, cache_allocate after cache_evict). */
SIM_FN void cache_set_state(cache_t *c, cache_line_t *l, uint32_t u, uint32_t st)
{
    uint32_t before = cache_st_word(l);
    int was = cache_st_has(before, CACHE_MODIFIED);
    l->st[u] = (uint8_t)st;
    uint32_t w = cache_st_word(l), i = cache_line_index(c, l), mw = cache_map_words(&c->P);
    int now = cache_st_has(w, CACHE_MODIFIED);
    c->dirty_lines += (uint32_t)(now - was);
    uint32_t set = i / c->P.max_ways, way = i % c->P.max_ways;
    if (!before != !w) {
        if (w)
            key_index_add(cache_set_index(c, set), c->way_slots, cache_set_tags(c, set), way);
        else
            key_index_remove(cache_set_index(c, set), c->way_slots, cache_set_tags(c, set), c->tags[i]);
    }
    size_t k = (size_t)set * mw + way / 64;
    uint64_t bit = 1ull << (way % 64);
    c->live[k] = w ? c->live[k] | bit : c->live[k] & ~bit;
    c->resv[k] = cache_st_has(w, CACHE_RESERVED) ? c->resv[k] | bit : c->resv[k] & ~bit;
    c->mod[k] = now ? c->mod[k] | bit : c->mod[k] & ~bit;
}

/* The cache's arrays carved from mem (cache_bytes(P) long) and what its
 * parameters fix, worked out: cache_init's and cache_reuse's common part. */
SIM_FN cache_t *cache_carve(void *mem, const cache_params_t *P)
{
    uint8_t *m = (uint8_t *)mem;
    cache_t *c = (cache_t *)m;
    size_t o = cache_align(sizeof(cache_t));
#define CACHE_CARVE(field, type, count) field = (type *)(m + o), o += cache_align(sizeof(type) * (count))
    CACHE_CARVE(c->lines, cache_line_t, P->sets * P->max_ways);
    CACHE_CARVE(c->tags, uint64_t, P->sets * P->max_ways);
    CACHE_CARVE(c->age, uint64_t, P->sets * P->max_ways);
    CACHE_CARVE(c->live, uint64_t, P->sets * cache_map_words(P));
    CACHE_CARVE(c->resv, uint64_t, P->sets * cache_map_words(P));
    CACHE_CARVE(c->mod, uint64_t, P->sets * cache_map_words(P));
    CACHE_CARVE(c->way_slot, uint32_t, P->sets * key_index_slots(P->max_ways));
    CACHE_CARVE(c->mshr.e, cache_mshr_entry_t, P->mshr_entries);
    CACHE_CARVE(c->mshr.key, uint64_t, P->mshr_entries);
    CACHE_CARVE(c->mshr.ids, uint32_t, P->mshr_entries * P->mshr_merge);
    CACHE_CARVE(c->mshr.slot, uint32_t, cache_mshr_slots(P->mshr_entries));
    CACHE_CARVE(c->mshr.free, uint32_t, P->mshr_entries);
#undef CACHE_CARVE
    c->P = *P;
    c->line_log2 = cache_log2(P->line);
    uint32_t set_bits = cache_log2(P->sets);
    if (P->index == CACHE_IPOLY && set_bits && set_bits <= CACHE_IPOLY_MAX_BITS) {
        c->ipoly_bits = set_bits;
        cache_ipoly_masks(set_bits, c->set_mask);
    }
    c->way_slots = key_index_slots(P->max_ways);
    c->mshr.entries = P->mshr_entries;
    c->mshr.merge = P->mshr_merge;
    c->mshr.nslots = cache_mshr_slots(P->mshr_entries);
    return c;
}

/* An empty cache with parameters P in mem (cache_bytes(P) long). */
SIM_FN cache_t *cache_init(void *mem, const cache_params_t *P)
{
    sim_zero(mem, cache_bytes(P));
    cache_t *c = cache_carve(mem, P);
    key_index_clear(c->way_slot, P->sets * c->way_slots);
    cache_mshr_reset(&c->mshr);
    return c;
}

/* The cache in mem as the last kernel left it (cache_init'd with the same
 * P, then used; mem may have moved since, to or from a GPU: its arrays are
 * carved again), for the next kernel: the lines, tags, ages, way bitmaps
 * and index, the clock and the dirty count kept; the MSHRs, the miss
 * queue's count and the counters empty, as cache_init leaves them; a unit
 * whose fill was still on its way (none when the kernel's loads have all
 * come back, but a store's may be) dropped. The L2 from one kernel to the
 * next, in place, as GPGPU-Sim keeps it. */
SIM_FN cache_t *cache_reuse(void *mem, const cache_params_t *P)
{
    cache_t *c = cache_carve(mem, P);
    sim_zero(c->mshr.e, (size_t)((uint8_t *)mem + cache_bytes(P) - (uint8_t *)c->mshr.e));
    cache_mshr_reset(&c->mshr);
    c->missq = 0;
    sim_zero(&c->stats, sizeof c->stats);
    uint32_t mw = cache_map_words(P);
    for (uint32_t s = 0; s < P->sets; s++)
        for (uint32_t i = 0; i < mw; i++)
            for (uint64_t b = c->resv[(size_t)s * mw + i]; b; b &= b - 1) {
                cache_line_t *l = cache_set_lines(c, s) + i * 64 + sim_ctz64(b);
                for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++)
                    if (l->st[u] == CACHE_RESERVED)
                        cache_set_state(c, l, u, CACHE_INVALID);
            }
    return c;
}

/* The adaptive L1's ways and allocation for the next kernel (cache_split.h),
 * at a kernel boundary, where GPGPU-Sim reconfigures: the lines of ways
 * given up are dropped (the L1 is write-through: nothing to write back). */
SIM_FN void cache_set_ways(cache_t *c, uint32_t ways, uint32_t alloc)
{
    ways = ways < c->P.max_ways ? ways : c->P.max_ways;
    for (uint32_t s = 0; s < c->P.sets; s++)
        for (uint32_t w = ways; w < c->P.max_ways; w++)
            for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++)
                cache_set_state(c, cache_set_lines(c, s) + w, u, CACHE_INVALID);
    c->P.ways = ways;
    c->P.alloc = alloc;
}

#endif
