/* ARMv6 signed multiplies on halfword pairs and on the top word (SMLAD,
 * SMLSD, SMUAD, SMUSD, SMLALD, SMLSLD, SMMUL, SMMLA, SMMLS) and the
 * halfword saturations SSAT16, USAT16. Record layout as the other
 * multiplies (arm_exec_mul.h): rd = Rd (RdLo), rn = Ra (RdHi), rm = Rn,
 * rs = Rm; amount bit 0 = the X (swap Rm's halves) or R (round) bit. */
#ifndef ARM_EXEC_DSP_H
#define ARM_EXEC_DSP_H

#include "arm_exec_base.h"

/* The two products of a dual multiply: Rn.lo * Rm'.lo and Rn.hi * Rm'.hi,
 * Rm' = X ? ROR(Rm, 16) : Rm. */
SIM_INLINE void arm_dual_products(const arm_ctx_t *c, const arm_insn_t *in, int64_t *p1, int64_t *p2)
{
    uint32_t n = c->r[in->rm], m = c->r[in->rs];
    if (in->amount & 1u)
        m = arm_ror(m, 16);
    *p1 = (int64_t)(int16_t)n * (int16_t)m;
    *p2 = (int64_t)((int32_t)n >> 16) * ((int32_t)m >> 16);
}

/* SMUAD/SMLAD: Rd = p1 + p2 (+ Ra); SMUSD/SMLSD: p1 - p2 (+ Ra). Q when the
 * sum leaves 32 bits (SMUSD cannot). */
SIM_INLINE void arm_smlad(arm_ctx_t *c, const arm_insn_t *in, int sub, int acc)
{
    int64_t p1, p2, r;
    arm_dual_products(c, in, &p1, &p2);
    r = sub ? p1 - p2 : p1 + p2;
    if (acc)
        r += (int32_t)c->r[in->rn];
    if (r != (int32_t)r)
        arm_set_q(c);
    c->r[in->rd] = (uint32_t)r;
}

/* SMLALD: RdHi:RdLo += p1 + p2; SMLSLD: += p1 - p2. No flags. */
SIM_INLINE void arm_smlald(arm_ctx_t *c, const arm_insn_t *in, int sub)
{
    int64_t p1, p2;
    arm_dual_products(c, in, &p1, &p2);
    uint64_t acc = (uint64_t)c->r[in->rn] << 32 | c->r[in->rd];
    acc += (uint64_t)(sub ? p1 - p2 : p1 + p2);
    c->r[in->rd] = (uint32_t)acc;
    c->r[in->rn] = (uint32_t)(acc >> 32);
}

/* SMMUL: Rd = (Rn * Rm)<63:32>; SMMLA: ((Ra << 32) + Rn * Rm)<63:32>;
 * SMMLS: ((Ra << 32) - Rn * Rm)<63:32>; R adds 0x80000000 first. */
SIM_INLINE void arm_smmul(arm_ctx_t *c, const arm_insn_t *in, int acc, int sub)
{
    uint64_t p = (uint64_t)((int64_t)(int32_t)c->r[in->rm] * (int32_t)c->r[in->rs]);
    uint64_t r = acc ? (uint64_t)c->r[in->rn] << 32 : 0u;
    r = sub ? r - p : r + p;
    if (in->amount & 1u)
        r += 0x80000000u;
    c->r[in->rd] = (uint32_t)(r >> 32);
}

/* One halfword saturated to n bits, signed (-2^(n-1) .. 2^(n-1)-1) or
 * unsigned (0 .. 2^n - 1); *q set when it was clipped. */
SIM_INLINE uint32_t arm_sat_half(int32_t x, uint32_t n, int sign, uint32_t *q)
{
    int32_t hi = sign ? (1 << (n - 1u)) - 1 : (1 << n) - 1, lo = sign ? -(1 << (n - 1u)) : 0;
    if (x > hi || x < lo) {
        *q = 1;
        x = x > hi ? hi : lo;
    }
    return (uint32_t)x & 0xffffu;
}

/* SSAT16 Rd, #n, Rn (n 1..16); USAT16 Rd, #n, Rn (n 0..15): each halfword of
 * Rn saturated; Q when either was. amount = n. */
SIM_INLINE void arm_sat16(arm_ctx_t *c, const arm_insn_t *in, int sign)
{
    uint32_t v = c->r[in->rn], q = 0;
    uint32_t lo = arm_sat_half((int16_t)v, in->amount, sign, &q);
    uint32_t hi = arm_sat_half((int32_t)v >> 16, in->amount, sign, &q);
    c->r[in->rd] = lo | hi << 16;
    if (q)
        arm_set_q(c);
}

#endif
