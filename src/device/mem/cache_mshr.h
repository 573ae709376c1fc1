/* The miss-status holding registers: a fully associative table keyed by the
 * address of what is in flight (a sector of a sectored cache, a line of a
 * normal one), each entry holding the requests merged into it. Lookup is an
 * open-addressed hash over twice the entries (the streaming L1's table has
 * thousands: seed 004 section III-C), deletion shifts back, so the table
 * holds no tombstones and the same accesses leave it the same. */
#ifndef MEM_CACHE_MSHR_H
#define MEM_CACHE_MSHR_H

#include "device/sim_port.h"

#define CACHE_NONE 0xffffffffu

typedef struct cache_mshr_entry {
    uint64_t key;
    uint32_t n;                 /* requests merged (ids[entry x merge ..]) */
    uint32_t atomic;            /* an atomic waits: the unit is dirty once filled */
} cache_mshr_entry_t;

typedef struct cache_mshr {
    cache_mshr_entry_t *e;
    uint32_t *ids;              /* entries x merge request ids */
    uint32_t *slot;             /* nslots: an entry's index, or CACHE_NONE */
    uint32_t *free;             /* entries not in use, a stack */
    uint32_t entries, merge, nslots, nfree;
} cache_mshr_t;

SIM_INLINE uint32_t cache_mshr_slots(uint32_t entries)
{
    uint32_t n = 2;
    while (n < 2 * entries)
        n <<= 1;
    return n;
}

SIM_INLINE uint32_t cache_mshr_home(const cache_mshr_t *m, uint64_t key)
{
    return (uint32_t)((key >> 5) * 0x9e3779b97f4a7c15ull >> 32) & (m->nslots - 1);
}

/* The hash slot holding key, or the empty slot where it would go. */
SIM_INLINE uint32_t cache_mshr_slot(const cache_mshr_t *m, uint64_t key)
{
    uint32_t i = cache_mshr_home(m, key);
    while (m->slot[i] != CACHE_NONE && m->e[m->slot[i]].key != key)
        i = (i + 1) & (m->nslots - 1);
    return i;
}

SIM_INLINE uint32_t cache_mshr_find(const cache_mshr_t *m, uint64_t key) { return m->slot[cache_mshr_slot(m, key)]; }

SIM_FN void cache_mshr_reset(cache_mshr_t *m)
{
    for (uint32_t i = 0; i < m->nslots; i++)
        m->slot[i] = CACHE_NONE;
    for (uint32_t i = 0; i < m->entries; i++)
        m->free[i] = m->entries - 1 - i;
    m->nfree = m->entries;
}

/* A new entry for key (not in the table; the caller checked nfree). */
SIM_FN uint32_t cache_mshr_add(cache_mshr_t *m, uint64_t key)
{
    uint32_t k = m->free[--m->nfree];
    m->slot[cache_mshr_slot(m, key)] = k;
    m->e[k].key = key;
    m->e[k].n = 0;
    m->e[k].atomic = 0;
    return k;
}

/* Removes key's entry, moving later entries of its probe run back so that
 * every key stays reachable from its home slot. */
SIM_FN void cache_mshr_remove(cache_mshr_t *m, uint64_t key)
{
    uint32_t mask = m->nslots - 1, i = cache_mshr_slot(m, key);
    if (m->slot[i] == CACHE_NONE)
        return;
    m->free[m->nfree++] = m->slot[i];
    for (;;) {
        m->slot[i] = CACHE_NONE;
        uint32_t j = i;
        for (;;) {
            j = (j + 1) & mask;
            if (m->slot[j] == CACHE_NONE)
                return;
            uint32_t home = cache_mshr_home(m, m->e[m->slot[j]].key);
            /* j's entry may fill the hole at i unless its home lies cyclically in (i, j]. */
            int stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays)
                break;
        }
        m->slot[i] = m->slot[j];
        i = j;
    }
}

#endif
