/* The PTX .approx instructions. Hardware computes them with table-driven
 * approximations whose exact bits NVIDIA does not publish; this simulator
 * computes each in double precision and rounds once to the result format
 * (to nearest): the value is the correctly rounded one except where the
 * double result lies within its own error of a rounding boundary, so it is
 * well within NVIDIA's published bounds, which the tests check against
 * MPFR (test/unit/test_ptx_alu_approx.c):
 *
 *   instruction              NVIDIA's maximum error (PTX ISA; CUDA C Programming Guide intrinsic)
 *   rcp.approx.f32           1 ulp, full range
 *   sqrt.approx.f32          relative 2^-23
 *   rsqrt.approx.f32         relative 2^-22.9               (rsqrtf: 2 ulp)
 *   div.approx.f32           2 ulp for |b| in [2^-126, 2^126]  (__fdividef)
 *   div.full.f32             2 ulp, full range
 *   sin/cos.approx.f32       absolute 2^-20.5 in [-100pi, 100pi] (__sinf: 2^-21.41, __cosf:
 *                            2^-21.19 in [-pi, pi])
 *   lg2.approx.f32           absolute 2^-22 for x in [0.5, 2], else 2 ulp (__log2f)
 *   ex2.approx.f32           2 ulp                            (__expf: 2 + floor(|1.173 x|) ulp)
 *   tanh.approx.f32          relative 2^-10.987
 *   ex2/tanh.approx .f16 .bf16 (and x2): relative 2^-9.9 (f16), 2^-7 (bf16)
 *
 * div.approx is computed as PTX defines it, a * (1/b) with both steps
 * rounded and the reciprocal flushed (so |b| past 2^126 gives 0, or NaN
 * for an infinite a, as the ISA says); div.full as the correctly rounded
 * quotient. rsqrt(-0) is -inf, lg2(0) -inf, ex2(-inf) +0. */
#ifndef PTX_ALU_APPROX_H
#define PTX_ALU_APPROX_H

#include "device/ptx/ptx_alu_float.h"

/* A double rounded to format f, to nearest (NaN: canonical). */
SIM_FN uint64_t ptx_from_double(uint32_t f, double v)
{
    if (v != v)
        return ptx_fmt_nan(f);
    if (f == PTX_FMT_F64)
        return ptx_f64_bits(v);
    if (f == PTX_FMT_F32)
        return ptx_f32_bits((float)v);
    ptx_unpacked_t u = ptx_unpack(PTX_FMT_F64, ptx_f64_bits(v));
    if (u.cls == PTX_FC_INF)
        return ptx_fmt_inf(f, u.sign);
    if (u.cls == PTX_FC_ZERO)
        return u.sign ? ptx_fmt_sign(f) : 0;
    return ptx_soft_round64(f, u.sign, u.exp, u.m, PTX_RND_RN);
}

/* A value of format f as a double (exact). */
SIM_FN double ptx_to_double(uint32_t f, uint64_t x)
{
    if (f == PTX_FMT_F64)
        return ptx_f64(x);
    if (f == PTX_FMT_F32)
        return (double)ptx_f32(x);
    if (f == PTX_FMT_BF16) /* the upper half of an f32 */
        return (double)ptx_f32(x << 16);
    ptx_unpacked_t u = ptx_unpack(f, x);
    if (u.cls == PTX_FC_NAN)
        return (double)ptx_f32(0x7fffffffu);
    if (u.cls == PTX_FC_INF)
        return u.sign ? -HUGE_VAL : HUGE_VAL;
    double m = ldexp((double)u.m, u.exp);
    return u.sign ? -m : m;
}

/* sin cos lg2 ex2 tanh rsqrt (.approx), in format f. */
SIM_FN uint64_t ptx_approx(uint32_t op, uint32_t f, uint64_t x)
{
    double v = ptx_to_double(f, x), r;
    switch (op) {
    case PTX_OP_SIN: r = sin(v); break;
    case PTX_OP_COS: r = cos(v); break;
    case PTX_OP_LG2: r = log2(v); break;
    case PTX_OP_EX2: r = exp2(v); break;
    case PTX_OP_TANH: r = tanh(v); break;
    default: r = 1.0 / sqrt(v); break; /* RSQRT */
    }
    return ptx_from_double(f, r);
}

/* div.approx: a * (1/b), each step rounded; the reciprocal is always
 * flushed, which gives the ISA's 0 (NaN for an infinite a) for
 * 2^126 < |b| < 2^128. */
SIM_FN uint64_t ptx_div_approx(uint32_t f, uint64_t a, uint64_t b)
{
    uint64_t one = (uint64_t)ptx_fmt_bias(f) << ptx_fmt_mbits(f);
    uint64_t r = ptx_flush(f, ptx_fdiv(f, one, b, PTX_RND_RN));
    return ptx_fmul(f, a, r, PTX_RND_RN);
}

#endif
