/* SSE2 and MMX packed integers by lane: arithmetic (wrapping and
 * saturating), compares into masks, min/max, averages, the multiplies,
 * PSADBW, the bitwise logic, and the shifts by a count. n is the vector's
 * bytes (16 XMM, 8 MMX), es a lane's. */
#ifndef X86_EXEC_SSE_INT_H
#define X86_EXEC_SSE_INT_H

#include "x86_sse_state.h"

enum {
    SSE_IADD, SSE_ISUB, SSE_IADDS, SSE_IADDUS, SSE_ISUBS, SSE_ISUBUS, SSE_ICMPEQ, SSE_ICMPGT, SSE_IMINU,
    SSE_IMAXU, SSE_IMINS, SSE_IMAXS, SSE_IAVG, SSE_IMULLO, SSE_IMULHS, SSE_IMULHU, SSE_IMULUDQ, SSE_IMADDWD,
    SSE_ISADBW, SSE_AND, SSE_ANDN, SSE_OR, SSE_XOR
};

SIM_INLINE uint64_t sse_lane(const sse_v *v, uint32_t es, uint32_t i)
{
    switch (es) {
    case 1: return v->b[i];
    case 2: return v->h[i];
    case 4: return v->w[i];
    default: return v->q[i];
    }
}

SIM_INLINE void sse_set_lane(sse_v *v, uint32_t es, uint32_t i, uint64_t x)
{
    switch (es) {
    case 1: v->b[i] = (uint8_t)x; break;
    case 2: v->h[i] = (uint16_t)x; break;
    case 4: v->w[i] = (uint32_t)x; break;
    default: v->q[i] = x; break;
    }
}

/* A lane's value as a signed integer. */
SIM_INLINE int64_t sse_sx(uint64_t x, uint32_t es)
{
    uint32_t sh = 64u - 8u * es;
    return es == 8u ? (int64_t)x : (int64_t)(x << sh) >> sh;
}

/* v clamped into a lane of es bytes, signed or not. */
SIM_INLINE uint64_t sse_sat(int64_t v, uint32_t es, int is_signed)
{
    int64_t lo = is_signed ? -(1ll << (8u * es - 1u)) : 0;
    int64_t hi = is_signed ? (1ll << (8u * es - 1u)) - 1 : (1ll << (8u * es)) - 1;
    return (uint64_t)(v < lo ? lo : v > hi ? hi : v);
}

/* The multiplies and PMADDWD, PSADBW: from narrower lanes of a and b. */
SIM_FN uint64_t sse_int_wide(uint32_t k, const sse_v *a, const sse_v *b, uint32_t i)
{
    uint64_t r = 0;
    switch (k) {
    case SSE_IMULUDQ: return (uint64_t)a->w[2u * i] * b->w[2u * i];
    case SSE_IMADDWD:
        return (uint32_t)((int32_t)(int16_t)a->h[2u * i] * (int16_t)b->h[2u * i] +
                          (int32_t)(int16_t)a->h[2u * i + 1u] * (int16_t)b->h[2u * i + 1u]);
    default: /* PSADBW */
        for (uint32_t j = 8u * i; j < 8u * i + 8u; j++)
            r += a->b[j] > b->b[j] ? a->b[j] - b->b[j] : b->b[j] - a->b[j];
        return r;
    }
}

SIM_FN uint64_t sse_int1(uint32_t k, uint32_t es, uint64_t a, uint64_t b)
{
    int64_t sa = sse_sx(a, es), sb = sse_sx(b, es);
    uint64_t ones = es == 8u ? ~0ull : (1ull << (8u * es)) - 1u;
    switch (k) {
    case SSE_IADD: return a + b;
    case SSE_ISUB: return a - b;
    case SSE_IADDS: return sse_sat(sa + sb, es, 1);
    case SSE_IADDUS: return sse_sat((int64_t)(a + b), es, 0);
    case SSE_ISUBS: return sse_sat(sa - sb, es, 1);
    case SSE_ISUBUS: return sse_sat((int64_t)a - (int64_t)b, es, 0);
    case SSE_ICMPEQ: return a == b ? ones : 0u;
    case SSE_ICMPGT: return sa > sb ? ones : 0u;
    case SSE_IMINU: return a < b ? a : b;
    case SSE_IMAXU: return a > b ? a : b;
    case SSE_IMINS: return sa < sb ? a : b;
    case SSE_IMAXS: return sa > sb ? a : b;
    case SSE_IAVG: return (a + b + 1u) >> 1;
    case SSE_IMULLO: return a * b;
    case SSE_IMULHS: return (uint64_t)(sa * sb) >> 16;
    case SSE_IMULHU: return (a * b) >> 16;
    case SSE_AND: return a & b;
    case SSE_ANDN: return ~a & b;
    case SSE_OR: return a | b;
    default: return a ^ b;
    }
}

SIM_FN void sse_int(sse_v *d, const sse_v *s, uint32_t n, uint32_t es, uint32_t k)
{
    sse_v a = *d;
    for (uint32_t i = 0; i < n / es; i++) {
        uint64_t r = k >= SSE_IMULUDQ && k <= SSE_ISADBW ? sse_int_wide(k, &a, s, i)
                                                         : sse_int1(k, es, sse_lane(&a, es, i), sse_lane(s, es, i));
        sse_set_lane(d, es, i, r);
    }
}

SIM_INLINE void sse_logic(sse_v *d, const sse_v *s, uint32_t n, uint32_t k) { sse_int(d, s, n, 8, k); }

enum { SSE_SRL, SSE_SRA, SSE_SLL };

/* PSRL/PSRA/PSLL by count: beyond the lane's width a logical shift
 * gives 0, an arithmetic one the sign. */
SIM_FN void sse_shift(sse_v *d, uint32_t n, uint32_t es, uint32_t k, uint64_t count)
{
    uint32_t bits = 8u * es;
    for (uint32_t i = 0; i < n / es; i++) {
        uint64_t x = sse_lane(d, es, i), r;
        if (k == SSE_SRA)
            r = (uint64_t)(sse_sx(x, es) >> (count >= bits ? bits - 1u : count));
        else if (count >= bits)
            r = 0;
        else
            r = k == SSE_SRL ? x >> count : x << count;
        sse_set_lane(d, es, i, r);
    }
}

#endif
