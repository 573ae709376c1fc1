/* Independent thread scheduling (sm_70 on): a warp's thread groups run
 * one at a time, the top one (ptx_exec_simt.h), and the top gives way when
 * it cannot or should not go on:
 *   - it waits at a CTA barrier (PTX_G_BAR: barriers count threads, so the
 *     rest of its warp may still have to arrive), or at a .sync collective
 *     or bar.warp.sync whose member lanes are in other groups (PTX_G_SYNC:
 *     they converge when those reach the same instruction);
 *   - it spins: a loop's back edge taken PTX_ITS_SPINS times in a row with
 *     the same memory accesses in each iteration, while other groups of its
 *     warp wait (a lock that a lane of its own warp holds, a flag another
 *     lane sets). It then yields to a group that can run and does not
 *     spin itself; if every other group waits at a reconvergence pc (or
 *     spins), the nearest such WAITER with lanes goes on past it (the
 *     groups that would meet it there meet it where it meets its own), and
 *     failing that another spinner takes its turn. A loop that makes
 *     progress (its addresses change, or it touches no memory) never
 *     yields, so divergent loops reconverge as on the hardware.
 * Groups change places only within the running function's frame (a group
 * that waits inside a call waits for its callers too). Control state: on
 * the GPU lane 0 runs these. */
#ifndef PTX_EXEC_ITS_H
#define PTX_EXEC_ITS_H

#include "device/ptx/ptx_exec_simt.h"

/* Back edges a spinning group takes before it yields. */
#define PTX_ITS_SPINS 8u

/* Group i goes to the top; those above it keep their order. */
SIM_INLINE void ptx_its_raise(ptx_warp_t *w, uint32_t i)
{
    ptx_simt_t g = w->simt[i];
    for (uint32_t k = i; k + 1 < w->sp; k++)
        w->simt[k] = w->simt[k + 1];
    g.state &= ~PTX_G_SPUN;
    w->simt[w->sp - 1] = g;
    w->spins = 0;
    w->iter_sig = w->spin_sig = 0;
}

/* A WAITER goes on past its reconvergence pc: the groups that would have
 * met it there will meet it at its own. */
SIM_INLINE void ptx_its_release(ptx_warp_t *w, uint32_t i)
{
    ptx_simt_t *g = &w->simt[i];
    for (uint32_t k = i + 1; k < w->sp; k++)
        if (w->simt[k].rpc == g->pc)
            w->simt[k].rpc = g->rpc;
    g->state &= ~PTX_G_WAITER;
}

/* Another group of the function than the top runs now: the nearest that
 * neither waits, holds a reconvergence pc nor spins; with release (the top
 * spins), else the nearest WAITER with lanes, else the nearest other
 * spinner, in turn. 1 if one does. */
SIM_FN int ptx_its_switch(ptx_warp_t *w, int release)
{
    uint32_t base = ptx_region(w);
    for (uint32_t i = w->sp - 1; i-- > base;) {
        const ptx_simt_t *g = &w->simt[i];
        if (g->mask && !(g->state & (PTX_G_BLOCKED | PTX_G_WAITER | PTX_G_SPUN))) {
            ptx_its_raise(w, i);
            return 1;
        }
    }
    for (uint32_t i = w->sp - 1; release && i-- > base;) {
        if (w->simt[i].mask && w->simt[i].state == PTX_G_WAITER) {
            ptx_its_release(w, i);
            ptx_its_raise(w, i);
            return 1;
        }
    }
    for (uint32_t i = w->sp - 1; i-- > base;) {
        if (w->simt[i].mask && w->simt[i].state == PTX_G_SPUN) {
            ptx_its_raise(w, i);
            return 1;
        }
    }
    return 0;
}

/* A memory access of the running group, hashed into this iteration's
 * signature (rec: its record's index, a: its first lane's address). */
SIM_INLINE void ptx_its_note_access(ptx_warp_t *w, uint32_t rec, uint64_t a)
{
    if (PTX_LEADER())
        w->iter_sig = (w->iter_sig ^ (a + rec)) * 0x9e3779b97f4a7c15ull + 1u;
}

/* The running group took a loop's back edge: the CTA's runner may give
 * another warp its turn (w->yield); within the warp, a group that spins
 * yields (above). */
SIM_FN void ptx_its_back_edge(ptx_warp_t *w)
{
    w->yield = 1;
    if (w->sp - ptx_region(w) < 2) {
        w->spins = 0;
        w->iter_sig = 0;
        return;
    }
    w->spins = w->iter_sig && w->iter_sig == w->spin_sig ? w->spins + 1 : 0;
    w->spin_sig = w->iter_sig;
    w->iter_sig = 0;
    if (w->spins >= PTX_ITS_SPINS) {
        w->simt[w->sp - 1].state |= PTX_G_SPUN;
        if (!ptx_its_switch(w, 1))
            w->simt[w->sp - 1].state &= ~PTX_G_SPUN;
    }
}

/* The groups of the function waiting at a collective at pc join the top,
 * which is about to run it: together they may have every member lane. */
SIM_FN void ptx_its_gather(ptx_warp_t *w, uint32_t pc)
{
    ptx_simt_t *t = &w->simt[w->sp - 1];
    for (uint32_t i = w->sp - 1; i-- > ptx_region(w);) {
        ptx_simt_t *g = &w->simt[i];
        if (!(g->state & PTX_G_SYNC) || g->pc != pc)
            continue;
        t->mask |= g->mask;
        g->mask = 0;
        g->state = 0; /* an empty group: settle drops it when it comes up */
    }
}

/* The membermask slot of a collective record. */
SIM_INLINE uint32_t ptx_member_slot(const ptx_rec_t *r)
{
    switch (r->ex) {
    case PTX_EX_SHFL: return r->src[3];
    case PTX_EX_WARPSYNC: return r->src[0];
    default: return r->src[1];
    }
}

/* Lanes that wait only to leave the kernel: the group that holds them
 * next is at an unguarded ret or exit of the kernel itself, or past its
 * end (an early `return` reconverges there with the warp's other paths).
 * They have as good as exited. */
SIM_FN uint32_t ptx_lanes_leaving(const ptx_ctx_t *c, const ptx_warp_t *w)
{
    if (w->depth || !w->sp)
        return 0;
    const ptx_pfunc_t *pf = &c->p->funcs[w->func];
    uint32_t leaving = 0;
    for (uint32_t i = 0; i + 1 < w->sp; i++) {
        const ptx_simt_t *e = &w->simt[i];
        if (!e->mask || (e->state & PTX_G_BLOCKED))
            continue;
        const ptx_rec_t *r = e->pc < pf->nrecs ? &c->p->recs[pf->first + e->pc] : NULL;
        if (!r || ((r->ex == PTX_EX_RET || r->ex == PTX_EX_EXIT) && r->guard == PTX_NOSLOT))
            leaving |= e->mask;
    }
    return leaving;
}

/* The membermask's rules (PTX ISA 9.7.8.x, sm_70 on) for the lanes that
 * execute a collective: each must name itself (else a fault), and the
 * lanes it names must execute this instruction with it. A named lane that
 * has exited, is beyond the block or only waits to leave is absent, as
 * CUDA documents for the *_sync intrinsics ("non-exited threads named in
 * mask"); one of this group whose guard is off never comes (a fault); one
 * in another group may: PTX_STEP_WAIT, and *lane, *mask say who waits for
 * whom. Every lane checks all 32, so that on the GPU the warp agrees. */
SIM_FN int ptx_members_present(ptx_ctx_t *c, const ptx_warp_t *w, uint32_t slot, uint32_t exec, uint32_t *lane,
                               uint32_t *mask)
{
    uint32_t active = w->simt[w->sp - 1].mask, absent = w->exited, leaving_known = 0, wait = 0;
    for (uint32_t l = 0; l < 32; l++) {
        uint32_t m = (uint32_t)w->regs[(size_t)slot * 32 + l];
        if (!(exec >> l & 1u))
            continue;
        if ((m & ~exec & ~absent) && !leaving_known++)
            absent |= ptx_lanes_leaving(c, w);
        uint32_t missing = m & ~exec & ~absent;
        if (!(m >> l & 1u) || (missing & active)) {
            *lane = l, *mask = m;
            return PTX_STEP_FAULT;
        }
        if (missing && !wait)
            *lane = l, *mask = m;
        wait |= missing;
    }
    return wait ? PTX_STEP_WAIT : PTX_STEP_OK;
}

SIM_FN int ptx_check_members(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t slot, uint32_t exec)
{
    uint32_t lane = 0, mask = 0;
    if (slot == PTX_NOSLOT)
        return PTX_STEP_OK;
    int rc = ptx_members_present(c, w, slot, exec, &lane, &mask);
    if (rc == PTX_STEP_FAULT)
        return ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, lane, mask);
    return rc;
}

/* bar.warp.sync: the member lanes converge. Groups waiting at another
 * bar.warp.sync of the function whose lanes complete the members go on
 * with this one (PTX lets diverged lanes meet at different instructions). */
SIM_FN int ptx_exec_warpsync(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint32_t lane = 0, mask = 0, have = exec, need = 0;
    int rc = ptx_members_present(c, w, r->src[0], exec, &lane, &mask);
    if (rc != PTX_STEP_WAIT)
        return rc == PTX_STEP_FAULT ? ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, lane, mask) : rc;
    const ptx_pfunc_t *pf = &c->p->funcs[w->func];
    for (uint32_t l = 0; l < 32; l++)
        if (exec >> l & 1u)
            need |= (uint32_t)w->regs[(size_t)r->src[0] * 32 + l];
    need &= ~w->exited & ~ptx_lanes_leaving(c, w);
    for (uint32_t i = w->sp - 1; i-- > ptx_region(w);) {
        const ptx_simt_t *g = &w->simt[i];
        if ((g->state & PTX_G_SYNC) && c->p->recs[pf->first + g->pc].ex == PTX_EX_WARPSYNC)
            have |= g->mask;
    }
    if (need & ~have)
        return PTX_STEP_WAIT;
    for (uint32_t i = w->sp - 1; i-- > ptx_region(w);) {
        ptx_simt_t *g = &w->simt[i];
        if ((g->state & PTX_G_SYNC) && c->p->recs[pf->first + g->pc].ex == PTX_EX_WARPSYNC) {
            g->state &= ~PTX_G_SYNC;
            g->pc++;
        }
    }
    return PTX_STEP_OK;
}

/* No group of the function can run: every one waits. At a CTA barrier,
 * the warp waits for the runner to release it (PTX_STEP_BAR); else for
 * lanes that cannot come (they wait at a reconvergence pc or in a caller,
 * or never execute the instruction): a member-mask fault at the top. */
SIM_FN int ptx_its_stuck(ptx_ctx_t *c, ptx_warp_t *w)
{
    for (uint32_t i = ptx_region(w); i < w->sp; i++)
        if (w->simt[i].mask && (w->simt[i].state & PTX_G_BAR))
            return PTX_STEP_BAR;
    const ptx_simt_t *t = &w->simt[w->sp - 1];
    const ptx_rec_t *r = &c->p->recs[c->p->funcs[w->func].first + t->pc];
    uint32_t lane = ptx_ffs(t->mask), mask = 0;
    ptx_members_present(c, w, ptx_member_slot(r), t->mask, &lane, &mask);
    return ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, lane, mask);
}

/* After a step: drop finished groups (empty, or arrived where they meet
 * their WAITER), return from calls whose lanes all returned, fall off a
 * function's end as ret, and make sure the top can run. PTX_STEP_DONE when
 * no lane is left, PTX_STEP_BAR when every group waits at a barrier. */
SIM_FN int ptx_settle(ptx_ctx_t *c, ptx_warp_t *w)
{
    for (;;) {
        if (w->depth && w->sp == w->frames[w->depth - 1].simt_base) {
            ptx_return(c, w);
            continue;
        }
        if (w->sp == 0)
            return PTX_STEP_DONE;
        ptx_simt_t *t = &w->simt[w->sp - 1];
        if (!t->mask) {
            w->sp--;
            continue;
        }
        if (t->state & (PTX_G_WAITER | PTX_G_SPUN)) /* every group it waited for is done; or it runs again */
            t->state &= ~(PTX_G_WAITER | PTX_G_SPUN);
        if (t->pc == t->rpc && !(t->state & PTX_G_BLOCKED)) {
            int32_t k = ptx_waiter_at(w, t->rpc);
            if (k >= 0) {
                w->simt[k].mask |= t->mask;
                w->sp--;
                continue;
            }
            t->rpc = PTX_NOSLOT; /* its WAITER went on: so does it */
        }
        if (t->pc >= c->p->funcs[w->func].nrecs && !(t->state & PTX_G_BLOCKED)) {
            ptx_ret_lanes(c, w, t->mask);
            continue;
        }
        if (t->state & PTX_G_BLOCKED) {
            if (ptx_its_switch(w, 0))
                continue;
            return ptx_its_stuck(c, w);
        }
        return PTX_STEP_OK;
    }
}

#endif
