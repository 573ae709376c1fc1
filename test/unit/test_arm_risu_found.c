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

/* One A32 word run on c (no memory), as the VFP tests below need. */
static void found_run_a32(arm_ctx_t *c, uint32_t w)
{
    static uint32_t priv[16];
    sim_mem_t m = one_core_mem(priv, 0x20000, sizeof priv);
    arm_insn_t in;
    arm_decode_a32(w, 0x8000, &in);
    c->r[15] = 0x8008u;
    c->npc = 0x8004u;
    arm_exec(c, &in, &m, 0, 0x8000, 0);
}

/* risu vfp seed 1: vmsr fpscr, r0 with bit 19 set. Bit 19 is reserved in
 * ARMv7 (ARM ARM B6.1.45, UNK/SBZP; ARMv8.2 made it FZ16): qemu-arm
 * -cpu cortex-a15 reads fff7009f back after all ones, warpsim kept it. */
Test(arm_risu_found, vmsr_keeps_no_fpscr_bit_19)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.r[0] = 0xffffffffu;
    found_run_a32(&c, 0xeee10a10u); /* vmsr fpscr, r0 */
    found_run_a32(&c, 0xeef11a10u); /* vmrs r1, fpscr */
    cr_expect_eq(c.r[1], 0xfff7009fu, "fpscr %08x", c.r[1]);
    c.r[0] = 0x00080000u;
    found_run_a32(&c, 0xeee10a10u);
    cr_expect_eq(c.fpscr, 0u);
}

/* VCVTB.F16.F32 s1, s0 under FPSCR (AHP with the given mode) */
static uint32_t found_f2h(uint32_t x, uint32_t fpscr, uint32_t *flags)
{
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.fpscr = fpscr;
    c.vfp[0] = x;
    c.vfp[1] = 0xabcd0000u;
    found_run_a32(&c, 0xeef30a40u); /* vcvtb.f16.f32 s1, s0 */
    *flags = c.fpscr & 0x9fu;
    cr_expect_eq(c.vfp[1] >> 16, 0xabcdu, "the top half kept");
    return c.vfp[1] & 0xffffu;
}

/* risu vfp/tvfp seed 1: VCVTB/VCVTT with FPSCR.AHP set converted to IEEE
 * half; ARM's alternative half precision (ARM ARM FPConvert's alt_hp, A2.7.4)
 * has exponent 31 a normal one, no infinity and no NaN. Expected values
 * from qemu-arm 7.2 -cpu cortex-a15. */
Test(arm_risu_found, vcvt_f16_under_ahp)
{
    static const uint32_t cases[][4] = { /* fpscr, f32, half, flags */
        {0x04000000u, 0x477ff000u, 0x7c00u, VFP_IXC}, /* 65520: 2^16, normal here */
        {0x04000000u, 0x47ffe000u, 0x7fffu, 0},       /* 131008, the largest */
        {0x04000000u, 0x47fff000u, 0x7fffu, VFP_IOC}, /* rounds to 2^17: too large, IOC alone */
        {0x04c00000u, 0x47fff000u, 0x7fffu, VFP_IXC}, /* toward zero: 131008, inexact */
        {0x04c00000u, 0x48000000u, 0x7fffu, VFP_IOC}, /* 2^17 toward zero: still too large */
        {0x04000000u, 0xff800000u, 0xffffu, VFP_IOC}, /* -inf: the largest negative */
        {0x04000000u, 0x7fc00001u, 0x0000u, VFP_IOC}, /* a NaN: zero of its sign */
        {0x06000000u, 0xff800001u, 0x8000u, VFP_IOC}, /* DN changes nothing */
        {0x04000000u, 0x33000001u, 0x0001u, VFP_IXC | VFP_UFC}, /* denormals as IEEE's */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t flags, h = found_f2h(cases[i][1], cases[i][0], &flags);
        cr_expect_eq(h, cases[i][2], "%08x under %08x: %04x", cases[i][1], cases[i][0], h);
        cr_expect_eq(flags, cases[i][3], "%08x under %08x: flags %02x", cases[i][1], cases[i][0], flags);
    }
    /* and back: exponent 31 is 2^16 times 1.frac (vcvtt.f32.f16 s1, s0) */
    static const uint32_t back[][2] = {{0x7c00u, 0x47800000u}, {0xffffu, 0xc7ffe000u}, {0x7e01u, 0x47c02000u},
                                       {0x0001u, 0x33800000u}};
    for (size_t i = 0; i < sizeof back / sizeof back[0]; i++) {
        arm_ctx_t c;
        memset(&c, 0, sizeof c);
        c.fpscr = 0x07000000u; /* AHP, DN, FZ */
        c.vfp[0] = back[i][0] << 16;
        found_run_a32(&c, 0xeef20ac0u); /* vcvtt.f32.f16 s1, s0 */
        cr_expect_eq(c.vfp[1], back[i][1], "%04x: %08x", back[i][0], c.vfp[1]);
        cr_expect_eq(c.fpscr, 0x07000000u, "no flags");
    }
}
