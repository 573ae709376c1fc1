// Work in two streams, in order within each; events around a kernel time it
// (on warpsim: simulated time from instruction counts), and a longer kernel
// takes longer.
#include "check.h"

__global__ void spin(int *out, int iters)
{
    int v = threadIdx.x;
    for (int i = 0; i < iters; i++)
        v = v * 1664525 + 1013904223;
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void add_one(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += 1;
}

static float timed(cudaStream_t s, int *d, int iters)
{
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    CHECK(cudaEventRecord(a, s));
    spin<<<4, 128, 0, s>>>(d, iters);
    CHECK(cudaEventRecord(b, s));
    CHECK(cudaEventSynchronize(b));
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    return ms;
}

int main()
{
    const int n = 4096;
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreate(&s1));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    int *h, *d1, *d2, *dspin;
    CHECK(cudaMallocHost(&h, n * sizeof(int)));
    CHECK(cudaMalloc(&d1, n * sizeof(int)));
    CHECK(cudaMalloc(&d2, n * sizeof(int)));
    CHECK(cudaMalloc(&dspin, 512 * sizeof(int)));
    for (int i = 0; i < n; i++)
        h[i] = i;
    CHECK(cudaMemcpyAsync(d1, h, n * sizeof(int), cudaMemcpyHostToDevice, s1));
    CHECK(cudaMemsetAsync(d2, 0, n * sizeof(int), s2));
    for (int k = 0; k < 3; k++)
        add_one<<<n / 256, 256, 0, s1>>>(d1, n);
    add_one<<<n / 256, 256, 0, s2>>>(d2, n);
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaStreamSynchronize(s2));
    int *r1 = new int[n], *r2 = new int[n];
    CHECK(cudaMemcpyAsync(r1, d1, n * sizeof(int), cudaMemcpyDeviceToHost, s1));
    CHECK(cudaMemcpyAsync(r2, d2, n * sizeof(int), cudaMemcpyDeviceToHost, s2));
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++) {
        EXPECT(r1[i] == i + 3, "r1[%d] = %d", i, r1[i]);
        EXPECT(r2[i] == 1, "r2[%d] = %d", i, r2[i]);
    }
    float short_ms = timed(s1, dspin, 10), long_ms = timed(s2, dspin, 1000);
    EXPECT(short_ms > 0, "a kernel took %g ms", short_ms);
    /* 990 more iterations of a dependent multiply-add, a cycle each at least,
     * at 2.5 GHz or less: 0.4 us more, launch overheads aside (the SM model
     * counts -gpgpu_kernel_launch_latency in both) */
    EXPECT(long_ms > short_ms + 0.0004, "100x the loop took %g ms against %g ms", long_ms, short_ms);
    cudaEvent_t untimed, t2;
    CHECK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    CHECK(cudaEventCreate(&t2));
    CHECK(cudaEventRecord(untimed, 0));
    CHECK(cudaEventRecord(t2, 0));
    float ms;
    EXPECT(cudaEventElapsedTime(&ms, untimed, t2) == cudaErrorInvalidResourceHandle, "timing an untimed event");
    CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle ? cudaSuccess : cudaErrorUnknown);
    CHECK(cudaStreamWaitEvent(s2, t2, 0));
    CHECK(cudaStreamQuery(s2));
    CHECK(cudaStreamDestroy(s1));
    CHECK(cudaStreamDestroy(s2));
    CHECK(cudaFreeHost(h));
    return finish("streams_events");
}
