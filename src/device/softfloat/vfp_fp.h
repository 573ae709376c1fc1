/* VFP arithmetic on the bits of f32 and f64 values, as the ARM ARM's
 * FPAdd, FPMul, FPMulAdd, FPDiv, FPSqrt and FPCompare define it (and as
 * qemu-arm computes it): the FPSCR's rounding mode, flush-to-zero (FZ:
 * denormal inputs become zero with IDC, results tiny before rounding become
 * zero with UFC), default NaN (DN), ARM's NaN propagation (the first
 * signalling NaN quietened, else the first quiet NaN) and the cumulative
 * flags. Finite operands are rounded by softfloat/binary.h's integer core, so
 * nothing depends on the host's or the GPU's floating-point mode. Single
 * source.
 *
 * Every function takes the format f (PTX_FMT_F32 or PTX_FMT_F64) and the
 * FPSCR by pointer: it reads the controls and ORs in the flags. */
#ifndef SOFTFLOAT_VFP_FP_H
#define SOFTFLOAT_VFP_FP_H

#include "device/softfloat/binary.h"
#include "device/softfloat/vfp_fast.h"

/* FPSCR bits */
#define VFP_IOC 0x01u
#define VFP_DZC 0x02u
#define VFP_OFC 0x04u
#define VFP_UFC 0x08u
#define VFP_IXC 0x10u
#define VFP_IDC 0x80u
#define VFP_FZ (1u << 24)
#define VFP_DN (1u << 25)
#define VFP_AHP (1u << 26)
#define VFP_RMODE_SHIFT 22
/* What VMSR keeps: NZCV QC AHP DN FZ RMode Stride Len and the cumulative
 * flags; the trap enables read as zero, and so does bit 19, reserved in
 * ARMv7 (ARM ARM B6.1.45; ARMv8.2's FZ16). qemu-arm 7.2 reads back
 * fff7009f after writing all ones with -cpu cortex-a15 (ffff009f with its
 * default ARMv8 cpu). */
#define VFP_FPSCR_WRITABLE 0xfff7009fu

/* The FPSCR's RMode (RN, RP, RM, RZ) as softfloat/binary.h's modes. */
SIM_INLINE uint32_t vfp_mode(uint32_t fpscr)
{
    uint32_t r = (fpscr >> VFP_RMODE_SHIFT) & 3u;
    return r == 0u ? PTX_RND_RN : r == 1u ? PTX_RND_RP : r == 2u ? PTX_RND_RM : PTX_RND_RZ;
}

SIM_INLINE uint64_t vfp_sign_bit(uint32_t f) { return ptx_fmt_sign(f); }
SIM_INLINE uint64_t vfp_quiet_bit(uint32_t f) { return 1ull << (ptx_fmt_mbits(f) - 1); }

SIM_INLINE uint64_t vfp_default_nan(uint32_t f)
{
    return ptx_fmt_inf(f, 0) | vfp_quiet_bit(f);
}

SIM_INLINE int vfp_is_nan(uint32_t f, uint64_t x)
{
    return (x & ~vfp_sign_bit(f)) > ptx_fmt_inf(f, 0);
}

SIM_INLINE int vfp_is_snan(uint32_t f, uint64_t x)
{
    return vfp_is_nan(f, x) && !(x & vfp_quiet_bit(f));
}

/* A NaN operand as the result: quietened, or the default NaN under DN. */
SIM_INLINE uint64_t vfp_nan_result(uint32_t f, uint64_t x, uint32_t *fpscr)
{
    if (vfp_is_snan(f, x))
        *fpscr |= VFP_IOC;
    return (*fpscr & VFP_DN) ? vfp_default_nan(f) : x | vfp_quiet_bit(f);
}

/* FPUnpack's flush: a denormal input is a zero of its sign under FZ. */
SIM_INLINE uint64_t vfp_flush_in(uint32_t f, uint64_t x, uint32_t *fpscr)
{
    uint64_t mag = x & ~vfp_sign_bit(f);
    if ((*fpscr & VFP_FZ) && mag != 0 && mag < (1ull << ptx_fmt_mbits(f))) {
        *fpscr |= VFP_IDC;
        return x & vfp_sign_bit(f);
    }
    return x;
}

/* FPProcessNaNs: 1 and the result in *r when an operand is a NaN. */
SIM_FN int vfp_nans2(uint32_t f, uint64_t a, uint64_t b, uint32_t *fpscr, uint64_t *r)
{
    if (vfp_is_snan(f, a) || (!vfp_is_snan(f, b) && vfp_is_nan(f, a)))
        return *r = vfp_nan_result(f, a, fpscr), 1;
    if (vfp_is_nan(f, b))
        return *r = vfp_nan_result(f, b, fpscr), 1;
    return 0;
}

/* FPProcessNaNs3, in the order addend, op1, op2. */
SIM_FN int vfp_nans3(uint32_t f, uint64_t a, uint64_t b, uint64_t c, uint32_t *fpscr, uint64_t *r)
{
    if (vfp_is_snan(f, a))
        return *r = vfp_nan_result(f, a, fpscr), 1;
    if (vfp_is_snan(f, b))
        return *r = vfp_nan_result(f, b, fpscr), 1;
    if (vfp_is_snan(f, c))
        return *r = vfp_nan_result(f, c, fpscr), 1;
    if (vfp_is_nan(f, a))
        return *r = vfp_nan_result(f, a, fpscr), 1;
    if (vfp_is_nan(f, b))
        return *r = vfp_nan_result(f, b, fpscr), 1;
    if (vfp_is_nan(f, c))
        return *r = vfp_nan_result(f, c, fpscr), 1;
    return 0;
}

SIM_INLINE uint64_t vfp_invalid(uint32_t f, uint32_t *fpscr)
{
    *fpscr |= VFP_IOC;
    return vfp_default_nan(f);
}

/* A rounded result r and what its rounding lost (SOFT_X_*) into the
 * FPSCR: under FZ a result tiny before rounding is a zero of its sign, with
 * UFC and nothing else. */
SIM_INLINE uint64_t vfp_finish(uint32_t f, uint64_t r, uint32_t x, uint32_t *fpscr)
{
    if ((x & SOFT_X_TINY) && (*fpscr & VFP_FZ)) {
        *fpscr |= VFP_UFC;
        return r & vfp_sign_bit(f);
    }
    *fpscr |= ((x & SOFT_X_INEXACT) ? VFP_IXC : 0u) | ((x & SOFT_X_UNDERFLOW) ? VFP_UFC : 0u) |
              ((x & SOFT_X_OVERFLOW) ? VFP_OFC : 0u);
    return r;
}

/* The exact sum of two zeros: their sign if they agree, else +0 (-0 when
 * rounding toward minus infinity). */
SIM_INLINE uint64_t vfp_zero_sum(uint32_t f, uint32_t sa, uint32_t sb, uint32_t *fpscr)
{
    uint32_t s = sa == sb ? sa : vfp_mode(*fpscr) == PTX_RND_RM;
    return s ? vfp_sign_bit(f) : 0u;
}

/* FPAdd, or FPSub (sub): y's sign flips after the NaNs are chosen, so a
 * NaN keeps its own. */
SIM_FN uint64_t vfp_addsub(uint32_t f, uint64_t x, uint64_t y, uint32_t sub, uint32_t *fpscr)
{
    uint64_t r;
    if (vfp_fast_addsub(f, x, y, sub, fpscr, &r))
        return r;
    x = vfp_flush_in(f, x, fpscr);
    y = vfp_flush_in(f, y, fpscr);
    if (vfp_nans2(f, x, y, fpscr, &r))
        return r;
    if (sub)
        y ^= vfp_sign_bit(f);
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_INF) {
        if (a.cls == PTX_FC_INF && b.cls == PTX_FC_INF && a.sign != b.sign)
            return vfp_invalid(f, fpscr);
        return a.cls == PTX_FC_INF ? x : y;
    }
    if (a.cls == PTX_FC_ZERO && b.cls == PTX_FC_ZERO)
        return vfp_zero_sum(f, a.sign, b.sign, fpscr);
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO)
        return a.cls == PTX_FC_ZERO ? y : x;
    uint32_t lost;
    r = ptx_soft_sum_x(f, a.sign, a.exp, fp80_u128(0, a.m), b.sign, b.exp, fp80_u128(0, b.m),
                       vfp_mode(*fpscr), &lost);
    return vfp_finish(f, r, lost, fpscr);
}

SIM_FN uint64_t vfp_mul(uint32_t f, uint64_t x, uint64_t y, uint32_t *fpscr)
{
    uint64_t r;
    if (vfp_fast_muldiv(f, x, y, 0, fpscr, &r))
        return r;
    x = vfp_flush_in(f, x, fpscr);
    y = vfp_flush_in(f, y, fpscr);
    if (vfp_nans2(f, x, y, fpscr, &r))
        return r;
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
    uint32_t sign = a.sign ^ b.sign, lost;
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_INF) {
        if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO)
            return vfp_invalid(f, fpscr);
        return ptx_fmt_inf(f, sign);
    }
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO)
        return sign ? vfp_sign_bit(f) : 0u;
    r = ptx_soft_round_x(f, sign, a.exp + b.exp, fp80_mul64(a.m, b.m), vfp_mode(*fpscr), &lost);
    return vfp_finish(f, r, lost, fpscr);
}

/* FPMulAdd: addend + op1 * op2 with one rounding (VFMA and friends). */
SIM_FN uint64_t vfp_muladd(uint32_t f, uint64_t z, uint64_t x, uint64_t y, uint32_t *fpscr)
{
    uint64_t r;
    z = vfp_flush_in(f, z, fpscr);
    x = vfp_flush_in(f, x, fpscr);
    y = vfp_flush_in(f, y, fpscr);
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y), c = ptx_unpack(f, z);
    int infzero = (a.cls == PTX_FC_INF && b.cls == PTX_FC_ZERO) || (a.cls == PTX_FC_ZERO && b.cls == PTX_FC_INF);
    /* inf * 0 + qNaN is invalid with the default NaN, whatever DN says */
    if (infzero && vfp_is_nan(f, z) && !vfp_is_snan(f, z))
        return vfp_invalid(f, fpscr);
    if (vfp_nans3(f, z, x, y, fpscr, &r))
        return r;
    uint32_t ps = a.sign ^ b.sign, lost;
    if (infzero)
        return vfp_invalid(f, fpscr);
    if (a.cls == PTX_FC_INF || b.cls == PTX_FC_INF) {
        if (c.cls == PTX_FC_INF && c.sign != ps)
            return vfp_invalid(f, fpscr);
        return ptx_fmt_inf(f, ps);
    }
    if (c.cls == PTX_FC_INF)
        return z;
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_ZERO)
        return c.cls == PTX_FC_ZERO ? vfp_zero_sum(f, ps, c.sign, fpscr) : z;
    fp80_u128_t p = fp80_mul64(a.m, b.m);
    if (c.cls == PTX_FC_ZERO)
        r = ptx_soft_round_x(f, ps, a.exp + b.exp, p, vfp_mode(*fpscr), &lost);
    else
        r = ptx_soft_sum_x(f, ps, a.exp + b.exp, p, c.sign, c.exp, fp80_u128(0, c.m), vfp_mode(*fpscr), &lost);
    return vfp_finish(f, r, lost, fpscr);
}

SIM_FN uint64_t vfp_div(uint32_t f, uint64_t x, uint64_t y, uint32_t *fpscr)
{
    uint64_t r;
    if (vfp_fast_muldiv(f, x, y, 1, fpscr, &r))
        return r;
    x = vfp_flush_in(f, x, fpscr);
    y = vfp_flush_in(f, y, fpscr);
    if (vfp_nans2(f, x, y, fpscr, &r))
        return r;
    ptx_unpacked_t a = ptx_unpack(f, x), b = ptx_unpack(f, y);
    uint32_t sign = a.sign ^ b.sign, lost;
    if (a.cls == b.cls && (a.cls == PTX_FC_INF || a.cls == PTX_FC_ZERO))
        return vfp_invalid(f, fpscr);
    if (a.cls == PTX_FC_INF)
        return ptx_fmt_inf(f, sign);
    if (b.cls == PTX_FC_ZERO) {
        *fpscr |= VFP_DZC;
        return ptx_fmt_inf(f, sign);
    }
    if (a.cls == PTX_FC_ZERO || b.cls == PTX_FC_INF)
        return sign ? vfp_sign_bit(f) : 0u;
    r = ptx_soft_quot_x(f, a, b, vfp_mode(*fpscr), &lost);
    return vfp_finish(f, r, lost, fpscr);
}

SIM_FN uint64_t vfp_sqrt(uint32_t f, uint64_t x, uint32_t *fpscr)
{
    uint32_t lost;
    uint64_t fast;
    if (vfp_fast_muldiv(f, x, 0, 2, fpscr, &fast))
        return fast;
    x = vfp_flush_in(f, x, fpscr);
    if (vfp_is_nan(f, x))
        return vfp_nan_result(f, x, fpscr);
    ptx_unpacked_t a = ptx_unpack(f, x);
    if (a.cls == PTX_FC_ZERO)
        return x;
    if (a.sign)
        return vfp_invalid(f, fpscr);
    if (a.cls == PTX_FC_INF)
        return x;
    uint64_t r = ptx_soft_root_x(f, a, vfp_mode(*fpscr), &lost);
    return vfp_finish(f, r, lost, fpscr);
}

/* FPCompare: the NZCV VCMP writes to the FPSCR (bits 3..0): equal 0110,
 * less 1000, greater 0010, unordered 0011. A signalling NaN, or with
 * `quiet_invalid` (VCMPE) any NaN, sets IOC. */
SIM_FN uint32_t vfp_compare(uint32_t f, uint64_t x, uint64_t y, uint32_t quiet_invalid, uint32_t *fpscr)
{
    x = vfp_flush_in(f, x, fpscr);
    y = vfp_flush_in(f, y, fpscr);
    if (vfp_is_nan(f, x) || vfp_is_nan(f, y)) {
        if (quiet_invalid || vfp_is_snan(f, x) || vfp_is_snan(f, y))
            *fpscr |= VFP_IOC;
        return 0x3u;
    }
    uint64_t s = vfp_sign_bit(f);
    if (((x | y) & ~s) == 0 || x == y)
        return 0x6u;
    /* sign-magnitude to an order: negatives reversed below the positives */
    uint64_t kx = (x & s) ? 2u * s - 1u - x : x | s, ky = (y & s) ? 2u * s - 1u - y : y | s;
    return kx < ky ? 0x8u : 0x2u;
}

#endif
