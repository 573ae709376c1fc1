/* PTX ALU, f32/f64 arithmetic: the directed rounding modes (against MPFR
 * too), overflow by mode, the exact zero's sign, .ftz, .sat, canonical
 * NaNs, min/max's NaN and signed-zero rules. */
#include <stdint.h> /* before mpfr.h: its intmax_t functions */
#include <mpfr.h>
#include <stdlib.h>

#include "ptx_alu_fixture.h"

static uint64_t f32op(unsigned op, unsigned rnd, uint32_t flags, uint64_t a, uint64_t b, uint64_t c)
{
    ptx_alu_t d = alu(op, PTX_T_F32, 0, rnd, flags);
    return ev(&d, a, b, c);
}

Test(ptx_alu_float, directed_rounding_of_a_sum)
{
    uint32_t one = fb(1), tiny = fb(0x1p-30f);
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RN, 0, one, tiny, 0), one);
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RZ, 0, one, tiny, 0), one);
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RP, 0, one, tiny, 0), one + 1);
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RM, 0, one, tiny | 0x80000000u, 0), 0x3f7fffffu);
    cr_expect_eq(f32op(PTX_OP_SUB, PTX_RND_RZ, 0, one, tiny, 0), 0x3f7fffffu);
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RM, 0, one, fb(-1), 0), 0x80000000u, "x - x is -0 rounding down");
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RP, 0, one, fb(-1), 0), 0);
}

Test(ptx_alu_float, overflow_by_mode)
{
    uint32_t two = fb(2), nmax = F32_MAX | 0x80000000u;
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RN, 0, F32_MAX, two, 0), F32_INF);
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RZ, 0, F32_MAX, two, 0), F32_MAX);
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RM, 0, F32_MAX, two, 0), F32_MAX);
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RM, 0, nmax, two, 0), F32_INF | 0x80000000u);
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RP, 0, nmax, two, 0), nmax);
}

Test(ptx_alu_float, subnormals_and_ftz)
{
    uint32_t half = fb(0.5f);
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RN, 0, F32_MIN_NORM, half, 0), 0x00400000u, "a subnormal result");
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RN, PTX_MF_FTZ, F32_MIN_NORM, half, 0), 0);
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RN, PTX_MF_FTZ, F32_MIN_NORM | 0x80000000u, half, 0), 0x80000000u,
                 "flushed with its sign");
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RN, PTX_MF_FTZ, 0x80000005u, 0x80000000u, 0), 0x80000000u,
                 "a subnormal input is a zero of its sign");
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RZ, 0, 0x00000003u, half, 0), 0x00000001u, "1.5 units toward zero");
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RN, 0, 0x00000003u, half, 0), 0x00000002u, "a tie to even");
    cr_expect_eq(f32op(PTX_OP_MUL, PTX_RND_RP, 0, 0x00000001u, half, 0), 0x00000001u);
}

Test(ptx_alu_float, saturate_and_nan)
{
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RN, PTX_MF_SAT, fb(1), fb(1), 0), fb(1));
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RN, PTX_MF_SAT, fb(-1), fb(0.5f), 0), 0);
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RN, PTX_MF_SAT, F32_INF, F32_INF | 0x80000000u, 0), 0, "NaN -> +0");
    cr_expect_eq(f32op(PTX_OP_ADD, PTX_RND_RN, 0, 0xffc00001u, fb(1), 0), F32_NAN, "canonical NaN");
    cr_expect_eq(f32op(PTX_OP_FMA, PTX_RND_RZ, 0, F32_INF, 0, fb(1)), F32_NAN);
    ptx_alu_t d = alu(PTX_OP_SUB, PTX_T_F64, 0, PTX_RND_RP, 0);
    cr_expect_eq(ev(&d, db(INFINITY), db(INFINITY), 0), 0x7fffffffffffffffull);
}

Test(ptx_alu_float, min_max_rules)
{
    ptx_alu_t mn = alu(PTX_OP_MIN, PTX_T_F32, 0, 0, 0), mx = alu(PTX_OP_MAX, PTX_T_F64, 0, 0, 0);
    ptx_alu_t mnn = alu(PTX_OP_MIN, PTX_T_F32, 0, 0, PTX_MF_NAN);
    cr_expect_eq(ev(&mn, F32_NAN, fb(3), 0), fb(3), "one NaN: the other operand");
    cr_expect_eq(ev(&mn, 0x7fc00000u, 0xffc00000u, 0), F32_NAN);
    cr_expect_eq(ev(&mn, 0, 0x80000000u, 0), 0x80000000u, "-0 below +0");
    cr_expect_eq(ev(&mx, db(-0.0), 0, 0), 0);
    cr_expect_eq(ev(&mnn, fb(1), 0x7fc00000u, 0), F32_NAN);
    cr_expect_eq(ev(&mn, fb(-2), fb(1), 0), fb(-2));
}

Test(ptx_alu_float, abs_neg_copysign_testp)
{
    ptx_alu_t ab = alu(PTX_OP_ABS, PTX_T_F32, 0, 0, PTX_MF_FTZ), ng = alu(PTX_OP_NEG, PTX_T_F64, 0, 0, 0);
    ptx_alu_t cs = alu(PTX_OP_COPYSIGN, PTX_T_F32, 0, 0, 0), tp = alu(PTX_OP_TESTP, PTX_T_F32, 0, 0, 0);
    cr_expect_eq(ev(&ab, 0x80000001u, 0, 0), 0);
    cr_expect_eq(ev(&ng, 0, 0, 0), 1ull << 63);
    cr_expect_eq(ev(&cs, fb(-1), fb(2), 0), fb(-2), "b with a's sign");
    tp.testp = PTX_TESTP_SUBNORMAL;
    cr_expect_eq(ev(&tp, 0x80000001u, 0, 0), 1);
    tp.testp = PTX_TESTP_NORMAL;
    cr_expect_eq(ev(&tp, 0x80000001u, 0, 0), 0);
    tp.testp = PTX_TESTP_NOTANUMBER;
    cr_expect_eq(ev(&tp, F32_INF, 0, 0), 0);
}

/* fma.f64 in the directed modes against MPFR on random operands whose
 * product and addend nearly cancel or lie far apart. */
Test(ptx_alu_float, f64_fma_directed_against_mpfr)
{
    static const unsigned modes[] = {PTX_RND_RZ, PTX_RND_RM, PTX_RND_RP};
    static const mpfr_rnd_t mr[] = {MPFR_RNDZ, MPFR_RNDD, MPFR_RNDU};
    srand(17);
    mpfr_t a, b, c, r;
    mpfr_inits2(53, a, b, c, r, (mpfr_ptr)0);
    for (int i = 0; i < 3000; i++) {
        double x = ldexp((double)rand() / RAND_MAX + 0.5, rand() % 40 - 20);
        double y = ldexp((double)rand() / RAND_MAX + 0.5, rand() % 40 - 20);
        double z = (i & 1) ? -x * y * (1 + ldexp(rand() % 64, -52)) : ldexp((double)rand() / RAND_MAX, rand() % 200 - 100);
        unsigned m = (unsigned)i % 3;
        ptx_alu_t d = alu(PTX_OP_FMA, PTX_T_F64, 0, modes[m], 0);
        mpfr_set_d(a, x, MPFR_RNDN), mpfr_set_d(b, y, MPFR_RNDN), mpfr_set_d(c, z, MPFR_RNDN);
        mpfr_fma(r, a, b, c, mr[m]);
        uint64_t want = db(mpfr_get_d(r, MPFR_RNDN)), got = ev(&d, db(x), db(y), db(z));
        cr_assert_eq(got, want, "fma mode %u (%a, %a, %a): got %016llx want %016llx", modes[m], x, y, z,
                     (unsigned long long)got, (unsigned long long)want);
    }
    mpfr_clears(a, b, c, r, (mpfr_ptr)0);
}

Test(ptx_alu_float, f64_div_sqrt_rcp_directed)
{
    ptx_alu_t dz = alu(PTX_OP_DIV, PTX_T_F64, 0, PTX_RND_RZ, 0), dp = alu(PTX_OP_DIV, PTX_T_F64, 0, PTX_RND_RP, 0);
    ptx_alu_t sm = alu(PTX_OP_SQRT, PTX_T_F64, 0, PTX_RND_RM, 0), rp = alu(PTX_OP_RCP, PTX_T_F32, 0, PTX_RND_RP, 0);
    cr_expect_eq(ev(&dz, db(1), db(3), 0), 0x3fd5555555555555ull);
    cr_expect_eq(ev(&dp, db(1), db(3), 0), 0x3fd5555555555556ull);
    cr_expect_eq(ev(&sm, db(2), 0, 0), 0x3ff6a09e667f3bccull, "sqrt 2 = 1.41421356237309504..., RN rounds up");
    cr_expect_eq(ev(&rp, fb(3), 0, 0), 0x3eaaaaabu);
    cr_expect_eq(ev(&sm, db(-0.0), 0, 0), 1ull << 63, "sqrt(-0) = -0");
}
