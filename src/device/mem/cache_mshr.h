/* The miss-status holding registers: a fully associative table keyed by the
 * address of what is in flight (a sector of a sectored cache, a line of a
 * normal one), each entry holding the requests merged into it, found by its
 * address in a key_index (the streaming L1's table has thousands of entries:
 * seed 004 section III-C). */
#ifndef MEM_CACHE_MSHR_H
#define MEM_CACHE_MSHR_H

#include "device/mem/key_index.h"

#define CACHE_NONE KEY_NONE

typedef struct cache_mshr_entry {
    uint32_t n;                 /* requests merged (ids[entry x merge ..]) */
    uint32_t atomic;            /* an atomic waits: the unit is dirty once filled */
} cache_mshr_entry_t;

typedef struct cache_mshr {
    cache_mshr_entry_t *e;
    uint64_t *key;              /* entries: each entry's address */
    uint32_t *ids;              /* entries x merge request ids */
    uint32_t *slot;             /* nslots: the index of entries by key */
    uint32_t *free;             /* entries not in use, a stack */
    uint32_t entries, merge, nslots, nfree;
} cache_mshr_t;

SIM_INLINE uint32_t cache_mshr_slots(uint32_t entries) { return key_index_slots(entries); }

SIM_INLINE uint32_t cache_mshr_find(const cache_mshr_t *m, uint64_t key)
{
    return key_index_find(m->slot, m->nslots, m->key, key);
}

SIM_FN void cache_mshr_reset(cache_mshr_t *m)
{
    key_index_clear(m->slot, m->nslots);
    for (uint32_t i = 0; i < m->entries; i++)
        m->free[i] = m->entries - 1 - i;
    m->nfree = m->entries;
}

/* A new entry for key (not in the table; the caller checked nfree). */
SIM_FN uint32_t cache_mshr_add(cache_mshr_t *m, uint64_t key)
{
    uint32_t k = m->free[--m->nfree];
    m->key[k] = key;
    key_index_add(m->slot, m->nslots, m->key, k);
    m->e[k].n = 0;
    m->e[k].atomic = 0;
    return k;
}

/* Removes key's entry. */
SIM_FN void cache_mshr_remove(cache_mshr_t *m, uint64_t key)
{
    uint32_t k = cache_mshr_find(m, key);
    if (k == CACHE_NONE)
        return;
    m->free[m->nfree++] = k;
    key_index_remove(m->slot, m->nslots, m->key, key);
}

#endif
