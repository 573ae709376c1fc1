/* The accesses ARMv7 wants word aligned whatever SCTLR.A says (ARM ARM
 * A3.2.1): LDM, STM (PUSH, POP), VLDR, VSTR, VLDM, VSTM, as LDRD and STRD
 * (test_arm_risu_found.c). qemu-arm raises SIGBUS for each at a misaligned
 * address (Linux on ARMv7 would fix them up in its alignment trap); warpsim
 * stops the core with an ALIGN fault at that address, nothing moved, and
 * still lets LDR and STR be unaligned. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"
#include "mem_fixture.h"

static uint32_t align_priv[64];

/* word at base + off (r2), run once; the core's status after */
static arm_ctx_t align_run(uint32_t word, uint32_t off)
{
    sim_mem_t m = one_core_mem(align_priv, 0x20000, sizeof align_priv);
    arm_ctx_t c;
    arm_insn_t in;
    memset(&c, 0, sizeof c);
    for (uint32_t i = 0; i < 64; i++)
        align_priv[i] = 0x11111111u * (i & 15u);
    c.r[0] = 0xaaaaaaaau;
    c.r[1] = 0xbbbbbbbbu;
    c.r[2] = 0x20000 + 64u + off;
    c.r[15] = 0x8008u;
    c.npc = 0x8004u;
    arm_decode_a32(word, 0x8000, &in);
    cr_assert_neq(in.op, ARM_OP_UNDEF, "0x%08x", word);
    arm_exec(&c, &in, &m, 0, 0x8000, 0);
    return c;
}

Test(arm_align, block_and_vfp_transfers_need_word_alignment)
{
    static const uint32_t words[] = {
        0xe8920003u, /* ldm r2, {r0, r1} */
        0xe8820003u, /* stm r2, {r0, r1} */
        0xe8b20003u, /* ldm r2!, {r0, r1} */
        0xe9220003u, /* stmdb r2!, {r0, r1} (push's form) */
        0xed920a00u, /* vldr s0, [r2] */
        0xed820b00u, /* vstr d0, [r2] */
        0xecb20b04u, /* vldmia r2!, {d0-d1} */
        0xed220a02u, /* vstmdb r2!, {s0-s1} (vpush's form) */
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        for (uint32_t off = 0; off < 4; off++) {
            arm_ctx_t c = align_run(words[i], off);
            if (off == 0) {
                cr_expect_eq(c.sys.status, SIM_RUNNING, "0x%08x aligned", words[i]);
                continue;
            }
            cr_expect_eq(c.sys.status, SIM_FAULTED, "0x%08x at +%u", words[i], off);
            cr_expect_eq(c.sys.fault_reason, SIM_FAULT_ALIGN, "0x%08x at +%u", words[i], off);
            cr_expect_eq(c.r[2], 0x20000 + 64u + off, "0x%08x: the base kept", words[i]);
            cr_expect_eq(c.r[0], 0xaaaaaaaau, "0x%08x: nothing loaded", words[i]);
            cr_expect_eq(align_priv[16], 0x00000000u, "0x%08x: nothing stored", words[i]);
            cr_expect_eq(align_priv[17], 0x11111111u, "0x%08x: nothing stored", words[i]);
        }
}

Test(arm_align, ldr_and_str_stay_unaligned)
{
    arm_ctx_t c = align_run(0xe5920000u, 1); /* ldr r0, [r2] at +1 */
    cr_expect_eq(c.sys.status, SIM_RUNNING);
    cr_expect_eq(c.r[0], 0x11000000u); /* bytes 00 00 00 | 11 of the next word */
    c = align_run(0xe5821000u, 2); /* str r1, [r2] at +2 */
    cr_expect_eq(c.sys.status, SIM_RUNNING);
    cr_expect_eq(align_priv[16], 0xbbbb0000u);
    cr_expect_eq(align_priv[17], 0x1111bbbbu);
}
