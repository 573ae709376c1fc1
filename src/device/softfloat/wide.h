/* 128-bit unsigned integers from two 64-bit words, for the soft float (fp80*.h, binary.h):
 * the 64x64->128 product, shifts that keep a sticky bit ("jamming": any 1
 * shifted out is ORed into bit 0, so rounding still sees an inexact tail),
 * and the 128/64 division of Knuth's algorithm D. No __int128: the same code
 * runs under nvcc. */
#ifndef SOFTFLOAT_WIDE_H
#define SOFTFLOAT_WIDE_H

#include "device/sim_port.h"

typedef struct {
    uint64_t hi, lo;
} fp80_u128_t;

SIM_INLINE fp80_u128_t fp80_u128(uint64_t hi, uint64_t lo)
{
    fp80_u128_t r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* Leading zeros of a 64-bit word (64 for 0). */
SIM_INLINE uint32_t fp80_clz64(uint64_t x)
{
    uint32_t h = (uint32_t)(x >> 32);
    return h ? sim_clz32(h) : 32u + sim_clz32((uint32_t)x);
}

SIM_INLINE uint32_t fp80_clz128(fp80_u128_t x)
{
    return x.hi ? fp80_clz64(x.hi) : 64u + fp80_clz64(x.lo);
}

SIM_INLINE fp80_u128_t fp80_mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    return fp80_u128(p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (uint32_t)p00);
}

SIM_INLINE fp80_u128_t fp80_add128(fp80_u128_t a, fp80_u128_t b)
{
    uint64_t lo = a.lo + b.lo;
    return fp80_u128(a.hi + b.hi + (lo < a.lo), lo);
}

SIM_INLINE fp80_u128_t fp80_sub128(fp80_u128_t a, fp80_u128_t b)
{
    return fp80_u128(a.hi - b.hi - (a.lo < b.lo), a.lo - b.lo);
}

/* -1, 0, 1 as a <, ==, > b. */
SIM_INLINE int fp80_cmp128(fp80_u128_t a, fp80_u128_t b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

SIM_INLINE fp80_u128_t fp80_shl128(fp80_u128_t a, uint32_t n)
{
    if (n == 0)
        return a;
    if (n >= 128)
        return fp80_u128(0, 0);
    if (n >= 64)
        return fp80_u128(a.lo << (n - 64), 0);
    return fp80_u128((a.hi << n) | (a.lo >> (64 - n)), a.lo << n);
}

/* a >> n; *lost = 1 when a bit shifted out was set. */
SIM_INLINE fp80_u128_t fp80_shr128(fp80_u128_t a, uint32_t n, uint32_t *lost)
{
    if (n == 0) {
        *lost = 0;
        return a;
    }
    if (n >= 128) {
        *lost = (a.hi | a.lo) != 0;
        return fp80_u128(0, 0);
    }
    if (n >= 64) {
        *lost = ((n == 64 ? 0 : a.hi << (128 - n)) | a.lo) != 0;
        return fp80_u128(0, n == 64 ? a.hi : a.hi >> (n - 64));
    }
    *lost = (a.lo << (64 - n)) != 0;
    return fp80_u128(a.hi >> n, (a.hi << (64 - n)) | (a.lo >> n));
}

/* a >> n with the bits shifted out ORed into bit 0 ("jamming"). */
SIM_INLINE fp80_u128_t fp80_shr128_jam(fp80_u128_t a, uint32_t n)
{
    uint32_t lost;
    a = fp80_shr128(a, n, &lost);
    a.lo |= lost;
    return a;
}

/* Shifts a left until bit 127 is set (a != 0); *e -= the shift. */
SIM_INLINE fp80_u128_t fp80_norm128(fp80_u128_t a, int32_t *e)
{
    uint32_t n = fp80_clz128(a);
    *e -= (int32_t)n;
    return fp80_shl128(a, n);
}

/* (nh:nl) / d for a divisor with bit 63 set and nh < d: the 64-bit
 * quotient, the remainder in *rem (Knuth's algorithm D, base 2^32). */
SIM_INLINE uint64_t fp80_div128(uint64_t nh, uint64_t nl, uint64_t d, uint64_t *rem)
{
    const uint64_t b = 1ull << 32;
    uint64_t dh = d >> 32, dl = (uint32_t)d;
    uint64_t n1 = nl >> 32, n0 = (uint32_t)nl;
    uint64_t q1 = nh / dh, rhat = nh - q1 * dh;
    while (q1 >= b || q1 * dl > ((rhat << 32) | n1)) {
        q1--;
        rhat += dh;
        if (rhat >= b)
            break;
    }
    uint64_t mid = ((nh << 32) | n1) - q1 * d;
    uint64_t q0 = mid / dh;
    rhat = mid - q0 * dh;
    while (q0 >= b || q0 * dl > ((rhat << 32) | n0)) {
        q0--;
        rhat += dh;
        if (rhat >= b)
            break;
    }
    *rem = ((mid << 32) | n0) - q0 * d;
    return (q1 << 32) | q0;
}

/* floor(sqrt(n)) for n >= 2^126 (a root of 64 bits), and n - root^2 in
 * *rem. Newton's iteration from above, which stops on the floor: first on
 * the top word, from 2^30 + hi/2^32 >= sqrt(hi) (sqrt(t) <= (t + 1)/2),
 * then on all 128 bits from 2^32 (floor(sqrt(hi)) + 1) >= sqrt(n), 2^-31
 * close: two or three divisions. */
SIM_FN uint64_t fp80_isqrt128(fp80_u128_t n, fp80_u128_t *rem)
{
    uint64_t x = (1ull << 30) + (n.hi >> 32) + 1, y, r;
    while ((y = (x + n.hi / x) >> 1) < x)
        x = y;
    x = x >= 0xffffffffull ? ~0ull : (x + 1) << 32;
    for (;;) { /* x >= sqrt(n) >= 2^63, so n / x < 2^64 */
        uint64_t q = fp80_div128(n.hi, n.lo, x, &r);
        y = (x >> 1) + (q >> 1) + (x & q & 1u);
        if (y >= x)
            break;
        x = y;
    }
    *rem = fp80_sub128(n, fp80_mul64(x, x));
    return x;
}

#endif
