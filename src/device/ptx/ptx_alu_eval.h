/* ptx_alu_eval: one lane of one ALU instruction (ptx_alu.h's contract).
 * Sources are cut to their widths first, so every family below sees
 * clean values; the result is cut to the destination's width. */
#ifndef PTX_ALU_EVAL_H
#define PTX_ALU_EVAL_H

SIM_INLINE int ptx_alu_wide(const ptx_alu_t *d)
{
    return d->mul == PTX_MUL_WIDE;
}

/* The width in bits of source i (0..3). */
SIM_FN uint32_t ptx_alu_src_bits(const ptx_alu_t *d, uint32_t i)
{
    uint32_t tb = ptx_type_bits(d->type);
    switch (d->op) {
    case PTX_OP_CVT: return ptx_type_bits(d->type2);
    case PTX_OP_SET: return i == 2 ? 1 : ptx_type_bits(d->type2);
    case PTX_OP_SETP: case PTX_OP_SELP: return i == 2 ? 1 : tb;
    case PTX_OP_SLCT: return i == 2 ? 32 : tb;
    case PTX_OP_SHL: case PTX_OP_SHR: return i == 1 ? 32 : tb;
    case PTX_OP_SHF: case PTX_OP_FNS: case PTX_OP_PRMT: case PTX_OP_BMSK: return 32;
    case PTX_OP_DP4A: case PTX_OP_DP2A: return 32;
    case PTX_OP_BFE: return i >= 1 ? 32 : tb;
    case PTX_OP_BFI: return i >= 2 ? 32 : tb;
    case PTX_OP_LOP3: return i == 3 ? 8 : tb;
    case PTX_OP_MAD: case PTX_OP_MADC: return i == 2 && ptx_alu_wide(d) ? 2 * tb : tb;
    default: return tb;
    }
}

/* The width in bits of the first destination. */
SIM_FN uint32_t ptx_alu_dst_bits(const ptx_alu_t *d)
{
    switch (d->op) {
    case PTX_OP_SETP: case PTX_OP_TESTP: return 1;
    case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BFIND: return 32;
    case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_MADC:
        return ptx_alu_wide(d) ? 2 * ptx_type_bits(d->type) : ptx_type_bits(d->type);
    default: return ptx_type_bits(d->type);
    }
}

/* add sub mul mad ... on integer types; *cc read by the carry-in forms,
 * written by the .cc ones. */
SIM_FN uint64_t ptx_alu_int(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c, uint32_t *cc)
{
    uint32_t t = d->type, co = 0, ci = 0;
    uint64_t r;
    switch (d->op) {
    case PTX_OP_ADDC: case PTX_OP_SUBC: case PTX_OP_MADC: ci = *cc & 1; break;
    default: break;
    }
    switch (d->op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_ADDC: case PTX_OP_SUBC: {
        int sub = d->op == PTX_OP_SUB || d->op == PTX_OP_SUBC;
        if (d->flags & PTX_MF_SAT)
            return ptx_int_addsub_sat(a, b, sub);
        r = ptx_int_addsub(t, a, b, sub, ci, &co);
        break;
    }
    case PTX_OP_MAD: case PTX_OP_MADC: r = ptx_int_mad(t, d->mul, d->flags, a, b, c, ci, &co); break;
    case PTX_OP_MUL: return ptx_int_mul(t, d->mul, a, b);
    case PTX_OP_MUL24: return ptx_int_mul24(t, d->mul, a, b);
    case PTX_OP_MAD24: return ptx_int_mad24(t, d->mul, d->flags, a, b, c);
    case PTX_OP_SAD: return ptx_int_sad(t, a, b, c);
    case PTX_OP_DIV: return ptx_int_divrem(t, a, b, 0);
    case PTX_OP_REM: return ptx_int_divrem(t, a, b, 1);
    case PTX_OP_ABS: return ptx_int_absneg(t, a, 0);
    case PTX_OP_NEG: return ptx_int_absneg(t, a, 1);
    case PTX_OP_MIN: return ptx_int_minmax(t, a, b, 0, d->flags);
    default: return ptx_int_minmax(t, a, b, 1, d->flags); /* MAX */
    }
    if (d->flags & PTX_MF_CC)
        *cc = co;
    return r;
}

/* The bit instructions and mov. */
SIM_FN uint64_t ptx_alu_bitop(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c, uint64_t e)
{
    uint32_t t = d->type, bits = ptx_type_bits(t);
    switch (d->op) {
    case PTX_OP_POPC: return ptx_popc64(a);
    case PTX_OP_CLZ: return ptx_clz64(a) - (64 - bits);
    case PTX_OP_BFIND: return ptx_bfind(t, a, d->flags & PTX_MF_SHIFTAMT);
    case PTX_OP_FNS: return ptx_fns(a, b, c);
    case PTX_OP_BREV: return ptx_brev(a, bits);
    case PTX_OP_BFE: return ptx_bfe(t, a, b, c);
    case PTX_OP_BFI: return ptx_bfi(t, a, b, c, e);
    case PTX_OP_BMSK: return ptx_bmsk(d->shf_mode, a, b);
    case PTX_OP_PRMT: return ptx_prmt(d->prmt, a, b, c);
    case PTX_OP_SHF: return ptx_shf(d->shf_dir, d->shf_mode, a, b, c);
    case PTX_OP_SHL: return ptx_shl(bits, a, b);
    case PTX_OP_SHR: return ptx_shr(t, a, b);
    case PTX_OP_AND: return a & b;
    case PTX_OP_OR: return a | b;
    case PTX_OP_XOR: return a ^ b;
    case PTX_OP_NOT: return ~a;
    case PTX_OP_CNOT: return a == 0;
    case PTX_OP_LOP3: return ptx_lop3(a, b, c, e);
    default: return a; /* MOV */
    }
}

/* setp set selp slct testp; setp's second destination in *d2. */
SIM_FN uint64_t ptx_alu_cmpsel(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c, uint64_t *d2)
{
    uint32_t ftz = (d->flags & PTX_MF_FTZ) != 0;
    switch (d->op) {
    case PTX_OP_SETP: {
        uint32_t r, q;
        if (d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2) { /* p: the low halves, q: the high */
            uint32_t f = ptx_fmt_of(d->type);
            r = ptx_cmp_float(d->cmp, f, a & 0xffff, b & 0xffff, ftz);
            q = ptx_cmp_float(d->cmp, f, a >> 16, b >> 16, ftz);
        } else {
            r = ptx_cmp_any(d->cmp, d->type, a, b, ftz);
            q = !r;
        }
        if (d2)
            *d2 = ptx_bool_combine(d->boolop, q, c);
        return ptx_bool_combine(d->boolop, r, c);
    }
    case PTX_OP_SET:
        if (d->type2 == PTX_T_F16X2 || d->type2 == PTX_T_BF16X2)
            return ptx_set_x2(d->cmp, d->boolop, d->type, d->type2, a, b, c, ftz);
        return ptx_set_value(d->type, ptx_bool_combine(d->boolop, ptx_cmp_any(d->cmp, d->type2, a, b, ftz), c));
    case PTX_OP_SELP: return (c & 1) ? a : b;
    case PTX_OP_SLCT: return ptx_slct(d->type2, a, b, c, ftz);
    default: return ptx_testp(ptx_fmt_of(d->type), a, d->testp); /* TESTP */
    }
}

SIM_INLINE int ptx_alu_is_float_op(const ptx_alu_t *d)
{
    return ptx_type_float(d->type);
}

SIM_FN uint64_t ptx_alu_eval(const ptx_alu_t *d, uint64_t a, uint64_t b, uint64_t c, uint64_t e, uint32_t *cc,
                             uint64_t *d2)
{
    a = ptx_trunc(a ^ (d->negsrc & 1), ptx_alu_src_bits(d, 0));
    b = ptx_trunc(b ^ ((d->negsrc >> 1) & 1), ptx_alu_src_bits(d, 1));
    c = ptx_trunc(c ^ ((d->negsrc >> 2) & 1), ptx_alu_src_bits(d, 2));
    e = ptx_trunc(e, ptx_alu_src_bits(d, 3));
    uint64_t r;
    switch (d->op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_DIV:
    case PTX_OP_ABS: case PTX_OP_NEG: case PTX_OP_MIN: case PTX_OP_MAX:
        if (!ptx_alu_is_float_op(d)) {
            r = ptx_alu_int(d, a, b, c, cc);
            break;
        }
        /* fall through */
    case PTX_OP_FMA: case PTX_OP_RCP: case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_SIN:
    case PTX_OP_COS: case PTX_OP_LG2: case PTX_OP_EX2: case PTX_OP_TANH: case PTX_OP_COPYSIGN:
        if (d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2)
            r = ptx_float_x2(d, ptx_fmt_of(d->type), a, b, c);
        else
            r = ptx_float_op(d, ptx_fmt_of(d->type), a, b, c);
        break;
    case PTX_OP_MUL24: case PTX_OP_MAD24: case PTX_OP_SAD: case PTX_OP_REM:
    case PTX_OP_ADDC: case PTX_OP_SUBC: case PTX_OP_MADC:
        r = ptx_alu_int(d, a, b, c, cc);
        break;
    case PTX_OP_SETP: case PTX_OP_SET: case PTX_OP_SELP: case PTX_OP_SLCT: case PTX_OP_TESTP:
        r = ptx_alu_cmpsel(d, a, b, c, d2);
        break;
    case PTX_OP_DP4A:
        r = ptx_int_dp4a(d->type, d->type2, a, b, c);
        break;
    case PTX_OP_DP2A:
        r = ptx_int_dp2a(d->mul == PTX_MUL_HI, d->type, d->type2, a, b, c);
        break;
    case PTX_OP_CVT:
        r = ptx_cvt(d->type, d->type2, d->round, d->flags, a, b);
        break;
    default:
        r = ptx_alu_bitop(d, a, b, c, e);
        break;
    }
    return ptx_trunc(r, ptx_alu_dst_bits(d));
}

#endif
