// Two kernels in a row over the same buffers, a guarded tail, copies both ways.
#include "check.h"

__global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

__global__ void axpy(float alpha, const float *x, float *y, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = alpha * x[i] + y[i];
}

int main()
{
    const int n = 10007;
    float *a = new float[n], *b = new float[n], *c = new float[n];
    for (int i = 0; i < n; i++)
        a[i] = i * 0.5f, b[i] = 1000 - i;
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, n * sizeof(float)));
    CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice));
    vecadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
    CHECK(cudaGetLastError());
    axpy<<<7, 128>>>(2.0f, da, dc, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        float want = 2.0f * a[i] + (a[i] + b[i]);
        EXPECT(c[i] == want, "c[%d] = %g, want %g", i, c[i], want);
    }
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
    return finish("vecadd");
}
