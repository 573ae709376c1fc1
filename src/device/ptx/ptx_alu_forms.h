/* ptx_alu_prepare: which of PTX_ALU_FORMS (ptx_alu_warp.h) an instruction
 * is, if any. A form holds only where its lane expression is the whole
 * semantics: round to nearest, no .ftz/.sat/.cc, no negated predicate. */
#ifndef PTX_ALU_FORMS_H
#define PTX_ALU_FORMS_H

SIM_INLINE int ptx_is_i32(uint32_t t)
{
    return t == PTX_T_U32 || t == PTX_T_S32 || t == PTX_T_B32;
}

SIM_INLINE int ptx_is_i64(uint32_t t)
{
    return t == PTX_T_U64 || t == PTX_T_S64 || t == PTX_T_B64;
}

SIM_FN uint16_t ptx_form_f32(const ptx_alu_t *d)
{
    int rn = d->round == PTX_RND_NONE || d->round == PTX_RND_RN, plain = !(d->flags & (PTX_MF_FTZ | PTX_MF_SAT));
    int approx = (d->flags & PTX_MF_APPROX) != 0;
    switch (d->op) {
    case PTX_OP_ADD: return rn && plain ? PTX_FORM_F32_ADD : 0;
    case PTX_OP_SUB: return rn && plain ? PTX_FORM_F32_SUB : 0;
    case PTX_OP_MUL: return rn && plain ? PTX_FORM_F32_MUL : 0;
    case PTX_OP_MAD: case PTX_OP_FMA: return rn && plain ? PTX_FORM_F32_FMA : 0;
    case PTX_OP_RCP: return (rn || approx) && plain ? PTX_FORM_F32_RCP : 0;
    case PTX_OP_SQRT: return (rn || approx) && plain ? PTX_FORM_F32_SQRT : 0;
    case PTX_OP_EX2: return d->flags & PTX_MF_FTZ ? PTX_FORM_F32_EX2_FTZ : PTX_FORM_F32_EX2;
    default: return 0;
    }
}

/* f64 has no .ftz; the f32 forms' conditions otherwise. */
SIM_FN uint16_t ptx_form_f64(const ptx_alu_t *d)
{
    int rn = d->round == PTX_RND_NONE || d->round == PTX_RND_RN, plain = !(d->flags & (PTX_MF_FTZ | PTX_MF_SAT));
    if (!rn || !plain)
        return 0;
    switch (d->op) {
    case PTX_OP_ADD: return PTX_FORM_F64_ADD;
    case PTX_OP_SUB: return PTX_FORM_F64_SUB;
    case PTX_OP_MUL: return PTX_FORM_F64_MUL;
    case PTX_OP_MAD: case PTX_OP_FMA: return PTX_FORM_F64_FMA;
    default: return 0;
    }
}

SIM_FN uint16_t ptx_form_int(const ptx_alu_t *d)
{
    uint32_t t = d->type;
    int plain = !(d->flags & (PTX_MF_CC | PTX_MF_SAT)), lo = d->mul == PTX_MUL_NONE || d->mul == PTX_MUL_LO;
    switch (d->op) {
    case PTX_OP_ADD: return !plain ? 0 : ptx_is_i32(t) ? PTX_FORM_I32_ADD : ptx_is_i64(t) ? PTX_FORM_I64_ADD : 0;
    case PTX_OP_SUB: return !plain ? 0 : ptx_is_i32(t) ? PTX_FORM_I32_SUB : ptx_is_i64(t) ? PTX_FORM_I64_SUB : 0;
    case PTX_OP_MUL:
        if (d->mul == PTX_MUL_WIDE)
            return t == PTX_T_S32 ? PTX_FORM_S32_MUL_WIDE : t == PTX_T_U32 ? PTX_FORM_U32_MUL_WIDE : 0;
        return lo && ptx_is_i32(t) ? PTX_FORM_I32_MUL_LO : 0;
    case PTX_OP_MAD: return plain && lo && ptx_is_i32(t) ? PTX_FORM_I32_MAD_LO : 0;
    case PTX_OP_SHL: return ptx_is_i32(t) ? PTX_FORM_I32_SHL : 0;
    case PTX_OP_SHR: return t == PTX_T_S32 ? PTX_FORM_S32_SHR : ptx_is_i32(t) ? PTX_FORM_U32_SHR : 0;
    case PTX_OP_AND: return PTX_FORM_AND;
    case PTX_OP_OR: return PTX_FORM_OR;
    case PTX_OP_XOR: return PTX_FORM_XOR;
    default: return 0;
    }
}

SIM_FN uint16_t ptx_form_setp(const ptx_alu_t *d)
{
    if (d->boolop != PTX_BOOL_NONE || (d->flags & PTX_MF_FTZ))
        return 0;
    switch (d->type) {
    case PTX_T_S32: return PTX_FORM_SETP_S32;
    case PTX_T_U32: case PTX_T_B32: return PTX_FORM_SETP_U32;
    case PTX_T_S64: return PTX_FORM_SETP_S64;
    case PTX_T_U64: case PTX_T_B64: return PTX_FORM_SETP_U64;
    case PTX_T_F32: return PTX_FORM_SETP_F32;
    case PTX_T_F64: return PTX_FORM_SETP_F64;
    default: return 0;
    }
}

SIM_FN uint16_t ptx_form_cvt(const ptx_alu_t *d)
{
    uint32_t dt = d->type, st = d->type2;
    int rn = d->round == PTX_RND_NONE || d->round == PTX_RND_RN;
    if (d->flags & (PTX_MF_SAT | PTX_MF_RELU | PTX_MF_SATFINITE))
        return 0;
    if (dt == PTX_T_F64 && st == PTX_T_F32 && rn && !(d->flags & PTX_MF_FTZ))   /* exact: rn is no rounding */
        return PTX_FORM_CVT_F64_F32;
    if (dt == PTX_T_F32 && st == PTX_T_F64 && rn && !(d->flags & PTX_MF_FTZ))
        return PTX_FORM_CVT_F32_F64;
    if (dt == PTX_T_F32 && rn && !(d->flags & PTX_MF_FTZ))
        return st == PTX_T_S32 ? PTX_FORM_CVT_F32_S32 : st == PTX_T_U32 ? PTX_FORM_CVT_F32_U32 : 0;
    if (st == PTX_T_F32 && d->round == PTX_RND_RZI) /* .ftz changes nothing toward zero */
        return dt == PTX_T_S32 ? PTX_FORM_CVT_S32_F32_RZ : dt == PTX_T_U32 ? PTX_FORM_CVT_U32_F32_RZ : 0;
    if (ptx_type_float(dt) || ptx_type_float(st) || ptx_type_bits(st) < 32)
        return 0;
    if (ptx_type_bits(dt) == 32 || (ptx_type_bits(dt) == 64 && ptx_type_bits(st) == 32 && !ptx_type_signed(st)))
        return PTX_FORM_CVT_ZEXT32;
    if (ptx_type_bits(dt) == 64 && st == PTX_T_S32)
        return PTX_FORM_CVT_S64_S32;
    return 0;
}

SIM_FN uint16_t ptx_alu_pick_form(const ptx_alu_t *d)
{
    if (d->negsrc)
        return 0;
    switch (d->op) {
    case PTX_OP_SETP: return ptx_form_setp(d);
    case PTX_OP_SELP: return PTX_FORM_SELP;
    case PTX_OP_MOV: return PTX_FORM_MOV;
    case PTX_OP_CVT: return ptx_form_cvt(d);
    default: break;
    }
    if (d->type == PTX_T_F32)
        return ptx_form_f32(d);
    if (d->type == PTX_T_F64)
        return ptx_form_f64(d);
    return ptx_type_float(d->type) ? 0 : ptx_form_int(d);
}

SIM_FN void ptx_alu_prepare(ptx_alu_t *d)
{
    d->cmp_sets = (uint8_t)ptx_cmp_sets(d->cmp);
    d->form = ptx_alu_pick_form(d);
}

#endif
