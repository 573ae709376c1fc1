/* FSIN, FCOS, FSINCOS, FPTAN, FPATAN in integer arithmetic.
 *
 * Reduction: |x| * 2/pi with 2/pi to 384 bits (Payne and Hanek): the
 * integer part's low bits give the quadrant, the fraction, folded to
 * [-1/2, 1/2] and times pi/2, the remainder r in [-pi/4, pi/4], to 128
 * bits relative even for the operands of 64 bits closest to a multiple of
 * pi/2. The hardware reduces with a 66-bit pi (Intel, SDM 8.3.10), so near
 * multiples of pi its results are off where these are not. sin r and cos r:
 * Taylor series to r^35 in Horner's form; tan = sin / cos; atan: a table of
 * atan(j/8) and the series of atan((z - j/8) / (1 + z j/8)), |.| <= 1/16.
 * All in fp80_xf_t (128 bits), rounded once by RC at the end.
 *
 * Range (SDM): FSIN, FCOS, FSINCOS, FPTAN take |x| < 2^63; beyond, C2 = 1
 * and the operand stays (FSINCOS and FPTAN then push nothing), else C2 = 0.
 * For |x| < 2^-40 FPTAN sums x + x^3/3: the quotient sin/cos of
 * two values just below x and 1 would lose which side of x tan x lies.
 * Accuracy (all correctly rounded) and the hardware's: fp80_explog.h. */
#ifndef X86_FP80_TRIG_H
#define X86_FP80_TRIG_H

#include "fp80_series.h"

/* Bits pos..pos+63 of the 448-bit p[7] (zeros outside it). */
SIM_INLINE uint64_t fp80_window448(const uint64_t *p, int32_t pos)
{
    if (pos <= -64 || pos >= 448)
        return 0;
    if (pos < 0)
        return p[0] << (uint32_t)-pos;
    int32_t w = pos >> 6, b = pos & 63;
    uint64_t v = p[w] >> b;
    if (b && w < 6)
        v |= p[w + 1] << (64 - b);
    return v;
}

/* |x| = k pi/2 + r: r with |r| <= pi/4, k mod 4 in *quadrant. */
SIM_FN fp80_xf_t fp80_reduce(fp80_unpacked_t u, uint32_t *quadrant)
{
    static const uint64_t two_over_pi[6] = {0x06492eea09d1921cull, 0xb7246e3a424dd2e0ull,
                                            0xfe5163abdebbc561ull, 0xdb6295993c439041ull,
                                            0xfc2757d1f534ddc0ull, 0xa2f9836e4e441529ull};
    int32_t e = u.exp - FP80_BIAS;
    *quadrant = 0;
    if (e < -1 || (e == -1 && u.sig <= 0xc90fdaa22168c234ull)) /* below pi/4 */
        return fp80_xf(0, e, u.sig, 0);
    uint64_t p[7], carry = 0;
    for (int i = 0; i < 6; i++) {
        fp80_u128_t m = fp80_add128(fp80_mul64(u.sig, two_over_pi[i]), fp80_u128(0, carry));
        p[i] = m.lo;
        carry = m.hi;
    }
    p[6] = carry;
    /* |x| 2/pi = P 2^(e - 447): s fraction bits (385..448) */
    int32_t s = 447 - e;
    uint32_t half = (uint32_t)(fp80_window448(p, s - 1) & 1u);
    *quadrant = (uint32_t)(fp80_window448(p, s) + half) & 3u;
    if (half) { /* the fraction f >= 1/2: r = -(1 - f) pi/2 */
        uint64_t c = 1;
        for (int i = 0; i < 7; i++) {
            p[i] = ~p[i] + c;
            c = c && p[i] == 0;
        }
    }
    int32_t h = s - 1; /* the fraction's leading bit */
    for (; h >= 0; h -= 64) {
        uint64_t w = fp80_window448(p, h - 63);
        if (w) {
            h -= (int32_t)fp80_clz64(w);
            break;
        }
    }
    if (h < 0)
        return fp80_xf(half, 0, 0, 0);
    uint64_t sticky = 0;
    for (int32_t pos = h - 191; pos > -64; pos -= 64)
        sticky |= fp80_window448(p, pos) & (pos < 0 ? ~0ull << (uint32_t)-pos : ~0ull);
    fp80_xf_t f = fp80_xf(half, h - s, fp80_window448(p, h - 63), fp80_window448(p, h - 127) | (sticky != 0));
    fp80_xf_t pi2 = fp80_xf_pi();
    pi2.exp--;
    return fp80_xf_mul(f, pi2);
}

/* sin r and cos r, |r| <= pi/4. */
SIM_FN void fp80_xf_sincos(fp80_xf_t r, fp80_xf_t *s, fp80_xf_t *c)
{
    fp80_xf_t r2 = fp80_xf_neg(fp80_xf_mul(r, r));
    *s = fp80_xf_mul(r, fp80_xf_series(r2, FP80_SER_SIN, FP80_SER_N_SIN));
    *c = fp80_xf_series(r2, FP80_SER_COS, FP80_SER_N_COS);
}

/* The checks FSIN, FCOS, FSINCOS and FPTAN share; 1 with *res when the
 * result is decided (C2 = 1 and *res = a when out of range). */
SIM_FN int fp80_trig_check(fp80_env_t *env, fp80_t a, fp80_t *res)
{
    env->sw &= (uint16_t)~FP80_C2;
    if (fp80_enter1(env, a, res))
        return 1;
    fp80_denormal(env, a, a);
    if (fp80_is_inf(a)) {
        *res = fp80_invalid(env);
        return 1;
    }
    if (fp80_exp(a) >= FP80_BIAS + 63) {
        env->sw |= FP80_C2;
        *res = a;
        return 1;
    }
    return 0;
}

/* sin x and cos x of a finite nonzero x, |x| < 2^63. */
SIM_FN void fp80_sincos_xf(fp80_t a, fp80_xf_t *s, fp80_xf_t *c)
{
    fp80_unpacked_t u = fp80_unpack(a);
    uint32_t k;
    fp80_xf_t sr, cr, t;
    fp80_xf_sincos(fp80_reduce(u, &k), &sr, &cr);
    if (k & 1u) { /* sin(r + pi/2) = cos r, cos(r + pi/2) = -sin r */
        t = sr;
        sr = cr;
        cr = fp80_xf_neg(t);
    }
    if (k & 2u) {
        sr = fp80_xf_neg(sr);
        cr = fp80_xf_neg(cr);
    }
    sr.sign ^= u.sign;
    *s = sr;
    *c = cr;
}

/* FSIN (cos = 0), FCOS (cos = 1). */
SIM_FN fp80_t fp80_sin_cos(fp80_env_t *env, fp80_t a, int cos)
{
    fp80_t res;
    fp80_xf_t s, c;
    if (fp80_trig_check(env, a, &res))
        return res;
    if (fp80_is_zero(a))
        return cos ? fp80_make(0, FP80_BIAS, FP80_J) : a;
    fp80_sincos_xf(a, &s, &c);
    return fp80_xf_round(env, cos ? c : s);
}

SIM_FN fp80_t fp80_sin(fp80_env_t *env, fp80_t a) { return fp80_sin_cos(env, a, 0); }
SIM_FN fp80_t fp80_cos(fp80_env_t *env, fp80_t a) { return fp80_sin_cos(env, a, 1); }

/* FSINCOS: st1 = sin, st0 = cos. Unless C2 is set: then st0 = a, no push.
 * C1 tells how the cosine was rounded. */
SIM_FN fp80_pair_t fp80_sincos(fp80_env_t *env, fp80_t a)
{
    fp80_pair_t p;
    fp80_xf_t s, c;
    if (fp80_trig_check(env, a, &p.st0)) {
        p.st1 = p.st0;
        return p;
    }
    if (fp80_is_zero(a)) {
        p.st1 = a;
        p.st0 = fp80_make(0, FP80_BIAS, FP80_J);
        return p;
    }
    fp80_sincos_xf(a, &s, &c);
    p.st1 = fp80_xf_round(env, s);
    env->sw &= (uint16_t)~FP80_C1;
    p.st0 = fp80_xf_round(env, c);
    return p;
}

/* FPTAN: st1 = tan, st0 = 1.0. Unless C2 is set: then st0 = a, no push;
 * a NaN result is pushed in place of the 1.0 (measured). */
SIM_FN fp80_pair_t fp80_ptan(fp80_env_t *env, fp80_t a)
{
    fp80_pair_t p;
    fp80_xf_t s, c;
    p.st0 = fp80_make(0, FP80_BIAS, FP80_J);
    if (fp80_trig_check(env, a, &p.st1)) {
        p.st0 = p.st1;
        return p;
    }
    if (fp80_is_zero(a)) {
        p.st1 = a;
        return p;
    }
    if (fp80_exp(a) < FP80_BIAS - 40) { /* tan x = x + x^3/3 (+ 2x^5/15, below 2^-160 x) */
        p.st1 = fp80_xf_round(env, fp80_xf_odd(fp80_xf_from(a), 0, 2));
        return p;
    }
    fp80_sincos_xf(a, &s, &c);
    p.st1 = fp80_xf_round(env, fp80_xf_div(s, c));
    return p;
}

/* atan z, 0 < z <= 1. */
SIM_FN fp80_xf_t fp80_xf_atan(fp80_xf_t z)
{
    static const uint64_t tab[8][2] = {
        {0xfeadd4d5617b6e32ull, 0xc897989f3e888ef7ull}, {0xfadbafc96406eb15ull, 0x6dc79ef5f7a217e5ull},
        {0xb7b0ca0f26f78473ull, 0x8aa32122dcfe4483ull}, {0xed63382b0dda7b45ull, 0x6fe445ecbc3a8d03ull},
        {0x8f005d5ef7f59f9bull, 0x5c835e1665c43747ull}, {0xa4bc7d1934f70924ull, 0x19a87f2a457dac9full},
        {0xb8053e2bc2319e73ull, 0xcb2da55210a4443dull}, {0xc90fdaa22168c234ull, 0xc4c6628b80dc1cd1ull}};
    static const int8_t tab_exp[8] = {-4, -3, -2, -2, -1, -1, -1, -1};
    /* j = round(8 z) */
    uint32_t j = z.exp < -4 ? 0 : (uint32_t)((z.hi >> (59 - z.exp)) + 1u) >> 1;
    if (j == 0)
        return fp80_xf_odd(z, 1, 16);
    fp80_xf_t c = fp80_xf_from_u64(j);
    c.exp -= 3;
    fp80_xf_t t = fp80_xf_div(fp80_xf_sub(z, c), fp80_xf_add(fp80_xf_one(), fp80_xf_mul(z, c)));
    fp80_xf_t base = fp80_xf(0, tab_exp[j - 1], tab[j - 1][0], tab[j - 1][1]);
    return fp80_xf_add(base, fp80_xf_odd(t, 1, 16));
}

/* FPATAN: atan(y / x) in the quadrant of (x, y), y = ST1, x = ST0; the
 * result goes to ST1 and the stack pops. */
SIM_FN fp80_t fp80_patan(fp80_env_t *env, fp80_t x, fp80_t y)
{
    fp80_t res;
    if (fp80_enter2(env, y, x, &res))
        return res;
    fp80_denormal(env, x, y);
    uint32_t sx = fp80_sign(x), sy = fp80_sign(y);
    int ix = fp80_is_inf(x), iy = fp80_is_inf(y), zx = fp80_is_zero(x), zy = fp80_is_zero(y);
    fp80_xf_t pi = fp80_xf_pi(), a;
    if (zy || (ix && !iy)) { /* on the x axis: +-0 or +-pi */
        if (!sx)
            return fp80_zero(sy);
        a = pi;
    } else if (ix) { /* both infinite: +-pi/4 or +-3pi/4 */
        a = pi;
        a.exp -= 2;
        if (sx)
            a = fp80_xf_sub(pi, a);
    } else if (iy || zx) {
        a = pi;
        a.exp--;
    } else {
        fp80_xf_t ax = fp80_xf_from(x), ay = fp80_xf_from(y);
        ax.sign = ay.sign = 0;
        int steep = ay.exp > ax.exp || (ay.exp == ax.exp && ay.hi > ax.hi);
        a = fp80_xf_atan(steep ? fp80_xf_div(ax, ay) : fp80_xf_div(ay, ax));
        if (steep) {
            fp80_xf_t pi2 = pi;
            pi2.exp--;
            a = fp80_xf_sub(pi2, a);
        }
        if (sx)
            a = fp80_xf_sub(pi, a);
    }
    a.sign = sy;
    return fp80_xf_round(env, a);
}

#endif
