/* Monte Carlo pricing of European calls: one block per option; each thread
 * draws its own stream (a splitmix64-seeded xorshift64* generator), turns
 * pairs of uniforms into normals (Box-Muller), simulates 2 * PAIRS terminal
 * prices, and the block adds the payoffs in a shared-memory tree. */
#include "wl_math.cuh"

#define MC_THREADS 256
#define PAIRS 8

__device__ unsigned long long mc_seed(unsigned option, unsigned thread)
{
    unsigned long long z = ((unsigned long long)option << 32 | thread) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return z ? z : 1;
}

__device__ unsigned mc_next(unsigned long long *state)
{
    unsigned long long x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (unsigned)((x * 0x2545F4914F6CDD1Dull) >> 32);
}

extern "C" __global__ void montecarlo(float *price, const float *s, const float *x, const float *t, float r, float v)
{
    __shared__ float part[MC_THREADS];
    unsigned opt = blockIdx.x, tid = threadIdx.x;
    unsigned long long state = mc_seed(opt, tid);
    float drift = (r - 0.5f * v * v) * t[opt], vol = v * wl_sqrt(t[opt]);
    float sum = 0.0f;
    for (int p = 0; p < PAIRS; p++) {
        float u1 = ((mc_next(&state) >> 8) + 1) * (1.0f / 16777216.0f);
        float u2 = (mc_next(&state) >> 8) * (1.0f / 16777216.0f);
        float rad = wl_sqrt(-2.0f * wl_log(u1)), sn, cs;
        wl_sincos(6.28318530718f * u2, &sn, &cs);
        float z[2] = {rad * cs, rad * sn};
        for (int k = 0; k < 2; k++)
            sum += wl_fmax(s[opt] * wl_exp(drift + vol * z[k]) - x[opt], 0.0f);
    }
    part[tid] = sum;
    __syncthreads();
    for (unsigned half = MC_THREADS / 2; half > 0; half >>= 1) {
        if (tid < half)
            part[tid] += part[tid + half];
        __syncthreads();
    }
    if (tid == 0)
        price[opt] = wl_exp(-r * t[opt]) * part[0] / (MC_THREADS * 2 * PAIRS);
}
