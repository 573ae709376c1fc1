/* Host memory registered with the runtime (cudaHostRegister, Unregister),
 * and what the runtime says of host memory (cudaHostGetDevicePointer,
 * cudaHostGetFlags).
 *
 * Every registered range is mapped, whatever the flags: on a GPU with
 * unified addressing a registered range is reachable by kernels at its
 * host address, and CUDA 13 on an H200 (bench/hw/cudart_probe.h200.txt,
 * main's commit 3673215) gives a device pointer for, memsets, and reports
 * the flags 0x2 (cudaHostAllocMapped) of, a range registered with
 * cudaHostRegisterDefault as of one registered mapped. A range is a window
 * of the kernels' global space at its own address (ptx_grid.h's `mapped`;
 * the PTX windows lie where no host memory can), so its device pointer is
 * its host pointer. Host memory from cudaHostAlloc is in the arena, which
 * kernels reach anyway; registering it is cudaErrorInvalidValue there. */
#include <cuda_runtime_api.h>

#include <pthread.h>
#include <stdlib.h>

#include "device/ptx/ptx_grid.h"
#include "host/cudart/cudart.h"
#include "host/cudart/cudart_queue.h"

typedef struct {
    const char *base;
    size_t size;
    unsigned flags;
} cudart_locked_t;

static cudart_locked_t *locked;
static size_t nlocked, cap_locked;
static pthread_mutex_t locked_mu = PTHREAD_MUTEX_INITIALIZER;

/* The registered range that overlaps [p, p + size), or -1. */
static long find_locked(const char *p, size_t size)
{
    for (size_t i = 0; i < nlocked; i++)
        if (p < locked[i].base + locked[i].size && locked[i].base < p + size)
            return (long)i;
    return -1;
}

static cudaError_t add_locked(const char *p, size_t size, unsigned flags)
{
    if (cudart_mem_in_arena(p, 1) || cudart_mem_in_arena(p + size - 1, 1))
        return cudaErrorInvalidValue;   /* cudaMallocHost's or cudaHostAlloc's, as the H200 answers */
    if (find_locked(p, size) >= 0)
        return cudaErrorHostMemoryAlreadyRegistered;
    if (nlocked == cap_locked) {
        size_t cap = cap_locked ? 2 * cap_locked : 16;
        cudart_locked_t *n = realloc(locked, cap * sizeof *n);
        if (!n)
            return cudaErrorMemoryAllocation;
        locked = n, cap_locked = cap;
    }
    locked[nlocked++] = (cudart_locked_t){p, size, flags};
    return cudaSuccess;
}

int cudart_host_range(const void *p, uint64_t n)
{
    const char *c = p;
    int r = CUDART_HOST_NONE;
    pthread_mutex_lock(&locked_mu);
    for (size_t i = 0; i < nlocked; i++)
        if (c >= locked[i].base && n <= locked[i].size && (size_t)(c - locked[i].base) <= locked[i].size - n) {
            r = CUDART_HOST_MAPPED;
            break;
        }
    pthread_mutex_unlock(&locked_mu);
    return r;
}

int cudart_device_reaches(const void *p, uint64_t n)
{
    return cudart_mem_in_arena(p, n) || cudart_host_range(p, n) == CUDART_HOST_MAPPED;
}

uint32_t cudart_host_windows(ptx_gmem_t **w)
{
    uint32_t n = 0;
    *w = NULL;
    pthread_mutex_lock(&locked_mu);
    if (nlocked && (*w = malloc(nlocked * sizeof **w)))
        for (size_t i = 0; i < nlocked; i++)
            (*w)[n++] = (ptx_gmem_t){(uint8_t *)(uintptr_t)locked[i].base, (uint64_t)(uintptr_t)locked[i].base,
                                     locked[i].size};
    pthread_mutex_unlock(&locked_mu);
    return n;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    ENTER();
    if (!ptr || !size || flags & ~(unsigned)(cudaHostRegisterPortable | cudaHostRegisterMapped |
                                             cudaHostRegisterIoMemory | cudaHostRegisterReadOnly))
        RET(cudaErrorInvalidValue);
    /* device access to I/O memory, and read-only mappings (cudaDevAttrHostRegisterReadOnlySupported
     * is 0, as on an x86-64 host), are what a GPU's runtime refuses with NotSupported too */
    if (flags & (cudaHostRegisterIoMemory | cudaHostRegisterReadOnly))
        RET(cudaErrorNotSupported);
    pthread_mutex_lock(&locked_mu);
    cudaError_t r = add_locked(ptr, size, flags);
    pthread_mutex_unlock(&locked_mu);
    RET(r);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    ENTER();
    cudart_queue_drain();
    pthread_mutex_lock(&locked_mu);
    cudaError_t r = cudaErrorHostMemoryNotRegistered;
    for (size_t i = 0; i < nlocked; i++)
        if (locked[i].base == (const char *)ptr) {
            locked[i] = locked[--nlocked];
            r = cudaSuccess;
            break;
        }
    pthread_mutex_unlock(&locked_mu);
    RET(r);
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
    ENTER();
    cudart_block_t b;
    if (!pDevice || flags)
        RET(cudaErrorInvalidValue);
    if ((!cudart_mem_find(pHost, &b) || b.kind != CUDART_MEM_HOST) && cudart_host_range(pHost, 1) != CUDART_HOST_MAPPED)
        RET(cudaErrorInvalidValue);
    *pDevice = pHost;
    return cudaSuccess;
}

/* The flags as CUDA 13 on an H200 reports them (cudart_probe.h200.txt):
 * cudaHostAlloc's with cudaHostAllocMapped added, and Portable too unless
 * write-combined (Default and cudaMallocHost 0x3, WriteCombined 0x6,
 * Mapped|Portable 0x3); a registered range's 0x2, Portable added if it
 * was registered so (not measured). */
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
    ENTER();
    cudart_block_t b;
    if (!pFlags)
        RET(cudaErrorInvalidValue);
    if (cudart_mem_find(pHost, &b) && b.kind == CUDART_MEM_HOST) {
        *pFlags = b.flags | cudaHostAllocMapped | (b.flags & cudaHostAllocWriteCombined ? 0 : cudaHostAllocPortable);
        return cudaSuccess;
    }
    pthread_mutex_lock(&locked_mu);
    long i = find_locked(pHost, 1);
    if (i >= 0)
        *pFlags = cudaHostAllocMapped | (locked[i].flags & cudaHostRegisterPortable ? cudaHostAllocPortable : 0);
    pthread_mutex_unlock(&locked_mu);
    RET(i >= 0 ? cudaSuccess : cudaErrorInvalidValue);
}
