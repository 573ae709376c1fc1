/* The transcendentals of the fp80 core (F2XM1, FYL2X, FYL2XP1, FSIN, FCOS,
 * FSINCOS, FPTAN, FPATAN), against references that do not depend on the
 * build machine's CPU (Intel and AMD differ here: issue 33):
 * - computed results, on finite operands in and around the documented
 *   ranges, every RC: the correctly rounded value (MPFR at 320 bits; the
 *   accuracy that fp80_explog.h documents), with the flags the SDM gives
 *   a computed result (no IE or ZE, DE for a denormal operand, OE on
 *   overflow, PE when inexact, C1 when rounded up, C2 clear for the trig
 *   instructions, C0 and C3 kept);
 * - special operands (NaNs, infinities, zeros, unsupported formats, out of
 *   range): the SDM's results tables bit for bit (x87_sdm.h);
 * - the ends of each domain where the result is exact (F2XM1(+-1), FYL2X
 *   of powers of two, ...): the exact value in every RC.
 * The host's own x87, where there is one, is only measured (its error and
 * how often it agrees, printed), never asserted. */
#include <criterion/criterion.h>
#include <stdint.h> /* before mpfr.h: its intmax_t functions */
#include <mpfr.h>

#include "x87_emu.h"
#include "x87_sdm.h"

#define N_ACC 20000u   /* accuracy cases per function */
#define N_SPECIAL 40000u /* any-operand cases per function */
#define PREC 320

typedef struct {
    const char *name;
    int f; /* X87_F2XM1 ... (x87_sdm.h) */
    x87_emu2_t emu;
#if X87_HW
    x87_hw2_t hw;
#endif
    /* The exact results in e0 (ST0) and e1 (ST1) of a case whose result is
     * a computed value: returns the mask of slots to check (1: ST0, 2: ST1),
     * 0 when the result is decided otherwise (special operands). */
    unsigned (*exact)(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b);
    x87_gen2_t gen; /* operands in the documented range */
} trans_t;

static void to_mpfr(mpfr_t r, fp80_t a)
{
    uint32_t e = fp80_exp(a);
    mpfr_set_uj_2exp(r, a.mant, (intmax_t)(e ? e : 1) - 16383 - 63, MPFR_RNDN);
    if (fp80_sign(a))
        mpfr_neg(r, r, MPFR_RNDN);
}

static int finite_nonzero(fp80_t a)
{
    int c = fp80_class(a);
    return c == FP80_CLASS_NORMAL || c == FP80_CLASS_DENORMAL;
}

static mpfr_rnd_t rnd_of(uint16_t cw)
{
    static const mpfr_rnd_t r[4] = {MPFR_RNDN, MPFR_RNDD, MPFR_RNDU, MPFR_RNDZ};
    return r[(cw >> 10) & 3];
}

/* v rounded as the x87 rounds to 64 bits (denormals, overflow), as fp80. */
static fp80_t round_x87(mpfr_t v, mpfr_rnd_t rnd)
{
    mpfr_t r;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_init2(r, 64);
    mpfr_set_emin(-16444);
    mpfr_set_emax(16384);
    int t = mpfr_set(r, v, rnd);
    t = mpfr_check_range(r, t, rnd);
    mpfr_subnormalize(r, t, rnd);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    fp80_t out;
    uint32_t sign = mpfr_signbit(r) != 0;
    if (mpfr_zero_p(r)) {
        out = fp80_zero(sign);
    } else if (mpfr_inf_p(r)) {
        out = fp80_inf(sign);
    } else {
        mpfr_exp_t e = mpfr_get_exp(r); /* r = m 2^e, m in [1/2, 1) */
        mpfr_t m;
        mpfr_init2(m, 64);
        mpfr_abs(m, r, MPFR_RNDN);
        mpfr_mul_2si(m, m, 64 - e, MPFR_RNDN);
        uint64_t sig = (uint64_t)mpfr_get_uj(m, MPFR_RNDN);
        mpfr_clear(m);
        int32_t be = (int32_t)e - 1 + 16383;
        out = be >= 1 ? fp80_make(sign, (uint32_t)be, sig) : fp80_make(sign, 0, sig >> (1 - be));
    }
    mpfr_clear(r);
    return out;
}

/* |got - exact| in ulps of exact's binade at 64 bits (x87 denormals
 * counted in the smallest normal's ulp). */
static double ulp_err(fp80_t got, mpfr_t exact)
{
    mpfr_t g;
    mpfr_init2(g, PREC + 64);
    if (!finite_nonzero(got) && !fp80_is_zero(got)) {
        mpfr_clear(g);
        return 1e300;
    }
    to_mpfr(g, got);
    mpfr_sub(g, g, exact, MPFR_RNDN);
    mpfr_exp_t e = mpfr_zero_p(exact) ? -16381 : mpfr_get_exp(exact);
    if (e < -16381)
        e = -16381;
    mpfr_mul_2si(g, g, 64 - e, MPFR_RNDN);
    double d = mpfr_get_d(g, MPFR_RNDN);
    mpfr_clear(g);
    return d < 0 ? -d : d;
}

/* ---- the exact values ----------------------------------------------------- */

/* e was rounded toward zero with ternary t: when inexact, move it half an
 * ulp away from zero (one more bit), so that it lies strictly between the
 * two neighbours of the exact value and rounds to 64 bits as it would. */
static void sticky(mpfr_t e, int t)
{
    if (!t)
        return;
    mpfr_prec_round(e, PREC + 1, MPFR_RNDN);
    if (mpfr_sgn(e) > 0)
        mpfr_nextabove(e);
    else
        mpfr_nextbelow(e);
}

static unsigned ex_f2xm1(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b)
{
    fp80_unpacked_t u = fp80_unpack(a);
    if (!finite_nonzero(a) || u.exp > 16383 || (u.exp == 16383 && u.sig != FP80_J)) /* |x| <= 1 */
        return 0;
    if (u.exp == 16383) { /* 2^1 - 1 = 1, 2^-1 - 1 = -1/2: exact */
        mpfr_set_d(e0, u.sign ? -0.5 : 1.0, MPFR_RNDN);
        return 1;
    }
    mpfr_const_log2(e0, MPFR_RNDN);
    mpfr_t x;
    mpfr_init2(x, 64);
    to_mpfr(x, a);
    mpfr_mul(e0, e0, x, MPFR_RNDN);
    sticky(e0, mpfr_expm1(e0, e0, MPFR_RNDZ));
    mpfr_clear(x);
    return 1;
}

static unsigned ex_yl2x(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b)
{
    if (!finite_nonzero(a) || !finite_nonzero(b) || fp80_sign(a) || (a.sexp == 16383 && a.mant == FP80_J))
        return 0;
    mpfr_t x;
    mpfr_init2(x, 64);
    to_mpfr(x, a);
    mpfr_log2(e0, x, MPFR_RNDN);
    to_mpfr(x, b);
    sticky(e0, mpfr_mul(e0, e0, x, MPFR_RNDZ));
    mpfr_clear(x);
    return 1;
}

static unsigned ex_yl2xp1(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b)
{
    if (!finite_nonzero(a) || !finite_nonzero(b) || (fp80_sign(a) && fp80_exp(a) >= 16383)) /* x <= -1 */
        return 0;
    mpfr_t x;
    mpfr_init2(x, 64);
    to_mpfr(x, a);
    if (mpfr_add_ui(e0, x, 1, MPFR_RNDN) == 0) { /* 1 + x exact: log2 is exact where it can be */
        mpfr_log2(e0, e0, MPFR_RNDN);
    } else {
        mpfr_log1p(e0, x, MPFR_RNDN);
        mpfr_const_log2(e1, MPFR_RNDN);
        mpfr_div(e0, e0, e1, MPFR_RNDN);
    }
    to_mpfr(x, b);
    sticky(e0, mpfr_mul(e0, e0, x, MPFR_RNDZ));
    mpfr_clear(x);
    return 1;
}

/* e = f(a) (sticky) for an operand in the trig instructions' range; 0 for
 * any other. */
static int trig1(mpfr_t e, fp80_t a, int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t))
{
    if (!finite_nonzero(a) || fp80_exp(a) >= 16383 + 63)
        return 0;
    mpfr_t x;
    mpfr_init2(x, 64);
    to_mpfr(x, a);
    sticky(e, f(e, x, MPFR_RNDZ));
    mpfr_clear(x);
    return 1;
}

static unsigned ex_sin(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b) { return trig1(e0, a, mpfr_sin); }
static unsigned ex_cos(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b) { return trig1(e0, a, mpfr_cos); }

static unsigned ex_sincos(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b)
{
    return trig1(e1, a, mpfr_sin) && trig1(e0, a, mpfr_cos) ? 3 : 0;
}

static unsigned ex_ptan(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b)
{
    if (!trig1(e1, a, mpfr_tan))
        return 0;
    mpfr_set_ui(e0, 1, MPFR_RNDN);
    return 3;
}

static unsigned ex_patan(mpfr_t e0, mpfr_t e1, fp80_t a, fp80_t b)
{
    if (!finite_nonzero(a) || !finite_nonzero(b))
        return 0;
    mpfr_t x;
    mpfr_init2(x, 64);
    to_mpfr(x, a);
    to_mpfr(e1, b);
    sticky(e0, mpfr_atan2(e0, e1, x, MPFR_RNDZ));
    mpfr_clear(x);
    return 1;
}

/* ---- operands in the documented ranges ------------------------------------ */

static void gen_unit(uint64_t *s, fp80_t *a, fp80_t *b) /* |a| <= 1 */
{
    *b = x87_operand(s);
    *a = x87_below(s, 8) ? x87_normal_near(s, 0x3fff - 32, 32) : x87_normal_near(s, 0x3fff - 8000, 8000);
    if (x87_below(s, 16) == 0)
        *a = fp80_make((uint32_t)x87_rand(s) & 1u, 0, x87_rand(s) >> 1); /* denormal */
}

static void gen_log(uint64_t *s, fp80_t *a, fp80_t *b) /* a > 0, b finite */
{
    *a = x87_below(s, 2) ? x87_normal_near(s, 0x3fff, 40) : x87_normal_near(s, 0x3fff, 16000);
    if (x87_below(s, 4) == 0) /* 1 +- a few ulps */
        *a = fp80_make(0, 0x3fff - x87_below(s, 2), x87_below(s, 2) ? FP80_J + x87_below(s, 1000) : ~0ull - x87_below(s, 1000));
    a->sexp &= 0x7fff;
    *b = x87_below(s, 4) ? x87_normal_near(s, 0x3fff, 20) : x87_normal_near(s, 0x3fff, 16000);
}

static void gen_logp1(uint64_t *s, fp80_t *a, fp80_t *b) /* |a| < 1 - sqrt(2)/2 */
{
    *a = x87_normal_near(s, 0x3fff - 36, 34);
    if (x87_below(s, 8) == 0)
        *a = x87_normal_near(s, 0x3fff - 8000, 8000);
    if (fp80_exp(*a) == 0x3ffd && a->mant > 0x95f619980c4336f7ull) /* 0.2929 */
        a->mant = 0x95f619980c4336f7ull;
    *b = x87_below(s, 4) ? x87_normal_near(s, 0x3fff, 20) : x87_normal_near(s, 0x3fff, 16000);
}

/* Trig operands: mostly below 2^8, some up to 2^62, some next to multiples
 * of pi/2 (where the hardware's 66-bit pi shows). */
static int near_pi; /* the last trig operand was made next to k pi/2 */

static void gen_trig(uint64_t *s, fp80_t *a, fp80_t *b)
{
    *b = x87_operand(s);
    near_pi = 0;
    switch (x87_below(s, 8)) {
    case 0:
        *a = x87_normal_near(s, 0x3fff + 31, 31);
        return;
    case 1:
        *a = x87_normal_near(s, 0x3fff - 4000, 4000);
        return;
    case 2: {
        mpfr_t v;
        mpfr_init2(v, 200);
        mpfr_const_pi(v, MPFR_RNDN);
        mpfr_mul_ui(v, v, 1 + x87_below(s, 1000), MPFR_RNDN);
        mpfr_div_2ui(v, v, 1, MPFR_RNDN);
        *a = round_x87(v, MPFR_RNDN);
        a->mant += x87_below(s, 5) - 2u;
        a->sexp |= (uint16_t)((x87_rand(s) & 1u) << 15);
        mpfr_clear(v);
        near_pi = 1;
        return;
    }
    default:
        *a = x87_normal_near(s, 0x3fff, 8);
    }
}

static void gen_atan(uint64_t *s, fp80_t *a, fp80_t *b)
{
    *a = x87_below(s, 2) ? x87_normal_near(s, 0x3fff, 40) : x87_normal_near(s, 0x3fff, 16000);
    *b = x87_below(s, 2) ? x87_normal_near(s, (int32_t)fp80_exp(*a), 3) : x87_normal_near(s, 0x3fff, 16000);
}

static const trans_t trans[] = {
#if X87_HW
#define T(n, f, emu, hw, ex, gen) {n, f, emu, hw, ex, gen}
#else
#define T(n, f, emu, hw, ex, gen) {n, f, emu, ex, gen}
#endif
    T("f2xm1", X87_F2XM1, emu_f2xm1, hw_f2xm1, ex_f2xm1, gen_unit),
    T("fyl2x", X87_FYL2X, emu_yl2x, hw_yl2x, ex_yl2x, gen_log),
    T("fyl2xp1", X87_FYL2XP1, emu_yl2xp1, hw_yl2xp1, ex_yl2xp1, gen_logp1),
    T("fsin", X87_FSIN, emu_sin, hw_sin, ex_sin, gen_trig),
    T("fcos", X87_FCOS, emu_cos, hw_cos, ex_cos, gen_trig),
    T("fsincos", X87_FSINCOS, emu_sincos, hw_sincos, ex_sincos, gen_trig),
    T("fptan", X87_FPTAN, emu_ptan, hw_ptan, ex_ptan, gen_trig),
    T("fpatan", X87_FPATAN, emu_patan, hw_patan, ex_patan, gen_atan),
#undef T
};

/* ---- what the SDM says of special operands -------------------------------- */

static int two_operands(int f) { return f == X87_FYL2X || f == X87_FYL2XP1 || f == X87_FPATAN; }
static int is_trig(int f) { return f == X87_FSIN || f == X87_FCOS || f == X87_FSINCOS || f == X87_FPTAN; }

/* |got| > |exact|: the significand was rounded up (C1). */
static int rounded_up(fp80_t got, mpfr_t exact)
{
    if (fp80_is_inf(got))
        return 1;
    mpfr_t g;
    mpfr_init2(g, 64);
    to_mpfr(g, got);
    int up = mpfr_cmpabs(g, exact) > 0;
    mpfr_clear(g);
    return up;
}

/* The value of a cell of x87_sdm.h (not X87_R_C) for ST0 = a, ST1 = b; the
 * flags it raises into *sw. */
static fp80_t sdm_value(int cell, uint16_t cw, fp80_t a, fp80_t b, uint16_t *sw)
{
    static const struct {
        uint8_t cell, sign, num, shift; /* +-pi num / 2^shift */
    } pis[] = {{X87_R_PPI, 0, 1, 0},  {X87_R_NPI, 1, 1, 0},  {X87_R_PPI2, 0, 1, 1}, {X87_R_NPI2, 1, 1, 1},
               {X87_R_PPI4, 0, 1, 2}, {X87_R_NPI4, 1, 1, 2}, {X87_R_P3PI4, 0, 3, 2}, {X87_R_N3PI4, 1, 3, 2}};
    switch (cell) {
    case X87_R_I: *sw |= FP80_IE; return fp80_indefinite();
    case X87_R_Z: *sw |= FP80_ZE; return fp80_inf(!fp80_sign(b));
    case X87_R_PZ: return fp80_zero(0);
    case X87_R_NZ: return fp80_zero(1);
    case X87_R_PINF: return fp80_inf(0);
    case X87_R_NINF: return fp80_inf(1);
    case X87_R_P1: return fp80_make(0, FP80_BIAS, FP80_J);
    case X87_R_N1: return fp80_make(1, FP80_BIAS, FP80_J);
    case X87_R_SAME: *sw |= FP80_PE; return a;
    case X87_R_RANGE: *sw |= FP80_C2; return a;
    }
    for (size_t k = 0; k < sizeof pis / sizeof pis[0]; k++) {
        if (pis[k].cell != cell)
            continue;
        mpfr_t v;
        mpfr_init2(v, PREC);
        sticky(v, mpfr_const_pi(v, MPFR_RNDZ) | mpfr_mul_ui(v, v, pis[k].num, MPFR_RNDZ));
        mpfr_div_2ui(v, v, pis[k].shift, MPFR_RNDN);
        if (pis[k].sign)
            mpfr_neg(v, v, MPFR_RNDN);
        fp80_t r = round_x87(v, rnd_of(cw));
        *sw |= FP80_PE | (rounded_up(r, v) ? FP80_C1 : 0u);
        mpfr_clear(v);
        return r;
    }
    cr_assert_fail("x87_sdm.h: no value for cell %d", cell);
    return a;
}

/* What t leaves for ST0 = a, ST1 = b under cw, with C0-C3 of sw going in,
 * when the operands decide it (the SDM's tables, NaNs, unsupported
 * formats): 1 with *want (ST1 only where the instruction leaves one) and
 * *want_sw; 0 for a computed result. */
static int sdm_expect(const trans_t *t, uint16_t cw, uint16_t sw, fp80_t a, fp80_t b, fp80_pair_t *want,
                      uint16_t *want_sw)
{
    int f = t->f, cell = X87_R_I;
    fp80_t b2 = two_operands(f) ? b : a, r;
    uint16_t w = sw & (uint16_t)(FP80_C0 | FP80_C2 | FP80_C3);
    if (is_trig(f))
        w &= (uint16_t)~FP80_C2;
    if (fp80_class(a) == FP80_CLASS_UNSUPPORTED || fp80_class(b2) == FP80_CLASS_UNSUPPORTED) {
        w |= FP80_IE;
        r = fp80_indefinite();
    } else if (fp80_is_nan(a) || fp80_is_nan(b2)) {
        r = x87_sdm_nan(a, b2, &w);
    } else {
        cell = x87_sdm_cell(f, a, b);
        if (cell == X87_R_C)
            return 0;
        if (cell != X87_R_I && cell != X87_R_Z && (fp80_is_denormal(a) || fp80_is_denormal(b2)))
            w |= FP80_DE;
        r = sdm_value(cell, cw, a, b, &w);
    }
    want->st0 = r;
    want->st1 = two_operands(f) ? fp80_indefinite() : b;
    if (cell == X87_R_RANGE) {
        want->st1 = b;
    } else if ((f == X87_FSINCOS || f == X87_FPTAN) && cell != X87_R_I) { /* pushed: the sine or tangent below */
        want->st0 = f == X87_FPTAN ? fp80_make(0, FP80_BIAS, FP80_J) : r;
        want->st1 = sdm_value(x87_sdm_fsin[x87_sdm_class(a)], cw, a, b, &w);
    } else if (f == X87_FSINCOS || f == X87_FPTAN) { /* a NaN in both */
        want->st1 = r;
    }
    *want_sw = w;
    return 1;
}

/* ---- the checks ------------------------------------------------------------ */

/* "general": operands below 2^8 not made next to a multiple of pi/2. The
 * hw_ fields measure this host's x87 and are printed, never asserted. */
typedef struct {
    unsigned cases, computed, not_cr, bad_flags, bad_special, no_exact, shown;
    unsigned hw_same, hw_cases, hw_same_general, hw_general;
    double max_err_near, max_err, max_err_hw_general, max_err_hw_pi;
} stats_t;

static fp80_t slot(const fp80_pair_t *p, unsigned k) { return k ? p->st1 : p->st0; }

/* The slot whose rounding C1 reports: FPTAN's tangent, else ST0. */
static unsigned c1_slot(int f) { return f == X87_FPTAN ? 1u : 0u; }

/* The flags of a computed result of t in slot k (exact value e) beside
 * the result want: OE, PE when inexact, C1 when rounded up. */
static uint16_t computed_flags(const trans_t *t, unsigned k, fp80_t want, mpfr_t e, uint16_t cw)
{
    uint16_t w = 0;
    mpfr_t r;
    mpfr_init2(r, 64);
    if (mpfr_set(r, e, rnd_of(cw)) != 0)
        w |= FP80_PE;
    if (mpfr_get_exp(r) > 16384) /* beyond the largest finite fp80 */
        w |= FP80_OE;
    mpfr_clear(r);
    if (k == c1_slot(t->f) && rounded_up(want, e))
        w |= FP80_C1;
    return w;
}

#if X87_HW
/* This host's x87 on the same case, measured only. */
static void measure_host(const trans_t *t, stats_t *st, unsigned mask, mpfr_t *e, uint16_t cw, uint16_t sw,
                         fp80_t a, fp80_t b, const fp80_pair_t *r, uint16_t rsw, int in_range)
{
    hw_out_t h = t->hw(cw, sw, a, b);
    fp80_pair_t hp = {h.st0, h.st1};
    int same = x87_same(r->st0, h.st0) && (!(mask & 2) || x87_same(r->st1, h.st1)) &&
               !((rsw ^ h.sw) & X87_SW_MASK);
    int general = !near_pi && fp80_exp(a) < 0x3fff + 8;
    if (!in_range || !mask)
        return;
    st->hw_cases++;
    st->hw_same += same;
    st->hw_general += general;
    st->hw_same_general += general && same;
    for (unsigned k = 0; k < 2; k++) {
        if (!(mask & (1u << k)) || (cw & 0xc00))
            continue;
        double eh = ulp_err(slot(&hp, k), e[k]);
        if (general && eh > st->max_err_hw_general)
            st->max_err_hw_general = eh;
        if (near_pi && eh > st->max_err_hw_pi)
            st->max_err_hw_pi = eh;
    }
}
#endif

static void one_case(const trans_t *t, stats_t *st, uint16_t cw, uint16_t sw, fp80_t a, fp80_t b, int in_range)
{
    mpfr_t e[2];
    fp80_env_t env = {cw, sw};
    fp80_pair_t r, want;
    uint16_t want_sw;
    t->emu(&env, a, b, &r);
    st->cases++;
    if (sdm_expect(t, cw, sw, a, b, &want, &want_sw)) {
        if (!x87_same(r.st0, want.st0) || (!two_operands(t->f) && !x87_same(r.st1, want.st1)) ||
            ((env.sw ^ want_sw) & X87_SW_MASK)) {
            st->bad_special++;
            x87_report(t->name, &st->shown, cw, a, b, want.st0, want_sw, r.st0, env.sw);
            if (st->shown <= 8 && !two_operands(t->f))
                fprintf(stderr, "   st1: sdm %04x:%016llx fp80 %04x:%016llx\n", want.st1.sexp,
                        (unsigned long long)want.st1.mant, r.st1.sexp, (unsigned long long)r.st1.mant);
        }
        return;
    }
    mpfr_init2(e[0], PREC);
    mpfr_init2(e[1], PREC);
    unsigned mask = t->exact(e[0], e[1], a, b);
    if (!mask) { /* x87_sdm.h calls it computed, ex_* does not */
        st->no_exact++;
        x87_report(t->name, &st->shown, cw, a, b, r.st0, env.sw, r.st0, env.sw);
    }
    st->computed++;
    /* IE ZE none, DE for a denormal operand, C2 clear (trig) or kept, C0 C3 kept */
    uint16_t want_flags = (uint16_t)(sw & (FP80_C0 | FP80_C3 | (is_trig(t->f) ? 0u : FP80_C2)));
    if (fp80_is_denormal(a) || (two_operands(t->f) && fp80_is_denormal(b)))
        want_flags |= FP80_DE;
    for (unsigned k = 0; k < 2; k++) {
        if (!(mask & (1u << k)))
            continue;
        fp80_t want_k = round_x87(e[k], rnd_of(cw)), got = slot(&r, k);
        double err = ulp_err(got, e[k]);
        if (err > st->max_err)
            st->max_err = err;
        if (err > st->max_err_near && (cw & 0xc00) == 0)
            st->max_err_near = err;
        if (!x87_same(got, want_k) && st->not_cr++ < 8)
            fprintf(stderr, "%s cw=%04x a=%04x:%016llx b=%04x:%016llx slot %u: fp80 %04x:%016llx, "
                            "correctly rounded %04x:%016llx (%.3f ulp)\n",
                    t->name, cw, a.sexp, (unsigned long long)a.mant, b.sexp, (unsigned long long)b.mant, k,
                    got.sexp, (unsigned long long)got.mant, want_k.sexp, (unsigned long long)want_k.mant, err);
        want_flags |= computed_flags(t, k, want_k, e[k], cw);
    }
    /* PE where inexact (the hardware raises it for some exact results too) */
    uint16_t checked = FP80_IE | FP80_DE | FP80_ZE | FP80_OE | FP80_CC;
    if (((env.sw ^ want_flags) & checked) || ((want_flags & FP80_PE) && !(env.sw & FP80_PE))) {
        st->bad_flags++;
        x87_report(t->name, &st->shown, cw, a, b, r.st0, want_flags, r.st0, env.sw);
    }
#if X87_HW
    measure_host(t, st, mask, e, cw, sw, a, b, &r, env.sw, in_range);
#endif
    mpfr_clear(e[0]);
    mpfr_clear(e[1]);
}

static void run(const trans_t *t, uint64_t seed)
{
    stats_t acc, any;
    uint64_t s = seed;
    memset(&acc, 0, sizeof acc);
    memset(&any, 0, sizeof any);
    for (uint32_t i = 0; i < N_ACC; i++) {
        fp80_t a, b;
        near_pi = 0;
        t->gen(&s, &a, &b);
        one_case(t, &acc, x87_cw(i), x87_sw_in(&s), a, b, 1);
    }
    for (uint32_t i = 0; i < N_SPECIAL; i++) {
        fp80_t a, b;
        near_pi = 0;
        x87_gen_any(&s, &a, &b);
        if (x87_below(&s, 2))
            t->gen(&s, &a, &b);
        if (x87_below(&s, 2)) /* specials in the other operand too */
            b = x87_operand(&s);
        one_case(t, &any, x87_cw(i), x87_sw_in(&s), a, b, 0);
    }
    fprintf(stderr,
            "%-8s %u cases in range: %u not correctly rounded; max error %.3f ulp to nearest, %.3f ulp "
            "directed; %u any-operand cases (%u computed): %u special results and %u flag sets differ "
            "from the SDM",
            t->name, acc.cases, acc.not_cr, acc.max_err_near, acc.max_err, any.cases, any.computed,
            any.bad_special + acc.bad_special, acc.bad_flags + any.bad_flags);
#if X87_HW
    fprintf(stderr,
            "; this host (measured, not asserted) to nearest %.3g ulp (%.3g next to multiples of pi/2), "
            "same bits and flags %.1f%% (%.1f%% of general operands)",
            acc.max_err_hw_general, acc.max_err_hw_pi, acc.hw_cases ? 100.0 * acc.hw_same / acc.hw_cases : 0.0,
            acc.hw_general ? 100.0 * acc.hw_same_general / acc.hw_general : 0.0);
#endif
    fprintf(stderr, "\n");
    cr_expect_eq(acc.not_cr + any.not_cr, 0, "%s: %u results not correctly rounded", t->name,
                 acc.not_cr + any.not_cr);
    cr_expect_eq(any.bad_special + acc.bad_special, 0, "%s: %u special results differ from the SDM", t->name,
                 any.bad_special + acc.bad_special);
    cr_expect_eq(acc.bad_flags + any.bad_flags, 0, "%s: %u flag sets differ from the SDM", t->name,
                 acc.bad_flags + any.bad_flags);
    cr_expect_eq(acc.no_exact + any.no_exact, 0, "%s: x87_sdm.h and the exact values disagree on %u cases",
                 t->name, acc.no_exact + any.no_exact);
}

#define TRANS(k, name)                                                                              \
    Test(x87_trans, name) { run(&trans[k], 0x5eed4000u + k); }
TRANS(0, f2xm1)
TRANS(1, fyl2x)
TRANS(2, fyl2xp1)
TRANS(3, fsin)
TRANS(4, fcos)
TRANS(5, fsincos)
TRANS(6, fptan)
TRANS(7, fpatan)

/* ---- the ends of each domain ------------------------------------------------ */

/* Operands whose result is exact: it must come out exact in every RC, with
 * C1 clear (issue 33: F2XM1(+1) gave 1 - 2^-64 toward zero or down). Each
 * is y * log2(x) = y k for x = 2^k, y log2(1 + x) = y k for x = 2^k - 1,
 * 2^+-1 - 1, and the zeros of the trig instructions. */
typedef struct {
    int f;
    fp80_t a, b;
} end_case_t;

static fp80_t pow2(int32_t k) { return k >= -16382 ? fp80_make(0, (uint32_t)(16383 + k), FP80_J) : fp80_make(0, 0, 1ull << (k + 16445)); }

Test(x87_trans, exact_ends)
{
    static const int32_t ks[] = {-16445, -16400, -16382, -64, -63, -1, 1, 2, 63, 64, 16383};
    static const int32_t kp1[] = {-64, -63, -40, -10, -2, -1, 1};
    const fp80_t ys[] = {fp80_make(0, 16383, FP80_J), fp80_make(0, 16384, 0xc000000000000000ull),
                         fp80_make(1, 16385, 0xa000000000000000ull), fp80_make(0, 16382, 0xc000000000000000ull)};
    end_case_t cs[128];
    unsigned n = 0, bad = 0;
    for (int s = 0; s < 2; s++) {
        cs[n++] = (end_case_t){X87_F2XM1, fp80_make((uint32_t)s, 16383, FP80_J), ys[0]};
        for (int f = X87_FSIN; f <= X87_FPTAN; f++)
            cs[n++] = (end_case_t){f, fp80_zero((uint32_t)s), ys[0]};
        cs[n++] = (end_case_t){X87_FPATAN, ys[0], fp80_zero((uint32_t)s)};
    }
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        for (size_t j = 0; j < 4; j++)
            cs[n++] = (end_case_t){X87_FYL2X, pow2(ks[i]), ys[j]};
    for (size_t i = 0; i < sizeof kp1 / sizeof kp1[0]; i++) /* x = 2^k - 1: 1 - 2^k has at most 64 bits */
        for (size_t j = 0; j < 3; j++) {
            mpfr_t x;
            mpfr_init2(x, 64);
            mpfr_set_si_2exp(x, 1, kp1[i], MPFR_RNDN);
            cr_assert_eq(mpfr_sub_ui(x, x, 1, MPFR_RNDN), 0);
            cs[n++] = (end_case_t){X87_FYL2XP1, round_x87(x, MPFR_RNDN), ys[j]};
            mpfr_clear(x);
        }
    cr_assert(n <= sizeof cs / sizeof cs[0]);
    for (unsigned i = 0; i < n; i++)
        for (uint16_t rc = 0; rc < 4; rc++) {
            const trans_t *t = &trans[cs[i].f];
            uint16_t cw = (uint16_t)(0x037f | rc << 10);
            fp80_env_t env = {cw, 0};
            fp80_pair_t r, want;
            uint16_t want_sw = 0;
            mpfr_t e[2];
            t->emu(&env, cs[i].a, cs[i].b, &r);
            if (!sdm_expect(t, cw, 0, cs[i].a, cs[i].b, &want, &want_sw)) {
                mpfr_init2(e[0], PREC);
                mpfr_init2(e[1], PREC);
                cr_assert(t->exact(e[0], e[1], cs[i].a, cs[i].b), "%s: no exact value", t->name);
                mpfr_t r64;
                mpfr_init2(r64, 64);
                cr_assert_eq(mpfr_set(r64, e[0], MPFR_RNDN), 0, "%s: case %u is not exact", t->name, i);
                want.st0 = round_x87(e[0], MPFR_RNDN);
                mpfr_clear(r64);
                mpfr_clear(e[0]);
                mpfr_clear(e[1]);
            }
            if (x87_same(r.st0, want.st0) && !(env.sw & (FP80_C1 | FP80_IE | FP80_ZE | FP80_OE | FP80_UE)))
                continue;
            if (bad++ < 8)
                fprintf(stderr, "%s cw=%04x a=%04x:%016llx b=%04x:%016llx: %04x:%016llx sw=%04x, exact %04x:%016llx\n",
                        t->name, cw, cs[i].a.sexp, (unsigned long long)cs[i].a.mant, cs[i].b.sexp,
                        (unsigned long long)cs[i].b.mant, r.st0.sexp, (unsigned long long)r.st0.mant, env.sw,
                        want.st0.sexp, (unsigned long long)want.st0.mant);
        }
    cr_assert_eq(bad, 0, "%u of %u exact results at the ends of the domains not exact in some RC", bad, n * 4);
}
