/* SSE/MMX moves beside the plain copies the table writes inline: the
 * scalar moves, the sign masks, LDMXCSR. */
#ifndef X86_EXEC_SSE_MOVE_H
#define X86_EXEC_SSE_MOVE_H

#include "x86_exec_base.h"
#include "x86_sse_state.h"

/* MOVSS/MOVSD: the low 4 or 8 bytes; a load from memory zeros the rest,
 * a move between registers keeps it. */
SIM_INLINE void sse_mov_low(sse_v *d, const sse_v *s, uint32_t bytes, int mem)
{
    if (bytes == 4u) {
        d->w[0] = s->w[0];
        if (mem)
            d->w[1] = 0, d->q[1] = 0;
    } else {
        d->q[0] = s->q[0];
        if (mem)
            d->q[1] = 0;
    }
}

/* MOVMSKPS/PD, PMOVMSKB: the top bit of each es-byte lane of the n bytes. */
SIM_INLINE uint32_t sse_movmsk(const sse_v *s, uint32_t es, uint32_t n)
{
    uint32_t r = 0;
    for (uint32_t i = 0; i < n / es; i++)
        r |= (uint32_t)(s->b[i * es + es - 1u] >> 7) << i;
    return r;
}

/* LDMXCSR: a reserved bit set is #GP (SIGSEGV), MXCSR unchanged. */
SIM_INLINE void sse_ldmxcsr(x86_ctx_t *c, uint32_t v, uint32_t pc)
{
    if (v & ~SSE_MXCSR_WRITABLE)
        x86_fault(c, SIM_FAULT_PRIV, pc, 0);
    else
        c->sse.mxcsr = v;
}

/* MASKMOVDQU/MASKMOVQ: each byte of d whose mask byte in s has its top
 * bit, to [EDI]; every such byte checked first, so a fault writes none. */
SIM_FN void sse_maskmov(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, const sse_v *d,
                        const sse_v *s, uint32_t n)
{
    uint32_t a = c->r[7];
    for (uint32_t i = 0; i < n; i++)
        if ((s->b[i] & 0x80u) && !x86_writable(m, a + i, X86_W8)) {
            x86_fault(c, SIM_FAULT_WRITE, pc, a + i);
            return;
        }
    for (uint32_t i = 0; i < n; i++)
        if (s->b[i] & 0x80u)
            x86_st(c, m, core, pc, a + i, X86_W8, d->b[i]);
}

#endif
