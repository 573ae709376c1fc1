/* PTX ALU, the .approx instructions: over sweeps of inputs the error
 * against MPFR stays inside NVIDIA's published bounds (ptx_alu_approx.h's
 * table), and the special values are the ISA's. */
#include <stdint.h> /* before mpfr.h */
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>

#include "ptx_alu_fixture.h"

typedef int (*mpfr_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

static double exact(mpfr_fn fn, double x)
{
    mpfr_t a, r;
    mpfr_inits2(128, a, r, (mpfr_ptr)0);
    mpfr_set_d(a, x, MPFR_RNDN);
    fn(r, a, MPFR_RNDN);
    double v = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clears(a, r, (mpfr_ptr)0);
    return v;
}

/* The f32 unit in the last place at |v|. */
static double ulp32(double v)
{
    int e;
    frexp(fabs(v), &e);
    return ldexp(1, (e - 1 < -126 ? -126 : e - 1) - 23);
}

typedef enum { ABS_ERR, REL_ERR, ULP_ERR } err_kind_t;

/* The largest error of op over n inputs drawn in [lo, hi]. */
static double max_error(unsigned op, mpfr_fn fn, double lo, double hi, err_kind_t kind, int n)
{
    ptx_alu_t d = alu(op, PTX_T_F32, 0, 0, PTX_MF_APPROX);
    double worst = 0;
    for (int i = 0; i < n; i++) {
        float x = (float)(lo + (hi - lo) * ((double)rand() / RAND_MAX));
        double g = bf(ev(&d, fb(x), 0, 0)), e = exact(fn, x);
        double err = fabs(g - e);
        err = kind == REL_ERR ? err / fabs(e) : kind == ULP_ERR ? err / ulp32(e) : err;
        if (err > worst)
            worst = err;
    }
    return worst;
}

Test(ptx_alu_approx, within_nvidia_bounds)
{
    srand(3);
    struct { const char *name; unsigned op; mpfr_fn fn; double lo, hi; err_kind_t kind; double bound; } t[] = {
        {"sin [-100pi, 100pi]", PTX_OP_SIN, mpfr_sin, -100 * M_PI, 100 * M_PI, ABS_ERR, exp2(-20.5)},
        {"cos [-100pi, 100pi]", PTX_OP_COS, mpfr_cos, -100 * M_PI, 100 * M_PI, ABS_ERR, exp2(-20.5)},
        {"lg2 [0.5, 2]", PTX_OP_LG2, mpfr_log2, 0.5, 2, ABS_ERR, exp2(-22)},
        {"lg2 [2, 1e30]", PTX_OP_LG2, mpfr_log2, 2, 1e30, ULP_ERR, 2},
        {"ex2 [-126, 127]", PTX_OP_EX2, mpfr_exp2, -126, 127, ULP_ERR, 2},
        {"tanh [-10, 10]", PTX_OP_TANH, mpfr_tanh, -10, 10, REL_ERR, exp2(-10.987)},
        {"rsqrt (0, 1e30]", PTX_OP_RSQRT, mpfr_rec_sqrt, 1e-30, 1e30, REL_ERR, exp2(-22.9)},
        {"sqrt.approx", PTX_OP_SQRT, mpfr_sqrt, 0, 1e30, REL_ERR, exp2(-23)},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        double e = max_error(t[i].op, t[i].fn, t[i].lo, t[i].hi, t[i].kind, 20000);
        cr_log_info("%-22s max error %.3g (bound %.3g)", t[i].name, e, t[i].bound);
        cr_expect(e <= t[i].bound, "%s: max error %g over the bound %g", t[i].name, e, t[i].bound);
    }
}

Test(ptx_alu_approx, rcp_and_div_ulps)
{
    srand(4);
    ptx_alu_t rcp = alu(PTX_OP_RCP, PTX_T_F32, 0, 0, PTX_MF_APPROX), dv = alu(PTX_OP_DIV, PTX_T_F32, 0, 0, PTX_MF_APPROX);
    for (int i = 0; i < 20000; i++) {
        float x = ldexpf((float)rand() / RAND_MAX + 0.5f, rand() % 250 - 125);
        float y = ldexpf((float)rand() / RAND_MAX + 0.5f, rand() % 250 - 125);
        double r = 1.0 / x, q = (double)x / y;
        cr_assert(fabs(bf(ev(&rcp, fb(x), 0, 0)) - r) <= ulp32(r), "rcp.approx %a", x);
        if (fabs(q) > 0x1p-126 && fabs(q) < 0x1p127)
            cr_assert(fabs(bf(ev(&dv, fb(x), fb(y), 0)) - q) <= 2 * ulp32(q), "div.approx %a / %a", x, y);
    }
}

Test(ptx_alu_approx, special_values)
{
    ptx_alu_t lg = alu(PTX_OP_LG2, PTX_T_F32, 0, 0, PTX_MF_APPROX), ex = alu(PTX_OP_EX2, PTX_T_F32, 0, 0, PTX_MF_APPROX);
    ptx_alu_t rs = alu(PTX_OP_RSQRT, PTX_T_F32, 0, 0, PTX_MF_APPROX), sn = alu(PTX_OP_SIN, PTX_T_F32, 0, 0, PTX_MF_APPROX);
    ptx_alu_t exz = alu(PTX_OP_EX2, PTX_T_F32, 0, 0, PTX_MF_APPROX | PTX_MF_FTZ);
    ptx_alu_t dv = alu(PTX_OP_DIV, PTX_T_F32, 0, 0, PTX_MF_APPROX), th = alu(PTX_OP_TANH, PTX_T_F32, 0, 0, PTX_MF_APPROX);
    cr_expect_eq(ev(&lg, 0, 0, 0), F32_INF | 0x80000000u);
    cr_expect_eq(ev(&lg, fb(-1), 0, 0), F32_NAN);
    cr_expect_eq(ev(&ex, F32_INF | 0x80000000u, 0, 0), 0);
    cr_expect_eq(ev(&ex, fb(-140), 0, 0), fb(0x1p-140f), "a subnormal result");
    cr_expect_eq(ev(&exz, fb(-140), 0, 0), 0, ".ftz flushes it");
    cr_expect_eq(ev(&rs, 0x80000000u, 0, 0), F32_INF | 0x80000000u);
    cr_expect_eq(ev(&rs, F32_INF, 0, 0), 0);
    cr_expect_eq(ev(&sn, F32_INF, 0, 0), F32_NAN);
    cr_expect_eq(ev(&sn, 0x80000000u, 0, 0), 0x80000000u);
    cr_expect_eq(ev(&th, F32_INF, 0, 0), fb(1));
    cr_expect_eq(ev(&dv, fb(1), fb(0x1.8p126f), 0), 0, "2^126 < |b|: 0");
    cr_expect_eq(ev(&dv, F32_INF, fb(0x1.8p126f), 0), F32_NAN, "and NaN for an infinite a");
    ptx_alu_t h = alu(PTX_OP_EX2, PTX_T_F16X2, 0, 0, PTX_MF_APPROX);
    cr_expect_eq(ev(&h, 0x3c000000u, 0, 0), 0x40003c00u, "ex2 {1, 0} = {2, 1}");
}
