/* Atomic read-modify-writes. Cores of the CPU backend run on several host
 * threads, and the GPU's in parallel: a LOCK-prefixed operation, XCHG with
 * memory, CMPXCHG, CMPXCHG8B and XADD on the shared region are a host
 * compare-and-swap on the word holding the operand (sim_atomic.h's sim_cas32
 * and sim_cas64 with SIM_FULL ordering: x86's locked operations are full
 * barriers). A core's private window is only
 * its own, where a plain load and store are atomic already. */
#ifndef X86_EXEC_ATOMIC_H
#define X86_EXEC_ATOMIC_H

#include "../sim_atomic.h"
#include "x86_exec_base.h"

/* Compare-and-swap of the w-wide operand at a: *seen gets the value found;
 * the store happened iff *seen == expect. 0 on success, 1 when a is not
 * writable memory. */
SIM_INLINE int x86_cas(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t w, uint32_t expect,
                       uint32_t desired, uint32_t *seen)
{
    uint32_t mask = x86_mask(w), so = a - m->shared_base, sh = (a & 3u) * 8u;
    expect &= mask;
    if (so < m->shared_size && (a & 3u) + (1u << w) <= 4u && so - (a & 3u) + 4u <= m->shared_size) {
        uint32_t *p = (uint32_t *)(m->shared + (so & ~3u));
        for (;;) {
            uint32_t w0 = *(volatile uint32_t *)p, cur = (w0 >> sh) & mask;
            if (cur != expect) {
                *seen = cur;
                return 0;
            }
            uint32_t nw = (w0 & ~(mask << sh)) | ((desired & mask) << sh);
            if (sim_cas32(p, w0, nw, SIM_FULL) == w0) { /* a LOCKed operation is a full barrier */
                *seen = cur;
                return 0;
            }
        }
    }
    /* the private window (or an operand across words: not atomic) */
    uint32_t cur;
    if (!x86_writable(m, a, w))
        return 1;
    int bad = w == X86_W32 ? sim_ld32(m, core, a, &cur) : w == X86_W16 ? sim_ld16(m, core, a, &cur) : sim_ld8(m, core, a, &cur);
    if (bad)
        return 1;
    *seen = cur;
    if (cur == expect)
        bad = w == X86_W32 ? sim_st32(m, core, a, desired) : w == X86_W16 ? sim_st16(m, core, a, desired) : sim_st8(m, core, a, desired);
    return bad;
}

/* A read-modify-write of memory: value = f(old) stored at a, atomically
 * when `atomic`. The body computes `nv` from `old` (and may set flags);
 * it runs again if another core changed the operand meanwhile. */
#define X86_RMW(c, m, core, pc, a, w, atomic, old, nv, body)                                    \
    do {                                                                                        \
        for (;;) {                                                                              \
            uint32_t old, nv, seen_;                                                            \
            if (x86_ld_rmw(c, m, core, pc, a, w, &old))                                         \
                return;                                                                         \
            body;                                                                               \
            if (!(atomic)) {                                                                    \
                x86_st(c, m, core, pc, a, w, nv);                                               \
                break;                                                                          \
            }                                                                                   \
            if (x86_cas(m, core, a, w, old, nv, &seen_)) {                                      \
                x86_fault(c, SIM_FAULT_WRITE, pc, a);                                           \
                return;                                                                         \
            }                                                                                   \
            if (seen_ == (old & x86_mask(w)))                                                   \
                break;                                                                          \
        }                                                                                       \
    } while (0)

#define X86_LOCKED(in) (((in)->wf & X86_F_LOCK) != 0)

/* CMPXCHG r/m, reg: compare eAX with the operand; equal: operand = reg,
 * else eAX = operand. Flags as CMP eAX, operand. */
SIM_FN void x86_cmpxchg_r(x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t w = x86_w(in), acc = x86_rd(c, 0, w), v = x86_rd(c, in->base, w);
    x86_set_cc(c, X86_CC_SUB, w, (acc - v) & x86_mask(w), acc, v);
    if (acc == v)
        x86_wr(c, in->base, w, x86_rd(c, in->reg, w));
    else
        x86_wr(c, 0, w, v);
}

SIM_FN void x86_cmpxchg_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in), acc = x86_rd(c, 0, w), seen;
    if (x86_cas(m, core, a, w, acc, x86_rd(c, in->reg, w), &seen)) {
        uint32_t v;
        x86_fault(c, x86_ld(c, m, core, pc, a, w, &v) ? SIM_FAULT_READ : SIM_FAULT_WRITE, pc, a);
        return;
    }
    x86_set_cc(c, X86_CC_SUB, w, (acc - seen) & x86_mask(w), acc, seen);
    if (seen != acc)
        x86_wr(c, 0, w, seen);
}

/* 64-bit CAS on the shared region, plain on the private window. */
SIM_INLINE int x86_cas64(const sim_mem_t *m, uint32_t core, uint32_t a, uint64_t expect, uint64_t desired,
                         uint64_t *old)
{
    uint32_t so = a - m->shared_base;
    if (so < m->shared_size && m->shared_size - so >= 8u && (a & 7u) == 0) {
        *old = sim_cas64((uint64_t *)(m->shared + so), expect, desired, SIM_FULL); /* LOCK CMPXCHG8B */
        return 0;
    }
    uint32_t lo, hi;
    if (!x86_writable(m, a, X86_W32) || !x86_writable(m, a + 4u, X86_W32) || sim_ld32(m, core, a, &lo) ||
        sim_ld32(m, core, a + 4u, &hi))
        return 1;
    *old = (uint64_t)hi << 32 | lo;
    if (*old == expect && (sim_st32(m, core, a, (uint32_t)desired) || sim_st32(m, core, a + 4u, (uint32_t)(desired >> 32))))
        return 1;
    return 0;
}

/* CMPXCHG8B m64: EDX:EAX against memory; equal: ZF, memory = ECX:EBX;
 * else ZF clear, EDX:EAX = memory. Only ZF changes. */
SIM_FN void x86_cmpxchg8b(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t a = x86_ea(c, in);
    uint64_t expect = (uint64_t)c->r[2] << 32 | c->r[0], old;
    if (x86_cas64(m, core, a, expect, (uint64_t)c->r[1] << 32 | c->r[3], &old)) {
        uint32_t v;
        x86_fault(c, x86_ld(c, m, core, pc, a, X86_W32, &v) ? SIM_FAULT_READ : SIM_FAULT_WRITE, pc, a);
        return;
    }
    uint32_t f = x86_eflags(c) & ~X86_ZF;
    if (old == expect) {
        f |= X86_ZF;
    } else {
        c->r[0] = (uint32_t)old;
        c->r[2] = (uint32_t)(old >> 32);
    }
    x86_set_eflags(c, f, X86_ARITH_FLAGS);
}

/* XADD r/m, reg: tmp = operand + reg; reg = operand; operand = tmp. */
SIM_FN void x86_xadd_r(x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t w = x86_w(in), d = x86_rd(c, in->base, w), s = x86_rd(c, in->reg, w), r = (d + s) & x86_mask(w);
    x86_set_cc(c, X86_CC_ADD, w, r, d, s);
    x86_wr(c, in->reg, w, d);
    x86_wr(c, in->base, w, r);
}

SIM_FN void x86_xadd_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in), s = x86_rd(c, in->reg, w), d = 0;
    X86_RMW(c, m, core, pc, a, w, 1, old, nv, (d = old, nv = (old + s) & x86_mask(w)));
    x86_set_cc(c, X86_CC_ADD, w, (d + s) & x86_mask(w), d, s);
    x86_wr(c, in->reg, w, d);
}

/* XCHG with memory: always locked. */
SIM_FN void x86_xchg_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in), s = x86_rd(c, in->reg, w), d = 0;
    X86_RMW(c, m, core, pc, a, w, 1, old, nv, (d = old, nv = s));
    x86_wr(c, in->reg, w, d);
}

SIM_FN void x86_xchg_rr(x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t w = x86_w(in), a = x86_rd(c, in->reg, w), b = x86_rd(c, in->base, w);
    x86_wr(c, in->reg, w, b);
    x86_wr(c, in->base, w, a);
}

#endif
