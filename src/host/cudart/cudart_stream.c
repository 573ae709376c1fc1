/* Streams. Kernels go to the device's queue, in every stream, and other
 * work follows them there while the queue holds anything (cudart_queue.h);
 * the synchronous API forms wait for theirs. A capturing
 * stream records its work as graph nodes instead (graph/graph_capture.c).
 * A synchronisation is where memory pools give back what they hold above
 * their thresholds (cudart_mempool.c). */
#include <cuda_runtime_api.h>

#include "host/cudart/cudart_stream.h"

#include <stdlib.h>

#include "host/cudart/cudart.h"
#include "host/cudart/cudart_mempool.h"
#include "host/cudart/cudart_queue.h"
#include "host/cudart/graph/graph.h"

#define STREAM_MAGIC 0x5354524du

static cudart_stream_t legacy = {.magic = STREAM_MAGIC, .legacy = 1};
static _Thread_local cudart_stream_t per_thread = {.magic = STREAM_MAGIC};   /* blocking, as CUDA has it */

cudart_stream_t *cudart_stream_of(cudaStream_t s)
{
    if (s == NULL || s == cudaStreamLegacy || s == CUDART_STREAM_SYNC)
        return &legacy;
    if (s == cudaStreamPerThread)
        return &per_thread;
    cudart_stream_t *p = (cudart_stream_t *)s;
    return p->magic == STREAM_MAGIC ? p : NULL;
}

int cudart_stream_ok(cudaStream_t s) { return cudart_stream_of(s) != NULL; }

/* Host memory a copy reads or writes that no kernel reaches (pageable): the
 * copy is done before the call returns, as CUDA stages such copies. */
static int copies_pageable(const cudart_op_t *op)
{
    const struct cudaMemcpy3DParms *p = &op->u.copy;
    return op->type == cudaGraphNodeTypeMemcpy &&
           ((!p->srcArray && !cudart_device_reaches(p->srcPtr.ptr, 1)) ||
            (!p->dstArray && !cudart_device_reaches(p->dstPtr.ptr, 1)));
}

/* The legacy and per-thread streams wait for every blocking stream: for
 * the whole queue. */
static int waits_for_all(const cudart_stream_t *s) { return s->legacy || s == &per_thread; }

/* op, not captured, in st: queued or run here (cudart_queue.h). A kernel
 * joins the queue, in any stream, and so does other work while the queue
 * holds anything; otherwise it runs here. One queue in issue order keeps
 * the legacy stream's rule (after all earlier work of the blocking streams,
 * before all later). `sync`, the synchronous API forms (cudaMemcpy,
 * cudaMemset, ...), and a copy of pageable memory return when the op has
 * run. */
static int run_or_queue(cudart_stream_t *st, cudart_op_t *op, int sync, uint64_t *seq)
{
    if (cudart_queue_on() && !cudart_queue_is_device() &&
        (op->type == cudaGraphNodeTypeKernel || !cudart_queue_idle())) {
        int wait = sync || copies_pageable(op);
        uint64_t q = cudart_queue_push(op);
        st->last = q > st->last ? q : st->last;
        if (seq)
            *seq = q;
        return wait ? cudart_queue_wait(q) : 0;
    }
    int err = cudart_op_run(op);
    cudart_op_free(op);
    return err;
}

int cudart_stream_issue_seq(cudaStream_t s, cudart_op_t *op, cudaGraphNode_t *node, uint64_t *seq)
{
    cudart_stream_t *st = cudart_stream_of(s);
    int taken = 0, err = !st ? cudaErrorInvalidResourceHandle : st->legacy ? cudart_capture_legacy() : 0;
    if (seq)
        *seq = 0;
    if (!err)
        err = cudart_capture_take(st, op, node, &taken);
    if (!taken) {
        if (!err)
            return cudart_ret(run_or_queue(st, op, s == CUDART_STREAM_SYNC, seq));
        cudart_op_free(op);
    }
    return cudart_ret(err);
}

int cudart_stream_issue(cudaStream_t s, cudart_op_t *op, cudaGraphNode_t *node)
{
    return cudart_stream_issue_seq(s, op, node, NULL);
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
    s->magic = 0;   /* its queued work runs on: the queue does not need it */
    free(s->deps);
    free(s->edges);
    free(s);
    return cudaSuccess;
}

/* The queue's sequence number a synchronisation of s waits for. */
static uint64_t last_of(const cudart_stream_t *s) { return waits_for_all(s) ? cudart_queue_last() : s->last; }

/* What a query or synchronisation of s answers before looking at the queue:
 * a bad handle, or a capture it would break. */
static int stream_state(cudart_stream_t *s)
{
    return !s ? cudaErrorInvalidResourceHandle : s->legacy ? cudart_capture_legacy() : cudart_capture_sync(s);
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    int e = stream_state(s);
    RET(e ? e : cudart_queue_done(last_of(s)) ? cudaSuccess : cudaErrorNotReady);
}

/* A synchronisation that succeeded: the pools release (cudart_mempool.h). */
static cudaError_t synchronised(cudaError_t e)
{
    if (!e)
        cudart_pools_sync();
    return e;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    int e = stream_state(s);
    if (!e)
        e = cudart_queue_wait(last_of(s));
    RET(synchronised(e ? e : cudart_sticky()));
}

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

/* Host work in a stream runs after the stream's earlier work: when issued,
 * or on the device thread (cudart_queue.h). */
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    ENTER();
    if (!fn)
        RET(cudaErrorInvalidValue);
    cudart_op_t op = {.type = cudaGraphNodeTypeHost, .u.host = {fn, userData}};
    return (cudaError_t)cudart_stream_issue(stream, &op, NULL);
}

typedef struct callback {
    cudaStreamCallback_t fn;
    cudaStream_t stream;
    void *data;
} callback_t;

static void run_callback(void *arg)
{
    callback_t c = *(callback_t *)arg;
    free(arg);
    c.fn(c.stream, (cudaError_t)cudart_sticky(), c.data);
}

/* A callback is no graph node: CUDA refuses it in a capturing stream. */
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags)
{
    ENTER();
    cudart_stream_t *s = cudart_stream_of(stream);
    if (!s)
        RET(cudaErrorInvalidResourceHandle);
    int e = stream_state(s);
    if (e)
        RET(e);
    callback_t *c = malloc(sizeof *c);
    if (!c)
        RET(cudaErrorMemoryAllocation);
    *c = (callback_t){callback, stream, userData};
    cudart_op_t op = {.type = cudaGraphNodeTypeHost, .u.host = {run_callback, c}};
    return (cudaError_t)cudart_stream_issue(stream, &op, NULL);
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
