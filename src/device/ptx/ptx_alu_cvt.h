/* PTX cvt: every combination of the integer types, f16, bf16, f32 and f64
 * (and the packing f16x2/bf16x2 <- two f32). Float rounding .rn .rz .rm
 * .rp .rna, integer rounding .rni .rzi .rmi .rpi, .ftz (f32 sources and
 * results), .sat, .relu, .satfinite. A float to integer conversion
 * saturates to the destination's range and turns NaN into 0 (PTX ISA). */
#ifndef PTX_ALU_CVT_H
#define PTX_ALU_CVT_H

#include "device/ptx/ptx_alu_float.h"

/* A finite value rounded to an integer magnitude; *over when it is 2^64
 * or more. */
SIM_INLINE uint64_t ptx_round_to_int(ptx_unpacked_t u, uint32_t mode, uint32_t *over)
{
    *over = 0;
    if (u.cls != PTX_FC_FINITE)
        return 0;
    if (u.exp >= 0) {
        *over = 64 - ptx_clz64(u.m) + (uint32_t)u.exp > 64;
        return *over ? 0 : u.m << u.exp;
    }
    uint32_t sh = (uint32_t)-u.exp, rbit, sticky;
    uint64_t kept;
    if (sh > 64) {
        kept = 0, rbit = 0, sticky = 1;
    } else if (sh == 64) {
        kept = 0, rbit = (uint32_t)(u.m >> 63), sticky = (u.m << 1) != 0;
    } else {
        kept = u.m >> sh;
        rbit = (uint32_t)(u.m >> (sh - 1)) & 1;
        sticky = (u.m & ((1ull << (sh - 1)) - 1)) != 0;
    }
    return kept + ptx_round_up(mode, u.sign, kept, rbit, sticky);
}

/* sign and magnitude clamped into integer type t. */
SIM_INLINE uint64_t ptx_clamp_int(uint32_t t, uint32_t sign, uint64_t mag, uint32_t over)
{
    uint32_t bits = ptx_type_bits(t);
    if (!ptx_type_signed(t)) {
        if (sign)
            return 0;
        return over || mag > ptx_mask_bits(bits) ? ptx_mask_bits(bits) : mag;
    }
    uint64_t lim = 1ull << (bits - 1); /* |min| */
    if (sign)
        return ptx_trunc(over || mag > lim ? lim : 0 - mag, bits);
    return over || mag > lim - 1 ? lim - 1 : mag;
}

SIM_INLINE uint32_t ptx_int_round_mode(uint32_t m)
{
    return m == PTX_RND_NONE ? PTX_RND_RZI : m;
}

SIM_FN uint64_t ptx_cvt_f2i(uint32_t dt, uint32_t st, uint32_t round, uint32_t flags, uint64_t a)
{
    uint32_t f = ptx_fmt_of(st), over;
    if ((flags & PTX_MF_FTZ) && f == PTX_FMT_F32)
        a = ptx_flush(f, a);
    ptx_unpacked_t u = ptx_unpack(f, a);
    if (u.cls == PTX_FC_NAN)
        return 0;
    uint64_t mag = ptx_round_to_int(u, ptx_int_round_mode(round), &over);
    return ptx_clamp_int(dt, u.sign, mag, over || u.cls == PTX_FC_INF);
}

/* Float rounding of cvt: none means .rn. */
SIM_INLINE uint32_t ptx_float_round_mode(uint32_t m)
{
    return m == PTX_RND_NONE ? PTX_RND_RN : m;
}

SIM_FN uint64_t ptx_cvt_i2f(uint32_t dt, uint32_t st, uint32_t round, uint64_t a)
{
    uint32_t f = ptx_fmt_of(dt), mode = ptx_float_round_mode(round);
    uint64_t v = ptx_ext(a, st);
    if (mode == PTX_RND_RN && f == PTX_FMT_F32)
        return ptx_type_signed(st) ? ptx_f32_bits((float)(int64_t)v) : ptx_f32_bits((float)v);
    if (mode == PTX_RND_RN && f == PTX_FMT_F64)
        return ptx_type_signed(st) ? ptx_f64_bits((double)(int64_t)v) : ptx_f64_bits((double)v);
    uint32_t sign = ptx_type_signed(st) && (int64_t)v < 0;
    uint64_t mag = sign ? 0 - v : v;
    return mag ? ptx_soft_round64(f, sign, 0, mag, mode) : 0;
}

/* A float rounded to an integral value in its own format (.rni ...). */
SIM_FN uint64_t ptx_round_integral(uint32_t f, uint64_t a, uint32_t mode)
{
    ptx_unpacked_t u = ptx_unpack(f, a);
    if (u.cls == PTX_FC_NAN)
        return ptx_fmt_nan(f);
    if (u.cls != PTX_FC_FINITE || u.exp >= 0)
        return a;
    uint32_t over;
    uint64_t mag = ptx_round_to_int(u, mode, &over);
    if (mag == 0)
        return u.sign ? ptx_fmt_sign(f) : 0;
    return ptx_soft_round64(f, u.sign, 0, mag, PTX_RND_RN);
}

/* f16 to f32 exactly, by its fields (every f16 value is an f32 one, so no
 * rounding): a NaN keeps its payload, made quiet, as the tensor cores read
 * one; cvt makes it the canonical NaN before this. */
SIM_INLINE float ptx_f16_widen(uint32_t h)
{
    uint32_t sign = (h & 0x8000u) << 16, e = h >> 10 & 0x1fu, m = h & 0x3ffu;
    if (e == 31)
        return ptx_f32(sign | 0x7f800000u | (m ? 0x400000u : 0) | m << 13);
    if (e == 0) {
        float v = (float)m * 0x1p-24f;   /* subnormal or zero: exact */
        return sign ? -v : v;
    }
    return ptx_f32(sign | (e + 112) << 23 | m << 13);
}

/* Float to float of another (or the same) format, before .sat/.relu. The
 * exact widenings (f16 to f32, f32 to f64) skip the general rounding. */
SIM_FN uint64_t ptx_cvt_f2f_raw(uint32_t df, uint32_t sf, uint32_t round, uint64_t a)
{
    if (round < PTX_RND_RNI && !ptx_is_nan(sf, a)) {
        if (sf == PTX_FMT_F16 && df == PTX_FMT_F32)
            return ptx_f32_bits(ptx_f16_widen((uint32_t)a));
        if (sf == PTX_FMT_F32 && df == PTX_FMT_F64)
            return ptx_f64_bits((double)ptx_f32((uint32_t)a));
    }
    if (round >= PTX_RND_RNI) {
        a = ptx_round_integral(sf, a, round);
        round = PTX_RND_RN;
    }
    ptx_unpacked_t u = ptx_unpack(sf, a);
    switch (u.cls) {
    case PTX_FC_NAN: return ptx_fmt_nan(df);
    case PTX_FC_INF: return ptx_fmt_inf(df, u.sign);
    case PTX_FC_ZERO: return u.sign ? ptx_fmt_sign(df) : 0;
    }
    if (df == PTX_FMT_F32 && sf == PTX_FMT_F64 && ptx_float_round_mode(round) == PTX_RND_RN)
        return ptx_f32_bits((float)ptx_f64(a));
    return ptx_soft_round64(df, u.sign, u.exp, u.m, ptx_float_round_mode(round));
}

/* .satfinite: infinities become the largest finite value of their sign. */
SIM_INLINE uint64_t ptx_satfinite(uint32_t f, uint64_t x)
{
    if ((x & ~ptx_fmt_sign(f)) == ptx_fmt_inf(f, 0))
        return ptx_fmt_max(f, (x & ptx_fmt_sign(f)) != 0);
    return x;
}

SIM_FN uint64_t ptx_cvt_f2f(uint32_t dt, uint32_t st, uint32_t round, uint32_t flags, uint64_t a)
{
    uint32_t df = ptx_fmt_of(dt), sf = ptx_fmt_of(st);
    if ((flags & PTX_MF_FTZ) && sf == PTX_FMT_F32)
        a = ptx_flush(sf, a);
    uint64_t r = ptx_cvt_f2f_raw(df, sf, round, a);
    if ((flags & PTX_MF_SATFINITE) && !ptx_is_nan(sf, a))
        r = ptx_satfinite(df, r);
    if ((flags & PTX_MF_FTZ) && df == PTX_FMT_F32)
        r = ptx_flush(df, r);
    if (flags & PTX_MF_SAT)
        r = ptx_saturate(df, r);
    if ((flags & PTX_MF_RELU) && !ptx_is_nan(df, r) && (r & ptx_fmt_sign(df)))
        r = 0;
    return r;
}

/* Integer to integer: truncated or extended; .sat clamps to the range. */
SIM_INLINE uint64_t ptx_cvt_i2i(uint32_t dt, uint32_t st, uint32_t flags, uint64_t a)
{
    uint64_t v = ptx_ext(a, st);
    if (!(flags & PTX_MF_SAT))
        return ptx_trunc(v, ptx_type_bits(dt));
    uint32_t sign = ptx_type_signed(st) && (int64_t)v < 0;
    return ptx_clamp_int(dt, sign, sign ? 0 - v : v, 0);
}

/* cvt.rna{.satfinite}.tf32.f32, cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32:
 * f32 bits with the low 13 mantissa bits rounded away (tf32 keeps f32's
 * exponent, so subnormals round at the same bit); a carry out of the
 * mantissa raises the exponent, to infinity past the largest finite. */
SIM_INLINE uint64_t ptx_cvt_tf32(uint32_t round, uint32_t flags, uint64_t a)
{
    uint32_t x = (uint32_t)a, sign = x & 0x80000000u, mag = x & 0x7fffffffu;
    if (mag > 0x7f800000u)
        return 0x7fffffffu;
    if (mag < 0x7f800000u) {
        if (round == PTX_RND_RNA)
            mag += 0x1000u;
        else if (round == PTX_RND_RN)
            mag += 0xfffu + (mag >> 13 & 1u);
        mag &= ~0x1fffu;
        if (mag == 0x7f800000u && (flags & PTX_MF_SATFINITE))
            mag = 0x7f7fe000u;
    } else if (flags & PTX_MF_SATFINITE) {
        mag = 0x7f7fe000u;
    }
    if ((flags & PTX_MF_RELU) && sign)
        return 0;
    return sign | mag;
}

SIM_FN uint64_t ptx_cvt(uint32_t dt, uint32_t st, uint32_t round, uint32_t flags, uint64_t a, uint64_t b)
{
    int df = ptx_type_float(dt), sf = ptx_type_float(st);
    if (dt == PTX_T_TF32)
        return ptx_cvt_tf32(round, flags, a);
    if (dt == PTX_T_F16X2 || dt == PTX_T_BF16X2) { /* d = {cvt(a) high, cvt(b) low} */
        uint32_t h = dt == PTX_T_F16X2 ? PTX_T_F16 : PTX_T_BF16;
        return (ptx_cvt_f2f(h, st, round, flags, a) << 16) | ptx_cvt_f2f(h, st, round, flags, b);
    }
    if (df && sf)
        return ptx_cvt_f2f(dt, st, round, flags, a);
    if (df) {
        uint64_t r = ptx_cvt_i2f(dt, st, round, a);
        return (flags & PTX_MF_SAT) ? ptx_saturate(ptx_fmt_of(dt), r) : r;
    }
    if (sf)
        return ptx_cvt_f2i(dt, st, round, flags, a);
    return ptx_cvt_i2i(dt, st, flags, a);
}

#endif
