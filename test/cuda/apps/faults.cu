// Kernel faults come back as a GPU gives them: an out-of-bounds access is
// cudaErrorIllegalAddress, a misaligned one cudaErrorMisalignedAddress, a
// trap cudaErrorLaunchFailure; each is sticky (later calls return it) until
// cudaDeviceReset; a cooperative grid whose barrier can never complete (a
// block that returns before it) fails with cudaErrorLaunchFailure on any
// number of host threads. Launch errors (a bad configuration) are not sticky.
#include <cooperative_groups.h>

#include "check.h"

__global__ void oob(int *p) { p[threadIdx.x * 1000000] = 1; }
__global__ void misaligned(char *p) { *(int *)(p + 1 + threadIdx.x * 4) = 7; }
__global__ void trap() { if (threadIdx.x == 5) __trap(); }
__global__ void fine(int *p) { p[threadIdx.x] = threadIdx.x; }
/* a grid barrier block 0 never reaches: a GPU hangs; warpsim fails the launch */
__global__ void stranded()
{
    if (blockIdx.x != 0)
        cooperative_groups::this_grid().sync();
}

static void expect_fault(cudaError_t want)
{
    cudaError_t sync = cudaDeviceSynchronize();
    EXPECT(sync == want, "synchronize gave %s, want %s", cudaGetErrorName(sync), cudaGetErrorName(want));
    int *q;
    cudaError_t later = cudaMalloc(&q, 16);
    EXPECT(later == want, "a later call gave %s (sticky)", cudaGetErrorName(later));
    EXPECT(cudaGetLastError() == want, "last error");
    CHECK(cudaDeviceReset());
}

int main()
{
    int *d;
    CHECK(cudaMalloc(&d, 1024));
    fine<<<1, 2000>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration, "a block of 2000 threads");
    EXPECT(cudaGetLastError() == cudaSuccess, "cudaGetLastError clears a launch error");
    fine<<<1, 32>>>(d);
    CHECK(cudaDeviceSynchronize());

    oob<<<1, 32>>>(d);
    expect_fault(cudaErrorIllegalAddress);
    CHECK(cudaMalloc(&d, 1024));
    misaligned<<<1, 32>>>((char *)d);
    expect_fault(cudaErrorMisalignedAddress);
    trap<<<1, 32>>>();
    expect_fault(cudaErrorLaunchFailure);
    cudaLaunchCooperativeKernel((const void *)stranded, dim3(8), dim3(64), NULL, 0, 0);  /* its error, or the sync's */
    expect_fault(cudaErrorLaunchFailure);

    CHECK(cudaMalloc(&d, 1024));
    fine<<<1, 32>>>(d);
    CHECK(cudaDeviceSynchronize());
    int h[32];
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[31] == 31, "after the reset a kernel runs: %d", h[31]);
    EXPECT(cudaFree((void *)0x1234) == cudaErrorInvalidValue, "freeing what cudaMalloc did not give");
    EXPECT(cudaMemcpy(h, (void *)16, 4, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue, "copying from no memory");
    EXPECT(cudaSetDevice(3) == cudaErrorInvalidDevice, "device 3");
    cudaGetLastError();
    EXPECT(!strcmp(cudaGetErrorName(cudaErrorIllegalAddress), "cudaErrorIllegalAddress"), "a name");
    EXPECT(!strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory"), "a string");
    return finish("faults");
}
