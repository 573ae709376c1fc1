/* One memory partition through a memory phase (seed 004 section III; seed
 * 000's separate phases): its slices take the requests in their queues in
 * access-time order, one an L2 cycle each, interleaved in time with the
 * fills their DRAM channel completes, up to a horizon before which no
 * request not yet sent can reach them (sm_memphase.h says why the answers
 * are then exact). A partition shares nothing with another, so partitions
 * can run side by side; its answers come out in time order.
 *
 * With the L2 in two halves (mem_route.h) a slice also takes what the
 * other half sends it (mem_xmsg_t), in time order with its own queue, and
 * sends that half its misses of lines homed there, the replies to those it
 * was sent, and its writes' tag updates: messages that reach the other half
 * the config's latency later, after this phase's horizon as long as the
 * window is no longer (mem_params_t.lookahead), so they too are exact.
 *
 * A store's write is acknowledged when its slice takes it (GPGPU-Sim's
 * WRITE_ACK, sent as the L2 accepts a write): a control packet back to the
 * SM, whose warp does not leave before its stores are acknowledged.
 * Where GPGPU-Sim differs: the ack does not wait for a write-allocate
 * fetch (GPGPU-Sim's FETCH_ON_WRITE sends it with the fill); the channel's queue,
 * when full, keeps its requests in the partition in order rather than
 * stalling the slice. */
#ifndef MEM_PART_H
#define MEM_PART_H

#include "device/mem/mem_route.h"
#include "device/mem/mem_state.h"

/* A message to the other half of the L2, there the config's latency after
 * t; 0, or -1 when this phase's outbox is full (the overload limit). */
SIM_FN int mem_xsend(mem_sys_t *s, mem_part_t *pt, uint32_t kind, uint64_t addr, uint32_t id, uint32_t slice,
                     uint64_t t)
{
    if (pt->nxout >= s->xcap)
        return -1;
    mem_xmsg_t *x = &pt->xout[pt->nxout++];
    x->at = t + s->M->half_latency;
    x->addr = addr, x->kind = kind, x->id = id, x->slice = slice;
    pt->xreads += kind == MEM_X_READ;
    pt->xwrites += kind == MEM_X_WRITE;
    return 0;
}

/* Is tag that of a read the other half sent (MEM_TAG_PEER)? */
SIM_INLINE int mem_tag_peer(uint32_t tag) { return (tag & 0xc0000000u) == MEM_TAG_PEER; }

/* An answer of slice k of partition p ready at cycle t, to its SM (the
 * reply network's input of that slice) or, for a read the other half
 * sent, back there; 0, or -1 if the answer array is full (the phase ends
 * early: the overload limit). */
SIM_FN int mem_answer(mem_sys_t *s, mem_part_t *pt, uint32_t p, uint32_t k, const mem_req_t *r, uint64_t t)
{
    if (mem_tag_peer(r->tag))
        return mem_xsend(s, pt, MEM_X_REPLY, r->addr, r->tag & ~MEM_TAG_PEER, 0, t);
    if (pt->nans >= s->anscap)
        return -1;
    mem_req_t *a = &pt->ans[pt->nans++];
    *a = *r;
    a->at = t;
    a->port = (uint16_t)mem_slice(s->M, p, k);
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

/* A dirty line slice k evicted (wb, partition addresses), to the channel;
 * a copy of a line homed in the other half is written to this channel, as
 * GPGPU-Sim's chiplet L2 writes to its local DRAM. */
SIM_FN void mem_writeback(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint32_t k, const cache_wb_t *wb, uint64_t t)
{
    for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++)
        if (wb->units >> u & 1)
            mem_dram_req(s, pt, mem_unroute(s->M, (wb->addr & ~MEM_PA_FAR) + (uint64_t)u * CACHE_SECTOR_BYTES, chip, k),
                         1, MEM_NONE, t);
}

/* Room for the answers of a fill: every request its MSHR entry holds. */
SIM_INLINE int mem_fill_room(const mem_sys_t *s, const mem_part_t *pt)
{
    uint32_t m = s->M->l2.mshr_merge;
    return s->anscap - pt->nans >= m && (!s->xcap || s->xcap - pt->nxout >= m);
}

/* Channel read `id` done at core cycle t (by the DRAM, or the other half's
 * reply): its slice filled, the requests that waited answered. */
SIM_FN void mem_fill(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint32_t id, uint64_t t)
{
    uint32_t ids[64];
    mem_dread_t *rd = &pt->dread[id];
    cache_wb_t wb;
    rd->next = pt->dread_free;
    pt->dread_free = id;
    if (rd->slice == MEM_NONE) { /* the other half's, past the L2: straight back */
        pt->npassed--;
        mem_xsend(s, pt, MEM_X_REPLY, rd->addr, rd->peer, 0, t);
        return;
    }
    uint32_t n = cache_fill(pt->l2[rd->slice], rd->addr, ids, &wb);
    if (wb.units)
        mem_writeback(s, pt, chip, rd->slice, &wb, t);
    for (uint32_t i = 0; i < n; i++) {
        mem_answer(s, pt, chip, rd->slice, &pt->wait[ids[i]], t);
        pt->wait_free[pt->nwait_free++] = ids[i];
    }
}

/* The channel's reads done before DRAM cycle `before`, filled. */
SIM_FN int mem_fills(mem_sys_t *s, mem_part_t *pt, uint32_t chip, uint64_t before)
{
    dram_t *d = pt->dram;
    while (d->ret.head != DRAM_NONE && d->reqs[d->ret.head].done < before) {
        if (!mem_fill_room(s, pt))
            return -1;
        uint32_t id = 0;
        uint64_t done = 0;
        if (!dram_pop(d, &id, &done))
            return 0;
        mem_fill(s, pt, chip, id, mem_to_core(s->M, done));
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
    int answers = r->kind != CACHE_WRITE && r->tag != MEM_TAG_NONE; /* with the data, after any fill */
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
    /* its crossbar input full (as the last reply phase left it): no access
     * that answers the SMs (GPGPU-Sim's L2-to-crossbar queue stalls the L2) */
    if ((answers || mem_tag_ack(r->tag)) && !mem_tag_peer(r->tag) &&
        s->reply.used[mem_slice(s->M, chip, k)] >= s->M->in_limit)
        return 1;
    if (s->xcap && s->xcap - pt->nxout < 2) /* a read or tag update, and a reply */
        return -1;
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
    /* A write not a hit here: the other half's copy is updated (GPGPU-Sim's
     * WRITE_FORWARD, on a write that is not a hit) */
    if (s->xcap && r->kind == CACHE_WRITE && o.status != CACHE_HIT)
        mem_xsend(s, pt, MEM_X_WRITE, sector, 0, k, t);
    if (o.fetch) {
        uint32_t di = pt->dread_free;
        if (di == MEM_NONE) { /* sized for every MSHR entry: cannot happen */
            pt->overflows++;
        } else {
            pt->dread_free = pt->dread[di].next;
            pt->dread[di].addr = pa & ~(uint64_t)(CACHE_SECTOR_BYTES - 1);
            pt->dread[di].slice = k;
            if (pa & MEM_PA_FAR) /* homed in the other half: read there */
                mem_xsend(s, pt, MEM_X_READ, sector, di, k, t);
            else
                mem_dram_req(s, pt, sector, 0, di, t);
        }
    }
    if (r->kind == CACHE_WRITE && mem_tag_ack(r->tag))
        return mem_answer(s, pt, chip, k, r, t);
    if (!answers)
        return 0;
    if ((o.fetch | o.merged) & q.units) { /* the MSHR holds id until the fill */
        pt->wait[id] = *r;
        pt->nwait_free--;
        return 0;
    }
    return mem_answer(s, pt, chip, k, r, t);
}

/* A message from the other half at cycle t: a read of a line homed here,
 * as a slice access whose answer goes back (0, 1: the slice cannot take it
 * now, -1: answers full); a reply, the fill of a read this partition sent;
 * a tag update, the sector valid here as a copy's fill makes it. */
SIM_FN int mem_xtake(mem_sys_t *s, mem_part_t *pt, uint32_t p, const mem_xmsg_t *x, uint64_t t)
{
    uint32_t k;
    uint64_t pa;
    if (x->kind == MEM_X_REPLY) {
        if (!mem_fill_room(s, pt))
            return -1;
        mem_fill(s, pt, p, x->id, t);
        return 0;
    }
    if (mem_route(s->M, x->addr, &k, &pa) != p)
        pa |= MEM_PA_FAR;
    if (x->kind == MEM_X_WRITE) {
        cache_force_fill(pt->l2[k], pa);
        return 0;
    }
    mem_req_t r;
    sim_zero(&r, sizeof r);
    r.at = t, r.addr = x->addr, r.pa = pa;
    r.tag = MEM_TAG_PEER | x->id;
    r.kind = CACHE_READ, r.type = CACHE_CHIPLET_ACC_R, r.op = CACHE_OP_CG;
    int rc = mem_l2_access(s, pt, p, k, &r, t);
    if (rc != 1 || s->dqcap - pt->dq_n < 2 + CACHE_MAX_SECTORS || pt->npassed >= MEM_PASSED_READS)
        return rc;
    /* The slice cannot take it now: its lines or MSHR entries may all wait
     * on its own reads of the other half, which may wait on this very read.
     * Past the L2 to the DRAM, so that the halves never wait on each other
     * in a circle (GPGPU-Sim's chiplet queues can) */
    uint32_t di = pt->dread_free;
    pt->dread_free = pt->dread[di].next;
    pt->dread[di].addr = pa;
    pt->dread[di].slice = MEM_NONE;
    pt->dread[di].peer = x->id;
    pt->npassed++;
    mem_dram_req(s, pt, x->addr, 0, di, t);
    return 0;
}

/* The cycle the slice can take its next access at, when it could not at t:
 * once the channel has done something. */
SIM_INLINE uint64_t mem_retry_at(const mem_part_t *pt, const mem_params_t *M, uint64_t t)
{
    uint64_t nx = dram_next(pt->dram);
    uint64_t again = nx == DRAM_NEVER ? t + 1 : mem_to_core(M, nx + 1);
    return again > t ? again : t + 1;
}

/* Partition p's events before core cycle h. -1 if its answers filled up
 * (the rest waits for the next phase). */
SIM_FN int mem_part_run(mem_sys_t *s, uint32_t p, uint64_t h)
{
    const mem_params_t *M = s->M;
    mem_part_t *pt = &s->parts[p];
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
        /* the other half's next message, a read in its slice's turn; on a
         * tie the queues first, unless a queue's access just failed (its
         * line may wait on this very message: GPGPU-Sim alternates) */
        uint32_t xq = MEM_NONE;
        for (uint32_t j = 0; j < 2; j++) {
            if (!pt->xin_n[j])
                continue;
            const mem_xmsg_t *x = &pt->xin[j][pt->xin_h[j]];
            uint64_t at = x->kind == MEM_X_READ && pt->l2_free[x->slice] > x->at ? pt->l2_free[x->slice] : x->at;
            if (at < pt->xin_at[j]) /* first in, first out: not before the one ahead of it */
                at = pt->xin_at[j];
            if ((k == MEM_NONE && xq == MEM_NONE) || at < t || (at == t && pt->xturn && xq == MEM_NONE))
                xq = j, t = at;
        }
        if ((k == MEM_NONE && xq == MEM_NONE) || t >= h)
            break;
        if (mem_dram_to(s, pt, p, t))
            return -1;
        if (xq != MEM_NONE) {
            const mem_xmsg_t *x = &pt->xin[xq][pt->xin_h[xq]];
            int rc = mem_xtake(s, pt, p, x, t);
            if (rc < 0)
                return -1;
            if (x->kind == MEM_X_READ)
                pt->l2_free[x->slice] = rc ? mem_retry_at(pt, M, t) : t + 1;
            if (!rc)
                pt->xin_h[xq] = (pt->xin_h[xq] + 1) % (2 * s->xcap), pt->xin_n[xq]--, pt->xin_at[xq] = t;
            pt->xturn = 0;
            continue;
        }
        mem_req_t *r = &pt->q[(size_t)k * s->qcap + pt->qh[k]];
        int rc = mem_l2_access(s, pt, p, k, r, t);
        if (rc < 0)
            return -1;
        if (rc == 1) { /* no room */
            pt->l2_free[k] = mem_retry_at(pt, M, t);
            pt->xturn = s->xcap != 0;
            continue;
        }
        pt->l2_free[k] = t + 1;
        pt->qh[k] = (pt->qh[k] + 1) % s->qcap;
        pt->qn[k]--;
    }
    return mem_dram_to(s, pt, p, h);
}

/* Request r, across the crossbar at cycle c (mem_xbar.h), into its slice's
 * queue (r->port): it arrives after the traversal and waits the ROP
 * latency. The crossbar saw room. */
SIM_FN void mem_enqueue(mem_sys_t *s, const mem_req_t *r, uint64_t c)
{
    const mem_params_t *M = s->M;
    uint32_t k = r->port % M->nsub;
    mem_part_t *pt = &s->parts[r->port / M->nsub];
    mem_req_t *q = &pt->q[(size_t)k * s->qcap + (pt->qh[k] + pt->qn[k]++) % s->qcap];
    *q = *r;
    q->at = c + M->icnt_latency + M->rop_latency;
    s->st.icnt_to_mem++;
}

/* What each partition sent the other half of the L2 this phase, into its
 * peer's inboxes in send order (a partition hears from its peer alone);
 * what a full inbox cannot take stays, in order, for the next phase. One
 * thread. */
SIM_FN void mem_xdeliver(mem_sys_t *s)
{
    uint32_t cap = 2 * s->xcap;
    for (uint32_t p = 0; s->xcap && p < s->npart; p++) {
        mem_part_t *from = &s->parts[p], *to = &s->parts[mem_peer(s->M, p)];
        uint32_t kept = 0;
        for (uint32_t i = 0; i < from->nxout; i++) {
            uint32_t j = from->xout[i].kind == MEM_X_REPLY;
            if (to->xin_n[j] < cap)
                to->xin[j][(to->xin_h[j] + to->xin_n[j]++) % cap] = from->xout[i];
            else
                from->xout[kept++] = from->xout[i];
        }
        from->nxout = kept;
        from->overflows += kept != 0;
    }
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
