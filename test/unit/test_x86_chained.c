/* x86_run's host paths against the reference, one full step (x86_step) at
 * a time: random straight-line programs of ALU, move, load and store, LEA,
 * INC/DEC, shifts, SETcc/CMOVcc, PUSH/POP, CALL, RDTSC and short forward
 * conditional jumps, some loads faulting, with random budgets, registers
 * and flags. On the host x86_run takes the chained path
 * (fast/x86_chained.c); with x86_chained_off the switch path. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/x86/x86.h"
#include "device/x86/x86_block.h"
#include "mem_fixture.h"

#define XC_TEXT 0x8000u
#define XC_TEXT_BYTES 512u
#define XC_PRIV 0x10000u
#define XC_PRIV_SIZE 0x1000u
#define XC_INSNS 48

static uint8_t xc_text[XC_TEXT_BYTES + 16];
static x86_insn_t xc_recs[XC_TEXT_BYTES + 1];
static uint32_t xc_priv[2][XC_PRIV_SIZE / 4];

static uint32_t xc_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 32);
}

/* Destination registers: all but ESP (the stack) and ESI (the data base). */
static uint32_t xc_dst(uint64_t *s)
{
    static const uint8_t r[] = {0, 1, 2, 3, 5, 7};
    return r[xc_rand(s) % 6u];
}

/* One instruction at p; returns its length. Jumps (kind 15) get their
 * displacement later (xc_link). */
static uint32_t xc_insn(uint64_t *s, uint8_t *p, uint8_t *is_jcc)
{
    uint32_t r = xc_rand(s), kind = r % 16u, d = xc_dst(s), src = xc_rand(s) & 7u;
    uint8_t d8 = (uint8_t)((xc_rand(s) % 60u) * 4u);
    *is_jcc = 0;
    switch (kind) {
    case 0: case 1: /* ALU r32, r32 (00..3F, the /r form 01+8k) */
        p[0] = (uint8_t)(((r >> 8) & 7u) << 3 | 1u), p[1] = (uint8_t)(0xc0u | src << 3 | d);
        return 2;
    case 2: /* ALU r32, imm8 (83 /k) */
        p[0] = 0x83, p[1] = (uint8_t)(0xc0u | ((r >> 8) & 7u) << 3 | d), p[2] = (uint8_t)(r >> 16);
        return 3;
    case 3: /* mov r32, [esi+d8] */
        p[0] = 0x8b, p[1] = (uint8_t)(0x46u | d << 3), p[2] = d8;
        return 3;
    case 4: /* mov [esi+d8], r32 */
        p[0] = 0x89, p[1] = (uint8_t)(0x46u | src << 3), p[2] = d8;
        return 3;
    case 5: /* ALU r32, [esi+d8] (03+8k) */
        p[0] = (uint8_t)(((r >> 8) & 7u) << 3 | 3u), p[1] = (uint8_t)(0x46u | d << 3), p[2] = d8;
        return 3;
    case 6: /* inc / dec r32 */
        p[0] = (uint8_t)((r & 256u ? 0x48u : 0x40u) | d);
        return 1;
    case 7: /* lea r32, [src + src2*4 + d8] */
        p[0] = 0x8d, p[1] = (uint8_t)(0x44u | d << 3), p[2] = (uint8_t)(0x80u | (xc_rand(s) & 7u) << 3 | src), p[3] = d8;
        if ((p[2] & 0x38u) == 0x20u)
            p[2] = (uint8_t)(p[2] & ~0x38u); /* index ESP means none: EAX */
        return 4;
    case 8: /* shl/shr/sar/rol r32, imm8 */
        p[0] = 0xc1, p[1] = (uint8_t)(0xc0u | ((r >> 8) & 7u) << 3 | d), p[2] = (uint8_t)((r >> 16) & 31u);
        return 3;
    case 9: /* setcc r8 (AL..BL) or cmovcc r32, r32 */
        p[0] = 0x0f;
        if (r & 256u)
            p[1] = (uint8_t)(0x90u | ((r >> 12) & 15u)), p[2] = (uint8_t)(0xc0u | (d & 3u));
        else
            p[1] = (uint8_t)(0x40u | ((r >> 12) & 15u)), p[2] = (uint8_t)(0xc0u | d << 3 | src);
        return 3;
    case 10: /* push r32, or pop into a destination */
        p[0] = (uint8_t)(r & 256u ? 0x50u | src : 0x58u | d);
        return 1;
    case 11: /* call the next instruction (a push of EIP) */
        p[0] = 0xe8, p[1] = p[2] = p[3] = p[4] = 0;
        return 5;
    case 12: /* a load that may fault: mov r32, [edi] (EDI random) */
        if ((r & 0xf00u) == 0u) {
            p[0] = 0x8b, p[1] = (uint8_t)(0x07u | d << 3);
            return 2;
        }
        p[0] = 0x90; /* else a NOP */
        return 1;
    case 13: /* rdtsc (the retired count), or the 16-bit add */
        if (r & 256u) {
            p[0] = 0x0f, p[1] = 0x31;
            return 2;
        }
        p[0] = 0x66, p[1] = 0x01, p[2] = (uint8_t)(0xc0u | src << 3 | d);
        return 3;
    case 14: /* 8-bit ALU on AL..BH */
        p[0] = (uint8_t)(((r >> 8) & 7u) << 3), p[1] = (uint8_t)(0xc0u | src << 3 | (d & 3u));
        return 2;
    default: /* jcc rel8, linked later */
        p[0] = (uint8_t)(0x70u | ((r >> 8) & 15u)), p[1] = 0;
        *is_jcc = 1;
        return 2;
    }
}

/* A random program, HLT after it: short forward jumps over 0..2
 * instructions. Returns its bytes. */
static uint32_t xc_program(uint64_t *s)
{
    uint32_t start[XC_INSNS + 1], n = 0;
    uint8_t jcc[XC_INSNS];
    memset(xc_text, 0xf4, sizeof xc_text);
    for (uint32_t i = 0; i < XC_INSNS; i++) {
        start[i] = n;
        n += xc_insn(s, xc_text + n, &jcc[i]);
    }
    start[XC_INSNS] = n;
    for (uint32_t i = 0; i < XC_INSNS; i++) {
        if (!jcc[i])
            continue;
        uint32_t to = i + 1u + xc_rand(s) % 3u;
        to = to > XC_INSNS ? XC_INSNS : to;
        xc_text[start[i] + 1u] = (uint8_t)(start[to] - start[i + 1u]);
    }
    return n + 1u;
}

static x86_code_t xc_image(uint32_t bytes)
{
    for (uint32_t i = 0; i < XC_TEXT_BYTES + 1u; i++) {
        x86_decode(xc_text + i, XC_TEXT_BYTES - i, XC_TEXT + i, &xc_recs[i]);
        xc_recs[i].run = 0;
    }
    x86_prepare_range(xc_recs, 0, bytes);
    x86_code_t img = {xc_recs, XC_TEXT, bytes, NULL, 0};
    return img;
}

static void xc_context(uint64_t *s, x86_ctx_t *c)
{
    x86_ctx_init(c, XC_TEXT, XC_PRIV + XC_PRIV_SIZE / 2u);
    for (uint32_t i = 0; i < 8u; i++)
        if (i != 4u)
            c->r[i] = xc_rand(s) & (xc_rand(s) & 1u ? 0xffu : 0xffffffffu);
    c->r[6] = XC_PRIV + 16u;
    c->r[7] = xc_rand(s) & 1u ? XC_PRIV + (xc_rand(s) & 0xffcu) : xc_rand(s);
    x86_set_eflags(c, xc_rand(s), X86_ARITH_FLAGS);
}

/* The reference: x86_step until the core stops or `budget` retired. */
static uint64_t xc_steps(x86_ctx_t *c, const x86_code_t *img, const sim_mem_t *m, uint64_t budget)
{
    uint64_t n = 0, start = sim_icount(&c->sys);
    while (n < budget && c->sys.status == SIM_RUNNING) {
        sim_set_icount(&c->sys, start + n);
        x86_step(c, img, m, 0);
        if (c->sys.status != SIM_FAULTED)
            n++;
    }
    sim_set_icount(&c->sys, start + n);
    return n;
}

static void xc_same(const x86_ctx_t *a, const x86_ctx_t *b, uint32_t seed, uint32_t round)
{
    for (uint32_t i = 0; i < 8u; i++)
        cr_assert_eq(a->r[i], b->r[i], "seed %u round %u: r%u %08x, reference %08x", seed, round, i, a->r[i],
                     b->r[i]);
    cr_assert_eq(a->eip, b->eip, "seed %u round %u: eip %08x, reference %08x", seed, round, a->eip, b->eip);
    cr_assert_eq(x86_eflags(a), x86_eflags(b), "seed %u round %u: eflags", seed, round);
    cr_assert_eq(a->sys.status, b->sys.status, "seed %u round %u: status", seed, round);
    cr_assert_eq(sim_icount(&a->sys), sim_icount(&b->sys), "seed %u round %u: icount", seed, round);
    cr_assert_eq(memcmp(xc_priv[0], xc_priv[1], sizeof xc_priv[0]), 0, "seed %u round %u: memory", seed, round);
}

/* Image img from random registers and memory, run in random budgets (the
 * rounds of a machine) of at most `most` on x86_run and step by step,
 * compared after every round, until it stops. */
static void xc_rounds(const x86_code_t *img, uint64_t *s, uint32_t seed, uint32_t most)
{
    x86_ctx_t a, b;
    xc_context(s, &a);
    b = a;
    for (uint32_t i = 0; i < XC_PRIV_SIZE / 4u; i++)
        xc_priv[0][i] = xc_priv[1][i] = xc_rand(s);
    sim_mem_t ma = one_core_mem(xc_priv[0], XC_PRIV, XC_PRIV_SIZE);
    sim_mem_t mb = one_core_mem(xc_priv[1], XC_PRIV, XC_PRIV_SIZE);
    for (uint32_t round = 0; round < 64u && a.sys.status == SIM_RUNNING; round++) {
        uint64_t budget = 1u + xc_rand(s) % (round & 1u ? most : 6u);
        uint64_t na = x86_run(&a, img, &ma, 0, budget), nb = xc_steps(&b, img, &mb, budget);
        cr_assert_eq(na, nb, "seed %u round %u: %lu run, reference %lu", seed, round, (unsigned long)na,
                     (unsigned long)nb);
        xc_same(&a, &b, seed, round);
    }
    cr_assert_neq(a.sys.status, SIM_RUNNING, "seed %u: never stopped", seed);
}

static void xc_compare(int chained_off)
{
    x86_chained_off = chained_off;
    for (uint32_t seed = 1; seed <= 400u; seed++) {
        uint64_t s = seed * 0x9e3779b97f4a7c15ull;
        x86_code_t img = xc_image(xc_program(&s));
        xc_rounds(&img, &s, seed, 80u);
    }
    x86_chained_off = 0;
}

Test(x86_chained, matches_single_steps) { xc_compare(0); }

Test(x86_chained, switch_path_matches_single_steps) { xc_compare(1); }

/* A straight line longer than a block (run is a byte): 500 INC EAX, HLT.
 * The block is cut before an INC, a hot op whose per-length copy never
 * looks for a block's end: the dispatch must reach its own case there
 * (len's X86_LEN_BLOCK_LAST), else the chained path would run on past
 * the records it counted. */
Test(x86_chained, a_straight_line_longer_than_a_block_is_cut)
{
    memset(xc_text, 0x40, 500u);
    xc_text[500] = 0xf4;
    x86_code_t img = xc_image(501u);
    uint32_t cuts = 0;
    for (uint32_t i = 0; i <= 500u; i++) {
        cr_assert_eq((xc_recs[i].len & X86_LEN_BLOCK_LAST) != 0, xc_recs[i].run == 1u, "record %u, run %u", i,
                     xc_recs[i].run);
        cuts += i < 500u && xc_recs[i].run == 1u;
    }
    cr_assert_eq(cuts, 1u, "500 INCs, one cut");
    for (uint32_t seed = 1; seed <= 20u; seed++) {
        uint64_t s = seed * 0x9e3779b97f4a7c15ull;
        xc_rounds(&img, &s, seed, 600u);
    }
}

/* X86_LEN_W32, which sends a record to the case copies compiled for a
 * constant width and no prefix, only on plain 32-bit records. */
Test(x86_chained, the_32_bit_copies_take_plain_records_only)
{
    static const struct {
        uint8_t bytes[4];
        uint32_t len, plain;
    } cases[] = {
        {{0x01, 0xd8}, 2, 1},             /* add eax, ebx */
        {{0x8b, 0x00}, 2, 1},             /* mov eax, [eax] */
        {{0x66, 0x01, 0xd8}, 3, 0},       /* add ax, bx */
        {{0x00, 0xd8}, 2, 0},             /* add al, bl */
        {{0x65, 0x8b, 0x00}, 3, 0},       /* mov eax, gs:[eax] */
        {{0xf0, 0x01, 0x18}, 3, 0},       /* lock add [eax], ebx */
        {{0x67, 0x8b, 0x00}, 3, 0},       /* mov eax, [bx+si] */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        memset(xc_text, 0x90, 16u);
        memcpy(xc_text, cases[k].bytes, cases[k].len);
        xc_text[cases[k].len] = 0xf4;
        xc_image(cases[k].len + 1u);
        cr_assert_eq(x86_len(&xc_recs[0]), cases[k].len, "case %zu", k);
        cr_assert_eq((xc_recs[0].len & X86_LEN_W32) != 0, cases[k].plain, "case %zu", k);
    }
}
