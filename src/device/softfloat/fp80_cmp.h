/* Comparisons and classification: FCOM/FCOMP/FCOMPP and FUCOM* (C3 C2 C0),
 * FCOMI/FUCOMI (ZF PF CF), FTST, FXAM. The ordered forms raise IE for any
 * NaN, the unordered (FUCOM*) only for an SNaN; an unsupported format is
 * invalid for both. Masked, an invalid comparison answers "unordered". */
#ifndef X86_FP80_CMP_H
#define X86_FP80_CMP_H

#include "fp80.h"

enum { FP80_CMP_GT, FP80_CMP_LT, FP80_CMP_EQ, FP80_CMP_UN };

/* EFLAGS bits that FCOMI writes. */
#define FP80_EFL_CF 0x01u
#define FP80_EFL_PF 0x04u
#define FP80_EFL_ZF 0x40u

/* FP80_CMP_* for a against b; quiet = 1 for the FUCOM forms. */
SIM_FN int fp80_compare(fp80_env_t *env, fp80_t a, fp80_t b, int quiet)
{
    fp80_begin(env);
    int ca = fp80_class(a), cb = fp80_class(b);
    if (ca == FP80_CLASS_UNSUPPORTED || cb == FP80_CLASS_UNSUPPORTED) {
        env->sw |= FP80_IE;
        return FP80_CMP_UN;
    }
    if (fp80_is_nan(a) || fp80_is_nan(b)) {
        if (!quiet || ca == FP80_CLASS_SNAN || cb == FP80_CLASS_SNAN)
            env->sw |= FP80_IE;
        return FP80_CMP_UN;
    }
    if (ca == FP80_CLASS_DENORMAL || cb == FP80_CLASS_DENORMAL)
        env->sw |= FP80_DE;
    int za = ca == FP80_CLASS_ZERO, zb = cb == FP80_CLASS_ZERO;
    if (za && zb)
        return FP80_CMP_EQ;
    uint32_t sa = fp80_sign(a), sb = fp80_sign(b);
    if (za || zb || sa != sb) /* the signs decide, a zero counting as neither */
        return (za ? !sb : sa) ? FP80_CMP_LT : FP80_CMP_GT;
    fp80_unpacked_t x = fp80_unpack(a), y = fp80_unpack(b);
    if (x.exp == y.exp && x.sig == y.sig)
        return FP80_CMP_EQ;
    int below = x.exp < y.exp || (x.exp == y.exp && x.sig < y.sig);
    return (below ^ (int)sa) ? FP80_CMP_LT : FP80_CMP_GT;
}

/* FCOM/FUCOM: C3 C2 C0 = 000 (a > b), 001 (<), 100 (=), 111 (unordered). */
SIM_FN void fp80_fcom(fp80_env_t *env, fp80_t a, fp80_t b, int quiet)
{
    static const uint16_t cc[4] = {0, FP80_C0, FP80_C3, FP80_C3 | FP80_C2 | FP80_C0};
    int r = fp80_compare(env, a, b, quiet);
    env->sw = (uint16_t)((env->sw & ~(FP80_C0 | FP80_C2 | FP80_C3)) | cc[r]);
}

/* FCOMI/FUCOMI: the ZF PF CF bits to set (the others of the three clear). */
SIM_FN uint32_t fp80_fcomi(fp80_env_t *env, fp80_t a, fp80_t b, int quiet)
{
    static const uint8_t fl[4] = {0, FP80_EFL_CF, FP80_EFL_ZF, FP80_EFL_ZF | FP80_EFL_PF | FP80_EFL_CF};
    return fl[fp80_compare(env, a, b, quiet)];
}

/* FTST: ST0 against +0.0, an ordered comparison. */
SIM_FN void fp80_tst(fp80_env_t *env, fp80_t a) { fp80_fcom(env, a, fp80_zero(0), 0); }

/* FXAM: C1 = sign; C3 C2 C0 = the class (empty = 1 for an empty register). */
SIM_FN void fp80_xam(fp80_env_t *env, fp80_t a, int empty)
{
    static const uint16_t cc[7] = {
        FP80_C3,                     /* zero */
        FP80_C3 | FP80_C2,           /* denormal, pseudo-denormal */
        FP80_C2,                     /* normal */
        FP80_C2 | FP80_C0,           /* infinity */
        FP80_C0, FP80_C0,            /* NaN */
        0,                           /* unsupported */
    };
    uint16_t r = empty ? (uint16_t)(FP80_C3 | FP80_C0) : cc[fp80_class(a)];
    if (fp80_sign(a))
        r |= FP80_C1;
    env->sw = (uint16_t)((env->sw & ~FP80_CC) | r);
}

#endif
