/* The T32 decoder on code gcc 12 really emits: 346 Thumb instructions taken
 * from static binaries of the test/diff programs and two extra ones, built by
 * arm-linux-gnueabi-gcc -static -mthumb -march=armv7-a (-O0/-O2/-Os/-O3
 * -funroll-loops; armv7ve for sdiv/udiv), several per op and form. Each row
 * is objdump's encoding at objdump's address with its disassembly; the op,
 * length, and for branches, literals and ADR the resolved address ("imm")
 * were cross-checked against objdump's text by a development sweep over all
 * 20116 Thumb instructions of those binaries (operands, shifts, flags, lists
 * and P/U/W were compared too; none disagreed). */
#include <criterion/criterion.h>
#include "device/arm/arm_insn.h"

typedef struct t32_real {
    uint32_t addr, hw1, hw2;
    uint8_t len;
    uint16_t op;
    uint32_t imm;     /* checked when has_imm */
    uint8_t has_imm;
} t32_real_t;

static const t32_real_t t32_real[] = {
    { 0x10924, 0xf141, 0x0100, 4, ARM_OP_ADC_IMM, 0, 0 }, /* adc.w r1, r1, #0 */
    { 0x106fc, 0xf142, 0x0200, 4, ARM_OP_ADC_IMM, 0, 0 }, /* adc.w r2, r2, #0 */
    { 0x1052a, 0xf146, 0x0600, 4, ARM_OP_ADC_IMM, 0, 0 }, /* adc.w r6, r6, #0 */
    { 0x10592, 0xeb45, 0x0101, 4, ARM_OP_ADC_REG, 0, 0 }, /* adc.w r1, r5, r1 */
    { 0x1043c, 0xeb47, 0x0907, 4, ARM_OP_ADC_REG, 0, 0 }, /* adc.w r9, r7, r7 */
    { 0x10444, 0xeb47, 0x0909, 4, ARM_OP_ADC_REG, 0, 0 }, /* adc.w r9, r7, r9 */
    { 0x1042e, 0xae08, 0x0000, 2, ARM_OP_ADD_IMM, 0, 0 }, /* add r6, sp, #32 */
    { 0x10448, 0x3401, 0x0000, 2, ARM_OP_ADD_IMM, 0, 0 }, /* adds r4, #1 */
    { 0x104c4, 0xf50d, 0x7830, 4, ARM_OP_ADD_IMM, 0, 0 }, /* add.w r8, sp, #704 */
    { 0x10542, 0xf20d, 0x4504, 4, ARM_OP_ADD_IMM, 0, 0 }, /* addw r5, sp, #1028 */
    { 0x105ce, 0xf50d, 0x62a9, 4, ARM_OP_ADD_IMM, 0, 0 }, /* addgt.w r2, sp, #1352 */
    { 0x10430, 0xa80a, 0x0000, 2, ARM_OP_ADD_IMM, 0, 0 }, /* add r0, sp, #40 */
    { 0x10456, 0xad32, 0x0000, 2, ARM_OP_ADD_IMM, 0, 0 }, /* add r5, sp, #200 */
    { 0x10462, 0xab34, 0x0000, 2, ARM_OP_ADD_IMM, 0, 0 }, /* add r3, sp, #208 */
    { 0x1048e, 0xaf5c, 0x0000, 2, ARM_OP_ADD_IMM, 0, 0 }, /* add r7, sp, #368 */
    { 0x1045c, 0x4478, 0x0000, 2, ARM_OP_ADD_REG, 0, 0 }, /* add r0, pc */
    { 0x10552, 0xeb05, 0x0981, 4, ARM_OP_ADD_REG, 0, 0 }, /* add.w r9, r5, r1, lsl #2 */
    { 0x1058e, 0x19c0, 0x0000, 2, ARM_OP_ADD_REG, 0, 0 }, /* adds r0, r0, r7 */
    { 0x105d6, 0xeb02, 0x05c3, 4, ARM_OP_ADD_REG, 0, 0 }, /* addgt.w r5, r2, r3, lsl #3 */
    { 0x108b4, 0x444b, 0x0000, 2, ARM_OP_ADD_REG, 0, 0 }, /* addhi r3, r9 */
    { 0x10514, 0x4479, 0x0000, 2, ARM_OP_ADD_REG, 0, 0 }, /* add r1, pc */
    { 0x1045a, 0xf001, 0x3955, 4, ARM_OP_AND_IMM, 0, 0 }, /* and.w r9, r1, #1431655765 */
    { 0x10930, 0xf006, 0x000f, 4, ARM_OP_AND_IMM, 0, 0 }, /* andle.w r0, r6, #15 */
    { 0x10954, 0xf000, 0x000f, 4, ARM_OP_AND_IMM, 0, 0 }, /* andgt.w r0, r0, #15 */
    { 0x1089a, 0xf411, 0x6100, 4, ARM_OP_AND_IMM, 0, 0 }, /* ands.w r1, r1, #2048 */
    { 0x10640, 0xf005, 0x0501, 4, ARM_OP_AND_IMM, 0, 0 }, /* andeq.w r5, r5, #1 */
    { 0x10508, 0xea02, 0x020b, 4, ARM_OP_AND_REG, 0, 0 }, /* and.w r2, r2, fp */
    { 0x1045e, 0x4021, 0x0000, 2, ARM_OP_AND_REG, 0, 0 }, /* ands r1, r4 */
    { 0x1092a, 0xea02, 0x0205, 4, ARM_OP_AND_REG, 0, 0 }, /* and.w r2, r2, r5 */
    { 0x10450, 0xd1f8, 0x0000, 2, ARM_OP_B, 0x10444, 1 }, /* bne.n 10444 <main+0x24> */
    { 0x10538, 0xf340, 0x809b, 4, ARM_OP_B, 0x10672, 1 }, /* ble.w 10672 <main+0x252> */
    { 0x1055e, 0xdd21, 0x0000, 2, ARM_OP_B, 0x105a4, 1 }, /* ble.n 105a4 <main+0x184> */
    { 0x105ae, 0xd1d4, 0x0000, 2, ARM_OP_B, 0x1055a, 1 }, /* bne.n 1055a <main+0x13a> */
    { 0x105ea, 0xd013, 0x0000, 2, ARM_OP_B, 0x10614, 1 }, /* beq.n 10614 <main+0x1f4> */
    { 0x105f8, 0xe003, 0x0000, 2, ARM_OP_B, 0x10602, 1 }, /* b.n 10602 <main+0x1e2> */
    { 0x10600, 0xd034, 0x0000, 2, ARM_OP_B, 0x1066c, 1 }, /* beq.n 1066c <main+0x24c> */
    { 0x1089a, 0xe014, 0x0000, 2, ARM_OP_B, 0x108c6, 1 }, /* b.n 108c6 <big_add+0x5e> */
    { 0x108a4, 0xdd09, 0x0000, 2, ARM_OP_B, 0x108ba, 1 }, /* ble.n 108ba <big_add+0x52> */
    { 0x10604, 0xf000, 0x80a9, 4, ARM_OP_B, 0x1075a, 1 }, /* beq.w 1075a <main+0x33a> */
    { 0x10456, 0xf000, 0x80a7, 4, ARM_OP_B, 0x105a8, 1 }, /* beq.w 105a8 <main+0x188> */
    { 0x105c0, 0xf240, 0x80ca, 4, ARM_OP_B, 0x10758, 1 }, /* bls.w 10758 <main+0x338> */
    { 0x10488, 0xd1f9, 0x0000, 2, ARM_OP_B, 0x1047e, 1 }, /* bne.n 1047e <main+0x5e> */
    { 0x104f8, 0xd1ee, 0x0000, 2, ARM_OP_B, 0x104d8, 1 }, /* bne.n 104d8 <main+0xb8> */
    { 0x1059c, 0xd1e9, 0x0000, 2, ARM_OP_B, 0x10572, 1 }, /* bne.n 10572 <main+0x152> */
    { 0x1083e, 0xf361, 0x2395, 4, ARM_OP_BFI, 0, 0 }, /* bfi r3, r1, #10, #12 */
    { 0x10852, 0xf361, 0x0302, 4, ARM_OP_BFI, 0, 0 }, /* bfi r3, r1, #0, #3 */
    { 0x1120e, 0xf362, 0x0302, 4, ARM_OP_BFI, 0, 0 }, /* bfi r3, r2, #0, #3 */
    { 0x1056a, 0xf022, 0x0303, 4, ARM_OP_BIC_IMM, 0, 0 }, /* bic.w r3, r2, #3 */
    { 0x10494, 0xf033, 0x0308, 4, ARM_OP_BIC_IMM, 0, 0 }, /* bics.w r3, r3, #8 */
    { 0x10a66, 0xf023, 0x0103, 4, ARM_OP_BIC_IMM, 0, 0 }, /* bic.w r1, r3, #3 */
    { 0x10616, 0xea30, 0x0404, 4, ARM_OP_BIC_REG, 0, 0 }, /* bics.w r4, r0, r4 */
    { 0x109fc, 0xea20, 0x00c1, 4, ARM_OP_BIC_REG, 0, 0 }, /* bic.w r0, r0, r1, lsl #3 */
    { 0x1044a, 0xf000, 0xf9d1, 4, ARM_OP_BL, 0x107f0, 1 }, /* bl 107f0 <big_mul_small> */
    { 0x10498, 0xf000, 0xfa5e, 4, ARM_OP_BL, 0x10958, 1 }, /* bl 10958 <big_print> */
    { 0x1045e, 0xf000, 0xfa7b, 4, ARM_OP_BL, 0x10958, 1 }, /* bl 10958 <big_print> */
    { 0x10482, 0xf000, 0xf9b5, 4, ARM_OP_BL, 0x107f0, 1 }, /* bl 107f0 <big_mul_small> */
    { 0x10432, 0xf01e, 0xea3e, 4, ARM_OP_BLX_IMM, 0x2e8b0, 1 }, /* blx 2e8b0 <memset> */
    { 0x104e8, 0xf01d, 0xeeca, 4, ARM_OP_BLX_IMM, 0x2e280, 1 }, /* blx 2e280 <memcpy> */
    { 0x1046a, 0xf01e, 0xea22, 4, ARM_OP_BLX_IMM, 0x2e8b0, 1 }, /* blx 2e8b0 <memset> */
    { 0x104a2, 0xf01e, 0xea06, 4, ARM_OP_BLX_IMM, 0x2e8b0, 1 }, /* blx 2e8b0 <memset> */
    { 0x104be, 0xf01e, 0xe9f8, 4, ARM_OP_BLX_IMM, 0x2e8b0, 1 }, /* blx 2e8b0 <memset> */
    { 0x104f2, 0xf01d, 0xeec6, 4, ARM_OP_BLX_IMM, 0x2e280, 1 }, /* blx 2e280 <memcpy> */
    { 0x1052c, 0xf01e, 0xe9c0, 4, ARM_OP_BLX_IMM, 0x2e8b0, 1 }, /* blx 2e8b0 <memset> */
    { 0x10582, 0xf000, 0xea78, 4, ARM_OP_BLX_IMM, 0x10a74, 1 }, /* blx 10a74 <__aeabi_uldivmod> */
    { 0x105bc, 0xf01e, 0xe978, 4, ARM_OP_BLX_IMM, 0x2e8b0, 1 }, /* blx 2e8b0 <memset> */
    { 0x1063a, 0xf007, 0xeed6, 4, ARM_OP_BLX_IMM, 0x183e8, 1 }, /* blx 183e8 <_IO_printf> */
    { 0x1064c, 0xf007, 0xeecc, 4, ARM_OP_BLX_IMM, 0x183e8, 1 }, /* blx 183e8 <_IO_printf> */
    { 0x10484, 0x47b0, 0x0000, 2, ARM_OP_BLX_REG, 0, 0 }, /* blx r6 */
    { 0x10528, 0x4798, 0x0000, 2, ARM_OP_BLX_REG, 0, 0 }, /* blx r3 */
    { 0x1085c, 0x4770, 0x0000, 2, ARM_OP_BX, 0, 0 }, /* bx lr */
    { 0x6e188, 0x4778, 0x0000, 2, ARM_OP_BX, 0, 0 }, /* bx pc */
    { 0x10a36, 0x4710, 0x0000, 2, ARM_OP_BX, 0, 0 }, /* bx r2 */
    { 0x10aee, 0xbb28, 0x0000, 2, ARM_OP_CBNZ, 0x10b3c, 1 }, /* cbnz r0, 10b3c <block+0xb8> */
    { 0x10764, 0xb908, 0x0000, 2, ARM_OP_CBNZ, 0x1076a, 1 }, /* cbnz r0, 1076a <main+0x34a> */
    { 0x107aa, 0xb958, 0x0000, 2, ARM_OP_CBNZ, 0x107c4, 1 }, /* cbnz r0, 107c4 <main+0x3a4> */
    { 0x1060e, 0xb108, 0x0000, 2, ARM_OP_CBZ, 0x10614, 1 }, /* cbz r0, 10614 <main+0x1f4> */
    { 0x108d4, 0xb13c, 0x0000, 2, ARM_OP_CBZ, 0x108e6, 1 }, /* cbz r4, 108e6 <big_add+0x7e> */
    { 0x10a02, 0xb39b, 0x0000, 2, ARM_OP_CBZ, 0x10a6c, 1 }, /* cbz r3, 10a6c <big_parse+0x8c> */
    { 0x1048e, 0xfab4, 0xf584, 4, ARM_OP_CLZ, 0, 0 }, /* clz r5, r4 */
    { 0x10492, 0xfab2, 0xf282, 4, ARM_OP_CLZ, 0, 0 }, /* clz r2, r2 */
    { 0x10478, 0xfab0, 0xf080, 4, ARM_OP_CLZ, 0, 0 }, /* clz r0, r0 */
    { 0x107bc, 0xf113, 0x0f80, 4, ARM_OP_CMN_IMM, 0, 0 }, /* cmn.w r3, #128 */
    { 0x1044e, 0x2c65, 0x0000, 2, ARM_OP_CMP_IMM, 0, 0 }, /* cmp r4, #101 */
    { 0x105c2, 0xf5b2, 0x7f7a, 4, ARM_OP_CMP_IMM, 0, 0 }, /* cmp.w r2, #1000 */
    { 0x10560, 0xf1b4, 0x3fff, 4, ARM_OP_CMP_IMM, 0, 0 }, /* cmpeq.w r4, #4294967295 */
    { 0x10ad2, 0x2d7d, 0x0000, 2, ARM_OP_CMP_IMM, 0, 0 }, /* cmpne r5, #125 */
    { 0x10596, 0x454e, 0x0000, 2, ARM_OP_CMP_REG, 0, 0 }, /* cmp r6, r9 */
    { 0x107d8, 0x4298, 0x0000, 2, ARM_OP_CMP_REG, 0, 0 }, /* cmpeq r0, r3 */
    { 0x10a4a, 0x42af, 0x0000, 2, ARM_OP_CMP_REG, 0, 0 }, /* cmpgt r7, r5 */
    { 0x10af8, 0xebb1, 0x0f4e, 4, ARM_OP_CMP_REG, 0, 0 }, /* cmp.w r1, lr, lsl #1 */
    { 0x107c4, 0xf08a, 0x0a01, 4, ARM_OP_EOR_IMM, 0, 0 }, /* eor.w sl, sl, #1 */
    { 0x10566, 0xf083, 0x0301, 4, ARM_OP_EOR_IMM, 0, 0 }, /* eoreq.w r3, r3, #1 */
    { 0x111ac, 0xf082, 0x3255, 4, ARM_OP_EOR_IMM, 0, 0 }, /* eor.w r2, r2, #1431655765 */
    { 0x105ba, 0x4051, 0x0000, 2, ARM_OP_EOR_REG, 0, 0 }, /* eors r1, r2 */
    { 0x104ea, 0xea83, 0x2212, 4, ARM_OP_EOR_REG, 0, 0 }, /* eor.w r2, r3, r2, lsr #8 */
    { 0x10934, 0x4062, 0x0000, 2, ARM_OP_EOR_REG, 0, 0 }, /* eorle r2, r4 */
    { 0x10948, 0xea82, 0x020c, 4, ARM_OP_EOR_REG, 0, 0 }, /* eorle.w r2, r2, ip */
    { 0x105cc, 0xbfc2, 0x0000, 2, ARM_OP_IT, 0, 0 }, /* ittt gt */
    { 0x10878, 0xbfb8, 0x0000, 2, ARM_OP_IT, 0, 0 }, /* it lt */
    { 0x1089e, 0xbfdc, 0x0000, 2, ARM_OP_IT, 0, 0 }, /* itt le */
    { 0x108b2, 0xbf86, 0x0000, 2, ARM_OP_IT, 0, 0 }, /* itte hi */
    { 0x10a3c, 0xbf94, 0x0000, 2, ARM_OP_IT, 0, 0 }, /* ite ls */
    { 0x10668, 0xe8bd, 0x8ff0, 4, ARM_OP_LDM, 0, 0 }, /* ldmia.w sp!, {r4, r5, r6, r7, r8, r9, sl, fp, pc} */
    { 0x1043a, 0xcd0f, 0x0000, 2, ARM_OP_LDM, 0, 0 }, /* ldmia r5!, {r0, r1, r2, r3} */
    { 0x10756, 0xbd08, 0x0000, 2, ARM_OP_LDM, 0, 0 }, /* pop {r3, pc} */
    { 0x109b2, 0xf813, 0x2b01, 4, ARM_OP_LDRB_IMM, 0, 0 }, /* ldrb.w r2, [r3], #1 */
    { 0x10a00, 0x7833, 0x0000, 2, ARM_OP_LDRB_IMM, 0, 0 }, /* ldrb r3, [r6, #0] */
    { 0x10a2c, 0x7834, 0x0000, 2, ARM_OP_LDRB_IMM, 0, 0 }, /* ldrb r4, [r6, #0] */
    { 0x1070c, 0x5d34, 0x0000, 2, ARM_OP_LDRB_REG, 0, 0 }, /* ldrb r4, [r6, r4] */
    { 0x10496, 0xf818, 0x2002, 4, ARM_OP_LDRB_REG, 0, 0 }, /* ldrb.w r2, [r8, r2] */
    { 0x10672, 0x5cc2, 0x0000, 2, ARM_OP_LDRB_REG, 0, 0 }, /* ldrb r2, [r0, r3] */
    { 0x1054e, 0xe9db, 0xab00, 4, ARM_OP_LDRD_IMM, 0, 0 }, /* ldrd sl, fp, [fp] */
    { 0x105fa, 0xe9dd, 0x5404, 4, ARM_OP_LDRD_IMM, 0, 0 }, /* ldrdge r5, r4, [sp, #16] */
    { 0x10566, 0xe9d7, 0x0100, 4, ARM_OP_LDRD_IMM, 0, 0 }, /* ldrd r0, r1, [r7] */
    { 0x10d3a, 0xe853, 0x2f00, 4, ARM_OP_LDREX, 0, 0 }, /* ldrex r2, [r3] */
    { 0x10d58, 0xe853, 0x0f00, 4, ARM_OP_LDREX, 0, 0 }, /* ldrex r0, [r3] */
    { 0x10bf0, 0xe850, 0x2f00, 4, ARM_OP_LDREX, 0, 0 }, /* ldrex r2, [r0] */
    { 0x10dd8, 0xe8d3, 0x2f4f, 4, ARM_OP_LDREXB, 0, 0 }, /* ldrexb r2, [r3] */
    { 0x10632, 0xe8d2, 0x1f4f, 4, ARM_OP_LDREXB, 0, 0 }, /* ldrexb r1, [r2] */
    { 0x10c5c, 0xe8d0, 0x3f4f, 4, ARM_OP_LDREXB, 0, 0 }, /* ldrexb r3, [r0] */
    { 0x10d98, 0xe8d3, 0x457f, 4, ARM_OP_LDREXD, 0, 0 }, /* ldrexd r4, r5, [r3] */
    { 0x1060e, 0xe8d1, 0x677f, 4, ARM_OP_LDREXD, 0, 0 }, /* ldrexd r6, r7, [r1] */
    { 0x10c36, 0xe8d3, 0x017f, 4, ARM_OP_LDREXD, 0, 0 }, /* ldrexd r0, r1, [r3] */
    { 0x10e02, 0xe8d3, 0x2f5f, 4, ARM_OP_LDREXH, 0, 0 }, /* ldrexh r2, [r3] */
    { 0x1064e, 0xe8d0, 0x2f5f, 4, ARM_OP_LDREXH, 0, 0 }, /* ldrexh r2, [r0] */
    { 0x10c74, 0xe8d0, 0x3f5f, 4, ARM_OP_LDREXH, 0, 0 }, /* ldrexh r3, [r0] */
    { 0x10678, 0xf8bd, 0x4032, 4, ARM_OP_LDRH_IMM, 0, 0 }, /* ldrh.w r4, [sp, #50] */
    { 0x104e8, 0x8820, 0x0000, 2, ARM_OP_LDRH_IMM, 0, 0 }, /* ldrh r0, [r4, #0] */
    { 0x10524, 0xf835, 0x3f02, 4, ARM_OP_LDRH_IMM, 0, 0 }, /* ldrh.w r3, [r5, #2]! */
    { 0x107bc, 0xf834, 0x1011, 4, ARM_OP_LDRH_REG, 0, 0 }, /* ldrh.w r1, [r4, r1, lsl #1] */
    { 0x107c8, 0xf834, 0x1012, 4, ARM_OP_LDRH_REG, 0, 0 }, /* ldrh.w r1, [r4, r2, lsl #1] */
    { 0x10866, 0xf830, 0x1011, 4, ARM_OP_LDRH_REG, 0, 0 }, /* ldrh.w r1, [r0, r1, lsl #1] */
    { 0x10674, 0xf99d, 0x5031, 4, ARM_OP_LDRSB_IMM, 0, 0 }, /* ldrsb.w r5, [sp, #49] */
    { 0x10cbe, 0xf993, 0x3000, 4, ARM_OP_LDRSB_IMM, 0, 0 }, /* ldrsb.w r3, [r3] */
    { 0x10cde, 0xf997, 0x300f, 4, ARM_OP_LDRSB_IMM, 0, 0 }, /* ldrsb.w r3, [r7, #15] */
    { 0x109be, 0x5618, 0x0000, 2, ARM_OP_LDRSB_REG, 0, 0 }, /* ldrsb r0, [r3, r0] */
    { 0x11078, 0xf9b7, 0x3006, 4, ARM_OP_LDRSH_IMM, 0, 0 }, /* ldrsh.w r3, [r7, #6] */
    { 0x1107c, 0xf9b7, 0x2004, 4, ARM_OP_LDRSH_IMM, 0, 0 }, /* ldrsh.w r2, [r7, #4] */
    { 0x11134, 0xf9b7, 0x1002, 4, ARM_OP_LDRSH_IMM, 0, 0 }, /* ldrsh.w r1, [r7, #2] */
    { 0x10530, 0xf8dd, 0x3404, 4, ARM_OP_LDR_IMM, 0, 0 }, /* ldr.w r3, [sp, #1028] */
    { 0x1055a, 0x9a04, 0x0000, 2, ARM_OP_LDR_IMM, 0, 0 }, /* ldr r2, [sp, #16] */
    { 0x1053c, 0xf8d5, 0x10a0, 4, ARM_OP_LDR_IMM, 0, 0 }, /* ldr.w r1, [r5, #160] */
    { 0x10560, 0xf8d3, 0x8000, 4, ARM_OP_LDR_IMM, 0, 0 }, /* ldr.w r8, [r3] */
    { 0x1056e, 0x9e05, 0x0000, 2, ARM_OP_LDR_IMM, 0, 0 }, /* ldr r6, [sp, #20] */
    { 0x10572, 0xf856, 0x3f04, 4, ARM_OP_LDR_IMM, 0, 0 }, /* ldr.w r3, [r6, #4]! */
    { 0x10586, 0xf854, 0x7f08, 4, ARM_OP_LDR_IMM, 0, 0 }, /* ldr.w r7, [r4, #8]! */
    { 0x10590, 0x6865, 0x0000, 2, ARM_OP_LDR_IMM, 0, 0 }, /* ldr r5, [r4, #4] */
    { 0x10452, 0x488d, 0x0000, 2, ARM_OP_LDR_LIT, 0x10688, 1 }, /* ldr r0, [pc, #564] (10688 <main+0x268>) */
    { 0x10510, 0x4960, 0x0000, 2, ARM_OP_LDR_LIT, 0x10694, 1 }, /* ldr r1, [pc, #384] (10694 <main+0x274>) */
    { 0x10986, 0xf8df, 0x9050, 4, ARM_OP_LDR_LIT, 0x109d8, 1 }, /* ldr.w r9, [pc, #80] 109d8 <big_print+0x80> */
    { 0x104e8, 0xf8df, 0x9168, 4, ARM_OP_LDR_LIT, 0x10654, 1 }, /* ldr.w r9, [pc, #360] 10654 <main+0x234> */
    { 0x1048a, 0x4880, 0x0000, 2, ARM_OP_LDR_LIT, 0x1068c, 1 }, /* ldr r0, [pc, #512] (1068c <main+0x26c>) */
    { 0x104fa, 0x4865, 0x0000, 2, ARM_OP_LDR_LIT, 0x10690, 1 }, /* ldr r0, [pc, #404] (10690 <main+0x270>) */
    { 0x1051a, 0x495f, 0x0000, 2, ARM_OP_LDR_LIT, 0x10698, 1 }, /* ldr r1, [pc, #380] (10698 <main+0x278>) */
    { 0x108a8, 0xf852, 0xa02c, 4, ARM_OP_LDR_REG, 0, 0 }, /* ldr.w sl, [r2, ip, lsl #2] */
    { 0x106d2, 0x589f, 0x0000, 2, ARM_OP_LDR_REG, 0, 0 }, /* ldr r7, [r3, r2] */
    { 0x108ca, 0xf851, 0x302c, 4, ARM_OP_LDR_REG, 0, 0 }, /* ldr.w r3, [r1, ip, lsl #2] */
    { 0x10920, 0xfb07, 0x110c, 4, ARM_OP_MLA, 0, 0 }, /* mla r1, r7, ip, r1 */
    { 0x104b2, 0xfb01, 0x2201, 4, ARM_OP_MLA, 0, 0 }, /* mla r2, r1, r1, r2 */
    { 0x1055a, 0xfb04, 0x000e, 4, ARM_OP_MLA, 0, 0 }, /* mla r0, r4, lr, r0 */
    { 0x10660, 0xfb00, 0x5013, 4, ARM_OP_MLS, 0, 0 }, /* mls r0, r0, r3, r5 */
    { 0x10a5a, 0xfb08, 0x4413, 4, ARM_OP_MLS, 0, 0 }, /* mls r4, r8, r3, r4 */
    { 0x10536, 0xfb05, 0x0111, 4, ARM_OP_MLS, 0, 0 }, /* mls r1, r5, r1, r0 */
    { 0x10654, 0xf2c5, 0x13eb, 4, ARM_OP_MOVT, 0, 0 }, /* movt r3, #20971 */
    { 0x1083a, 0xf6c3, 0x319a, 4, ARM_OP_MOVT, 0, 0 }, /* movt r1, #15258 */
    { 0x10888, 0xf6c3, 0x389a, 4, ARM_OP_MOVT, 0, 0 }, /* movt r8, #15258 */
    { 0x10620, 0xf641, 0x61ef, 4, ARM_OP_MOVW, 0, 0 }, /* movw r1, #7919 */
    { 0x10650, 0xf248, 0x531f, 4, ARM_OP_MOVW, 0, 0 }, /* movw r3, #34079 */
    { 0x10836, 0xf64c, 0x11ff, 4, ARM_OP_MOVW, 0, 0 }, /* movw r1, #51711 */
    { 0x10424, 0x2100, 0x0000, 2, ARM_OP_MOV_IMM, 0, 0 }, /* movs r1, #0 */
    { 0x10426, 0x2298, 0x0000, 2, ARM_OP_MOV_IMM, 0, 0 }, /* movs r2, #152 */
    { 0x10458, 0xf44f, 0x747a, 4, ARM_OP_MOV_IMM, 0, 0 }, /* mov.w r4, #1000 */
    { 0x104b2, 0xf04f, 0x0a00, 4, ARM_OP_MOV_IMM, 0, 0 }, /* mov.w sl, #0 */
    { 0x1054a, 0xf20f, 0x1b34, 4, ARM_OP_MOV_IMM, 0x10680, 1 }, /* addw fp, pc, #308 0x134 */
    { 0x10806, 0xa516, 0x0000, 2, ARM_OP_MOV_IMM, 0x10860, 1 }, /* add r5, pc, #88 (adr r5, 10860 <big_mul_small+0x70>) */
    { 0x108a2, 0x2400, 0x0000, 2, ARM_OP_MOV_IMM, 0, 0 }, /* movle r4, #0 */
    { 0x108b6, 0x2401, 0x0000, 2, ARM_OP_MOV_IMM, 0, 0 }, /* movhi r4, #1 */
    { 0x10a3e, 0xf04f, 0x0c01, 4, ARM_OP_MOV_IMM, 0, 0 }, /* movls.w ip, #1 */
    { 0x10a42, 0xf04f, 0x0c02, 4, ARM_OP_MOV_IMM, 0, 0 }, /* movhi.w ip, #2 */
    { 0x1049e, 0xf04f, 0x32ff, 4, ARM_OP_MOV_IMM, 0, 0 }, /* moveq.w r2, #4294967295 */
    { 0x10508, 0xa135, 0x0000, 2, ARM_OP_MOV_IMM, 0x105e0, 1 }, /* add r1, pc, #212 (adr r1, 105e0 <main+0x1c0>) */
    { 0x10444, 0x4621, 0x0000, 2, ARM_OP_MOV_REG, 0, 0 }, /* mov r1, r4 */
    { 0x1065e, 0x095b, 0x0000, 2, ARM_OP_MOV_REG, 0, 0 }, /* lsrs r3, r3, #5 */
    { 0x1087a, 0x463d, 0x0000, 2, ARM_OP_MOV_REG, 0, 0 }, /* movlt r5, r7 */
    { 0x108a0, 0x4623, 0x0000, 2, ARM_OP_MOV_REG, 0, 0 }, /* movle r3, r4 */
    { 0x1046e, 0xea4f, 0x0c9c, 4, ARM_OP_MOV_REG, 0, 0 }, /* mov.w ip, ip, lsr #2 */
    { 0x10446, 0x4630, 0x0000, 2, ARM_OP_MOV_REG, 0, 0 }, /* mov r0, r6 */
    { 0x10454, 0x4631, 0x0000, 2, ARM_OP_MOV_REG, 0, 0 }, /* mov r1, r6 */
    { 0x1054e, 0xfa25, 0xf604, 4, ARM_OP_MOV_RSR, 0, 0 }, /* lsr.w r6, r5, r4 */
    { 0x10554, 0xfa45, 0xf304, 4, ARM_OP_MOV_RSR, 0, 0 }, /* asr.w r3, r5, r4 */
    { 0x10592, 0xfa61, 0xf202, 4, ARM_OP_MOV_RSR, 0, 0 }, /* ror.w r2, r1, r2 */
    { 0x10596, 0x41d9, 0x0000, 2, ARM_OP_MOV_RSR, 0, 0 }, /* rors r1, r3 */
    { 0x10a42, 0xfa0c, 0xf404, 4, ARM_OP_MOV_RSR, 0, 0 }, /* lsl.w r4, ip, r4 */
    { 0x10f10, 0xee1d, 0x3f70, 4, ARM_OP_MRC_TLS, 0, 0 }, /* mrc 15, 0, r3, cr13, cr0, {3} */
    { 0x10480, 0xfb00, 0xf303, 4, ARM_OP_MUL, 0, 0 }, /* mul.w r3, r0, r3 */
    { 0x104aa, 0x4359, 0x0000, 2, ARM_OP_MUL, 0, 0 }, /* mulne r1, r3 */
    { 0x10508, 0x435a, 0x0000, 2, ARM_OP_MUL, 0, 0 }, /* muls r2, r3 */
    { 0x1059e, 0xf06f, 0x037f, 4, ARM_OP_MVN_IMM, 0, 0 }, /* mvn.w r3, #127 */
    { 0x1043a, 0xf06f, 0x0407, 4, ARM_OP_MVN_IMM, 0, 0 }, /* mvn.w r4, #7 */
    { 0x104d0, 0xf06f, 0x0a03, 4, ARM_OP_MVN_IMM, 0, 0 }, /* mvn.w sl, #3 */
    { 0x104f2, 0x43d3, 0x0000, 2, ARM_OP_MVN_REG, 0, 0 }, /* mvns r3, r2 */
    { 0x10518, 0x43c9, 0x0000, 2, ARM_OP_MVN_REG, 0, 0 }, /* mvns r1, r1 */
    { 0x10906, 0x43da, 0x0000, 2, ARM_OP_MVN_REG, 0, 0 }, /* mvns r2, r3 */
    { 0x1067a, 0xbf00, 0x0000, 2, ARM_OP_NOP, 0, 0 }, /* nop */
    { 0x1067c, 0xf3af, 0x8000, 4, ARM_OP_NOP, 0, 0 }, /* nop.w */
    { 0x10d36, 0xf3bf, 0x8f5b, 4, ARM_OP_DMB, 0, 0 }, /* dmb ish */
    { 0x1058a, 0xf062, 0x0005, 4, ARM_OP_ORN_IMM, 0, 0 }, /* orn r0, r2, #5 */
    { 0x105aa, 0xf062, 0x0a05, 4, ARM_OP_ORN_IMM, 0, 0 }, /* orn sl, r2, #5 */
    { 0x10572, 0xf067, 0x0305, 4, ARM_OP_ORN_IMM, 0, 0 }, /* orn r3, r7, #5 */
    { 0x10944, 0xea6c, 0x0205, 4, ARM_OP_ORN_REG, 0, 0 }, /* orngt r2, ip, r5 */
    { 0x109f4, 0xea60, 0x0001, 4, ARM_OP_ORN_REG, 0, 0 }, /* orn r0, r0, r1 */
    { 0x1071c, 0xf043, 0x0301, 4, ARM_OP_ORR_IMM, 0, 0 }, /* orr.w r3, r3, #1 */
    { 0x10e06, 0xf042, 0x0105, 4, ARM_OP_ORR_IMM, 0, 0 }, /* orr.w r1, r2, #5 */
    { 0x10510, 0xf040, 0x0101, 4, ARM_OP_ORR_IMM, 0, 0 }, /* orr.w r1, r0, #1 */
    { 0x104b4, 0xea42, 0x0209, 4, ARM_OP_ORR_REG, 0, 0 }, /* orr.w r2, r2, r9 */
    { 0x104e6, 0x4334, 0x0000, 2, ARM_OP_ORR_REG, 0, 0 }, /* orrs r4, r6 */
    { 0x10536, 0xea54, 0x0306, 4, ARM_OP_ORR_REG, 0, 0 }, /* orrs.w r3, r4, r6 */
    { 0x105d2, 0xea47, 0x070a, 4, ARM_OP_ORR_REG, 0, 0 }, /* orrpl.w r7, r7, sl */
    { 0x1048a, 0xfa94, 0xf2a4, 4, ARM_OP_RBIT, 0, 0 }, /* rbit r2, r4 */
    { 0x1073c, 0xfa93, 0xf3a3, 4, ARM_OP_RBIT, 0, 0 }, /* rbit r3, r3 */
    { 0x10516, 0xfa91, 0xf7a1, 4, ARM_OP_RBIT, 0, 0 }, /* rbit r7, r1 */
    { 0x104be, 0xfa94, 0xfc84, 4, ARM_OP_REV, 0, 0 }, /* rev.w ip, r4 */
    { 0x104ec, 0xba24, 0x0000, 2, ARM_OP_REV, 0, 0 }, /* rev r4, r4 */
    { 0x10758, 0xba1b, 0x0000, 2, ARM_OP_REV, 0, 0 }, /* rev r3, r3 */
    { 0x10770, 0xba5b, 0x0000, 2, ARM_OP_REV16, 0, 0 }, /* rev16 r3, r3 */
    { 0x104c6, 0xfa90, 0xf990, 4, ARM_OP_REV16, 0, 0 }, /* rev16.w r9, r0 */
    { 0x10514, 0xba45, 0x0000, 2, ARM_OP_REV16, 0, 0 }, /* rev16 r5, r0 */
    { 0x10980, 0xbac0, 0x0000, 2, ARM_OP_REVSH, 0, 0 }, /* revsh r0, r0 */
    { 0x10588, 0xf1c3, 0x0320, 4, ARM_OP_RSB_IMM, 0, 0 }, /* rsb r3, r3, #32 */
    { 0x1077c, 0x4240, 0x0000, 2, ARM_OP_RSB_IMM, 0, 0 }, /* negs r0, r0 */
    { 0x10604, 0x4258, 0x0000, 2, ARM_OP_RSB_IMM, 0, 0 }, /* negpl r0, r3 */
    { 0x104ee, 0xf1c0, 0x0001, 4, ARM_OP_RSB_IMM, 0, 0 }, /* rsblt r0, r0, #1 */
    { 0x10750, 0x4264, 0x0000, 2, ARM_OP_RSB_IMM, 0, 0 }, /* neglt r4, r4 */
    { 0x10532, 0xebc1, 0x11a3, 4, ARM_OP_RSB_REG, 0, 0 }, /* rsb r1, r1, r3, asr #6 */
    { 0x10940, 0xebc1, 0x00c1, 4, ARM_OP_RSB_REG, 0, 0 }, /* rsbgt r0, r1, r1, lsl #3 */
    { 0x10490, 0xebc2, 0x13a3, 4, ARM_OP_RSB_REG, 0, 0 }, /* rsb r3, r2, r3, asr #6 */
    { 0x1046c, 0xf167, 0x0600, 4, ARM_OP_SBC_IMM, 0, 0 }, /* sbc.w r6, r7, #0 */
    { 0x104a0, 0xf173, 0x0300, 4, ARM_OP_SBC_IMM, 0, 0 }, /* sbcs.w r3, r3, #0 */
    { 0x1050c, 0xf172, 0x0200, 4, ARM_OP_SBC_IMM, 0, 0 }, /* sbcs.w r2, r2, #0 */
    { 0x10848, 0x41ba, 0x0000, 2, ARM_OP_SBC_REG, 0, 0 }, /* sbcs r2, r7 */
    { 0x1067c, 0xeb75, 0x0203, 4, ARM_OP_SBC_REG, 0, 0 }, /* sbcs.w r2, r5, r3 */
    { 0x1068c, 0xeb61, 0x0103, 4, ARM_OP_SBC_REG, 0, 0 }, /* sbc.w r1, r1, r3 */
    { 0x10502, 0xf341, 0x0200, 4, ARM_OP_SBFX, 0, 0 }, /* sbfx r2, r1, #0, #1 */
    { 0x10816, 0xf343, 0x1384, 4, ARM_OP_SBFX, 0, 0 }, /* sbfx r3, r3, #6, #5 */
    { 0x109d8, 0xf343, 0x1184, 4, ARM_OP_SBFX, 0, 0 }, /* sbfx r1, r3, #6, #5 */
    { 0x104c2, 0xfb95, 0xf6fc, 4, ARM_OP_SDIV, 0, 0 }, /* sdiv r6, r5, ip */
    { 0x1092c, 0xfb90, 0xf3f1, 4, ARM_OP_SDIV, 0, 0 }, /* sdiv r3, r0, r1 */
    { 0x10bce, 0xfb92, 0xf2f0, 4, ARM_OP_SDIV, 0, 0 }, /* sdiv r2, r2, r0 */
    { 0x10436, 0xfbc0, 0xec07, 4, ARM_OP_SMLAL, 0, 0 }, /* smlal lr, ip, r0, r7 */
    { 0x1092c, 0xfbc2, 0x0103, 4, ARM_OP_SMLAL, 0, 0 }, /* smlal r0, r1, r2, r3 */
    { 0x10448, 0xfbc0, 0x7102, 4, ARM_OP_SMLAL, 0, 0 }, /* smlal r7, r1, r0, r2 */
    { 0x10db2, 0xfbc2, 0x0183, 4, ARM_OP_SMLALXY, 0, 0 }, /* smlalbb r0, r1, r2, r3 */
    { 0x105e8, 0xfb12, 0xaa03, 4, ARM_OP_SMLAXY, 0, 0 }, /* smlabb sl, r2, r3, sl */
    { 0x10de2, 0xfb1c, 0x0003, 4, ARM_OP_SMLAXY, 0, 0 }, /* smlabb r0, ip, r3, r0 */
    { 0x12800, 0xfb12, 0x0003, 4, ARM_OP_SMLAXY, 0, 0 }, /* smlabb r0, r2, r3, r0 */
    { 0x1052a, 0xfb84, 0x2300, 4, ARM_OP_SMULL, 0, 0 }, /* smull r2, r3, r4, r0 */
    { 0x1048c, 0xfb83, 0x1308, 4, ARM_OP_SMULL, 0, 0 }, /* smull r1, r3, r3, r8 */
    { 0x10460, 0xfb8e, 0x3502, 4, ARM_OP_SMULL, 0, 0 }, /* smull r3, r5, lr, r2 */
    { 0x10da8, 0xfb10, 0xf021, 4, ARM_OP_SMULXY, 0, 0 }, /* smultb r0, r0, r1 */
    { 0x10c7a, 0xfb12, 0xf303, 4, ARM_OP_SMULXY, 0, 0 }, /* smulbb r3, r2, r3 */
    { 0x12856, 0xfb1e, 0xf202, 4, ARM_OP_SMULXY, 0, 0 }, /* smulbb r2, lr, r2 */
    { 0x1057a, 0xf301, 0x0107, 4, ARM_OP_SSAT, 0, 0 }, /* ssat r1, #8, r1 */
    { 0x1098c, 0xf300, 0x0007, 4, ARM_OP_SSAT, 0, 0 }, /* ssat r0, #8, r0 */
    { 0x10420, 0xe92d, 0x4ff0, 4, ARM_OP_STM, 0, 0 }, /* stmdb sp!, {r4, r5, r6, r7, r8, r9, sl, fp, lr} */
    { 0x1043c, 0xc40f, 0x0000, 2, ARM_OP_STM, 0, 0 }, /* stmia r4!, {r0, r1, r2, r3} */
    { 0x10446, 0xe884, 0x000f, 4, ARM_OP_STM, 0, 0 }, /* stmia.w r4, {r0, r1, r2, r3} */
    { 0x10748, 0xb508, 0x0000, 2, ARM_OP_STM, 0, 0 }, /* push {r3, lr} */
    { 0x1069e, 0xf801, 0x3f01, 4, ARM_OP_STRB_IMM, 0, 0 }, /* strb.w r3, [r1, #1]! */
    { 0x1074e, 0xf801, 0x3c01, 4, ARM_OP_STRB_IMM, 0, 0 }, /* strblt.w r3, [r1, #-1] */
    { 0x10502, 0x7029, 0x0000, 2, ARM_OP_STRB_IMM, 0, 0 }, /* strb r1, [r5, #0] */
    { 0x1065c, 0x54c2, 0x0000, 2, ARM_OP_STRB_REG, 0, 0 }, /* strb r2, [r0, r3] */
    { 0x10630, 0xf80a, 0x9001, 4, ARM_OP_STRB_REG, 0, 0 }, /* strb.w r9, [sl, r1] */
    { 0x10466, 0x54b4, 0x0000, 2, ARM_OP_STRB_REG, 0, 0 }, /* strb r4, [r6, r2] */
    { 0x1043c, 0xe9c6, 0x0100, 4, ARM_OP_STRD_IMM, 0, 0 }, /* strd r0, r1, [r6] */
    { 0x10474, 0xe943, 0x0102, 4, ARM_OP_STRD_IMM, 0, 0 }, /* strd r0, r1, [r3, #-8] */
    { 0x104ba, 0xe9c7, 0xab00, 4, ARM_OP_STRD_IMM, 0, 0 }, /* strd sl, fp, [r7] */
    { 0x10d42, 0xe843, 0x1000, 4, ARM_OP_STREX, 0, 0 }, /* strex r0, r1, [r3] */
    { 0x10d60, 0xe843, 0x2c00, 4, ARM_OP_STREX, 0, 0 }, /* strex ip, r2, [r3] */
    { 0x10bf6, 0xe840, 0x3100, 4, ARM_OP_STREX, 0, 0 }, /* strex r1, r3, [r0] */
    { 0x10ddc, 0xe8c3, 0x1f40, 4, ARM_OP_STREXB, 0, 0 }, /* strexb r0, r1, [r3] */
    { 0x10636, 0xe8c2, 0x0f4c, 4, ARM_OP_STREXB, 0, 0 }, /* strexb ip, r0, [r2] */
    { 0x10c60, 0xe8c0, 0x2f41, 4, ARM_OP_STREXB, 0, 0 }, /* strexb r1, r2, [r0] */
    { 0x10da8, 0xe8c3, 0x8972, 4, ARM_OP_STREXD, 0, 0 }, /* strexd r2, r8, r9, [r3] */
    { 0x1061a, 0xe8c1, 0xab72, 4, ARM_OP_STREXD, 0, 0 }, /* strexd r2, sl, fp, [r1] */
    { 0x10c42, 0xe8c3, 0x4572, 4, ARM_OP_STREXD, 0, 0 }, /* strexd r2, r4, r5, [r3] */
    { 0x10e0a, 0xe8c3, 0x1f50, 4, ARM_OP_STREXH, 0, 0 }, /* strexh r0, r1, [r3] */
    { 0x10656, 0xe8c0, 0xcf5e, 4, ARM_OP_STREXH, 0, 0 }, /* strexh lr, ip, [r0] */
    { 0x10c7c, 0xe8c0, 0x2f51, 4, ARM_OP_STREXH, 0, 0 }, /* strexh r1, r2, [r0] */
    { 0x1062c, 0x8022, 0x0000, 2, ARM_OP_STRH_IMM, 0, 0 }, /* strh r2, [r4, #0] */
    { 0x10548, 0xf8a5, 0x9000, 4, ARM_OP_STRH_IMM, 0, 0 }, /* strh.w r9, [r5] */
    { 0x1052c, 0x8028, 0x0000, 2, ARM_OP_STRH_IMM, 0, 0 }, /* strh r0, [r5, #0] */
    { 0x10500, 0xf825, 0x2013, 4, ARM_OP_STRH_REG, 0, 0 }, /* strh.w r2, [r5, r3, lsl #1] */
    { 0x10ec0, 0xf823, 0x1012, 4, ARM_OP_STRH_REG, 0, 0 }, /* strh.w r1, [r3, r2, lsl #1] */
    { 0x10440, 0xf8c6, 0x30a0, 4, ARM_OP_STR_IMM, 0, 0 }, /* str.w r3, [r6, #160] */
    { 0x10534, 0x9303, 0x0000, 2, ARM_OP_STR_IMM, 0, 0 }, /* str r3, [sp, #12] */
    { 0x1084e, 0xf8ca, 0x20a0, 4, ARM_OP_STR_IMM, 0, 0 }, /* strcc.w r2, [sl, #160] */
    { 0x10514, 0x910d, 0x0000, 2, ARM_OP_STR_IMM, 0, 0 }, /* streq r1, [sp, #52] */
    { 0x1047a, 0xf8c5, 0x30a0, 4, ARM_OP_STR_IMM, 0, 0 }, /* str.w r3, [r5, #160] */
    { 0x104ae, 0xf8c7, 0x90a0, 4, ARM_OP_STR_IMM, 0, 0 }, /* str.w r9, [r7, #160] */
    { 0x104d0, 0xf8c5, 0x90a0, 4, ARM_OP_STR_IMM, 0, 0 }, /* str.w r9, [r5, #160] */
    { 0x10852, 0xf84a, 0x0023, 4, ARM_OP_STR_REG, 0, 0 }, /* strcc.w r0, [sl, r3, lsl #2] */
    { 0x108de, 0xf840, 0x3025, 4, ARM_OP_STR_REG, 0, 0 }, /* str.w r3, [r0, r5, lsl #2] */
    { 0x10f20, 0x505a, 0x0000, 2, ARM_OP_STR_REG, 0, 0 }, /* str r2, [r3, r1] */
    { 0x10428, 0xf2ad, 0x7dd4, 4, ARM_OP_SUB_IMM, 0, 0 }, /* subw sp, sp, #2004 */
    { 0x10486, 0x3c01, 0x0000, 2, ARM_OP_SUB_IMM, 0, 0 }, /* subs r4, #1 */
    { 0x10802, 0xb083, 0x0000, 2, ARM_OP_SUB_IMM, 0, 0 }, /* sub sp, #12 */
    { 0x10894, 0xf1a0, 0x0e04, 4, ARM_OP_SUB_IMM, 0, 0 }, /* sub.w lr, r0, #4 */
    { 0x10638, 0xf1ba, 0x0a01, 4, ARM_OP_SUB_IMM, 0, 0 }, /* subs.w sl, sl, #1 */
    { 0x10460, 0xeba4, 0x0c09, 4, ARM_OP_SUB_REG, 0, 0 }, /* sub.w ip, r4, r9 */
    { 0x10574, 0x1ae3, 0x0000, 2, ARM_OP_SUB_REG, 0, 0 }, /* subs r3, r4, r3 */
    { 0x1073c, 0x1a40, 0x0000, 2, ARM_OP_SUB_REG, 0, 0 }, /* subs r0, r0, r1 */
    { 0x1285e, 0xfa02, 0xf080, 4, ARM_OP_SXTAH, 0, 0 }, /* sxtah r0, r2, r0 */
    { 0x1287c, 0xfa0e, 0xf080, 4, ARM_OP_SXTAH, 0, 0 }, /* sxtah r0, lr, r0 */
    { 0x1081a, 0xb25b, 0x0000, 2, ARM_OP_SXTB, 0, 0 }, /* sxtb r3, r3 */
    { 0x10572, 0xfa4f, 0xf880, 4, ARM_OP_SXTB, 0, 0 }, /* sxtb.w r8, r0 */
    { 0x10562, 0xb240, 0x0000, 2, ARM_OP_SXTB, 0, 0 }, /* sxtb r0, r0 */
    { 0x1078e, 0xb21b, 0x0000, 2, ARM_OP_SXTH, 0, 0 }, /* sxth r3, r3 */
    { 0x10580, 0xfa0f, 0xf983, 4, ARM_OP_SXTH, 0, 0 }, /* sxth.w r9, r3 */
    { 0x110c8, 0xb212, 0x0000, 2, ARM_OP_SXTH, 0, 0 }, /* sxth r2, r2 */
    { 0x1061e, 0xe8df, 0xf003, 4, ARM_OP_TBB, 0, 0 }, /* tbb [pc, r3] */
    { 0x10a8a, 0xe8df, 0xf000, 4, ARM_OP_TBB, 0, 0 }, /* tbb [pc, r0] */
    { 0x10b7c, 0xe8df, 0xf002, 4, ARM_OP_TBB, 0, 0 }, /* tbb [pc, r2] */
    { 0x104c2, 0xe8df, 0xf013, 4, ARM_OP_TBH, 0, 0 }, /* tbh [pc, r3, lsl #1] */
    { 0x106de, 0xf01e, 0x0f07, 4, ARM_OP_TST_IMM, 0, 0 }, /* tst.w lr, #7 */
    { 0x104a4, 0x4202, 0x0000, 2, ARM_OP_TST_REG, 0, 0 }, /* tst r2, r0 */
    { 0x10542, 0xea14, 0x0f0e, 4, ARM_OP_TST_REG, 0, 0 }, /* tst.w r4, lr */
    { 0x1053a, 0x423c, 0x0000, 2, ARM_OP_TST_REG, 0, 0 }, /* tst r4, r7 */
    { 0x10470, 0xf3c7, 0x2806, 4, ARM_OP_UBFX, 0, 0 }, /* ubfx r8, r7, #8, #7 */
    { 0x10726, 0xf3cb, 0x2207, 4, ARM_OP_UBFX, 0, 0 }, /* ubfx r2, fp, #8, #8 */
    { 0x1044c, 0xf3c2, 0x430e, 4, ARM_OP_UBFX, 0, 0 }, /* ubfx r3, r2, #16, #15 */
    { 0x104ca, 0xfbb5, 0xf5f0, 4, ARM_OP_UDIV, 0, 0 }, /* udiv r5, r5, r0 */
    { 0x10938, 0xfbb0, 0xf0f1, 4, ARM_OP_UDIV, 0, 0 }, /* udiv r0, r0, r1 */
    { 0x10578, 0xfbe8, 0x0103, 4, ARM_OP_UMLAL, 0, 0 }, /* umlal r0, r1, r8, r3 */
    { 0x1081c, 0xfbe0, 0xc10b, 4, ARM_OP_UMLAL, 0, 0 }, /* umlal ip, r1, r0, fp */
    { 0x1044a, 0xfbe0, 0x1706, 4, ARM_OP_UMLAL, 0, 0 }, /* umlal r1, r7, r0, r6 */
    { 0x1065a, 0xfba3, 0x2305, 4, ARM_OP_UMULL, 0, 0 }, /* umull r2, r3, r3, r5 */
    { 0x10910, 0xfba2, 0x0107, 4, ARM_OP_UMULL, 0, 0 }, /* umull r0, r1, r2, r7 */
    { 0x10a52, 0xfba9, 0xc303, 4, ARM_OP_UMULL, 0, 0 }, /* umull ip, r3, r9, r3 */
    { 0x10574, 0xf381, 0x0208, 4, ARM_OP_USAT, 0, 0 }, /* usat r2, #8, r1 */
    { 0x10994, 0xf380, 0x0008, 4, ARM_OP_USAT, 0, 0 }, /* usat r0, #8, r0 */
    { 0x104e4, 0xb2db, 0x0000, 2, ARM_OP_UXTB, 0, 0 }, /* uxtb r3, r3 */
    { 0x107ce, 0xfa5f, 0xf38a, 4, ARM_OP_UXTB, 0, 0 }, /* uxtb.w r3, sl */
    { 0x106a2, 0xb2d3, 0x0000, 2, ARM_OP_UXTB, 0, 0 }, /* uxtb r3, r2 */
    { 0x1052a, 0xb280, 0x0000, 2, ARM_OP_UXTH, 0, 0 }, /* uxth r0, r0 */
    { 0x10540, 0xfa1f, 0xfa87, 4, ARM_OP_UXTH, 0, 0 }, /* uxth.w sl, r7 */
    { 0x10772, 0xb29b, 0x0000, 2, ARM_OP_UXTH, 0, 0 }, /* uxth r3, r3 */
};

Test(arm_t32_sweep, gcc_output_decodes_as_objdump_reads_it)
{
    for (size_t i = 0; i < sizeof t32_real / sizeof t32_real[0]; i++) {
        const t32_real_t *c = &t32_real[i];
        arm_insn_t o;
        arm_decode_t32(c->hw1, c->hw2, c->addr, &o);
        cr_expect_eq(o.op, c->op, "%04x %04x @ %#x: op %s, want %s", c->hw1, c->hw2, c->addr, arm_op_names[o.op],
                     arm_op_names[c->op]);
        cr_expect_eq(arm_len(&o), c->len, "%04x %04x @ %#x: len %u", c->hw1, c->hw2, c->addr, arm_len(&o));
        if (c->has_imm)
            cr_expect_eq(o.imm, c->imm, "%04x %04x @ %#x: address %#x, want %#x", c->hw1, c->hw2, c->addr, o.imm,
                         c->imm);
    }
}
