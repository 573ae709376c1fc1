/* The IA-32 decoder, two-byte map (0F xx): what i686 integer code uses;
 * MMX, SSE and SSE2 in x86_decode_sse.c. The system opcodes are not
 * decoded (X86_OP_UNDEF). */
#include "x86_decode_impl.h"

/* 0F 40..4F CMOVcc, 80..8F Jcc rel16/32, 90..9F SETcc */
static int x86_dec_cc(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    uint32_t cc = op & 15u, wv = x86_dec_wv(d);
    o->aux = (uint8_t)cc;
    if (op < 0x50u) {
        x86_set_w(o, wv);
        o->op = 0;
        uint32_t reg = x86_dec_modrm(d, o);
        o->op = (uint8_t)(reg ? X86_OP_CMOV_RR : X86_OP_CMOV_RM);
        o->reg = (uint8_t)x86_modrm_reg(d);
        return 1;
    }
    if (op < 0x90u) {
        uint32_t rel = wv == X86_W16 ? (uint32_t)(int32_t)(int16_t)x86_dec_u16(d) : x86_dec_u32(d);
        uint32_t t = d->addr + d->pos + rel;
        o->op = X86_OP_JCC;
        o->imm = wv == X86_W16 ? t & 0xffffu : t;
        x86_set_w(o, wv);
        return 1;
    }
    x86_set_w(o, X86_W8);
    if (x86_dec_modrm(d, o)) {
        o->op = X86_OP_SETCC_R;
        o->reg = o->base;
    } else {
        o->op = X86_OP_SETCC_M;
    }
    return 1;
}

/* ModRM as it reads: reg = G, base = E's register, or memory. */
static void x86_dec_ge0f(x86_dec_t *d, x86_insn_t *o, uint32_t op_r, uint32_t op_m)
{
    o->op = (uint8_t)(x86_dec_modrm(d, o) ? op_r : op_m);
    o->reg = (uint8_t)x86_modrm_reg(d);
}

/* BT BTS BTR BTC: 0F A3 AB B3 BB with a register offset, 0F BA /4../7 with
 * an immediate one. */
static int x86_dec_bt(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    x86_set_w(o, x86_dec_wv(d));
    if (op == 0xbau) {
        x86_dec_ge0f(d, o, X86_OP_BT_RI, X86_OP_BT_MI);
        if (o->reg < 4u)
            return 0;
        o->aux = (uint8_t)(o->reg - 4u);
        o->imm = x86_dec_u8(d);
        return 1;
    }
    x86_dec_ge0f(d, o, X86_OP_BT_RR, X86_OP_BT_MR);
    o->aux = (uint8_t)((op - 0xa3u) >> 3);
    return 1;
}

/* SHLD (0F A4 imm, A5 CL), SHRD (AC imm, AD CL) */
static int x86_dec_shxd(x86_dec_t *d, x86_insn_t *o, uint32_t op)
{
    int cl = op & 1u;
    x86_set_w(o, x86_dec_wv(d));
    x86_dec_ge0f(d, o, cl ? X86_OP_SHXD_RC : X86_OP_SHXD_RI, cl ? X86_OP_SHXD_MC : X86_OP_SHXD_MI);
    o->aux = op >= 0xacu;
    if (!cl)
        o->imm = x86_dec_u8(d);
    return 1;
}

int x86_decode_0f(x86_dec_t *d, x86_insn_t *o)
{
    uint32_t op = x86_dec_u8(d), wv = x86_dec_wv(d);
    if ((op >= 0x40u && op < 0x50u) || (op >= 0x80u && op < 0xa0u))
        return x86_dec_cc(d, o, op);
    if (op >= 0xc8u && op <= 0xcfu) {
        x86_set_w(o, X86_W32);
        o->op = X86_OP_BSWAP, o->reg = (uint8_t)(op & 7u);
        return 1;
    }
    if (x86_is_sse_opcode(op))
        return x86_decode_sse(d, o, op);
    x86_set_w(o, wv);
    switch (op) {
    case 0x0b: return 0; /* UD2 */
    case 0x0d: case 0x18: case 0x19: case 0x1a: case 0x1b: case 0x1c: case 0x1d: case 0x1e: case 0x1f:
        x86_dec_modrm(d, o); /* prefetches and the long NOPs */
        o->op = X86_OP_NOP;
        return 1;
    case 0x31: o->op = X86_OP_RDTSC; return 1;
    case 0xa2: o->op = X86_OP_CPUID; return 1;
    case 0xa0: case 0xa1: case 0xa8: case 0xa9: /* PUSH FS, POP FS, PUSH GS, POP GS */
        o->op = (op & 1u) ? X86_OP_POPSEG : X86_OP_PUSHSEG, o->aux = (uint8_t)(op < 0xa8u ? 4u : 5u);
        return 1;
    case 0xa3: case 0xab: case 0xb3: case 0xbb: case 0xba: return x86_dec_bt(d, o, op);
    case 0xa4: case 0xa5: case 0xac: case 0xad: return x86_dec_shxd(d, o, op);
    case 0xaf: x86_dec_ge0f(d, o, X86_OP_IMUL_RR, X86_OP_IMUL_RM); return 1;
    case 0xb0: case 0xb1:
        x86_set_w(o, x86_dec_wb(d, op));
        x86_dec_ge0f(d, o, X86_OP_CMPXCHG_RR, X86_OP_CMPXCHG_MR);
        return 1;
    case 0xc0: case 0xc1:
        x86_set_w(o, x86_dec_wb(d, op));
        x86_dec_ge0f(d, o, X86_OP_XADD_RR, X86_OP_XADD_MR);
        return 1;
    case 0xb6: case 0xb7: case 0xbe: case 0xbf:
        x86_dec_ge0f(d, o, op < 0xb8u ? X86_OP_MOVZX_RR : X86_OP_MOVSX_RR, op < 0xb8u ? X86_OP_MOVZX_RM : X86_OP_MOVSX_RM);
        o->aux = (uint8_t)(op & 1u); /* the source: a byte or a word */
        return 1;
    case 0xbc: case 0xbd:
        x86_dec_ge0f(d, o, X86_OP_BSX_RR, X86_OP_BSX_RM);
        o->aux = (uint8_t)(op - 0xbcu);
        return 1;
    case 0xc3: /* MOVNTI m32, r32: a plain store (the hint is a cache's) */
        x86_set_w(o, X86_W32);
        return !x86_dec_modrm(d, o) && (o->op = X86_OP_MOV_MR, o->reg = (uint8_t)x86_modrm_reg(d), 1);
    case 0xc7:
        x86_set_w(o, X86_W32);
        return !x86_dec_modrm(d, o) && x86_modrm_reg(d) == 1u && (o->op = X86_OP_CMPXCHG8B, 1);
    }
    return 0;
}
