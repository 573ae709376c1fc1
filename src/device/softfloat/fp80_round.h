/* Rounding of an exact (or sticky) intermediate result to a floating-point
 * format: the x87's registers at 24, 53 or 64 bits, and IEEE single and
 * double for FST. The x87 detects tininess after rounding (a result that
 * rounds up to the smallest normal at the target precision, as if the
 * exponent were unbounded, is not tiny: measured), and a masked underflow is
 * flagged only when the tiny result is also inexact. The exponent range
 * stays the format's own under precision control. */
#ifndef X86_FP80_ROUND_H
#define X86_FP80_ROUND_H

#include "fp80.h"

#define FP80_R_INEXACT 1u
#define FP80_R_UP 2u
#define FP80_R_CARRY 4u

/* Rounds the magnitude hi + lo/2^64 to a multiple of 2^pos (pos 0..63) by
 * rounding control rc, for a value of sign `sign`. *out gets FP80_R_*:
 * inexact, rounded up in magnitude, and the carry out of bit 63 (the
 * returned word is then 0 and the value 2^64). */
SIM_INLINE uint64_t fp80_round_at(uint64_t hi, uint64_t lo, uint32_t pos, uint32_t rc, uint32_t sign,
                                  uint32_t *out)
{
    uint64_t unit = 1ull << pos, below = hi & (unit - 1u);
    uint32_t rbit, sticky, up = 0;
    if (pos == 0) {
        rbit = (uint32_t)(lo >> 63);
        sticky = (lo << 1) != 0;
    } else {
        rbit = (uint32_t)(below >> (pos - 1)) & 1u;
        sticky = (below & ((unit >> 1) - 1u)) != 0 || lo != 0;
    }
    hi &= ~(unit - 1u);
    if (rc == FP80_RC_NEAREST)
        up = rbit && (sticky || (hi & unit));
    else if (rc == FP80_RC_UP)
        up = !sign && (rbit || sticky);
    else if (rc == FP80_RC_DOWN)
        up = sign && (rbit || sticky);
    *out = (rbit || sticky ? FP80_R_INEXACT : 0u) | (up ? FP80_R_UP : 0u);
    if (up) {
        hi += unit;
        if (hi == 0)
            *out |= FP80_R_CARRY;
    }
    return hi;
}

/* Rounds sign * (hi + lo/2^64) * 2^(exp - bias - 63), hi with bit 63 set,
 * to p significant bits in a format whose normal biased exponents run from
 * 1 to emax. Returns the significand with its integer bit at bit 63 (clear
 * in a denormal) and the exponent field in *field; raises PE, UE, OE, and C1
 * for a rounding up in magnitude. */
SIM_FN uint64_t fp80_round_fmt(fp80_env_t *env, uint32_t sign, int32_t exp, uint64_t hi, uint64_t lo,
                               uint32_t p, int32_t emax, int32_t *field)
{
    uint32_t rc = fp80_rc(env), pos = 64u - p, o;
    uint64_t r;
    if (exp >= 1) {
        r = fp80_round_at(hi, lo, pos, rc, sign, &o);
        if (o & FP80_R_CARRY) {
            r = FP80_J;
            exp++;
        }
        if (exp > emax) {
            int to_inf = rc == FP80_RC_NEAREST || (rc == FP80_RC_UP && !sign) ||
                         (rc == FP80_RC_DOWN && sign);
            env->sw |= FP80_OE | FP80_PE;
            if (to_inf) {
                env->sw |= FP80_C1;
                *field = emax + 1;
                return FP80_J;
            }
            *field = emax;
            return ~0ull << pos;
        }
        *field = exp;
    } else {
        fp80_round_at(hi, lo, pos, rc, sign, &o);
        int tiny = !(exp == 0 && (o & FP80_R_CARRY));
        fp80_u128_t d = fp80_shr128_jam(fp80_u128(hi, lo), (uint32_t)(1 - exp));
        r = fp80_round_at(d.hi, d.lo, pos, rc, sign, &o);
        *field = (r & FP80_J) ? 1 : 0;
        if ((o & FP80_R_INEXACT) && tiny)
            env->sw |= FP80_UE;
    }
    if (o & FP80_R_INEXACT)
        env->sw |= FP80_PE;
    if (o & FP80_R_UP)
        env->sw |= FP80_C1;
    return r;
}

/* The unmasked responses for a register destination: with OE unmasked a
 * result that overflows is delivered divided by 2^24576, with UE unmasked
 * a tiny one multiplied by 2^24576 (UE then even when exact), as the
 * executor's differential test found them on the host. Returns the
 * exponent adjustment and raises the flag. */
#define FP80_WRAP 24576

SIM_FN int32_t fp80_wrap(fp80_env_t *env, uint32_t sign, int32_t exp, uint64_t hi, uint64_t lo, uint32_t bits)
{
    uint32_t o;
    fp80_round_at(hi, lo, 64u - bits, fp80_rc(env), sign, &o);
    int32_t e = exp + ((o & FP80_R_CARRY) ? 1 : 0); /* the exponent after rounding, unbounded */
    if (!(env->cw & FP80_OE) && e > FP80_EXP_MAX - 1) {
        env->sw |= FP80_OE;
        return -FP80_WRAP;
    }
    if (!(env->cw & FP80_UE) && e < 1) {
        env->sw |= FP80_UE;
        return FP80_WRAP;
    }
    return 0;
}

/* An x87 register result at `bits` precision. */
SIM_FN fp80_t fp80_round_pack(fp80_env_t *env, uint32_t sign, int32_t exp, uint64_t hi, uint64_t lo,
                              uint32_t bits)
{
    int32_t field;
    if ((~env->cw & (FP80_OE | FP80_UE)) && (exp < 1 || exp > FP80_EXP_MAX - 2)) {
        int32_t adj = fp80_wrap(env, sign, exp, hi, lo, bits);
        exp += adj;
        if (adj && (exp < 1 || exp > FP80_EXP_MAX - 1)) { /* out of range even so (FSCALE): 0 or inf */
            env->sw |= FP80_PE | (exp > 0 ? FP80_C1 : 0u);
            return exp > 0 ? fp80_inf(sign) : fp80_zero(sign);
        }
    }
    uint64_t m = fp80_round_fmt(env, sign, exp, hi, lo, bits, FP80_EXP_MAX - 1, &field);
    return fp80_make(sign, (uint32_t)field, m);
}

/* The same for a nonzero sig not yet normalized: the value is
 * sig / 2^64 * 2^(exp - 16383 - 63). */
SIM_FN fp80_t fp80_norm_round_pack(fp80_env_t *env, uint32_t sign, int32_t exp, fp80_u128_t sig,
                                   uint32_t bits)
{
    sig = fp80_norm128(sig, &exp);
    return fp80_round_pack(env, sign, exp, sig.hi, sig.lo, bits);
}

#endif
