/* Streams and events. Work runs to completion when it is issued, so every
 * stream is always idle and in order; a synchronisation is where memory
 * pools give back what they hold above their thresholds (cudart_mempool.c). An event records the simulated time
 * (cudart_sim_ns: launches advance it by their instruction counts over the
 * config's clock, cudart_launch.c) and cudaEventElapsedTime subtracts two. */
#include <cuda_runtime_api.h>

#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_mempool.h"

#define STREAM_MAGIC 0x5354524du
#define EVENT_MAGIC 0x4556544eu

typedef struct stream {
    uint32_t magic;
    unsigned flags;
    int priority;
} stream_t;

typedef struct event {
    uint32_t magic;
    unsigned flags;
    int recorded;
    double ns;
} event_t;

/* NULL, the legacy and per-thread streams (1, 2), or one created here. */
int cudart_stream_ok(cudaStream_t s)
{
    return (uintptr_t)s <= 2 || ((stream_t *)s)->magic == STREAM_MAGIC;
}

static event_t *event_of(cudaEvent_t e)
{
    return e && ((event_t *)e)->magic == EVENT_MAGIC ? (event_t *)e : NULL;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    ENTER();
    stream_t *s = calloc(1, sizeof *s);
    if (!s)
        RET(cudaErrorMemoryAllocation);
    *s = (stream_t){STREAM_MAGIC, flags, priority};
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
    if ((uintptr_t)stream <= 2 || !cudart_stream_ok(stream))
        RET(cudaErrorInvalidResourceHandle);
    ((stream_t *)stream)->magic = 0;
    free(stream);
    return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    ENTER();
    RET(cudart_stream_ok(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

/* A synchronisation that succeeded: the pools release (cudart_mempool.h). */
static cudaError_t synchronised(cudaError_t e)
{
    if (!e)
        cudart_pools_sync();
    return e;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) { return synchronised(cudaStreamQuery(stream)); }

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    ENTER();
    RET(cudart_stream_ok(stream) && event_of(event) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags)
{
    ENTER();
    if (!cudart_stream_ok(stream))
        RET(cudaErrorInvalidResourceHandle);
    *flags = (uintptr_t)stream <= 2 ? 0 : ((stream_t *)stream)->flags;
    return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
    ENTER();
    if (!cudart_stream_ok(stream))
        RET(cudaErrorInvalidResourceHandle);
    *priority = (uintptr_t)stream <= 2 ? 0 : ((stream_t *)stream)->priority;
    return cudaSuccess;
}

/* Host work in a stream runs when issued, after the stream's earlier work. */
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    ENTER();
    if (!cudart_stream_ok(stream))
        RET(cudaErrorInvalidResourceHandle);
    fn(userData);
    return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags)
{
    ENTER();
    if (!cudart_stream_ok(stream))
        RET(cudaErrorInvalidResourceHandle);
    callback(stream, cudaSuccess, userData);
    return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    ENTER();
    event_t *e = calloc(1, sizeof *e);
    if (!e)
        RET(cudaErrorMemoryAllocation);
    *e = (event_t){EVENT_MAGIC, flags, 0, 0};
    *event = (cudaEvent_t)e;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event) { return cudaEventCreateWithFlags(event, 0); }

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    ENTER();
    event_t *e = event_of(event);
    if (!e)
        RET(cudaErrorInvalidResourceHandle);
    e->magic = 0;
    free(e);
    return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags)
{
    ENTER();
    event_t *e = event_of(event);
    if (!e || !cudart_stream_ok(stream))
        RET(cudaErrorInvalidResourceHandle);
    e->recorded = 1;
    e->ns = cudart_sim_ns();
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, 0);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    ENTER();
    RET(event_of(event) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) { return synchronised(cudaEventQuery(event)); }

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    ENTER();
    event_t *a = event_of(start), *b = event_of(end);
    if (!ms || !a || !b)
        RET(cudaErrorInvalidResourceHandle);
    if ((a->flags | b->flags) & cudaEventDisableTiming)
        RET(cudaErrorInvalidResourceHandle);
    if (!a->recorded || !b->recorded)
        RET(cudaErrorInvalidResourceHandle);
    *ms = (float)((b->ns - a->ns) / 1e6);
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaStreamSynchronize_ptsz, cudaStreamSynchronize);
ALIAS(cudaStreamQuery_ptsz, cudaStreamQuery);
ALIAS(cudaStreamWaitEvent_ptsz, cudaStreamWaitEvent);
ALIAS(cudaStreamGetFlags_ptsz, cudaStreamGetFlags);
ALIAS(cudaStreamGetPriority_ptsz, cudaStreamGetPriority);
ALIAS(cudaLaunchHostFunc_ptsz, cudaLaunchHostFunc);
ALIAS(cudaStreamAddCallback_ptsz, cudaStreamAddCallback);
ALIAS(cudaEventRecord_ptsz, cudaEventRecord);
ALIAS(cudaEventRecordWithFlags_ptsz, cudaEventRecordWithFlags);
