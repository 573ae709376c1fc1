/* The D9 register forms that compute: FCHS FABS FTST FXAM, the constants,
 * F2XM1 FYL2X FPTAN FPATAN FXTRACT FPREM1 FPREM FYL2XP1 FSQRT FSINCOS
 * FRNDINT FSCALE FSIN FCOS, FDECSTP FINCSTP. */
#ifndef X86_X87_FUNC_H
#define X86_X87_FUNC_H

#include "x86_x87_ldst.h"

/* ST(0) = fn(ST(0)) or fn(ST(0), ST(1)); by the low bits of D9 E0..FF. */
SIM_FN fp80_t x87_func_op(fp80_env_t *e, uint32_t modrm, fp80_t a, fp80_t b)
{
    switch (modrm) {
    case 0xe0: return fp80_chs(e, a);
    case 0xe1: return fp80_abs(e, a);
    case 0xf0: return fp80_f2xm1(e, a);
    case 0xf5: return fp80_prem1(e, a, b);
    case 0xf8: return fp80_prem(e, a, b);
    case 0xfa: return fp80_sqrt(e, a);
    case 0xfc: return fp80_rndint(e, a);
    case 0xfd: return fp80_scale(e, a, b);
    case 0xfe: return fp80_sin(e, a);
    default: return fp80_cos(e, a);
    }
}

SIM_FN void x87_unary(x87_state_t *f, uint32_t modrm, int two)
{
    fp80_env_t e = x87_env(f);
    fp80_t r;
    if (x87_empty(f, 0) || (two && x87_empty(f, 1))) {
        x87_stack_fault(&e, 0);
        if (modrm == 0xf5 || modrm == 0xf8 || modrm >= 0xfe) /* they define C2 (measured) */
            e.sw &= ~FP80_C2;
        r = fp80_indefinite();
    } else {
        r = x87_func_op(&e, modrm, x87_st(f, 0), x87_st(f, 1));
    }
    uint32_t cc = f->sw & (FP80_C0 | FP80_C3);
    if (x87_finish(f, &e, X87_STOP_REG))
        x87_set_st(f, 0, r);
    else if (modrm == 0xf5 || modrm == 0xf8) /* stopped: no quotient bits, C2 clear (measured) */
        f->sw = (f->sw & ~(FP80_C0 | FP80_C2 | FP80_C3)) | cc;
}

/* FYL2X, FYL2XP1, FPATAN: ST(1) = fn(ST(0), ST(1)), then a pop. */
SIM_FN void x87_to_st1(x87_state_t *f, uint32_t modrm)
{
    fp80_env_t e = x87_env(f);
    fp80_t r, x = x87_st(f, 0), y = x87_st(f, 1);
    if (x87_empty(f, 0) || x87_empty(f, 1)) {
        x87_stack_fault(&e, 0);
        r = fp80_indefinite();
    } else {
        r = modrm == 0xf1 ? fp80_yl2x(&e, x, y) : modrm == 0xf9 ? fp80_yl2xp1(&e, x, y) : fp80_patan(&e, x, y);
    }
    if (x87_finish(f, &e, X87_STOP_REG)) {
        x87_set_st(f, 1, r);
        x87_pop(f);
    }
}

/* FXTRACT, FPTAN, FSINCOS: ST(0) replaced and a value pushed, unless
 * FPTAN or FSINCOS found the operand out of range (C2). */
SIM_FN void x87_push_pair(x87_state_t *f, uint32_t modrm)
{
    fp80_env_t e = x87_env(f);
    fp80_pair_t p;
    if (x87_empty(f, 0) || !x87_empty(f, 7)) {
        x87_stack_fault(&e, !x87_empty(f, 0));
        if (modrm != 0xf4) /* FPTAN and FSINCOS define C2 (measured) */
            e.sw &= ~FP80_C2;
        p.st0 = p.st1 = fp80_indefinite();
    } else {
        fp80_t a = x87_st(f, 0);
        p = modrm == 0xf4 ? fp80_xtract(&e, a) : modrm == 0xf2 ? fp80_ptan(&e, a) : fp80_sincos(&e, a);
    }
    if (!x87_finish(f, &e, X87_STOP_REG))
        return;
    if (modrm != 0xf4 && (e.sw & FP80_C2)) {
        x87_set_st(f, 0, p.st0);
        return;
    }
    x87_set_st(f, 0, p.st1);
    x87_push(f, p.st0);
}

/* FTST, FXAM (which reads even an empty register). */
SIM_FN void x87_examine(x87_state_t *f, uint32_t modrm)
{
    fp80_env_t e = x87_env(f);
    if (modrm == 0xe5) {
        fp80_begin(&e);
        fp80_xam(&e, x87_st(f, 0), x87_empty(f, 0));
    } else if (x87_empty(f, 0)) {
        x87_stack_fault(&e, 0);
        e.sw |= FP80_C0 | FP80_C2 | FP80_C3;
    } else {
        fp80_tst(&e, x87_st(f, 0));
    }
    x87_finish(f, &e, X87_STOP_REG);
}

/* FLD1 .. FLDZ. */
SIM_FN void x87_const(x87_state_t *f, uint32_t which)
{
    fp80_env_t e = x87_env(f);
    x87_load(f, &e, fp80_ld_const(&e, which), 0);
}

/* FDECSTP, FINCSTP: TOP moves, the tags stay, C1 = 0. */
SIM_FN void x87_step(x87_state_t *f, uint32_t up)
{
    f->sw &= ~FP80_C1;
    x87_set_top(f, x87_top(f) + (up ? 1u : 7u));
}

/* D9 E0..FF. */
SIM_FN uint32_t x87_d9_func(x87_state_t *f, uint32_t modrm)
{
    switch (modrm) {
    case 0xe0: case 0xe1: case 0xf0: case 0xfa: case 0xfc: case 0xfe: case 0xff:
        x87_unary(f, modrm, 0);
        return X87_OK;
    case 0xf5: case 0xf8: case 0xfd:
        x87_unary(f, modrm, 1);
        return X87_OK;
    case 0xe4: case 0xe5:
        x87_examine(f, modrm);
        return X87_OK;
    case 0xf1: case 0xf3: case 0xf9:
        x87_to_st1(f, modrm);
        return X87_OK;
    case 0xf2: case 0xf4: case 0xfb:
        x87_push_pair(f, modrm);
        return X87_OK;
    case 0xf6: case 0xf7:
        x87_step(f, modrm & 1u);
        return X87_OK;
    }
    if (modrm >= 0xe8 && modrm <= 0xee) {
        x87_const(f, modrm - 0xe8);
        return X87_OK;
    }
    return X87_UNDEF;
}

#endif
