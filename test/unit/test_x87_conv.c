/* Conversions of the fp80 core against the host's x87: FIST/FISTP and
 * FISTTP to 16, 32 and 64 bits, FILD, FLD and FST m32/m64, FBLD and FBSTP:
 * 120K random cases each (every RC x PC, random C0-C3 before), the stored
 * bits, exception flags and C0-C3. */
#include <criterion/criterion.h>

#include "x87_ref.h"

#define N_CASES 120000u

/* Around the integer range of a width: exponents 0 to bits + 1. */
static fp80_t gen_int_operand(uint64_t *s, uint32_t bits)
{
    if (x87_below(s, 4) == 0)
        return x87_operand(s);
    fp80_t a = x87_normal_near(s, 0x3fff + (int32_t)bits / 2, (int32_t)bits / 2 + 2);
    if (x87_below(s, 3) == 0) { /* just around +-2^(bits-1) */
        a.sexp = (uint16_t)((a.sexp & 0x8000u) | (0x3fff + bits - 1 - x87_below(s, 2)));
        a.mant = x87_below(s, 2) ? ~0ull << x87_below(s, 64) : FP80_J | (x87_rand(s) >> (bits + x87_below(s, 8)));
    }
    return a;
}

/* Floating-point bit patterns of a format: every exponent class. */
static uint64_t gen_ieee(uint64_t *s, uint32_t fbits, uint32_t ebits)
{
    uint64_t r = x87_rand(s), emask = (1ull << ebits) - 1, e;
    switch (x87_below(s, 6)) {
    case 0:
        e = 0;
        break;
    case 1:
        e = emask;
        break;
    case 2:
        e = x87_below(s, 2) ? 1 : emask - 1;
        break;
    default:
        e = r >> 50 & emask;
    }
    uint64_t f = x87_sig(s) >> (64 - fbits);
    return (r & 1) << (fbits + ebits) | e << fbits | f;
}

/* x87 values around a format's range: its overflow, underflow and
 * denormals. */
static fp80_t gen_fst_operand(uint64_t *s, int32_t bias)
{
    switch (x87_below(s, 5)) {
    case 0:
        return x87_operand(s);
    case 1:
        return x87_normal_near(s, 0x3fff + bias, 3);
    case 2:
        return x87_normal_near(s, 0x3fff - bias + 1, 70);
    default:
        return x87_normal_near(s, 0x3fff, bias + 8);
    }
}

static fp80_bcd_t gen_bcd(uint64_t *s)
{
    fp80_bcd_t b;
    if (x87_below(s, 8) == 0) { /* nibbles above 9 too */
        b.lo = x87_rand(s);
        b.hi = (uint16_t)x87_rand(s);
        return b;
    }
    uint32_t ndig = 1 + x87_below(s, 18);
    b.lo = 0;
    b.hi = (uint16_t)(x87_rand(s) & 0xff00u); /* sign bit 15, bits 14:8 ignored */
    for (uint32_t i = 0; i < ndig; i++) {
        uint64_t d = x87_below(s, 10);
        if (i < 16)
            b.lo |= d << (4 * i);
        else
            b.hi |= (uint16_t)(d << (4 * (i - 16)));
    }
    return b;
}

#if X87_HW
typedef hw_out_t (*hw_store_t)(uint16_t, uint16_t, fp80_t);

static unsigned diff_fist(uint32_t bits, int trunc, hw_store_t hw)
{
    unsigned bad = 0, shown = 0;
    uint64_t s = 0x5eed3000u + bits + 100u * (unsigned)trunc;
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    for (uint32_t i = 0; i < N_CASES; i++) {
        uint16_t cw = x87_cw(i);
        fp80_t a = gen_int_operand(&s, bits);
        uint16_t sw = x87_sw_in(&s);
        hw_out_t h = hw(cw, sw, a);
        fp80_env_t env = {cw, sw};
        uint64_t v = (uint64_t)fp80_to_int(&env, a, bits, trunc) & mask;
        if (v != (h.i & mask) || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            if (shown++ < 8)
                fprintf(stderr, "fist%s%u cw=%04x a=%04x:%016llx: hw %llx sw=%04x, fp80 %llx sw=%04x\n",
                        trunc ? "tp" : "", bits, cw, a.sexp, (unsigned long long)a.mant,
                        (unsigned long long)(h.i & mask), h.sw & X87_SW_MASK, (unsigned long long)v,
                        env.sw & X87_SW_MASK);
        }
    }
    return bad;
}

#define FIST(name, bits, trunc, hw)                                                                 \
    Test(x87_conv, name)                                                                            \
    {                                                                                               \
        unsigned bad = diff_fist(bits, trunc, hw);                                                  \
        cr_assert_eq(bad, 0, #name ": %u of %u cases differ from the hardware", bad, N_CASES);      \
    }
FIST(fist16, 16, 0, hw_fist16)
FIST(fist32, 32, 0, hw_fist32)
FIST(fist64, 64, 0, hw_fist64)
FIST(fisttp16, 16, 1, hw_fisttp16)
FIST(fisttp32, 32, 1, hw_fisttp32)
FIST(fisttp64, 64, 1, hw_fisttp64)

Test(x87_conv, fild)
{
    unsigned bad = 0;
    uint64_t s = 0x5eed3100u;
    for (uint32_t i = 0; i < N_CASES; i++) {
        uint64_t r = x87_rand(&s);
        int64_t v = x87_below(&s, 4) ? (int64_t)r >> x87_below(&s, 64) : (int64_t)(r & 0x8000000000000000ull);
        uint16_t cw = x87_cw(i), sw = x87_sw_in(&s);
        hw_out_t h16 = hw_fild16(cw, sw, (int16_t)v), h32 = hw_fild32(cw, sw, (int32_t)v),
                 h64 = hw_fild64(cw, sw, v);
        fp80_env_t env = {cw, sw};
        fp80_t r16 = fp80_from_i64((int16_t)v), r32 = fp80_from_i64((int32_t)v), r64 = fp80_from_i64(v);
        /* FILD clears C1 and keeps the rest */
        env.sw &= (uint16_t)~FP80_C1;
        bad += !x87_same(r16, h16.st0) || !x87_same(r32, h32.st0) || !x87_same(r64, h64.st0) ||
               ((env.sw ^ h16.sw) & X87_SW_MASK) || ((env.sw ^ h64.sw) & X87_SW_MASK);
    }
    cr_assert_eq(bad, 0, "fild: %u of %u cases differ from the hardware", bad, N_CASES);
}

static unsigned diff_fld(uint32_t fbits, uint32_t ebits)
{
    unsigned bad = 0, shown = 0;
    uint64_t s = 0x5eed3200u + fbits;
    for (uint32_t i = 0; i < N_CASES; i++) {
        uint16_t cw = x87_cw(i);
        uint64_t v = gen_ieee(&s, fbits, ebits);
        uint16_t sw = x87_sw_in(&s);
        hw_out_t h = fbits == 23 ? hw_fld32(cw, sw, (uint32_t)v) : hw_fld64(cw, sw, v);
        fp80_env_t env = {cw, sw};
        fp80_t r = fp80_from_ieee(&env, v, fbits, ebits);
        if (!x87_same(r, h.st0) || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            if (shown++ < 8)
                fprintf(stderr, "fld m%u %llx: hw %04x:%016llx sw=%04x, fp80 %04x:%016llx sw=%04x\n",
                        fbits == 23 ? 32 : 64, (unsigned long long)v, h.st0.sexp,
                        (unsigned long long)h.st0.mant, h.sw & X87_SW_MASK, r.sexp,
                        (unsigned long long)r.mant, env.sw & X87_SW_MASK);
        }
    }
    return bad;
}

Test(x87_conv, fld_m32)
{
    unsigned bad = diff_fld(23, 8);
    cr_assert_eq(bad, 0, "fld m32: %u of %u cases differ from the hardware", bad, N_CASES);
}

Test(x87_conv, fld_m64)
{
    unsigned bad = diff_fld(52, 11);
    cr_assert_eq(bad, 0, "fld m64: %u of %u cases differ from the hardware", bad, N_CASES);
}

static unsigned diff_fst(uint32_t fbits, uint32_t ebits)
{
    unsigned bad = 0, shown = 0;
    uint64_t s = 0x5eed3300u + fbits;
    uint64_t mask = fbits == 23 ? 0xffffffffull : ~0ull;
    for (uint32_t i = 0; i < N_CASES; i++) {
        uint16_t cw = x87_cw(i);
        fp80_t a = gen_fst_operand(&s, fbits == 23 ? 127 : 1023);
        uint16_t sw = x87_sw_in(&s);
        hw_out_t h = fbits == 23 ? hw_fst32(cw, sw, a) : hw_fst64(cw, sw, a);
        fp80_env_t env = {cw, sw};
        uint64_t v = fp80_to_ieee(&env, a, fbits, ebits);
        if (v != (h.i & mask) || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            if (shown++ < 8)
                fprintf(stderr, "fst m%u cw=%04x a=%04x:%016llx: hw %llx sw=%04x, fp80 %llx sw=%04x\n",
                        fbits == 23 ? 32 : 64, cw, a.sexp, (unsigned long long)a.mant,
                        (unsigned long long)(h.i & mask), h.sw & X87_SW_MASK, (unsigned long long)v,
                        env.sw & X87_SW_MASK);
        }
    }
    return bad;
}

Test(x87_conv, fst_m32)
{
    unsigned bad = diff_fst(23, 8);
    cr_assert_eq(bad, 0, "fst m32: %u of %u cases differ from the hardware", bad, N_CASES);
}

Test(x87_conv, fst_m64)
{
    unsigned bad = diff_fst(52, 11);
    cr_assert_eq(bad, 0, "fst m64: %u of %u cases differ from the hardware", bad, N_CASES);
}

Test(x87_conv, fbld)
{
    unsigned bad = 0, shown = 0;
    uint64_t s = 0x5eed3400u;
    for (uint32_t i = 0; i < N_CASES; i++) {
        fp80_bcd_t b = gen_bcd(&s);
        uint16_t cw = x87_cw(i), sw = x87_sw_in(&s);
        hw_out_t h = hw_fbld(cw, sw, b);
        fp80_env_t env = {cw, sw};
        fp80_t r = fp80_from_bcd(&env, b);
        if (!x87_same(r, h.st0) || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            if (shown++ < 8)
                fprintf(stderr, "fbld %04x%016llx: hw %04x:%016llx sw=%04x, fp80 %04x:%016llx sw=%04x\n", b.hi,
                        (unsigned long long)b.lo, h.st0.sexp, (unsigned long long)h.st0.mant,
                        h.sw & X87_SW_MASK, r.sexp, (unsigned long long)r.mant, env.sw & X87_SW_MASK);
        }
    }
    cr_assert_eq(bad, 0, "fbld: %u of %u cases differ from the hardware", bad, N_CASES);
}

Test(x87_conv, fbstp)
{
    unsigned bad = 0, shown = 0;
    uint64_t s = 0x5eed3500u;
    for (uint32_t i = 0; i < N_CASES; i++) {
        uint16_t cw = x87_cw(i);
        fp80_t a = x87_below(&s, 4) ? gen_int_operand(&s, 61) : x87_operand(&s);
        uint16_t sw = x87_sw_in(&s);
        hw_out_t h = hw_fbstp(cw, sw, a);
        fp80_env_t env = {cw, sw};
        fp80_bcd_t r = fp80_to_bcd(&env, a);
        if (r.lo != h.i || r.hi != h.ih || ((env.sw ^ h.sw) & X87_SW_MASK)) {
            bad++;
            if (shown++ < 8)
                fprintf(stderr, "fbstp cw=%04x a=%04x:%016llx: hw %04x%016llx sw=%04x, fp80 %04x%016llx sw=%04x\n",
                        cw, a.sexp, (unsigned long long)a.mant, h.ih, (unsigned long long)h.i,
                        h.sw & X87_SW_MASK, r.hi, (unsigned long long)r.lo, env.sw & X87_SW_MASK);
        }
    }
    cr_assert_eq(bad, 0, "fbstp: %u of %u cases differ from the hardware", bad, N_CASES);
}
#else
Test(x87_conv, all) { cr_skip_test("no x87 on this host"); }
#endif
