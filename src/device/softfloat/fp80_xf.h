/* A 128-bit software float for the x87 transcendentals: sign, a 32-bit
 * exponent (no overflow or underflow for any x87 operand) and a 128-bit
 * significand hi:lo with its integer bit at bit 63 of hi, the value
 * hi:lo / 2^127 * 2^exp. Every operation chops to 128 bits and ORs what it
 * dropped into bit 0 (a sticky bit), so a result that lies just off a value
 * of 64 bits still rounds the right way when it goes back to 80 bits. Error
 * per operation: below 2^-126 relative. */
#ifndef X86_FP80_XF_H
#define X86_FP80_XF_H

#include "fp80_round.h"

typedef struct {
    uint64_t hi, lo;
    int32_t exp;
    uint32_t sign;
} fp80_xf_t;

SIM_INLINE fp80_xf_t fp80_xf(uint32_t sign, int32_t exp, uint64_t hi, uint64_t lo)
{
    fp80_xf_t r;
    r.hi = hi;
    r.lo = lo;
    r.exp = exp;
    r.sign = sign;
    return r;
}

SIM_INLINE int fp80_xf_is_zero(fp80_xf_t a) { return a.hi == 0; }

SIM_INLINE fp80_xf_t fp80_xf_neg(fp80_xf_t a)
{
    a.sign ^= 1u;
    return a;
}

/* sign * m / 2^127 * 2^exp for any m (0 gives +0). */
SIM_INLINE fp80_xf_t fp80_xf_norm(uint32_t sign, int32_t exp, fp80_u128_t m)
{
    if (!m.hi && !m.lo)
        return fp80_xf(0, 0, 0, 0);
    m = fp80_norm128(m, &exp);
    return fp80_xf(sign, exp, m.hi, m.lo);
}

/* A finite x87 value, exactly. */
SIM_INLINE fp80_xf_t fp80_xf_from(fp80_t a)
{
    if (fp80_is_zero(a))
        return fp80_xf(fp80_sign(a), 0, 0, 0);
    fp80_unpacked_t u = fp80_unpack(a);
    return fp80_xf(u.sign, u.exp - FP80_BIAS, u.sig, 0);
}

SIM_INLINE fp80_xf_t fp80_xf_from_u64(uint64_t v) { return fp80_xf_norm(0, 127, fp80_u128(0, v)); }

/* Rounded by RC to 64 bits, with PE, UE, OE and C1. */
SIM_FN fp80_t fp80_xf_round(fp80_env_t *env, fp80_xf_t a)
{
    if (fp80_xf_is_zero(a))
        return fp80_zero(a.sign);
    return fp80_round_pack(env, a.sign, a.exp + FP80_BIAS, a.hi, a.lo, 64);
}

/* The same for FYL2X and FYL2XP1, which raise PE for every computed result,
 * exact ones too (then UE for a denormal; C1 stays clear): measured. */
SIM_FN fp80_t fp80_xf_round_pe(fp80_env_t *env, fp80_xf_t a)
{
    fp80_t r = fp80_xf_round(env, a);
    if (fp80_is_denormal(r))
        env->sw |= FP80_UE;
    env->sw |= FP80_PE;
    return r;
}

SIM_FN fp80_xf_t fp80_xf_add(fp80_xf_t a, fp80_xf_t b)
{
    if (fp80_xf_is_zero(b))
        return a;
    if (fp80_xf_is_zero(a))
        return b;
    fp80_u128_t ma = fp80_u128(a.hi, a.lo), mb = fp80_u128(b.hi, b.lo);
    if (a.exp < b.exp || (a.exp == b.exp && fp80_cmp128(ma, mb) < 0)) {
        fp80_xf_t t = a;
        fp80_u128_t tm = ma;
        a = b;
        b = t;
        ma = mb;
        mb = tm;
    }
    /* the sticky bit joins after the sum: the sum of the chopped values,
     * then bit 0 set, is the chopped exact sum with its sticky bit */
    uint32_t lost, carry;
    mb = fp80_shr128(mb, (uint32_t)(a.exp - b.exp), &lost);
    if (a.sign != b.sign) {
        fp80_u128_t s = fp80_sub128(fp80_sub128(ma, mb), fp80_u128(0, lost));
        s.lo |= lost;
        return fp80_xf_norm(a.sign, a.exp, s);
    }
    fp80_u128_t s = fp80_add128(ma, mb);
    carry = s.hi < ma.hi;
    if (carry) {
        s = fp80_shr128_jam(s, 1);
        s.hi |= FP80_J;
    }
    s.lo |= lost;
    return fp80_xf(a.sign, a.exp + (int32_t)carry, s.hi, s.lo);
}

SIM_INLINE fp80_xf_t fp80_xf_sub(fp80_xf_t a, fp80_xf_t b) { return fp80_xf_add(a, fp80_xf_neg(b)); }

SIM_FN fp80_xf_t fp80_xf_mul(fp80_xf_t a, fp80_xf_t b)
{
    if (fp80_xf_is_zero(a) || fp80_xf_is_zero(b))
        return fp80_xf(a.sign ^ b.sign, 0, 0, 0);
    fp80_u128_t hh = fp80_mul64(a.hi, b.hi), hl = fp80_mul64(a.hi, b.lo);
    fp80_u128_t lh = fp80_mul64(a.lo, b.hi), ll = fp80_mul64(a.lo, b.lo);
    /* the 256-bit product's words w3 w2 w1 w0 */
    fp80_u128_t mid = fp80_add128(fp80_u128(0, hl.lo), fp80_u128(0, lh.lo));
    mid = fp80_add128(mid, fp80_u128(0, ll.hi));
    uint64_t w1 = mid.lo;
    fp80_u128_t top = fp80_add128(hh, fp80_u128(0, hl.hi));
    top = fp80_add128(top, fp80_u128(0, lh.hi));
    top = fp80_add128(top, fp80_u128(0, mid.hi));
    top.lo |= (w1 | ll.lo) != 0;
    /* the product of two values in [1, 2) is in [1, 4): bit 255 or 254 */
    return fp80_xf_norm(a.sign ^ b.sign, a.exp + b.exp + 1, top);
}

/* a / b, b != 0: restoring division, a quotient bit a step. */
SIM_FN fp80_xf_t fp80_xf_div(fp80_xf_t a, fp80_xf_t b)
{
    if (fp80_xf_is_zero(a))
        return fp80_xf(a.sign ^ b.sign, 0, 0, 0);
    fp80_u128_t r = fp80_u128(a.hi, a.lo), d = fp80_u128(b.hi, b.lo), q = fp80_u128(0, 0);
    int32_t exp = a.exp - b.exp;
    uint64_t over = 0; /* bit 128 of the partial remainder */
    if (fp80_cmp128(r, d) < 0) {
        over = r.hi >> 63;
        r = fp80_shl128(r, 1);
        exp--;
    }
    for (int i = 0; i < 128; i++) {
        q = fp80_shl128(q, 1);
        if (over || fp80_cmp128(r, d) >= 0) {
            r = fp80_sub128(r, d);
            q.lo |= 1u;
        }
        over = r.hi >> 63;
        r = fp80_shl128(r, 1);
    }
    q.lo |= (r.hi | r.lo | over) != 0;
    return fp80_xf(a.sign ^ b.sign, exp, q.hi, q.lo);
}

SIM_INLINE fp80_xf_t fp80_xf_one(void) { return fp80_xf(0, 0, FP80_J, 0); }

/* The constants, to 128 bits with a sticky bit (tools/fp80_consts.py). */
SIM_INLINE fp80_xf_t fp80_xf_pi(void) { return fp80_xf(0, 1, 0xc90fdaa22168c234ull, 0xc4c6628b80dc1cd1ull); }
SIM_INLINE fp80_xf_t fp80_xf_ln2(void) { return fp80_xf(0, -1, 0xb17217f7d1cf79abull, 0xc9e3b39803f2f6afull); }
SIM_INLINE fp80_xf_t fp80_xf_log2e(void) { return fp80_xf(0, 0, 0xb8aa3b295c17f0bbull, 0xbe87fed0691d3e89ull); }

#endif
