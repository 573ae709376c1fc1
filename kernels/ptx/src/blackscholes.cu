/* BlackScholes: European call and put prices, the normal CDF by the
 * Abramowitz-Stegun polynomial (as CUDA's sample does). */
#include "wl_math.cuh"

__device__ float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
                a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * wl_fabs(d));
    float c = rsqrt2pi * wl_exp(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0f - c : c;
}

extern "C" __global__ void blackscholes(float *call, float *put, const float *s, const float *x, const float *t,
                                        float r, float v, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float sqrt_t = wl_sqrt(t[i]);
        float d1 = (wl_log(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrt_t);
        float d2 = d1 - v * sqrt_t;
        float c1 = cnd(d1), c2 = cnd(d2);
        float disc = wl_exp(-r * t[i]);
        call[i] = s[i] * c1 - x[i] * disc * c2;
        put[i] = x[i] * disc * (1.0f - c2) - s[i] * (1.0f - c1);
    }
}
