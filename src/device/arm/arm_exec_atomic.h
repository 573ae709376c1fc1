/* Atomics: SWP/SWPB and the exclusive monitor (LDREX/STREX and their B, H, D
 * forms, CLREX). Cores of the CPU backend run on several OS threads at once,
 * and those of the GPU backend on several SMs, so every read-modify-write of
 * target memory is a host atomic (sim_atomic.h).
 *
 * The monitor remembers the address and the word(s) LDREX read (for B and H,
 * the whole containing word). STREX succeeds when the address matches and a
 * compare-and-swap of the remembered value with the new one succeeds: a store
 * by another core in between fails it unless it stored the same value.
 *
 * Ordering follows ARMv7: LDREX/STREX order nothing by themselves (code puts
 * DMB around them, and DMB is a real fence), so their compare-and-swap is
 * relaxed. SWP has no barrier in the architecture either, but ARMv5 code
 * that locks with it has no DMB to add, so it is made a full barrier: a
 * stronger order than the hardware's is never wrong. Misaligned exclusive
 * and atomic accesses are alignment faults (Linux: SIGBUS), checked before
 * any host atomic sees the address. */
#ifndef ARM_EXEC_ATOMIC_H
#define ARM_EXEC_ATOMIC_H

#include "arm_exec_base.h"
#include "../sim_atomic.h"

#define ARM_EXCL_NONE 0xffffffffu

/* Reason an atomic at a (aligned) found no writable word: READ if not even
 * readable, else WRITE. */
SIM_INLINE uint32_t arm_atomic_fault_reason(const sim_mem_t *m, uint32_t core, uint32_t a)
{
    uint32_t v;
    return sim_ld32(m, core, a & ~3u, &v) ? SIM_FAULT_READ : SIM_FAULT_WRITE;
}

/* 64-bit compare-and-swap at target address a: a host CAS on the shared
 * region; the private window is only touched by its own core, so a plain
 * compare and two stores are atomic enough there. Returns the old value in
 * *old, and 0, or the fault: ALIGN if a is not 8-aligned, else READ or WRITE
 * if a is not writable memory. */
SIM_INLINE uint32_t arm_cas64_target(const sim_mem_t *m, uint32_t core, uint32_t a, uint64_t expect,
                                     uint64_t desired, uint64_t *old, sim_order_t order)
{
    if (a & 7u)
        return SIM_FAULT_ALIGN;
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size && m->shared_size - so >= 8u) {
        *old = sim_cas64((uint64_t *)(m->shared + so), expect, desired, order);
        return 0;
    }
    uint32_t *p0 = sim_atomic_ptr(m, core, a), *p1 = sim_atomic_ptr(m, core, a + 4u);
    if (!p0 || !p1)
        return arm_atomic_fault_reason(m, core, a);
    *old = (uint64_t)*p1 << 32 | *p0;
    if (*old == expect) {
        *p0 = (uint32_t)desired;
        *p1 = (uint32_t)(desired >> 32);
    }
    return 0;
}

/* SWP Rt, Rt2, [Rn]: Rt = [Rn], [Rn] = Rt2 as one exchange; SWPB on a byte. */
SIM_INLINE void arm_swp(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                        uint32_t core, uint32_t pc, uint32_t op)
{
    uint32_t a = c->r[in->rn], v = c->r[in->rm], old;
    if (SIM_UNLIKELY(op == ARM_OP_SWP && (a & 3u))) {
        arm_fault(c, SIM_FAULT_ALIGN, pc, a);
        return;
    }
    uint32_t *p = sim_atomic_ptr(m, core, a & ~3u);
    if (SIM_UNLIKELY(!p)) {
        arm_fault(c, arm_atomic_fault_reason(m, core, a), pc, a);
        return;
    }
    if (op == ARM_OP_SWP) {
        old = sim_xchg32(p, v, SIM_FULL);
    } else {
        uint32_t sh = (a & 3u) * 8u, w = sim_load32_sync(p), seen, nw;
        for (;; w = seen) {
            nw = (w & ~(0xffu << sh)) | ((v & 0xffu) << sh);
            if ((seen = sim_cas32(p, w, nw, SIM_FULL)) == w)
                break;
        }
        old = (w >> sh) & 0xffu;
    }
    c->r[in->rd] = old;
}

/* The word at aligned a for LDREX: from the shared region the coherent
 * value (sim_load32_sync), which the STREX after it compares against.
 * 0, or 1 if a is not readable. */
SIM_INLINE int arm_excl_load(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *w)
{
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size) {
        *w = sim_load32_sync((const uint32_t *)(m->shared + so));
        return 0;
    }
    return sim_ld32(m, core, a, w);
}

SIM_INLINE uint32_t arm_excl_size(uint32_t op)
{
    if (op == ARM_OP_LDREXB || op == ARM_OP_STREXB)
        return 1u;
    if (op == ARM_OP_LDREXH || op == ARM_OP_STREXH)
        return 2u;
    if (op == ARM_OP_LDREXD || op == ARM_OP_STREXD)
        return 8u;
    return 4u;
}

/* LDREX{B,H,D} Rt(, Rt2), [Rn, #imm]: exclusive accesses must be aligned. */
SIM_INLINE void arm_ldrex(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                          uint32_t core, uint32_t pc, uint32_t op)
{
    uint32_t size = arm_excl_size(op), a = c->r[in->rn] + in->imm, w, w2 = 0;
    if (SIM_UNLIKELY(a & (size - 1u))) {
        arm_fault(c, SIM_FAULT_ALIGN, pc, a);
        return;
    }
    if (SIM_UNLIKELY(arm_excl_load(m, core, a & ~3u, &w) || (size == 8u && arm_excl_load(m, core, a + 4u, &w2)))) {
        arm_fault(c, SIM_FAULT_READ, pc, a);
        return;
    }
    c->excl_addr = a;
    c->excl_val = w;
    c->excl_val2 = w2;
    if (size == 8u) {
        c->r[in->rd] = w;
        c->r[in->rs] = w2;
    } else {
        uint32_t sh = (a & 3u) * 8u;
        c->r[in->rd] = size == 4u ? w : (w >> sh) & (size == 2u ? 0xffffu : 0xffu);
    }
}

/* STREX{B,H,D} Rd, Rt(, Rt2), [Rn, #imm]: Rd = 0 if stored, 1 if not. */
SIM_INLINE void arm_strex(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                          uint32_t core, uint32_t pc, uint32_t op)
{
    uint32_t size = arm_excl_size(op), a = c->r[in->rn] + in->imm, ok = 0;
    if (a == c->excl_addr) {
        if (size == 8u) {
            uint64_t expect = (uint64_t)c->excl_val2 << 32 | c->excl_val, old;
            uint64_t nv = (uint64_t)c->r[in->rs] << 32 | c->r[in->rm];
            uint32_t fault = arm_cas64_target(m, core, a, expect, nv, &old, SIM_RELAXED);
            if (SIM_UNLIKELY(fault)) {
                arm_fault(c, fault, pc, a);
                return;
            }
            ok = old == expect;
        } else {
            uint32_t *p = sim_atomic_ptr(m, core, a & ~3u), sh = (a & 3u) * 8u;
            uint32_t lane = size == 4u ? 0xffffffffu : (size == 2u ? 0xffffu : 0xffu) << sh;
            uint32_t nv = (c->excl_val & ~lane) | ((c->r[in->rm] << sh) & lane);
            if (SIM_UNLIKELY(!p)) {
                arm_fault(c, arm_atomic_fault_reason(m, core, a), pc, a);
                return;
            }
            ok = sim_cas32(p, c->excl_val, nv, SIM_RELAXED) == c->excl_val;
        }
    }
    c->excl_addr = ARM_EXCL_NONE;
    c->r[in->rd] = !ok;
}

#endif
