/* The element family's field extractors (arm_decode_neon_elem.h). Host
 * code. Every UNPREDICTABLE variant is refused (UNDEF), so that a program
 * and the random tester meet only the well-defined ones. */
#include "arm_decode_neon_elem.h"
#include "arm_neon.h"
#include "arm_exec_neon_elem.h"

#define BITS(w, hi, lo) (((w) >> (lo)) & ((2u << ((hi) - (lo))) - 1u))
#define BIT(w, n) (((w) >> (n)) & 1u)
#define VD(w) ((uint8_t)(BIT(w, 22) << 4 | BITS(w, 15, 12)))
#define VN(w) ((uint8_t)(BIT(w, 7) << 4 | BITS(w, 19, 16)))
#define VM(w) ((uint8_t)(BIT(w, 5) << 4 | BITS(w, 3, 0)))

/* Vd, Vm, size and Q (bit 6); nonzero when Q names an odd register */
static int neon_two(uint32_t w, arm_insn_t *o)
{
    o->rd = VD(w);
    o->rm = VM(w);
    o->shift = (uint8_t)BITS(w, 19, 18);
    o->amount = (uint8_t)(BIT(w, 6) ? ARM_NEON_Q : 0u);
    return BIT(w, 6) && ((o->rd | o->rm) & 1u);
}

int arm_neon_form_MISC(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    uint32_t size = BITS(w, 19, 18);
    if (neon_two(w, o))
        return 1;
    switch (o->op) {
    case ARM_OP_VREV64: return size == 3u;
    case ARM_OP_VREV32: return size >= 2u;
    case ARM_OP_VREV16: return size >= 1u;
    case ARM_OP_VPADDL:
    case ARM_OP_VPADAL:
        o->amount |= (uint8_t)(BIT(w, 7) ? ARM_NEON_U : 0u);
        return size == 3u;
    case ARM_OP_VCNT:
    case ARM_OP_VMVN_R: return size != 0u;
    case ARM_OP_VCGT0_F: case ARM_OP_VCGE0_F: case ARM_OP_VCEQ0_F: case ARM_OP_VCLE0_F:
    case ARM_OP_VCLT0_F: case ARM_OP_VABS_F: case ARM_OP_VNEG_F:
        return size != 2u;
    case ARM_OP_VRECPE:
    case ARM_OP_VRSQRTE:
        o->amount |= (uint8_t)(BIT(w, 8) ? ARM_NEON_U : 0u); /* float */
        return size != 2u;
    case ARM_OP_VCVT_NFI:
        o->imm = BITS(w, 8, 7);
        return size != 2u;
    default: /* VCLS VCLZ VQABS VQNEG, the integer compares, VABS, VNEG */
        return size == 3u;
    }
}

int arm_neon_form_PERM(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    uint32_t size = BITS(w, 19, 18), q = BIT(w, 6);
    if (neon_two(w, o) || o->rd == o->rm) /* d == m: UNKNOWN results */
        return 1;
    if (o->op == ARM_OP_VSWP)
        return size != 0u;
    return size == 3u || (o->op != ARM_OP_VTRN && !q && size == 2u);
}

int arm_neon_form_NARROW(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    o->rd = VD(w);
    o->rm = VM(w);
    o->shift = (uint8_t)BITS(w, 19, 18);
    o->amount = (uint8_t)(o->op == ARM_OP_VQMOVN && BIT(w, 6) ? ARM_NEON_U : 0u);
    return o->shift == 3u || (o->rm & 1u);
}

int arm_neon_form_SHLL(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    o->rd = VD(w);
    o->rm = VM(w);
    o->shift = (uint8_t)BITS(w, 19, 18);
    return o->shift == 3u || (o->rd & 1u);
}

int arm_neon_form_CVTH(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    o->rd = VD(w);
    o->rm = VM(w);
    o->shift = 2u;
    return BITS(w, 19, 18) != 1u || ((o->op == ARM_OP_VCVT_HF ? o->rd : o->rm) & 1u);
}

int arm_neon_form_EXT(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    uint32_t q = BIT(w, 6);
    o->rd = VD(w);
    o->rn = VN(w);
    o->rm = VM(w);
    o->imm = BITS(w, 11, 8);
    o->amount = (uint8_t)(q ? ARM_NEON_Q : 0u);
    return q ? ((o->rd | o->rn | o->rm) & 1u) != 0 : o->imm > 7u;
}

int arm_neon_form_TBL(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    o->rd = VD(w);
    o->rn = VN(w);
    o->rm = VM(w);
    o->imm = BITS(w, 9, 8); /* the list's length, minus 1 */
    return o->rn + o->imm + 1u > 32u;
}

int arm_neon_form_DUPS(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    uint32_t imm4 = BITS(w, 19, 16), q = BIT(w, 6);
    o->rd = VD(w);
    o->rm = VM(w);
    o->amount = (uint8_t)(q ? ARM_NEON_Q : 0u);
    if (!(imm4 & 7u) || (q && (o->rd & 1u)))
        return 1;
    o->shift = (uint8_t)((imm4 & 1u) ? 0u : (imm4 & 2u) ? 1u : 2u);
    o->imm = imm4 >> (o->shift + 1u);
    return 0;
}

/* Rn, Rm and Vd of a load or store; nonzero for Rn = 15 or a register
 * window past D31 */
static int neon_ls(uint32_t w, arm_insn_t *o, uint32_t span, uint32_t esz, uint32_t regs, uint32_t inc,
                   uint32_t index, uint32_t align)
{
    o->rd = VD(w);
    o->rn = (uint8_t)BITS(w, 19, 16);
    o->rm = (uint8_t)BITS(w, 3, 0);
    o->shift = (uint8_t)esz;
    o->imm = ARM_NEON_LS_IMM(regs, inc, index, align);
    return o->rn == 15u || o->rd + span > 32u;
}

int arm_neon_form_LSM(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    /* type -> structure size n, passes, register spacing */
    static const uint8_t n_of[16] = {4, 4, 1, 2, 3, 3, 1, 1, 2, 2, 1, 0, 0, 0, 0, 0};
    static const uint8_t regs_of[16] = {1, 1, 4, 2, 1, 1, 3, 1, 1, 1, 2, 0, 0, 0, 0, 0};
    static const uint8_t inc_of[16] = {1, 2, 1, 2, 1, 2, 1, 1, 1, 2, 1, 0, 0, 0, 0, 0};
    uint32_t type = BITS(w, 11, 8), size = BITS(w, 7, 6), align = BITS(w, 5, 4);
    uint32_t n = n_of[type], regs = regs_of[type], inc = inc_of[type];
    int bad = n == 0u;
    if (n == 1u)
        bad |= (regs == 1u || regs == 3u) ? (align & 2u) != 0 : regs == 2u && align == 3u;
    else
        bad |= size == 3u || (n == 2u && regs == 1u && align == 3u) || (n == 3u && (align & 2u));
    return neon_ls(w, o, (n - 1u) * inc + regs, size, regs, inc, 0, align ? 4u << align : 1u) || bad;
}

int arm_neon_form_LSL(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    uint32_t size = BITS(w, 11, 10), n = BITS(w, 9, 8) + 1u, ia = BITS(w, 7, 4), eb = 1u << size;
    uint32_t inc = size && ((ia >> size) & 1u) ? 2u : 1u, align = 1u, bad = size == 3u;
    switch (n) {
    case 1:
        inc = 1u;
        bad |= size == 0u ? (ia & 1u) : size == 1u ? (ia & 2u) : (ia & 4u) || ((ia & 3u) == 1u || (ia & 3u) == 2u);
        align = (ia & 1u) ? eb : 1u;
        break;
    case 2:
        bad |= size == 2u && (ia & 2u);
        align = (ia & 1u) ? 2u * eb : 1u;
        break;
    case 3:
        bad |= size == 2u ? (ia & 3u) != 0 : (ia & 1u);
        break;
    default:
        bad |= size == 2u && (ia & 3u) == 3u;
        align = size == 2u ? ((ia & 3u) ? 4u << (ia & 3u) : 1u) : (ia & 1u) ? 4u * eb : 1u;
        break;
    }
    return neon_ls(w, o, (n - 1u) * inc + 1u, size & 3u, 1, inc, ia >> ((size & 3u) + 1u), align) || bad;
}

int arm_neon_form_LSA(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    uint32_t size = BITS(w, 7, 6), n = BITS(w, 9, 8) + 1u, t = BIT(w, 5), a = BIT(w, 4);
    uint32_t inc = t ? 2u : 1u, regs = 1u, align = 1u, bad = size == 3u, eb = 1u << size;
    switch (n) {
    case 1:
        inc = 1u;
        regs = t ? 2u : 1u;
        bad |= size == 0u && a;
        align = a ? eb : 1u;
        break;
    case 2:
        align = a ? 2u * eb : 1u;
        break;
    case 3:
        bad |= a;
        break;
    default:
        if (size == 3u) { /* 32-bit elements, 16-byte aligned */
            bad = !a;
            size = 2u;
            align = 16u;
        } else {
            align = a ? (size == 2u ? 8u : 4u * eb) : 1u;
        }
        break;
    }
    return neon_ls(w, o, (n - 1u) * inc + regs, size, regs, inc, 0, align) || bad;
}

/* VMOV.8/.16 Dd[x], Rt (bit 20 clear) and VMOV.S8/U8/S16/U16 Rt, Dn[x]:
 * cond 1110 U opc1 L Vd Rt 1011 D opc2 1 0000. rd = Rt, rm = D. */
int arm_neon_form_scalarx(uint32_t w, uint32_t t32, arm_insn_t *o)
{
    uint32_t opc = BITS(w, 22, 21) << 2 | BITS(w, 6, 5), u = BIT(w, 23), load = BIT(w, 20);
    o->rd = (uint8_t)BITS(w, 15, 12);
    o->rm = (uint8_t)(BIT(w, 7) << 4 | BITS(w, 19, 16));
    if (opc & 8u) {
        o->shift = 0;
        o->imm = opc & 7u;
    } else if (opc & 1u) {
        o->shift = 1u;
        o->imm = opc >> 1;
    } else {
        return 1; /* 32 bits: VMOV_SR/VMOV_RS's; 0x10 UNDEFINED */
    }
    o->amount = (uint8_t)(u ? ARM_NEON_U : 0u);
    /* T32: Rt = 13 UNPREDICTABLE too (the A32 form may name sp) */
    return o->rd == 15u || (t32 && o->rd == 13u) || (!load && u);
}

/* VDUP Qd/Dd, Rt: cond 1110 1 B Q 0 Vd Rt 1011 D 0 E 1 0000 */
int arm_neon_form_dupr(uint32_t w, uint32_t t32, arm_insn_t *o)
{
    uint32_t be = BIT(w, 22) << 1 | BIT(w, 5), q = BIT(w, 21);
    o->rd = (uint8_t)BITS(w, 15, 12);
    o->rm = (uint8_t)(BIT(w, 7) << 4 | BITS(w, 19, 16));
    o->amount = (uint8_t)(q ? ARM_NEON_Q : 0u);
    o->shift = (uint8_t)(be == 0u ? 2u : be == 1u ? 1u : 0u);
    return be == 3u || (q && (o->rm & 1u)) || o->rd == 15u || (t32 && o->rd == 13u);
}
