/* F2XM1, FYL2X, FYL2XP1 in integer arithmetic (fp80_xf_t, 128 bits),
 * rounded once by RC.
 *
 * 2^x - 1 = expm1(x ln 2) by its Taylor series to z^32 (|z| <= ln 2);
 * log2 v = e + 2 atanh(f / (2 + f)) log2(e) with v = 2^e (1 + f),
 * 1 + f in [sqrt(1/2), sqrt(2)], by the series of atanh to t^51
 * (|t| <= 0.1716); FYL2XP1 forms t = x / (2 + x) from x itself.
 *
 * Accuracy, measured against MPFR at 320 bits (test/unit/test_x87_trans.c:
 * 20K operands per instruction in its documented range, every RC, and 40K
 * any operands): every result of F2XM1, FYL2X, FYL2XP1, FSIN, FCOS, FSINCOS,
 * FPTAN and FPATAN was the correctly rounded one: at most 0.500 ulp (of the
 * 64-bit significand) to nearest, below 1 ulp directed. Intel's claim for
 * the hardware: within 1 ulp in the documented ranges, but FSIN, FCOS,
 * FSINCOS and FPTAN lose accuracy near multiples of pi, where the 66-bit pi
 * of their reduction shows. The host measured (AMD EPYC), to nearest: F2XM1
 * 0.573 ulp, FYL2X 0.571, FYL2XP1 0.588, FPATAN 0.561; below 2^8, FSIN 272,
 * FCOS 129, FSINCOS 764, FPTAN 7.6e3 ulp, and up to 1e20 ulp next to
 * multiples of pi/2. Same bits and flags as that host: F2XM1 97%, FYL2X 97%,
 * FYL2XP1 97%, FPATAN 98%; below 2^8 away from multiples of pi/2, FSIN 78%,
 * FCOS 78%, FSINCOS 48% (both results), FPTAN 60%.
 *
 * As measured on the host beyond the SDM: F2XM1 returns a finite |x| > 1
 * unchanged with PE; 2^-1 - 1 is exact, yet PE; -inf gives -1. AMD rounds
 * 2^1 - 1 as if just below 1 (1 - 2^-64 toward zero or down), Intel gives
 * the exact 1 (issue 33): the exact one is taken, with PE. FYL2XP1 computes y log2(1 + x) for any x > -1
 * (the SDM: |x| < 1 - sqrt(2)/2) and returns x unchanged with PE for
 * x <= -1. FYL2X and FYL2XP1 raise PE for exact results too. */
#ifndef X86_FP80_EXPLOG_H
#define X86_FP80_EXPLOG_H

#include "fp80_series.h"

/* log2 v for a finite v > 0. */
SIM_FN fp80_xf_t fp80_xf_log2(fp80_xf_t v)
{
    fp80_xf_t m = fp80_xf(0, 0, v.hi, v.lo), two = fp80_xf(0, 1, FP80_J, 0);
    int32_t e = v.exp;
    if (v.hi > 0xb504f333f9de6484ull) { /* 1 + f = m / 2 */
        m.exp = -1;
        e++;
    }
    fp80_xf_t f = fp80_xf_sub(m, fp80_xf_one());
    fp80_xf_t ln = fp80_xf_odd(fp80_xf_div(f, fp80_xf_add(two, f)), 0, FP80_SER_N_ODD);
    ln.exp++;
    fp80_xf_t ex = fp80_xf_from_u64((uint64_t)(e < 0 ? -(int64_t)e : e));
    ex.sign = e < 0;
    return fp80_xf_add(ex, fp80_xf_mul(ln, fp80_xf_log2e()));
}

/* F2XM1: 2^ST0 - 1. */
SIM_FN fp80_t fp80_f2xm1(fp80_env_t *env, fp80_t a)
{
    fp80_t res;
    if (fp80_enter1(env, a, &res))
        return res;
    fp80_denormal(env, a, a);
    uint32_t sign = fp80_sign(a);
    if (fp80_is_zero(a))
        return a;
    if (fp80_is_inf(a))
        return sign ? fp80_make(1, FP80_BIAS, FP80_J) : a;
    fp80_unpacked_t u = fp80_unpack(a);
    if (u.exp >= FP80_BIAS) {
        /* +-1, the ends of the domain: 2^1 - 1 = 1 and 2^-1 - 1 = -1/2
         * exactly, in every RC (Intel; AMD rounds 2^1 - 1 as if just below
         * 1), with PE as both raise it; beyond +-1 (undefined) the operand
         * stays, with PE (measured) */
        env->sw |= FP80_PE;
        if (u.exp == FP80_BIAS && u.sig == FP80_J)
            return sign ? fp80_make(1, FP80_BIAS - 1, FP80_J) : fp80_make(0, FP80_BIAS, FP80_J);
        return a;
    }
    fp80_xf_t z = fp80_xf_mul(fp80_xf_from(a), fp80_xf_ln2());
    return fp80_xf_round(env, fp80_xf_mul(z, fp80_xf_series(z, FP80_SER_EXPM1, FP80_SER_N_EXPM1)));
}

/* FYL2X: ST1 log2(ST0), x = ST0, y = ST1; the result goes to ST1, the
 * stack pops. */
SIM_FN fp80_t fp80_yl2x(fp80_env_t *env, fp80_t x, fp80_t y)
{
    fp80_t res;
    if (fp80_enter2(env, x, y, &res))
        return res;
    uint32_t sy = fp80_sign(y);
    int zx = fp80_is_zero(x), zy = fp80_is_zero(y), iy = fp80_is_inf(y);
    if (fp80_sign(x) && !zx)
        return fp80_invalid(env);
    if (zx) { /* log2 0 = -inf */
        if (zy)
            return fp80_invalid(env);
        if (!iy)
            env->sw |= FP80_ZE;
        return fp80_inf(!sy);
    }
    fp80_denormal(env, x, y);
    if (fp80_is_inf(x))
        return zy ? fp80_invalid(env) : fp80_inf(sy);
    uint32_t below1 = fp80_exp(x) < FP80_BIAS; /* log2 x < 0 */
    if (fp80_exp(x) == FP80_BIAS && x.mant == FP80_J) /* log2 1 = +0 */
        return iy ? fp80_invalid(env) : fp80_zero(sy);
    if (iy)
        return fp80_inf(sy ^ below1);
    if (zy)
        return fp80_zero(sy ^ below1);
    return fp80_xf_round_pe(env, fp80_xf_mul(fp80_xf_from(y), fp80_xf_log2(fp80_xf_from(x))));
}

/* FYL2XP1: ST1 log2(ST0 + 1), x = ST0, y = ST1; the result goes to ST1, the
 * stack pops. */
SIM_FN fp80_t fp80_yl2xp1(fp80_env_t *env, fp80_t x, fp80_t y)
{
    fp80_t res;
    if (fp80_enter2(env, x, y, &res))
        return res;
    uint32_t sx = fp80_sign(x), sy = fp80_sign(y);
    int zx = fp80_is_zero(x), zy = fp80_is_zero(y), iy = fp80_is_inf(y), ix = fp80_is_inf(x);
    fp80_xf_t vx = fp80_xf_from(x), one = fp80_xf_one(), l;
    if (ix && sx)
        return fp80_invalid(env);
    fp80_denormal(env, x, y);
    if (zx)
        return iy ? fp80_invalid(env) : fp80_zero(sx ^ sy);
    if (ix)
        return zy ? fp80_invalid(env) : fp80_inf(sy);
    if (iy)
        return fp80_inf(sy ^ sx);
    if (zy)
        return fp80_zero(sy ^ sx);
    if (sx && fp80_exp(x) >= FP80_BIAS) { /* x <= -1: the operand stays (measured) */
        env->sw |= FP80_PE;
        return x;
    }
    if (fp80_exp(x) < FP80_BIAS - 2) { /* |x| < 1/4: 2 atanh(x / (2 + x)) */
        fp80_xf_t two = fp80_xf(0, 1, FP80_J, 0);
        l = fp80_xf_odd(fp80_xf_div(vx, fp80_xf_add(two, vx)), 0, FP80_SER_N_ODD);
        l.exp++;
        l = fp80_xf_mul(l, fp80_xf_log2e());
    } else {
        l = fp80_xf_log2(fp80_xf_add(one, vx));
    }
    return fp80_xf_round_pe(env, fp80_xf_mul(fp80_xf_from(y), l));
}

#endif
