/* Multiplies, saturating arithmetic and divides. `op` arguments are
 * compile-time constants at every call site, so each case folds to its own
 * few lines. Record layout (arm_ops.def): rd = dest (RdLo), rn = accumulator
 * (RdHi), rm and rs = factors. */
#ifndef ARM_EXEC_MUL_H
#define ARM_EXEC_MUL_H

#include "arm_exec_base.h"

/* MUL: Rd = Rm*Rs; MLA: + Rn; MLS: Rn - Rm*Rs. MULS sets N Z, keeps C V.
 * flags: 0 for a record known to set none (MLS, and the _NF forms). */
SIM_INLINE void arm_mul(arm_ctx_t *c, const arm_insn_t *in, uint32_t op, uint32_t flags)
{
    uint32_t r = c->r[in->rm] * c->r[in->rs];
    if (op == ARM_OP_MLA)
        r += c->r[in->rn];
    else if (op == ARM_OP_MLS)
        r = c->r[in->rn] - r;
    c->r[in->rd] = r;
    if (flags && arm_setflags(c, in))
        arm_set_nz(c, r);
}

/* RdHi:RdLo = Rm*Rs (+ RdHi:RdLo for *MLAL; + RdHi + RdLo for UMAAL) */
SIM_INLINE void arm_mull(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t a = c->r[in->rm], b = c->r[in->rs], lo = c->r[in->rd], hi = c->r[in->rn];
    uint64_t r;
    if (op == ARM_OP_SMULL || op == ARM_OP_SMLAL)
        r = (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b);
    else
        r = (uint64_t)a * b;
    if (op == ARM_OP_UMLAL || op == ARM_OP_SMLAL)
        r += (uint64_t)hi << 32 | lo;
    else if (op == ARM_OP_UMAAL)
        r += (uint64_t)hi + lo;
    c->r[in->rd] = (uint32_t)r;
    c->r[in->rn] = (uint32_t)(r >> 32);
    if (op != ARM_OP_UMAAL && arm_setflags(c, in))
        c->nzcv = (c->nzcv & 3u) | ((uint32_t)(r >> 60) & 8u) | (r ? 0u : 4u);
}

/* The signed bottom (top = 0) or top half of v. */
SIM_INLINE int32_t arm_half(uint32_t v, uint32_t top)
{
    return top ? (int32_t)v >> 16 : (int32_t)(int16_t)v;
}

/* SMUL<x><y>, SMLA<x><y> (Q on overflow), SMULW<y>, SMLAW<y>, SMLAL<x><y>.
 * amount bit 0 = x (top half of rm), bit 1 = y (top half of rs). */
SIM_INLINE void arm_hmul(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t a = c->r[in->rm];
    int32_t y = arm_half(c->r[in->rs], in->amount & 2u);
    int64_t p;
    if (op == ARM_OP_SMULWY || op == ARM_OP_SMLAWY)
        p = ((int64_t)(int32_t)a * y) >> 16; /* bits 47:16 of the 48-bit product */
    else
        p = (int64_t)arm_half(a, in->amount & 1u) * y;
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

/* SignedSatQ(v, 32) */
SIM_INLINE uint32_t arm_sat32(arm_ctx_t *c, int64_t v)
{
    if (v > 0x7fffffffll) {
        arm_set_q(c);
        return 0x7fffffffu;
    }
    if (v < -0x80000000ll) {
        arm_set_q(c);
        return 0x80000000u;
    }
    return (uint32_t)v;
}

/* QADD Rd = sat(Rm + Rn); QSUB Rm - Rn; QDADD Rm + sat(2*Rn); QDSUB Rm - sat(2*Rn) */
SIM_INLINE void arm_qarith(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    int64_t a = (int32_t)c->r[in->rm], b = (int32_t)c->r[in->rn];
    if (op == ARM_OP_QDADD || op == ARM_OP_QDSUB)
        b = (int32_t)arm_sat32(c, 2 * b);
    c->r[in->rd] = arm_sat32(c, (op == ARM_OP_QADD || op == ARM_OP_QDADD) ? a + b : a - b);
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
