/* One cache (an SM's L1D or an L2 slice) as GPGPU-Sim's data_cache models
 * it, sectored as seed 004 found Volta's: an access names a line, the
 * sectors it touches and, for a write, the bytes; each sector is looked up
 * in turn and answers HIT, HIT_RESERVED (merged into a miss in flight), a
 * miss (a request below) or RESERVATION_FAIL (no line, MSHR, merge slot or
 * miss-queue room: the caller retries the sectors not done). A fill, the
 * level below's answer for one sector, completes its MSHR entry and hands
 * back the requests that waited on it.
 *
 *   cache_t *c = cache_init(mem, &P);                 // mem: cache_bytes(&P) bytes
 *   cache_req_t r = {addr, 0x1, {0}, id, CACHE_READ, CACHE_OP_CA, CACHE_GLOBAL_ACC_R};
 *   cache_out_t o;
 *   cache_access(c, &r, &o);                          // o.fetch: sectors to read below
 *   cache_missq_take(c, n);                           // the level below took n requests
 *   n = cache_fill(c, sector_addr, ids, &wb);         // ids: the requests now served */
#ifndef MEM_CACHE_H
#define MEM_CACHE_H

#include "device/mem/cache_tags.h"

typedef struct cache_req {
    uint64_t addr;              /* any byte of the line */
    uint32_t units;             /* bit u: sector u of the line (a normal cache: the line) */
    uint32_t bytes[CACHE_MAX_LINE / 32]; /* a write's bytes: bit b of bytes[w] is byte 32w + b */
    uint32_t id;                /* the caller's, handed back by the fill that serves a miss */
    uint8_t kind, op, type;     /* enum cache_kind, cache_op, cache_access_type */
} cache_req_t;

typedef struct cache_out {
    uint32_t status;            /* HIT < HIT_RESERVED < MISS < RESERVATION_FAIL: the worst sector's */
    uint8_t unit_status[CACHE_MAX_SECTORS]; /* each sector's, as counted (SECTOR_MISS included) */
    uint32_t fail;              /* enum cache_fail, with RESERVATION_FAIL */
    uint32_t done;              /* sectors taken; the others are to be retried */
    uint32_t fetch;             /* sectors read from below: a request each, served by cache_fill */
    uint32_t merged;            /* sectors waiting on a fetch already in flight */
    uint32_t write;             /* sectors written below now (the request's bytes) */
    uint32_t bypass;            /* the operator passed this cache by: fetch/write go below, the
                                 * answer returns to the caller, not to cache_fill */
    cache_wb_t wb;              /* a dirty line evicted */
} cache_out_t;

/* Room in the miss queue for n more requests (0 entries: unbounded). */
SIM_INLINE int cache_missq_room(const cache_t *c, uint32_t n)
{
    return !c->P.miss_queue || c->missq + n <= c->P.miss_queue;
}

/* The level below took n of the requests made. */
SIM_INLINE void cache_missq_take(cache_t *c, uint32_t n) { c->missq = n < c->missq ? c->missq - n : 0; }

SIM_INLINE uint32_t cache_fail(cache_out_t *o, uint32_t why)
{
    o->fail = why;
    return CACHE_RESERVATION_FAIL;
}

/* A fetch of unit u for r: merged into the entry in flight, or a new entry
 * (and, on a miss of an allocate-on-miss cache, the line reserved now).
 * id_waits: r waits for the data (a read; not a write's allocation fetch). */
SIM_FN uint32_t cache_fetch_unit(cache_t *c, const cache_req_t *r, uint64_t la, uint32_t u, cache_probe_t p,
                                 int id_waits, uint32_t extra, cache_out_t *o)
{
    const cache_params_t *P = &c->P;
    cache_mshr_t *m = &c->mshr;
    uint64_t key = la + (uint64_t)u * cache_unit_bytes(P);
    cache_line_t *l = p.way != CACHE_NONE ? cache_set_lines(c, cache_set_of(c, la)) + p.way : 0;
    uint32_t k = cache_mshr_find(m, key), bit = 1u << u;
    if (k != CACHE_NONE) {
        if (id_waits && m->e[k].n >= m->merge)
            return cache_fail(o, CACHE_MSHR_MERGE_ENRTY_FAIL);
        if (!cache_missq_room(c, extra))
            return cache_fail(o, CACHE_MISS_QUEUE_FULL);
        if (id_waits)
            m->ids[(size_t)k * m->merge + m->e[k].n++] = r->id;
        m->e[k].atomic |= r->kind == CACHE_ATOMIC;
        if (p.status == CACHE_HIT_RESERVED)
            cache_touch(c, l, r->op);
        else
            c->stats.acc[r->type][CACHE_MSHR_HIT]++;
        o->merged |= bit;
        return p.status;
    }
    int evicts = P->alloc == CACHE_ON_MISS && p.status == CACHE_MISS && cache_line_modified(l);
    if (!m->nfree)
        return cache_fail(o, CACHE_MSHR_ENRTY_FAIL);
    if (!cache_missq_room(c, 1 + extra + (uint32_t)evicts))
        return cache_fail(o, CACHE_MISS_QUEUE_FULL);
    if (P->alloc == CACHE_ON_MISS) {
        if (p.status == CACHE_MISS) {
            cache_evict(c, l, &o->wb);
            cache_allocate(c, l, la, r->op);
        } else {
            cache_touch(c, l, r->op);
        }
        if (l->st[u] == CACHE_MODIFIED)
            l->dirty_on_fill |= (uint8_t)bit;
        cache_set_state(c, l, u, CACHE_RESERVED);
    }
    k = cache_mshr_add(m, key);
    if (id_waits)
        m->ids[(size_t)k * m->merge + m->e[k].n++] = r->id;
    m->e[k].atomic = r->kind == CACHE_ATOMIC;
    o->fetch |= bit;
    c->missq += 1 + (uint32_t)evicts;
    return p.status;
}

SIM_FN uint32_t cache_read_unit(cache_t *c, const cache_req_t *r, uint64_t la, uint32_t u, cache_out_t *o)
{
    cache_probe_t p = cache_probe(c, la, u, 0);
    if (p.status == CACHE_RESERVATION_FAIL)
        return cache_fail(o, CACHE_LINE_ALLOC_FAIL);
    if (p.status != CACHE_HIT)
        return cache_fetch_unit(c, r, la, u, p, 1, 0, o);
    cache_line_t *l = cache_set_lines(c, cache_set_of(c, la)) + p.way;
    cache_touch(c, l, r->op);
    if (r->kind == CACHE_ATOMIC)        /* done here: the sector is dirty (GPGPU-Sim's rd_hit_base) */
        cache_set_state(c, l, u, CACHE_MODIFIED);
    return CACHE_HIT;
}

/* The write policy this write meets: local-write-back-global-write-through
 * is, as GPGPU-Sim implements it, write-evict for global data; st.wt writes
 * through a write-back cache. */
SIM_INLINE uint32_t cache_write_policy(const cache_params_t *P, const cache_req_t *r)
{
    uint32_t pol = P->write;
    if (pol == CACHE_LOCAL_WB_GLOBAL_WT)
        pol = r->type == CACHE_GLOBAL_ACC_W ? CACHE_WRITE_EVICT : CACHE_WRITE_BACK;
    if (pol == CACHE_WRITE_BACK && r->op == CACHE_OP_WT)
        pol = CACHE_WRITE_THROUGH;
    return pol;
}

SIM_FN uint32_t cache_write_unit(cache_t *c, const cache_req_t *r, uint64_t la, uint32_t u, cache_out_t *o)
{
    const cache_params_t *P = &c->P;
    uint32_t pol = cache_write_policy(P, r), bit = 1u << u;
    uint32_t through = pol != CACHE_WRITE_BACK; /* write-through and write-evict send every write below */
    cache_probe_t p = cache_probe(c, la, u, 1);
    cache_line_t *l = p.way != CACHE_NONE ? cache_set_lines(c, cache_set_of(c, la)) + p.way : 0;
    if (p.status == CACHE_HIT || p.status == CACHE_HIT_RESERVED) {
        if (!cache_missq_room(c, through))
            return cache_fail(o, CACHE_MISS_QUEUE_FULL);
        if (pol == CACHE_WRITE_EVICT && p.status == CACHE_HIT) {
            cache_set_state(c, l, u, CACHE_INVALID);
            cache_unit_drop(P, l, u);
        } else {
            cache_unit_have(P, l, u, r->bytes);
            cache_touch(c, l, r->op);
            if (!through && p.status == CACHE_HIT)
                cache_set_state(c, l, u, CACHE_MODIFIED);
            else if (!through)          /* the fill in flight merges under these bytes */
                l->dirty_on_fill |= (uint8_t)bit;
        }
        o->write |= through ? bit : 0;
        c->missq += through;
        return p.status;
    }
    if (P->walloc == CACHE_NO_WRITE_ALLOCATE) {
        if (!cache_missq_room(c, 1))
            return cache_fail(o, CACHE_MISS_QUEUE_FULL);
        o->write |= bit;
        c->missq++;
        return p.status == CACHE_SECTOR_MISS ? CACHE_SECTOR_MISS : CACHE_MISS;
    }
    if (p.status == CACHE_RESERVATION_FAIL)
        return cache_fail(o, CACHE_LINE_ALLOC_FAIL);
    /* Naive write-allocate writes below and fetches the sector; fetch-on-write
     * fetches a sector the write does not fill and merges it under the write. */
    int fetch = P->walloc == CACHE_WRITE_ALLOCATE ||
                (P->walloc == CACHE_FETCH_ON_WRITE && !cache_unit_all(P, r->bytes, u));
    if (fetch) {
        uint32_t naive = P->walloc == CACHE_WRITE_ALLOCATE;
        uint32_t st = cache_fetch_unit(c, r, la, u, p, 0, naive || through, o);
        if (st == CACHE_RESERVATION_FAIL)
            return st;
        l = cache_set_lines(c, cache_set_of(c, la)) + p.way;
        if (P->alloc == CACHE_ON_MISS && !naive) {
            cache_unit_have(P, l, u, r->bytes);
            if (!through)
                l->dirty_on_fill |= (uint8_t)bit;
        }
        if (naive || through)
            o->write |= bit, c->missq++;
        return st;
    }
    /* Lazy fetch-on-read (and a whole-sector fetch-on-write): the line is
     * allocated and the bytes written, nothing read; a later read of a byte
     * not written fetches the sector (seed 004 section III-B). */
    int evicts = p.status == CACHE_MISS && cache_line_modified(l);
    if (!cache_missq_room(c, through + (uint32_t)evicts))
        return cache_fail(o, CACHE_MISS_QUEUE_FULL);
    if (p.status == CACHE_MISS) {
        cache_evict(c, l, &o->wb);
        cache_allocate(c, l, la, r->op);
    } else {
        cache_touch(c, l, r->op);
    }
    cache_unit_have(P, l, u, r->bytes);
    cache_set_state(c, l, u, through ? CACHE_VALID : CACHE_MODIFIED);
    o->write |= through ? bit : 0;
    c->missq += through + (uint32_t)evicts;
    return p.status;
}

/* The caller's view of a sector's counted outcome: HIT, HIT_RESERVED, MISS
 * or RESERVATION_FAIL, which enum cache_status numbers 0 to 3 in that order. */
SIM_STATIC_ASSERT(CACHE_HIT == 0 && CACHE_HIT_RESERVED == 1 && CACHE_MISS == 2 && CACHE_RESERVATION_FAIL == 3,
                  cache_status_rank_order);
SIM_INLINE uint32_t cache_rank(uint32_t counted, int merged)
{
    if (counted == CACHE_RESERVATION_FAIL || counted == CACHE_HIT)
        return counted;
    return counted == CACHE_HIT_RESERVED || merged ? CACHE_HIT_RESERVED : CACHE_MISS;
}

SIM_FN uint32_t cache_access(cache_t *c, const cache_req_t *r, cache_out_t *o)
{
    const cache_params_t *P = &c->P;
    uint64_t la = r->addr & ~(uint64_t)(P->line - 1);
    uint32_t units = P->type == CACHE_SECTOR ? r->units & ((1u << cache_units(P)) - 1) : (r->units ? 1u : 0u);
    uint32_t worst = 0;
    for (uint32_t i = 0; i < sizeof *o; i++)
        ((uint8_t *)o)[i] = 0;
    if (P->level == 1 && cache_op_bypasses_l1(r->kind, r->op)) {
        o->status = CACHE_MISS;
        o->done = units;
        o->bypass = 1;
        if (r->kind == CACHE_READ)
            o->fetch = units;
        else
            o->write = units;
        return o->status;
    }
    c->clock++;
    for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++) {
        if (!(units >> u & 1))
            continue;
        uint32_t st = r->kind == CACHE_WRITE ? cache_write_unit(c, r, la, u, o) : cache_read_unit(c, r, la, u, o);
        o->unit_status[u] = (uint8_t)st;
        c->stats.acc[r->type][st]++;
        uint32_t rank = cache_rank(st, (int)(o->merged >> u & 1));
        worst = rank > worst ? rank : worst;
        if (st == CACHE_RESERVATION_FAIL) {
            c->stats.fail[r->type][o->fail]++;
            break;
        }
        o->done |= 1u << u;
    }
    o->status = worst;
    return o->status;
}

/* The copy engine's write of unit addr (GPGPU-Sim's force_tag_access, its
 * -gpgpu_perf_sim_memcpy): afterwards the unit is here and clean, its line
 * allocated if need be. Only the tags are the copy's concern: nothing goes
 * below, and a victim's modified units are dropped, as GPGPU-Sim drops
 * them; a unit whose fill is on its way is left to it. */
SIM_FN void cache_force_fill(cache_t *c, uint64_t addr)
{
    const cache_params_t *P = &c->P;
    uint32_t ub = cache_unit_bytes(P);
    uint64_t la = addr & ~(uint64_t)(P->line - 1);
    uint32_t u = (uint32_t)((addr & ~(uint64_t)(ub - 1)) - la) / ub;
    c->clock++;
    cache_probe_t p = cache_probe(c, la, u, 1);
    if (p.way == CACHE_NONE || p.status == CACHE_HIT_RESERVED)
        return;
    cache_line_t *l = cache_set_lines(c, cache_set_of(c, la)) + p.way;
    if (p.status == CACHE_MISS) {
        cache_wb_t wb;
        cache_evict(c, l, &wb);
        cache_allocate(c, l, la, CACHE_OP_CA);
    } else {
        cache_touch(c, l, CACHE_OP_CA);
    }
    cache_unit_have(P, l, u, 0);
    cache_set_state(c, l, u, CACHE_VALID);
}

/* The level below answers unit addr (its sector, or line): the unit is
 * filled (an allocate-on-fill cache allocates its line now, evicting into
 * wb) and the ids of the requests that waited on it go to ids (room for the
 * MSHR's merge count); how many. An answer nothing waits for fills nothing. */
SIM_FN uint32_t cache_fill(cache_t *c, uint64_t addr, uint32_t *ids, cache_wb_t *wb)
{
    const cache_params_t *P = &c->P;
    cache_mshr_t *m = &c->mshr;
    uint32_t ub = cache_unit_bytes(P);
    uint64_t key = addr & ~(uint64_t)(ub - 1), la = addr & ~(uint64_t)(P->line - 1);
    uint32_t u = (uint32_t)(key - la) / ub;
    uint32_t k = cache_mshr_find(m, key);
    wb->units = 0;
    if (k == CACHE_NONE)
        return 0;
    c->clock++;
    cache_probe_t p = cache_probe(c, la, u, 0);
    cache_line_t *l = p.way != CACHE_NONE ? cache_set_lines(c, cache_set_of(c, la)) + p.way : 0;
    if (l && p.status == CACHE_MISS) {  /* allocate on fill */
        cache_evict(c, l, wb);
        cache_allocate(c, l, la, CACHE_OP_CA);
    }
    if (l) {
        int dirty = (l->dirty_on_fill >> u & 1) || m->e[k].atomic || l->st[u] == CACHE_MODIFIED;
        cache_unit_have(P, l, u, 0);
        cache_set_state(c, l, u, dirty ? CACHE_MODIFIED : CACHE_VALID);
        l->dirty_on_fill &= (uint8_t)~(1u << u);
    }
    uint32_t n = m->e[k].n;
    for (uint32_t i = 0; i < n; i++)
        ids[i] = m->ids[(size_t)k * m->merge + i];
    cache_mshr_remove(m, key);
    return n;
}

#endif
