/* The CPU backend's CTA runner (ptx_grid.h's ptx_cta_run): the CTA's warps
 * run in turn, each until it waits at a barrier, finishes or faults; a
 * barrier is released when every thread it counts has arrived; when no warp
 * can move, the CTA is deadlocked (PTX_FAULT_BARRIER). The same loop runs a
 * cooperative grid's CTAs in turns (ptx_coop_cta_*, ptx_run_coop.c). */
#include <stdlib.h>
#include <string.h>

/* ptx_cta_x86_64_v3.c compiles this file again under another name for AVX2
 * and FMA; ptx_cta_dispatch.c picks one at run time. */
#ifndef PTX_CTA_RUN
#define PTX_CTA_RUN ptx_cta_run_generic
#define PTX_CTA_PRIMARY 1
#endif

#include "device/ptx/ptx_exec.h"
#include "device/ptx/ptx_layout.h"
#include "device/timing/timing.h"
#include "host/ptx/ptx_race.h"

int PTX_CTA_RUN(const ptx_grid_t *g, uint32_t cta, uint32_t sm, void *scratch, ptx_stats_t *st, ptx_out_t *out,
                ptx_fault_t *f);

#ifdef PTX_CTA_PRIMARY
size_t ptx_cta_scratch_bytes(const ptx_grid_t *g)
{
    return ptx_layout(g).total;
}
#endif

static void reset_barrier(ptx_barrier_t *b)
{
    *b = (ptx_barrier_t){0};
    b->red_and = 1;
}

/* The registers and function of group i of w: the running function's, or
 * for a group below a call its caller's (frames[k] keeps region k's). */
static uint64_t *group_regs(ptx_warp_t *w, uint32_t i, uint32_t *func)
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

/* Barrier id's waiting groups go on; bar.red's result into their lanes. */
static void wake(ptx_ctx_t *c, ptx_warp_t *w, uint32_t id, const ptx_barrier_t *b)
{
    for (uint32_t i = 0; i < w->sp; i++) {
        ptx_simt_t *g = &w->simt[i];
        if (!(g->state & PTX_G_BAR) || PTX_G_BAR_ID(g->state) != id)
            continue;
        g->state = 0;
        uint32_t func;
        uint64_t *regs = group_regs(w, i, &func);
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

/* Release every barrier whose threads have all arrived; 1 if one was. */
static int release_barriers(ptx_ctx_t *c, ptx_warp_t *warps)
{
    int any = 0;
    for (uint32_t id = 0; id < PTX_NBARRIERS; id++) {
        ptx_barrier_t *b = &c->bars[id];
        uint32_t need = b->expected ? b->expected : c->live_threads;
        if (!b->waiting || b->arrived < need)
            continue;
        for (uint32_t k = 0; k < c->nwarps; k++)
            if (warps[k].state != PTX_W_DONE)
                wake(c, &warps[k], id, b);
        reset_barrier(b);
        if (c->race)
            ptx_race_barrier(c->race);
        any = 1;
    }
    return any;
}

/* Warp instructions a warp runs before the next one of its CTA takes its
 * turn (it yields sooner at a loop's back edge), when several can run:
 * warps interleave finely, as on a GPU, so that one spinning on what
 * another writes lets it, and a kernel that reads what other warps write
 * without a barrier sees what a GPU would. */
#define PTX_INTERLEAVE 32u

/* The warp's top group can run (after a barrier's release it may not be
 * the one on top). */
static int ready(ptx_ctx_t *c, ptx_warp_t *w)
{
    return w->simt[w->sp - 1].state ? ptx_settle(c, w) : PTX_STEP_OK;
}

/* Runs w until it stops, ran budget instructions, or (switch) took a back
 * edge; the count of warp instructions it ran. */
static int run_fast(ptx_ctx_t *c, ptx_warp_t *w, uint64_t budget, int sw, uint64_t *ran)
{
    uint64_t n = 0;
    int rc = ready(c, w);
    w->yield = 0;
    while (rc == PTX_STEP_OK && n < budget && !(sw && w->yield)) {
        rc = ptx_step(c, w, 0);
        n++;
    }
    *ran = n;
    return rc;
}

static int run_traced(ptx_ctx_t *c, ptx_warp_t *w, uint64_t budget, int sw, uint64_t *ran)
{
    uint64_t n = 0;
    int rc = ready(c, w);
    w->yield = 0;
    while (rc == PTX_STEP_OK && n < budget && !(sw && w->yield)) {
        rc = ptx_step(c, w, 1);
        sim_timing_record(c->g->tm, c->sm, c->tr);
        n++;
    }
    *ran = n;
    return rc;
}

static int init_warps(ptx_ctx_t *c, const ptx_layout_t *L, uint8_t *s)
{
    for (uint32_t k = 0; k < c->nwarps; k++)
        if (ptx_warp_init(c, L, s, k) == PTX_STEP_FAULT)
            return -1;
    return 0;
}

/* No warp can move: a barrier that cannot complete, at its first waiting
 * group. */
static void deadlock(ptx_ctx_t *c, ptx_warp_t *warps)
{
    for (uint32_t k = 0; k < c->nwarps; k++) {
        ptx_warp_t *w = &warps[k];
        for (uint32_t i = 0; w->state == PTX_W_BAR && i < w->sp; i++) {
            const ptx_simt_t *g = &w->simt[i];
            if (!(g->state & PTX_G_BAR) || !g->mask)
                continue;
            uint32_t func, pc = g->pc ? g->pc - 1 : 0;
            group_regs(w, i, &func);
            ptx_fault(c, w, &c->p->recs[c->p->funcs[func].first + pc], PTX_FAULT_BARRIER, ptx_ffs(g->mask),
                      PTX_G_BAR_ID(g->state));
            c->f->func = func;
            c->f->pc = pc;
            return;
        }
    }
}

/* A CTA between its turns: the executor's context and the runner's count. */
typedef struct cta_run {
    ptx_ctx_t c;
    ptx_warp_t *warps;
    uint64_t total, limit;
    sim_trace_t tr;
    uint64_t lane_addr[32];
} cta_run_t;

static int cta_begin(cta_run_t *R, const ptx_grid_t *g, uint32_t cta, uint32_t sm, uint8_t *s, ptx_stats_t *st,
                     ptx_out_t *out, ptx_fault_t *f)
{
    ptx_layout_t L = ptx_layout(g);
    ptx_ctx_t *c = &R->c;
    *c = (ptx_ctx_t){.g = g, .p = g->prog, .sm = sm, .cta = cta, .st = st, .out = out, .f = f};
    memset(f, 0, sizeof *f);
    c->ctaid[0] = cta % g->grid[0];
    c->ctaid[1] = cta / g->grid[0] % g->grid[1];
    c->ctaid[2] = cta / (g->grid[0] * g->grid[1]);
    c->nthreads = c->live_threads = g->block[0] * g->block[1] * g->block[2];
    c->nwarps = L.nwarps;
    c->shared = s + L.shmem;
    c->shared_size = L.shared;
    c->reserved_smem = c->shared + L.reserved_at;
    c->local = s + L.local;
    c->local_per_lane = L.local_per_lane;
    if (g->tm) {
        memset(&R->tr, 0, sizeof R->tr);
        c->tr = &R->tr;
        c->lane_addr = R->lane_addr;
    }
    if (g->race && !(c->race = ptx_race_new(g->race, cta)))
        return -1;
    memset(c->shared, 0, L.reserved_at + PTX_RESERVED_SMEM);
    memset(c->local, 0, (size_t)L.nwarps * 32 * L.local_per_lane);
    for (uint32_t id = 0; id < PTX_NBARRIERS; id++)
        reset_barrier(&c->bars[id]);
    R->warps = (ptx_warp_t *)(s + L.warps);
    R->total = 0;
    R->limit = g->insn_limit ? g->insn_limit : UINT64_MAX;
    if (init_warps(c, &L, s) < 0)
        return -1;
    st->warps += L.nwarps;
    return 0;
}

/* Cooperative grids: w runs until it stops, ran budget instructions, or
 * loaded the grid barrier's word (c->polled: its CTA spins, and the CTAs
 * it waits for need the turn). */
static int run_polling(ptx_ctx_t *c, ptx_warp_t *w, uint64_t budget, int sw, uint64_t *ran)
{
    uint64_t n = 0;
    int rc = ready(c, w);
    w->yield = 0;
    while (rc == PTX_STEP_OK && n < budget && !c->polled && !(sw && w->yield)) {
        rc = ptx_step(c, w, c->tr != NULL);
        if (c->tr)
            sim_timing_record(c->g->tm, c->sm, c->tr);
        n++;
    }
    *ran = n;
    return rc;
}

/* Runs R's warps in turn, each until it waits at a barrier, finishes or
 * faults, releasing barriers, until every warp is done (PTX_CTA_DONE) or
 * one faults or none can move (-1). quantum (cooperative grids; 0 none):
 * returns PTX_CTA_POLLED once a warp polled the grid barrier, and
 * PTX_CTA_YIELD after about quantum warp instructions. */
static int cta_turns(cta_run_t *R, uint64_t quantum)
{
    ptx_ctx_t *c = &R->c;
    const ptx_grid_t *g = c->g;
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
            int sw = runnable > 1, rc;
            if (sw && budget > PTX_INTERLEAVE)
                budget = PTX_INTERLEAVE;
            if (quantum)
                rc = run_polling(c, w, budget < quantum ? budget : quantum, sw, &ran);
            else
                rc = g->tm ? run_traced(c, w, budget, sw, &ran) : run_fast(c, w, budget, sw, &ran);
            R->total += ran;
            moved = 1;
            if (rc == PTX_STEP_FAULT)
                return -1;
            if (rc == PTX_STEP_DONE)
                w->state = PTX_W_DONE;
            else if (rc == PTX_STEP_BAR)
                w->state = PTX_W_BAR;
            else if (rc == PTX_STEP_OK && R->total >= R->limit) {
                ptx_fault(c, w, NULL, PTX_FAULT_INSN_LIMIT, 0, 0);
                return -1;
            }
        }
        moved |= release_barriers(c, R->warps);
        for (uint32_t k = 0; k < c->nwarps; k++)
            done &= R->warps[k].state == PTX_W_DONE;
        if (done)
            return PTX_CTA_DONE;
        if (!moved) {
            deadlock(c, R->warps);
            return -1;
        }
        if (quantum && c->polled)
            return PTX_CTA_POLLED;
        if (quantum && R->total - start >= quantum)
            return PTX_CTA_YIELD;
    }
}

/* What the CTA holds besides its scratch, released. */
static void cta_end(cta_run_t *R)
{
    ptx_race_free(R->c.race);
    R->c.race = NULL;
}

int PTX_CTA_RUN(const ptx_grid_t *g, uint32_t cta, uint32_t sm, void *scratch, ptx_stats_t *st, ptx_out_t *out,
                ptx_fault_t *f)
{
    cta_run_t R;
    int rc = cta_begin(&R, g, cta, sm, (uint8_t *)scratch, st, out, f);
    if (rc == 0)
        rc = cta_turns(&R, 0) == PTX_CTA_DONE ? 0 : -1;
    cta_end(&R);
    return rc;
}

#ifdef PTX_CTA_PRIMARY
/* ---- CTAs in turns (cooperative grids, ptx_run_coop.c) ------------------------- */

size_t ptx_coop_cta_bytes(const ptx_grid_t *g)
{
    return ptx_up64(sizeof(cta_run_t)) + ptx_layout(g).total;
}

int ptx_coop_cta_start(const ptx_grid_t *g, uint32_t cta, uint32_t sm, void *mem, ptx_stats_t *st, ptx_out_t *out,
                       ptx_fault_t *f)
{
    return cta_begin((cta_run_t *)mem, g, cta, sm, (uint8_t *)mem + ptx_up64(sizeof(cta_run_t)), st, out, f);
}

int ptx_coop_cta_turn(void *mem, uint64_t quantum)
{
    return cta_turns((cta_run_t *)mem, quantum ? quantum : 1);
}

void ptx_coop_cta_end(void *mem) { cta_end((cta_run_t *)mem); }

void ptx_coop_cta_stuck(void *mem)
{
    cta_run_t *R = (cta_run_t *)mem;
    ptx_ctx_t *c = &R->c;
    ptx_warp_t *w = &R->warps[c->polled ? c->polled - 1 : 0];
    const ptx_pfunc_t *pf = &c->p->funcs[w->func];
    uint32_t pc = w->sp ? w->simt[w->sp - 1].pc : 0;
    ptx_fault(c, w, &c->p->recs[pf->first + (pc ? pc - 1 : 0)], PTX_FAULT_BARRIER,
              w->sp ? ptx_ffs(w->simt[w->sp - 1].mask) : 0, c->g->grid_ws);
    c->f->pc = pc ? pc - 1 : 0;
}
#endif
