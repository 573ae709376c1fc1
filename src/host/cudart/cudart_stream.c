/* Streams. Work runs to completion when it is issued, so every stream is
 * always idle and in order; a capturing stream records its work as graph
 * nodes instead (graph/graph_capture.c). A synchronisation is where memory
 * pools give back what they hold above their thresholds
 * (cudart_mempool.c). */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_stream.h"

#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_mempool.h"
#include "host/cudart/graph/graph.h"

#define STREAM_MAGIC 0x5354524du

static cudart_stream_t legacy = {.magic = STREAM_MAGIC, .legacy = 1};
static _Thread_local cudart_stream_t per_thread = {.magic = STREAM_MAGIC};   /* blocking, as CUDA has it */

cudart_stream_t *cudart_stream_of(cudaStream_t s)
{
    if (s == NULL || s == cudaStreamLegacy)
        return &legacy;
    if (s == cudaStreamPerThread)
        return &per_thread;
    cudart_stream_t *p = (cudart_stream_t *)s;
    return p->magic == STREAM_MAGIC ? p : NULL;
}

int cudart_stream_ok(cudaStream_t s) { return cudart_stream_of(s) != NULL; }

int cudart_stream_issue(cudaStream_t s, cudart_op_t *op, cudaGraphNode_t *node)
{
    cudart_stream_t *st = cudart_stream_of(s);
    int taken = 0, err = !st ? cudaErrorInvalidResourceHandle : st->legacy ? cudart_capture_legacy() : 0;
    if (!err)
        err = cudart_capture_take(st, op, node, &taken);
    if (!taken) {
        if (!err)
            err = cudart_op_run(op);
        cudart_op_free(op);
    }
    return cudart_ret(err);
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    ENTER();
    if (!pStream || flags & ~(unsigned)cudaStreamNonBlocking)
        RET(cudaErrorInvalidValue);
    cudart_stream_t *s = calloc(1, sizeof *s);
    if (!s)
        RET(cudaErrorMemoryAllocation);
    /* priorities outside the device's range [-5, 0] are clamped, as CUDA does */
    *s = (cudart_stream_t){.magic = STREAM_MAGIC, .flags = flags,
                           .priority = priority < -5 ? -5 : priority > 0 ? 0 : priority};
    *pStream = (cudaStream_t)s;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
    return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) { return cudaStreamCreateWithPriority(pStream, 0, 0); }

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s || s == &legacy || s == &per_thread)
        RET(cudaErrorInvalidResourceHandle);
    cudart_capture_stream_gone(s);
    s->magic = 0;
    free(s->deps);
    free(s->edges);
    free(s);
    return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    RET(!s ? cudaErrorInvalidResourceHandle : s->legacy ? cudart_capture_legacy() : cudart_capture_sync(s));
}

/* A synchronisation that succeeded: the pools release (cudart_mempool.h). */
static cudaError_t synchronised(cudaError_t e)
{
    if (!e)
        cudart_pools_sync();
    return e;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) { return synchronised(cudaStreamQuery(stream)); }

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s || !flags)
        RET(!s ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    *flags = s->flags;
    return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s || !priority)
        RET(!s ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    *priority = s->priority;
    return cudaSuccess;
}

/* Host work in a stream runs when issued, after the stream's earlier work. */
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    ENTER();
    if (!fn)
        RET(cudaErrorInvalidValue);
    cudart_op_t op = {.type = cudaGraphNodeTypeHost, .u.host = {fn, userData}};
    return (cudaError_t)cudart_stream_issue(stream, &op, NULL);
}

/* A callback is no graph node: CUDA refuses it in a capturing stream. */
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    int e = s->legacy ? cudart_capture_legacy() : cudart_capture_sync(s);
    if (e)
        RET(e);
    callback(stream, cudaSuccess, userData);
    return cudaSuccess;
}

/* A number no other stream of the process has (the legacy and per-thread
 * streams included), the same for the stream's life. */
cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId)
{
    static unsigned long long next;
    ENTER();
    cudart_stream_t *s = cudart_stream_of(hStream);
    if (!s || !streamId)
        RET(!s ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    unsigned long long none = 0;
    __atomic_compare_exchange_n(&s->id, &none, __atomic_add_fetch(&next, 1, __ATOMIC_RELAXED), 0, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
    *streamId = __atomic_load_n(&s->id, __ATOMIC_RELAXED);
    return cudaSuccess;
}

/* One device: every stream is device 0's. */
cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int *device)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(hStream);
    if (!s || !device)
        RET(!s ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaStreamGetId_ptsz, cudaStreamGetId);
ALIAS(cudaStreamGetDevice_ptsz, cudaStreamGetDevice);
ALIAS(cudaStreamSynchronize_ptsz, cudaStreamSynchronize);
ALIAS(cudaStreamQuery_ptsz, cudaStreamQuery);
ALIAS(cudaStreamGetFlags_ptsz, cudaStreamGetFlags);
ALIAS(cudaStreamGetPriority_ptsz, cudaStreamGetPriority);
ALIAS(cudaLaunchHostFunc_ptsz, cudaLaunchHostFunc);
ALIAS(cudaStreamAddCallback_ptsz, cudaStreamAddCallback);
