/* The common case of VFP arithmetic on the host's or the GPU's own IEEE
 * arithmetic: RMode round-to-nearest with neither FZ nor DN, finite normal
 * operands whose result is normal. Both run in round to nearest (the
 * simulator never changes the host's mode; on the GPU the _rn intrinsics
 * name it and are never contracted into fused operations), so the result
 * is the integer path's. The one flag such an operation can raise is IXC,
 * found by an exactness check: TwoSum's error term for sums, the residual
 * a*b - p, a - q*b, a - r*r by one fused multiply-add for the rest. For
 * those residuals to be exact the operands' exponents stay in a middle
 * range (|e| <= 30 single, 400 double), far from underflow. Each function
 * returns 0 where it does not apply, and the caller takes the integer path
 * (softfloat/vfp_fp.h). The tests reach both paths: test_arm_vfp_mpfr.c's
 * round-to-nearest cases, and vfp_ops.c's under qemu-arm. */
#ifndef SOFTFLOAT_VFP_FAST_H
#define SOFTFLOAT_VFP_FAST_H

#include <math.h>

#include "device/softfloat/binary.h"
#include "device/softfloat/bits.h"

#ifdef __CUDA_ARCH__
#define VFP_ADD(f, a, b) ((f) == PTX_FMT_F32 ? (double)__fadd_rn((float)(a), (float)(b)) : __dadd_rn(a, b))
#define VFP_MUL(f, a, b) ((f) == PTX_FMT_F32 ? (double)__fmul_rn((float)(a), (float)(b)) : __dmul_rn(a, b))
#define VFP_DIV(f, a, b) ((f) == PTX_FMT_F32 ? (double)__fdiv_rn((float)(a), (float)(b)) : __ddiv_rn(a, b))
#define VFP_SQRT(f, a) ((f) == PTX_FMT_F32 ? (double)__fsqrt_rn((float)(a)) : __dsqrt_rn(a))
#define VFP_FMA(f, a, b, c)                                                                              \
    ((f) == PTX_FMT_F32 ? (double)__fmaf_rn((float)(a), (float)(b), (float)(c)) : __fma_rn(a, b, c))
#else
#define VFP_ADD(f, a, b) ((f) == PTX_FMT_F32 ? (double)((float)(a) + (float)(b)) : (a) + (b))
#define VFP_MUL(f, a, b) ((f) == PTX_FMT_F32 ? (double)((float)(a) * (float)(b)) : (a) * (b))
#define VFP_DIV(f, a, b) ((f) == PTX_FMT_F32 ? (double)((float)(a) / (float)(b)) : (a) / (b))
#define VFP_SQRT(f, a) ((f) == PTX_FMT_F32 ? (double)sqrtf((float)(a)) : sqrt(a))
#define VFP_FMA(f, a, b, c) ((f) == PTX_FMT_F32 ? (double)fmaf((float)(a), (float)(b), (float)(c)) : fma(a, b, c))
#endif

/* Round to nearest, no FZ, no DN: the FPSCR's controls all zero. */
SIM_INLINE int vfp_fast_fpscr(uint32_t fpscr) { return (fpscr & 0x03c00000u) == 0; }

SIM_INLINE double vfp_fast_get(uint32_t f, uint64_t x)
{
    return f == PTX_FMT_F32 ? (double)ptx_f32(x) : ptx_f64(x);
}

SIM_INLINE uint64_t vfp_fast_bits(uint32_t f, double v)
{
    return f == PTX_FMT_F32 ? ptx_f32_bits((float)v) : ptx_f64_bits(v);
}

/* The biased exponent field */
SIM_INLINE uint32_t vfp_fast_exp(uint32_t f, uint64_t x)
{
    return (uint32_t)(x >> ptx_fmt_mbits(f)) & ((1u << ptx_fmt_ebits(f)) - 1u);
}

SIM_INLINE int vfp_fast_normal(uint32_t f, uint64_t x)
{
    return vfp_fast_exp(f, x) - 1u < (1u << ptx_fmt_ebits(f)) - 2u;
}

/* |unbiased exponent| <= 30 (single) or 400 (double) */
SIM_INLINE int vfp_fast_middle(uint32_t f, uint64_t x)
{
    uint32_t lim = f == PTX_FMT_F32 ? 30u : 400u;
    return vfp_fast_exp(f, x) - ((uint32_t)ptx_fmt_bias(f) - lim) <= 2u * lim;
}

SIM_INLINE int vfp_fast_addsub(uint32_t f, uint64_t x, uint64_t y, uint32_t sub, uint32_t *fpscr, uint64_t *r)
{
    if (!vfp_fast_fpscr(*fpscr) || !vfp_fast_normal(f, x) || !vfp_fast_normal(f, y))
        return 0;
    double a = vfp_fast_get(f, x), b = vfp_fast_get(f, sub ? y ^ ptx_fmt_sign(f) : y);
    double s = VFP_ADD(f, a, b);
    *r = vfp_fast_bits(f, s);
    if (!vfp_fast_normal(f, *r))
        return 0;
    double bv = VFP_ADD(f, s, -a), av = VFP_ADD(f, s, -bv); /* TwoSum */
    if (VFP_ADD(f, VFP_ADD(f, a, -av), VFP_ADD(f, b, -bv)) != 0.0)
        *fpscr |= 0x10u; /* IXC */
    return 1;
}

/* kind: 0 multiply, 1 divide, 2 square root (y unused) */
SIM_INLINE int vfp_fast_muldiv(uint32_t f, uint64_t x, uint64_t y, uint32_t kind, uint32_t *fpscr, uint64_t *r)
{
    if (!vfp_fast_fpscr(*fpscr) || !vfp_fast_middle(f, x) || (kind != 2u && !vfp_fast_middle(f, y)) ||
        (kind == 2u && (x & ptx_fmt_sign(f))))
        return 0;
    double a = vfp_fast_get(f, x), b = vfp_fast_get(f, y), p, e;
    if (kind == 0u) {
        p = VFP_MUL(f, a, b);
        e = VFP_FMA(f, a, b, -p);
    } else if (kind == 1u) {
        p = VFP_DIV(f, a, b);
        e = VFP_FMA(f, -p, b, a);
    } else {
        p = VFP_SQRT(f, a);
        e = VFP_FMA(f, -p, p, a);
    }
    *r = vfp_fast_bits(f, p);
    if (e != 0.0)
        *fpscr |= 0x10u; /* IXC */
    return 1;
}

#endif
