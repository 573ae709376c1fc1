/* The arithmetic family's field extractors (arm_decode_neon_arith.h): the
 * register numbers, size, Q and U of arm_neon_arith_enc.def's rows, and the
 * ARM ARM's UNDEFINED and UNPREDICTABLE variants refused. Host code. */
#include "arm_decode_neon_arith.h"
#include "arm_neon.h"
#include "arm_exec_neon_arith.h"

#define BITS(w, hi, lo) (((w) >> (lo)) & ((2u << ((hi) - (lo))) - 1u))
#define BIT(w, n) (((w) >> (n)) & 1u)
#define VD(w) (BIT(w, 22) << 4 | BITS(w, 15, 12))
#define VN(w) (BIT(w, 7) << 4 | BITS(w, 19, 16))
#define VM(w) (BIT(w, 5) << 4 | BITS(w, 3, 0))

/* Three registers: the fields, Q and U; 1 when Q names an odd register. */
static int neon_3reg(uint32_t w, arm_insn_t *o)
{
    o->rd = (uint8_t)VD(w);
    o->rn = (uint8_t)VN(w);
    o->rm = (uint8_t)VM(w);
    o->shift = (uint8_t)BITS(w, 21, 20);
    o->amount = (uint8_t)((BIT(w, 6) ? ARM_NEON_Q : 0u) | (BIT(w, 24) ? ARM_NEON_U : 0u));
    return BIT(w, 6) && ((o->rd | o->rn | o->rm) & 1u);
}

/* any size */
int arm_neon_form_q3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    return neon_3reg(w, o);
}

/* size 11 UNDEF; VMUL.P: size 00 only */
int arm_neon_form_i3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (BITS(w, 21, 20) == 3u)
        return 1;
    if ((w & 0x01000f10u) == 0x01000910u && BITS(w, 21, 20) != 0u)
        return 1;
    return neon_3reg(w, o);
}

/* VQDMULH, VQRDMULH: 16 or 32 bits */
int arm_neon_form_h3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (BITS(w, 21, 20) == 0u || BITS(w, 21, 20) == 3u)
        return 1;
    return neon_3reg(w, o);
}

/* pairwise: D registers, size 11 UNDEF */
int arm_neon_form_p3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (BITS(w, 21, 20) == 3u || BIT(w, 6))
        return 1;
    return neon_3reg(w, o);
}

/* the bitwise ones: the size field is their opcode */
int arm_neon_form_b3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    int r = neon_3reg(w, o);
    o->shift = 3u;
    return r;
}

/* float: sz (bit 20) 1 is half precision, not ARMv7 */
int arm_neon_form_f3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (BIT(w, 20))
        return 1;
    int r = neon_3reg(w, o);
    o->shift = 2u;
    return r;
}

int arm_neon_form_fp3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    return BIT(w, 6) ? 1 : arm_neon_form_f3(w, addr, o);
}

/* different lengths: Q Vd (long), Q Vd and Vn (wide), Q Vn and Vm (narrow) */
static int neon_3diff(uint32_t w, arm_insn_t *o, uint32_t qmask)
{
    neon_3reg(w & ~(1u << 6), o);
    return ((qmask & 1u) && (o->rd & 1u)) || ((qmask & 2u) && (o->rn & 1u)) || ((qmask & 4u) && (o->rm & 1u));
}

int arm_neon_form_l3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    return neon_3diff(w, o, 1u);
}

int arm_neon_form_w3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    return neon_3diff(w, o, 3u);
}

int arm_neon_form_n3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    return neon_3diff(w, o, 6u);
}

/* VQDMLAL, VQDMLSL, VQDMULL: 16 or 32 bits */
int arm_neon_form_ql3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    return BITS(w, 21, 20) == 0u || neon_3diff(w, o, 1u);
}

/* VMULL.P8 (U 1 and size 10, .P64, are not ARMv7) */
int arm_neon_form_pl3(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (BITS(w, 21, 20) != 0u || neon_3diff(w, o, 1u))
        return 1;
    o->amount |= ARM_NEON_POLY;
    return 0;
}

/* A scalar: 16 bits Dm<2:0>[M:Vm<3>], 32 bits Dm[M]; size 00 UNDEF. */
static int neon_scalar(uint32_t w, arm_insn_t *o)
{
    uint32_t size = BITS(w, 21, 20), vm = BITS(w, 3, 0);
    if (size == 0u || size == 3u)
        return 1;
    o->rd = (uint8_t)VD(w);
    o->rn = (uint8_t)VN(w);
    o->shift = (uint8_t)size;
    o->rm = (uint8_t)(size == 1u ? vm & 7u : vm);
    o->imm = size == 1u ? BIT(w, 5) << 1 | vm >> 3 : BIT(w, 5);
    return 0;
}

/* VMLA, VMLS, VMUL, VQDMULH, VQRDMULH: U is Q */
int arm_neon_form_scq(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (neon_scalar(w, o))
        return 1;
    o->amount = (uint8_t)(ARM_NEON_SC | (BIT(w, 24) ? ARM_NEON_Q : 0u));
    return BIT(w, 24) && ((o->rd | o->rn) & 1u);
}

int arm_neon_form_scf(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    return BITS(w, 21, 20) != 2u || arm_neon_form_scq(w, addr, o);
}

/* the long ones: U unsigned; Q Vd */
int arm_neon_form_scl(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    (void)addr;
    if (neon_scalar(w, o))
        return 1;
    o->amount = (uint8_t)(ARM_NEON_SC | (BIT(w, 24) ? ARM_NEON_U : 0u));
    return o->rd & 1u;
}

/* Two registers and a shift: the element size from L:imm6 (0 when imm6 is
 * 000xxx, the immediates' space), Vd, Vm, Q, U. */
static int neon_shift(uint32_t w, arm_insn_t *o, uint32_t *imm6)
{
    uint32_t l = BIT(w, 7), i6 = BITS(w, 21, 16), esz;
    if (l)
        esz = 3u;
    else if (i6 & 0x20u)
        esz = 2u;
    else if (i6 & 0x10u)
        esz = 1u;
    else if (i6 & 0x08u)
        esz = 0u;
    else
        return 1;
    *imm6 = i6;
    o->rd = (uint8_t)VD(w);
    o->rm = (uint8_t)VM(w);
    o->shift = (uint8_t)esz;
    o->amount = (uint8_t)((BIT(w, 6) ? ARM_NEON_Q : 0u) | (BIT(w, 24) ? ARM_NEON_U : 0u));
    return BIT(w, 6) && ((o->rd | o->rm) & 1u);
}

/* right: esize - (imm6 within its size), 1..esize */
int arm_neon_form_shr(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t i6;
    (void)addr;
    if (neon_shift(w, o, &i6))
        return 1;
    o->imm = (o->shift == 3u ? 64u : 16u << o->shift) - i6;
    return 0;
}

/* left: 0..esize-1 */
int arm_neon_form_shl(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t i6;
    (void)addr;
    if (neon_shift(w, o, &i6))
        return 1;
    o->imm = i6 - (o->shift == 3u ? 0u : 8u << o->shift);
    return 0;
}

/* narrowing: L 0, bit 6 the rounding (no Q); Vm a Q; shift the result's size */
int arm_neon_form_shn(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t i6;
    (void)addr;
    if (BIT(w, 7) || neon_shift(w & ~(1u << 6), o, &i6))
        return 1;
    o->imm = (16u << o->shift) - i6;
    return o->rm & 1u;
}

/* VSHLL (VMOVL at 0): L 0, bit 6 0 (the row), Vd a Q */
int arm_neon_form_shll(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t i6;
    (void)addr;
    if (BIT(w, 7) || neon_shift(w, o, &i6))
        return 1;
    o->imm = i6 - (8u << o->shift);
    return o->rd & 1u;
}

/* VCVT fixed point: imm6 1xxxxx, fraction bits 64 - imm6 */
int arm_neon_form_cvx(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t i6;
    (void)addr;
    if (BIT(w, 7) || !BIT(w, 21) || neon_shift(w, o, &i6))
        return 1;
    o->imm = 64u - i6;
    return 0;
}

/* One register and a modified immediate: AdvSIMDExpandImm, the
 * UNPREDICTABLE imm8 0 of the shifted forms and cmode 1111 op 1 refused. */
int arm_neon_form_mi(uint32_t w, uint32_t addr, arm_insn_t *o)
{
    uint32_t cmode = BITS(w, 11, 8), op = BIT(w, 5);
    uint32_t imm8 = BIT(w, 24) << 7 | BITS(w, 18, 16) << 4 | BITS(w, 3, 0), imm;
    (void)addr;
    o->rd = (uint8_t)VD(w);
    o->amount = (uint8_t)((BIT(w, 6) ? ARM_NEON_Q : 0u) | (op ? ARM_NEON_OP1 : 0u) | cmode << 4);
    if (BIT(w, 6) && (o->rd & 1u))
        return 1;
    switch (cmode >> 1) {
    case 0: imm = imm8; break;
    case 1: imm = imm8 << 8; break;
    case 2: imm = imm8 << 16; break;
    case 3: imm = imm8 << 24; break;
    case 4: imm = imm8 * 0x00010001u; break;
    case 5: imm = (imm8 << 8) * 0x00010001u; break;
    case 6: imm = (cmode & 1u) ? imm8 << 16 | 0xffffu : imm8 << 8 | 0xffu; break;
    default:
        if (!(cmode & 1u))
            imm = op ? imm8 : imm8 * 0x01010101u;
        else if (op)
            return 1;
        else
            imm = (imm8 >> 7) << 31 | (BIT(imm8, 6) ? 0x3e000000u : 0x40000000u) | (imm8 & 0x3fu) << 19;
        break;
    }
    if (imm8 == 0u && cmode != 14u && cmode != 15u && (cmode >> 1) != 0u && (cmode >> 1) != 4u)
        return 1;
    o->imm = imm;
    return 0;
}
