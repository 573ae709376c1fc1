/* Control flow of a warp: its thread groups (ptx_exec_state.h). A divergent
 * branch splits the running group into one per path and leaves a WAITER at
 * the reconvergence pc (the branch's immediate post-dominator), where the
 * paths' lanes gather; calls with their frames and .param passing; ret;
 * exit. These touch the warp's shared state: on the GPU lane 0 runs them,
 * so their lane loops are whole-warp loops. What lets a group wait and
 * another run meanwhile is ptx_exec_its.h's. */
#ifndef PTX_EXEC_SIMT_H
#define PTX_EXEC_SIMT_H

#include "device/ptx/ptx_exec_state.h"

/* The current function's first group (the groups of its frame's region). */
SIM_INLINE uint32_t ptx_region(const ptx_warp_t *w)
{
    return w->depth ? w->frames[w->depth - 1].simt_base : 0;
}

/* Enter function fi with these lanes: its register frame (immediate slots
 * filled) at reg_base, its local frame at local_base, its base group. */
SIM_FN int ptx_enter(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *at, uint32_t fi, uint32_t mask,
                     uint32_t reg_base, uint32_t local_base)
{
    const ptx_prog_t *p = c->p;
    const ptx_pfunc_t *pf = &p->funcs[fi];
    if (reg_base + pf->nslots > w->max_slots || local_base + pf->frame > c->local_per_lane ||
        w->sp >= PTX_SIMT_DEPTH || w->depth >= PTX_MAX_CALL_DEPTH)
        return ptx_fault(c, w, at, PTX_FAULT_STACK, 0, 0);
    w->func = fi;
    w->reg_base = reg_base;
    w->regs = w->stack + (size_t)reg_base * 32;
    w->local_base = local_base;
    for (uint32_t k = 0; k < pf->nimm; k++) {
        uint64_t v = p->imms[pf->imm_first + k];
        uint64_t *s = w->regs + (size_t)(pf->imm_slot0 + k) * 32;
        for (uint32_t l = 0; l < 32; l++)
            s[l] = v;
    }
    w->simt[w->sp++] = (ptx_simt_t){0, PTX_NOSLOT, mask, 0};
    return PTX_STEP_OK;
}

/* The WAITER at pc in the current function; -1 if none. */
SIM_INLINE int32_t ptx_waiter_at(const ptx_warp_t *w, uint32_t pc)
{
    for (uint32_t i = w->sp; i-- > ptx_region(w);)
        if ((w->simt[i].state & PTX_G_WAITER) && w->simt[i].pc == pc)
            return (int32_t)i;
    return -1;
}

/* Lanes reach the reconvergence pc rpc: they join its WAITER. Without one
 * (it went on: ptx_its_release retargets the groups that would meet it,
 * so only a group of no branch's gets here) they go on as a group of their
 * own. */
SIM_FN int ptx_arrive(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t rpc, uint32_t mask)
{
    int32_t k = ptx_waiter_at(w, rpc);
    if (k >= 0) {
        w->simt[k].mask |= mask;
        return PTX_STEP_OK;
    }
    if (w->sp >= PTX_SIMT_DEPTH)
        return ptx_fault(c, w, r, PTX_FAULT_STACK, 0, 0);
    w->simt[w->sp++] = (ptx_simt_t){rpc, PTX_NOSLOT, mask, 0};
    return PTX_STEP_OK;
}

/* A path of a branch: a group above the top, or its lanes straight to the
 * WAITER when the path starts where it ends. */
SIM_FN int ptx_push(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t pc, uint32_t rpc, uint32_t mask)
{
    if (!mask)
        return PTX_STEP_OK;
    if (pc == rpc)
        return ptx_arrive(c, w, r, rpc, mask);
    if (w->sp >= PTX_SIMT_DEPTH)
        return ptx_fault(c, w, r, PTX_FAULT_STACK, 0, 0);
    w->simt[w->sp++] = (ptx_simt_t){pc, rpc, mask, 0};
    return PTX_STEP_OK;
}

/* Lanes part at a branch: the running group becomes the (still empty)
 * WAITER at the reconvergence pc, or, when it already meets one there,
 * goes; then one group per path above it, the first path on top. */
SIM_FN int ptx_diverge(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t reconv, const uint32_t *pcs,
                       const uint32_t *masks, uint32_t n)
{
    ptx_simt_t *t = &w->simt[w->sp - 1];
    if (reconv == t->rpc)
        w->sp--;
    else
        *t = (ptx_simt_t){reconv, t->rpc, 0, PTX_G_WAITER};
    for (uint32_t i = n; i-- > 0;)
        if (ptx_push(c, w, r, pcs[i], reconv, masks[i]) != PTX_STEP_OK)
            return PTX_STEP_FAULT;
    return PTX_STEP_OK;
}

/* bra: taken lanes to target, the others on. */
SIM_FN int ptx_exec_bra(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t pc, uint32_t active, uint32_t exec)
{
    ptx_simt_t *t = &w->simt[w->sp - 1];
    uint32_t nt = active & ~exec;
    if (!nt) {
        t->pc = r->target;
        return PTX_STEP_OK;
    }
    if (!exec) {
        t->pc = pc + 1;
        return PTX_STEP_OK;
    }
    uint32_t reconv = r->reconv;
    uint32_t pcs[2] = {pc + 1, r->target}, masks[2] = {nt, exec};
    return ptx_diverge(c, w, r, reconv, pcs, masks, 2);
}

/* brx.idx: each lane to its entry of the target list; lanes with one
 * target go together. */
SIM_FN int ptx_exec_brx(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t pc, uint32_t active, uint32_t exec)
{
    uint32_t pcs[33], masks[33], n = 0, left = exec;
    const uint64_t *ix = w->regs + (size_t)r->src[0] * 32;
    while (left) {
        uint32_t l = ptx_ffs(left);
        uint64_t i = ix[l] & 0xffffffffu;
        if (i >= r->aux)
            return ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l, i);
        uint32_t m = 0;
        for (uint32_t k = l; k < 32; k++)
            if ((left >> k & 1u) && (ix[k] & 0xffffffffu) == i)
                m |= 1u << k;
        pcs[n] = c->p->targets[r->target + i];
        masks[n++] = m;
        left &= ~m;
    }
    if (active & ~exec) { /* guarded-off lanes go on */
        pcs[n] = pc + 1;
        masks[n++] = active & ~exec;
    }
    if (n == 1) {
        w->simt[w->sp - 1].pc = pcs[0];
        return PTX_STEP_OK;
    }
    uint32_t reconv = r->reconv;
    return ptx_diverge(c, w, r, reconv, pcs, masks, n);
}

/* Lanes leave the current function (ret) or the kernel (exit): out of
 * every group from `from` up (the masks are disjoint: out of theirs). */
SIM_INLINE void ptx_drop_lanes(ptx_warp_t *w, uint32_t from, uint32_t m)
{
    for (uint32_t i = from; i < w->sp; i++)
        w->simt[i].mask &= ~m;
}

SIM_FN void ptx_exit_lanes(ptx_ctx_t *c, ptx_warp_t *w, uint32_t m)
{
    m &= ~w->exited;
    ptx_drop_lanes(w, 0, m);
    for (uint32_t d = 0; d < w->depth; d++)
        w->frames[d].call_mask &= ~m;
    w->exited |= m;
    ptx_atomic_add(&c->cs->live_threads, (uint32_t)-(int32_t)ptx_popc(m));
}

SIM_FN void ptx_ret_lanes(ptx_ctx_t *c, ptx_warp_t *w, uint32_t m)
{
    if (w->depth == 0)
        ptx_exit_lanes(c, w, m);
    else
        ptx_drop_lanes(w, ptx_region(w), m);
}

/* A call element's bytes for lane l: a caller's .param variable or a register. */
SIM_INLINE const uint8_t *ptx_carg_src(const ptx_ctx_t *c, const ptx_warp_t *w, const ptx_carg_t *a, uint32_t l)
{
    if (a->from_frame)
        return c->local + (size_t)(w->index * 32 + l) * c->local_per_lane + w->local_base + a->off;
    return (const uint8_t *)&w->regs[(size_t)a->off * 32 + l];
}

/* The calling lanes leave their group (at pc + 1, where they rejoin it on
 * return); an indirect call takes the first lane's target, and the lanes
 * with another wait above the group to call again. */
SIM_FN int ptx_exec_call(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t pc, uint32_t exec)
{
    const ptx_prog_t *p = c->p;
    const ptx_call_t *call = &p->calls[r->target];
    uint32_t caller = w->sp - 1;
    ptx_simt_t *t = &w->simt[caller];
    t->pc = pc + 1;
    if (!exec)
        return PTX_STEP_OK;
    uint32_t callee = call->callee, mask = exec;
    if (callee == PTX_NOSLOT) {
        const uint64_t *fp = w->regs + (size_t)call->fptr * 32;
        uint32_t l0 = ptx_ffs(exec);
        uint64_t a = fp[l0] - PTX_FUNC_ADDR_BASE;
        if (a % PTX_FUNC_ADDR_STEP || a / PTX_FUNC_ADDR_STEP >= p->nfuncs ||
            !p->funcs[a / PTX_FUNC_ADDR_STEP].defined)
            return ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l0, fp[l0]);
        callee = (uint32_t)(a / PTX_FUNC_ADDR_STEP);
        mask = 0;
        for (uint32_t l = 0; l < 32; l++)
            if ((exec >> l & 1u) && fp[l] == fp[l0])
                mask |= 1u << l;
    }
    const ptx_pfunc_t *cf = &p->funcs[w->func], *ef = &p->funcs[callee];
    if (call->nargs != ef->nparams || call->nrets != ef->nrets)
        return ptx_fault(c, w, r, PTX_FAULT_UNSUPPORTED, ptx_ffs(mask), 0);
    uint32_t nlocal = w->local_base + cf->frame;
    if (nlocal + ef->frame > c->local_per_lane || w->depth >= w->max_depth)
        return ptx_fault(c, w, r, PTX_FAULT_STACK, 0, 0);
    t->mask &= ~exec;
    if (exec & ~mask) {
        t->state |= PTX_G_WAITER;
        if (ptx_push(c, w, r, pc, pc + 1, exec & ~mask) != PTX_STEP_OK)
            return PTX_STEP_FAULT;
    }
    for (uint32_t i = 0; i < call->nargs; i++) {
        const ptx_carg_t *a = &p->cargs[call->first_arg + i];
        uint32_t dst = nlocal + ef->param_off + p->pofs[ef->pofs_first + i];
        for (uint32_t l = 0; l < 32; l++) {
            if (mask >> l & 1u)
                sim_memcpy(c->local + (size_t)(w->index * 32 + l) * c->local_per_lane + dst,
                           ptx_carg_src(c, w, a, l), a->size);
        }
    }
    ptx_frame_t *fr = &w->frames[w->depth++];
    *fr = (ptx_frame_t){w->func, pc, w->sp, w->reg_base, w->local_base, callee, mask, caller};
    return ptx_enter(c, w, r, callee, mask, w->reg_base + cf->nslots, nlocal);
}

/* The callee's groups are gone: back to the caller, returns copied, the
 * lanes back in the group they called from. */
SIM_FN void ptx_return(ptx_ctx_t *c, ptx_warp_t *w)
{
    const ptx_prog_t *p = c->p;
    ptx_frame_t fr = w->frames[--w->depth];
    const ptx_pfunc_t *ef = &p->funcs[fr.callee];
    const ptx_call_t *call = &p->calls[p->recs[p->funcs[fr.func].first + fr.call_pc].target];
    uint32_t callee_local = w->local_base, mask = fr.call_mask & ~w->exited;
    w->func = fr.func;
    w->reg_base = fr.reg_base;
    w->regs = w->stack + (size_t)fr.reg_base * 32;
    w->local_base = fr.local_base;
    w->simt[fr.ret_entry].mask |= mask;
    for (uint32_t i = 0; i < call->nrets; i++) {
        const ptx_carg_t *a = &p->cargs[call->first_ret + i];
        uint32_t src = callee_local + ef->ret_off + p->pofs[ef->pofs_first + ef->nparams + i];
        for (uint32_t l = 0; l < 32; l++) {
            if (!(mask >> l & 1u))
                continue;
            const uint8_t *s = c->local + (size_t)(w->index * 32 + l) * c->local_per_lane + src;
            if (a->from_frame) {
                sim_memcpy(c->local + (size_t)(w->index * 32 + l) * c->local_per_lane + w->local_base + a->off, s,
                           a->size);
            } else {
                uint64_t v = 0;
                sim_memcpy(&v, s, a->size);
                w->regs[(size_t)a->off * 32 + l] = v;
            }
        }
    }
}

#endif
