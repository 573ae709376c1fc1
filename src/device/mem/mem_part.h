/* One memory partition through a memory phase (seed 004 section III; seed
 * 000's separate phases): its slices take the requests in their queues in
 * access-time order, one an L2 cycle each, interleaved in time with the
 * fills their DRAM channel completes, up to a horizon before which no
 * request not yet sent can reach them (sm_memphase.h says why the answers
 * are then exact). A partition shares nothing with another, so partitions
 * can run side by side; its answers come out in time order.
 *
 * Where GPGPU-Sim differs: a slice answers a write with nothing (GPGPU-Sim
 * sends an acknowledgement the SM counts for fences); the channel's queue,
 * when full, keeps its requests in the partition in order rather than
 * stalling the slice. */
#ifndef MEM_PART_H
#define MEM_PART_H

#include "device/mem/mem_state.h"

/* A request's partition (channel) and its slice there; pa: the address the
 * slice knows, without the channel's bits (GPGPU-Sim's partition_address).
 * The DRAM map's consecutive choice, moved by the partition hash. */
SIM_FN uint32_t mem_route(const mem_params_t *M, uint64_t addr, uint32_t *slice, uint64_t *pa)
{
    const dram_map_t *m = &M->dram.map;
    dram_addr_t a;
    dram_decode(m, addr, &a);
    if (m->gap) {
        uint32_t s = (uint32_t)m->chip_start;
        *pa = (addr >> s) / m->n_chan << s | (addr & ((1ull << s) - 1));
    } else {
        *pa = dram_gather(~m->mask[DRAM_F_CHIP], addr);
    }
    uint32_t sub = mem_hash(&M->hash, *pa, a.sub, 0);
    *slice = sub % M->nsub;
    return sub / M->nsub;
}

/* The inverse: the address of partition address pa in slice `slice` of
 * channel chip. */
SIM_FN uint64_t mem_unroute(const mem_params_t *M, uint64_t pa, uint32_t chip, uint32_t slice)
{
    const dram_map_t *m = &M->dram.map;
    chip = mem_hash(&M->hash, pa, chip * M->nsub + slice, 1) / M->nsub;
    if (m->gap) {
        uint32_t s = (uint32_t)m->chip_start;
        return ((pa >> s) * m->n_chan + chip) << s | (pa & ((1ull << s) - 1));
    }
    uint64_t out = 0, rest = pa, cbits = chip;
    for (uint32_t b = 0; b < 64; b++) {
        if (m->mask[DRAM_F_CHIP] >> b & 1) {
            out |= (cbits & 1) << b;
            cbits >>= 1;
        } else {
            out |= (rest & 1) << b;
            rest >>= 1;
        }
    }
    return out;
}

/* An answer ready at the slice at cycle t; 0, or -1 if the phase's answer
 * array is full (the phase ends early: the overload limit). */
SIM_FN int mem_answer(mem_sys_t *s, mem_part_t *pt, const mem_req_t *r, uint64_t t)
{
    if (pt->nans >= s->anscap)
        return -1;
    mem_req_t *a = &pt->ans[pt->nans++];
    *a = *r;
    a->at = t;
    a->flits = (uint8_t)mem_flits(s->M, r->kind == CACHE_WRITE ? 0 : CACHE_SECTOR_BYTES);
    return 0;
}

/* DRAM requests kept for want of queue room, into the channel in order. */
SIM_FN void mem_dq_push(mem_sys_t *s, mem_part_t *pt)
{
    while (pt->dq_n) {
        mem_dwait_t *w = &pt->dq[pt->dq_h];
        if (dram_push(pt->dram, w->addr, w->write, 1, w->id, w->arrive))
            return;
        pt->dq_h = (pt->dq_h + 1) % s->dqcap;
        pt->dq_n--;
    }
}

/* A DRAM request of one sector at addr from the slice's access at core
 * cycle t: it reaches the channel dram_latency later. */
SIM_FN void mem_dram_req(mem_sys_t *s, mem_part_t *pt, uint64_t addr, uint32_t write, uint32_t id, uint64_t t)
{
    uint64_t arrive = mem_to_dram(s->M, t + s->M->dram_latency);
    if (!pt->dq_n && !dram_push(pt->dram, addr, write, 1, id, arrive))
        return;
    if (pt->dq_n >= s->dqcap) { /* cannot happen: mem_l2_access waits for room first; dropped and counted */
        pt->overflows++;
        return;
    }
    mem_dwait_t *w = &pt->dq[(pt->dq_h + pt->dq_n++) % s->dqcap];
    w->addr = addr, w->write = write, w->id = id, w->arrive = arrive;
}

/* A dirty line slice k evicted (wb, partition addresses), to the channel. */
SIM_FN void mem_writeback(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint32_t k, const cache_wb_t *wb, uint64_t t)
{
    for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++)
        if (wb->units >> u & 1)
            mem_dram_req(s, pt, mem_unroute(s->M, wb->addr + (uint64_t)u * CACHE_SECTOR_BYTES, chip, k), 1, MEM_NONE,
                         t);
}

/* The channel's reads done before DRAM cycle `before`: their slices filled
 * at the core cycle the data is in, the requests that waited answered. */
SIM_FN int mem_fills(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint64_t before)
{
    dram_t *d = pt->dram;
    uint32_t ids[64];
    while (d->ret.head != DRAM_NONE && d->reqs[d->ret.head].done < before) {
        if (s->anscap - pt->nans < s->M->l2.mshr_merge) /* room for every request the fill serves */
            return -1;
        uint32_t id = 0;
        uint64_t done = 0;
        if (!dram_pop(d, &id, &done))
            return 0;
        mem_dread_t *rd = &pt->dread[id];
        uint64_t t = mem_to_core(s->M, done);
        cache_wb_t wb;
        uint32_t n = cache_fill(pt->l2[rd->slice], rd->addr, ids, &wb);
        rd->next = pt->dread_free;
        pt->dread_free = id;
        if (wb.units)
            mem_writeback(s, pt, chip, rd->slice, &wb, t);
        for (uint32_t i = 0; i < n; i++) {
            mem_answer(s, pt, &pt->wait[ids[i]], t);
            pt->wait_free[pt->nwait_free++] = ids[i];
        }
    }
    return 0;
}

/* The channel run up to core cycle t, its fills made; -1: answers full. */
SIM_FN int mem_dram_to(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint64_t t)
{
    dram_t *d = pt->dram;
    uint64_t until = mem_to_dram(s->M, t);
    while (d->now < until) {
        uint64_t to = until;
        if (pt->dq_n) { /* a queue entry may free before then: go event by event */
            uint64_t nx = dram_next(d);
            to = nx < until ? nx + 1 : until;
            if (to <= d->now)
                to = d->now + 1;
        }
        dram_step(d, to);
        if (mem_fills(s, pt, chip, to))
            return -1;
        mem_dq_push(s, pt);
    }
    return mem_fills(s, pt, chip, until);
}

/* Request r at slice k at cycle t: 0 done, 1 the slice cannot take it now
 * (no MSHR entry, line or waiter: it waits for a fill), -1 answers full. */
SIM_FN int mem_l2_access(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint32_t k, const mem_req_t *r, uint64_t t)
{
    uint64_t pa = r->pa;
    int answers = r->kind != CACHE_WRITE && r->tag != MEM_TAG_NONE;
    if (pt->nans >= s->anscap)
        return -1;
    /* An access sends the channel at most a fetch, a write-through and an
     * evicted line's four sectors: while the requests waiting for the
     * channel's queue could not take them, the slice waits (back-pressure;
     * nothing is dropped, so no answer is lost) */
    if (s->dqcap - pt->dq_n < 2 + CACHE_MAX_SECTORS)
        return 1;
    if (answers && !pt->nwait_free)
        return 1;
    uint32_t id = answers ? pt->wait_free[pt->nwait_free - 1] : MEM_NONE;
    cache_req_t q;
    sim_zero(&q, sizeof q);
    uint32_t u = (uint32_t)(pa & (CACHE_MAX_LINE - 1)) / CACHE_SECTOR_BYTES;
    q.addr = pa;
    q.units = 1u << u;
    q.bytes[u] = r->bytes;
    q.id = id;
    q.kind = r->kind;
    q.op = r->op;
    q.type = r->type;
    cache_t *c = pt->l2[k];
    cache_out_t o;
    cache_access(c, &q, &o);
    cache_missq_take(c, 0xffffffffu);
    if (!(o.done & q.units))
        return 1;
    if (o.wb.units)
        mem_writeback(s, pt, chip, k, &o.wb, t);
    uint64_t sector = r->addr & ~(uint64_t)(CACHE_SECTOR_BYTES - 1);
    if (o.write)
        mem_dram_req(s, pt, sector, 1, MEM_NONE, t);
    if (o.fetch) {
        uint32_t di = pt->dread_free;
        if (di == MEM_NONE) { /* sized for every MSHR entry: cannot happen */
            pt->overflows++;
        } else {
            pt->dread_free = pt->dread[di].next;
            pt->dread[di].addr = pa & ~(uint64_t)(CACHE_SECTOR_BYTES - 1);
            pt->dread[di].slice = k;
            mem_dram_req(s, pt, sector, 0, di, t);
        }
    }
    if (!answers)
        return 0;
    if ((o.fetch | o.merged) & q.units) { /* the MSHR holds id until the fill */
        pt->wait[id] = *r;
        pt->nwait_free--;
        return 0;
    }
    return mem_answer(s, pt, r, t);
}

/* Partition p's events before core cycle h. -1 if its answers filled up
 * (the rest waits for the next phase). */
SIM_FN int mem_part_run(mem_sys_t *s, uint32_t p, uint64_t h)
{
    const mem_params_t *M = s->M;
    mem_part_t *pt = &s->parts[p];
    pt->nans = 0;
    for (;;) {
        uint32_t k = MEM_NONE;
        uint64_t t = 0;
        for (uint32_t j = 0; j < M->nsub; j++) {
            if (!pt->qn[j])
                continue;
            const mem_req_t *r = &pt->q[(size_t)j * s->qcap + pt->qh[j]];
            uint64_t at = r->at > pt->l2_free[j] ? r->at : pt->l2_free[j];
            if (k == MEM_NONE || at < t)
                k = j, t = at;
        }
        if (k == MEM_NONE || t >= h)
            break;
        if (mem_dram_to(s, pt, p, t))
            return -1;
        mem_req_t *r = &pt->q[(size_t)k * s->qcap + pt->qh[k]];
        int rc = mem_l2_access(s, pt, p, k, r, t);
        if (rc < 0)
            return -1;
        if (rc == 1) {
            /* no room: try again once the channel has done something */
            uint64_t nx = dram_next(pt->dram);
            uint64_t again = nx == DRAM_NEVER ? t + 1 : mem_to_core(M, nx + 1);
            pt->l2_free[k] = again > t ? again : t + 1;
            continue;
        }
        pt->l2_free[k] = t + 1;
        pt->qh[k] = (pt->qh[k] + 1) % s->qcap;
        pt->qn[k]--;
    }
    return mem_dram_to(s, pt, p, h);
}

/* Request r (r->at: sent by its SM) into its slice's queue: it crosses the
 * crossbar, a flit a cycle at the slice's port, and waits the ROP latency.
 * 0, or -1 when the queue is full (the request stays with its SM). */
SIM_FN int mem_enqueue(mem_sys_t *s, const mem_req_t *r)
{
    const mem_params_t *M = s->M;
    uint32_t k;
    uint64_t pa;
    uint32_t p = mem_route(M, r->addr, &k, &pa);
    mem_part_t *pt = &s->parts[p];
    if (pt->qn[k] >= s->qcap)
        return -1;
    uint64_t at = r->at + M->icnt_latency;
    if (at < pt->port_free[k])
        at = pt->port_free[k];
    uint32_t bytes = r->kind == CACHE_READ ? 0 : CACHE_SECTOR_BYTES;
    pt->port_free[k] = at + mem_flits(M, bytes);
    mem_req_t *q = &pt->q[(size_t)k * s->qcap + (pt->qh[k] + pt->qn[k]++) % s->qcap];
    *q = *r;
    q->at = at + M->rop_latency;
    q->pa = pa;
    s->st.icnt_to_mem++;
    return 0;
}

/* The copy engine's writes of [addr, addr + bytes) (-gpgpu_perf_sim_memcpy,
 * GPGPU-Sim's perf_memcpy_to_gpu, which a cudaMemcpy either way calls):
 * each 32-byte sector is then in its L2 slice, clean (cache_force_fill), so
 * that a kernel's first reads of what the host copied hit, as seed 004
 * observed on the hardware. */
SIM_FN void mem_copy_fill(mem_sys_t *s, uint64_t addr, uint64_t bytes)
{
    for (uint64_t a = addr & ~(uint64_t)(CACHE_SECTOR_BYTES - 1); a < addr + bytes; a += CACHE_SECTOR_BYTES) {
        uint32_t k;
        uint64_t pa;
        uint32_t p = mem_route(s->M, a, &k, &pa);
        cache_force_fill(s->parts[p].l2[k], pa);
    }
}

#endif
