/* PTX compare and select: setp set selp slct. Float compares follow IEEE:
 * the ordered ones (eq ne lt le gt ge) are false on a NaN, the unordered
 * ones (equ neu ltu leu gtu geu) true; num: neither NaN, nan: either. */
#ifndef PTX_ALU_CMP_H
#define PTX_ALU_CMP_H

#include "device/ptx/ptx_alu_float.h"

SIM_INLINE uint32_t ptx_cmp_int(uint32_t cmp, uint32_t t, uint64_t a, uint64_t b)
{
    uint64_t x = ptx_ext(a, t), y = ptx_ext(b, t);
    int sg = ptx_type_signed(t);
    int lt = sg ? (int64_t)x < (int64_t)y : x < y, eq = x == y;
    switch (cmp) {
    case PTX_CMP_EQ: return eq;
    case PTX_CMP_NE: return !eq;
    case PTX_CMP_LT: return lt;
    case PTX_CMP_LE: return lt || eq;
    case PTX_CMP_GT: return !lt && !eq;
    case PTX_CMP_GE: return !lt;
    case PTX_CMP_LO: return x < y;
    case PTX_CMP_LS: return x <= y;
    case PTX_CMP_HI: return x > y;
    case PTX_CMP_HS: return x >= y;
    default: return 0;
    }
}

/* A float compare in format f (ftz: subnormals count as zero). */
SIM_INLINE uint32_t ptx_cmp_float(uint32_t cmp, uint32_t f, uint64_t a, uint64_t b, uint32_t ftz)
{
    if (ftz)
        a = ptx_flush(f, a), b = ptx_flush(f, b);
    int un = ptx_is_nan(f, a) || ptx_is_nan(f, b);
    uint64_t s = ptx_fmt_sign(f);
    int zeros = ((a | b) & ~s) == 0; /* +0 == -0 */
    int c = un ? 0 : zeros ? 0 : ptx_fcmp_total(f, a, b);
    int r;
    switch (cmp) {
    case PTX_CMP_EQ: case PTX_CMP_EQU: r = c == 0; break;
    case PTX_CMP_NE: case PTX_CMP_NEU: r = c != 0; break;
    case PTX_CMP_LT: case PTX_CMP_LTU: r = c < 0; break;
    case PTX_CMP_LE: case PTX_CMP_LEU: r = c <= 0; break;
    case PTX_CMP_GT: case PTX_CMP_GTU: r = c > 0; break;
    case PTX_CMP_GE: case PTX_CMP_GEU: r = c >= 0; break;
    case PTX_CMP_NUM: return !un;
    case PTX_CMP_NAN: return un;
    default: return 0;
    }
    if (un)
        return cmp >= PTX_CMP_EQU;
    return (uint32_t)r;
}

SIM_INLINE uint32_t ptx_cmp_any(uint32_t cmp, uint32_t t, uint64_t a, uint64_t b, uint32_t ftz)
{
    if (ptx_type_float(t))
        return ptx_cmp_float(cmp, ptx_fmt_of(t), a, b, ftz);
    return ptx_cmp_int(cmp, t, a, b);
}

/* setp/set's .and .or .xor with the predicate c. */
SIM_INLINE uint32_t ptx_bool_combine(uint32_t op, uint32_t x, uint64_t c)
{
    uint32_t p = (uint32_t)c & 1;
    switch (op) {
    case PTX_BOOL_AND: return x & p;
    case PTX_BOOL_OR: return x | p;
    case PTX_BOOL_XOR: return x ^ p;
    default: return x;
    }
}

/* set's result for a true or false compare, by destination type: 1.0 or
 * 0.0 for f32, all ones or 0 for integers. */
SIM_INLINE uint64_t ptx_set_value(uint32_t t, uint32_t x)
{
    if (t == PTX_T_F32)
        return x ? 0x3f800000u : 0;
    return x ? ptx_mask_bits(ptx_type_bits(t)) : 0;
}

/* slct: c >= 0 picks a (f32: -0 counts as 0, NaN picks b). */
SIM_INLINE uint64_t ptx_slct(uint32_t ct, uint64_t a, uint64_t b, uint64_t c, uint32_t ftz)
{
    if (ct == PTX_T_F32) {
        if (ftz)
            c = ptx_flush(PTX_FMT_F32, c);
        uint32_t x = (uint32_t)c;
        return (x & 0x7fffffffu) == 0 || (!(x >> 31) && x <= 0x7f800000u) ? a : b;
    }
    return ptx_sext(c, 32) >= 0 ? a : b;
}

#endif
