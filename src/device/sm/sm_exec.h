/* Operand collection, dispatch, execution and write-back (seed 003,
 * sections 1 and 2.2): a collector reads its instruction's registers
 * through its sub-core's register banks, each with the config's ports a
 * cycle shared by reads and write-backs, an arbiter granting them round
 * robin; a full collector dispatches to a free unit of its kind, and an
 * instruction of fixed latency only if, at the cycle it will finish, a
 * result bus and a port of each destination's bank are free (booked at
 * dispatch: the result-bus fix of section 2.2). Memory instructions go
 * through the sub-core's address latch to the SM's shared structures,
 * one request a cycle each, and write back at the first cycle after their
 * answer with a bus and ports free. */
#ifndef SM_EXEC_H
#define SM_EXEC_H

#include "device/sm/sm_issue.h"

SIM_INLINE uint32_t sm_bank(const sm_params_t *P, uint32_t slot) { return slot % P->banks; }
/* Sub-core s's write-backs booked for ring cycle at: [0] the result buses
 * taken, [1 + b] bank b's ports. A cycle's counts of every sub-core lie
 * together (sm_wb_row), so that the cycle's end clears one run of bytes
 * rather than a byte in each of nsub x (banks + 1) rings. */
SIM_INLINE uint32_t sm_wb_stride(const sm_params_t *P) { return P->nsub * (P->banks + 1); }
SIM_INLINE uint8_t *sm_wb_row(sm_t *sm, uint32_t at) { return sm->wb + (size_t)at * sm_wb_stride(sm->P); }
SIM_INLINE uint8_t *sm_wb(sm_t *sm, uint32_t s, uint32_t at) { return sm_wb_row(sm, at) + s * (sm->P->banks + 1); }

/* Can d's results be written at cycle t by sub-core s: a bus, and each
 * destination bank's ports? A write-back with more registers in one bank
 * than the bank has ports (a vector load's four on two banks of one port)
 * needs the whole bank that cycle, not more: the rest follow in the next
 * cycles unbooked, rather than never fitting (which held such a load's
 * write-back SM_RING cycles). */
SIM_FN int sm_wb_free(sm_t *sm, uint32_t s, const sm_dec_t *d, uint64_t t)
{
    const sm_params_t *P = sm->P;
    const uint8_t *wb = sm_wb(sm, s, (uint32_t)(t & (SM_RING - 1)));
    if (wb[0] >= P->result_buses)
        return 0;
    for (uint32_t k = 0; k < d->ndst; k++) {
        uint32_t b = sm_bank(P, d->dst[k]), same = 0;
        for (uint32_t j = 0; j < k; j++)
            same += sm_bank(P, d->dst[j]) == b;
        uint32_t want = same + 1 < P->bank_ports ? same + 1 : P->bank_ports;
        if (wb[1 + b] + want > P->bank_ports)
            return 0;
    }
    return 1;
}

SIM_FN void sm_wb_book(sm_t *sm, uint32_t s, const sm_dec_t *d, uint64_t t)
{
    if (!d->ndst)
        return;
    uint8_t *wb = sm_wb(sm, s, (uint32_t)(t & (SM_RING - 1)));
    wb[0]++;
    for (uint32_t k = 0; k < d->ndst; k++)
        wb[1 + sm_bank(sm->P, d->dst[k])]++;
}

/* A memory instruction's data is in at cycle t: a load's or an atomic's
 * results go back at the first cycle from t with a bus and the banks'
 * ports free, booked now. The cycle it completes. */
SIM_FN uint64_t sm_mem_writeback_at(sm_t *sm, uint32_t s, const sm_dec_t *d, uint64_t t)
{
    if (d->mem == SM_MEM_LD || d->mem == SM_MEM_ATOM) {
        while (!sm_wb_free(sm, s, d, t) && t < sm->now + SM_RING - 1)
            t++;
        sm_wb_book(sm, s, d, t);
    }
    return t;
}

/* An instruction of warp slot i completes at cycle t (the ring's list of
 * that cycle, in dispatch order). */
SIM_FN void sm_flight(sm_t *sm, uint32_t i, uint32_t pc, uint64_t t)
{
    uint32_t f = sm->free_flight, at = (uint32_t)(t & (SM_RING - 1));
    if (f != SM_NONE)
        sm->free_flight = sm->flights[f].next;
    else
        f = sm->flights_used++; /* the same order as a list of them all: 0, 1, ... */
    sm_flight_t *fl = &sm->flights[f];
    fl->next = SM_NONE;
    fl->warp = i;
    fl->pc = pc;
    if (sm->ring[at] == SM_NONE)
        sm->ring[at] = f;
    else
        sm->flights[sm->ring_tail[at]].next = f;
    sm->ring_tail[at] = f;
    sm->live_flights++;
}

/* The collector at ci is done with: free it. */
SIM_INLINE void sm_cu_free(sm_t *sm, uint32_t ci)
{
    uint32_t bit = sm_cu_bit(sm->P, ci);
    sm_sub_t *sub = &sm->subs[ci / sm->P->collectors];
    sm->cus[ci].warp = SM_NONE;
    sub->cu_busy &= ~bit;
    sub->cu_reading &= ~bit;
}

/* ---- operand collection ------------------------------------------------------ */

/* Sub-core s's register banks this cycle: the ports write-backs leave, to
 * its collectors' reads, round robin from a collector that moves each
 * cycle. 1 if a read was granted. */
SIM_FN int sm_read(sm_t *sm, uint32_t s)
{
    const sm_params_t *P = sm->P;
    uint32_t n = P->collectors, any = 0;
    const uint8_t *wb = sm_wb(sm, s, (uint32_t)(sm->now & (SM_RING - 1)));
    /* a bank's free ports this cycle, worked out when a read first asks
     * (most cycles none does: 64 banks on the H100 config) */
    uint8_t ports[64];
    uint64_t known = 0;
    /* the first collector served: the cycle's, as the dispatch's round
     * robin (sm_cycle), not a count of cycles run, which idle cycles the
     * SM skips over would not move (their arbitration then differed from
     * stepping every cycle) */
    uint32_t first = (uint32_t)(sm->now % n), reading = sm->subs[s].cu_reading;
    /* the collectors with operands left, from first round robin */
    uint64_t todo = ((uint64_t)reading >> first | (uint64_t)reading << (n - first)) & ((1ull << n) - 1u);
    for (; todo; todo &= todo - 1) {
        uint32_t k = sim_ctz64(todo);
        uint32_t ci = s * n + (first + k) % n;
        sm_cu_t *cu = &sm->cus[ci];
        const sm_dec_t *d = &sm->dec[cu->pc];
        sm_warp_t *sw = &sm->warps[cu->warp];
        for (uint32_t i = 0; i < d->nsrc; i++) {
            if (!(cu->left >> i & 1u))
                continue;
            uint32_t b = sm_bank(P, d->src[i]) & 63u;
            if (!(known >> b & 1u)) {
                uint32_t used = wb[1 + b];
                ports[b] = (uint8_t)(used < P->bank_ports ? P->bank_ports - used : 0);
                known |= 1ull << b;
            }
            if (!ports[b]) {
                sm->st.bank_conflicts++;
                continue;
            }
            ports[b]--;
            cu->left &= ~(1u << i);
            int j = sm_has(sw->reads, sw->nread, d->src[i]);
            if (j >= 0)
                sw->reads[j] = sw->reads[--sw->nread];
            sm_wake(sm, cu->warp);
            any = 1;
        }
        if (!cu->left) {
            cu->ready_at = sm->now + 1;
            sm->subs[s].cu_reading &= ~sm_cu_bit(P, ci);
        }
    }
    return any;
}

/* ---- dispatch ------------------------------------------------------------------ */

/* Memory: the address latch takes ncycles (coalescing), its requests go to
 * the shared structure one a cycle in turn with the other sub-cores', and
 * the answer comes after the space's latency. The completion cycle, or
 * SM_NEVER if the structure's queue is too far ahead to book. */
SIM_FN uint64_t sm_mem_done(sm_t *sm, const sm_cu_t *cu, const sm_dec_t *d)
{
    const sm_params_t *P = sm->P;
    uint64_t now = sm->now;
    if (d->mem == SM_MEM_FENCE)
        return now + 1;
    uint64_t *busy, lat;
    switch (cu->space) {
    case SM_SP_SHARED: busy = &sm->smem_free, lat = P->smem_latency; break;
    case SM_SP_CONST: busy = &sm->const_free, lat = P->const_latency; break;
    default: busy = &sm->l1d_free, lat = P->gmem_latency; break;
    }
    uint64_t first = *busy > now + 1 ? *busy : now + 1, last = first + cu->ncycles - 1;
    if (last + lat + 64 >= now + SM_RING)
        return SM_NEVER;
    *busy = last + 1;
    return last + lat;
}

SIM_FN int sm_gmem_dispatch(sm_t *sm, uint32_t s, uint32_t ci); /* sm_gmem.h */

/* Dispatches collector ci if a unit and its write-back allow: 1 if it went. */
SIM_FN int sm_dispatch_one(sm_t *sm, uint32_t s, uint32_t ci)
{
    const sm_params_t *P = sm->P;
    sm_cu_t *cu = &sm->cus[ci];
    const sm_dec_t *d = &sm->dec[cu->pc];
    uint64_t now = sm->now, *uf = sm->unit_free + (size_t)s * sm_units_per_sub(P) + sm_unit_first(P, d->unit);
    uint32_t u = SM_NONE;
    for (uint32_t k = 0; k < P->units[d->unit]; k++)
        if (uf[k] <= now) {
            u = k;
            break;
        }
    if (u == SM_NONE)
        return 0;
    uint64_t wb;
    if (d->unit == SM_UNIT_MEM && sm->l1d && d->mem != SM_MEM_FENCE &&
        (cu->space == SM_SP_GLOBAL || cu->space == SM_SP_LOCAL)) {
        if (!sm_gmem_dispatch(sm, s, ci))
            return 0;
        uf[u] = now + cu->ncycles;
        sm_cu_free(sm, ci);
        return 1;
    }
    if (d->unit == SM_UNIT_MEM) {
        uint64_t done = sm_mem_done(sm, cu, d);
        if (done == SM_NEVER)
            return 0;
        wb = sm_mem_writeback_at(sm, s, d, done);
        uf[u] = now + cu->ncycles;
    } else {
        wb = now + d->lat;
        if (!sm_wb_free(sm, s, d, wb)) {
            sm->st.result_bus_stalls++;
            return 0;
        }
        sm_wb_book(sm, s, d, wb);
        uf[u] = now + d->ii;
    }
    sm_flight(sm, cu->warp, cu->pc, wb);
    sm_cu_free(sm, ci);
    return 1;
}

/* Sub-core s's full collectors, oldest first. 1 if one dispatched. */
SIM_FN int sm_dispatch(sm_t *sm, uint32_t s)
{
    uint32_t n = sm->P->collectors, any = 0, tried = 0;
    for (;;) {
        uint32_t best = SM_NONE;
        for (uint32_t busy = sm->subs[s].cu_busy & ~tried; busy; busy &= busy - 1) {
            uint32_t k = sim_ctz64(busy);
            const sm_cu_t *cu = &sm->cus[s * n + k];
            if (cu->ready_at <= sm->now &&
                (best == SM_NONE || cu->order - sm->cus[best].order > 0x80000000u))
                best = s * n + k;
        }
        if (best == SM_NONE)
            return any;
        tried |= 1u << (best - s * n);
        any |= sm_dispatch_one(sm, s, best);
    }
}

/* ---- write-back ---------------------------------------------------------------- */

/* The instructions completing this cycle: their registers written, their
 * scoreboard entries gone. A warp that has exited and has nothing in flight
 * leaves its slot. 1 if one completed. */
SIM_FN int sm_writeback(sm_t *sm)
{
    uint32_t at = (uint32_t)(sm->now & (SM_RING - 1)), f = sm->ring[at];
    if (f == SM_NONE)
        return 0;
    sm->ring[at] = SM_NONE;
    while (f != SM_NONE) {
        sm_flight_t *fl = &sm->flights[f];
        uint32_t next = fl->next;
        sm_warp_t *sw = &sm->warps[fl->warp];
        const sm_dec_t *d = &sm->dec[fl->pc];
        for (uint32_t k = 0; k < d->ndst; k++) {
            int j = sm_has(sw->pend, sw->npend, d->dst[k]);
            if (j < 0)
                continue;
            uint32_t last = --sw->npend;
            sw->pend[j] = sw->pend[last];
            sw->pend_mem = (sw->pend_mem & ~(1u << j)) | (sw->pend_mem >> last & 1u) << j;
            sw->pend_mem &= ~(1u << last);
        }
        sw->inflight--;
        sw->mem_inflight -= d->mem != SM_MEM_NONE;
        sm_wake(sm, fl->warp);
        fl->next = sm->free_flight;
        sm->free_flight = f;
        sm->live_flights--;
        f = next;
    }
    return 1;
}

#include "device/sm/sm_gmem.h"

#endif
