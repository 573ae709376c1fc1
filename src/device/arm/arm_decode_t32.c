/* The Thumb decoder: one 16-bit (arm_t16.def) or 32-bit (arm_t32.def)
 * encoding into one arm_insn_t record, following arm_ops.def. Host-only: the
 * loader predecodes every text halfword once, including second halves of
 * 32-bit encodings and literal pools, so any input must give some record.
 *
 * PC-relative values are resolved here. Thumb reads the PC as addr + 4 and
 * literal addressing uses Align(PC, 4). LDR (literal) becomes LDR_LIT with the
 * absolute address; ADR becomes MOV_IMM with the absolute address; the other
 * literal loads (LDRB/LDRSB/LDRH/LDRSH/LDRD) keep rn = 15 with P set and an
 * offset (U, imm) rewritten relative to the unaligned addr + 4 the executor
 * supplies for r15, so base + offset is still Align(addr + 4, 4) +- imm.
 *
 * UNPREDICTABLE encodings: the manual's should-be (0)/(1) bits are part of
 * the table masks, so an encoding that breaks them is UNDEF (as objdump
 * reads most of them), and so are bit fields with msb < lsb, BLX with H = 1, MSR with an empty mask, and CLZ/REV/RBIT whose two copies
 * of rm differ. Register choices (sp or pc where the manual forbids them, rn
 * = rt with write-back) are not policed: they decode as if allowed. */
#include <pthread.h>
#include <string.h>
#include "arm_insn.h"
#include "arm_decode_index.h"

#define F_0  0u
#define F_S  ARM_F_S
#define F_SI (ARM_F_S | ARM_F_ITS)
#define F_P  ARM_F_P
#define F_U  ARM_F_U
#define F_PU (ARM_F_P | ARM_F_U)
#define F_PW (ARM_F_P | ARM_F_W)
#define F_UW (ARM_F_U | ARM_F_W)

typedef void (*t32_form_fn)(uint32_t w, uint32_t addr, arm_insn_t *o);

typedef struct t32_row {
    uint32_t match, mask;
    uint16_t op;
    uint8_t flags;
    t32_form_fn form;
} t32_row_t;

static uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((2u << (hi - lo)) - 1u);
}

static uint32_t sext(uint32_t v, unsigned nbits)
{
    uint32_t m = 1u << (nbits - 1);
    return (v ^ m) - m;
}

static uint32_t align4(uint32_t a) { return a & ~3u; }

/* Base r15 reads as addr + 4; express Align(addr + 4, 4) + delta as rn = 15
 * plus an offset the executor adds to that base. */
static void pc_relative(arm_insn_t *o, uint32_t addr, uint32_t target)
{
    int32_t d = (int32_t)(target - (addr + 4u));
    o->rn = 15;
    o->flags |= ARM_F_P;
    if (d >= 0) {
        o->flags |= ARM_F_U;
        o->imm = (uint32_t)d;
    } else {
        o->imm = (uint32_t)-d;
    }
}

/* ---- 16-bit forms: w is the halfword --------------------------------------- */

static void t16_none(uint32_t h, uint32_t addr, arm_insn_t *o) {}

static void t16_imm8(uint32_t h, uint32_t addr, arm_insn_t *o) { o->imm = h & 0xffu; }

/* LSL/LSR/ASR #imm5: shift type is bits 12:11, LSR/ASR #0 mean #32 */
static void t16_shift_imm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    uint32_t n = bits(h, 10, 6);
    o->rd = (uint8_t)bits(h, 2, 0);
    o->rm = (uint8_t)bits(h, 5, 3);
    o->shift = (uint8_t)bits(h, 12, 11);
    o->amount = (uint8_t)(n == 0 && o->shift != ARM_SH_LSL ? 32 : n);
}

static void t16_rd_rn_rm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)bits(h, 2, 0);
    o->rn = (uint8_t)bits(h, 5, 3);
    o->rm = (uint8_t)bits(h, 8, 6);
}

static void t16_rd_rn_i3(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)bits(h, 2, 0);
    o->rn = (uint8_t)bits(h, 5, 3);
    o->imm = bits(h, 8, 6);
}

static void t16_rdn_i8(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = o->rn = (uint8_t)bits(h, 10, 8);
    o->imm = bits(h, 7, 0);
}

static void t16_dp_rdn_rm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = o->rn = (uint8_t)bits(h, 2, 0);
    o->rm = (uint8_t)bits(h, 5, 3);
}

/* op(4) 0010 LSL, 0011 LSR, 0100 ASR, 0111 ROR: rdn = rdn shifted by rm */
static void t16_shift_reg(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    static const uint8_t sh[8] = { 0, 0, ARM_SH_LSL, ARM_SH_LSR, ARM_SH_ASR, 0, 0, ARM_SH_ROR };
    o->rd = o->rm = (uint8_t)bits(h, 2, 0);
    o->rs = (uint8_t)bits(h, 5, 3);
    o->shift = sh[bits(h, 8, 6)];
}

static void t16_neg(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)bits(h, 2, 0);
    o->rn = (uint8_t)bits(h, 5, 3);
}

static void t16_mul(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = o->rs = (uint8_t)bits(h, 2, 0);
    o->rm = (uint8_t)bits(h, 5, 3);
}

static void t16_hi_rdn_rm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = o->rn = (uint8_t)(bits(h, 7, 7) << 3 | bits(h, 2, 0));
    o->rm = (uint8_t)bits(h, 6, 3);
}

static void t16_hi_rd_rm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)(bits(h, 7, 7) << 3 | bits(h, 2, 0));
    o->rm = (uint8_t)bits(h, 6, 3);
}

static void t16_hi_rm(uint32_t h, uint32_t addr, arm_insn_t *o) { o->rm = (uint8_t)bits(h, 6, 3); }

static void t16_ldr_lit(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)bits(h, 10, 8);
    o->imm = align4(addr + 4) + bits(h, 7, 0) * 4;
}

static void t16_ls_reg(uint32_t h, uint32_t addr, arm_insn_t *o) { t16_rd_rn_rm(h, addr, o); }

static void t16_ls_imm(uint32_t h, arm_insn_t *o, unsigned scale)
{
    o->rd = (uint8_t)bits(h, 2, 0);
    o->rn = (uint8_t)bits(h, 5, 3);
    o->imm = bits(h, 10, 6) << scale;
}

static void t16_ls_imm4(uint32_t h, uint32_t addr, arm_insn_t *o) { t16_ls_imm(h, o, 2); }
static void t16_ls_imm2(uint32_t h, uint32_t addr, arm_insn_t *o) { t16_ls_imm(h, o, 1); }
static void t16_ls_imm1(uint32_t h, uint32_t addr, arm_insn_t *o) { t16_ls_imm(h, o, 0); }

static void t16_ls_sp(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)bits(h, 10, 8);
    o->rn = 13;
    o->imm = bits(h, 7, 0) * 4;
}

static void t16_adr(uint32_t h, uint32_t addr, arm_insn_t *o) { t16_ldr_lit(h, addr, o); }

static void t16_add_sp_rd(uint32_t h, uint32_t addr, arm_insn_t *o) { t16_ls_sp(h, addr, o); }

static void t16_sp_imm7(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = o->rn = 13;
    o->imm = bits(h, 6, 0) * 4;
}

/* cb{n}z rn, label: target = pc + ZeroExtend(i:imm5:'0') */
static void t16_cbz(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rn = (uint8_t)bits(h, 2, 0);
    o->imm = addr + 4 + (bits(h, 9, 9) << 6 | bits(h, 7, 3) << 1);
}

static void t16_rd_rm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rd = (uint8_t)bits(h, 2, 0);
    o->rm = (uint8_t)bits(h, 5, 3);
}

static void t16_push(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rn = 13;
    o->imm = bits(h, 7, 0) | bits(h, 8, 8) << 14;
}

static void t16_pop(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rn = 13;
    o->imm = bits(h, 7, 0) | bits(h, 8, 8) << 15;
}

static void t16_stm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->rn = (uint8_t)bits(h, 10, 8);
    o->imm = bits(h, 7, 0);
}

/* ldm rn!, {list} writes back unless rn is in the list */
static void t16_ldm(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    t16_stm(h, addr, o);
    if (!(o->imm >> o->rn & 1u))
        o->flags |= ARM_F_W;
}

static void t16_b_cond(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->cond = (uint8_t)bits(h, 11, 8);
    o->imm = addr + 4 + sext(bits(h, 7, 0) << 1, 9);
}

static void t16_b(uint32_t h, uint32_t addr, arm_insn_t *o)
{
    o->imm = addr + 4 + sext(bits(h, 10, 0) << 1, 12);
}

/* ---- 32-bit forms: w = hw1 << 16 | hw2 -------------------------------------- */

#define RN(w) ((uint8_t)bits(w, 19, 16))
#define RT(w) ((uint8_t)bits(w, 15, 12)) /* hw2[15:12]: Rt, Ra, RdLo */
#define RD(w) ((uint8_t)bits(w, 11, 8))  /* hw2[11:8]: Rd, Rt2, RdHi */
#define RM(w) ((uint8_t)bits(w, 3, 0))

static void t32_none(uint32_t w, uint32_t addr, arm_insn_t *o) {}

/* ThumbExpandImm_C: when the constant is rotated, carry-out = its bit 31 */
static uint32_t t32_expand_imm(uint32_t imm12, int *rotated)
{
    uint32_t b = imm12 & 0xffu, v, r;
    *rotated = 0;
    switch (imm12 >> 8) {
    case 0: return b;
    case 1: return b << 16 | b;
    case 2: return b << 24 | b << 8;
    case 3: return b * 0x01010101u;
    }
    v = 0x80u | (imm12 & 0x7fu);
    r = imm12 >> 7; /* 8..31 */
    *rotated = 1;
    return v >> r | v << (32 - r);
}

static void t32_dp_mimm(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    int rot;
    o->rd = RD(w);
    o->rn = RN(w);
    o->imm = t32_expand_imm(bits(w, 26, 26) << 11 | bits(w, 14, 12) << 8 | bits(w, 7, 0), &rot);
    if (rot)
        o->flags |= ARM_F_IMMC;
    if (bits(w, 20, 20))
        o->flags |= ARM_F_S;
}

/* DecodeImmShift(type, imm3:imm2) */
static void t32_dp_sreg(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t n = bits(w, 14, 12) << 2 | bits(w, 7, 6), t = bits(w, 5, 4);
    o->rd = RD(w);
    o->rn = RN(w);
    o->rm = RM(w);
    o->shift = (uint8_t)t;
    o->amount = (uint8_t)n;
    if (n == 0 && (t == ARM_SH_LSR || t == ARM_SH_ASR))
        o->amount = 32;
    if (n == 0 && t == ARM_SH_ROR)
        o->shift = ARM_SH_RRX;
    if (bits(w, 20, 20))
        o->flags |= ARM_F_S;
}

static uint32_t t32_imm12(uint32_t w)
{
    return bits(w, 26, 26) << 11 | bits(w, 14, 12) << 8 | bits(w, 7, 0);
}

static void t32_addw(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rn = RN(w);
    o->imm = t32_imm12(w);
}

static void t32_adr_add(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->imm = align4(addr + 4) + t32_imm12(w);
}

static void t32_adr_sub(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->imm = align4(addr + 4) - t32_imm12(w);
}

static void t32_mov16(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->imm = bits(w, 19, 16) << 12 | t32_imm12(w);
}

/* shift_n = imm3:imm2, sh selects ASR; sh with shift_n == 0 is SSAT16/USAT16 */
static void t32_sat(uint32_t w, arm_insn_t *o, uint32_t sat)
{
    uint32_t n = bits(w, 14, 12) << 2 | bits(w, 7, 6);
    if (bits(w, 21, 21) && n == 0) {
        o->op = ARM_OP_UNDEF;
        return;
    }
    o->rd = RD(w);
    o->rn = RN(w);
    o->shift = (uint8_t)(bits(w, 21, 21) ? ARM_SH_ASR : ARM_SH_LSL);
    o->imm = n;
    o->amount = (uint8_t)sat;
}

static void t32_ssat(uint32_t w, uint32_t addr, arm_insn_t *o) { t32_sat(w, o, bits(w, 4, 0) + 1); }
static void t32_usat(uint32_t w, uint32_t addr, arm_insn_t *o) { t32_sat(w, o, bits(w, 4, 0)); }

/* sbfx/ubfx: lsb = imm3:imm2, width = widthm1 + 1 */
static void t32_bfx(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t lsb = bits(w, 14, 12) << 2 | bits(w, 7, 6), width = bits(w, 4, 0) + 1;
    if (lsb + width > 32) {
        o->op = ARM_OP_UNDEF;
        return;
    }
    o->rd = RD(w);
    o->rn = RN(w);
    o->amount = (uint8_t)lsb;
    o->imm = width;
}

/* bfi/bfc: lsb = imm3:imm2, msb = bits 4:0 */
static void t32_bfi(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t lsb = bits(w, 14, 12) << 2 | bits(w, 7, 6), msb = bits(w, 4, 0);
    if (msb < lsb) {
        o->op = ARM_OP_UNDEF;
        return;
    }
    o->rd = RD(w);
    o->rn = RN(w);
    o->amount = (uint8_t)lsb;
    o->imm = msb - lsb + 1;
}

static void t32_msr(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rm = RN(w);
    o->amount = (uint8_t)(bits(w, 11, 10) << 2); /* mask<1> = nzcvq, mask<0> = g */
    if (o->amount == 0)
        o->op = ARM_OP_UNDEF;
}

static void t32_mrs(uint32_t w, uint32_t addr, arm_insn_t *o) { o->rd = RD(w); }

static void t32_mrc_tls(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    if (o->rd == 15)
        o->op = ARM_OP_UNDEF;
}

/* b<c>.w: imm32 = SignExtend(S:J2:J1:imm6:imm11:'0', 21) */
static void t32_b_cond(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t off = bits(w, 26, 26) << 20 | bits(w, 11, 11) << 19 | bits(w, 13, 13) << 18 |
                   bits(w, 21, 16) << 12 | bits(w, 10, 0) << 1;
    o->cond = (uint8_t)bits(w, 25, 22);
    o->imm = addr + 4 + sext(off, 21);
}

/* b.w/bl/blx: I1 = NOT(J1 EOR S), I2 = NOT(J2 EOR S),
 * imm32 = SignExtend(S:I1:I2:imm10:imm11:'0', 25) */
static uint32_t t32_branch_offset(uint32_t w)
{
    uint32_t s = bits(w, 26, 26);
    uint32_t i1 = 1u ^ bits(w, 13, 13) ^ s, i2 = 1u ^ bits(w, 11, 11) ^ s;
    uint32_t off = s << 24 | i1 << 23 | i2 << 22 | bits(w, 25, 16) << 12 | bits(w, 10, 0) << 1;
    return sext(off, 25);
}

static void t32_b(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->imm = addr + 4 + t32_branch_offset(w);
}

/* blx: H must be 0; target = Align(PC, 4) + imm32, in A32 state */
static void t32_blx(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    if (w & 1u) {
        o->op = ARM_OP_UNDEF;
        return;
    }
    o->imm = align4(addr + 4) + t32_branch_offset(w);
}

/* ldm/stm/push.w/pop.w: W is bit 21 */
static void t32_ldm(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rn = RN(w);
    o->imm = w & 0xffffu;
    if (bits(w, 21, 21))
        o->flags |= ARM_F_W;
}

static void t32_ldrex(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->rn = RN(w);
    o->imm = bits(w, 7, 0) << 2;
}

static void t32_strex(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rm = RT(w);
    o->rn = RN(w);
    o->imm = bits(w, 7, 0) << 2;
}

static void t32_ldrex_bh(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->rn = RN(w);
}

static void t32_strex_bh(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RM(w);
    o->rm = RT(w);
    o->rn = RN(w);
}

/* ldrexd rt, rt2, [rn] */
static void t32_ldrexd(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_ldrex_bh(w, addr, o);
    o->rs = RD(w);
}

/* strexd rd, rt, rt2, [rn] */
static void t32_strexd(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_strex_bh(w, addr, o);
    o->rs = RD(w);
}

static void t32_tb(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rn = RN(w);
    o->rm = RM(w);
}

/* ldrd/strd rt, rt2, [rn, #+-imm8*4]: P = bit 24, U = bit 23, W = bit 21 */
static void t32_ldrd(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->rs = RD(w);
    o->rn = RN(w);
    o->imm = bits(w, 7, 0) << 2;
    o->flags |= (uint8_t)((bits(w, 24, 24) ? ARM_F_P : 0) | (bits(w, 23, 23) ? ARM_F_U : 0) |
                          (bits(w, 21, 21) ? ARM_F_W : 0));
}

static void t32_ldrd_lit(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t off = bits(w, 7, 0) << 2, base = align4(addr + 4);
    o->rd = RT(w);
    o->rs = RD(w);
    pc_relative(o, addr, bits(w, 23, 23) ? base + off : base - off);
}

static void t32_ls_imm12(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->rn = RN(w);
    o->imm = bits(w, 11, 0);
}

/* hw2 = Rt 1 P U W imm8; P = 0 with W = 0 is undefined, 1 1 0 is LDRT & co. */
static void t32_ls_imm8(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t p = bits(w, 10, 10), u = bits(w, 9, 9), wb = bits(w, 8, 8);
    if (!p && !wb) {
        o->op = ARM_OP_UNDEF;
        return;
    }
    o->rd = RT(w);
    o->rn = RN(w);
    o->imm = bits(w, 7, 0);
    o->flags |= (uint8_t)((p ? ARM_F_P : 0) | (u ? ARM_F_U : 0) | (wb ? ARM_F_W : 0));
}

static void t32_ls_reg(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->rn = RN(w);
    o->rm = RM(w);
    o->shift = ARM_SH_LSL;
    o->amount = (uint8_t)bits(w, 5, 4);
}

static uint32_t t32_literal(uint32_t w, uint32_t addr)
{
    uint32_t base = align4(addr + 4), off = bits(w, 11, 0);
    return bits(w, 23, 23) ? base + off : base - off;
}

static void t32_ldr_lit(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->imm = t32_literal(w, addr);
}

static void t32_ls_lit(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    pc_relative(o, addr, t32_literal(w, addr));
}

/* lsl|lsr|asr|ror rd, rn, rm: the value is rn, the amount rm's bottom byte */
static void t32_rsr(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rm = RN(w);
    o->rs = RM(w);
    o->shift = (uint8_t)bits(w, 22, 21);
    if (bits(w, 20, 20))
        o->flags |= ARM_F_S;
}

static void t32_xt(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rn = RN(w);
    o->rm = RM(w);
    o->amount = (uint8_t)(bits(w, 5, 4) * 8);
}

static void t32_rd_rn_rm(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rn = RN(w);
    o->rm = RM(w);
}

/* clz, rev, rbit: rm is encoded twice and both copies must agree */
static void t32_rd_rm(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rm = RM(w);
    if (RN(w) != o->rm)
        o->op = ARM_OP_UNDEF;
}

/* mul/mla/mls rd, rn, rm, ra: the record's factors are rm, rs and addend rn */
static void t32_mul(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rm = RN(w);
    o->rs = RM(w);
    o->rn = RT(w);
}

/* smul<x><y>: N = bit 5 picks rn's half (record rm), M = bit 4 rm's (record rs) */
static void t32_mul_xy(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_mul(w, addr, o);
    o->amount = (uint8_t)(bits(w, 5, 5) | bits(w, 4, 4) << 1);
}

static void t32_mul_wy(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_mul(w, addr, o);
    o->amount = (uint8_t)(bits(w, 4, 4) << 1);
}

static void t32_usad8(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_rd_rn_rm(w, addr, o);
    o->rs = RT(w);
}

/* long multiplies: hw2 = RdLo RdHi op2 Rm */
static void t32_mull(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RT(w);
    o->rn = RD(w);
    o->rm = RN(w);
    o->rs = RM(w);
}

static void t32_mull_xy(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_mull(w, addr, o);
    o->amount = (uint8_t)(bits(w, 5, 5) | bits(w, 4, 4) << 1);
}

/* the v6 signed multiplies: bit 4 is X (dual) or R (SMM*); ra = 1111 is none */
static void t32_smul(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_mul(w, addr, o);
    o->amount = (uint8_t)bits(w, 4, 4);
    if (arm_op_has(o->op, ARM_P_NORN))
        o->rn = 0;
}

static void t32_smull(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_mull(w, addr, o);
    o->amount = (uint8_t)bits(w, 4, 4);
}

/* ssat16 rd, #sat_imm + 1, rn; usat16 rd, #sat_imm, rn */
static void t32_sat16(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    o->rd = RD(w);
    o->rn = RN(w);
    o->amount = (uint8_t)(bits(w, 3, 0) + (o->op == ARM_OP_SSAT16 ? 1u : 0u));
}

static void t32_div(uint32_t w, uint32_t addr, arm_insn_t *o) { t32_rd_rn_rm(w, addr, o); }

/* pkhbt rd, rn, rm, lsl #imm3:imm2; pkhtb ... asr #imm (0: 32) */
static void t32_pkh(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    t32_rd_rn_rm(w, addr, o);
    o->shift = bits(w, 5, 5) ? ARM_SH_ASR : ARM_SH_LSL;
    o->amount = (uint8_t)(bits(w, 14, 12) << 2 | bits(w, 7, 6));
    if (o->shift == ARM_SH_ASR && o->amount == 0)
        o->amount = 32;
}

/* ---- the tables and the driver ----------------------------------------------- */

static const t32_row_t t16_rows[] = {
#define T16(op, match, mask, form, fl) { match, mask, ARM_OP_##op, F_##fl, t16_##form },
#include "arm_t16.def"
#undef T16
};

static const t32_row_t t32_rows[] = {
#define T32(op, match, mask, form, fl) { match, mask, ARM_OP_##op, F_##fl, t32_##form },
#include "arm_t32.def"
#undef T32
};

/* Index keys: a 16-bit encoding's top ten bits; a 32-bit one's first
 * halfword but its last four bits. */
static uint32_t t16_key(uint32_t w) { return w >> 6 & 0x3ffu; }
static uint32_t t16_unkey(uint32_t k) { return k << 6; }
static uint32_t t32_key(uint32_t w) { return w >> 20; }
static uint32_t t32_unkey(uint32_t k) { return k << 20; }

static dec_index_t t16_index = {0xffc0u, t16_key, t16_unkey, 10, NULL, NULL};
static dec_index_t t32_index = {0xfff00000u, t32_key, t32_unkey, 12, NULL, NULL};
static pthread_once_t t32_index_once = PTHREAD_ONCE_INIT;

static void t32_index_build(void)
{
    /* Without memory the lookups fall back to scanning the tables. */
    dec_index_build(&t16_index, t16_rows, sizeof t16_rows / sizeof t16_rows[0], sizeof t16_rows[0]);
    dec_index_build(&t32_index, t32_rows, sizeof t32_rows / sizeof t32_rows[0], sizeof t32_rows[0]);
}

static const t32_row_t *t32_find(const dec_index_t *ix, const t32_row_t *rows, size_t n, uint32_t w)
{
    pthread_once(&t32_index_once, t32_index_build);
    long i = dec_index_find(ix, rows, n, sizeof rows[0], w);
    return i < 0 ? NULL : &rows[i];
}

void arm_decode_t32(uint32_t hw1, uint32_t hw2, uint32_t addr, arm_insn_t *out)
{
    const t32_row_t *row;
    uint32_t w, raw, len;
    hw1 &= 0xffffu;
    hw2 &= 0xffffu;
    memset(out, 0, sizeof *out);
    out->cond = ARM_COND_AL;
    if ((hw1 >> 11) >= 0x1du) {
        len = 4;
        w = hw1 << 16 | hw2;
        raw = hw1 | hw2 << 16;
        if (arm_decode_vfp(w, addr, 1, out) || arm_decode_neon(w, addr, 1, out))
            return;
        row = t32_find(&t32_index, t32_rows, sizeof t32_rows / sizeof t32_rows[0], w);
    } else {
        len = 2;
        w = raw = hw1;
        row = t32_find(&t16_index, t16_rows, sizeof t16_rows / sizeof t16_rows[0], w);
    }
    if (row) {
        out->op = row->op;
        out->flags = row->flags;
        row->form(w, addr, out);
        if (out->op == ARM_OP_LDM || out->op == ARM_OP_STM)
            arm_lsm_layout(out);
    } else {
        out->op = ARM_OP_UNDEF;
    }
    if (out->op == ARM_OP_UNDEF) {
        memset(out, 0, sizeof *out);
        out->op = ARM_OP_UNDEF;
        out->cond = ARM_COND_AL;
        out->imm = raw;
    }
    out->flags |= ARM_F_T32;
    arm_set_len(out, len);
}
