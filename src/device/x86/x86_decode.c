/* The IA-32 decoder, one-byte map: prefixes, ModRM/SIB, and every opcode
 * of the one-byte map into its op and operand form (x86_ops.def). Runs on
 * the host, once per instruction start (x86_host.c). The two-byte map is
 * x86_decode_0f.c. */
#include "x86_decode_impl.h"

/* ModRM with 32-bit addressing: [base + index * 2^scale + disp]. */
static void x86_dec_mem32(x86_dec_t *d, x86_insn_t *o, uint32_t mod, uint32_t rm)
{
    o->base = (uint8_t)rm;
    o->index = X86_NOREG;
    if (rm == 4u) {
        uint32_t sib = x86_dec_u8(d), idx = (sib >> 3) & 7u, b = sib & 7u;
        o->index = (uint8_t)((idx == 4u ? X86_NOREG : idx) | (sib >> 6) << 6);
        o->base = (uint8_t)b;
        if (b == 5u && mod == 0u) {
            o->base = X86_NOREG;
            o->disp = x86_dec_u32(d);
            return;
        }
    } else if (rm == 5u && mod == 0u) {
        o->base = X86_NOREG;
        o->disp = x86_dec_u32(d);
        return;
    }
    o->disp = mod == 1u ? x86_dec_s8(d) : mod == 2u ? x86_dec_u32(d) : 0u;
}

/* ModRM with 16-bit addressing (0x67): BX SI, BX DI, BP SI, BP DI, SI, DI,
 * BP (mod 0: disp16 alone), BX; the address wraps at 64 KiB (x86_lea). */
static void x86_dec_mem16(x86_dec_t *d, x86_insn_t *o, uint32_t mod, uint32_t rm)
{
    static const uint8_t base[8] = {3, 3, 5, 5, 6, 7, 5, 3};
    static const uint8_t index[8] = {6, 7, 6, 7, X86_NOREG, X86_NOREG, X86_NOREG, X86_NOREG};
    o->base = base[rm];
    o->index = index[rm];
    if (mod == 0u && rm == 6u) {
        o->base = X86_NOREG;
        o->disp = x86_dec_u16(d);
        return;
    }
    o->disp = mod == 1u ? x86_dec_s8(d) : mod == 2u ? (uint32_t)(int32_t)(int16_t)x86_dec_u16(d) : 0u;
}

int x86_dec_modrm(x86_dec_t *d, x86_insn_t *o)
{
    uint32_t b = x86_dec_u8(d), mod = b >> 6, rm = b & 7u;
    d->modrm = b;
    if (mod == 3u) {
        o->base = (uint8_t)rm;
        o->index = X86_NOREG;
        return 1;
    }
    if (d->a16)
        x86_dec_mem16(d, o, mod, rm);
    else
        x86_dec_mem32(d, o, mod, rm);
    return 0;
}

/* E,G with E the destination: op + RR (E in reg, G in base) or + MR. */
static void x86_dec_eg(x86_dec_t *d, x86_insn_t *o, uint32_t op_rr, uint32_t op_mr)
{
    if (x86_dec_modrm(d, o)) {
        o->op = (uint8_t)op_rr;
        o->reg = o->base;
        o->base = (uint8_t)x86_modrm_reg(d);
    } else {
        o->op = (uint8_t)op_mr;
        o->reg = (uint8_t)x86_modrm_reg(d);
    }
}

/* ModRM as it reads: reg = G, base = E's register, or the memory form. */
static void x86_dec_ge(x86_dec_t *d, x86_insn_t *o, uint32_t op_r, uint32_t op_m)
{
    o->op = (uint8_t)(x86_dec_modrm(d, o) ? op_r : op_m);
    o->reg = (uint8_t)x86_modrm_reg(d);
}

/* A single E operand: its register into reg, or the memory form. */
static void x86_dec_e(x86_dec_t *d, x86_insn_t *o, uint32_t op_r, uint32_t op_m)
{
    if (x86_dec_modrm(d, o)) {
        o->op = (uint8_t)op_r;
        o->reg = o->base;
    } else {
        o->op = (uint8_t)op_m;
    }
}

/* A branch's absolute target: rel from the end of the instruction, which
 * the immediate ends. */
static uint32_t x86_dec_target(const x86_dec_t *d, uint32_t rel)
{
    uint32_t t = d->addr + d->pos + rel;
    return d->o16 ? t & 0xffffu : t;
}

/* ALU kind k (00..3F): forms 0..5 of the low three bits. */
static int x86_dec_alu(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t k = op >> 3, base = X86_OP_ADD_RR + 5u * k, form = op & 7u, w = x86_dec_wb(d, op);
    x86_set_w(o, w);
    switch (form) {
    case 0: case 1: x86_dec_eg(d, o, base + X86_FORM_RR, base + X86_FORM_MR); break;
    case 2: case 3: x86_dec_ge(d, o, base + X86_FORM_RR, base + X86_FORM_RM); break;
    default: o->op = (uint8_t)(base + X86_FORM_RI), o->reg = 0, o->imm = x86_dec_imm(d, w); break;
    }
    return 1;
}

/* Group 1 (80..83): ALU kind /r with an immediate. */
static int x86_dec_grp1(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t w = op == 0x80u || op == 0x82u ? X86_W8 : x86_dec_wv(d);
    x86_set_w(o, w);
    x86_dec_e(d, o, 0, 0);
    uint32_t base = X86_OP_ADD_RR + 5u * x86_modrm_reg(d);
    o->op = (uint8_t)(base + ((d->modrm >> 6) == 3u ? X86_FORM_RI : X86_FORM_MI));
    o->imm = op == 0x83u ? x86_dec_s8(d) : x86_dec_imm(d, w);
    return 1;
}

/* Group 2 shifts: the count in imm (C0, C1: a byte; D0, D1: 1) or CL. */
static int x86_dec_grp2(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    x86_set_w(o, x86_dec_wb(d, op));
    int cl = op == 0xd2u || op == 0xd3u;
    x86_dec_e(d, o, cl ? X86_OP_SHIFT_RC : X86_OP_SHIFT_RI, cl ? X86_OP_SHIFT_MC : X86_OP_SHIFT_MI);
    o->aux = (uint8_t)x86_modrm_reg(d);
    o->imm = op <= 0xc1u ? x86_dec_u8(d) : 1u;
    return 1;
}

/* Group 3 (F6, F7): TEST imm, NOT, NEG, MUL, IMUL, DIV, IDIV. */
static int x86_dec_grp3(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t w = x86_dec_wb(d, op);
    x86_set_w(o, w);
    x86_dec_e(d, o, 0, 0);
    uint32_t r = x86_modrm_reg(d), reg = (d->modrm >> 6) == 3u;
    if (r < 2u) {
        o->op = (uint8_t)(reg ? X86_OP_TEST_RI : X86_OP_TEST_MI);
        o->imm = x86_dec_imm(d, w);
    } else if (r < 4u) {
        o->op = (uint8_t)(reg ? X86_OP_UNARY_R : X86_OP_UNARY_M);
        o->aux = (uint8_t)r;
    } else {
        o->op = (uint8_t)(reg ? X86_OP_MULDIV_R : X86_OP_MULDIV_M);
        o->aux = (uint8_t)r;
    }
    return 1;
}

/* A direct far CALL or JMP: the offset (16 or 32 bits) in imm, the
 * selector in disp. */
static int x86_dec_far(x86_dec_t *d, x86_insn_t *o, uint32_t op, uint32_t wv)
{
    x86_set_w(o, wv);
    o->op = (uint8_t)op, o->imm = x86_dec_imm(d, wv), o->disp = x86_dec_u16(d);
    return 1;
}

/* Groups 4 and 5 (FE, FF): INC DEC, and for FF CALL JMP (near and far) PUSH. */
static int x86_dec_grp45(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    x86_set_w(o, x86_dec_wb(d, op));
    x86_dec_e(d, o, 0, 0);
    uint32_t r = x86_modrm_reg(d), reg = (d->modrm >> 6) == 3u;
    if (r < 2u) {
        o->op = (uint8_t)(reg ? X86_OP_UNARY_R : X86_OP_UNARY_M);
        o->aux = (uint8_t)r;
        return 1;
    }
    if (op == 0xfeu)
        return 0;
    switch (r) {
    case 2: o->op = (uint8_t)(reg ? X86_OP_CALL_R : X86_OP_CALL_M); return 1;
    case 4: o->op = (uint8_t)(reg ? X86_OP_JMP_R : X86_OP_JMP_M); return 1;
    case 6: o->op = (uint8_t)(reg ? X86_OP_PUSH_R : X86_OP_PUSH_M); return 1;
    case 3: o->op = X86_OP_CALLF_M; return !reg; /* m16:16/32 */
    case 5: o->op = X86_OP_JMPF_M; return !reg;
    default: return 0; /* /7 */
    }
}

static int x86_dec_string(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    static const uint8_t ops[6] = {X86_OP_MOVS, X86_OP_CMPS, 0, X86_OP_STOS, X86_OP_LODS, X86_OP_SCAS};
    uint32_t k = (op - 0xa4u) >> 1;
    if (k == 2u)
        return 0;
    o->op = ops[k];
    x86_set_w(o, x86_dec_wb(d, op));
    return 1;
}

/* 00..7F besides the ALU rows */
static int x86_dec_low(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t wv = x86_dec_wv(d);
    if (op < 0x40u && (op & 7u) < 6u)
        return x86_dec_alu(d, o, op);
    x86_set_w(o, wv);
    switch (op) {
    case 0x27: case 0x2f: case 0x37: case 0x3f:
        o->op = X86_OP_BCD, o->aux = (uint8_t)((op - 0x27u) >> 3);
        return 1;
    case 0x06: case 0x0e: case 0x16: case 0x1e: /* PUSH ES CS SS DS */
    case 0x07: case 0x17: case 0x1f:            /* POP ES SS DS */
        o->op = (op & 1u) ? X86_OP_POPSEG : X86_OP_PUSHSEG, o->aux = (uint8_t)(op >> 3);
        return 1;
    case 0x60: o->op = X86_OP_PUSHA; return 1;
    case 0x61: o->op = X86_OP_POPA; return 1;
    case 0x68: o->op = X86_OP_PUSH_I, o->imm = x86_dec_imm(d, wv); return 1;
    case 0x6a: o->op = X86_OP_PUSH_I, o->imm = x86_dec_s8(d); return 1;
    case 0x69: case 0x6b:
        x86_dec_ge(d, o, X86_OP_IMUL_RRI, X86_OP_IMUL_RMI);
        o->imm = op == 0x6bu ? x86_dec_s8(d) : x86_dec_imm(d, wv);
        return 1;
    }
    if (op >= 0x40u && op < 0x50u) {
        o->op = X86_OP_UNARY_R, o->reg = (uint8_t)(op & 7u), o->aux = (uint8_t)((op >> 3) & 1u);
        return 1;
    }
    if (op >= 0x50u && op < 0x60u) {
        o->op = (uint8_t)(op < 0x58u ? X86_OP_PUSH_R : X86_OP_POP_R), o->reg = (uint8_t)(op & 7u);
        return 1;
    }
    if (op >= 0x70u && op < 0x80u) {
        uint32_t rel = x86_dec_s8(d);
        o->op = X86_OP_JCC, o->aux = (uint8_t)(op & 15u), o->imm = x86_dec_target(d, rel);
        return 1;
    }
    return 0;
}

/* 80..BF */
static int x86_dec_mid(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t wv = x86_dec_wv(d), wb = x86_dec_wb(d, op);
    if (op <= 0x83u)
        return x86_dec_grp1(d, o, op);
    if (op >= 0xa4u && op <= 0xafu && op != 0xa8u && op != 0xa9u)
        return x86_dec_string(d, o, op);
    if (op >= 0xb0u) {
        uint32_t w = op < 0xb8u ? X86_W8 : wv;
        x86_set_w(o, w);
        o->op = X86_OP_MOV_RI, o->reg = (uint8_t)(op & 7u), o->imm = x86_dec_imm(d, w);
        return 1;
    }
    if (op >= 0x91u && op <= 0x97u) {
        x86_set_w(o, wv);
        o->op = X86_OP_XCHG_RR, o->reg = 0, o->base = (uint8_t)(op & 7u);
        return 1;
    }
    if (op == 0x9au) /* CALL ptr16:16/32 */
        return x86_dec_far(d, o, X86_OP_CALLF, wv);
    x86_set_w(o, wb);
    switch (op) {
    case 0x84: case 0x85: x86_dec_ge(d, o, X86_OP_TEST_RR, X86_OP_TEST_MR); return 1;
    case 0x86: case 0x87: x86_dec_ge(d, o, X86_OP_XCHG_RR, X86_OP_XCHG_MR); return 1;
    case 0x88: case 0x89: x86_dec_eg(d, o, X86_OP_MOV_RR, X86_OP_MOV_MR); return 1;
    case 0x8a: case 0x8b: x86_dec_ge(d, o, X86_OP_MOV_RR, X86_OP_MOV_RM); return 1;
    case 0x8c: /* MOV Ew, Sreg: a register destination takes it zero-extended */
        x86_set_w(o, wv);
        x86_dec_e(d, o, X86_OP_MOVSEG_RS, X86_OP_MOVSEG_MS);
        o->aux = (uint8_t)x86_modrm_reg(d);
        return o->aux < 6u;
    case 0x8d:
        x86_set_w(o, wv);
        return !x86_dec_modrm(d, o) && (o->op = X86_OP_LEA, o->reg = (uint8_t)x86_modrm_reg(d), 1);
    case 0x8e: /* MOV Sreg, Ew; not CS */
        x86_set_w(o, X86_W16);
        x86_dec_ge(d, o, X86_OP_MOVSEG_SR, X86_OP_MOVSEG_SM);
        o->aux = o->reg;
        o->reg = 0;
        return o->aux < 6u && o->aux != 1u;
    case 0x8f:
        x86_set_w(o, wv);
        x86_dec_e(d, o, X86_OP_POP_R, X86_OP_POP_M);
        return x86_modrm_reg(d) == 0u;
    case 0x90: o->op = X86_OP_NOP; return 1; /* also PAUSE (F3 90) and 66 90 */
    case 0x98: x86_set_w(o, wv), o->op = X86_OP_CBW; return 1;
    case 0x99: x86_set_w(o, wv), o->op = X86_OP_CWD; return 1;
    case 0x9b: o->op = X86_OP_FWAIT; return 1;
    case 0x9c: x86_set_w(o, wv), o->op = X86_OP_PUSHF; return 1;
    case 0x9d: x86_set_w(o, wv), o->op = X86_OP_POPF; return 1;
    case 0x9e: o->op = X86_OP_SAHF; return 1;
    case 0x9f: o->op = X86_OP_LAHF; return 1;
    case 0xa0: case 0xa1: case 0xa2: case 0xa3:
        o->op = (uint8_t)(op < 0xa2u ? X86_OP_MOV_RM : X86_OP_MOV_MR), o->reg = 0;
        o->base = X86_NOREG, o->index = X86_NOREG, o->disp = d->a16 ? x86_dec_u16(d) : x86_dec_u32(d);
        return 1;
    case 0xa8: case 0xa9: o->op = X86_OP_TEST_RI, o->reg = 0, o->imm = x86_dec_imm(d, wb); return 1;
    }
    return 0;
}

/* C0..FF besides x87 */
static int x86_dec_high(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t wv = x86_dec_wv(d), rel;
    x86_set_w(o, wv);
    switch (op) {
    case 0xc0: case 0xc1: case 0xd0: case 0xd1: case 0xd2: case 0xd3: return x86_dec_grp2(d, o, op);
    case 0xc2: o->op = X86_OP_RET, o->imm = x86_dec_u16(d); return 1;
    case 0xc3: o->op = X86_OP_RET; return 1;
    case 0xca: o->op = X86_OP_RETF, o->imm = x86_dec_u16(d); return 1;
    case 0xcb: o->op = X86_OP_RETF; return 1;
    case 0xea: return x86_dec_far(d, o, X86_OP_JMPF, wv); /* JMP ptr16:16/32 */
    case 0xc6: case 0xc7:
        x86_set_w(o, x86_dec_wb(d, op));
        x86_dec_e(d, o, X86_OP_MOV_RI, X86_OP_MOV_MI);
        o->imm = x86_dec_imm(d, x86_dec_wb(d, op));
        return x86_modrm_reg(d) == 0u;
    case 0xc8: o->op = X86_OP_ENTER, o->imm = x86_dec_u16(d), o->aux = (uint8_t)x86_dec_u8(d); return 1;
    case 0xc9: o->op = X86_OP_LEAVE; return 1;
    case 0xcc: o->op = X86_OP_INT3; return 1;
    case 0xcd: o->imm = x86_dec_u8(d), o->op = (uint8_t)(o->imm == 0x80u ? X86_OP_INT80 : X86_OP_INTN); return 1;
    case 0xd4: case 0xd5: o->op = X86_OP_BCD, o->aux = (uint8_t)(op - 0xd0u), o->imm = x86_dec_u8(d); return 1;
    case 0xd7: o->op = X86_OP_XLAT; return 1;
    case 0xe0: case 0xe1: case 0xe2: case 0xe3:
        rel = x86_dec_s8(d);
        o->op = X86_OP_LOOP, o->aux = (uint8_t)(op - 0xe0u), o->imm = x86_dec_target(d, rel);
        return 1;
    case 0xe8: case 0xe9:
        rel = x86_dec_imm(d, wv);
        o->op = (uint8_t)(op == 0xe8u ? X86_OP_CALL : X86_OP_JMP), o->imm = x86_dec_target(d, rel);
        return 1;
    case 0xeb: rel = x86_dec_s8(d), o->op = X86_OP_JMP, o->imm = x86_dec_target(d, rel); return 1;
    case 0xe4: case 0xe5: case 0xe6: case 0xe7: case 0xec: case 0xed: case 0xee: case 0xef:
    case 0xfa: case 0xfb: case 0x6c: case 0x6d: case 0x6e: case 0x6f:
        o->op = X86_OP_PRIV; /* IN OUT INS OUTS CLI STI: #GP in user mode */
        if (op >= 0xe4u && op <= 0xe7u)
            x86_dec_u8(d);
        return 1;
    case 0xf4: o->op = X86_OP_HLT; return 1;
    case 0xf5: o->op = X86_OP_FLAGOP, o->aux = 2; return 1;
    case 0xf6: case 0xf7: return x86_dec_grp3(d, o, op);
    case 0xf8: case 0xf9: o->op = X86_OP_FLAGOP, o->aux = (uint8_t)(op - 0xf8u); return 1;
    case 0xfc: case 0xfd: o->op = X86_OP_FLAGOP, o->aux = (uint8_t)(op - 0xf9u); return 1;
    case 0xfe: case 0xff: return x86_dec_grp45(d, o, op);
    }
    if (op >= 0xd8u && op <= 0xdfu) {
        x86_dec_modrm(d, o);
        o->op = X86_OP_X87, o->reg = (uint8_t)(op & 7u), o->aux = (uint8_t)d->modrm;
        return 1;
    }
    return 0;
}

/* Which ops take a LOCK prefix: the read-modify-writes of memory. */
static int x86_lockable(const x86_insn_t *o)
{
    uint32_t op = o->op;
    if (op <= X86_OP_CMP_MI) { /* the ALU rows come first */
        uint32_t form = (op - X86_OP_ADD_RR) % 5u;
        return (form == X86_FORM_MR || form == X86_FORM_MI) && op < X86_OP_CMP_RR;
    }
    return op == X86_OP_UNARY_M || op == X86_OP_XCHG_MR || op == X86_OP_CMPXCHG_MR || op == X86_OP_CMPXCHG8B ||
           op == X86_OP_XADD_MR || ((op == X86_OP_BT_MR || op == X86_OP_BT_MI) && o->aux != 0u);
}

/* The prefixes; returns the opcode byte after them. */
static uint32_t x86_dec_prefixes(x86_dec_t *d, x86_insn_t *o)
{
    for (;;) {
        uint32_t b = x86_dec_u8(d);
        switch (b) {
        case 0x66: d->o16 = 1; break;
        case 0x67: d->a16 = 1; o->wf |= X86_F_A16; break;
        case 0xf0: o->wf |= X86_F_LOCK; break;
        case 0xf2: o->wf = (uint8_t)((o->wf & ~X86_F_REP) | X86_F_REPNE); break;
        case 0xf3: o->wf = (uint8_t)((o->wf & ~X86_F_REPNE) | X86_F_REP); break;
        case 0x26: case 0x2e: case 0x36: case 0x3e: /* flat: no effect */
            o->wf &= (uint8_t)~(X86_F_SEGFS | X86_F_SEGGS);
            break;
        case 0x64: o->wf = (uint8_t)((o->wf & ~X86_F_SEGGS) | X86_F_SEGFS); break;
        case 0x65: o->wf = (uint8_t)((o->wf & ~X86_F_SEGFS) | X86_F_SEGGS); break;
        default: return b;
        }
    }
}

static void x86_dec_undef(const uint8_t *p, uint32_t avail, x86_insn_t *o)
{
    uint32_t raw = 0;
    for (uint32_t i = 0; i < 4u && i < avail; i++)
        raw |= (uint32_t)p[i] << (8u * i);
    memset(o, 0, sizeof *o);
    o->op = X86_OP_UNDEF;
    o->len = 1;
    o->imm = raw;
    o->base = X86_NOREG;
    o->index = X86_NOREG;
}

void x86_decode(const uint8_t *p, uint32_t avail, uint32_t addr, x86_insn_t *out)
{
    x86_dec_t d;
    memset(&d, 0, sizeof d);
    d.p = p;
    d.avail = avail < X86_MAX_LEN ? avail : X86_MAX_LEN;
    d.addr = addr;
    x86_insn_t o;
    memset(&o, 0, sizeof o);
    o.base = X86_NOREG;
    o.index = X86_NOREG;
    uint32_t op = x86_dec_prefixes(&d, &o);
    int ok = op == 0x0fu ? x86_decode_0f(&d, &o) : op < 0x80u ? x86_dec_low(&d, &o, op)
                         : op < 0xc0u ? x86_dec_mid(&d, &o, op) : x86_dec_high(&d, &o, op);
    if (!ok || d.cut || ((o.wf & X86_F_LOCK) && !x86_lockable(&o))) {
        x86_dec_undef(p, avail, out);
        if (d.cut && avail < X86_MAX_LEN) {
            out->aux = X86_UNDEF_CUT;
            out->disp = avail;
        }
        return;
    }
    o.len = (uint8_t)d.pos;
    if (o.op == X86_OP_X87) { /* the unit's 16-bit layouts follow 0x66; its UNDEF shows the bytes */
        x86_set_w(&o, d.o16 ? X86_W16 : X86_W32);
        x86_insn_t raw;
        x86_dec_undef(p, o.len, &raw); /* its own bytes only */
        o.imm = raw.imm;
    }
    *out = o;
}
