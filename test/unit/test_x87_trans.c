/* The transcendentals of the fp80 core (F2XM1, FYL2X, FYL2XP1, FSIN, FCOS,
 * FSINCOS, FPTAN, FPATAN):
 * - against MPFR (320 bits) on finite operands in the documented ranges,
 *   every RC: the result must be the correctly rounded one (the accuracy
 *   that fp80_explog.h documents); the error of ours and of the host's
 *   x87, in ulps of the 64-bit significand, and how often the two agree
 *   bit for bit, are printed;
 * - against the host's x87 on any operands (NaNs, infinities, zeros,
 *   unsupported formats, out of range): bit-exact wherever the result is
 *   not a computed value, and the same exceptions and C0 C2 C3 where it is. */
#include <criterion/criterion.h>
#include <stdint.h> /* before mpfr.h: its intmax_t functions */
#include <mpfr.h>

#include "x87_emu.h"

#define N_ACC 20000u   /* accuracy cases per function */
#define N_SPECIAL 40000u /* any-operand cases per function */
#define PREC 320

typedef struct {
    const char *name;
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
    if (!finite_nonzero(a) || fp80_unpack(a).exp >= 16383)
        return 0;
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
    mpfr_log1p(e0, x, MPFR_RNDN);
    mpfr_const_log2(e1, MPFR_RNDN);
    mpfr_div(e0, e0, e1, MPFR_RNDN);
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
#define T(n, emu, hw, ex, gen) {n, emu, hw, ex, gen}
#else
#define T(n, emu, hw, ex, gen) {n, emu, ex, gen}
#endif
    T("f2xm1", emu_f2xm1, hw_f2xm1, ex_f2xm1, gen_unit),
    T("fyl2x", emu_yl2x, hw_yl2x, ex_yl2x, gen_log),
    T("fyl2xp1", emu_yl2xp1, hw_yl2xp1, ex_yl2xp1, gen_logp1),
    T("fsin", emu_sin, hw_sin, ex_sin, gen_trig),
    T("fcos", emu_cos, hw_cos, ex_cos, gen_trig),
    T("fsincos", emu_sincos, hw_sincos, ex_sincos, gen_trig),
    T("fptan", emu_ptan, hw_ptan, ex_ptan, gen_trig),
    T("fpatan", emu_patan, hw_patan, ex_patan, gen_atan),
#undef T
};

/* ---- the checks ------------------------------------------------------------ */

/* "general": operands below 2^8 not made next to a multiple of pi/2. */
typedef struct {
    unsigned cases, computed, not_cr, bad_flags, bad_special, shown;
    unsigned hw_same, hw_cases, hw_same_general, hw_general;
    double max_err_near, max_err, max_err_hw_general, max_err_hw_pi;
} stats_t;

static fp80_t slot(const fp80_pair_t *p, unsigned k) { return k ? p->st1 : p->st0; }

static void one_case(const trans_t *t, stats_t *st, uint16_t cw, uint16_t sw, fp80_t a, fp80_t b)
{
    mpfr_t e[2];
    mpfr_init2(e[0], PREC);
    mpfr_init2(e[1], PREC);
    fp80_env_t env = {cw, sw};
    fp80_pair_t r;
    t->emu(&env, a, b, &r);
    unsigned mask = t->exact(e[0], e[1], a, b);
    st->cases++;
#if X87_HW
    hw_out_t h = t->hw(cw, sw, a, b);
    fp80_pair_t hp = {h.st0, h.st1};
    int same = x87_same(r.st0, h.st0) && (!(mask & 2) || x87_same(r.st1, h.st1)) &&
               !((env.sw ^ h.sw) & X87_SW_MASK);
    int general = !near_pi && fp80_exp(a) < 0x3fff + 8;
    st->hw_cases++;
    st->hw_same += same;
    st->hw_general += general;
    st->hw_same_general += general && same;
    if (!mask) {
        same = same && x87_same(r.st1, h.st1);
        if (!same) {
            st->bad_special++;
            x87_report(t->name, &st->shown, cw, a, b, h.st0, h.sw, r.st0, env.sw);
        }
    } else if ((env.sw ^ h.sw) & (0x0fu | FP80_C0 | FP80_C2 | FP80_C3)) {
        st->bad_flags++;
        x87_report(t->name, &st->shown, cw, a, b, h.st0, h.sw, r.st0, env.sw);
    }
#endif
    if (mask) {
        st->computed++;
        for (unsigned k = 0; k < 2; k++) {
            if (!(mask & (1u << k)))
                continue;
            fp80_t want = round_x87(e[k], rnd_of(cw)), got = slot(&r, k);
            double err = ulp_err(got, e[k]);
            if (err > st->max_err)
                st->max_err = err;
            if (err > st->max_err_near && (cw & 0xc00) == 0)
                st->max_err_near = err;
            if (!x87_same(got, want) && st->not_cr++ < 8)
                fprintf(stderr, "%s cw=%04x a=%04x:%016llx b=%04x:%016llx slot %u: fp80 %04x:%016llx, "
                                "correctly rounded %04x:%016llx (%.3f ulp)\n",
                        t->name, cw, a.sexp, (unsigned long long)a.mant, b.sexp, (unsigned long long)b.mant, k,
                        got.sexp, (unsigned long long)got.mant, want.sexp, (unsigned long long)want.mant, err);
#if X87_HW
            double eh = ulp_err(slot(&hp, k), e[k]);
            if ((cw & 0xc00) == 0 && general && eh > st->max_err_hw_general)
                st->max_err_hw_general = eh;
            if ((cw & 0xc00) == 0 && near_pi && eh > st->max_err_hw_pi)
                st->max_err_hw_pi = eh;
#endif
        }
    }
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
        one_case(t, &acc, x87_cw(i), x87_sw_in(&s), a, b);
    }
    for (uint32_t i = 0; i < N_SPECIAL; i++) {
        fp80_t a, b;
        near_pi = 0;
        x87_gen_any(&s, &a, &b);
        if (x87_below(&s, 2))
            t->gen(&s, &a, &b);
        if (x87_below(&s, 2)) /* specials in the other operand too */
            b = x87_operand(&s);
        one_case(t, &any, x87_cw(i), x87_sw_in(&s), a, b);
    }
    fprintf(stderr,
            "%-8s %u cases in range: %u not correctly rounded; max error %.3f ulp to nearest, %.3f ulp "
            "directed; hardware to nearest %.3g ulp (%.3g next to multiples of pi/2); same bits and "
            "flags as the hardware %.1f%% (%.1f%% of general operands); %u any-operand cases: %u special "
            "results and %u flag sets differ from the hardware\n",
            t->name, acc.cases, acc.not_cr, acc.max_err_near, acc.max_err, acc.max_err_hw_general,
            acc.max_err_hw_pi, acc.hw_cases ? 100.0 * acc.hw_same / acc.hw_cases : 0.0,
            acc.hw_general ? 100.0 * acc.hw_same_general / acc.hw_general : 0.0, any.cases, any.bad_special,
            acc.bad_flags + any.bad_flags);
    cr_expect_eq(acc.not_cr + any.not_cr, 0, "%s: %u results not correctly rounded", t->name,
                 acc.not_cr + any.not_cr);
    cr_expect_eq(any.bad_special + acc.bad_special, 0, "%s: %u special results differ from the hardware",
                 t->name, any.bad_special + acc.bad_special);
    cr_expect_eq(acc.bad_flags + any.bad_flags, 0, "%s: %u flag sets differ from the hardware", t->name,
                 acc.bad_flags + any.bad_flags);
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
