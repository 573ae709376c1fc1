/* Atomics: SWP/SWPB and the exclusive monitor (LDREX/STREX and their B, H, D
 * forms, CLREX). Cores of the CPU backend run on several OS threads at once,
 * so every read-modify-write of target memory is a host atomic.
 *
 * The monitor remembers the address and the word(s) LDREX read (for B and H,
 * the whole containing word). STREX succeeds when the address matches and a
 * compare-and-swap of the remembered value with the new one succeeds: a store
 * by another core in between fails it unless it stored the same value. */
#ifndef ARM_EXEC_ATOMIC_H
#define ARM_EXEC_ATOMIC_H

#include "arm_exec_base.h"

#define ARM_EXCL_NONE 0xffffffffu

SIM_INLINE uint64_t arm_atomic_cas64(uint64_t *p, uint64_t expect, uint64_t desired)
{
#ifdef __CUDA_ARCH__
    return (uint64_t)atomicCAS((unsigned long long *)p, (unsigned long long)expect,
                               (unsigned long long)desired);
#else
    return __sync_val_compare_and_swap(p, expect, desired);
#endif
}

/* 64-bit compare-and-swap at target address a (8-aligned): a host CAS on the
 * shared region; the private window is only touched by its own core, so a
 * plain compare and two stores are atomic enough there. Returns the old value
 * in *old; -1 if a is not writable memory. */
SIM_INLINE int arm_cas64_target(const sim_mem_t *m, uint32_t core, uint32_t a, uint64_t expect,
                                uint64_t desired, uint64_t *old)
{
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size && m->shared_size - so >= 8u) {
        *old = arm_atomic_cas64((uint64_t *)(m->shared + so), expect, desired);
        return 0;
    }
    uint32_t *p0 = sim_atomic_ptr(m, core, a), *p1 = sim_atomic_ptr(m, core, a + 4u);
    if (!p0 || !p1)
        return -1;
    *old = (uint64_t)*p1 << 32 | *p0;
    if (*old == expect) {
        *p0 = (uint32_t)desired;
        *p1 = (uint32_t)(desired >> 32);
    }
    return 0;
}

/* Reason for a failed atomic at a: READ if not even readable, else WRITE. */
SIM_INLINE uint32_t arm_atomic_fault_reason(const sim_mem_t *m, uint32_t core, uint32_t a)
{
    uint32_t v;
    return sim_ld32(m, core, a & ~3u, &v) ? SIM_FAULT_READ : SIM_FAULT_WRITE;
}

/* SWP Rt, Rt2, [Rn]: Rt = [Rn], [Rn] = Rt2 as one exchange; SWPB on a byte. */
SIM_INLINE void arm_swp(arm_ctx_t *c, const arm_insn_t *in, const sim_mem_t *m,
                        uint32_t core, uint32_t pc, uint32_t op)
{
    uint32_t a = c->r[in->rn], v = c->r[in->rm], old;
    uint32_t *p = sim_atomic_ptr(m, core, op == ARM_OP_SWP ? a : a & ~3u);
    if (SIM_UNLIKELY(!p)) {
        arm_fault(c, arm_atomic_fault_reason(m, core, a), pc, a);
        return;
    }
    if (op == ARM_OP_SWP) {
        old = sim_atomic_xchg32(p, v);
    } else {
        uint32_t sh = (a & 3u) * 8u, w, nw;
        do {
            w = *(volatile uint32_t *)p;
            nw = (w & ~(0xffu << sh)) | ((v & 0xffu) << sh);
        } while (sim_atomic_cas32(p, w, nw) != w);
        old = (w >> sh) & 0xffu;
    }
    c->r[in->rd] = old;
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
    if (SIM_UNLIKELY((a & (size - 1u)) || sim_ld32(m, core, a & ~3u, &w) ||
                     (size == 8u && sim_ld32(m, core, a + 4u, &w2)))) {
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
            if (SIM_UNLIKELY(arm_cas64_target(m, core, a, expect, nv, &old))) {
                arm_fault(c, arm_atomic_fault_reason(m, core, a), pc, a);
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
            ok = sim_atomic_cas32(p, c->excl_val, nv) == c->excl_val;
        }
    }
    c->excl_addr = ARM_EXCL_NONE;
    c->r[in->rd] = !ok;
}

#endif
