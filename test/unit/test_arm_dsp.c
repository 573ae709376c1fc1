/* The v6 signed multiplies (SMUAD, SMUSD, SMLAD, SMLSD, SMLALD, SMLSLD, their
 * X forms, SMMUL, SMMLA, SMMLS and their R forms) and SSAT16/USAT16: the
 * A32 and T32 words arm-linux-gnueabi-as makes, decoded and disassembled
 * as objdump prints them, and executed on operands whose results and Q flag
 * were worked out from the ARM ARM's pseudocode by hand. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"

typedef struct dsp_word {
    uint32_t word; /* A32; or T32 as hw1 << 16 | hw2 */
    int t32;
    const char *text;
} dsp_word_t;

static const dsp_word_t dsp_words[] = {
    {0xe700f211, 0, "smuad\tr0, r1, r2"},        {0xe700f231, 0, "smuadx\tr0, r1, r2"},
    {0xe703f554, 0, "smusd\tr3, r4, r5"},        {0xe703f574, 0, "smusdx\tr3, r4, r5"},
    {0xe7003211, 0, "smlad\tr0, r1, r2, r3"},    {0xe7003231, 0, "smladx\tr0, r1, r2, r3"},
    {0xe7003251, 0, "smlsd\tr0, r1, r2, r3"},    {0xe7003271, 0, "smlsdx\tr0, r1, r2, r3"},
    {0xe7410312, 0, "smlald\tr0, r1, r2, r3"},   {0xe7410332, 0, "smlaldx\tr0, r1, r2, r3"},
    {0xe7410352, 0, "smlsld\tr0, r1, r2, r3"},   {0xe7410372, 0, "smlsldx\tr0, r1, r2, r3"},
    {0xe750f211, 0, "smmul\tr0, r1, r2"},        {0xe750f231, 0, "smmulr\tr0, r1, r2"},
    {0xe7503211, 0, "smmla\tr0, r1, r2, r3"},    {0xe7503231, 0, "smmlar\tr0, r1, r2, r3"},
    {0xe75032d1, 0, "smmls\tr0, r1, r2, r3"},    {0xe75032f1, 0, "smmlsr\tr0, r1, r2, r3"},
    {0xe6a70f31, 0, "ssat16\tr0, #8, r1"},       {0xe6af0f31, 0, "ssat16\tr0, #16, r1"},
    {0xe6e00f31, 0, "usat16\tr0, #0, r1"},       {0xe6ef0f31, 0, "usat16\tr0, #15, r1"},
    {0xfb21f002, 1, "smuad\tr0, r1, r2"},        {0xfb21f012, 1, "smuadx\tr0, r1, r2"},
    {0xfb213002, 1, "smlad\tr0, r1, r2, r3"},    {0xfb413012, 1, "smlsdx\tr0, r1, r2, r3"},
    {0xfb44f305, 1, "smusd\tr3, r4, r5"},        {0xfbc201c3, 1, "smlald\tr0, r1, r2, r3"},
    {0xfbd201d3, 1, "smlsldx\tr0, r1, r2, r3"},  {0xfb51f002, 1, "smmul\tr0, r1, r2"},
    {0xfb51f012, 1, "smmulr\tr0, r1, r2"},       {0xfb513002, 1, "smmla\tr0, r1, r2, r3"},
    {0xfb613012, 1, "smmlsr\tr0, r1, r2, r3"},   {0xf3210007, 1, "ssat16\tr0, #8, r1"},
    {0xf3a1000f, 1, "usat16\tr0, #15, r1"},
};

static void dsp_decode(const dsp_word_t *w, arm_insn_t *in)
{
    if (w->t32)
        arm_decode_t32(w->word >> 16, w->word & 0xffffu, 0x8000, in);
    else
        arm_decode_a32(w->word, 0x8000, in);
}

Test(arm_dsp, decodes_and_disassembles_as_objdump)
{
    for (size_t i = 0; i < sizeof dsp_words / sizeof dsp_words[0]; i++) {
        arm_insn_t in;
        char buf[96];
        dsp_decode(&dsp_words[i], &in);
        cr_expect_neq(in.op, ARM_OP_UNDEF, "0x%08x is UNDEF", dsp_words[i].word);
        cr_expect_str_eq(arm_disasm(&in, 0x8000, buf, sizeof buf), dsp_words[i].text, "0x%08x",
                         dsp_words[i].word);
    }
}

/* With a pc among the registers, or RdHi = RdLo, these are UNPREDICTABLE: UNDEF. */
Test(arm_dsp, unpredictable_registers_are_undef)
{
    static const uint32_t words[] = {
        0xe70ff211, /* smuad pc, r1, r2 */
        0xe700f21f, /* smuad r0, pc, r2 */
        0xe7400312, /* smlald r0, r0, r2, r3 */
        0xe750ff11, /* smmul r0, r1, pc */
        0xe6a7ff31, /* ssat16 pc, #8, r1 */
        0xe6a70f3f, /* ssat16 r0, #8, pc */
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        arm_insn_t in;
        arm_decode_a32(words[i], 0x8000, &in);
        cr_expect_eq(in.op, ARM_OP_UNDEF, "0x%08x decoded as %s", words[i], arm_op_names[in.op]);
    }
}

/* Run the A32 word once on r0..r3 = a, b, c, d with Q clear; returns the context. */
static arm_ctx_t dsp_run(uint32_t word, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    arm_ctx_t ctx;
    arm_insn_t in;
    memset(&ctx, 0, sizeof ctx);
    ctx.r[0] = a, ctx.r[1] = b, ctx.r[2] = c, ctx.r[3] = d;
    arm_decode_a32(word, 0x8000, &in);
    cr_assert_neq(in.op, ARM_OP_UNDEF);
    arm_exec(&ctx, &in, NULL, 0, 0x8000, 0);
    return ctx;
}

static uint32_t dsp_q(const arm_ctx_t *c) { return (c->cpsr & ARM_CPSR_Q) != 0; }

Test(arm_dsp, dual_multiplies_and_q)
{
    /* smuad r0, r1, r2: 0x8000 * 0x8000 twice = 2^31: does not fit, Q */
    arm_ctx_t c = dsp_run(0xe700f211, 0, 0x80008000u, 0x80008000u, 0);
    cr_expect_eq(c.r[0], 0x80000000u);
    cr_expect_eq(dsp_q(&c), 1);
    /* smuadx r0, r1, r2: Rm's halves swapped: 3 * 7 + 5 * -2 = 11 */
    c = dsp_run(0xe700f231, 0, 0x00050003u, 0x0007fffeu, 0);
    cr_expect_eq(c.r[0], 11u);
    cr_expect_eq(dsp_q(&c), 0);
    /* smlsd r0, r1, r2, r3: 3 * 7 - 5 * -2 + 100 = 131 */
    c = dsp_run(0xe7003251, 0, 0x00050003u, 0xfffe0007u, 100);
    cr_expect_eq(c.r[0], 131u);
    /* smlad r0, r1, r2, r3: 1 + 0x7fffffff overflows: Q, result wraps */
    c = dsp_run(0xe7003211, 0, 0x00000001u, 0x00000001u, 0x7fffffffu);
    cr_expect_eq(c.r[0], 0x80000000u);
    cr_expect_eq(dsp_q(&c), 1);
    /* smlsdx: 3 * -2 - 5 * 7 + 0 = -41 */
    c = dsp_run(0xe7003271, 0, 0x00050003u, 0xfffe0007u, 0);
    cr_expect_eq(c.r[0], (uint32_t)-41);
}

Test(arm_dsp, long_dual_multiplies)
{
    /* smlald r0, r1, r2, r3: r1:r0 = 0x00000000:0xffffffff + 0x8000*0x8000*2 */
    arm_ctx_t c = dsp_run(0xe7410312, 0xffffffffu, 0, 0x80008000u, 0x80008000u);
    cr_expect_eq(c.r[0], 0x7fffffffu);
    cr_expect_eq(c.r[1], 1u);
    cr_expect_eq(dsp_q(&c), 0);
    /* smlsldx: 0 + (3 * -2) - (5 * 7) = -41 over 64 bits */
    c = dsp_run(0xe7410372, 0, 0, 0x00050003u, 0xfffe0007u);
    cr_expect_eq(c.r[0], (uint32_t)-41);
    cr_expect_eq(c.r[1], 0xffffffffu);
}

Test(arm_dsp, most_significant_word_multiplies)
{
    /* smmul r0, r1, r2: 0x40000000 * 0x40000000 = 2^60: top word 2^28 */
    arm_ctx_t c = dsp_run(0xe750f211, 0, 0x40000000u, 0x40000000u, 0);
    cr_expect_eq(c.r[0], 0x10000000u);
    /* smmulr: -1 * 0x80000000 = 2^31: top 0, rounded up to 1 */
    c = dsp_run(0xe750f231, 0, 0xffffffffu, 0x80000000u, 0);
    cr_expect_eq(c.r[0], 1u);
    c = dsp_run(0xe750f211, 0, 0xffffffffu, 0x80000000u, 0);
    cr_expect_eq(c.r[0], 0u);
    /* smmla r0, r1, r2, r3: (5 << 32) + 2^60 */
    c = dsp_run(0xe7503211, 0, 0x40000000u, 0x40000000u, 5);
    cr_expect_eq(c.r[0], 0x10000005u);
    /* smmls: (5 << 32) - 1 = top 4; smmlsr rounds the 0xffffffff up: 5 */
    c = dsp_run(0xe75032d1, 0, 1, 1, 5);
    cr_expect_eq(c.r[0], 4u);
    c = dsp_run(0xe75032f1, 0, 1, 1, 5);
    cr_expect_eq(c.r[0], 5u);
}

Test(arm_dsp, halfword_saturation_and_q)
{
    /* ssat16 r0, #8, r1: 0x0100 -> 0x007f, 0xff00 (-256) -> 0xff80, Q */
    arm_ctx_t c = dsp_run(0xe6a70f31, 0, 0xff000100u, 0, 0);
    cr_expect_eq(c.r[0], 0xff80007fu);
    cr_expect_eq(dsp_q(&c), 1);
    /* within range: unchanged, Q clear */
    c = dsp_run(0xe6a70f31, 0, 0xff80007fu, 0, 0);
    cr_expect_eq(c.r[0], 0xff80007fu);
    cr_expect_eq(dsp_q(&c), 0);
    /* usat16 r0, #0, r1: everything to 0; Q unless both were 0 */
    c = dsp_run(0xe6e00f31, 0, 0x00000001u, 0, 0);
    cr_expect_eq(c.r[0], 0u);
    cr_expect_eq(dsp_q(&c), 1);
    /* usat16 r0, #15, r1: -1 -> 0, 0x7fff stays */
    c = dsp_run(0xe6ef0f31, 0, 0xffff7fffu, 0, 0);
    cr_expect_eq(c.r[0], 0x00007fffu);
    cr_expect_eq(dsp_q(&c), 1);
}
