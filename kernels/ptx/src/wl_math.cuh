/* Math for the workloads that every PTX variant can run. nvcc inlines its
 * libdevice (expf, logf, sqrtf, sincosf become plain PTX); clang built with
 * -nocudalib would leave them as calls to undefined __nv_* functions, so the
 * clang variant takes the PTX approximate instructions instead, as
 * --use_fast_math would. The references' tolerances cover the approximate
 * forms (ex2/lg2.approx: about 2^-22 relative; sin/cos.approx: 2^-20.5
 * absolute in [-pi, pi]; rsqrt.approx: 2^-22.9 relative). */
#ifndef WL_MATH_CUH
#define WL_MATH_CUH

__device__ __forceinline__ int wl_min(int a, int b) { return a < b ? a : b; }
__device__ __forceinline__ int wl_max(int a, int b) { return a > b ? a : b; }
__device__ __forceinline__ unsigned wl_umin(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ __forceinline__ float wl_fmax(float a, float b) { return a > b ? a : b; }

#ifdef __clang__
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
__device__ __forceinline__ float wl_fabs(float x) { return fabsf(x); }
__device__ __forceinline__ float wl_exp(float x) { return expf(x); }
__device__ __forceinline__ float wl_log(float x) { return logf(x); }
__device__ __forceinline__ float wl_sqrt(float x) { return sqrtf(x); }
__device__ __forceinline__ float wl_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ void wl_sincos(float x, float *s, float *c) { sincosf(x, s, c); }
#endif

#endif
