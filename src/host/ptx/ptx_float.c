/* Float literal conversions (ptx_float.h). */
#include <string.h>

#include "host/ptx/ptx_float.h"

static double as_double(uint64_t bits, unsigned size)
{
    if (size == 4) {
        uint32_t b = (uint32_t)bits;
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* A double to a binary float with `mbits` mantissa bits and `ebits`
 * exponent bits, rounded to nearest even; NaN stays a quiet NaN. */
static uint32_t narrow(double d, unsigned ebits, unsigned mbits)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    uint32_t sign = (uint32_t)(b >> 63) << (ebits + mbits);
    int e = (int)((b >> 52) & 0x7ff);
    uint64_t m = b & ((1ull << 52) - 1);
    uint32_t emax = (1u << ebits) - 1, bias = emax >> 1;
    if (e == 0x7ff)
        return sign | emax << mbits | (m ? 1u << (mbits - 1) : 0);
    if (e == 0 && m == 0)
        return sign;
    /* value = 1.m x 2^(e-1023); target exponent field = e - 1023 + bias */
    int te = e - 1023 + (int)bias;
    uint64_t full = m | 1ull << 52;          /* 53 significant bits */
    int shift = 52 - (int)mbits;             /* bits dropped for a normal result */
    if (te <= 0) {                           /* subnormal: drop 1 - te more */
        shift += 1 - te;
        te = 0;
        if (shift > 63)
            return sign;
    } else {
        full &= (1ull << 52) - 1;            /* the implicit one is in the exponent */
    }
    uint64_t keep = full >> shift, rest = full & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    if (rest > half || (rest == half && (keep & 1)))
        keep++;
    uint64_t r = ((uint64_t)te << mbits) + keep; /* a carry moves into the exponent */
    if (r >= (uint64_t)emax << mbits)
        return sign | emax << mbits;            /* infinity */
    return sign | (uint32_t)r;
}

static uint64_t from_double(double d, ptx_type_t to)
{
    switch (to) {
    case PTX_T_F64: {
        uint64_t b;
        memcpy(&b, &d, sizeof b);
        return b;
    }
    case PTX_T_F32: {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        return b;
    }
    case PTX_T_F16: return narrow(d, 5, 10);
    case PTX_T_BF16: return narrow(d, 8, 7);
    default: return 0;
    }
}

uint64_t ptx_float_to(uint64_t bits, unsigned size, ptx_type_t to)
{
    if ((to == PTX_T_F32 && size == 4) || (to == PTX_T_F64 && size == 8))
        return bits;
    return from_double(as_double(bits, size), to);
}

uint64_t ptx_int_to_float(int64_t v, ptx_type_t to) { return from_double((double)v, to); }

uint64_t ptx_float_negate(uint64_t bits, unsigned size) { return bits ^ (size == 4 ? 1ull << 31 : 1ull << 63); }

uint64_t ptx_half_to_double(uint32_t bits, ptx_type_t from)
{
    unsigned ebits = from == PTX_T_BF16 ? 8 : 5, mbits = from == PTX_T_BF16 ? 7 : 10;
    uint64_t sign = (uint64_t)(bits >> (ebits + mbits) & 1) << 63;
    uint32_t e = bits >> mbits & ((1u << ebits) - 1), m = bits & ((1u << mbits) - 1);
    int bias = (1 << (ebits - 1)) - 1;
    if (e == (1u << ebits) - 1)
        return sign | 0x7ffull << 52 | (uint64_t)m << (52 - mbits);
    if (e == 0) { /* subnormal: m x 2^(1 - bias - mbits); normalize */
        if (m == 0)
            return sign;
        int exp = 1 - bias;
        while (!(m & (1u << mbits))) {
            m <<= 1;
            exp--;
        }
        m &= (1u << mbits) - 1;
        return sign | (uint64_t)(exp + 1023) << 52 | (uint64_t)m << (52 - mbits);
    }
    return sign | (uint64_t)((int)e - bias + 1023) << 52 | (uint64_t)m << (52 - mbits);
}
