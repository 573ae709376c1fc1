/* What the x87 transcendentals give for special operands, written from the
 * Intel SDM instead of asked of this host's FPU (Intel and AMD differ in
 * the last bits of computed results, and in some corners: issue 33):
 * - Vol. 2A, the "Results" tables of F2XM1, FCOS, FPATAN, FPTAN, FSIN,
 *   FSINCOS, FYL2X and FYL2XP1 (rows and columns of operand classes);
 * - Vol. 1, 8.2.2 (unsupported formats: #IA, the indefinite), 4.8.3.5 and
 *   Table 4-7 (which NaN an x87 instruction returns), 4.9.2 (exception
 *   priority: invalid and zero-divide before denormal);
 * - where the SDM leaves the result undefined (F2XM1 for |x| > 1, FYL2XP1
 *   for x <= -1 or infinite), what the hardware gives, marked "measured"
 *   below: AMD EPYC (family 25), recorded 2026-11; issue 33's run on an
 *   Intel Xeon found these cases the same (of 40,000 any-operand cases a
 *   function it reported only F2XM1(+1) rounded toward zero or down).
 * A cell either names the result or says it is computed (X87_R_C): then
 * test_x87_trans.c holds the value to MPFR's correctly rounded one. */
#ifndef X87_SDM_H
#define X87_SDM_H

#include "device/softfloat/fp80_all.h"

enum {
    X87_R_C,      /* computed: MPFR decides */
    X87_R_I,      /* #IA: the indefinite */
    X87_R_Z,      /* #Z: infinity of the sign opposite to ST(1)'s */
    X87_R_PZ,     /* +0 */
    X87_R_NZ,     /* -0 */
    X87_R_PINF,   /* +inf */
    X87_R_NINF,   /* -inf */
    X87_R_P1,     /* +1 */
    X87_R_N1,     /* -1 */
    X87_R_PPI,    /* +pi, rounded (PE, C1 if rounded up) */
    X87_R_NPI,    /* -pi */
    X87_R_PPI2,   /* +pi/2 */
    X87_R_NPI2,   /* -pi/2 */
    X87_R_PPI4,   /* +pi/4 */
    X87_R_NPI4,   /* -pi/4 */
    X87_R_P3PI4,  /* +3pi/4 */
    X87_R_N3PI4,  /* -3pi/4 */
    X87_R_SAME,   /* measured: ST(0) itself, with PE */
    X87_R_RANGE,  /* out of range: C2 = 1, nothing changes */
};

/* The instructions, in the order of test_x87_trans.c's table. */
enum { X87_F2XM1, X87_FYL2X, X87_FYL2XP1, X87_FSIN, X87_FCOS, X87_FSINCOS, X87_FPTAN, X87_FPATAN };

/* Operand classes of a finite-or-infinite operand: the SDM's columns. */
enum { X87_K_NINF, X87_K_NF, X87_K_NZ, X87_K_PZ, X87_K_PF, X87_K_PINF };

static inline int x87_sdm_class(fp80_t a)
{
    int s = (int)fp80_sign(a);
    switch (fp80_class(a)) {
    case FP80_CLASS_ZERO: return s ? X87_K_NZ : X87_K_PZ;
    case FP80_CLASS_INF: return s ? X87_K_NINF : X87_K_PINF;
    default: return s ? X87_K_NF : X87_K_PF;
    }
}

/* One-operand instructions: -inf, -F, -0, +0, +F, +inf. FSINCOS's cosine
 * (ST0) is FCOS's row, its sine (ST1) FSIN's. */
static const uint8_t x87_sdm_f2xm1[6] = {X87_R_N1, X87_R_C, X87_R_NZ, X87_R_PZ, X87_R_C, X87_R_PINF};
static const uint8_t x87_sdm_fsin[6] = {X87_R_I, X87_R_C, X87_R_NZ, X87_R_PZ, X87_R_C, X87_R_I};
static const uint8_t x87_sdm_fcos[6] = {X87_R_I, X87_R_C, X87_R_P1, X87_R_P1, X87_R_C, X87_R_I};

/* FPATAN, ST(1) = y by rows, ST(0) = x by columns: -inf, -F, -0, +0, +F,
 * +inf (the starred cells: 0/0 and inf/inf are not divided). */
static const uint8_t x87_sdm_fpatan[6][6] = {
    {X87_R_N3PI4, X87_R_NPI2, X87_R_NPI2, X87_R_NPI2, X87_R_NPI2, X87_R_NPI4},
    {X87_R_NPI, X87_R_C, X87_R_NPI2, X87_R_NPI2, X87_R_C, X87_R_NZ},
    {X87_R_NPI, X87_R_NPI, X87_R_NPI, X87_R_NZ, X87_R_NZ, X87_R_NZ},
    {X87_R_PPI, X87_R_PPI, X87_R_PPI, X87_R_PZ, X87_R_PZ, X87_R_PZ},
    {X87_R_PPI, X87_R_C, X87_R_PPI2, X87_R_PPI2, X87_R_C, X87_R_PZ},
    {X87_R_P3PI4, X87_R_PPI2, X87_R_PPI2, X87_R_PPI2, X87_R_PPI2, X87_R_PPI4},
};

/* FYL2X, y by rows; x by columns: -inf, -F, +-0, 0 < x < 1, +1, x > 1,
 * +inf. */
static const uint8_t x87_sdm_fyl2x[6][7] = {
    {X87_R_I, X87_R_I, X87_R_PINF, X87_R_PINF, X87_R_I, X87_R_NINF, X87_R_NINF},
    {X87_R_I, X87_R_I, X87_R_Z, X87_R_C, X87_R_NZ, X87_R_C, X87_R_NINF},
    {X87_R_I, X87_R_I, X87_R_I, X87_R_PZ, X87_R_NZ, X87_R_NZ, X87_R_I},
    {X87_R_I, X87_R_I, X87_R_I, X87_R_NZ, X87_R_PZ, X87_R_PZ, X87_R_I},
    {X87_R_I, X87_R_I, X87_R_Z, X87_R_C, X87_R_PZ, X87_R_C, X87_R_PINF},
    {X87_R_I, X87_R_I, X87_R_NINF, X87_R_NINF, X87_R_I, X87_R_PINF, X87_R_PINF},
};

/* FYL2XP1, y by rows; x by columns: -inf, x <= -1, -1 < x < 0, -0, +0,
 * x > 0, +inf. The SDM's table covers |x| < 1 - sqrt(2)/2 (the columns
 * -F, -0, +0, +F); the hardware computes y log2(1 + x) for any finite
 * x > -1, so the F columns hold beyond it; the columns -inf, x <= -1 and
 * +inf are measured (for x <= -1 an infinite or zero y decides first). */
static const uint8_t x87_sdm_fyl2xp1[6][7] = {
    {X87_R_I, X87_R_PINF, X87_R_PINF, X87_R_I, X87_R_I, X87_R_NINF, X87_R_NINF},
    {X87_R_I, X87_R_SAME, X87_R_C, X87_R_PZ, X87_R_NZ, X87_R_C, X87_R_NINF},
    {X87_R_I, X87_R_PZ, X87_R_PZ, X87_R_PZ, X87_R_NZ, X87_R_NZ, X87_R_I},
    {X87_R_I, X87_R_NZ, X87_R_NZ, X87_R_NZ, X87_R_PZ, X87_R_PZ, X87_R_I},
    {X87_R_I, X87_R_SAME, X87_R_C, X87_R_NZ, X87_R_PZ, X87_R_C, X87_R_PINF},
    {X87_R_I, X87_R_NINF, X87_R_NINF, X87_R_I, X87_R_I, X87_R_PINF, X87_R_PINF},
};

static inline int x87_sdm_yl2x_col(fp80_t x)
{
    static const int8_t col[6] = {0, 1, 2, 2, -1, 6};
    int k = x87_sdm_class(x);
    if (col[k] >= 0)
        return col[k];
    if (fp80_exp(x) == FP80_BIAS && x.mant == FP80_J)
        return 4;
    return fp80_exp(x) < FP80_BIAS ? 3 : 5;
}

static inline int x87_sdm_yl2xp1_col(fp80_t x)
{
    static const int8_t col[6] = {0, -1, 3, 4, 5, 6};
    int k = x87_sdm_class(x);
    if (col[k] >= 0)
        return col[k];
    return fp80_exp(x) >= FP80_BIAS ? 1 : 2;
}

/* The cell of instruction f for ST0 = a, ST1 = b (finite or infinite, no
 * NaN, no unsupported format); *c2 gets FSIN, FCOS, FSINCOS and FPTAN's
 * range flag. For FSINCOS the cell of the cosine; its sine's is
 * x87_sdm_fsin's. */
static inline int x87_sdm_cell(int f, fp80_t a, fp80_t b)
{
    int k = x87_sdm_class(a);
    switch (f) {
    case X87_F2XM1: /* measured: beyond +-1 the operand stays, with PE */
        if (k == X87_K_NF || k == X87_K_PF)
            if (fp80_exp(a) > FP80_BIAS || (fp80_exp(a) == FP80_BIAS && a.mant != FP80_J))
                return X87_R_SAME;
        return x87_sdm_f2xm1[k];
    case X87_FYL2X: return x87_sdm_fyl2x[x87_sdm_class(b)][x87_sdm_yl2x_col(a)];
    case X87_FYL2XP1: return x87_sdm_fyl2xp1[x87_sdm_class(b)][x87_sdm_yl2xp1_col(a)];
    case X87_FPATAN: return x87_sdm_fpatan[x87_sdm_class(b)][k];
    default: /* |x| < 2^63, else C2 and nothing changes */
        if ((k == X87_K_NF || k == X87_K_PF) && fp80_exp(a) >= FP80_BIAS + 63)
            return X87_R_RANGE;
        return f == X87_FCOS || f == X87_FSINCOS ? x87_sdm_fcos[k] : x87_sdm_fsin[k];
    }
}

/* Table 4-7, the x87 column: an SNaN and a QNaN give the QNaN; two of a
 * kind, the larger significand, of equal ones the positive (quieted);
 * a NaN and a number, the NaN (quieted). IE for any SNaN. */
static inline fp80_t x87_sdm_nan(fp80_t a, fp80_t b, uint16_t *sw)
{
    int an = fp80_is_nan(a), bn = fp80_is_nan(b);
    int aq = an && (a.mant & FP80_QUIET), bq = bn && (b.mant & FP80_QUIET);
    fp80_t r;
    if ((an && !aq) || (bn && !bq))
        *sw |= FP80_IE;
    if (!an || !bn)
        r = an ? a : b;
    else if (aq != bq)
        r = aq ? a : b;
    else if (a.mant != b.mant)
        r = a.mant > b.mant ? a : b;
    else
        r = fp80_sign(a) ? b : a;
    r.mant |= FP80_QUIET;
    return r;
}

#endif
