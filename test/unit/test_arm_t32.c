/* The T32 decoder against the real toolchain: each case is one encoding
 * that arm-linux-gnueabi-as (-mthumb -march=armv7-a, armv7ve for sdiv/udiv)
 * produced, at the address objdump shows, with objdump's disassembly as its
 * text ("; N" is objdump's resolved address) and the whole record expected.
 * The second half checks the encoding tables themselves and that every
 * halfword decodes to a well-formed record. */
#include <criterion/criterion.h>
#include "device/arm/arm_insn.h"

#define F_S ARM_F_S
#define F_I ARM_F_ITS
#define F_C ARM_F_IMMC
#define F_P ARM_F_P
#define F_U ARM_F_U
#define F_W ARM_F_W

/* Expected record: op, rd, rn, rm, rs, shift, amount, flags (without T32), imm.
 * Unused register fields are whatever the encoding holds there (often 0 or 15). */
#define RC(o, c, d, n, m, s, sh, amt, fl, im)                                      \
    { .op = ARM_OP_##o, .cond = c, .rd = d, .rn = n, .rm = m, .rs = s,            \
      .shift = ARM_SH_##sh, .amount = amt, .flags = (fl), .imm = im }
#define R(op, rd, rn, rm, rs, sh, amt, fl, imm) RC(op, ARM_COND_AL, rd, rn, rm, rs, sh, amt, fl, imm)
/* LDM/STM: the first address's offset from the base in amount, and beside
 * the list the bytes moved and the base's write-back offset (arm_lsm_layout) */
#define LSM_FIRST(off) ((uint8_t)(int8_t)(off))
#define LSM_IMM(list, bytes, wb) ((list) | (bytes) << 16 | (uint32_t)(uint8_t)(int8_t)(wb) << 24)

typedef struct t32_case {
    const char *text;
    uint32_t addr, hw1, hw2;
    arm_insn_t want;
} t32_case_t;

static void t32_check(const t32_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const t32_case_t *c = &cases[i];
        arm_insn_t o, w = c->want;
        arm_decode_t32(c->hw1, c->hw2, c->addr, &o);
        w.flags |= ARM_F_T32;
        arm_set_len(&w, (c->hw1 >> 11) >= 0x1d ? 4 : 2);
        cr_expect_eq(o.op, w.op, "%s: op %s, want %s", c->text, arm_op_names[o.op], arm_op_names[w.op]);
        cr_expect_eq(o.cond, w.cond, "%s: cond %u, want %u", c->text, o.cond, w.cond);
        cr_expect_eq(arm_len(&o), arm_len(&w), "%s: len %u", c->text, arm_len(&o));
        cr_expect(o.rd == w.rd && o.rn == w.rn && o.rm == w.rm && o.rs == w.rs,
                  "%s: rd rn rm rs = %u %u %u %u, want %u %u %u %u", c->text, o.rd, o.rn, o.rm, o.rs, w.rd,
                  w.rn, w.rm, w.rs);
        cr_expect(o.shift == w.shift && o.amount == w.amount, "%s: shift %u #%u, want %u #%u", c->text,
                  o.shift, o.amount, w.shift, w.amount);
        cr_expect_eq(o.flags, w.flags, "%s: flags %#x, want %#x", c->text, o.flags, w.flags);
        cr_expect_eq(o.imm, w.imm, "%s: imm %#x, want %#x", c->text, o.imm, w.imm);
    }
}

#define CHECK(table) t32_check(table, sizeof table / sizeof table[0])

static const t32_case_t t16_data[] = {
    { "lsls r0, r1, #31", 0x0, 0x07c8, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSL, 31, F_S|F_I, 0x0) },
    { "lsrs r0, r1, #32", 0x2, 0x0808, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSR, 32, F_S|F_I, 0x0) },
    { "asrs r2, r3, #1", 0x4, 0x105a, 0x0000, R(MOV_REG, 2, 0, 3, 0, ASR, 1, F_S|F_I, 0x0) },
    { "movs r0, r1", 0x6, 0x0008, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "adds r0, r1, r2", 0x8, 0x1888, 0x0000, R(ADD_REG, 0, 1, 2, 0, LSL, 0, F_S|F_I, 0x0) },
    { "subs r5, r6, r7", 0xa, 0x1bf5, 0x0000, R(SUB_REG, 5, 6, 7, 0, LSL, 0, F_S|F_I, 0x0) },
    { "adds r0, r1, #7", 0xc, 0x1dc8, 0x0000, R(ADD_IMM, 0, 1, 0, 0, LSL, 0, F_S|F_I, 0x7) },
    { "subs r0, r1, #7", 0xe, 0x1fc8, 0x0000, R(SUB_IMM, 0, 1, 0, 0, LSL, 0, F_S|F_I, 0x7) },
    { "movs r0, #255", 0x10, 0x20ff, 0x0000, R(MOV_IMM, 0, 0, 0, 0, LSL, 0, F_S|F_I, 0xff) },
    { "cmp r3, #200", 0x12, 0x2bc8, 0x0000, R(CMP_IMM, 3, 3, 0, 0, LSL, 0, F_S, 0xc8) },
    { "adds r0, #255", 0x14, 0x30ff, 0x0000, R(ADD_IMM, 0, 0, 0, 0, LSL, 0, F_S|F_I, 0xff) },
    { "subs r7, #1", 0x16, 0x3f01, 0x0000, R(SUB_IMM, 7, 7, 0, 0, LSL, 0, F_S|F_I, 0x1) },
    { "ands r0, r1", 0x18, 0x4008, 0x0000, R(AND_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "eors r2, r3", 0x1a, 0x405a, 0x0000, R(EOR_REG, 2, 2, 3, 0, LSL, 0, F_S|F_I, 0x0) },
    { "lsls r0, r1", 0x1c, 0x4088, 0x0000, R(MOV_RSR, 0, 0, 0, 1, LSL, 0, F_S|F_I, 0x0) },
    { "lsrs r4, r5", 0x1e, 0x40ec, 0x0000, R(MOV_RSR, 4, 0, 4, 5, LSR, 0, F_S|F_I, 0x0) },
    { "asrs r6, r7", 0x20, 0x413e, 0x0000, R(MOV_RSR, 6, 0, 6, 7, ASR, 0, F_S|F_I, 0x0) },
    { "adcs r0, r1", 0x22, 0x4148, 0x0000, R(ADC_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "sbcs r0, r1", 0x24, 0x4188, 0x0000, R(SBC_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "rors r0, r1", 0x26, 0x41c8, 0x0000, R(MOV_RSR, 0, 0, 0, 1, ROR, 0, F_S|F_I, 0x0) },
    { "tst r0, r1", 0x28, 0x4208, 0x0000, R(TST_REG, 0, 0, 1, 0, LSL, 0, F_S, 0x0) },
    { "negs r0, r1", 0x2a, 0x4248, 0x0000, R(RSB_IMM, 0, 1, 0, 0, LSL, 0, F_S|F_I, 0x0) },
    { "cmp r0, r1", 0x2c, 0x4288, 0x0000, R(CMP_REG, 0, 0, 1, 0, LSL, 0, F_S, 0x0) },
    { "cmn r0, r1", 0x2e, 0x42c8, 0x0000, R(CMN_REG, 0, 0, 1, 0, LSL, 0, F_S, 0x0) },
    { "orrs r0, r1", 0x30, 0x4308, 0x0000, R(ORR_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "muls r1, r0", 0x32, 0x4341, 0x0000, R(MUL, 1, 0, 0, 1, LSL, 0, F_S|F_I, 0x0) },
    { "bics r0, r1", 0x34, 0x4388, 0x0000, R(BIC_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "mvns r0, r1", 0x36, 0x43c8, 0x0000, R(MVN_REG, 0, 0, 1, 0, LSL, 0, F_S|F_I, 0x0) },
    { "add r8, sp", 0x38, 0x44e8, 0x0000, R(ADD_REG, 8, 8, 13, 0, LSL, 0, 0, 0x0) },
    { "add sp, r8", 0x3a, 0x44c5, 0x0000, R(ADD_REG, 13, 13, 8, 0, LSL, 0, 0, 0x0) },
    { "add r0, pc", 0x3c, 0x4478, 0x0000, R(ADD_REG, 0, 0, 15, 0, LSL, 0, 0, 0x0) },
    { "cmp r8, r9", 0x3e, 0x45c8, 0x0000, R(CMP_REG, 8, 8, 9, 0, LSL, 0, F_S, 0x0) },
    { "mov r8, r9", 0x40, 0x46c8, 0x0000, R(MOV_REG, 8, 0, 9, 0, LSL, 0, 0, 0x0) },
    { "mov pc, lr", 0x42, 0x46f7, 0x0000, R(MOV_REG, 15, 0, 14, 0, LSL, 0, 0, 0x0) },
};

static const t32_case_t t16_memory[] = {
    { "ldr r0, [pc, #12] ; 10", 0x0, 0x4803, 0x0000, R(LDR_LIT, 0, 0, 0, 0, LSL, 0, 0, 0x10) },
    { "ldr r1, [pc, #12] ; 10", 0x2, 0x4903, 0x0000, R(LDR_LIT, 1, 0, 0, 0, LSL, 0, 0, 0x10) },
    { "ldr r0, [r1, r2]", 0x4, 0x5888, 0x0000, R(LDR_REG, 0, 1, 2, 0, LSL, 0, F_P|F_U, 0x0) },
    { "ldrsb r3, [r4, r5]", 0x6, 0x5763, 0x0000, R(LDRSB_REG, 3, 4, 5, 0, LSL, 0, F_P|F_U, 0x0) },
    { "ldrsh r3, [r4, r5]", 0x8, 0x5f63, 0x0000, R(LDRSH_REG, 3, 4, 5, 0, LSL, 0, F_P|F_U, 0x0) },
    { "strh r3, [r4, r5]", 0xa, 0x5363, 0x0000, R(STRH_REG, 3, 4, 5, 0, LSL, 0, F_P|F_U, 0x0) },
    { "ldr r0, [r1, #124]", 0xc, 0x6fc8, 0x0000, R(LDR_IMM, 0, 1, 0, 0, LSL, 0, F_P|F_U, 0x7c) },
    { "strb r0, [r1, #31]", 0xe, 0x77c8, 0x0000, R(STRB_IMM, 0, 1, 0, 0, LSL, 0, F_P|F_U, 0x1f) },
    { "ldrh r0, [r1, #62]", 0x10, 0x8fc8, 0x0000, R(LDRH_IMM, 0, 1, 0, 0, LSL, 0, F_P|F_U, 0x3e) },
    { "str r0, [sp, #1020]", 0x12, 0x90ff, 0x0000, R(STR_IMM, 0, 13, 0, 0, LSL, 0, F_P|F_U, 0x3fc) },
    { "ldr r7, [sp, #4]", 0x14, 0x9f01, 0x0000, R(LDR_IMM, 7, 13, 0, 0, LSL, 0, F_P|F_U, 0x4) },
    { "add r0, pc, #8 ; adr r0, 20", 0x16, 0xa002, 0x0000, R(MOV_IMM, 0, 0, 0, 0, LSL, 0, 0, 0x20) },
    { "add r1, pc, #16 ; adr r1, 2c", 0x18, 0xa104, 0x0000, R(MOV_IMM, 1, 0, 0, 0, LSL, 0, 0, 0x2c) },
    { "add r0, sp, #1020", 0x1a, 0xa8ff, 0x0000, R(ADD_IMM, 0, 13, 0, 0, LSL, 0, 0, 0x3fc) },
    { "add sp, #508", 0x1c, 0xb07f, 0x0000, R(ADD_IMM, 13, 13, 0, 0, LSL, 0, 0, 0x1fc) },
    { "sub sp, #508", 0x1e, 0xb0ff, 0x0000, R(SUB_IMM, 13, 13, 0, 0, LSL, 0, 0, 0x1fc) },
    { "push {r4, r5, r6, r7, lr}", 0x20, 0xb5f0, 0x0000, R(STM, 0, 13, 0, 0, LSL, LSM_FIRST(-20), F_P|F_W, LSM_IMM(0x40f0, 20, -20)) },
    { "pop {r4, pc}", 0x22, 0xbd10, 0x0000, R(LDM, 0, 13, 0, 0, LSL, LSM_FIRST(0), F_U|F_W, LSM_IMM(0x8010, 8, 8)) },
    { "stmia r0!, {r1, r2, r3}", 0x24, 0xc00e, 0x0000, R(STM, 0, 0, 0, 0, LSL, LSM_FIRST(0), F_U|F_W, LSM_IMM(0xe, 12, 12)) },
    { "ldmia r0!, {r1, r2}", 0x26, 0xc806, 0x0000, R(LDM, 0, 0, 0, 0, LSL, LSM_FIRST(0), F_U|F_W, LSM_IMM(0x6, 8, 8)) },
    { "ldmia r0, {r0, r1}", 0x28, 0xc803, 0x0000, R(LDM, 0, 0, 0, 0, LSL, LSM_FIRST(0), F_U, LSM_IMM(0x3, 8, 8)) },
};

static const t32_case_t t16_control[] = {
    { "beq.n 0 <back>", 0x0, 0xd0fe, 0x0000, RC(B, 0, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "bgt.n 3e <fwd>", 0x2, 0xdc1c, 0x0000, RC(B, 12, 0, 0, 0, 0, LSL, 0, 0, 0x3e) },
    { "b.n 0 <back>", 0x4, 0xe7fc, 0x0000, R(B, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "b.n 3e <fwd>", 0x6, 0xe01a, 0x0000, R(B, 0, 0, 0, 0, LSL, 0, 0, 0x3e) },
    { "bx lr", 0x8, 0x4770, 0x0000, R(BX, 0, 0, 14, 0, LSL, 0, 0, 0x0) },
    { "blx r3", 0xa, 0x4798, 0x0000, R(BLX_REG, 0, 0, 3, 0, LSL, 0, 0, 0x0) },
    { "cbz r0, 3e <fwd>", 0xc, 0xb1b8, 0x0000, R(CBZ, 0, 0, 0, 0, LSL, 0, 0, 0x3e) },
    { "cbnz r7, 3e <fwd>", 0xe, 0xb9b7, 0x0000, R(CBNZ, 0, 7, 0, 0, LSL, 0, 0, 0x3e) },
    { "it eq", 0x10, 0xbf08, 0x0000, R(IT, 0, 0, 0, 0, LSL, 0, 0, 0x8) },
    { "moveq r0, r1", 0x12, 0x4608, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "itte ne", 0x14, 0xbf1a, 0x0000, R(IT, 0, 0, 0, 0, LSL, 0, 0, 0x1a) },
    { "movne r0, r1", 0x16, 0x4608, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "movne r0, r1", 0x18, 0x4608, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "moveq r0, r1", 0x1a, 0x4608, 0x0000, R(MOV_REG, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "nop", 0x1c, 0xbf00, 0x0000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "yield", 0x1e, 0xbf10, 0x0000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "wfe", 0x20, 0xbf20, 0x0000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "wfi", 0x22, 0xbf30, 0x0000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "sev", 0x24, 0xbf40, 0x0000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "svc 0", 0x26, 0xdf00, 0x0000, R(SVC, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "bkpt 0x0007", 0x28, 0xbe07, 0x0000, R(BKPT, 0, 0, 0, 0, LSL, 0, 0, 0x7) },
    { "udf #3", 0x2a, 0xde03, 0x0000, R(UNDEF, 0, 0, 0, 0, LSL, 0, 0, 0xde03) },
    { "sxth r0, r1", 0x2c, 0xb208, 0x0000, R(SXTH, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "sxtb r2, r3", 0x2e, 0xb25a, 0x0000, R(SXTB, 2, 0, 3, 0, LSL, 0, 0, 0x0) },
    { "uxth r4, r5", 0x30, 0xb2ac, 0x0000, R(UXTH, 4, 0, 5, 0, LSL, 0, 0, 0x0) },
    { "uxtb r6, r7", 0x32, 0xb2fe, 0x0000, R(UXTB, 6, 0, 7, 0, LSL, 0, 0, 0x0) },
    { "rev r0, r1", 0x34, 0xba08, 0x0000, R(REV, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "rev16 r0, r1", 0x36, 0xba48, 0x0000, R(REV16, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "revsh r0, r1", 0x38, 0xbac8, 0x0000, R(REVSH, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
    { "cpsid i", 0x3a, 0xb672, 0x0000, R(UNDEF, 0, 0, 0, 0, LSL, 0, 0, 0xb672) },
    { "setend be", 0x3c, 0xb658, 0x0000, R(UNDEF, 0, 0, 0, 0, LSL, 0, 0, 0xb658) },
    { "nop", 0x3e, 0xbf00, 0x0000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
};

static const t32_case_t t32_modified_imm[] = {
    { "and.w r0, r1, #255", 0x0, 0xf001, 0x00ff, R(AND_IMM, 0, 1, 0, 0, LSL, 0, 0, 0xff) },
    { "orr.w r0, r1, #16711935", 0x4, 0xf041, 0x10ff, R(ORR_IMM, 0, 1, 0, 0, LSL, 0, 0, 0xff00ff) },
    { "orr.w r0, r1, #4278255360", 0x8, 0xf041, 0x20ff, R(ORR_IMM, 0, 1, 0, 0, LSL, 0, 0, 0xff00ff00) },
    { "eor.w r0, r1, #2880154539", 0xc, 0xf081, 0x30ab, R(EOR_IMM, 0, 1, 0, 0, LSL, 0, 0, 0xabababab) },
    { "mov.w r0, #2147483648", 0x10, 0xf04f, 0x4000, R(MOV_IMM, 0, 15, 0, 0, LSL, 0, F_C, 0x80000000) },
    { "movs.w r2, #1020", 0x14, 0xf45f, 0x727f, R(MOV_IMM, 2, 15, 0, 0, LSL, 0, F_S|F_C, 0x3fc) },
    { "mvn.w r0, #1431655765", 0x18, 0xf06f, 0x3055, R(MVN_IMM, 0, 15, 0, 0, LSL, 0, 0, 0x55555555) },
    { "mvns.w r0, #1", 0x1c, 0xf07f, 0x0001, R(MVN_IMM, 0, 15, 0, 0, LSL, 0, F_S, 0x1) },
    { "tst.w r2, #1020", 0x20, 0xf412, 0x7f7f, R(TST_IMM, 15, 2, 0, 0, LSL, 0, F_S|F_C, 0x3fc) },
    { "tst.w r2, #127", 0x24, 0xf012, 0x0f7f, R(TST_IMM, 15, 2, 0, 0, LSL, 0, F_S, 0x7f) },
    { "teq r1, #256", 0x28, 0xf491, 0x7f80, R(TEQ_IMM, 15, 1, 0, 0, LSL, 0, F_S|F_C, 0x100) },
    { "cmp.w r1, #2097152", 0x2c, 0xf5b1, 0x1f00, R(CMP_IMM, 15, 1, 0, 0, LSL, 0, F_S|F_C, 0x200000) },
    { "cmn.w r1, #1", 0x30, 0xf111, 0x0f01, R(CMN_IMM, 15, 1, 0, 0, LSL, 0, F_S, 0x1) },
    { "add.w r0, r1, #65536", 0x34, 0xf501, 0x3080, R(ADD_IMM, 0, 1, 0, 0, LSL, 0, F_C, 0x10000) },
    { "adds.w r0, r1, #1", 0x38, 0xf111, 0x0001, R(ADD_IMM, 0, 1, 0, 0, LSL, 0, F_S, 0x1) },
    { "adc.w r0, r1, #7", 0x3c, 0xf141, 0x0007, R(ADC_IMM, 0, 1, 0, 0, LSL, 0, 0, 0x7) },
    { "sbcs.w r0, r1, #7", 0x40, 0xf171, 0x0007, R(SBC_IMM, 0, 1, 0, 0, LSL, 0, F_S, 0x7) },
    { "rsb r0, r1, #4278190080", 0x44, 0xf1c1, 0x407f, R(RSB_IMM, 0, 1, 0, 0, LSL, 0, F_C, 0xff000000) },
    { "sub.w sp, sp, #1020", 0x48, 0xf5ad, 0x7d7f, R(SUB_IMM, 13, 13, 0, 0, LSL, 0, F_C, 0x3fc) },
    { "orn r0, r1, #2147483648", 0x4c, 0xf061, 0x4000, R(ORN_IMM, 0, 1, 0, 0, LSL, 0, F_C, 0x80000000) },
    { "bic.w r0, r1, #15", 0x50, 0xf021, 0x000f, R(BIC_IMM, 0, 1, 0, 0, LSL, 0, 0, 0xf) },
};

static const t32_case_t t32_plain_imm[] = {
    { "addw r0, r1, #4095", 0x0, 0xf601, 0x70ff, R(ADD_IMM, 0, 1, 0, 0, LSL, 0, 0, 0xfff) },
    { "subw r0, sp, #4095", 0x4, 0xf6ad, 0x70ff, R(SUB_IMM, 0, 13, 0, 0, LSL, 0, 0, 0xfff) },
    { "addw r2, pc, #352", 0xa, 0xf20f, 0x1260, R(MOV_IMM, 2, 0, 0, 0, LSL, 0, 0, 0x16c) },
    { "addw r3, pc, #46", 0xe, 0xf20f, 0x032e, R(MOV_IMM, 3, 0, 0, 0, LSL, 0, 0, 0x3e) },
    { "movw r0, #65535", 0x12, 0xf64f, 0x70ff, R(MOVW, 0, 0, 0, 0, LSL, 0, 0, 0xffff) },
    { "movt r1, #4660", 0x16, 0xf2c1, 0x2134, R(MOVT, 1, 0, 0, 0, LSL, 0, 0, 0x1234) },
    { "ssat r0, #8, r1, asr #3", 0x1a, 0xf321, 0x00c7, R(SSAT, 0, 1, 0, 0, ASR, 8, 0, 0x3) },
    { "ssat r0, #32, r1", 0x1e, 0xf301, 0x001f, R(SSAT, 0, 1, 0, 0, LSL, 32, 0, 0x0) },
    { "usat r0, #31, r1, lsl #31", 0x22, 0xf381, 0x70df, R(USAT, 0, 1, 0, 0, LSL, 31, 0, 0x1f) },
    { "usat r0, #0, r1", 0x26, 0xf381, 0x0000, R(USAT, 0, 1, 0, 0, LSL, 0, 0, 0x0) },
    { "sbfx r1, r2, #31, #1", 0x2a, 0xf342, 0x71c0, R(SBFX, 1, 2, 0, 0, LSL, 31, 0, 0x1) },
    { "ubfx r1, r2, #0, #32", 0x2e, 0xf3c2, 0x011f, R(UBFX, 1, 2, 0, 0, LSL, 0, 0, 0x20) },
    { "bfi r3, r4, #4, #8", 0x32, 0xf364, 0x130b, R(BFI, 3, 4, 0, 0, LSL, 4, 0, 0x8) },
    { "bfc r3, #0, #32", 0x36, 0xf36f, 0x031f, R(BFC, 3, 15, 0, 0, LSL, 0, 0, 0x20) },
    { "ssat16 r0, #8, r1", 0x3a, 0xf321, 0x0007, R(SSAT16, 0, 1, 0, 0, LSL, 8, 0, 0) },
};

static const t32_case_t t32_shifted_reg[] = {
    { "add.w r0, r1, r2, lsl #3", 0x0, 0xeb01, 0x00c2, R(ADD_REG, 0, 1, 2, 0, LSL, 3, 0, 0x0) },
    { "sub.w r0, r1, r2, lsr #32", 0x4, 0xeba1, 0x0012, R(SUB_REG, 0, 1, 2, 0, LSR, 32, 0, 0x0) },
    { "orr.w r0, r1, r2, asr #1", 0x8, 0xea41, 0x0062, R(ORR_REG, 0, 1, 2, 0, ASR, 1, 0, 0x0) },
    { "eor.w r0, r1, r2, ror #7", 0xc, 0xea81, 0x10f2, R(EOR_REG, 0, 1, 2, 0, ROR, 7, 0, 0x0) },
    { "mov.w r0, r1, rrx", 0x10, 0xea4f, 0x0031, R(MOV_REG, 0, 15, 1, 0, RRX, 0, 0, 0x0) },
    { "movs.w r0, r1", 0x14, 0xea5f, 0x0001, R(MOV_REG, 0, 15, 1, 0, LSL, 0, F_S, 0x0) },
    { "mov.w r0, r1, lsl #5", 0x18, 0xea4f, 0x1041, R(MOV_REG, 0, 15, 1, 0, LSL, 5, 0, 0x0) },
    { "mov.w r0, r1, lsr #32", 0x1c, 0xea4f, 0x0011, R(MOV_REG, 0, 15, 1, 0, LSR, 32, 0, 0x0) },
    { "movs.w r0, r1, asr #32", 0x20, 0xea5f, 0x0021, R(MOV_REG, 0, 15, 1, 0, ASR, 32, F_S, 0x0) },
    { "mov.w r0, r1, ror #31", 0x24, 0xea4f, 0x70f1, R(MOV_REG, 0, 15, 1, 0, ROR, 31, 0, 0x0) },
    { "mvns.w r0, r1, lsl #3", 0x28, 0xea7f, 0x00c1, R(MVN_REG, 0, 15, 1, 0, LSL, 3, F_S, 0x0) },
    { "orns r0, r1, r2, lsl #2", 0x2c, 0xea71, 0x0082, R(ORN_REG, 0, 1, 2, 0, LSL, 2, F_S, 0x0) },
    { "and.w r0, r1, r2", 0x30, 0xea01, 0x0002, R(AND_REG, 0, 1, 2, 0, LSL, 0, 0, 0x0) },
    { "tst.w r1, r2, lsl #4", 0x34, 0xea11, 0x1f02, R(TST_REG, 15, 1, 2, 0, LSL, 4, F_S, 0x0) },
    { "teq r1, r2", 0x38, 0xea91, 0x0f02, R(TEQ_REG, 15, 1, 2, 0, LSL, 0, F_S, 0x0) },
    { "cmn.w r1, r2, asr #3", 0x3c, 0xeb11, 0x0fe2, R(CMN_REG, 15, 1, 2, 0, ASR, 3, F_S, 0x0) },
    { "cmp.w r1, r2", 0x40, 0xebb1, 0x0f02, R(CMP_REG, 15, 1, 2, 0, LSL, 0, F_S, 0x0) },
    { "rsbs r0, r1, r2, lsl #1", 0x44, 0xebd1, 0x0042, R(RSB_REG, 0, 1, 2, 0, LSL, 1, F_S, 0x0) },
    { "adcs.w r0, r1, r2", 0x48, 0xeb51, 0x0002, R(ADC_REG, 0, 1, 2, 0, LSL, 0, F_S, 0x0) },
    { "sbc.w r0, r1, r2", 0x4c, 0xeb61, 0x0002, R(SBC_REG, 0, 1, 2, 0, LSL, 0, 0, 0x0) },
    { "bic.w r0, r1, r2", 0x50, 0xea21, 0x0002, R(BIC_REG, 0, 1, 2, 0, LSL, 0, 0, 0x0) },
    { "lsl.w r0, r1, r2", 0x54, 0xfa01, 0xf002, R(MOV_RSR, 0, 0, 1, 2, LSL, 0, 0, 0x0) },
    { "lsrs.w r0, r1, r2", 0x58, 0xfa31, 0xf002, R(MOV_RSR, 0, 0, 1, 2, LSR, 0, F_S, 0x0) },
    { "asr.w r0, r1, r2", 0x5c, 0xfa41, 0xf002, R(MOV_RSR, 0, 0, 1, 2, ASR, 0, 0, 0x0) },
    { "rors.w r8, r9, sl", 0x60, 0xfa79, 0xf80a, R(MOV_RSR, 8, 0, 9, 10, ROR, 0, F_S, 0x0) },
};

static const t32_case_t t32_multiply_misc[] = {
    { "mul.w r0, r1, r2", 0x0, 0xfb01, 0xf002, R(MUL, 0, 15, 1, 2, LSL, 0, 0, 0x0) },
    { "mla r0, r1, r2, r3", 0x4, 0xfb01, 0x3002, R(MLA, 0, 3, 1, 2, LSL, 0, 0, 0x0) },
    { "mls r0, r1, r2, r3", 0x8, 0xfb01, 0x3012, R(MLS, 0, 3, 1, 2, LSL, 0, 0, 0x0) },
    { "smull r0, r1, r2, r3", 0xc, 0xfb82, 0x0103, R(SMULL, 0, 1, 2, 3, LSL, 0, 0, 0x0) },
    { "umull r0, r1, r2, r3", 0x10, 0xfba2, 0x0103, R(UMULL, 0, 1, 2, 3, LSL, 0, 0, 0x0) },
    { "smlal r0, r1, r2, r3", 0x14, 0xfbc2, 0x0103, R(SMLAL, 0, 1, 2, 3, LSL, 0, 0, 0x0) },
    { "umlal r0, r1, r2, r3", 0x18, 0xfbe2, 0x0103, R(UMLAL, 0, 1, 2, 3, LSL, 0, 0, 0x0) },
    { "umaal r0, r1, r2, r3", 0x1c, 0xfbe2, 0x0163, R(UMAAL, 0, 1, 2, 3, LSL, 0, 0, 0x0) },
    { "smulbt r0, r1, r2", 0x20, 0xfb11, 0xf012, R(SMULXY, 0, 15, 1, 2, LSL, 2, 0, 0x0) },
    { "smultb r0, r1, r2", 0x24, 0xfb11, 0xf022, R(SMULXY, 0, 15, 1, 2, LSL, 1, 0, 0x0) },
    { "smlatt r0, r1, r2, r3", 0x28, 0xfb11, 0x3032, R(SMLAXY, 0, 3, 1, 2, LSL, 3, 0, 0x0) },
    { "smulwt r0, r1, r2", 0x2c, 0xfb31, 0xf012, R(SMULWY, 0, 15, 1, 2, LSL, 2, 0, 0x0) },
    { "smlawb r0, r1, r2, r3", 0x30, 0xfb31, 0x3002, R(SMLAWY, 0, 3, 1, 2, LSL, 0, 0, 0x0) },
    { "smlaltb r0, r1, r2, r3", 0x34, 0xfbc2, 0x01a3, R(SMLALXY, 0, 1, 2, 3, LSL, 1, 0, 0x0) },
    { "sdiv r0, r1, r2", 0x38, 0xfb91, 0xf0f2, R(SDIV, 0, 1, 2, 0, LSL, 0, 0, 0x0) },
    { "udiv r3, r4, r5", 0x3c, 0xfbb4, 0xf3f5, R(UDIV, 3, 4, 5, 0, LSL, 0, 0, 0x0) },
    { "qadd r0, r1, r2", 0x40, 0xfa82, 0xf081, R(QADD, 0, 2, 1, 0, LSL, 0, 0, 0x0) },
    { "qdsub r0, r1, r2", 0x44, 0xfa82, 0xf0b1, R(QDSUB, 0, 2, 1, 0, LSL, 0, 0, 0x0) },
    { "sel r0, r1, r2", 0x48, 0xfaa1, 0xf082, R(SEL, 0, 1, 2, 0, LSL, 0, 0, 0x0) },
    { "usad8 r0, r1, r2", 0x4c, 0xfb71, 0xf002, R(USAD8, 0, 1, 2, 15, LSL, 0, 0, 0x0) },
    { "usada8 r0, r1, r2, r3", 0x50, 0xfb71, 0x3002, R(USAD8, 0, 1, 2, 3, LSL, 0, 0, 0x0) },
    { "clz r8, r9", 0x54, 0xfab9, 0xf889, R(CLZ, 8, 0, 9, 0, LSL, 0, 0, 0x0) },
    { "rbit r8, r9", 0x58, 0xfa99, 0xf8a9, R(RBIT, 8, 0, 9, 0, LSL, 0, 0, 0x0) },
    { "rev.w r8, r9", 0x5c, 0xfa99, 0xf889, R(REV, 8, 0, 9, 0, LSL, 0, 0, 0x0) },
    { "rev16.w r8, r9", 0x60, 0xfa99, 0xf899, R(REV16, 8, 0, 9, 0, LSL, 0, 0, 0x0) },
    { "revsh.w r8, r9", 0x64, 0xfa99, 0xf8b9, R(REVSH, 8, 0, 9, 0, LSL, 0, 0, 0x0) },
    { "sxtah r0, r1, r2, ror #16", 0x68, 0xfa01, 0xf0a2, R(SXTAH, 0, 1, 2, 0, LSL, 16, 0, 0x0) },
    { "uxtb.w r0, r1, ror #8", 0x6c, 0xfa5f, 0xf091, R(UXTB, 0, 15, 1, 0, LSL, 8, 0, 0x0) },
    { "sxtb16 r0, r1", 0x70, 0xfa2f, 0xf081, R(SXTB16, 0, 15, 1, 0, LSL, 0, 0, 0x0) },
    { "uxtab16 r0, r1, r2, ror #24", 0x74, 0xfa31, 0xf0b2, R(UXTAB16, 0, 1, 2, 0, LSL, 24, 0, 0x0) },
    { "smmul r0, r1, r2", 0x78, 0xfb51, 0xf002, R(SMMUL, 0, 0, 1, 2, LSL, 0, 0, 0) },
    { "sadd16 r0, r1, r2", 0x7c, 0xfa91, 0xf002, R(SADD16, 0, 1, 2, 0, LSL, 0, 0, 0) },
    { "uhsub8 r3, r4, r5", 0x7c, 0xfac4, 0xf365, R(UHSUB8, 3, 4, 5, 0, LSL, 0, 0, 0) },
    { "pkhtb r0, r1, r2, asr #3", 0x7c, 0xeac1, 0x00e2, R(PKHTB, 0, 1, 2, 0, ASR, 3, 0, 0) },
};

static const t32_case_t t32_memory[] = {
    { "ldr.w r0, [r1, #4095]", 0x0, 0xf8d1, 0x0fff, R(LDR_IMM, 0, 1, 0, 0, LSL, 0, F_P|F_U, 0xfff) },
    { "ldr.w r0, [r1, #-255]", 0x4, 0xf851, 0x0cff, R(LDR_IMM, 0, 1, 0, 0, LSL, 0, F_P, 0xff) },
    { "ldr.w r0, [r1], #-255", 0x8, 0xf851, 0x09ff, R(LDR_IMM, 0, 1, 0, 0, LSL, 0, F_W, 0xff) },
    { "ldr.w r0, [r1, #255]!", 0xc, 0xf851, 0x0fff, R(LDR_IMM, 0, 1, 0, 0, LSL, 0, F_P|F_U|F_W, 0xff) },
    { "ldrt r0, [r1, #4]", 0x10, 0xf851, 0x0e04, R(LDR_IMM, 0, 1, 0, 0, LSL, 0, F_P|F_U, 0x4) },
    { "strb.w r0, [r1, r2, lsl #3]", 0x14, 0xf801, 0x0032, R(STRB_REG, 0, 1, 2, 0, LSL, 3, F_P|F_U, 0x0) },
    { "ldrsh.w r0, [r1, r2, lsl #1]", 0x18, 0xf931, 0x0012, R(LDRSH_REG, 0, 1, 2, 0, LSL, 1, F_P|F_U, 0x0) },
    { "ldrsb.w r0, [r1], #1", 0x1c, 0xf911, 0x0b01, R(LDRSB_IMM, 0, 1, 0, 0, LSL, 0, F_U|F_W, 0x1) },
    { "strh.w r0, [r1, #-2]", 0x20, 0xf821, 0x0c02, R(STRH_IMM, 0, 1, 0, 0, LSL, 0, F_P, 0x2) },
    { "str.w r0, [sp, #-4]!", 0x24, 0xf84d, 0x0d04, R(STR_IMM, 0, 13, 0, 0, LSL, 0, F_P|F_W, 0x4) },
    { "ldr.w pc, [sp], #4", 0x28, 0xf85d, 0xfb04, R(LDR_IMM, 15, 13, 0, 0, LSL, 0, F_U|F_W, 0x4) },
    { "ldr.w r0, [pc, #-12] ; 24", 0x2c, 0xf85f, 0x000c, R(LDR_LIT, 0, 0, 0, 0, LSL, 0, 0, 0x24) },
    { "ldr.w r0, [pc, #-12] ; 28", 0x32, 0xf85f, 0x000c, R(LDR_LIT, 0, 0, 0, 0, LSL, 0, 0, 0x28) },
    { "ldrb.w r0, [pc, #8] ; 40", 0x36, 0xf89f, 0x0008, R(LDRB_IMM, 0, 15, 0, 0, LSL, 0, F_P|F_U, 0x6) },
    { "ldrb.w r0, [pc, #8] ; 48", 0x3c, 0xf89f, 0x0008, R(LDRB_IMM, 0, 15, 0, 0, LSL, 0, F_P|F_U, 0x8) },
    { "ldrsh.w r0, [pc, #-6] ; 3e", 0x40, 0xf93f, 0x0006, R(LDRSH_IMM, 0, 15, 0, 0, LSL, 0, F_P, 0x6) },
    { "ldrd r0, r1, [pc, #-8] ; 40", 0x44, 0xe95f, 0x0102, R(LDRD_IMM, 0, 15, 0, 1, LSL, 0, F_P, 0x8) },
    { "ldrd r0, r1, [r2, #-8]!", 0x48, 0xe972, 0x0102, R(LDRD_IMM, 0, 2, 0, 1, LSL, 0, F_P|F_W, 0x8) },
    { "ldrd r0, r1, [r2], #8", 0x4c, 0xe8f2, 0x0102, R(LDRD_IMM, 0, 2, 0, 1, LSL, 0, F_U|F_W, 0x8) },
    { "strd r0, r1, [sp, #8]", 0x50, 0xe9cd, 0x0102, R(STRD_IMM, 0, 13, 0, 1, LSL, 0, F_P|F_U, 0x8) },
    { "ldrex r0, [r1, #1020]", 0x54, 0xe851, 0x0fff, R(LDREX, 0, 1, 0, 0, LSL, 0, 0, 0x3fc) },
    { "strex r2, r0, [r1]", 0x58, 0xe841, 0x0200, R(STREX, 2, 1, 0, 0, LSL, 0, 0, 0x0) },
    { "ldrexb r0, [r1]", 0x5c, 0xe8d1, 0x0f4f, R(LDREXB, 0, 1, 0, 0, LSL, 0, 0, 0x0) },
    { "strexh r3, r0, [r1]", 0x60, 0xe8c1, 0x0f53, R(STREXH, 3, 1, 0, 0, LSL, 0, 0, 0x0) },
    { "ldrexd r0, r1, [r2]", 0x64, 0xe8d2, 0x017f, R(LDREXD, 0, 2, 0, 1, LSL, 0, 0, 0x0) },
    { "strexd r3, r0, r1, [r2]", 0x68, 0xe8c2, 0x0173, R(STREXD, 3, 2, 0, 1, LSL, 0, 0, 0x0) },
    { "pld [r1, #8]", 0x6c, 0xf891, 0xf008, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "pli [r1, r2]", 0x70, 0xf911, 0xf002, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "pld [pc, #8] ; 80", 0x74, 0xf89f, 0xf008, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "strb.w r0, [pc, #8] ; 84", 0x78, 0xf88f, 0x0008, R(UNDEF, 0, 0, 0, 0, LSL, 0, 0, 0x8f88f) },
    { "ldmia.w r0!, {r1, r8}", 0x7c, 0xe8b0, 0x0102, R(LDM, 0, 0, 0, 0, LSL, LSM_FIRST(0), F_U|F_W, LSM_IMM(0x102, 8, 8)) },
    { "ldmdb r0, {r1, r2}", 0x80, 0xe910, 0x0006, R(LDM, 0, 0, 0, 0, LSL, LSM_FIRST(-8), F_P, LSM_IMM(0x6, 8, -8)) },
    { "stmdb sp!, {r4-fp, lr}", 0x84, 0xe92d, 0x4ff0, R(STM, 0, 13, 0, 0, LSL, LSM_FIRST(-36), F_P|F_W, LSM_IMM(0x4ff0, 36, -36)) },
    { "ldmia.w sp!, {r4-fp, pc}", 0x88, 0xe8bd, 0x8ff0, R(LDM, 0, 13, 0, 0, LSL, LSM_FIRST(0), F_U|F_W, LSM_IMM(0x8ff0, 36, 36)) },
    { "stmia.w r0, {r1, r2, r3}", 0x8c, 0xe880, 0x000e, R(STM, 0, 0, 0, 0, LSL, LSM_FIRST(0), F_U, LSM_IMM(0xe, 12, 12)) },
    { "tbb [pc, r1]", 0x90, 0xe8df, 0xf001, R(TBB, 0, 15, 1, 0, LSL, 0, 0, 0x0) },
    { "tbh [r0, r1, lsl #1]", 0x94, 0xe8d0, 0xf011, R(TBH, 0, 0, 1, 0, LSL, 0, 0, 0x0) },
};

static const t32_case_t t32_control[] = {
    { "b.w 1005c <fwd>", 0x0, 0xf010, 0xb82c, R(B, 0, 0, 0, 0, LSL, 0, 0, 0x1005c) },
    { "b.w 0 <back>", 0x4, 0xf7ff, 0xbffc, R(B, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "beq.w 0 <back>", 0x8, 0xf43f, 0xaffa, RC(B, 0, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "bls.w 1005c <fwd>", 0xc, 0xf250, 0x8026, RC(B, 9, 0, 0, 0, 0, LSL, 0, 0, 0x1005c) },
    { "bl 1005c <fwd>", 0x10, 0xf010, 0xf824, R(BL, 0, 0, 0, 0, LSL, 0, 0, 0x1005c) },
    { "blx 10060 <afwd>", 0x16, 0xf010, 0xe824, R(BLX_IMM, 0, 0, 0, 0, LSL, 0, 0, 0x10060) },
    { "blx 10060 <afwd>", 0x1a, 0xf010, 0xe822, R(BLX_IMM, 0, 0, 0, 0, LSL, 0, 0, 0x10060) },
    { "mrs r6, CPSR", 0x1e, 0xf3ef, 0x8600, R(MRS, 6, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "msr CPSR_f, r3", 0x22, 0xf383, 0x8800, R(MSR_REG, 0, 0, 3, 0, LSL, 8, 0, 0x0) },
    { "msr CPSR_s, r4", 0x26, 0xf384, 0x8400, R(MSR_REG, 0, 0, 4, 0, LSL, 4, 0, 0x0) },
    { "msr CPSR_fs, r5", 0x2a, 0xf385, 0x8c00, R(MSR_REG, 0, 0, 5, 0, LSL, 12, 0, 0x0) },
    { "dmb ish", 0x2e, 0xf3bf, 0x8f5b, R(DMB, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "dsb sy", 0x32, 0xf3bf, 0x8f4f, R(DMB, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "isb sy", 0x36, 0xf3bf, 0x8f6f, R(DMB, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "nop.w", 0x3a, 0xf3af, 0x8000, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "yield.w", 0x3e, 0xf3af, 0x8001, R(NOP, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "clrex", 0x42, 0xf3bf, 0x8f2f, R(CLREX, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "mrc 15, 0, r0, cr13, cr0, {3}", 0x46, 0xee1d, 0x0f70, R(MRC_TLS, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "mrc 15, 0, r0, cr13, cr0, {2}", 0x4a, 0xee1d, 0x0f50, R(UNDEF, 0, 0, 0, 0, LSL, 0, 0, 0xf50ee1d) },
    { "mcr 15, 0, r0, cr7, cr10, {5}", 0x4e, 0xee07, 0x0fba, R(DMB, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
    { "udf.w #300", 0x52, 0xf7f0, 0xa12c, R(UNDEF, 0, 0, 0, 0, LSL, 0, 0, 0xa12cf7f0) },
    { "vadd.f64 d16, d17, d18", 0x56, 0xee71, 0x0ba2, R(VADD, 16, 17, 18, 0, LSL, ARM_VFP_D, 0, 0x0) },
    { "svc 255", 0x5a, 0xdfff, 0x0000, R(SVC, 0, 0, 0, 0, LSL, 0, 0, 0xff) },
    { "bl ff000004 <.text+0xff000004>", 0x0, 0xf400, 0xd000, R(BL, 0, 0, 0, 0, LSL, 0, 0, 0xff000004) },
    { "bl 1000006 <.text+0x1000006>", 0x4, 0xf3ff, 0xd7ff, R(BL, 0, 0, 0, 0, LSL, 0, 0, 0x1000006) },
    { "bl c <.text+0xc>", 0x8, 0xf000, 0xf800, R(BL, 0, 0, 0, 0, LSL, 0, 0, 0xc) },
    { "blx c <.text+0xc>", 0xc, 0xf7ff, 0xeffe, R(BLX_IMM, 0, 0, 0, 0, LSL, 0, 0, 0xc) },
    { "subw r0, pc, #816", 0x10, 0xf2af, 0x3030, R(MOV_IMM, 0, 0, 0, 0, LSL, 0, 0, 0xfffffce4) },
    { "dmb sy", 0x14, 0xf3bf, 0x8f5f, R(DMB, 0, 0, 0, 0, LSL, 0, 0, 0x0) },
};
Test(arm_t32, t16_data) { CHECK(t16_data); }
Test(arm_t32, t16_memory) { CHECK(t16_memory); }
Test(arm_t32, t16_control) { CHECK(t16_control); }
Test(arm_t32, t32_modified_imm) { CHECK(t32_modified_imm); }
Test(arm_t32, t32_plain_imm) { CHECK(t32_plain_imm); }
Test(arm_t32, t32_shifted_reg) { CHECK(t32_shifted_reg); }
Test(arm_t32, t32_multiply_misc) { CHECK(t32_multiply_misc); }
Test(arm_t32, t32_memory) { CHECK(t32_memory); }
Test(arm_t32, t32_control) { CHECK(t32_control); }

/* ---- the encoding tables, re-expanded ------------------------------------ */

typedef struct t32_def_row {
    uint32_t match, mask;
    const char *op;
} t32_def_row_t;

static const t32_def_row_t t16_def[] = {
#define T16(op, match, mask, form, fl) { match, mask, #op },
#include "device/arm/arm_t16.def"
#undef T16
};

static const t32_def_row_t t32_def[] = {
#define T32(op, match, mask, form, fl) { match, mask, #op },
#include "device/arm/arm_t32.def"
#undef T32
};

/* First match wins: a row every word of which an earlier row takes is dead. */
static void t32_check_rows(const t32_def_row_t *rows, size_t n, const char *table)
{
    for (size_t j = 0; j < n; j++) {
        cr_expect_eq(rows[j].match & ~rows[j].mask, 0, "%s row %zu (%s): match outside mask", table, j,
                     rows[j].op);
        for (size_t i = 0; i < j; i++) {
            int covers = (rows[i].mask & ~rows[j].mask) == 0 &&
                         ((rows[i].match ^ rows[j].match) & rows[i].mask) == 0;
            cr_expect(!covers, "%s row %zu (%s) is hidden by row %zu (%s)", table, j, rows[j].op, i,
                      rows[i].op);
        }
    }
}

Test(arm_t32, tables_have_no_dead_rows)
{
    t32_check_rows(t16_def, sizeof t16_def / sizeof t16_def[0], "t16");
    t32_check_rows(t32_def, sizeof t32_def / sizeof t32_def[0], "t32");
}

/* 16-bit rows never claim a 32-bit first halfword; 32-bit rows only those. */
Test(arm_t32, tables_respect_the_length_prefix)
{
    for (uint32_t h = 0xe800; h <= 0xffff; h++)
        for (size_t i = 0; i < sizeof t16_def / sizeof t16_def[0]; i++)
            cr_expect((h & t16_def[i].mask) != t16_def[i].match, "t16 row %s matches %#x", t16_def[i].op, h);
    for (size_t i = 0; i < sizeof t32_def / sizeof t32_def[0]; i++) {
        cr_expect_eq(t32_def[i].mask >> 27, 0x1f, "t32 row %s: mask must fix the prefix", t32_def[i].op);
        cr_expect_geq(t32_def[i].match >> 27, 0x1d, "t32 row %s: not a 32-bit prefix", t32_def[i].op);
    }
}

/* ---- every halfword gives a well-formed record ------------------------------ */

static void t32_check_sane(uint32_t hw1, uint32_t hw2, uint32_t addr)
{
    arm_insn_t o;
    int wide = (hw1 >> 11) >= 0x1d;
    arm_decode_t32(hw1, hw2, addr, &o);
    /* VFP rows name S registers 0..31 in rd, rn, rm (arm_vfp_ops.def), NEON
     * rows D registers 0..31, and rs is a NEON row's own (arm_neon.h) */
    uint32_t fmt = o.op < ARM_OP_COUNT ? arm_op_fmts[o.op] : 0u;
    int neon = fmt == ARM_FMT_NEON_ARITH || fmt == ARM_FMT_NEON_ELEM;
    uint32_t regs = fmt == ARM_FMT_VFP || neon ? 32u : 16u;
    int ok = o.op < ARM_OP_COUNT && arm_len(&o) == (wide ? 4u : 2u) && (o.flags & ARM_F_T32) &&
             o.rd < regs && o.rn < regs && o.rm < regs && (o.rs < 16 || neon) &&
             (o.shift <= ARM_SH_RRX || regs == 32u) && /* VLDM/VSTM: shift = write-back words */
             (o.cond == ARM_COND_AL || (o.op == ARM_OP_B && o.cond < ARM_COND_AL)) &&
             (o.op != ARM_OP_UNDEF || o.imm == (wide ? (hw1 | hw2 << 16) : hw1));
    if (!ok)
        cr_expect(ok, "%04x %04x @ %#x: op %u len %u cond %u flags %#x imm %#x", hw1, hw2, addr, o.op, arm_len(&o),
                  o.cond, o.flags, o.imm);
}

Test(arm_t32, every_halfword_decodes_well_formed)
{
    uint32_t seed = 12345u;
    for (uint32_t hw1 = 0; hw1 <= 0xffff; hw1++) {
        seed = seed * 1664525u + 1013904223u;
        t32_check_sane(hw1, 0x0000, 0x8000);
        t32_check_sane(hw1, 0xffff, 0x8002);
        t32_check_sane(hw1, seed >> 16, 0xfffffffe);
        t32_check_sane(hw1, seed & 0xffff, 0x10000);
    }
}

/* The record depends on nothing but (hw1, hw2, addr): bits above 16 are ignored. */
Test(arm_t32, ignores_high_bits_of_halfwords)
{
    arm_insn_t a, b;
    arm_decode_t32(0xf8d1, 0x0fff, 0x8000, &a);
    arm_decode_t32(0xdead0000u | 0xf8d1, 0xbeef0000u | 0x0fff, 0x8000, &b);
    cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
}
