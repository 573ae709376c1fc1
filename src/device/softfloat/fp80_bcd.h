/* FBLD and FBSTP: 18-digit packed BCD, two digits a byte, least significant
 * first, the sign in bit 7 of byte 9 (bits 6:0 of that byte ignored). */
#ifndef X86_FP80_BCD_H
#define X86_FP80_BCD_H

#include "fp80_misc.h"

/* The ten bytes as in memory: digits 0..15 in lo, 16..17 in hi's low
 * byte, the sign in hi bit 15. */
typedef struct {
    uint64_t lo;
    uint16_t hi;
} fp80_bcd_t;

#define FP80_BCD_MAX 999999999999999999ull

/* FBLD: exact. A nibble above 9 counts with its binary value, as on the
 * hardware measured (the SDM leaves such encodings undefined). */
SIM_FN fp80_t fp80_from_bcd(fp80_env_t *env, fp80_bcd_t b)
{
    uint64_t v = 0;
    fp80_begin(env);
    for (int i = 17; i >= 0; i--)
        v = v * 10u + ((i >= 16 ? (uint64_t)b.hi >> (4 * (i - 16)) : b.lo >> (4 * i)) & 15u);
    fp80_t r = fp80_from_i64((int64_t)v);
    if (b.hi & 0x8000u)
        r.sexp |= 0x8000u;
    return r;
}

/* FBSTP: ST0 rounded to an integer by RC; a NaN, an infinity, an
 * unsupported format or a magnitude above 18 digits is invalid: the BCD
 * indefinite (0xffff c000000000000000). */
SIM_FN fp80_bcd_t fp80_to_bcd(fp80_env_t *env, fp80_t a)
{
    fp80_bcd_t r;
    fp80_begin(env);
    r.lo = 0xc000000000000000ull;
    r.hi = 0xffffu;
    int c = fp80_class(a);
    if (c != FP80_CLASS_NORMAL && c != FP80_CLASS_DENORMAL && c != FP80_CLASS_ZERO) {
        env->sw |= FP80_IE;
        return r;
    }
    uint64_t m = 0;
    uint32_t o = 0;
    if (c != FP80_CLASS_ZERO) {
        fp80_unpacked_t u = fp80_unpack(a);
        if (u.exp - FP80_BIAS >= 60) {
            env->sw |= FP80_IE;
            return r;
        }
        m = fp80_round_int(u, fp80_rc(env), &o);
        if (m > FP80_BCD_MAX) {
            env->sw |= FP80_IE;
            return r;
        }
    }
    if (o & FP80_R_INEXACT)
        env->sw |= FP80_PE;
    if (o & FP80_R_UP)
        env->sw |= FP80_C1;
    r.lo = 0;
    r.hi = (uint16_t)(fp80_sign(a) << 15);
    for (int i = 0; i < 18; i++, m /= 10u) {
        if (i < 16)
            r.lo |= (m % 10u) << (4 * i);
        else
            r.hi |= (uint16_t)((m % 10u) << (4 * (i - 16)));
    }
    return r;
}

#endif
