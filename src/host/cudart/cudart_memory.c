/* Memory: cudaMalloc and its kinds, copies, sets, symbols. Device, host
 * (pinned) and managed allocations all live in the arena (cudart_mem.c);
 * copies and sets are ops (cudart_copy.c) issued in a stream, the
 * synchronous forms in the legacy one (CUDART_STREAM_SYNC: they return when
 * done), so that a capturing stream records them. Any may be queued behind
 * kernels (cudart_queue.h). */
#include <cuda_runtime_api.h>

#include <string.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_array.h"
#include "host/cudart/cudart_card.h"
#include "host/cudart/cudart_mempool.h"
#include "host/cudart/cudart_module.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

static cudaError_t alloc(void **p, size_t size, int kind, unsigned flags)
{
    ENTER();
    if (!p)
        RET(cudaErrorInvalidValue);
    int e = cudart_capture_unsafe();
    if (e)
        RET(e);
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

/* The frees wait for the device's queue, as CUDA's synchronise the device. */
cudaError_t cudaFree(void *devPtr)
{
    ENTER();
    cudart_queue_drain();
    cudart_block_t b;
    int g = cudart_capture_unsafe();
    if (g || (g = cudart_gmem_free(devPtr)) >= 0)   /* a graph's allocation (graph/graph_mem.c) */
        RET(g);
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
    cudart_queue_drain();
    int e = cudart_capture_unsafe();
    if (e)
        RET(e);
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

/* A copy of height rows of width bytes as an op in stream s. A width
 * beyond either pitch is cudaErrorInvalidValue even for one row, as CUDA 13
 * answers on an H200 (bench/hw/cudart_probe.h200.txt). */
static cudaError_t copy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                          enum cudaMemcpyKind kind, cudaStream_t s)
{
    ENTER();
    if (width > dpitch || width > spitch)
        RET(cudaErrorInvalidValue);
    cudart_op_t op = {.type = cudaGraphNodeTypeMemcpy,
                      .u.copy = cudart_copy2d_params(dst, dpitch, src, spitch, width, height, kind)};
    int e = cudart_copy3d_check(&op.u.copy);
    RET(e ? e : cudart_stream_issue(s, &op, NULL));
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t s)
{
    return copy2d(dst, count, src, count, count, 1, kind, s);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    return copy2d(dst, count, src, count, count, 1, kind, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t s)
{
    return copy2d(dst, dpitch, src, spitch, width, height, kind, s);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
    return copy2d(dst, dpitch, src, spitch, width, height, kind, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t s)
{
    ENTER();
    if (!p)
        RET(cudaErrorInvalidValue);
    cudart_op_t op = {.type = cudaGraphNodeTypeMemcpy, .u.copy = *p};
    int e = cudart_copy3d_arrays(&op.u.copy);
    if (!e)
        e = cudart_copy3d_check(&op.u.copy);
    RET(e ? e : cudart_stream_issue(s, &op, NULL));
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) { return cudaMemcpy3DAsync(p, CUDART_STREAM_SYNC); }

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    if (dstDevice || srcDevice)
        RET(cudaErrorInvalidDevice);
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

/* height rows of width bytes, pitch apart, as an op in stream s. One row
 * may be wider than the pitch (the H200 sets it: cudart_probe.h200.txt);
 * more are cudaErrorInvalidPitchValue (cudart_set_check). */
static cudaError_t set2d(void *dst, size_t pitch, int value, size_t width, size_t height, cudaStream_t s)
{
    ENTER();
    cudart_op_t op = {.type = cudaGraphNodeTypeMemset,
                      .u.set = {dst, pitch, (unsigned)value & 0xff, 1, width, height}};
    int e = cudart_set_check(&op.u.set);
    RET(e ? e : cudart_stream_issue(s, &op, NULL));
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    return set2d(devPtr, count, value, count, 1, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t s)
{
    return set2d(devPtr, count, value, count, 1, s);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    return set2d(devPtr, pitch, value, width, height, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t s)
{
    return set2d(devPtr, pitch, value, width, height, s);
}

/* A copy to or from bytes [offset, offset + count) of a __device__ or
 * __constant__ variable as an op; the other side is checked here, and the
 * op copies plainly (a __constant__ variable lives in its module's bank,
 * outside the arena). */
int cudart_symbol_copy_op(cudart_op_t *op, const void *symbol, void *other, size_t count, size_t offset,
                          enum cudaMemcpyKind kind, int to_symbol)
{
    uint8_t *w;
    uint64_t size;
    int e = cudart_var_find(symbol, &w, &size);
    if (e)
        return e;
    if (offset > size || count > size - offset)
        return cudaErrorInvalidValue;
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (kind == cudaMemcpyDeviceToDevice && !cudart_device_reaches(other, count))
        return cudaErrorInvalidValue;
    void *sym = w + offset;
    *op = (cudart_op_t){.type = cudaGraphNodeTypeMemcpy,
                        .u.copy = cudart_copy2d_params(to_symbol ? sym : other, count, to_symbol ? other : sym, count,
                                                       count, 1, cudaMemcpyDefault)};
    return 0;
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t s)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, (void *)src, count, offset, kind, 1);
    RET(e ? e : cudart_stream_issue(s, &op, NULL));
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t s)
{
    ENTER();
    cudart_op_t op;
    int e = cudart_symbol_copy_op(&op, symbol, dst, count, offset, kind, 0);
    RET(e ? e : cudart_stream_issue(s, &op, NULL));
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    return cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, CUDART_STREAM_SYNC);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    return cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, CUDART_STREAM_SYNC);
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
ALIAS(cudaMemcpy3D_ptds, cudaMemcpy3D);
ALIAS(cudaMemcpy3DAsync_ptsz, cudaMemcpy3DAsync);
ALIAS(cudaMemPrefetchAsync_ptsz, cudaMemPrefetchAsync);
