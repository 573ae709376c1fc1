/* arm_flags_dead.c: which flag-setting records the chained path runs
 * without setting flags (their xop), on hand-made A32 and T32 blocks that
 * end in `b .`, and the state a fault leaves behind one that is not. */
#include <criterion/criterion.h>

#include "unit/arm_block_fixture.h"

#define SUBS 0xe2500001u   /* subs r0, r0, #1 */
#define ADDS 0xe2911002u   /* adds r1, r1, #2 */
#define CMP 0xe3520000u    /* cmp r2, #0 */
#define BSELF 0xeafffffeu  /* b . */

/* The xop of record k of the A32 block w (n words). */
static uint32_t fd_xop(const uint32_t *w, uint32_t n, uint32_t k)
{
    bt_load_a32(w, n);
    return arm_xop(&bt_a32[k]);
}

Test(arm_flags_dead, overwritten_flags_are_not_set)
{
    static const uint32_t w[] = {SUBS, ADDS, CMP, BSELF};
    cr_expect_eq(fd_xop(w, 4, 0), ARM_XOP_FAST + ARM_FOP_SUB_IMM_NF);
    cr_expect_eq(fd_xop(w, 4, 1), ARM_XOP_FAST + ARM_FOP_ADD_IMM_NF);
    cr_expect_eq(fd_xop(w, 4, 2), ARM_XOP_FAST + ARM_FOP_CMP_IMM_S, "read by nothing known: the block ends");
    static const uint32_t tests[] = {CMP, 0xe3510001u /* cmp r1, #1 */, BSELF};
    cr_expect_eq(fd_xop(tests, 3, 0), ARM_OP_NOP, "a test whose flags are dead does nothing");
    static const uint32_t shifted[] = {0xe1b001a1u /* movs r0, r1, lsr #3 */, CMP, BSELF};
    cr_expect_eq(fd_xop(shifted, 3, 0), ARM_XOP_FAST + ARM_FOP_MOV_SH_NF);
    static const uint32_t mul[] = {ADDS, 0xe0060897u /* mul r6, r7, r8 */, CMP, BSELF};
    cr_expect_eq(fd_xop(mul, 4, 0), ARM_XOP_FAST + ARM_FOP_ADD_IMM_NF, "a multiply neither reads nor stops");
}

Test(arm_flags_dead, reads_stops_and_block_ends_keep_the_flags)
{
    static const uint32_t between[][2] = {
        {0xe5943000u, 0}, /* ldr r3, [r4]: may fault */
        {0x13a05001u, 0}, /* movne r5, #1: tests Z */
        {0xe0a33003u, 0}, /* adc r3, r3, r3: reads C */
        {0xe1a03063u, 0}, /* mov r3, r3, rrx: reads C */
    };
    for (int k = 0; k < 4; k++) {
        uint32_t w[] = {ADDS, between[k][0], CMP, BSELF};
        cr_expect_eq(fd_xop(w, 4, 0), ARM_XOP_FAST + ARM_FOP_ADD_IMM_S, "adds before %#x", between[k][0]);
    }
    static const uint32_t at_end[] = {ADDS, BSELF, CMP, BSELF};
    cr_expect_eq(fd_xop(at_end, 4, 0), ARM_XOP_FAST + ARM_FOP_ADD_IMM_S, "the next block may read them");
    static const uint32_t rrx[] = {0xe1b00061u /* movs r0, r1, rrx */, CMP, BSELF};
    cr_expect_eq(fd_xop(rrx, 3, 0), ARM_OP_MOV_REG, "no flagless form for RRX");
}

/* A logical op writes N and Z (and C from its shifter): it hides an
 * arithmetic op's N and Z but not its V. */
Test(arm_flags_dead, logical_ops_overwrite_n_and_z_only)
{
    static const uint32_t ands[] = {ADDS, 0xe2133001u /* ands r3, r3, #1 */, CMP, BSELF};
    cr_expect_eq(fd_xop(ands, 4, 0), ARM_XOP_FAST + ARM_FOP_ADD_IMM_NF);
    cr_expect_eq(fd_xop(ands, 4, 1), ARM_XOP_FAST + ARM_FOP_AND_IMM_NF);
    static const uint32_t v_live[] = {ADDS, 0xe2133001u, BSELF};
    cr_expect_eq(fd_xop(v_live, 3, 0), ARM_XOP_FAST + ARM_FOP_ADD_IMM_S);
    static const uint32_t c_live[] = {0xe2133001u, 0xe0a33003u /* adc */, CMP, BSELF};
    cr_expect_eq(fd_xop(c_live, 4, 0), ARM_XOP_FAST + ARM_FOP_AND_IMM_S, "its C may be read");
}

/* T16 "flags outside IT blocks" forms, the usual case in Thumb code. */
Test(arm_flags_dead, t16_flag_setting_forms)
{
    static const uint16_t hw[] = {0x3801u /* subs r0, #1 */, 0x3102u /* adds r1, #2 */,
                                  0x2a00u /* cmp r2, #0 */, 0xe7feu /* b . */, 0, 0};
    memset(bt_t32, 0, sizeof bt_t32);
    for (uint32_t i = 0; i < 5; i++)
        arm_decode_t32(hw[i], hw[i + 1], BT_TEXT + 2u * i, &bt_t32[i]);
    arm_prepare_records(bt_t32, 5, 1, BT_TEXT);
    cr_expect_eq(arm_xop(&bt_t32[0]), ARM_XOP_FAST + ARM_FOP_SUB_IMM_NF);
    cr_expect_eq(arm_xop(&bt_t32[1]), ARM_XOP_FAST + ARM_FOP_ADD_IMM_NF);
    cr_expect_eq(arm_xop(&bt_t32[2]), ARM_XOP_FAST + ARM_FOP_CMP_IMM_S);
    cr_expect_eq(bt_t32[0].op, ARM_OP_SUB_IMM, "the op stays as decoded for the other paths");
}

/* A load that faults between a flag setter and the test that would have
 * overwritten its flags: the core stops with the setter's flags. */
Test(arm_flags_dead, a_fault_sees_the_flags_of_the_records_before_it)
{
    static const uint32_t w[] = {0xe2911001u /* adds r1, r1, #1 */, 0xe5943000u, CMP, BSELF};
    bt_load_a32(w, 4);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t c = bt_context_at_text(0);
    c.r[1] = 0xffffffffu; /* adds gives 0: Z and C */
    c.r[4] = 0x40u;       /* unmapped */
    cr_expect_eq(arm_run(&c, &img, &m, 0, 100), 1u);
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(arm_cpsr_read(&c) & 0xf0000000u, 0x60000000u, "cpsr %#x", arm_cpsr_read(&c));
}
