// Global and shared atomics: add (int, unsigned long long, float on exact
// values), min, max, exch, CAS loops, inc with wrap, and a histogram.
#include "check.h"

__global__ void atomics(const int *in, int n, int *iacc, unsigned long long *uacc, float *facc, int *mn, int *mx,
                        unsigned *wrap, int *hist)
{
    __shared__ int sh[16];
    int t = threadIdx.x;
    if (t < 16)
        sh[t] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
        int v = in[i];
        atomicAdd(iacc, v);
        atomicAdd(uacc, (unsigned long long)(v + 1000) << 20);
        atomicAdd(facc, (float)(v & 7));
        atomicMin(mn, v);
        atomicMax(mx, v);
        atomicInc(wrap, 99);
        atomicAdd(&sh[v & 15], 1);
    }
    __syncthreads();
    if (t < 16)
        atomicAdd(&hist[t], sh[t]);
}

// A CAS loop: a double add built from 64-bit atomicCAS.
__device__ double cas_add(double *p, double v)
{
    unsigned long long *a = (unsigned long long *)p, old = *a, seen;
    do {
        seen = old;
        old = atomicCAS(a, seen, __double_as_longlong(__longlong_as_double(seen) + v));
    } while (old != seen);
    return __longlong_as_double(old);
}

__global__ void cas(double *acc, int *owner)
{
    cas_add(acc, 0.5);
    if (atomicCAS(owner, -1, blockIdx.x * blockDim.x + threadIdx.x) == -1)
        atomicExch(owner + 1, 1);
}

int main()
{
    const int n = 30000;
    int *h = new int[n];
    long long isum = 0;
    unsigned long long usum = 0;
    float fsum = 0;
    int hmin = 1 << 30, hmax = -(1 << 30), hist[16] = {0};
    for (int i = 0; i < n; i++) {
        h[i] = (int)((i * 2654435761u) % 2001) - 1000;
        isum += h[i];
        usum += (unsigned long long)(h[i] + 1000) << 20;
        fsum += (float)(h[i] & 7);
        hmin = h[i] < hmin ? h[i] : hmin;
        hmax = h[i] > hmax ? h[i] : hmax;
        hist[h[i] & 15]++;
    }
    int *d, *di, *dmn, *dmx, *dh;
    unsigned long long *du;
    float *df;
    unsigned *dw;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&di, 4));
    CHECK(cudaMalloc(&du, 8));
    CHECK(cudaMalloc(&df, 4));
    CHECK(cudaMalloc(&dmn, 4));
    CHECK(cudaMalloc(&dmx, 4));
    CHECK(cudaMalloc(&dw, 4));
    CHECK(cudaMalloc(&dh, sizeof hist));
    int big = 1 << 30, small = -(1 << 30);
    CHECK(cudaMemcpy(dmn, &big, 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dmx, &small, 4, cudaMemcpyHostToDevice));
    atomics<<<13, 192>>>(d, n, di, du, df, dmn, dmx, dw, dh);
    int gi, gmn, gmx, gh[16];
    unsigned long long gu;
    float gf;
    unsigned gw;
    CHECK(cudaMemcpy(&gi, di, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&gu, du, 8, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&gf, df, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&gmn, dmn, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&gmx, dmx, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&gw, dw, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gh, dh, sizeof gh, cudaMemcpyDeviceToHost));
    EXPECT(gi == isum, "int sum %d, want %lld", gi, isum);
    EXPECT(gu == usum, "u64 sum %llu, want %llu", gu, usum);
    EXPECT(gf == fsum, "float sum %g, want %g", gf, fsum);
    EXPECT(gmn == hmin && gmx == hmax, "min %d max %d, want %d %d", gmn, gmx, hmin, hmax);
    EXPECT(gw == n % 100, "atomicInc wrapped to %u, want %d", gw, n % 100);
    for (int b = 0; b < 16; b++)
        EXPECT(gh[b] == hist[b], "bin %d: %d, want %d", b, gh[b], hist[b]);
    double *dd, gd;
    int *downer, go[2], init[2] = {-1, 0};
    CHECK(cudaMalloc(&dd, 8));
    CHECK(cudaMemset(dd, 0, 8));
    CHECK(cudaMalloc(&downer, 8));
    CHECK(cudaMemcpy(downer, init, 8, cudaMemcpyHostToDevice));
    cas<<<5, 100>>>(dd, downer);
    CHECK(cudaMemcpy(&gd, dd, 8, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(go, downer, 8, cudaMemcpyDeviceToHost));
    EXPECT(gd == 250.0, "CAS double sum %g", gd);
    EXPECT(go[0] >= 0 && go[0] < 500 && go[1] == 1, "owner %d flag %d", go[0], go[1]);
    return finish("atomics");
}
