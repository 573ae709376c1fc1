/* arm_run's fast paths against the reference, one full step (arm_step) at
 * a time: random programs of data processing, loads and stores, conditional
 * forward branches, calls, returns and (T32) IT blocks, with random budgets,
 * registers and flags, faults included. On the host arm_run takes the
 * chained path (arm_chained.h); the CUDA kernel's fast path
 * (arm_run_straight) is run here directly on random straight-line blocks. */
#include <criterion/criterion.h>

#include "unit/arm_block_fixture.h"

#define BC_HALFWORDS (2 * BT_WORDS)

/* One T32 instruction at hw[*p]: T16 data processing, 32-bit data
 * processing, a 32-bit load or store, or (flow set) an IT with a random
 * mask or a short conditional forward branch. */
static void bc_t32_insn(uint64_t *s, uint16_t *hw, uint32_t *p, int flow)
{
    uint32_t r = bt_rand(s), r2 = bt_rand(s), kind = r % 13u;
    /* kinds: 5 T16, 3 32-bit data processing, 2 loads/stores, an IT, a
     * conditional branch, a call, return, push, pop or bx pc */
    static const uint16_t calls[] = {0x4770u /* bx lr */, 0xb510u /* push {r4, lr} */,
                                     0xbd10u /* pop {r4, pc} */, 0x4778u /* bx pc */};
    static const uint16_t ls[] = {0xf800u, 0xf810u, 0xf840u, 0xf850u};
    if (kind < 5u) {
        hw[(*p)++] = (uint16_t)((r & 16u) ? (r >> 16) & 0x3fffu : 0x4000u | ((r >> 16) & 0x3ffu));
    } else if (kind < 8u) {
        arm_insn_t in;
        uint32_t hw1, hw2;
        do { /* the data-processing spaces have unallocated opcodes */
            r = bt_rand(s);
            hw1 = (r & 16u) ? 0xea00u | ((r >> 16) & 0x1ffu) : 0xf000u | ((r >> 16) & 0x5ffu);
            hw2 = bt_rand(s) & 0x7fffu;
            arm_decode_t32(hw1, hw2, BT_TEXT, &in);
        } while (in.op == ARM_OP_UNDEF);
        hw[(*p)++] = (uint16_t)hw1;
        hw[(*p)++] = (uint16_t)hw2;
    } else if (kind < 10u || !flow) {
        uint32_t imm12 = r & 32u;
        hw[(*p)++] = (uint16_t)(ls[(r >> 6) & 3u] | (imm12 ? 0x80u : 0u) | ((r >> 8) & 15u));
        hw[(*p)++] = (uint16_t)(imm12 ? r2 & 0xf3ffu : (r2 & 0xf000u) | (r2 & 0x3fu));
    } else if (kind == 10u) {
        hw[(*p)++] = (uint16_t)(0xbf00u | ((r >> 8) % 14u) << 4 | (1u + (r2 % 15u)));
    } else if (kind == 11u) {
        hw[(*p)++] = (uint16_t)(0xd000u | ((r >> 8) % 14u) << 8 | (r2 & 7u));
    } else if (r2 & 1u) {
        hw[(*p)++] = 0xf000u; /* bl, a few halfwords on */
        hw[(*p)++] = (uint16_t)(0xf800u | ((r2 >> 1) & 3u));
    } else {
        hw[(*p)++] = calls[(r2 >> 1) & 3u];
    }
}

/* One A32 instruction: data processing or a load/store under a random
 * condition, or (flow set) b/bl forward, bx lr, push {r4, lr}, pop{cond} {r4, pc}
 * or bx pc. */
static uint32_t bc_a32_insn(uint64_t *s, int flow)
{
    uint32_t r = bt_rand(s), r2 = bt_rand(s), kind = r % 16u, cond = (r2 >> 28) % 15u;
    if (kind < 6u || !flow) {
        uint32_t w = (r2 & 0x0fffffffu) & ((kind & 1u) ? 0x05ffffffu : 0x03ffffffu);
        w |= (kind & 1u) ? 0x04000000u : 0u;
        if ((w & 0x0e000010u) == 0x06000010u || (w & 0x0e000090u) == 0x00000090u)
            w &= ~0x10u; /* media space and multiplies/extra loads: keep it plain */
        if ((w & 0x0e000000u) == 0x04000000u)
            w &= ~0xc00u; /* load/store offsets mostly within the window */
        if ((w & 0x0d800000u) == 0x01000000u)
            w |= 0x00100000u; /* TST..CMN need S (else MRS, MSR, ...) */
        return (cond << 28) | w;
    }
    switch (kind) {
    case 6: case 7: case 8: return (cond << 28) | 0x0a000000u | (r & 3u);
    case 9: case 10: return (cond << 28) | 0x0b000000u | (r & 3u);
    case 11: return 0xe12fff1eu;
    case 12: return 0xe92d4010u;
    case 13: return (cond << 28) | 0x08bd8010u;
    case 14: return 0xe12fff1fu; /* bx pc */
    default: return (cond << 28) | 0x02800001u | ((r & 7u) << 12) | ((r & 7u) << 16);
    }
}

/* Random registers, an eighth of them small, the rest into the window; random
 * flags; all else zero. */
static arm_ctx_t bc_context(uint64_t *s, uint32_t thumb)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    for (int k = 0; k < 15; k++) {
        uint32_t v = bt_rand(s);
        c.r[k] = (v & 7u) ? BT_PRIV + ((v >> 3) & 0x7fcu) : (v >> 3) & 63u;
    }
    arm_cpsr_write(&c, bt_rand(s) & 0xf0000000u, ~0u);
    c.thumb = thumb;
    c.r[15] = BT_TEXT;
    c.excl_addr = ARM_EXCL_NONE;
    return c;
}

static void bc_fill(uint64_t fill)
{
    for (uint32_t i = 0; i < BT_PRIV_SIZE / 4; i++)
        bt_priv[i] = bt_rand(&fill);
}

/* The first word of the state two contexts differ in, npc (a step's
 * scratch) aside, or -1. Words 0-15 are r0-r15, 16 the flags (nzcv), 17 the cpsr. */
static int bc_differs(arm_ctx_t a, arm_ctx_t b)
{
    a.npc = b.npc = 0;
    const uint32_t *x = (const uint32_t *)&a, *y = (const uint32_t *)&b;
    for (int i = 0; i < (int)ARM_CTX_WORDS; i++)
        if (x[i] != y[i])
            return i;
    return -1;
}

/* The reference: up to max full steps of *b over memory filled from fill.
 * Returns the steps taken, the faulting one included. */
static uint32_t bc_reference(arm_ctx_t *b, uint32_t max, uint64_t fill)
{
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    uint32_t k = 0;
    bc_fill(fill);
    while (k < max && b->sys.status == SIM_RUNNING) {
        arm_step(b, &img, &m, 0);
        k++;
    }
    return k;
}

/* Runs c with arm_run(budget) and with single steps from the same memory;
 * expects the same context, icount and memory. Returns the final status. */
static uint32_t bc_compare_run(const arm_ctx_t *c, uint32_t budget, uint64_t fill, int t)
{
    static uint32_t mem_a[BT_PRIV_SIZE / 4];
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t a = *c, b = *c;
    bc_fill(fill);
    uint64_t n = arm_run(&a, &img, &m, 0, budget);
    memcpy(mem_a, bt_priv, sizeof mem_a);
    uint64_t k = bc_reference(&b, budget, fill);
    if (b.sys.status == SIM_FAULTED)
        k--; /* a faulting instruction does not retire */
    sim_set_icount(&b.sys, k);
    cr_expect_eq(n, k, "program %d: arm_run ran %lu, the steps %lu", t, (unsigned long)n,
                 (unsigned long)k);
    int w = bc_differs(a, b), same = w < 0 && memcmp(mem_a, bt_priv, sizeof mem_a) == 0;
    cr_expect(same, "program %d (budget %u): arm_run and single steps differ in word %d (pc %#x / %#x)",
              t, budget, w, a.r[15], b.r[15]);
    return same ? a.sys.status : 99u;
}

/* A random T32 program at BT_TEXT, IT blocks at least four instructions
 * apart, then b . to the end of the text. */
static void bc_load_t32(uint64_t *seed)
{
    uint16_t hw[BC_HALFWORDS + 1];
    uint32_t p = 0, len = 8u + bt_rand(seed) % 48u;
    int since_flow = 4;
    while (p < len) {
        bc_t32_insn(seed, hw, &p, since_flow >= 4);
        since_flow = (hw[p - 1] & 0xff00u) == 0xbf00u ? 0 : since_flow + 1;
    }
    for (; p <= BC_HALFWORDS; p++)
        hw[p] = 0xe7feu; /* b . */
    for (uint32_t i = 0; i < BC_HALFWORDS; i++)
        arm_decode_t32(hw[i], hw[i + 1], BT_TEXT + 2u * i, &bt_t32[i]);
    arm_prepare_records(bt_t32, BC_HALFWORDS, 1, BT_TEXT);
    /* a `bx pc` goes to A32 at the next word: b . there, not what an
     * earlier test left */
    for (uint32_t i = 0; i < BT_WORDS; i++)
        arm_decode_a32(0xeafffffeu, BT_TEXT + 4u * i, &bt_a32[i]);
    arm_prepare_records(bt_a32, BT_WORDS, 2, BT_TEXT);
}

static void bc_load_a32(uint64_t *seed)
{
    uint32_t n = 4u + bt_rand(seed) % (BT_WORDS - 5u);
    for (uint32_t i = 0; i < BT_WORDS; i++) {
        uint32_t w = i < n ? bc_a32_insn(seed, 1) : 0xeafffffeu; /* b . */
        arm_decode_a32(w, BT_TEXT + 4u * i, &bt_a32[i]);
    }
    arm_prepare_records(bt_a32, BT_WORDS, 2, BT_TEXT);
}

/* 600 random programs of one instruction set, each run with a random
 * budget both ways; enough of them fault, and enough run long. */
static void bc_run_programs(uint32_t thumb, uint64_t seed)
{
    int faults = 0, long_runs = 0;
    for (int t = 0; t < 600; t++) {
        if (thumb)
            bc_load_t32(&seed);
        else
            bc_load_a32(&seed);
        arm_ctx_t c = bc_context(&seed, thumb);
        uint32_t budget = 1u + bt_rand(&seed) % 90u;
        uint32_t st = bc_compare_run(&c, budget, bt_rand(&seed), t);
        if (st == 99u)
            break;
        faults += st == SIM_FAULTED;
        long_runs += st == SIM_RUNNING && budget > 40u;
    }
    cr_expect(faults > 30 && faults < 570, "%d of 600 programs faulted", faults);
    cr_expect_gt(long_runs, 30, "only %d programs ran past 40 instructions", long_runs);
}

/* BX between the instruction sets inside one run: A32 bx r0 into Thumb code,
 * whose bx r6 comes back to A32; each leaves the chained path of its set. */
Test(arm_chained, bx_changes_instruction_set)
{
    static const uint16_t hw[] = {
        0x0009, 0xe28f, /* 8000: add r0, pc, #9 (0x8011: Thumb at 0x8010) */
        0xff10, 0xe12f, /* 8004: bx r0 */
        0xfffe, 0xeaff, /* 8008: b . */
        0xfffe, 0xeaff, /* 800c: b . */
        0x2501,         /* 8010: movs r5, #1 */
        0xa602,         /* 8012: adr r6, 0x801c (A32) */
        0x4730,         /* 8014: bx r6 */
        0xbf00,         /* 8016: nop */
        0xfffe, 0xeaff, /* 8018: b . */
        0x7002, 0xe3a0, /* 801c: mov r7, #2 */
    };
    uint16_t text[BC_HALFWORDS + 1];
    for (uint32_t i = 0; i <= BC_HALFWORDS; i++) /* b . after the program */
        text[i] = i < sizeof hw / 2 ? hw[i] : (i & 1u) ? 0xeaffu : 0xfffeu;
    for (uint32_t i = 0; i < BT_WORDS; i++)
        arm_decode_a32(text[2 * i] | (uint32_t)text[2 * i + 1] << 16, BT_TEXT + 4u * i, &bt_a32[i]);
    for (uint32_t i = 0; i < BC_HALFWORDS; i++)
        arm_decode_t32(text[i], text[i + 1], BT_TEXT + 2u * i, &bt_t32[i]);
    arm_prepare_records(bt_a32, BT_WORDS, 2, BT_TEXT);
    arm_prepare_records(bt_t32, BC_HALFWORDS, 1, BT_TEXT);
    uint64_t seed = 5;
    arm_ctx_t c = bc_context(&seed, 0), a = c;
    cr_assert_eq(bc_compare_run(&c, 40, 7, 0), SIM_RUNNING);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_run(&a, &img, &m, 0, 40);
    cr_expect_eq(a.r[5], 1u, "the Thumb code ran");
    cr_expect_eq(a.r[7], 2u, "the A32 code after it ran");
    cr_expect_eq(a.thumb, 0u);
    cr_expect_eq(a.r[15], BT_TEXT + 0x20u, "stopped on the b . after mov r7");
}

Test(arm_chained, t32_programs_match_single_steps) { bc_run_programs(1, 11); }
Test(arm_chained, a32_programs_match_single_steps) { bc_run_programs(0, 12); }

/* The CUDA kernel's fast path, on the CPU: k records of a random
 * straight-line block through arm_run_straight leave what k steps leave. */
static void bc_compare_straight(uint32_t thumb, uint64_t seed)
{
    static uint32_t mem_a[BT_PRIV_SIZE / 4];
    int compared = 0;
    for (int t = 0; t < 400; t++) {
        uint16_t hw[BC_HALFWORDS + 1];
        uint32_t p = 0;
        for (uint32_t i = 0; i < BT_WORDS; i++) {
            uint32_t w = bc_a32_insn(&seed, 0);
            arm_decode_a32(i < BT_WORDS - 1u ? w : 0xeafffffeu, BT_TEXT + 4u * i, &bt_a32[i]);
        }
        while (p < BC_HALFWORDS - 3u)
            bc_t32_insn(&seed, hw, &p, 0);
        for (; p <= BC_HALFWORDS; p++)
            hw[p] = 0xe7feu;
        for (uint32_t i = 0; i < BC_HALFWORDS; i++)
            arm_decode_t32(hw[i], hw[i + 1], BT_TEXT + 2u * i, &bt_t32[i]);
        arm_prepare_records(bt_a32, BT_WORDS, 2, BT_TEXT);
        arm_prepare_records(bt_t32, BC_HALFWORDS, 1, BT_TEXT);
        const arm_insn_t *in = thumb ? bt_t32 : bt_a32;
        if (in->run < 2u)
            continue;
        uint32_t k = 1u + bt_rand(&seed) % (in->run - 1u);
        arm_ctx_t c = bc_context(&seed, thumb), a = c, b = c;
        uint64_t fill = bt_rand(&seed);
        sim_mem_t m = bt_mem(), mm = sim_mem_for_core(&m, 0);
        bc_fill(fill);
        uint32_t pc = BT_TEXT, j = arm_run_straight(&a, &in, thumb, &mm, 0, &pc, k, 0);
        a.r[15] = pc; /* arm_run's job after the fast path */
        memcpy(mem_a, bt_priv, sizeof mem_a);
        uint32_t steps = bc_reference(&b, k, fill);
        cr_expect_eq(j, steps, "block %d: %u records run, %u steps", t, j, steps);
        int w = bc_differs(a, b), same = w < 0 && memcmp(mem_a, bt_priv, sizeof mem_a) == 0;
        cr_expect(same, "%s block %d, %u records: arm_run_straight and single steps differ in word %d",
                  thumb ? "T32" : "A32", t, k, w);
        if (!same)
            break;
        compared++;
    }
    cr_expect_gt(compared, 200, "only %d blocks compared", compared);
}

Test(arm_chained, kernel_fast_path_matches_single_steps_a32) { bc_compare_straight(0, 21); }
Test(arm_chained, kernel_fast_path_matches_single_steps_t32) { bc_compare_straight(1, 22); }
