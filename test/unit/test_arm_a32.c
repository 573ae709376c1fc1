/* The A32 decoder, its encoding table and the disassembler. Words were
 * assembled with arm-linux-gnueabi-as -march=armv7-a+idiv and checked with
 * objdump; the assembly is beside each one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "device/arm/arm_insn.h"
#include "device/arm/arm_a32.def"

/* ---- the table --------------------------------------------------------- */

typedef struct a32t_row {
    uint32_t match, mask;
    const char *name;
} a32t_row_t;

#define A32T_ROW(op, form, match, mask) {(match), (mask), #op "/" #form},
static const a32t_row_t a32t_cond[] = {ARM_A32_COND_ROWS(A32T_ROW)};
static const a32t_row_t a32t_uncond[] = {ARM_A32_UNCOND_ROWS(A32T_ROW)};
#undef A32T_ROW

/* Some word matches both rows iff they agree wherever both masks care. */
static int a32t_overlap(const a32t_row_t *a, const a32t_row_t *b)
{
    return ((a->match ^ b->match) & a->mask & b->mask) == 0;
}

/* Every word a matches, b matches too. */
static int a32t_subset(const a32t_row_t *a, const a32t_row_t *b)
{
    return (a->mask & b->mask) == b->mask && ((a->match ^ b->match) & b->mask) == 0;
}

static void a32t_check_table(const a32t_row_t *rows, size_t n, uint32_t fixed_mask)
{
    for (size_t i = 0; i < n; i++) {
        cr_expect_eq(rows[i].match & ~rows[i].mask, 0u, "row %zu %s: match outside mask", i,
                     rows[i].name);
        cr_expect_eq(rows[i].mask & fixed_mask, fixed_mask, "row %zu %s: mask misses 0x%08x", i,
                     rows[i].name, fixed_mask);
        for (size_t j = i + 1; j < n; j++) {
            if (!a32t_overlap(&rows[i], &rows[j]))
                continue;
            /* first match wins: only an earlier, strictly narrower carve-out may overlap */
            cr_expect(a32t_subset(&rows[i], &rows[j]) && rows[i].mask != rows[j].mask,
                      "rows %zu %s and %zu %s overlap and the first is not a carve-out of the "
                      "second", i, rows[i].name, j, rows[j].name);
        }
    }
}

Test(arm_a32_table, rows_overlap_only_as_declared_carve_outs)
{
    a32t_check_table(a32t_cond, sizeof a32t_cond / sizeof a32t_cond[0], 0);
    a32t_check_table(a32t_uncond, sizeof a32t_uncond / sizeof a32t_uncond[0], 0xf0000000u);
    for (size_t i = 0; i < sizeof a32t_cond / sizeof a32t_cond[0]; i++)
        cr_expect_eq(a32t_cond[i].mask >> 28, 0u, "cond row %zu %s masks the cond field", i,
                     a32t_cond[i].name);
}

/* Decoding a row's own match word (cond AL) gives that row's op, unless the
 * all-zero fields make it UNPREDICTABLE (then UNDEF). */
Test(arm_a32_table, each_row_decodes_to_its_op)
{
    static const uint16_t ops[] = {
#define A32T_OP(op, form, match, mask) ARM_OP_##op,
        ARM_A32_COND_ROWS(A32T_OP)
#undef A32T_OP
    };
    size_t n = sizeof a32t_cond / sizeof a32t_cond[0], undef = 0;
    for (size_t i = 0; i < n; i++) {
        arm_insn_t in;
        /* fill the free fields with a pattern that avoids r15 and empty lists */
        uint32_t w = 0xe0000000u | a32t_cond[i].match | (0x01234125u & ~a32t_cond[i].mask);
        arm_decode_a32(w, 0x8000, &in);
        if (in.op == ARM_OP_UNDEF)
            undef++;
        else
            cr_expect_eq(in.op, ops[i], "row %zu %s: word 0x%08x decoded as %s", i,
                         a32t_cond[i].name, w, arm_op_names[in.op]);
    }
    cr_expect_leq(undef, 4, "%zu rows decode their own pattern as UNDEF", undef);
}

/* ---- decoded fields ---------------------------------------------------- */

typedef struct a32t_case {
    uint32_t word, addr;
    uint16_t op;
    uint8_t cond, rd, rn, rm, rs, shift, amount, flags;
    uint32_t imm;
} a32t_case_t;

#define S ARM_F_S
#define P ARM_F_P
#define U ARM_F_U
#define W ARM_F_W
#define LSL ARM_SH_LSL
#define LSR ARM_SH_LSR
/* LDM/STM: the first address's offset from the base in amount, and beside
 * the list the bytes moved and the base's write-back offset (arm_lsm_layout) */
#define LSM_FIRST(off) ((uint8_t)(int8_t)(off))
#define LSM_IMM(list, bytes, wb) ((list) | (bytes) << 16 | (uint32_t)(uint8_t)(int8_t)(wb) << 24)
#define ASR ARM_SH_ASR
#define ROR ARM_SH_ROR
#define RRX ARM_SH_RRX
#define OP(x) ARM_OP_##x

/*   word        addr    op           cond rd  rn  rm  rs  shift amt flags  imm */
static const a32t_case_t a32t_cases[] = {
    /* adds r0, r1, #0xff000000 */
    {0xe29104ff, 0, OP(ADD_IMM), 14, 0, 1, 0, 0, 0, 0, S | ARM_F_IMMC, 0xff000000u},
    /* addseq r0, r1, r2 */
    {0x00910002, 0, OP(ADD_REG), 0, 0, 1, 2, 0, LSL, 0, S, 0},
    /* mov r0, #255 (no rotation: carry unchanged) */
    {0xe3a000ff, 0, OP(MOV_IMM), 14, 0, 0, 0, 0, 0, 0, 0, 255},
    /* lsl r0, r1, #2 */
    {0xe1a00101, 0, OP(MOV_REG), 14, 0, 0, 1, 0, LSL, 2, 0, 0},
    /* lsr r0, r1, r2 */
    {0xe1a00231, 0, OP(MOV_RSR), 14, 0, 0, 1, 2, LSR, 0, 0, 0},
    /* rrx r0, r1 */
    {0xe1a00061, 0, OP(MOV_REG), 14, 0, 0, 1, 0, RRX, 0, 0, 0},
    /* mvn r0, r1, asr #32 */
    {0xe1e00041, 0, OP(MVN_REG), 14, 0, 0, 1, 0, ASR, 32, 0, 0},
    /* movs r0, r1, lsr #32 */
    {0xe1b00021, 0, OP(MOV_REG), 14, 0, 0, 1, 0, LSR, 32, S, 0},
    /* ror r0, r1, #31 */
    {0xe1a00fe1, 0, OP(MOV_REG), 14, 0, 0, 1, 0, ROR, 31, 0, 0},
    /* add r0, r1, r2, ror r3 */
    {0xe0810372, 0, OP(ADD_RSR), 14, 0, 1, 2, 3, ROR, 0, 0, 0},
    /* tst r0, r1, lsl #3 */
    {0xe1100181, 0, OP(TST_REG), 14, 0, 0, 1, 0, LSL, 3, S, 0},
    /* cmp r1, #5 */
    {0xe3510005, 0, OP(CMP_IMM), 14, 0, 1, 0, 0, 0, 0, S, 5},
    /* rscs r0, r1, #0x3fc (0xff ror 30: rotated, carry from bit 31) */
    {0xe2f10fff, 0, OP(RSC_IMM), 14, 0, 1, 0, 0, 0, 0, S | ARM_F_IMMC, 0x3fc},
    /* mov pc, lr */
    {0xe1a0f00e, 0, OP(MOV_REG), 14, 15, 0, 14, 0, LSL, 0, 0, 0},
    /* push {r4, r5, lr} */
    {0xe92d4030, 0, OP(STM), 14, 0, 13, 0, 0, 0, LSM_FIRST(-12), P | W, LSM_IMM(0x4030, 12, -12)},
    /* pop {r4, pc} */
    {0xe8bd8010, 0, OP(LDM), 14, 0, 13, 0, 0, 0, LSM_FIRST(0), U | W, LSM_IMM(0x8010, 8, 8)},
    /* ldmib r0, {r1, r2} */
    {0xe9900006, 0, OP(LDM), 14, 0, 0, 0, 0, 0, LSM_FIRST(4), P | U, LSM_IMM(0x6, 8, 8)},
    /* stmda r0!, {r1, r2} */
    {0xe8200006, 0, OP(STM), 14, 0, 0, 0, 0, 0, LSM_FIRST(-4), W, LSM_IMM(0x6, 8, -8)},
    /* ldr r0, [r1], #-4 */
    {0xe4110004, 0, OP(LDR_IMM), 14, 0, 1, 0, 0, 0, 0, W, 4},
    /* ldr r0, [r1, -r2, lsl #2]! */
    {0xe7310102, 0, OP(LDR_REG), 14, 0, 1, 2, 0, LSL, 2, P | W, 0},
    /* ldrb r0, [r1, r2] */
    {0xe7d10002, 0, OP(LDRB_REG), 14, 0, 1, 2, 0, LSL, 0, P | U, 0},
    /* strb r2, [r3, #-1]! */
    {0xe5632001, 0, OP(STRB_IMM), 14, 2, 3, 0, 0, 0, 0, P | W, 1},
    /* ldrt r0, [r1], #4: unprivileged load as a plain post-indexed one */
    {0xe4b10004, 0, OP(LDR_IMM), 14, 0, 1, 0, 0, 0, 0, U | W, 4},
    /* ldr pc, [sp], #4 */
    {0xe49df004, 0, OP(LDR_IMM), 14, 15, 13, 0, 0, 0, 0, U | W, 4},
    /* ldrh r0, [r1], #2 */
    {0xe0d100b2, 0, OP(LDRH_IMM), 14, 0, 1, 0, 0, 0, 0, U | W, 2},
    /* ldrsb r0, [r1, #-3] */
    {0xe15100d3, 0, OP(LDRSB_IMM), 14, 0, 1, 0, 0, 0, 0, P, 3},
    /* ldrsh r0, [r1, r2] */
    {0xe19100f2, 0, OP(LDRSH_REG), 14, 0, 1, 2, 0, 0, 0, P | U, 0},
    /* strh r1, [r2], -r3 */
    {0xe00210b3, 0, OP(STRH_REG), 14, 1, 2, 3, 0, 0, 0, W, 0},
    /* ldrd r2, r3, [r0, #8]! */
    {0xe1e020d8, 0, OP(LDRD_IMM), 14, 2, 0, 0, 3, 0, 0, P | U | W, 8},
    /* strd r4, r5, [sp, #-8]! */
    {0xe16d40f8, 0, OP(STRD_IMM), 14, 4, 13, 0, 5, 0, 0, P | W, 8},
    /* ldr r0, [pc, #-4] at 0x10: literal at 0x14 */
    {0xe51f0004, 0x10, OP(LDR_LIT), 14, 0, 0, 0, 0, 0, 0, 0, 0x14},
    /* ldr r0, [pc, #16] at 0x164 */
    {0xe59f0010, 0x164, OP(LDR_LIT), 14, 0, 0, 0, 0, 0, 0, 0, 0x17c},
    /* muls r0, r1, r2 */
    {0xe0100291, 0, OP(MUL), 14, 0, 0, 1, 2, 0, 0, S, 0},
    /* mla r0, r1, r2, r3 */
    {0xe0203291, 0, OP(MLA), 14, 0, 3, 1, 2, 0, 0, 0, 0},
    /* mls r0, r1, r2, r3 */
    {0xe0603291, 0, OP(MLS), 14, 0, 3, 1, 2, 0, 0, 0, 0},
    /* umull r0, r1, r2, r3 (RdLo, RdHi) */
    {0xe0810392, 0, OP(UMULL), 14, 0, 1, 2, 3, 0, 0, 0, 0},
    /* smlals r0, r1, r2, r3 */
    {0xe0f10392, 0, OP(SMLAL), 14, 0, 1, 2, 3, 0, 0, S, 0},
    /* umaal r0, r1, r2, r3 */
    {0xe0410392, 0, OP(UMAAL), 14, 0, 1, 2, 3, 0, 0, 0, 0},
    /* smlabt r1, r2, r3, r4: x = bottom of r2, y = top of r3 */
    {0xe10143c2, 0, OP(SMLAXY), 14, 1, 4, 2, 3, 0, 2, 0, 0},
    /* smultb r1, r2, r3 */
    {0xe16103a2, 0, OP(SMULXY), 14, 1, 0, 2, 3, 0, 1, 0, 0},
    /* smulwt r0, r1, r2 */
    {0xe12002e1, 0, OP(SMULWY), 14, 0, 0, 1, 2, 0, 2, 0, 0},
    /* smlalbb r0, r1, r2, r3 */
    {0xe1410382, 0, OP(SMLALXY), 14, 0, 1, 2, 3, 0, 0, 0, 0},
    /* qdadd r0, r1, r2: sat(r1 + sat(2 * r2)) */
    {0xe1420051, 0, OP(QDADD), 14, 0, 2, 1, 0, 0, 0, 0, 0},
    /* sdiv r0, r1, r2 */
    {0xe710f211, 0, OP(SDIV), 14, 0, 1, 2, 0, 0, 0, 0, 0},
    /* clz r0, r1 */
    {0xe16f0f11, 0, OP(CLZ), 14, 0, 0, 1, 0, 0, 0, 0, 0},
    /* rev r0, r1 */
    {0xe6bf0f31, 0, OP(REV), 14, 0, 0, 1, 0, 0, 0, 0, 0},
    /* movw r0, #0x1234 / movt r0, #0x1234 */
    {0xe3010234, 0, OP(MOVW), 14, 0, 0, 0, 0, 0, 0, 0, 0x1234},
    {0xe3410234, 0, OP(MOVT), 14, 0, 0, 0, 0, 0, 0, 0, 0x1234},
    /* pkhbt r0, r1, r2; pkhtb r3, r4, r5, asr #32 (imm5 0); pkhbt r0, r1, r2, lsl #13 */
    {0xe6810012, 0, OP(PKHBT), 14, 0, 1, 2, 0, LSL, 0, 0, 0},
    {0xe6843055, 0, OP(PKHTB), 14, 3, 4, 5, 0, ASR, 32, 0, 0},
    {0xe6810692, 0, OP(PKHBT), 14, 0, 1, 2, 0, LSL, 13, 0, 0},
    /* sadd16 r0, r1, r2; uqsub8 r3, r4, r5; shasx r6, r7, r8 */
    {0xe6110f12, 0, OP(SADD16), 14, 0, 1, 2, 0, 0, 0, 0, 0},
    {0xe6643ff5, 0, OP(UQSUB8), 14, 3, 4, 5, 0, 0, 0, 0, 0},
    {0xe6376f38, 0, OP(SHASX), 14, 6, 7, 8, 0, 0, 0, 0, 0},
    /* mrs r0, APSR; msr APSR_nzcvq, r0; msr APSR_g, #0x30000 */
    {0xe10f0000, 0, OP(MRS), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xe128f000, 0, OP(MSR_REG), 14, 0, 0, 0, 0, 0, 8, 0, 0},
    {0xe324f803, 0, OP(MSR_IMM), 14, 0, 0, 3, 0, 0, 4, 0, 0x30000},
    /* svc 0x900001; bkpt 0x12 */
    {0xef900001, 0, OP(SVC), 14, 0, 0, 0, 0, 0, 0, 0, 0x900001},
    {0xe1200172, 0, OP(BKPT), 14, 0, 0, 0, 0, 0, 0, 0, 0x12},
    /* mrc p15, 0, r3, c13, c0, 3 */
    {0xee1d3f70, 0, OP(MRC_TLS), 14, 3, 0, 0, 0, 0, 0, 0, 0},
    /* mcr p15, 0, r0, c7, c10, 5; mcr ... c7, c10, 4; mcr ... c7, c5, 4 */
    {0xee070fba, 0, OP(DMB), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xee070f9a, 0, OP(DMB), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xee070f95, 0, OP(DMB), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    /* dmb ish; dsb sy; isb sy; pld [r1, #4]; pldw [r1, r2]; pli [r0]; clrex */
    {0xf57ff05b, 0, OP(DMB), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xf57ff04f, 0, OP(DMB), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xf57ff06f, 0, OP(DMB), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xf5d1f004, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xf791f002, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xf4d0f000, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xf57ff01f, 0, OP(CLREX), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    /* nop; yield; wfe; sev */
    {0xe320f000, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xe320f001, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xe320f002, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    {0xe320f004, 0, OP(NOP), 14, 0, 0, 0, 0, 0, 0, 0, 0},
    /* swp r0, r1, [r2]; swpb */
    {0xe1020091, 0, OP(SWP), 14, 0, 2, 1, 0, 0, 0, 0, 0},
    {0xe1420091, 0, OP(SWPB), 14, 0, 2, 1, 0, 0, 0, 0, 0},
    /* strex r0, r1, [r2]; ldrex r0, [r2]; strexh r3, r4, [r5] */
    {0xe1820f91, 0, OP(STREX), 14, 0, 2, 1, 0, 0, 0, 0, 0},
    {0xe1920f9f, 0, OP(LDREX), 14, 0, 2, 0, 0, 0, 0, 0, 0},
    {0xe1e53f94, 0, OP(STREXH), 14, 3, 5, 4, 0, 0, 0, 0, 0},
    {0xe1d20f9f, 0, OP(LDREXB), 14, 0, 2, 0, 0, 0, 0, 0, 0},
    /* ldrexd r2, r3, [r4]; strexd r0, r2, r3, [r4] */
    {0xe1b42f9f, 0, OP(LDREXD), 14, 2, 4, 0, 3, 0, 0, 0, 0},
    {0xe1a40f92, 0, OP(STREXD), 14, 0, 4, 2, 3, 0, 0, 0, 0},
    /* sxtab r0, r1, r2, ror #16; sxtb r0, r1; uxth r0, r1, ror #24 */
    {0xe6a10872, 0, OP(SXTAB), 14, 0, 1, 2, 0, 0, 16, 0, 0},
    {0xe6af0071, 0, OP(SXTB), 14, 0, 15, 1, 0, 0, 0, 0, 0},
    {0xe6ff0c71, 0, OP(UXTH), 14, 0, 15, 1, 0, 0, 24, 0, 0},
    {0xe68f0071, 0, OP(SXTB16), 14, 0, 15, 1, 0, 0, 0, 0, 0},
    {0xe6c10072, 0, OP(UXTAB16), 14, 0, 1, 2, 0, 0, 0, 0, 0},
    /* bfc r0, #4, #8; bfi r0, r1, #3, #4; ubfx r0, r1, #3, #5; sbfx r0, r1, #0, #32 */
    {0xe7cb021f, 0, OP(BFC), 14, 0, 15, 0, 0, 0, 4, 0, 8},
    {0xe7c60191, 0, OP(BFI), 14, 0, 1, 0, 0, 0, 3, 0, 4},
    {0xe7e401d1, 0, OP(UBFX), 14, 0, 1, 0, 0, 0, 3, 0, 5},
    {0xe7bf0051, 0, OP(SBFX), 14, 0, 1, 0, 0, 0, 0, 0, 32},
    /* ssat r0, #8, r1, asr #3; usat r0, #7, r1, lsl #2; ssat r0, #32, r1 */
    {0xe6a701d1, 0, OP(SSAT), 14, 0, 1, 0, 0, ASR, 8, 0, 3},
    {0xe6e70111, 0, OP(USAT), 14, 0, 1, 0, 0, LSL, 7, 0, 2},
    {0xe6bf0011, 0, OP(SSAT), 14, 0, 1, 0, 0, LSL, 32, 0, 0},
    /* usada8 r0, r1, r2, r3; usad8 r0, r1, r2; sel r0, r1, r2 */
    {0xe7803211, 0, OP(USAD8), 14, 0, 1, 2, 3, 0, 0, 0, 0},
    {0xe780f211, 0, OP(USAD8), 14, 0, 1, 2, 15, 0, 0, 0, 0},
    {0xe6810fb2, 0, OP(SEL), 14, 0, 1, 2, 0, 0, 0, 0, 0},
    /* b . at 0x8000; bl +0x40 at 0x8000; bleq back 8 */
    {0xeafffffe, 0x8000, OP(B), 14, 0, 0, 0, 0, 0, 0, 0, 0x8000},
    {0xeb000010, 0x8000, OP(BL), 14, 0, 0, 0, 0, 0, 0, 0, 0x8048},
    {0x0bfffffc, 0x8000, OP(BL), 0, 0, 0, 0, 0, 0, 0, 0, 0x7ff8},
    /* blx with H = 1 at 0x1000: 0x1000 + 8 + 2 */
    {0xfb000000, 0x1000, OP(BLX_IMM), 14, 0, 0, 0, 0, 0, 0, 0, 0x100a},
    /* blx r3; bx lr */
    {0xe12fff33, 0, OP(BLX_REG), 14, 0, 0, 3, 0, 0, 0, 0, 0},
    {0xe12fff1e, 0, OP(BX), 14, 0, 0, 14, 0, 0, 0, 0, 0},
};

static void a32t_expect_case(const a32t_case_t *t)
{
    arm_insn_t in;
    arm_decode_a32(t->word, t->addr, &in);
    cr_expect_eq(in.op, t->op, "0x%08x: op %s, want %s", t->word, arm_op_names[in.op],
                 arm_op_names[t->op]);
    cr_expect_eq(arm_len(&in), 4, "0x%08x: len", t->word);
    cr_expect_eq(in.cond, t->cond, "0x%08x: cond %u", t->word, in.cond);
    cr_expect_eq(in.rd, t->rd, "0x%08x: rd %u", t->word, in.rd);
    cr_expect_eq(in.rn, t->rn, "0x%08x: rn %u", t->word, in.rn);
    cr_expect_eq(in.rm, t->rm, "0x%08x: rm %u", t->word, in.rm);
    cr_expect_eq(in.rs, t->rs, "0x%08x: rs %u", t->word, in.rs);
    cr_expect_eq(in.shift, t->shift, "0x%08x: shift %u", t->word, in.shift);
    cr_expect_eq(in.amount, t->amount, "0x%08x: amount %u", t->word, in.amount);
    cr_expect_eq(in.flags & ~ARM_F_WIDE, t->flags, "0x%08x: flags 0x%x", t->word, in.flags);
    cr_expect_eq(in.imm, t->imm, "0x%08x: imm 0x%x", t->word, in.imm);
}

Test(arm_a32_decode, fields_of_real_encodings)
{
    for (size_t i = 0; i < sizeof a32t_cases / sizeof a32t_cases[0]; i++)
        a32t_expect_case(&a32t_cases[i]);
}

/* Other coprocessors, VFP beyond D16, privileged and UNPREDICTABLE words:
 * UNDEF, imm = word. */
Test(arm_a32_decode, undefined_and_unpredictable)
{
    static const uint32_t words[] = {
        0xe1b0f00e, /* movs pc, lr (exception return) */
        0xee000710, /* mcr p7, 0, r0, c0, c0, 0 */
        0xeef00a10, /* vmrs r0, fpsid: not from user mode */
        0xf10c0080, /* cpsid i */
        0xf1010200, /* setend be */
        0xe8d00006, /* ldm r0, {r1, r2}^ */
        0xe14f0000, /* mrs r0, SPSR */
        0xf96d0513, /* srsdb sp!, #19 */
        0xe08f0211, /* add r0, pc, r1, lsl r2 */
        0xe5dff000, /* ldrb pc, [pc] */
        0xe5bf0004, /* ldr r0, [pc, #4]! */
        0xe7003f11, /* smlad r0, r1, pc, r3 */
        0xe8900000, /* ldm r0, {} */
        0xe1b13f9f, /* ldrexd r3, [r1] (odd Rt) */
        0xe7f001f1, /* udf #17 */
        0xe0500091, /* 0101 in the multiply space */
        0xe7c10211, /* bfi r0, r1 with msb < lsb */
        0xe0811f92, /* umull r1, r1, r2, r15 */
        0xe126f00b, /* msr CPSR_sx, fp: the E bit (big-endian data) */
        0xe00020d2, /* ldrd r2, r3, [r0], -r2: Rm = Rt */
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        arm_insn_t in;
        arm_decode_a32(words[i], 0x8000, &in);
        cr_expect_eq(in.op, ARM_OP_UNDEF, "0x%08x decoded as %s", words[i], arm_op_names[in.op]);
        cr_expect_eq(in.imm, words[i]);
        cr_expect_eq(arm_len(&in), 4);
    }
}

/* ---- disassembly ------------------------------------------------------- */

typedef struct a32t_dis {
    uint32_t word, addr;
    const char *text;
} a32t_dis_t;

/* objdump -d output for the same words (literal comments show the address) */
static const a32t_dis_t a32t_dis[] = {
    {0x00910002, 0x0, "addseq\tr0, r1, r2"},
    {0xe3a00c01, 0x4, "mov\tr0, #256\t@ 0x100"},
    {0xe1a00101, 0x8, "lsl\tr0, r1, #2"},
    {0xe1a00231, 0xc, "lsr\tr0, r1, r2"},
    {0xe1a00061, 0x10, "rrx\tr0, r1"},
    {0xe1e00041, 0x14, "mvn\tr0, r1, asr #32"},
    {0xe0810372, 0x18, "add\tr0, r1, r2, ror r3"},
    {0xe2743000, 0x1c, "rsbs\tr3, r4, #0"},
    {0xe3510005, 0x20, "cmp\tr1, #5"},
    {0xe1100181, 0x24, "tst\tr0, r1, lsl #3"},
    {0xe3d000ff, 0x28, "bics\tr0, r0, #255\t@ 0xff"},
    {0x118210a3, 0x2c, "orrne\tr1, r2, r3, lsr #1"},
    {0xe02cb00d, 0x30, "eor\tfp, ip, sp"},
    {0xe92d4030, 0x34, "push\t{r4, r5, lr}"},
    {0xe8bd8010, 0x38, "pop\t{r4, pc}"},
    {0xe8b00006, 0x3c, "ldm\tr0!, {r1, r2}"},
    {0xe9900006, 0x40, "ldmib\tr0, {r1, r2}"},
    {0xe8200006, 0x44, "stmda\tr0!, {r1, r2}"},
    {0xe9000006, 0x48, "stmdb\tr0, {r1, r2}"},
    {0xe4110004, 0x4c, "ldr\tr0, [r1], #-4"},
    {0xe7310102, 0x50, "ldr\tr0, [r1, -r2, lsl #2]!"},
    {0xe5910000, 0x54, "ldr\tr0, [r1]"},
    {0xe581000c, 0x58, "str\tr0, [r1, #12]"},
    {0xe5632001, 0x5c, "strb\tr2, [r3, #-1]!"},
    {0xe7d10002, 0x60, "ldrb\tr0, [r1, r2]"},
    {0xe0d100b2, 0x64, "ldrh\tr0, [r1], #2"},
    {0xe15100d3, 0x68, "ldrsb\tr0, [r1, #-3]"},
    {0xe19100f2, 0x6c, "ldrsh\tr0, [r1, r2]"},
    {0xe00210b3, 0x70, "strh\tr1, [r2], -r3"},
    {0xe1e020d8, 0x74, "ldrd\tr2, [r0, #8]!"},
    {0xe16d40f8, 0x78, "strd\tr4, [sp, #-8]!"},
    {0xe0000291, 0x7c, "mul\tr0, r1, r2"},
    {0xe0100291, 0x80, "muls\tr0, r1, r2"},
    {0xe0203291, 0x84, "mla\tr0, r1, r2, r3"},
    {0xe0603291, 0x88, "mls\tr0, r1, r2, r3"},
    {0xe0810392, 0x8c, "umull\tr0, r1, r2, r3"},
    {0xe0f10392, 0x90, "smlals\tr0, r1, r2, r3"},
    {0xe0410392, 0x94, "umaal\tr0, r1, r2, r3"},
    {0xe1410382, 0x98, "smlalbb\tr0, r1, r2, r3"},
    {0xe12002e1, 0x9c, "smulwt\tr0, r1, r2"},
    {0xe10143c2, 0xa0, "smlabt\tr1, r2, r3, r4"},
    {0xe16103a2, 0xa4, "smultb\tr1, r2, r3"},
    {0xe1420051, 0xa8, "qdadd\tr0, r1, r2"},
    {0xe1220051, 0xac, "qsub\tr0, r1, r2"},
    {0xe710f211, 0xb0, "sdiv\tr0, r1, r2"},
    {0xe730f211, 0xb4, "udiv\tr0, r1, r2"},
    {0xe16f0f11, 0xb8, "clz\tr0, r1"},
    {0xe6ff0f31, 0xbc, "rbit\tr0, r1"},
    {0xe6bf0fb1, 0xc0, "rev16\tr0, r1"},
    {0xe6ff0fb1, 0xc4, "revsh\tr0, r1"},
    {0xe3010234, 0xc8, "movw\tr0, #4660\t@ 0x1234"},
    {0xe3410234, 0xcc, "movt\tr0, #4660\t@ 0x1234"},
    {0xe10f0000, 0xd0, "mrs\tr0, CPSR"},
    {0xe128f000, 0xd4, "msr\tCPSR_f, r0"},
    {0xe324f803, 0xd8, "msr\tCPSR_s, #196608\t@ 0x30000"},
    {0xef000000, 0xdc, "svc\t0x00000000"},
    {0xef900001, 0xe0, "svc\t0x00900001"},
    {0xe1200172, 0xe4, "bkpt\t0x0012"},
    {0xee1d0f70, 0xe8, "mrc\t15, 0, r0, cr13, cr0, {3}"},
    {0xf57ff01f, 0xec, "clrex"},
    {0xe7f001f1, 0xf0, "udf\t#17"},
    {0xe1020091, 0xf4, "swp\tr0, r1, [r2]"},
    {0xe1420091, 0xf8, "swpb\tr0, r1, [r2]"},
    {0xe1820f91, 0xfc, "strex\tr0, r1, [r2]"},
    {0xe1920f9f, 0x100, "ldrex\tr0, [r2]"},
    {0xe1d20f9f, 0x104, "ldrexb\tr0, [r2]"},
    {0xe1e53f94, 0x108, "strexh\tr3, r4, [r5]"},
    {0xe1b42f9f, 0x10c, "ldrexd\tr2, [r4]"},
    {0xe1a40f92, 0x110, "strexd\tr0, r2, [r4]"},
    {0xe6af0071, 0x114, "sxtb\tr0, r1"},
    {0xe6ff0c71, 0x118, "uxth\tr0, r1, ror #24"},
    {0xe6f10472, 0x11c, "uxtah\tr0, r1, r2, ror #8"},
    {0xe68f0071, 0x120, "sxtb16\tr0, r1"},
    {0xe6c10072, 0x124, "uxtab16\tr0, r1, r2"},
    {0xe6bf0f31, 0x128, "rev\tr0, r1"},
    {0xe7c60191, 0x12c, "bfi\tr0, r1, #3, #4"},
    {0xe7cb021f, 0x130, "bfc\tr0, #4, #8"},
    {0xe7e401d1, 0x134, "ubfx\tr0, r1, #3, #5"},
    {0xe7bf0051, 0x138, "sbfx\tr0, r1, #0, #32"},
    {0xe6a701d1, 0x13c, "ssat\tr0, #8, r1, asr #3"},
    {0xe6e70111, 0x140, "usat\tr0, #7, r1, lsl #2"},
    {0xe6bf0011, 0x144, "ssat\tr0, #32, r1"},
    {0xe7803211, 0x148, "usada8\tr0, r1, r2, r3"},
    {0xe780f211, 0x14c, "usad8\tr0, r1, r2"},
    {0xe6810fb2, 0x150, "sel\tr0, r1, r2"},
    {0xe12fff33, 0x154, "blx\tr3"},
    {0xe12fff1e, 0x158, "bx\tlr"},
    {0xe28f0008, 0x15c, "add\tr0, pc, #8"},
    {0xe51f0004, 0x160, "ldr\tr0, [pc, #-4]\t@ 0x164"},
    {0xe59f0010, 0x164, "ldr\tr0, [pc, #16]\t@ 0x17c"},
    {0xe59f0000, 0x14c, "ldr\tr0, [pc]\t@ 0x154"},
    {0xeb000010, 0x8000, "bl\t0x8048"},
    {0x1afffffe, 0x8000, "bne\t0x8000"},
    {0xee000710, 0x8000, ".inst\t0xee000710"},
};

Test(arm_a32_disasm, matches_objdump)
{
    char buf[96];
    for (size_t i = 0; i < sizeof a32t_dis / sizeof a32t_dis[0]; i++) {
        arm_insn_t in;
        arm_decode_a32(a32t_dis[i].word, a32t_dis[i].addr, &in);
        arm_disasm(&in, a32t_dis[i].addr, buf, sizeof buf);
        cr_expect_str_eq(buf, a32t_dis[i].text, "0x%08x: \"%s\", want \"%s\"", a32t_dis[i].word,
                         buf, a32t_dis[i].text);
    }
}

/* Formats only the T32 decoder produces, from hand-built records. */
Test(arm_a32_disasm, thumb_only_formats)
{
    char buf[96];
    arm_insn_t in;
    memset(&in, 0, sizeof in);
    in.cond = ARM_COND_AL;
    arm_set_len(&in, 2);
    in.flags = ARM_F_T32;
    in.op = ARM_OP_IT;
    in.imm = 0x1a; /* itte ne: firstcond 0001, mask 1010 */
    cr_expect_str_eq(arm_disasm(&in, 0, buf, sizeof buf), "itte\tne");
    in.imm = 0x08; /* it eq */
    cr_expect_str_eq(arm_disasm(&in, 0, buf, sizeof buf), "it\teq");
    in.op = ARM_OP_CBNZ;
    in.rn = 3;
    in.imm = 0x8040;
    cr_expect_str_eq(arm_disasm(&in, 0, buf, sizeof buf), "cbnz\tr3, 0x8040");
    in.op = ARM_OP_TBH;
    in.rn = 15;
    in.rm = 2;
    arm_set_len(&in, 4);
    cr_expect_str_eq(arm_disasm(&in, 0, buf, sizeof buf), "tbh\t[pc, r2, lsl #1]");
    in.op = ARM_OP_ADD_REG;
    in.flags = ARM_F_T32 | ARM_F_ITS;
    in.rd = 0;
    in.rn = 1;
    in.rm = 2;
    cr_expect_str_eq(arm_disasm(&in, 0, buf, sizeof buf), "adds\tr0, r1, r2");
    in.op = ARM_OP_LDR_LIT;
    in.flags = ARM_F_T32;
    in.imm = 0x8010; /* from 0x8002: Align(pc + 4, 4) = 0x8004 */
    cr_expect_str_eq(arm_disasm(&in, 0x8002, buf, sizeof buf), "ldr\tr0, [pc, #12]\t@ 0x8010");
    in.op = ARM_OP_UNDEF;
    arm_set_len(&in, 2);
    in.imm = 0xde00;
    cr_expect_str_eq(arm_disasm(&in, 0, buf, sizeof buf), ".inst.n\t0xde00");
}

Test(arm_a32_disasm, truncates_to_the_buffer)
{
    char buf[6];
    arm_insn_t in;
    arm_decode_a32(0xe92d4030, 0, &in); /* push {r4, r5, lr} */
    arm_disasm(&in, 0, buf, sizeof buf);
    cr_expect_str_eq(buf, "push\t");
}

Test(arm_a32_optab, names_and_units)
{
    cr_expect_str_eq(arm_op_names[ARM_OP_ADD_IMM], "ADD_IMM");
    cr_expect_str_eq(arm_op_names[ARM_OP_LDREXD], "LDREXD");
    cr_expect_eq(arm_op_units[ARM_OP_UMULL], SIM_UNIT_MUL);
    cr_expect_eq(arm_op_units[ARM_OP_LDM], SIM_UNIT_MEM);
    cr_expect_eq(arm_op_units[ARM_OP_SDIV], SIM_UNIT_DIV);
    cr_expect_eq(arm_op_units[ARM_OP_BLX_REG], SIM_UNIT_BRANCH);
    cr_expect_eq(arm_op_units[ARM_OP_SVC], SIM_UNIT_SYS);
    for (int i = 0; i < ARM_OP_COUNT; i++)
        cr_expect(arm_op_names[i] && arm_op_names[i][0], "op %d has no name", i);
}
