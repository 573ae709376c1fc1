/* FADD, FSUB, FMUL, FDIV, FSQRT: the five operations that precision control
 * applies to. Each forms the exact result, or enough of it with a sticky bit,
 * and rounds once. The reversed forms (FSUBR, FDIVR) swap the operands. */
#ifndef X86_FP80_ARITH_H
#define X86_FP80_ARITH_H

#include "fp80_round.h"

/* Sign of an exact zero sum of opposite signs: -0 only when rounding down. */
SIM_INLINE fp80_t fp80_zero_sum(const fp80_env_t *env)
{
    return fp80_zero(fp80_rc(env) == FP80_RC_DOWN);
}

/* a + b, with b's sign flipped for a subtraction (negb = 1). */
SIM_FN fp80_t fp80_addsub(fp80_env_t *env, fp80_t a, fp80_t b, uint32_t negb)
{
    fp80_t res;
    if (fp80_enter2(env, a, b, &res))
        return res;
    fp80_denormal(env, a, b);
    uint32_t sa = fp80_sign(a), sb = fp80_sign(b) ^ negb;
    int ia = fp80_is_inf(a), ib = fp80_is_inf(b);
    if (ia || ib) {
        if (ia && ib && sa != sb)
            return fp80_invalid(env);
        return fp80_inf(ia ? sa : sb);
    }
    int za = fp80_is_zero(a), zb = fp80_is_zero(b);
    if (za && zb)
        return sa == sb ? fp80_zero(sa) : fp80_zero_sum(env);
    uint32_t bits = fp80_pc_bits(env);
    if (za || zb) {
        fp80_unpacked_t u = fp80_unpack(za ? b : a);
        return fp80_round_pack(env, za ? sb : sa, u.exp, u.sig, 0, bits);
    }
    fp80_unpacked_t x = fp80_unpack(a), y = fp80_unpack(b);
    x.sign = sa;
    y.sign = sb;
    if (x.exp < y.exp || (x.exp == y.exp && x.sig < y.sig)) {
        fp80_unpacked_t t = x;
        x = y;
        y = t;
    }
    /* |x| >= |y|: x's significand in the high word, y's aligned below it. */
    fp80_u128_t big = fp80_u128(x.sig, 0);
    fp80_u128_t small = fp80_shr128_jam(fp80_u128(y.sig, 0), (uint32_t)(x.exp - y.exp));
    int32_t exp = x.exp;
    if (x.sign == y.sign) {
        fp80_u128_t s = fp80_add128(big, small);
        if (s.hi < big.hi) { /* carried out of bit 127 */
            s = fp80_shr128_jam(s, 1);
            s.hi |= FP80_J;
            exp++;
        }
        return fp80_round_pack(env, x.sign, exp, s.hi, s.lo, bits);
    }
    fp80_u128_t d = fp80_sub128(big, small);
    if (!d.hi && !d.lo)
        return fp80_zero_sum(env);
    return fp80_norm_round_pack(env, x.sign, exp, d, bits);
}

SIM_FN fp80_t fp80_add(fp80_env_t *env, fp80_t a, fp80_t b) { return fp80_addsub(env, a, b, 0); }
SIM_FN fp80_t fp80_sub(fp80_env_t *env, fp80_t a, fp80_t b) { return fp80_addsub(env, a, b, 1); }

SIM_FN fp80_t fp80_mul(fp80_env_t *env, fp80_t a, fp80_t b)
{
    fp80_t res;
    if (fp80_enter2(env, a, b, &res))
        return res;
    fp80_denormal(env, a, b);
    uint32_t sign = fp80_sign(a) ^ fp80_sign(b);
    int za = fp80_is_zero(a), zb = fp80_is_zero(b);
    if (fp80_is_inf(a) || fp80_is_inf(b)) {
        if (za || zb)
            return fp80_invalid(env);
        return fp80_inf(sign);
    }
    if (za || zb)
        return fp80_zero(sign);
    fp80_unpacked_t x = fp80_unpack(a), y = fp80_unpack(b);
    fp80_u128_t p = fp80_mul64(x.sig, y.sig);
    return fp80_norm_round_pack(env, sign, x.exp + y.exp - FP80_BIAS + 1, p, fp80_pc_bits(env));
}

/* a / b */
SIM_FN fp80_t fp80_div(fp80_env_t *env, fp80_t a, fp80_t b)
{
    fp80_t res;
    if (fp80_enter2(env, a, b, &res))
        return res;
    uint32_t sign = fp80_sign(a) ^ fp80_sign(b);
    int ia = fp80_is_inf(a), ib = fp80_is_inf(b), za = fp80_is_zero(a), zb = fp80_is_zero(b);
    if ((ia && ib) || (za && zb))
        return fp80_invalid(env);
    if (zb && !ia) {
        env->sw |= FP80_ZE;
        return fp80_inf(sign);
    }
    fp80_denormal(env, a, b);
    if (ia)
        return fp80_inf(sign);
    if (ib || za)
        return fp80_zero(sign);
    fp80_unpacked_t x = fp80_unpack(a), y = fp80_unpack(b);
    int32_t exp = x.exp - y.exp + FP80_BIAS;
    uint64_t nh = x.sig, nl = 0, r;
    if (x.sig >= y.sig) { /* quotient in [1, 2): one bit more above the point */
        nl = nh << 63;
        nh >>= 1;
    } else {
        exp--;
    }
    uint64_t q = fp80_div128(nh, nl, y.sig, &r);
    uint64_t q2 = r ? fp80_div128(r, 0, y.sig, &r) : 0;
    return fp80_round_pack(env, sign, exp, q, q2 | (r != 0), fp80_pc_bits(env));
}

SIM_FN fp80_t fp80_sqrt(fp80_env_t *env, fp80_t a)
{
    fp80_t res;
    if (fp80_enter1(env, a, &res))
        return res;
    if (fp80_is_zero(a))
        return a;
    if (fp80_sign(a))
        return fp80_invalid(env);
    fp80_denormal(env, a, a);
    if (fp80_is_inf(a))
        return a;
    fp80_unpacked_t x = fp80_unpack(a);
    int32_t e = x.exp - FP80_BIAS; /* a = sig/2^63 * 2^e */
    uint32_t odd = (uint32_t)e & 1u;
    /* sqrt(sig * 2^(63 + odd)) * 2^((e - odd)/2 - 63) */
    fp80_u128_t rad = odd ? fp80_u128(x.sig, 0) : fp80_u128(x.sig >> 1, x.sig << 63);
    fp80_u128_t rem;
    uint64_t root = fp80_isqrt128(rad, &rem);
    /* rem > root: above the halfway point (never on it); rem != 0: inexact */
    uint64_t tail = fp80_cmp128(rem, fp80_u128(0, root)) > 0 ? FP80_J | 1u : (rem.hi | rem.lo) != 0;
    return fp80_round_pack(env, 0, (e - (int32_t)odd) / 2 + FP80_BIAS, root, tail, fp80_pc_bits(env));
}

#endif
