// The host goes on while the device works, as cuda-samples' UnifiedMemoryPerf
// relies on: a kernel in a created stream spins on a mapped latch that the host
// sets only after queuing more work in that stream (a copy, a kernel, an event,
// a host function); until then the stream and the event are not ready. Work
// in the legacy stream waits for the created streams (the legacy stream's
// implicit synchronisation); a callback sees the earlier work done; device
// printf of a queued kernel comes out at the synchronisation, after the host's
// line printed before it (as a GPU flushes its printf buffer), which
// cuda_apps_test.sh checks.
#include "check.h"

__global__ void wait_for(volatile unsigned *latch, int *seen)
{
    while (latch[0] < 1)
        ;
    *seen = (int)latch[0];
}

__global__ void scale(int *p, int n, int by)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= by;
}

__global__ void say(int v) { printf("kernel says %d\n", v); }

static void CUDART_CB after(void *arg) { *(volatile int *)arg = 1; }

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *arg)
{
    *(volatile int *)arg = status == cudaSuccess ? 2 : -1;
}

int main()
{
    const int n = 4096;
    unsigned *latch;
    int *host, *dev, *seen;
    CHECK(cudaHostAlloc(&latch, sizeof *latch, cudaHostAllocMapped));
    CHECK(cudaMallocHost(&host, n * sizeof *host));
    CHECK(cudaMalloc(&dev, n * sizeof *dev));
    CHECK(cudaMalloc(&seen, sizeof *seen));
    for (int i = 0; i < n; i++)
        host[i] = i;
    cudaStream_t s;
    cudaEvent_t done;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaEventCreate(&done));

    *(volatile unsigned *)latch = 0;
    volatile int host_fn = 0;
    wait_for<<<1, 1, 0, s>>>(latch, seen);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(dev, host, n * sizeof *dev, cudaMemcpyHostToDevice, s));
    scale<<<(n + 255) / 256, 256, 0, s>>>(dev, n, 3);
    CHECK(cudaMemcpyAsync(host, dev, n * sizeof *dev, cudaMemcpyDeviceToHost, s));
    CHECK(cudaLaunchHostFunc(s, after, (void *)&host_fn));
    CHECK(cudaEventRecord(done, s));
    // the kernel waits for the latch: nothing after it has run
    EXPECT(cudaStreamQuery(s) == cudaErrorNotReady, "the stream busy while its kernel waits");
    EXPECT(cudaEventQuery(done) == cudaErrorNotReady, "the event not reached");
    EXPECT(host_fn == 0, "the host function not run yet");
    EXPECT(host[5] == 5, "the copy back not done: %d", host[5]);
    *(volatile unsigned *)latch = 1;
    CHECK(cudaEventSynchronize(done));
    EXPECT(host_fn == 1, "the host function ran before the event");
    CHECK(cudaStreamSynchronize(s));
    EXPECT(cudaStreamQuery(s) == cudaSuccess, "the stream idle");
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += host[i] != 3 * i;
    EXPECT(bad == 0, "%d elements not tripled (host[7] = %d)", bad, host[7]);
    int got = 0;
    CHECK(cudaMemcpy(&got, seen, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == 1, "the kernel saw the latch at %d", got);

    // the legacy stream waits for the created one: the synchronous copy sees the kernel's result
    *(volatile unsigned *)latch = 0;
    wait_for<<<1, 1, 0, s>>>(latch, seen);
    scale<<<(n + 255) / 256, 256, 0, s>>>(dev, n, 2);
    *(volatile unsigned *)latch = 1;
    CHECK(cudaMemcpy(host, dev, n * sizeof *dev, cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += host[i] != 6 * i;
    EXPECT(bad == 0, "%d elements not 6i after the legacy copy (host[7] = %d)", bad, host[7]);

    // a callback after queued work sees it done
    volatile int cb = 0;
    *(volatile unsigned *)latch = 0;
    wait_for<<<1, 1, 0, s>>>(latch, seen);
    CHECK(cudaStreamAddCallback(s, callback, (void *)&cb, 0));
    EXPECT(cb == 0, "the callback waits for the kernel");
    *(volatile unsigned *)latch = 1;
    CHECK(cudaDeviceSynchronize());
    EXPECT(cb == 2, "the callback ran with cudaSuccess: %d", cb);

    // device printf of a queued kernel: out at the synchronisation
    say<<<1, 1, 0, s>>>(7);
    printf("host before the synchronisation\n");
    fflush(stdout);
    CHECK(cudaStreamSynchronize(s));
    printf("host after the synchronisation\n");

    CHECK(cudaEventDestroy(done));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(dev));
    CHECK(cudaFree(seen));
    CHECK(cudaFreeHost(host));
    CHECK(cudaFreeHost(latch));
    return finish("async_streams");
}
