/* FCOM, FUCOM, FCOMI, FUCOMI, FTST and FXAM of the fp80 core against the
 * host's x87: 120K random cases each (with equal and opposite operands
 * mixed in), C0-C3 or ZF PF CF, and the exception flags. */
#include <criterion/criterion.h>

#include "x87_emu.h"

#define N_CASES 120000u

/* b = a, -a, a zero of either sign, a neighbour, or anything. */
static void gen_cmp(uint64_t *s, fp80_t *a, fp80_t *b)
{
    x87_gen_any(s, a, b);
    switch (x87_below(s, 6)) {
    case 0:
        *b = *a;
        break;
    case 1:
        *b = *a;
        b->sexp ^= 0x8000u;
        break;
    case 2:
        *b = fp80_zero((uint32_t)x87_rand(s) & 1u);
        break;
    case 3:
        *b = *a;
        b->mant += x87_below(s, 2) ? 1 : -1;
        break;
    }
}

#if X87_HW

Test(x87_cmp, fxam_empty)
{
    fp80_t one = fp80_from_i64(1), z = fp80_zero(1);
    for (uint16_t sw = 0; sw < 2; sw++) {
        hw_out_t h = hw_xam_empty(FP80_CW_DEFAULT, sw ? FP80_CC : 0, sw ? z : one, one);
        fp80_env_t env = {FP80_CW_DEFAULT, (uint16_t)(sw ? FP80_CC : 0)};
        /* an emptied register keeps its bits: FXAM's C1 is their sign */
        fp80_xam(&env, sw ? z : one, 1);
        cr_expect_eq(env.sw & X87_SW_MASK, h.sw & X87_SW_MASK, "fxam empty: hw %04x fp80 %04x", h.sw, env.sw);
    }
}
#else
Test(x87_cmp, fxam_empty) { cr_skip_test("no x87 on this host"); }
#endif

#define DIFF2(name, emu, hw, gen) X87_DIFF2_TEST(x87_cmp, name, emu, hw, gen, N_CASES, 0x5eed2000u + __LINE__)
DIFF2(fcom, emu_com, hw_com, gen_cmp)
DIFF2(fucom, emu_ucom, hw_ucom, gen_cmp)
DIFF2(fcomi, emu_comi, hw_comi, gen_cmp)
DIFF2(fucomi, emu_ucomi, hw_ucomi, gen_cmp)
DIFF2(ftst, emu_tst, hw_tst, x87_gen_any)
DIFF2(fxam, emu_xam, hw_xam, x87_gen_any)
