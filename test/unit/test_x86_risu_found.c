/* What the IA-32 random instruction tester (test/risu/x86, make risu-x86)
 * found wrong in warpsim, each case as qemu-i386 and the Intel SDM have it,
 * run on the simulated core (x86_native_fixture.h's x86n_sim). */
#include <criterion/criterion.h>

#include "x86_native_fixture.h"

#define BCD_FLAGS (X86_CF | X86_AF | X86_SF | X86_ZF | X86_PF)

/* DAA on AL=0xFF, AF=0, CF=0 (risu int seed 2, block 6328): the low digit
 * adjusts (+6, carrying out of AL), and the high digit's test reads the
 * old AL (0xFF > 0x99), so +0x60 too: AL=0x65, CF=1, AF=1. warpsim tested
 * the adjusted AL (0x05) and left the high digit alone. */
Test(x86_risu_found, daa_high_digit_reads_the_old_al)
{
    static const uint8_t daa[] = {0x27};
    x86n_state_t s = {.eax = 0x7fff, .flags = X86_ZF | X86_SF};
    x86n_sim(daa, sizeof daa, &s);
    cr_assert_eq(s.eax, 0x7f65u, "eax %08x", s.eax);
    cr_assert_eq((uint32_t)s.flags & BCD_FLAGS, X86_CF | X86_AF | X86_PF, "flags %08x", (uint32_t)s.flags);
}

/* The SDM's DAA, for every AL, AF and CF (vol. 2A, DAA "Operation"). */
static void sdm_daa(uint32_t al, uint32_t af, uint32_t cf, uint32_t *al_out, uint32_t *af_out, uint32_t *cf_out)
{
    uint32_t old_al = al, old_cf = cf;
    cf = 0;
    if ((al & 15u) > 9u || af) {
        cf = old_cf || al + 6u > 0xffu;
        al = (al + 6u) & 0xffu;
        af = 1;
    } else {
        af = 0;
    }
    if (old_al > 0x99u || old_cf) {
        al = (al + 0x60u) & 0xffu;
        cf = 1;
    } else {
        cf = 0;
    }
    *al_out = al, *af_out = af, *cf_out = cf;
}

Test(x86_risu_found, daa_every_input_as_the_sdm)
{
    static const uint8_t daa[] = {0x27};
    for (uint32_t v = 0; v < 1024; v++) {
        uint32_t al = v & 0xffu, af = (v >> 8) & 1u, cf = v >> 9, e_al, e_af, e_cf;
        sdm_daa(al, af, cf, &e_al, &e_af, &e_cf);
        x86n_state_t s = {.eax = 0x1200u | al, .flags = (af ? X86_AF : 0u) | (cf ? X86_CF : 0u)};
        x86n_sim(daa, sizeof daa, &s);
        cr_assert_eq(s.eax, 0x1200u | e_al, "al %02x af %u cf %u: eax %08x", al, af, cf, s.eax);
        cr_assert_eq((uint32_t)s.flags & (X86_AF | X86_CF), (e_af ? X86_AF : 0u) | (e_cf ? X86_CF : 0u),
                     "al %02x af %u cf %u: flags %08x", al, af, cf, (uint32_t)s.flags);
    }
}

/* ---- the sse class (risu sse seeds 1-9, checked on this host's CPU) ----
 * A core whose SSE and x87 state a test sets, running code from 0x1000
 * with 1 KiB of memory at 0x10000. */
#define FOUND_MEM 0x10000u
static uint32_t found_priv[256];

static void found_ctx(x86_ctx_t *c)
{
    memset(c, 0, sizeof *c);
    memset(found_priv, 0, sizeof found_priv);
    x86_ctx_init(c, X86N_TEXT, FOUND_MEM + sizeof found_priv);
}

static uint32_t found_run(x86_ctx_t *c, const uint8_t *code, size_t n)
{
    sim_mem_t m = one_core_mem(found_priv, FOUND_MEM, sizeof found_priv);
    for (uint32_t off = 0; off < n && c->sys.status == SIM_RUNNING;) {
        x86_insn_t in;
        x86_decode(code + off, (uint32_t)(n - off), X86N_TEXT + off, &in);
        cr_assert_neq(in.op, X86_OP_UNDEF, "undecoded at %u", off);
        c->eip = X86N_TEXT + off + in.len;
        x86_exec(c, &in, &m, 0, X86N_TEXT + off, 0);
        off += in.len;
    }
    return c->sys.status;
}

/* CVTPD2PS of 0x380fffffe0000000 (halfway between the largest single
 * denormal and the least normal) rounding up under FTZ (risu sse seed 6,
 * block 4451): the result is tiny before rounding, so FTZ makes it +0
 * with UE and PE, as the CPU and qemu have it (x86 detects tininess
 * before rounding). warpsim flushed only denormal or zero results and
 * kept the least normal 0x00800000. Without FTZ: 0x00800000, UE and PE. */
Test(x86_risu_found, ftz_flushes_a_result_tiny_before_rounding)
{
    static const uint8_t cvtpd2ps[] = {0x66, 0x0f, 0x5a, 0xeb}; /* cvtpd2ps xmm5, xmm3 */
    for (uint32_t ftz = 0; ftz < 2; ftz++) {
        x86_ctx_t c;
        found_ctx(&c);
        c.sse.xmm[3][0] = 0, c.sse.xmm[3][1] = 0xfff00000u;          /* -inf */
        c.sse.xmm[3][2] = 0xe0000000u, c.sse.xmm[3][3] = 0x380fffffu; /* the halfway value */
        c.sse.mxcsr = 0x5f80u | (ftz ? 0x8000u : 0u);                  /* round up */
        cr_assert_eq(found_run(&c, cvtpd2ps, sizeof cvtpd2ps), SIM_RUNNING);
        cr_expect_eq(c.sse.xmm[5][0], 0xff800000u);
        cr_expect_eq(c.sse.xmm[5][1], ftz ? 0u : 0x00800000u, "ftz %u: %08x", ftz, c.sse.xmm[5][1]);
        cr_expect_eq(c.sse.xmm[5][2] | c.sse.xmm[5][3], 0u);
        cr_expect_eq(c.sse.mxcsr & 0x3fu, 0x30u, "ftz %u: mxcsr %08x", ftz, c.sse.mxcsr); /* UE PE */
    }
    /* the same for arithmetic: 2^-126 * (1 - 2^-24), rounded up from a product */
    static const uint8_t mulss[] = {0xf3, 0x0f, 0x59, 0xc1}; /* mulss xmm0, xmm1 */
    x86_ctx_t c;
    found_ctx(&c);
    c.sse.xmm[0][0] = 0x00ffffffu; /* 2^-126 * (2 - 2^-23) */
    c.sse.xmm[1][0] = 0x3f000000u; /* 0.5: the product is halfway below 2^-126 */
    c.sse.mxcsr = 0xdf80u;         /* FTZ, round up */
    cr_assert_eq(found_run(&c, mulss, sizeof mulss), SIM_RUNNING);
    cr_expect_eq(c.sse.xmm[0][0], 0u, "mulss: %08x", c.sse.xmm[0][0]);
    cr_expect_eq(c.sse.mxcsr & 0x3fu, 0x30u, "mulss: mxcsr %08x", c.sse.mxcsr);
}

/* Tininess after rounding (SDM vol. 1, 4.9.1.5), as this host's CPU has
 * it: 0x380ffffff0000000 is 2^-126 * (1 - 2^-29), which rounds to 2^-126
 * at 24 bits with an unbounded exponent, so it is not tiny: no UE, and FTZ
 * keeps 0x00800000. warpsim took the VFP's tininess before rounding (UE,
 * and with the fix above a flush). */
Test(x86_risu_found, tininess_is_detected_after_rounding)
{
    static const uint8_t cvtpd2ps[] = {0x66, 0x0f, 0x5a, 0xeb}; /* cvtpd2ps xmm5, xmm3 */
    static const uint8_t mulss[] = {0xf3, 0x0f, 0x59, 0xc1};    /* mulss xmm0, xmm1 */
    for (uint32_t ftz = 0; ftz < 2; ftz++) {
        x86_ctx_t c;
        found_ctx(&c);
        c.sse.xmm[3][0] = 0xf0000000u, c.sse.xmm[3][1] = 0x380fffffu;
        c.sse.mxcsr = 0x1f80u | (ftz ? 0x8000u : 0u);
        cr_assert_eq(found_run(&c, cvtpd2ps, sizeof cvtpd2ps), SIM_RUNNING);
        cr_expect_eq(c.sse.xmm[5][0], 0x00800000u, "ftz %u: %08x", ftz, c.sse.xmm[5][0]);
        cr_expect_eq(c.sse.mxcsr & 0x3fu, 0x20u, "ftz %u: mxcsr %08x", ftz, c.sse.mxcsr); /* PE only */
        /* 0x00800001 * 0x3f7ffffe: 2^-126 (1 + 2^-23)(1 - 2^-23) = 2^-126 (1 - 2^-46),
         * tiny before rounding, 2^-126 at 24 bits (to nearest): not tiny */
        found_ctx(&c);
        c.sse.xmm[0][0] = 0x00800001u, c.sse.xmm[1][0] = 0x3f7ffffeu;
        c.sse.mxcsr = 0x1f80u | (ftz ? 0x8000u : 0u);
        cr_assert_eq(found_run(&c, mulss, sizeof mulss), SIM_RUNNING);
        cr_expect_eq(c.sse.xmm[0][0], 0x00800000u, "mulss ftz %u: %08x", ftz, c.sse.xmm[0][0]);
        cr_expect_eq(c.sse.mxcsr & 0x3fu, 0x20u, "mulss ftz %u: mxcsr %08x", ftz, c.sse.mxcsr);
    }
}

/* A misaligned 16-byte operand of a row that demands alignment is #GP(0),
 * which Linux delivers as SIGSEGV (risu sse seeds 4-9: MOVAPD, PMADDWD,
 * ANDNPS, CVTTPD2DQ, ... a time in sixteen): warpsim raised
 * SIM_FAULT_ALIGN, SIGBUS. */
Test(x86_risu_found, misaligned_sse_operand_is_gp_sigsegv)
{
    static const uint8_t rows[][4] = {
        {0x0f, 0x28, 0x03},       /* movaps xmm0, [ebx] */
        {0x66, 0x0f, 0xf5, 0x03}, /* pmaddwd xmm0, [ebx] */
        {0x0f, 0x55, 0x03},       /* andnps xmm0, [ebx] */
        {0x66, 0x0f, 0xe6, 0x03}, /* cvttpd2dq xmm0, [ebx] */
    };
    static const uint8_t len[] = {3, 4, 3, 4};
    for (uint32_t i = 0; i < 4; i++) {
        x86_ctx_t c;
        found_ctx(&c);
        c.r[3] = FOUND_MEM + 0x108u;
        cr_assert_eq(found_run(&c, rows[i], len[i]), SIM_FAULTED, "row %u", i);
        cr_expect_eq(c.sys.fault_reason, SIM_FAULT_PRIV, "row %u: reason %u", i, c.sys.fault_reason);
    }
    static const uint8_t fxsave[] = {0x0f, 0xae, 0x03};
    x86_ctx_t c;
    found_ctx(&c);
    c.r[3] = FOUND_MEM + 0x108u;
    cr_assert_eq(found_run(&c, fxsave, sizeof fxsave), SIM_FAULTED);
    cr_expect_eq(c.sys.fault_reason, SIM_FAULT_PRIV);
}

/* EMMS sets TOP to 0 as well as emptying the tags (SDM vol. 1, table 9-2;
 * risu sse seed 1, block 1086 on this host's CPU: TOP 5 became 0); warpsim
 * (and qemu-i386 7.2) left TOP. */
Test(x86_risu_found, emms_sets_top_zero)
{
    static const uint8_t emms[] = {0x0f, 0x77};
    x86_ctx_t c;
    found_ctx(&c);
    x87_set_top(&c.x87, 5);
    c.x87.tw = 0x0ff0u;
    cr_assert_eq(found_run(&c, emms, sizeof emms), SIM_RUNNING);
    cr_expect_eq(x87_top(&c.x87), 0u);
    cr_expect_eq(c.x87.tw, 0xffffu);
}
