/* VFP conversions on bits (ARM ARM FPConvert, FPToFixed, FixedToFP), as
 * qemu-arm computes them: between f32 and f64, from f32 to half and back
 * (VCVTB/VCVTT: IEEE half, or ARM's alternative half under FPSCR.AHP), and between f32/f64 and 32- or 16-bit
 * integers with fraction bits (VCVT to and from integer and fixed point).
 * Single source, integers only. */
#ifndef SOFTFLOAT_VFP_CVT_H
#define SOFTFLOAT_VFP_CVT_H

#include "device/softfloat/vfp_fp.h"

/* A NaN from format sf as one of format df: its sign and top fraction
 * bits, quietened (IOC for a signalling one), or the default NaN (DN). */
SIM_INLINE uint64_t vfp_nan_convert(uint32_t sf, uint32_t df, uint64_t x, uint32_t *fpscr)
{
    if (vfp_is_snan(sf, x))
        *fpscr |= VFP_IOC;
    if (*fpscr & VFP_DN)
        return vfp_default_nan(df);
    uint32_t sm = ptx_fmt_mbits(sf), dm = ptx_fmt_mbits(df);
    uint64_t frac = x & ((1ull << sm) - 1u);
    frac = dm >= sm ? frac << (dm - sm) : frac >> (sm - dm);
    return ((x & vfp_sign_bit(sf)) ? vfp_sign_bit(df) : 0u) | ptx_fmt_inf(df, 0) | frac | vfp_quiet_bit(df);
}

/* Between formats (f16 among them). flush_in: whether FZ flushes the input
 * (qemu keeps it for f32 and f64 inputs, never for f16); flush_out: whether
 * FZ flushes a tiny result (not for f16 results). */
SIM_FN uint64_t vfp_convert(uint32_t sf, uint32_t df, uint64_t x, uint32_t flush_in, uint32_t flush_out,
                            uint32_t *fpscr)
{
    if (flush_in)
        x = vfp_flush_in(sf, x, fpscr);
    if (vfp_is_nan(sf, x))
        return vfp_nan_convert(sf, df, x, fpscr);
    ptx_unpacked_t a = ptx_unpack(sf, x);
    if (a.cls == PTX_FC_INF)
        return ptx_fmt_inf(df, a.sign);
    if (a.cls == PTX_FC_ZERO)
        return a.sign ? vfp_sign_bit(df) : 0u;
    uint32_t lost, keep = *fpscr;
    if (!flush_out)
        *fpscr &= ~VFP_FZ;
    uint64_t r = ptx_soft_round_x(df, a.sign, a.exp, fp80_u128(0, a.m), vfp_mode(*fpscr), &lost);
    r = vfp_finish(df, r, lost, fpscr);
    *fpscr = (*fpscr & ~VFP_FZ) | (keep & VFP_FZ);
    return r;
}

/* VCVTB/VCVTT.F16.F32 under FPSCR.AHP: ARM's alternative half precision,
 * whose exponent 31 is a normal one (no infinities or NaNs; up to 131008).
 * ARM ARM FPConvert with alt_hp (and FPRound's N = 16 branch): a NaN gives
 * a zero of its sign, an infinity or a value whose rounded exponent is too
 * large the largest value of its sign, both with IOC alone. At or above
 * 2^15 the value is rounded as an IEEE half of half its size (a normal one:
 * the same bits rounded) and its exponent put back. */
SIM_FN uint32_t vfp_f32_to_ahp(uint32_t x, uint32_t *fpscr)
{
    x = (uint32_t)vfp_flush_in(PTX_FMT_F32, x, fpscr);
    uint32_t sign = (x >> 31) << 15, lost;
    ptx_unpacked_t a = ptx_unpack(PTX_FMT_F32, x);
    if (a.cls == PTX_FC_NAN || a.cls == PTX_FC_INF) {
        *fpscr |= VFP_IOC;
        return a.cls == PTX_FC_NAN ? sign : sign | 0x7fffu;
    }
    if (a.cls == PTX_FC_ZERO || a.exp + 63 - (int32_t)fp80_clz64(a.m) < 15)
        return (uint32_t)vfp_convert(PTX_FMT_F32, PTX_FMT_F16, x, 0, 0, fpscr);
    uint64_t r = ptx_soft_round_x(PTX_FMT_F16, a.sign, a.exp - 1, fp80_u128(0, a.m), vfp_mode(*fpscr), &lost);
    if (lost & SOFT_X_OVERFLOW) {
        *fpscr |= VFP_IOC;
        return sign | 0x7fffu;
    }
    *fpscr |= (lost & SOFT_X_INEXACT) ? VFP_IXC : 0u;
    return (uint32_t)r + 0x400u;
}

/* VCVTB/VCVTT.F32.F16 under FPSCR.AHP: exponent 31 is 2^16 times 1.frac. */
SIM_INLINE uint32_t vfp_ahp_to_f32(uint32_t h, uint32_t *fpscr)
{
    if (((h >> 10) & 31u) == 31u)
        return (h >> 15) << 31 | (31u - 15u + 127u) << 23 | (h & 0x3ffu) << 13;
    return (uint32_t)vfp_convert(PTX_FMT_F16, PTX_FMT_F32, h, 0, 1, fpscr);
}

/* FPToFixed: x * 2^fbits rounded to an integer of `bits` bits (32 or 16),
 * signed or not, by mode; NaN gives 0 and out of range saturates, both with
 * IOC alone; an inexact result sets IXC. A 16-bit result comes extended to
 * 32 bits (signed ones sign-extended), as VCVT writes it. */
SIM_FN uint32_t vfp_to_fixed(uint32_t f, uint64_t x, uint32_t fbits, uint32_t bits, uint32_t is_signed,
                             uint32_t mode, uint32_t *fpscr)
{
    x = vfp_flush_in(f, x, fpscr);
    int64_t lo = is_signed ? -(1ll << (bits - 1)) : 0;
    int64_t hi = is_signed ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
    if (vfp_is_nan(f, x)) {
        *fpscr |= VFP_IOC;
        return 0;
    }
    ptx_unpacked_t a = ptx_unpack(f, x);
    int32_t e = a.exp + (int32_t)fbits;
    uint32_t ixc = 0;
    int64_t v;
    if (a.cls == PTX_FC_ZERO) {
        v = 0;
    } else if (a.cls == PTX_FC_INF || (e >= 0 && 64 - (int32_t)fp80_clz64(a.m) + e > 34)) {
        v = a.sign ? INT64_MIN : INT64_MAX; /* beyond any range */
    } else {
        uint64_t mag;
        if (e >= 0) {
            mag = a.m << e;
        } else {
            uint32_t sh = (uint32_t)-e, rbit, sticky;
            uint64_t kept = sh >= 64u ? 0u : a.m >> sh;
            rbit = sh > 64u ? 0u : (uint32_t)(a.m >> (sh - 1u)) & 1u;
            sticky = sh > 64u ? a.m != 0 : (a.m & ((1ull << (sh - 1u)) - 1u)) != 0;
            ixc = rbit | sticky;
            mag = kept + ptx_round_up(mode, a.sign, kept, rbit, sticky);
        }
        v = a.sign ? -(int64_t)mag : (int64_t)mag;
    }
    if (v < lo || v > hi) {
        *fpscr |= VFP_IOC;
        v = v < lo ? lo : hi;
    } else if (ixc) {
        *fpscr |= VFP_IXC;
    }
    return (uint32_t)v;
}

/* FixedToFP: the `bits`-bit integer v (signed or not) times 2^-fbits,
 * rounded into f by mode. */
SIM_FN uint64_t vfp_from_fixed(uint32_t f, uint32_t v, uint32_t fbits, uint32_t bits, uint32_t is_signed,
                               uint32_t mode, uint32_t *fpscr)
{
    uint32_t sign = 0, lost;
    uint64_t mag;
    if (bits == 16u)
        v = is_signed ? (uint32_t)(int32_t)(int16_t)v : v & 0xffffu;
    if (is_signed && (int32_t)v < 0) {
        sign = 1;
        mag = (uint64_t)(-(int64_t)(int32_t)v);
    } else {
        mag = v;
    }
    if (mag == 0)
        return 0;
    uint64_t r = ptx_soft_round_x(f, sign, -(int32_t)fbits, fp80_u128(0, mag), mode, &lost);
    return vfp_finish(f, r, lost, fpscr);
}

#endif
