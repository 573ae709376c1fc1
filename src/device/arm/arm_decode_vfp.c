/* The VFP decoder, for A32 and T32 alike: arm_vfp_enc.def's rows over bits
 * 27..0, one small extractor per form. The A32 and T32 decoders ask it
 * first; what it does not take (no row matches, or an UNPREDICTABLE
 * variant) they decode as before, to UNDEF. Host code. */
#include <string.h>

#include "arm_insn.h"
#include "arm_vfp_enc.def"
#include "arm_decode_neon_elem.h"

typedef enum vfp_form {
    VF_F3, VF_F2, VF_IMM, VF_HALF, VF_CMPZ, VF_CVTFF, VF_I2F, VF_F2I, VF_FIX, VF_CORES, VF_VMSR,
    VF_SCALAR, VF_RRD, VF_RRS, VF_LS, VF_LSM, VF_SCALARX, VF_DUPR
} vfp_form_t;

typedef struct vfp_row {
    uint32_t match, mask;
    uint16_t op;
    uint8_t form;
} vfp_row_t;

#define VFP_ROW(op, form, match, mask) {(match), (mask), ARM_OP_##op, VF_##form},
static const vfp_row_t vfp_rows[] = {ARM_VFP_ENC_ROWS(VFP_ROW)};
#undef VFP_ROW

#define BITS(w, hi, lo) (((w) >> (lo)) & ((2u << ((hi) - (lo))) - 1u))
#define BIT(w, n) (((w) >> (n)) & 1u)

/* A register number: S = V:bit (S0-S31), D = bit:V (D0-D31, VFPv3-D32). */
static uint8_t vfp_reg(uint32_t v, uint32_t bit, uint32_t dbl)
{
    return (uint8_t)(dbl ? bit << 4 | v : v << 1 | bit);
}
#define VD(w, dbl) vfp_reg(BITS(w, 15, 12), BIT(w, 22), dbl)
#define VN(w, dbl) vfp_reg(BITS(w, 19, 16), BIT(w, 7), dbl)
#define VM(w, dbl) vfp_reg(BITS(w, 3, 0), BIT(w, 5), dbl)

/* VFPExpandImm: the single, or the double's high word. */
static uint32_t vfp_expand_imm(uint32_t imm8, uint32_t dbl)
{
    uint32_t sign = imm8 >> 7, b6 = BIT(imm8, 6), low6 = imm8 & 0x3fu;
    if (dbl)
        return sign << 31 | (b6 ? 0x3fc00000u : 0x40000000u) | low6 << 16;
    return sign << 31 | (b6 ? 0x3e000000u : 0x40000000u) | low6 << 19;
}

/* The arithmetic and conversions; 1: UNPREDICTABLE. */
static int vfp_form_dp(uint32_t w, uint32_t form, arm_insn_t *o)
{
    uint32_t sz = BIT(w, 8);
    o->amount = (uint8_t)sz;
    switch (form) {
    case VF_F3:
        o->rn = VN(w, sz);
        /* fall through */
    case VF_F2:
        o->rd = VD(w, sz);
        o->rm = VM(w, sz);
        return 0;
    case VF_CMPZ:
        o->rd = VD(w, sz);
        o->amount |= ARM_VFP_ZERO;
        return 0;
    case VF_IMM:
        o->rd = VD(w, sz);
        o->imm = vfp_expand_imm(BITS(w, 19, 16) << 4 | BITS(w, 3, 0), sz);
        return 0;
    case VF_HALF: /* bit 7: T, kept as ARM_VFP_SIGNED */
        o->rd = VD(w, 0);
        o->rm = VM(w, 0);
        o->amount = (uint8_t)(BIT(w, 7) ? ARM_VFP_SIGNED : 0u);
        return 0;
    case VF_CVTFF: /* sz: the source is the double */
        o->rd = VD(w, !sz);
        o->rm = VM(w, sz);
        return 0;
    case VF_I2F:
        o->rd = VD(w, sz);
        o->rm = VM(w, 0);
        o->amount |= (uint8_t)(BIT(w, 7) ? ARM_VFP_SIGNED : 0u);
        return 0;
    case VF_F2I:
        o->rd = VD(w, 0);
        o->rm = VM(w, sz);
        o->amount |= (uint8_t)((BIT(w, 16) ? ARM_VFP_SIGNED : 0u) | (BIT(w, 7) ? ARM_VFP_RZ : 0u));
        return 0;
    default: { /* VF_FIX: frac_bits = size - imm4:i */
        uint32_t size = BIT(w, 7) ? 32u : 16u, imm = BITS(w, 3, 0) << 1 | BIT(w, 5);
        o->rd = VD(w, sz);
        o->amount |= (uint8_t)((BIT(w, 16) ? 0u : ARM_VFP_SIGNED) | (size == 32u ? ARM_VFP_RZ : 0u));
        o->imm = size - imm;
        return imm > size;
    }
    }
}

/* The transfers between core and extension registers. */
static int vfp_form_move(uint32_t w, uint32_t form, arm_insn_t *o)
{
    int bad = 0;
    o->rd = (uint8_t)BITS(w, 15, 12);
    switch (form) {
    case VF_CORES:
        o->rm = VN(w, 0);
        return o->rd == 15;
    case VF_SCALAR: /* Dn[x] is S(2n + x) */
        o->rm = (uint8_t)(2u * vfp_reg(BITS(w, 19, 16), BIT(w, 7), 1) + BIT(w, 21));
        o->amount = ARM_VFP_ZERO;
        return o->rd == 15;
    case VF_VMSR: /* VMRS APSR_nzcv is Rt = 15 */
        return o->op == ARM_OP_VMSR && o->rd == 15;
    case VF_RRD:
    case VF_RRS:
        o->rs = (uint8_t)BITS(w, 19, 16);
        o->rm = form == VF_RRD ? VM(w, 1) : VM(w, 0);
        o->amount = form == VF_RRD ? ARM_VFP_D : 0u;
        bad |= form == VF_RRS && o->rm == 31;
        bad |= (o->op == ARM_OP_VMOV_RRD || o->op == ARM_OP_VMOV_RRS) && o->rd == o->rs;
        return bad || o->rd == 15 || o->rs == 15;
    default:
        return 1;
    }
}

/* VLDR/VSTR, VLDM/VSTM. pc: what the base reads as when it is the PC. */
static int vfp_form_mem(uint32_t w, uint32_t form, uint32_t pc, arm_insn_t *o)
{
    uint32_t sz = BIT(w, 8), imm8 = BITS(w, 7, 0);
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->rd = VD(w, sz);
    o->amount = (uint8_t)sz;
    o->flags = (uint8_t)((BIT(w, 24) ? ARM_F_P : 0u) | (BIT(w, 23) ? ARM_F_U : 0u) |
                         (BIT(w, 21) ? ARM_F_W : 0u));
    if (form == VF_LS) {
        o->imm = imm8 * 4u;
        if (o->rn == 15) { /* literal: Align(PC, 4) +- imm */
            o->imm = (o->flags & ARM_F_U) ? (pc & ~3u) + o->imm : (pc & ~3u) - o->imm;
            o->amount |= ARM_VFP_LIT;
        }
        return 0;
    }
    /* A D list of an odd count is FLDMX/FSTMX: one word more written back.
     * UNPREDICTABLE: no register, more than 16 doubles, past D31 or S31. */
    uint32_t regs = sz ? imm8 / 2u : imm8, last = o->rd + regs;
    o->imm = sz ? 2u * regs : regs;
    o->shift = (uint8_t)imm8;
    return regs == 0 || (sz && regs > 16u) || last > 32u || (o->rn == 15 && (o->flags & ARM_F_W));
}

int arm_decode_vfp(uint32_t w, uint32_t addr, uint32_t t32, arm_insn_t *out)
{
    uint32_t top = w >> 28;
    if ((t32 ? top != 14u : top == 15u) || BITS(w, 27, 25) < 6u || BITS(w, 11, 9) != 5u)
        return 0; /* not coprocessor 10 or 11 */
    const vfp_row_t *row = NULL;
    for (size_t i = 0; i < sizeof vfp_rows / sizeof vfp_rows[0] && !row; i++)
        if ((w & vfp_rows[i].mask) == vfp_rows[i].match)
            row = &vfp_rows[i];
    if (!row)
        return 0;
    arm_insn_t o;
    memset(&o, 0, sizeof o);
    o.op = row->op;
    o.cond = (uint16_t)(t32 ? ARM_COND_AL : top);
    int bad;
    if (row->form == VF_SCALARX) /* A7.8's 8- and 16-bit scalars, VDUP: NEON rows */
        bad = arm_neon_form_scalarx(w, t32, &o);
    else if (row->form == VF_DUPR)
        bad = arm_neon_form_dupr(w, t32, &o);
    else if (row->form == VF_LS || row->form == VF_LSM)
        bad = vfp_form_mem(w, row->form, addr + (t32 ? 4u : 8u), &o);
    else if (row->form >= VF_CORES)
        bad = vfp_form_move(w, row->form, &o);
    else
        bad = vfp_form_dp(w, row->form, &o);
    if (bad)
        return 0;
    o.flags |= (uint8_t)(t32 ? ARM_F_T32 : 0u);
    arm_set_len(&o, 4);
    *out = o;
    return 1;
}
