/* The fp80 core's operations in the form of x87_diff2 (ST0 = a, ST1 = b in,
 * ST0 and ST1 out), and the table of them beside the host's instructions,
 * shared by the test_x87_*.c files and test/x87/qemu_x87.c. */
#ifndef X87_EMU_H
#define X87_EMU_H

#include "x87_ref.h"

/* An instruction that replaces ST0 and leaves ST1. */
#define X87_EMU_ST0(name, expr)                                                                     \
    static inline void name(fp80_env_t *e, fp80_t a, fp80_t b, fp80_pair_t *r)                      \
    {                                                                                               \
        r->st0 = (expr);                                                                            \
        r->st1 = b;                                                                                 \
    }

/* One that pops: its result in ST0, the emptied register below it, which
 * the hardware stores as the indefinite. */
#define X87_EMU_POP(name, expr)                                                                     \
    static inline void name(fp80_env_t *e, fp80_t a, fp80_t b, fp80_pair_t *r)                      \
    {                                                                                               \
        r->st0 = (expr);                                                                            \
        r->st1 = fp80_indefinite();                                                                 \
    }

/* One that may push (FSINCOS, FPTAN clear C2 first): nothing when it sets
 * C2 (out of range). */
#define X87_EMU_PUSH(name, expr)                                                                    \
    static inline void name(fp80_env_t *e, fp80_t a, fp80_t b, fp80_pair_t *r)                      \
    {                                                                                               \
        *r = (expr);                                                                                \
        if (e->sw & FP80_C2)                                                                        \
            r->st1 = b;                                                                             \
    }

X87_EMU_ST0(emu_add, fp80_add(e, a, b))
X87_EMU_ST0(emu_sub, fp80_sub(e, a, b))
X87_EMU_ST0(emu_mul, fp80_mul(e, a, b))
X87_EMU_ST0(emu_div, fp80_div(e, a, b))
X87_EMU_ST0(emu_sqrt, fp80_sqrt(e, a))
X87_EMU_ST0(emu_prem, fp80_prem(e, a, b))
X87_EMU_ST0(emu_prem1, fp80_prem1(e, a, b))
X87_EMU_ST0(emu_rndint, fp80_rndint(e, a))
X87_EMU_ST0(emu_scale, fp80_scale(e, a, b))
X87_EMU_ST0(emu_abs, fp80_abs(e, a))
X87_EMU_ST0(emu_chs, fp80_chs(e, a))
X87_EMU_ST0(emu_com, (fp80_fcom(e, a, b, 0), a))
X87_EMU_ST0(emu_ucom, (fp80_fcom(e, a, b, 1), a))
X87_EMU_ST0(emu_tst, (fp80_tst(e, a), a))
X87_EMU_ST0(emu_xam, (fp80_xam(e, a, 0), a))
X87_EMU_ST0(emu_f2xm1, fp80_f2xm1(e, a))
X87_EMU_ST0(emu_sin, fp80_sin(e, a))
X87_EMU_ST0(emu_cos, fp80_cos(e, a))
X87_EMU_POP(emu_yl2x, fp80_yl2x(e, a, b))
X87_EMU_POP(emu_yl2xp1, fp80_yl2xp1(e, a, b))
X87_EMU_POP(emu_patan, fp80_patan(e, a, b))

/* FCOMI/FUCOMI: ST1 as the ZF PF CF bits, as hw_comi gives them. */
static inline void emu_comi(fp80_env_t *e, fp80_t a, fp80_t b, fp80_pair_t *r)
{
    r->st0 = a;
    r->st1 = fp80_make(0, 0, fp80_fcomi(e, a, b, 0));
}

static inline void emu_ucomi(fp80_env_t *e, fp80_t a, fp80_t b, fp80_pair_t *r)
{
    r->st0 = a;
    r->st1 = fp80_make(0, 0, fp80_fcomi(e, a, b, 1));
}

static inline void emu_xtract(fp80_env_t *e, fp80_t a, fp80_t b, fp80_pair_t *r) { *r = fp80_xtract(e, a); }
X87_EMU_PUSH(emu_sincos, fp80_sincos(e, a))
X87_EMU_PUSH(emu_ptan, fp80_ptan(e, a))

/* A Criterion test of n cases of emu against hw (x87_diff2), or a skip
 * where the host has no x87. */
#if X87_HW
#define X87_DIFF2_TEST(suite, name, emu, hw, gen, n, seed)                                          \
    Test(suite, name)                                                                               \
    {                                                                                               \
        unsigned bad = x87_diff2(#name, emu, hw, gen, 1, n, seed);                                  \
        cr_assert_eq(bad, 0, #name ": %u of %u cases differ from the hardware", bad, n);            \
    }
#else
#define X87_DIFF2_TEST(suite, name, emu, hw, gen, n, seed)                                          \
    Test(suite, name) { cr_skip_test("no x87 on this host"); }
#endif

#if X87_HW
typedef struct {
    const char *name;
    x87_emu2_t emu;
    x87_hw2_t hw;
} x87_op_t;

/* Every two-register instruction of the core beside the host's. */
static const x87_op_t x87_ops[] = {
    {"fadd", emu_add, hw_add},          {"fsub", emu_sub, hw_sub},       {"fmul", emu_mul, hw_mul},
    {"fdiv", emu_div, hw_div},          {"fsqrt", emu_sqrt, hw_sqrt},    {"fprem", emu_prem, hw_prem},
    {"fprem1", emu_prem1, hw_prem1},    {"frndint", emu_rndint, hw_rndint}, {"fscale", emu_scale, hw_scale},
    {"fxtract", emu_xtract, hw_xtract}, {"fabs", emu_abs, hw_abs},       {"fchs", emu_chs, hw_chs},
    {"fcom", emu_com, hw_com},          {"fucom", emu_ucom, hw_ucom},    {"ftst", emu_tst, hw_tst},
    {"fxam", emu_xam, hw_xam},          {"fcomi", emu_comi, hw_comi},    {"fucomi", emu_ucomi, hw_ucomi},
    {"f2xm1", emu_f2xm1, hw_f2xm1},     {"fyl2x", emu_yl2x, hw_yl2x},
    {"fyl2xp1", emu_yl2xp1, hw_yl2xp1}, {"fsin", emu_sin, hw_sin},       {"fcos", emu_cos, hw_cos},
    {"fsincos", emu_sincos, hw_sincos}, {"fptan", emu_ptan, hw_ptan},    {"fpatan", emu_patan, hw_patan},
};
#endif

#endif
