/* PTX ALU, f16/bf16 and their x2 forms: each half computed on its own,
 * rounded once (against MPFR), min/max and .relu, neg/abs on the bits. */
#include <stdint.h> /* before mpfr.h */
#include <mpfr.h>
#include <stdlib.h>

#include "ptx_alu_fixture.h"

Test(ptx_alu_half, x2_computes_each_half)
{
    ptx_alu_t add = alu(PTX_OP_ADD, PTX_T_F16X2, 0, PTX_RND_RN, 0), neg = alu(PTX_OP_NEG, PTX_T_BF16X2, 0, 0, 0);
    cr_expect_eq(ev(&add, 0x3c004000u, 0x3c00bc00u, 0), 0x40003c00u, "{1, 2} + {1, -1} = {2, 1}");
    cr_expect_eq(ev(&neg, 0x3f80bf80u, 0, 0), 0xbf803f80u);
    ptx_alu_t fma = alu(PTX_OP_FMA, PTX_T_BF16, 0, PTX_RND_RN, PTX_MF_RELU);
    cr_expect_eq(ev(&fma, 0x3f80, 0xbf80, 0x3f00), 0, "relu(1 * -1 + 0.5)");
    ptx_alu_t mx = alu(PTX_OP_MAX, PTX_T_F16, 0, 0, PTX_MF_NAN);
    cr_expect_eq(ev(&mx, 0x7e01, 0x3c00, 0), 0x7fff, "max.NaN: the canonical f16 NaN");
}

Test(ptx_alu_half, f16_fma_against_mpfr)
{
    srand(5);
    mpfr_t a, b, c, r;
    mpfr_inits2(11, r, (mpfr_ptr)0);
    mpfr_inits2(24, a, b, c, (mpfr_ptr)0);
    ptx_alu_t d = alu(PTX_OP_FMA, PTX_T_F16, 0, PTX_RND_RN, 0);
    ptx_alu_t toh = alu(PTX_OP_CVT, PTX_T_F16, PTX_T_F32, PTX_RND_RN, 0);
    ptx_alu_t tof = alu(PTX_OP_CVT, PTX_T_F32, PTX_T_F16, 0, 0);
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    for (int i = 0; i < 5000; i++) {
        uint64_t x = (uint64_t)rand() & 0x7bff, y = (uint64_t)rand() & 0xbbff, z = (uint64_t)rand() & 0xffff;
        if ((z & 0x7c00) == 0x7c00)
            z &= 0x83ff;
        mpfr_set_d(a, bf(ev(&tof, x, 0, 0)), MPFR_RNDN);
        mpfr_set_d(b, bf(ev(&tof, y, 0, 0)), MPFR_RNDN);
        mpfr_set_d(c, bf(ev(&tof, z, 0, 0)), MPFR_RNDN);
        mpfr_set_emin(-23), mpfr_set_emax(16);
        int t = mpfr_fma(r, a, b, c, MPFR_RNDN);
        t = mpfr_check_range(r, t, MPFR_RNDN);
        mpfr_subnormalize(r, t, MPFR_RNDN);
        float want = mpfr_get_flt(r, MPFR_RNDN);
        mpfr_set_emin(emin), mpfr_set_emax(emax);
        uint64_t got = ev(&d, x, y, z), w = ev(&toh, fb(want), 0, 0);
        cr_assert_eq(got, w, "fma.rn.f16 %04llx %04llx %04llx: got %04llx want %04llx", (unsigned long long)x,
                     (unsigned long long)y, (unsigned long long)z, (unsigned long long)got, (unsigned long long)w);
    }
    mpfr_clears(a, b, c, r, (mpfr_ptr)0);
}
