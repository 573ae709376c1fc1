/* Math and bit operations for the workloads that every PTX variant can run.
 * nvcc inlines its libdevice (expf, logf, sqrtf, sincosf become plain PTX);
 * clang built with -nocudalib leaves calls to undefined __nv_* functions,
 * for min, max, fabsf, __popc, __clz, __brev and __ffs too. So the workloads
 * use the wl_ forms: plain C or one PTX instruction in the clang variant
 * (popc, clz, brev; and for the transcendentals the approximate forms, as
 * --use_fast_math would). The references' tolerances cover those (ex2/lg2
 * .approx: about 2^-22 relative; sin/cos.approx: 2^-20.5 absolute in
 * [-pi, pi]; rsqrt.approx: 2^-22.9 relative). */
#ifndef WL_MATH_CUH
#define WL_MATH_CUH

__device__ __forceinline__ int wl_min(int a, int b) { return a < b ? a : b; }
__device__ __forceinline__ int wl_max(int a, int b) { return a > b ? a : b; }
__device__ __forceinline__ unsigned wl_umin(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ __forceinline__ float wl_fmax(float a, float b) { return a > b ? a : b; }

#ifdef __clang__
__device__ __forceinline__ unsigned wl_popc(unsigned x) { unsigned y; asm("popc.b32 %0, %1;" : "=r"(y) : "r"(x)); return y; }
__device__ __forceinline__ unsigned wl_clz(unsigned x) { unsigned y; asm("clz.b32 %0, %1;" : "=r"(y) : "r"(x)); return y; }
__device__ __forceinline__ unsigned wl_brev(unsigned x) { unsigned y; asm("brev.b32 %0, %1;" : "=r"(y) : "r"(x)); return y; }
__device__ __forceinline__ float wl_fabs(float x) { return __builtin_fabsf(x); }
__device__ __forceinline__ float wl_ex2(float x) { float y; asm("ex2.approx.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float wl_lg2(float x) { float y; asm("lg2.approx.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float wl_exp(float x) { return wl_ex2(x * 1.44269504f); }
__device__ __forceinline__ float wl_log(float x) { return wl_lg2(x) * 0.693147181f; }
__device__ __forceinline__ float wl_sqrt(float x) { float y; asm("sqrt.rn.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float wl_rsqrt(float x) { float y; asm("rsqrt.approx.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ void wl_sincos(float x, float *s, float *c)
{
    asm("sin.approx.f32 %0, %1;" : "=f"(*s) : "f"(x));
    asm("cos.approx.f32 %0, %1;" : "=f"(*c) : "f"(x));
}
#else
__device__ __forceinline__ unsigned wl_popc(unsigned x) { return __popc(x); }
__device__ __forceinline__ unsigned wl_clz(unsigned x) { return __clz(x); }
__device__ __forceinline__ unsigned wl_brev(unsigned x) { return __brev(x); }
__device__ __forceinline__ float wl_fabs(float x) { return fabsf(x); }
__device__ __forceinline__ float wl_exp(float x) { return expf(x); }
__device__ __forceinline__ float wl_log(float x) { return logf(x); }
__device__ __forceinline__ float wl_sqrt(float x) { return sqrtf(x); }
__device__ __forceinline__ float wl_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ void wl_sincos(float x, float *s, float *c) { sincosf(x, s, c); }
#endif
/* the lowest set bit's position plus one, 0 for 0 (as __ffs) */
__device__ __forceinline__ unsigned wl_ffs(unsigned x) { return 32 - wl_clz(x & (0u - x)); }

#endif
