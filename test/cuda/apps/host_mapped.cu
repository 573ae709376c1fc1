// The program's own memory mapped into the device's space: malloc'd ranges
// (a large one, which glibc places with mmap near the top of the address
// space, and a small one from the heap) and a static array registered with
// cudaHostRegisterMapped, read and written by kernels through
// cudaHostGetDevicePointer and through the host pointer itself
// (cudaDevAttrCanUseHostPointerForRegisteredMem); copies and memsets that
// take them as device memory; the flags of cudaHostAlloc's memory; the
// runtime's errors; and, last, a kernel touching a range after
// cudaHostUnregister faults as an illegal address. Where CUDA's answer is
// not in its documentation, the expected one is what CUDA 13 gave on an H200
// (bench/hw/cudart_probe.h200.txt, main's commit 3673215; "the H200" below).
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

__global__ void scale_add(const int *in, int *out, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = k * in[i] + i;
}

// A pointer that may be shared memory or a loaded one is generic (nvcc
// cannot tell its space): a mapped range must not be taken for shared or
// local memory, and __isGlobal (isspacep.global) must say yes.
__global__ void through_generic(int *const *ptrs, int nptrs, int n, int *is_global)
{
    __shared__ int spare[64];
    int *p = (int)blockIdx.x < nptrs ? ptrs[blockIdx.x] : spare;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        p[i] += 1000 * (blockIdx.x + 1);
    if (threadIdx.x == 0)
        is_global[blockIdx.x] = __isGlobal(p);
}

static int static_buf[1000];

static void kernel_round_trip(int *host, int n, const char *what)
{
    int *dev, *mapped;
    CHECK(cudaMalloc(&dev, n * sizeof(int)));
    for (int i = 0; i < n; i++)
        host[i] = 3 * i - 7;
    CHECK(cudaHostGetDevicePointer(&mapped, host, 0));
    EXPECT(mapped == host, "%s: device pointer %p, host %p", what, (void *)mapped, (void *)host);
    scale_add<<<(n + 255) / 256, 256>>>(mapped, dev, n, 2);      // the kernel reads host memory
    scale_add<<<(n + 255) / 256, 256>>>(dev, host, n, 5);        // and writes it, by the host pointer
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        EXPECT(host[i] == 5 * (2 * (3 * i - 7) + i) + i, "%s: host[%d] = %d", what, i, host[i]);
    CHECK(cudaFree(dev));
}

int main()
{
    int can = 0;
    CHECK(cudaDeviceGetAttribute(&can, cudaDevAttrCanUseHostPointerForRegisteredMem, 0));
    EXPECT(can == 1, "cudaDevAttrCanUseHostPointerForRegisteredMem %d", can);

    const int big_n = 1 << 20, small_n = 300;
    int *big = (int *)malloc(big_n * sizeof(int)), *small = (int *)malloc(small_n * sizeof(int));
    CHECK(cudaHostRegister(big, big_n * sizeof(int), cudaHostRegisterMapped));
    CHECK(cudaHostRegister(small, small_n * sizeof(int), cudaHostRegisterMapped | cudaHostRegisterPortable));
    CHECK(cudaHostRegister(static_buf, sizeof static_buf, cudaHostRegisterMapped));
    kernel_round_trip(big, big_n, "4 MB malloc");
    kernel_round_trip(small, small_n, "1200-byte malloc");
    kernel_round_trip(static_buf, 1000, "static array");
    int **ptrs, *is_global;
    CHECK(cudaMallocManaged(&ptrs, 3 * sizeof *ptrs));
    CHECK(cudaMallocManaged(&is_global, 3 * sizeof *is_global));
    ptrs[0] = big, ptrs[1] = small, ptrs[2] = static_buf;
    int before[3] = {big[99], small[99], static_buf[99]};
    through_generic<<<3, 64>>>(ptrs, 3, 100, is_global);
    CHECK(cudaDeviceSynchronize());
    int after[3] = {big[99], small[99], static_buf[99]};
    for (int k = 0; k < 3; k++) {
        EXPECT(after[k] == before[k] + 1000 * (k + 1), "generic store %d: %d after %d", k, after[k], before[k]);
        EXPECT(is_global[k] == 1, "__isGlobal of mapped range %d: %d", k, is_global[k]);
    }

    // Copies and memsets take mapped memory as device memory.
    int *dev;
    CHECK(cudaMalloc(&dev, small_n * sizeof(int)));
    CHECK(cudaMemset(small, 0, small_n * sizeof(int)));
    CHECK(cudaMemcpy(dev, big, small_n * sizeof(int), cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(small, dev, small_n * sizeof(int), cudaMemcpyDeviceToDevice));
    for (int i = 0; i < small_n; i++)
        EXPECT(small[i] == big[i], "device-to-device copy into mapped memory: [%d] %d, %d", i, small[i], big[i]);
    cudaPointerAttributes pa;
    CHECK(cudaPointerGetAttributes(&pa, big + 10));
    EXPECT(pa.type == cudaMemoryTypeHost && pa.devicePointer == big + 10 && pa.hostPointer == big + 10,
           "registered memory's attributes: type %d", (int)pa.type);

    // A range registered without the mapped flag is mapped all the same
    // with unified addressing (the H200: a device pointer, a memset, flags 0x2).
    int *locked = (int *)malloc(4096);
    void *p;
    unsigned flags = 99;
    CHECK(cudaHostRegister(locked, 4096, cudaHostRegisterDefault));
    CHECK(cudaHostGetDevicePointer(&p, locked, 0));
    EXPECT(p == locked, "device pointer of a default registration %p, host %p", p, (void *)locked);
    CHECK(cudaMemset(locked, 0x7f, 4096));
    EXPECT(locked[1023] == 0x7f7f7f7f, "memset of a default registration: 0x%x", locked[1023]);
    locked[5] = 41;
    scale_add<<<1, 32>>>(locked, locked, 32, 1);   // the kernel reads and writes it
    CHECK(cudaDeviceSynchronize());
    EXPECT(locked[5] == 46, "a kernel on a default registration: %d", locked[5]);
    CHECK(cudaHostGetFlags(&flags, locked));
    EXPECT(flags == cudaHostAllocMapped, "flags of a default registration: 0x%x (the H200: 0x2)", flags);
    CHECK(cudaHostGetFlags(&flags, big + 5));
    EXPECT(flags == cudaHostAllocMapped, "flags of a mapped registration: 0x%x (the H200: 0x2)", flags);
    EXPECT(cudaHostGetDevicePointer(&p, big, 1) == cudaErrorInvalidValue, "cudaHostGetDevicePointer flags 1");
    EXPECT(cudaHostRegister(malloc(64), 64, cudaHostRegisterReadOnly) == cudaErrorNotSupported,
           "read-only registration (cudaDevAttrHostRegisterReadOnlySupported is 0)");
    EXPECT(cudaHostRegister(big + 100, 64, cudaHostRegisterMapped) == cudaErrorHostMemoryAlreadyRegistered,
           "a range inside a registered one");
    cudaGetLastError();
    CHECK(cudaHostUnregister(locked));

    // cudaHostAlloc's memory reports its flags with Mapped added, and
    // Portable unless write-combined (the H200: Mapped|Portable 0x3,
    // cudaMallocHost 0x3, Default 0x3, WriteCombined 0x6).
    int *ha, *mh, *hwc, *h0;
    CHECK(cudaHostAlloc(&ha, 256, cudaHostAllocMapped | cudaHostAllocPortable));
    CHECK(cudaMallocHost(&mh, 256));
    CHECK(cudaHostAlloc(&hwc, 256, cudaHostAllocWriteCombined));
    CHECK(cudaHostAlloc(&h0, 256, cudaHostAllocDefault));
    CHECK(cudaHostGetFlags(&flags, ha + 3));
    EXPECT(flags == 0x3, "cudaHostAlloc Mapped|Portable's flags: 0x%x", flags);
    CHECK(cudaHostGetFlags(&flags, mh));
    EXPECT(flags == 0x3, "cudaMallocHost's flags: 0x%x", flags);
    CHECK(cudaHostGetFlags(&flags, hwc));
    EXPECT(flags == 0x6, "cudaHostAlloc WriteCombined's flags: 0x%x", flags);
    CHECK(cudaHostGetFlags(&flags, h0));
    EXPECT(flags == 0x3, "cudaHostAlloc Default's flags: 0x%x", flags);
    EXPECT(cudaHostGetFlags(&flags, locked) == cudaErrorInvalidValue, "flags of memory no longer registered");
    EXPECT(cudaHostAlloc(&p, 64, 0x40) == cudaErrorInvalidValue, "cudaHostAlloc flag 0x40");
    // Registering the runtime's own pinned memory (the H200: cudaErrorInvalidValue).
    EXPECT(cudaHostRegister(ha, 256, cudaHostRegisterMapped) == cudaErrorInvalidValue,
           "registering cudaHostAlloc's memory");
    EXPECT(cudaHostRegister(mh, 256, cudaHostRegisterDefault) == cudaErrorInvalidValue,
           "registering cudaMallocHost's memory");
    cudaGetLastError();
    CHECK(cudaFreeHost(ha));
    CHECK(cudaFreeHost(mh));
    CHECK(cudaFreeHost(hwc));
    CHECK(cudaFreeHost(h0));

    // Unregistered, the range leaves the device's space: the kernel faults (sticky, so last).
    CHECK(cudaHostUnregister(small));
    scale_add<<<1, 32>>>(dev, small, 32, 1);
    cudaError_t e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorIllegalAddress, "a kernel writing an unregistered range: %s", cudaGetErrorName(e));
    return finish("host_mapped");
}
