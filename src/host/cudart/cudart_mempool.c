/* Memory pools and the stream-ordered allocator (cudaMallocAsync,
 * cudaFreeAsync, cudaMemPool*), as the CUDA Programming Guide's "Stream
 * Ordered Memory Allocator" describes them.
 *
 * A pool holds arena allocations (cudart_mem.c, owner = the pool): the ones
 * in use, and the ones freed to it (CUDART_MEM_POOL_FREE), which it hands
 * out again, the smallest that fits first, before reserving more. Its
 * counters are CUDA's as an H200 gave them (bench/hw/cudart_probe.h200.txt
 * on main): used memory is the bytes asked of the allocations in use;
 * reserved memory is what it holds of either kind rounded up to the 32 MiB
 * the H200 reserves at a time (a GPU maps physical memory in such chunks
 * under one range of addresses; here each block is its own arena range, so
 * the rounding is of the total). Work in a stream completes when it is
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
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

#define POOL_MAGIC 0x504f4f4cu

/* The H200's unit of a pool's reserved memory. */
#define POOL_CHUNK (32ull << 20)

typedef struct held {
    void *p;
    uint64_t bytes;                  /* the arena block's, in cudaMalloc's granules */
    uint64_t asked;                  /* in use: what the allocation asked */
} held_t;

typedef struct blocks {
    held_t *b;
    size_t n, cap;
} blocks_t;

typedef struct pool {
    uint32_t magic;
    int destroyed;                   /* destroyed with allocations in use: goes when they do */
    uint64_t threshold, max_bytes;   /* release threshold; props.maxSize, 0 none */
    uint64_t held;                   /* bytes of the blocks in use and held */
    uint64_t reserved, reserved_high, used, used_high;
    int reuse[3];                    /* cudaMemPoolReuse* attributes 1..3, kept as set */
    blocks_t free;                   /* freed to the pool, held for reuse */
    blocks_t live;                   /* in use */
    struct pool *next;
} pool_t;

static pool_t default_pool = {.magic = POOL_MAGIC, .reuse = {1, 1, 1}};
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

static int push(blocks_t *l, held_t h)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        held_t *g = realloc(l->b, cap * sizeof *g);
        if (!g)
            return -1;
        l->b = g, l->cap = cap;
    }
    l->b[l->n++] = h;
    return 0;
}

static held_t take_at(blocks_t *l, size_t i)
{
    held_t h = l->b[i];
    l->b[i] = l->b[--l->n];
    return h;
}

/* The counters after held or used changed. */
static void count(pool_t *p)
{
    p->reserved = (p->held + POOL_CHUNK - 1) / POOL_CHUNK * POOL_CHUNK;
    if (p->reserved > p->reserved_high)
        p->reserved_high = p->reserved;
    if (p->used > p->used_high)
        p->used_high = p->used;
}

/* Hands held blocks back to the arena while more than keep is reserved. */
static void release_to(pool_t *p, uint64_t keep)
{
    while (p->reserved > keep && p->free.n) {
        held_t h = take_at(&p->free, p->free.n - 1);
        cudart_mem_free(h.p, CUDART_MEM_POOL_FREE);
        p->held -= h.bytes;
        count(p);
    }
}

static void unlink_pool(pool_t *p)
{
    for (pool_t **q = &pools; *q; q = &(*q)->next)
        if (*q == p) {
            *q = p->next;
            break;
        }
    free(p->free.b);
    free(p->live.b);
    p->magic = 0;
    free(p);
}

static cudaError_t pool_alloc(pool_t *p, void **ptr, size_t size)
{
    uint64_t bytes = cudart_mem_rounded(size);
    size_t best = p->free.n;
    for (size_t i = 0; i < p->free.n; i++)
        if (p->free.b[i].bytes >= bytes && (best == p->free.n || p->free.b[i].bytes < p->free.b[best].bytes))
            best = i;
    held_t h;
    if (best < p->free.n) {
        h = p->free.b[best];
        cudart_mem_set_kind(h.p, CUDART_MEM_DEVICE);
    } else {
        if (p->max_bytes && p->held + bytes > p->max_bytes)
            return cudaErrorMemoryAllocation;
        if (!(h.p = cudart_mem_alloc(size, CUDART_MEM_DEVICE, 0, p)))
            return cudaErrorMemoryAllocation;
        h.bytes = bytes;
    }
    h.asked = size;
    if (push(&p->live, h)) {
        if (best == p->free.n)
            cudart_mem_free(h.p, CUDART_MEM_DEVICE);
        return cudaErrorMemoryAllocation;
    }
    if (best < p->free.n)
        take_at(&p->free, best);
    else
        p->held += h.bytes;
    p->used += size;
    count(p);
    *ptr = h.p;
    return cudaSuccess;
}

int cudart_pool_free(void *ptr)
{
    cudart_block_t b;
    pthread_mutex_lock(&mu);
    pool_t *p = NULL;
    size_t i = 0;
    if (cudart_mem_find(ptr, &b) && b.base == ptr && b.owner && b.kind == CUDART_MEM_DEVICE)
        p = (pool_t *)b.owner;
    while (p && i < p->live.n && p->live.b[i].p != ptr)
        i++;
    int err = !p || i == p->live.n ? cudaErrorInvalidValue : cudaSuccess;
    if (!err && push(&p->free, p->live.b[i]))
        err = cudaErrorMemoryAllocation;
    if (!err) {
        p->used -= take_at(&p->live, i).asked;
        cudart_mem_set_kind(ptr, CUDART_MEM_POOL_FREE);
        count(p);
        if (p->destroyed && !p->live.n) {
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
 * stream, only a graph's allocation may be freed, by a free node. The free
 * waits for the device's queue first: a kernel queued before it may still
 * use the memory (stricter than the stream's order, never looser). */
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
    if (!g)
        cudart_queue_drain();
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
    *p = (pool_t){.magic = POOL_MAGIC, .max_bytes = props->maxSize, .reuse = {1, 1, 1}};
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
        if (!p->live.n)
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
