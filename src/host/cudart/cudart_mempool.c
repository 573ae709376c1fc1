/* Memory pools and the stream-ordered allocator (cudaMallocAsync,
 * cudaFreeAsync, cudaMemPool*), as the CUDA Programming Guide's "Stream
 * Ordered Memory Allocator" describes them.
 *
 * A pool holds arena allocations (cudart_mem.c, owner = the pool): the ones
 * in use, and the ones freed to it (CUDART_MEM_POOL_FREE), which it hands
 * out again, the smallest that fits first, before reserving more. Reserved
 * memory is what it holds of either kind; used memory what is in use, both
 * in cudaMalloc's 256-byte granules. Work in a stream completes when it is
 * issued (cudart.h), so a free is complete at once and stream order holds
 * whatever stream frees or reuses a block. What a pool holds above its
 * release threshold goes back to the arena at the next device, stream or
 * event synchronisation (cudart_pools_sync), or at cudaMemPoolTrimTo. */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_mempool.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

#define POOL_MAGIC 0x504f4f4cu

typedef struct held {
    void *p;
    uint64_t bytes;
} held_t;

typedef struct pool {
    uint32_t magic;
    int destroyed;                   /* destroyed with allocations in use: goes when they do */
    uint64_t threshold, max_bytes;   /* release threshold; props.maxSize, 0 none */
    uint64_t reserved, reserved_high, used, used_high;
    int reuse[3];                    /* cudaMemPoolReuse* attributes 1..3, kept as set */
    held_t *free;                    /* freed to the pool, held for reuse */
    size_t nfree, cap;
    struct pool *next;
} pool_t;

static pool_t default_pool = {POOL_MAGIC, 0, 0, 0, 0, 0, 0, 0, {1, 1, 1}, NULL, 0, 0, NULL};
static pool_t *pools = &default_pool;   /* every live pool, for the synchronisations */
static pool_t *current = &default_pool;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static pool_t *pool_of(cudaMemPool_t h)
{
    pool_t *p = (pool_t *)h;
    for (pool_t *q = pools; q; q = q->next)
        if (q == p && !p->destroyed)
            return p;
    return NULL;
}

static void note_highs(pool_t *p)
{
    if (p->reserved > p->reserved_high)
        p->reserved_high = p->reserved;
    if (p->used > p->used_high)
        p->used_high = p->used;
}

/* Hands held blocks back to the arena while more than keep is reserved. */
static void release_to(pool_t *p, uint64_t keep)
{
    while (p->reserved > keep && p->nfree) {
        held_t h = p->free[--p->nfree];
        cudart_mem_free(h.p, CUDART_MEM_POOL_FREE);
        p->reserved -= h.bytes;
    }
}

static void unlink_pool(pool_t *p)
{
    for (pool_t **q = &pools; *q; q = &(*q)->next)
        if (*q == p) {
            *q = p->next;
            break;
        }
    free(p->free);
    p->magic = 0;
    free(p);
}

static cudaError_t pool_alloc(pool_t *p, void **ptr, size_t size)
{
    uint64_t bytes = cudart_mem_rounded(size);
    size_t best = p->nfree;
    for (size_t i = 0; i < p->nfree; i++)
        if (p->free[i].bytes >= bytes && (best == p->nfree || p->free[i].bytes < p->free[best].bytes))
            best = i;
    if (best < p->nfree) {
        held_t h = p->free[best];
        p->free[best] = p->free[--p->nfree];
        cudart_mem_set_kind(h.p, CUDART_MEM_DEVICE);
        *ptr = h.p;
        p->used += h.bytes;
    } else {
        if (p->max_bytes && p->reserved + bytes > p->max_bytes)
            return cudaErrorMemoryAllocation;
        if (!(*ptr = cudart_mem_alloc(size, CUDART_MEM_DEVICE, 0, p)))
            return cudaErrorMemoryAllocation;
        p->reserved += bytes;
        p->used += bytes;
    }
    note_highs(p);
    return cudaSuccess;
}

int cudart_pool_free(void *ptr)
{
    cudart_block_t b;
    pthread_mutex_lock(&mu);
    pool_t *p = NULL;
    if (cudart_mem_find(ptr, &b) && b.base == ptr && b.owner && b.kind == CUDART_MEM_DEVICE)
        p = (pool_t *)b.owner;
    if (p && p->nfree == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 16;
        held_t *n = realloc(p->free, cap * sizeof *n);
        if (n)
            p->free = n, p->cap = cap;
    }
    int err = !p ? cudaErrorInvalidValue : p->nfree == p->cap ? cudaErrorMemoryAllocation : cudaSuccess;
    if (!err) {
        uint64_t bytes = cudart_mem_rounded(b.size);
        cudart_mem_set_kind(ptr, CUDART_MEM_POOL_FREE);
        p->free[p->nfree++] = (held_t){ptr, bytes};
        p->used -= bytes;
        if (p->destroyed && !p->used) {
            release_to(p, 0);
            unlink_pool(p);
        }
    }
    pthread_mutex_unlock(&mu);
    return err;
}

void cudart_pools_sync(void)
{
    pthread_mutex_lock(&mu);
    for (pool_t *p = pools; p; p = p->next)
        release_to(p, p->threshold);
    pthread_mutex_unlock(&mu);
}

/* ---- allocation and free in a stream ------------------------------------------- */

/* In a capturing stream, an allocation node of the graph (graph/graph_mem.c). */
static cudaError_t alloc_from(void **ptr, size_t size, cudaMemPool_t h, cudaStream_t stream)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!ptr || !s)
        RET(!ptr ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
    int taken = 0, e = s->legacy ? cudart_capture_legacy() : cudart_capture_malloc(s, size, ptr, &taken);
    if (e || taken)
        RET(e);
    pthread_mutex_lock(&mu);
    pool_t *p = h ? pool_of(h) : current;
    e = p ? pool_alloc(p, ptr, size) : cudaErrorInvalidValue;
    pthread_mutex_unlock(&mu);
    RET(e);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream)
{
    return alloc_from(devPtr, size, NULL, stream);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
    if (!memPool)
        RET(cudaErrorInvalidValue);
    return alloc_from(ptr, size, memPool, stream);
}

/* cudaMalloc's memory may be freed here too: it goes straight back to the
 * arena. A graph's allocation is freed as a free node would; in a capturing
 * stream, only a graph's allocation may be freed, by a free node. */
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream)
{
    ENTER();
    cudart_block_t b;
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    if (s->cap) {
        if (!cudart_gmem_known(devPtr))
            RET(cudaErrorInvalidValue);
        cudart_op_t op = {.type = cudaGraphNodeTypeMemFree, .u.free = devPtr};
        RET(cudart_stream_issue(stream, &op, NULL));
    }
    int g = s->legacy ? cudart_capture_legacy() : 0;
    if (g || (g = cudart_gmem_free(devPtr)) >= 0)
        RET(g);
    if (!devPtr)
        return cudaSuccess;
    if (cudart_mem_find(devPtr, &b) && b.owner)
        RET(cudart_pool_free(devPtr));
    RET(cudart_mem_free(devPtr, CUDART_MEM_DEVICE | CUDART_MEM_MANAGED) ? cudaErrorInvalidValue : cudaSuccess);
}

/* ---- pools ------------------------------------------------------------------------ */

static int is_device0(const struct cudaMemLocation *l)
{
    return l && l->type == cudaMemLocationTypeDevice && l->id == 0;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *props)
{
    ENTER();
    if (!memPool || !props || props->allocType != cudaMemAllocationTypePinned)
        RET(cudaErrorInvalidValue);
    if (props->location.type == cudaMemLocationTypeDevice && props->location.id != 0)
        RET(cudaErrorInvalidDevice);
    /* host-located pools and IPC handles: cudaDevAttrHostMemoryPoolsSupported and
     * cudaDevAttrMemoryPoolSupportedHandleTypes say none */
    if (!is_device0(&props->location) || props->handleTypes != cudaMemHandleTypeNone)
        RET(cudaErrorNotSupported);
    pool_t *p = calloc(1, sizeof *p);
    if (!p)
        RET(cudaErrorMemoryAllocation);
    *p = (pool_t){POOL_MAGIC, 0, 0, props->maxSize, 0, 0, 0, 0, {1, 1, 1}, NULL, 0, 0, NULL};
    pthread_mutex_lock(&mu);
    p->next = pools;
    pools = p;
    pthread_mutex_unlock(&mu);
    *memPool = (cudaMemPool_t)p;
    return cudaSuccess;
}

/* A pool with allocations in use goes when the last is freed, as the driver
 * does; the device's current pool becomes the default one again. */
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool)
{
    ENTER();
    pthread_mutex_lock(&mu);
    pool_t *p = pool_of(memPool);
    if (p && p != &default_pool) {
        if (current == p)
            current = &default_pool;
        release_to(p, 0);
        p->destroyed = 1;
        if (!p->used)
            unlink_pool(p);
    }
    pthread_mutex_unlock(&mu);
    RET(p && p != &default_pool ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
    ENTER();
    pthread_mutex_lock(&mu);
    pool_t *p = pool_of(memPool);
    if (p)
        release_to(p, minBytesToKeep);
    pthread_mutex_unlock(&mu);
    RET(p ? cudaSuccess : cudaErrorInvalidValue);
}

/* The reuse policies are kept as set: with every free complete when issued,
 * all three allow the same reuse here. */
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    ENTER();
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&mu);
    pool_t *p = pool_of(memPool);
    uint64_t v64 = value ? *(const uint64_t *)value : 0;
    if (!p || !value)
        e = cudaErrorInvalidValue;
    else if (attr >= cudaMemPoolReuseFollowEventDependencies && attr <= cudaMemPoolReuseAllowInternalDependencies)
        p->reuse[attr - 1] = *(const int *)value != 0;
    else if (attr == cudaMemPoolAttrReleaseThreshold)
        p->threshold = v64;
    else if (attr == cudaMemPoolAttrReservedMemHigh && !v64)   /* only a reset to 0 is allowed */
        p->reserved_high = p->reserved;
    else if (attr == cudaMemPoolAttrUsedMemHigh && !v64)
        p->used_high = p->used;
    else
        e = cudaErrorInvalidValue;
    pthread_mutex_unlock(&mu);
    RET(e);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    ENTER();
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&mu);
    pool_t *p = pool_of(memPool);
    uint64_t *v64 = (uint64_t *)value;
    if (!p || !value)
        e = cudaErrorInvalidValue;
    else if (attr >= cudaMemPoolReuseFollowEventDependencies && attr <= cudaMemPoolReuseAllowInternalDependencies)
        *(int *)value = p->reuse[attr - 1];
    else if (attr == cudaMemPoolAttrReleaseThreshold)
        *v64 = p->threshold;
    else if (attr == cudaMemPoolAttrReservedMemCurrent)
        *v64 = p->reserved;
    else if (attr == cudaMemPoolAttrReservedMemHigh)
        *v64 = p->reserved_high;
    else if (attr == cudaMemPoolAttrUsedMemCurrent)
        *v64 = p->used;
    else if (attr == cudaMemPoolAttrUsedMemHigh)
        *v64 = p->used_high;
    else
        e = cudaErrorInvalidValue;
    pthread_mutex_unlock(&mu);
    RET(e);
}

/* One device: it reads and writes every pool; nothing else can be granted. */
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList, size_t count)
{
    ENTER();
    pthread_mutex_lock(&mu);
    int ok = pool_of(memPool) != NULL && (descList || !count);
    pthread_mutex_unlock(&mu);
    for (size_t i = 0; ok && i < count; i++)
        if (!is_device0(&descList[i].location))
            RET(descList[i].location.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice
                                                                       : cudaErrorInvalidValue);
        else if (descList[i].flags != cudaMemAccessFlagsProtReadWrite)
            RET(cudaErrorInvalidValue);   /* the owning device's own access cannot be reduced */
    RET(ok ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                 struct cudaMemLocation *location)
{
    ENTER();
    pthread_mutex_lock(&mu);
    int ok = pool_of(memPool) != NULL && flags && location;
    pthread_mutex_unlock(&mu);
    if (!ok)
        RET(cudaErrorInvalidValue);
    if (location->type == cudaMemLocationTypeDevice && location->id != 0)
        RET(cudaErrorInvalidDevice);
    *flags = is_device0(location) ? cudaMemAccessFlagsProtReadWrite : cudaMemAccessFlagsProtNone;
    return cudaSuccess;
}

/* ---- the device's pools ----------------------------------------------------------- */

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    if (!memPool)
        RET(cudaErrorInvalidValue);
    *memPool = (cudaMemPool_t)&default_pool;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    if (!memPool)
        RET(cudaErrorInvalidValue);
    pthread_mutex_lock(&mu);
    *memPool = (cudaMemPool_t)current;
    pthread_mutex_unlock(&mu);
    return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
    ENTER();
    if (device != 0)
        RET(cudaErrorInvalidDevice);
    pthread_mutex_lock(&mu);
    pool_t *p = pool_of(memPool);
    if (p)
        current = p;
    pthread_mutex_unlock(&mu);
    RET(p ? cudaSuccess : cudaErrorInvalidValue);
}

/* CUDA 13's forms by location: the device's pinned pools; host locations have none. */
static cudaError_t location_ok(const struct cudaMemLocation *l, enum cudaMemAllocationType type)
{
    if (!l || type != cudaMemAllocationTypePinned)
        return cudaErrorInvalidValue;
    if (l->type == cudaMemLocationTypeDevice)
        return l->id == 0 ? cudaSuccess : cudaErrorInvalidDevice;
    return cudaErrorNotSupported;
}

cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                                     enum cudaMemAllocationType type)
{
    cudaError_t e = location_ok(location, type);
    return e ? (cudaError_t)cudart_ret(e) : cudaDeviceGetDefaultMemPool(memPool, 0);
}

cudaError_t cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                              enum cudaMemAllocationType type)
{
    cudaError_t e = location_ok(location, type);
    return e ? (cudaError_t)cudart_ret(e) : cudaDeviceGetMemPool(memPool, 0);
}

cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
                              cudaMemPool_t memPool)
{
    cudaError_t e = location_ok(location, type);
    return e ? (cudaError_t)cudart_ret(e) : cudaDeviceSetMemPool(0, memPool);
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaMallocAsync_ptsz, cudaMallocAsync);
ALIAS(cudaFreeAsync_ptsz, cudaFreeAsync);
ALIAS(cudaMallocFromPoolAsync_ptsz, cudaMallocFromPoolAsync);
