/* The timing seam for IA-32 (x86/x86_trace.h): the record a step gives a
 * timing model, and the unit-counts model over a loop whose mix is known
 * (as test_timing_seam.c does for ARM). */
#include <criterion/criterion.h>
#include <string.h>

#include "device/x86/x86.h"
#include "device/x86/x86_block.h"
#include "mem_fixture.h"

#define TS_TEXT 0x8000u
#define TS_PRIV 0x10000u
#define TS_PRIV_SIZE 0x1000u

static uint8_t ts_text[64];
static x86_insn_t ts_recs[sizeof ts_text + 1];
static uint32_t ts_priv[TS_PRIV_SIZE / 4];

static void ts_load(const char *b, uint32_t n)
{
    memset(ts_text, 0xf4, sizeof ts_text);
    memcpy(ts_text, b, n);
    for (uint32_t i = 0; i < sizeof ts_text; i++)
        x86_decode(ts_text + i, (uint32_t)sizeof ts_text - i, TS_TEXT + i, &ts_recs[i]);
    x86_prepare_range(ts_recs, 0, sizeof ts_text);
}

static x86_ctx_t ts_context(void)
{
    x86_ctx_t c;
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, TS_TEXT, TS_PRIV + 0x800u);
    return c;
}

/* The record of the one instruction b (a string literal) in context c. */
#define TS_BEFORE(b, c) ts_before(b, sizeof b - 1u, c)
static sim_trace_t ts_before(const char *b, uint32_t n, const x86_ctx_t *c)
{
    sim_trace_t t;
    ts_load(b, n);
    x86_trace_before(c, &ts_recs[0], TS_TEXT, &t);
    return t;
}

Test(x86_timing_seam, records_name_units_registers_and_addresses)
{
    x86_ctx_t c = ts_context();
    c.r[1] = TS_PRIV + 0x100u, c.r[2] = 3u;
    sim_trace_t t = TS_BEFORE("\x8b\x44\x91\x08", &c); /* mov eax, [ecx + edx*4 + 8] */
    cr_expect_eq(t.unit, SIM_UNIT_MEM);
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_LOAD);
    cr_expect_eq(t.addr, TS_PRIV + 0x100u + 12u + 8u);
    cr_expect_eq(t.size, 4u);
    cr_expect_eq(t.reads, (1u << 0) | (1u << 1) | (1u << 2), "eax (the layout's reg), ecx, edx");
    cr_expect_eq(t.writes, 1u << 0);
    t = TS_BEFORE("\x66\x89\x41\x02", &c); /* mov [ecx + 2], ax */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    cr_expect_eq(t.addr, TS_PRIV + 0x102u);
    cr_expect_eq(t.size, 2u);
    cr_expect_eq(t.writes, 0u);
    t = TS_BEFORE("\x53", &c); /* push ebx */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    cr_expect_eq(t.addr, TS_PRIV + 0x800u - 4u);
    cr_expect_eq(t.size, 4u);
    cr_expect(t.reads & X86_TRACE_ESP && t.writes & X86_TRACE_ESP);
    t = TS_BEFORE("\xc3", &c); /* ret */
    cr_expect_eq(t.unit, SIM_UNIT_BRANCH);
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE | SIM_TR_BRANCH), SIM_TR_LOAD | SIM_TR_BRANCH);
    cr_expect_eq(t.addr, TS_PRIV + 0x800u);
    t = TS_BEFORE("\x01\xd8", &c); /* add eax, ebx */
    cr_expect_eq(t.unit, SIM_UNIT_INT);
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), 0u);
    cr_expect_eq(t.writes, (1u << 0) | (1u << X86_TRACE_FLAGS_REG));
    t = TS_BEFORE("\x0f\xaf\xc3", &c); /* imul eax, ebx */
    cr_expect_eq(t.unit, SIM_UNIT_MUL);
    t = TS_BEFORE("\xd9\xc9", &c); /* fxch st(1): no memory */
    cr_expect_eq(t.unit, SIM_UNIT_FP64, "x87 is FP64 (sim_units.def)");
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), 0u);
    t = TS_BEFORE("\xdd\x01", &c); /* fld qword [ecx] */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_LOAD);
    cr_expect_eq(t.addr, TS_PRIV + 0x100u);
    t = TS_BEFORE("\xdd\x19", &c); /* fstp qword [ecx] */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    t = TS_BEFORE("\xd9\x39", &c); /* fnstcw [ecx] */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    t = TS_BEFORE("\x0f\x11\x01", &c); /* movups [ecx], xmm0 */
    cr_expect_eq(t.unit, SIM_UNIT_FP32);
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    cr_expect_eq(t.size, 16u);
    t = TS_BEFORE("\xf3\x0f\x10\x41\x04", &c); /* movss xmm0, [ecx + 4] */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_LOAD);
    cr_expect_eq(t.addr, TS_PRIV + 0x104u);
    cr_expect_eq(t.size, 4u);
}

/* A loop of mov load, mov store, add, imul, dec, jnz, ten times, then
 * `jmp .`: the model counts each unit, the loads, the stores and the taken
 * branches exactly, and every instruction once. */
Test(x86_timing_seam, unit_counts_of_a_known_loop)
{
    static const char b[] = "\xbb\x0a\x00\x00\x00" /* mov ebx, 10 */
                            "\x8b\x01"             /* 1: mov eax, [ecx] */
                            "\x89\x41\x04"         /* mov [ecx + 4], eax */
                            "\x83\xc0\x01"         /* add eax, 1 */
                            "\x0f\xaf\xf0"         /* imul esi, eax */
                            "\x4b"                 /* dec ebx */
                            "\x75\xf2"             /* jnz 1b */
                            "\xeb\xfe";            /* jmp . */
    ts_load(b, sizeof b - 1u);
    x86_code_t img = {.recs = ts_recs, .text_lo = TS_TEXT, .text_size = sizeof ts_text};
    sim_mem_t m = one_core_mem(ts_priv, TS_PRIV, TS_PRIV_SIZE);
    x86_ctx_t c = ts_context();
    c.r[1] = TS_PRIV + 0x40u, c.r[6] = 1u;
    ts_priv[0x40u / 4u] = 2u; /* each pass: eax = 2 + 1, esi *= 3 */
    uint64_t counts[UNIT_COUNTS_WORDS] = {0};
    sim_timing_t tm = {SIM_TIMING_UNIT_COUNTS, counts};
    uint64_t n = x86_run_traced(&c, &img, &m, 0, 1 + 6 * 10 + 3, &tm);
    cr_expect_eq(n, 64u);
    cr_expect_eq(counts[SIM_UNIT_INT], 1u + 2u * 10u, "mov ebx, and add and dec each pass");
    cr_expect_eq(counts[SIM_UNIT_MUL], 10u);
    cr_expect_eq(counts[SIM_UNIT_MEM], 20u);
    cr_expect_eq(counts[SIM_UNIT_BRANCH], 10u + 3u, "ten jnz, three jmp .");
    cr_expect_eq(counts[UNIT_COUNTS_LOADS], 10u);
    cr_expect_eq(counts[UNIT_COUNTS_STORES], 10u);
    cr_expect_eq(counts[UNIT_COUNTS_TAKEN], 9u + 3u, "nine jnz back, jmp . to itself");
    uint64_t all = 0;
    for (int u = 0; u < SIM_UNIT_COUNT; u++)
        all += counts[u];
    cr_expect_eq(all, n);
    cr_expect_eq(sim_icount(&c.sys), n);
    cr_expect_eq(c.r[6], 59049u, "3^10: the loop ran as it does untraced");
    cr_expect_eq(ts_priv[0x44u / 4u], 2u);
}
