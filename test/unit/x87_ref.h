/* The host's own x87 as the reference for the fp80 core (test_x87_*.c):
 * each hw_* function loads the control word and a status word whose
 * condition codes are given (FLDENV), runs one instruction on operands
 * loaded as 80-bit values (FLD m80 raises nothing), reads the status word
 * and stores what the instruction left. Also a seeded generator of
 * operands rich in edge cases, and the comparison helpers. */
#ifndef X87_REF_H
#define X87_REF_H

#include <stdio.h>
#include <string.h>

#include "device/softfloat/fp80_all.h"

#if defined(__x86_64__) || defined(__i386__)
#define X87_HW 1
#else
#define X87_HW 0
#endif

/* What the tests compare of the status word: exceptions and C0-C3 (not
 * TOP, ES, SF, B). */
#define X87_SW_MASK (0x3fu | FP80_CC)

typedef struct {
    fp80_t st0, st1;
    uint16_t sw;
    uint64_t i; /* integer, float or BCD results */
    uint16_t ih;
} hw_out_t;

#if X87_HW
/* The environment of the next instruction: cw, and sw's condition codes. */
static inline void hw_env(uint8_t env[28], uint16_t cw, uint16_t sw)
{
    __asm__ volatile("fninit\n\tfldcw %[cw]\n\tfnstenv %[env]" : [env] "=m"(*(uint8_t(*)[28])env) : [cw] "m"(cw));
    env[4] = (uint8_t)(sw & FP80_CC);
    env[5] = (uint8_t)((sw & FP80_CC) >> 8);
}

/* The start of every hw_* function: its output cleared, the environment
 * made, which the asm loads (X87_ENV_IN). */
#define X87_HW_ENTER                                                                                 \
    hw_out_t o;                                                                                      \
    uint8_t env[28];                                                                                 \
    memset(&o, 0, sizeof o);                                                                         \
    hw_env(env, cw, sw)
#define X87_ENV_IN [env] "m"(*(const uint8_t(*)[28])env)

/* An instruction on ST0 = a, ST1 = b; stores ST0 and ST1 after it. */
#define X87_HW_2(name, insn)                                                                         \
    static inline hw_out_t name(uint16_t cw, uint16_t sw, fp80_t a, fp80_t b)                        \
    {                                                                                                \
        X87_HW_ENTER;                                                                                \
        __asm__ volatile("fldenv %[env]\n\tfldt %[b]\n\tfldt %[a]\n\t" insn "\n\tfnstsw %[sw]\n\t"   \
                         "fstpt %[r0]\n\tfstpt %[r1]\n\tfninit"                                      \
                         : [sw] "=m"(o.sw), [r0] "=m"(o.st0), [r1] "=m"(o.st1)                       \
                         : [a] "m"(a), [b] "m"(b), X87_ENV_IN                                     \
                         : "memory");                                                                \
        return o;                                                                                    \
    }

X87_HW_2(hw_add, "fadd %%st(1), %%st")
X87_HW_2(hw_sub, "fsub %%st(1), %%st")
X87_HW_2(hw_mul, "fmul %%st(1), %%st")
X87_HW_2(hw_div, "fdiv %%st(1), %%st")
X87_HW_2(hw_sqrt, "fsqrt")
X87_HW_2(hw_prem, "fprem")
X87_HW_2(hw_prem1, "fprem1")
X87_HW_2(hw_rndint, "frndint")
X87_HW_2(hw_scale, "fscale")
X87_HW_2(hw_xtract, "fxtract")
X87_HW_2(hw_abs, "fabs")
X87_HW_2(hw_chs, "fchs")
X87_HW_2(hw_com, "fcom %%st(1)")
X87_HW_2(hw_ucom, "fucom %%st(1)")
X87_HW_2(hw_tst, "ftst")
X87_HW_2(hw_xam, "fxam")
X87_HW_2(hw_xam_empty, "ffree %%st\n\tfxam")
X87_HW_2(hw_f2xm1, "f2xm1")
X87_HW_2(hw_yl2x, "fyl2x")
X87_HW_2(hw_yl2xp1, "fyl2xp1")
X87_HW_2(hw_sin, "fsin")
X87_HW_2(hw_cos, "fcos")
X87_HW_2(hw_sincos, "fsincos")
X87_HW_2(hw_ptan, "fptan")
X87_HW_2(hw_patan, "fpatan")
X87_HW_2(hw_ld1, "fld1")
X87_HW_2(hw_ldl2t, "fldl2t")
X87_HW_2(hw_ldl2e, "fldl2e")
X87_HW_2(hw_ldpi, "fldpi")
X87_HW_2(hw_ldlg2, "fldlg2")
X87_HW_2(hw_ldln2, "fldln2")
X87_HW_2(hw_ldz, "fldz")

/* FCOMI/FUCOMI: ST1 comes back as the ZF PF CF bits (FP80_EFL_*). */
#define X87_HW_FLAGS(name, insn)                                                                     \
    static inline hw_out_t name(uint16_t cw, uint16_t sw, fp80_t a, fp80_t b)                        \
    {                                                                                                \
        X87_HW_ENTER;                                                                                \
        uint8_t zf, pf, cf;                                                                          \
        __asm__ volatile("fldenv %[env]\n\tfldt %[b]\n\tfldt %[a]\n\t" insn "\n\t"                   \
                         "setz %[zf]\n\tsetp %[pf]\n\tsetc %[cf]\n\tfnstsw %[sw]\n\tfninit"          \
                         : [sw] "=m"(o.sw), [zf] "=m"(zf), [pf] "=m"(pf), [cf] "=m"(cf)              \
                         : [a] "m"(a), [b] "m"(b), X87_ENV_IN                                        \
                         : "memory", "cc");                                                          \
        o.st0 = a;                                                                                   \
        o.st1 = fp80_make(0, 0, (zf ? FP80_EFL_ZF : 0u) | (pf ? FP80_EFL_PF : 0u) | (cf ? FP80_EFL_CF : 0u)); \
        return o;                                                                                    \
    }

X87_HW_FLAGS(hw_comi, "fcomi %%st(1), %%st")
X87_HW_FLAGS(hw_ucomi, "fucomi %%st(1), %%st")

/* A store of ST0 = a to memory (o.i, o.ih for 80-bit BCD). */
#define X87_HW_STORE(name, insn, type)                                                               \
    static inline hw_out_t name(uint16_t cw, uint16_t sw, fp80_t a)                                  \
    {                                                                                                \
        X87_HW_ENTER;                                                                                \
        type m;                                                                                      \
        memset(&m, 0, sizeof m);                                                                     \
        __asm__ volatile("fldenv %[env]\n\tfldt %[a]\n\t" insn " %[m]\n\tfnstsw %[sw]\n\tfninit"     \
                         : [sw] "=m"(o.sw), [m] "=m"(m)                                              \
                         : [a] "m"(a), X87_ENV_IN                                                 \
                         : "memory");                                                                \
        memcpy(&o.i, &m, sizeof m < 8 ? sizeof m : 8);                                               \
        if (sizeof m > 8)                                                                            \
            memcpy(&o.ih, (const uint8_t *)&m + 8, 2);                                               \
        return o;                                                                                    \
    }

X87_HW_STORE(hw_fist16, "fistps", int16_t)
X87_HW_STORE(hw_fist32, "fistpl", int32_t)
X87_HW_STORE(hw_fist64, "fistpll", int64_t)
X87_HW_STORE(hw_fisttp16, "fisttps", int16_t)
X87_HW_STORE(hw_fisttp32, "fisttpl", int32_t)
X87_HW_STORE(hw_fisttp64, "fisttpll", int64_t)
X87_HW_STORE(hw_fst32, "fstps", uint32_t)
X87_HW_STORE(hw_fst64, "fstpl", uint64_t)
X87_HW_STORE(hw_fbstp, "fbstp", fp80_bcd_t)

/* A load from memory (m holds the operand's bytes); stores ST0. */
#define X87_HW_LOAD(name, insn, type)                                                                \
    static inline hw_out_t name(uint16_t cw, uint16_t sw, type m)                                    \
    {                                                                                                \
        X87_HW_ENTER;                                                                                \
        __asm__ volatile("fldenv %[env]\n\t" insn " %[m]\n\tfnstsw %[sw]\n\tfstpt %[r0]\n\tfninit"   \
                         : [sw] "=m"(o.sw), [r0] "=m"(o.st0)                                         \
                         : [m] "m"(m), X87_ENV_IN                                                 \
                         : "memory");                                                                \
        return o;                                                                                    \
    }

X87_HW_LOAD(hw_fild16, "filds", int16_t)
X87_HW_LOAD(hw_fild32, "fildl", int32_t)
X87_HW_LOAD(hw_fild64, "fildll", int64_t)
X87_HW_LOAD(hw_fld32, "flds", uint32_t)
X87_HW_LOAD(hw_fld64, "fldl", uint64_t)
X87_HW_LOAD(hw_fbld, "fbld", fp80_bcd_t)
#endif

/* ---- operands ------------------------------------------------------------ */

static inline uint64_t x87_rand(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline uint32_t x87_below(uint64_t *s, uint32_t n) { return (uint32_t)(x87_rand(s) % n); }

/* A significand rich in patterns that make exact, halfway and carry cases
 * at every precision: random, the top k bits only, all ones below some bit,
 * a lone low bit, bits at 24 53 64 and around. */
static inline uint64_t x87_sig(uint64_t *s)
{
    uint64_t r = x87_rand(s);
    uint32_t k = 1 + x87_below(s, 64);
    switch (x87_below(s, 8)) {
    case 0:
    case 1:
        return r;
    case 2:
        return r & (~0ull << (64 - k)); /* k significant bits */
    case 3:
        return ~0ull << (64 - k) | (x87_below(s, 2) ? 0 : r >> k); /* a run of ones */
    case 4: {
        static const uint32_t at[] = {23, 24, 25, 52, 53, 54, 63, 64};
        uint32_t b = at[x87_below(s, 8)];
        uint64_t v = (r & (~0ull << (64 - b))) | (1ull << (64 - b)); /* the bit after b, set */
        return x87_below(s, 2) ? v : v | (r & ((1ull << (64 - b)) - 1) & (x87_rand(s) & x87_rand(s)));
    }
    case 5:
        return 1ull << (64 - k) | (r & 1);
    default:
        return (r & (~0ull << (64 - k))) | (x87_below(s, 2) ? 1u : 0u);
    }
}

/* A normal value near the exponent `near` (within +-spread). */
static inline fp80_t x87_normal_near(uint64_t *s, int32_t near, int32_t spread)
{
    int32_t e = near + (int32_t)x87_below(s, 2u * (uint32_t)spread + 1u) - spread;
    if (e < 1)
        e = 1;
    if (e > 0x7ffe)
        e = 0x7ffe;
    return fp80_make((uint32_t)x87_rand(s) & 1u, (uint32_t)e, x87_sig(s) | FP80_J);
}

/* Any operand: mostly normals near 1, then extremes, denormals, zeros,
 * infinities, NaNs with payloads and the unsupported formats. */
static inline fp80_t x87_operand(uint64_t *s)
{
    uint32_t sign = (uint32_t)x87_rand(s) & 1u, c = x87_below(s, 100);
    uint64_t m = x87_sig(s);
    if (c < 40)
        return x87_normal_near(s, 0x3fff, 70);
    if (c < 52)
        return fp80_make(sign, 1 + x87_below(s, 0x7ffe), m | FP80_J);
    if (c < 58)
        return x87_normal_near(s, 40, 80);
    if (c < 64)
        return x87_normal_near(s, 0x7ffe, 70);
    if (c < 72) {
        uint64_t d = (m >> x87_below(s, 64)) & ~FP80_J;
        return fp80_make(sign, 0, d ? d : 1);
    }
    if (c < 74)
        return fp80_make(sign, 0, m | FP80_J); /* pseudo-denormal */
    if (c < 79)
        return fp80_zero(sign);
    if (c < 84)
        return fp80_inf(sign);
    if (c < 89)
        return fp80_make(sign, 0x7fff, FP80_J | FP80_QUIET | (m & (FP80_QUIET - 1)));
    if (c < 94)
        return fp80_make(sign, 0x7fff, FP80_J | ((m & (FP80_QUIET - 1)) ? m & (FP80_QUIET - 1) : 1));
    if (c < 96)
        return fp80_make(sign, 0x7fff, m & ~FP80_J); /* pseudo-NaN, pseudo-infinity */
    if (c < 98)
        return fp80_make(sign, 1 + x87_below(s, 0x7ffe), m & ~FP80_J); /* unnormal */
    return x87_normal_near(s, 0x3fff, 4);
}

/* A second operand: often close in exponent to the first, or such that
 * their product or quotient lies next to the smallest normal (tininess,
 * rounding up into the normals); for a NaN, often its payload again. */
static inline fp80_t x87_operand_near(uint64_t *s, fp80_t a)
{
    int32_t ea = (int32_t)fp80_exp(a), eb;
    uint32_t c = x87_below(s, 8);
    if (fp80_is_nan(a) && c < 2) { /* the same payload: the sign decides, or quietness */
        a.sexp ^= c ? 0x8000u : 0;
        a.mant ^= c ? 0 : FP80_QUIET;
        return a;
    }
    if (ea == 0 || ea == 0x7fff || c >= 6)
        return x87_operand(s);
    if (c >= 2)
        return x87_normal_near(s, ea, 66);
    eb = (c ? ea + 0x3ffe : 0x4000 - ea) + (int32_t)x87_below(s, 3) - 1;
    if (eb < 1 || eb > 0x7ffe)
        return x87_operand(s);
    return fp80_make((uint32_t)x87_rand(s) & 1u, (uint32_t)eb, x87_sig(s) | FP80_J);
}

/* The control word of case i: every RC x PC in turn (the reserved PC
 * encoding 1 too), all exceptions masked. */
static inline uint16_t x87_cw(uint32_t i) { return (uint16_t)(0x7fu | (((i / 4) % 4) << 8) | ((i % 4) << 10)); }

/* Condition codes before case i: all clear, all set, or random. */
static inline uint16_t x87_sw_in(uint64_t *s) { return (uint16_t)(x87_rand(s) & FP80_CC); }

static inline int x87_same(fp80_t a, fp80_t b) { return a.mant == b.mant && a.sexp == b.sexp; }

/* Prints one mismatch (the first few of a test). */
static inline void x87_report(const char *op, unsigned *shown, uint16_t cw, fp80_t a, fp80_t b, fp80_t want,
                              uint16_t want_sw, fp80_t got, uint16_t got_sw)
{
    if ((*shown)++ >= 8)
        return;
    fprintf(stderr,
            "%s cw=%04x a=%04x:%016llx b=%04x:%016llx: hw %04x:%016llx sw=%04x, fp80 %04x:%016llx sw=%04x\n",
            op, cw, a.sexp, (unsigned long long)a.mant, b.sexp, (unsigned long long)b.mant, want.sexp,
            (unsigned long long)want.mant, want_sw & X87_SW_MASK, got.sexp, (unsigned long long)got.mant,
            got_sw & X87_SW_MASK);
}

/* ---- the differential driver --------------------------------------------- */

/* The emulated instruction on ST0 = a, ST1 = b: what it leaves in r. */
typedef void (*x87_emu2_t)(fp80_env_t *env, fp80_t a, fp80_t b, fp80_pair_t *r);
typedef void (*x87_gen2_t)(uint64_t *s, fp80_t *a, fp80_t *b);

/* A pair whose product, quotient or difference lies just below the
 * smallest normal with a run of ones that each precision may round up into
 * the normals: tininess after rounding, UE, C1. */
static inline void x87_gen_boundary(uint64_t *s, fp80_t *a, fp80_t *b)
{
    static const uint32_t run[8] = {23, 24, 25, 52, 53, 54, 63, 64};
    uint32_t k = run[x87_below(s, 8)], ea = 1 + x87_below(s, 100), sb = (uint32_t)x87_rand(s) & 1u;
    uint64_t sig = (~0ull << (64 - k)) | (x87_below(s, 2) ? x87_rand(s) >> k : 0);
    *a = fp80_make((uint32_t)x87_rand(s) & 1u, ea, sig);
    switch (x87_below(s, 3)) {
    case 0: /* a b = 1.1...1 2^-16383 */
        *b = fp80_make(sb, 0x3fff - ea, FP80_J);
        break;
    case 1: /* a / b */
        *b = fp80_make(sb, ea + 0x3fff, FP80_J);
        break;
    default: /* the smallest normal less a denormal, or plus one */
        *a = fp80_make(sb, 1, FP80_J);
        *b = fp80_make((uint32_t)x87_rand(s) & 1u, 0, x87_rand(s) >> (1 + x87_below(s, 63)));
    }
}

static inline void x87_gen_any(uint64_t *s, fp80_t *a, fp80_t *b)
{
    if (x87_below(s, 16) == 0) {
        x87_gen_boundary(s, a, b);
        return;
    }
    *a = x87_operand(s);
    *b = x87_operand_near(s, *a);
}

#if X87_HW
typedef hw_out_t (*x87_hw2_t)(uint16_t cw, uint16_t sw, fp80_t a, fp80_t b);

/* n cases of emu against the hardware, every RC x PC and random condition
 * codes; compares ST0 (and ST1 if both), the exception flags and C0-C3.
 * Returns the number of mismatches (the first few printed). */
static inline unsigned x87_diff2(const char *name, x87_emu2_t emu, x87_hw2_t hw, x87_gen2_t gen, int both,
                                 uint32_t n, uint64_t seed)
{
    unsigned bad = 0, shown = 0;
    uint64_t s = seed;
    for (uint32_t i = 0; i < n; i++) {
        fp80_t a, b;
        uint16_t cw = x87_cw(i);
        gen(&s, &a, &b);
        uint16_t sw = x87_sw_in(&s);
        hw_out_t h = hw(cw, sw, a, b);
        fp80_env_t env = {cw, sw};
        fp80_pair_t r;
        emu(&env, a, b, &r);
        if (!x87_same(r.st0, h.st0) || (both && !x87_same(r.st1, h.st1)) || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            x87_report(name, &shown, cw, a, b, h.st0, h.sw, r.st0, env.sw);
            if (both && shown <= 8)
                fprintf(stderr, "   st1: hw %04x:%016llx fp80 %04x:%016llx\n", h.st1.sexp,
                        (unsigned long long)h.st1.mant, r.st1.sexp, (unsigned long long)r.st1.mant);
        }
    }
    return bad;
}
#endif

#endif
