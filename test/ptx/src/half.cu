// Half and bfloat16 arithmetic, packed half2, conversions to and from float.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_math(__half *out, const __half *a, const __half2 *b, __nv_bfloat16 *bf, float *f, int n)
{
    int i = threadIdx.x;
    if (i >= n)
        return;
    __half x = a[i];
    __half2 y = b[i];
    __half s = __hadd(x, __float2half(1.5f));
    s = __hmul(s, x);
    s = __hfma(s, x, __hneg(x));
    __half2 z = __hfma2(y, y, __halves2half2(s, x));
    z = __hmul2(z, __hadd2(y, y));
    bool lt = __hlt(x, s);
    __nv_bfloat16 g = __float2bfloat16(f[i]);
    g = __hmul(g, __float2bfloat16_rz(2.0f));
    bf[i] = g;
    out[i] = __hadd(__low2half(z), __high2half(z));
    f[i] = __half2float(s) + __low2float(z) + (lt ? 1.0f : 0.0f) + __bfloat162float(g) + __half2float(__float2half_rz(f[i]));
}
