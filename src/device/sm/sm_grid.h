/* The block scheduler (seed 003's CTA distribution; issue 31 part 7), once
 * for both runners: the CPU's (src/host/sm/sm_run.c: SMs over host threads)
 * and the GPU's (src/host/sm/sm_backend_cuda.cu: a CUDA thread an SM).
 *
 * The SMs run in windows of P->cta_quantum cycles, each SM on its own to
 * the window's end (an SM shares nothing with another but global memory
 * and, with a memory system, what is below its L1D: the memory phase
 * between windows, sm_memphase.h). Between windows the scheduler collects the CTAs that finished and starts
 * waiting ones in the freed slots, in the order the slots freed (cycle, SM,
 * slot), at the window's end: a CTA waits at most a window for its slot, as
 * the hardware's distributor takes some cycles to launch one. The first
 * wave goes out round robin over the SMs, CTA i to SM i mod nsm, as
 * ptx_sched_sm says. Every choice depends on cycles only, so the cycle
 * count is the same on any number of threads and on either backend
 * (DESIGN.md "The SM model" says where it is not: CTAs that talk to each
 * other through global memory within a window).
 *
 * Seed 000's work-group parallel mode (P->wg_parallel, `--sync workgroup`)
 * is run by the same steps, in rounds rather than windows: each SM runs on
 * its own clock to the top synchronisation point (until, moved on by
 * cta_quantum once every SM has reached it), but stops at the end of a
 * cycle in which one of its CTAs ended while CTAs wait (it parks), and,
 * while it waits for an answer from below, where an answer the last memory
 * phase did not make could first arrive (its horizon plus the lookahead:
 * sm_run). A parked SM's next CTA starts at its own cycle once every other
 * SM is past it (the base synchronisation point: no SM can free a slot
 * sooner), so slots are filled in the order they freed, as cycle by
 * cycle. The memory phase runs to the lowest SM's cycle and takes only
 * the requests sent before it (seed 000's delayed dequeuing: the SMs'
 * outboxes are its reorder queue, their capacity its overload limit, a
 * full one stalling its SM's dispatch). So an SM runs far ahead only
 * while it waits on nothing from memory (compute, shared memory, L1 hits),
 * and syncs as often as the lookahead while it does; no answer comes late.
 * Every choice depends on cycles only, so it too gives the same cycles on
 * any number of threads and on either backend.
 *
 * The file that includes this one defines the runner's three hooks:
 *   sm_grid_launch(G, m, k, cta)  CTA cta into slot k of SM m (its state
 *                                 made on first use: G->sms[m]); 0, or -1
 *                                 with the SM's fault set (sm->fault,
 *                                 fault_cta = k);
 *   sm_grid_collect(G, m, k)      slot k of SM m ended (or, at the grid's
 *                                 end, was started): its output kept, the
 *                                 slot free (ct->R = NULL);
 *   sm_grid_fault(G, m, k)        the grid's fault is slot k's of SM m
 *                                 (its ptx_fault_t: ct->R->c.f) unless a
 *                                 lower CTA's came first. */
#ifndef SM_GRID_H
#define SM_GRID_H

#include "device/sm/sm_memphase.h"

/* A freed slot, in the order the block scheduler fills them. */
typedef struct sm_freed {
    uint64_t at;
    uint32_t m, k;
} sm_freed_t;

typedef struct sm_grid {
    sm_t **sms;                 /* SM m's state; NULL until it first gets a CTA */
    const sm_params_t *P;
    uint32_t nsm, ctas_per_sm;
    uint64_t nctas, next;       /* the grid's CTAs; the next to start */
    uint64_t until;             /* the window being run ends here (work-group parallel: the top point) */
    uint64_t horizon;           /* the memory phase runs to it and takes the requests sent before it */
    uint64_t last_end;          /* the cycle after the last CTA's end: gpu_sim_cycle */
    uint64_t syncs;             /* windows or rounds run: the SMs' synchronisation points */
    sm_freed_t *fr;             /* nsm x ctas_per_sm */
    mem_sys_t *mem;             /* the memory system below the L1Ds; NULL: fixed latencies */
    void *runner;               /* the hooks' own state */
} sm_grid_t;

SIM_FN int sm_grid_launch(sm_grid_t *G, uint32_t m, uint32_t k, uint64_t cta);
SIM_FN void sm_grid_collect(sm_grid_t *G, uint32_t m, uint32_t k);
SIM_FN void sm_grid_fault(sm_grid_t *G, uint32_t m, uint32_t k);

/* SM id's state in mem (sm_bytes long), made when it first gets a CTA: it
 * runs the program's records as dec times them, idle until the kernel's
 * launch latency is over; its clock starts at clock0 (the run's cycle at
 * the kernel's launch). */
SIM_FN sm_t *sm_start(void *mem, const sm_params_t *P, uint32_t max_ctas, uint32_t id, const sm_dec_t *dec,
                      const ptx_prog_t *prog, uint64_t clock0)
{
    sm_t *sm = sm_init(mem, P, max_ctas, id);
    sm->dec = dec;
    sm->prog = prog;
    sm->now = P->launch_latency;
    sm->clock = clock0 + P->launch_latency;
    return sm;
}

/* The end of a launch hook: CTA cta in slot k of sm, its state R set up
 * with rc (0; -1: its start faulted, and so does the SM) by the runner. */
SIM_FN int sm_grid_started(sm_t *sm, uint32_t k, ptx_sm_cta_t *R, uint64_t cta, int rc)
{
    sm->ctas[k].cta = (uint32_t)cta;
    if (rc) {
        sm->ctas[k].R = R;
        sm->fault = 1;
        sm->fault_cta = k;
        return -1;
    }
    ptx_sm_cta_traced(R);
    sm_cta_launch(sm, k, R, (uint32_t)cta);
    return 0;
}

/* SM m's fault to the grid: its faulting CTA's, or when it is stuck the
 * lowest CTA whose barrier can never complete (ptx_sm_deadlock says
 * which). */
SIM_FN void sm_grid_sm_fault(sm_grid_t *G, uint32_t m)
{
    sm_t *sm = G->sms[m];
    if (!sm) /* its state could not be made: the runner's error */
        return;
    if (sm->fault) {
        sm_grid_fault(G, m, sm->fault_cta);
        return;
    }
    uint32_t k = SM_NONE;
    for (uint32_t i = 0; i < sm->max_ctas; i++) {
        sm_cta_t *ct = &sm->ctas[i];
        if (!ct->R || !ct->warps)
            continue;
        ptx_sm_deadlock(&ct->R->c, ct->R->warps);
        if (ct->R->c.f->code != PTX_FAULT_NONE && (k == SM_NONE || ct->cta < sm->ctas[k].cta))
            k = i;
    }
    if (k != SM_NONE)
        sm_grid_fault(G, m, k);
}

/* Freed slots in fill order: an insertion sort (a window frees few; the
 * keys are distinct, so the order is the same everywhere). */
SIM_FN void sm_freed_sort(sm_freed_t *fr, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        sm_freed_t v = fr[i];
        uint32_t j = i;
        for (; j > 0; j--) {
            const sm_freed_t *u = &fr[j - 1];
            if (u->at < v.at || (u->at == v.at && (u->m < v.m || (u->m == v.m && u->k < v.k))))
                break;
            fr[j] = fr[j - 1];
        }
        fr[j] = v;
    }
}

/* The first wave, round robin a slot of each SM at a time; the first
 * window's end. 0, or -1: a CTA faulted at its start (the grid stops). */
SIM_FN int sm_grid_start(sm_grid_t *G)
{
    G->next = G->last_end = G->syncs = 0;
    for (uint32_t k = 0; k < G->ctas_per_sm && G->next < G->nctas; k++)
        for (uint32_t m = 0; m < G->nsm && G->next < G->nctas; m++)
            if (sm_grid_launch(G, m, k, G->next++)) {
                sm_grid_sm_fault(G, m);
                return -1;
            }
    G->until = G->P->launch_latency + G->P->cta_quantum;
    G->horizon = G->P->launch_latency;
    return 0;
}

/* SM m's part of a window, or of a work-group parallel round (a parked SM
 * waits for its next CTA; the others run to the top point, stopping when
 * a CTA ends while CTAs wait, or, waiting for an answer, where one the
 * last memory phase did not make could arrive: its horizon plus the
 * lookahead). Any thread. */
SIM_FN void sm_grid_run(sm_grid_t *G, uint32_t m)
{
    sm_t *sm = G->sms[m];
    if (!sm)
        return;
    if (G->P->wg_parallel) {
        if (sm->parked)
            return;
        sm->wg_stop = G->next < G->nctas;
        sm->wg_safe = G->mem ? G->horizon + G->mem->M->lookahead : 0;
        sm->icnt_at = G->horizon;
    }
    sm_run(sm, G->until);
}

/* Work-group parallel: may SM sm (NULL: none) still send a request or
 * free a slot? A CTA resident, or parked for its next. */
SIM_INLINE int sm_grid_wg_live(const sm_t *sm) { return sm && (sm->resident || sm->parked); }

/* After the SMs' part, before the memory phase: the cycle before which it
 * takes requests (sm_mem_gather: every SM has sent all of those, so they
 * reach the slices' ports in time order) and runs its partitions. A window's end;
 * work-group parallel, the lowest cycle of an SM that may still send one
 * (a CTA resident, or parked for its next). One thread. */
SIM_FN void sm_grid_horizon(sm_grid_t *G)
{
    uint64_t h = G->until;
    if (G->P->wg_parallel) {
        for (uint32_t m = 0; m < G->nsm; m++) {
            const sm_t *sm = G->sms[m];
            if (sm_grid_wg_live(sm) && sm->now < h)
                h = sm->now;
        }
        /* what one half of the L2 sends the other this phase must reach
         * it after the phase: the phase is no longer than their latency */
        if (G->mem && G->mem->M->nhalves > 1 && h > G->horizon + G->mem->M->half_latency)
            h = G->horizon + G->mem->M->half_latency;
    }
    G->horizon = h;
}

/* Work-group parallel: the lowest cycle of an SM that may still free a
 * slot (sm_grid_wg_live), and the lowest but that SM's: what each SM's
 * readiness is judged against (sm_grid_wg_ready), taken before any is
 * collected, so that slots that freed in the same cycle are filled in the
 * same step, in SM order, however the SMs are numbered. */
typedef struct sm_wg_low {
    uint64_t low, second;
    uint32_t at; /* the SM at low */
} sm_wg_low_t;

SIM_FN sm_wg_low_t sm_grid_wg_low(const sm_grid_t *G)
{
    sm_wg_low_t w = {SM_NEVER, SM_NEVER, SM_NONE};
    for (uint32_t m = 0; m < G->nsm; m++) {
        const sm_t *sm = G->sms[m];
        if (!sm_grid_wg_live(sm))
            continue;
        if (sm->now < w.low)
            w.second = w.low, w.low = sm->now, w.at = m;
        else if (sm->now < w.second)
            w.second = sm->now;
    }
    return w;
}

/* Work-group parallel: may SM m's ended CTAs be collected and followed
 * now? Yes unless it is parked and another SM with a CTA is not past its
 * first ended CTA's cycle (that SM could still free a slot sooner). */
SIM_FN int sm_grid_wg_ready(const sm_grid_t *G, uint32_t m, const sm_wg_low_t *w)
{
    const sm_t *sm = G->sms[m];
    if (!G->P->wg_parallel || !sm->parked)
        return 1;
    uint64_t first = SM_NEVER;
    for (uint32_t k = 0; k < sm->max_ctas; k++)
        if (sm->ctas[k].R && !sm->ctas[k].warps && sm->ctas[k].done_at < first)
            first = sm->ctas[k].done_at;
    return (w->at == m ? w->second : w->low) > first;
}

/* Between windows, after the memory phase (sm_memphase.h, which the
 * runner calls first): faults, finished CTAs collected, waiting ones started.
 * 1 while another window is to run (G->until moved on), 0 when every CTA
 * ran, -1 when one faulted or an SM is stuck (the grid stops). */
SIM_FN int sm_grid_step(sm_grid_t *G)
{
    uint32_t nf = 0;
    G->syncs++;
    int live = 0, bad = 0;
    sm_wg_low_t w = {SM_NEVER, SM_NEVER, SM_NONE};
    if (G->P->wg_parallel)
        w = sm_grid_wg_low(G);
    for (uint32_t m = 0; m < G->nsm; m++) {
        sm_t *sm = G->sms[m];
        if (!sm)
            continue;
        if (sm->fault || sm->stuck) {
            sm_grid_sm_fault(G, m);
            bad = 1;
        }
        if (!sm_grid_wg_ready(G, m, &w)) {
            live = 1;
            continue;
        }
        sm->parked = 0;
        sm->ended = 0;
        for (uint32_t k = 0; k < sm->max_ctas; k++) {
            sm_cta_t *ct = &sm->ctas[k];
            if (!ct->R)
                continue;
            if (ct->warps) {
                live = 1;
                continue;
            }
            if (ct->done_at + 1 > G->last_end)
                G->last_end = ct->done_at + 1;
            G->fr[nf].at = ct->done_at, G->fr[nf].m = m, G->fr[nf].k = k;
            nf++;
            sm_grid_collect(G, m, k);
        }
    }
    if (bad)
        return -1;
    sm_freed_sort(G->fr, nf);
    for (uint32_t i = 0; i < nf && G->next < G->nctas; i++) {
        live = 1;
        if (sm_grid_launch(G, G->fr[i].m, G->fr[i].k, G->next++)) {
            sm_grid_sm_fault(G, G->fr[i].m);
            return -1;
        }
    }
    if (!live)
        return 0;
    if (G->P->wg_parallel)
        for (uint32_t m = 0; m < G->nsm; m++) {
            const sm_t *sm = G->sms[m];
            if (sm_grid_wg_live(sm) && sm->now < G->until)
                return 1; /* the top point holds until every SM reached it */
        }
    G->until += G->P->cta_quantum;
    return 1;
}

#endif
