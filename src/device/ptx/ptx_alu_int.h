/* PTX integer arithmetic: add sub mul mad (.lo .hi .wide, .sat, .cc and
 * the carry-in forms addc subc madc), mul24 mad24 sad div rem abs neg min
 * max. Values are extended to 64 bits by their type (ptx_ext) and the
 * result truncated by the caller; 64-bit .hi forms use a 128-bit product. */
#ifndef PTX_ALU_INT_H
#define PTX_ALU_INT_H

#include "device/softfloat/wide.h"
#include "device/ptx/ptx_alu_util.h"

/* Clamps a 64-bit signed value to the s32 range (.sat). */
SIM_INLINE uint64_t ptx_sat_s32(int64_t v)
{
    return (uint64_t)(v > 2147483647 ? 2147483647 : v < -2147483648ll ? -2147483648ll : v);
}

/* add/sub/addc/subc: cf_in is the carry (subtraction: the borrow) taken
 * in; *cf_out receives the carry (borrow) out of the type's width. */
SIM_INLINE uint64_t ptx_int_addsub(uint32_t t, uint64_t a, uint64_t b, int sub, uint32_t cf_in, uint32_t *cf_out)
{
    uint32_t bits = ptx_type_bits(t);
    uint64_t m = ptx_mask_bits(bits);
    a &= m, b &= m;
    if (bits == 64) {
        uint64_t r = sub ? a - b - cf_in : a + b + cf_in;
        *cf_out = sub ? (a < b || (a == b && cf_in)) : (r < a || (r == a && cf_in));
        return r;
    }
    uint64_t r = sub ? a - b - cf_in : a + b + cf_in;
    *cf_out = (uint32_t)((r >> bits) & 1);
    return r & m;
}

/* The high 64 bits of the 128-bit product. */
SIM_INLINE uint64_t ptx_mulhi64(uint64_t a, uint64_t b, int is_signed)
{
    uint64_t hi = fp80_mul64(a, b).hi;
    if (is_signed)
        hi -= ((int64_t)a < 0 ? b : 0) + ((int64_t)b < 0 ? a : 0);
    return hi;
}

/* mul .lo/.hi/.wide (no mode: .lo). */
SIM_INLINE uint64_t ptx_int_mul(uint32_t t, uint32_t mode, uint64_t a, uint64_t b)
{
    uint32_t bits = ptx_type_bits(t);
    int sg = ptx_type_signed(t);
    uint64_t x = ptx_ext(a, t), y = ptx_ext(b, t);
    if (mode == PTX_MUL_WIDE)
        return ptx_trunc(x * y, 2 * bits);
    if (mode != PTX_MUL_HI)
        return ptx_trunc(x * y, bits);
    if (bits == 64)
        return ptx_mulhi64(x, y, sg);
    return ptx_trunc((uint64_t)(sg ? (int64_t)(x * y) >> bits : (int64_t)((x * y) >> bits)), bits);
}

/* mul24: the product of the low 24 bits (signed: sign-extended from bit
 * 23), 48 bits; .lo its low 32 bits, .hi bits 47..16. */
SIM_INLINE uint64_t ptx_int_mul24(uint32_t t, uint32_t mode, uint64_t a, uint64_t b)
{
    int sg = ptx_type_signed(t);
    uint64_t x = sg ? (uint64_t)ptx_sext(a, 24) : a & 0xffffff;
    uint64_t y = sg ? (uint64_t)ptx_sext(b, 24) : b & 0xffffff;
    uint64_t p = x * y;
    return mode == PTX_MUL_HI ? (p >> 16) & 0xffffffffu : p & 0xffffffffu;
}

/* Division by zero, as NVIDIA's hardware sequences give it and this
 * simulator fixes it (the PTX ISA leaves it unspecified): div gives all
 * ones (signed too), rem gives the dividend. MIN / -1 wraps to MIN, and
 * MIN rem -1 is 0. */
SIM_INLINE uint64_t ptx_int_divrem(uint32_t t, uint64_t a, uint64_t b, int rem)
{
    uint32_t bits = ptx_type_bits(t);
    uint64_t x = ptx_ext(a, t), y = ptx_ext(b, t);
    if (ptx_trunc(y, bits) == 0)
        return rem ? ptx_trunc(a, bits) : ptx_mask_bits(bits);
    if (!ptx_type_signed(t))
        return rem ? x % y : x / y;
    if ((int64_t)y == -1)
        return ptx_trunc(rem ? 0 : 0 - x, bits);
    return ptx_trunc(rem ? (uint64_t)((int64_t)x % (int64_t)y) : (uint64_t)((int64_t)x / (int64_t)y), bits);
}

SIM_INLINE uint64_t ptx_int_minmax(uint32_t t, uint64_t a, uint64_t b, int is_max, uint32_t flags)
{
    uint64_t x = ptx_ext(a, t), y = ptx_ext(b, t);
    int less = ptx_type_signed(t) ? (int64_t)x < (int64_t)y : x < y;
    uint64_t r = less != is_max ? x : y;
    if ((flags & PTX_MF_RELU) && (int64_t)r < 0)
        r = 0;
    return ptx_trunc(r, ptx_type_bits(t));
}

/* sad: c + |a - b|. */
SIM_INLINE uint64_t ptx_int_sad(uint32_t t, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t x = ptx_ext(a, t), y = ptx_ext(b, t);
    int less = ptx_type_signed(t) ? (int64_t)x < (int64_t)y : x < y;
    return ptx_trunc(c + (less ? y - x : x - y), ptx_type_bits(t));
}

/* dp4a: c + the products of a's and b's four bytes, each byte signed or
 * not as its operand's type says; 32-bit wrap-around. */
SIM_INLINE uint64_t ptx_int_dp4a(uint32_t ta, uint32_t tb, uint64_t a, uint64_t b, uint64_t c)
{
    uint32_t s = (uint32_t)c;
    for (int i = 0; i < 4; i++) {
        uint32_t x = (uint32_t)(a >> (8 * i)) & 0xffu, y = (uint32_t)(b >> (8 * i)) & 0xffu;
        x = ptx_type_signed(ta) ? (uint32_t)(int32_t)(int8_t)x : x;
        y = ptx_type_signed(tb) ? (uint32_t)(int32_t)(int8_t)y : y;
        s += x * y;
    }
    return s;
}

/* dp2a: c + a's two 16-bit halves times b's bytes 0-1 (.lo) or 2-3 (.hi). */
SIM_INLINE uint64_t ptx_int_dp2a(uint32_t hi, uint32_t ta, uint32_t tb, uint64_t a, uint64_t b, uint64_t c)
{
    uint32_t s = (uint32_t)c;
    for (int i = 0; i < 2; i++) {
        uint32_t x = (uint32_t)(a >> (16 * i)) & 0xffffu, y = (uint32_t)(b >> (8 * (i + 2 * !!hi))) & 0xffu;
        x = ptx_type_signed(ta) ? (uint32_t)(int32_t)(int16_t)x : x;
        y = ptx_type_signed(tb) ? (uint32_t)(int32_t)(int8_t)y : y;
        s += x * y;
    }
    return s;
}

/* mad and madc: a * b (.lo/.hi/.wide) + c + cf_in; .sat (mad.hi.s32
 * only) clamps the sum to s32; *cf_out: the carry out of the addition. */
SIM_INLINE uint64_t ptx_int_mad(uint32_t t, uint32_t mode, uint32_t flags, uint64_t a, uint64_t b, uint64_t c,
                                uint32_t cf_in, uint32_t *cf_out)
{
    uint64_t p = ptx_int_mul(t, mode, a, b);
    uint32_t bits = ptx_type_bits(t);
    if (flags & PTX_MF_SAT) {
        *cf_out = 0;
        return ptx_trunc(ptx_sat_s32(ptx_sext(p, 32) + ptx_sext(c, 32)), 32);
    }
    uint32_t rt = mode == PTX_MUL_WIDE ? (bits == 16 ? PTX_T_U32 : PTX_T_U64) : t;
    return ptx_int_addsub(rt, p, c, 0, cf_in, cf_out);
}

/* mad24: mul24 + c; .sat (.hi.s32): clamped to s32. */
SIM_INLINE uint64_t ptx_int_mad24(uint32_t t, uint32_t mode, uint32_t flags, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t p = ptx_int_mul24(t, mode, a, b);
    if (flags & PTX_MF_SAT)
        return ptx_trunc(ptx_sat_s32(ptx_sext(p, 32) + ptx_sext(c, 32)), 32);
    return (p + c) & 0xffffffffu;
}

/* add/sub .sat (s32 only): the exact sum clamped. */
SIM_INLINE uint64_t ptx_int_addsub_sat(uint64_t a, uint64_t b, int sub)
{
    int64_t x = ptx_sext(a, 32), y = ptx_sext(b, 32);
    return ptx_trunc(ptx_sat_s32(sub ? x - y : x + y), 32);
}

SIM_INLINE uint64_t ptx_int_absneg(uint32_t t, uint64_t a, int neg)
{
    int64_t x = (int64_t)ptx_ext(a, t);
    return ptx_trunc(neg || x < 0 ? 0 - (uint64_t)x : (uint64_t)x, ptx_type_bits(t));
}

#endif
