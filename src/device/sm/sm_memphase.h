/* The memory phase between two windows of the SMs (issue 34 part 5; seed
 * 000's separate phases): the requests the SMs sent in the window cross
 * the crossbar's request network (mem_xbar.h) to their L2 slices, each
 * partition runs to a horizon, and the answers cross the reply network to
 * the SMs. Device code, once for both runners, which call its three steps
 * in turn after each window, each step once the last has ended on every
 * thread: sm_mem_gather (one thread), sm_mem_part (a partition at a time,
 * on any thread), sm_mem_reply (one thread); and at the kernel's end
 * sm_l1d_stats (an SM at a time, on any thread).
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
 * requests other SMs send before it in time order; the networks arbitrate
 * a cycle only when every packet that could be ready by then is known.
 * Where it is not exact: an output's room is counted at the phase (what a
 * slice or an SM takes from it during the phase frees it at the next), so
 * queues that fill up hold packets back a phase (mem_xbar_stats_t
 * out_full), and an SM or a slice sees its crossbar input as the last
 * phase left it (the work-group mode stops an SM where its input could be
 * full: sm_icnt_may_fill). */
#ifndef SM_MEMPHASE_H
#define SM_MEMPHASE_H

#include "device/sm/sm_cycle.h"
#include "device/mem/mem_part.h"

/* The request network (mem_xbar.h) up to `before`, the phase's horizon
 * (every request sent earlier is in an outbox by then), after what the
 * L2's halves sent each other (mem_xdeliver): each SM's requests sent
 * before it move into the crossbar in send order while it has slots there
 * (mem_req_slots; the rest wait in the outbox, with what was sent at `before`
 * or later: another SM may still send an earlier one, which must meet the
 * crossbar first: seed 000's delayed dequeuing; an SM's address latch
 * sends lines ahead of its cycle); each slice's port takes them in the
 * arbiter's order while its queue has room. Each SM learns how many of its
 * requests wait in the crossbar (sm->icnt_waiting: its dispatch stops at
 * -icnt_in_buffer_limit). One thread. */
SIM_FN void sm_mem_gather(mem_sys_t *ms, sm_t **sms, uint32_t nsm, uint64_t before)
{
    const mem_params_t *M = ms->M;
    mem_xbar_t *x = &ms->req;
    mem_xdeliver(ms);
    mem_xbar_begin(x);
    for (uint32_t m = 0; m < nsm; m++) {
        sm_t *sm = sms[m];
        if (!sm)
            continue;
        uint32_t i = 0;
        for (; i < sm->nout && sm->out[i].at < before; i++) {
            const mem_req_t *r = &sm->out[i];
            if (!mem_xbar_offer(x, m, r->port, r, r->flits))
                break;
        }
        for (uint32_t j = i; j < sm->nout; j++)
            sm->out[j - i] = sm->out[j];
        sm->nout -= i;
    }
    mem_xbar_sort(x);
    for (uint32_t o = 0; o < x->nout; o++) {
        if (mem_xbar_idle(x, o))
            continue;
        x->room[o] = ms->qcap - ms->parts[o / M->nsub].qn[o % M->nsub];
        uint32_t k = mem_xbar_serve(x, o, before);
        for (uint32_t q = 0; q < k; q++) {
            uint32_t s = x->done[x->ndone + q];
            mem_enqueue(ms, &x->pkt[s], x->cross[s]);
        }
        mem_xbar_release(x, k);
    }
    mem_xbar_end(x, before);
    for (uint32_t m = 0; m < nsm; m++)
        if (sms[m])
            sms[m]->icnt_waiting = x->used[m];
}

/* The reply network (mem_xbar.h) up to the horizon of the partitions that
 * ran to `until` (what they answered is all before it): each slice's
 * answers move into the crossbar in time order while it has slots there
 * (mem_reply_slots; the rest stay in its partition's array, in order, for
 * the next phase: a slice stops answering once -icnt_in_buffer_limit of
 * its answers wait, mem_l2_access); each SM's port takes them in the arbiter's order while it has
 * fewer than -icnt_out_buffer_limit not yet taken. An answer that crosses
 * at cycle c is in its SM's inbox from c + icnt. One thread. */
SIM_FN void sm_mem_reply(mem_sys_t *ms, sm_t **sms, uint64_t until)
{
    const mem_params_t *M = ms->M;
    mem_xbar_t *x = &ms->reply;
    uint64_t h = until + M->icnt_latency + M->rop_latency;
    mem_xbar_begin(x);
    for (uint32_t p = 0; p < ms->npart; p++) {
        mem_part_t *pt = &ms->parts[p];
        uint32_t kept = 0;
        for (uint32_t i = 0; i < pt->nans; i++)
            if (!mem_xbar_offer(x, pt->ans[i].port, pt->ans[i].sm, &pt->ans[i], pt->ans[i].flits))
                pt->ans[kept++] = pt->ans[i];
        pt->nans = kept;
    }
    mem_xbar_sort(x);
    ms->nreplied = 0;
    for (uint32_t m = 0; m < x->nout; m++) {
        if (mem_xbar_idle(x, m))
            continue;
        sm_t *sm = sms[m];
        uint32_t cap = sm ? sm_reply_room(sm->P) : 0;
        x->room[m] = sm && sm->in_n < cap ? cap - sm->in_n : 0;
        uint32_t k = mem_xbar_serve(x, m, h);
        for (uint32_t q = 0; q < k; q++) {
            uint32_t s = x->done[x->ndone + q];
            mem_req_t *in = &sm->in[(sm->in_h + sm->in_n++) % sm->in_cap];
            *in = x->pkt[s];
            in->at = x->cross[s] + M->icnt_latency;
        }
        mem_xbar_release(x, k);
        ms->nreplied += k;
    }
    mem_xbar_end(x, h);
    ms->st.icnt_to_sm += ms->nreplied;
}

/* SM m's L1D counters into its statistics, at the kernel's end (nothing
 * reads them before: copied after every phase, they cost the cycle-by-cycle
 * mode a pass over every SM a cycle). Each SM apart: any thread. */
SIM_FN void sm_l1d_stats(sm_t **sms, uint32_t m)
{
    if (sms[m] && sms[m]->l1d)
        sms[m]->st.l1d = sms[m]->l1d->stats;
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
    st->req = ms->req.st;
    st->reply = ms->reply.st;
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
            slices[mem_slice(ms->M, p, k)] = cache_stats_totals(&pt->l2[k]->stats);
        chans[p] = pt->dram->st;
    }
}

#endif
