/* What the random instruction tester (test/risu) found: encodings warpsim
 * ran and qemu-arm did not. All are UNPREDICTABLE in the ARM ARM (should-be
 * fields set, write-back to pc, loads to pc that are no memory hint);
 * warpsim now makes them UNDEF, as qemu-arm does, while their well-formed
 * neighbours (assembled by arm-linux-gnueabi-as) still decode. */
#include <criterion/criterion.h>

#include "device/arm/arm_step.h"
#include "mem_fixture.h"

static uint32_t found_a32(uint32_t w)
{
    arm_insn_t in;
    arm_decode_a32(w, 0x10000, &in);
    return in.op;
}

static uint32_t found_t32(uint32_t w)
{
    arm_insn_t in;
    arm_decode_t32(w >> 16, w & 0xffffu, 0x10000, &in);
    return in.op;
}

/* risu a32 seed 1: tst/teq/cmp/cmn with Rd != 0000, mov/mvn with Rn != 0000,
 * mul, smul<x><y>, smulw<y> with Ra (15:12) != 0000 */
Test(arm_risu_found, a32_should_be_zero_fields)
{
    static const uint32_t bad[] = {0xe113b316, 0xe1b51c23, 0xe1721a1b, 0x01309b27, 0xe1ac1b76,
                                   0xe0101291, 0xe16013a2, 0xe12012a1};
    static const uint32_t good[][2] = {
        {0xe1130316, ARM_OP_TST_RSR},   /* tst r3, r6, lsl r3 */
        {0xe1b01c23, ARM_OP_MOV_REG},   /* lsrs r1, r3, #24 */
        {0xe1720a1b, ARM_OP_CMN_RSR},   /* cmn r2, fp, lsl sl */
        {0x01300b27, ARM_OP_TEQ_REG},   /* teqeq r0, r7, lsr #22 */
        {0xe1a01b76, ARM_OP_MOV_RSR},   /* ror r1, r6, fp */
        {0xe0100291, ARM_OP_MUL},       /* muls r0, r1, r2 */
        {0xe16003a2, ARM_OP_SMULXY},    /* smultb r0, r2, r3 */
        {0xe12002a1, ARM_OP_SMULWY},    /* smulwb r0, r1, r2 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(found_a32(bad[i]), ARM_OP_UNDEF, "0x%08x decoded as %s", bad[i],
                     arm_op_names[found_a32(bad[i])]);
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        cr_expect_eq(found_a32(good[i][0]), good[i][1], "0x%08x decoded as %s", good[i][0],
                     arm_op_names[found_a32(good[i][0])]);
}

/* risu t32 seed 1: byte and halfword loads to pc outside pld/pli/pldw and
 * the unallocated hints (qemu-arm: SIGILL, or a load that faults) */
Test(arm_risu_found, t32_loads_to_pc_that_are_no_hint)
{
    static const uint32_t bad[] = {0xf930f821, 0xf83afe01, 0xf818ff5a, 0xf83ef4d4, 0xf93dff08};
    static const uint32_t hints[] = {
        0xf891f010, /* pld [r1, #16] */
        0xf811fc08, /* pld [r1, #-8] */
        0xf811f002, /* pld [r1, r2] */
        0xf81ff004, /* pld [pc, #-4] */
        0xf991f010, /* pli [r1, #16] */
        0xf8b1f010, /* pldw [r1, #16] */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(found_t32(bad[i]), ARM_OP_UNDEF, "0x%08x decoded as %s", bad[i],
                     arm_op_names[found_t32(bad[i])]);
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++)
        cr_expect_eq(found_t32(hints[i]), ARM_OP_NOP, "0x%08x decoded as %s", hints[i],
                     arm_op_names[found_t32(hints[i])]);
}

/* risu t32 seed 1: ldrd (literal) with W = 1 (qemu-arm wrote some other
 * register back); W = 0 is the literal load */
Test(arm_risu_found, t32_ldrd_literal_with_write_back)
{
    cr_expect_eq(found_t32(0xe97f34fb), ARM_OP_UNDEF);
    cr_expect_eq(found_t32(0xe9ff8b43), ARM_OP_UNDEF);
    cr_expect_eq(found_t32(0xe8ff8b43), ARM_OP_UNDEF);
    cr_expect_eq(found_t32(0xe9df8b43), ARM_OP_LDRD_IMM); /* ldrd r8, fp, [pc, #268] */
}

/* risu a32 seed 100: ldrd r6, [pc, #78] reads a misaligned address; LDRD
 * and STRD need word alignment, qemu-arm raises SIGBUS, warpsim loaded */
Test(arm_risu_found, ldrd_strd_need_word_alignment)
{
    static uint32_t priv[64];
    static const uint32_t words[] = {0xe1c200d0u, 0xe1c200f0u}; /* ldrd r0, [r2]; strd r0, [r2] */
    sim_mem_t m = one_core_mem(priv, 0x20000, sizeof priv);
    for (uint32_t i = 0; i < 2; i++) {
        for (uint32_t off = 0; off < 4; off++) {
            arm_ctx_t c;
            arm_insn_t in;
            memset(&c, 0, sizeof c);
            c.r[2] = 0x20000 + 16u + off;
            arm_decode_a32(words[i], 0x8000, &in);
            arm_exec(&c, &in, &m, 0, 0x8000, 0);
            if (off == 0) {
                cr_expect_eq(c.sys.status, SIM_RUNNING, "0x%08x aligned", words[i]);
            } else {
                cr_expect_eq(c.sys.status, SIM_FAULTED, "0x%08x at +%u", words[i], off);
                cr_expect_eq(c.sys.fault_reason, SIM_FAULT_ALIGN);
                cr_expect_eq(c.sys.fault_addr, 0x20000 + 16u + off);
            }
        }
    }
}
