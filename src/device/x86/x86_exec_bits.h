/* Bits and flags: BT BTS BTR BTC, BSF BSR, CLC STC CMC CLD STD, SAHF, and
 * the decimal adjusts DAA DAS AAA AAS AAM AAD (as qemu-i386 computes them:
 * the architecture leaves some of their flags undefined). */
#ifndef X86_EXEC_BITS_H
#define X86_EXEC_BITS_H

#include "x86_exec_atomic.h"

/* CF = the bit; the other flags stay. The writing kinds (aux 1 BTS, 2 BTR,
 * 3 BTC) return the new value. */
SIM_INLINE uint32_t x86_bt_op(x86_ctx_t *c, uint32_t k, uint32_t v, uint32_t bit)
{
    uint32_t b = (v >> bit) & 1u;
    x86_set_eflags(c, b ? X86_CF : 0u, X86_CF);
    switch (k) {
    case 1: return v | (1u << bit);
    case 2: return v & ~(1u << bit);
    case 3: return v ^ (1u << bit);
    default: return v;
    }
}

SIM_FN void x86_bt_r(x86_ctx_t *c, const x86_insn_t *in, uint32_t off)
{
    uint32_t w = x86_w(in), bit = off & ((8u << w) - 1u);
    uint32_t r = x86_bt_op(c, in->aux, x86_rd(c, in->base, w), bit);
    if (in->aux)
        x86_wr(c, in->base, w, r);
}

/* The memory forms: a register offset reaches beyond the operand (signed,
 * in units of the operand's width); an immediate one stays inside it. */
SIM_FN void x86_bt_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                     uint32_t off, uint32_t reg_offset)
{
    uint32_t w = x86_w(in), bits = 8u << w, a = x86_ea(c, in);
    if (reg_offset) {
        int32_t so = (int32_t)x86_sext(off, w);
        a += (uint32_t)((so >> (w == X86_W32 ? 5 : 4)) * (int32_t)(bits / 8u));
    }
    uint32_t bit = off & (bits - 1u);
    if (in->aux == 0) {
        uint32_t v;
        if (!x86_ld(c, m, core, pc, a, w, &v))
            x86_bt_op(c, 0, v, bit);
        return;
    }
    uint32_t f0 = c->eflags, op0 = c->cc_op;
    X86_RMW(c, m, core, pc, a, w, X86_LOCKED(in), old, nv,
            (c->eflags = f0, c->cc_op = op0, nv = x86_bt_op(c, in->aux, old, bit)));
}

/* BSF (aux 0) / BSR (aux 1): a zero source sets ZF and leaves the
 * destination; the flags are the logic flags of the source (qemu-i386). */
SIM_FN void x86_bsx(x86_ctx_t *c, const x86_insn_t *in, uint32_t v)
{
    uint32_t w = x86_w(in);
    v &= x86_mask(w);
    x86_set_cc(c, X86_CC_LOGIC, w, v, 0, 0);
    if (v == 0)
        return;
    uint32_t i = 0;
    if (in->aux == 0) {
        while (!((v >> i) & 1u))
            i++;
    } else {
        i = 31u;
        while (!((v >> i) & 1u))
            i--;
    }
    x86_wr(c, in->reg, w, i);
}

SIM_FN void x86_bsx_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &v))
        x86_bsx(c, in, v);
}

/* CLC STC CMC CLD STD (k 0..4) */
SIM_FN void x86_flagop(x86_ctx_t *c, uint32_t k)
{
    uint32_t f = x86_eflags(c);
    switch (k) {
    case 0: f &= ~X86_CF; break;
    case 1: f |= X86_CF; break;
    case 2: f ^= X86_CF; break;
    case 3: f &= ~X86_DF; break;
    default: f |= X86_DF; break;
    }
    x86_set_eflags(c, f, X86_CF | X86_DF);
}

/* SAHF: SF ZF AF PF CF from AH. */
SIM_FN void x86_sahf(x86_ctx_t *c)
{
    x86_set_eflags(c, (c->r[0] >> 8) & 0xffu, X86_SF | X86_ZF | X86_AF | X86_PF | X86_CF);
}

/* DAA DAS AAA AAS (aux 0..3), AAM AAD (4, 5; the base in imm). */
SIM_FN void x86_bcd(x86_ctx_t *c, const x86_insn_t *in, uint32_t pc)
{
    uint32_t f = x86_eflags(c), cf = f & X86_CF, af = f & X86_AF;
    uint32_t al = c->r[0] & 0xffu, ah = (c->r[0] >> 8) & 0xffu, base = in->imm & 0xffu, nf = 0;
    switch (in->aux) {
    case 0: /* DAA: the high digit's test reads the AL and CF from before (SDM; risu found it) */
        if ((al & 15u) > 9u || af)
            nf |= X86_AF;
        if (al > 0x99u || cf)
            nf |= X86_CF;
        al = (al + (nf & X86_AF ? 6u : 0u) + (nf & X86_CF ? 0x60u : 0u)) & 0xffu;
        break;
    case 1: { /* DAS */
        uint32_t al1 = al;
        if ((al & 15u) > 9u || af) {
            nf |= X86_AF;
            if (al < 6u || cf)
                nf |= X86_CF;
            al = (al - 6u) & 0xffu;
        }
        if (al1 > 0x99u || cf)
            al = (al - 0x60u) & 0xffu, nf |= X86_CF;
        break;
    }
    case 2:
    case 3: { /* AAA, AAS: only AF and CF are set, the rest stays */
        uint32_t adjust = (al & 15u) > 9u || af;
        if (in->aux == 2)
            ah = adjust ? (ah + 1u + (al > 0xf9u)) & 0xffu : ah, al = adjust ? (al + 6u) & 15u : al & 15u;
        else
            ah = adjust ? (ah - 1u - (al < 6u)) & 0xffu : ah, al = adjust ? (al - 6u) & 15u : al & 15u;
        c->r[0] = (c->r[0] & 0xffff0000u) | ah << 8 | al;
        x86_set_eflags(c, adjust ? X86_CF | X86_AF : 0u, X86_CF | X86_AF);
        return;
    }
    case 4: /* AAM */
        if (base == 0) {
            x86_fault(c, SIM_FAULT_DIVIDE, pc, 0);
            return;
        }
        ah = al / base, al = al % base;
        c->r[0] = (c->r[0] & 0xffff0000u) | ah << 8 | al;
        x86_set_cc(c, X86_CC_LOGIC, X86_W8, al, 0, 0);
        return;
    default: /* AAD */
        al = (al + ah * base) & 0xffu;
        c->r[0] = (c->r[0] & 0xffff0000u) | al;
        x86_set_cc(c, X86_CC_LOGIC, X86_W8, al, 0, 0);
        return;
    }
    x86_wr(c, 0, X86_W8, al);
    x86_set_eflags(c, nf | x86_szp(al, X86_W8), X86_ARITH_FLAGS);
}

#endif
