/* FPREM, FPREM1, FRNDINT, FSCALE, FXTRACT, FABS, FCHS and the load
 * constants of the fp80 core against the host's x87: 120K random cases
 * each (every RC x PC, random C0-C3 before), result bits of ST0 and ST1,
 * exception flags and C0-C3. */
#include <criterion/criterion.h>

#include "x87_emu.h"

#define N_CASES 120000u

/* Exponents from 2 apart the wrong way to 250 apart: full and partial
 * remainders, FPREM1's halfway quotients. */
static void gen_prem(uint64_t *s, fp80_t *a, fp80_t *b)
{
    x87_gen_any(s, a, b);
    if (x87_below(s, 4) == 0 || fp80_exp(*a) == 0 || fp80_exp(*a) == 0x7fff)
        return;
    int32_t d = (int32_t)x87_below(s, 253) - 2;
    *b = x87_normal_near(s, (int32_t)fp80_exp(*a) - d, 0);
    if (x87_below(s, 4) == 0) /* a = (k + 1/2) b, for small k */
        b->mant = a->mant & (~0ull << x87_below(s, 8));
}

/* Scale factors: small and huge integers, fractions, and any value. */
static void gen_scale(uint64_t *s, fp80_t *a, fp80_t *b)
{
    x87_gen_any(s, a, b);
    switch (x87_below(s, 4)) {
    case 0:
        *b = fp80_from_i64((int64_t)x87_below(s, 140000) - 70000);
        break;
    case 1:
        *b = fp80_from_i64((int64_t)x87_below(s, 200) - 100);
        break;
    case 2:
        *b = x87_normal_near(s, 0x3fff + 8, 12);
        break;
    }
}

/* Values around the integers: exponents near 0 to 64. */
static void gen_rndint(uint64_t *s, fp80_t *a, fp80_t *b)
{
    x87_gen_any(s, a, b);
    if (x87_below(s, 2))
        *a = x87_normal_near(s, 0x3fff + 30, 36);
}

#if X87_HW

/* Every constant, RC, PC and condition-code pattern. */
Test(x87_misc, load_constants)
{
    static const x87_hw2_t hw[7] = {hw_ld1, hw_ldl2t, hw_ldl2e, hw_ldpi, hw_ldlg2, hw_ldln2, hw_ldz};
    unsigned bad = 0, shown = 0, n = 0;
    uint64_t s = 7;
    fp80_t z = fp80_zero(0);
    for (uint32_t k = 0; k < 7; k++)
        for (uint32_t i = 0; i < 48; i++, n++) {
            uint16_t cw = x87_cw(i), sw = x87_sw_in(&s);
            hw_out_t h = hw[k](cw, sw, z, z);
            fp80_env_t env = {cw, sw};
            fp80_t r = fp80_ld_const(&env, k);
            if (!x87_same(r, h.st0) || ((env.sw ^ h.sw) & X87_SW_MASK)) {
                bad++;
                x87_report("fld const", &shown, cw, z, z, h.st0, h.sw, r, env.sw);
            }
        }
    cr_assert_eq(bad, 0, "%u of %u constants differ", bad, n);
}
#else
Test(x87_misc, load_constants) { cr_skip_test("no x87 on this host"); }
#endif

#define DIFF2(name, emu, hw, gen) X87_DIFF2_TEST(x87_misc, name, emu, hw, gen, N_CASES, 0x5eed1000u + __LINE__)
DIFF2(fprem, emu_prem, hw_prem, gen_prem)
DIFF2(fprem1, emu_prem1, hw_prem1, gen_prem)
DIFF2(frndint, emu_rndint, hw_rndint, gen_rndint)
DIFF2(fscale, emu_scale, hw_scale, gen_scale)
DIFF2(fxtract, emu_xtract, hw_xtract, x87_gen_any)
DIFF2(fabs, emu_abs, hw_abs, x87_gen_any)
DIFF2(fchs, emu_chs, hw_chs, x87_gen_any)
