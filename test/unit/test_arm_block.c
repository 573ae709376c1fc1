/* arm_block.c and arm_run's fast path: which records end a block, the run
 * lengths, the specialised ops against their base ops (same state from the
 * same record and context, on random encodings), and the exactness of the
 * step budget and of faults inside a block. */
#include <criterion/criterion.h>
#include <string.h>

#include "unit/arm_block_fixture.h"

static arm_insn_t bt_decode(uint32_t w)
{
    arm_insn_t in;
    arm_decode_a32(w, BT_TEXT, &in);
    return in;
}

Test(arm_block, what_ends_a_block)
{
    cr_expect_not(arm_ends_block(&(arm_insn_t){0}), "an all-zero record (AND r0, r0, #0)");
    arm_insn_t add = bt_decode(0xe0810002u);  /* add r0, r1, r2 */
    arm_insn_t addpc = bt_decode(0xe08f0002u); /* add r0, pc, r2: reads r15 */
    arm_insn_t movpc = bt_decode(0xe1a0f00eu); /* mov pc, lr */
    arm_insn_t b = bt_decode(0xeafffffeu);     /* b . */
    arm_insn_t lit = bt_decode(0xe59f0004u);   /* ldr r0, [pc, #4]: address resolved */
    arm_insn_t pop = bt_decode(0xe8bd8010u);   /* pop {r4, pc} */
    arm_insn_t push = bt_decode(0xe92d4010u);  /* push {r4, lr} */
    arm_insn_t svc = bt_decode(0xef000000u);   /* svc 0 */
    cr_expect_not(arm_ends_block(&add));
    cr_expect(arm_ends_block(&addpc));
    cr_expect(arm_ends_block(&movpc));
    cr_expect(arm_ends_block(&b));
    cr_expect_not(arm_ends_block(&lit));
    cr_expect(arm_ends_block(&pop));
    cr_expect_not(arm_ends_block(&push));
    cr_expect(arm_ends_block(&svc));
}

Test(arm_block, run_lengths_count_to_the_block_end)
{
    static const uint32_t w[] = {0xe2800001u, 0xe2800001u, 0xe2800001u, 0xeafffffeu,
                                 0xe2800001u, 0xe2800001u};
    bt_load_a32(w, 6);
    cr_expect_eq(bt_a32[0].run, 4);
    cr_expect_eq(bt_a32[1].run, 3);
    cr_expect_eq(bt_a32[2].run, 2);
    cr_expect_eq(bt_a32[3].run, 1, "the branch ends its own block");
    cr_expect_eq(bt_a32[4].run, 2);
    cr_expect_eq(bt_a32[5].run, 1, "the end of the text ends a block");
}

/* B and BL carry their target's record (as an offset from theirs, which a
 * loop's back edge makes negative) for the chained path; a
 * target beyond the text has none, and the core faults there as on any
 * other path. A branch the chained path cannot follow, to no record or
 * with none after it, takes a full step (xop), so that the chained path
 * need not check the index. */
Test(arm_block, branches_know_their_target_record)
{
    static const uint32_t w[] = {0xea000001u, /* b word 3 */
                                 0xeb000000u, /* bl word 3 */
                                 0xea100000u, /* b, 4 MiB on: beyond the text */
                                 0xe12fff1eu}; /* bx lr */
    bt_load_a32(w, 4);
    cr_expect_eq(arm_target_record(&bt_a32[0]), &bt_a32[3]);
    cr_expect_eq(arm_target_record(&bt_a32[1]), &bt_a32[3]);
    cr_expect_eq(arm_target_offset(&bt_a32[2]), ARM_NO_TARGET);
    cr_expect_eq(bt_a32[0].xop, ARM_XOP_BRANCH);
    cr_expect_eq(bt_a32[1].xop, ARM_XOP_CALL);
    cr_expect_eq(bt_a32[2].xop, ARM_XOP_STEP, "no target record");
    bt_load_a32(w, 2);
    cr_expect_eq(bt_a32[1].xop, ARM_XOP_STEP, "no record after the bl");
    static const uint32_t loop[] = {0xe2800001u, 0xe2800001u, 0xeafffffcu /* b word 0 */,
                                    0xe2800001u};
    bt_load_a32(loop, 4);
    cr_expect_eq(arm_target_record(&bt_a32[2]), &bt_a32[0]);
    cr_expect_eq(bt_a32[2].xop, ARM_XOP_BRANCH);
    static const uint32_t pop[] = {0xe8bd8010u, 0xe8bd8010u}; /* pop {r4, pc} */
    bt_load_a32(pop, 2);
    cr_expect_eq(bt_a32[0].xop, ARM_XOP_POP);
    cr_expect_eq(bt_a32[1].xop, ARM_XOP_STEP, "no record after the pop");
    static const uint16_t hw[] = {0xe001u /* b.n hw 3 */, 0xbf00u, 0xbf00u, 0xe7feu, 0};
    memset(bt_t32, 0, sizeof bt_t32);
    for (uint32_t i = 0; i < 4; i++)
        arm_decode_t32(hw[i], hw[i + 1], BT_TEXT + 2u * i, &bt_t32[i]);
    arm_prepare_records(bt_t32, 4, 1, BT_TEXT);
    cr_expect_eq(arm_target_record(&bt_t32[0]), &bt_t32[3]);
    cr_expect_eq(bt_t32[0].xop, ARM_XOP_BRANCH);
    cr_expect_eq(bt_t32[3].xop, ARM_XOP_STEP, "b . is the text's last record");

    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t c = bt_context_at_text(0);
    c.r[15] = BT_TEXT + 8u;
    bt_load_a32(w, 4);
    cr_expect_eq(arm_run(&c, &img, &m, 0, 10), 1u, "the branch retires, the fetch faults");
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.r[15], bt_a32[2].imm);
}

/* T32 encodings leave 1111 in fields their op ignores (TST.W's Rd, MOV.W's
 * Rn, MUL's Ra): not a use of the PC, so no block ends there, before or
 * after the record is specialised. */
Test(arm_block, t32_ignored_pc_fields_do_not_end_blocks)
{
    static const uint16_t hw[] = {0xf016, 0x0f40,  /* tst.w r6, #64 */
                                  0xfb06, 0xf407,  /* mul.w r4, r6, r7 */
                                  0xea4f, 0x0bb9,  /* ror.w fp, r9, #2 (mov.w) */
                                  0xea97, 0x1f08,  /* teq.w r7, r8, lsl #4 */
                                  0xe7fe};         /* b . */
    memset(bt_t32, 0, sizeof bt_t32);
    for (uint32_t i = 0; i < 9; i++)
        arm_decode_t32(hw[i], i + 1 < 9 ? hw[i + 1] : 0, BT_TEXT + 2u * i, &bt_t32[i]);
    for (uint32_t i = 0; i < 8; i += 2)
        cr_expect_not(arm_ends_block(&bt_t32[i]), "%s ends a block", arm_op_names[bt_t32[i].op]);
    arm_prepare_records(bt_t32, 9, 1, BT_TEXT);
    cr_expect_eq(bt_t32[0].run, 5);
    cr_expect_eq(bt_t32[2].run, 4);
    cr_expect_eq(bt_t32[6].run, 2);
}

/* Ten adds and a branch to itself: every budget stops exactly there. */
Test(arm_block, budget_is_exact_inside_a_block)
{
    uint32_t w[11];
    for (int i = 0; i < 10; i++)
        w[i] = 0xe2800001u; /* add r0, r0, #1 */
    w[10] = 0xeafffffeu;    /* b . */
    bt_load_a32(w, 11);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    for (uint32_t max = 1; max <= 14; max++) {
        arm_ctx_t c;
        memset(&c, 0, sizeof c);
        c.r[15] = BT_TEXT;
        cr_expect_eq(arm_run(&c, &img, &m, 0, max), max);
        uint32_t adds = max < 10 ? max : 10;
        cr_expect_eq(c.r[0], adds, "budget %u", max);
        cr_expect_eq(c.r[15], BT_TEXT + 4u * adds, "budget %u", max);
        cr_expect_eq(sim_icount(&c.sys), max);
    }
}

/* A load that faults in the middle of a block: the adds before it count,
 * the core stops on it with its registers as they were. */
Test(arm_block, fault_inside_a_block_stops_on_the_instruction)
{
    static const uint32_t w[] = {0xe2800001u, 0xe2800001u, 0xe5921000u, /* ldr r1, [r2] */
                                 0xe2800001u, 0xeafffffeu};
    bt_load_a32(w, 5);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t c = bt_context_at_text(0);
    c.r[1] = 77;
    c.r[2] = 0x40u; /* unmapped */
    cr_expect_eq(arm_run(&c, &img, &m, 0, 100), 2u);
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.r[15], BT_TEXT + 8u);
    cr_expect_eq(c.sys.fault_pc, BT_TEXT + 8u, "fault pc %#x", c.sys.fault_pc);
    cr_expect_eq(c.sys.fault_addr, 0x40u);
    cr_expect_eq(c.r[0], 2u);
    cr_expect_eq(c.r[1], 77u);
}

/* The chained path takes a word access anywhere inside the window in one
 * host access, aligned or not (ARMv7 lets LDR and STR be unaligned): the
 * same bytes as the slow path's one by one; one that runs past the
 * window's end faults, as the slow path does, with nothing written. */
Test(arm_block, unaligned_and_straddling_words_on_the_fast_path)
{
    static const uint32_t w[] = {0xe5910001u,  /* ldr r0, [r1, #1] */
                                 0xe5810007u,  /* str r0, [r1, #7] */
                                 0xe5d13008u,  /* ldrb r3, [r1, #8] */
                                 0xe5825000u,  /* str r5, [r2] */
                                 0xe5924000u,  /* ldr r4, [r2] */
                                 0xeafffffeu,  /* b . */
                                 0xe1a00000u}; /* nop */
    uint8_t *bytes = (uint8_t *)bt_priv;
    for (uint32_t i = 0; i < BT_PRIV_SIZE; i++)
        bytes[i] = (uint8_t)(i * 7u + 1u);
    bt_load_a32(w, 7);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t c = bt_context_at_text(0);
    c.r[1] = BT_PRIV + 0x20u;
    c.r[2] = BT_PRIV + BT_PRIV_SIZE - 2u; /* two bytes in, two past the end */
    c.r[4] = 44u;
    c.r[5] = 0xa5a5a5a5u;
    uint32_t want = 0;
    for (uint32_t k = 0; k < 4u; k++)
        want |= (uint32_t)bytes[0x21u + k] << (8u * k);
    cr_expect_eq(arm_run(&c, &img, &m, 0, 100), 3u, "the three before the faulting store");
    cr_expect_eq(c.r[0], want, "unaligned load: %#x, want %#x", c.r[0], want);
    for (uint32_t k = 0; k < 4u; k++)
        cr_expect_eq(bytes[0x27u + k], (uint8_t)(want >> (8u * k)), "unaligned store, byte %u", k);
    cr_expect_eq(c.r[3], (want >> 8) & 0xffu, "a byte of the unaligned store");
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.sys.fault_addr, BT_PRIV + BT_PRIV_SIZE - 2u);
    cr_expect_eq(c.r[15], BT_TEXT + 12u, "stopped on the store");
    cr_expect_eq(c.sys.fault_pc, BT_TEXT + 12u);
    cr_expect_eq(bytes[BT_PRIV_SIZE - 2u], (uint8_t)((BT_PRIV_SIZE - 2u) * 7u + 1u),
                 "the faulting store wrote nothing");
    c = bt_context_at_text(0);
    c.r[2] = BT_PRIV + BT_PRIV_SIZE - 3u;
    c.r[4] = 44u;
    c.r[15] = BT_TEXT + 16u;
    cr_expect_eq(arm_run(&c, &img, &m, 0, 100), 0u, "the load faults");
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.r[4], 44u, "a faulting load leaves its register");
}

/* Run one record from context *c over private memory filled from `seed`,
 * on the chained path, dispatched by xop (its fast form, or its op): the
 * record heads a block of two, whose second is a `b .` (after which a nop,
 * so that it chains). Returns the state after it and the memory in *mem. */
static arm_ctx_t bt_step_one(const arm_insn_t *in, uint32_t xop, const arm_ctx_t *c, uint32_t thumb,
                             uint64_t seed, uint32_t *mem)
{
    arm_ctx_t out = *c;
    memset(bt_a32, 0, sizeof bt_a32);
    memset(bt_t32, 0, sizeof bt_t32);
    for (uint32_t i = 0; i < BT_PRIV_SIZE / 4; i++)
        bt_priv[i] = bt_rand(&seed);
    uint32_t next = thumb ? arm_len(in) / 2u : 1u;
    if (thumb) {
        arm_decode_t32(0xe7feu, 0xbf00u, BT_TEXT + 2u * next, &bt_t32[next]);         /* b . */
        arm_decode_t32(0xbf00u, 0, BT_TEXT + 2u * next + 2u, &bt_t32[next + 1u]);      /* nop */
        arm_prepare_range(bt_t32, next + 2u, next, next + 2u, 1, BT_TEXT, 0);
        bt_t32[0] = *in;
    } else {
        arm_decode_a32(0xeafffffeu, BT_TEXT + 4u, &bt_a32[1]);
        arm_decode_a32(0xe1a00000u, BT_TEXT + 8u, &bt_a32[2]);
        arm_prepare_range(bt_a32, 3, 1, 3, 2, BT_TEXT, 0);
        bt_a32[0] = *in;
    }
    arm_insn_t *head = thumb ? &bt_t32[0] : &bt_a32[0];
    head->run = 2;
    head->xop = (uint16_t)xop;
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    out.thumb = thumb;
    out.r[15] = BT_TEXT;
    arm_run(&out, &img, &m, 0, 2);
    memcpy(mem, bt_priv, sizeof bt_priv);
    return out;
}

/* A random halfword or signed load or store (LDRH, STRH, LDRSB, LDRSH),
 * immediate offset: A32 (often [rn, #+imm]), T32 .W imm12 or T16 imm5. */
static arm_insn_t bt_random_half(uint32_t r, uint32_t r2, uint32_t thumb)
{
    arm_insn_t in;
    if (thumb && (r & 8u)) {
        static const uint16_t ops[] = {0xf8a0u, 0xf8b0u, 0xf990u, 0xf9b0u}; /* STRH LDRH LDRSB LDRSH */
        arm_decode_t32(ops[r & 3u] | ((r >> 4) & 15u), r2 & 0xffffu, BT_TEXT, &in);
    } else if (thumb) {
        arm_decode_t32(((r & 1u) ? 0x8800u : 0x8000u) | ((r >> 4) & 0x7ffu), 0, BT_TEXT, &in);
    } else {
        static const uint32_t sh[] = {0x00000b0u, 0x01000b0u, 0x01000d0u, 0x01000f0u};
        uint32_t w = 0xe0400000u | sh[r & 3u] | (r2 & 0x01afff0fu); /* P U W, Rn Rt imm8 */
        if (r & 4u)
            w = (w | 0x01800000u) & ~0x00200000u;
        arm_decode_a32(w, BT_TEXT, &in);
    }
    return in;
}

/* A random encoding: data processing (mem 0), a single load/store of a
 * word or byte (mem 1), A32 or 32-bit T32, or of a halfword or signed
 * byte (mem 2). */
static arm_insn_t bt_random_insn(uint64_t *seed, uint32_t thumb, uint32_t mem)
{
    uint32_t r = bt_rand(seed), r2 = bt_rand(seed);
    arm_insn_t in;
    if (mem == 2u)
        return bt_random_half(r, r2, thumb);
    if (thumb && !mem) {
        /* shifted register (0xea/0xeb) or modified immediate */
        uint32_t hw1 = (r & 1u) ? 0xea00u | ((r >> 1) & 0x1ffu) : 0xf000u | ((r >> 1) & 0x5ffu);
        arm_decode_t32(hw1, r2 & 0x7fffu, BT_TEXT, &in);
    } else if (thumb) {
        /* LDR/STR/LDRB/STRB.W: imm12 (0xf8[89cd]x) or register (0xf8[015]x, imm2 shift) */
        static const uint16_t ops[] = {0xf800u, 0xf810u, 0xf840u, 0xf850u};
        uint32_t imm12 = r & 4u, hw1 = ops[r & 3u] | (imm12 ? 0x80u : 0) | ((r >> 3) & 15u);
        uint32_t hw2 = imm12 ? r2 & 0xffffu : (r2 & 0xf000u) | (r2 & 0x3fu);
        arm_decode_t32(hw1, hw2, BT_TEXT, &in);
    } else if (!mem) {
        uint32_t w = 0xe0000000u | (r & 0x03ffffffu); /* AL, data processing */
        if ((w & 0x01800000u) == 0x01000000u)
            w |= 0x00100000u; /* TST..CMN need S (else MRS, MSR, ...) */
        arm_decode_a32(w, BT_TEXT, &in);
    } else {
        uint32_t w = 0xe4000000u | (r & 0x03ffffffu); /* AL, LDR/STR/LDRB/STRB */
        if (w & 0x02000000u)
            w &= ~0x10u; /* register offset: bit 4 clear (else media) */
        if (r2 & 1u)
            w = (w | 0x01800000u) & ~0x00200000u; /* often [rn, +offset], no writeback */
        arm_decode_a32(w, BT_TEXT, &in);
    }
    return in;
}

/* The specialised form of a record leaves exactly the state (registers,
 * flags, memory, fault) its base op leaves, for random encodings and random
 * registers and flags; for loads and stores half the registers point into
 * the private window. Returns how many of the n encodings were specialised. */
static int bt_compare_forms(uint64_t seed, int n, uint32_t thumb, uint32_t mem)
{
    static uint32_t mem_a[BT_PRIV_SIZE / 4], mem_b[BT_PRIV_SIZE / 4];
    int specialised = 0;
    for (int i = 0; i < n; i++) {
        arm_insn_t in = bt_random_insn(&seed, thumb, mem);
        in.run = 2;
        uint32_t fast = arm_ends_block(&in) ? in.op : arm_thread_op(&in, 0);
        if (fast < ARM_XOP_FAST || fast >= ARM_XOP_STEP)
            continue;
        specialised++;
        uint32_t copy = (thumb && arm_len(&in) == 4u) || (!thumb && in.cond != ARM_COND_AL) ? ARM_XOP_LEN4 : 0u;
        arm_ctx_t c;
        memset(&c, 0, sizeof c);
        for (int k = 0; k < 15; k++) {
            uint32_t v = bt_rand(&seed);
            c.r[k] = !mem ? v >> (bt_rand(&seed) & 31u)
                     : (v & 1u) ? BT_PRIV + ((v >> 1) & (BT_PRIV_SIZE - 1u)) : (v >> 1) & 63u;
        }
        arm_cpsr_write(&c, bt_rand(&seed) & 0xf0000000u, ~0u);
        uint64_t fill = bt_rand(&seed);
        arm_ctx_t a = bt_step_one(&in, in.op + copy, &c, thumb, fill, mem_a);
        arm_ctx_t b = bt_step_one(&in, fast + copy, &c, thumb, fill, mem_b);
        int same = memcmp(&a, &b, sizeof a) == 0 && memcmp(mem_a, mem_b, sizeof mem_a) == 0;
        cr_expect(same, "the fast form %u differs from its base op %s", fast - ARM_XOP_FAST,
                  arm_op_names[in.op]);
        if (!same)
            break;
    }
    return specialised;
}

Test(arm_block, specialised_forms_match_their_base_ops_a32)
{
    int k = bt_compare_forms(1, 20000, 0, 0);
    cr_expect_gt(k, 5000, "only %d of 20000 encodings were specialised", k);
}

Test(arm_block, specialised_forms_match_their_base_ops_t32)
{
    int k = bt_compare_forms(2, 20000, 1, 0);
    cr_expect_gt(k, 2000, "only %d of 20000 encodings were specialised", k);
}

Test(arm_block, specialised_loads_and_stores_match_their_base_ops)
{
    int a = bt_compare_forms(3, 8000, 0, 1), t = bt_compare_forms(4, 8000, 1, 1);
    cr_expect_gt(a, 1000, "A32: only %d of 8000 encodings were specialised", a);
    cr_expect_gt(t, 1000, "T32: only %d of 8000 encodings were specialised", t);
}

Test(arm_block, specialised_halfword_and_signed_loads_match_their_base_ops)
{
    int a = bt_compare_forms(5, 8000, 0, 2), t = bt_compare_forms(6, 8000, 1, 2);
    cr_expect_gt(a, 1000, "A32: only %d of 8000 encodings were specialised", a);
    cr_expect_gt(t, 1000, "T32: only %d of 8000 encodings were specialised", t);
}

/* Every op that can stop the core says so to the fast path: with the
 * registers and the immediate pointing at unmapped memory, an op that stops
 * the core when stepped alone leaves the same state when it heads a block
 * (the add after it must not run). */
Test(arm_block, every_stopping_op_stops_the_fast_path)
{
    int stopping = 0;
    for (uint32_t op = 0; op < ARM_OP_COUNT; op++) {
        arm_insn_t in = {.cond = ARM_COND_AL, .op = (uint16_t)op, .rd = 1, .rn = 2, .rm = 3,
                         .rs = 4, .flags = ARM_F_P | ARM_F_U | ARM_F_WIDE, .imm = 0x40u};
        if (arm_ends_block(&in))
            continue;
        memset(bt_a32, 0, sizeof bt_a32);
        bt_a32[0] = in;
        arm_decode_a32(0xe2800001u, BT_TEXT + 4u, &bt_a32[1]); /* add r0, r0, #1 */
        for (int i = 0; i < 2; i++) {
            bt_a32[i].run = (uint8_t)(3 - i);
            bt_a32[i].xop = (uint16_t)arm_thread_op(&bt_a32[i], 0);
        }
        /* b ., prepared as the chained path needs every record it reaches
         * (here: the text's last, a full step) */
        arm_decode_a32(0xeafffffeu, BT_TEXT + 8u, &bt_a32[2]);
        arm_prepare_records(&bt_a32[2], 1, 2, BT_TEXT + 8u);
        arm_code_t img = bt_image();
        sim_mem_t m = bt_mem();
        arm_ctx_t alone, block;
        memset(&alone, 0, sizeof alone);
        for (int r = 1; r < 15; r++)
            alone.r[r] = 0x40u;
        alone.r[15] = BT_TEXT;
        alone.excl_addr = ARM_EXCL_NONE;
        block = alone;
        arm_run(&alone, &img, &m, 0, 1);
        arm_run(&block, &img, &m, 0, 3);
        if (alone.sys.status == SIM_RUNNING)
            continue;
        stopping++;
        cr_expect(memcmp(&alone, &block, sizeof alone) == 0, "%s ran on after stopping the core",
                  arm_op_names[op]);
    }
    cr_expect_gt(stopping, 25, "only %d ops stopped on unmapped memory", stopping);
}

/* The CUDA kernel runs A32 blocks through arm_run_straight (the switch);
 * the host through the chained path (arm_chained.h), the same cases. Random blocks of
 * 20 data-processing and load/store records, half of them conditional,
 * registers mostly pointing into the window, faults included: both leave
 * the same state and memory. */
Test(arm_block, switch_and_threaded_fast_paths_agree)
{
    static uint32_t mem_a[BT_PRIV_SIZE / 4];
    uint64_t seed = 5;
    int faults = 0;
    for (int t = 0; t < 400; t++) {
        memset(bt_a32, 0, sizeof bt_a32);
        for (uint32_t i = 0; i < 20;) {
            arm_insn_t in = bt_random_insn(&seed, 0, (bt_rand(&seed) & 15u) == 0);
            uint32_t cond = bt_rand(&seed) % 30u;
            if (cond < 15u)
                in.cond = (uint8_t)cond; /* half conditional, some failing */
            if (!arm_ends_block(&in))
                bt_a32[i++] = in;
        }
        arm_decode_a32(0xeafffffeu, BT_TEXT + 80u, &bt_a32[20]); /* b . */
        arm_decode_a32(0xe1a00000u, BT_TEXT + 84u, &bt_a32[21]); /* so that b . chains */
        arm_prepare_records(bt_a32, 22, 2, BT_TEXT);
        arm_ctx_t c;
        memset(&c, 0, sizeof c);
        for (int k = 0; k < 15; k++) {
            uint32_t v = bt_rand(&seed);
            c.r[k] = (v & 3u) ? BT_PRIV + ((v >> 2) & 0xffcu) : (v >> 2) & 63u;
        }
        arm_cpsr_write(&c, bt_rand(&seed) & 0xf0000000u, ~0u);
        c.r[15] = BT_TEXT;
        uint64_t fill = bt_rand(&seed);
        arm_ctx_t a = c, b = c;
        arm_code_t img = bt_image();
        sim_mem_t m = bt_mem(), mm = sim_mem_for_core(&m, 0);

        uint64_t f = fill;
        for (uint32_t i = 0; i < BT_PRIV_SIZE / 4; i++)
            bt_priv[i] = bt_rand(&f);
        arm_run(&a, &img, &m, 0, 21); /* the 20 on the fast path, then the b . */
        memcpy(mem_a, bt_priv, sizeof bt_priv);

        f = fill;
        for (uint32_t i = 0; i < BT_PRIV_SIZE / 4; i++)
            bt_priv[i] = bt_rand(&f);
        const arm_insn_t *in = bt_a32;
        uint32_t pc = BT_TEXT, j = arm_run_straight(&b, &in, 0, &mm, 0, &pc, 20, 0);
        b.r[15] = pc; /* the b . goes back to itself */
        sim_set_icount(&b.sys, b.sys.status == SIM_FAULTED ? j - 1u : j + 1u);
        faults += b.sys.status == SIM_FAULTED;

        int same = memcmp(&a, &b, sizeof a) == 0 && memcmp(mem_a, bt_priv, sizeof mem_a) == 0;
        cr_expect(same, "block %d: the two fast paths differ", t);
        if (!same)
            break;
    }
    cr_expect(faults > 20 && faults < 380, "%d of 400 blocks faulted", faults);
}
