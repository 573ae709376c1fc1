/* Where one CTA's state lies in its scratch (ptx_cta_scratch_bytes): the
 * warps, their register stacks, SIMT stacks and call frames, the shared
 * memory and every lane's local memory. The CPU runner and the CUDA kernel
 * lay it out alike. */
#ifndef PTX_LAYOUT_H
#define PTX_LAYOUT_H

#include "device/ptx/ptx_exec_its.h"

typedef struct ptx_layout {
    uint32_t nwarps, max_slots, local_per_lane;
    uint32_t max_depth;     /* call frames a warp: a call-free kernel needs none */
    uint32_t reserved_at;   /* the reserved shared memory's bytes (PTX_RESERVED_SMEM), after the program's */
    uint64_t shared;        /* the program's shared memory */
    size_t warps, stacks, simt, frames, shmem, local, total;
} ptx_layout_t;

SIM_INLINE size_t ptx_up64(size_t v)
{
    return (v + 63) & ~(size_t)63;
}

SIM_FN ptx_layout_t ptx_layout(const ptx_grid_t *g)
{
    const ptx_pfunc_t *pf = &g->prog->funcs[g->kernel];
    ptx_layout_t L;
    uint32_t nthreads = g->block[0] * g->block[1] * g->block[2];
    L.nwarps = (nthreads + 31) / 32;
    /* recursion (or an indirect call) sizes the stacks by the limits */
    L.max_slots = pf->recursive && pf->chain_slots < PTX_RECURSE_SLOTS ? PTX_RECURSE_SLOTS : pf->chain_slots;
    L.local_per_lane = pf->recursive && pf->chain_frame < PTX_RECURSE_LOCAL ? PTX_RECURSE_LOCAL : pf->chain_frame;
    L.local_per_lane = (L.local_per_lane + 15) & ~15u;
    /* A call-free kernel (most) touched a page of frames a warp that it
     * never used: a timed launch holds every resident CTA at once. */
    L.max_depth = pf->recursive || pf->chain_depth > PTX_MAX_CALL_DEPTH ? PTX_MAX_CALL_DEPTH : pf->chain_depth;
    L.shared = (uint64_t)g->prog->dyn_shared_off + g->dyn_smem;
    L.reserved_at = (uint32_t)((L.shared + 15) & ~15ull);
    size_t o = 0;
    L.warps = o, o = ptx_up64(o + sizeof(ptx_warp_t) * L.nwarps);
    L.stacks = o, o = ptx_up64(o + (size_t)L.nwarps * L.max_slots * 32 * sizeof(uint64_t));
    L.simt = o, o = ptx_up64(o + (size_t)L.nwarps * PTX_SIMT_DEPTH * sizeof(ptx_simt_t));
    L.frames = o, o = ptx_up64(o + (size_t)L.nwarps * L.max_depth * sizeof(ptx_frame_t));
    L.shmem = o, o = ptx_up64(o + L.reserved_at + PTX_RESERVED_SMEM);
    L.local = o, o = ptx_up64(o + (size_t)L.nwarps * 32 * L.local_per_lane);
    L.total = o;
    return L;
}

/* Warp k of a CTA, placed in scratch s and entered at the kernel; lanes
 * beyond the block's threads are exited from the start. */
SIM_FN int ptx_warp_init(ptx_ctx_t *c, const ptx_layout_t *L, uint8_t *s, uint32_t k)
{
    const ptx_grid_t *g = c->g;
    ptx_warp_t *w = (ptx_warp_t *)(s + L->warps) + k;
    const ptx_pfunc_t *pf = &g->prog->funcs[g->kernel];
    sim_zero(w, sizeof *w);
    w->index = k;
    w->stack = (uint64_t *)(s + L->stacks) + (size_t)k * L->max_slots * 32;
    w->simt = (ptx_simt_t *)(s + L->simt) + (size_t)k * PTX_SIMT_DEPTH;
    w->frames = (ptx_frame_t *)(s + L->frames) + (size_t)k * L->max_depth;
    w->max_slots = L->max_slots;
    w->max_depth = L->max_depth;
    sim_zero(w->stack, (size_t)pf->nslots * 32 * sizeof *w->stack);
    uint32_t n = c->nthreads - k * 32;
    uint32_t live = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    w->exited = ~live;
    if (ptx_enter(c, w, NULL, g->kernel, live, 0, 0) != PTX_STEP_OK)
        return PTX_STEP_FAULT;
    int rc = ptx_settle(c, w);
    w->state = rc == PTX_STEP_DONE ? PTX_W_DONE : PTX_W_RUN;
    return rc;
}

#endif
