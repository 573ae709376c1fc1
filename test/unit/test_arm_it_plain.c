/* IT blocks decided at the IT (ARM_XOP_IT_PLAIN, arm_block.c and
 * arm_chained.h): which IT records get it, and what the chained path then
 * does with either outcome of the first condition, against single steps. */
#include <criterion/criterion.h>

#include "unit/arm_block_fixture.h"

#define ITE_MI 0xbf4cu   /* ite mi */
#define ADDMI 0x449cu    /* add ip, r3 (no flags) */
#define EORPL_W1 0xea8cu /* eor.w ip, ip, r3, lsl #3 */
#define EORPL_W2 0x0cc3u
#define ADD_R3 0x4433u   /* add r3, r6 */
#define B_SELF 0xe7feu   /* b . */
#define ITE_PL 0xbf54u   /* ite pl */
#define ITTE_NE 0xbf1au  /* itte ne */
#define ADDNE 0x1989u    /* add r1, r1, r6 (adds outside IT blocks) */
#define EORNE_W1 0xea81u /* eor.w r1, r1, r6, ror #7 */
#define EORNE_W2 0x11f6u
#define MOVEQ 0x2109u    /* mov r1, #9 (movs outside IT blocks) */
#define ITET_CS 0xbf2au  /* itet cs */
#define ADDCS 0x185bu    /* add r3, r3, r1 (adds outside) */
#define ADDCC 0x199bu    /* add r3, r3, r6 (adds outside) */
#define ADDCS_W1 0xf103u /* add.w r3, r3, #1 */
#define ADDCS_W2 0x0301u

/* Decode the halfwords at BT_TEXT, the rest of the text `b .`. */
static void ip_load(const uint16_t *hw, uint32_t n)
{
    uint16_t all[2 * BT_WORDS + 1];
    for (uint32_t i = 0; i <= 2 * BT_WORDS; i++)
        all[i] = i < n ? hw[i] : B_SELF;
    for (uint32_t i = 0; i < 2 * BT_WORDS; i++)
        arm_decode_t32(all[i], all[i + 1], BT_TEXT + 2u * i, &bt_t32[i]);
    arm_prepare_records(bt_t32, 2 * BT_WORDS, 1, BT_TEXT);
}

Test(arm_it_plain, which_it_blocks_are_decided_at_the_it)
{
    static const uint16_t ite[] = {ITE_MI, ADDMI, EORPL_W1, EORPL_W2, ADD_R3};
    ip_load(ite, 5);
    cr_expect_eq(bt_t32[0].xop, ARM_XOP_IT_PLAIN);
    cr_expect_eq(bt_t32[0].rd, ARM_IT_ONE | ARM_IT_ONE_RUNS | ARM_IT_ONE_SKIP,
                 "then: record 0 runs (0 bytes on), record 1 is skipped");
    cr_expect_eq(bt_t32[0].rn, ARM_IT_ONE | ARM_IT_ONE_RUNS | 16u,
                 "else: record 1 runs, one 16-bit instruction on");
    static const uint16_t it_wide[] = {0xbf48u /* it mi */, EORPL_W1, EORPL_W2, ADD_R3};
    ip_load(it_wide, 4);
    cr_expect_eq(bt_t32[0].rd, ARM_IT_ONE | ARM_IT_ONE_RUNS);
    cr_expect_eq(bt_t32[0].rn, ARM_IT_ONE | 32u, "else: none runs, on past the 32-bit one");
    static const uint16_t itte[] = {ITTE_NE, ADDNE, EORNE_W1, EORNE_W2, MOVEQ, ADD_R3};
    ip_load(itte, 6);
    cr_expect_eq(bt_t32[0].xop, ARM_XOP_IT_PLAIN);
    cr_expect_eq(bt_t32[0].rd, 0xbu, "then: records 0 and 1, and the bit above the last");
    cr_expect_eq(bt_t32[0].rn, 0xcu, "else: record 2");
    static const uint16_t others[][2] = {
        {0x6818u, 0},      /* ldrmi r0, [r3]: may fault */
        {0x2a00u, 0},      /* cmpmi r2, #0: sets flags */
        {0xf110u, 0x0001u} /* addsmi.w r0, r0, #1: sets flags */
    };
    for (int k = 0; k < 3; k++) {
        uint16_t hw[] = {0xbf48u /* it mi */, others[k][0], others[k][1], ADD_R3};
        ip_load(hw, others[k][1] ? 4 : 3);
        cr_expect_eq(bt_t32[0].xop, ARM_XOP_IT, "it mi; %#x", others[k][0]);
    }
    static const uint16_t at_end[] = {0xbf48u, 0x4770u /* bxmi lr */};
    ip_load(at_end, 2);
    cr_expect_eq(bt_t32[0].xop, ARM_XOP_IT, "a covered record ends the block");
}

/* IT blocks of both kinds (IT and ITE, where one record at most runs; the
 * others, bit masks) with 16- and 32-bit records, T16 ops that set flags
 * outside IT blocks among them, run every way NZCV can take them: the
 * chained path against single steps. */
Test(arm_it_plain, both_outcomes_match_single_steps)
{
    static const uint16_t hw[] = {
        ITE_MI, ADDMI, EORPL_W1, EORPL_W2,                    /* ite mi */
        0xbf08u /* it eq */, 0x2105u /* moveq r1, #5 */,       /* it eq */
        ITE_PL, EORPL_W1, EORPL_W2, ADDMI,                    /* ite pl, 32-bit first */
        ITTE_NE, ADDNE, EORNE_W1, EORNE_W2, MOVEQ,            /* itte ne */
        ITET_CS, ADDCS, ADDCC, ADDCS_W1, ADDCS_W2, ADD_R3};   /* itet cs */
    enum { INSNS = 17 };
    ip_load(hw, sizeof hw / sizeof hw[0]);
    static const uint32_t its[] = {0, 4, 6, 10, 15};
    for (int k = 0; k < 5; k++)
        cr_expect_eq(bt_t32[its[k]].xop, ARM_XOP_IT_PLAIN, "the IT at halfword %u", its[k]);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    for (uint32_t flags = 0; flags < 16; flags++) {
        arm_ctx_t a = bt_context_at_text(1), b;
        a.r[3] = 0x1234u;
        a.r[6] = 7u;
        a.r[12] = 0x100u;
        arm_cpsr_write(&a, flags << 28, ~0u);
        b = a;
        cr_expect_eq(arm_run(&a, &img, &m, 0, INSNS), INSNS);
        for (int k = 0; k < INSNS; k++)
            arm_step(&b, &img, &m, 0);
        cr_expect_eq(a.r[12], b.r[12], "NZCV %x: r12 %#x, single steps %#x", flags, a.r[12], b.r[12]);
        cr_expect_eq(a.r[1], b.r[1], "NZCV %x: r1", flags);
        cr_expect_eq(a.r[3], b.r[3], "NZCV %x: r3 %#x, single steps %#x", flags, a.r[3], b.r[3]);
        cr_expect_eq(arm_cpsr_read(&a), arm_cpsr_read(&b), "NZCV %x: cpsr %#x, single steps %#x", flags, arm_cpsr_read(&a), arm_cpsr_read(&b));
        cr_expect_eq(a.it, 0u);
        cr_expect_eq(a.r[15], b.r[15]);
    }
}

/* A budget that ends inside the IT block: the chained path leaves the IT
 * block to arm_run's single steps with the IT state set. */
Test(arm_it_plain, a_budget_ending_in_the_block_keeps_the_it_state)
{
    static const uint16_t hw[] = {ITE_MI, ADDMI, EORPL_W1, EORPL_W2, ADD_R3};
    ip_load(hw, 5);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t a = bt_context_at_text(1);
    arm_cpsr_write(&a, 0x80000000u, ~0u); /* N: the then record runs */
    a.r[3] = 3u;
    cr_expect_eq(arm_run(&a, &img, &m, 0, 2), 2u);
    cr_expect_eq(a.r[15], BT_TEXT + 4u);
    cr_expect_eq(a.r[12], 3u);
    cr_expect_eq(a.it, arm_it_advance(ITE_MI & 0xffu), "it %#x", a.it);
}
