/* FADD, FSUB, FMUL, FDIV, FSQRT of the fp80 core against the host's x87:
 * 120K random cases each (every RC x PC), result bits, exception flags and
 * C0-C3; division and square root also on operands made to give exact and
 * halfway results. */
#include <criterion/criterion.h>

#include "x87_emu.h"

#define N_CASES 120000u

/* n significant bits at the top of a word, the last one set. */
static uint64_t top_bits(uint64_t *s, uint32_t n)
{
    return ((x87_rand(s) | FP80_J) & (~0ull << (64 - n))) | (1ull << (64 - n));
}

/* a = q * b exactly, q of up to 54 bits: exact and halfway quotients. */
static void gen_div(uint64_t *s, fp80_t *a, fp80_t *b)
{
    if (x87_below(s, 3) == 0) {
        x87_gen_any(s, a, b);
        return;
    }
    uint32_t nq = 1 + x87_below(s, 54), nb = 1 + x87_below(s, 64 - nq);
    uint64_t q = top_bits(s, nq) >> (64 - nq), d = top_bits(s, nb) >> (64 - nb);
    uint64_t p = q * d;
    uint32_t z = fp80_clz64(p);
    *b = x87_normal_near(s, 0x3fff, 16000);
    b->mant = d << fp80_clz64(d);
    *a = x87_normal_near(s, (int32_t)fp80_exp(*b), 64);
    a->mant = p << z;
}

/* a = r^2, r of up to 32 bits (25 at most for halfway at PC 24). */
static void gen_sqrt(uint64_t *s, fp80_t *a, fp80_t *b)
{
    x87_gen_any(s, a, b);
    if (x87_below(s, 2) == 0)
        return;
    uint32_t n = 1 + x87_below(s, 32);
    uint64_t r = top_bits(s, n) >> (64 - n), p = r * r;
    *a = x87_normal_near(s, 0x3fff, 16000);
    a->mant = p << fp80_clz64(p);
    a->sexp &= 0x7fff;
}


#define DIFF2(name, emu, hw, gen) X87_DIFF2_TEST(x87_arith, name, emu, hw, gen, N_CASES, 0x5eed0000u + __LINE__)
DIFF2(fadd, emu_add, hw_add, x87_gen_any)
DIFF2(fsub, emu_sub, hw_sub, x87_gen_any)
DIFF2(fmul, emu_mul, hw_mul, x87_gen_any)
DIFF2(fdiv, emu_div, hw_div, gen_div)
DIFF2(fsqrt, emu_sqrt, hw_sqrt, gen_sqrt)
