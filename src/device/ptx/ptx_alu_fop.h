/* One PTX float instruction on f16, bf16, f32 or f64 values, and on the
 * two halves of f16x2/bf16x2 (the same operation on bits 15:0 and 31:16):
 * the inputs flushed (.ftz), the operation, the result flushed, then .sat
 * or .relu. */
#ifndef PTX_ALU_FOP_H
#define PTX_ALU_FOP_H

#include "device/ptx/ptx_alu_approx.h"
#include "device/ptx/ptx_alu_cmp.h"

/* 1.0 in format f. */
SIM_INLINE uint64_t ptx_fmt_one(uint32_t f)
{
    return (uint64_t)ptx_fmt_bias(f) << ptx_fmt_mbits(f);
}

/* div rcp sqrt: the exact forms, .approx and div.full. */
SIM_FN uint64_t ptx_float_divlike(uint32_t op, uint32_t f, uint32_t flags, uint32_t mode, uint64_t a, uint64_t b)
{
    int approx = (flags & PTX_MF_APPROX) != 0;
    switch (op) {
    case PTX_OP_DIV:
        if (approx)
            return ptx_div_approx(f, a, b);
        return ptx_fdiv(f, a, b, (flags & PTX_MF_FULL) ? PTX_RND_RN : mode);
    case PTX_OP_RCP:
        return ptx_fdiv(f, ptx_fmt_one(f), a, approx ? PTX_RND_RN : mode);
    default: /* SQRT */
        return ptx_fsqrt(f, a, approx ? PTX_RND_RN : mode);
    }
}

/* The operation itself on flushed inputs. */
SIM_FN uint64_t ptx_float_core(const ptx_alu_t *d, uint32_t f, uint64_t a, uint64_t b, uint64_t c)
{
    uint32_t mode = d->round == PTX_RND_NONE ? PTX_RND_RN : d->round;
    uint64_t sign = ptx_fmt_sign(f);
    switch (d->op) {
    case PTX_OP_ADD: return ptx_fadd(f, a, b, mode);
    case PTX_OP_SUB: return ptx_fadd(f, a, b ^ sign, mode);
    case PTX_OP_MUL: return ptx_fmul(f, a, b, mode);
    case PTX_OP_MAD: case PTX_OP_FMA: return ptx_ffma(f, a, b, c, mode);
    case PTX_OP_DIV: case PTX_OP_RCP: case PTX_OP_SQRT:
        return ptx_float_divlike(d->op, f, d->flags, mode, a, b);
    case PTX_OP_ABS: return a & ~sign;
    case PTX_OP_NEG: return a ^ sign;
    case PTX_OP_MIN: return ptx_fminmax(f, a, b, 0, d->flags);
    case PTX_OP_MAX: return ptx_fminmax(f, a, b, 1, d->flags);
    case PTX_OP_COPYSIGN: return (b & ~sign) | (a & sign);
    default: return ptx_approx(d->op, f, a); /* RSQRT SIN COS LG2 EX2 TANH */
    }
}

/* One float value of format f: .ftz, the operation, .ftz, .sat, .relu. */
SIM_FN uint64_t ptx_float_op(const ptx_alu_t *d, uint32_t f, uint64_t a, uint64_t b, uint64_t c)
{
    uint32_t ftz = (d->flags & PTX_MF_FTZ) != 0;
    if (ftz)
        a = ptx_flush(f, a), b = ptx_flush(f, b), c = ptx_flush(f, c);
    uint64_t r = ptx_float_core(d, f, a, b, c);
    if (ftz)
        r = ptx_flush(f, r);
    if (d->flags & PTX_MF_SAT)
        r = ptx_saturate(f, r);
    if ((d->flags & PTX_MF_RELU) && d->op != PTX_OP_MIN && d->op != PTX_OP_MAX && (r & ptx_fmt_sign(f)))
        r = ptx_is_nan(f, r) ? ptx_fmt_nan(f) : 0;
    return r;
}

/* f16x2/bf16x2: the operation on each half. */
SIM_FN uint64_t ptx_float_x2(const ptx_alu_t *d, uint32_t f, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t lo = ptx_float_op(d, f, a & 0xffff, b & 0xffff, c & 0xffff);
    uint64_t hi = ptx_float_op(d, f, (a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff);
    return (hi << 16) | lo;
}

#endif
