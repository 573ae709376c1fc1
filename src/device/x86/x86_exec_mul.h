/* MUL, IMUL (all three forms), DIV and IDIV. A zero divisor or a quotient
 * that does not fit faults the core with SIM_FAULT_DIVIDE, the #DE that
 * Linux delivers as SIGFPE. */
#ifndef X86_EXEC_MUL_H
#define X86_EXEC_MUL_H

#include "x86_exec_base.h"

/* The accumulator pair of width w: AX (8-bit forms: AH:AL), DX:AX, EDX:EAX. */
SIM_INLINE uint64_t x86_acc_pair(const x86_ctx_t *c, uint32_t w)
{
    if (w == X86_W8)
        return c->r[0] & 0xffffu;
    uint32_t bits = 8u << w;
    return (uint64_t)x86_rd(c, 2, w) << bits | x86_rd(c, 0, w);
}

SIM_INLINE void x86_set_acc_pair(x86_ctx_t *c, uint32_t w, uint32_t lo, uint32_t hi)
{
    if (w == X86_W8) {
        x86_wr(c, 0, X86_W8, lo);
        x86_wr(c, 4, X86_W8, hi); /* AH */
    } else {
        x86_wr(c, 0, w, lo);
        x86_wr(c, 2, w, hi);
    }
}

/* Group 3's MUL IMUL DIV IDIV (aux 4..7) with the operand v. */
/* MUL (k 4) and IMUL (k 5) of a by v at width w: the low half, in *hi
 * the high half, in *of whether the product needs it (CF = OF). */
SIM_INLINE uint32_t x86_mul_v(uint32_t k, uint32_t w, uint32_t a, uint32_t v, uint32_t *hi, uint32_t *of)
{
    uint32_t bits = 8u << w, mask = x86_mask(w), lo;
    if (k == 4u) {
        uint64_t p = (uint64_t)a * v;
        lo = (uint32_t)p & mask, *hi = (uint32_t)(p >> bits) & mask;
        *of = *hi != 0;
    } else {
        int64_t p = (int64_t)(int32_t)x86_sext(a, w) * (int32_t)x86_sext(v, w);
        lo = (uint32_t)p & mask, *hi = (uint32_t)((uint64_t)p >> bits) & mask;
        *of = (int64_t)(int32_t)x86_sext(lo, w) != p;
    }
    return lo;
}

SIM_FN void x86_muldiv(x86_ctx_t *c, const x86_insn_t *in, uint32_t pc, uint32_t v)
{
    uint32_t w = x86_w(in), mask = x86_mask(w), lo, hi, over;
    uint32_t a = x86_rd(c, 0, w);
    switch (in->aux) {
    case 4:
    case 5:
        lo = x86_mul_v(in->aux, w, a, v, &hi, &over);
        x86_set_acc_pair(c, w, lo, hi);
        x86_set_cc(c, X86_CC_MUL, w, lo, 0, over);
        return;
    case 6: {
        uint64_t n = x86_acc_pair(c, w), q;
        if (v == 0 || (q = n / v) > mask) {
            x86_fault(c, SIM_FAULT_DIVIDE, pc, 0);
            return;
        }
        x86_set_acc_pair(c, w, (uint32_t)q, (uint32_t)(n % v));
        return;
    }
    default: {
        uint64_t nu = x86_acc_pair(c, w);
        int64_t n = w == X86_W32 ? (int64_t)nu : w == X86_W16 ? (int64_t)(int32_t)nu : (int64_t)(int16_t)nu;
        int64_t d = (int32_t)x86_sext(v, w), q;
        int64_t qmax = (int64_t)(mask >> 1);
        over = d == 0;
        /* INT64_MIN / -1 cannot happen: n fits in 2 * bits <= 64 bits only when
         * w is 32, where n = -2^63 and d = -1 overflow the quotient check first */
        if (!over && !(n == INT64_MIN && d == -1)) {
            q = n / d;
            over = q > qmax || q < -qmax - 1;
        } else {
            over = 1;
            q = 0;
        }
        if (over) {
            x86_fault(c, SIM_FAULT_DIVIDE, pc, 0);
            return;
        }
        x86_set_acc_pair(c, w, (uint32_t)q & mask, (uint32_t)(n % d) & mask);
        return;
    }
    }
}

SIM_FN void x86_muldiv_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &v))
        x86_muldiv(c, in, pc, v);
}

/* The two- and three-operand IMUL: reg = a * b, truncated; CF = OF = the
 * product did not fit. */
/* The two- and three-operand IMUL's low half at width w, and in *of
 * whether the product did not fit it (CF = OF). */
SIM_INLINE uint32_t x86_imul2_value(uint32_t w, uint32_t a, uint32_t b, uint32_t *of)
{
    uint32_t mask = x86_mask(w);
    int64_t p = (int64_t)(int32_t)x86_sext(a & mask, w) * (int32_t)x86_sext(b & mask, w);
    uint32_t lo = (uint32_t)p & mask;
    *of = (int64_t)(int32_t)x86_sext(lo, w) != p;
    return lo;
}

SIM_INLINE void x86_imul2(x86_ctx_t *c, const x86_insn_t *in, uint32_t a, uint32_t b, uint32_t fl)
{
    uint32_t w = x86_w(in), of, lo = x86_imul2_value(w, a, b, &of);
    if (fl)
        x86_set_cc(c, X86_CC_MUL, w, lo, 0, of);
    x86_wr(c, in->reg, w, lo);
}

/* From memory: times imm (69, 6B: has_imm) or times reg (0F AF). */
SIM_INLINE void x86_imul2_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                        uint32_t imm, uint32_t has_imm, uint32_t fl)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &v))
        x86_imul2(c, in, v, has_imm ? imm : x86_rd(c, in->reg, x86_w(in)), fl);
}

#endif
