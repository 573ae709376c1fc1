// Launching without <<<>>>: cudaLaunchKernel with an argument array,
// cudaLaunchKernelExC with a config, cudaLaunchCooperativeKernel within
// and beyond what fits at once, host functions in a stream.
#include "check.h"

__global__ void fill(int *p, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

static void CUDART_CB host_fn(void *arg) { ++*(int *)arg; }

int main()
{
    const int n = 1000;
    int *d, h[n];
    CHECK(cudaMalloc(&d, sizeof h));
    int v = 5, nn = n;
    void *args[] = {&d, &v, &nn};
    CHECK(cudaLaunchKernel((const void *)fill, dim3(8), dim3(128), args, 0, 0));
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == 5 + i, "cudaLaunchKernel: h[%d] = %d", i, h[i]);

    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(4);
    cfg.blockDim = dim3(256);
    cfg.stream = s;
    CHECK(cudaLaunchKernelEx(&cfg, fill, d, 100, n));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[999] == 1099, "cudaLaunchKernelEx: %d", h[999]);

    v = -1;
    CHECK(cudaLaunchCooperativeKernel((const void *)fill, dim3(8), dim3(128), args, 0, s));
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == -1 && h[999] == 998, "cooperative: %d %d", h[0], h[999]);
    int sms, per_sm;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fill, 1024, 0));
    cudaError_t e = cudaLaunchCooperativeKernel((const void *)fill, dim3(sms * per_sm + 1), dim3(1024), args, 0, s);
    EXPECT(e == cudaErrorCooperativeLaunchTooLarge, "a cooperative grid beyond the GPU: %s", cudaGetErrorName(e));
    cudaGetLastError();

    int count = 0;
    CHECK(cudaLaunchHostFunc(s, host_fn, &count));
    CHECK(cudaLaunchHostFunc(s, host_fn, &count));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(count == 2, "host functions ran %d times", count);
    // CUDA 13 on an H200 says cudaErrorInvalidResourceHandle (bench/hw/cudart_probe.h200.txt, main's 3673215).
    e = cudaLaunchKernel((const void *)main, dim3(1), dim3(1), args, 0, 0);
    EXPECT(e == cudaErrorInvalidResourceHandle, "launching a host function: %s", cudaGetErrorName(e));
    cudaGetLastError();
    return finish("launch_api");
}
