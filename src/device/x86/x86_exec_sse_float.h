/* SSE floating point by lane: the arithmetic, MIN/MAX, CMPcc into masks,
 * UCOMIS/COMIS into EFLAGS, and the bitwise logic (x86_sse_fp.h does
 * each value). A scalar form (lanes 1) leaves the upper lanes alone. */
#ifndef X86_EXEC_SSE_FLOAT_H
#define X86_EXEC_SSE_FLOAT_H

#include "x86_exec_base.h"
#include "x86_sse_fp.h"

enum { SSE_MIN = SSE_SQRT + 1, SSE_MAX };

SIM_FN uint64_t sse_fp1(uint32_t f, uint32_t k, uint64_t a, uint64_t b, uint32_t *mx)
{
    if (k == SSE_MIN || k == SSE_MAX)
        return sse_minmax(f, k == SSE_MAX, a, b, mx);
    return sse_arith(f, k, a, b, mx);
}

SIM_FN void sse_fp(sse_v *d, const sse_v *s, uint32_t f, uint32_t lanes, uint32_t k, uint32_t *mx)
{
    for (uint32_t i = 0; i < lanes; i++) {
        if (f == PTX_FMT_F32)
            d->w[i] = (uint32_t)sse_fp1(f, k, d->w[i], s->w[i], mx);
        else
            d->q[i] = sse_fp1(f, k, d->q[i], s->q[i], mx);
    }
}

/* CMPPS..CMPSD: each lane all ones where the predicate (imm & 7) holds. */
SIM_FN void sse_fcmp(sse_v *d, const sse_v *s, uint32_t f, uint32_t lanes, uint32_t imm, uint32_t *mx)
{
    for (uint32_t i = 0; i < lanes; i++) {
        if (f == PTX_FMT_F32)
            d->w[i] = sse_cmp(f, imm & 7u, d->w[i], s->w[i], mx) ? 0xffffffffu : 0u;
        else
            d->q[i] = sse_cmp(f, imm & 7u, d->q[i], s->q[i], mx) ? ~0ull : 0u;
    }
}

/* UCOMISS..COMISD: ZF PF CF from the compare, OF SF AF cleared. */
SIM_FN void sse_comi_flags(x86_ctx_t *c, uint32_t f, uint32_t signalling, const sse_v *d, const sse_v *s,
                           uint32_t *mx)
{
    uint64_t a = f == PTX_FMT_F32 ? d->w[0] : d->q[0], b = f == PTX_FMT_F32 ? s->w[0] : s->q[0];
    x86_set_eflags(c, sse_comi(f, signalling, a, b, mx), X86_ARITH_FLAGS);
}

/* RCPPS/RSQRTPS lanes (rsqrt 1: 1/sqrt): no flags; a denormal input is
 * a zero (so its reciprocal infinite), a denormal result a zero, a
 * negative root's input the indefinite, a NaN quietened. */
SIM_FN uint32_t sse_approx1(uint32_t x, uint32_t rsqrt)
{
    uint32_t f = PTX_FMT_F32, scratch = SSE_MXCSR_INIT, one = 0x3f800000u;
    if (vfp_is_nan(f, x))
        return x | 0x00400000u;
    x = sse_is_denormal(f, x) ? x & 0x80000000u : x;
    if (rsqrt && (x & 0x80000000u) && (x & 0x7fffffffu))
        return 0xffc00000u;
    if (rsqrt)
        x = (uint32_t)sse_arith(f, SSE_SQRT, 0, x, &scratch);
    uint32_t r = (uint32_t)sse_arith(f, SSE_DIV, one, x, &scratch);
    return sse_is_denormal(f, r) ? r & 0x80000000u : r;
}

SIM_FN void sse_approx(sse_v *d, const sse_v *s, uint32_t lanes, uint32_t rsqrt)
{
    for (uint32_t i = 0; i < lanes; i++)
        d->w[i] = sse_approx1(s->w[i], rsqrt);
}

#endif
