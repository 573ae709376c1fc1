/* Lazy arithmetic flags. An instruction that sets the flags stores its
 * operands and result and a cc_op saying how they were combined (its kind
 * times 4 plus the width X86_W*); the flags are derived only when read:
 *
 *   ADD  (ADD, ADC)       a + b (+ carry) = res
 *   SUB  (SUB SBB CMP NEG) a - b (- borrow) = res
 *   LOGIC                 res; CF OF AF clear
 *   INC, DEC              a +- 1 = res; b holds the CF that stays
 *   SHL                   a = the value shifted by count - 1 (CF its top bit)
 *   SHR  (SHR, SAR)       a = the value shifted by count - 1 (CF its bit 0)
 *   MUL                   res = the low half; b = CF = OF
 *   EFLAGS                ctx->eflags holds them all
 *
 * The carry and overflow of ADD and SUB come from the operands' and the
 * result's bits alone, carry-in or not, so ADC and SBB share ADD's and
 * SUB's rows. Undefined flags come out as qemu-i386 makes them (AF of the
 * logic, shift and multiply kinds 0; SF ZF PF of MUL from the low half). */
#ifndef X86_FLAGS_H
#define X86_FLAGS_H

#include "x86_ctx.h"

enum {
    X86_CC_ADD = 0, X86_CC_SUB = 4, X86_CC_LOGIC = 8, X86_CC_INC = 12, X86_CC_DEC = 16,
    X86_CC_SHL = 20, X86_CC_SHR = 24, X86_CC_MUL = 28, X86_CC_EFLAGS = 32
};

/* The width's mask and top bit. */
/* (branch-free: 8 << w bits) */
SIM_INLINE uint32_t x86_mask(uint32_t w) { return 0xffffffffu >> (32u - (8u << w)); }
SIM_INLINE uint32_t x86_topbit(uint32_t w) { return (8u << w) - 1u; }
SIM_INLINE uint32_t x86_msb(uint32_t v, uint32_t w) { return (v >> x86_topbit(w)) & 1u; }

SIM_INLINE void x86_set_cc(x86_ctx_t *c, uint32_t kind, uint32_t w, uint32_t res, uint32_t a, uint32_t b)
{
    c->cc_op = kind + w;
    c->cc_res = res;
    c->cc_a = a;
    c->cc_b = b;
}

/* PF: set when the low byte has an even number of ones. */
SIM_INLINE uint32_t x86_parity(uint32_t v)
{
    v &= 0xffu;
    v ^= v >> 4;
    return ((0x6996u >> (v & 15u)) & 1u) ^ 1u;
}

/* ZF SF PF of a result of width w. */
SIM_INLINE uint32_t x86_szp(uint32_t res, uint32_t w)
{
    res &= x86_mask(w);
    return (res == 0 ? X86_ZF : 0u) | (x86_msb(res, w) ? X86_SF : 0u) | (x86_parity(res) ? X86_PF : 0u);
}

/* CF and OF of a lazy state (kind not EFLAGS) of operands a, b and
 * result r, in their EFLAGS bits. */
SIM_INLINE uint32_t x86_cf_of_v(uint32_t kind, uint32_t w, uint32_t a, uint32_t b, uint32_t r)
{
    uint32_t cf, of;
    switch (kind) {
    case X86_CC_ADD:
        cf = x86_msb((a & b) | ((a | b) & ~r), w);
        of = x86_msb((a ^ r) & (b ^ r), w);
        break;
    case X86_CC_SUB:
        cf = x86_msb((~a & b) | (~(a ^ b) & r), w);
        of = x86_msb((a ^ b) & (a ^ r), w);
        break;
    case X86_CC_INC:
        cf = b;
        of = x86_msb(~a & r, w);
        break;
    case X86_CC_DEC:
        cf = b;
        of = x86_msb(a & ~r, w);
        break;
    case X86_CC_SHL:
        cf = x86_msb(a, w);
        of = x86_msb(r, w) ^ cf;
        break;
    case X86_CC_SHR:
        cf = a & 1u;
        of = x86_msb(a ^ r, w);
        break;
    case X86_CC_MUL:
        cf = of = b;
        break;
    default: /* LOGIC */
        cf = of = 0;
    }
    return cf * X86_CF | of * X86_OF;
}

/* AF of a lazy state. */
SIM_INLINE uint32_t x86_af_v(uint32_t kind, uint32_t a, uint32_t b, uint32_t r)
{
    switch (kind) {
    case X86_CC_ADD:
    case X86_CC_SUB: return (a ^ b ^ r) & X86_AF;
    case X86_CC_INC:
    case X86_CC_DEC: return (a ^ r) & X86_AF;
    default: return 0;
    }
}

/* All of EFLAGS, materialized: from the lazy state (op, a, b, r) and the
 * other bits in eflags (all of them where op is EFLAGS). The value forms
 * (_v) serve the lockstep engine, whose lanes keep the state side by side. */
SIM_INLINE uint32_t x86_eflags_v(uint32_t op, uint32_t a, uint32_t b, uint32_t r, uint32_t eflags)
{
    if (op == X86_CC_EFLAGS)
        return eflags;
    uint32_t kind = op & ~3u, w = op & 3u;
    return (eflags & ~X86_ARITH_FLAGS) | x86_cf_of_v(kind, w, a, b, r) | x86_af_v(kind, a, b, r) | x86_szp(r, w);
}

SIM_INLINE uint32_t x86_eflags(const x86_ctx_t *c)
{
    return x86_eflags_v(c->cc_op, c->cc_a, c->cc_b, c->cc_res, c->eflags);
}

/* Set EFLAGS (the bits user code may change, in mask) from v: what they
 * become, from all of them before (old), and on the context. */
SIM_INLINE uint32_t x86_set_eflags_v(uint32_t old, uint32_t v, uint32_t mask)
{
    return (old & ~mask) | (v & mask) | X86_FLAGS_FIXED;
}

SIM_INLINE void x86_set_eflags(x86_ctx_t *c, uint32_t v, uint32_t mask)
{
    c->eflags = x86_set_eflags_v(x86_eflags(c), v, mask);
    c->cc_op = X86_CC_EFLAGS;
}

/* CF alone (ADC, SBB, RCL, RCR, INC, DEC read it). */
SIM_INLINE uint32_t x86_cf_v(uint32_t op, uint32_t a, uint32_t b, uint32_t r, uint32_t eflags)
{
    if (op == X86_CC_EFLAGS)
        return eflags & X86_CF;
    return x86_cf_of_v(op & ~3u, op & 3u, a, b, r) & X86_CF;
}

SIM_INLINE uint32_t x86_cf(const x86_ctx_t *c) { return x86_cf_v(c->cc_op, c->cc_a, c->cc_b, c->cc_res, c->eflags); }

/* A lazy result r at width w, sign-extended: ZF and SF read off it. */
SIM_INLINE int32_t x86_res_signed_v(uint32_t r, uint32_t w) { return (int32_t)(r << (32u - (8u << w))); }

/* Condition cc (0 O, 1 NO, 2 B, 3 AE, 4 E, 5 NE, 6 BE, 7 A, 8 S, 9 NS,
 * 10 P, 11 NP, 12 L, 13 GE, 14 LE, 15 G) of a lazy state (op, a, b, res;
 * eflags). The common cases are read from the lazy state directly: after a
 * 32-bit CMP or SUB, from its operands; E NE S NS, after any setter, from
 * its result (ZF and SF are always the result's, x86_eflags); after a
 * logic op of any width (TEST AL, 1 then CMOVE is compiled code's bit
 * test), from its result with CF = OF = 0. The rest, from the materialized
 * flags. */
/* The fast paths' formulas, each a function of what it reads. After a
 * 32-bit SUB or CMP whose a - b is res, for the classes it serves
 * (x86_cond_sub32_serves: B AE E NE BE A L GE LE G). */
SIM_INLINE uint32_t x86_cond_sub32_serves(uint32_t cc)
{
    return (cc & 14u) != 10u && (cc & 14u) != 0u && (cc & 14u) != 8u;
}

SIM_INLINE uint32_t x86_cond_sub32(uint32_t a, uint32_t b, uint32_t cc)
{
    uint32_t r;
    switch (cc >> 1) {
    case 1: r = a < b; break;
    case 2: r = a == b; break;
    case 3: r = a <= b; break;
    case 6: r = (int32_t)a < (int32_t)b; break;
    default: r = (int32_t)a <= (int32_t)b; break;
    }
    return r ^ (cc & 1u);
}

/* E NE S NS after any setter, from its result v sign-extended (x86_res_signed_v). */
SIM_INLINE uint32_t x86_cond_zs(int32_t v, uint32_t cc)
{
    return ((cc >> 1) == 2u ? v == 0 : v < 0) ^ (cc & 1u);
}

/* After a logic op (CF = OF = 0), all but P NP (and E NE S NS: x86_cond_zs). */
SIM_INLINE uint32_t x86_cond_logic(int32_t v, uint32_t cc)
{
    uint32_t r;
    switch (cc >> 1) {
    case 0: r = 0; break;
    case 1: r = 0; break;
    case 3: r = v == 0; break;
    case 6: r = v < 0; break;
    default: r = v <= 0; break;
    }
    return r ^ (cc & 1u);
}

SIM_INLINE uint32_t x86_cond_v(uint32_t op, uint32_t a, uint32_t b, uint32_t res, uint32_t eflags, uint32_t cc)
{
    uint32_t r, kind = op & ~3u, w = op & 3u;
    /* SBB leaves SUB's row with a borrow in res: compare through res then */
    if (op == X86_CC_SUB + X86_W32 && x86_cond_sub32_serves(cc) && SIM_LIKELY(a - b == res))
        return x86_cond_sub32(a, b, cc);
    if (kind != X86_CC_EFLAGS && ((cc >> 1) == 2u || (cc >> 1) == 4u))
        return x86_cond_zs(x86_res_signed_v(res, w), cc);
    if (kind == X86_CC_LOGIC && (cc >> 1) != 5u)
        return x86_cond_logic(x86_res_signed_v(res, w), cc);
    uint32_t f = x86_eflags_v(op, a, b, res, eflags);
    uint32_t cf = f & 1u, zf = (f >> 6) & 1u, sf = (f >> 7) & 1u, of = (f >> 11) & 1u, pf = (f >> 2) & 1u;
    switch (cc >> 1) {
    case 0: r = of; break;
    case 1: r = cf; break;
    case 2: r = zf; break;
    case 3: r = cf | zf; break;
    case 4: r = sf; break;
    case 5: r = pf; break;
    case 6: r = sf ^ of; break;
    default: r = zf | (sf ^ of); break;
    }
    return r ^ (cc & 1u);
}

SIM_INLINE uint32_t x86_cond(const x86_ctx_t *c, uint32_t cc)
{
    return x86_cond_v(c->cc_op, c->cc_a, c->cc_b, c->cc_res, c->eflags, cc);
}

#endif
