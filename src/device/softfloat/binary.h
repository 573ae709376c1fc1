/* Exactly rounded binary floating point on integers, for the PTX formats
 * f16, bf16, f32 and f64 in every rounding mode (.rn .rz .rm .rp .rna).
 * The hot f32/f64 .rn forms use the host's or GPU's own arithmetic
 * (ptx_alu_float.h); this file serves what C arithmetic cannot do without
 * fesetround: directed rounding, the half formats, narrowing conversions.
 *
 * A finite nonzero value is sig * 2^exp with a 128-bit integer sig
 * (softfloat/wide.h's words); ptx_soft_round rounds it once into a format. Sums
 * align by shifting the smaller operand right with a sticky bit ("jam"):
 * both are first normalized to bit 125, so the shifted-out bits lie far
 * below the result's rounding position whenever they are inexact. */
#ifndef SOFTFLOAT_BINARY_H
#define SOFTFLOAT_BINARY_H

#include "device/ptx/ptx_enums.h" /* the rounding modes (PTX_RND_*), a leaf of enums */
#include "device/softfloat/wide.h"

typedef enum { PTX_FMT_F16, PTX_FMT_BF16, PTX_FMT_F32, PTX_FMT_F64 } ptx_fmt_t;
typedef enum { PTX_FC_ZERO, PTX_FC_FINITE, PTX_FC_INF, PTX_FC_NAN } ptx_fclass_t;

typedef struct {
    uint32_t cls, sign;
    int32_t exp;    /* FINITE: value = m * 2^exp */
    uint64_t m;
} ptx_unpacked_t;

SIM_INLINE uint32_t ptx_fmt_mbits(uint32_t f)
{
    return f == PTX_FMT_F16 ? 10 : f == PTX_FMT_BF16 ? 7 : f == PTX_FMT_F32 ? 23 : 52;
}

SIM_INLINE uint32_t ptx_fmt_ebits(uint32_t f)
{
    return f == PTX_FMT_F16 ? 5 : f == PTX_FMT_F64 ? 11 : 8;
}

/* The bits of a value of format f. */
SIM_INLINE uint64_t ptx_fmt_mask(uint32_t f)
{
    uint32_t w = ptx_fmt_mbits(f) + ptx_fmt_ebits(f) + 1;
    return w >= 64 ? ~0ull : (1ull << w) - 1;
}

SIM_INLINE int32_t ptx_fmt_bias(uint32_t f)
{
    return (1 << (ptx_fmt_ebits(f) - 1)) - 1;
}

SIM_INLINE uint64_t ptx_fmt_sign(uint32_t f)
{
    return 1ull << (ptx_fmt_mbits(f) + ptx_fmt_ebits(f));
}

SIM_INLINE uint64_t ptx_fmt_inf(uint32_t f, uint32_t sign)
{
    uint64_t e = ((1ull << ptx_fmt_ebits(f)) - 1) << ptx_fmt_mbits(f);
    return e | (sign ? ptx_fmt_sign(f) : 0);
}

/* The NaN NVIDIA's arithmetic returns: positive, every fraction bit set
 * (f32 0x7fffffff, f16 0x7fff, bf16 0x7fff; for f64 the same pattern,
 * 0x7fffffffffffffff, is this simulator's choice). */
SIM_INLINE uint64_t ptx_fmt_nan(uint32_t f)
{
    return ptx_fmt_inf(f, 0) | ((1ull << ptx_fmt_mbits(f)) - 1);
}

/* The largest finite value. */
SIM_INLINE uint64_t ptx_fmt_max(uint32_t f, uint32_t sign)
{
    return ptx_fmt_inf(f, sign) - 1;
}

SIM_INLINE ptx_unpacked_t ptx_unpack(uint32_t f, uint64_t bits)
{
    uint32_t mb = ptx_fmt_mbits(f);
    uint64_t frac = bits & ((1ull << mb) - 1);
    uint32_t be = (uint32_t)(bits >> mb) & ((1u << ptx_fmt_ebits(f)) - 1);
    ptx_unpacked_t u;
    u.sign = (bits & ptx_fmt_sign(f)) != 0;
    u.exp = 0;
    u.m = frac;
    if (be == (1u << ptx_fmt_ebits(f)) - 1) {
        u.cls = frac ? PTX_FC_NAN : PTX_FC_INF;
    } else if (be == 0) {
        u.cls = frac ? PTX_FC_FINITE : PTX_FC_ZERO;
        u.exp = 1 - ptx_fmt_bias(f) - (int32_t)mb;
    } else {
        u.cls = PTX_FC_FINITE;
        u.m = frac | (1ull << mb);
        u.exp = (int32_t)be - ptx_fmt_bias(f) - (int32_t)mb;
    }
    return u;
}

/* Whether a rounding mode adds one unit to `kept`, given the first bit
 * below it (rbit) and whether any lower bit is set (sticky). */
SIM_INLINE uint32_t ptx_round_up(uint32_t mode, uint32_t sign, uint64_t kept, uint32_t rbit, uint32_t sticky)
{
    switch (mode) {
    case PTX_RND_RZ: case PTX_RND_RZI: return 0;
    case PTX_RND_RM: case PTX_RND_RMI: return sign && (rbit || sticky);
    case PTX_RND_RP: case PTX_RND_RPI: return !sign && (rbit || sticky);
    case PTX_RND_RNA: return rbit;
    default: return rbit && (sticky || (kept & 1));
    }
}

/* Overflow: infinity, or the largest finite value where the mode rounds
 * toward zero. */
SIM_INLINE uint64_t ptx_soft_overflow(uint32_t f, uint32_t sign, uint32_t mode)
{
    int to_max = mode == PTX_RND_RZ || (mode == PTX_RND_RM && !sign) || (mode == PTX_RND_RP && sign);
    return to_max ? ptx_fmt_max(f, sign) : ptx_fmt_inf(f, sign);
}

/* What a rounding lost (ptx_soft_round_x): the IEEE exceptions it raises,
 * and whether the exact value was tiny, below the smallest normal number
 * before rounding (ARM's tininess rule, which its flush-to-zero tests
 * too). PTX ignores them; ARM's VFP accumulates them in the FPSCR. */
#define SOFT_X_INEXACT   1u
#define SOFT_X_UNDERFLOW 2u /* tiny and inexact */
#define SOFT_X_OVERFLOW  4u
#define SOFT_X_TINY      8u

/* sig * 2^exp (sig != 0, below 2^127) rounded once into format f; *x
 * gets the SOFT_X_* bits. */
SIM_FN uint64_t ptx_soft_round_x(uint32_t f, uint32_t sign, int32_t exp, fp80_u128_t sig, uint32_t mode,
                                 uint32_t *x)
{
    int32_t mb = (int32_t)ptx_fmt_mbits(f), bias = ptx_fmt_bias(f);
    int32_t lead = exp + 127 - (int32_t)fp80_clz128(sig);
    int32_t q = lead < 1 - bias ? 1 - bias - mb : lead - mb; /* the result's unit */
    int32_t shift = q - exp;
    uint64_t kept;
    *x = lead < 1 - bias ? SOFT_X_TINY : 0u;
    if (shift <= 0) {
        kept = fp80_shl128(sig, (uint32_t)-shift).lo;
    } else {
        uint32_t sticky;
        fp80_u128_t t = fp80_shr128(sig, (uint32_t)shift - 1, &sticky);
        kept = (t.lo >> 1) | (t.hi << 63);
        if ((t.lo & 1) | sticky)
            *x |= (*x & SOFT_X_TINY) ? SOFT_X_INEXACT | SOFT_X_UNDERFLOW : SOFT_X_INEXACT;
        kept += ptx_round_up(mode, sign, kept, (uint32_t)t.lo & 1, sticky);
    }
    if (kept >> (mb + 1)) {
        kept >>= 1;
        q++;
    }
    uint64_t s = sign ? ptx_fmt_sign(f) : 0;
    if (kept == 0)
        return s;
    uint64_t be = kept >> mb ? (uint64_t)(q + mb + bias) : 0;
    if (be >= (1ull << ptx_fmt_ebits(f)) - 1) {
        *x |= SOFT_X_OVERFLOW | SOFT_X_INEXACT;
        return ptx_soft_overflow(f, sign, mode);
    }
    return s | (be << mb) | (kept & ((1ull << mb) - 1));
}

SIM_INLINE uint64_t ptx_soft_round(uint32_t f, uint32_t sign, int32_t exp, fp80_u128_t sig, uint32_t mode)
{
    uint32_t x;
    return ptx_soft_round_x(f, sign, exp, sig, mode, &x);
}

SIM_INLINE uint64_t ptx_soft_round64(uint32_t f, uint32_t sign, int32_t exp, uint64_t m, uint32_t mode)
{
    return ptx_soft_round(f, sign, exp, fp80_u128(0, m), mode);
}

/* The exact zero of x - x: +0, -0 when rounding toward minus infinity. */
SIM_INLINE uint64_t ptx_soft_exact_zero(uint32_t f, uint32_t mode)
{
    return mode == PTX_RND_RM ? ptx_fmt_sign(f) : 0;
}

/* (sa, ea, a) + (sb, eb, b), both nonzero, rounded into f;
 * *x: SOFT_X_* bits. */
SIM_FN uint64_t ptx_soft_sum_x(uint32_t f, uint32_t sa, int32_t ea, fp80_u128_t a, uint32_t sb, int32_t eb,
                               fp80_u128_t b, uint32_t mode, uint32_t *x)
{
    a = fp80_norm128(a, &ea);
    b = fp80_norm128(b, &eb);
    a = fp80_shr128_jam(a, 2), ea += 2; /* bit 125: room for the carry */
    b = fp80_shr128_jam(b, 2), eb += 2;
    if (eb > ea || (eb == ea && fp80_cmp128(b, a) > 0)) {
        fp80_u128_t t = a; a = b; b = t;
        int32_t te = ea; ea = eb; eb = te;
        uint32_t ts = sa; sa = sb; sb = ts;
    }
    b = fp80_shr128_jam(b, (uint32_t)(ea - eb) > 200 ? 200u : (uint32_t)(ea - eb));
    fp80_u128_t r = sa == sb ? fp80_add128(a, b) : fp80_sub128(a, b);
    *x = 0;
    if ((r.hi | r.lo) == 0)
        return ptx_soft_exact_zero(f, mode);
    return ptx_soft_round_x(f, sa, ea, r, mode, x);
}

SIM_INLINE uint64_t ptx_soft_sum(uint32_t f, uint32_t sa, int32_t ea, fp80_u128_t a, uint32_t sb, int32_t eb,
                                 fp80_u128_t b, uint32_t mode)
{
    uint32_t x;
    return ptx_soft_sum_x(f, sa, ea, a, sb, eb, b, mode, &x);
}

SIM_FN uint64_t ptx_soft_add(uint32_t f, uint64_t x, uint64_t y, uint32_t mode)
{
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
    if (a.cls == PTX_FC_NAN || b.cls == PTX_FC_NAN)
        return ptx_fmt_nan(f);
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_INF) {
        if (a.cls == PTX_FC_INF && b.cls == PTX_FC_INF && a.sign != b.sign)
            return ptx_fmt_nan(f);
        return ptx_fmt_inf(f, a.cls == PTX_FC_INF ? a.sign : b.sign);
    }
    if (a.cls == PTX_FC_ZERO && b.cls == PTX_FC_ZERO)
        return a.sign == b.sign ? (a.sign ? ptx_fmt_sign(f) : 0) : ptx_soft_exact_zero(f, mode);
    if (a.cls == PTX_FC_ZERO)
        return y & ptx_fmt_mask(f);
    if (b.cls == PTX_FC_ZERO)
        return x & ptx_fmt_mask(f);
    return ptx_soft_sum(f, a.sign, a.exp, fp80_u128(0, a.m), b.sign, b.exp, fp80_u128(0, b.m), mode);
}

SIM_FN uint64_t ptx_soft_mul(uint32_t f, uint64_t x, uint64_t y, uint32_t mode)
{
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
    uint32_t sign = a.sign ^ b.sign;
    if (a.cls == PTX_FC_NAN || b.cls == PTX_FC_NAN)
        return ptx_fmt_nan(f);
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_INF)
        return a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO ? ptx_fmt_nan(f) : ptx_fmt_inf(f, sign);
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO)
        return sign ? ptx_fmt_sign(f) : 0;
    return ptx_soft_round(f, sign, a.exp + b.exp, fp80_mul64(a.m, b.m), mode);
}

/* x * y + z with one rounding. */
SIM_FN uint64_t ptx_soft_fma(uint32_t f, uint64_t x, uint64_t y, uint64_t z, uint32_t mode)
{
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y), c = ptx_unpack(f, z);
    uint32_t ps = a.sign ^ b.sign;
    if (a.cls == PTX_FC_NAN || b.cls == PTX_FC_NAN || c.cls == PTX_FC_NAN)
        return ptx_fmt_nan(f);
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_INF) {
        if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO || (c.cls == PTX_FC_INF && c.sign != ps))
            return ptx_fmt_nan(f);
        return ptx_fmt_inf(f, ps);
    }
    if (c.cls == PTX_FC_INF)
        return ptx_fmt_inf(f, c.sign);
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO) {
        if (c.cls != PTX_FC_ZERO)
            return z & ptx_fmt_mask(f);
        return ps == c.sign ? (ps ? ptx_fmt_sign(f) : 0) : ptx_soft_exact_zero(f, mode);
    }
    fp80_u128_t p = fp80_mul64(a.m, b.m);
    if (c.cls == PTX_FC_ZERO)
        return ptx_soft_round(f, ps, a.exp + b.exp, p, mode);
    return ptx_soft_sum(f, ps, a.exp + b.exp, p, c.sign, c.exp, fp80_u128(0, c.m), mode);
}

/* Normalizes a finite nonzero significand to bit 63. */
SIM_INLINE uint64_t ptx_norm64(uint64_t m, int32_t *exp)
{
    uint32_t n = fp80_clz64(m);
    *exp -= (int32_t)n;
    return m << n;
}

/* a / b for finite nonzero a, b, rounded once; *x: SOFT_X_* bits. */
SIM_FN uint64_t ptx_soft_quot_x(uint32_t f, ptx_unpacked_t a, ptx_unpacked_t b, uint32_t mode, uint32_t *x)
{
    uint64_t ma = ptx_norm64(a.m, &a.exp), mb = ptx_norm64(b.m, &b.exp), rem;
    uint64_t q = fp80_div128(ma >> 1, ma << 63, mb, &rem); /* ma * 2^63 / mb, above 2^62 */
    return ptx_soft_round_x(f, a.sign ^ b.sign, a.exp - b.exp - 64,
                            fp80_u128(q >> 63, (q << 1) | (rem != 0)), mode, x);
}

SIM_FN uint64_t ptx_soft_div(uint32_t f, uint64_t x, uint64_t y, uint32_t mode)
{
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
    uint32_t sign = a.sign ^ b.sign, lost;
    if (a.cls == PTX_FC_NAN || b.cls == PTX_FC_NAN || (a.cls == b.cls && (a.cls == PTX_FC_INF || a.cls == PTX_FC_ZERO)))
        return ptx_fmt_nan(f);
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_ZERO)
        return ptx_fmt_inf(f, sign);
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_INF)
        return sign ? ptx_fmt_sign(f) : 0;
    return ptx_soft_quot_x(f, a, b, mode, &lost);
}

/* The square root of a finite positive a, rounded once; *x: SOFT_X_* bits. */
SIM_FN uint64_t ptx_soft_root_x(uint32_t f, ptx_unpacked_t a, uint32_t mode, uint32_t *x)
{
    int32_t e = a.exp;
    fp80_u128_t n = fp80_norm128(fp80_u128(0, a.m), &e); /* bit 127 */
    if (e & 1) {
        uint32_t lost; /* 0: the low bits of a 53-bit significand */
        n = fp80_shr128(n, 1, &lost);
        e++;
    }
    fp80_u128_t rem;
    uint64_t r = fp80_isqrt128(n, &rem);
    return ptx_soft_round_x(f, 0, e / 2 - 1, fp80_u128(r >> 63, (r << 1) | ((rem.hi | rem.lo) != 0)), mode, x);
}

SIM_FN uint64_t ptx_soft_sqrt(uint32_t f, uint64_t x, uint32_t mode)
{
    ptx_unpacked_t a = ptx_unpack(f, x);
    uint32_t lost;
    if (a.cls == PTX_FC_NAN || (a.sign && a.cls != PTX_FC_ZERO))
        return ptx_fmt_nan(f);
    if (a.cls != PTX_FC_FINITE)
        return x & ptx_fmt_mask(f);
    return ptx_soft_root_x(f, a, mode, &lost);
}

#endif
