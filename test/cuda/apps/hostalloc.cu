// Pinned and mapped host memory: cudaHostAlloc(Mapped) read by a kernel
// through cudaHostGetDevicePointer (zero copy), cudaMallocHost as a copy
// source, pointer attributes of each kind; malloc'd memory page-locked with
// cudaHostRegister as a copy's source and destination, and the runtime's
// errors for a range registered twice or released unregistered.
#include <stdlib.h>

#include "check.h"

__global__ void doubler(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2 * in[i];
}

int main()
{
    const int n = 3000;
    int *mapped, *pinned, *dev, *dmapped;
    CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
    CHECK(cudaHostAlloc(&mapped, n * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaMallocHost(&pinned, n * sizeof(int)));
    CHECK(cudaMalloc(&dev, n * sizeof(int)));
    for (int i = 0; i < n; i++)
        mapped[i] = i - 1000;
    CHECK(cudaHostGetDevicePointer(&dmapped, mapped, 0));
    doubler<<<(n + 127) / 128, 128>>>(dmapped, dev, n);
    CHECK(cudaMemcpy(pinned, dev, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(pinned[i] == 2 * (i - 1000), "pinned[%d] = %d", i, pinned[i]);
    doubler<<<(n + 127) / 128, 128>>>(dev, dmapped, n);   // the kernel writes host memory
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        EXPECT(mapped[i] == 4 * (i - 1000), "mapped[%d] = %d", i, mapped[i]);
    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, pinned));
    EXPECT(a.type == cudaMemoryTypeHost, "pinned: type %d", (int)a.type);
    CHECK(cudaPointerGetAttributes(&a, dev + 5));
    EXPECT(a.type == cudaMemoryTypeDevice && a.devicePointer == dev + 5, "device: type %d", (int)a.type);
    int local;
    CHECK(cudaPointerGetAttributes(&a, &local));
    EXPECT(a.type == cudaMemoryTypeUnregistered, "a stack variable: type %d", (int)a.type);
    CHECK(cudaMemcpy(pinned, mapped, n * sizeof(int), cudaMemcpyDefault));
    EXPECT(pinned[n - 1] == mapped[n - 1], "cudaMemcpyDefault");
    int *own = (int *)malloc(n * sizeof(int));
    CHECK(cudaHostRegister(own, n * sizeof(int), cudaHostRegisterDefault));
    EXPECT(cudaHostRegister(own + 10, 4, cudaHostRegisterDefault) == cudaErrorHostMemoryAlreadyRegistered,
           "a range inside a registered one registered again");
    cudaGetLastError();
    for (int i = 0; i < n; i++)
        own[i] = 7 * i;
    CHECK(cudaMemcpy(dev, own, n * sizeof(int), cudaMemcpyHostToDevice));
    doubler<<<(n + 127) / 128, 128>>>(dev, dev, n);
    CHECK(cudaMemcpy(own, dev, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(own[i] == 14 * i, "own[%d] = %d", i, own[i]);
    CHECK(cudaHostUnregister(own));
    EXPECT(cudaHostUnregister(own) == cudaErrorHostMemoryNotRegistered, "released twice");
    cudaGetLastError();
    free(own);
    CHECK(cudaFreeHost(mapped));
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFree(dev));
    return finish("hostalloc");
}
