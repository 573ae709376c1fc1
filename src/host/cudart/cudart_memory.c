/* Memory: cudaMalloc and its kinds, copies, sets, symbols. Device, host
 * (pinned) and managed allocations all live in the arena (cudart_mem.c), so
 * every kind of copy is memcpy; a pointer the kind says is the device's
 * must be one a kernel reaches (the arena, mapped host memory), else
 * cudaErrorInvalidValue, as a GPU's runtime says of a host pointer passed as
 * a device one. Async forms complete
 * before they return (launches run to completion: cudart.h). */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_card.h"
#include "host/cudart/cudart_mempool.h"
#include "host/cudart/cudart_module.h"

static cudaError_t alloc(void **p, size_t size, int kind, unsigned flags)
{
    ENTER();
    if (!p)
        RET(cudaErrorInvalidValue);
    *p = cudart_mem_alloc(size, kind, flags, NULL);
    RET(*p ? cudaSuccess : cudaErrorMemoryAllocation);
}

cudaError_t cudaMalloc(void **devPtr, size_t size) { return alloc(devPtr, size, CUDART_MEM_DEVICE, 0); }
cudaError_t cudaMallocHost(void **ptr, size_t size) { return alloc(ptr, size, CUDART_MEM_HOST, cudaHostAllocDefault); }

/* Every kind is mapped: host memory is in the arena, which kernels reach. */
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
    if (flags & ~(unsigned)(cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
        RET(cudaErrorInvalidValue);
    return alloc(pHost, size, CUDART_MEM_HOST, flags);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
    return alloc(devPtr, size, CUDART_MEM_MANAGED, flags);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    if (!pitch)
        RET(cudaErrorInvalidValue);
    *pitch = (width + 511) & ~(size_t)511;   /* rows start 512-byte aligned, as a GPU's runtime gives them */
    return cudaMalloc(devPtr, *pitch * height);
}

cudaError_t cudaFree(void *devPtr)
{
    ENTER();
    cudart_block_t b;
    if (devPtr && cudart_mem_find(devPtr, &b) && b.owner) {   /* cudaMallocAsync's: cudaFree synchronises */
        int e = cudart_pool_free(devPtr);
        cudart_pools_sync();
        RET(e);
    }
    RET(!devPtr || !cudart_mem_free(devPtr, CUDART_MEM_DEVICE | CUDART_MEM_MANAGED) ? cudaSuccess
                                                                                     : cudaErrorInvalidValue);
}

cudaError_t cudaFreeHost(void *ptr)
{
    ENTER();
    RET(!ptr || !cudart_mem_free(ptr, CUDART_MEM_HOST) ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *ptr)
{
    ENTER();
    cudart_block_t b = {0};
    if (!a)
        RET(cudaErrorInvalidValue);
    memset(a, 0, sizeof *a);
    if (!cudart_mem_find(ptr, &b)) {
        int reg = cudart_host_range(ptr, 1);
        a->type = reg ? cudaMemoryTypeHost : cudaMemoryTypeUnregistered;
        a->device = reg ? 0 : -2;
        a->hostPointer = (void *)ptr;
        a->devicePointer = reg == CUDART_HOST_MAPPED ? (void *)ptr : NULL;
        return cudaSuccess;
    }
    a->type = b.kind == CUDART_MEM_HOST      ? cudaMemoryTypeHost
              : b.kind == CUDART_MEM_MANAGED ? cudaMemoryTypeManaged
                                             : cudaMemoryTypeDevice;
    a->devicePointer = (void *)ptr;
    a->hostPointer = b.kind == CUDART_MEM_HOST || b.kind == CUDART_MEM_MANAGED ? (void *)ptr : NULL;
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total)
{
    ENTER();
    *total = cudart_card()->global_bytes;   /* free is at most the arena's 64 GB */
    *free = cudart_mem_unused();
    return cudaSuccess;
}

/* Does the copy's kind agree with where dst and src are? */
static int copy_ok(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
    int dev_dst = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
    int dev_src = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        return 0;
    return (!dev_dst || cudart_device_reaches(dst, n)) && (!dev_src || cudart_device_reaches(src, n));
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    ENTER();
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        RET(cudaErrorInvalidMemcpyDirection);
    if (count && (!dst || !src || !copy_ok(dst, src, count, kind)))
        RET(cudaErrorInvalidValue);
    memmove(dst, src, count);
    return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t s)
{
    return cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
    ENTER();
    if (width > dpitch || width > spitch)
        RET(cudaErrorInvalidPitchValue);
    for (size_t r = 0; r < height; r++) {
        cudaError_t e = cudaMemcpy((char *)dst + r * dpitch, (const char *)src + r * spitch, width, kind);
        if (e)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t s)
{
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    if (dstDevice || srcDevice)
        RET(cudaErrorInvalidDevice);
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    ENTER();
    if (count && !cudart_device_reaches(devPtr, count))
        RET(cudaErrorInvalidValue);
    memset(devPtr, value, count);
    return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t s)
{
    return cudaMemset(devPtr, value, count);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    if (width > pitch)
        RET(cudaErrorInvalidPitchValue);
    for (size_t r = 0; r < height; r++) {
        cudaError_t e = cudaMemset((char *)devPtr + r * pitch, value, width);
        if (e)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t s)
{
    return cudaMemset2D(devPtr, pitch, value, width, height);
}

/* A __device__/__constant__ variable's bytes [offset, offset + count). */
static cudaError_t symbol_bytes(const void *symbol, size_t count, size_t offset, uint8_t **where)
{
    uint64_t size;
    int e = cudart_var_find(symbol, where, &size);
    if (e)
        RET(e);
    if (offset > size || count > size - offset)
        RET(cudaErrorInvalidValue);
    *where += offset;
    return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    ENTER();
    uint8_t *w;
    cudaError_t e = symbol_bytes(symbol, count, offset, &w);
    if (e)
        return e;
    if (kind == cudaMemcpyDeviceToDevice && !cudart_device_reaches(src, count))
        RET(cudaErrorInvalidValue);
    memmove(w, src, count);
    return cudaSuccess;
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    ENTER();
    uint8_t *w;
    cudaError_t e = symbol_bytes(symbol, count, offset, &w);
    if (e)
        return e;
    if (kind == cudaMemcpyDeviceToDevice && !cudart_device_reaches(dst, count))
        RET(cudaErrorInvalidValue);
    memmove(dst, w, count);
    return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t s)
{
    return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t s)
{
    return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}

/* A __constant__ variable has no address in the global space: as on a GPU,
 * only __device__ variables have one a kernel parameter can carry. */
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    ENTER();
    uint8_t *w;
    uint64_t size;
    int e = cudart_var_find(symbol, &w, &size);
    if (e)
        RET(e);
    if (!cudart_mem_in_arena(w, size))
        RET(cudaErrorInvalidSymbol);
    *devPtr = w;
    return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    ENTER();
    uint8_t *w;
    uint64_t sz;
    int e = cudart_var_find(symbol, &w, &sz);
    if (e)
        RET(e);
    *size = sz;
    return cudaSuccess;
}

/* Hints about where managed memory should live: nothing moves here. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream)
{
    ENTER();
    return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location)
{
    ENTER();
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaMemcpy_ptds, cudaMemcpy);
ALIAS(cudaMemcpyAsync_ptsz, cudaMemcpyAsync);
ALIAS(cudaMemcpy2D_ptds, cudaMemcpy2D);
ALIAS(cudaMemcpy2DAsync_ptsz, cudaMemcpy2DAsync);
ALIAS(cudaMemset_ptds, cudaMemset);
ALIAS(cudaMemsetAsync_ptsz, cudaMemsetAsync);
ALIAS(cudaMemset2D_ptds, cudaMemset2D);
ALIAS(cudaMemset2DAsync_ptsz, cudaMemset2DAsync);
ALIAS(cudaMemcpyToSymbol_ptds, cudaMemcpyToSymbol);
ALIAS(cudaMemcpyFromSymbol_ptds, cudaMemcpyFromSymbol);
ALIAS(cudaMemcpyToSymbolAsync_ptsz, cudaMemcpyToSymbolAsync);
ALIAS(cudaMemcpyFromSymbolAsync_ptsz, cudaMemcpyFromSymbolAsync);
ALIAS(cudaMemPrefetchAsync_ptsz, cudaMemPrefetchAsync);
