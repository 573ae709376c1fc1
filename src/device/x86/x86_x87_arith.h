/* The two-operand families: FADD FMUL FCOM FCOMP FSUB FSUBR FDIV FDIVR on
 * ST(0) and ST(i), ST(i) and ST(0) (the P forms pop), m32, m64, m16int and
 * m32int; FCOMPP, FUCOM*, FCOMI* and FCMOVcc. */
#ifndef X86_X87_ARITH_H
#define X86_X87_ARITH_H

#include "x86_x87_mem.h"

/* A memory operand as an 80-bit value, and whether it was a denormal
 * (single and double only): that raises DE only once the operation got
 * past ST(0)'s own NaN and format checks and found no division by zero,
 * as the hardware orders them (measured). An
 * SNaN stays signalling for the operation to see. */
typedef struct {
    fp80_t v;
    uint32_t denormal;
} x87_opnd_t;

/* kind: 0 m32real, 1 m32int, 2 m64real, 3 m16int (the opcode's bits 2:1). */
SIM_FN int x87_ld_operand(const x87_mem_t *x, uint32_t kind, x87_opnd_t *o)
{
    static const uint8_t size[4] = {4, 4, 8, 2};
    uint64_t raw;
    if (x87_mld(x, 0, size[kind], &raw))
        return 1;
    fp80_env_t scratch = {FP80_CW_DEFAULT, 0};
    o->denormal = 0;
    if (kind == 1)
        o->v = fp80_from_i64((int32_t)(uint32_t)raw);
    else if (kind == 3)
        o->v = fp80_from_i64((int16_t)(uint16_t)raw);
    else {
        uint32_t fbits = kind == 0 ? 23u : 52u, ebits = kind == 0 ? 8u : 11u;
        uint64_t emask = (1ull << ebits) - 1u;
        if ((raw >> fbits & emask) == emask) { /* infinity or NaN, signalling kept */
            uint64_t frac = raw & ((1ull << fbits) - 1u);
            o->v = fp80_make((uint32_t)(raw >> (fbits + ebits)) & 1u, FP80_EXP_MAX, FP80_J | frac << (63 - fbits));
        } else {
            o->v = fp80_from_ieee(&scratch, raw, fbits, ebits);
            o->denormal = (scratch.sw & FP80_DE) != 0;
        }
    }
    return 0;
}

SIM_INLINE int x87_nan_or_bad(fp80_t a)
{
    int c = fp80_class(a);
    return c == FP80_CLASS_QNAN || c == FP80_CLASS_SNAN || c == FP80_CLASS_UNSUPPORTED;
}

/* which = ModRM.reg of the D8 forms: a op b, or b op a for the R forms. */
SIM_FN fp80_t x87_arith_op(fp80_env_t *e, uint32_t which, fp80_t a, fp80_t b)
{
    switch (which) {
    case 0: return fp80_add(e, a, b);
    case 1: return fp80_mul(e, a, b);
    case 4: return fp80_sub(e, a, b);
    case 5: return fp80_sub(e, b, a);
    case 6: return fp80_div(e, a, b);
    default: return fp80_div(e, b, a);
    }
}

/* ST(dst) = a op b (then a pop): empty says an operand register was empty. */
SIM_FN void x87_arith(x87_state_t *f, uint32_t which, uint32_t dst, fp80_t a, fp80_t b, int empty,
                      uint32_t memden, int pop)
{
    fp80_env_t e = x87_env(f);
    fp80_t r;
    if (empty) {
        x87_stack_fault(&e, 0);
        r = fp80_indefinite();
    } else {
        r = x87_arith_op(&e, which, a, b);
        if (memden && !x87_nan_or_bad(a) && !(which == 7 && fp80_is_zero(a)))
            e.sw |= FP80_DE;
    }
    if (x87_finish(f, &e, X87_STOP_REG)) {
        x87_set_st(f, dst, r);
        if (pop)
            x87_pop(f);
    }
}

/* FCOM/FUCOM family: C3 C2 C0 from a against b, then pops pops. */
SIM_FN void x87_compare(x87_state_t *f, fp80_t a, fp80_t b, int empty, uint32_t memden, int quiet, int pops)
{
    fp80_env_t e = x87_env(f);
    if (empty) {
        x87_stack_fault(&e, 0);
        e.sw |= FP80_C0 | FP80_C2 | FP80_C3;
    } else {
        fp80_fcom(&e, a, b, quiet);
        if (memden && !x87_nan_or_bad(a) && !(e.sw & ~f->sw & FP80_ZE))
            e.sw |= FP80_DE;
    }
    if (x87_finish(f, &e, X87_STOP_REG))
        for (; pops > 0; pops--)
            x87_pop(f);
}

/* The memory forms of D8, DA, DC, DE. */
SIM_FN uint32_t x87_arith_mem(x87_state_t *f, const x87_mem_t *x, uint32_t op, uint32_t reg)
{
    x87_opnd_t o;
    if (x87_ld_operand(x, (op >> 1) & 3u, &o))
        return X87_FAULT_READ;
    int empty = x87_empty(f, 0);
    if (reg == 2 || reg == 3)
        x87_compare(f, x87_st(f, 0), o.v, empty, o.denormal, 0, reg == 3);
    else
        x87_arith(f, reg, 0, x87_st(f, 0), o.v, empty, o.denormal, 0);
    return X87_OK;
}

/* D8 (ST(0) = ST(0) op ST(i)), DC and DE (ST(i) = ST(i) op' ST(0), DE
 * popping), where op' swaps the R and plain forms of SUB and DIV. The
 * compares of DC and DE (FCOM2, FCOMP3, FCOMP5) are aliases. */
SIM_FN uint32_t x87_arith_reg(x87_state_t *f, uint32_t op, uint32_t modrm)
{
    uint32_t reg = (modrm >> 3) & 7u, i = modrm & 7u;
    int empty = x87_empty(f, 0) || x87_empty(f, i);
    if (reg == 2 || reg == 3) {
        if (op == 0xde && reg == 3) /* DE D9: FCOMPP, the only one */
            i = 1, empty = x87_empty(f, 0) || x87_empty(f, 1);
        x87_compare(f, x87_st(f, 0), x87_st(f, i), empty, 0, 0, op == 0xde ? reg - 1 : reg - 2);
        return X87_OK;
    }
    if (op == 0xd8)
        x87_arith(f, reg, 0, x87_st(f, 0), x87_st(f, i), empty, 0, 0);
    else
        x87_arith(f, reg >= 4 ? reg ^ 1u : reg, i, x87_st(f, i), x87_st(f, 0), empty, 0, op == 0xde);
    return X87_OK;
}

/* FCOMI, FUCOMI and their popping forms: ZF PF CF, OF SF AF cleared. */
SIM_FN void x87_comi(x87_state_t *f, uint32_t i, int quiet, int pop, uint32_t *eflags)
{
    fp80_env_t e = x87_env(f);
    uint32_t fl, c1 = f->sw & FP80_C1;
    int fault = x87_empty(f, 0) || x87_empty(f, i);
    if (fault) {
        x87_stack_fault(&e, 0);
        fl = FP80_EFL_ZF | FP80_EFL_PF | FP80_EFL_CF;
    } else {
        fl = fp80_fcomi(&e, x87_st(f, 0), x87_st(f, i), quiet);
    }
    if (x87_finish(f, &e, X87_STOP_REG) && pop)
        x87_pop(f);
    if (!fault) /* C1 kept (measured) */
        f->sw = (f->sw & ~FP80_C1) | c1;
    *eflags = (*eflags & ~0x8d5u) | fl; /* even when IE is unmasked (measured) */
}

/* FCMOVcc (C1 kept, measured): cc = the opcode's bit 0 (DB: the negated condition) and
 * ModRM.reg: B (CF), E (ZF), BE (CF or ZF), U (PF). */
SIM_FN void x87_fcmov(x87_state_t *f, uint32_t op, uint32_t modrm, uint32_t eflags)
{
    uint32_t reg = (modrm >> 3) & 3u, i = modrm & 7u;
    uint32_t cf = eflags & 1u, pf = (eflags >> 2) & 1u, zf = (eflags >> 6) & 1u;
    uint32_t cond = reg == 0 ? cf : reg == 1 ? zf : reg == 2 ? (cf | zf) : pf;
    fp80_env_t e = x87_env(f);
    if (x87_empty(f, 0) || x87_empty(f, i)) {
        x87_stack_fault(&e, 0);
        if (x87_finish(f, &e, X87_STOP_REG))
            x87_set_st(f, 0, fp80_indefinite());
        return;
    }
    x87_finish(f, &e, X87_STOP_REG);
    if (cond ^ (op & 1u))
        x87_set_st(f, 0, x87_st(f, i));
}

#endif
