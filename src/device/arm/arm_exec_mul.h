/* Multiplies, saturating arithmetic and divides. `op` arguments are
 * compile-time constants at every call site, so each case folds to its own
 * few lines. Record layout (arm_ops.def): rd = dest (RdLo), rn = accumulator
 * (RdHi), rm and rs = factors. */
#ifndef ARM_EXEC_MUL_H
#define ARM_EXEC_MUL_H

#include "arm_exec_base.h"

/* MUL's, MLA's and MLS's result from the factors a, b and the accumulator
 * (the value, for the bodies below and the lockstep engine's lanes). */
SIM_INLINE uint32_t arm_mul_val(uint32_t op, uint32_t a, uint32_t b, uint32_t acc)
{
    uint32_t r = a * b;
    return op == ARM_OP_MLA ? r + acc : op == ARM_OP_MLS ? acc - r : r;
}

/* MUL: Rd = Rm*Rs; MLA: + Rn; MLS: Rn - Rm*Rs. MULS sets N Z, keeps C V.
 * flags: 0 for a record known to set none (MLS, and the _NF forms). */
SIM_INLINE void arm_mul(arm_ctx_t *c, const arm_insn_t *in, uint32_t op, uint32_t flags)
{
    uint32_t r = arm_mul_val(op, c->r[in->rm], c->r[in->rs], op == ARM_OP_MUL ? 0u : c->r[in->rn]);
    c->r[in->rd] = r;
    if (flags && arm_setflags(c, in))
        arm_set_nz(c, r);
}

/* The long multiplies' 64-bit result from the factors a, b and RdHi:RdLo
 * (hi, lo), and the N Z they set (UMAAL sets none). */
SIM_INLINE uint64_t arm_mull_val(uint32_t op, uint32_t a, uint32_t b, uint32_t lo, uint32_t hi)
{
    uint64_t r;
    if (op == ARM_OP_SMULL || op == ARM_OP_SMLAL)
        r = (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b);
    else
        r = (uint64_t)a * b;
    if (op == ARM_OP_UMLAL || op == ARM_OP_SMLAL)
        r += (uint64_t)hi << 32 | lo;
    else if (op == ARM_OP_UMAAL)
        r += (uint64_t)hi + lo;
    return r;
}

SIM_INLINE uint32_t arm_mull_nz(uint32_t f, uint64_t r)
{
    return (f & 3u) | ((uint32_t)(r >> 60) & 8u) | (r ? 0u : 4u);
}

/* RdHi:RdLo = Rm*Rs (+ RdHi:RdLo for *MLAL; + RdHi + RdLo for UMAAL) */
SIM_INLINE void arm_mull(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint64_t r = arm_mull_val(op, c->r[in->rm], c->r[in->rs], c->r[in->rd], c->r[in->rn]);
    c->r[in->rd] = (uint32_t)r;
    c->r[in->rn] = (uint32_t)(r >> 32);
    if (op != ARM_OP_UMAAL && arm_setflags(c, in))
        c->nzcv = arm_mull_nz(c->nzcv, r);
}

/* The signed bottom (top = 0) or top half of v. */
SIM_INLINE int32_t arm_half(uint32_t v, uint32_t top)
{
    return top ? (int32_t)v >> 16 : (int32_t)(int16_t)v;
}

/* The product of SMUL<x><y> (and SMLA, SMLAL) or SMULW<y> (and SMLAW)
 * from Rm (a) and Rs (b); amount bit 0 = x (top half of a), bit 1 = y
 * (top half of b). */
SIM_INLINE int64_t arm_hmul_val(uint32_t op, uint32_t a, uint32_t b, uint32_t amount)
{
    int32_t y = arm_half(b, amount & 2u);
    if (op == ARM_OP_SMULWY || op == ARM_OP_SMLAWY)
        return ((int64_t)(int32_t)a * y) >> 16; /* bits 47:16 of the 48-bit product */
    return (int64_t)arm_half(a, amount & 1u) * y;
}

/* SMUL<x><y>, SMLA<x><y> (Q on overflow), SMULW<y>, SMLAW<y>, SMLAL<x><y>. */
SIM_INLINE void arm_hmul(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    int64_t p = arm_hmul_val(op, c->r[in->rm], c->r[in->rs], in->amount);
    if (op == ARM_OP_SMLALXY) {
        uint64_t acc = ((uint64_t)c->r[in->rn] << 32 | c->r[in->rd]) + (uint64_t)p;
        c->r[in->rd] = (uint32_t)acc;
        c->r[in->rn] = (uint32_t)(acc >> 32);
        return;
    }
    if (op == ARM_OP_SMLAXY || op == ARM_OP_SMLAWY) {
        p += (int32_t)c->r[in->rn];
        if (p != (int32_t)p)
            arm_set_q(c);
    }
    c->r[in->rd] = (uint32_t)p;
}

/* SignedSatQ(v, 32); *q |= 1 where it saturated */
SIM_INLINE uint32_t arm_sat32_val(int64_t v, uint32_t *q)
{
    if (v > 0x7fffffffll) {
        *q = 1u;
        return 0x7fffffffu;
    }
    if (v < -0x80000000ll) {
        *q = 1u;
        return 0x80000000u;
    }
    return (uint32_t)v;
}

/* QADD's result sat(Rm + Rn) from a = Rm, b = Rn; QSUB Rm - Rn; QDADD
 * Rm + sat(2*Rn); QDSUB Rm - sat(2*Rn). *q |= 1 where either saturated. */
SIM_INLINE uint32_t arm_qarith_val(uint32_t op, uint32_t a, uint32_t b, uint32_t *q)
{
    int64_t x = (int32_t)a, y = (int32_t)b;
    if (op == ARM_OP_QDADD || op == ARM_OP_QDSUB)
        y = (int32_t)arm_sat32_val(2 * y, q);
    return arm_sat32_val((op == ARM_OP_QADD || op == ARM_OP_QDADD) ? x + y : x - y, q);
}

SIM_INLINE void arm_qarith(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t q = 0;
    c->r[in->rd] = arm_qarith_val(op, c->r[in->rm], c->r[in->rn], &q);
    if (q)
        arm_set_q(c);
}

/* SDIV/UDIV Rd = Rn / Rm, rounding toward zero; x/0 = 0 (no trap, as on
 * cores without the divide-by-zero trap), INT_MIN / -1 = INT_MIN. */
SIM_INLINE void arm_div(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t n = c->r[in->rn], d = c->r[in->rm], r;
    if (d == 0)
        r = 0;
    else if (op == ARM_OP_UDIV)
        r = n / d;
    else if (n == 0x80000000u && d == 0xffffffffu)
        r = n;
    else
        r = (uint32_t)((int32_t)n / (int32_t)d);
    c->r[in->rd] = r;
}

#endif
