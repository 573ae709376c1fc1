/* FLD1, FLDL2T, FLDL2E, FLDPI, FLDLG2, FLDLN2, FLDZ. The irrational constants
 * are held to 128 bits (tools/fp80_consts.py) and rounded by RC, which the
 * hardware does too: FLDPI gives ...c235 to nearest and up, ...c234 down and
 * toward zero. No exception, no PE, C1 = 0 (measured). */
#ifndef X86_FP80_CONST_H
#define X86_FP80_CONST_H

#include "fp80_round.h"

/* In the order of the opcodes D9 E8..EE. */
enum {
    FP80_CONST_1,
    FP80_CONST_L2T,
    FP80_CONST_L2E,
    FP80_CONST_PI,
    FP80_CONST_LG2,
    FP80_CONST_LN2,
    FP80_CONST_Z
};

SIM_FN fp80_t fp80_ld_const(fp80_env_t *env, uint32_t which)
{
    static const uint64_t hi[7] = {FP80_J, 0xd49a784bcd1b8afeull, 0xb8aa3b295c17f0bbull,
                                   0xc90fdaa22168c234ull, 0x9a209a84fbcff798ull, 0xb17217f7d1cf79abull, 0};
    static const uint64_t lo[7] = {0, 0x492bf6ff4dafdb4dull, 0xbe87fed0691d3e89ull, 0xc4c6628b80dc1cd1ull,
                                   0x8f8959ac0b7c9179ull, 0xc9e3b39803f2f6afull, 0};
    static const uint16_t ex[7] = {FP80_BIAS, FP80_BIAS + 1, FP80_BIAS, FP80_BIAS + 1,
                                   FP80_BIAS - 2, FP80_BIAS - 1, 0};
    uint32_t o;
    fp80_begin(env);
    /* no constant's significand is all ones: no carry */
    return fp80_make(0, ex[which], fp80_round_at(hi[which], lo[which], 0, fp80_rc(env), 0, &o));
}

#endif
