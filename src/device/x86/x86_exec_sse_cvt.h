/* SSE conversions by lane: between f32 and f64, from and to 32-bit
 * integers. The narrowing forms (CVTPD2PS, CVTPD2DQ, CVTTPD2DQ) zero the
 * upper half; the scalar ones keep the rest of the destination. */
#ifndef X86_EXEC_SSE_CVT_H
#define X86_EXEC_SSE_CVT_H

#include "x86_sse_fp.h"

SIM_INLINE uint64_t sse_lane_f(const sse_v *v, uint32_t f, uint32_t i)
{
    return f == PTX_FMT_F32 ? v->w[i] : v->q[i];
}

SIM_INLINE void sse_set_lane_f(sse_v *v, uint32_t f, uint32_t i, uint64_t x)
{
    if (f == PTX_FMT_F32)
        v->w[i] = (uint32_t)x;
    else
        v->q[i] = x;
}

/* lanes 1: the scalar form; 2: CVTPS2PD / CVTPD2PS. */
SIM_FN void sse_cvt_f2f(sse_v *d, const sse_v *s, uint32_t sf, uint32_t df, uint32_t lanes, uint32_t *mx)
{
    sse_v r = *d;
    for (uint32_t i = 0; i < lanes; i++)
        sse_set_lane_f(&r, df, i, sse_convert(sf, df, sse_lane_f(s, sf, i), mx));
    if (lanes == 2u && df == PTX_FMT_F32)
        r.q[1] = 0;
    *d = r;
}

/* CVTDQ2PS (4 lanes), CVTDQ2PD (2) */
SIM_FN void sse_cvt_i2f(sse_v *d, const sse_v *s, uint32_t f, uint32_t lanes, uint32_t *mx)
{
    sse_v r;
    for (uint32_t i = 0; i < lanes; i++)
        sse_set_lane_f(&r, f, i, sse_from_int(f, s->w[i], mx));
    *d = r;
}

/* CVT(T)PS2DQ (4 lanes), CVT(T)PD2DQ (2, upper half zero) */
SIM_FN void sse_cvt_f2i(sse_v *d, const sse_v *s, uint32_t f, uint32_t lanes, uint32_t trunc, uint32_t *mx)
{
    sse_v r = sse_zero();
    for (uint32_t i = 0; i < lanes; i++)
        r.w[i] = sse_to_int(f, sse_lane_f(s, f, i), trunc, mx);
    *d = r;
}

/* CVTPI2PS: two integers into the low two lanes, the upper two kept. */
SIM_FN void sse_cvt_pi2ps(sse_v *d, const sse_v *s, uint32_t *mx)
{
    for (uint32_t i = 0; i < 2u; i++)
        d->w[i] = (uint32_t)sse_from_int(PTX_FMT_F32, s->w[i], mx);
}

#endif
