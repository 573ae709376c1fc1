/* The ALU operations: the eight of opcodes 00..3F (ADD OR ADC SBB AND SUB
 * XOR CMP) in their five forms, TEST, INC DEC NOT NEG, the shifts and
 * rotates, SHLD and SHRD. Flags go to the lazy state (x86_flags.h), but
 * for the rotates, which change CF and OF only and so materialize. */
#ifndef X86_EXEC_ALU_H
#define X86_EXEC_ALU_H

#include "x86_exec_atomic.h"

enum { X86_ALU_ADD, X86_ALU_OR, X86_ALU_ADC, X86_ALU_SBB, X86_ALU_AND, X86_ALU_SUB, X86_ALU_XOR, X86_ALU_CMP };

/* ALU operation k on a, b of width w: the result (masked), the flags set
 * if fl (x86_ops.def's X86_FLAGS_WANTED: 0 where they are dead). */
SIM_INLINE uint32_t x86_alu_fl(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t a, uint32_t b, uint32_t fl)
{
    uint32_t mask = x86_mask(w), r, kind;
    b &= mask;
    switch (k) {
    case X86_ALU_ADD: r = a + b, kind = X86_CC_ADD; break;
    case X86_ALU_ADC: r = a + b + x86_cf(c), kind = X86_CC_ADD; break;
    case X86_ALU_SBB: r = a - b - x86_cf(c), kind = X86_CC_SUB; break;
    case X86_ALU_SUB:
    case X86_ALU_CMP: r = a - b, kind = X86_CC_SUB; break;
    case X86_ALU_OR: r = a | b, kind = X86_CC_LOGIC; break;
    case X86_ALU_AND: r = a & b, kind = X86_CC_LOGIC; break;
    default: r = a ^ b, kind = X86_CC_LOGIC; break;
    }
    r &= mask;
    if (fl)
        x86_set_cc(c, kind, w, r, a, b);
    return r;
}

SIM_INLINE uint32_t x86_alu(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t a, uint32_t b)
{
    return x86_alu_fl(c, k, w, a, b, 1u);
}

/* The register forms: the 32-bit width, by far the commonest, gets a copy
 * of its own in which the width is a constant. */
SIM_INLINE void x86_alu_reg(x86_ctx_t *c, const x86_insn_t *in, uint32_t k, uint32_t w, uint32_t b, uint32_t fl)
{
    uint32_t r = x86_alu_fl(c, k, w, x86_rd(c, in->reg, w), b, fl);
    if (k != X86_ALU_CMP)
        x86_wr(c, in->reg, w, r);
}

SIM_INLINE void x86_alu_rr(x86_ctx_t *c, const x86_insn_t *in, uint32_t k, uint32_t fl)
{
    if (SIM_LIKELY(x86_w(in) == X86_W32))
        x86_alu_reg(c, in, k, X86_W32, c->r[in->base], fl);
    else
        x86_alu_reg(c, in, k, x86_w(in), x86_rd(c, in->base, x86_w(in)), fl);
}

SIM_INLINE void x86_alu_ri(x86_ctx_t *c, const x86_insn_t *in, uint32_t k, uint32_t fl)
{
    if (SIM_LIKELY(x86_w(in) == X86_W32))
        x86_alu_reg(c, in, k, X86_W32, in->imm, fl);
    else
        x86_alu_reg(c, in, k, x86_w(in), in->imm, fl);
}

SIM_INLINE void x86_alu_rm(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t k, uint32_t fl)
{
    uint32_t w = x86_w(in), v;
    if (SIM_LIKELY(w == X86_W32)) {
        if (!x86_ld(c, m, core, pc, x86_ea(c, in), X86_W32, &v))
            x86_alu_reg(c, in, k, X86_W32, v, fl);
        return;
    }
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), w, &v))
        x86_alu_reg(c, in, k, w, v, fl);
}

/* Memory destination with source b (a register or the immediate). */
SIM_INLINE void x86_alu_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                          uint32_t k, uint32_t b)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in);
    if (k == X86_ALU_CMP) {
        uint32_t v;
        if (!x86_ld(c, m, core, pc, a, w, &v))
            x86_alu(c, k, w, v, b);
        return;
    }
    /* ADC and SBB read CF: the first try's carry-in is the one to keep */
    uint32_t f0 = c->cc_op, r0 = c->cc_res, a0 = c->cc_a, b0 = c->cc_b;
    X86_RMW(c, m, core, pc, a, w, X86_LOCKED(in), old, nv,
            (c->cc_op = f0, c->cc_res = r0, c->cc_a = a0, c->cc_b = b0, nv = x86_alu(c, k, w, old, b)));
}

SIM_INLINE void x86_alu_mr(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t k)
{
    x86_alu_m(c, in, m, core, pc, k, x86_rd(c, in->reg, x86_w(in)));
}

SIM_INLINE void x86_alu_mi(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t k)
{
    x86_alu_m(c, in, m, core, pc, k, in->imm);
}

SIM_INLINE void x86_test(x86_ctx_t *c, const x86_insn_t *in, uint32_t a, uint32_t b, uint32_t fl)
{
    x86_alu_fl(c, X86_ALU_AND, x86_w(in), a, b, fl);
}

SIM_INLINE void x86_test_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t b, uint32_t fl)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &v))
        x86_test(c, in, v, b, fl);
}

/* INC DEC NOT NEG (aux 0..3) of v; NOT leaves the flags alone, and so do
 * the others where fl is 0. */
SIM_INLINE uint32_t x86_unary(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t v, uint32_t fl)
{
    uint32_t mask = x86_mask(w), r;
    switch (k) {
    case 0: r = (v + 1u) & mask; if (fl) x86_set_cc(c, X86_CC_INC, w, r, v, x86_cf(c)); break;
    case 1: r = (v - 1u) & mask; if (fl) x86_set_cc(c, X86_CC_DEC, w, r, v, x86_cf(c)); break;
    case 2: r = ~v & mask; break;
    default: r = (0u - v) & mask; if (fl) x86_set_cc(c, X86_CC_SUB, w, r, 0u, v); break;
    }
    return r;
}

SIM_INLINE void x86_unary_r(x86_ctx_t *c, const x86_insn_t *in, uint32_t fl)
{
    uint32_t w = x86_w(in);
    x86_wr(c, in->reg, w, x86_unary(c, in->aux, w, x86_rd(c, in->reg, w), fl));
}

SIM_FN void x86_unary_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in);
    uint32_t f0 = c->cc_op, r0 = c->cc_res, a0 = c->cc_a, b0 = c->cc_b;
    X86_RMW(c, m, core, pc, a, w, X86_LOCKED(in), old, nv,
            (c->cc_op = f0, c->cc_res = r0, c->cc_a = a0, c->cc_b = b0, nv = x86_unary(c, in->aux, w, old, 1u)));
}

/* Rotates: only CF and OF change, and only for a count that is not 0. */
SIM_FN uint32_t x86_rotate(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t v, uint32_t n)
{
    uint32_t bits = 8u << w, mask = x86_mask(w), r, cf, of, f = x86_eflags(c);
    if (k < 2u) { /* ROL, ROR */
        uint32_t s = n & (bits - 1u);
        if (k == 0) {
            r = s ? ((v << s) | (v >> (bits - s))) & mask : v;
            cf = r & 1u;
            of = x86_msb(r, w) ^ cf;
        } else {
            r = s ? ((v >> s) | (v << (bits - s))) & mask : v;
            cf = x86_msb(r, w);
            of = x86_msb(r ^ (r << 1), w);
        }
    } else { /* RCL, RCR through CF: a (bits + 1)-bit rotate */
        uint32_t s = n % (bits + 1u), cin = f & 1u;
        uint64_t x = (uint64_t)cin << bits | v, full = ((uint64_t)1 << (bits + 1u)) - 1u;
        if (s == 0)
            return v;
        if (k == 2)
            x = ((x << s) | (x >> (bits + 1u - s))) & full;
        else
            x = ((x >> s) | (x << (bits + 1u - s))) & full;
        r = (uint32_t)x & mask;
        cf = (uint32_t)(x >> bits) & 1u;
        of = x86_msb(v ^ r, w); /* qemu-i386's, and the architecture's for a count of 1 */
    }
    x86_set_eflags(c, (f & ~(X86_CF | X86_OF)) | cf * X86_CF | of * X86_OF, X86_CF | X86_OF);
    return r;
}

/* Shift or rotate kind k (the /r: 0 ROL 1 ROR 2 RCL 3 RCR 4 SHL 5 SHR 6 SAL
 * 7 SAR) of v by count n: the count masked to 5 bits, 0 changing nothing.
 * fl 0: a shift's flags are dead and not set (rotates, rare, set theirs). */
SIM_INLINE uint32_t x86_shift(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t v, uint32_t n, uint32_t fl)
{
    uint32_t mask = x86_mask(w), r, pre;
    n &= 31u;
    if (n == 0)
        return v;
    if (k < 4u)
        return x86_rotate(c, k, w, v, n);
    if (k == 5u) {
        pre = v >> (n - 1u);
        r = pre >> 1;
    } else if (k == 7u) {
        int32_t sv = (int32_t)x86_sext(v, w);
        pre = (uint32_t)(sv >> (n - 1u)) & mask;
        r = (uint32_t)(sv >> n) & mask;
    } else {
        pre = (v << (n - 1u)) & mask;
        r = (pre << 1) & mask;
    }
    if (fl)
        x86_set_cc(c, k == 5u || k == 7u ? X86_CC_SHR : X86_CC_SHL, w, r, pre, 0);
    return r;
}

SIM_INLINE void x86_shift_r(x86_ctx_t *c, const x86_insn_t *in, uint32_t n, uint32_t fl)
{
    uint32_t w = x86_w(in);
    x86_wr(c, in->reg, w, x86_shift(c, in->aux, w, x86_rd(c, in->reg, w), n, fl));
}

SIM_INLINE void x86_shift_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                        uint32_t n)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in), v;
    if (x86_ld_rmw(c, m, core, pc, a, w, &v))
        return;
    x86_st(c, m, core, pc, a, w, x86_shift(c, in->aux, w, v, n, 1u));
}

/* SHLD (k 0) and SHRD (k 1) of d with bits from s by n (masked to 5 bits):
 * the 16-bit forms with a count past 16 shift d:s:d, as qemu-i386 does. */
SIM_FN uint32_t x86_shxd(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t d, uint32_t s, uint32_t n)
{
    n &= 31u;
    if (n == 0)
        return d;
    uint32_t r, pre;
    if (w == X86_W32) {
        uint64_t x = k == 0 ? ((uint64_t)d << 32 | s) : ((uint64_t)s << 32 | d);
        if (k == 0) {
            r = (uint32_t)((x << n) >> 32);
            pre = (uint32_t)((x << (n - 1u)) >> 32);
        } else {
            r = (uint32_t)(x >> n);
            pre = (uint32_t)(x >> (n - 1u));
        }
    } else if (k == 0) {
        uint64_t x = (uint64_t)d << 32 | (uint64_t)s << 16 | d;
        r = (uint32_t)((x << n) >> 32) & 0xffffu;
        pre = (uint32_t)((x << (n - 1u)) >> 32) & 0xffffu;
    } else {
        uint64_t y = (uint64_t)d | (uint64_t)s << 16 | (uint64_t)d << 32;
        r = (uint32_t)(y >> n) & 0xffffu;
        pre = (uint32_t)(y >> (n - 1u)) & 0xffffu;
    }
    x86_set_cc(c, k == 0 ? X86_CC_SHL : X86_CC_SHR, w, r, pre, 0);
    return r;
}

SIM_FN void x86_shxd_r(x86_ctx_t *c, const x86_insn_t *in, uint32_t n)
{
    uint32_t w = x86_w(in);
    x86_wr(c, in->base, w, x86_shxd(c, in->aux, w, x86_rd(c, in->base, w), x86_rd(c, in->reg, w), n));
}

SIM_FN void x86_shxd_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                       uint32_t n)
{
    uint32_t w = x86_w(in), a = x86_ea(c, in), v;
    if (x86_ld_rmw(c, m, core, pc, a, w, &v))
        return;
    x86_st(c, m, core, pc, a, w, x86_shxd(c, in->aux, w, v, x86_rd(c, in->reg, w), n));
}

#endif
