/* What every IA-32 operation builds on: registers by width, the effective
 * address, memory by width with faults, and stopping the core. */
#ifndef X86_EXEC_BASE_H
#define X86_EXEC_BASE_H

#include "../sim_mem.h"
#include "x86_flags.h"

/* Register n at width w (8-bit 4..7: AH CH DH BH) lives in the 32-bit
 * register x86_reg_of(n, w), as the part x86_part of its value v; a write
 * of v there leaves x86_merge(old, n, w, v). The value forms serve the
 * lockstep engine, whose lanes keep their registers side by side. */
SIM_INLINE uint32_t x86_reg_of(uint32_t n, uint32_t w) { return w == X86_W8 ? n & 3u : n; }

SIM_INLINE uint32_t x86_part(uint32_t v, uint32_t n, uint32_t w)
{
    if (SIM_LIKELY(w == X86_W32))
        return v;
    if (w == X86_W16)
        return v & 0xffffu;
    return (v >> ((n & 4u) << 1)) & 0xffu;
}

SIM_INLINE uint32_t x86_merge(uint32_t old, uint32_t n, uint32_t w, uint32_t v)
{
    if (SIM_LIKELY(w == X86_W32))
        return v;
    if (w == X86_W16)
        return (old & 0xffff0000u) | (v & 0xffffu);
    uint32_t sh = (n & 4u) << 1;
    return (old & ~(0xffu << sh)) | ((v & 0xffu) << sh);
}

SIM_INLINE uint32_t x86_rd(const x86_ctx_t *c, uint32_t n, uint32_t w)
{
    return x86_part(c->r[x86_reg_of(n, w)], n, w);
}

SIM_INLINE void x86_wr(x86_ctx_t *c, uint32_t n, uint32_t w, uint32_t v)
{
    uint32_t r = x86_reg_of(n, w);
    c->r[r] = x86_merge(c->r[r], n, w, v);
}

SIM_INLINE uint32_t x86_sext(uint32_t v, uint32_t w)
{
    return w == X86_W8 ? (uint32_t)(int32_t)(int8_t)v : w == X86_W16 ? (uint32_t)(int32_t)(int16_t)v : v;
}

/* The effective address without a segment base (LEA's). */
SIM_INLINE uint32_t x86_lea(const x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t a = c->r[in->base] + (c->r[x86_index(in)] << x86_scale(in)) + in->disp;
    return SIM_UNLIKELY(in->wf & X86_F_A16) ? a & 0xffffu : a;
}

/* The address a memory operand names: FS's base is 0, GS's the TLS base.
 * One test for the rare prefixes on the common path. */
SIM_INLINE uint32_t x86_ea(const x86_ctx_t *c, const x86_insn_t *in)
{
    uint32_t a = c->r[in->base] + (c->r[x86_index(in)] << x86_scale(in)) + in->disp;
    if (SIM_UNLIKELY(in->wf & (X86_F_A16 | X86_F_SEGGS))) {
        if (in->wf & X86_F_A16)
            a &= 0xffffu;
        if (in->wf & X86_F_SEGGS)
            a += c->gs_base;
    }
    return a;
}

/* Stop the core with a fault at the instruction at pc: EIP stays on it. */
SIM_FN void x86_fault(x86_ctx_t *c, uint32_t reason, uint32_t pc, uint32_t addr)
{
    c->eip = pc;
    sim_fault(&c->sys, reason, pc, addr);
}

/* An encoding the decoder does not know: the first four bytes in
 * fault_insn (the report shows them). One cut by the end of the code
 * faults at its first missing byte instead (X86_UNDEF_CUT). */
SIM_FN void x86_undef(x86_ctx_t *c, const x86_insn_t *in, uint32_t pc)
{
    if (in->op == X86_OP_UNDEF && in->aux == X86_UNDEF_CUT) {
        x86_fault(c, SIM_FAULT_FETCH, pc, pc + in->disp);
        return;
    }
    x86_fault(c, SIM_FAULT_UNDEF, pc, pc);
    c->sys.fault_insn = in->imm;
}

SIM_FN void x86_wait_decode(x86_ctx_t *c, uint32_t pc)
{
    c->eip = pc;
    c->sys.status = SIM_WAIT_DECODE;
}

/* Loads and stores of width w; 0 on success, else the core has faulted. */
SIM_INLINE int x86_ld(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t a, uint32_t w,
                      uint32_t *v)
{
    int bad = w == X86_W32 ? sim_ld32(m, core, a, v) : w == X86_W16 ? sim_ld16(m, core, a, v) : sim_ld8(m, core, a, v);
    if (SIM_UNLIKELY(bad))
        x86_fault(c, SIM_FAULT_READ, pc, a);
    return bad;
}

SIM_INLINE int x86_st(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t a, uint32_t w,
                      uint32_t v)
{
    int bad = w == X86_W32 ? sim_st32(m, core, a, v) : w == X86_W16 ? sim_st16(m, core, a, v) : sim_st8(m, core, a, v);
    if (SIM_UNLIKELY(bad))
        x86_fault(c, SIM_FAULT_WRITE, pc, a);
    return bad;
}

/* A read-modify-write's store may fault after its load succeeded: the
 * store is checked first, so that nothing changes (registers, flags). */
SIM_INLINE int x86_writable(const sim_mem_t *m, uint32_t a, uint32_t w)
{
    uint32_t n = 1u << w;
    for (uint32_t i = 0; i < n; i += n - 1u ? n - 1u : 1u) {
        uint32_t b = a + i;
        if (b - m->priv_base >= m->priv_size && b - m->shared_base >= m->shared_size)
            return 0;
    }
    return 1;
}

/* The operand of a read-modify-write: loaded, its store checked. */
SIM_INLINE int x86_ld_rmw(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t a, uint32_t w,
                          uint32_t *v)
{
    if (x86_ld(c, m, core, pc, a, w, v))
        return 1;
    if (SIM_UNLIKELY(!x86_writable(m, a, w))) {
        x86_fault(c, SIM_FAULT_WRITE, pc, a);
        return 1;
    }
    return 0;
}

#endif
