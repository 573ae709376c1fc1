/* SSE shuffles, unpacks, packs and the whole-register byte shifts. */
#ifndef X86_EXEC_SSE_SHUF_H
#define X86_EXEC_SSE_SHUF_H

#include "x86_exec_sse_int.h"

/* PUNPCKL* / UNPCKL* (hi 0) and the high forms: lanes of d and s
 * interleaved from the low (or high) half of the n bytes. */
SIM_FN void sse_unpack(sse_v *d, const sse_v *s, uint32_t n, uint32_t es, uint32_t hi)
{
    sse_v a = *d;
    uint32_t half = n / es / 2u, from = hi ? half : 0u;
    for (uint32_t i = 0; i < half; i++) {
        sse_set_lane(d, es, 2u * i, sse_lane(&a, es, from + i));
        sse_set_lane(d, es, 2u * i + 1u, sse_lane(s, es, from + i));
    }
}

/* PACKSSWB, PACKUSWB (es 2), PACKSSDW (4): d's lanes then s's, each
 * saturated into half the width. */
enum { SSE_SAT_S, SSE_SAT_U };
SIM_FN void sse_pack(sse_v *d, const sse_v *s, uint32_t n, uint32_t es, uint32_t k)
{
    sse_v a = *d;
    uint32_t lanes = n / es;
    for (uint32_t i = 0; i < 2u * lanes; i++) {
        const sse_v *src = i < lanes ? &a : s;
        int64_t v = sse_sx(sse_lane(src, es, i % lanes), es);
        sse_set_lane(d, es / 2u, i, sse_sat(v, es / 2u, k == SSE_SAT_S));
    }
}

/* SHUFPS: two lanes of d, then two of s, chosen by imm's 2-bit fields. */
SIM_INLINE void sse_shufps(sse_v *d, const sse_v *s, uint32_t imm)
{
    sse_v a = *d;
    d->w[0] = a.w[imm & 3u];
    d->w[1] = a.w[(imm >> 2) & 3u];
    d->w[2] = s->w[(imm >> 4) & 3u];
    d->w[3] = s->w[(imm >> 6) & 3u];
}

SIM_INLINE void sse_shufpd(sse_v *d, const sse_v *s, uint32_t imm)
{
    uint64_t lo = d->q[imm & 1u], hi = s->q[(imm >> 1) & 1u];
    d->q[0] = lo;
    d->q[1] = hi;
}

/* PSHUFD (es 4), PSHUFLW / PSHUFHW / PSHUFW (es 2, at lane `at` 0 or 4):
 * four lanes of s chosen by imm; PSHUFLW/HW copy the other half. */
SIM_FN void sse_pshuf(sse_v *d, const sse_v *s, uint32_t es, uint32_t at, uint32_t imm)
{
    sse_v r = *s;
    for (uint32_t i = 0; i < 4u; i++)
        sse_set_lane(&r, es, at + i, sse_lane(s, es, at + ((imm >> (2u * i)) & 3u)));
    *d = r;
}

/* PSRLDQ (right 1) / PSLLDQ: the whole register by imm bytes. */
SIM_INLINE void sse_bshift(sse_v *d, uint32_t imm, uint32_t right)
{
    sse_v a = *d;
    uint32_t k = imm > 16u ? 16u : imm;
    for (uint32_t i = 0; i < 16u; i++) {
        uint32_t j = right ? i + k : i - k; /* wraps above 15 when out of range */
        d->b[i] = j < 16u ? a.b[j] : 0u;
    }
}

#endif
