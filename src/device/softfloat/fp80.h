/* The x87's 80-bit extended-precision values: the type, the FPU environment
 * the arithmetic reads and writes, classification, and the operand rules
 * every arithmetic instruction shares (unsupported formats, NaN propagation).
 *
 * Format: sign (1), biased exponent (15, bias 16383), significand (64) with
 * an explicit integer bit J (bit 63). Exponent 0 with J = 0 is a denormal
 * (or zero); exponent 0 with J = 1 a pseudo-denormal, accepted like the
 * denormal it encodes and worth 2^-16382 * 1.f; J = 0 with any other
 * exponent (unnormals, pseudo-infinities, pseudo-NaNs) is an unsupported
 * format, an invalid operand since the 387. Exponent 0x7fff with J = 1 is an
 * infinity (fraction 0), a QNaN (bit 62 set) or an SNaN.
 *
 * Every operation here gives the masked response of the x87 (the default
 * control word 0x037f masks all exceptions) and ORs the exceptions it
 * raises into env->sw; with an exception unmasked (sw & ~cw & 0x3f) the
 * executor must act as the hardware does (no write for IE, ZE, DE, the
 * trap). The unmasked responses to OE and UE for a register result (scaled
 * by 2^-+24576, UE for every tiny result) are fp80_round_pack's; ES and B
 * the executor's, from sw & ~cw & 0x3f.
 * The stack (TOP, tags, SF) is the executor's: functions that push return
 * a pair of values. C1 is cleared by every operation and set when the
 * result was rounded up in magnitude; C0, C2, C3 change only where an
 * instruction defines them, as measured on the hardware. */
#ifndef X86_FP80_H
#define X86_FP80_H

#include "wide.h"

/* In memory (m80) the same: significand at offset 0, sign and exponent at 8. */
typedef struct {
    uint64_t mant;
    uint16_t sexp;
} fp80_t;

/* Results of instructions that leave two values (FXTRACT, FSINCOS, FPTAN):
 * st0 is the new top of stack, st1 the register below it. */
typedef struct {
    fp80_t st0, st1;
} fp80_pair_t;

/* The FPU control and status words, laid out as FLDCW/FNSTSW see them. */
typedef struct {
    uint16_t cw, sw;
} fp80_env_t;

/* Status word: exception flags and condition codes. */
#define FP80_IE 0x0001u
#define FP80_DE 0x0002u
#define FP80_ZE 0x0004u
#define FP80_OE 0x0008u
#define FP80_UE 0x0010u
#define FP80_PE 0x0020u
#define FP80_C0 0x0100u
#define FP80_C1 0x0200u
#define FP80_C2 0x0400u
#define FP80_C3 0x4000u
#define FP80_CC (FP80_C0 | FP80_C1 | FP80_C2 | FP80_C3)

/* Control word: rounding control (bits 11:10), precision control (9:8). */
#define FP80_RC_NEAREST 0u
#define FP80_RC_DOWN 1u
#define FP80_RC_UP 2u
#define FP80_RC_ZERO 3u
#define FP80_PC_24 0u
#define FP80_PC_53 2u
#define FP80_PC_64 3u
#define FP80_CW_DEFAULT 0x037fu

#define FP80_BIAS 16383
#define FP80_EXP_MAX 0x7fff
#define FP80_J 0x8000000000000000ull
#define FP80_QUIET 0x4000000000000000ull

enum {
    FP80_CLASS_ZERO,
    FP80_CLASS_DENORMAL, /* and pseudo-denormal */
    FP80_CLASS_NORMAL,
    FP80_CLASS_INF,
    FP80_CLASS_QNAN,
    FP80_CLASS_SNAN,
    FP80_CLASS_UNSUPPORTED /* unnormal, pseudo-infinity, pseudo-NaN */
};

SIM_INLINE fp80_t fp80_make(uint32_t sign, uint32_t exp, uint64_t mant)
{
    fp80_t r;
    r.mant = mant;
    r.sexp = (uint16_t)((sign ? 0x8000u : 0u) | exp);
    return r;
}

SIM_INLINE uint32_t fp80_sign(fp80_t a) { return (uint32_t)a.sexp >> 15; }
SIM_INLINE uint32_t fp80_exp(fp80_t a) { return a.sexp & 0x7fffu; }

SIM_INLINE uint32_t fp80_rc(const fp80_env_t *env) { return ((uint32_t)env->cw >> 10) & 3u; }

/* Significant bits the precision-control field asks for (the reserved
 * encoding 1 rounds as 64 bits, measured). */
SIM_INLINE uint32_t fp80_pc_bits(const fp80_env_t *env)
{
    uint32_t pc = ((uint32_t)env->cw >> 8) & 3u;
    return pc == FP80_PC_24 ? 24u : pc == FP80_PC_53 ? 53u : 64u;
}

SIM_INLINE int fp80_class(fp80_t a)
{
    uint32_t e = fp80_exp(a);
    if (e == 0)
        return a.mant ? FP80_CLASS_DENORMAL : FP80_CLASS_ZERO;
    if (!(a.mant & FP80_J))
        return FP80_CLASS_UNSUPPORTED;
    if (e != FP80_EXP_MAX)
        return FP80_CLASS_NORMAL;
    if (!(a.mant << 1))
        return FP80_CLASS_INF;
    return (a.mant & FP80_QUIET) ? FP80_CLASS_QNAN : FP80_CLASS_SNAN;
}

SIM_INLINE int fp80_is_nan(fp80_t a)
{
    return fp80_exp(a) == FP80_EXP_MAX && (a.mant & FP80_J) && (a.mant << 1);
}

SIM_INLINE int fp80_is_zero(fp80_t a) { return fp80_exp(a) == 0 && a.mant == 0; }
SIM_INLINE int fp80_is_inf(fp80_t a) { return fp80_class(a) == FP80_CLASS_INF; }
SIM_INLINE int fp80_is_denormal(fp80_t a) { return fp80_exp(a) == 0 && a.mant != 0; }

/* The default NaN of an invalid operation ("real indefinite"). */
SIM_INLINE fp80_t fp80_indefinite(void) { return fp80_make(1, FP80_EXP_MAX, FP80_J | FP80_QUIET); }
SIM_INLINE fp80_t fp80_inf(uint32_t sign) { return fp80_make(sign, FP80_EXP_MAX, FP80_J); }
SIM_INLINE fp80_t fp80_zero(uint32_t sign) { return fp80_make(sign, 0, 0); }

SIM_INLINE fp80_t fp80_quiet(fp80_t a)
{
    a.mant |= FP80_QUIET;
    return a;
}

/* An integer, exactly (FILD, FXTRACT's exponent). */
SIM_INLINE fp80_t fp80_from_i64(int64_t v)
{
    uint32_t sign = v < 0;
    uint64_t m = sign ? 0u - (uint64_t)v : (uint64_t)v;
    if (!m)
        return fp80_zero(0);
    uint32_t n = fp80_clz64(m);
    return fp80_make(sign, (uint32_t)(FP80_BIAS + 63) - n, m << n);
}

/* A finite nonzero value as sig * 2^(exp - 16383 - 63) with bit 63 of sig
 * set; a (pseudo-)denormal's exponent goes below 1. */
typedef struct {
    uint64_t sig;
    int32_t exp;
    uint32_t sign;
} fp80_unpacked_t;

SIM_INLINE fp80_unpacked_t fp80_unpack(fp80_t a)
{
    fp80_unpacked_t u;
    uint32_t n = fp80_clz64(a.mant);
    u.sign = fp80_sign(a);
    u.exp = (fp80_exp(a) ? (int32_t)fp80_exp(a) : 1) - (int32_t)n;
    u.sig = a.mant << n;
    return u;
}

/* The x87's choice between two NaN operands: an SNaN raises IE; a QNaN
 * beats an SNaN, else the larger significand wins, then the positive sign;
 * the result is quiet. */
SIM_FN fp80_t fp80_pick_nan(fp80_env_t *env, fp80_t a, fp80_t b)
{
    int an = fp80_is_nan(a), bn = fp80_is_nan(b);
    int as = an && !(a.mant & FP80_QUIET), bs = bn && !(b.mant & FP80_QUIET);
    if (as || bs)
        env->sw |= FP80_IE;
    if (!bn)
        return fp80_quiet(a);
    if (!an)
        return fp80_quiet(b);
    if (as != bs)
        return fp80_quiet(as ? b : a);
    if (a.mant != b.mant)
        return fp80_quiet(a.mant > b.mant ? a : b);
    return fp80_quiet(fp80_sign(a) ? b : a);
}

/* Every operation starts here: C1 reads 0 unless the operation sets it. */
SIM_INLINE void fp80_begin(fp80_env_t *env) { env->sw &= (uint16_t)~FP80_C1; }

/* The start of a one-operand arithmetic instruction: C1 cleared, then the
 * operand checks in the hardware's priority: unsupported format (IE,
 * indefinite), then NaN (IE for an SNaN, the quieted NaN). Returns 1 with
 * *res set when the result is decided. A denormal operand (DE) comes
 * later, once no invalid operation or division by zero has decided the
 * result (fp80_denormal). */
SIM_FN int fp80_enter1(fp80_env_t *env, fp80_t a, fp80_t *res)
{
    int c = fp80_class(a);
    fp80_begin(env);
    if (c == FP80_CLASS_UNSUPPORTED) {
        env->sw |= FP80_IE;
        *res = fp80_indefinite();
        return 1;
    }
    if (c == FP80_CLASS_QNAN || c == FP80_CLASS_SNAN) {
        *res = fp80_pick_nan(env, a, a);
        return 1;
    }
    return 0;
}

/* The same for two operands. */
SIM_FN int fp80_enter2(fp80_env_t *env, fp80_t a, fp80_t b, fp80_t *res)
{
    fp80_begin(env);
    if (fp80_class(a) == FP80_CLASS_UNSUPPORTED || fp80_class(b) == FP80_CLASS_UNSUPPORTED) {
        env->sw |= FP80_IE;
        *res = fp80_indefinite();
        return 1;
    }
    if (fp80_is_nan(a) || fp80_is_nan(b)) {
        *res = fp80_pick_nan(env, a, b);
        return 1;
    }
    return 0;
}

/* DE when either operand is a denormal or pseudo-denormal. */
SIM_INLINE void fp80_denormal(fp80_env_t *env, fp80_t a, fp80_t b)
{
    if (fp80_is_denormal(a) || fp80_is_denormal(b))
        env->sw |= FP80_DE;
}

SIM_INLINE fp80_t fp80_invalid(fp80_env_t *env)
{
    env->sw |= FP80_IE;
    return fp80_indefinite();
}

#endif
