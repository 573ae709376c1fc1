// Stream-ordered allocation: the device's default pool and one of the
// program's own, allocate / free / reuse in streams with kernels between,
// the pool's counters (reserved and used memory, their high watermarks)
// after each step, the release threshold at a synchronisation,
// cudaMemPoolTrimTo, a pool's maximum size, and the runtime's errors. The
// counters follow what CUDA 13 gave on an H200 (bench/hw/cudart_probe.h200.txt,
// main's commit 3673215): used memory is the bytes asked, reserved memory
// grows 32 MiB at a time, and memory in use keeps its 32 MiB reserved
// through a trim. A pool's maximum size counts what it holds in 256-byte
// granules (not measured on a GPU).
#include <stdint.h>

#include "check.h"

__global__ void fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

__global__ void sum_into(const int *p, int n, unsigned long long *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, (unsigned long long)p[i]);
}

static uint64_t get(cudaMemPool_t pool, cudaMemPoolAttr a)
{
    uint64_t v = ~0ull;
    CHECK(cudaMemPoolGetAttribute(pool, a, &v));
    return v;
}

#define COUNTERS(pool, res, used)                                                                     \
    do {                                                                                              \
        uint64_t r_ = get(pool, cudaMemPoolAttrReservedMemCurrent), u_ = get(pool, cudaMemPoolAttrUsedMemCurrent); \
        EXPECT(r_ == (uint64_t)(res) && u_ == (uint64_t)(used), "reserved %llu (want %llu), used %llu (want %llu)", \
               (unsigned long long)r_, (unsigned long long)(res), (unsigned long long)u_,             \
               (unsigned long long)(used));                                                           \
    } while (0)

int main()
{
    const int n = 100000;                       // 400000 bytes: 400128 in 256-byte granules
    const uint64_t B = 400000, SMALL = 4096, C = 32ull << 20;
    int supported = 0;
    CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
    EXPECT(supported == 1, "cudaDevAttrMemoryPoolsSupported %d", supported);
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreate(&s1));
    CHECK(cudaStreamCreate(&s2));
    unsigned long long *sum;
    CHECK(cudaMallocManaged(&sum, sizeof *sum));

    // The default pool, which cudaMallocAsync takes from; threshold 0: freed memory goes back
    // at the next synchronisation.
    cudaMemPool_t def, cur;
    CHECK(cudaDeviceGetDefaultMemPool(&def, 0));
    CHECK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(def == cur, "the default pool is the current one");
    EXPECT(get(def, cudaMemPoolAttrReleaseThreshold) == 0, "default threshold");
    COUNTERS(def, 0, 0);
    int *a, *b;
    CHECK(cudaMallocAsync(&a, n * sizeof(int), s1));
    COUNTERS(def, C, B);
    fill<<<(n + 255) / 256, 256, 0, s1>>>(a, n, 5);
    *sum = 0;
    sum_into<<<(n + 255) / 256, 256, 0, s1>>>(a, n, sum);
    CHECK(cudaFreeAsync(a, s1));
    COUNTERS(def, C, 0);                        // freed to the pool, still reserved
    CHECK(cudaMallocAsync(&b, n * sizeof(int), s2));
    EXPECT(b == a, "a free in s1 reused by s2: %p, %p", (void *)a, (void *)b);
    COUNTERS(def, C, B);
    CHECK(cudaFreeAsync(b, s2));
    CHECK(cudaStreamSynchronize(s1));
    EXPECT(*sum == 5ull * n + (unsigned long long)n * (n - 1) / 2, "kernel sum %llu", *sum);
    COUNTERS(def, 0, 0);                        // released above the threshold (0) at the sync
    EXPECT(get(def, cudaMemPoolAttrReservedMemHigh) == C && get(def, cudaMemPoolAttrUsedMemHigh) == B, "highs");

    // A threshold keeps memory across synchronisations; TrimTo gives it back.
    uint64_t keep = UINT64_MAX;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &keep));
    int *c, *d;
    CHECK(cudaMallocAsync(&c, n * sizeof(int), s1));
    CHECK(cudaMallocAsync(&d, SMALL, s1));
    COUNTERS(def, C, B + SMALL);
    CHECK(cudaFreeAsync(c, s1));
    CHECK(cudaFreeAsync(d, s1));
    CHECK(cudaDeviceSynchronize());
    COUNTERS(def, C, 0);
    int *e;
    CHECK(cudaMallocAsync(&e, 1000, s1));       // the smallest held block that fits
    EXPECT(e == d, "1000 bytes from the 4 KB block: %p, %p", (void *)e, (void *)d);
    COUNTERS(def, C, 1000);
    CHECK(cudaMemPoolTrimTo(def, 0));           // only what is held can go; e keeps its 32 MiB
    COUNTERS(def, C, 1000);
    uint64_t zero = 0;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero));
    EXPECT(get(def, cudaMemPoolAttrUsedMemHigh) == 1000, "high reset to the current %llu",
           (unsigned long long)get(def, cudaMemPoolAttrUsedMemHigh));
    CHECK(cudaFree(e));                         // cudaFree of pooled memory: back to the pool
    COUNTERS(def, C, 0);
    CHECK(cudaMemPoolTrimTo(def, 0));
    COUNTERS(def, 0, 0);

    // An allocation past the first 32 MiB: 64 MiB reserved (the H200: 3.5 MiB
    // then 40 MiB in use, 67108864 reserved).
    int *big1, *big2;
    CHECK(cudaMallocAsync(&big1, 3 << 20, s1));
    CHECK(cudaMallocAsync(&big2, 40 << 20, s1));
    COUNTERS(def, 2 * C, (3 << 20) + (40 << 20));
    CHECK(cudaFreeAsync(big1, s1));
    CHECK(cudaFreeAsync(big2, s1));
    CHECK(cudaMemPoolTrimTo(def, 0));
    COUNTERS(def, 0, 0);

    // A pool of the program's own: cudaMallocFromPoolAsync, then the device's current pool.
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    props.maxSize = 2 * 400128;                 // two of them in 256-byte granules
    cudaMemPool_t mine;
    CHECK(cudaMemPoolCreate(&mine, &props));
    int *f, *g, *h;
    CHECK(cudaMallocFromPoolAsync((void **)&f, n * sizeof(int), mine, s2));
    CHECK(cudaMallocFromPoolAsync((void **)&g, n * sizeof(int), mine, s2));
    COUNTERS(mine, C, 2 * B);
    COUNTERS(def, 0, 0);
    EXPECT(cudaMallocFromPoolAsync((void **)&h, 16, mine, s2) == cudaErrorMemoryAllocation, "past maxSize");
    cudaGetLastError();
    fill<<<(n + 255) / 256, 256, 0, s2>>>(g, n, -3);
    CHECK(cudaDeviceSetMemPool(0, mine));
    CHECK(cudaFreeAsync(f, s2));
    CHECK(cudaMallocAsync(&h, n * sizeof(int), s1));   // from the current pool: f's block again
    EXPECT(h == f, "cudaMallocAsync from the device's current pool");
    int first = 0;
    CHECK(cudaMemcpy(&first, g + 7, sizeof first, cudaMemcpyDeviceToHost));
    EXPECT(first == 4, "kernel wrote pooled memory: %d", first);
    enum cudaMemAccessFlags acc;
    cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
    CHECK(cudaMemPoolGetAccess(&acc, mine, &loc));
    EXPECT(acc == cudaMemAccessFlagsProtReadWrite, "access %d", (int)acc);

    // Destroying the current pool makes the default current; its memory in use stays valid.
    CHECK(cudaMemPoolDestroy(mine));
    CHECK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == def, "default pool current again");
    CHECK(cudaMemcpy(&first, g + 8, sizeof first, cudaMemcpyDeviceToHost));
    EXPECT(first == 5, "memory of a destroyed pool still in use: %d", first);
    CHECK(cudaFreeAsync(g, s2));
    CHECK(cudaFreeAsync(h, s1));

    // Errors, as the runtime gives them.
    int *x;
    EXPECT(cudaMemPoolDestroy(def) == cudaErrorInvalidValue, "destroying the default pool");
    CHECK(cudaMallocAsync(&x, 16, s1));
    CHECK(cudaFreeAsync(x, s1));
    EXPECT(cudaFreeAsync(x, s1) == cudaErrorInvalidValue, "freeing twice");
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReservedMemCurrent, &zero) == cudaErrorInvalidValue,
           "setting a counter");
    uint64_t one = 1;
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &one) == cudaErrorInvalidValue,
           "a high watermark set to other than 0");
    EXPECT(cudaMallocAsync(&x, 16, (cudaStream_t)&one) == cudaErrorInvalidResourceHandle, "not a stream");
    EXPECT(cudaDeviceGetDefaultMemPool(&cur, 1) == cudaErrorInvalidDevice, "device 1");
    props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
    EXPECT(cudaMemPoolCreate(&mine, &props) == cudaErrorNotSupported, "an IPC pool");
    cudaGetLastError();
    CHECK(cudaStreamDestroy(s1));
    CHECK(cudaStreamDestroy(s2));
    return finish("mempool");
}
