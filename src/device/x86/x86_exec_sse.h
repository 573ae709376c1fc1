/* The SSE unit's entry: one record (op SSE_R or SSE_M, the row id of
 * x86_sse_ops.def in aux, imm8 in imm, the MMX form when the width is
 * X86_W16) runs as operands in (sse_begin: registers, or the memory
 * operand with its alignment and fault checks), the row's statement on
 * d and s, and the result out (sse_end). A fault stops the core before
 * anything changes: a misaligned operand of a row that demands 16 bytes
 * is #GP(0) (SIM_FAULT_PRIV: SIGSEGV, as Linux sends, not SIGBUS). */
#ifndef X86_EXEC_SSE_H
#define X86_EXEC_SSE_H

#include "x86_exec_sse_move.h"
#include "x86_exec_sse_float.h"
#include "x86_exec_sse_cvt.h"
#include "x86_exec_sse_shuf.h"
#include "x86_exec_sse_fxsave.h"
#include "x86_sse_rows.h"

typedef struct {
    sse_v d, s;
    uint32_t n;   /* 16, or 8 for MMX */
    uint32_t ea;  /* the memory operand's address */
    uint32_t mem; /* whether there is one */
} sse_io_t;

SIM_INLINE int sse_is_mmx(const x86_insn_t *in) { return x86_w(in) == X86_W16; }

/* Whether the form's `reg` operand (rm 0) or its `base` operand (rm 1)
 * is an MM register: the record's file, but XQ's source and QX's
 * destination are MM, XQ's destination and QX's source XMM. */
SIM_INLINE int sse_side_mm(const x86_insn_t *in, uint32_t form, int rm)
{
    if (form == SSE_F_XQ || form == SSE_F_QX)
        return (form == SSE_F_QX) != rm;
    return sse_is_mmx(in);
}

SIM_INLINE sse_v sse_get(x86_ctx_t *c, int mm, uint32_t r)
{
    if (!mm)
        return sse_get_xmm(&c->sse, r);
    sse_mmx_enter(&c->x87);
    return sse_get_mm(&c->x87, r);
}

SIM_INLINE void sse_put(x86_ctx_t *c, int mm, uint32_t r, const sse_v *v)
{
    if (mm) {
        sse_mmx_enter(&c->x87);
        sse_set_mm(&c->x87, r, v);
    } else {
        sse_set_xmm(&c->sse, r, v);
    }
}

/* Loads n bytes (2, 4, 8 or 16) at a into v, zeros above. */
SIM_FN int sse_load(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t a, uint32_t n, sse_v *v)
{
    *v = sse_zero();
    if (n == 2u)
        return x86_ld(c, m, core, pc, a, X86_W16, &v->w[0]);
    for (uint32_t i = 0; i < n / 4u; i++)
        if (x86_ld(c, m, core, pc, a + 4u * i, X86_W32, &v->w[i]))
            return 1;
    return 0;
}

/* The memory operand's size for this record: MMX forms read 8 of 16. */
SIM_INLINE uint32_t sse_msize(const x86_insn_t *in, uint32_t info)
{
    uint32_t n = sse_info_msize(info);
    return sse_is_mmx(in) && n == 16u ? 8u : n;
}

SIM_FN int sse_begin(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc,
                     uint32_t info, sse_io_t *io)
{
    uint32_t form = sse_info_form(info), ms = sse_msize(in, info);
    io->n = sse_is_mmx(in) ? 8u : 16u;
    io->mem = in->op == X86_OP_SSE_M;
    io->ea = io->mem ? x86_ea(c, in) : 0u;
    /* a misaligned operand is #GP(0), which Linux delivers as SIGSEGV */
    if (io->mem && (sse_info_flags(info) & SSE_A) && ms == 16u && (io->ea & 15u)) {
        x86_fault(c, SIM_FAULT_PRIV, pc, io->ea);
        return 1;
    }
    int store = io->mem && (form == SSE_F_EX || form == SSE_F_MX);
    if (store && !x87_writable(m, io->ea, ms)) {
        x86_fault(c, SIM_FAULT_WRITE, pc, io->ea);
        return 1;
    }
    if (io->mem && !store && ms && sse_load(c, m, core, pc, io->ea, ms, &io->s))
        return 1;
    int reg_mm = sse_side_mm(in, form, 0), rm_mm = sse_side_mm(in, form, 1);
    if (form == SSE_F_MX)
        io->d = io->mem ? sse_zero() : sse_get(c, rm_mm, in->base);
    else if (form == SSE_F_GX || form == SSE_F_EX)
        io->d = sse_zero();
    else
        io->d = sse_get(c, reg_mm, in->reg);
    if (form == SSE_F_EX || form == SSE_F_MX)
        io->s = sse_get(c, reg_mm, in->reg);
    else if (!io->mem && form == SSE_F_XE)
        io->s = sse_zero(), io->s.w[0] = c->r[in->base];
    else if (!io->mem)
        io->s = sse_get(c, rm_mm, in->base);
    return 0;
}

SIM_FN void sse_end(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t info,
                    const sse_io_t *io)
{
    uint32_t form = sse_info_form(info), ms = sse_msize(in, info);
    if ((sse_info_flags(info) & SSE_NW) || c->sys.status != SIM_RUNNING)
        return;
    if (form == SSE_F_XX || form == SSE_F_XE || form == SSE_F_XQ || form == SSE_F_QX) {
        sse_put(c, sse_side_mm(in, form, 0), in->reg, &io->d);
    } else if (form == SSE_F_GX) {
        c->r[in->reg] = io->d.w[0];
    } else if (!io->mem) {
        if (form == SSE_F_EX)
            c->r[in->base] = io->d.w[0];
        else
            sse_put(c, sse_side_mm(in, form, 1), in->base, &io->d);
    } else {
        for (uint32_t i = 0; i < ms / 4u; i++)
            sim_st32(m, core, io->ea + 4u * i, io->d.w[i]);
    }
}

#define F32 PTX_FMT_F32
#define F64 PTX_FMT_F64
SIM_FN void x86_sse(x86_ctx_t *c, const x86_insn_t *in, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    uint32_t info = sse_row_info(in->aux);
    sse_io_t io;
    if (sse_begin(c, in, m, core, pc, info, &io))
        return;
    sse_v *d = &io.d;
    const sse_v *s = &io.s;
    uint32_t n = io.n, imm = in->imm, ea = io.ea, *mx = &c->sse.mxcsr;
    int mem = (int)io.mem;
    (void)d, (void)s, (void)n, (void)imm, (void)ea, (void)mx, (void)mem;
    switch (in->aux) {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec)                                          \
    case SSE_ID_##name: exec; break;
        SSE_OP_TABLE
#undef SSE_OP
    default: x86_undef(c, in, pc); return;
    }
    sse_end(c, in, m, core, info, &io);
}
#undef F32
#undef F64

#endif
