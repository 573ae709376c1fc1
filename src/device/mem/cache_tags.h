/* The tag array: looking a unit up (GPGPU-Sim's tag_array::probe), choosing
 * a victim, evicting it (a write-back with its byte mask when dirty) and
 * allocating a line. */
#ifndef MEM_CACHE_TAGS_H
#define MEM_CACHE_TAGS_H

#include "device/mem/cache_state.h"

/* A dirty line leaving the cache: its units that were modified and the
 * bytes of them it holds (all 32 of a fetched sector; only those written of
 * a lazily allocated one, seed 004 section III-B). units 0: none. */
typedef struct cache_wb {
    uint64_t addr;
    uint32_t units;
    uint32_t bytes[CACHE_MAX_LINE / 32];
} cache_wb_t;

typedef struct cache_probe {
    uint32_t status;            /* CACHE_HIT, _HIT_RESERVED, _SECTOR_MISS, _MISS, _RESERVATION_FAIL */
    uint32_t way;               /* the line hit, or the victim of a miss */
} cache_probe_t;

/* The have[] bits of unit u. */
SIM_INLINE void cache_unit_words(const cache_params_t *P, uint32_t u, uint32_t *first, uint32_t *n)
{
    *n = cache_unit_bytes(P) / 32;
    *first = u * *n;
}

/* Every byte of unit u set in a line-wide byte mask (a line's have[], a write's bytes[]). */
SIM_INLINE int cache_unit_all(const cache_params_t *P, const uint32_t *mask, uint32_t u)
{
    uint32_t w0, n;
    cache_unit_words(P, u, &w0, &n);
    for (uint32_t w = w0; w < w0 + n; w++)
        if (mask[w] != 0xffffffffu)
            return 0;
    return 1;
}

SIM_INLINE int cache_unit_full(const cache_params_t *P, const cache_line_t *l, uint32_t u)
{
    return cache_unit_all(P, l->have, u);
}

SIM_INLINE void cache_unit_have(const cache_params_t *P, cache_line_t *l, uint32_t u, const uint32_t *bytes)
{
    uint32_t w0, n;
    cache_unit_words(P, u, &w0, &n);
    for (uint32_t w = w0; w < w0 + n; w++)
        l->have[w] = bytes ? l->have[w] | bytes[w] : 0xffffffffu;
}

SIM_INLINE void cache_unit_drop(const cache_params_t *P, cache_line_t *l, uint32_t u)
{
    uint32_t w0, n;
    cache_unit_words(P, u, &w0, &n);
    for (uint32_t w = w0; w < w0 + n; w++)
        l->have[w] = 0;
}

/* Unit u of the line at la. A modified unit is readable only when every
 * byte of it is here: a write-allocated, partly written sector is a sector
 * miss to a read (lazy fetch-on-read), a hit to a write. */
SIM_FN cache_probe_t cache_probe(cache_t *c, uint64_t la, uint32_t u, int is_write)
{
    const cache_params_t *P = &c->P;
    uint32_t set = cache_set_of(c, la), mw = cache_map_words(P);
    cache_line_t *lines = cache_set_lines(c, set);
    const uint64_t *age = c->age + (size_t)set * P->max_ways;
    const uint64_t *live = c->live + (size_t)set * mw, *resv = c->resv + (size_t)set * mw, *mod = c->mod + (size_t)set * mw;
    cache_probe_t r = {CACHE_RESERVATION_FAIL, CACHE_NONE};
    /* The tags first (a hit looks at nothing else): the valid way with la
     * (one at most: a line is allocated only where a lookup missed). */
    uint32_t w = key_index_find(cache_set_index(c, set), c->way_slots, cache_set_tags(c, set), la);
    if (w != CACHE_NONE) {
        cache_line_t *l = lines + w;
        r.way = w;
        switch (l->st[u]) {
        case CACHE_RESERVED: r.status = CACHE_HIT_RESERVED; break;
        case CACHE_VALID: r.status = cache_unit_full(P, l, u) ? CACHE_HIT : CACHE_SECTOR_MISS; break;
        case CACHE_MODIFIED: r.status = is_write || cache_unit_full(P, l, u) ? CACHE_HIT : CACHE_SECTOR_MISS; break;
        default: r.status = CACHE_SECTOR_MISS; break;
        }
        return r;
    }
    /* The victim: the last invalid way, as GPGPU-Sim; else the oldest (the
     * first of equals) of the ways neither reserved nor, until dirty lines
     * are write_ratio % of the cache, modified. */
    int dirty_ok = (uint64_t)c->dirty_lines * 100 >= (uint64_t)P->write_ratio * P->sets * P->ways;
    uint32_t words = (P->ways + 63) / 64, oldest = CACHE_NONE;
    for (uint32_t k = words; k-- > 0;) {
        uint32_t n = P->ways - 64 * k;
        uint64_t in_use = n >= 64 ? ~0ull : (1ull << n) - 1, free = ~live[k] & in_use;
        if (free) {
            r.way = 64 * k + sim_msb64(free);
            r.status = CACHE_MISS;
            return r;
        }
    }
    uint64_t oldest_at = 0;
    for (uint32_t k = 0; k < words; k++) {
        uint32_t n = P->ways - 64 * k;
        uint64_t ok = (n >= 64 ? ~0ull : (1ull << n) - 1) & ~resv[k] & (dirty_ok ? ~0ull : ~mod[k]);
        for (; ok; ok &= ok - 1) {
            uint32_t w = 64 * k + sim_ctz64(ok);
            if (oldest == CACHE_NONE || age[w] < oldest_at)
                oldest = w, oldest_at = age[w];
        }
    }
    r.way = oldest;
    if (r.way != CACHE_NONE)
        r.status = CACHE_MISS;
    return r;
}

/* Empties l, describing it in wb when it held modified units. */
SIM_FN void cache_evict(cache_t *c, cache_line_t *l, cache_wb_t *wb)
{
    const cache_params_t *P = &c->P;
    if (cache_line_modified(l)) {
        wb->addr = c->tags[cache_line_index(c, l)];
        wb->units = 0;
        for (uint32_t w = 0; w < CACHE_MAX_LINE / 32; w++)
            wb->bytes[w] = 0;
        for (uint32_t u = 0; u < cache_units(P); u++) {
            if (l->st[u] != CACHE_MODIFIED)
                continue;
            uint32_t w0, n;
            cache_unit_words(P, u, &w0, &n);
            wb->units |= 1u << u;
            for (uint32_t w = w0; w < w0 + n; w++)
                wb->bytes[w] = l->have[w];
        }
    }
    for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++)
        cache_set_state(c, l, u, CACHE_INVALID);
    for (uint32_t w = 0; w < CACHE_MAX_LINE / 32; w++)
        l->have[w] = 0;
    l->dirty_on_fill = 0;
}

SIM_FN void cache_touch(cache_t *c, cache_line_t *l, uint32_t op)
{
    if (c->P.repl != CACHE_FIFO)
        c->age[cache_line_index(c, l)] = cache_op_evict_first(op) ? 0 : c->clock;
}

SIM_FN void cache_allocate(cache_t *c, cache_line_t *l, uint64_t la, uint32_t op)
{
    c->tags[cache_line_index(c, l)] = la;
    if (c->P.repl == CACHE_FIFO)
        c->age[cache_line_index(c, l)] = cache_op_evict_first(op) ? 0 : c->clock;
    cache_touch(c, l, op);
}

#endif
