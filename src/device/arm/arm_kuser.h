/* The Linux kuser helpers (arch/arm/kernel/entry-armv.S), which glibc for
 * ARMv5 calls at fixed addresses for TLS and atomics. Each runs as one
 * instruction and returns to LR (bit 0 selects Thumb). Results and flags
 * follow the kernel's code: r0 = 0 and C set when the exchange happened. */
#ifndef ARM_KUSER_H
#define ARM_KUSER_H

#include "arm_exec_atomic.h"

/* The kernel ends both cmpxchg helpers with "rsbs r0, r3, #0" where r3 is 0
 * on success: r0 = -r3, flags of 0 - r3. */
SIM_INLINE void arm_kuser_result(arm_ctx_t *c, uint32_t r3)
{
    uint32_t r = 0u - r3;
    c->r[3] = r3;
    c->r[0] = r;
    arm_set_nzcv(c, r, r3 == 0, (r3 & r) >> 31);
}

/* __kuser_cmpxchg: r0 = oldval, r1 = newval, r2 = ptr. Linux documents
 * both cmpxchg helpers as full barriers. Returns 0 or the fault. */
SIM_INLINE uint32_t arm_kuser_cmpxchg(arm_ctx_t *c, const sim_mem_t *m, uint32_t core)
{
    if (c->r[2] & 3u)
        return SIM_FAULT_ALIGN;
    uint32_t *p = sim_atomic_ptr(m, core, c->r[2]);
    if (!p)
        return arm_atomic_fault_reason(m, core, c->r[2]);
    uint32_t cur = sim_cas32(p, c->r[0], c->r[1], SIM_FULL);
    arm_kuser_result(c, cur - c->r[0]);
    return 0;
}

/* __kuser_cmpxchg64: r0 = &oldval, r1 = &newval, r2 = ptr (64-bit values). */
SIM_INLINE uint32_t arm_kuser_cmpxchg64(arm_ctx_t *c, const sim_mem_t *m, uint32_t core)
{
    uint32_t o0, o1, n0, n1;
    uint64_t old;
    if (sim_ld32(m, core, c->r[0], &o0) || sim_ld32(m, core, c->r[0] + 4u, &o1) ||
        sim_ld32(m, core, c->r[1], &n0) || sim_ld32(m, core, c->r[1] + 4u, &n1))
        return SIM_FAULT_READ;
    uint64_t expect = (uint64_t)o1 << 32 | o0;
    uint32_t fault = arm_cas64_target(m, core, c->r[2], expect, (uint64_t)n1 << 32 | n0, &old, SIM_FULL);
    if (fault)
        return fault;
    arm_kuser_result(c, (uint32_t)(old ^ expect) | (uint32_t)((old ^ expect) >> 32));
    return 0;
}

/* Run the helper at pc (in the kuser page); a fault leaves r15 = pc. */
SIM_FN void arm_kuser(arm_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t bad = 0;
    if (pc == ARM_KUSER_GET_TLS)
        c->r[0] = c->sys.tls;
    else if (pc == ARM_KUSER_MEMBARRIER)
        sim_fence();
    else if (pc == ARM_KUSER_CMPXCHG)
        bad = arm_kuser_cmpxchg(c, m, core);
    else if (pc == ARM_KUSER_CMPXCHG64)
        bad = arm_kuser_cmpxchg64(c, m, core);
    else {
        sim_fault(&c->sys, SIM_FAULT_FETCH, pc, pc);
        return;
    }
    if (bad) {
        sim_fault(&c->sys, bad, pc, c->r[2]);
        return;
    }
    arm_bx_write_pc(c, c->r[14]);
    c->r[15] = c->npc;
}

#endif
