/* One warp instruction of the PTX executor: the record at the top SIMT
 * entry's pc, on the lanes of that entry whose guard passes. The same code
 * runs a whole warp in a loop over lanes (CPU) and one lane per CUDA thread
 * (GPU, PTX_LANES). With a timing record (c->tr) it is filled for the model;
 * the fast path passes NULL and the compiler drops that code. */
#ifndef PTX_EXEC_H
#define PTX_EXEC_H

#include "device/ptx/ptx_exec_mem.h"
#include "device/ptx/ptx_exec_its.h"
#include "device/ptx/ptx_exec_warp.h"
#include "device/ptx/ptx_exec_printf.h"
#include "device/ptx/ptx_exec_alu.h"
#include "device/ptx/ptx_exec_tex.h"
#include "device/ptx/ptx_exec_mma.h"

/* bar.sync / bar.arrive / bar.red: the executing lanes arrive (counted by
 * threads: the rest of the warp may arrive later, at this barrier or at
 * another instruction with it); for sync and red their group waits
 * (PTX_G_BAR) and another of the warp may run, until the CTA's runner
 * releases the barrier (ptx_sm.h) and writes bar.red's result. */
SIM_FN int ptx_exec_bar(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint32_t lid = exec ? ptx_ffs(exec) : 0;
    uint32_t id = (uint32_t)w->regs[(size_t)r->src[0] * 32 + lid];
    if (id >= PTX_NBARRIERS)
        return ptx_fault(c, w, r, PTX_FAULT_BARRIER, 0, id);
    if (!exec)
        return PTX_STEP_OK;
    uint32_t ballot = 0;
    if (r->ex == PTX_EX_BARRED)
        for (uint32_t l = 0; l < 32; l++)
            if ((exec >> l & 1u) && (ptx_lane_src(w, r, 2, l) & 1u))
                ballot |= 1u << l;
    PTX_WARP_SYNC();
    if (PTX_LEADER()) {
        ptx_barrier_t *b = &c->cs->bars[id];
        if (r->src[1] != PTX_NOSLOT)
            b->expected = (uint32_t)w->regs[(size_t)r->src[1] * 32 + lid];
        ptx_atomic_add(&b->arrived, ptx_popc(exec));
        if (r->ex == PTX_EX_BARRED) {
            ptx_atomic_add(&b->red_popc, ptx_popc(ballot));
            ptx_atomic_and(&b->red_and, ballot == exec);
            ptx_atomic_or(&b->red_or, ballot != 0);
        }
    }
    if (r->ex != PTX_EX_BARRED && r->sub == PTX_BAR_ARRIVE)
        return PTX_STEP_OK;
    if (PTX_LEADER()) {
        ptx_atomic_add(&c->cs->bars[id].waiting, 1);
        ptx_simt_t *t = &w->simt[w->sp - 1];
        uint32_t rest = t->mask & ~exec; /* guarded off: they go on */
        t->mask = exec;
        t->state = PTX_G_BAR | id << 8;
        if (rest && ptx_push(c, w, r, t->pc + 1, t->rpc, rest) != PTX_STEP_OK)
            return PTX_STEP_FAULT;
    }
    return PTX_STEP_BAR;
}

SIM_INLINE int ptx_exec_mem_rec(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    switch (r->ex) {
    case PTX_EX_LD: return r->op == PTX_OP_LDMATRIX ? ptx_exec_ldstmatrix(c, w, r, exec, 0) : ptx_exec_ld(c, w, r, exec);
    case PTX_EX_ST: return r->op == PTX_OP_STMATRIX ? ptx_exec_ldstmatrix(c, w, r, exec, 1) : ptx_exec_st(c, w, r, exec);
    default: return r->sub == PTX_ATOM_MBAR ? ptx_exec_mbar(c, w, r, exec) : ptx_exec_atom(c, w, r, exec);
    }
}

/* The other lane-value records. */
SIM_INLINE int ptx_exec_plain(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    switch (r->ex) {
    case PTX_EX_SREG: ptx_exec_sreg(c, w, r, exec); return PTX_STEP_OK;
    case PTX_EX_SYMADDR: ptx_exec_symaddr(w, r, exec); return PTX_STEP_OK;
    case PTX_EX_CVTA: ptx_exec_cvta(w, r, exec); return PTX_STEP_OK;
    case PTX_EX_ISSPACEP: ptx_exec_isspacep(c, w, r, exec); return PTX_STEP_OK;
    case PTX_EX_PACK: case PTX_EX_UNPACK: ptx_exec_pack(w, r, exec); return PTX_STEP_OK;
    case PTX_EX_VOTE: return ptx_exec_vote(c, w, r, exec);
    case PTX_EX_SHFL: return ptx_exec_shfl(c, w, r, exec);
    case PTX_EX_MATCH: return ptx_exec_match(c, w, r, exec);
    case PTX_EX_REDUX: return ptx_exec_redux(c, w, r, exec);
    case PTX_EX_ACTIVEMASK: ptx_exec_activemask(w, r, exec); return PTX_STEP_OK;
    case PTX_EX_WMMA_LD: case PTX_EX_WMMA_ST: return ptx_exec_wmma_mem(c, w, r, exec);
    case PTX_EX_WMMA_MMA: return ptx_exec_wmma_mma(c, w, r, exec);
    case PTX_EX_CPASYNC: return ptx_exec_cp_async(c, w, r, exec);
    case PTX_EX_MBARCNT: ptx_exec_mbar_count(w, r, exec); return PTX_STEP_OK;
    case PTX_EX_MOVMATRIX: return ptx_exec_movmatrix(c, w, r, exec);
    case PTX_EX_NOP: return PTX_STEP_OK;
    case PTX_EX_TEX: return ptx_exec_tex(c, w, r, exec);
    case PTX_EX_TXQ: return ptx_exec_txq(c, w, r, exec);
    case PTX_EX_SULD: return ptx_exec_surf(c, w, r, exec, 0);
    case PTX_EX_SUST: return ptx_exec_surf(c, w, r, exec, 1);
    default: return ptx_fault(c, w, r, PTX_FAULT_UNSUPPORTED, 0, 0);
    }
}

/* The timing record of the record about to run. */
SIM_FN void ptx_trace_fill(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t pc, uint32_t exec)
{
    sim_trace_t *t = c->tr;
    uint32_t flags = exec ? SIM_TR_EXECUTED : 0;
    if (r->ex == PTX_EX_LD || r->ex == PTX_EX_ATOM || r->ex == PTX_EX_TEX || r->ex == PTX_EX_SULD ||
        r->ex == PTX_EX_WMMA_LD)
        flags |= SIM_TR_LOAD;   /* a texture's lane address: its texels' base (ptx_tex_check), a surface's the element */
    if (r->ex == PTX_EX_ST || r->ex == PTX_EX_ATOM || r->ex == PTX_EX_SUST || r->ex == PTX_EX_WMMA_ST ||
        r->ex == PTX_EX_CPASYNC)
        flags |= SIM_TR_STORE;  /* cp.async: timed as its store to shared memory (the copy is made at issue) */
    if (r->ex == PTX_EX_BRA || r->ex == PTX_EX_BRX || r->ex == PTX_EX_CALL || r->ex == PTX_EX_RET ||
        r->ex == PTX_EX_EXIT)
        flags |= SIM_TR_BRANCH;
    t->pc = c->p->funcs[w->func].first + pc;
    t->op = r->op;
    t->unit = r->unit;
    t->flags = flags;
    t->reads = t->writes = 0;
    t->read_slots = r->src;
    t->write_slots = r->dst;
    t->nread = t->nwrite = 0;
    for (uint32_t i = 0; i < 4; i++) {
        t->nread += r->src[i] != PTX_NOSLOT;
        t->nwrite += r->dst[i] != PTX_NOSLOT;
    }
    t->size = (flags & (SIM_TR_LOAD | SIM_TR_STORE)) ? (uint32_t)r->size * r->vec : 0;
    t->active = exec;
    t->lane_addr = (flags & (SIM_TR_LOAD | SIM_TR_STORE)) ? c->lane_addr : NULL;
}

/* Records that change the warp's control state: on the GPU lane 0 runs
 * them for the warp. */
SIM_INLINE int ptx_is_control(uint32_t ex)
{
    return ex == PTX_EX_BRA || ex == PTX_EX_BRX || ex == PTX_EX_CALL || ex == PTX_EX_RET || ex == PTX_EX_EXIT ||
           ex == PTX_EX_PRINTF || ex == PTX_EX_TRAP || ex == PTX_EX_WARPSYNC;
}

/* Records whose member lanes may wait for one another (PTX_G_SYNC). */
SIM_INLINE int ptx_is_collective(uint32_t ex)
{
    return ex == PTX_EX_VOTE || ex == PTX_EX_SHFL || ex == PTX_EX_MATCH || ex == PTX_EX_REDUX ||
           ex == PTX_EX_WARPSYNC || ex == PTX_EX_WMMA_LD || ex == PTX_EX_WMMA_ST || ex == PTX_EX_WMMA_MMA;
}

SIM_FN int ptx_exec_control(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t pc, uint32_t active,
                            uint32_t exec)
{
    ptx_simt_t *top = &w->simt[w->sp - 1];
    switch (r->ex) {
    case PTX_EX_BRA: {
        uint32_t taken = r->guard == PTX_NOSLOT ? active : exec;
        int rc = ptx_exec_bra(c, w, r, pc, active, taken);
        if (r->target <= pc && taken && rc == PTX_STEP_OK)
            ptx_its_back_edge(w);
        return rc;
    }
    case PTX_EX_BRX: return ptx_exec_brx(c, w, r, pc, active, exec);
    case PTX_EX_WARPSYNC: {
        int rc = ptx_exec_warpsync(c, w, r, exec);
        if (rc == PTX_STEP_OK)
            top->pc = pc + 1;
        return rc;
    }
    case PTX_EX_CALL: return ptx_exec_call(c, w, r, pc, exec);
    case PTX_EX_RET: top->pc = pc + 1; ptx_ret_lanes(c, w, exec); return PTX_STEP_OK;
    case PTX_EX_EXIT: top->pc = pc + 1; ptx_exit_lanes(c, w, exec); return PTX_STEP_OK;
    case PTX_EX_PRINTF: top->pc = pc + 1; return ptx_exec_printf(c, w, r, exec);
    default:
        if (exec)
            return ptx_fault(c, w, r, PTX_FAULT_TRAP, ptx_ffs(exec), 0);
        top->pc = pc + 1; /* a trap no lane's guard lets through: go on */
        return PTX_STEP_OK;
    }
}

/* Records that compute lane values (every lane its own; collectives read
 * the others first). */
SIM_INLINE int ptx_exec_data(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    switch (r->ex) {
    case PTX_EX_ALU: ptx_exec_alu(c, w, r, exec); return PTX_STEP_OK;
    case PTX_EX_LD: case PTX_EX_ST: case PTX_EX_ATOM: return ptx_exec_mem_rec(c, w, r, exec);
    case PTX_EX_BAR: case PTX_EX_BARRED: return ptx_exec_bar(c, w, r, exec);
    default: return ptx_exec_plain(c, w, r, exec);
    }
}

/* After the record: the common case (the same group goes on inside its
 * function) needs nothing; else settle the groups (ptx_exec_its.h). */
SIM_INLINE int ptx_after(ptx_ctx_t *c, ptx_warp_t *w, int rc)
{
    if (rc == PTX_STEP_FAULT)
        return rc;
    const ptx_simt_t *top = &w->simt[w->sp - 1];
    if (SIM_LIKELY(rc == PTX_STEP_OK && w->sp && top->mask && top->pc != top->rpc && !top->state &&
                   top->pc < c->p->funcs[w->func].nrecs && !(w->depth && w->sp == w->frames[w->depth - 1].simt_base)))
        return PTX_STEP_OK;
    return ptx_settle(c, w);
}

SIM_INLINE void ptx_count(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t active, int64_t n)
{
    w->icount += (uint64_t)n;
    c->st->warp_insns += (uint64_t)n;
    c->st->thread_insns += (uint64_t)((int64_t)ptx_popc(active) * n);
    c->st->mix[r->mix] += (uint64_t)n;
}

/* One warp instruction: PTX_STEP_OK, _BAR (every group waits at a
 * barrier; the CPU runner's), _DONE or _FAULT. A collective whose member
 * lanes are in other groups is not run: its group waits (PTX_G_SYNC), to
 * run it with them, and another runs. */
SIM_INLINE int ptx_step(ptx_ctx_t *c, ptx_warp_t *w, int traced)
{
    ptx_simt_t *top = &w->simt[w->sp - 1];
    uint32_t pc = top->pc;
    const ptx_rec_t *r = &c->p->recs[c->p->funcs[w->func].first + pc];
    if (SIM_UNLIKELY(ptx_is_collective(r->ex)) && w->sp - ptx_region(w) > 1) {
        PTX_WARP_SYNC();
        if (PTX_LEADER())
            ptx_its_gather(w, pc);
    }
    PTX_WARP_SYNC();
    uint32_t active = top->mask, exec = ptx_guard_mask(w, r, active);
    int rc = PTX_STEP_OK;
    if (PTX_LEADER())
        ptx_count(c, w, r, active, 1);
#ifndef PTX_LANE_THREADS
    if (traced)
        ptx_trace_fill(c, w, r, pc, exec);
#endif
    if (ptx_is_control(r->ex)) {
        if (PTX_LEADER())
            rc = ptx_exec_control(c, w, r, pc, active, exec);
    } else {
        rc = ptx_exec_data(c, w, r, exec);
        PTX_WARP_SYNC();
        if (PTX_LEADER() && rc != PTX_STEP_FAULT && rc != PTX_STEP_WAIT)
            top->pc = pc + 1;
    }
    if (PTX_LEADER() && rc == PTX_STEP_WAIT) { /* it runs again, with its member lanes */
        top->state |= PTX_G_SYNC;
        ptx_count(c, w, r, active, -1);
    }
#ifndef PTX_LANE_THREADS
    if (traced) {
        c->tr->next = w->sp ? w->simt[w->sp - 1].pc : 0;
        if ((c->tr->flags & SIM_TR_BRANCH) && c->tr->next != pc + 1)
            c->tr->flags |= SIM_TR_TAKEN;
    }
#endif
    if (PTX_LEADER())
        rc = ptx_after(c, w, rc);
#ifdef PTX_LANE_THREADS
    if (PTX_LEADER())
        w->rc = rc;
    __syncwarp();
    rc = w->rc;
#endif
    return rc;
}

#endif
