// __constant__ and __device__ variables: set and read from the host
// (MemcpyToSymbol/FromSymbol, with offsets), their sizes, a __device__
// variable's address as a kernel argument, initialised device data.
#include "check.h"

__constant__ float coeffs[8];
__constant__ int offset_c;
__device__ int counter;
__device__ int table[4] = {10, 20, 30, 40};

__global__ void poly(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float acc = 0;
    for (int k = 7; k >= 0; k--)
        acc = acc * x[i] + coeffs[k];
    y[i] = acc + offset_c + table[i % 4];
    atomicAdd(&counter, 1);
}

__global__ void bump(int *p) { atomicAdd(p, 100); }

int main()
{
    const int n = 1000;
    float c[8] = {1, 0.5f, 0.25f, 0, 0, 0, 0, 0};
    CHECK(cudaMemcpyToSymbol(coeffs, c, sizeof c));
    float c3 = 0.125f;
    CHECK(cudaMemcpyToSymbol(coeffs, &c3, sizeof c3, 3 * sizeof(float)));
    int off = 7;
    CHECK(cudaMemcpyToSymbol(offset_c, &off, sizeof off));
    size_t sz = 0;
    CHECK(cudaGetSymbolSize(&sz, coeffs));
    EXPECT(sz == sizeof c, "coeffs is %zu bytes", sz);
    float back[8];
    CHECK(cudaMemcpyFromSymbol(back, coeffs, sizeof back));
    EXPECT(back[3] == 0.125f && back[1] == 0.5f, "coeffs read back %g %g", back[1], back[3]);
    float *hx = new float[n], *hy = new float[n], *dx, *dy;
    for (int i = 0; i < n; i++)
        hx[i] = (i % 17) * 0.25f;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice));
    poly<<<(n + 127) / 128, 128>>>(dx, dy, n);
    CHECK(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        float x = hx[i], want = ((0.125f * x + 0.25f) * x + 0.5f) * x + 1;
        want += off + 10 * (i % 4 + 1);
        EXPECT(fabsf(hy[i] - want) <= 1e-4f * fabsf(want), "y[%d] = %g, want %g", i, hy[i], want);
    }
    int *pc;
    CHECK(cudaGetSymbolAddress((void **)&pc, counter));
    bump<<<1, 1>>>(pc);
    int cnt = 0;
    CHECK(cudaMemcpyFromSymbol(&cnt, counter, sizeof cnt));
    EXPECT(cnt == n + 100, "counter = %d", cnt);
    int t[4];
    CHECK(cudaMemcpyFromSymbol(t, table, sizeof t));
    EXPECT(t[0] == 10 && t[3] == 40, "table = %d .. %d", t[0], t[3]);
    EXPECT(cudaMemcpyToSymbol(coeffs, c, sizeof c, 4) == cudaErrorInvalidValue, "a copy past the symbol's end");
    cudaGetLastError();
    return finish("symbols");
}
