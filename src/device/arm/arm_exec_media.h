/* ARMv6 media: parallel add and subtract, on halfword or byte lanes of a
 * register (ARM ARM A4.4.3), and the halfword packs PKHBT, PKHTB. */
#ifndef ARM_EXEC_MEDIA_H
#define ARM_EXEC_MEDIA_H

#include "arm_exec_base.h"

/* The prefixes: how a lane's full result is kept. S and U keep it modulo
 * the lane and set the lane's GE bits; Q and UQ saturate it; SH and UH
 * halve it. */
enum { ARM_PAR_S, ARM_PAR_Q, ARM_PAR_SH, ARM_PAR_U, ARM_PAR_UQ, ARM_PAR_UH };
/* The operations: lane by lane, or across halfwords (ASX: low = Rn.lo -
 * Rm.hi, high = Rn.hi + Rm.lo; SAX the other way). */
enum { ARM_PAR_ADD16, ARM_PAR_ASX, ARM_PAR_SAX, ARM_PAR_SUB16, ARM_PAR_ADD8, ARM_PAR_SUB8 };

/* Lane i (width w bits) of v, signed or unsigned. */
SIM_INLINE int32_t arm_par_lane(uint32_t v, uint32_t i, uint32_t w, int sign)
{
    uint32_t x = (v >> (i * w)) & ((1u << w) - 1u);
    return sign && (x >> (w - 1u)) ? (int32_t)x - (int32_t)(1u << w) : (int32_t)x;
}

/* A lane's full result r kept by prefix k in w bits; *ge its GE bit. */
SIM_INLINE uint32_t arm_par_keep(int32_t r, uint32_t w, uint32_t k, int add, uint32_t *ge)
{
    int32_t lo = k == ARM_PAR_Q ? -(1 << (w - 1u)) : 0, hi = k == ARM_PAR_Q ? (1 << (w - 1u)) - 1 : (1 << w) - 1;
    *ge = k == ARM_PAR_S ? r >= 0 : add ? r >= (1 << w) : r >= 0; /* (U: the carry, or no borrow) */
    if (k == ARM_PAR_Q || k == ARM_PAR_UQ)
        r = r < lo ? lo : r > hi ? hi : r;
    else if (k == ARM_PAR_SH || k == ARM_PAR_UH)
        r >>= 1; /* arithmetic: the 17- or 9-bit result halved */
    return (uint32_t)r & ((1u << w) - 1u);
}

/* <prefix><op> Rd, Rn, Rm */
SIM_INLINE void arm_par(arm_ctx_t *c, const arm_insn_t *in, uint32_t k, uint32_t op)
{
    uint32_t a = c->r[in->rn], b = c->r[in->rm], w = op >= ARM_PAR_ADD8 ? 8u : 16u, n = 32u / w;
    int sign = k <= ARM_PAR_SH;
    uint32_t r = 0, ge = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = op == ARM_PAR_ASX || op == ARM_PAR_SAX ? 1u - i : i; /* Rm's lane */
        int add = op == ARM_PAR_ADD16 || op == ARM_PAR_ADD8 || (op == ARM_PAR_ASX && i == 1u) ||
                  (op == ARM_PAR_SAX && i == 0u);
        int32_t x = arm_par_lane(a, i, w, sign), y = arm_par_lane(b, j, w, sign), g;
        uint32_t bit;
        r |= arm_par_keep(add ? x + y : x - y, w, k, add, &bit) << (i * w);
        g = (int32_t)(bit ? (w == 16u ? 3u : 1u) : 0u);
        ge |= (uint32_t)g << (i * (w == 16u ? 2u : 1u));
    }
    c->r[in->rd] = r;
    if (k == ARM_PAR_S || k == ARM_PAR_U)
        c->cpsr = (c->cpsr & ~ARM_CPSR_GE) | ge << ARM_CPSR_GE_SHIFT;
}

/* PKHBT Rd, Rn, Rm, LSL #n: Rn's bottom, (Rm LSL n)'s top halfword.
 * PKHTB Rd, Rn, Rm, ASR #n (n 1..32): Rn's top, (Rm ASR n)'s bottom. */
SIM_INLINE void arm_pkh(arm_ctx_t *c, const arm_insn_t *in, uint32_t op)
{
    uint32_t n = in->amount, m = c->r[in->rm];
    if (op == ARM_OP_PKHBT)
        c->r[in->rd] = (c->r[in->rn] & 0xffffu) | ((m << n) & 0xffff0000u);
    else
        c->r[in->rd] = (c->r[in->rn] & 0xffff0000u) | ((uint32_t)((int64_t)(int32_t)m >> n) & 0xffffu);
}

#endif
