/* Events. An event records the simulated time (cudart_sim_ns: launches
 * advance it by their instruction counts over the config's clock,
 * cudart_launch.c) and cudaEventElapsedTime subtracts two. A record queued
 * for the device thread (cudart_queue.h) is done when the queue reaches
 * it. Recorded in a capturing stream, it marks that stream's place in the
 * capture instead, so that a stream waiting on it joins the capture
 * (graph/graph_capture.c). */
#include <cuda_runtime_api.h>

#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_mempool.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/cudart_stream.h"
#include "host/cudart/graph/graph.h"

#define EVENT_MAGIC 0x4556544eu

cudart_event_t *cudart_event_of(cudaEvent_t e)
{
    return e && ((cudart_event_t *)e)->magic == EVENT_MAGIC ? (cudart_event_t *)e : NULL;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    ENTER();
    if (!event)
        RET(cudaErrorInvalidValue);
    cudart_event_t *e = calloc(1, sizeof *e);
    if (!e)
        RET(cudaErrorMemoryAllocation);
    *e = (cudart_event_t){.magic = EVENT_MAGIC, .flags = flags};
    *event = (cudaEvent_t)e;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event) { return cudaEventCreateWithFlags(event, 0); }

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    ENTER();
    cudart_event_t *e = cudart_event_of(event);
    if (!e)
        RET(cudaErrorInvalidResourceHandle);
    cudart_queue_wait(e->seq);   /* its queued record would stamp it */
    cudart_capture_event_clear(e);
    e->magic = 0;
    free(e);
    return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags)
{
    ENTER();
    cudart_event_t *e = cudart_event_of(event);
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!e || !s)
        RET(cudaErrorInvalidResourceHandle);
    int taken = 0, err = s->legacy ? cudart_capture_legacy() : cudart_capture_record(e, s, flags, &taken);
    if (err || taken)
        RET(err);
    cudart_op_t op = {.type = cudaGraphNodeTypeEventRecord, .u.event = event};
    uint64_t seq;
    err = cudart_stream_issue_seq(stream, &op, NULL, &seq);
    if (!err)
        e->seq = seq;
    return (cudaError_t)err;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, 0);
}

/* Outside a capture the event's work is done, or queued before anything
 * the stream is given next (one queue, in order): nothing to wait for. */
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    ENTER();
    cudart_event_t *e = cudart_event_of(event);
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!e || !s)
        RET(cudaErrorInvalidResourceHandle);
    int taken = 0;
    RET(s->legacy ? cudart_capture_legacy() : cudart_capture_wait(s, e, flags, &taken));
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    ENTER();
    cudart_event_t *e = cudart_event_of(event);
    int err = e ? cudart_capture_event_sync(e) : cudaErrorInvalidResourceHandle;
    RET(err ? err : cudart_queue_done(e->seq) ? cudaSuccess : cudaErrorNotReady);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    ENTER();
    cudart_event_t *e = cudart_event_of(event);
    int err = e ? cudart_capture_event_sync(e) : cudaErrorInvalidResourceHandle;
    if (!err)
        err = cudart_queue_wait(e->seq);
    if (!err && !(err = cudart_sticky()))
        cudart_pools_sync();
    RET(err);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    ENTER();
    cudart_event_t *a = cudart_event_of(start), *b = cudart_event_of(end);
    if (!ms || !a || !b)
        RET(cudaErrorInvalidResourceHandle);
    if ((a->flags | b->flags) & cudaEventDisableTiming)
        RET(cudaErrorInvalidResourceHandle);
    if (!cudart_queue_done(a->seq) || !cudart_queue_done(b->seq))
        RET(cudaErrorNotReady);
    if (!a->recorded || !b->recorded)
        RET(cudaErrorInvalidResourceHandle);
    *ms = (float)((b->ns - a->ns) / 1e6);
    return cudaSuccess;
}

#define ALIAS(name, of) extern __typeof__(of) name __attribute__((alias(#of)))
ALIAS(cudaStreamWaitEvent_ptsz, cudaStreamWaitEvent);
ALIAS(cudaEventRecord_ptsz, cudaEventRecord);
ALIAS(cudaEventRecordWithFlags_ptsz, cudaEventRecordWithFlags);
