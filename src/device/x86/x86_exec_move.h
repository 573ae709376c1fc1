/* Moves, conversions and the stack: MOV, MOVZX/MOVSX, CMOVcc, CBW/CWD and
 * their wider forms, XLAT, BSWAP, PUSH/POP (all forms), PUSHA/POPA,
 * POPF, ENTER, LEAVE. */
#ifndef X86_EXEC_MOVE_H
#define X86_EXEC_MOVE_H

#include "x86_exec_base.h"

SIM_INLINE void x86_mov_rm(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v, w = x86_w(in);
    if (SIM_LIKELY(w == X86_W32)) {
        if (!x86_ld(c, m, core, pc, x86_ea(c, in), X86_W32, &v))
            c->r[in->reg] = v;
        return;
    }
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), w, &v))
        x86_wr(c, in->reg, w, v);
}

SIM_INLINE void x86_mov_mr(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t v)
{
    if (SIM_LIKELY(x86_w(in) == X86_W32))
        x86_st(c, m, core, pc, x86_ea(c, in), X86_W32, v);
    else
        x86_st(c, m, core, pc, x86_ea(c, in), x86_w(in), v);
}

SIM_INLINE void x86_mov_rr(x86_ctx_t *c, const x86_insn_t *in)
{
    if (SIM_LIKELY(x86_w(in) == X86_W32))
        c->r[in->reg] = c->r[in->base];
    else
        x86_wr(c, in->reg, x86_w(in), x86_rd(c, in->base, x86_w(in)));
}

SIM_INLINE void x86_mov_ri(x86_ctx_t *c, const x86_insn_t *in)
{
    if (SIM_LIKELY(x86_w(in) == X86_W32))
        c->r[in->reg] = in->imm;
    else
        x86_wr(c, in->reg, x86_w(in), in->imm);
}

/* MOVZX / MOVSX from memory: the source is aux wide. */
SIM_INLINE void x86_movx_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                           uint32_t sign)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), in->aux, &v))
        x86_wr(c, in->reg, x86_w(in), sign ? x86_sext(v, in->aux) : v);
}

/* CMOVcc from memory: the load happens (and may fault) whatever cc says. */
SIM_INLINE void x86_cmov_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v, w = x86_w(in);
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), w, &v) && x86_cond(c, in->aux))
        x86_wr(c, in->reg, w, v);
}

SIM_INLINE uint32_t x86_bswap(uint32_t v)
{
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

/* CBW (16: AX = sext AL) / CWDE (32: EAX = sext AX). */
SIM_FN void x86_cbw(x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t w = x86_w(in);
    x86_wr(c, 0, w, x86_sext(x86_rd(c, 0, w - 1u), w - 1u));
}

/* CWD (DX = sign of AX) / CDQ (EDX = sign of EAX). */
SIM_FN void x86_cwd(x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t w = x86_w(in);
    x86_wr(c, 2, w, x86_msb(x86_rd(c, 0, w), w) ? 0xffffffffu : 0u);
}

/* XLAT: AL = [eBX + AL] (segment override applies). */
SIM_FN void x86_xlat(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t a = c->r[3] + (c->r[0] & 0xffu), v;
    if (in->wf & X86_F_A16)
        a &= 0xffffu;
    if (in->wf & X86_F_SEGGS)
        a += c->gs_base;
    if (!x86_ld(c, m, core, pc, a, X86_W8, &v))
        x86_wr(c, 0, X86_W8, v);
}

/* The stack: ESP always (a 16-bit stack segment does not exist here). A
 * slot is 2 bytes under the 0x66 prefix, else 4. */
SIM_INLINE uint32_t x86_slot_bytes(const x86_insn_t *in) { return x86_w(in) == X86_W16 ? 2u : 4u; }

SIM_INLINE int x86_push(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                        uint32_t v)
{
    uint32_t n = x86_slot_bytes(in), sp = c->r[4] - n;
    if (x86_st(c, m, core, pc, sp, n == 2u ? X86_W16 : X86_W32, v))
        return 1;
    c->r[4] = sp;
    return 0;
}

SIM_INLINE int x86_pop(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                       uint32_t *v)
{
    uint32_t n = x86_slot_bytes(in);
    if (x86_ld(c, m, core, pc, c->r[4], n == 2u ? X86_W16 : X86_W32, v))
        return 1;
    c->r[4] += n;
    return 0;
}

SIM_INLINE void x86_pop_r(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (!x86_pop(c, in, m, core, pc, &v))
        x86_wr(c, in->reg, x86_w(in), v); /* POP ESP: the popped value wins */
}

SIM_INLINE void x86_push_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (!x86_ld(c, m, core, pc, x86_ea(c, in), x86_w(in), &v))
        x86_push(c, in, m, core, pc, v);
}

/* POP r/m: the address is computed with ESP already incremented. */
SIM_FN void x86_pop_m(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v, sp = c->r[4];
    if (x86_pop(c, in, m, core, pc, &v))
        return;
    if (x86_st(c, m, core, pc, x86_ea(c, in), x86_w(in), v))
        c->r[4] = sp;
}

SIM_FN void x86_pusha(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), n = x86_slot_bytes(in), sp = c->r[4];
    for (uint32_t i = 0; i < 8u; i++)
        if (x86_st(c, m, core, pc, sp - n * (i + 1u), w, i == 4u ? sp : c->r[i]))
            return;
    c->r[4] = sp - 8u * n;
}

SIM_FN void x86_popa(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), n = x86_slot_bytes(in), sp = c->r[4], v[8];
    for (uint32_t i = 0; i < 8u; i++)
        if (x86_ld(c, m, core, pc, sp + n * (7u - i), w, &v[i]))
            return;
    for (uint32_t i = 0; i < 8u; i++)
        if (i != 4u)
            x86_wr(c, i, w, v[i]);
    c->r[4] = sp + 8u * n;
}

SIM_FN void x86_popf(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v;
    if (!x86_pop(c, in, m, core, pc, &v))
        x86_set_eflags(c, v, x86_w(in) == X86_W16 ? X86_USER_FLAGS & 0xffffu : X86_USER_FLAGS);
}

/* ENTER size, level: push EBP, copy level - 1 frame pointers, push the
 * frame, EBP = frame, ESP -= size. */
SIM_FN void x86_enter(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), n = x86_slot_bytes(in), level = in->aux & 31u, sp = c->r[4], bp = c->r[5];
    uint32_t p = sp - n, v;
    if (x86_st(c, m, core, pc, p, w, bp))
        return;
    uint32_t frame = p;
    for (uint32_t i = 1; i < level; i++) {
        bp -= n;
        p -= n;
        if (x86_ld(c, m, core, pc, bp, w, &v) || x86_st(c, m, core, pc, p, w, v))
            return;
    }
    if (level) {
        p -= n;
        if (x86_st(c, m, core, pc, p, w, frame))
            return;
    }
    x86_wr(c, 5, w, frame);
    c->r[4] = p - in->imm;
}

/* LEAVE: ESP = EBP, pop EBP. */
SIM_FN void x86_leave(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t v, w = x86_w(in);
    if (x86_ld(c, m, core, pc, c->r[5], w, &v))
        return;
    c->r[4] = c->r[5] + x86_slot_bytes(in);
    x86_wr(c, 5, w, v);
}

#endif
