/* The x87's exact operations beside the basic five: FPREM, FPREM1,
 * FRNDINT, FSCALE, FXTRACT, FABS, FCHS. Precision control does not apply. */
#ifndef X86_FP80_MISC_H
#define X86_FP80_MISC_H

#include "fp80_round.h"

/* Rounds |u| (e = u.exp - 16383 < 63) to an integer by rc: the magnitude,
 * with FP80_R_* in *out (a carry: the magnitude is 2^64). */
SIM_FN uint64_t fp80_round_int(fp80_unpacked_t u, uint32_t rc, uint32_t *out)
{
    fp80_u128_t v = fp80_shr128_jam(fp80_u128(u.sig, 0), (uint32_t)(63 - (u.exp - FP80_BIAS)));
    return fp80_round_at(v.hi, v.lo, 0, rc, u.sign, out);
}

/* FRNDINT: ST0 rounded to an integer by RC. */
SIM_FN fp80_t fp80_rndint(fp80_env_t *env, fp80_t a)
{
    fp80_t res;
    if (fp80_enter1(env, a, &res))
        return res;
    fp80_denormal(env, a, a);
    if (fp80_is_zero(a) || fp80_is_inf(a) || fp80_exp(a) >= FP80_BIAS + 63)
        return a;
    fp80_unpacked_t u = fp80_unpack(a);
    uint32_t o;
    uint64_t m = fp80_round_int(u, fp80_rc(env), &o);
    if (o & FP80_R_INEXACT)
        env->sw |= FP80_PE;
    if (o & FP80_R_UP)
        env->sw |= FP80_C1;
    if (o & FP80_R_CARRY)
        return fp80_make(u.sign, FP80_BIAS + 64, FP80_J);
    if (!m)
        return fp80_zero(u.sign);
    uint32_t n = fp80_clz64(m);
    return fp80_make(u.sign, (uint32_t)(FP80_BIAS + 63) - n, m << n);
}

/* FPREM (nearest = 0: the quotient chopped) and FPREM1 (nearest = 1: the
 * quotient rounded to nearest even) of a = ST0 by b = ST1. The remainder is
 * exact. With exponents D apart, D >= 64, the reduction is partial: C2 = 1
 * and the quotient is formed to N = 32 + D mod 32 bits below its top only
 * (measured; the SDM says N is between 32 and 63), so that the exponent
 * falls by a multiple of 32. Else C2 = 0 and C0, C3, C1 are the quotient's
 * bits 2, 1, 0. */
SIM_FN fp80_t fp80_prem_common(fp80_env_t *env, fp80_t a, fp80_t b, int nearest)
{
    fp80_t res;
    env->sw &= (uint16_t)~FP80_C2; /* C0 and C3 stay on a NaN or an invalid operation */
    if (fp80_enter2(env, a, b, &res))
        return res;
    if (fp80_is_inf(a) || fp80_is_zero(b))
        return fp80_invalid(env);
    fp80_denormal(env, a, b);
    env->sw &= (uint16_t)~(FP80_C0 | FP80_C3);
    if (fp80_is_zero(a))
        return a;
    fp80_unpacked_t x = fp80_unpack(a), y = fp80_unpack(b);
    int32_t d = x.exp - y.exp, exp = y.exp;
    uint64_t q = 0, r = x.sig;
    uint32_t sign = x.sign;
    if (fp80_is_inf(b) || d < -1 || (d == -1 && (!nearest || x.sig <= y.sig))) /* Q = 0 */
        return fp80_round_pack(env, x.sign, x.exp, x.sig, 0, 64);
    if (d == -1) { /* FPREM1, |a| > |b|/2: Q = 1, the remainder b - a */
        r = y.sig - (x.sig - y.sig);
        exp = x.exp;
        q = 1;
        sign ^= 1u;
    } else {
        int32_t n = d >= 64 ? 32 + (d & 31) : d;
        exp += d - n;
        if (r >= y.sig) {
            r -= y.sig;
            q = 1;
        }
        for (int32_t i = 0; i < n; i++) {
            uint64_t top = r >> 63;
            r <<= 1;
            q <<= 1;
            if (top || r >= y.sig) {
                r -= y.sig;
                q |= 1u;
            }
        }
        if (d >= 64) {
            env->sw |= FP80_C2;
            q = 0;
        } else if (nearest && (r > y.sig - r || (r == y.sig - r && (q & 1u)))) {
            r = y.sig - r;
            q++;
            sign ^= 1u;
        }
    }
    if (q & 4u)
        env->sw |= FP80_C0;
    if (q & 2u)
        env->sw |= FP80_C3;
    if (q & 1u)
        env->sw |= FP80_C1;
    if (!r)
        return fp80_zero(x.sign);
    return fp80_norm_round_pack(env, sign, exp, fp80_u128(r, 0), 64);
}

SIM_FN fp80_t fp80_prem(fp80_env_t *env, fp80_t a, fp80_t b) { return fp80_prem_common(env, a, b, 0); }
SIM_FN fp80_t fp80_prem1(fp80_env_t *env, fp80_t a, fp80_t b) { return fp80_prem_common(env, a, b, 1); }

/* FSCALE: a = ST0 times 2 to the power of b = ST1 chopped to an integer. */
SIM_FN fp80_t fp80_scale(fp80_env_t *env, fp80_t a, fp80_t b)
{
    fp80_t res;
    if (fp80_enter2(env, a, b, &res))
        return res;
    int ia = fp80_is_inf(a), za = fp80_is_zero(a);
    if (fp80_is_inf(b)) {
        if (fp80_sign(b) ? ia : za)
            return fp80_invalid(env);
        fp80_denormal(env, a, b);
        return fp80_sign(b) ? fp80_zero(fp80_sign(a)) : fp80_inf(fp80_sign(a));
    }
    fp80_denormal(env, a, b);
    if (ia || za)
        return a;
    int32_t n = 0;
    if (!fp80_is_zero(b)) {
        fp80_unpacked_t y = fp80_unpack(b);
        int32_t e = y.exp - FP80_BIAS;
        /* beyond 2^16 every result overflows or underflows alike */
        n = e < 0 ? 0 : e >= 16 ? 0x10000 : (int32_t)(y.sig >> (63 - e));
        if (y.sign)
            n = -n;
    }
    fp80_unpacked_t x = fp80_unpack(a);
    return fp80_round_pack(env, x.sign, x.exp + n, x.sig, 0, 64);
}

/* FXTRACT: st1 = the exponent of ST0 as a value, st0 = its significand with
 * the exponent 0 (a zero: ZE, exponent -inf; an infinity: +inf). */
SIM_FN fp80_pair_t fp80_xtract(fp80_env_t *env, fp80_t a)
{
    fp80_pair_t p;
    if (fp80_enter1(env, a, &p.st0)) {
        p.st1 = p.st0;
        return p;
    }
    fp80_denormal(env, a, a);
    p.st0 = a;
    if (fp80_is_zero(a)) {
        env->sw |= FP80_ZE;
        p.st1 = fp80_inf(1);
    } else if (fp80_is_inf(a)) {
        p.st1 = fp80_inf(0);
    } else {
        fp80_unpacked_t u = fp80_unpack(a);
        p.st0 = fp80_make(u.sign, FP80_BIAS, u.sig);
        p.st1 = fp80_from_i64(u.exp - FP80_BIAS);
    }
    return p;
}

/* FABS, FCHS: the sign alone, whatever the operand (no exception). */
SIM_INLINE fp80_t fp80_abs(fp80_env_t *env, fp80_t a)
{
    fp80_begin(env);
    a.sexp &= 0x7fffu;
    return a;
}

SIM_INLINE fp80_t fp80_chs(fp80_env_t *env, fp80_t a)
{
    fp80_begin(env);
    a.sexp ^= 0x8000u;
    return a;
}

#endif
