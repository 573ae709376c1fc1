/* The IA-32 decoder: lengths and fields of encodings under every prefix
 * combination it supports (a table written from the manuals), and the
 * lengths of every instruction of a static glibc program against binutils'
 * objdump (the whole text of build/diff-x86/-style binary, built here). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/x86/x86_insn.h"

typedef struct dcase {
    uint8_t bytes[15];
    uint32_t len, op, w, reg, base, index, disp, imm, flags;
} dcase_t;

#define N X86_NOREG
#define ANYF 0xffu
/* index: register | scale << 6 */
static const dcase_t dcases[] = {
    /* ModRM forms: register, [base], [base+disp8], [base+disp32], SIB, disp32 only, SIB no base */
    {{0x01, 0xd8}, 2, X86_OP_ADD_RR, X86_W32, 0, 3, N, 0, 0, 0},
    {{0x03, 0x03}, 2, X86_OP_ADD_RM, X86_W32, 0, 3, N, 0, 0, 0},
    {{0x01, 0x43, 0xfc}, 3, X86_OP_ADD_MR, X86_W32, 0, 3, N, 0xfffffffcu, 0, 0},
    {{0x29, 0x83, 0x78, 0x56, 0x34, 0x12}, 6, X86_OP_SUB_MR, X86_W32, 0, 3, N, 0x12345678u, 0, 0},
    {{0x8b, 0x04, 0x8b}, 3, X86_OP_MOV_RM, X86_W32, 0, 3, 1 | 2 << 6, 0, 0, 0},
    {{0x8b, 0x44, 0x24, 0x04}, 4, X86_OP_MOV_RM, X86_W32, 0, 4, N, 4, 0, 0},
    {{0x8b, 0x05, 0x10, 0x20, 0x30, 0x40}, 6, X86_OP_MOV_RM, X86_W32, 0, N, N, 0x40302010u, 0, 0},
    {{0x8b, 0x04, 0xb5, 0x00, 0x10, 0x00, 0x00}, 7, X86_OP_MOV_RM, X86_W32, 0, N, 6 | 2 << 6, 0x1000u, 0, 0},
    {{0x8b, 0x4c, 0x24, 0x80}, 4, X86_OP_MOV_RM, X86_W32, 1, 4, N, 0xffffff80u, 0, 0},
    {{0x8b, 0x6d, 0x00}, 3, X86_OP_MOV_RM, X86_W32, 5, 5, N, 0, 0, 0},
    {{0x89, 0x94, 0x8e, 0x44, 0x33, 0x22, 0x11}, 7, X86_OP_MOV_MR, X86_W32, 2, 6, 1 | 2 << 6, 0x11223344u, 0, 0},
    /* immediates: Ib sign-extended, Iz, and the operand-size prefix */
    {{0x83, 0xc1, 0xff}, 3, X86_OP_ADD_RI, X86_W32, 1, ANYF, ANYF, 0, 0xffffffffu, 0},
    {{0x81, 0xe9, 0x00, 0x01, 0x00, 0x00}, 6, X86_OP_SUB_RI, X86_W32, 1, ANYF, ANYF, 0, 0x100u, 0},
    {{0x66, 0x81, 0xe9, 0x00, 0x81}, 5, X86_OP_SUB_RI, X86_W16, 1, ANYF, ANYF, 0, 0xffff8100u, 0},
    {{0x66, 0x83, 0x00, 0x05}, 4, X86_OP_ADD_MI, X86_W16, ANYF, 0, N, 0, 5, 0},
    {{0x80, 0x7c, 0x24, 0x08, 0x2f}, 5, X86_OP_CMP_MI, X86_W8, ANYF, 4, N, 8, 0x2f, 0},
    {{0x3d, 0x01, 0x00, 0x00, 0x80}, 5, X86_OP_CMP_RI, X86_W32, 0, N, N, 0, 0x80000001u, 0},
    {{0x66, 0x3d, 0x01, 0x80}, 4, X86_OP_CMP_RI, X86_W16, 0, N, N, 0, 0xffff8001u, 0},
    {{0x04, 0x7f}, 2, X86_OP_ADD_RI, X86_W8, 0, N, N, 0, 0x7f, 0},
    {{0xc7, 0x44, 0x24, 0x04, 0x01, 0x00, 0x00, 0x00}, 8, X86_OP_MOV_MI, X86_W32, ANYF, 4, N, 4, 1, 0},
    {{0x66, 0xc7, 0x00, 0x34, 0x12}, 5, X86_OP_MOV_MI, X86_W16, ANYF, 0, N, 0, 0x1234, 0},
    {{0xc6, 0x00, 0x41}, 3, X86_OP_MOV_MI, X86_W8, ANYF, 0, N, 0, 0x41, 0},
    {{0xb8, 0x78, 0x56, 0x34, 0x12}, 5, X86_OP_MOV_RI, X86_W32, 0, N, N, 0, 0x12345678u, 0},
    {{0x66, 0xbb, 0x34, 0x12}, 4, X86_OP_MOV_RI, X86_W16, 3, N, N, 0, 0x1234, 0},
    {{0xb4, 0x12}, 2, X86_OP_MOV_RI, X86_W8, 4, N, N, 0, 0x12, 0},
    {{0x69, 0xc3, 0x10, 0x00, 0x00, 0x00}, 6, X86_OP_IMUL_RRI, X86_W32, 0, 3, N, 0, 0x10, 0},
    {{0x6b, 0x45, 0x08, 0xf0}, 4, X86_OP_IMUL_RMI, X86_W32, 0, 5, N, 8, 0xfffffff0u, 0},
    {{0xc8, 0x10, 0x00, 0x02}, 4, X86_OP_ENTER, X86_W32, ANYF, ANYF, ANYF, 0, 0x10, 0},
    {{0xc2, 0x08, 0x00}, 3, X86_OP_RET, X86_W32, ANYF, ANYF, ANYF, 0, 8, 0},
    {{0x6a, 0xff}, 2, X86_OP_PUSH_I, X86_W32, ANYF, ANYF, ANYF, 0, 0xffffffffu, 0},
    {{0x68, 0x00, 0x00, 0x00, 0x80}, 5, X86_OP_PUSH_I, X86_W32, ANYF, ANYF, ANYF, 0, 0x80000000u, 0},
    /* branches: targets absolute from the instruction at 0x1000 */
    {{0x74, 0xfe}, 2, X86_OP_JCC, X86_W32, ANYF, ANYF, ANYF, 0, 0x1000u, 0},
    {{0x0f, 0x85, 0x00, 0x01, 0x00, 0x00}, 6, X86_OP_JCC, X86_W32, ANYF, ANYF, ANYF, 0, 0x1106u, 0},
    {{0xe8, 0xfb, 0xff, 0xff, 0xff}, 5, X86_OP_CALL, X86_W32, ANYF, ANYF, ANYF, 0, 0x1000u, 0},
    {{0xe9, 0x00, 0x00, 0x00, 0x00}, 5, X86_OP_JMP, X86_W32, ANYF, ANYF, ANYF, 0, 0x1005u, 0},
    {{0xeb, 0x10}, 2, X86_OP_JMP, X86_W32, ANYF, ANYF, ANYF, 0, 0x1012u, 0},
    {{0xe2, 0xfe}, 2, X86_OP_LOOP, X86_W32, ANYF, ANYF, ANYF, 0, 0x1000u, 0},
    {{0xff, 0xd0}, 2, X86_OP_CALL_R, X86_W32, 0, ANYF, ANYF, 0, 0, 0},
    {{0xff, 0x24, 0x85, 0x00, 0x20, 0x00, 0x00}, 7, X86_OP_JMP_M, X86_W32, ANYF, N, 0 | 2 << 6, 0x2000u, 0, 0},
    {{0x65, 0xff, 0x15, 0x10, 0x00, 0x00, 0x00}, 7, X86_OP_CALL_M, X86_W32, ANYF, N, N, 0x10, 0, X86_F_SEGGS},
    /* prefixes: segment overrides, LOCK, REP/REPNE, 0x67 16-bit addressing, and together */
    {{0x65, 0xa1, 0x14, 0x00, 0x00, 0x00}, 6, X86_OP_MOV_RM, X86_W32, 0, N, N, 0x14, 0, X86_F_SEGGS},
    {{0x65, 0x8b, 0x1d, 0x00, 0x00, 0x00, 0x00}, 7, X86_OP_MOV_RM, X86_W32, 3, N, N, 0, 0, X86_F_SEGGS},
    {{0x64, 0x8b, 0x00}, 3, X86_OP_MOV_RM, X86_W32, 0, 0, N, 0, 0, X86_F_SEGFS},
    {{0x2e, 0x8b, 0x00}, 3, X86_OP_MOV_RM, X86_W32, 0, 0, N, 0, 0, 0},
    {{0x3e, 0x65, 0x8b, 0x00}, 4, X86_OP_MOV_RM, X86_W32, 0, 0, N, 0, 0, X86_F_SEGGS},
    {{0xf0, 0x0f, 0xb1, 0x0b}, 4, X86_OP_CMPXCHG_MR, X86_W32, 1, 3, N, 0, 0, X86_F_LOCK},
    {{0xf0, 0x83, 0x2d, 0x00, 0x10, 0x00, 0x00, 0x01}, 8, X86_OP_SUB_MI, X86_W32, ANYF, N, N, 0x1000u, 1, X86_F_LOCK},
    {{0x65, 0xf0, 0x0f, 0xc1, 0x01}, 5, X86_OP_XADD_MR, X86_W32, 0, 1, N, 0, 0, X86_F_LOCK | X86_F_SEGGS},
    {{0xf0, 0x66, 0x0f, 0xc1, 0x01}, 5, X86_OP_XADD_MR, X86_W16, 0, 1, N, 0, 0, X86_F_LOCK},
    {{0xf0, 0x0f, 0xc7, 0x0e}, 4, X86_OP_CMPXCHG8B, X86_W32, ANYF, 6, N, 0, 0, X86_F_LOCK},
    {{0xf3, 0xa5}, 2, X86_OP_MOVS, X86_W32, ANYF, ANYF, ANYF, 0, 0, X86_F_REP},
    {{0xf3, 0x66, 0xab}, 3, X86_OP_STOS, X86_W16, ANYF, ANYF, ANYF, 0, 0, X86_F_REP},
    {{0xf2, 0xae}, 2, X86_OP_SCAS, X86_W8, ANYF, ANYF, ANYF, 0, 0, X86_F_REPNE},
    {{0xf3, 0xa6}, 2, X86_OP_CMPS, X86_W8, ANYF, ANYF, ANYF, 0, 0, X86_F_REP},
    {{0x67, 0xf3, 0xa4}, 3, X86_OP_MOVS, X86_W8, ANYF, ANYF, ANYF, 0, 0, X86_F_REP | X86_F_A16},
    {{0x67, 0x8b, 0x00}, 3, X86_OP_MOV_RM, X86_W32, 0, 3, 6, 0, 0, X86_F_A16},
    {{0x67, 0x8b, 0x46, 0x10}, 4, X86_OP_MOV_RM, X86_W32, 0, 5, N, 0x10, 0, X86_F_A16},
    {{0x67, 0x8b, 0x06, 0x34, 0x12}, 5, X86_OP_MOV_RM, X86_W32, 0, N, N, 0x1234, 0, X86_F_A16},
    {{0x67, 0x66, 0x8b, 0x87, 0x00, 0x80}, 6, X86_OP_MOV_RM, X86_W16, 0, 3, N, 0xffff8000u, 0, X86_F_A16},
    {{0x66, 0x67, 0x65, 0xf0, 0x01, 0x07}, 6, X86_OP_ADD_MR, X86_W16, 0, 3, N, 0, 0, X86_F_A16 | X86_F_SEGGS | X86_F_LOCK},
    /* two-byte map */
    {{0x0f, 0xb6, 0xc3}, 3, X86_OP_MOVZX_RR, X86_W32, 0, 3, N, 0, 0, 0},
    {{0x66, 0x0f, 0xbe, 0x06}, 4, X86_OP_MOVSX_RM, X86_W16, 0, 6, N, 0, 0, 0},
    {{0x0f, 0x44, 0xc1}, 3, X86_OP_CMOV_RR, X86_W32, 0, 1, N, 0, 0, 0},
    {{0x0f, 0x9f, 0xc0}, 3, X86_OP_SETCC_R, X86_W8, 0, ANYF, ANYF, 0, 0, 0},
    {{0x0f, 0xa4, 0xd0, 0x05}, 4, X86_OP_SHXD_RI, X86_W32, 2, 0, N, 0, 5, 0},
    {{0x0f, 0xad, 0x10}, 3, X86_OP_SHXD_MC, X86_W32, 2, 0, N, 0, 0, 0},
    {{0x0f, 0xba, 0x6b, 0x04, 0x1f}, 5, X86_OP_BT_MI, X86_W32, ANYF, 3, N, 4, 0x1f, 0},
    {{0x0f, 0xab, 0x03}, 3, X86_OP_BT_MR, X86_W32, 0, 3, N, 0, 0, 0},
    {{0x0f, 0xbd, 0xc2}, 3, X86_OP_BSX_RR, X86_W32, 0, 2, N, 0, 0, 0},
    {{0x0f, 0xcb}, 2, X86_OP_BSWAP, X86_W32, 3, ANYF, ANYF, 0, 0, 0},
    {{0x0f, 0xa2}, 2, X86_OP_CPUID, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x0f, 0x31}, 2, X86_OP_RDTSC, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x0f, 0x1f, 0x44, 0x00, 0x00}, 5, X86_OP_NOP, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00}, 9, X86_OP_NOP, X86_W16, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x8e, 0xe8}, 2, X86_OP_MOVSEG_SR, X86_W16, ANYF, 0, N, 0, 0, 0},
    {{0x8c, 0xe8}, 2, X86_OP_MOVSEG_RS, X86_W32, 0, ANYF, ANYF, 0, 0, 0},
    /* far JMP, CALL (direct: the offset in imm, the selector in disp; m16:32) and RETF */
    {{0xea, 0x78, 0x56, 0x34, 0x12, 0x23, 0x00}, 7, X86_OP_JMPF, X86_W32, ANYF, ANYF, ANYF, 0x23, 0x12345678u, 0},
    {{0x66, 0x9a, 0x34, 0x12, 0x23, 0x00}, 6, X86_OP_CALLF, X86_W16, ANYF, ANYF, ANYF, 0x23, 0x1234, 0},
    {{0xff, 0x2b}, 2, X86_OP_JMPF_M, X86_W32, ANYF, 3, N, 0, 0, 0},
    {{0xff, 0x5c, 0x24, 0x08}, 4, X86_OP_CALLF_M, X86_W32, ANYF, 4, N, 8, 0, 0},
    {{0xca, 0x08, 0x00}, 3, X86_OP_RETF, X86_W32, ANYF, ANYF, ANYF, 0, 8, 0},
    {{0xcb}, 1, X86_OP_RETF, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    /* PUSH and POP of a segment register (which one: the aux test below) */
    {{0x06}, 1, X86_OP_PUSHSEG, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x1f}, 1, X86_OP_POPSEG, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x66, 0x1e}, 2, X86_OP_PUSHSEG, X86_W16, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x0f, 0xa8}, 2, X86_OP_PUSHSEG, X86_W32, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0x66, 0x0f, 0xa1}, 3, X86_OP_POPSEG, X86_W16, ANYF, ANYF, ANYF, 0, 0, 0},
    {{0xcd, 0x80}, 2, X86_OP_INT80, X86_W32, ANYF, ANYF, ANYF, 0, 0x80, 0},
    {{0xdd, 0x44, 0x24, 0x08}, 4, X86_OP_X87, X86_W32, 5, 4, N, 8, 0x082444ddu, 0},
    {{0xd9, 0xe8}, 2, X86_OP_X87, X86_W32, 1, ANYF, ANYF, 0, 0, 0},
    {{0xf3, 0x90}, 2, X86_OP_NOP, ANYF, ANYF, ANYF, ANYF, 0, 0, X86_F_REP},
    /* SSE/SSE2/MMX (x86_decode_sse.c): the prefix picks the row, the row id in aux; MMX forms W16;
     * a group's register is rm; imm8 */
    {{0x0f, 0x28, 0xc1}, 3, X86_OP_SSE_R, X86_W32, 0, 1, N, 0, 0, 0},
    {{0xf2, 0x0f, 0x58, 0x44, 0x24, 0x08}, 6, X86_OP_SSE_M, X86_W32, 0, 4, N, 8, 0, 0},
    {{0x66, 0x0f, 0xef, 0xd3}, 4, X86_OP_SSE_R, X86_W32, 2, 3, N, 0, 0, 0},
    {{0x0f, 0xef, 0xd3}, 3, X86_OP_SSE_R, X86_W16, 2, 3, N, 0, 0, 0},
    {{0x66, 0x0f, 0x73, 0xdb, 0x04}, 5, X86_OP_SSE_R, X86_W32, 3, 3, N, 0, 4, 0},
    {{0x66, 0x0f, 0x70, 0xc1, 0x1b}, 5, X86_OP_SSE_R, X86_W32, 0, 1, N, 0, 0x1b, 0},
    {{0x0f, 0xae, 0x55, 0xfc}, 4, X86_OP_SSE_M, X86_W32, ANYF, 5, N, 0xfffffffcu, 0, 0},
    /* what it refuses: UD2, LOCK on a register form or a load, SSSE3 and later, an SSE register-only
     * row's memory form, cut by the end */
    {{0x0f, 0x0b}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0x0b0fu, ANYF},
    {{0xf0, 0x01, 0xd8}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0xd801f0u, ANYF},
    {{0xf0, 0x8b, 0x00}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0x008bf0u, ANYF},
    {{0x66, 0x0f, 0x38, 0x00, 0xc1}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0x00380f66u, ANYF},
    {{0x66, 0x0f, 0xd7, 0x00}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0x00d70f66u, ANYF},
    /* far JMP and CALL through a register do not exist */
    {{0xff, 0xeb}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0xebffu, ANYF},
    {{0xff, 0xd8}, 1, X86_OP_UNDEF, ANYF, ANYF, ANYF, ANYF, 0, 0xd8ffu, ANYF},
};

Test(x86_decode, table_of_encodings)
{
    for (size_t i = 0; i < sizeof dcases / sizeof dcases[0]; i++) {
        const dcase_t *d = &dcases[i];
        x86_insn_t in;
        char dis[96];
        uint8_t buf[15] = {0};
        memcpy(buf, d->bytes, sizeof buf);
        x86_decode(buf, sizeof buf, 0x1000u, &in); /* zeros after the encoding */
        x86_disasm(&in, 0x1000u, dis, sizeof dis);
        cr_assert_eq(in.op, d->op, "case %zu: op %s, expected %s (%s)", i, x86_op_names[in.op], x86_op_names[d->op], dis);
        cr_assert_eq(in.len, d->len, "case %zu (%s): len %u, expected %u", i, dis, in.len, d->len);
        if (d->w != ANYF)
            cr_assert_eq(x86_w(&in), d->w, "case %zu (%s): w", i, dis);
        if (d->reg != ANYF)
            cr_assert_eq(in.reg, d->reg, "case %zu (%s): reg %u", i, dis, in.reg);
        if (d->base != ANYF)
            cr_assert_eq(in.base, d->base, "case %zu (%s): base %u", i, dis, in.base);
        if (d->index != ANYF)
            cr_assert_eq(in.index, d->index, "case %zu (%s): index %02x", i, dis, in.index);
        cr_assert_eq(in.disp, d->disp, "case %zu (%s): disp %x", i, dis, in.disp);
        if (d->op != X86_OP_X87 || d->imm)
            cr_assert_eq(in.imm, d->imm, "case %zu (%s): imm %x", i, dis, in.imm);
        if (d->flags != ANYF)
            cr_assert_eq(in.wf & ~3u, d->flags, "case %zu (%s): prefixes %02x", i, dis, in.wf & ~3u);
    }
}

/* Every prefix order: the same instruction after any permutation of a set
 * of prefixes decodes to the same record. */
Test(x86_decode, prefix_orders)
{
    /* one of each group: operand size, LOCK, segment, address size */
    static const uint8_t pre[4] = {0x66, 0xf0, 0x65, 0x67};
    static const uint8_t body[] = {0x01, 0x44, 0x10}; /* add [si+0x10], ax */
    x86_insn_t ref;
    uint8_t buf[15];
    memcpy(buf, pre, 4), memcpy(buf + 4, body, sizeof body);
    x86_decode(buf, 7, 0, &ref);
    cr_assert_eq(ref.op, X86_OP_ADD_MR);
    cr_assert_eq(ref.len, 7);
    cr_assert_eq(ref.wf, X86_W16 | X86_F_LOCK | X86_F_SEGGS | X86_F_A16);
    for (uint32_t perm = 0; perm < 24; perm++) {
        uint8_t p[4] = {pre[0], pre[1], pre[2], pre[3]}, t;
        uint32_t x = perm;
        for (uint32_t i = 4; i > 1; i--) { /* the perm-th permutation */
            uint32_t j = x % i;
            x /= i;
            t = p[i - 1], p[i - 1] = p[j], p[j] = t;
        }
        memcpy(buf, p, 4);
        x86_insn_t in;
        x86_decode(buf, 7, 0, &in);
        cr_assert(!memcmp(&in, &ref, sizeof in), "prefixes %02x %02x %02x %02x", p[0], p[1], p[2], p[3]);
    }
}

/* More than 15 bytes: refused, as the CPU refuses it. */
Test(x86_decode, longer_than_fifteen_bytes)
{
    uint8_t buf[20];
    memset(buf, 0x66, 14);
    buf[14] = 0x90;
    x86_insn_t in;
    x86_decode(buf, 15, 0, &in);
    cr_assert_eq(in.op, X86_OP_NOP);
    cr_assert_eq(in.len, 15);
    memset(buf, 0x66, 15);
    buf[15] = 0x90;
    x86_decode(buf, 16, 0, &in);
    cr_assert_eq(in.op, X86_OP_UNDEF);
}

/* Every instruction objdump finds in a static glibc program: our length
 * equals binutils', and direct branch targets agree. The text comes from
 * objdump's own bytes. Encodings we do not decode (SSE in glibc's ifunc
 * variants) are counted, and must stay a small part. */
Test(x86_decode, lengths_against_objdump, .timeout = 120)
{
    const char *bin = "/tmp/warpsim_x86_decode_test";
    FILE *src = fopen("/tmp/warpsim_x86_decode_test.c", "w");
    cr_assert(src);
    fputs("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n"
          "int main(int c, char **v) { char b[64]; long long x = atoll(v[0]) * 3 / (c + 1);\n"
          "snprintf(b, sizeof b, \"%lld %g %s\", x, sqrt((double)c), strchr(v[0], '/'));\n"
          "puts(b); qsort(v, c, sizeof *v, (int (*)(const void *, const void *))strcmp); return 0; }\n", src);
    fclose(src);
    cr_assert_eq(system("i686-linux-gnu-gcc -static -O2 -o /tmp/warpsim_x86_decode_test /tmp/warpsim_x86_decode_test.c -lm"), 0);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "i686-linux-gnu-objdump -d --insn-width=16 %s", bin);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    char line[512];
    uint32_t checked = 0, undecoded = 0, x87 = 0;
    while (fgets(line, sizeof line, p)) {
        unsigned addr;
        int k;
        if (sscanf(line, " %x:%n", &addr, &k) != 1 || !strchr(line, '\t'))
            continue;
        uint8_t bytes[16];
        uint32_t n = 0;
        char *s = strchr(line, '\t') + 1, *mn = strchr(s, '\t');
        if (!mn)
            continue;
        unsigned b;
        int used;
        while (n < 16 && s < mn && sscanf(s, "%2x%n", &b, &used) == 1) {
            bytes[n++] = (uint8_t)b;
            s += used;
            while (*s == ' ')
                s++;
        }
        mn++;
        if (!strncmp(mn, "(bad)", 5) || n == 0)
            continue;
        x86_insn_t in;
        if (bytes[0] == 0x9bu && n > 1u) { /* objdump joins FWAIT to the x87 op after it */
            x86_decode(bytes, n, addr, &in);
            cr_assert_eq(in.len, 1u);
            memmove(bytes, bytes + 1, --n);
            addr++;
        }
        x86_decode(bytes, n, addr, &in);
        if (in.op == X86_OP_UNDEF) {
            undecoded++;
            continue;
        }
        x87 += in.op == X86_OP_X87;
        cr_assert_eq(in.len, n, "0x%x: %s: our length %u, objdump's %u", addr, mn, in.len, n);
        if (in.op == X86_OP_JCC || in.op == X86_OP_JMP || in.op == X86_OP_CALL) {
            unsigned t;
            char *sp = strpbrk(mn, " \t");
            cr_assert(sp && sscanf(sp, " %x", &t) == 1, "0x%x: %s", addr, mn);
            cr_assert_eq(in.imm, t, "0x%x: %s: our target 0x%x", addr, mn, in.imm);
        }
        checked++;
    }
    pclose(p);
    cr_assert_gt(checked, 50000u, "only %u instructions", checked);
    cr_assert_gt(x87, 100u);
    cr_assert_lt(undecoded * 20u, checked, "%u of %u not decoded", undecoded, checked);
    cr_log_info("x86 decoder vs objdump: %u instructions, %u x87, %u not decoded (SSE)", checked, x87, undecoded);
}

/* The segment register of each PUSH/POP Sreg encoding (0 ES 1 CS 2 SS 3 DS
 * 4 FS 5 GS); POP CS does not exist (0F is the two-byte escape). */
Test(x86_decode, push_and_pop_name_their_segment_register)
{
    static const struct { uint8_t b[2]; uint32_t op, sreg; } cases[] = {
        {{0x06}, X86_OP_PUSHSEG, 0}, {{0x07}, X86_OP_POPSEG, 0}, {{0x0e}, X86_OP_PUSHSEG, 1},
        {{0x16}, X86_OP_PUSHSEG, 2}, {{0x17}, X86_OP_POPSEG, 2}, {{0x1e}, X86_OP_PUSHSEG, 3},
        {{0x1f}, X86_OP_POPSEG, 3}, {{0x0f, 0xa0}, X86_OP_PUSHSEG, 4}, {{0x0f, 0xa1}, X86_OP_POPSEG, 4},
        {{0x0f, 0xa8}, X86_OP_PUSHSEG, 5}, {{0x0f, 0xa9}, X86_OP_POPSEG, 5},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        x86_insn_t in;
        x86_decode(cases[i].b, 15, 0x1000, &in);
        cr_expect_eq(in.op, cases[i].op, "case %zu", i);
        cr_expect_eq(in.aux, cases[i].sreg, "case %zu", i);
        cr_expect_eq(x86_len(&in), cases[i].b[0] == 0x0f ? 2u : 1u, "case %zu", i);
    }
}

/* Bytes that end inside an instruction: UNDEF marked as cut, with how many
 * there were (the fetch faults past them); too many prefixes for the
 * 15-byte limit are a plain UNDEF. */
Test(x86_decode, an_instruction_cut_by_the_end_is_marked)
{
    static const uint8_t mov[5] = {0xb8, 0x01, 0x02, 0x03, 0x04};
    x86_insn_t in;
    for (uint32_t avail = 1; avail < 5; avail++) {
        x86_decode(mov, avail, 0x1000, &in);
        cr_expect_eq(in.op, X86_OP_UNDEF);
        cr_expect_eq(in.aux, X86_UNDEF_CUT, "%u bytes", avail);
        cr_expect_eq(in.disp, avail);
    }
    x86_decode(mov, 5, 0x1000, &in);
    cr_expect_eq(in.op, X86_OP_MOV_RI);
    uint8_t longest[16];
    memset(longest, 0x66, sizeof longest);
    x86_decode(longest, 16, 0x1000, &in);
    cr_expect_eq(in.op, X86_OP_UNDEF);
    cr_expect_eq(in.aux, 0u);
}
