// Kernels in the legacy (NULL) stream return at once and run while the host
// goes on, as on a GPU: a kernel spins until the host sets a mapped flag, so
// the stream, an event after it and an async copy into pinned memory behind
// it are not done until the host sets it. The synchronous cudaMemcpy and
// cudaMemset wait for the kernels issued before them.
#include "check.h"

__global__ void wait_flag(volatile int *flag, int *out)
{
    while (*flag == 0) {
    }
    out[0] = 7;
}

__global__ void add_one(int *out) { out[1] += 1; }

int main()
{
    volatile int *flag;
    int *d, *pinned, h[2];
    cudaEvent_t e;
    CHECK(cudaHostAlloc((void **)&flag, sizeof(int), cudaHostAllocMapped));
    CHECK(cudaMallocHost((void **)&pinned, 2 * sizeof(int)));
    CHECK(cudaMalloc(&d, 2 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 2 * sizeof(int)));
    CHECK(cudaEventCreate(&e));
    *flag = 0;
    pinned[0] = pinned[1] = -1;

    wait_flag<<<1, 1>>>(flag, d);
    CHECK(cudaGetLastError());
    add_one<<<1, 1>>>(d);
    CHECK(cudaMemcpyAsync(pinned, d, 2 * sizeof(int), cudaMemcpyDeviceToHost, 0));
    CHECK(cudaEventRecord(e, 0));
    EXPECT(cudaStreamQuery(0) == cudaErrorNotReady, "the legacy stream is done before the flag is set");
    EXPECT(cudaEventQuery(e) == cudaErrorNotReady, "the event is done before the flag is set");
    EXPECT(pinned[0] == -1 && pinned[1] == -1, "the copy ran before its kernels: %d %d", pinned[0], pinned[1]);
    __sync_synchronize();
    *flag = 1;
    CHECK(cudaEventSynchronize(e));
    EXPECT(pinned[0] == 7 && pinned[1] == 1, "after the event: %d %d", pinned[0], pinned[1]);
    EXPECT(cudaStreamQuery(0) == cudaSuccess, "the legacy stream is not done after its event");

    add_one<<<1, 1>>>(d);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[1] == 2, "cudaMemcpy after a kernel: %d", h[1]);
    add_one<<<1, 1>>>(d);
    CHECK(cudaMemset(d, 0, sizeof(int)));
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 0 && h[1] == 3, "cudaMemset after a kernel: %d %d", h[0], h[1]);

    CHECK(cudaEventDestroy(e));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFreeHost((void *)flag));
    return finish("legacy_async");
}
