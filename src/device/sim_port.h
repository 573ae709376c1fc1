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

/* n bytes from src to dst in one access at each end where n is 2, 4, 8 or
 * 16 and both ends are aligned to n, else byte by byte. A guest's aligned
 * access is single-copy atomic on the hardware it models, and programs rely
 * on it: CUB's decoupled look-back packs a tile's status and prefix into one
 * st.relaxed.gpu.v2.u32 (v2.u64 for 8-byte values) that other CTAs, on
 * other host threads, poll with one ld.relaxed.gpu.v2; element by element,
 * a poll could see the new status with the old prefix. On x86 an aligned
 * access of up to 8 bytes is atomic, and one of 16 bytes by MOVDQA on a
 * processor with AVX (Intel SDM vol. 3A, "Guaranteed Atomic Operations";
 * GCC's libatomic uses the same for 16-byte atomics); the GPU's own
 * aligned 16-byte accesses are one instruction. */
SIM_INLINE void sim_copy_whole(void *dst, const void *src, uint32_t n)
{
    if (n < 2 || n > 16 || (n & (n - 1)) || (((uintptr_t)dst | (uintptr_t)src) & (n - 1))) {
        sim_memcpy(dst, src, n);
        return;
    }
#ifdef __CUDA_ARCH__
    switch (n) {
    case 2: *(uint16_t *)dst = *(const uint16_t *)src; break;
    case 4: *(uint32_t *)dst = *(const uint32_t *)src; break;
    case 8: *(unsigned long long *)dst = *(const unsigned long long *)src; break;
    default: *(uint4 *)dst = *(const uint4 *)src; break;
    }
#else
    switch (n) {
    case 2: __atomic_store_n((uint16_t *)dst, __atomic_load_n((const uint16_t *)src, __ATOMIC_RELAXED), __ATOMIC_RELAXED); break;
    case 4: __atomic_store_n((uint32_t *)dst, __atomic_load_n((const uint32_t *)src, __ATOMIC_RELAXED), __ATOMIC_RELAXED); break;
    case 8: __atomic_store_n((uint64_t *)dst, __atomic_load_n((const uint64_t *)src, __ATOMIC_RELAXED), __ATOMIC_RELAXED); break;
    default: {
#if defined(__SSE2__)
        /* volatile: one 16-byte move each way, never split by the compiler */
        typedef long long sim_v2i64 __attribute__((vector_size(16)));
        *(volatile sim_v2i64 *)dst = *(const volatile sim_v2i64 *)src;
#else
        for (int i = 0; i < 2; i++)
            __atomic_store_n((uint64_t *)dst + i, __atomic_load_n((const uint64_t *)src + i, __ATOMIC_RELAXED),
                             __ATOMIC_RELAXED);
#endif
        break;
    }
    }
#endif
}

#if !defined(__CUDACC__)
/* Whether this host runs code built with -march=x86-64-v3 (AVX2, FMA,
 * BMI1/2, LZCNT, MOVBE): the second builds of the CTA runner and the ARM
 * lockstep engine, chosen at run time. The whole level, not AVX2 alone:
 * the compiler uses all of it. */
static inline int sim_host_x86_64_v3(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("x86-64-v3") != 0;
#else
    return 0;
#endif
}
#endif

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

/* The parity of x's bits: an XOR hash's output bit (GF(2) linear maps). */
SIM_INLINE uint32_t sim_parity64(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)__popcll((unsigned long long)x) & 1u;
#else
    return (uint32_t)__builtin_popcountll(x) & 1u;
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
