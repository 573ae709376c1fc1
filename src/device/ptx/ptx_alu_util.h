/* Small helpers of the PTX ALU: a type's width and signedness, the bits of
 * f32/f64 values, sign extension, bit counts (host and device alike). */
#ifndef PTX_ALU_UTIL_H
#define PTX_ALU_UTIL_H

#include "device/sim_port.h"
#include "device/ptx/ptx_enums.h"
#include "device/softfloat/bits.h"

/* A value's width in bits (a predicate: 1). */
SIM_INLINE uint32_t ptx_type_bits(uint32_t t)
{
    switch (t) {
    case PTX_T_B8: case PTX_T_U8: case PTX_T_S8: return 8;
    case PTX_T_B16: case PTX_T_U16: case PTX_T_S16: case PTX_T_F16: case PTX_T_BF16: return 16;
    case PTX_T_B64: case PTX_T_U64: case PTX_T_S64: case PTX_T_F64: return 64;
    case PTX_T_PRED: return 1;
    default: return 32;
    }
}

SIM_INLINE int ptx_type_signed(uint32_t t)
{
    return t == PTX_T_S8 || t == PTX_T_S16 || t == PTX_T_S32 || t == PTX_T_S64;
}

SIM_INLINE int ptx_type_float(uint32_t t)
{
    return t >= PTX_T_F16 && t <= PTX_T_F64;
}

SIM_INLINE uint64_t ptx_mask_bits(uint32_t bits)
{
    return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

SIM_INLINE uint64_t ptx_trunc(uint64_t v, uint32_t bits)
{
    return v & ptx_mask_bits(bits);
}

SIM_INLINE int64_t ptx_sext(uint64_t v, uint32_t bits)
{
    uint32_t s = 64 - bits;
    return bits >= 64 ? (int64_t)v : (int64_t)(v << s) >> s;
}

/* A source of type t as a 64-bit integer: sign- or zero-extended. */
SIM_INLINE uint64_t ptx_ext(uint64_t v, uint32_t t)
{
    uint32_t bits = ptx_type_bits(t);
    return ptx_type_signed(t) ? (uint64_t)ptx_sext(v, bits) : ptx_trunc(v, bits);
}

SIM_INLINE uint32_t ptx_clz64(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__clzll((long long)x);
#else
    return x ? (uint32_t)__builtin_clzll(x) : 64u;
#endif
}

SIM_INLINE uint32_t ptx_popc64(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__popcll((unsigned long long)x);
#else
    return (uint32_t)__builtin_popcountll(x);
#endif
}

#endif
