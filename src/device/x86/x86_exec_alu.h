/* The ALU operations: the eight of opcodes 00..3F (ADD OR ADC SBB AND SUB
 * XOR CMP) in their five forms, TEST, INC DEC NOT NEG, the shifts and
 * rotates, SHLD and SHRD. Flags go to the lazy state (x86_flags.h), but
 * for the rotates, which change CF and OF only and so materialize. */
#ifndef X86_EXEC_ALU_H
#define X86_EXEC_ALU_H

#include "x86_exec_atomic.h"

enum { X86_ALU_ADD, X86_ALU_OR, X86_ALU_ADC, X86_ALU_SBB, X86_ALU_AND, X86_ALU_SUB, X86_ALU_XOR, X86_ALU_CMP };

/* ALU operation k on a, b (cf: the carry ADC and SBB take), unmasked, and
 * the lazy kind of its flags: the values alone, for x86_alu_fl and the
 * lockstep engine's lanes. */
SIM_INLINE uint32_t x86_alu_value(uint32_t k, uint32_t a, uint32_t b, uint32_t cf)
{
    switch (k) {
    case X86_ALU_ADD: return a + b;
    case X86_ALU_ADC: return a + b + cf;
    case X86_ALU_SBB: return a - b - cf;
    case X86_ALU_SUB:
    case X86_ALU_CMP: return a - b;
    case X86_ALU_OR: return a | b;
    case X86_ALU_AND: return a & b;
    default: return a ^ b;
    }
}

SIM_INLINE uint32_t x86_alu_kind(uint32_t k)
{
    return k == X86_ALU_ADD || k == X86_ALU_ADC   ? X86_CC_ADD
           : k == X86_ALU_OR || k == X86_ALU_AND || k == X86_ALU_XOR ? X86_CC_LOGIC
                                                                     : X86_CC_SUB;
}

/* ALU operation k on a, b of width w: the result (masked), the flags set
 * if fl (x86_ops.def's X86_FLAGS_WANTED: 0 where they are dead). */
SIM_INLINE uint32_t x86_alu_fl(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t a, uint32_t b, uint32_t fl)
{
    uint32_t mask = x86_mask(w);
    b &= mask;
    uint32_t r = x86_alu_value(k, a, b, k == X86_ALU_ADC || k == X86_ALU_SBB ? x86_cf(c) : 0u) & mask;
    if (fl)
        x86_set_cc(c, x86_alu_kind(k), w, r, a, b);
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

/* INC DEC NOT NEG (aux 0..3) of v, masked, and the lazy state it leaves
 * (kind; a and b: the operands it keeps, cf the carry INC and DEC keep). */
SIM_INLINE uint32_t x86_unary_value(uint32_t k, uint32_t w, uint32_t v)
{
    uint32_t r = k == 0u ? v + 1u : k == 1u ? v - 1u : k == 2u ? ~v : 0u - v;
    return r & x86_mask(w);
}

SIM_INLINE uint32_t x86_unary_kind(uint32_t k) { return k == 0u ? X86_CC_INC : k == 1u ? X86_CC_DEC : X86_CC_SUB; }
SIM_INLINE uint32_t x86_unary_a(uint32_t k, uint32_t v) { return k < 2u ? v : 0u; }
SIM_INLINE uint32_t x86_unary_b(uint32_t k, uint32_t v, uint32_t cf) { return k < 2u ? cf : v; }

/* The same on the context; NOT leaves the flags alone, and so do the
 * others where fl is 0. */
SIM_INLINE uint32_t x86_unary(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t v, uint32_t fl)
{
    uint32_t r = x86_unary_value(k, w, v);
    if (fl && k != 2u) {
        uint32_t cf = k < 2u ? x86_cf(c) : 0u;
        x86_set_cc(c, x86_unary_kind(k), w, r, x86_unary_a(k, v), x86_unary_b(k, v, cf));
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

/* Rotates: only CF and OF change, and only for a count that is not 0.
 * ROL ROR RCL RCR (k 0..3) of v by n (1..31) at width w with the flags f
 * (all of EFLAGS) before: the result, and in *f the flags after; *set 0
 * where they do not change (RCL and RCR by a multiple of the width plus
 * one). The value form serves x86_rotate and the lockstep engine. */
SIM_INLINE uint32_t x86_rotate_v(uint32_t k, uint32_t w, uint32_t v, uint32_t n, uint32_t *f, uint32_t *set)
{
    uint32_t bits = 8u << w, mask = x86_mask(w), r, cf, of;
    *set = 1;
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
        uint32_t s = n % (bits + 1u), cin = *f & 1u;
        uint64_t x = (uint64_t)cin << bits | v, full = ((uint64_t)1 << (bits + 1u)) - 1u;
        if (s == 0) {
            *set = 0;
            return v;
        }
        if (k == 2)
            x = ((x << s) | (x >> (bits + 1u - s))) & full;
        else
            x = ((x >> s) | (x << (bits + 1u - s))) & full;
        r = (uint32_t)x & mask;
        cf = (uint32_t)(x >> bits) & 1u;
        of = x86_msb(v ^ r, w); /* qemu-i386's, and the architecture's for a count of 1 */
    }
    *f = (*f & ~(X86_CF | X86_OF)) | cf * X86_CF | of * X86_OF;
    return r;
}

SIM_FN uint32_t x86_rotate(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t v, uint32_t n)
{
    uint32_t f = x86_eflags(c), set, r = x86_rotate_v(k, w, v, n, &f, &set);
    if (set)
        x86_set_eflags(c, f, X86_CF | X86_OF);
    return r;
}

/* Shift or rotate kind k (the /r: 0 ROL 1 ROR 2 RCL 3 RCR 4 SHL 5 SHR 6 SAL
 * 7 SAR) of v by count n: the count masked to 5 bits, 0 changing nothing.
 * fl 0: a shift's flags are dead and not set (rotates, rare, set theirs). */
/* SHL/SAL, SHR, SAR (k 4..7) of v by n (1..31) at width w: the result,
 * and in *pre the value shifted by n - 1 (the lazy state's a; the kind
 * x86_shift_kind). */
SIM_INLINE uint32_t x86_shift_value(uint32_t k, uint32_t w, uint32_t v, uint32_t n, uint32_t *pre)
{
    uint32_t mask = x86_mask(w);
    if (k == 5u) {
        *pre = v >> (n - 1u);
        return *pre >> 1;
    }
    if (k == 7u) {
        int32_t sv = (int32_t)x86_sext(v, w);
        *pre = (uint32_t)(sv >> (n - 1u)) & mask;
        return (uint32_t)(sv >> n) & mask;
    }
    *pre = (v << (n - 1u)) & mask;
    return (*pre << 1) & mask;
}

SIM_INLINE uint32_t x86_shift_kind(uint32_t k) { return k == 5u || k == 7u ? X86_CC_SHR : X86_CC_SHL; }

SIM_INLINE uint32_t x86_shift(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t v, uint32_t n, uint32_t fl)
{
    uint32_t r, pre;
    n &= 31u;
    if (n == 0)
        return v;
    if (k < 4u)
        return x86_rotate(c, k, w, v, n);
    r = x86_shift_value(k, w, v, n, &pre);
    if (fl)
        x86_set_cc(c, x86_shift_kind(k), w, r, pre, 0);
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

/* SHLD (k 0) and SHRD (k 1) of d with bits from s by n (x86_shxd masks it
 * to 5 bits and keeps d for 0; the value form takes 1..31, *pre_out the
 * value shifted by n - 1):
 * the 16-bit forms with a count past 16 shift d:s:d, as qemu-i386 does. */
SIM_INLINE uint32_t x86_shxd_value(uint32_t k, uint32_t w, uint32_t d, uint32_t s, uint32_t n, uint32_t *pre_out)
{
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
    *pre_out = pre;
    return r;
}

SIM_FN uint32_t x86_shxd(x86_ctx_t *c, uint32_t k, uint32_t w, uint32_t d, uint32_t s, uint32_t n)
{
    uint32_t pre, r;
    n &= 31u;
    if (n == 0)
        return d;
    r = x86_shxd_value(k, w, d, s, n, &pre);
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
