/* Conversions between the x87 registers and memory formats: integers
 * (FILD: fp80_from_i64 in fp80.h; FIST, FISTP, FISTTP) and IEEE single and
 * double (FLD m32/m64 exactly; FST m32/m64 rounded by RC, to the format's
 * own exponent range, whatever the precision control). The stores raise no
 * DE for a denormal source (measured; FLD m32/m64 of a denormal does). */
#ifndef X86_FP80_CONV_H
#define X86_FP80_CONV_H

#include "fp80_misc.h"

/* FIST/FISTP (trunc = 0: rounded by RC) and FISTTP (trunc = 1: chopped) to
 * a bits-wide integer (16, 32, 64), sign-extended to 64 bits. A NaN, an
 * infinity, an unsupported format or a result out of range is invalid: the
 * integer indefinite (the most negative value). */
SIM_FN int64_t fp80_to_int(fp80_env_t *env, fp80_t a, uint32_t bits, int trunc)
{
    const int64_t indefinite = (int64_t)(~0ull << (bits - 1));
    fp80_begin(env);
    int c = fp80_class(a);
    if (c == FP80_CLASS_ZERO)
        return 0;
    if (c != FP80_CLASS_NORMAL && c != FP80_CLASS_DENORMAL) {
        env->sw |= FP80_IE;
        return indefinite;
    }
    fp80_unpacked_t u = fp80_unpack(a);
    uint32_t o = 0;
    uint64_t m = 0;
    if (u.exp - FP80_BIAS < 64)
        m = fp80_round_int(u, trunc ? FP80_RC_ZERO : fp80_rc(env), &o);
    uint64_t limit = (1ull << (bits - 1)) - 1u + u.sign;
    if (u.exp - FP80_BIAS >= 64 || (o & FP80_R_CARRY) || m > limit) {
        env->sw |= FP80_IE;
        return indefinite;
    }
    if (o & FP80_R_INEXACT)
        env->sw |= FP80_PE;
    if (o & FP80_R_UP)
        env->sw |= FP80_C1;
    return (int64_t)(u.sign ? 0u - m : m);
}

/* An IEEE format of fbits fraction bits and ebits exponent bits. */
#define FP80_F32 23u, 8u
#define FP80_F64 52u, 11u

/* FLD m32/m64: exact; an SNaN raises IE and is quieted, a denormal raises
 * DE and is normalized. */
SIM_FN fp80_t fp80_from_ieee(fp80_env_t *env, uint64_t v, uint32_t fbits, uint32_t ebits)
{
    uint64_t emask = (1ull << ebits) - 1u, f = v & ((1ull << fbits) - 1u);
    uint32_t sign = (uint32_t)(v >> (fbits + ebits)) & 1u, e = (uint32_t)(v >> fbits & emask);
    int32_t bias = (int32_t)(emask >> 1);
    fp80_begin(env);
    if (e == emask) {
        fp80_t r = fp80_make(sign, FP80_EXP_MAX, FP80_J | (f << (63 - fbits)));
        if (f && !(f >> (fbits - 1))) {
            env->sw |= FP80_IE;
            r = fp80_quiet(r);
        }
        return r;
    }
    if (e == 0) {
        if (!f)
            return fp80_zero(sign);
        env->sw |= FP80_DE;
        uint32_t n = fp80_clz64(f);
        return fp80_make(sign, (uint32_t)(FP80_BIAS + 64 - bias - (int32_t)fbits - (int32_t)n), f << n);
    }
    return fp80_make(sign, (uint32_t)((int32_t)e - bias + FP80_BIAS), FP80_J | (f << (63 - fbits)));
}

/* FST m32/m64: rounded by RC to the format, with its overflow, underflow
 * and denormal results; a NaN keeps the top of its payload, quieted. */
SIM_FN uint64_t fp80_to_ieee(fp80_env_t *env, fp80_t a, uint32_t fbits, uint32_t ebits)
{
    uint64_t emask = (1ull << ebits) - 1u, quiet = 1ull << (fbits - 1);
    uint64_t signbit = (uint64_t)fp80_sign(a) << (fbits + ebits), naninf = emask << fbits;
    fp80_begin(env);
    switch (fp80_class(a)) {
    case FP80_CLASS_ZERO:
        return signbit;
    case FP80_CLASS_INF:
        return signbit | naninf;
    case FP80_CLASS_UNSUPPORTED:
        env->sw |= FP80_IE;
        return (1ull << (fbits + ebits)) | naninf | quiet;
    case FP80_CLASS_SNAN:
        env->sw |= FP80_IE;
        return signbit | naninf | quiet | ((a.mant << 1) >> (64 - fbits));
    case FP80_CLASS_QNAN:
        return signbit | naninf | ((a.mant << 1) >> (64 - fbits));
    }
    fp80_unpacked_t u = fp80_unpack(a);
    int32_t field, bias = (int32_t)(emask >> 1);
    uint64_t m = fp80_round_fmt(env, u.sign, u.exp - FP80_BIAS + bias, u.sig, 0, fbits + 1u,
                                (int32_t)emask - 1, &field);
    return signbit | ((uint64_t)field << fbits) | ((m >> (63 - fbits)) & (quiet * 2u - 1u));
}

SIM_FN fp80_t fp80_from_f32(fp80_env_t *env, uint32_t v) { return fp80_from_ieee(env, v, FP80_F32); }
SIM_FN fp80_t fp80_from_f64(fp80_env_t *env, uint64_t v) { return fp80_from_ieee(env, v, FP80_F64); }
SIM_FN uint32_t fp80_to_f32(fp80_env_t *env, fp80_t a) { return (uint32_t)fp80_to_ieee(env, a, FP80_F32); }
SIM_FN uint64_t fp80_to_f64(fp80_env_t *env, fp80_t a) { return fp80_to_ieee(env, a, FP80_F64); }

#endif
