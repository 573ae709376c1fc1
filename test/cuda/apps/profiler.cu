// cudaProfilerStart/Stop bracket a region as a program does for Nsight:
// with no profiler attached both succeed, leave no error behind, and the
// work between them runs as anywhere else.
#include <cuda_profiler_api.h>

#include "check.h"

__global__ void square(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = i * i;
}

int main()
{
    const int n = 1000;
    int *d, h[n];
    CHECK(cudaMalloc(&d, sizeof h));
    CHECK(cudaProfilerStart());
    square<<<(n + 127) / 128, 128>>>(d, n);
    CHECK(cudaProfilerStop());
    CHECK(cudaProfilerStop());   // stopping twice is no error either
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == i * i, "h[%d] = %d", i, h[i]);
    EXPECT(cudaGetLastError() == cudaSuccess, "an error left behind");
    CHECK(cudaFree(d));
    return finish("profiler");
}
