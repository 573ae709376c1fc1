/* One DRAM channel: the memory controller of a memory partition, its
 * queues, scheduler and banks, cycle by cycle in the DRAM's command clock
 * (DESIGN.md "The memory system"). The caller (the memory phase) pushes
 * requests with the cycle each arrives, steps the channel to a cycle and
 * takes the reads whose data is in; dram_next says when anything can next
 * happen, and dram_step skips the cycles in which nothing can, so a
 * channel costs time only for its commands. The same requests give the
 * same schedule, however the caller divides its steps.
 *
 *   dram_t *d = dram_init(mem, &P);                  // mem: dram_bytes(&P)
 *   if (dram_can_push(d, 0)) dram_push(d, addr, 0, 1, id, cycle);
 *   dram_step(d, cycle + 100);                       // runs cycles before it
 *   while (dram_pop(d, &id, &done)) ...              // done <= cycle + 100
 */
#ifndef DRAM_H
#define DRAM_H

#include "device/mem/dram_cmd.h"
#include "device/mem/dram_sched.h"

/* Whether a read (write 0) or a write would fit its queue now. */
SIM_FN int dram_can_push(const dram_t *d, uint32_t write)
{
    const dram_params_t *P = d->P;
    if (write && P->write_queue && P->sched == DRAM_SCHED_FRFCFS)
        return d->wq.n < P->wq_size;
    return d->rq.n + (P->write_queue && P->sched == DRAM_SCHED_FRFCFS ? 0 : d->wq.n) < P->queue;
}

/* A request of `sectors` 32-byte sectors at addr, which the controller sees
 * from cycle `arrive` (now, if earlier); after the requests that arrive no
 * later, so the queue stays in arrival order. 0, or -1 if its queue is full. */
SIM_FN int dram_push(dram_t *d, uint64_t addr, uint32_t write, uint32_t sectors, uint32_t id, uint64_t arrive)
{
    const dram_params_t *P = d->P;
    if (!dram_can_push(d, write) || d->free.head == DRAM_NONE)
        return -1;
    uint32_t i = d->free.head;
    dram_list_unlink(d, &d->free, DRAM_NONE, i);
    d->quiet_until = 0;
    dram_req_t *r = &d->reqs[i];
    dram_addr_t a;
    dram_decode(&P->map, addr, &a);
    uint32_t bytes = (sectors ? sectors : 1) * 32u;
    r->addr = addr;
    r->arrive = arrive > d->now ? arrive : d->now;
    r->done = 0;
    r->id = id;
    r->bank = dram_bank_of(P, &a);
    r->row = a.row;
    r->atoms = (bytes + P->atom_bytes - 1) / P->atom_bytes;
    r->write = write ? 1 : 0;
    r->started = 0;
    dram_list_t *q = write && P->write_queue && P->sched == DRAM_SCHED_FRFCFS ? &d->wq : &d->rq;
    uint32_t prev = DRAM_NONE;
    for (uint32_t j = q->head; j != DRAM_NONE && d->reqs[j].arrive <= r->arrive; j = d->reqs[j].next)
        prev = j;
    if (prev == q->tail) {
        dram_list_append(d, q, i);
    } else {
        r->next = prev == DRAM_NONE ? q->head : d->reqs[prev].next;
        if (prev == DRAM_NONE)
            q->head = i;
        else
            d->reqs[prev].next = i;
        q->n++;
    }
    d->st.n_req++;
    if (r->write)
        d->st.wr_atoms += r->atoms;
    else
        d->st.rd_atoms += r->atoms;
    return 0;
}

/* The first arrival after cycle t in l, or DRAM_NEVER. */
SIM_INLINE uint64_t dram_arrival_after(const dram_t *d, const dram_list_t *l, uint64_t t)
{
    for (uint32_t i = l->head; i != DRAM_NONE; i = d->reqs[i].next)
        if (d->reqs[i].arrive > t)
            return d->reqs[i].arrive;
    return DRAM_NEVER;
}

/* The first cycle from t on at which running the channel may change it: a
 * command's constraints met, the write queue's turn, a request for a free
 * bank, an arrival, a refresh; DRAM_NEVER if none (the channel is idle, or waits only for the
 * caller to take reads). Nothing between here and then changes state, so
 * dram_step may jump there. */
SIM_FN uint64_t dram_ready_at(const dram_t *d, uint64_t t)
{
    /* the write queue's mode turns (its hysteresis is state) or a bank can
     * be given a request */
    if (dram_write_mode_at(d, t) != d->write_mode || dram_can_assign(d, t))
        return t;
    uint64_t at = dram_arrival_after(d, &d->rq, t);
    uint64_t w = dram_arrival_after(d, &d->wq, t);
    at = w < at ? w : at;
    if (!d->refreshing && d->ref_due < at)
        at = d->ref_due;
    if (d->refreshing) {
        uint64_t r = dram_refresh_at(d);
        at = r < at ? r : at;
    }
    for (uint32_t b = 0; b < d->P->t.nbk; b++) {
        uint64_t c = 0;
        if (dram_next_cmd(d, b, &c) != DRAM_CMD_NONE && c < at)
            at = c;
    }
    return at < t ? t : at;
}

/* A request is waiting for, or being served by, the banks. */
SIM_FN int dram_busy(const dram_t *d)
{
    for (uint32_t b = 0; b < d->P->t.nbk; b++)
        if (d->banks[b].req != DRAM_NONE)
            return 1;
    return dram_arrived(d, &d->rq, d->now) + dram_arrived(d, &d->wq, d->now) != 0;
}

/* Cycle d->now: a refresh falls due, a bank is given a request, commands. */
SIM_FN void dram_cycle(dram_t *d)
{
    if (!d->refreshing && d->now >= d->ref_due)
        d->refreshing = 1;
    dram_assign(d);
    dram_commands(d);
}

/* Runs the cycles before `until`, skipping those in which nothing can
 * happen: within a call, and from one call to the next while no request
 * came or left (quiet_until; the memory phase calls it every window, every
 * cycle in the cycle-by-cycle mode, mostly for a channel with nothing to do). */
SIM_FN void dram_step(dram_t *d, uint64_t until)
{
    while (d->now < until) {
        uint64_t next = d->quiet_until;
        if (d->now >= next) {
            dram_cycle(d);
            next = d->quiet_until = dram_ready_at(d, d->now + 1);
        }
        if (next > until)
            next = until;
        uint64_t span = next - d->now;
        d->st.n_cmd += span;
        if (dram_busy(d))
            d->st.n_activity += span;
        d->now = next;
    }
}

/* The first cycle from now on at which the channel has something to do or a
 * read's data is in; DRAM_NEVER when idle. */
SIM_FN uint64_t dram_next(const dram_t *d)
{
    uint64_t at = dram_ready_at(d, d->now);
    if (d->ret.head != DRAM_NONE) {
        uint64_t done = d->reqs[d->ret.head].done;
        done = done < d->now ? d->now : done;
        at = done < at ? done : at;
    }
    return at;
}

/* Takes the oldest read whose data is in by now: its id and the cycle of
 * its last data beat. 0 if none. */
SIM_FN int dram_pop(dram_t *d, uint32_t *id, uint64_t *done)
{
    uint32_t i = d->ret.head;
    if (i == DRAM_NONE || d->reqs[i].done > d->now)
        return 0;
    dram_list_unlink(d, &d->ret, DRAM_NONE, i);
    d->quiet_until = 0; /* a return-queue entry free: a read may start */
    *id = d->reqs[i].id;
    *done = d->reqs[i].done;
    d->returns--;
    dram_list_append(d, &d->free, i);
    return 1;
}

#endif
