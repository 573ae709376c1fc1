/* A simulated SM's control of a CTA, single source: the CPU runner
 * (src/host/ptx/ptx_cta.c) and the CUDA backend (ptx_backend_cuda.cu) set
 * a CTA up, release its barriers and find its deadlocks with these
 * functions, and run its warps under a pick policy: the functional one
 * here (ptx_sm_turns: round robin, PTX_INTERLEAVE warp instructions or a
 * loop's back edge a turn); on the GPU every warp at once; the timing
 * model's schedulers are others. Which of a warp's thread groups runs is
 * ptx_exec_its.h's. */
#ifndef PTX_SM_H
#define PTX_SM_H

#include "device/ptx/ptx_exec.h"
#include "device/ptx/ptx_layout.h"
#include "device/timing/timing.h"

/* A CTA's shared state at its start: barriers reset, every thread live. */
SIM_FN void ptx_sm_cta_state(ptx_cta_state_t *cs, const ptx_grid_t *g)
{
    for (uint32_t id = 0; id < PTX_NBARRIERS; id++) {
        ptx_barrier_t b = {0, 0, 0, 1, 0, 0};
        cs->bars[id] = b;
    }
    cs->live_threads = (uint32_t)ptx_dim_count(g->block);
}

/* The executor's context of CTA cta of g in scratch s (layout L), with
 * its shared state cs (set up once, by ptx_sm_cta_state). Memory is
 * cleared by the caller (on the GPU by every thread at once). */
SIM_FN void ptx_sm_cta_begin(ptx_ctx_t *c, const ptx_grid_t *g, const ptx_layout_t *L, uint8_t *s, uint32_t cta,
                             ptx_cta_state_t *cs, ptx_stats_t *st, ptx_out_t *out, ptx_fault_t *f)
{
    sim_zero(c, sizeof *c);
    c->g = g;
    c->p = g->prog;
    c->cta = cta;
    c->sm = ptx_cta_sm(g->nsm, cta);
    ptx_dim_split(g->grid, cta, c->ctaid);
    c->nthreads = (uint32_t)ptx_dim_count(g->block);
    c->nwarps = L->nwarps;
    c->shared = s + L->shmem;
    c->shared_size = L->shared;
    c->reserved_smem = c->shared + L->reserved_at;
    c->local = s + L->local;
    c->local_per_lane = L->local_per_lane;
    c->st = st;
    c->out = out;
    c->f = f;
    c->cs = cs;
}

/* The registers and function of group i of w: the running function's, or
 * for a group below a call its caller's (frames[k] keeps region k's). */
SIM_FN uint64_t *ptx_sm_group_regs(ptx_warp_t *w, uint32_t i, uint32_t *func)
{
    uint32_t k = 0;
    while (k < w->depth && w->frames[k].simt_base <= i)
        k++;
    if (k == w->depth) {
        *func = w->func;
        return w->regs;
    }
    *func = w->frames[k].func;
    return w->stack + (size_t)w->frames[k].reg_base * 32;
}

/* Barrier id's waiting groups of w go on; bar.red's result into their lanes. */
SIM_FN void ptx_sm_wake(ptx_ctx_t *c, ptx_warp_t *w, uint32_t id, const ptx_barrier_t *b)
{
    for (uint32_t i = 0; i < w->sp; i++) {
        ptx_simt_t *g = &w->simt[i];
        if (!(g->state & PTX_G_BAR) || PTX_G_BAR_ID(g->state) != id)
            continue;
        g->state = 0;
        uint32_t func;
        uint64_t *regs = ptx_sm_group_regs(w, i, &func);
        const ptx_rec_t *r = &c->p->recs[c->p->funcs[func].first + g->pc - 1];
        if (r->ex == PTX_EX_BARRED) {
            uint64_t v = r->sub == PTX_ATOM_POPC ? b->red_popc : r->sub == PTX_ATOM_AND ? b->red_and : b->red_or;
            for (uint32_t l = 0; l < 32; l++)
                if (g->mask >> l & 1u)
                    regs[(size_t)r->dst[0] * 32 + l] = v;
        }
        if (w->state == PTX_W_BAR)
            w->state = PTX_W_RUN;
    }
}

/* Releases every barrier whose threads have all arrived (its count, or
 * every thread not exited); 1 if one was. Between turns: no warp runs. */
SIM_FN int ptx_sm_release(ptx_ctx_t *c, ptx_warp_t *warps)
{
    int any = 0;
    for (uint32_t id = 0; id < PTX_NBARRIERS; id++) {
        ptx_barrier_t *b = &c->cs->bars[id];
        uint32_t need = b->expected ? b->expected : c->cs->live_threads;
        if (!b->waiting || b->arrived < need)
            continue;
        for (uint32_t k = 0; k < c->nwarps; k++)
            if (warps[k].state != PTX_W_DONE)
                ptx_sm_wake(c, &warps[k], id, b);
        ptx_barrier_t reset = {0, 0, 0, 1, 0, 0};
        *b = reset;
#ifndef __CUDA_ARCH__
        if (c->race)
            ptx_race_barrier(c->race);
#endif
        any = 1;
    }
    return any;
}

/* No warp can move: a barrier that cannot complete, at its first waiting
 * group. */
SIM_FN void ptx_sm_deadlock(ptx_ctx_t *c, ptx_warp_t *warps)
{
    for (uint32_t k = 0; k < c->nwarps; k++) {
        ptx_warp_t *w = &warps[k];
        for (uint32_t i = 0; w->state == PTX_W_BAR && i < w->sp; i++) {
            const ptx_simt_t *g = &w->simt[i];
            if (!(g->state & PTX_G_BAR) || !g->mask)
                continue;
            uint32_t func, pc = g->pc ? g->pc - 1 : 0;
            ptx_sm_group_regs(w, i, &func);
            ptx_fault(c, w, &c->p->recs[c->p->funcs[func].first + pc], PTX_FAULT_BARRIER, ptx_ffs(g->mask),
                      PTX_G_BAR_ID(g->state));
            c->f->func = func;
            c->f->pc = pc;
            return;
        }
    }
}

/* The warp's top group can run (after a barrier's release it may not be
 * the one on top). */
SIM_INLINE int ptx_sm_ready(ptx_ctx_t *c, ptx_warp_t *w)
{
    return w->simt[w->sp - 1].state ? ptx_settle(c, w) : PTX_STEP_OK;
}

/* A warp's turn ended with rc: done, or every group at a barrier. */
SIM_INLINE void ptx_sm_warp_ran(ptx_warp_t *w, int rc)
{
    if (rc == PTX_STEP_DONE)
        w->state = PTX_W_DONE;
    else if (rc == PTX_STEP_BAR)
        w->state = PTX_W_BAR;
}

/* ---- the functional policy: warps in turn ----------------------------------- */

/* Warp instructions a warp runs before the next one of its CTA takes its
 * turn (it yields sooner at a loop's back edge), when several can run:
 * warps interleave finely, as on a GPU, so that one spinning on what
 * another writes lets it, and a kernel that reads what other warps write
 * without a barrier sees what a GPU would. */
#define PTX_INTERLEAVE 32u

/* A CTA between its turns: the executor's context, its shared state, and
 * the count of its warp instructions. */
typedef struct ptx_sm_cta {
    ptx_ctx_t c;
    ptx_cta_state_t cs;
    ptx_warp_t *warps;
    uint64_t total, limit;
    sim_trace_t tr;
    uint64_t lane_addr[32];
} ptx_sm_cta_t;

/* A CTA's memory when it is run in turns (cooperative grids, the timing
 * model): its ptx_sm_cta_t, then its scratch. */
SIM_INLINE size_t ptx_sm_cta_bytes(const ptx_grid_t *g)
{
    return ptx_up64(sizeof(ptx_sm_cta_t)) + ptx_layout(g).total;
}

SIM_INLINE uint8_t *ptx_sm_cta_scratch(ptx_sm_cta_t *R)
{
    return (uint8_t *)R + ptx_up64(sizeof(ptx_sm_cta_t));
}

/* CTA cta of g set up in R, its scratch at s (ptx_layout(g).total bytes):
 * shared and local memory cleared, barriers reset, warps entered at the
 * kernel; 0, or -1 with *f (a warp's start faulted). The executor's
 * counters go to st, printf records to out. */
SIM_FN int ptx_sm_cta_setup(ptx_sm_cta_t *R, const ptx_grid_t *g, uint32_t cta, uint8_t *s, ptx_stats_t *st,
                            ptx_out_t *out, ptx_fault_t *f)
{
    ptx_layout_t L = ptx_layout(g);
    ptx_ctx_t *c = &R->c;
    sim_zero(f, sizeof *f);
    ptx_sm_cta_begin(c, g, &L, s, cta, &R->cs, st, out, f);
    ptx_sm_cta_state(&R->cs, g);
    sim_zero(c->shared, L.reserved_at + PTX_RESERVED_SMEM);
    sim_zero(c->local, (size_t)L.nwarps * 32 * L.local_per_lane);
    R->warps = (ptx_warp_t *)(s + L.warps);
    R->total = 0;
    R->limit = g->insn_limit ? g->insn_limit : ~(uint64_t)0;
    for (uint32_t k = 0; k < c->nwarps; k++)
        if (ptx_warp_init(c, &L, s, k) == PTX_STEP_FAULT)
            return -1;
    st->warps += L.nwarps;
    return 0;
}

/* The timing model's record of R's instructions: each step fills it. */
SIM_INLINE void ptx_sm_cta_traced(ptx_sm_cta_t *R)
{
    sim_zero(&R->tr, sizeof R->tr);
    R->c.tr = &R->tr;
    R->c.lane_addr = R->lane_addr;
}

/* Runs w until it stops, ran budget instructions, (switch) took a back
 * edge, or (cooperative grids) loaded the grid barrier's word: its CTA
 * spins, and the CTAs it waits for need the turn. *ran: how many it ran. */
SIM_INLINE int ptx_sm_run_warp(ptx_ctx_t *c, ptx_warp_t *w, uint64_t budget, int sw, int polling, uint64_t *ran)
{
    uint64_t n = 0;
    int rc = ptx_sm_ready(c, w);
    w->yield = 0;
    if (c->tr) {
        while (rc == PTX_STEP_OK && n < budget && !(sw && w->yield) && !(polling && c->polled)) {
            rc = ptx_step(c, w, 1);
            sim_timing_record(c->g->tm, c->sm, c->tr);
            n++;
        }
    } else if (polling) {
        while (rc == PTX_STEP_OK && n < budget && !(sw && w->yield) && !c->polled) {
            rc = ptx_step(c, w, 0);
            n++;
        }
    } else {
        while (rc == PTX_STEP_OK && n < budget && !(sw && w->yield)) {
            rc = ptx_step(c, w, 0);
            n++;
        }
    }
    *ran = n;
    return rc;
}

/* Runs R's warps in turn, releasing barriers, until every warp is done
 * (PTX_CTA_DONE) or one faults or none can move (-1). quantum (cooperative
 * grids; 0 none): returns PTX_CTA_POLLED once a warp polled the grid
 * barrier, and PTX_CTA_YIELD after about quantum warp instructions. */
SIM_FN int ptx_sm_turns(ptx_sm_cta_t *R, uint64_t quantum)
{
    ptx_ctx_t *c = &R->c;
    uint64_t start = R->total;
    c->polled = 0;
    for (;;) {
        int moved = 0, done = 1;
        uint32_t runnable = 0;
        for (uint32_t k = 0; k < c->nwarps; k++)
            runnable += R->warps[k].state == PTX_W_RUN;
        for (uint32_t k = 0; k < c->nwarps; k++) {
            ptx_warp_t *w = &R->warps[k];
            if (w->state != PTX_W_RUN)
                continue;
            uint64_t ran, budget = R->limit - R->total;
            int sw = runnable > 1;
            if (sw && budget > PTX_INTERLEAVE)
                budget = PTX_INTERLEAVE;
            if (quantum && budget > quantum)
                budget = quantum;
            int rc = ptx_sm_run_warp(c, w, budget, sw, quantum != 0, &ran);
            R->total += ran;
            moved = 1;
            if (rc == PTX_STEP_FAULT)
                return -1;
            ptx_sm_warp_ran(w, rc);
            if (rc == PTX_STEP_OK && R->total >= R->limit) {
                ptx_fault(c, w, NULL, PTX_FAULT_INSN_LIMIT, 0, 0);
                return -1;
            }
        }
        moved |= ptx_sm_release(c, R->warps);
        for (uint32_t k = 0; k < c->nwarps; k++)
            done &= R->warps[k].state == PTX_W_DONE;
        if (done)
            return PTX_CTA_DONE;
        if (!moved) {
            ptx_sm_deadlock(c, R->warps);
            return -1;
        }
        if (quantum && c->polled)
            return PTX_CTA_POLLED;
        if (quantum && R->total - start >= quantum)
            return PTX_CTA_YIELD;
    }
}

#endif
