/* VFP arithmetic (softfloat/vfp_fp.h) against MPFR: add, sub, mul, div, sqrt and
 * fused multiply-add in single and double, in all four rounding modes, on
 * random finite operands (subnormals, near-overflow and near-underflow
 * ones included). The result bits and the IXC, UFC and OFC flags must be
 * MPFR's correctly rounded result with IEEE's subnormals, and ARM's
 * flags: UFC when the exact result is tiny (below the smallest normal)
 * and the rounding inexact. FZ and DN are off here (test_arm_vfp_rules.c). */
#include <criterion/criterion.h>
#include <mpfr.h>
#include <string.h>

#include "device/softfloat/vfp_fp.h"

enum { K_ADD, K_SUB, K_MUL, K_DIV, K_SQRT, K_FMA };

static const mpfr_rnd_t mpfr_modes[4] = {MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ}; /* RMode 0..3 */

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random finite value of format f: the exponent spread over the whole
 * range, often near its ends. */
static uint64_t rand_finite(uint32_t f)
{
    uint64_t r = next64();
    uint32_t eb = ptx_fmt_ebits(f), mb = ptx_fmt_mbits(f), emax = (1u << eb) - 2;
    uint32_t sel = (uint32_t)(r >> 61), e;
    if (sel < 2)
        e = (uint32_t)(r >> 40) % 3;                         /* subnormal or barely normal */
    else if (sel < 3)
        e = emax - (uint32_t)(r >> 40) % 3;                  /* near overflow */
    else if (sel < 5)
        e = ((1u << (eb - 1)) - 1) - 8 + (uint32_t)(r >> 40) % 16; /* near 1 */
    else
        e = (uint32_t)(r >> 40) % (emax + 1);
    uint64_t frac = next64() & ((1ull << mb) - 1);
    if (sel == 7)
        frac &= ~0ull << (mb / 2); /* short significands: exact results */
    return (r & 1 ? ptx_fmt_sign(f) : 0) | (uint64_t)e << mb | frac;
}

static void to_mpfr(mpfr_t x, uint32_t f, uint64_t bits)
{
    if (f == PTX_FMT_F32) {
        uint32_t b = (uint32_t)bits;
        float v;
        memcpy(&v, &b, 4);
        mpfr_set_flt(x, v, MPFR_RNDN);
    } else {
        double v;
        memcpy(&v, &bits, 8);
        mpfr_set_d(x, v, MPFR_RNDN);
    }
}

static void compute(mpfr_t r, uint32_t k, mpfr_t a, mpfr_t b, mpfr_t c, mpfr_rnd_t m, int *inex)
{
    switch (k) {
    case K_ADD: *inex = mpfr_add(r, a, b, m); break;
    case K_SUB: *inex = mpfr_sub(r, a, b, m); break;
    case K_MUL: *inex = mpfr_mul(r, a, b, m); break;
    case K_DIV: *inex = mpfr_div(r, a, b, m); break;
    case K_SQRT: *inex = mpfr_sqrt(r, a, m); break;
    default: *inex = mpfr_fma(r, a, b, c, m); break;
    }
}

/* MPFR's answer: the bits and the FPSCR flags ARM would set. */
static uint64_t reference(uint32_t f, uint32_t k, uint64_t x, uint64_t y, uint64_t z, uint32_t rm, uint32_t *flags)
{
    int p = f == PTX_FMT_F32 ? 24 : 53, inex;
    mpfr_exp_t emin = f == PTX_FMT_F32 ? -148 : -1073, emax = f == PTX_FMT_F32 ? 128 : 1024;
    mpfr_t a, b, c, exact, r;
    mpfr_inits2(p, a, b, c, r, (mpfr_ptr)0);
    mpfr_init2(exact, 2200);
    to_mpfr(a, f, x);
    to_mpfr(b, f, y);
    to_mpfr(c, f, z);
    compute(exact, k, a, b, c, MPFR_RNDZ, &inex);
    /* below the smallest normal 2^emin: MPFR's exponent (of 0.m) at most emin */
    int tiny = !mpfr_zero_p(exact) && mpfr_get_exp(exact) <= (f == PTX_FMT_F32 ? -126 : -1022);
    mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear_flags();
    compute(r, k, a, b, c, mpfr_modes[rm], &inex);
    inex = mpfr_check_range(r, inex, mpfr_modes[rm]);
    inex = mpfr_subnormalize(r, inex, mpfr_modes[rm]);
    *flags = (inex ? VFP_IXC : 0u) | (mpfr_overflow_p() ? VFP_OFC | VFP_IXC : 0u) | (tiny && inex ? VFP_UFC : 0u);
    uint64_t bits;
    if (f == PTX_FMT_F32) {
        float v = mpfr_get_flt(r, MPFR_RNDN);
        uint32_t b32;
        memcpy(&b32, &v, 4);
        bits = b32;
    } else {
        double v = mpfr_get_d(r, MPFR_RNDN);
        memcpy(&bits, &v, 8);
    }
    /* an exact zero sum: +0, or -0 rounding down (MPFR agrees; IEEE 6.3) */
    mpfr_set_emin(old_min);
    mpfr_set_emax(old_max);
    mpfr_clears(a, b, c, exact, r, (mpfr_ptr)0);
    return bits;
}

static uint64_t subject(uint32_t f, uint32_t k, uint64_t x, uint64_t y, uint64_t z, uint32_t *fpscr)
{
    switch (k) {
    case K_ADD: return vfp_addsub(f, x, y, 0, fpscr);
    case K_SUB: return vfp_addsub(f, x, y, 1, fpscr);
    case K_MUL: return vfp_mul(f, x, y, fpscr);
    case K_DIV: return vfp_div(f, x, y, fpscr);
    case K_SQRT: return vfp_sqrt(f, x & ~ptx_fmt_sign(f), fpscr);
    default: return vfp_muladd(f, z, x, y, fpscr);
    }
}

static void check_op(uint32_t f, uint32_t k, int count)
{
    static const char *const names[] = {"add", "sub", "mul", "div", "sqrt", "fma"};
    for (int i = 0; i < count; i++) {
        uint64_t x = rand_finite(f), y = rand_finite(f), z = rand_finite(f);
        if (k == K_SQRT)
            x &= ~ptx_fmt_sign(f);
        if ((k == K_ADD || k == K_SUB || k == K_FMA) && (next64() & 3) == 0)
            y = (y & ptx_fmt_sign(f)) | ((x & ~ptx_fmt_sign(f)) ^ (next64() & 0xff)); /* cancellation */
        if (k == K_FMA && (next64() & 1)) { /* an addend that nearly cancels the product */
            uint32_t unused = 0;
            z = vfp_mul(f, x, y, &unused) ^ ptx_fmt_sign(f) ^ (next64() & 3);
            if (vfp_is_nan(f, z) || (z & ~ptx_fmt_sign(f)) == ptx_fmt_inf(f, 0))
                z = rand_finite(f);
        }
        for (uint32_t rm = 0; rm < 4; rm++) {
            uint32_t want_flags, fpscr = rm << VFP_RMODE_SHIFT;
            uint64_t want = reference(f, k, x, y, z, rm, &want_flags);
            uint64_t got = subject(f, k, x, y, z, &fpscr);
            cr_assert_eq(got, want, "%s f%d rm%u %llx %llx %llx: got %llx want %llx", names[k],
                         f == PTX_FMT_F32 ? 32 : 64, rm, (unsigned long long)x, (unsigned long long)y,
                         (unsigned long long)z, (unsigned long long)got, (unsigned long long)want);
            cr_assert_eq(fpscr & 0x9fu, want_flags, "%s f%d rm%u %llx %llx %llx: flags %x want %x", names[k],
                         f == PTX_FMT_F32 ? 32 : 64, rm, (unsigned long long)x, (unsigned long long)y,
                         (unsigned long long)z, fpscr & 0x9fu, want_flags);
        }
    }
}

Test(arm_vfp_mpfr, add_sub_single_double)
{
    for (uint32_t k = K_ADD; k <= K_SUB; k++) {
        check_op(PTX_FMT_F32, k, 4000);
        check_op(PTX_FMT_F64, k, 4000);
    }
}

Test(arm_vfp_mpfr, mul_div_single_double)
{
    for (uint32_t k = K_MUL; k <= K_DIV; k++) {
        check_op(PTX_FMT_F32, k, 4000);
        check_op(PTX_FMT_F64, k, 4000);
    }
}

Test(arm_vfp_mpfr, sqrt_and_fused_multiply_add)
{
    check_op(PTX_FMT_F32, K_SQRT, 4000);
    check_op(PTX_FMT_F64, K_SQRT, 4000);
    check_op(PTX_FMT_F32, K_FMA, 4000);
    check_op(PTX_FMT_F64, K_FMA, 4000);
}
