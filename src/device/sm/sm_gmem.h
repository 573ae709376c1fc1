/* Global and local memory through the SM's L1D (seed 004 sections II-III),
 * when the config has a memory system (P->mem.on). A memory instruction's
 * coalesced lines (sm_mem.h) leave the address latch a line a cycle; each
 * meets the L1D after its latency: a hit's sectors are in then, a miss's
 * go below as sector requests (the SM's outbox, sent a flit a cycle at its
 * crossbar port), merged misses wait on the fill already asked for, and
 * operators that pass the L1 by (.cg, .cv, atomics) ask below for
 * themselves. The instruction holds a ticket until its last sector is in,
 * then writes back at the first cycle with a result bus and ports free.
 * The memory phase between windows (sm_memphase.h) carries the outbox to
 * the L2 slices and brings the answers into the inbox, which sm_cycle
 * takes at their arrival cycles: a fill goes into the L1D and serves the
 * tickets its MSHR entry held.
 *
 * A store is done for its warp at its L1 access, but each of its sectors
 * that goes below is acknowledged by the slice that takes it, and the warp
 * keeps its slot (its CTA does not end) until every one came back, as
 * GPGPU-Sim's warp is not hardware_done() before stores_done(); a fence
 * waits for the warp's memory instructions, not for the acks (GPGPU-Sim's
 * warp_waiting_at_mem_barrier asks the scoreboard only).
 * Where GPGPU-Sim differs: a
 * sector the L1D cannot take (no MSHR merge slot) goes below on its own
 * and its answer serves the ticket directly, rather than stalling the
 * latch. Dispatch waits while the L1D's MSHRs, the SM's queues or its
 * backlog at its crossbar port (MEM_OUT_BACKLOG) could not take every
 * sector of the instruction, or while as many of its requests
 * as -icnt_in_buffer_limit waited to cross at the last memory phase's end
 * (the crossbar's back-pressure, GPGPU-Sim's ICNT_RC_FAIL; st.l1d_stalls,
 * st.icnt_stalls). */
#ifndef SM_GMEM_H
#define SM_GMEM_H

#include "device/mem/mem_route.h"
#include "device/sm/sm_mem.h"

/* The requests in the outbox due at the crossbar before this cycle (the
 * memory phase may not have taken them yet): the outbox is in send order,
 * and so in the order they reach the port. The rest are the backlog. */
SIM_FN uint32_t sm_out_due(const sm_t *sm)
{
    uint32_t lo = 0, hi = sm->nout;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (sm->out[mid].at < sm->now)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A request below, sent at cycle t or when the SM's crossbar port is free. */
SIM_FN void sm_send(sm_t *sm, uint64_t t, uint64_t addr, uint32_t kind, uint32_t type, uint32_t op, uint32_t bytes,
                    uint32_t tag)
{
    const mem_params_t *M = &sm->P->mem;
    if (sm->nout >= sm->out_cap) { /* only an evicted line's write can find it full: dropped, counted */
        sm->st.wb_dropped++;
        return;
    }
    uint32_t flits = mem_flits(M, kind == CACHE_READ ? 0 : CACHE_SECTOR_BYTES);
    if (t < sm->inject_free)
        t = sm->inject_free;
    sm->inject_free = t + flits;
    mem_req_t *r = &sm->out[sm->nout++];
    r->at = t;
    r->addr = addr;
    r->bytes = bytes;
    r->tag = tag;
    r->sm = sm->id;
    r->kind = (uint8_t)kind;
    r->type = (uint8_t)type;
    r->op = (uint8_t)op;
    r->flits = (uint8_t)flits;
    r->port = (uint16_t)mem_req_port(M, r, &r->pa);
    if (tag != MEM_TAG_NONE) {
        /* What the SM is owed bounds what its inbox and reply output can hold in any mode: beyond
         * the output's room, cycle by cycle's room may run out where a longer phase's did not. */
        sm->st.reply_risk += ++sm->mem_wait > sm_reply_room(sm->P);
    }
    if (mem_tag_ack(tag)) /* a store's sector: its warp stays until the ack */
        sm->warps[tag & ~MEM_TAG_ACK].stores++;
}

/* A dirty line the L1D evicted (local data under a write-back policy). */
SIM_FN void sm_send_wb(sm_t *sm, uint64_t t, const cache_wb_t *wb)
{
    for (uint32_t u = 0; u < CACHE_MAX_SECTORS; u++)
        if (wb->units >> u & 1)
            sm_send(sm, t, wb->addr + (uint64_t)u * CACHE_SECTOR_BYTES, CACHE_WRITE, CACHE_L1_WRBK_ACC, CACHE_OP_WB,
                    wb->bytes[u], MEM_TAG_NONE);
}

/* Warp `warp`'s memory instruction pc (of sub-core s, decoded d) has its
 * data at cycle t: it writes back at the first cycle from then with a bus
 * and ports free (a load's or atomic's), and completes. */
SIM_FN void sm_mem_complete(sm_t *sm, uint32_t s, uint32_t warp, uint32_t pc, uint64_t t)
{
    sm_flight(sm, warp, pc, sm_mem_writeback_at(sm, s, &sm->dec[pc], t > sm->now ? t : sm->now + 1));
}

/* Ticket i's answer came at cycle t. */
SIM_FN void sm_ticket_answer(sm_t *sm, uint32_t i, uint64_t t)
{
    sm_ticket_t *k = &sm->tix[i];
    if (t > k->at)
        k->at = t;
    if (--k->left)
        return;
    sm_mem_complete(sm, k->sub, k->warp, k->pc, k->at);
    k->next = sm->tix_free;
    sm->tix_free = i;
}

/* Collector ci's global or local instruction (of sub-core s) into the
 * L1D; 0 if it must wait (no room for all its sectors). */
SIM_FN int sm_gmem_dispatch(sm_t *sm, uint32_t s, uint32_t ci)
{
    const sm_params_t *P = sm->P;
    const mem_params_t *M = &P->mem;
    sm_cu_t *cu = &sm->cus[ci];
    const sm_dec_t *d = &sm->dec[cu->pc];
    uint32_t n = cu->nlines, sectors = 4 * n;
    uint32_t kind = d->mem == SM_MEM_ST ? CACHE_WRITE : d->mem == SM_MEM_ATOM ? CACHE_ATOMIC : CACHE_READ;
    uint32_t mshrs = cache_op_bypasses_l1(kind, cu->op) ? 0 : sectors; /* what passes the L1 by takes none */
    int icnt_full = sm->icnt_waiting >= M->in_limit;
    if (icnt_full || sm->nout - sm_out_due(sm) + 2 * sectors > MEM_OUT_BACKLOG || sm->nout + 2 * sectors > sm->out_cap ||
        sm->tix_free == SM_NONE ||
        sm->mem_wait + sectors > sm->in_cap || sm->l1d->mshr.nfree < mshrs) {
        sm->st.l1d_stalls++;
        sm->st.icnt_stalls += icnt_full;
        return 0;
    }
    int local = cu->space == SM_SP_LOCAL;
    uint32_t type = kind == CACHE_WRITE ? (local ? CACHE_LOCAL_ACC_W : CACHE_GLOBAL_ACC_W)
                                        : (local ? CACHE_LOCAL_ACC_R : CACHE_GLOBAL_ACC_R);
    uint32_t i = sm->tix_free;
    sm_ticket_t *k = &sm->tix[i];
    sm->tix_free = k->next;
    k->warp = cu->warp, k->pc = cu->pc, k->sub = s;
    k->left = 1; /* held while the lines go out */
    k->at = sm->now + 1;
    uint64_t first = sm->l1d_free > sm->now + 1 ? sm->l1d_free : sm->now + 1;
    sm->l1d_free = first + cu->ncycles;
    const sm_line_t *L = sm->lines + (size_t)ci * SM_LINES;
    uint32_t ack = MEM_TAG_ACK | cu->warp; /* a store's sector below: its acknowledgement's tag */
    for (uint32_t j = 0; j < n; j++) {
        uint64_t t = first + L[j].cyc + M->l1_latency;
        cache_req_t q;
        q.addr = L[j].addr;
        q.units = 0;
        for (uint32_t u = 0; u < 4; u++) {
            q.bytes[u] = L[j].bytes[u];
            q.units |= (uint32_t)(L[j].bytes[u] != 0) << u;
        }
        q.id = i;
        q.kind = (uint8_t)kind;
        q.op = cu->op;
        q.type = (uint8_t)type;
        cache_out_t o;
        cache_access(sm->l1d, &q, &o);
        cache_missq_take(sm->l1d, 0xffffffffu);
        for (uint32_t u = 0; u < 4; u++) {
            uint32_t bit = 1u << u;
            if (!(q.units & bit))
                continue;
            uint64_t a = q.addr + (uint64_t)u * CACHE_SECTOR_BYTES;
            int answer = kind != CACHE_WRITE;
            if (!(o.done & bit) || o.bypass) { /* below on its own; the answer comes to the ticket */
                sm_send(sm, t, a, kind, type, cu->op, q.bytes[u], answer ? i : ack);
                k->left += (uint32_t)answer;
                continue;
            }
            if (o.write & bit)
                sm_send(sm, t, a, CACHE_WRITE, type, cu->op, q.bytes[u], ack);
            if (o.fetch & bit) /* the L1's MSHR entry holds the ticket (a load's) */
                sm_send(sm, t, a, CACHE_READ, kind == CACHE_WRITE ? CACHE_L1_WR_ALLOC_R : type, cu->op, 0,
                        MEM_TAG_FILL);
            if (answer && (o.fetch | o.merged) & bit)
                k->left++;
            else if (t > k->at)
                k->at = t;
        }
        if (o.wb.units)
            sm_send_wb(sm, t, &o.wb);
    }
    sm_ticket_answer(sm, i, k->at); /* the lines' own hold */
    return 1;
}

/* The answers in by now: fills into the L1D, their tickets served. 1 if any. */
SIM_FN int sm_gmem_answers(sm_t *sm)
{
    if (!sm->in_n || sm->in[sm->in_h].at > sm->now)
        return 0;
    uint32_t ids[64];
    while (sm->in_n && sm->in[sm->in_h].at <= sm->now) {
        const mem_req_t *a = &sm->in[sm->in_h];
        sm->in_h = (sm->in_h + 1) % sm->in_cap;
        sm->in_n--;
        sm->mem_wait--;
        if (a->tag == MEM_TAG_FILL) {
            cache_wb_t wb;
            uint32_t n = cache_fill(sm->l1d, a->addr, ids, &wb);
            if (wb.units)
                sm_send_wb(sm, sm->now, &wb);
            for (uint32_t j = 0; j < n; j++)
                sm_ticket_answer(sm, ids[j], sm->now);
        } else if (mem_tag_ack(a->tag)) {
            sm_warp_t *sw = &sm->warps[a->tag & ~MEM_TAG_ACK];
            if (!--sw->stores)
                sm->retire = 1; /* an exited warp may leave now */
        } else if (a->tag != MEM_TAG_NONE) {
            sm_ticket_answer(sm, a->tag, sm->now);
        }
    }
    return 1;
}

#endif
