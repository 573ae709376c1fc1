/* The CPU backend's CTA runner (ptx_grid.h's ptx_cta_run): the CTA's warps
 * run in turn, each until it waits at a barrier, finishes or faults; a
 * barrier is released when every thread it counts has arrived; when no warp
 * can move, the CTA is deadlocked (PTX_FAULT_BARRIER). */
#include <stdlib.h>
#include <string.h>

#include "device/ptx/ptx_exec.h"
#include "device/timing/timing.h"

typedef struct cta_layout {
    uint32_t nwarps, max_slots, local_per_lane;
    uint64_t shared;
    size_t warps, stacks, simt, frames, shmem, local, total;
} cta_layout_t;

static size_t up64(size_t v)
{
    return (v + 63) & ~(size_t)63;
}

static cta_layout_t layout(const ptx_grid_t *g)
{
    const ptx_pfunc_t *pf = &g->prog->funcs[g->kernel];
    cta_layout_t L = {0};
    uint32_t nthreads = g->block[0] * g->block[1] * g->block[2];
    L.nwarps = (nthreads + 31) / 32;
    L.max_slots = pf->recursive && pf->chain_slots < PTX_RECURSE_SLOTS ? PTX_RECURSE_SLOTS : pf->chain_slots;
    L.local_per_lane = (pf->recursive && pf->chain_frame < PTX_RECURSE_LOCAL ? PTX_RECURSE_LOCAL : pf->chain_frame);
    L.local_per_lane = (L.local_per_lane + 15) & ~15u;
    L.shared = (uint64_t)g->prog->dyn_shared_off + g->dyn_smem;
    size_t o = 0;
    L.warps = o, o = up64(o + sizeof(ptx_warp_t) * L.nwarps);
    L.stacks = o, o = up64(o + (size_t)L.nwarps * L.max_slots * 32 * sizeof(uint64_t));
    L.simt = o, o = up64(o + (size_t)L.nwarps * PTX_SIMT_DEPTH * sizeof(ptx_simt_t));
    L.frames = o, o = up64(o + (size_t)L.nwarps * PTX_MAX_CALL_DEPTH * sizeof(ptx_frame_t));
    L.shmem = o, o = up64(o + L.shared);
    L.local = o, o = up64(o + (size_t)L.nwarps * 32 * L.local_per_lane);
    L.total = o;
    return L;
}

size_t ptx_cta_scratch_bytes(const ptx_grid_t *g)
{
    return layout(g).total;
}

static void reset_barrier(ptx_barrier_t *b)
{
    *b = (ptx_barrier_t){0};
    b->red_and = 1;
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
        for (uint32_t k = 0; k < c->nwarps; k++) {
            ptx_warp_t *w = &warps[k];
            if (w->state != PTX_W_BAR || w->bar_id != id)
                continue;
            w->state = PTX_W_RUN;
            if (w->bar_dst == PTX_NOSLOT)
                continue;
            uint64_t v = w->bar_kind == PTX_ATOM_POPC ? b->red_popc : w->bar_kind == PTX_ATOM_AND ? b->red_and
                                                                                                   : b->red_or;
            for (uint32_t l = 0; l < 32; l++)
                if (w->bar_mask >> l & 1u)
                    w->regs[(size_t)w->bar_dst * 32 + l] = v;
        }
        reset_barrier(b);
        any = 1;
    }
    return any;
}

/* Runs w until it stops; the count of warp instructions it ran. */
static int run_fast(ptx_ctx_t *c, ptx_warp_t *w, uint64_t budget, uint64_t *ran)
{
    uint64_t n = 0;
    int rc = PTX_STEP_OK;
    while (rc == PTX_STEP_OK && n < budget) {
        rc = ptx_step(c, w, 0);
        n++;
    }
    *ran = n;
    return rc;
}

static int run_traced(ptx_ctx_t *c, ptx_warp_t *w, uint64_t budget, uint64_t *ran)
{
    uint64_t n = 0;
    int rc = PTX_STEP_OK;
    while (rc == PTX_STEP_OK && n < budget) {
        rc = ptx_step(c, w, 1);
        sim_timing_record(c->g->tm, c->sm, c->tr);
        n++;
    }
    *ran = n;
    return rc;
}

static int init_warps(ptx_ctx_t *c, const cta_layout_t *L, uint8_t *s)
{
    const ptx_grid_t *g = c->g;
    ptx_warp_t *warps = (ptx_warp_t *)(s + L->warps);
    const ptx_pfunc_t *pf = &g->prog->funcs[g->kernel];
    for (uint32_t k = 0; k < c->nwarps; k++) {
        ptx_warp_t *w = &warps[k];
        memset(w, 0, sizeof *w);
        w->index = k;
        w->stack = (uint64_t *)(s + L->stacks) + (size_t)k * L->max_slots * 32;
        w->simt = (ptx_simt_t *)(s + L->simt) + (size_t)k * PTX_SIMT_DEPTH;
        w->frames = (ptx_frame_t *)(s + L->frames) + (size_t)k * PTX_MAX_CALL_DEPTH;
        w->max_slots = L->max_slots;
        memset(w->stack, 0, (size_t)pf->nslots * 32 * sizeof(uint64_t));
        uint32_t n = c->nthreads - k * 32;
        uint32_t live = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
        w->exited = ~live;
        if (ptx_enter(c, w, NULL, g->kernel, live, 0, 0) != PTX_STEP_OK)
            return -1;
        w->state = ptx_settle(c, w) == PTX_STEP_DONE ? PTX_W_DONE : PTX_W_RUN;
    }
    return 0;
}

static void deadlock(ptx_ctx_t *c, ptx_warp_t *warps)
{
    for (uint32_t k = 0; k < c->nwarps; k++) {
        ptx_warp_t *w = &warps[k];
        if (w->state != PTX_W_BAR)
            continue;
        const ptx_pfunc_t *pf = &c->p->funcs[w->func];
        uint32_t pc = w->simt[w->sp - 1].pc;
        const ptx_rec_t *r = &c->p->recs[pf->first + (pc ? pc - 1 : 0)];
        ptx_fault(c, w, r, PTX_FAULT_BARRIER, ptx_ffs(w->bar_mask), w->bar_id);
        c->f->pc = pc ? pc - 1 : 0;
        return;
    }
}

int ptx_cta_run(const ptx_grid_t *g, uint32_t cta, uint32_t sm, void *scratch, ptx_stats_t *st, ptx_out_t *out,
                ptx_fault_t *f)
{
    cta_layout_t L = layout(g);
    uint8_t *s = (uint8_t *)scratch;
    sim_trace_t tr;
    uint64_t lane_addr[32];
    ptx_ctx_t c = {.g = g, .p = g->prog, .sm = sm, .cta = cta, .st = st, .out = out, .f = f};
    memset(f, 0, sizeof *f);
    c.ctaid[0] = cta % g->grid[0];
    c.ctaid[1] = cta / g->grid[0] % g->grid[1];
    c.ctaid[2] = cta / (g->grid[0] * g->grid[1]);
    c.nthreads = c.live_threads = g->block[0] * g->block[1] * g->block[2];
    c.nwarps = L.nwarps;
    c.shared = s + L.shmem;
    c.shared_size = L.shared;
    c.local = s + L.local;
    c.local_per_lane = L.local_per_lane;
    if (g->tm) {
        memset(&tr, 0, sizeof tr);
        c.tr = &tr;
        c.lane_addr = lane_addr;
    }
    memset(c.shared, 0, L.shared);
    memset(c.local, 0, (size_t)L.nwarps * 32 * L.local_per_lane);
    for (uint32_t id = 0; id < PTX_NBARRIERS; id++)
        reset_barrier(&c.bars[id]);
    ptx_warp_t *warps = (ptx_warp_t *)(s + L.warps);
    if (init_warps(&c, &L, s) < 0)
        return -1;
    st->warps += L.nwarps;
    uint64_t total = 0, limit = g->insn_limit ? g->insn_limit : UINT64_MAX;
    for (;;) {
        int moved = 0, done = 1;
        for (uint32_t k = 0; k < c.nwarps; k++) {
            ptx_warp_t *w = &warps[k];
            if (w->state != PTX_W_RUN)
                continue;
            uint64_t ran;
            int rc = g->tm ? run_traced(&c, w, limit - total, &ran) : run_fast(&c, w, limit - total, &ran);
            total += ran;
            moved = 1;
            if (rc == PTX_STEP_FAULT)
                return -1;
            if (rc == PTX_STEP_DONE)
                w->state = PTX_W_DONE;
            else if (rc == PTX_STEP_OK) {
                ptx_fault(&c, w, NULL, PTX_FAULT_INSN_LIMIT, 0, 0);
                return -1;
            }
        }
        moved |= release_barriers(&c, warps);
        for (uint32_t k = 0; k < c.nwarps; k++)
            done &= warps[k].state == PTX_W_DONE;
        if (done)
            return 0;
        if (!moved) {
            deadlock(&c, warps);
            return -1;
        }
    }
}
