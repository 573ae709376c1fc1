/* Issue (seed 003, section 1): each sub-core's warp scheduler picks, in its
 * policy's order (LRR, GTO or two-level, from the config), the first warp
 * whose oldest buffered instruction can go: decoded, at the warp's pc (else
 * the buffer is flushed: a control hazard), no write in flight to what it
 * reads or writes (the scoreboard: RAW, WAW), no read pending of what it
 * writes (WAR: collectors dispatch out of order, seed 003 section 5.1), a
 * collector free. Issuing it runs it: the PTX executor's step, once, whose
 * trace record the rest of the pipeline times. */
#ifndef SM_ISSUE_H
#define SM_ISSUE_H

#include "device/sm/sm_frontend.h"
#include "device/sm/sm_mem.h"

SIM_INLINE int sm_has(const uint32_t *a, uint32_t n, uint32_t v)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] == v)
            return (int)i;
    return -1;
}

/* Sub-core s's issue-to-collector latch counts for this cycle: the last
 * cycle's are forgotten when first asked (most cycles no warp gets as far). */
SIM_INLINE uint32_t *sm_id_oc(sm_t *sm, uint32_t s)
{
    sm_sub_t *sub = &sm->subs[s];
    if (sub->id_oc_at != sm->now) {
        sim_zero(sub->id_oc, sizeof sub->id_oc);
        sub->id_oc_at = sm->now;
    }
    return sub->id_oc;
}

SIM_INLINE ptx_ctx_t *sm_ctx(sm_t *sm, const sm_warp_t *sw) { return &sm->ctas[sw->cta].R->c; }

/* Collector ci's bit in its sub-core's cu_busy and cu_reading. */
SIM_INLINE uint32_t sm_cu_bit(const sm_params_t *P, uint32_t ci) { return 1u << (ci % P->collectors); }

/* A free collector of sub-core s, or SM_NONE. */
SIM_INLINE uint32_t sm_free_cu(const sm_t *sm, uint32_t s)
{
    uint32_t n = sm->P->collectors, free = ~sm->subs[s].cu_busy & (n < 32 ? (1u << n) - 1u : ~0u);
    return free ? s * n + sim_ctz64(free) : SM_NONE;
}

/* Whether warp slot i of sub-core s can issue now (SM_STALL_ISSUED) or what
 * holds it; *pcp: its next instruction. */
SIM_FN uint32_t sm_warp_check(sm_t *sm, uint32_t s, uint32_t i, uint32_t *pcp)
{
    sm_warp_t *sw = &sm->warps[i];
    ptx_warp_t *w = sw->w;
    if (!w || w->state == PTX_W_DONE)
        return SM_STALL_IDLE;
    if (w->state == PTX_W_BAR)
        return SM_STALL_BARRIER;
    if (sw->fence) {
        if (sw->mem_inflight)
            return SM_STALL_MEMORY;
        sw->fence = 0;
    }
    ptx_ctx_t *c = sm_ctx(sm, sw);
    int rc = ptx_sm_ready(c, w);
    if (rc != PTX_STEP_OK) {
        if (rc == PTX_STEP_FAULT) {
            sm->fault = 1;
            sm->fault_cta = sw->cta;
        }
        ptx_sm_warp_ran(w, rc);
        if (rc == PTX_STEP_DONE) {
            sm->ctas[sw->cta].arrived = 1; /* fewer threads for its barriers */
            sm->retire = 1;
            sm->exited++;
        }
        return rc == PTX_STEP_BAR ? SM_STALL_BARRIER : SM_STALL_IDLE;
    }
    uint32_t pc = c->p->funcs[w->func].first + w->simt[w->sp - 1].pc;
    *pcp = pc;
    if (!sw->ib_n || sw->ib_at[0] > sm->now)
        return SM_STALL_FETCH;
    if (sw->ib_pc[0] != pc) {
        sm_redirect(sw, pc);
        sm_fetch_mark(sm, i);
        return SM_STALL_FETCH;
    }
    const sm_dec_t *d = &sm->dec[pc];
    for (uint32_t k = 0; k < d->nsrc; k++) {
        int j = sm_has(sw->pend, sw->npend, d->src[k]);
        if (j >= 0)
            return (sw->pend_mem >> j & 1u) ? SM_STALL_MEMORY : SM_STALL_SCOREBOARD;
    }
    for (uint32_t k = 0; k < d->ndst; k++) {
        int j = sm_has(sw->pend, sw->npend, d->dst[k]);
        if (j >= 0)
            return (sw->pend_mem >> j & 1u) ? SM_STALL_MEMORY : SM_STALL_SCOREBOARD;
        if (sm_has(sw->reads, sw->nread, d->dst[k]) >= 0)
            return SM_STALL_SCOREBOARD;
    }
    if (sw->npend + d->ndst > SM_SB || sw->nread + d->nsrc > SM_RD)
        return SM_STALL_SCOREBOARD;
    if (sm_id_oc(sm, s)[d->unit] >= sm->P->id_oc[d->unit] || sm_free_cu(sm, s) == SM_NONE)
        return SM_STALL_COLLECTOR;
    return SM_STALL_ISSUED;
}

/* sm_warp_check, but a warp found in a stall that only an event ends (its
 * scoreboard, its memory instructions, a barrier, its exit) sleeps in it
 * until sm_wake: the scheduler sees the same stall without looking again
 * (a memory-bound SM has all its warps waiting most cycles). A warp ready
 * but for a collector sleeps while its sub-core has none free (nothing
 * else of it can change meanwhile without waking it: its operands' and
 * buffer's state only moves by events that do). Not under the two-level
 * scheduler, which moves warps between its sets by looking. */
SIM_FN uint32_t sm_warp_look(sm_t *sm, uint32_t s, uint32_t i, uint32_t *pcp)
{
    uint32_t z = sm->sleep[i];
    if (z && (z != SM_STALL_COLLECTOR || sm_free_cu(sm, s) == SM_NONE))
        return z;
    sm->sleep[i] = 0;
    uint32_t why = sm_warp_check(sm, s, i, pcp);
    const ptx_warp_t *w = sm->warps[i].w;
    if (sm->P->sched != SM_SCHED_TWO_LEVEL &&
        (why == SM_STALL_SCOREBOARD || why == SM_STALL_MEMORY || why == SM_STALL_BARRIER ||
         (why == SM_STALL_IDLE && w && w->state == PTX_W_DONE) ||
         (why == SM_STALL_COLLECTOR && sm_free_cu(sm, s) == SM_NONE)))
        sm->sleep[i] = (uint8_t)why;
    return why;
}

/* Runs warp slot i's instruction at pc and puts it in a collector of
 * sub-core s. Returns its active lanes + 1, 0 if it did not run (its
 * thread group waits at a collective for lanes elsewhere), -1 on a fault. */
SIM_FN int sm_issue(sm_t *sm, uint32_t s, uint32_t i, uint32_t pc)
{
    sm_warp_t *sw = &sm->warps[i];
    ptx_warp_t *w = sw->w;
    sm_cta_t *ct = &sm->ctas[sw->cta];
    ptx_sm_cta_t *R = ct->R;
    ptx_ctx_t *c = &R->c;
    const ptx_rec_t *r = &c->p->recs[pc];
    uint64_t before = w->icount;
    int rc = ptx_step(c, w, 1);
    if (rc == PTX_STEP_FAULT) {
        sm->fault = 1;
        sm->fault_cta = sw->cta;
        return -1;
    }
    ptx_sm_warp_ran(w, rc);
    sm->exited += rc == PTX_STEP_DONE;
    if (rc == PTX_STEP_DONE || r->ex == PTX_EX_BAR || r->ex == PTX_EX_BARRED)
        ct->arrived = 1;
    if (w->state != PTX_W_DONE && w->sp) {
        uint32_t next = c->p->funcs[w->func].first + w->simt[w->sp - 1].pc;
        if (w->icount == before) {
            sm_redirect(sw, next);
            sm_fetch_mark(sm, i);
            return 0;
        }
        /* the buffer's head was this one; the rest holds if the warp goes on there */
        for (uint32_t k = 1; k < sw->ib_n; k++)
            sw->ib_pc[k - 1] = sw->ib_pc[k], sw->ib_at[k - 1] = sw->ib_at[k];
        sw->ib_n--;
        if (next != pc + 1)
            sm_redirect(sw, next);
    } else {
        sw->ib_n = 0;
    }
    sm_fetch_mark(sm, i); /* its buffer has room */
    if (++R->total >= R->limit) {
        ptx_fault(c, w, NULL, PTX_FAULT_INSN_LIMIT, 0, 0);
        sm->fault = 1;
        sm->fault_cta = sw->cta;
        return -1;
    }
    const sim_trace_t *t = c->tr;
    const sm_dec_t *d = &sm->dec[pc];
    sm->st.warp_insns++;
    sm->st.lanes += ptx_popc(t->active);
    int load = d->mem == SM_MEM_LD || d->mem == SM_MEM_ATOM;
    for (uint32_t k = 0; k < d->ndst; k++) {
        sw->pend_mem = (sw->pend_mem & ~(1u << sw->npend)) | (uint32_t)load << sw->npend;
        sw->pend[sw->npend++] = d->dst[k];
    }
    for (uint32_t k = 0; k < d->nsrc; k++)
        sw->reads[sw->nread++] = d->src[k];
    uint32_t ci = sm_free_cu(sm, s);
    sm_cu_t *cu = &sm->cus[ci];
    cu->warp = i;
    cu->pc = pc;
    cu->left = (1u << d->nsrc) - 1u;
    sm->subs[s].cu_busy |= sm_cu_bit(sm->P, ci);
    if (cu->left)
        sm->subs[s].cu_reading |= sm_cu_bit(sm->P, ci);
    cu->order = sm->order++;
    cu->ready_at = d->nsrc ? SM_NEVER : sm->now + 1;
    cu->ncycles = 1;
    cu->space = SM_SP_GLOBAL;
    sm_id_oc(sm, s)[d->unit]++;
    if (d->mem == SM_MEM_LD || d->mem == SM_MEM_ST || d->mem == SM_MEM_ATOM) {
        sm_mem_shape(sm, c, r, t, cu);
        if (cu->space == SM_SP_GLOBAL) {
            sm->st.gmem_ld += d->mem == SM_MEM_LD;
            sm->st.gmem_st += d->mem == SM_MEM_ST;
            sm->st.gmem_atom += d->mem == SM_MEM_ATOM;
        }
    }
    if (d->mem == SM_MEM_FENCE)
        sw->fence = 1;
    sw->inflight++;
    sw->mem_inflight += d->mem != SM_MEM_NONE;
    return 1 + (int)ptx_popc(t->active);
}

/* The order sub-core s's scheduler tries its warps in (slots into order[]);
 * how many. LRR: from the one after the last issued; GTO: the last issued,
 * then oldest first; two-level: the active set round robin. */
SIM_FN uint32_t sm_sched_order(sm_t *sm, uint32_t s, uint32_t *order)
{
    const sm_params_t *P = sm->P;
    const sm_sub_t *sub = &sm->subs[s];
    uint32_t per_sub = (P->max_warps + P->nsub - 1 - s) / P->nsub, n = 0, last = sub->last;
    uint32_t lk = last == SM_NONE ? per_sub - 1 : last / P->nsub;
    if (P->sched == SM_SCHED_GTO) {
        if (last != SM_NONE && (sub->live >> lk & 1))
            order[n++] = last;
        for (uint32_t k = 0; k < sub->n_age; k++)
            if (sub->by_age[k] != last)
                order[n++] = sub->by_age[k];
        return n;
    }
    if (P->sched == SM_SCHED_LRR) { /* the live slots from lk + 1 on, then from 0 */
        uint32_t from = lk + 1 == per_sub ? 0 : lk + 1;
        uint64_t up = sub->live & (~0ull << from), down = sub->live & ~(~0ull << from);
        for (; up; up &= up - 1)
            order[n++] = s + sim_ctz64(up) * P->nsub;
        for (; down; down &= down - 1)
            order[n++] = s + sim_ctz64(down) * P->nsub;
        return n;
    }
    for (uint32_t k = 0; k < per_sub; k++) {
        uint32_t i = s + ((lk + 1 + k) % per_sub) * P->nsub;
        const sm_warp_t *sw = &sm->warps[i];
        if (sw->w && (P->sched != SM_SCHED_TWO_LEVEL || sw->active == 2))
            order[n++] = i;
    }
    return n;
}

/* Two-level: a warp of the active set that waits on memory leaves it for
 * the pending set; the oldest pending warps fill it back to its size. */
SIM_FN void sm_two_level(sm_t *sm, uint32_t s)
{
    const sm_params_t *P = sm->P;
    uint32_t per_sub = (P->max_warps + P->nsub - 1 - s) / P->nsub, act = 0;
    for (uint32_t k = 0; k < per_sub; k++) {
        sm_warp_t *sw = &sm->warps[s + k * P->nsub];
        if (sw->w && sw->active == 2) {
            uint32_t pc;
            uint32_t why = sm_warp_check(sm, s, s + k * P->nsub, &pc);
            if (why == SM_STALL_MEMORY || why == SM_STALL_BARRIER || why == SM_STALL_IDLE)
                sw->active = 1;
            else
                act++;
        }
    }
    while (act < P->two_level_active) {
        sm_warp_t *best = NULL;
        for (uint32_t k = 0; k < per_sub; k++) {
            sm_warp_t *sw = &sm->warps[s + k * P->nsub];
            if (sw->w && sw->active == 1 && sw->w->state == PTX_W_RUN && (!best || sw->age < best->age))
                best = sw;
        }
        if (!best)
            break;
        best->active = 2;
        act++;
    }
}

#endif
