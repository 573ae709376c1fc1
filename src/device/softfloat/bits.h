/* A float's or a double's value from its bits and back (the host's or the
 * GPU's own types), for the soft float's fast paths and the PTX ALU. */
#ifndef SOFTFLOAT_BITS_H
#define SOFTFLOAT_BITS_H

#include "device/sim_port.h"

SIM_INLINE float ptx_f32(uint64_t b)
{
#ifdef __CUDA_ARCH__
    return __uint_as_float((uint32_t)b);
#else
    uint32_t u = (uint32_t)b;
    float f;
    __builtin_memcpy(&f, &u, 4);
    return f;
#endif
}

SIM_INLINE uint32_t ptx_f32_bits(float f)
{
#ifdef __CUDA_ARCH__
    return __float_as_uint(f);
#else
    uint32_t u;
    __builtin_memcpy(&u, &f, 4);
    return u;
#endif
}

SIM_INLINE double ptx_f64(uint64_t b)
{
#ifdef __CUDA_ARCH__
    return __longlong_as_double((long long)b);
#else
    double f;
    __builtin_memcpy(&f, &b, 8);
    return f;
#endif
}

SIM_INLINE uint64_t ptx_f64_bits(double f)
{
#ifdef __CUDA_ARCH__
    return (uint64_t)__double_as_longlong(f);
#else
    uint64_t u;
    __builtin_memcpy(&u, &f, 8);
    return u;
#endif
}

#endif
