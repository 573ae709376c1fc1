/* Which request a bank serves next: GPGPU-Sim's FR-FCFS (row hits first,
 * then the oldest; Rixner et al., ISCA 2000) and FIFO, and the write queue
 * it drains between watermarks (dram_sched.cc). */
#ifndef DRAM_SCHED_H
#define DRAM_SCHED_H

#include "device/mem/dram_state.h"

/* Requests of l that have arrived by cycle t (lists are in arrival order). */
SIM_INLINE uint32_t dram_arrived(const dram_t *d, const dram_list_t *l, uint64_t t)
{
    uint32_t n = 0;
    for (uint32_t i = l->head; i != DRAM_NONE && d->reqs[i].arrive <= t; i = d->reqs[i].next)
        n++;
    return n;
}

/* With a write queue, the scheduler turns to writes when their number
 * reaches the high watermark and back to reads once it falls below the
 * low one, so that writes go in long runs and the bus turns around
 * seldom (the virtual write queue of seed 004's [19]). */
SIM_INLINE uint32_t dram_write_mode_at(const dram_t *d, uint64_t t)
{
    const dram_params_t *P = d->P;
    if (P->sched != DRAM_SCHED_FRFCFS || !P->write_queue)
        return 0;
    uint32_t w = dram_arrived(d, &d->wq, t);
    return d->write_mode ? w >= P->wq_low : w >= P->wq_high;
}

SIM_INLINE dram_list_t *dram_serving(dram_t *d) { return d->write_mode ? &d->wq : &d->rq; }

/* Whether r, by cycle t, could go to its bank. */
SIM_INLINE int dram_takes(const dram_t *d, const dram_req_t *r, uint64_t t)
{
    return r->arrive <= t && d->banks[r->bank].req == DRAM_NONE;
}

/* Whether a bank could be given a request at cycle t. FIFO looks at the
 * head only: it waits for its bank however many others are free. */
SIM_FN int dram_can_assign(const dram_t *d, uint64_t t)
{
    const dram_list_t *q = dram_write_mode_at(d, t) ? &d->wq : &d->rq;
    for (uint32_t i = q->head; i != DRAM_NONE && d->reqs[i].arrive <= t; i = d->reqs[i].next) {
        if (dram_takes(d, &d->reqs[i], t))
            return 1;
        if (d->P->sched == DRAM_SCHED_FIFO)
            return 0;
    }
    return 0;
}

SIM_INLINE void dram_count_access(dram_t *d, const dram_req_t *r, int hit)
{
    d->st.access++, d->st.hits += (uint64_t)hit;
    if (r->write)
        d->st.access_wr++, d->st.hits_wr += (uint64_t)hit;
    else
        d->st.access_rd++, d->st.hits_rd += (uint64_t)hit;
}

/* Gives at most one free bank a request this cycle, as GPGPU-Sim does: the
 * round-robin's first free bank that has one in the queue being served.
 * FR-FCFS takes the oldest request to the bank's open row, else the bank's
 * oldest; FIFO the queue's head. */
SIM_FN void dram_assign(dram_t *d)
{
    const dram_params_t *P = d->P;
    uint32_t nbk = P->t.nbk;
    d->write_mode = dram_write_mode_at(d, d->now);
    dram_list_t *q = dram_serving(d);
    uint32_t pick[DRAM_MAX_BANKS], pick_prev[DRAM_MAX_BANKS], hit[DRAM_MAX_BANKS];
    for (uint32_t b = 0; b < nbk; b++)
        pick[b] = DRAM_NONE, hit[b] = 0;
    uint32_t found = 0;
    for (uint32_t i = q->head, prev = DRAM_NONE; i != DRAM_NONE; prev = i, i = d->reqs[i].next) {
        const dram_req_t *r = &d->reqs[i];
        if (r->arrive > d->now || (P->sched == DRAM_SCHED_FIFO && i != q->head))
            break;
        if (!dram_takes(d, r, d->now) || hit[r->bank])
            continue;
        const dram_bank_t *k = &d->banks[r->bank];
        int is_hit = k->open && k->row == r->row;
        if (pick[r->bank] == DRAM_NONE || is_hit) {
            found += pick[r->bank] == DRAM_NONE;
            pick[r->bank] = i, pick_prev[r->bank] = prev, hit[r->bank] = (uint32_t)is_hit;
        }
    }
    for (uint32_t n = 0; found && n < nbk; n++) {
        uint32_t b = (d->prio + n) % nbk;
        if (pick[b] == DRAM_NONE)
            continue;
        dram_list_unlink(d, q, pick_prev[b], pick[b]);
        d->banks[b].req = pick[b];
        d->prio = (d->prio + 1) % nbk;
        dram_count_access(d, &d->reqs[pick[b]], (int)hit[b]);
        return;
    }
}

#endif
