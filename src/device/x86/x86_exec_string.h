/* The string instructions MOVS STOS LODS CMPS SCAS, with REP (F3),
 * REPE/REPNE (F3/F2 for CMPS and SCAS) and the direction flag. A REP form
 * runs to its end as one instruction; a fault inside leaves ESI, EDI and
 * ECX where the element that faulted was, as the CPU does. The source is
 * DS:ESI (a GS override adds the TLS base), the destination ES:EDI. With
 * 0x67 the registers are SI, DI and CX. */
#ifndef X86_EXEC_STRING_H
#define X86_EXEC_STRING_H

#include "x86_exec_alu.h"

SIM_INLINE uint32_t x86_str_step(const x86_ctx_t *c, uint32_t w)
{
    uint32_t n = 1u << w;
    return (c->eflags & X86_DF) ? 0u - n : n; /* DF is never lazy */
}

/* Register n (ESI, EDI, ECX) under the address size; adding to it. */
SIM_INLINE uint32_t x86_str_reg(const x86_ctx_t *c, const x86_insn_t *in, uint32_t n)
{
    return (in->wf & X86_F_A16) ? c->r[n] & 0xffffu : c->r[n];
}

SIM_INLINE void x86_str_add(x86_ctx_t *c, const x86_insn_t *in, uint32_t n, uint32_t d)
{
    if (in->wf & X86_F_A16)
        c->r[n] = (c->r[n] & 0xffff0000u) | ((c->r[n] + d) & 0xffffu);
    else
        c->r[n] += d;
}

SIM_INLINE uint32_t x86_str_src(const x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t a = x86_str_reg(c, in, 6);
    return (in->wf & X86_F_SEGGS) ? a + c->gs_base : a;
}

#define X86_REPEATS(in) (((in)->wf & (X86_F_REP | X86_F_REPNE)) != 0)

SIM_FN void x86_movs(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), d = x86_str_step(c, w), rep = X86_REPEATS(in), v;
    while (!rep || x86_str_reg(c, in, 1)) {
        if (x86_ld(c, m, core, pc, x86_str_src(c, in), w, &v) ||
            x86_st(c, m, core, pc, x86_str_reg(c, in, 7), w, v))
            return;
        x86_str_add(c, in, 6, d);
        x86_str_add(c, in, 7, d);
        if (!rep)
            return;
        x86_str_add(c, in, 1, 0xffffffffu);
    }
}

SIM_FN void x86_stos(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), d = x86_str_step(c, w), rep = X86_REPEATS(in), v = x86_rd(c, 0, w);
    while (!rep || x86_str_reg(c, in, 1)) {
        if (x86_st(c, m, core, pc, x86_str_reg(c, in, 7), w, v))
            return;
        x86_str_add(c, in, 7, d);
        if (!rep)
            return;
        x86_str_add(c, in, 1, 0xffffffffu);
    }
}

SIM_FN void x86_lods(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), d = x86_str_step(c, w), rep = X86_REPEATS(in), v;
    while (!rep || x86_str_reg(c, in, 1)) {
        if (x86_ld(c, m, core, pc, x86_str_src(c, in), w, &v))
            return;
        x86_wr(c, 0, w, v);
        x86_str_add(c, in, 6, d);
        if (!rep)
            return;
        x86_str_add(c, in, 1, 0xffffffffu);
    }
}

/* After a CMPS or SCAS element: whether a REPE (F3) / REPNE (F2) goes on. */
SIM_INLINE int x86_rep_goes_on(const x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t zf = (c->cc_res & x86_mask(c->cc_op & 3u)) == 0; /* SUB's row: the result */
    return (in->wf & X86_F_REPNE) ? !zf : zf;
}

SIM_FN void x86_cmps(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), d = x86_str_step(c, w), rep = X86_REPEATS(in), a, b;
    while (!rep || x86_str_reg(c, in, 1)) {
        if (x86_ld(c, m, core, pc, x86_str_src(c, in), w, &a) ||
            x86_ld(c, m, core, pc, x86_str_reg(c, in, 7), w, &b))
            return;
        x86_alu(c, X86_ALU_CMP, w, a, b);
        x86_str_add(c, in, 6, d);
        x86_str_add(c, in, 7, d);
        if (!rep)
            return;
        x86_str_add(c, in, 1, 0xffffffffu);
        if (!x86_rep_goes_on(c, in))
            return;
    }
}

SIM_FN void x86_scas(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t w = x86_w(in), d = x86_str_step(c, w), rep = X86_REPEATS(in), acc = x86_rd(c, 0, w), b;
    while (!rep || x86_str_reg(c, in, 1)) {
        if (x86_ld(c, m, core, pc, x86_str_reg(c, in, 7), w, &b))
            return;
        x86_alu(c, X86_ALU_CMP, w, acc, b);
        x86_str_add(c, in, 7, d);
        if (!rep)
            return;
        x86_str_add(c, in, 1, 0xffffffffu);
        if (!x86_rep_goes_on(c, in))
            return;
    }
}

#endif
