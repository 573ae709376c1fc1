/* The tester's reference for float instructions and float cvt: f32/f64
 * under fesetround (compiled with -frounding-math), f16/bf16 and integer
 * to float in MPFR with the format's exponent range and subnormals. */
#include <fenv.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdint.h> /* before mpfr.h: its intmax_t functions */
#include <mpfr.h>

#include "alu_ref_internal.h"

typedef struct { int prec, ebits, bits; } rfmt_t;

static rfmt_t fmt_of(unsigned t)
{
    switch (t) {
    case PTX_T_F16: case PTX_T_F16X2: return (rfmt_t){11, 5, 16};
    case PTX_T_BF16: case PTX_T_BF16X2: return (rfmt_t){8, 8, 16};
    case PTX_T_F64: return (rfmt_t){53, 11, 64};
    default: return (rfmt_t){24, 8, 32};
    }
}

static int bias(rfmt_t f) { return (1 << (f.ebits - 1)) - 1; }
static uint64_t sign_bit(rfmt_t f) { return 1ull << (f.bits - 1); }
static uint64_t exp_field(rfmt_t f, uint64_t x) { return (x >> (f.prec - 1)) & ((1u << f.ebits) - 1); }
static uint64_t frac_field(rfmt_t f, uint64_t x) { return x & ((1ull << (f.prec - 1)) - 1); }
static uint64_t inf_bits(rfmt_t f) { return (uint64_t)((1u << f.ebits) - 1) << (f.prec - 1); }
static uint64_t canon_nan(rfmt_t f) { return f.bits == 64 ? 0x7fffffffffffffffull : f.bits == 32 ? 0x7fffffffu : 0x7fffu; }

static int is_nan(rfmt_t f, uint64_t x)
{
    return exp_field(f, x) == (1u << f.ebits) - 1 && frac_field(f, x) != 0;
}

static double to_double(rfmt_t f, uint64_t x)
{
    int e = (int)exp_field(f, x);
    uint64_t m = frac_field(f, x);
    double v;
    if (e == (1 << f.ebits) - 1)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, 1 - bias(f) - (f.prec - 1));
    else
        v = ldexp((double)(m | (1ull << (f.prec - 1))), e - bias(f) - (f.prec - 1));
    return (x & sign_bit(f)) ? -v : v;
}

/* A double that the format holds exactly, as its bits. */
static uint64_t from_double(rfmt_t f, double v)
{
    if (isnan(v))
        return canon_nan(f);
    uint64_t s = signbit(v) ? sign_bit(f) : 0;
    v = fabs(v);
    if (isinf(v))
        return s | inf_bits(f);
    if (v == 0)
        return s;
    if (f.bits == 32) {
        float x = (float)v;
        uint32_t u;
        memcpy(&u, &x, 4);
        return s | u;
    }
    if (f.bits == 64) {
        uint64_t u;
        memcpy(&u, &v, 8);
        return s | u;
    }
    int e;
    frexp(v, &e);
    int lead = e - 1, emin = 1 - bias(f);
    if (lead < emin)
        return s | (uint64_t)ldexp(v, -(emin - (f.prec - 1)));
    uint64_t m = (uint64_t)ldexp(v, -(lead - (f.prec - 1)));
    return s | ((uint64_t)(lead + bias(f)) << (f.prec - 1)) | (m - (1ull << (f.prec - 1)));
}

static uint64_t flush(rfmt_t f, uint64_t x)
{
    return exp_field(f, x) == 0 ? x & sign_bit(f) : x;
}

static int fe_mode(unsigned r)
{
    switch (r) {
    case PTX_RND_RZ: case PTX_RND_RZI: return FE_TOWARDZERO;
    case PTX_RND_RM: case PTX_RND_RMI: return FE_DOWNWARD;
    case PTX_RND_RP: case PTX_RND_RPI: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

static mpfr_rnd_t mp_mode(unsigned r)
{
    switch (r) {
    case PTX_RND_RZ: case PTX_RND_RZI: return MPFR_RNDZ;
    case PTX_RND_RM: case PTX_RND_RMI: return MPFR_RNDD;
    case PTX_RND_RP: case PTX_RND_RPI: return MPFR_RNDU;
    case PTX_RND_RNA: return MPFR_RNDNA;
    default: return MPFR_RNDN;
    }
}

enum { K_ADD, K_MUL, K_FMA, K_DIV, K_SQRT };

/* v (exact, 64-bit precision or a double) rounded to format f by MPFR. */
static uint64_t mp_round(rfmt_t f, mpfr_t v, unsigned mode)
{
    if (mpfr_nan_p(v))
        return canon_nan(f);
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t r;
    mpfr_init2(r, f.prec);
    mpfr_set_emin(3 - bias(f) - f.prec);
    mpfr_set_emax(bias(f) + 1);
    int t = mpfr_set(r, v, mp_mode(mode));
    t = mpfr_check_range(r, t, mp_mode(mode));
    mpfr_subnormalize(r, t, mp_mode(mode));
    double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(r);
    return from_double(f, d);
}

/* One operation rounded by MPFR straight into the format's precision and
 * exponent range (subnormals by mpfr_subnormalize). */
static uint64_t mp_op(rfmt_t f, int k, uint64_t a, uint64_t b, uint64_t c, unsigned mode)
{
    mpfr_t x, y, z, r;
    mpfr_rnd_t rm = mp_mode(mode);
    mpfr_inits2(64, x, y, z, (mpfr_ptr)0);
    mpfr_init2(r, f.prec);
    mpfr_set_d(x, to_double(f, a), MPFR_RNDN);
    mpfr_set_d(y, to_double(f, b), MPFR_RNDN);
    mpfr_set_d(z, to_double(f, c), MPFR_RNDN);
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(3 - bias(f) - f.prec);
    mpfr_set_emax(bias(f) + 1);
    int t;
    switch (k) {
    case K_ADD: t = mpfr_add(r, x, y, rm); break;
    case K_MUL: t = mpfr_mul(r, x, y, rm); break;
    case K_FMA: t = mpfr_fma(r, x, y, z, rm); break;
    case K_DIV: t = mpfr_div(r, x, y, rm); break;
    default: t = mpfr_sqrt(r, x, rm); break;
    }
    t = mpfr_check_range(r, t, rm);
    mpfr_subnormalize(r, t, rm);
    double d = mpfr_get_d(r, MPFR_RNDN);
    int nan = mpfr_nan_p(r);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clears(x, y, z, r, (mpfr_ptr)0);
    return nan ? canon_nan(f) : from_double(f, d);
}

/* f32/f64 through the host's arithmetic under fesetround. */
static uint64_t c_op(rfmt_t f, int k, uint64_t a, uint64_t b, uint64_t c, unsigned mode)
{
    fesetround(fe_mode(mode));
    uint64_t out;
    if (f.bits == 32) {
        volatile float x, y, z, r;
        uint32_t u;
        u = (uint32_t)a, memcpy((void *)&x, &u, 4);
        u = (uint32_t)b, memcpy((void *)&y, &u, 4);
        u = (uint32_t)c, memcpy((void *)&z, &u, 4);
        r = k == K_ADD ? x + y : k == K_MUL ? x * y : k == K_FMA ? fmaf(x, y, z) : k == K_DIV ? x / y : sqrtf(x);
        float rr = r;
        memcpy(&u, &rr, 4);
        out = isnan(rr) ? canon_nan(f) : u;
    } else {
        volatile double x, y, z, r;
        memcpy((void *)&x, &a, 8);
        memcpy((void *)&y, &b, 8);
        memcpy((void *)&z, &c, 8);
        r = k == K_ADD ? x + y : k == K_MUL ? x * y : k == K_FMA ? fma(x, y, z) : k == K_DIV ? x / y : sqrt(x);
        double rr = r;
        memcpy(&out, &rr, 8);
        if (isnan(rr))
            out = canon_nan(f);
    }
    fesetround(FE_TONEAREST);
    return out;
}

static uint64_t rop(rfmt_t f, int k, uint64_t a, uint64_t b, uint64_t c, unsigned mode)
{
    if (mode == PTX_RND_NONE)
        mode = PTX_RND_RN;
    return f.bits >= 32 ? c_op(f, k, a, b, c, mode) : mp_op(f, k, a, b, c, mode);
}

int ref_float_cmp(unsigned cmp, unsigned t, uint64_t a, uint64_t b, int ftz)
{
    rfmt_t f = fmt_of(t);
    if (ftz)
        a = flush(f, a), b = flush(f, b);
    double x = to_double(f, a), y = to_double(f, b);
    int un = isnan(x) || isnan(y);
    switch (cmp) {
    case PTX_CMP_EQ: return !un && x == y;
    case PTX_CMP_NE: return !un && x != y;
    case PTX_CMP_LT: return !un && x < y;
    case PTX_CMP_LE: return !un && x <= y;
    case PTX_CMP_GT: return !un && x > y;
    case PTX_CMP_GE: return !un && x >= y;
    case PTX_CMP_EQU: return un || x == y;
    case PTX_CMP_NEU: return un || x != y;
    case PTX_CMP_LTU: return un || x < y;
    case PTX_CMP_LEU: return un || x <= y;
    case PTX_CMP_GTU: return un || x > y;
    case PTX_CMP_GEU: return un || x >= y;
    case PTX_CMP_NUM: return !un;
    case PTX_CMP_NAN: return un;
    default: return 0;
    }
}

int ref_f32_nonneg(uint64_t c, int ftz)
{
    rfmt_t f = fmt_of(PTX_T_F32);
    if (ftz)
        c = flush(f, c);
    return to_double(f, c) >= 0;
}

static uint64_t saturate(rfmt_t f, uint64_t x)
{
    double v = to_double(f, x);
    if (isnan(v) || v <= 0)
        return 0;
    return v > 1 ? from_double(f, 1.0) : x;
}

/* min/max per the ISA: a NaN operand yields the other, two NaNs (or one
 * with .NaN) the canonical NaN; -0 is below +0. */
static uint64_t minmax(rfmt_t f, uint64_t a, uint64_t b, int is_max, uint32_t flags)
{
    double x = to_double(f, a), y = to_double(f, b);
    uint64_t r;
    if ((isnan(x) && isnan(y)) || ((flags & PTX_MF_NAN) && (isnan(x) || isnan(y))))
        return canon_nan(f);
    if (isnan(x))
        r = b;
    else if (isnan(y))
        r = a;
    else if (x == y)
        r = (signbit(x) != 0) == !is_max ? a : b;
    else
        r = (x < y) != is_max ? a : b;
    if ((flags & PTX_MF_RELU) && (r & sign_bit(f))) /* .relu: negative or -0 to +0 */
        r = 0;
    return r;
}

/* One value of the float arithmetic rows (no approximations). */
static uint64_t farith(const ptx_alu_t *d, rfmt_t f, uint64_t a, uint64_t b, uint64_t c, int *bound)
{
    int ftz = (d->flags & PTX_MF_FTZ) != 0;
    unsigned m = d->round;
    if (ftz)
        a = flush(f, a), b = flush(f, b), c = flush(f, c);
    uint64_t r;
    switch (d->op) {
    case PTX_OP_ADD: r = rop(f, K_ADD, a, b, 0, m); break;
    case PTX_OP_SUB: r = rop(f, K_ADD, a, b ^ sign_bit(f), 0, m); break;
    case PTX_OP_MUL: r = rop(f, K_MUL, a, b, 0, m); break;
    case PTX_OP_MAD: case PTX_OP_FMA: r = rop(f, K_FMA, a, b, c, m); break;
    case PTX_OP_DIV:
        if (d->flags & PTX_MF_APPROX) { *bound = 1; return 0; }
        r = rop(f, K_DIV, a, b, 0, (d->flags & PTX_MF_FULL) ? PTX_RND_RN : m);
        if (d->flags & PTX_MF_FULL) *bound = 1; /* checked as 2 ulp; exact here anyway */
        break;
    case PTX_OP_RCP:
        r = rop(f, K_DIV, from_double(f, 1.0), a, 0, (d->flags & PTX_MF_APPROX) ? PTX_RND_RN : m);
        break;
    case PTX_OP_SQRT: r = rop(f, K_SQRT, a, 0, 0, (d->flags & PTX_MF_APPROX) ? PTX_RND_RN : m); break;
    case PTX_OP_ABS: r = a & ~sign_bit(f); break;
    case PTX_OP_NEG: r = a ^ sign_bit(f); break;
    case PTX_OP_MIN: return minmax(f, a, b, 0, d->flags);
    case PTX_OP_MAX: return minmax(f, a, b, 1, d->flags);
    case PTX_OP_COPYSIGN: return (b & ~sign_bit(f)) | (a & sign_bit(f));
    default: *bound = 1; return 0; /* the .approx functions */
    }
    if (ftz)
        r = flush(f, r);
    if (d->flags & PTX_MF_SAT)
        r = saturate(f, r);
    if ((d->flags & PTX_MF_RELU) && (is_nan(f, r) || (r & sign_bit(f))))
        r = is_nan(f, r) ? canon_nan(f) : 0;
    return r;
}

static uint64_t testp(rfmt_t f, uint64_t x, unsigned which)
{
    double v = to_double(f, x);
    int sub = exp_field(f, x) == 0 && frac_field(f, x) != 0;
    switch (which) {
    case PTX_TESTP_FINITE: return isfinite(v);
    case PTX_TESTP_INFINITE: return isinf(v) != 0;
    case PTX_TESTP_NUMBER: return !isnan(v);
    case PTX_TESTP_NOTANUMBER: return isnan(v);
    case PTX_TESTP_NORMAL: return isfinite(v) && v != 0 && !sub;
    default: return sub;
    }
}

/* cvt from a float to an integer: rounded by the mode, clamped, NaN 0. */
static uint64_t cvt_f2i(const ptx_alu_t *d, uint64_t a)
{
    rfmt_t sf = fmt_of(d->type2);
    if ((d->flags & PTX_MF_FTZ) && d->type2 == PTX_T_F32)
        a = flush(sf, a);
    double v = to_double(sf, a), r;
    if (isnan(v))
        return 0;
    switch (d->round) {
    case PTX_RND_RNI: fesetround(FE_TONEAREST); r = nearbyint(v); break;
    case PTX_RND_RMI: r = floor(v); break;
    case PTX_RND_RPI: r = ceil(v); break;
    default: r = trunc(v); break;
    }
    unsigned w = rt_bits(d->type);
    if (rt_signed(d->type)) {
        double hi = ldexp(1, (int)w - 1);
        if (r >= hi)
            return rt_mask(w) >> 1;
        if (r < -hi)
            return 1ull << (w - 1);
        return (uint64_t)(int64_t)r & rt_mask(w);
    }
    if (r <= 0)
        return 0;
    return r >= ldexp(1, (int)w) ? rt_mask(w) : (uint64_t)r;
}

/* cvt from an integer to a float: exact in MPFR, then rounded once. */
static uint64_t cvt_i2f(const ptx_alu_t *d, uint64_t a)
{
    rfmt_t df = fmt_of(d->type);
    unsigned w = rt_bits(d->type2);
    mpfr_t v;
    mpfr_init2(v, 64);
    if (rt_signed(d->type2))
        mpfr_set_sj(v, w == 64 ? (int64_t)a : ((int64_t)(a << (64 - w))) >> (64 - w), MPFR_RNDN);
    else
        mpfr_set_uj(v, a & rt_mask(w), MPFR_RNDN);
    uint64_t r = mp_round(df, v, d->round == PTX_RND_NONE ? PTX_RND_RN : d->round);
    mpfr_clear(v);
    if (d->flags & PTX_MF_SAT)
        r = saturate(df, r);
    return r;
}

/* cvt between float formats; integer rounding first rounds in the source. */
static uint64_t cvt_f2f(const ptx_alu_t *d, unsigned dt, uint64_t a)
{
    rfmt_t sf = fmt_of(d->type2), df = fmt_of(dt);
    unsigned m = d->round == PTX_RND_NONE ? PTX_RND_RN : d->round;
    if ((d->flags & PTX_MF_FTZ) && d->type2 == PTX_T_F32)
        a = flush(sf, a);
    double v = to_double(sf, a);
    if (m >= PTX_RND_RNI) {
        fesetround(fe_mode(m));
        v = nearbyint(v);
        fesetround(FE_TONEAREST);
        m = PTX_RND_RN;
    }
    uint64_t r;
    if (isnan(v)) {
        r = canon_nan(df);
    } else if (df.bits == 32 && sf.bits == 64) {
        fesetround(fe_mode(m));
        volatile float x = (float)v;
        fesetround(FE_TONEAREST);
        r = from_double(df, x);
    } else {
        mpfr_t t;
        mpfr_init2(t, 64);
        mpfr_set_d(t, v, MPFR_RNDN);
        r = mp_round(df, t, m);
        mpfr_clear(t);
    }
    if ((d->flags & PTX_MF_SATFINITE) && !isnan(v) && (r & ~sign_bit(df)) == inf_bits(df))
        r = (r & sign_bit(df)) | (inf_bits(df) - 1);
    if ((d->flags & PTX_MF_FTZ) && dt == PTX_T_F32)
        r = flush(df, r);
    if (d->flags & PTX_MF_SAT)
        r = saturate(df, r);
    if ((d->flags & PTX_MF_RELU) && !is_nan(df, r) && (r & sign_bit(df)))
        r = 0;
    return r;
}

static uint64_t ref_cvt(const ptx_alu_t *d, const uint64_t *s)
{
    int dfl = d->type >= PTX_T_F16 && d->type <= PTX_T_F64, sfl = d->type2 >= PTX_T_F16 && d->type2 <= PTX_T_F64;
    if (d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2) {
        unsigned h = d->type == PTX_T_F16X2 ? PTX_T_F16 : PTX_T_BF16;
        return (cvt_f2f(d, h, s[0]) << 16) | cvt_f2f(d, h, s[1]);
    }
    if (dfl && sfl)
        return cvt_f2f(d, d->type, s[0]);
    return dfl ? cvt_i2f(d, s[0]) : cvt_f2i(d, s[0]);
}

void ref_float_eval(const ptx_alu_t *d, const uint64_t *s, ref_out_t *o)
{
    rfmt_t f = fmt_of(d->type);
    int bound = 0;
    switch (d->op) {
    case PTX_OP_CVT: o->r = ref_cvt(d, s); return;
    case PTX_OP_TESTP: o->r = testp(f, s[0], d->testp); return;
    case PTX_OP_SETP: { /* f16x2/bf16x2: p from the low halves, q from the high */
        int ftz = (d->flags & PTX_MF_FTZ) != 0;
        unsigned h = d->type == PTX_T_F16X2 ? PTX_T_F16 : PTX_T_BF16;
        int lo = ref_float_cmp(d->cmp, h, s[0] & 0xffff, s[1] & 0xffff, ftz);
        int hi = ref_float_cmp(d->cmp, h, s[0] >> 16, s[1] >> 16, ftz);
        int p = (int)(s[2] & 1);
        o->r = d->boolop == PTX_BOOL_AND ? lo && p : d->boolop == PTX_BOOL_OR ? lo || p : d->boolop == PTX_BOOL_XOR ? lo != p : lo;
        o->r2 = d->boolop == PTX_BOOL_AND ? hi && p : d->boolop == PTX_BOOL_OR ? hi || p : d->boolop == PTX_BOOL_XOR ? hi != p : hi;
        return;
    }
    default: break;
    }
    if (d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2) {
        uint64_t lo = farith(d, f, s[0] & 0xffff, s[1] & 0xffff, s[2] & 0xffff, &bound);
        uint64_t hi = farith(d, f, s[0] >> 16 & 0xffff, s[1] >> 16 & 0xffff, s[2] >> 16 & 0xffff, &bound);
        o->r = (hi << 16) | lo;
    } else {
        o->r = farith(d, f, s[0], s[1], s[2], &bound);
    }
    o->bound = bound;
}

/* ---- the approximations' bounds (ptx_alu_approx.h's table) ---------------- */

/* The unit in the last place of format f at magnitude |v| (subnormal
 * spacing below the normal range). */
static double ulp_at(rfmt_t f, double v)
{
    int e;
    frexp(fabs(v), &e);
    int lead = e - 1, emin = 1 - bias(f);
    return ldexp(1, (lead < emin ? emin : lead) - (f.prec - 1));
}

/* The exact value of the approximated function at the (flushed) inputs. */
static double exact_value(const ptx_alu_t *d, double x, double y)
{
    mpfr_t a, b, r;
    mpfr_inits2(160, a, b, r, (mpfr_ptr)0);
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_set_d(b, y, MPFR_RNDN);
    switch (d->op) {
    case PTX_OP_SIN: mpfr_sin(r, a, MPFR_RNDN); break;
    case PTX_OP_COS: mpfr_cos(r, a, MPFR_RNDN); break;
    case PTX_OP_LG2: mpfr_log2(r, a, MPFR_RNDN); break;
    case PTX_OP_EX2: mpfr_exp2(r, a, MPFR_RNDN); break;
    case PTX_OP_TANH: mpfr_tanh(r, a, MPFR_RNDN); break;
    case PTX_OP_RSQRT: mpfr_rec_sqrt(r, a, MPFR_RNDN); break;
    case PTX_OP_SQRT: mpfr_sqrt(r, a, MPFR_RNDN); break;
    case PTX_OP_RCP: mpfr_ui_div(r, 1, a, MPFR_RNDN); break;
    default: mpfr_div(r, a, b, MPFR_RNDN); break; /* DIV */
    }
    double v = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clears(a, b, r, (mpfr_ptr)0);
    return v;
}

/* NVIDIA's bound for one value: 0 when got is within it. */
static const char *check_bound(const ptx_alu_t *d, rfmt_t f, double x, double y, double e, double g)
{
    double err = fabs(g - e), u = ulp_at(f, e);
    int half = f.bits == 16;
    switch (d->op) {
    case PTX_OP_SIN: case PTX_OP_COS: return err <= exp2(-20.5) ? 0 : "abs error over 2^-20.5";
    case PTX_OP_LG2:
        if (x >= 0.5 && x <= 2)
            return err <= ldexp(1, -22) ? 0 : "abs error over 2^-22 in [0.5, 2]";
        return err <= 2 * u ? 0 : "over 2 ulp";
    case PTX_OP_EX2:
        if (half)
            return err <= fabs(e) * exp2(f.prec == 11 ? -9.9 : -7) + u / 2 ? 0 : "rel error";
        return err <= 2 * u ? 0 : "over 2 ulp";
    case PTX_OP_TANH:
        if (half)
            return err <= fabs(e) * exp2(f.prec == 11 ? -9.9 : -7) + u / 2 ? 0 : "rel error";
        return err <= fabs(e) * exp2(-10.987) + ldexp(1, -149) ? 0 : "rel error over 2^-10.987";
    case PTX_OP_RSQRT: return err <= fabs(e) * exp2(-22.9) ? 0 : "rel error over 2^-22.9";
    case PTX_OP_SQRT: return err <= fabs(e) * ldexp(1, -23) + ldexp(1, -149) ? 0 : "rel error over 2^-23";
    case PTX_OP_RCP: return err <= u ? 0 : "over 1 ulp";
    default: /* DIV .approx (|y| in [2^-126, 2^126]) and .full */
        if ((d->flags & PTX_MF_APPROX) && !(fabs(y) >= ldexp(1, -126) && fabs(y) <= ldexp(1, 126)))
            return 0; /* unbounded outside: only eval == warp is checked */
        return err <= 2 * u ? 0 : "over 2 ulp";
    }
}

static int within_one(const ptx_alu_t *d, rfmt_t f, uint64_t a, uint64_t b, uint64_t got, const char **why)
{
    int ftz = (d->flags & PTX_MF_FTZ) != 0;
    if (ftz)
        a = flush(f, a), b = flush(f, b);
    double x = to_double(f, a), y = to_double(f, b), g = to_double(f, got);
    if (d->op == PTX_OP_DIV && (d->flags & PTX_MF_APPROX) && !isnan(x) && !isnan(y)) {
        /* the ISA: for 2^126 < |b| < 2^128 the result is 0, NaN if a is
         * infinite; below 2^-126 nothing is promised */
        if (fabs(y) > ldexp(1, 126) && !isinf(y))
            return isinf(x) ? is_nan(f, got) : g == 0;
        if (fabs(y) < ldexp(1, -126))
            return 1;
    }
    double e = exact_value(d, x, y);
    if (d->op == PTX_OP_RSQRT && x == 0) /* rsqrt(-0) = -inf, as 1/sqrt(-0) (MPFR says +inf) */
        e = signbit(x) ? -INFINITY : INFINITY;
    if (isnan(e) || isinf(e) || e == 0) { /* special values: exact, NaN canonical */
        uint64_t want = from_double(f, e);
        if (got == want || (ftz && e == 0 && flush(f, got) == want))
            return 1;
        *why = "special value";
        return 0;
    }
    if (isnan(g) || isinf(g)) {
        /* overflow past the format's range: the rounded exact value must be inf too */
        if (isinf(g) && fabs(e) >= ldexp(1, bias(f)) * (2 - ldexp(1, -f.prec)) && (g > 0) == (e > 0))
            return 1;
        *why = "NaN or inf";
        return 0;
    }
    if (ftz && g == 0 && fabs(e) < ldexp(1, 1 - bias(f)) * (1 + ldexp(1, 1 - f.prec)))
        return 1; /* a subnormal result flushed */
    *why = check_bound(d, f, x, y, e, g);
    return *why == 0;
}

int ref_within(const ptx_alu_t *d, const uint64_t s[4], uint64_t got, const char **why)
{
    rfmt_t f = fmt_of(d->type);
    *why = 0;
    if (d->type == PTX_T_F16X2 || d->type == PTX_T_BF16X2)
        return within_one(d, f, s[0] & 0xffff, s[1] & 0xffff, got & 0xffff, why) &&
               within_one(d, f, s[0] >> 16 & 0xffff, s[1] >> 16 & 0xffff, got >> 16 & 0xffff, why);
    return within_one(d, f, s[0], s[1], got, why);
}
