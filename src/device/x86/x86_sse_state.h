/* The SSE unit's state in the core's context: XMM0-7 (8 x 16 bytes) and
 * MXCSR, and the MMX registers, which are the x87 registers' 64-bit
 * significands (x86_x87_state.h). As on the hardware, an MMX instruction
 * sets TOP to 0 and tags every register valid; a write to MMn also sets
 * its sign and exponent to all ones (0xffff); EMMS sets TOP to 0 and tags
 * all empty.
 *
 * Values travel as sse_v, a 16-byte union the executors index by lane;
 * the context keeps only uint32_t words (structures of arrays). */
#ifndef X86_SSE_STATE_H
#define X86_SSE_STATE_H

#include "x86_x87_state.h"

typedef struct sse_state {
    uint32_t xmm[8][4];
    uint32_t mxcsr;
} sse_state_t;

/* MXCSR: the exception flags (0..5, the x87 status word's order), DAZ,
 * the masks (7..12), the rounding control (13..14) and FTZ. */
#define SSE_IE 0x0001u
#define SSE_DE 0x0002u
#define SSE_ZE 0x0004u
#define SSE_OE 0x0008u
#define SSE_UE 0x0010u
#define SSE_PE 0x0020u
#define SSE_DAZ 0x0040u
#define SSE_MASKS 0x1f80u
#define SSE_RC_SHIFT 13u
#define SSE_FTZ 0x8000u
/* What LDMXCSR accepts (MXCSR_MASK of a CPU with DAZ); other bits #GP. */
#define SSE_MXCSR_WRITABLE 0xffffu
/* Power-on and Linux's initial MXCSR: every exception masked, nearest. */
#define SSE_MXCSR_INIT 0x1f80u

typedef union sse_v {
    uint8_t b[16];
    uint16_t h[8];
    uint32_t w[4];
    uint64_t q[2];
} sse_v;

SIM_INLINE sse_v sse_zero(void)
{
    sse_v v;
    v.q[0] = v.q[1] = 0;
    return v;
}

SIM_INLINE sse_v sse_get_xmm(const sse_state_t *s, uint32_t r)
{
    sse_v v;
    for (uint32_t i = 0; i < 4; i++)
        v.w[i] = s->xmm[r][i];
    return v;
}

SIM_INLINE void sse_set_xmm(sse_state_t *s, uint32_t r, const sse_v *v)
{
    for (uint32_t i = 0; i < 4; i++)
        s->xmm[r][i] = v->w[i];
}

/* Entering MMX mode: TOP = 0, every tag valid. */
SIM_INLINE void sse_mmx_enter(x87_state_t *f)
{
    x87_set_top(f, 0);
    f->tw = 0;
}

SIM_INLINE sse_v sse_get_mm(const x87_state_t *f, uint32_t r)
{
    sse_v v;
    v.w[0] = f->st[r][0];
    v.w[1] = f->st[r][1];
    v.q[1] = 0;
    return v;
}

SIM_INLINE void sse_set_mm(x87_state_t *f, uint32_t r, const sse_v *v)
{
    f->st[r][0] = v->w[0];
    f->st[r][1] = v->w[1];
    f->st[r][2] = 0xffffu;
}

/* EMMS: every x87 register empty, and TOP 0 as after any MMX instruction
 * (SDM vol. 1, table 9-2). */
SIM_INLINE void sse_emms(x87_state_t *f)
{
    x87_set_top(f, 0);
    f->tw = 0xffffu;
}

SIM_INLINE void x86_sse_init(sse_state_t *s)
{
    for (uint32_t r = 0; r < 8; r++)
        for (uint32_t i = 0; i < 4; i++)
            s->xmm[r][i] = 0;
    s->mxcsr = SSE_MXCSR_INIT;
}

#endif
