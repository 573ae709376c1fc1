/* The memory phase between two windows of the SMs (issue 34 part 5; seed
 * 000's separate phases): the requests the SMs sent in the window go to
 * their L2 slices in send order, each partition runs to a horizon, and
 * the answers go to the SMs in time order. Device code, once for both
 * runners, which call its four steps in turn after each window, each step
 * once the last has ended on every thread: sm_mem_gather (one thread),
 * sm_mem_part (a partition at a time, on any thread), sm_mem_sort (one
 * thread), sm_mem_deliver (an SM at a time, on any thread).
 *
 * Why the cycles are those of running everything cycle by cycle: a request
 * an SM has not sent yet (at cycle E or later, E the window's end) reaches
 * an L2 slice no earlier than E + icnt + rop, so every slice event before
 * that horizon is known and runs in time order, and what a later phase
 * makes is later. An answer made now left its slice no earlier than the
 * previous horizon, so it reaches its SM no earlier than that plus icnt,
 * which is this window's end as long as a window is no longer than
 * 2 x icnt + rop (mem_params_t.lookahead; sm_params.c bounds the default
 * window by it; `--quantum` may go beyond: seed 000's bounded slack, where
 * an answer can reach its SM after the cycle it was due, and is taken at
 * the next window's first). A request an address latch sends ahead of the
 * window's end waits in its outbox for the next phase, where it meets the
 * requests other SMs send before it in time order. Where it is not exact:
 * queues that fill up hold requests back a phase (mem_stats_t.overflows). */
#ifndef SM_MEMPHASE_H
#define SM_MEMPHASE_H

#include "device/sm/sm_cycle.h"
#include "device/mem/mem_part.h"

/* Is SM a's next request before SM b's (ties: the lower SM)? */
SIM_INLINE int sm_mem_before(sm_t **sms, const uint32_t *pos, uint32_t a, uint32_t b)
{
    uint64_t ta = sms[a]->out[pos[a]].at, tb = sms[b]->out[pos[b]].at;
    return ta < tb || (ta == tb && a < b);
}

SIM_FN void sm_mem_sift(sm_t **sms, const uint32_t *pos, uint32_t *heap, uint32_t n, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && sm_mem_before(sms, pos, heap[l], heap[m]))
            m = l;
        if (r < n && sm_mem_before(sms, pos, heap[r], heap[m]))
            m = r;
        if (m == i)
            return;
        uint32_t t = heap[i];
        heap[i] = heap[m], heap[m] = t;
        i = m;
    }
}

/* The SMs' outboxes into the slices' queues, merged in send order, after
 * what the L2's halves sent each other (mem_xdeliver). An SM whose request
 * meets a full queue keeps it and the rest of its outbox, in order, for
 * the next phase (its dispatch stalls when the outbox fills: the
 * crossbar's back-pressure); so does one whose next request leaves at
 * `before` (the phase's horizon) or later: another SM may still send an
 * earlier one, which must meet the slice's port first (seed 000's delayed
 * dequeuing; an SM's address latch sends lines ahead of its cycle). */
SIM_FN void sm_mem_gather(mem_sys_t *ms, sm_t **sms, uint32_t nsm, uint64_t before)
{
    uint32_t *pos = ms->pos, *heap = ms->heap, n = 0;
    mem_xdeliver(ms);
    for (uint32_t m = 0; m < nsm; m++) {
        pos[m] = 0;
        if (sms[m] && sms[m]->nout)
            heap[n++] = m;
    }
    for (uint32_t i = n; i-- > 0;)
        sm_mem_sift(sms, pos, heap, n, i);
    while (n) {
        uint32_t m = heap[0];
        sm_t *sm = sms[m];
        int later = sm->out[pos[m]].at >= before;
        int full = !later && mem_enqueue(ms, &sm->out[pos[m]]) != 0;
        if (!full && !later)
            pos[m]++;
        if (later || full || pos[m] == sm->nout) {
            uint32_t left = sm->nout - pos[m];
            for (uint32_t i = 0; i < left; i++)
                sm->out[i] = sm->out[pos[m] + i];
            sm->nout = left;
            ms->st.overflows += full;
            heap[0] = heap[--n];
        }
        sm_mem_sift(sms, pos, heap, n, 0);
    }
}

/* The partitions' answers bucketed by SM, each SM's share in partition
 * order (ms->dcount[m] is where SM m's share ends). One thread. */
SIM_FN void sm_mem_sort(mem_sys_t *ms, uint32_t nsm)
{
    uint32_t *at = ms->dcount;
    for (uint32_t m = 0; m <= nsm; m++)
        at[m] = 0;
    for (uint32_t p = 0; p < ms->npart; p++)
        for (uint32_t i = 0; i < ms->parts[p].nans; i++)
            at[ms->parts[p].ans[i].sm + 1]++;
    for (uint32_t m = 0; m < nsm; m++)
        at[m + 1] += at[m];
    for (uint32_t p = 0; p < ms->npart; p++) {
        mem_part_t *pt = &ms->parts[p];
        for (uint32_t i = 0; i < pt->nans; i++)
            ms->deliver[at[pt->ans[i].sm]++] = pt->ans[i];
        ms->st.icnt_to_sm += pt->nans;
        pt->nans = 0;
    }
}

/* SM m's answers into its inbox in arrival order (ties: the lower
 * partition first), a flit a cycle through its crossbar port; its L1D's
 * counters into its statistics. Each SM apart: any thread. */
SIM_FN void sm_mem_deliver(mem_sys_t *ms, sm_t **sms, uint32_t m)
{
    const mem_params_t *M = ms->M;
    uint32_t lo = m ? ms->dcount[m - 1] : 0, hi = ms->dcount[m];
    mem_req_t *a = ms->deliver;
    sm_t *sm = sms[m];
    if (!sm)
        return;
    for (uint32_t i = lo + 1; i < hi; i++) { /* a stable insertion sort: each partition's share is in order */
        mem_req_t v = a[i];
        uint32_t j = i;
        for (; j > lo && a[j - 1].at > v.at; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
    for (uint32_t i = lo; i < hi; i++) {
        uint64_t t = a[i].at + M->icnt_latency;
        if (t < sm->eject_free)
            t = sm->eject_free;
        sm->eject_free = t + a[i].flits;
        mem_req_t *in = &sm->in[(sm->in_h + sm->in_n++) % sm->in_cap];
        *in = a[i];
        in->at = t;
    }
    if (sm->l1d)
        sm->st.l1d = sm->l1d->stats;
}

/* Partition p's part of the phase after the window that ended at `until`:
 * its events up to the horizon (no request sent from then reaches a slice
 * before it). Each partition apart: any thread. */
SIM_FN void sm_mem_part(mem_sys_t *ms, uint32_t p, uint64_t until)
{
    if (mem_part_run(ms, p, until + ms->M->icnt_latency + ms->M->rop_latency))
        ms->parts[p].overflows++;
}

/* The L2 slices' and DRAM channels' counters, summed, and the system's. */
SIM_FN void sm_mem_totals(const mem_sys_t *ms, cache_stats_t *l2, dram_stats_t *dram, mem_stats_t *st)
{
    sim_zero(l2, sizeof *l2);
    sim_zero(dram, sizeof *dram);
    *st = ms->st;
    for (uint32_t p = 0; p < ms->npart; p++) {
        st->overflows += ms->parts[p].overflows;
        st->xreads += ms->parts[p].xreads;
        st->xwrites += ms->parts[p].xwrites;
    }
    for (uint32_t p = 0; p < ms->npart; p++) {
        const mem_part_t *pt = &ms->parts[p];
        for (uint32_t k = 0; k < ms->M->nsub; k++) {
            const uint64_t *src = (const uint64_t *)&pt->l2[k]->stats;
            uint64_t *dst = (uint64_t *)l2;
            for (size_t i = 0; i < sizeof *l2 / sizeof(uint64_t); i++)
                dst[i] += src[i];
        }
        const uint64_t *src = (const uint64_t *)&pt->dram->st;
        uint64_t *dst = (uint64_t *)dram;
        for (size_t i = 0; i < sizeof *dram / sizeof(uint64_t); i++)
            dst[i] += src[i];
    }
}

/* Each L2 slice's counters (npart x nsub, slice p * nsub + k: GPGPU-Sim's
 * sub-partition id, its L2_cache_bank[i] line) and each channel's (npart,
 * its DRAM[i] lines): sm_stats.c prints them. */
SIM_FN void sm_mem_banks(const mem_sys_t *ms, cache_totals_t *slices, dram_stats_t *chans)
{
    for (uint32_t p = 0; p < ms->npart; p++) {
        const mem_part_t *pt = &ms->parts[p];
        for (uint32_t k = 0; k < ms->M->nsub; k++)
            slices[p * ms->M->nsub + k] = cache_stats_totals(&pt->l2[k]->stats);
        chans[p] = pt->dram->st;
    }
}

#endif
