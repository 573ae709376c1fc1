/* Portability layer for single-source simulation code.
 *
 * Everything under src/device/ is compiled twice: by gcc as C11 into the CPU
 * backend, and by nvcc as CUDA C++ into the persistent kernel. This header is
 * the only place that knows which compiler is looking. */
#ifndef SIM_PORT_H
#define SIM_PORT_H

#include <stdint.h>
#include <stddef.h>

#ifdef __CUDACC__
#define SIM_HD __host__ __device__
#define SIM_INLINE __host__ __device__ static __forceinline__
#else
#define SIM_HD
#define SIM_INLINE static inline __attribute__((always_inline))
#endif

/* Plain static inline for larger helpers that should not be force-inlined. */
#ifdef __CUDACC__
#define SIM_FN __host__ __device__ static inline
#else
#define SIM_FN static inline
#endif

/* A slow path's function, kept out of its callers on the host so that
 * their hot paths neither grow nor keep values alive for it. The GPU's
 * compiler decides as for SIM_FN: a call there takes the memory view's
 * address, which costs the persistent kernel a stack frame. */
#ifdef __CUDACC__
#define SIM_COLD __host__ __device__ static inline
#else
#define SIM_COLD static __attribute__((noinline, cold))
#endif

#if defined(__GNUC__) || defined(__CUDACC__)
#define SIM_LIKELY(x) __builtin_expect(!!(x), 1)
#define SIM_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SIM_LIKELY(x) (x)
#define SIM_UNLIKELY(x) (x)
#endif

/* Compile-time checks, for C11 (gcc) and C++ (nvcc) alike. */
#ifdef __cplusplus
#define SIM_STATIC_ASSERT(cond, what) static_assert(cond, #what)
#else
#define SIM_STATIC_ASSERT(cond, what) _Static_assert(cond, #what)
#endif

/* Debug-build assertions on structure-of-arrays indices (SQLite's habit).
 * Compile with -DSIM_CHECKS to enable; they cost nothing otherwise. */
#if defined(SIM_CHECKS) && !defined(__CUDA_ARCH__)
#include <assert.h>
#define SIM_ASSERT(x) assert(x)
#else
#define SIM_ASSERT(x) ((void)0)
#endif

/* No libc in device code: the few helpers it needs live here. */
SIM_INLINE void sim_memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

/* n bytes at p cleared (libc's memset on the host: a CTA's start clears
 * its shared and local memory). */
/* The lowest and the highest set bit's index of m != 0. */
SIM_INLINE uint32_t sim_ctz64(uint64_t m)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__ffsll((long long)m) - 1u;
#else
    return (uint32_t)__builtin_ctzll(m);
#endif
}
SIM_INLINE uint32_t sim_msb64(uint64_t m)
{
#ifdef __CUDA_ARCH__
    return 63u - (uint32_t)__clzll((long long)m);
#else
    return 63u - (uint32_t)__builtin_clzll(m);
#endif
}

SIM_INLINE void sim_zero(void *p, size_t n)
{
#ifdef __CUDA_ARCH__
    uint8_t *b = (uint8_t *)p;
    size_t i = 0;
    if (!((uintptr_t)b & 7)) /* a word at a time where aligned (the model's states are big) */
        for (; i + 8 <= n; i += 8)
            *(uint64_t *)(b + i) = 0;
    for (; i < n; i++)
        b[i] = 0;
#else
    __builtin_memset(p, 0, n);
#endif
}

SIM_INLINE uint32_t sim_clz32(uint32_t x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__clz((int)x);
#else
    return x ? (uint32_t)__builtin_clz(x) : 32u;
#endif
}

SIM_INLINE uint32_t sim_bswap32(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

#endif
