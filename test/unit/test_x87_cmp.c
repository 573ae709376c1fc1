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
#define DIFF2(name, emu, hw, gen)                                                                   \
    Test(x87_cmp, name)                                                                             \
    {                                                                                               \
        unsigned bad = x87_diff2(#name, emu, hw, gen, 1, N_CASES, 0x5eed2000u + __LINE__);          \
        cr_assert_eq(bad, 0, #name ": %u of %u cases differ from the hardware", bad, N_CASES);      \
    }

static unsigned diff_comi(int quiet, hw_out_t (*hw)(uint16_t, uint16_t, fp80_t, fp80_t))
{
    unsigned bad = 0, shown = 0;
    uint64_t s = 0x5eed2100u + (unsigned)quiet;
    for (uint32_t i = 0; i < N_CASES; i++) {
        fp80_t a, b;
        uint16_t cw = x87_cw(i);
        gen_cmp(&s, &a, &b);
        uint16_t sw = x87_sw_in(&s);
        hw_out_t h = hw(cw, sw, a, b);
        fp80_env_t env = {cw, sw};
        uint32_t fl = fp80_fcomi(&env, a, b, quiet);
        uint32_t hfl = (h.zf ? FP80_EFL_ZF : 0u) | (h.pf ? FP80_EFL_PF : 0u) | (h.cf ? FP80_EFL_CF : 0u);
        if (fl != hfl || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            x87_report(quiet ? "fucomi" : "fcomi", &shown, cw, a, b, a, h.sw, b, env.sw);
            if (shown <= 8)
                fprintf(stderr, "   eflags hw %02x fp80 %02x\n", hfl, fl);
        }
    }
    return bad;
}

Test(x87_cmp, fcomi)
{
    unsigned bad = diff_comi(0, hw_comi);
    cr_assert_eq(bad, 0, "fcomi: %u of %u cases differ from the hardware", bad, N_CASES);
}

Test(x87_cmp, fucomi)
{
    unsigned bad = diff_comi(1, hw_ucomi);
    cr_assert_eq(bad, 0, "fucomi: %u of %u cases differ from the hardware", bad, N_CASES);
}

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
#define DIFF2(name, emu, hw, gen)                                                                   \
    Test(x87_cmp, name) { cr_skip_test("no x87 on this host"); }
Test(x87_cmp, fcomi) { cr_skip_test("no x87 on this host"); }
Test(x87_cmp, fucomi) { cr_skip_test("no x87 on this host"); }
Test(x87_cmp, fxam_empty) { cr_skip_test("no x87 on this host"); }
#endif

DIFF2(fcom, emu_com, hw_com, gen_cmp)
DIFF2(fucom, emu_ucom, hw_ucom, gen_cmp)
DIFF2(ftst, emu_tst, hw_tst, x87_gen_any)
DIFF2(fxam, emu_xam, hw_xam, x87_gen_any)
