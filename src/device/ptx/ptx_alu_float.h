/* PTX float arithmetic on f32 and f64 (and, through the soft core, the
 * scalar halves): add sub mul fma/mad div rcp sqrt abs neg min max
 * copysign testp, with .ftz (subnormal inputs and results flushed to zero,
 * sign kept) and .sat (clamped to [0, 1], NaN to +0).
 *
 * Round to nearest on f32/f64 is the host's or GPU's own IEEE arithmetic
 * (correctly rounded; NaN results replaced by the canonical NaN); every
 * other rounding mode goes through softfloat/binary.h, exact on both. */
#ifndef PTX_ALU_FLOAT_H
#define PTX_ALU_FLOAT_H

#include <math.h>

#include "device/softfloat/binary.h"

/* The ptx_fmt_t of a float type (f16x2/bf16x2: of one half). */
SIM_INLINE uint32_t ptx_fmt_of(uint32_t t)
{
    switch (t) {
    case PTX_T_F16: case PTX_T_F16X2: return PTX_FMT_F16;
    case PTX_T_BF16: case PTX_T_BF16X2: return PTX_FMT_BF16;
    case PTX_T_F64: return PTX_FMT_F64;
    default: return PTX_FMT_F32;
    }
}

SIM_INLINE uint32_t ptx_fmt_bits(uint32_t f)
{
    return ptx_fmt_mbits(f) + ptx_fmt_ebits(f) + 1;
}

SIM_INLINE int ptx_is_nan(uint32_t f, uint64_t x)
{
    return (x & ~ptx_fmt_sign(f)) > ptx_fmt_inf(f, 0);
}

/* .ftz: a subnormal becomes a zero of its sign. */
SIM_INLINE uint64_t ptx_flush(uint32_t f, uint64_t x)
{
    uint64_t exp_mask = ptx_fmt_inf(f, 0);
    return (x & exp_mask) == 0 ? x & ptx_fmt_sign(f) : x;
}

/* .sat: [0, 1], NaN to +0. */
SIM_INLINE uint64_t ptx_saturate(uint32_t f, uint64_t x)
{
    uint64_t one = (uint64_t)ptx_fmt_bias(f) << ptx_fmt_mbits(f);
    if (ptx_is_nan(f, x) || (x & ptx_fmt_sign(f)))
        return 0;
    return x > one ? one : x;
}

SIM_INLINE uint32_t ptx_f32_canon(float r)
{
    return r != r ? 0x7fffffffu : ptx_f32_bits(r);
}

SIM_INLINE uint64_t ptx_f64_canon(double r)
{
    return r != r ? 0x7fffffffffffffffull : ptx_f64_bits(r);
}

/* x + y, x * y, x * y + z, x / y, sqrt x in format f, rounding mode m. */
SIM_FN uint64_t ptx_fadd(uint32_t f, uint64_t x, uint64_t y, uint32_t m)
{
    if (m <= PTX_RND_RN && f == PTX_FMT_F32)
        return ptx_f32_canon(ptx_f32(x) + ptx_f32(y));
    if (m <= PTX_RND_RN && f == PTX_FMT_F64)
        return ptx_f64_canon(ptx_f64(x) + ptx_f64(y));
    return ptx_soft_add(f, x, y, m);
}

SIM_FN uint64_t ptx_fmul(uint32_t f, uint64_t x, uint64_t y, uint32_t m)
{
    if (m <= PTX_RND_RN && f == PTX_FMT_F32)
        return ptx_f32_canon(ptx_f32(x) * ptx_f32(y));
    if (m <= PTX_RND_RN && f == PTX_FMT_F64)
        return ptx_f64_canon(ptx_f64(x) * ptx_f64(y));
    return ptx_soft_mul(f, x, y, m);
}

SIM_FN uint64_t ptx_ffma(uint32_t f, uint64_t x, uint64_t y, uint64_t z, uint32_t m)
{
    if (m <= PTX_RND_RN && f == PTX_FMT_F32)
        return ptx_f32_canon(fmaf(ptx_f32(x), ptx_f32(y), ptx_f32(z)));
    if (m <= PTX_RND_RN && f == PTX_FMT_F64)
        return ptx_f64_canon(fma(ptx_f64(x), ptx_f64(y), ptx_f64(z)));
    return ptx_soft_fma(f, x, y, z, m);
}

SIM_FN uint64_t ptx_fdiv(uint32_t f, uint64_t x, uint64_t y, uint32_t m)
{
    if (m <= PTX_RND_RN && f == PTX_FMT_F32)
        return ptx_f32_canon(ptx_f32(x) / ptx_f32(y));
    if (m <= PTX_RND_RN && f == PTX_FMT_F64)
        return ptx_f64_canon(ptx_f64(x) / ptx_f64(y));
    return ptx_soft_div(f, x, y, m);
}

SIM_FN uint64_t ptx_fsqrt(uint32_t f, uint64_t x, uint32_t m)
{
    if (m <= PTX_RND_RN && f == PTX_FMT_F32)
        return ptx_f32_canon(sqrtf(ptx_f32(x)));
    if (m <= PTX_RND_RN && f == PTX_FMT_F64)
        return ptx_f64_canon(sqrt(ptx_f64(x)));
    return ptx_soft_sqrt(f, x, m);
}

/* Total order of two non-NaN values: -1, 0, 1 (with -0 < +0). */
SIM_INLINE int ptx_fcmp_total(uint32_t f, uint64_t x, uint64_t y)
{
    uint64_t s = ptx_fmt_sign(f);
    int64_t kx = (x & s) ? -(int64_t)(x & ~s) - 1 : (int64_t)x;
    int64_t ky = (y & s) ? -(int64_t)(y & ~s) - 1 : (int64_t)y;
    return kx < ky ? -1 : kx > ky;
}

/* min/max: one NaN operand gives the other; both NaN (or either, with
 * .NaN) the canonical NaN; -0 counts below +0; .relu: negative results 0. */
SIM_FN uint64_t ptx_fminmax(uint32_t f, uint64_t x, uint64_t y, int is_max, uint32_t flags)
{
    int nx = ptx_is_nan(f, x), ny = ptx_is_nan(f, y);
    uint64_t r;
    if ((nx && ny) || ((flags & PTX_MF_NAN) && (nx || ny)))
        return ptx_fmt_nan(f);
    if (nx || ny)
        r = nx ? y : x;
    else
        r = (ptx_fcmp_total(f, x, y) < 0) != is_max ? x : y;
    if ((flags & PTX_MF_RELU) && (r & ptx_fmt_sign(f)))
        r = 0;
    return r;
}

SIM_INLINE uint32_t ptx_testp(uint32_t f, uint64_t x, uint32_t which)
{
    uint64_t mag = x & ~ptx_fmt_sign(f), inf = ptx_fmt_inf(f, 0);
    switch (which) {
    case PTX_TESTP_FINITE: return mag < inf;
    case PTX_TESTP_INFINITE: return mag == inf;
    case PTX_TESTP_NUMBER: return mag <= inf;
    case PTX_TESTP_NOTANUMBER: return mag > inf;
    case PTX_TESTP_NORMAL: return mag < inf && (mag >> ptx_fmt_mbits(f)) != 0;
    default: return mag != 0 && (mag >> ptx_fmt_mbits(f)) == 0; /* SUBNORMAL */
    }
}

#endif
