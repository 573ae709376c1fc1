/* SSE floating point on the bits of f32 and f64 values, under MXCSR: its
 * rounding control, DAZ (a denormal input is a zero of its sign, with no
 * flag), FTZ (a tiny result is a zero of its sign, with UE and PE), the
 * sticky exception flags, and x86's NaN rules, which differ from ARM's:
 * the first operand's NaN wins whatever its kind (quietened), else the
 * second's; an invalid operation answers the QNaN indefinite, negative
 * (0xffc00000, 0xfff8000000000000). Finite operands go through the ARM
 * VFP's exactly rounded arithmetic (softfloat/vfp_fp.h, on softfloat/binary.h's
 * integer core, with its host/GPU fast path for round to nearest), which
 * never sees a NaN here: nothing depends on the host's FPU mode. Single
 * source.
 *
 * f is PTX_FMT_F32 or PTX_FMT_F64; mx points at MXCSR, whose flags are
 * ORed in. Unmasked exceptions are not delivered (see DESIGN.md). */
#ifndef X86_SSE_FP_H
#define X86_SSE_FP_H

#include "device/softfloat/vfp_cvt.h"
#include "x86_sse_state.h"

SIM_INLINE uint64_t sse_indefinite(uint32_t f) { return ptx_fmt_inf(f, 1) | vfp_quiet_bit(f); }

SIM_INLINE int sse_is_denormal(uint32_t f, uint64_t x)
{
    uint64_t mag = x & ~vfp_sign_bit(f);
    return mag != 0 && mag < (1ull << ptx_fmt_mbits(f));
}

/* DAZ: a denormal input as a zero of its sign. */
SIM_INLINE uint64_t sse_daz(uint32_t f, uint64_t x, uint32_t mx)
{
    return (mx & SSE_DAZ) && sse_is_denormal(f, x) ? x & vfp_sign_bit(f) : x;
}

/* MXCSR's RC (nearest, down, up, toward zero) as softfloat/binary.h's modes. */
SIM_INLINE uint32_t sse_mode(uint32_t mx)
{
    uint32_t r = (mx >> SSE_RC_SHIFT) & 3u;
    return r == 0u ? PTX_RND_RN : r == 1u ? PTX_RND_RM : r == 2u ? PTX_RND_RP : PTX_RND_RZ;
}

/* The FPSCR the VFP functions run under: the same rounding; never FZ,
 * whose input flush x86 does not have (DAZ is separate). */
SIM_INLINE uint32_t sse_fpscr(uint32_t mx)
{
    uint32_t r = (mx >> SSE_RC_SHIFT) & 3u;
    uint32_t rm = r == 0u ? 0u : r == 1u ? 2u : r == 2u ? 1u : 3u;
    return rm << VFP_RMODE_SHIFT;
}

/* The VFP's cumulative flags back into MXCSR. */
SIM_INLINE void sse_flags_from(uint32_t fpscr, uint32_t *mx)
{
    uint32_t x = 0;
    x |= (fpscr & VFP_IOC) ? SSE_IE : 0u;
    x |= (fpscr & VFP_DZC) ? SSE_ZE : 0u;
    x |= (fpscr & VFP_OFC) ? SSE_OE : 0u;
    x |= (fpscr & VFP_UFC) ? SSE_UE : 0u;
    x |= (fpscr & VFP_IXC) ? SSE_PE : 0u;
    *mx |= x;
}

/* Tininess: x86 detects it after rounding (SDM vol. 1, 4.9.1.5: the result
 * rounded with an unbounded exponent is below the least normal), the VFP's
 * UFC before. They differ only where the result rounded to the least
 * normal: there the operation runs again on an operand scaled by 2^64,
 * whose result is normal and so rounded as with an unbounded exponent;
 * where that is not tiny, UFC goes. (Only MUL, DIV and the narrowing
 * conversion can underflow inexactly: a tiny sum is exact.) `op` is
 * SSE_MUL, SSE_DIV, or SSE_SQRT + 1 for the conversion from F64 of x. */
enum { SSE_ADD, SSE_SUB, SSE_MUL, SSE_DIV, SSE_SQRT };

SIM_INLINE uint64_t sse_pow2_64(uint32_t f) { return f == PTX_FMT_F32 ? 0x5f800000u : 0x43f0000000000000ull; }

SIM_FN void sse_tiny_after(uint32_t f, uint32_t op, uint64_t a, uint64_t b, uint64_t r, uint32_t *fpscr)
{
    uint64_t sign = vfp_sign_bit(f), least = 1ull << ptx_fmt_mbits(f);
    if (!(*fpscr & VFP_UFC) || (r & ~sign) != least)
        return;
    uint32_t scratch = *fpscr & ~(VFP_IOC | VFP_DZC | VFP_OFC | VFP_UFC | VFP_IXC);
    uint64_t scaled;
    if (op == SSE_MUL) { /* scale the smaller: the product stays finite */
        if ((a & ~sign) > (b & ~sign))
            b = vfp_mul(f, b, sse_pow2_64(f), &scratch);
        else
            a = vfp_mul(f, a, sse_pow2_64(f), &scratch);
        scaled = vfp_mul(f, a, b, &scratch);
    } else if (op == SSE_DIV) {
        scaled = vfp_div(f, vfp_mul(f, a, sse_pow2_64(f), &scratch), b, &scratch);
    } else {
        uint64_t x = vfp_mul(PTX_FMT_F64, a, sse_pow2_64(PTX_FMT_F64), &scratch);
        scaled = vfp_convert(PTX_FMT_F64, f, x, 0, 0, &scratch);
    }
    if ((scaled & ~sign) >= least + ((uint64_t)64 << ptx_fmt_mbits(f)))
        *fpscr &= ~VFP_UFC;
}

/* FTZ: a tiny result (see above) is a zero of its sign, with UE and PE:
 * a denormal (tiny, exact or not), or one flagged UFC (tiny and inexact),
 * whether it rounded to a denormal, to zero or up to the least normal
 * (0x00800000 from 0x380fffffe0000000 rounding up). */
SIM_INLINE uint64_t sse_ftz(uint32_t f, uint64_t r, uint32_t fpscr, uint32_t *mx)
{
    if (!(*mx & SSE_FTZ))
        return r;
    if (sse_is_denormal(f, r) || (fpscr & VFP_UFC)) {
        *mx |= SSE_UE | SSE_PE;
        return r & vfp_sign_bit(f);
    }
    return r;
}

/* A NaN operand's result: quietened, IE for a signalling one. */
SIM_INLINE uint64_t sse_quiet(uint32_t f, uint64_t x, uint32_t *mx)
{
    if (vfp_is_snan(f, x))
        *mx |= SSE_IE;
    return x | vfp_quiet_bit(f);
}

/* The two-operand NaN rule: 1 and the result in *r when a or b is a NaN
 * (an SNaN in either raises IE). */
SIM_INLINE int sse_nans2(uint32_t f, uint64_t a, uint64_t b, uint32_t *mx, uint64_t *r)
{
    if (!vfp_is_nan(f, a) && !vfp_is_nan(f, b))
        return 0;
    if (vfp_is_snan(f, a) || vfp_is_snan(f, b))
        *mx |= SSE_IE;
    *r = (vfp_is_nan(f, a) ? a : b) | vfp_quiet_bit(f);
    return 1;
}

/* DE: a denormal input, unless DAZ made it a zero. */
SIM_INLINE void sse_denormal_in(uint32_t f, uint64_t a, uint64_t b, uint32_t *mx)
{
    if (sse_is_denormal(f, a) || sse_is_denormal(f, b))
        *mx |= SSE_DE;
}

/* a op b (SSE_SQRT: the root of b, as SQRTSD's source) */
SIM_FN uint64_t sse_arith(uint32_t f, uint32_t op, uint64_t a, uint64_t b, uint32_t *mx)
{
    uint64_t r;
    a = sse_daz(f, a, *mx);
    b = sse_daz(f, b, *mx);
    if (op == SSE_SQRT ? (vfp_is_nan(f, b) && (r = sse_quiet(f, b, mx), 1)) : sse_nans2(f, a, b, mx, &r))
        return r;
    uint32_t fpscr = sse_fpscr(*mx);
    switch (op) {
    case SSE_ADD: r = vfp_addsub(f, a, b, 0, &fpscr); break;
    case SSE_SUB: r = vfp_addsub(f, a, b, 1, &fpscr); break;
    case SSE_MUL: r = vfp_mul(f, a, b, &fpscr); break;
    case SSE_DIV: r = vfp_div(f, a, b, &fpscr); break;
    default: r = vfp_sqrt(f, b, &fpscr); break;
    }
    if (op == SSE_MUL || op == SSE_DIV)
        sse_tiny_after(f, op, a, b, r, &fpscr);
    /* DE ranks below the invalid operation and division by zero, which
     * hide it (measured) */
    if (!(fpscr & (VFP_IOC | VFP_DZC)))
        sse_denormal_in(f, op == SSE_SQRT ? 0u : a, b, mx);
    sse_flags_from(fpscr, mx);
    return vfp_is_nan(f, r) ? sse_indefinite(f) : sse_ftz(f, r, fpscr, mx);
}

/* The ordering of a and b, both not NaN: -1, 0, 1 (zeros equal). */
SIM_INLINE int sse_order(uint32_t f, uint64_t a, uint64_t b)
{
    uint32_t fpscr = 0, nzcv = vfp_compare(f, a, b, 0, &fpscr);
    return nzcv == 0x6u ? 0 : nzcv == 0x8u ? -1 : 1;
}

/* MINSD/MAXSD: a < b ? a : b (a > b for max), else b: so b when either
 * is a NaN (IE, any NaN) or both are zeros; b as DAZ left it. */
SIM_FN uint64_t sse_minmax(uint32_t f, uint32_t max, uint64_t a, uint64_t b, uint32_t *mx)
{
    uint64_t x = sse_daz(f, a, *mx), y = sse_daz(f, b, *mx);
    if (vfp_is_nan(f, x) || vfp_is_nan(f, y)) {
        *mx |= SSE_IE;
        return y;
    }
    sse_denormal_in(f, x, y, mx);
    int o = sse_order(f, x, y);
    return (max ? o > 0 : o < 0) ? x : y;
}

/* CMPSD's predicates 0..7: EQ LT LE UNORD NEQ NLT NLE ORD; the signalling
 * ones (LT LE NLT NLE) raise IE on any NaN, the others on an SNaN. */
SIM_FN int sse_cmp(uint32_t f, uint32_t pred, uint64_t a, uint64_t b, uint32_t *mx)
{
    a = sse_daz(f, a, *mx);
    b = sse_daz(f, b, *mx);
    int unord = vfp_is_nan(f, a) || vfp_is_nan(f, b), r;
    uint32_t p = pred & 3u;
    if (unord) {
        if ((p == 1u || p == 2u) || vfp_is_snan(f, a) || vfp_is_snan(f, b))
            *mx |= SSE_IE;
        r = p == 3u;
    } else {
        sse_denormal_in(f, a, b, mx);
        int o = sse_order(f, a, b);
        r = p == 0u ? o == 0 : p == 1u ? o < 0 : p == 2u ? o <= 0 : 0;
    }
    return (pred & 4u) ? !r : r;
}

/* UCOMISD/COMISD: ZF PF CF (unordered 111, less 001, greater 000, equal
 * 100). COMISD raises IE on any NaN, UCOMISD on an SNaN. */
SIM_FN uint32_t sse_comi(uint32_t f, uint32_t signalling, uint64_t a, uint64_t b, uint32_t *mx)
{
    a = sse_daz(f, a, *mx);
    b = sse_daz(f, b, *mx);
    if (vfp_is_nan(f, a) || vfp_is_nan(f, b)) {
        if (signalling || vfp_is_snan(f, a) || vfp_is_snan(f, b))
            *mx |= SSE_IE;
        return 0x45u; /* ZF PF CF */
    }
    sse_denormal_in(f, a, b, mx);
    int o = sse_order(f, a, b);
    return o == 0 ? 0x40u : o < 0 ? 0x01u : 0u;
}

/* Between f32 and f64: a NaN keeps its sign and top fraction bits,
 * quietened. */
SIM_FN uint64_t sse_convert(uint32_t sf, uint32_t df, uint64_t x, uint32_t *mx)
{
    x = sse_daz(sf, x, *mx);
    if (vfp_is_nan(sf, x)) {
        uint32_t fpscr = 0;
        uint64_t r = vfp_nan_convert(sf, df, x, &fpscr);
        *mx |= (fpscr & VFP_IOC) ? SSE_IE : 0u;
        return r;
    }
    sse_denormal_in(sf, x, 0, mx);
    uint32_t fpscr = sse_fpscr(*mx);
    uint64_t r = vfp_convert(sf, df, x, 0, 0, &fpscr);
    if (sf == PTX_FMT_F64)
        sse_tiny_after(df, SSE_SQRT + 1u, x, 0, r, &fpscr);
    sse_flags_from(fpscr, mx);
    return sse_ftz(df, r, fpscr, mx);
}

/* To a 32-bit signed integer, by MXCSR's rounding or truncating (trunc):
 * a NaN or a value out of range is the integer indefinite 0x80000000,
 * with IE. */
SIM_FN uint32_t sse_to_int(uint32_t f, uint64_t x, uint32_t trunc, uint32_t *mx)
{
    x = sse_daz(f, x, *mx); /* no DE: these raise IE and PE only */
    uint32_t fpscr = 0;
    uint32_t r = vfp_to_fixed(f, x, 0, 32, 1, trunc ? PTX_RND_RZ : sse_mode(*mx), &fpscr);
    if (fpscr & VFP_IOC) {
        *mx |= SSE_IE;
        return 0x80000000u;
    }
    *mx |= (fpscr & VFP_IXC) ? SSE_PE : 0u;
    return r;
}

/* From a 32-bit signed integer, rounded by MXCSR. */
SIM_FN uint64_t sse_from_int(uint32_t f, uint32_t v, uint32_t *mx)
{
    uint32_t fpscr = 0;
    uint64_t r = vfp_from_fixed(f, v, 0, 32, 1, sse_mode(*mx), &fpscr);
    *mx |= (fpscr & VFP_IXC) ? SSE_PE : 0u;
    return r;
}

#endif
