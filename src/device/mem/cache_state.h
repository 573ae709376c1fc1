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

typedef struct cache_line {
    uint64_t tag;               /* the line's address */
    uint64_t used_at, alloc_at; /* clock at the last touch (LRU) and at allocation (FIFO) */
    uint32_t have[CACHE_MAX_LINE / 32]; /* bit b of have[w]: byte 32w + b is here (lazy
                                         * fetch-on-read's per-byte write mask, seed 004 Fig. 5) */
    uint8_t st[CACHE_MAX_SECTORS];
    uint8_t dirty_on_fill;      /* bit u: unit u was written while its fill was in flight */
    uint8_t pad[3];
} cache_line_t;

typedef struct cache {
    cache_params_t P;
    cache_line_t *lines;        /* sets x max_ways; the first P.ways of each set in use */
    cache_mshr_t mshr;
    uint64_t clock;
    uint32_t missq;             /* requests made and not yet taken by the level below */
    uint32_t dirty_lines;
    cache_stats_t stats;
} cache_t;

SIM_INLINE size_t cache_align(size_t n) { return (n + 15) & ~(size_t)15; }

SIM_FN size_t cache_bytes(const cache_params_t *P)
{
    size_t n = cache_align(sizeof(cache_t));
    n += cache_align(sizeof(cache_line_t) * P->sets * P->max_ways);
    n += cache_align(sizeof(cache_mshr_entry_t) * P->mshr_entries);
    n += cache_align(sizeof(uint32_t) * P->mshr_entries * P->mshr_merge);
    n += cache_align(sizeof(uint32_t) * cache_mshr_slots(P->mshr_entries));
    n += cache_align(sizeof(uint32_t) * P->mshr_entries);
    return n;
}

/* An empty cache with parameters P in mem (cache_bytes(P) long). */
SIM_FN cache_t *cache_init(void *mem, const cache_params_t *P)
{
    uint8_t *m = (uint8_t *)mem;
    sim_zero(m, cache_bytes(P));
    cache_t *c = (cache_t *)m;
    size_t o = cache_align(sizeof(cache_t));
#define CACHE_CARVE(field, type, count) field = (type *)(m + o), o += cache_align(sizeof(type) * (count))
    CACHE_CARVE(c->lines, cache_line_t, P->sets * P->max_ways);
    CACHE_CARVE(c->mshr.e, cache_mshr_entry_t, P->mshr_entries);
    CACHE_CARVE(c->mshr.ids, uint32_t, P->mshr_entries * P->mshr_merge);
    CACHE_CARVE(c->mshr.slot, uint32_t, cache_mshr_slots(P->mshr_entries));
    CACHE_CARVE(c->mshr.free, uint32_t, P->mshr_entries);
#undef CACHE_CARVE
    c->P = *P;
    c->mshr.entries = P->mshr_entries;
    c->mshr.merge = P->mshr_merge;
    c->mshr.nslots = cache_mshr_slots(P->mshr_entries);
    cache_mshr_reset(&c->mshr);
    return c;
}

SIM_INLINE cache_line_t *cache_set_lines(cache_t *c, uint32_t set) { return c->lines + (size_t)set * c->P.max_ways; }

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

/* Sets unit u's state, keeping the count of dirty lines the write ratio reads. */
SIM_FN void cache_set_state(cache_t *c, cache_line_t *l, uint32_t u, uint32_t st)
{
    int was = cache_line_modified(l);
    l->st[u] = (uint8_t)st;
    int now = cache_line_modified(l);
    c->dirty_lines += (uint32_t)(now - was);
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
