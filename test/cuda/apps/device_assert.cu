// A device-side assert that fails in one thread: the line a GPU prints for it
// (cuda_apps_test.sh checks it on stdout), cudaErrorAssert from the
// synchronisation, and the error sticky afterwards, as on a GPU. Threads whose
// assert holds go on; the failing block stops at the trap.
#include <cassert>

#include "check.h"

__global__ void check_below(int *v, int limit)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(v[i] < limit);
    v[i] = -v[i];
}

int main()
{
    int h[64], *d;
    for (int i = 0; i < 64; i++)
        h[i] = i == 37 ? 1000 : i;
    CHECK(cudaMalloc(&d, sizeof h));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    check_below<<<2, 32>>>(d, 100);   // (warpsim runs it at once: its launch may say so already)
    cudaError_t e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorAssert, "synchronising after a failed assert: %s", cudaGetErrorName(e));
    void *p;
    e = cudaMalloc(&p, 16);
    EXPECT(e == cudaErrorAssert, "a later call: %s (sticky)", cudaGetErrorName(e));
    return finish("device_assert");
}
