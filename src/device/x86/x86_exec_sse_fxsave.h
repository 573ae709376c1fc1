/* FXSAVE and FXRSTOR: the x87, MMX and SSE state as one 512-byte image
 * (the legacy 32-bit layout): FCW FSW, the abridged tag byte (one bit a
 * physical register: not empty), FOP FIP FCS FDP FDS, MXCSR and its mask,
 * ST0..ST7 in 16-byte slots, XMM0..XMM7. Bytes 288..511 are left alone.
 * The image must be 16-byte aligned (#GP); a store checks its whole range
 * and a restore reads everything (and checks MXCSR) before changing
 * anything. */
#ifndef X86_EXEC_SSE_FXSAVE_H
#define X86_EXEC_SSE_FXSAVE_H

#include "x86_exec_base.h"
#include "x86_sse_state.h"

#define SSE_FX_MXCSR 24u
#define SSE_FX_ST 32u
#define SSE_FX_XMM 160u

SIM_FN void sse_fxsave(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t ea)
{
    uint32_t fault = 0, ftw = 0;
    x87_mem_t x = {m, core, ea, &fault};
    const x87_state_t *f = &c->x87;
    if (ea & 15u) { /* #GP(0): SIGSEGV */
        x86_fault(c, SIM_FAULT_PRIV, pc, ea);
        return;
    }
    if (x87_check(&x, 288u)) {
        x86_fault(c, SIM_FAULT_WRITE, pc, fault);
        return;
    }
    for (uint32_t r = 0; r < 8u; r++)
        ftw |= x87_reg_empty(f, r) ? 0u : 1u << r;
    x87_mst(&x, 0, 4, (f->cw & 0xffffu) | (f->sw & 0xffffu) << 16);
    x87_mst(&x, 4, 4, ftw | (f->fop & 0x7ffu) << 16);
    x87_mst(&x, 8, 8, f->fip);
    x87_mst(&x, 16, 8, f->fdp);
    x87_mst(&x, SSE_FX_MXCSR, 8, (uint64_t)SSE_MXCSR_WRITABLE << 32 | c->sse.mxcsr);
    for (uint32_t i = 0; i < 8u; i++) {
        x87_mst80(&x, SSE_FX_ST + 16u * i, x87_st(f, i));
        x87_mst(&x, SSE_FX_ST + 16u * i + 10u, 2, 0);
        x87_mst(&x, SSE_FX_ST + 16u * i + 12u, 4, 0);
    }
    for (uint32_t r = 0; r < 8u; r++)
        for (uint32_t k = 0; k < 4u; k++)
            x87_mst(&x, SSE_FX_XMM + 16u * r + 4u * k, 4, c->sse.xmm[r][k]);
}

/* Reads the image's fields; 0, or 1 with the fault noted. */
SIM_FN int sse_fx_read(const x87_mem_t *x, uint64_t head[4], fp80_t st[8], uint32_t xmm[8][4])
{
    for (uint32_t k = 0; k < 4u; k++)
        if (x87_mld(x, 8u * k, 8, &head[k]))
            return 1;
    for (uint32_t i = 0; i < 8u; i++)
        if (x87_mld80(x, SSE_FX_ST + 16u * i, &st[i]))
            return 1;
    for (uint32_t r = 0; r < 8u; r++)
        for (uint32_t k = 0; k < 4u; k++) {
            uint64_t v;
            if (x87_mld(x, SSE_FX_XMM + 16u * r + 4u * k, 4, &v))
                return 1;
            xmm[r][k] = (uint32_t)v;
        }
    return 0;
}

SIM_FN void sse_fxrstor(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc, uint32_t ea)
{
    uint32_t fault = 0, xmm[8][4];
    x87_mem_t x = {m, core, ea, &fault};
    uint64_t head[4];
    fp80_t st[8];
    if (ea & 15u) { /* #GP(0): SIGSEGV */
        x86_fault(c, SIM_FAULT_PRIV, pc, ea);
        return;
    }
    if (sse_fx_read(&x, head, st, xmm)) {
        x86_fault(c, SIM_FAULT_READ, pc, fault);
        return;
    }
    uint32_t mxcsr = (uint32_t)head[3];
    if (mxcsr & ~SSE_MXCSR_WRITABLE) {
        x86_fault(c, SIM_FAULT_PRIV, pc, 0);
        return;
    }
    x87_state_t *f = &c->x87;
    f->cw = (uint32_t)head[0] & 0xffffu;
    f->sw = (uint32_t)(head[0] >> 16) & 0xffffu;
    f->fop = (uint32_t)(head[0] >> 48) & 0x7ffu;
    f->fip = (uint32_t)head[1];
    f->fdp = (uint32_t)head[2];
    for (uint32_t i = 0; i < 8u; i++)
        x87_set_st(f, i, st[i]);
    for (uint32_t r = 0; r < 8u; r++)
        if (!((head[0] >> (32u + r)) & 1u))
            x87_set_tag(f, r, X87_TAG_EMPTY);
    x87_update_es(f);
    c->sse.mxcsr = mxcsr;
    for (uint32_t r = 0; r < 8u; r++)
        for (uint32_t k = 0; k < 4u; k++)
            c->sse.xmm[r][k] = xmm[r][k];
}

#endif
