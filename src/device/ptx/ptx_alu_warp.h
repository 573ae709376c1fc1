/* ptx_alu_prepare and ptx_alu_warp: all 32 lanes of an instruction on the
 * CPU. prepare picks a form for the hot instructions (PTX_ALU_FORMS: one
 * row each, its arity and its lane expression over A, B, C, the lane's
 * sources, M, the destination's mask, and K, the compare's outcome set);
 * warp switches on it once and runs a 32-iteration loop into a local
 * array that gcc vectorises, then stores the lanes of the mask. Every
 * other instruction takes the generic loop over ptx_alu_eval. */
#ifndef PTX_ALU_WARP_H
#define PTX_ALU_WARP_H

/* Saturating f32 -> 32-bit integer, toward zero, NaN -> 0. */
SIM_INLINE uint64_t ptx_f32_to_s32_rz(float f)
{
    return (uint32_t)(f != f ? 0 : f >= 2147483648.0f ? 2147483647 : f <= -2147483648.0f ? (-2147483647 - 1) : (int32_t)f);
}

SIM_INLINE uint64_t ptx_f32_to_u32_rz(float f)
{
    return f != f || f <= 0.0f ? 0u : f >= 4294967296.0f ? 0xffffffffu : (uint32_t)f;
}

/* The outcome of a compare as PTX_CMPS_* bits tested against K (bitwise,
 * no branches: lt eq gt un are 0 or 1). */
SIM_INLINE uint64_t ptx_cmps(uint32_t k, int lt, int eq, int gt, int un)
{
    return (uint64_t)(((uint32_t)lt & k) | ((uint32_t)eq & (k >> 1)) | ((uint32_t)gt & (k >> 2)) |
                      ((uint32_t)un & (k >> 3))) & 1;
}

SIM_INLINE uint64_t ptx_cmps_f32(uint32_t k, float x, float y)
{
    return ptx_cmps(k, x < y, x == y, x > y, x != x || y != y);
}

SIM_INLINE uint64_t ptx_cmps_f64(uint32_t k, double x, double y)
{
    return ptx_cmps(k, x < y, x == y, x > y, x != x || y != y);
}

/*      form          arity  lane expression */
#define PTX_ALU_FORMS(X) \
    X(F32_ADD,          2, ptx_f32_canon(ptx_f32(A) + ptx_f32(B))) \
    X(F32_SUB,          2, ptx_f32_canon(ptx_f32(A) - ptx_f32(B))) \
    X(F32_MUL,          2, ptx_f32_canon(ptx_f32(A) * ptx_f32(B))) \
    X(F32_FMA,          3, ptx_f32_canon(fmaf(ptx_f32(A), ptx_f32(B), ptx_f32(C)))) \
    X(F32_RCP,          1, ptx_f32_canon(1.0f / ptx_f32(A))) \
    X(F32_SQRT,         1, ptx_f32_canon(sqrtf(ptx_f32(A)))) \
    X(F32_EX2,          1, ptx_approx(PTX_OP_EX2, PTX_FMT_F32, A)) \
    X(F32_EX2_FTZ,      1, ptx_flush(PTX_FMT_F32, ptx_approx(PTX_OP_EX2, PTX_FMT_F32, ptx_flush(PTX_FMT_F32, A)))) \
    X(F64_ADD,          2, ptx_f64_canon(ptx_f64(A) + ptx_f64(B))) \
    X(F64_SUB,          2, ptx_f64_canon(ptx_f64(A) - ptx_f64(B))) \
    X(F64_MUL,          2, ptx_f64_canon(ptx_f64(A) * ptx_f64(B))) \
    X(F64_FMA,          3, ptx_f64_canon(fma(ptx_f64(A), ptx_f64(B), ptx_f64(C)))) \
    X(I32_ADD,          2, (uint32_t)(A + B)) \
    X(I32_SUB,          2, (uint32_t)(A - B)) \
    X(I32_MUL_LO,       2, (uint32_t)((uint32_t)A * (uint32_t)B)) \
    X(I32_MAD_LO,       3, (uint32_t)((uint32_t)A * (uint32_t)B + (uint32_t)C)) \
    X(I32_SHL,          2, (uint32_t)B >= 32 ? 0 : (uint32_t)((uint32_t)A << (uint32_t)B)) \
    X(U32_SHR,          2, (uint32_t)B >= 32 ? 0 : (uint32_t)A >> (uint32_t)B) \
    X(S32_SHR,          2, (uint32_t)((int32_t)A >> ((uint32_t)B >= 32 ? 31 : (uint32_t)B))) \
    X(AND,              2, (A & B) & M) \
    X(OR,               2, (A | B) & M) \
    X(XOR,              2, (A ^ B) & M) \
    X(S32_MUL_WIDE,     2, (uint64_t)((int64_t)(int32_t)A * (int32_t)B)) \
    X(U32_MUL_WIDE,     2, (uint64_t)(uint32_t)A * (uint32_t)B) \
    X(I64_ADD,          2, A + B) \
    X(I64_SUB,          2, A - B) \
    X(SETP_S32,         2, ptx_cmps(K, (int32_t)A < (int32_t)B, (uint32_t)A == (uint32_t)B, (int32_t)A > (int32_t)B, 0)) \
    X(SETP_U32,         2, ptx_cmps(K, (uint32_t)A < (uint32_t)B, (uint32_t)A == (uint32_t)B, (uint32_t)A > (uint32_t)B, 0)) \
    X(SETP_S64,         2, ptx_cmps(K, (int64_t)A < (int64_t)B, A == B, (int64_t)A > (int64_t)B, 0)) \
    X(SETP_U64,         2, ptx_cmps(K, A < B, A == B, A > B, 0)) \
    X(SETP_F32,         2, ptx_cmps_f32(K, ptx_f32(A), ptx_f32(B))) \
    X(SETP_F64,         2, ptx_cmps_f64(K, ptx_f64(A), ptx_f64(B))) \
    X(SELP,             3, ((A & (0 - (C & 1))) | (B & ((C & 1) - 1))) & M) \
    X(MOV,              1, A & M) \
    X(CVT_F32_S32,      1, ptx_f32_bits((float)(int32_t)A)) \
    X(CVT_F32_U32,      1, ptx_f32_bits((float)(uint32_t)A)) \
    X(CVT_S32_F32_RZ,   1, ptx_f32_to_s32_rz(ptx_f32(A))) \
    X(CVT_U32_F32_RZ,   1, ptx_f32_to_u32_rz(ptx_f32(A))) \
    X(CVT_F64_F32,      1, ptx_f64_canon((double)ptx_f32(A))) \
    X(CVT_F32_F64,      1, ptx_f32_canon((float)ptx_f64(A))) \
    X(CVT_S64_S32,      1, (uint64_t)(int64_t)(int32_t)A) \
    X(CVT_ZEXT32,       1, (uint32_t)A)

typedef enum {
    PTX_FORM_GENERIC,
#define PTX_FORM_ENUM(name, arity, expr) PTX_FORM_##name,
    PTX_ALU_FORMS(PTX_FORM_ENUM)
#undef PTX_FORM_ENUM
    PTX_FORM_COUNT
} ptx_alu_form_t;

/* The compare's outcome set (setp's forms). */
SIM_INLINE uint32_t ptx_cmp_sets(uint32_t cmp)
{
    switch (cmp) {
    case PTX_CMP_EQ: return PTX_CMPS_EQ;
    case PTX_CMP_NE: return PTX_CMPS_LT | PTX_CMPS_GT;
    case PTX_CMP_LT: case PTX_CMP_LO: return PTX_CMPS_LT;
    case PTX_CMP_LE: case PTX_CMP_LS: return PTX_CMPS_LT | PTX_CMPS_EQ;
    case PTX_CMP_GT: case PTX_CMP_HI: return PTX_CMPS_GT;
    case PTX_CMP_GE: case PTX_CMP_HS: return PTX_CMPS_GT | PTX_CMPS_EQ;
    case PTX_CMP_EQU: return PTX_CMPS_EQ | PTX_CMPS_UN;
    case PTX_CMP_NEU: return PTX_CMPS_LT | PTX_CMPS_GT | PTX_CMPS_UN;
    case PTX_CMP_LTU: return PTX_CMPS_LT | PTX_CMPS_UN;
    case PTX_CMP_LEU: return PTX_CMPS_LT | PTX_CMPS_EQ | PTX_CMPS_UN;
    case PTX_CMP_GTU: return PTX_CMPS_GT | PTX_CMPS_UN;
    case PTX_CMP_GEU: return PTX_CMPS_GT | PTX_CMPS_EQ | PTX_CMPS_UN;
    case PTX_CMP_NUM: return PTX_CMPS_LT | PTX_CMPS_EQ | PTX_CMPS_GT;
    case PTX_CMP_NAN: return PTX_CMPS_UN;
    default: return 0;
    }
}

#include "device/ptx/ptx_alu_forms.h"

/* Writes the lanes of mask: all of them in one copy (the common case), or
 * a blend through a lane mask array (both vectorise; lanes outside the
 * mask keep their value). */
SIM_INLINE void ptx_alu_store(uint64_t *dst, const uint64_t *t, uint32_t mask)
{
    if (mask == 0xffffffffu) {
        for (int l = 0; l < 32; l++)
            dst[l] = t[l];
        return;
    }
    uint64_t m[32];
    for (int l = 0; l < 32; l++)
        m[l] = 0 - (uint64_t)((mask >> l) & 1);
    for (int l = 0; l < 32; l++)
        dst[l] = (t[l] & m[l]) | (dst[l] & ~m[l]);
}

#define PTX_ALU_LOOP_1(EXPR) \
    do { \
        const uint64_t *s0_ = s[0]; \
        uint64_t t_[32]; \
        for (int l = 0; l < 32; l++) { \
            uint64_t A = s0_[l]; \
            t_[l] = (EXPR); \
        } \
        ptx_alu_store(dst, t_, mask); \
    } while (0)

#define PTX_ALU_LOOP_2(EXPR) \
    do { \
        const uint64_t *s0_ = s[0], *s1_ = s[1]; \
        uint64_t t_[32]; \
        for (int l = 0; l < 32; l++) { \
            uint64_t A = s0_[l], B = s1_[l]; \
            t_[l] = (EXPR); \
        } \
        ptx_alu_store(dst, t_, mask); \
    } while (0)

#define PTX_ALU_LOOP_3(EXPR) \
    do { \
        const uint64_t *s0_ = s[0], *s1_ = s[1], *s2_ = s[2]; \
        uint64_t t_[32]; \
        for (int l = 0; l < 32; l++) { \
            uint64_t A = s0_[l], B = s1_[l], C = s2_[l]; \
            t_[l] = (EXPR); \
        } \
        ptx_alu_store(dst, t_, mask); \
    } while (0)

/* The generic loop: ptx_alu_eval lane by lane. */
SIM_FN void ptx_alu_warp_generic(const ptx_alu_t *d, uint64_t *dst, uint64_t *dst2, const uint64_t *const s[4],
                                 uint32_t mask, uint8_t *cc)
{
    for (int l = 0; l < 32; l++) {
        if (!((mask >> l) & 1))
            continue;
        uint32_t c = cc ? cc[l] : 0;
        uint64_t q = dst2 ? dst2[l] : 0;
        dst[l] = ptx_alu_eval(d, s[0] ? s[0][l] : 0, s[1] ? s[1][l] : 0, s[2] ? s[2][l] : 0,
                              s[3] ? s[3][l] : 0, &c, &q);
        if (cc)
            cc[l] = (uint8_t)c;
        if (dst2)
            dst2[l] = q;
    }
}

SIM_FN void ptx_alu_warp(const ptx_alu_t *d, uint64_t *dst, uint64_t *dst2, const uint64_t *const s[4],
                         uint32_t mask, uint8_t *cc)
{
    uint64_t M = ptx_mask_bits(ptx_alu_dst_bits(d));
    uint32_t K = d->cmp_sets;
    (void)M, (void)K;
    switch (d->form) {
#define PTX_FORM_CASE(name, arity, expr) \
    case PTX_FORM_##name: PTX_ALU_LOOP_##arity(expr); break;
        PTX_ALU_FORMS(PTX_FORM_CASE)
#undef PTX_FORM_CASE
    default:
        ptx_alu_warp_generic(d, dst, dst2, s, mask, cc);
        return;
    }
    if (dst2 && d->op == PTX_OP_SETP) /* q of p|q: !p (the setp forms have no .and/.or/.xor) */
        for (int l = 0; l < 32; l++)
            dst2[l] = (mask >> l) & 1 ? dst[l] ^ 1 : dst2[l];
}

#endif
