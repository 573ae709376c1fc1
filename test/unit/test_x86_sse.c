/* The SSE unit's behaviour that the host cannot be asked about in place:
 * FXSAVE/FXRSTOR (a 512-byte image: its layout and a round trip), the
 * MMX registers as the x87 registers' significands (TOP, tags, the 0xffff
 * exponent, EMMS), MASKMOVDQU through EDI, the alignment fault of MOVAPS
 * and a store that faults writing nothing. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/x86/x86.h"
#include "device/x86/x86_step.h"
#include "mem_fixture.h"

#define BASE 0x10000u
static uint32_t priv[1024];

typedef struct {
    x86_ctx_t c;
    sim_mem_t m;
} core_t;

static void setup(core_t *k)
{
    memset(k, 0, sizeof *k);
    memset(priv, 0, sizeof priv);
    x86_ctx_init(&k->c, 0x1000u, BASE + sizeof priv);
    k->m = one_core_mem(priv, BASE, sizeof priv);
}

/* Runs the instructions in code[0..n); returns the core's status. */
static uint32_t run(core_t *k, const uint8_t *code, size_t n)
{
    for (size_t off = 0; off < n && k->c.sys.status == SIM_RUNNING;) {
        x86_insn_t in;
        x86_decode(code + off, (uint32_t)(n - off), 0x1000u + (uint32_t)off, &in);
        cr_assert_neq(in.op, X86_OP_UNDEF, "undecoded at %zu", off);
        k->c.eip = 0x1000u + (uint32_t)off + in.len;
        x86_exec(&k->c, &in, &k->m, 0, 0x1000u + (uint32_t)off, 0);
        off += in.len;
    }
    return k->c.sys.status;
}

static uint8_t *at(uint32_t a) { return (uint8_t *)priv + (a - BASE); }

Test(x86_sse, fxsave_layout_and_round_trip)
{
    core_t k;
    setup(&k);
    for (uint32_t r = 0; r < 8; r++)
        for (uint32_t w = 0; w < 4; w++)
            k.c.sse.xmm[r][w] = 0x01010101u * (r + 1) + w;
    k.c.sse.mxcsr = 0x9fc0u | SSE_PE;
    /* fld1; fldpi: ST0 = pi, ST1 = 1 (physical 6 and 7), tags of 0..5 empty */
    static const uint8_t load[] = {0xd9, 0xe8, 0xd9, 0xeb};
    cr_assert_eq(run(&k, load, sizeof load), SIM_RUNNING);
    k.c.r[3] = BASE + 0x200u; /* ebx: the image */
    static const uint8_t save[] = {0x0f, 0xae, 0x03}; /* fxsave [ebx] */
    cr_assert_eq(run(&k, save, sizeof save), SIM_RUNNING);
    uint8_t *img = at(BASE + 0x200u);
    cr_expect_eq(*(uint16_t *)img, 0x037fu);
    cr_expect_eq((*(uint16_t *)(img + 2) >> 11) & 7u, 6u, "TOP");
    cr_expect_eq(img[4], 0xc0u, "abridged tags: R6 R7");
    cr_expect_eq(*(uint32_t *)(img + 24), 0x9fe0u);
    cr_expect_eq(*(uint32_t *)(img + 28), 0xffffu);
    cr_expect_eq(*(uint64_t *)(img + 32), 0xc90fdaa22168c235ull, "ST0 = pi");
    cr_expect_eq(*(uint16_t *)(img + 40), 0x4000u);
    cr_expect_eq(*(uint64_t *)(img + 48), 0x8000000000000000ull, "ST1 = 1");
    cr_expect_eq(*(uint32_t *)(img + 160 + 16 * 3 + 4), 0x04040404u + 1u);
    /* change everything, restore, compare */
    x86_ctx_t before = k.c;
    memset(k.c.sse.xmm, 0xee, sizeof k.c.sse.xmm);
    k.c.sse.mxcsr = SSE_MXCSR_INIT;
    x86_x87_init(&k.c.x87);
    static const uint8_t restore[] = {0x0f, 0xae, 0x0b}; /* fxrstor [ebx] */
    cr_assert_eq(run(&k, restore, sizeof restore), SIM_RUNNING);
    cr_expect(!memcmp(&k.c.sse, &before.sse, sizeof before.sse));
    cr_expect_eq(k.c.x87.sw, before.x87.sw);
    cr_expect_eq(k.c.x87.cw, before.x87.cw);
    cr_expect_eq(k.c.x87.tw, before.x87.tw);
    cr_expect(!memcmp(k.c.x87.st[6], before.x87.st[6], 12) && !memcmp(k.c.x87.st[7], before.x87.st[7], 12));
}

Test(x86_sse, fxsave_misaligned_faults)
{
    core_t k;
    setup(&k);
    k.c.r[3] = BASE + 0x208u;
    static const uint8_t save[] = {0x0f, 0xae, 0x03};
    cr_expect_eq(run(&k, save, sizeof save), SIM_FAULTED);
    cr_expect_eq(k.c.sys.fault_reason, SIM_FAULT_PRIV); /* #GP(0): SIGSEGV */
}

Test(x86_sse, mmx_registers_alias_the_x87_significands)
{
    core_t k;
    setup(&k);
    static const uint8_t fld1[] = {0xd9, 0xe8}; /* fld1: TOP 7 */
    cr_assert_eq(run(&k, fld1, sizeof fld1), SIM_RUNNING);
    k.c.r[0] = 0x89abcdefu;
    static const uint8_t movd[] = {0x0f, 0x6e, 0xd0}; /* movd mm2, eax */
    cr_assert_eq(run(&k, movd, sizeof movd), SIM_RUNNING);
    cr_expect_eq(x87_top(&k.c.x87), 0u, "MMX sets TOP 0");
    cr_expect_eq(k.c.x87.tw, 0u, "every tag valid");
    cr_expect_eq(k.c.x87.st[2][0], 0x89abcdefu);
    cr_expect_eq(k.c.x87.st[2][1], 0u);
    cr_expect_eq(k.c.x87.st[2][2], 0xffffu, "the exponent all ones");
    static const uint8_t emms[] = {0x0f, 0x77};
    cr_assert_eq(run(&k, emms, sizeof emms), SIM_RUNNING);
    cr_expect_eq(k.c.x87.tw, 0xffffu, "EMMS: all empty");
}

Test(x86_sse, maskmovdqu_stores_the_selected_bytes)
{
    core_t k;
    setup(&k);
    for (uint32_t i = 0; i < 4; i++)
        k.c.sse.xmm[0][i] = 0x11223344u * (i + 1), k.c.sse.xmm[1][i] = 0x80008080u >> i;
    memset(at(BASE + 0x100u), 0x5a, 32);
    k.c.r[7] = BASE + 0x101u; /* edi, unaligned: allowed */
    static const uint8_t code[] = {0x66, 0x0f, 0xf7, 0xc1}; /* maskmovdqu xmm0, xmm1 */
    cr_assert_eq(run(&k, code, sizeof code), SIM_RUNNING);
    const uint8_t *data = (const uint8_t *)k.c.sse.xmm[0], *mask = (const uint8_t *)k.c.sse.xmm[1];
    for (uint32_t i = 0; i < 16; i++)
        cr_expect_eq(at(BASE + 0x101u)[i], (mask[i] & 0x80u) ? data[i] : 0x5au, "byte %u", i);
}

Test(x86_sse, movaps_misaligned_faults_and_stores_fault_cleanly)
{
    core_t k;
    setup(&k);
    k.c.r[3] = BASE + 0x104u;
    static const uint8_t movaps[] = {0x0f, 0x28, 0x03}; /* movaps xmm0, [ebx] */
    cr_expect_eq(run(&k, movaps, sizeof movaps), SIM_FAULTED);
    cr_expect_eq(k.c.sys.fault_reason, SIM_FAULT_PRIV); /* #GP(0): SIGSEGV */
    setup(&k);
    k.c.r[3] = BASE + sizeof priv - 8u; /* the last 8 bytes: a 16-byte store runs off the end */
    memset(k.c.sse.xmm[0], 0x77, 16);
    static const uint8_t movups[] = {0x0f, 0x11, 0x03}; /* movups [ebx], xmm0 */
    cr_expect_eq(run(&k, movups, sizeof movups), SIM_FAULTED);
    cr_expect_eq(k.c.sys.fault_reason, SIM_FAULT_WRITE);
    cr_expect_eq(priv[sizeof priv / 4 - 1], 0u, "nothing written");
}
