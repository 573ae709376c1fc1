/* The GE flags: the v6 parallel add/subtract family (S, Q, SH, U, UQ, UH
 * prefixes of ADD16, ASX, SAX, SUB16, ADD8, SUB8) in A32 and T32 on random
 * and edge operands, against a model written from the ARM ARM's pseudocode
 * (each lane's exact sum or difference in a wide integer), and SEL, which
 * reads them. Only the S and U forms write GE; the saturating and halving
 * forms must leave it as it was. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"

enum { GE_S, GE_Q, GE_SH, GE_U, GE_UQ, GE_UH, GE_PREFIXES };
enum { GE_ADD16, GE_ASX, GE_SAX, GE_SUB16, GE_ADD8, GE_SUB8, GE_OPS };

static const char *const ge_prefix_names[GE_PREFIXES] = {"s", "q", "sh", "u", "uq", "uh"};
static const char *const ge_op_names[GE_OPS] = {"add16", "asx", "sax", "sub16", "add8", "sub8"};

/* A32: cond 0110 0 op1 Rn Rd 1111 op2 1 Rm; T32: FA8x | op1' Rn, F Rd op2' Rm. */
static uint32_t ge_a32(int prefix, int op)
{
    static const uint32_t op1[GE_PREFIXES] = {1, 2, 3, 5, 6, 7};
    static const uint32_t op2[GE_OPS] = {0, 1, 2, 3, 4, 7};
    return 0xe6000f10u | op1[prefix] << 20 | 1u << 16 | 0u << 12 | op2[op] << 5 | 2u;
}

static uint32_t ge_t32(int prefix, int op)
{
    static const uint32_t op1[GE_OPS] = {1, 2, 6, 5, 0, 4};
    static const uint32_t op2[GE_PREFIXES] = {0, 1, 2, 4, 5, 6};
    return (0xfa80u | op1[op] << 4 | 1u) << 16 | 0xf000u | 0u << 8 | op2[prefix] << 4 | 2u;
}

/* Lane i of x, w bits wide, signed or unsigned. */
static int64_t ge_lane(uint32_t x, int i, int w, int is_signed)
{
    uint32_t v = x >> (i * w) & ((1u << w) - 1u);
    return is_signed && v >> (w - 1) ? (int64_t)v - ((int64_t)1 << w) : (int64_t)v;
}

static int64_t ge_clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The model: Rd and the GE nibble (ge_in when the form writes none). */
static uint32_t ge_model(int prefix, int op, uint32_t n, uint32_t m, uint32_t ge_in, uint32_t *ge_out)
{
    int is_signed = prefix <= GE_SH, w = op >= GE_ADD8 ? 8 : 16, lanes = 32 / w;
    uint32_t d = 0, ge = 0;
    for (int i = 0; i < lanes; i++) {
        /* ASX: low lane n.lo - m.hi, high lane n.hi + m.lo; SAX the other way */
        int j = op == GE_ASX || op == GE_SAX ? 1 - i : i;
        int add = op == GE_ADD16 || op == GE_ADD8 || (op == GE_ASX && i == 1) || (op == GE_SAX && i == 0);
        int64_t a = ge_lane(n, i, w, is_signed), b = ge_lane(m, j, w, is_signed);
        int64_t r = add ? a + b : a - b;
        int64_t lim = (int64_t)1 << w;
        int g = prefix == GE_S ? r >= 0 : add ? r >= lim : r >= 0;
        if (prefix == GE_Q)
            r = ge_clamp(r, -lim / 2, lim / 2 - 1);
        else if (prefix == GE_UQ)
            r = ge_clamp(r, 0, lim - 1);
        else if (prefix == GE_SH || prefix == GE_UH)
            r = r >> 1; /* arithmetic: the lane's exact value halved, rounded down */
        d |= ((uint32_t)r & (uint32_t)(lim - 1)) << (i * w);
        if (g)
            ge |= (w == 16 ? 3u : 1u) << (i * (w == 16 ? 2 : 1));
    }
    *ge_out = prefix == GE_S || prefix == GE_U ? ge : ge_in;
    return d;
}

/* Run one record with r1 = n, r2 = m and GE = ge; r0 and GE after. */
static uint32_t ge_exec(uint32_t word, int t32, uint32_t n, uint32_t m, uint32_t ge, uint32_t *ge_out)
{
    arm_ctx_t c;
    arm_insn_t in;
    memset(&c, 0, sizeof c);
    c.r[1] = n, c.r[2] = m;
    c.cpsr = ge << ARM_CPSR_GE_SHIFT;
    c.thumb = (uint32_t)t32;
    if (t32)
        arm_decode_t32(word >> 16, word & 0xffffu, 0x8000, &in);
    else
        arm_decode_a32(word, 0x8000, &in);
    cr_assert_neq(in.op, ARM_OP_UNDEF, "0x%08x", word);
    arm_exec(&c, &in, NULL, 0, 0x8000, 0);
    *ge_out = c.cpsr >> ARM_CPSR_GE_SHIFT & 0xfu;
    return c.r[0];
}

static uint32_t ge_rng = 0x12345678u;
static uint32_t ge_rand(void)
{
    ge_rng ^= ge_rng << 13, ge_rng ^= ge_rng >> 17, ge_rng ^= ge_rng << 5;
    return ge_rng;
}

/* Lanes at the edges: 0, 1, the signed and unsigned extremes. */
static uint32_t ge_edge(uint32_t r)
{
    static const uint32_t e[] = {0x00000000u, 0x00010001u, 0x7fff7fffu, 0x80008000u, 0xffffffffu,
                                 0x7f807f80u, 0x807f807fu, 0x01ff7f80u, 0xffff0000u, 0x00008000u};
    return e[r % (sizeof e / sizeof e[0])];
}

static void ge_check_form(int prefix, int op, int t32)
{
    uint32_t word = t32 ? ge_t32(prefix, op) : ge_a32(prefix, op);
    for (int k = 0; k < 3000; k++) {
        uint32_t n = k < 100 ? ge_edge((uint32_t)k) : ge_rand();
        uint32_t m = k < 100 ? ge_edge((uint32_t)k / 10u) : ge_rand();
        uint32_t ge_in = ge_rand() & 0xfu, ge_want, ge_got;
        uint32_t want = ge_model(prefix, op, n, m, ge_in, &ge_want);
        uint32_t got = ge_exec(word, t32, n, m, ge_in, &ge_got);
        cr_assert_eq(got, want, "%s%s (%s) %08x, %08x: %08x, want %08x", ge_prefix_names[prefix],
                     ge_op_names[op], t32 ? "T32" : "A32", n, m, got, want);
        cr_assert_eq(ge_got, ge_want, "%s%s (%s) %08x, %08x: GE %x, want %x", ge_prefix_names[prefix],
                     ge_op_names[op], t32 ? "T32" : "A32", n, m, ge_got, ge_want);
    }
}

Test(arm_ge, parallel_add_subtract_a32)
{
    for (int p = 0; p < GE_PREFIXES; p++)
        for (int o = 0; o < GE_OPS; o++)
            ge_check_form(p, o, 0);
}

Test(arm_ge, parallel_add_subtract_t32)
{
    for (int p = 0; p < GE_PREFIXES; p++)
        for (int o = 0; o < GE_OPS; o++)
            ge_check_form(p, o, 1);
}

/* SEL takes byte i from Rn where GE[i] is set, else from Rm; GE unchanged. */
Test(arm_ge, sel_reads_each_ge_bit)
{
    for (uint32_t ge = 0; ge < 16; ge++)
        for (int t32 = 0; t32 < 2; t32++) {
            uint32_t n = 0x11223344u, m = 0xaabbccddu, want = 0, ge_out;
            for (int i = 0; i < 4; i++)
                want |= ((ge >> i & 1u) ? n : m) & 0xffu << (8 * i);
            uint32_t got = ge_exec(t32 ? 0xfaa1f082u : 0xe6810fb2u, t32, n, m, ge, &ge_out);
            cr_expect_eq(got, want, "GE %x (%s): %08x, want %08x", ge, t32 ? "T32" : "A32", got, want);
            cr_expect_eq(ge_out, ge);
        }
}

/* GE written by one instruction steers the next: usub8 then sel is a byte-wise max. */
Test(arm_ge, usub8_then_sel_is_bytewise_max)
{
    for (int k = 0; k < 1000; k++) {
        uint32_t n = ge_rand(), m = ge_rand(), ge, want = 0, ge2;
        ge_exec(ge_a32(GE_U, GE_SUB8), 0, n, m, 0, &ge);
        uint32_t got = ge_exec(0xe6810fb2u, 0, n, m, ge, &ge2);
        for (int i = 0; i < 4; i++) {
            uint32_t a = n >> (8 * i) & 0xffu, b = m >> (8 * i) & 0xffu;
            want |= (a >= b ? a : b) << (8 * i);
        }
        cr_expect_eq(got, want, "max(%08x, %08x) = %08x, want %08x", n, m, got, want);
    }
}
