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
    cr_expect_eq(bt_t32[0].rd, 0x5u, "then: record 0, and the bit above the last");
    cr_expect_eq(bt_t32[0].rn, 0x6u, "else: record 1");
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

/* ite mi; addmi ip, r3; eorpl.w ...; movs r1, #5 inside `it eq`... run both
 * ways, N set and clear: the chained path against single steps. */
Test(arm_it_plain, both_outcomes_match_single_steps)
{
    static const uint16_t hw[] = {ITE_MI, ADDMI, EORPL_W1, EORPL_W2, 0xbf08u /* it eq */,
                                  0x2105u /* moveq r1, #5: no flags in an IT block */, ADD_R3};
    ip_load(hw, 7);
    cr_expect_eq(bt_t32[4].xop, ARM_XOP_IT_PLAIN);
    arm_image_t img = bt_image();
    sim_mem_t m = bt_mem();
    for (uint32_t flags = 0; flags < 16; flags++) {
        arm_ctx_t a = bt_context_at_text(1), b;
        a.r[3] = 0x1234u;
        a.r[6] = 7u;
        a.r[12] = 0x100u;
        arm_cpsr_write(&a, flags << 28, ~0u);
        b = a;
        cr_expect_eq(arm_run(&a, &img, &m, 0, 7), 7u);
        for (int k = 0; k < 7; k++)
            arm_step(&b, &img, &m, 0);
        cr_expect_eq(a.r[12], b.r[12], "NZCV %x: r12 %#x, single steps %#x", flags, a.r[12], b.r[12]);
        cr_expect_eq(a.r[1], b.r[1], "NZCV %x: r1", flags);
        cr_expect_eq(a.r[3], b.r[3]);
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
    arm_image_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t a = bt_context_at_text(1);
    arm_cpsr_write(&a, 0x80000000u, ~0u); /* N: the then record runs */
    a.r[3] = 3u;
    cr_expect_eq(arm_run(&a, &img, &m, 0, 2), 2u);
    cr_expect_eq(a.r[15], BT_TEXT + 4u);
    cr_expect_eq(a.r[12], 3u);
    cr_expect_eq(a.it, arm_it_advance(ITE_MI & 0xffu), "it %#x", a.it);
}
