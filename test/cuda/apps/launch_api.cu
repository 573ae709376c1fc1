// Launching without <<<>>>: cudaLaunchKernel with an argument array,
// cudaLaunchKernelExC with a config, cudaLaunchCooperativeKernel within
// and beyond what fits at once, host functions in a stream; a kernel's name
// and its parameters' places (cudaFuncGetName, cudaFuncGetParamInfo).
#include "check.h"

__global__ void fill(int *p, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

__global__ void mixed(char c, double x, int *p, short s) { *p = c + (int)x + s; }

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

    // The name is the PTX entry's (mangled); the parameters lie as the ABI
    // aligns them: char at 0, double at 8, pointer at 16, short at 24.
    const char *name = NULL;
    CHECK(cudaFuncGetName(&name, (const void *)mixed));
    EXPECT(name && !strcmp(name, "_Z5mixedcdPis"), "cudaFuncGetName: %s", name ? name : "(null)");
    const size_t want_off[] = {0, 8, 16, 24}, want_size[] = {1, 8, 8, 2};
    for (size_t i = 0; i < 4; i++) {
        size_t off = 99, size = 99;
        CHECK(cudaFuncGetParamInfo((const void *)mixed, i, &off, &size));
        EXPECT(off == want_off[i] && size == want_size[i], "parameter %zu at %zu, %zu bytes", i, off, size);
    }
    size_t off, size;
    e = cudaFuncGetParamInfo((const void *)mixed, 4, &off, &size);
    EXPECT(e == cudaErrorInvalidValue, "a fifth parameter: %s", cudaGetErrorName(e));
    cudaGetLastError();
    return finish("launch_api");
}
