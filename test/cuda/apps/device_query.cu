// The device as the GPU config describes it: properties and attributes
// agree, occupancy follows the block size and shared memory, function
// attributes are sane. With WARPSIM_CUDA_CONFIG the numbers change; the
// relations checked here hold for any config.
#include "check.h"

__global__ void small_kernel(int *p) { p[threadIdx.x] = threadIdx.x; }

__global__ void shared_kernel(int *p)
{
    __shared__ int buf[4096];
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    p[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}

int main()
{
    int count = 0, dev = -1;
    CHECK(cudaGetDeviceCount(&count));
    CHECK(cudaSetDevice(0));
    CHECK(cudaGetDevice(&dev));
    EXPECT(count == 1 && dev == 0, "count %d device %d", count, dev);
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("%s: cc %d.%d, %d SMs, %d threads/SM, %zu bytes shared/SM\n", p.name, p.major, p.minor,
           p.multiProcessorCount, p.maxThreadsPerMultiProcessor, p.sharedMemPerMultiprocessor);
    struct {
        cudaDeviceAttr a;
        int want;
    } pairs[] = {{cudaDevAttrMultiProcessorCount, p.multiProcessorCount},
                 {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
                 {cudaDevAttrWarpSize, p.warpSize},
                 {cudaDevAttrComputeCapabilityMajor, p.major},
                 {cudaDevAttrComputeCapabilityMinor, p.minor},
                 {cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
                 {cudaDevAttrMaxSharedMemoryPerMultiprocessor, (int)p.sharedMemPerMultiprocessor},
                 {cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock}};
    for (auto &q : pairs) {
        int v = -1;
        CHECK(cudaDeviceGetAttribute(&v, q.a, 0));
        EXPECT(v == q.want, "attribute %d: %d, property %d", (int)q.a, v, q.want);
    }
    EXPECT(p.warpSize == 32 && p.maxThreadsPerBlock >= 512 && p.multiProcessorCount > 0, "basic limits");
    int b32, b1024, bshared;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b32, small_kernel, 32, 0));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b1024, small_kernel, 1024, 0));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bshared, shared_kernel, 32, 0));
    EXPECT(b1024 == p.maxThreadsPerMultiProcessor / 1024, "1024-thread blocks per SM: %d", b1024);
    EXPECT(b32 >= b1024 && b32 <= p.maxBlocksPerMultiProcessor, "32-thread blocks per SM: %d", b32);
    EXPECT(bshared == (int)(p.sharedMemPerMultiprocessor / (4096 * 4)) || bshared < b32,
           "16 KB blocks per SM: %d", bshared);
    cudaFuncAttributes fa;
    CHECK(cudaFuncGetAttributes(&fa, shared_kernel));
    EXPECT(fa.sharedSizeBytes == 4096 * 4, "static shared %zu", fa.sharedSizeBytes);
    EXPECT(fa.maxThreadsPerBlock > 0 && fa.numRegs > 0 && fa.ptxVersion >= 75, "attrs: %d threads %d regs ptx %d",
           fa.maxThreadsPerBlock, fa.numRegs, fa.ptxVersion);
    int rt = 0;
    CHECK(cudaRuntimeGetVersion(&rt));
    EXPECT(rt >= 13000, "runtime version %d", rt);
    size_t fifo;
    CHECK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4 << 20));
    CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
    EXPECT(fifo == 4 << 20, "printf FIFO %zu", fifo);
    /* free memory goes down by what cudaMalloc takes and back up on cudaFree */
    size_t free0, free1, free2, total;
    void *big;
    CHECK(cudaMemGetInfo(&free0, &total));
    CHECK(cudaMalloc(&big, 64 << 20));
    CHECK(cudaMemGetInfo(&free1, &total));
    CHECK(cudaFree(big));
    CHECK(cudaMemGetInfo(&free2, &total));
    EXPECT(free0 <= total && free0 - free1 >= (size_t)64 << 20 && free2 == free0,
           "free %zu, %zu after 64 MB, %zu after freeing",
           free0, free1, free2);
    return finish("device_query");
}
